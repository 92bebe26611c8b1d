#!/usr/bin/env python3
"""Draw the app icons (web/icon-192.png, web/icon-512.png), standard library only.

The same picture as web/icon.svg — a card with a blue star — on a full-bleed
felt-green square, so the icon also works where it is cut to a circle
("maskable": everything that matters lies inside the central 80 % circle).
Shapes are drawn from signed distances, one sample per pixel, anti-aliased.

    python3 scripts/icons.py            # rewrite the PNG files
    python3 scripts/icons.py --check    # exit 1 if they differ from what this draws
"""
from __future__ import annotations

import math
import struct
import sys
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SIZES = (192, 512)

FELT_CENTRE = (0x2F, 0x7D, 0x5A)
FELT_EDGE = (0x12, 0x3F, 0x2E)
PAPER = (0xFF, 0xFA, 0xF0)
GOLD = (0xC9, 0xA2, 0x27)
TRUMP_BLUE = (0x1E, 0x3A, 0x8A)


def icon_path(size: int) -> Path:
    return ROOT / "web" / f"icon-{size}.png"


def _rounded_rect_distance(x: float, y: float, cx: float, cy: float, hw: float, hh: float, r: float) -> float:
    """Signed distance (negative inside) from (x, y) to a rounded rectangle."""
    qx = abs(x - cx) - (hw - r)
    qy = abs(y - cy) - (hh - r)
    outside = math.hypot(max(qx, 0.0), max(qy, 0.0))
    return outside + min(max(qx, qy), 0.0) - r


def _star(cx: float, cy: float, outer: float, inner: float) -> list[tuple[float, float]]:
    points = []
    for i in range(10):
        radius = outer if i % 2 == 0 else inner
        angle = -math.pi / 2 + i * math.pi / 5
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return points


def _polygon_distance(x: float, y: float, poly: list[tuple[float, float]]) -> float:
    """Signed distance (negative inside) from (x, y) to a simple polygon."""
    best = math.inf
    inside = False
    n = len(poly)
    for i in range(n):
        ax, ay = poly[i]
        bx, by = poly[(i + 1) % n]
        ex, ey = bx - ax, by - ay
        t = max(0.0, min(1.0, ((x - ax) * ex + (y - ay) * ey) / (ex * ex + ey * ey)))
        best = min(best, math.hypot(x - ax - t * ex, y - ay - t * ey))
        if (ay > y) != (by > y) and x < ax + (y - ay) * ex / ey:
            inside = not inside
    return -best if inside else best


def _mix(under: tuple, over: tuple, alpha: float) -> tuple:
    if alpha <= 0.0:
        return under
    if alpha >= 1.0:
        return over
    return tuple(u + (o - u) * alpha for u, o in zip(under, over))


def _coverage(distance: float) -> float:
    return max(0.0, min(1.0, 0.5 - distance))


def draw(size: int) -> list[list[tuple[float, float, float]]]:
    s = float(size)
    cx, cy = s / 2, s / 2
    card_hh = 0.33 * s               # the card: 66 % of the height, the svg's 44 x 56 proportions
    card_hw = card_hh * 44 / 56
    radius = 0.07 * s
    border = 0.028 * s
    star = _star(cx, cy + 0.01 * s, 0.205 * s, 0.205 * s * 0.382)
    xs = [p[0] for p in star]
    ys = [p[1] for p in star]
    box = (min(xs) - 2, max(xs) + 2, min(ys) - 2, max(ys) + 2)
    rows = []
    for j in range(size):
        y = j + 0.5
        row = []
        for i in range(size):
            x = i + 0.5
            t = min(1.0, math.hypot(x - cx, y - cy) / (0.72 * s))
            color = _mix(FELT_CENTRE, FELT_EDGE, t)
            outer = _rounded_rect_distance(x, y, cx, cy, card_hw, card_hh, radius)
            if outer < 1.0:
                color = _mix(color, GOLD, _coverage(outer))
                inner = _rounded_rect_distance(x, y, cx, cy, card_hw - border, card_hh - border,
                                               radius - border)
                color = _mix(color, PAPER, _coverage(inner))
                if box[0] <= x <= box[1] and box[2] <= y <= box[3]:
                    color = _mix(color, TRUMP_BLUE, _coverage(_polygon_distance(x, y, star)))
            row.append(color)
        rows.append(row)
    return rows


def png_bytes(rows: list[list[tuple[float, float, float]]]) -> bytes:
    height, width = len(rows), len(rows[0])
    raw = bytearray()
    for row in rows:
        raw.append(0)  # filter: none
        for r, g, b in row:
            raw += bytes((round(r), round(g), round(b)))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)  # 8-bit RGB
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(bytes(raw), 9)) + chunk(b"IEND", b""))


def main(argv: list[str]) -> int:
    stale = []
    for size in SIZES:
        data = png_bytes(draw(size))
        path = icon_path(size)
        if "--check" in argv:
            if not path.is_file() or path.read_bytes() != data:
                stale.append(path.relative_to(ROOT).as_posix())
        else:
            path.write_bytes(data)
            print(f"icons: {path.relative_to(ROOT)} ({len(data)} bytes)")
    if stale:
        print("icons: out of date: " + ", ".join(stale) + " (run python3 scripts/icons.py)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
