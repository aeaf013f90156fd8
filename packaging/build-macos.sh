#!/usr/bin/env bash
# Build the macOS app of gpucalc: packaging/dist/gpucalc.app and a .dmg to hand out.
#
# Output (under packaging/dist/):
#   gpucalc.app                                 drag to Applications; double-click opens the window
#   gpucalc-<version>-macos-<arch>.dmg          the app plus an Applications link, compressed
# From a terminal the same app is the command line:
#   /Applications/gpucalc.app/Contents/MacOS/gpucalc estimate llama-3.1-8b-instruct --gpu h100
#
# Prerequisites (build machine only; the result needs nothing installed):
#   * A macOS release PySide6 6.11 supports (its wheels name the minimum) and the Xcode
#     command line tools (`xcode-select --install`: codesign, hdiutil).
#   * Python 3.11 from python.org (its universal2 build) or Homebrew; PYTHON names it
#     (default python3.11). The app is built for this machine's architecture (arm64 or x86_64);
#     build on each architecture you hand out.
# The script creates .venv and installs gpucalc with its "gui" and "packaging" extras (needs the
# package index once, or WHEELHOUSE=/path/to/wheels for an offline machine). Nothing else is
# downloaded. The app is signed ad hoc (PyInstaller's default), not notarized: on first start
# users right-click → Open, or run `xattr -dr com.apple.quarantine /Applications/gpucalc.app`.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
PYTHON=${PYTHON:-python3.11}
DIST=packaging/dist
WORK=packaging/build
ARCH=$(uname -m)

if [ "$(uname -s)" != "Darwin" ]; then
  echo "build-macos: run this on macOS (hdiutil and the .app bundle need it)" >&2
  exit 1
fi
[ -x .venv/bin/python ] || "$PYTHON" -m venv .venv
PIP_ARGS=(-e ".[gui,packaging]")
if [ -n "${WHEELHOUSE:-}" ]; then PIP_ARGS+=(--no-index --find-links "$WHEELHOUSE"); fi
.venv/bin/python -m pip install --disable-pip-version-check "${PIP_ARGS[@]}"

VERSION=$(.venv/bin/python -c 'import gpucalc; print(gpucalc.__version__)')
echo "build-macos: gpucalc $VERSION for macos-$ARCH"

.venv/bin/python -m PyInstaller --noconfirm --clean --log-level WARN \
  --distpath "$DIST" --workpath "$WORK" packaging/gpucalc.spec

APP=$DIST/gpucalc.app
# Quick check of the frozen app, headless: the CLI computes, the window renders once.
QT_QPA_PLATFORM=offscreen "$APP/Contents/MacOS/gpucalc" estimate llama-3.1-8b-instruct --gpu h100 \
  --json | grep -q '"kv_cache_tokens"'
QT_QPA_PLATFORM=offscreen "$APP/Contents/MacOS/gpucalc" gui --screenshot "$WORK/smoke-window.png"
codesign --verify --deep "$APP"

STAGING=$WORK/dmg
rm -rf "$STAGING"
mkdir -p "$STAGING"
cp -R "$APP" "$STAGING/"
ln -s /Applications "$STAGING/Applications"
DMG=$DIST/gpucalc-$VERSION-macos-$ARCH.dmg
rm -f "$DMG"
hdiutil create -volname "gpucalc $VERSION" -srcfolder "$STAGING" -fs HFS+ -format UDZO -ov "$DMG"
echo "build-macos: $APP ($(du -sh "$APP" | cut -f1)), $DMG ($(du -h "$DMG" | cut -f1))"
