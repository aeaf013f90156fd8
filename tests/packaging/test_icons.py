"""The app icons: ICO and ICNS containers hold valid PNG images of the sizes they declare."""

from __future__ import annotations

import struct

import pytest

from tests.packaging.build_helpers import load_helper

icons = load_helper("make_icons")
ICONS_DIR = icons.ICONS_DIR
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def png_size(data: bytes) -> tuple[int, int]:
    """Width and height from a PNG's IHDR chunk."""
    assert data.startswith(PNG_MAGIC)
    assert data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return int(width), int(height)


def ico_images(data: bytes) -> dict[int, bytes]:
    """Declared size → image bytes of an ICO file."""
    reserved, kind, count = struct.unpack_from("<HHH", data, 0)
    assert (reserved, kind) == (0, 1)
    images: dict[int, bytes] = {}
    for index in range(count):
        width, height, _, _, planes, bits, length, offset = struct.unpack_from(
            "<BBBBHHII", data, 6 + 16 * index)
        assert width == height
        assert (planes, bits) == (1, 32)
        images[width or 256] = data[offset:offset + length]
    return images


def icns_images(data: bytes) -> dict[str, bytes]:
    """Block type → block data of an icns file."""
    magic, total = struct.unpack_from(">4sI", data, 0)
    assert magic == b"icns"
    assert total == len(data)
    blocks: dict[str, bytes] = {}
    offset = 8
    while offset < len(data):
        kind, length = struct.unpack_from(">4sI", data, offset)
        blocks[kind.decode("ascii")] = data[offset + 8:offset + length]
        offset += length
    assert offset == len(data)
    return blocks


def test_the_ico_holds_every_size() -> None:
    images = ico_images((ICONS_DIR / "gpucalc.ico").read_bytes())
    assert sorted(images) == sorted(icons.ICO_SIZES)
    for size, image in images.items():
        assert png_size(image) == (size, size)


def test_the_icns_holds_every_size() -> None:
    blocks = icns_images((ICONS_DIR / "gpucalc.icns").read_bytes())
    assert set(blocks) == set(icons.ICNS_TYPES)
    for kind, image in blocks.items():
        side = icons.ICNS_TYPES[kind]
        assert png_size(image) == (side, side)


def test_the_png_and_svg_are_there() -> None:
    assert png_size((ICONS_DIR / "gpucalc.png").read_bytes()) == (256, 256)
    assert b"<svg" in (ICONS_DIR / "gpucalc.svg").read_bytes()


def test_the_writers_round_trip() -> None:
    fake = {16: PNG_MAGIC + b"sixteen", 256: PNG_MAGIC + b"two hundred fifty-six"}
    assert ico_images(icons.ico_bytes(fake)) == fake
    blocks = {"icp4": PNG_MAGIC + b"a", "ic10": PNG_MAGIC + b"bb"}
    assert icns_images(icons.icns_bytes(blocks)) == blocks


def test_an_ico_image_cannot_exceed_256_px() -> None:
    with pytest.raises(ValueError, match="1-256"):
        icons.ico_bytes({512: PNG_MAGIC})


def test_rendering_draws_the_svg(qapp: object) -> None:
    image = icons.render_png(ICONS_DIR / "gpucalc.svg", 48)
    assert png_size(image) == (48, 48)
    assert len(image) > 500
