"""Drawing kit shared by every board renderer.

Why it exists: every game's picture must come out byte-identical on any machine (so a
replayed game gives the same images and tests can compare bytes), be readable on a phone,
and encode fast enough to post after every turn. So:

- fonts come only from ``data/fonts`` (never the system), with the BASIC layout engine,
  because libraqm may or may not be installed and it moves glyphs by a pixel;
- text a player typed (names) is cleaned of characters the font cannot draw, instead of
  showing tofu boxes, and truncated with an ellipsis to fit its box;
- the player palette is the Okabe–Ito colour-blind safe set, and each player also gets a
  shape (circle, square, triangle…) so colour is never the only cue;
- PNGs are written as 8-bit palette images: about 4× faster to encode and 2–3× smaller than
  RGB at the same zlib level, with no visible loss on flat board art (see ``png_bytes``).

Only the standard library and Pillow are imported here.
"""

from __future__ import annotations

import io
import math
import threading
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

FONT_DIR = Path(__file__).resolve().parent.parent / "data" / "fonts"
FONT_FILES = {
    "regular": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "condensed": "DejaVuSansCondensed-Bold.ttf",
}

RGB = tuple[int, int, int]
Box = tuple[int, int, int, int]

# Renders run in worker threads (``asyncio.to_thread``) and FreeType faces, shared by every
# renderer through ``font``'s cache, are not thread-safe: drawing holds this lock (the PNG
# encoding, the slower half, runs outside it). Re-entrant: a render may build a cache.
DRAW_LOCK = threading.RLock()

WHITE: RGB = (255, 255, 255)
BLACK: RGB = (0, 0, 0)
INK: RGB = (24, 26, 30)  # "black" text: a hair softer than pure black, same contrast


# --------------------------------------------------------------------------- colours


def hex_rgb(value: str | tuple[int, ...]) -> RGB:
    """``"#3aa655"`` (or ``"3aa655"``, ``"#3a5"``, or an RGB tuple) → ``(58, 166, 85)``."""
    if isinstance(value, tuple):
        return (int(value[0]), int(value[1]), int(value[2]))
    s = value.strip().lstrip("#")
    if len(s) == 3:
        s = "".join(ch * 2 for ch in s)
    if len(s) != 6:
        raise ValueError(f"not a colour: {value!r}")
    return (int(s[0:2], 16), int(s[2:4], 16), int(s[4:6], 16))


def blend(a: RGB, b: RGB, t: float) -> RGB:
    """The colour ``t`` of the way from ``a`` to ``b`` (0 → a, 1 → b)."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def luminance(c: RGB) -> float:
    """WCAG relative luminance."""

    def lin(v: int) -> float:
        x = v / 255
        return x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4

    return 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2])


def contrast(a: RGB, b: RGB) -> float:
    la, lb = luminance(a), luminance(b)
    hi, lo = max(la, lb), min(la, lb)
    return (hi + 0.05) / (lo + 0.05)


def text_on(bg: RGB) -> RGB:
    """Black-ish or white text, whichever contrasts more with ``bg``."""
    return INK if contrast(INK, bg) >= contrast(WHITE, bg) else WHITE


@dataclass(frozen=True)
class PlayerColor:
    name: str  # for alt text / logs
    fill: RGB
    text: RGB  # readable text colour on ``fill``
    shape: str  # token shape drawn beside the name: colour is never the only cue


# Okabe & Ito (2008), the usual colour-blind safe set, minus black and the pale yellow
# that vanishes on light cards. Ordered so that the first players get the most
# distinct colours under deuteranopia (blue vs orange first, then green, vermillion…).
PLAYER_COLORS: tuple[PlayerColor, ...] = tuple(
    PlayerColor(name, hex_rgb(hx), text_on(hex_rgb(hx)), shape)
    for name, hx, shape in (
        ("blue", "#0072B2", "circle"),
        ("orange", "#E69F00", "square"),
        ("green", "#009E73", "triangle"),
        ("vermillion", "#D55E00", "diamond"),
        ("sky", "#56B4E9", "star"),
        ("pink", "#CC79A7", "hexagon"),
    )
)


def player_colors(seats: list[str] | tuple[str, ...]) -> dict[str, PlayerColor]:
    """Seat → colour by seat order (stable for a whole game). Seats past six wrap around."""
    return {seat: PLAYER_COLORS[i % len(PLAYER_COLORS)] for i, seat in enumerate(seats)}


# --------------------------------------------------------------------------- fonts and text


@lru_cache(maxsize=128)
def font(size: int, weight: str = "bold") -> ImageFont.FreeTypeFont:
    """A DejaVu font from ``data/fonts`` ("regular", "bold" or "condensed"), cached per size."""
    path = FONT_DIR / FONT_FILES[weight]
    return ImageFont.truetype(str(path), size, layout_engine=ImageFont.Layout.BASIC)


_NOTDEF_PROBE = "\U0010fffd"  # a private-use code point no font here draws


@lru_cache(maxsize=8)
def _probe(path: str) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(path, 16, layout_engine=ImageFont.Layout.BASIC)


@lru_cache(maxsize=8)
def _notdef(path: str) -> tuple[tuple[int, int], bytes]:
    m = _probe(path).getmask(_NOTDEF_PROBE)
    return m.size, bytes(m)


@lru_cache(maxsize=4096)
def _has_glyph(path: str, ch: str) -> bool:
    """Pillow does not expose the cmap: compare with the .notdef box the font draws."""
    m = _probe(path).getmask(ch)
    return (m.size, bytes(m)) != _notdef(path)


def clean_text(text: object, weight: str = "bold") -> str:
    """Text safe to draw: NFC, control/format characters (ZWJ, variation selectors) and
    characters the font has no glyph for (most emoji, CJK) dropped, whitespace collapsed."""
    s = unicodedata.normalize("NFC", str(text))
    path = str(FONT_DIR / FONT_FILES[weight])
    out = []
    for ch in s:
        if ch.isspace():
            out.append(" ")
        elif not _invisible(ch) and _has_glyph(path, ch):
            out.append(ch)
    return " ".join("".join(out).split())


def _invisible(ch: str) -> bool:
    """Controls, format characters (ZWJ…), emoji skin tones and variation selectors."""
    cat = unicodedata.category(ch)
    cp = ord(ch)
    return cat[0] == "C" or (cat == "Sk" and cp >= 0x1F3FB) or 0xFE00 <= cp <= 0xFE0F


def text_width(text: str, f: ImageFont.FreeTypeFont) -> int:
    return int(round(f.getlength(text)))


def fit_text(text: str, f: ImageFont.FreeTypeFont, max_width: int, ellipsis: str = "…") -> str:
    """``text`` cut at the end with an ellipsis so it is at most ``max_width`` px wide."""
    if text_width(text, f) <= max_width:
        return text
    lo, hi = 0, len(text)
    while lo < hi:  # longest prefix that fits with the ellipsis
        mid = (lo + hi + 1) // 2
        if text_width(text[:mid].rstrip() + ellipsis, f) <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return (text[:lo].rstrip() + ellipsis) if lo else ""


def fit_font(
    text: str, max_width: int, sizes: tuple[int, ...], weight: str = "bold"
) -> tuple[ImageFont.FreeTypeFont, str]:
    """The largest of ``sizes`` (given big → small) at which ``text`` fits, else the smallest
    with the text truncated."""
    for size in sizes:
        f = font(size, weight)
        if text_width(text, f) <= max_width:
            return f, text
    f = font(sizes[-1], weight)
    return f, fit_text(text, f, max_width)


def draw_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    f: ImageFont.FreeTypeFont,
    fill: RGB,
    *,
    outline: RGB | None = None,
    outline_width: int = 2,
    anchor: str = "la",
) -> None:
    """Text, optionally with an outline (stroke) so it reads on any background."""
    if outline is None:
        draw.text(xy, text, font=f, fill=fill, anchor=anchor)
    else:
        draw.text(
            xy, text, font=f, fill=fill, anchor=anchor,
            stroke_width=outline_width, stroke_fill=outline,
        )


def rounded_box(
    draw: ImageDraw.ImageDraw,
    box: Box | tuple[float, float, float, float],
    radius: int,
    fill: RGB | None = None,
    outline: RGB | None = None,
    width: int = 1,
) -> None:
    draw.rounded_rectangle(box, radius=radius, fill=fill, outline=outline, width=width)


# --------------------------------------------------------------------------- shapes

SUPERSAMPLE = 4  # icons are drawn 4× larger then reduced: smooth edges, cached anyway


def star_points(cx: float, cy: float, r: float, points: int = 5, inner: float = 0.45,
                rotation: float = -90.0) -> list[tuple[float, float]]:
    pts = []
    for i in range(points * 2):
        rr = r if i % 2 == 0 else r * inner
        a = math.radians(rotation + i * 180.0 / points)
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    return pts


def shape_points(shape: str, cx: float, cy: float, r: float) -> list[tuple[float, float]] | None:
    """Polygon of a player token shape; ``None`` for the circle."""
    if shape == "circle":
        return None
    if shape == "square":
        q = r * 0.86
        return [(cx - q, cy - q), (cx + q, cy - q), (cx + q, cy + q), (cx - q, cy + q)]
    if shape == "triangle":
        return [(cx, cy - r), (cx + r * 0.95, cy + r * 0.75), (cx - r * 0.95, cy + r * 0.75)]
    if shape == "diamond":
        return [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
    if shape == "star":
        return star_points(cx, cy, r * 1.1, 5, 0.5)
    if shape == "hexagon":
        return [(cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a)))
                for a in range(0, 360, 60)]
    raise ValueError(f"unknown shape {shape!r}")


@lru_cache(maxsize=64)
def token_icon(index: int, size: int, ring: RGB = WHITE) -> Image.Image:
    """A player's token (their shape in their colour, with a contrasting ring), RGBA."""
    pc = PLAYER_COLORS[index % len(PLAYER_COLORS)]
    s = size * SUPERSAMPLE
    im = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    c = s / 2
    r = s / 2 - SUPERSAMPLE * 1.5
    pts = shape_points(pc.shape, c, c, r)
    w = max(SUPERSAMPLE * 2, s // 10)
    if pts is None:
        d.ellipse((c - r, c - r, c + r, c + r), fill=pc.fill, outline=ring, width=w)
    else:
        d.polygon(pts, fill=pc.fill, outline=ring, width=w)
    return im.resize((size, size), Image.Resampling.LANCZOS)


def paste_icon(canvas: Image.Image, icon: Image.Image, xy: tuple[int, int]) -> None:
    """Alpha-paste an RGBA icon at integer top-left ``xy``."""
    canvas.paste(icon, (int(xy[0]), int(xy[1])), icon)


@lru_cache(maxsize=16)
def padlock_icon(size: int, color: RGB = WHITE, body: RGB | None = None) -> Image.Image:
    """A closed padlock, RGBA."""
    s = size * SUPERSAMPLE
    im = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    w = s * 0.13
    d.arc((s * 0.22, s * 0.04, s * 0.78, s * 0.62), 180, 360, fill=color, width=int(w))
    d.line((s * 0.22 + w / 2, s * 0.33, s * 0.22 + w / 2, s * 0.46), fill=color, width=int(w))
    d.line((s * 0.78 - w / 2, s * 0.33, s * 0.78 - w / 2, s * 0.46), fill=color, width=int(w))
    d.rounded_rectangle((s * 0.1, s * 0.42, s * 0.9, s * 0.98), radius=int(s * 0.1),
                        fill=body or color)
    hole = (0, 0, 0, 0) if body is None else color
    d.ellipse((s * 0.42, s * 0.56, s * 0.58, s * 0.72), fill=hole)
    d.rectangle((s * 0.46, s * 0.66, s * 0.54, s * 0.86), fill=hole)
    return im.resize((size, size), Image.Resampling.LANCZOS)


@lru_cache(maxsize=16)
def crown_icon(size: int, color: RGB = (255, 200, 40), edge: RGB = (90, 60, 0)) -> Image.Image:
    """A winner's crown, RGBA."""
    s = size * SUPERSAMPLE
    im = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    pts = [(0.08, 0.82), (0.08, 0.3), (0.3, 0.55), (0.5, 0.18), (0.7, 0.55), (0.92, 0.3),
           (0.92, 0.82)]
    d.polygon([(x * s, y * s) for x, y in pts], fill=color, outline=edge, width=s // 16)
    for x, y in ((0.08, 0.26), (0.5, 0.14), (0.92, 0.26)):
        r = s * 0.08
        d.ellipse((x * s - r, y * s - r, x * s + r, y * s + r), fill=color, outline=edge,
                  width=s // 24)
    return im.resize((size, size), Image.Resampling.LANCZOS)


def play_triangle(draw: ImageDraw.ImageDraw, box: Box, fill: RGB) -> None:
    """A ▶ marker filling ``box`` (drawn, not a glyph, so it is the same everywhere)."""
    x0, y0, x1, y1 = box
    draw.polygon([(x0, y0), (x1, (y0 + y1) / 2), (x0, y1)], fill=fill)


def check_mark(draw: ImageDraw.ImageDraw, box: Box, fill: RGB, width: int = 4) -> None:
    """A ✓ drawn with a polyline inside ``box``."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    draw.line([(x0 + w * 0.08, y0 + h * 0.55), (x0 + w * 0.38, y0 + h * 0.85),
               (x0 + w * 0.92, y0 + h * 0.15)], fill=fill, width=width, joint="curve")


# --------------------------------------------------------------------------- PNG

PNG_COMPRESS_LEVEL = 3


def png_bytes(
    img: Image.Image,
    *,
    palette: Image.Image | None = None,
    colors: int = 256,
    compress_level: int = PNG_COMPRESS_LEVEL,
) -> bytes:
    """Encode ``img`` as PNG, deterministically (same pixels → same bytes).

    RGB(A) images become 8-bit palette images: on a 1200×1000 board, RGB costs ~15 ms and
    ~100 KB at level 1, a palette image ~3 ms and ~70 KB at level 3. Each pixel maps to its
    nearest entry without dithering (dither noise costs bytes and blurs thin text).

    - ``palette`` (from ``make_palette``): a fixed palette for the game, so a part of the
      board that did not change keeps exactly the same pixels from one turn to the next.
    - otherwise an adaptive palette: fast octree on a 1/4-scale copy (~1 ms).
    - ``colors=0`` keeps RGB.

    Levels: 1–3 cost the same (~3 ms); 6 saves ~15 % of bytes for twice the time; 9 or
    ``optimize`` ~20 % for fifteen times the time. Our images are far below any size limit,
    so time wins: level 3.
    """
    if colors and img.mode in ("RGB", "RGBA"):
        img = quantize(img, colors, palette)
    buf = io.BytesIO()
    img.save(buf, "PNG", compress_level=compress_level)
    return buf.getvalue()


def quantize(img: Image.Image, colors: int = 256, palette: Image.Image | None = None
             ) -> Image.Image:
    """Palette version of an RGB image (see ``png_bytes``)."""
    rgb = img.convert("RGB") if img.mode != "RGB" else img
    if palette is None:
        small = rgb.reduce(4) if min(rgb.size) >= 64 else rgb
        palette = small.quantize(colors, method=Image.Quantize.FASTOCTREE,
                                 dither=Image.Dither.NONE)
    return rgb.quantize(palette=palette, dither=Image.Dither.NONE)


def make_palette(samples: list[Image.Image], exact: list[RGB] | tuple[RGB, ...] = (),
                 colors: int = 256) -> Image.Image:
    """A fixed palette: the ``exact`` colours (flat fills stay exact), then median cut over
    ``samples`` (reference renders) for the rest, mostly anti-aliasing shades."""
    keep: list[RGB] = []
    for c in exact:
        if c not in keep and len(keep) < colors // 2:
            keep.append(c)
    width = max(im.width for im in samples)
    sheet = Image.new("RGB", (width, sum(im.height for im in samples)))
    y = 0
    for im in samples:
        sheet.paste(im.convert("RGB"), (0, y))
        y += im.height
    # half scale: 6× faster median cut, and the shades it finds are as good
    cut = sheet.reduce(2).quantize(colors - len(keep), method=Image.Quantize.MEDIANCUT,
                                   dither=Image.Dither.NONE)
    raw = cut.getpalette() or []
    entries = list(keep)
    for i in range(0, min(len(raw), 3 * (colors - len(keep))), 3):
        rgb = (raw[i], raw[i + 1], raw[i + 2])
        # Pillow maps pixels through a 6-bit-per-channel cache: a shade a few levels from
        # an exact colour could steal its pixels, so leave the exact colour alone there
        if all(max(abs(a - b) for a, b in zip(rgb, e, strict=True)) > 6 for e in keep) and \
                rgb not in entries:
            entries.append(rgb)
    entries += [entries[-1]] * (256 - len(entries))
    pal = Image.new("P", (1, 1))
    pal.putpalette([v for rgb in entries[:256] for v in rgb])
    return pal


def clear_caches() -> None:
    """Forget fonts and icons (for tests: output must not depend on what was cached)."""
    for fn in (font, _probe, _notdef, _has_glyph, token_icon, padlock_icon, crown_icon):
        fn.cache_clear()
