#!/usr/bin/env bash
# Debian/Ubuntu packages gpucalc needs at run and test time: Qt's runtime libraries, a CJK font
# (Chinese UI and reports), Xvfb for real-window screenshots and poppler for PDF checks.
# Installs only what is missing, so repeated runs are fast and work offline.
set -euo pipefail
PACKAGES=(libegl1 libgl1 libx11-6 libdbus-1-3 libfontconfig1 libglib2.0-0 libxkbcommon0
          libxkbcommon-x11-0 libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1 libxcb-shape0
          libxcb-xinerama0 libxcb-randr0 libxcb-render-util0 libxcb-image0
          fonts-wqy-microhei xvfb xauth poppler-utils)
if ! command -v dpkg >/dev/null 2>&1 || ! command -v apt-get >/dev/null 2>&1; then
  echo "install-system-deps: not a Debian-like system; install Qt 6 runtime libraries and a CJK font yourself" >&2
  exit 0
fi
missing=()
for pkg in "${PACKAGES[@]}"; do
  dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
echo "install-system-deps: installing ${missing[*]}"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
