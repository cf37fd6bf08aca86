"""A country card of Risk Express: its battle lines, owner and lock, as one cached picture
per distinct state (a card that did not change is pasted, never redrawn)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, NamedTuple

from PIL import Image, ImageDraw

from renderers.kit import (
    INK,
    PLAYER_COLORS,
    RGB,
    WHITE,
    Box,
    blend,
    check_mark,
    fit_font,
    fit_text,
    font,
    padlock_icon,
    paste_icon,
    text_on,
    text_width,
    token_icon,
)
from renderers.risk_express.icons import coin_icon, die_icon, soldier_glyph
from renderers.risk_express.look import (
    DARK_EDGE,
    FAIL,
    FILLED_BG,
    FILLED_EDGE,
    LINE_BG,
    PAPER,
    SYMBOL_ORDER,
)


class LineSpec(NamedTuple):
    need: tuple[tuple[str, int], ...]  # symbols in SYMBOL_ORDER, then ("soldiers", n)
    filled: tuple[str, ...] | None  # the faces placed on it, or None


class CardSpec(NamedTuple):
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
    changed: bool = False  # taken since the player's last move: ringed


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


@lru_cache(maxsize=32)  # ~30 KB each: a game's open lines, and the filled ones in play
def _line_image(body: RGB, w: int, h: int, box: Box, line: LineSpec) -> Image.Image:
    """A line as drawn at ``box`` on a card of that body colour and size (drawn on its
    own box, shifted: the same pixels): a throw changes one line of one card, the others
    are pasted."""
    x0, y0, x1, y1 = box
    im = Image.new("RGBA", (x1 - x0 + 1, y1 - y0 + 1), (*body, 255))
    _draw_line(im, (0, 0, x1 - x0, y1 - y0), line)
    return im


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


@lru_cache(maxsize=8)
def _hatch(bg: RGB, stripe: RGB, w: int, h: int) -> Image.Image:
    """The diagonal stripes of a face-down card."""
    im = Image.new("RGB", (w, h), bg)
    d = ImageDraw.Draw(im)
    for k in range(-h, w, 18):
        d.line((k, h, k + h, 0), fill=stripe, width=6)
    return im


def _body(spec: CardSpec) -> RGB:
    """The colour of the card's face."""
    if spec.locked:
        return blend(spec.color, (0, 0, 0), 0.5)
    owner = PLAYER_COLORS[spec.owner] if spec.owner is not None else None
    return blend(PAPER, owner.fill, 0.2) if owner else PAPER


def _line_boxes(spec: CardSpec, n: int) -> list[Box]:
    """Where the ``n`` battle lines of an open card go."""
    bw = CARD_BORDER_OWNED if spec.owner is not None else 2
    ix0, iy0, ix1, iy1 = bw, bw, spec.w - 1 - bw, spec.h - 1 - bw
    # a card nobody owns has no owner band: its lines take the whole face
    top = iy0 + CARD_HEAD + 5
    bottom = iy1 - (CARD_FOOT if spec.owner is not None else 0) - 5
    k = max(1, n)
    row_h = min(40, (bottom - top - (k - 1) * 5) // k)
    used = k * row_h + (k - 1) * 5
    y = top + (bottom - top - used) // 2
    return [(ix0 + 7, y + i * (row_h + 5), ix1 - 7, y + i * (row_h + 5) + row_h)
            for i in range(n)]


def card_image(spec: CardSpec) -> Image.Image:
    """A card's picture (RGBA, transparent round corners): its shell (everything but the
    battle lines, the same from one throw to the next) and its lines, each an opaque
    piece, both cached (the card itself is drawn once per state for its palette tile)."""
    if spec.locked or not spec.lines:
        im = _shell(spec)
        return _ringed(im) if spec.changed else im
    im = _shell(spec._replace(lines=((),) * len(spec.lines))).copy()  # type: ignore[arg-type]
    body = _body(spec)
    for lb, line in zip(_line_boxes(spec, len(spec.lines)), spec.lines, strict=True):
        im.paste(_line_image(body, spec.w, spec.h, lb, line), lb[:2])
    return _ringed(im) if spec.changed else im


def _ringed(im: Image.Image) -> Image.Image:
    """A card taken since the player's last move: a red ring on its outer edge (within its
    own box: pieces never overlap)."""
    im = im.copy()
    ImageDraw.Draw(im).rounded_rectangle((0, 0, im.width - 1, im.height - 1), radius=CARD_RADIUS,
                                         outline=FAIL, width=7)
    return im


@lru_cache(maxsize=4)  # ~190 KB each: the target card and the ones just drawn (a piece is kept once mapped)
def _shell(spec: CardSpec) -> Image.Image:
    """The card without its battle lines (``spec.lines`` only counts them)."""
    w, h = spec.w, spec.h
    im = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    owner = PLAYER_COLORS[spec.owner] if spec.owner is not None else None
    edge = owner.fill if owner else DARK_EDGE
    bw = CARD_BORDER_OWNED if owner else 2
    body = _body(spec)
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


def need_of(need: Any) -> tuple[tuple[str, int], ...]:
    """A line's need from the view, in the order it is drawn (symbols, then soldiers)."""
    need = dict(need or {})
    out = [(k, int(need[k])) for k in SYMBOL_ORDER if need.get(k)]
    out += [(str(k), int(v)) for k, v in sorted(need.items())
            if k not in SYMBOL_ORDER and k != "soldiers" and v]
    if need.get("soldiers"):
        out.append(("soldiers", int(need["soldiers"])))
    return tuple(out)


def filled_of(v: Any) -> tuple[str, ...] | None:
    """The faces placed on a line, or None while it is open."""
    return None if v is None else tuple(map(str, v))
