#!/usr/bin/env bash
# Build the Linux bundle of gpucalc with PyInstaller (onedir).
#
# Output (under packaging/dist/):
#   gpucalc/                                  the app folder: ./gpucalc runs the window or the CLI
#   gpucalc-<version>-linux-<arch>.tar.gz     that folder (as gpucalc-<version>/) for other machines
#   gpucalc-<version>-<arch>.AppImage         only when `appimagetool` is already on PATH
#
# Prerequisites: Python 3.11 and a virtual environment with the GUI and packaging extras:
#     python3 -m venv .venv && .venv/bin/pip install -e ".[gui,packaging]"
# (`make package` does both). Optional: `strip` from binutils (removes debug info from the Python
# interpreter's own files; numpy's libraries are never stripped), `appimagetool` for an AppImage.
# Nothing is downloaded here. The bundle runs on Linux systems with the same or a newer glibc
# than the build machine: build on the oldest distribution you want to support.
#
# Environment: PYTHON (default .venv/bin/python), NICE (default 10: the build is CPU-heavy).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
PYTHON=${PYTHON:-.venv/bin/python}
NICE=${NICE:-10}
DIST=packaging/dist
WORK=packaging/build
ARCH=$(uname -m)

"$PYTHON" -c 'import PyInstaller' 2>/dev/null || {
  echo "build-linux: PyInstaller is missing; run: $PYTHON -m pip install -e \".[gui,packaging]\"" >&2
  exit 1
}
VERSION=$("$PYTHON" -c 'import gpucalc; print(gpucalc.__version__)')
BUNDLE=$DIST/gpucalc
echo "build-linux: gpucalc $VERSION for linux-$ARCH"

nice -n "$NICE" "$PYTHON" -m PyInstaller --noconfirm --clean --log-level WARN \
  --distpath "$DIST" --workpath "$WORK" packaging/gpucalc.spec

# Debug information in the interpreter's own shared objects (a Python built from source, as pyenv
# does, carries ~17 MB of it in libpython alone). `--strip-debug` keeps every symbol the dynamic
# linker needs. Only these files: stripping numpy's OpenBLAS breaks it (hence no strip=True).
strip_interpreter_debug_info() {
  if ! command -v strip >/dev/null 2>&1; then
    echo "build-linux: strip not found; interpreter debug info kept (bundle larger)"
    return
  fi
  local files=()
  mapfile -t files < <(find "$BUNDLE/_internal" -maxdepth 1 -name 'libpython3*.so*' -type f
                       find "$BUNDLE/_internal" -path '*/lib-dynload/*.so' -type f)
  [ ${#files[@]} -gt 0 ] && strip --strip-debug "${files[@]}"
}
strip_interpreter_debug_info

# A desktop entry and an installer for it travel with the folder.
cp packaging/linux/gpucalc.desktop packaging/linux/install-desktop-entry.sh "$BUNDLE/"
chmod +x "$BUNDLE/install-desktop-entry.sh"

# Quick check before packing: the frozen app starts and computes.
QT_QPA_PLATFORM=offscreen "$BUNDLE/gpucalc" estimate llama-3.1-8b-instruct --gpu h100 --json >/dev/null

TARBALL=$DIST/gpucalc-$VERSION-linux-$ARCH.tar.gz
rm -f "$TARBALL"
tar -C "$DIST" --owner=0 --group=0 --transform "s,^gpucalc,gpucalc-$VERSION," \
  -cf - gpucalc | nice -n "$NICE" gzip -9 >"$TARBALL"
echo "build-linux: $BUNDLE ($(du -sh "$BUNDLE" | cut -f1)), $TARBALL ($(du -h "$TARBALL" | cut -f1))"

# AppImage: only with an appimagetool that is already installed (it is never downloaded here).
if command -v appimagetool >/dev/null 2>&1; then
  APPDIR=$WORK/gpucalc.AppDir
  rm -rf "$APPDIR"
  mkdir -p "$APPDIR"
  cp -a "$BUNDLE" "$APPDIR/gpucalc"
  cp packaging/linux/gpucalc.desktop "$APPDIR/gpucalc.desktop"
  cp resources/icons/gpucalc.png "$APPDIR/gpucalc.png"
  cat >"$APPDIR/AppRun" <<'APPRUN'
#!/bin/sh
HERE=$(dirname "$(readlink -f "$0")")
exec "$HERE/gpucalc/gpucalc" "$@"
APPRUN
  chmod +x "$APPDIR/AppRun"
  APPIMAGE=$DIST/gpucalc-$VERSION-$ARCH.AppImage
  ARCH=$ARCH nice -n "$NICE" appimagetool --no-appstream "$APPDIR" "$APPIMAGE"
  echo "build-linux: $APPIMAGE ($(du -h "$APPIMAGE" | cut -f1))"
else
  echo "build-linux: appimagetool not on PATH; no AppImage built (the tarball is the Linux package)"
fi
