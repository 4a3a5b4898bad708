"""The web table as an installable app: its web manifest and its icons, drawn here (the chaos spiral of the
favicon, on the table's dark purple), so that no image file is kept in the repository.

The service worker itself is ``static/sw.js``, served from the site's root so that it looks after every page.

>>> png = icon_png(48)
>>> png[:8] == b"\\x89PNG\\r\\n\\x1a\\n", int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")
(True, 48, 48)
"""

from __future__ import annotations

import functools
import json
import math
import struct
import zlib

#: The icon sizes the manifest offers (Android's launcher and splash screen ask for these two).
ICON_SIZES: tuple[int, ...] = (192, 512)
BACKGROUND = (0x1D, 0x14, 0x30)
INK = (0xB0, 0x7C, 0xFF)
PAGE = "#0d0f15"


def manifest() -> bytes:
    """The web manifest (``/manifest.webmanifest``): the app opens the create page, full screen."""
    body = {
        "name": "Planechase table",
        "short_name": "Planechase",
        "description": "The planar deck, the planar die and the rules of Planechase, for the table.",
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "orientation": "any",
        "background_color": PAGE,
        "theme_color": PAGE,
        "icons": [
            {"src": f"/icons/icon-{size}.png", "sizes": f"{size}x{size}", "type": "image/png", "purpose": "any"}
            for size in ICON_SIZES
        ]
        + [{"src": "/static/favicon.svg", "sizes": "any", "type": "image/svg+xml", "purpose": "any"}],
    }
    return json.dumps(body, indent=1).encode()


def _spiral_distance(x: float, y: float) -> float:
    """The distance from (x, y), in a unit square centred at (0.5, 0.5), to the spiral r = a * theta."""
    dx, dy = x - 0.5, y - 0.5
    r = math.hypot(dx, dy)
    theta = math.atan2(dy, dx) % (2 * math.pi)
    a = 0.34 / (2.25 * 2 * math.pi)  # 2.25 turns out to a radius of 0.34
    best = abs(r - a * theta)
    for turn in range(1, 3):
        t = theta + 2 * math.pi * turn
        if t <= 2.25 * 2 * math.pi:
            best = min(best, abs(r - a * t))
    return best


@functools.cache
def icon_png(size: int) -> bytes:
    """A square PNG icon of ``size`` pixels: a rounded dark square with the chaos spiral."""
    if not 16 <= size <= 1024:
        raise ValueError(f"icon size {size} is out of range")
    stroke = 0.035
    corner = 0.18
    rows = bytearray()
    for py in range(size):
        rows.append(0)  # no filter
        y = (py + 0.5) / size
        for px in range(size):
            x = (px + 0.5) / size
            # Outside the rounded square: transparent.
            cx = min(max(x, corner), 1 - corner)
            cy = min(max(y, corner), 1 - corner)
            if math.hypot(x - cx, y - cy) > corner:
                rows.extend((0, 0, 0, 0))
                continue
            distance = _spiral_distance(x, y) if math.hypot(x - 0.5, y - 0.5) <= 0.36 else 1.0
            if distance < stroke:
                rows.extend((*INK, 255))
            else:
                rows.extend((*BACKGROUND, 255))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8 bits per channel, RGBA
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(bytes(rows), 9))
        + chunk(b"IEND", b"")
    )
