"""Risk Express board picture: the public view → PNG bytes.

The picture a channel sees after every throw: the 14 country cards grouped by continent
(each with its battle lines, the dice placed on them this turn and its owner), the dice in
the tray, the scores, whose turn it is, and a legend of the six die faces.

Speed comes from caching: a card is drawn once per distinct state (owner, lines filled,
lock…) and pasted; the page background with its continent panels is drawn once per lock
pattern; die icons once per size; the 8-bit palette once per set of continent colours.
A render is then ~14 pastes, a few lines of text and the palette PNG encode: ~9 ms.

Renders may come from several threads (``asyncio.to_thread``): drawing holds a lock, since
FreeType faces are not thread-safe; encoding, the slower half, runs outside it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from renderers import board_text as bt
from renderers import kit as common
from renderers.kit import (
    INK,
    PLAYER_COLORS,
    RGB,
    SUPERSAMPLE,
    WHITE,
    Box,
    blend,
    check_mark,
    clean_text,
    crown_icon,
    fit_font,
    fit_text,
    font,
    hex_rgb,
    make_palette,
    padlock_icon,
    paste_icon,
    play_triangle,
    png_bytes,
    star_points,
    text_on,
    text_width,
    token_icon,
)

FACES = ("general", "cavalry", "cannon", "soldier1", "soldier2", "soldier3")
SYMBOL_ORDER = ("general", "cavalry", "cannon")

# --------------------------------------------------------------------------- look

W = 1200
MARGIN = 12
HEADER_H = 62
BAND_H = 34  # continent band
PAD = 6  # continent panel padding around its cards
GAP_IN = 8  # between cards of one continent
GAP_GROUP = 10  # between continent panels (at least)
ROW_GAP = 10
CARD_H = 214
SLOTS_PER_ROW = 5
SCORE_CELL_H = 50
LEGEND_H = 74

BG: RGB = (30, 33, 39)
PANEL: RGB = (44, 48, 56)
PAPER: RGB = (247, 244, 236)
LINE_BG: RGB = (226, 223, 214)
FILLED_BG: RGB = (190, 234, 196)
FILLED_EDGE: RGB = (34, 139, 69)
MUTED: RGB = (150, 155, 165)
SOFT: RGB = (205, 208, 214)
DARK_EDGE: RGB = (60, 62, 70)
TARGET: RGB = (255, 232, 90)
GOLD: RGB = (255, 200, 40)
TRAY_BAND: RGB = (70, 76, 88)
CELL_HI: RGB = (66, 72, 84)
FAIL: RGB = (235, 87, 87)

DIE_EDGE: RGB = (22, 22, 26)
DIE_FACE: RGB = (251, 248, 240)
GENERAL_BODY: RGB = (94, 58, 154)
STAR: RGB = (255, 210, 63)
HORSE: RGB = (96, 58, 28)
IRON: RGB = (38, 38, 44)
WOOD: RGB = (130, 80, 34)
SOLDIER: RGB = (30, 58, 138)


# --------------------------------------------------------------------------- die icons


def _soldier_figure(d: ImageDraw.ImageDraw, cx: float, cy: float, h: float, color: RGB) -> None:
    """A little person (head + shoulders), ``h`` tall, centred on (cx, cy)."""
    hr = h * 0.21
    top = cy - h / 2
    d.ellipse((cx - hr, top, cx + hr, top + 2 * hr), fill=color)
    bw = h * 0.37
    d.rounded_rectangle((cx - bw, top + 2 * hr + h * 0.05, cx + bw, cy + h / 2),
                        radius=int(h * 0.18), fill=color)


@lru_cache(maxsize=64)
def die_icon(face: str, size: int) -> Image.Image:
    """One die face as an RGBA icon ``size`` px square, drawn with primitives (no emoji)."""
    s = size * SUPERSAMPLE
    im = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)

    def p(pts: list[tuple[float, float]]) -> list[tuple[float, float]]:
        return [(x * s, y * s) for x, y in pts]

    body = GENERAL_BODY if face == "general" else DIE_FACE
    d.rounded_rectangle((0.03 * s, 0.03 * s, 0.97 * s, 0.97 * s), radius=int(0.2 * s),
                        fill=body, outline=DIE_EDGE, width=max(SUPERSAMPLE * 2, int(0.075 * s)))
    if face == "general":
        d.polygon(star_points(0.5 * s, 0.53 * s, 0.38 * s, 5, 0.44), fill=STAR,
                  outline=(60, 30, 0), width=int(0.03 * s))
    elif face == "cavalry":
        horse = [(0.30, 0.86), (0.80, 0.86), (0.78, 0.70), (0.74, 0.52), (0.76, 0.36),
                 (0.70, 0.24), (0.62, 0.17), (0.62, 0.08), (0.54, 0.15), (0.44, 0.16),
                 (0.30, 0.27), (0.18, 0.44), (0.14, 0.52), (0.17, 0.58), (0.26, 0.60),
                 (0.36, 0.55), (0.46, 0.50), (0.42, 0.64), (0.32, 0.76)]
        d.polygon(p(horse), fill=HORSE)
        d.ellipse(p([(0.40, 0.26), (0.47, 0.33)]), fill=DIE_FACE)
    elif face == "cannon":
        a = math.radians(-28)
        ux, uy = math.cos(a), math.sin(a)
        nx, ny = -uy, ux
        bx, by, length, w0, w1 = 0.24, 0.62, 0.64, 0.12, 0.085
        mx, my = bx + ux * length, by + uy * length
        d.polygon(p([(bx + nx * w0, by + ny * w0), (mx + nx * w1, my + ny * w1),
                     (mx - nx * w1, my - ny * w1), (bx - nx * w0, by - ny * w0)]), fill=IRON)
        d.ellipse(p([(bx - 0.12, by - 0.12), (bx + 0.12, by + 0.12)]), fill=IRON)
        cx, cy, r = 0.42, 0.69, 0.17
        d.ellipse(p([(cx - r, cy - r), (cx + r, cy + r)]), fill=WOOD, outline=DIE_FACE,
                  width=int(0.03 * s))
        d.ellipse(p([(cx - 0.05, cy - 0.05), (cx + 0.05, cy + 0.05)]), fill=DIE_FACE)
    elif face.startswith("soldier"):
        n = int(face[-1])
        spots = {
            1: [(0.5, 0.5, 0.62)],
            2: [(0.32, 0.33, 0.42), (0.68, 0.67, 0.42)],
            3: [(0.27, 0.28, 0.33), (0.5, 0.5, 0.33), (0.73, 0.72, 0.33)],
        }[n]
        for cx, cy, h in spots:
            _soldier_figure(d, cx * s, cy * s, h * s, SOLDIER)
    else:  # an unknown face: a question mark, rather than a crash
        d.text((s / 2, s / 2), "?", font=font(int(s * 0.6)), fill=INK, anchor="mm")
    return im.resize((size, size), Image.Resampling.LANCZOS)


@lru_cache(maxsize=16)
def ghost_die(size: int) -> Image.Image:
    """An empty die slot (a die set aside / a line still to fill)."""
    s = size * SUPERSAMPLE
    im = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    d.rounded_rectangle((0.06 * s, 0.06 * s, 0.94 * s, 0.94 * s), radius=int(0.2 * s),
                        outline=MUTED, width=int(0.06 * s))
    w = int(0.06 * s)
    d.line((0.3 * s, 0.3 * s, 0.7 * s, 0.7 * s), fill=MUTED, width=w)
    d.line((0.3 * s, 0.7 * s, 0.7 * s, 0.3 * s), fill=MUTED, width=w)
    return im.resize((size, size), Image.Resampling.LANCZOS)


@lru_cache(maxsize=16)
def soldier_glyph(size: int, color: RGB = SOLDIER) -> Image.Image:
    s = size * SUPERSAMPLE
    im = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    _soldier_figure(ImageDraw.Draw(im), s / 2, s / 2, s * 0.92, color)
    return im.resize((size, size), Image.Resampling.LANCZOS)


@lru_cache(maxsize=16)
def coin_icon(value: int, size: int) -> Image.Image:
    """A points coin: the number in a white disc with a dark rim."""
    s = size * SUPERSAMPLE
    im = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    d.ellipse((1, 1, s - 2, s - 2), fill=WHITE, outline=DIE_EDGE, width=int(0.09 * s))
    im = im.resize((size, size), Image.Resampling.LANCZOS)
    txt = str(value)
    f = font(int(size * (0.62 if len(txt) == 1 else 0.5)))
    ImageDraw.Draw(im).text((size / 2, size / 2 + 1), txt, font=f, fill=INK, anchor="mm")
    return im


# --------------------------------------------------------------------------- cards


@dataclass(frozen=True)
class LineSpec:
    need: tuple[tuple[str, int], ...]  # symbols in SYMBOL_ORDER, then ("soldiers", n)
    filled: tuple[str, ...] | None  # the faces placed on it, or None


@dataclass(frozen=True)
class CardSpec:
    """Everything a card's picture depends on: the key of its cache entry."""

    name: str
    points: int
    provisional: bool
    color: RGB
    owner: int | None  # palette index of the owner
    owner_name: str
    locked: bool
    lines: tuple[LineSpec, ...]
    general: str  # "" | "defended" (owned: an attacker needs a General) | "open" | "filled"
    w: int
    h: int


CARD_HEAD = 38
CARD_FOOT = 36
CARD_BORDER_OWNED = 6
CARD_RADIUS = 14
LINE_DIE = 34


def _line_items(need: tuple[tuple[str, int], ...]) -> list[tuple[str, Any]]:
    items: list[tuple[str, Any]] = []
    soldiers = 0
    for key, n in need:
        if key == "soldiers":
            soldiers += n
        else:
            items += [("die", key)] * n
    if soldiers:
        if items:
            items.append(("plus", None))
        items.append(("soldiers", soldiers))
    return items


def _draw_line(im: Image.Image, box: Box, line: LineSpec) -> None:
    """One battle line: what it needs, or (filled) the dice placed on it and a tick."""
    d = ImageDraw.Draw(im)
    x0, y0, x1, y1 = box
    h = y1 - y0
    cy = (y0 + y1) // 2
    if line.filled is not None:
        d.rounded_rectangle(box, radius=h // 2, fill=FILLED_BG, outline=FILLED_EDGE, width=2)
        check_w = h - 8
        avail = (x1 - x0) - 16 - check_w - 6
        n = max(1, len(line.filled))
        size = min(LINE_DIE, (avail - (n - 1) * 3) // n)
        total = n * size + (n - 1) * 3
        x = x0 + 10 + (avail - total) // 2
        for face in line.filled:
            paste_icon(im, die_icon(face, size), (x, cy - size // 2))
            x += size + 3
        check_mark(d, (x1 - 8 - check_w, y0 + 5, x1 - 8, y1 - 5), FILLED_EDGE, width=5)
        return
    d.rounded_rectangle(box, radius=h // 2, fill=LINE_BG)
    items = _line_items(line.need)
    f = font(23)
    plus_f = font(22)

    def widths(size: int) -> list[int]:
        out = []
        for kind, val in items:
            if kind == "die":
                out.append(size)
            elif kind == "plus":
                out.append(text_width("+", plus_f))
            else:
                out.append(size - 4 + 2 + text_width(f"≥{val}", f))
        return out

    size = LINE_DIE
    while size > 14 and sum(widths(size)) + 4 * (len(items) - 1) > (x1 - x0) - 16:
        size -= 2
    ws = widths(size)
    x = x0 + ((x1 - x0) - (sum(ws) + 4 * (len(items) - 1))) // 2
    for (kind, val), w in zip(items, ws, strict=True):
        if kind == "die":
            paste_icon(im, die_icon(val, size), (x, cy - size // 2))
        elif kind == "plus":
            d.text((x, cy), "+", font=plus_f, fill=INK, anchor="lm")
        else:
            g = size - 4
            paste_icon(im, soldier_glyph(g), (x, cy - g // 2))
            d.text((x + g + 2, cy + 1), f"≥{val}", font=f, fill=INK, anchor="lm")
        x += w + 4


@lru_cache(maxsize=16)
def _hatch(bg: RGB, stripe: RGB, w: int, h: int) -> Image.Image:
    """The diagonal stripes of a face-down card."""
    im = Image.new("RGB", (w, h), bg)
    d = ImageDraw.Draw(im)
    for k in range(-h, w, 18):
        d.line((k, h, k + h, 0), fill=stripe, width=6)
    return im


@lru_cache(maxsize=192)  # ~190 KB each: a few games' worth of card states
def card_image(spec: CardSpec) -> Image.Image:
    """A card's picture (RGBA, transparent round corners), cached per state."""
    w, h = spec.w, spec.h
    im = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    owner = PLAYER_COLORS[spec.owner] if spec.owner is not None else None
    edge = owner.fill if owner else DARK_EDGE
    bw = CARD_BORDER_OWNED if owner else 2
    if spec.locked:
        body = blend(spec.color, (0, 0, 0), 0.5)
    else:
        body = blend(PAPER, owner.fill, 0.2) if owner else PAPER
    d.rounded_rectangle((0, 0, w - 1, h - 1), radius=CARD_RADIUS, fill=edge)
    inner = (bw, bw, w - 1 - bw, h - 1 - bw)
    d.rounded_rectangle(inner, radius=CARD_RADIUS - bw // 2, fill=body)
    ix0, iy0, ix1, iy1 = inner

    # header: continent colour, name, points coin
    head = (ix0, iy0, ix1, iy0 + CARD_HEAD)
    if spec.locked:
        hcol = blend(spec.color, (0, 0, 0), 0.25)
    else:
        hcol = spec.color
    d.rounded_rectangle(head, radius=CARD_RADIUS - bw // 2, fill=hcol, corners=(True, True, False, False))
    tcol = text_on(hcol)
    coin = 30
    name_w = (ix1 - ix0) - 12 - (0 if spec.locked else coin + 6)
    nf, name = fit_font(spec.name, name_w, (24, 22, 20, 18), "condensed")
    d.text((ix0 + 7, iy0 + CARD_HEAD // 2 + 1), name, font=nf, fill=tcol, anchor="lm")
    if not spec.locked:
        paste_icon(im, coin_icon(spec.points, coin), (ix1 - 5 - coin, iy0 + (CARD_HEAD - coin) // 2))

    foot = (ix0, iy1 - CARD_FOOT, ix1, iy1)
    if spec.locked:
        # face down: hatched back with a padlock
        top, bottom = iy0 + CARD_HEAD, iy1 - CARD_FOOT
        im.paste(_hatch(body, blend(spec.color, (0, 0, 0), 0.35), ix1 - ix0 + 1, bottom - top),
                 (ix0, top))
        lk = 58
        paste_icon(im, padlock_icon(lk, WHITE), ((w - lk) // 2, (top + bottom - lk) // 2))
    else:
        n = max(1, len(spec.lines))
        # a card nobody owns has no owner band: its lines take the whole face
        top, bottom = iy0 + CARD_HEAD + 5, iy1 - (CARD_FOOT if owner else 0) - 5
        row_h = min(40, (bottom - top - (n - 1) * 5) // n)
        used = n * row_h + (n - 1) * 5
        y = top + (bottom - top - used) // 2
        for line in spec.lines:
            _draw_line(im, (ix0 + 7, y, ix1 - 7, y + row_h), line)
            y += row_h + 5

    # footer: the owner, and the General an attacker needs against them
    fx0, fy0, fx1, fy1 = foot
    fcy = (fy0 + fy1) // 2
    if owner:
        d.rounded_rectangle(foot, radius=CARD_RADIUS - bw // 2, fill=owner.fill,
                            corners=(False, False, True, True))
        tk = 26
        paste_icon(im, token_icon(spec.owner, tk, owner.text), (fx0 + 4, fcy - tk // 2))
        right = fx1 - 6
        if spec.general in ("open", "filled"):  # the extra General line of the target
            done = spec.general == "filled"
            gs = 26
            pill = (right - gs - 36, fy0 + 3, right, fy1 - 3)
            d.rounded_rectangle(pill, radius=9, fill=FILLED_BG if done else LINE_BG,
                                outline=FILLED_EDGE if done else INK, width=2)
            gx = right - 4 - gs
            if done:
                check_mark(d, (pill[0] + 6, fy0 + 10, gx - 4, fy1 - 10), FILLED_EDGE, width=4)
            else:
                d.text(((pill[0] + gx) // 2, fcy), "+", font=font(22), fill=INK, anchor="mm")
            paste_icon(im, die_icon("general", gs), (gx, fcy - gs // 2))
            right = pill[0] - 6
        elif spec.general == "defended":  # taking it would need a General too
            gs = 24
            gx = right - gs
            paste_icon(im, die_icon("general", gs), (gx, fcy - gs // 2))
            d.text((gx - 2, fcy), "+", font=font(18), fill=owner.text, anchor="rm")
            right = gx - 18
        nf = font(21)
        label = fit_text(spec.owner_name, nf, right - (fx0 + 4 + tk + 5) - 2)
        d.text((fx0 + 4 + tk + 5, fcy), label, font=nf, fill=owner.text, anchor="lm")
    return im


# --------------------------------------------------------------------------- layout


@dataclass(frozen=True)
class Layout:
    height: int
    card_w: int
    panels: tuple[Box, ...]  # one per continent group, then the tray panel last
    cards: tuple[tuple[Box, ...], ...]  # card boxes per continent group
    score: Box
    score_cols: int
    legend: Box


@lru_cache(maxsize=16)
def layout(group_sizes: tuple[int, ...], n_players: int) -> Layout:
    """Pack continent groups (and the tray, one slot) into rows of five card slots.

    First fit in the order given keeps the data's continent order readable (the
    Americas, then Europe/Africa/Australia, then Asia and the tray with the 2006 deck).
    """
    sizes = list(group_sizes) + [1]
    cap = max([SLOTS_PER_ROW, *sizes])
    rows: list[list[int]] = []
    fill: list[int] = []
    for i, n in enumerate(sizes):
        for r, used in enumerate(fill):
            if used + n <= cap:
                rows[r].append(i)
                fill[r] += n
                break
        else:
            rows.append([i])
            fill.append(n)
    inner_w = W - 2 * MARGIN

    def fixed(row: list[int]) -> int:
        return sum((sizes[i] - 1) * GAP_IN + 2 * PAD for i in row) + (len(row) - 1) * GAP_GROUP

    card_w = min((inner_w - fixed(row) - (cap - fill[r]) * (GAP_IN + 2 * PAD)) // cap
                 for r, row in enumerate(rows))
    panels: list[Box] = [(0, 0, 0, 0)] * len(sizes)
    cards: list[tuple[Box, ...]] = [()] * len(sizes)
    y = HEADER_H + 6
    row_h = BAND_H + CARD_H + 2 * PAD
    for r, row in enumerate(rows):
        widths = [sizes[i] * card_w + (sizes[i] - 1) * GAP_IN + 2 * PAD for i in row]
        gap = GAP_GROUP
        if fill[r] == cap and len(row) > 1:  # full row: justify to both edges
            gap = (inner_w - sum(widths)) / (len(row) - 1)
        x: float = MARGIN
        for i, pw in zip(row, widths, strict=True):
            px = round(x)
            panels[i] = (px, y, px + pw, y + row_h)
            cy = y + BAND_H + PAD
            cards[i] = tuple(
                (px + PAD + k * (card_w + GAP_IN), cy, px + PAD + k * (card_w + GAP_IN) + card_w,
                 cy + CARD_H)
                for k in range(sizes[i])
            )
            x += pw + gap
        y += row_h + ROW_GAP
    cols = 1 if n_players <= 1 else 2 if n_players in (2, 4) else 3
    score_rows = max(1, math.ceil(n_players / cols))
    score = (MARGIN, y, W - MARGIN, y + 12 + score_rows * SCORE_CELL_H + (score_rows - 1) * 6)
    legend = (MARGIN, score[3] + 8, W - MARGIN, score[3] + 8 + LEGEND_H)
    return Layout(legend[3] + MARGIN, card_w, tuple(panels), tuple(cards[:-1]), score, cols,
                  legend)


@dataclass(frozen=True)
class BandSpec:
    name: str
    color: RGB
    value: int
    locked_by: int | None
    locked_name: str


def _draw_band(im: Image.Image, panel: Box, band: BandSpec, lang: str) -> None:
    d = ImageDraw.Draw(im)
    x0, y0, x1, y1 = panel
    locked = band.locked_by is not None
    tint = blend(BG, band.color, 0.3 if not locked else 0.18)
    d.rounded_rectangle(panel, radius=12, fill=tint)
    bcol = band.color if not locked else blend(band.color, (0, 0, 0), 0.45)
    d.rounded_rectangle((x0, y0, x1, y0 + BAND_H), radius=12, fill=bcol,
                        corners=(True, True, False, False))
    tcol = text_on(bcol)
    cy = y0 + BAND_H // 2
    x = x0 + 8
    right = x1 - 6
    coin = 28
    paste_icon(im, coin_icon(band.value, coin), (right - coin, cy - coin // 2))
    right -= coin + 4
    if locked:
        lk = 24
        paste_icon(im, padlock_icon(lk, tcol), (x, cy - lk // 2 - 1))
        x += lk + 6
        owner = PLAYER_COLORS[band.locked_by]
        tk = 24
        right -= 2
        paste_icon(im, token_icon(band.locked_by, tk, WHITE), (right - tk, cy - tk // 2))
        right -= tk + 4
        room = right - x
        title = band.name
        who = band.locked_name
        f = font(20)
        # "Asia · Bob" when it fits, else the name alone: the token says who
        if text_width(f"{title} · {who}", f) <= room:
            d.text((x, cy), title, font=f, fill=tcol, anchor="lm")
            xx = x + text_width(title + " · ", f)
            d.text((xx, cy), who, font=f, fill=blend(owner.fill, WHITE, 0.35), anchor="lm")
        else:
            f2, t2 = fit_font(title, room, (20, 18), "condensed")
            d.text((x, cy), t2, font=f2, fill=tcol, anchor="lm")
    else:
        f, t = fit_font(band.name, right - x - 4, (22, 20, 18), "bold")
        d.text((x, cy + 1), t, font=f, fill=tcol, anchor="lm")
    d.text((right, cy + 1), bt.word("re.all", lang) if not locked else "",
           font=font(16, "regular"), fill=tcol,
           anchor="rm")


@lru_cache(maxsize=8)  # ~4 MB each; redrawn in ~3 ms on a miss
def base_image(lay: Layout, bands: tuple[BandSpec, ...], lang: str = "en") -> Image.Image:
    """Everything that changes only when a continent is locked: background, panels, legend."""
    im = Image.new("RGB", (W, lay.height), BG)
    d = ImageDraw.Draw(im)
    d.rectangle((0, 0, W, HEADER_H), fill=PANEL)
    for panel, band in zip(lay.panels, bands, strict=False):
        _draw_band(im, panel, band, lang)
    # tray panel frame
    tp = lay.panels[-1]
    d.rounded_rectangle(tp, radius=12, fill=PANEL)
    d.rounded_rectangle((tp[0], tp[1], tp[2], tp[1] + BAND_H), radius=12, fill=TRAY_BAND,
                        corners=(True, True, False, False))
    d.text((tp[0] + 10, tp[1] + BAND_H // 2 + 1), bt.word("re.tray", lang), font=font(22),
           fill=WHITE, anchor="lm")
    d.rounded_rectangle(lay.score, radius=12, fill=PANEL)
    _draw_legend(im, lay.legend, lang)
    return im


def _draw_legend(im: Image.Image, box: Box, lang: str) -> None:
    """The six faces, then how to read a line and the General badge."""
    d = ImageDraw.Draw(im)
    x0, y0, x1, y1 = box
    cy = y0 + 17
    size = 32
    slot = (x1 - x0) // len(FACES)
    for i, face in enumerate(FACES):
        x = x0 + 4 + i * slot
        paste_icon(im, die_icon(face, size), (x, cy - size // 2))
        label = bt.word(f"re.face.{face}", lang)
        fl, label = fit_font(label, slot - size - 10, (20, 18, 16), "regular")
        d.text((x + size + 6, cy), label, font=fl, fill=SOFT, anchor="lm")
    cy = y1 - 17
    x = x0 + 4
    g = 22
    paste_icon(im, soldier_glyph(g, (150, 180, 255)), (x, cy - g // 2))
    fs, text = fit_font(bt.word("re.legend.soldiers", lang), 400, (17, 16, 15), "regular")
    d.text((x + g + 2, cy), text, font=fs, fill=SOFT, anchor="lm")
    x = x0 + 430
    d.text((x, cy), "+", font=font(18), fill=SOFT, anchor="lm")
    paste_icon(im, die_icon("general", 24), (x + 14, cy - 12))
    fg, text = fit_font(bt.word("re.legend.general", lang), x1 - x - 48, (17, 16, 15),
                        "regular")
    d.text((x + 44, cy), text, font=fg, fill=SOFT, anchor="lm")


# --------------------------------------------------------------------------- view → picture


def _need(need: Any) -> tuple[tuple[str, int], ...]:
    need = dict(need or {})
    out = [(k, int(need[k])) for k in SYMBOL_ORDER if need.get(k)]
    out += [(str(k), int(v)) for k, v in sorted(need.items())
            if k not in SYMBOL_ORDER and k != "soldiers" and v]
    if need.get("soldiers"):
        out.append(("soldiers", int(need["soldiers"])))
    return tuple(out)


def _filled(v: Any) -> tuple[str, ...] | None:
    return None if v is None else tuple(str(f) for f in v)


class _Names:
    """Display names: the label cleaned of undrawable characters, else the seat id."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.seats = [str(s) for s in view.get("seats") or []]
        self.index = {s: i for i, s in enumerate(self.seats)}
        labels = view.get("labels") or {}
        self.names: dict[str, str] = {}
        for s in self.seats:
            name = clean_text(labels.get(s, ""), "bold") if labels.get(s) else ""
            self.names[s] = name if any(ch.isalnum() for ch in name) else clean_text(s) or "?"

    def of(self, seat: Any) -> str:
        return self.names.get(str(seat), clean_text(seat) or "?")

    def idx(self, seat: Any) -> int | None:
        if seat is None:
            return None
        return self.index.get(str(seat))


_LOCK = common.DRAW_LOCK  # shared with every renderer: the fonts are shared


def render(view: dict[str, Any]) -> bytes:
    """The board as PNG bytes. Pure: the same view gives the same bytes."""
    colors = tuple(_hex(c.get("color")) for c in view.get("continents") or [])
    with _LOCK:
        im = render_image(view)
        palette = board_palette(colors)
    return png_bytes(im, palette=palette)


def _hex(value: Any) -> str:
    """A continent colour as given, or grey if it is not one (a bad colour is no reason
    to lose the picture)."""
    try:
        r, g, b = hex_rgb(value)
    except (ValueError, TypeError, AttributeError, IndexError):
        return "#808080"
    return f"#{r:02x}{g:02x}{b:02x}"


@lru_cache(maxsize=4)
def board_palette(continent_colors: tuple[str, ...]) -> Image.Image:
    """The 8-bit palette of every board with these continent colours (built once, ~0.2 s).

    A fixed palette rather than one per picture: a card that did not change keeps exactly
    its pixels from one turn to the next. Flat colours are kept exact; median cut over
    reference boards (every player, locked and free continents, filled lines, targets,
    winners) supplies the anti-aliasing shades.
    """
    conts = [hex_rgb(c) for c in continent_colors]
    exact: list[RGB] = [BG, PANEL, PAPER, LINE_BG, FILLED_BG, FILLED_EDGE, WHITE, INK, MUTED,
                        SOFT, DARK_EDGE, TARGET, GOLD, FAIL, DIE_EDGE, DIE_FACE, GENERAL_BODY,
                        STAR, HORSE, IRON, WOOD, SOLDIER, TRAY_BAND, CELL_HI]
    for pc in PLAYER_COLORS:
        exact += [pc.fill, blend(PAPER, pc.fill, 0.2), blend(pc.fill, WHITE, 0.3),
                  blend(pc.fill, WHITE, 0.25)]
    for c in conts:
        exact += [c, blend(BG, c, 0.3), blend(BG, c, 0.18)] + [
            blend(c, (0, 0, 0), t) for t in (0.25, 0.35, 0.45, 0.5)]
    samples = [render_image(v) for v in _reference_views(continent_colors)]
    return make_palette(samples, exact)


def _reference_views(continent_colors: tuple[str, ...]) -> list[dict[str, Any]]:
    """Boards that show every kind of thing we draw, from the colours alone (so the palette
    depends on nothing else)."""
    seats = [f"p{i}" for i in range(len(PLAYER_COLORS))]
    faces = list(FACES)
    lines = [{"cavalry": 1, "cannon": 1}, {"general": 1, "soldiers": 5}, {"cannon": 2}]
    views = []
    for variant in range(3):
        continents, cards = [], []
        for i, col in enumerate(continent_colors):
            ids = [f"c{i}k0", f"c{i}k1"]
            locked = (i + variant) % 2 == 1
            owner = seats[(i + variant) % len(seats)]
            continents.append({"id": f"c{i}", "name": "Continent", "color": col, "value": 9,
                               "cards": ids, "locked_by": owner if locked else None})
            for j, cid in enumerate(ids):
                own = owner if locked or j else (None if variant == 0 else seats[(i + 3) % 6])
                cards.append({
                    "id": cid, "name": "Card name", "points": j + 1, "provisional": True,
                    "owner": own, "locked": locked,
                    "lines": [{"need": ln, "filled": faces[k:k + 2 + variant] if j else None}
                              for k, ln in enumerate(lines)],
                    "general": {"filled": ["general"] if variant else None} if j else None})
        target = next((c["id"] for c in cards if not c["locked"] and c["general"]), None)
        views.append({
            "game": "risk_express", "seats": seats, "labels": {s: "Name" for s in seats},
            "current": seats[variant], "turn": 9,
            "phase": ("place", "continue", "over")[variant],
            "continents": continents, "cards": cards,
            "attempt": {"card": target, "tray": faces + faces[:1], "set_aside": 2,
                        "failed": variant == 1},
            "scores": {s: 10 + k for k, s in enumerate(seats)},
            "winners": seats[:2] if variant == 2 else None,
        })
    return views


def render_image(view: dict[str, Any]) -> Image.Image:
    """The board as an RGB image (``render`` encodes it); not thread-safe on its own."""
    lang = bt.lang_of(view)
    game = str(view.get("game") or "risk_express")
    names = _Names(view)
    cards_by_id = {c["id"]: c for c in view.get("cards") or []}
    continents = list(view.get("continents") or [])
    groups: list[list[dict[str, Any]]] = []
    seen: set[str] = set()
    for cont in continents:
        ids = cont.get("cards") or [c["id"] for c in view.get("cards") or []
                                    if c.get("continent") == cont.get("id")]
        g = [cards_by_id[i] for i in ids if i in cards_by_id and i not in seen]
        seen.update(c["id"] for c in g)
        groups.append(g)
    stray = [c for c in view.get("cards") or [] if c["id"] not in seen]
    if stray:  # a card whose continent is not listed still gets drawn
        continents.append({"id": "?", "name": bt.word("re.other", lang), "color": "#808080",
                           "value": 0})
        groups.append(stray)
    lay = layout(tuple(len(g) for g in groups), len(names.seats))

    bands = []
    for cont in continents:
        lb = cont.get("locked_by")
        cname = bt.name(game, "continent", cont.get("id"), lang,
                        str(cont.get("name", cont.get("id", "?"))))
        bands.append(BandSpec(
            clean_text(cname), hex_rgb(_hex(cont.get("color"))),
            int(cont.get("value", 0)), names.idx(lb) if lb is not None else None,
            names.of(lb) if lb is not None else ""))
    im = base_image(lay, tuple(bands), lang).copy()
    d = ImageDraw.Draw(im)

    over = view.get("phase") == "over"
    attempt = _attempt(view)
    target = attempt.get("card") if attempt else None
    for band, g, boxes in zip(bands, groups, lay.cards, strict=False):
        for card, box in zip(g, boxes, strict=False):
            owner = card.get("owner")
            oi = names.idx(owner)
            locked = bool(card.get("locked")) or band.locked_by is not None
            general = ""
            gen = card.get("general")
            if locked:
                pass  # face down: nobody can attack it any more
            elif gen is not None:
                general = "filled" if gen.get("filled") else "open"
            elif oi is not None and not over:
                general = "defended"
            spec = CardSpec(
                name=clean_text(bt.name(game, "card", card["id"], lang,
                                        str(card.get("name", card["id"]))), "condensed"),
                points=int(card.get("points", 0)),
                provisional=bool(card.get("provisional")),
                color=band.color,
                owner=oi,
                owner_name=names.of(owner) if owner is not None else "",
                locked=locked,
                lines=tuple(LineSpec(_need(ln.get("need")), _filled(ln.get("filled")))
                            for ln in card.get("lines") or []),
                general=general,
                w=box[2] - box[0],
                h=box[3] - box[1],
            )
            if card["id"] == target:
                x0, y0, x1, y1 = box
                d.rounded_rectangle((x0 - 5, y0 - 5, x1 + 4, y1 + 4), radius=CARD_RADIUS + 4,
                                    fill=TARGET if not attempt.get("failed") else FAIL)
            ci = card_image(spec)
            im.paste(ci, box[:2], ci)
            if card["id"] == target:
                _target_tag(im, box, bool(attempt.get("failed")), lang)
    _draw_header(im, view, attempt, names, cards_by_id, lang)
    _draw_tray(im, lay.panels[-1], attempt, cards_by_id, names, over, lang)
    _draw_scores(im, lay, view, names, lang)
    return im


def _attempt(view: dict[str, Any]) -> dict[str, Any] | None:
    """The attempt to show: this turn's, or (optional rule) the failed one the player may
    take over, which the engine gives as ``view["failed"] = {"card", "seat"}``."""
    if view.get("phase") == "over":
        return None
    att = view.get("attempt")
    if att:
        return att
    failed = view.get("failed")
    if view.get("phase") == "continue" and isinstance(failed, dict) and failed.get("card"):
        return {"card": failed["card"], "tray": [], "set_aside": 0, "failed": True,
                "by": failed.get("seat")}
    return None


def _target_tag(im: Image.Image, box: Box, failed: bool, lang: str) -> None:
    d = ImageDraw.Draw(im)
    text = bt.word("re.failed" if failed else "re.attack", lang)
    f = font(16)
    tw = text_width(text, f)
    cx = (box[0] + box[2]) // 2
    y = box[3] - 6
    col = FAIL if failed else TARGET
    d.rounded_rectangle((cx - tw // 2 - 8, y, cx + tw // 2 + 8, y + 22), radius=11, fill=col,
                        outline=INK, width=2)
    d.text((cx, y + 11), text, font=f, fill=INK, anchor="mm")


def _draw_header(im: Image.Image, view: dict[str, Any], attempt: dict[str, Any] | None,
                 names: _Names, cards: dict[str, Any], lang: str) -> None:
    d = ImageDraw.Draw(im)
    cy = HEADER_H // 2
    phase = view.get("phase")
    turn = view.get("turn")
    current = view.get("current")
    winners = view.get("winners") or []
    target = cards.get(attempt.get("card")) if attempt else None
    game = str(view.get("game") or "risk_express")
    target_name = clean_text(bt.name(game, "card", target.get("id"), lang,
                                     str(target.get("name", "")))) if target else ""
    x = MARGIN + 2
    if phase == "over" or (current is None and winners):
        ck = 40
        paste_icon(im, crown_icon(ck), (x, cy - ck // 2 - 2))
        x += ck + 10
        win = [names.of(s) for s in winners]
        lead = bt.word("re.game_over", lang)
        if not win:
            msg = lead + bt.word("re.no_winner", lang)
            rest = ""
        else:
            rest = bt.word("re.win" if len(win) > 1 else "re.wins", lang)
            msg = lead + bt.word("re.and", lang).join(win)
        f, msg = fit_font(msg, W - MARGIN - x - text_width(rest, font(30)) - 10, (32, 30, 28, 26))
        d.text((x, cy), msg + rest, font=f, fill=GOLD, anchor="lm")
        return
    ci = names.idx(current)
    tk = 38
    if ci is not None:
        paste_icon(im, token_icon(ci, tk, WHITE), (x, cy - tk // 2))
        x += tk + 10
    by = attempt.get("by") if attempt else None
    if phase == "continue" and target_name and by is not None:
        status = bt.word("re.continue_by", lang, who=names.of(by), card=target_name)
    elif phase == "continue":
        status = bt.word("re.continue", lang, card=target_name or "?")
    elif target_name:
        status = bt.word("re.attacking", lang, card=target_name)
    else:
        status = bt.word("re.rolls", lang)
    sf = font(22, "regular")
    f = font(32)
    lead = bt.word("re.turn", lang, n=turn) if turn is not None else ""
    who = names.of(current) if current is not None else "?"
    tail = bt.word("re.to_play", lang)
    lead_w = text_width(lead, f)
    avail = W - MARGIN - 4 - x - 24  # both texts, and a gap between them
    main_w = lead_w + text_width(who + tail, f)
    # the status gets what the turn line leaves, but never less than 360 px
    status_w = min(text_width(status, sf), max(360, avail - main_w))
    status = fit_text(status, sf, status_w)
    room = avail - status_w
    who = fit_text(who, f, max(40, room - lead_w - text_width(tail, f)))
    d.text((x, cy), lead, font=f, fill=WHITE, anchor="lm")
    colr = PLAYER_COLORS[ci].fill if ci is not None else WHITE
    colr = blend(colr, WHITE, 0.25)
    d.text((x + lead_w, cy), who, font=f, fill=colr, anchor="lm")
    d.text((x + lead_w + text_width(who, f), cy), tail, font=f, fill=WHITE, anchor="lm")
    d.text((W - MARGIN - 4, cy), status, font=sf, fill=SOFT, anchor="rm")


def _draw_tray(im: Image.Image, panel: Box, attempt: dict[str, Any] | None,
               cards: dict[str, Any], names: _Names, over: bool, lang: str) -> None:
    d = ImageDraw.Draw(im)
    x0, y0, x1, y1 = panel
    top = y0 + BAND_H + 8
    if not attempt:
        msg = bt.word("re.over" if over else "re.no_dice", lang)
        d.text(((x0 + x1) // 2, (top + y1) // 2), msg, font=font(20, "regular"),
               fill=MUTED, anchor="mm", align="center")
        return
    tray = [str(f) for f in attempt.get("tray") or []]
    aside = int(attempt.get("set_aside") or 0)
    card = cards.get(attempt.get("card")) if attempt.get("card") else None
    f = font(19, "regular")
    y = top + 28
    if attempt.get("failed"):
        d.text((x0 + 10, top + 10), fit_text(bt.word("re.attack_failed", lang), font(20),
                                             x1 - x0 - 20), font=font(20), fill=FAIL, anchor="lm")
        if attempt.get("by") is not None:
            who = fit_text(bt.word("re.by", lang, who=names.of(attempt["by"])), f, x1 - x0 - 20)
            d.text((x0 + 10, top + 36), who, font=f, fill=SOFT, anchor="lm")
            y += 26
    elif card:
        game = "risk_express"
        cname = bt.name(game, "card", card.get("id"), lang, str(card.get("name", "")))
        label = fit_text("→ " + clean_text(cname), font(20), x1 - x0 - 20)
        d.text((x0 + 10, top + 10), label, font=font(20), fill=TARGET, anchor="lm")
    else:
        d.text((x0 + 10, top + 10), fit_text(bt.word("re.choose", lang), f, x1 - x0 - 20), font=f,
               fill=SOFT, anchor="lm")
    # dice in the tray: up to 4 a row, big
    per_row = 4
    inner = x1 - x0 - 16
    size = min(46, (inner - (per_row - 1) * 6) // per_row)
    for r in range(0, max(1, len(tray)), per_row):
        chunk = tray[r:r + per_row]
        x = x0 + 8
        for face in chunk:
            paste_icon(im, die_icon(face, size), (x, y))
            x += size + 6
        if chunk:
            y += size + 6
    if not tray and not attempt.get("failed"):
        d.text((x0 + 10, y + size // 2), bt.word("re.empty", lang), font=f, fill=MUTED,
               anchor="lm")
        y += size + 6
    # set aside: small empty slots, so the dice count stays visible
    if aside:
        y = max(y + 2, y1 - 8 - 28 - 24)
        d.text((x0 + 10, y + 10), fit_text(bt.word("re.aside", lang, n=aside), f, x1 - x0 - 20),
               font=f, fill=SOFT, anchor="lm")
        gs = 26
        for k in range(min(aside, 7)):
            paste_icon(im, ghost_die(gs), (x0 + 8 + k * (gs + 4), y + 24))


def _draw_scores(im: Image.Image, lay: Layout, view: dict[str, Any], names: _Names,
                 lang: str) -> None:
    d = ImageDraw.Draw(im)
    sx0, sy0, sx1, sy1 = lay.score
    scores = view.get("scores") or {}
    current = view.get("current")
    over = view.get("phase") == "over"
    winners = {str(w) for w in view.get("winners") or []}
    owned: dict[str, int] = {}
    for c in view.get("cards") or []:
        if c.get("owner") is not None:
            owned[str(c["owner"])] = owned.get(str(c["owner"]), 0) + 1
    cols = lay.score_cols
    cw = (sx1 - sx0 - 12 - (cols - 1) * 8) // cols
    for i, seat in enumerate(names.seats):
        r, c = divmod(i, cols)
        x0 = sx0 + 6 + c * (cw + 8)
        y0 = sy0 + 6 + r * (SCORE_CELL_H + 6)
        box = (x0, y0, x0 + cw, y0 + SCORE_CELL_H)
        cy = y0 + SCORE_CELL_H // 2
        is_cur = not over and str(current) == seat
        is_win = seat in winners
        pc = PLAYER_COLORS[i % len(PLAYER_COLORS)]
        if is_cur or is_win:
            d.rounded_rectangle(box, radius=10, fill=CELL_HI,
                                outline=GOLD if is_win else WHITE, width=3)
        x = x0 + 8
        if is_cur:
            play_triangle(d, (x, cy - 10, x + 16, cy + 10), WHITE)
        elif is_win:
            ck = 26
            paste_icon(im, crown_icon(ck), (x - 5, cy - ck // 2 - 2))
        x += 22
        tk = 30
        paste_icon(im, token_icon(i, tk, WHITE), (x, cy - tk // 2))
        x += tk + 8
        right = x0 + cw - 10
        score = bt.fmt_num(int(scores.get(seat, 0) or 0), lang)
        sf = font(30)
        d.text((right, cy), score, font=sf, fill=WHITE, anchor="rm")
        right -= text_width(score, sf) + 10
        n = owned.get(seat, 0)
        cards_txt = bt.word("re.cards", lang, n=n)
        cf = font(17, "regular")
        d.text((right, cy + 1), cards_txt, font=cf, fill=MUTED, anchor="rm")
        right -= text_width(cards_txt, cf) + 10
        nf = font(24)
        name = fit_text(names.of(seat), nf, right - x)
        d.text((x, cy), name, font=nf, fill=blend(pc.fill, WHITE, 0.3), anchor="lm")


def warm() -> None:
    """The palette of the real deck's continent colours and its page backgrounds: built
    now (~0.3 s) rather than on the first throw of the first game."""
    import json
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "data" / "risk_express" / "cards.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    cards = data["cards"]
    continents = [{"id": c["id"], "name": c["name"], "color": c["color"], "value": c["value"],
                   "cards": [k["id"] for k in cards if k["continent"] == c["id"]],
                   "locked_by": None} for c in data["continents"]]
    for lang in bt.LANGS:  # render() takes the drawing lock
        for n in (2, 3, 4, 5):
            seats = [f"s{i}" for i in range(n)]
            view = {"game": "risk_express", "lang": lang, "seats": seats, "labels": {},
                    "current": seats[0], "turn": 1, "phase": "place",
                    "continents": continents,
                    "cards": [{"id": k["id"], "name": k["name"], "continent": k["continent"],
                               "points": k["points"], "owner": None, "locked": False,
                               "lines": [{"need": dict(ln), "filled": None}
                                         for ln in k["lines"]], "general": None}
                              for k in cards],
                    "attempt": None, "scores": {s: 0 for s in seats}, "winners": None}
            render(view)


def clear_caches() -> None:
    """Forget every cached drawing (tests use it to prove caching never changes a byte)."""
    for fn in (die_icon, ghost_die, soldier_glyph, coin_icon, _hatch, card_image, layout,
               base_image, board_palette):
        fn.cache_clear()
    common.clear_caches()
