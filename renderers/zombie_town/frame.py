"""The fixed palette and each language's frame (the static board as a palette image), built
once; and the tiles drawn over it (a street square, a house), cached by what they show.

A tile is composed in RGB over its own piece of the frame, mapped to the fixed palette and
kept: a board is the frame copied and, for every square with something on it, a cached
tile pasted. A turn changes a few squares, so most tiles come from the cache, and a render
costs little more than the PNG encoding of the page."""

from __future__ import annotations

import threading
from functools import cache

from PIL import Image, ImageDraw

import renderers.zombie_town.art as art
import renderers.zombie_town.sprites as sprites
from renderers.kit import PLAYER_COLORS, disk, draw_text, font, make_palette, token_icon
from renderers.kit.layer import Patches, diff_patches, patched_copy, patched_crop, same_pixels
from renderers.kit.memo import kept
from renderers.zombie_town.look import (
    CELL,
    DAMAGE,
    HOUSE_IN,
    INK,
    PAGE,
    PLANK,
    PLANK_EDGE,
    ROW_BG,
    ROW_BG_CURRENT,
    STREET,
    WHITE,
    house_colour,
)

_BUILD = threading.RLock()

Tile = tuple[Image.Image, tuple[int, int]]


@cache
def palette() -> Image.Image:
    """The board's 256 colours: the exact flat colours first, then shades found by median cut
    over both languages' static boards and a sheet of every kind of piece (~0.3 s, most of a
    first board's cost: kept on disk when the bot says where, :mod:`renderers.kit.disk`, and
    read back on the next start, the very same entries)."""
    kept = disk.load("zombie-palette")
    if isinstance(kept, list) and len(kept) == 768 and all(isinstance(v, int) for v in kept):
        pal = Image.new("P", (1, 1))
        pal.putpalette(kept)
        return pal
    samples = [art.draw_board("en"), art.draw_board("fr"), _sample_sheet()]
    pal = make_palette(samples, art.exact_colours())
    if disk.directory() is not None:
        disk.store("zombie-palette", list(pal.getpalette() or []))
    return pal


def _sample_sheet() -> Image.Image:
    """Every piece on each background it is drawn on: the shades of their edges."""
    pieces = [sprites.zombie(24), sprites.zombie(18), sprites.key_back(20), sprites.plank(18), sprites.heart(16, True),
              sprites.heart(16, False), sprites.card_back(20), sprites.agenda(20), sprites.gun(20), sprites.blade(20),
              sprites.survivor(18), sprites.skull(20)]
    pieces += [token_icon(i, n) for i in range(len(PLAYER_COLORS)) for n in (24, 18, 22)]
    pieces += [sprites.car(CELL - 6, house_colour(h), hd, br) for h in "ab" for hd in ("N", "NE") for br in (False, True)]
    sheet = Image.new("RGB", (64 * len(pieces), 64 * 4), PAGE)
    for row, bg in enumerate((STREET, HOUSE_IN, ROW_BG, ROW_BG_CURRENT)):
        ImageDraw.Draw(sheet).rectangle((0, row * 64, sheet.width, row * 64 + 63), fill=bg)
        for i, p in enumerate(pieces):
            sheet.paste(p, (i * 64 + 2, row * 64 + 2), p)
        d = ImageDraw.Draw(sheet)
        for i in range(10):
            draw_text(d, (i * 40 + 2, row * 64 + 40), f"{i}×", font(16, "bold"), WHITE, outline=INK)
            draw_text(d, (i * 40 + 400, row * 64 + 40), "Abc", font(15, "bold"), (236, 238, 242))
    return sheet


# language → (the static board, or None: the first language's board + the boxes where this
# one's words differ, :mod:`renderers.kit.layer`, ~1.1 MB less a language past the first)
_STATIC: dict[str, tuple[Image.Image | None, Image.Image | None, Patches]] = {}


def _static(lang: str) -> tuple[Image.Image | None, Image.Image | None, Patches]:
    hit = _STATIC.get(lang)
    if hit is None:
        with _BUILD:
            hit = _STATIC.get(lang)
            if hit is None:
                im = _drawn_frame(lang)
                first = next((w for w, _r, _p in _STATIC.values() if w is not None), None)
                patches = diff_patches(first, im) if first is not None else None
                # read back after a release: the very board another language keeps as its first
                im = next((r for _w, r, _p in _STATIC.values() if r is not None and same_pixels(r, im)), im)
                hit = _STATIC[lang] = (None, first, patches) if patches is not None else (im, None, ())
    return hit


def _drawn_frame(lang: str) -> Image.Image:
    """The static board in ``lang`` mapped to the palette, as drawn before when it is on disk
    (its indices and palette: the same pixels), else drawn (and stored)."""
    name = f"zombie-frame-{lang}"
    kept = disk.load(name)
    if isinstance(kept, tuple) and len(kept) == 3:
        size, data, pal = kept
        try:
            im = Image.frombytes("P", size, data)
            im.putpalette(pal)
            return im
        except (TypeError, ValueError):  # another shape: drawn again
            pass
    im = _quantize(art.draw_board(lang))
    if disk.directory() is not None:
        disk.store(name, (im.size, im.tobytes(), im.getpalette()))
    return im


def frame(lang: str) -> Image.Image:
    """The static board in ``lang`` as a palette image, for six players' tables (cropped for
    fewer): a new image when kept as patches."""
    whole, ref, patches = _static(lang)
    return whole if whole is not None else patched_copy(ref, patches)  # type: ignore[arg-type]


def frame_crop(lang: str, box: tuple[int, int, int, int]) -> Image.Image:
    """The static board's part ``box`` in ``lang``."""
    whole, ref, patches = _static(lang)
    return whole.crop(box) if whole is not None else patched_crop(ref, patches, box)  # type: ignore[arg-type]


def _quantize(im: Image.Image) -> Image.Image:
    return im.convert("RGB").quantize(palette=palette(), dither=Image.Dither.NONE)


def to_palette(im: Image.Image) -> Image.Image:
    """A tile: ``im`` mapped to the board's palette, kept as its indices alone (mode "L": the
    palette is the frame's, and a palette image would carry its own copy, ~3 KB a tile)."""
    q = _quantize(im)
    return Image.frombytes("L", q.size, q.tobytes())


def _base(lang: str, box: tuple[int, int, int, int]) -> Image.Image:
    return frame_crop(lang, box).convert("RGBA")


def _paste(im: Image.Image, icon: Image.Image, x: int, y: int) -> None:
    im.alpha_composite(icon, (int(x), int(y)))


def _count(d: ImageDraw.ImageDraw, x: int, y: int, n: int, size: int = 15, anchor: str = "lm") -> None:
    draw_text(d, (x, y), str(n), font(size, "bold"), WHITE, outline=INK, outline_width=2, anchor=anchor)


# ------------------------------------------------------------------------------ street square

@kept(1024)  # ~3 KB each: at most ~3 MB
def square_tile(lang: str, sq: str, car: tuple[str, str, int, bool, int | None] | None, players: tuple[int, ...],
                zombies: int, parked: str | None, steps: tuple[str, ...] = (), marked: bool = False) -> Tile:
    """A street square with what is on it: a car (house, heading, damage, broken, driver's
    index), the players' tokens, the zombies (a badge with their number when more than one),
    and when the car is parked on a house's facade, the barricade it makes on the door's side.
    ``steps``: the sides (N, E, S, W) a zombie here may step to now (the zombie phase), each a
    yellow chevron on that edge."""
    x, y = art.square_xy(sq)
    box = art.cell_box(x, y)
    im = _base(lang, box)
    d = ImageDraw.Draw(im)
    if car is not None:
        house, heading, damage, broken, driver = car
        _paste(im, sprites.car(CELL - 4, house_colour(house), heading, broken), 2, 2)
        for i in range(4):  # damage: red squares, out of four
            x0 = 9 + i * 10
            d.rectangle((x0, CELL - 9, x0 + 7, CELL - 3), fill=DAMAGE if i < damage else (235, 235, 235), outline=INK)
        if driver is not None:
            _paste(im, token_icon(driver, 26), CELL // 2 - 13, CELL // 2 - 15)
        else:
            draw_text(d, (CELL // 2, CELL // 2 - 2), house.upper(), font(15, "bold"), WHITE, outline=INK,
                      outline_width=2, anchor="mm")
    if parked is not None:  # a bar of planks on the door's side
        t = 7
        bar = {"N": (2, 0, CELL - 3, t), "S": (2, CELL - 1 - t, CELL - 3, CELL - 1),
               "W": (0, 2, t, CELL - 3), "E": (CELL - 1 - t, 2, CELL - 1, CELL - 3)}[parked]
        d.rectangle(bar, fill=PLANK, outline=PLANK_EDGE, width=2)
    n = len(players)
    if car is not None:  # around the car: corners
        size, slots = 20, [(1, 1), (35, 1), (1, 35), (35, 35)]
    elif zombies:  # a row above the zombies
        size = 26 if n <= 2 else 18
        slots = [(1, 1), (29, 1)] if n <= 2 else [(1 + 18 * i, 1) for i in range(3)]
    else:
        size = 40 if n == 1 else 27 if n == 2 else 26
        slots = [(8, 8)] if n == 1 else [(1, 14), (28, 14)] if n == 2 else \
            [(2 + 26 * (i % 2), 2 + 26 * (i // 2)) for i in range(4)]
    for p, (px, py) in zip(players, slots, strict=False):
        _paste(im, token_icon(p, size), px, py)
    if len(players) > len(slots):
        _count(d, CELL - 4, 10, len(players), 13, anchor="rm")
    if zombies:
        if car is not None:
            zs, zx, zy = 26, CELL - 30, CELL - 34
        elif players:
            zs, zx, zy = 28, 2, CELL - 30
        else:
            zs, zx, zy = 38, 4 if zombies > 1 else 9, 6 if zombies > 1 else 9
        _paste(im, sprites.zombie(zs), zx, zy)
        if zombies > 1:
            _badge(d, zx + zs - 4, zy + zs - 8, zombies)
    for side in steps:
        _chevron(d, side)
    if marked:  # zombies came here since the player's last move
        d.rectangle((1, 1, im.width - 2, im.height - 2), outline=DAMAGE, width=4)
    return to_palette(im), box[:2]


def _badge(d: ImageDraw.ImageDraw, x: int, y: int, n: int, right: int = CELL) -> None:
    """A dark round badge with a number, its left edge at ``x`` (kept left of ``right``),
    centred on ``y``."""
    f = font(14, "bold")
    t = str(n)
    w = max(20, int(f.getlength(t)) + 9)
    x = min(x, right - w - 1)
    d.rounded_rectangle((x, y - 10, x + w, y + 10), radius=10, fill=INK, outline=WHITE, width=1)
    draw_text(d, (x + w / 2, y + 1), t, f, WHITE, anchor="mm")


def _chevron(d: ImageDraw.ImageDraw, side: str) -> None:
    c, e, h = CELL // 2, 3, 7
    pts = {"N": [(c - h, e + h), (c, e), (c + h, e + h)], "S": [(c - h, CELL - 1 - e - h), (c, CELL - 1 - e),
                                                                 (c + h, CELL - 1 - e - h)],
           "W": [(e + h, c - h), (e, c), (e + h, c + h)], "E": [(CELL - 1 - e - h, c - h), (CELL - 1 - e, c),
                                                                 (CELL - 1 - e - h, c + h)]}[side]
    d.line(pts, fill=INK, width=6, joint="curve")
    d.line(pts, fill=(255, 214, 90), width=3, joint="curve")


# ------------------------------------------------------------------------------ house

@kept(256)  # ~12.5 KB each: at most ~3.2 MB (twelve houses a game: ~20 games' boards)
def house_tile(lang: str, house: str, owner: int | None, barricades: int, card: int, guards: int, key: bool,
               players: tuple[int, ...], zombies: int, marked: bool = False) -> Tile:
    """A house with what is in it: its owner's token, its key face down, the players and the
    zombies inside, its barricades (planks across the door, and their number), the searches
    left and the guards."""
    h = art.houses()[house]
    im = _base(lang, h.box)
    d = ImageDraw.Draw(im)
    w, ht = im.size
    if owner is not None:  # the owner's chip, top right
        _paste(im, token_icon(owner, 24), w - 33, 8)
    if key:
        _paste(im, sprites.key_back(22), w - 58 if owner is not None else w - 32, 9)
    step = 26 if len(players) + bool(zombies) <= 3 else 19
    for i, p in enumerate(players[:5]):  # the players inside
        _paste(im, token_icon(p, step), 8 + i * step, 50)
    if zombies:
        zx = min(8 + min(len(players), 5) * step + 2, w - 44)
        _paste(im, sprites.zombie(28), zx, 48)
        if zombies > 1:
            _badge(d, zx + 24, 66, zombies, w)
    y = ht - 30
    x = 9
    f = font(15, "bold")
    if barricades:  # barricades, then guards, then the searches left: each an icon and its number
        _paste(im, sprites.plank(20), x, y)
        draw_text(d, (x + 21, y + 10), str(barricades), f, INK, anchor="lm")
        x += 33
    if guards:
        _paste(im, sprites.survivor(18), x, y + 1)
        draw_text(d, (x + 19, y + 10), str(guards), f, INK, anchor="lm")
    _paste(im, sprites.card_back(20), w - 38, y)
    draw_text(d, (w - 19, y + 10), str(card), f, INK, anchor="lm")
    if barricades:  # planks across the door as well
        _planks_on_door(d, h, barricades, w, ht)
    if marked:  # zombies came or the house changed hands since the player's last move
        d.rectangle((1, 1, w - 2, ht - 2), outline=DAMAGE, width=4)
    return to_palette(im), h.box[:2]


def _planks_on_door(d: ImageDraw.ImageDraw, h: art.House, n: int, w: int, ht: int) -> None:
    fx, fy = art.square_xy(h.facade)
    for i in range(min(n, 3)):
        off = (i - (min(n, 3) - 1) / 2) * 9
        if h.door in "NS":
            cx = min(max(art.MARGIN + fx * CELL + CELL // 2 - h.box[0], 22), w - 22) + off
            y = 1 if h.door == "N" else ht - 10
            d.line([(cx - 5, y), (cx + 5, y + 9)], fill=PLANK_EDGE, width=5)
            d.line([(cx - 5, y), (cx + 5, y + 9)], fill=PLANK, width=3)
        else:
            cy = min(max(art.HEADER_H + art.MARGIN + fy * CELL + CELL // 2 - h.box[1], 22), ht - 22) + off
            x = 1 if h.door == "W" else w - 10
            d.line([(x, cy - 5), (x + 9, cy + 5)], fill=PLANK_EDGE, width=5)
            d.line([(x, cy - 5), (x + 9, cy + 5)], fill=PLANK, width=3)


# ------------------------------------------------------------------------------ the live frame

Slot = tuple[str, str]  # ("square", "E5"), ("house", "a"), ("header", "day"), ("row", "0") …


class Live:
    """A language's board as last drawn: the frame with, at each slot, the tile pasted there.
    A board pastes only the tiles that are not already in place and puts the static frame back
    where a slot is now empty, so a turn costs a few pastes; the picture is the same as if
    every tile were pasted on a fresh frame (slots never overlap)."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.im = frame(lang).copy()
        self.placed: dict[Slot, tuple[Image.Image, tuple[int, int]]] = {}

    def show(self, pieces: dict[Slot, Tile], height: int) -> Image.Image:
        """The board with ``pieces`` (slot → (tile, top-left)), cut to ``height``: a new image."""
        im, placed = self.im, self.placed
        for slot in [s for s in placed if s not in pieces]:
            tile, (x, y) = placed.pop(slot)
            im.paste(frame_crop(self.lang, (x, y, x + tile.width, y + tile.height)), (x, y))
        for slot, (tile, xy) in pieces.items():
            old = placed.get(slot)
            if old is None or old[0] is not tile or old[1] != xy:
                if old is not None and (old[1] != xy or old[0].size != tile.size):
                    x, y = old[1]
                    im.paste(frame_crop(self.lang, (x, y, x + old[0].width, y + old[0].height)), (x, y))
                x, y = xy  # the tile's indices straight into the palette board's
                im.im.paste(tile.im, (x, y, x + tile.width, y + tile.height))
                placed[slot] = (tile, xy)
        return im.crop((0, 0, im.width, height))


_LIVE: dict[str, Live] = {}


def live(lang: str) -> Live:
    """The language's live frame (call with the drawing lock held)."""
    frame_ = _LIVE.get(lang)
    if frame_ is None:
        frame_ = _LIVE[lang] = _taken(lang) or Live(lang)
    return frame_


def release(lang: str) -> None:
    """Let go of the board in ``lang`` as last drawn and of its static frame when that is
    kept on disk (memory, issue 29: :func:`renderers.release`; under the drawing lock): the
    next board reads the frame back (the same pixels) and pastes its tiles again."""
    _LIVE.pop(lang, None)
    if disk.has(f"zombie-frame-{lang}"):
        with _BUILD:
            _STATIC.pop(lang, None)


def lives() -> dict[str, tuple[Image.Image, dict[Slot, tuple[Image.Image, tuple[int, int]]]]]:
    """Each language's board as last drawn (copies: call with the drawing lock held), for
    the next process (``renderers.zombie_town.keep``)."""
    return {lang: (lv.im.copy(), dict(lv.placed)) for lang, lv in _LIVE.items()}


def take_lives(got: dict[str, tuple[Image.Image, dict[Slot, tuple[Image.Image, tuple[int, int]]]]]) -> None:
    """Put back :func:`lives` of another process (its tiles the ones the caches hold, the
    same objects), each language's when its first board is drawn here (:func:`live`; a
    board of another size or mode than this frame's is left out)."""
    _KEPT.clear()
    _KEPT.update(got)


_KEPT: dict[str, tuple[Image.Image, dict[Slot, tuple[Image.Image, tuple[int, int]]]]] = {}


def taken_languages() -> list[str]:
    """The languages whose board :func:`take_lives` put back, not drawn on yet."""
    return list(_KEPT)


def _taken(lang: str) -> Live | None:
    im, placed = _KEPT.pop(lang, (None, None))
    if not isinstance(im, Image.Image) or not isinstance(placed, dict):
        return None
    base = frame(lang)
    if im.size != base.size or im.mode != base.mode:
        return None
    lv = Live.__new__(Live)
    lv.lang, lv.im, lv.placed = lang, im, placed
    return lv


def clear() -> None:
    for fn in (square_tile, house_tile):
        fn.cache_clear()
    _LIVE.clear()
    _KEPT.clear()
