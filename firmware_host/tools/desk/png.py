"""A picture as a PNG file: rows of RGB pixels, written with zlib (no imaging library on
the Pi)."""

from __future__ import annotations

import struct
import zlib
from collections.abc import Sequence

Colour = tuple[int, int, int]


def png_bytes(rows: Sequence[Sequence[Colour]], *, scale: int = 1) -> bytes:
    """The PNG of ``rows`` (top row first), each pixel drawn ``scale`` times as wide and
    as high."""
    if not rows or not rows[0]:
        raise ValueError("a picture has at least one pixel")
    width = len(rows[0]) * scale
    raw = bytearray()
    for row in rows:
        if len(row) * scale != width:
            raise ValueError("every row of a picture is as wide")
        line = bytearray([0])  # no filter
        for red, green, blue in row:
            line += bytes((red, green, blue)) * scale
        for _ in range(scale):
            raw += line
    height = len(rows) * scale
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"".join(
        (
            b"\x89PNG\r\n\x1a\n",
            _chunk(b"IHDR", header),
            _chunk(b"IDAT", zlib.compress(bytes(raw), 9)),
            _chunk(b"IEND", b""),
        )
    )


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
