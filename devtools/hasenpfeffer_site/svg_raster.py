"""Rasterise our own simple SVG icons to PNG, in pure Python (no browser, no library).

    python -m hasenpfeffer_site.svg_raster web/pwa/icon.svg out.png --size 192
        [--background '#14482b' --padding 0.2]

The app icons of the web manifest are drawn from ``web/pwa/icon.svg`` by this
module at build time (``pwa_build.py``), so they always match it and
``make site`` needs nothing beyond Python's standard library.

It understands the subset of SVG our icon uses and refuses anything else with
a clear error (a changed icon must not come out silently wrong):

- elements ``svg`` (``viewBox``), ``g``, ``rect`` (``rx``/``ry``), ``circle``,
  ``ellipse``, ``path`` (``M L H V C S Q T Z``, absolute and relative), ``polygon``;
- ``fill`` and ``stroke`` as ``#rgb``/``#rrggbb`` or ``none``, ``stroke-width``,
  ``opacity``, ``transform`` (``translate``, ``scale``, ``rotate``, ``matrix``);
  the nonzero fill rule; strokes with miter joins (limit 4) and butt caps.

Edges are anti-aliased with exact horizontal coverage and 5 samples per pixel
row; output is an 8-bit RGBA PNG, byte-for-byte reproducible.
"""

from __future__ import annotations

import argparse
import itertools
import math
import re
import struct
import sys
import xml.etree.ElementTree as ET
import zlib
from pathlib import Path

Point = tuple[float, float]
Matrix = tuple[float, float, float, float, float, float]  # a b c d e f (SVG order)
RGB = tuple[float, float, float]

SVG_NS = "{http://www.w3.org/2000/svg}"
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
SUBSAMPLES = 5
MITER_LIMIT = 4.0
SHAPES = {"rect", "circle", "ellipse", "path", "polygon"}
KNOWN_ATTRS = {
    "x", "y", "width", "height", "rx", "ry", "cx", "cy", "r", "d", "points",
    "fill", "stroke", "stroke-width", "opacity", "transform", "viewBox", "xmlns",
    "id", "class", "aria-hidden", "role",
}  # fmt: skip


class SvgError(ValueError):
    """The SVG uses something this rasteriser does not draw."""


# ---- geometry -----------------------------------------------------------------------


def multiply(m: Matrix, n: Matrix) -> Matrix:
    """The product m·n: apply n first, then m (SVG's matrix order)."""
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (
        a * a2 + c * b2,
        b * a2 + d * b2,
        a * c2 + c * d2,
        b * c2 + d * d2,
        a * e2 + c * f2 + e,
        b * e2 + d * f2 + f,
    )


def apply(m: Matrix, p: Point) -> Point:
    a, b, c, d, e, f = m
    return (a * p[0] + c * p[1] + e, b * p[0] + d * p[1] + f)


def parse_transform(text: str) -> Matrix:
    m = IDENTITY
    for name, args in re.findall(r"([a-zA-Z]+)\s*\(([^)]*)\)", text):
        v = [float(x) for x in re.split(r"[\s,]+", args.strip()) if x]
        if name == "translate":
            t = (1.0, 0.0, 0.0, 1.0, v[0], v[1] if len(v) > 1 else 0.0)
        elif name == "scale":
            t = (v[0], 0.0, 0.0, v[1] if len(v) > 1 else v[0], 0.0, 0.0)
        elif name == "rotate":
            r = math.radians(v[0])
            cs, sn = math.cos(r), math.sin(r)
            t = (cs, sn, -sn, cs, 0.0, 0.0)
            if len(v) == 3:
                cx, cy = v[1], v[2]
                t = multiply(multiply((1.0, 0.0, 0.0, 1.0, cx, cy), t), (1, 0, 0, 1, -cx, -cy))
        elif name == "matrix" and len(v) == 6:
            t = (v[0], v[1], v[2], v[3], v[4], v[5])
        else:
            raise SvgError(f"unsupported transform {name}({args})")
        m = multiply(m, t)
    return m


def cubic(p0: Point, p1: Point, p2: Point, p3: Point, n: int) -> list[Point]:
    out = []
    for i in range(1, n + 1):
        t = i / n
        u = 1 - t
        out.append(
            (
                u * u * u * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t**3 * p3[0],
                u * u * u * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t**3 * p3[1],
            )
        )
    return out


def steps(unit: float, *points: Point) -> int:
    """Line segments for a curve: about one per 1.5 device pixels of its control polygon."""
    length = sum(math.dist(a, b) for a, b in itertools.pairwise(points)) * unit
    return max(4, min(256, math.ceil(length / 1.5)))


def arc(
    cx: float, cy: float, rx: float, ry: float, a0: float, a1: float, unit: float
) -> list[Point]:
    n = max(4, min(512, math.ceil(abs(a1 - a0) * max(rx, ry) * unit / 1.5)))
    return [
        (cx + rx * math.cos(a0 + (a1 - a0) * i / n), cy + ry * math.sin(a0 + (a1 - a0) * i / n))
        for i in range(n + 1)
    ]


# A subpath: its points (in user units before the element's transform) and whether it closes.
Subpath = tuple[list[Point], bool]

NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")


def path_subpaths(d: str, unit: float) -> list[Subpath]:
    tokens = re.findall(r"[A-Za-z]|" + NUMBER.pattern, d)
    out: list[Subpath] = []
    pts: list[Point] = []
    closed = False
    cur: Point = (0.0, 0.0)
    start: Point = (0.0, 0.0)
    last_ctrl: Point | None = None
    cmd = ""
    i = 0

    def num() -> float:
        nonlocal i
        if i >= len(tokens) or tokens[i].isalpha():
            raise SvgError(f"path data ends early or is malformed: {d!r}")
        i += 1
        return float(tokens[i - 1])

    def flush() -> None:
        nonlocal pts, closed
        if len(pts) > 1:
            out.append((pts, closed))
        pts, closed = [], False

    while i < len(tokens):
        if tokens[i].isalpha():
            cmd = tokens[i]
            i += 1
            if cmd in "Zz":
                closed = True
                cur = start
                flush()
                pts = [cur]
                last_ctrl = None
                continue
        elif not cmd:
            raise SvgError(f"path data must start with a command: {d!r}")
        rel = cmd.islower()
        ox, oy = cur if rel else (0.0, 0.0)
        c = cmd.upper()
        ctrl: Point | None = None
        if c == "M":
            flush()
            cur = (ox + num(), oy + num())
            start = cur
            pts = [cur]
            cmd = "l" if rel else "L"  # further pairs are line-tos
        elif c == "L":
            cur = (ox + num(), oy + num())
            pts.append(cur)
        elif c == "H":
            cur = (ox + num(), cur[1])
            pts.append(cur)
        elif c == "V":
            cur = (cur[0], oy + num())
            pts.append(cur)
        elif c in "CS":
            if c == "C":
                p1 = (ox + num(), oy + num())
            else:
                p1 = (2 * cur[0] - last_ctrl[0], 2 * cur[1] - last_ctrl[1]) if last_ctrl else cur
            p2 = (ox + num(), oy + num())
            p3 = (ox + num(), oy + num())
            pts.extend(cubic(cur, p1, p2, p3, steps(unit, cur, p1, p2, p3)))
            cur, ctrl = p3, p2
        elif c in "QT":
            if c == "Q":
                q = (ox + num(), oy + num())
            else:
                q = (2 * cur[0] - last_ctrl[0], 2 * cur[1] - last_ctrl[1]) if last_ctrl else cur
            p3 = (ox + num(), oy + num())
            p1 = (cur[0] + 2 / 3 * (q[0] - cur[0]), cur[1] + 2 / 3 * (q[1] - cur[1]))
            p2 = (p3[0] + 2 / 3 * (q[0] - p3[0]), p3[1] + 2 / 3 * (q[1] - p3[1]))
            pts.extend(cubic(cur, p1, p2, p3, steps(unit, cur, p1, p2, p3)))
            cur, ctrl = p3, q
        else:
            raise SvgError(f"unsupported path command {cmd!r}")
        last_ctrl = ctrl
    flush()
    return out


def num_attr(el: ET.Element, name: str, default: float = 0.0) -> float:
    v = el.get(name)
    if v is None:
        return default
    try:
        return float(v)
    except ValueError:
        raise SvgError(f"<{local(el)} {name}={v!r}>: not a number in user units") from None


def local(el: ET.Element) -> str:
    return el.tag.replace(SVG_NS, "")


def shape_subpaths(el: ET.Element, unit: float) -> list[Subpath]:
    """The element's outline as polylines; ``unit``: device pixels per user unit."""
    tag = local(el)
    if tag == "path":
        return path_subpaths(el.get("d", ""), unit)
    if tag == "polygon":
        v = [float(x) for x in NUMBER.findall(el.get("points", ""))]
        return [([(v[k], v[k + 1]) for k in range(0, len(v) - 1, 2)], True)]
    if tag in ("circle", "ellipse"):
        cx, cy = num_attr(el, "cx"), num_attr(el, "cy")
        if tag == "circle":
            rx = ry = num_attr(el, "r")
        else:
            rx, ry = num_attr(el, "rx"), num_attr(el, "ry")
        return [(arc(cx, cy, rx, ry, 0, 2 * math.pi, unit)[:-1], True)]
    # rect
    x, y = num_attr(el, "x"), num_attr(el, "y")
    w, h = num_attr(el, "width"), num_attr(el, "height")
    rx_attr, ry_attr = el.get("rx"), el.get("ry")
    rx = num_attr(el, "rx", num_attr(el, "ry")) if rx_attr or ry_attr else 0.0
    ry = num_attr(el, "ry", rx)
    rx, ry = min(rx, w / 2), min(ry, h / 2)
    if rx <= 0 or ry <= 0:
        return [([(x, y), (x + w, y), (x + w, y + h), (x, y + h)], True)]
    h_pi = math.pi / 2
    pts = [
        *arc(x + w - rx, y + ry, rx, ry, -h_pi, 0, unit),
        *arc(x + w - rx, y + h - ry, rx, ry, 0, h_pi, unit),
        *arc(x + rx, y + h - ry, rx, ry, h_pi, math.pi, unit),
        *arc(x + rx, y + ry, rx, ry, math.pi, 3 * h_pi, unit),
    ]
    return [(pts, True)]


def parse_colour(value: str) -> RGB | None:
    value = value.strip()
    if value == "none":
        return None
    m = re.fullmatch(r"#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})", value)
    if not m:
        raise SvgError(f"unsupported colour {value!r} (use #rgb, #rrggbb or none)")
    h = m.group(1)
    if len(h) == 3:
        h = "".join(ch * 2 for ch in h)
    return (int(h[0:2], 16) / 255, int(h[2:4], 16) / 255, int(h[4:6], 16) / 255)


def signed_area(poly: list[Point]) -> float:
    return 0.5 * sum(
        a[0] * b[1] - b[0] * a[1] for a, b in zip(poly, poly[1:] + poly[:1], strict=True)
    )


def positive(poly: list[Point]) -> list[Point]:
    return poly if signed_area(poly) >= 0 else poly[::-1]


def stroke_polygons(points: list[Point], closed: bool, width: float) -> list[list[Point]]:
    """The outline of a stroke as pieces of the same orientation (their nonzero union)."""
    hw = width / 2
    pts = [p for k, p in enumerate(points) if k == 0 or math.dist(p, points[k - 1]) > 1e-9]
    if closed and len(pts) > 2 and math.dist(pts[0], pts[-1]) < 1e-9:
        pts.pop()
    if len(pts) < 2:
        return []
    segs = list(itertools.pairwise(pts))
    if closed:
        segs.append((pts[-1], pts[0]))
    pieces: list[list[Point]] = []
    normals = []
    for a, b in segs:
        length = math.dist(a, b)
        nx, ny = -(b[1] - a[1]) / length * hw, (b[0] - a[0]) / length * hw
        normals.append((nx, ny))
        pieces.append(
            positive(
                [
                    (a[0] + nx, a[1] + ny),
                    (b[0] + nx, b[1] + ny),
                    (b[0] - nx, b[1] - ny),
                    (a[0] - nx, a[1] - ny),
                ]
            )
        )
    joins = range(len(segs)) if closed else range(1, len(segs))
    for k in joins:
        p = segs[k][0]
        n1, n2 = normals[k - 1], normals[k]
        d1 = (segs[k - 1][1][0] - segs[k - 1][0][0], segs[k - 1][1][1] - segs[k - 1][0][1])
        d2 = (segs[k][1][0] - segs[k][0][0], segs[k][1][1] - segs[k][0][1])
        turn = d1[0] * d2[1] - d1[1] * d2[0]
        if abs(turn) < 1e-12:
            continue
        sign = -1.0 if turn > 0 else 1.0  # the outer side of the corner
        o1 = (p[0] + sign * n1[0], p[1] + sign * n1[1])
        o2 = (p[0] + sign * n2[0], p[1] + sign * n2[1])
        mx, my = n1[0] + n2[0], n1[1] + n2[1]
        mlen = math.hypot(mx, my)
        cos_half = mlen / (2 * hw) if hw else 1.0
        if mlen > 1e-12 and cos_half > 1 / MITER_LIMIT:
            tip = (p[0] + sign * mx / mlen * hw / cos_half, p[1] + sign * my / mlen * hw / cos_half)
            pieces.append(positive([p, o1, tip, o2]))
        else:
            pieces.append(positive([p, o1, o2]))
    return pieces


# ---- scan conversion ----------------------------------------------------------------


class Canvas:
    """A premultiplied RGBA float canvas."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.px = [[0.0, 0.0, 0.0, 0.0] for _ in range(size * size)]

    def fill(self, polygons: list[list[Point]], colour: RGB, opacity: float = 1.0) -> None:
        """Paint the nonzero union of polygons (device pixels) with anti-aliased edges."""
        n = self.size
        edges: list[tuple[float, float, float, float, int]] = []
        for poly in polygons:
            for u, v in zip(poly, poly[1:] + poly[:1], strict=True):
                if u[1] == v[1]:
                    continue
                wind = 1 if v[1] > u[1] else -1
                (x0, y0), (x1, y1) = (u, v) if wind == 1 else (v, u)
                edges.append((y0, y1, x0, (x1 - x0) / (y1 - y0), wind))
        if not edges:
            return
        buckets: list[list[tuple[float, float, float, float, int]]] = [[] for _ in range(n)]
        for e in edges:
            for row in range(max(0, math.floor(e[0])), min(n - 1, math.floor(e[1])) + 1):
                buckets[row].append(e)
        r, g, b = colour
        weight = 1.0 / SUBSAMPLES
        for row in range(n):
            active = buckets[row]
            if not active:
                continue
            delta = [0.0] * (n + 2)
            lo, hi = n, 0
            for s in range(SUBSAMPLES):
                y = row + (s + 0.5) / SUBSAMPLES
                xs = sorted(
                    (x0 + (y - y0) * slope, wind)
                    for y0, y1, x0, slope, wind in active
                    if y0 <= y < y1
                )
                winding = 0
                start = 0.0
                for x, wind in xs:
                    before = winding
                    winding += wind
                    if before == 0 and winding != 0:
                        start = x
                    elif before != 0 and winding == 0:
                        xa = min(max(start, 0.0), float(n))
                        xe = min(max(x, 0.0), float(n))
                        if xe <= xa:
                            continue
                        ia, ie = int(xa), int(xe)
                        fa, fe = xa - ia, xe - ie
                        delta[ia] += (1 - fa) * weight
                        delta[ia + 1] += fa * weight
                        delta[ie] -= (1 - fe) * weight
                        delta[ie + 1] -= fe * weight
                        lo, hi = min(lo, ia), max(hi, ie + 1)
            cover = 0.0
            base = row * n
            for col in range(lo, min(hi, n - 1) + 1):
                cover += delta[col]
                c = min(1.0, cover) * opacity
                if c <= 1e-6:
                    continue
                p = self.px[base + col]
                keep = 1 - c
                p[0] = r * c + p[0] * keep
                p[1] = g * c + p[1] * keep
                p[2] = b * c + p[2] * keep
                p[3] = c + p[3] * keep

    def png(self) -> bytes:
        n = self.size
        raw = bytearray()
        for row in range(n):
            raw.append(0)
            for p in self.px[row * n : (row + 1) * n]:
                a = p[3]
                if a <= 0:
                    raw += b"\0\0\0\0"
                    continue
                raw += bytes(min(255, round(ch / a * 255)) for ch in p[:3])
                raw.append(min(255, round(a * 255)))

        def chunk(kind: bytes, data: bytes) -> bytes:
            return (
                struct.pack(">I", len(data))
                + kind
                + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
            )

        header = struct.pack(">IIBBBBB", n, n, 8, 6, 0, 0, 0)
        return (
            b"\x89PNG\r\n\x1a\n"
            + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(bytes(raw), 9))
            + chunk(b"IEND", b"")
        )


# ---- the document -------------------------------------------------------------------


def render(
    svg: str,
    size: int,
    background: str | None = None,
    padding: float = 0.0,
) -> bytes:
    """The SVG drawn into a size x size PNG. ``padding`` (a fraction of the size) leaves
    a margin on each side (for maskable icons' safe zone); ``background`` fills the
    whole square first."""
    try:
        root = ET.fromstring(svg)
    except ET.ParseError as err:
        raise SvgError(f"not well-formed XML: {err}") from None
    if local(root) != "svg":
        raise SvgError("the root element must be <svg>")
    vb = [float(v) for v in NUMBER.findall(root.get("viewBox", ""))]
    if len(vb) != 4 or vb[2] <= 0 or vb[3] <= 0:
        raise SvgError("the <svg> needs a viewBox of four numbers")
    inner = size * (1 - 2 * padding)
    scale = inner / max(vb[2], vb[3])
    ox = size * padding + (inner - vb[2] * scale) / 2 - vb[0] * scale
    oy = size * padding + (inner - vb[3] * scale) / 2 - vb[1] * scale
    canvas = Canvas(size)
    if background:
        colour = parse_colour(background)
        if colour:
            canvas.fill([[(0, 0), (size, 0), (size, size), (0, size)]], colour)
    style = {"fill": "#000", "stroke": "none", "stroke-width": "1"}
    draw(root, canvas, (scale, 0.0, 0.0, scale, ox, oy), style, 1.0)
    return canvas.png()


def draw(el: ET.Element, canvas: Canvas, m: Matrix, style: dict[str, str], alpha: float) -> None:
    tag = local(el)
    unknown = set(el.attrib) - KNOWN_ATTRS
    if unknown:
        raise SvgError(f"<{tag}> has attributes this rasteriser does not draw: {sorted(unknown)}")
    if "transform" in el.attrib:
        m = multiply(m, parse_transform(el.attrib["transform"]))
    own: dict[str, str] = {
        k: el.attrib[k] for k in ("fill", "stroke", "stroke-width") if k in el.attrib
    }
    style = {**style, **own}
    alpha *= num_attr(el, "opacity", 1.0)
    if tag in ("svg", "g"):
        for child in el:
            draw(child, canvas, m, style, alpha)
        return
    if tag in ("title", "desc"):
        return
    if tag not in SHAPES:
        raise SvgError(f"unsupported element <{tag}>")
    unit = math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))
    subpaths = [([apply(m, p) for p in pts], closed) for pts, closed in shape_subpaths(el, unit)]
    fill = parse_colour(style["fill"])
    if fill:
        canvas.fill([pts for pts, _ in subpaths if len(pts) > 2], fill, alpha)
    stroke = parse_colour(style["stroke"])
    if stroke:
        width = float(style["stroke-width"]) * unit
        pieces = [q for pts, closed in subpaths for q in stroke_polygons(pts, closed, width)]
        canvas.fill(pieces, stroke, alpha)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Rasterise a simple SVG to a square PNG.")
    parser.add_argument("svg", type=Path)
    parser.add_argument("png", type=Path)
    parser.add_argument("--size", type=int, default=192)
    parser.add_argument("--background", default=None, help="#rrggbb behind the icon")
    parser.add_argument("--padding", type=float, default=0.0, help="margin, fraction of the size")
    args = parser.parse_args(argv)
    try:
        svg = args.svg.read_text(encoding="utf-8")
        data = render(svg, args.size, args.background, args.padding)
    except SvgError as err:
        print(f"svg_raster: {args.svg}: {err}", file=sys.stderr)
        return 1
    args.png.write_bytes(data)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
