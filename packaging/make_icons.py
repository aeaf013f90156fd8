"""Render ``resources/icons/gpucalc.svg`` into the raster icons the installers need.

Writes, next to the SVG:

* ``gpucalc.png``  - 256 px, for the window and the Linux desktop entry;
* ``gpucalc.ico``  - Windows executable and installer icon (PNG-compressed images, 16-256 px);
* ``gpucalc.icns`` - macOS app icon (PNG-compressed images, 16-1024 px).

Run after editing the SVG: ``QT_QPA_PLATFORM=offscreen .venv/bin/python packaging/make_icons.py``.
The file layouts follow Microsoft's ICONDIR/ICONDIRENTRY structures and Apple's icns container
(big-endian ``OSType`` + length blocks holding PNG data).
"""

from __future__ import annotations

import struct
import sys
from collections.abc import Mapping
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice
from PySide6.QtGui import QGuiApplication, QImage, QImageWriter, QPainter
from PySide6.QtSvg import QSvgRenderer

ICONS_DIR = Path(__file__).resolve().parents[1] / "resources" / "icons"
SVG_NAME = "gpucalc.svg"
PNG_SIZE = 256
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
ICNS_TYPES: dict[str, int] = {
    "icp4": 16, "icp5": 32, "icp6": 64, "ic07": 128, "ic08": 256, "ic09": 512, "ic10": 1024,
    "ic11": 32, "ic12": 64, "ic13": 256, "ic14": 512,
}
"""icns block type → pixel size (ic11-ic14 are the @2x variants of 16-256 pt)."""

ICO_HEADER = struct.Struct("<HHH")
ICO_ENTRY = struct.Struct("<BBBBHHII")
ICNS_BLOCK = struct.Struct(">4sI")


def ico_bytes(pngs: Mapping[int, bytes]) -> bytes:
    """An ICO file holding one PNG image per size (``size → PNG bytes``, sizes 1-256)."""
    sizes = sorted(pngs)
    offset = ICO_HEADER.size + ICO_ENTRY.size * len(sizes)
    directory = [ICO_HEADER.pack(0, 1, len(sizes))]
    for size in sizes:
        if not 1 <= size <= 256:
            raise ValueError(f"ICO images are 1-256 px, not {size}")
        side = size % 256  # 0 means 256
        directory.append(ICO_ENTRY.pack(side, side, 0, 0, 1, 32, len(pngs[size]), offset))
        offset += len(pngs[size])
    return b"".join(directory) + b"".join(pngs[size] for size in sizes)


def icns_bytes(blocks: Mapping[str, bytes]) -> bytes:
    """An icns file holding one PNG per block type (``type → PNG bytes``)."""
    body = b"".join(ICNS_BLOCK.pack(kind.encode("ascii"), ICNS_BLOCK.size + len(data)) + data
                    for kind, data in blocks.items())
    return ICNS_BLOCK.pack(b"icns", ICNS_BLOCK.size + len(body)) + body


def render_png(svg: Path, size: int) -> bytes:
    """The SVG drawn into a transparent ``size``×``size`` image, as PNG bytes."""
    renderer = QSvgRenderer(str(svg))
    if not renderer.isValid():
        raise ValueError(f"{svg} is not a valid SVG")
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(0)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    renderer.render(painter)
    painter.end()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if not QImageWriter(buffer, QByteArray(b"png")).write(image):
        raise ValueError(f"cannot encode {svg} at {size} px as PNG")
    buffer.close()
    return bytes(data.data())


def write_icons(directory: Path = ICONS_DIR) -> list[Path]:
    """Render every raster icon from the SVG in ``directory``; return the files written."""
    _app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])  # painting needs one
    svg = directory / SVG_NAME
    cache: dict[int, bytes] = {}

    def png(size: int) -> bytes:
        if size not in cache:
            cache[size] = render_png(svg, size)
        return cache[size]

    outputs = {
        directory / "gpucalc.png": png(PNG_SIZE),
        directory / "gpucalc.ico": ico_bytes({size: png(size) for size in ICO_SIZES}),
        directory / "gpucalc.icns": icns_bytes({kind: png(size) for kind, size in ICNS_TYPES.items()}),
    }
    for path, data in outputs.items():
        path.write_bytes(data)
    return list(outputs)


if __name__ == "__main__":
    for written in write_icons():
        sys.stdout.write(f"{written}\n")
