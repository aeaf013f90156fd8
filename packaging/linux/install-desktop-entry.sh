#!/usr/bin/env bash
# Add gpucalc to the application menu of the current user, pointing at this unpacked folder.
# Run it again after moving the folder. Remove with:
#   rm ~/.local/share/applications/gpucalc.desktop ~/.local/share/icons/hicolor/256x256/apps/gpucalc.png
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
DATA=${XDG_DATA_HOME:-$HOME/.local/share}
APPS=$DATA/applications
ICONS=$DATA/icons/hicolor/256x256/apps
mkdir -p "$APPS" "$ICONS"
cp "$HERE/_internal/resources/icons/gpucalc.png" "$ICONS/gpucalc.png"
sed -e "s|^Exec=.*|Exec=\"$HERE/gpucalc\"|" -e "s|^Icon=.*|Icon=$ICONS/gpucalc.png|" \
  "$HERE/gpucalc.desktop" >"$APPS/gpucalc.desktop"
echo "gpucalc added to the application menu ($APPS/gpucalc.desktop)"
