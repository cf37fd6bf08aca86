"""The Risk Express board as an 8-bit palette image, kept up to date piece by piece.

``render_image`` draws an RGB board that ``png_bytes`` would then map to the fixed palette,
pixel by pixel (nearest entry, no dithering): ~5 ms of conversion and ~5 ms of alpha
pastes on a 1200×1000 board, twice the PNG encode itself. The mapping of a pixel depends
on that pixel only, so the board can be mapped piece by piece, and each piece once:

* a card (highlight and tag included if it is the target), the header, the tray and each
  score cell is a *piece*: drawn on a small RGB sheet holding the background of its region
  (its coordinates shifted by the region's corner), mapped once and kept per content;
* a *frame* per background (lock pattern, language, palette) is the palette board as last
  composed on it, with what each piece shows: a board pastes only the pieces whose
  content changed since (a throw: the target card, the tray, the header), then is copied
  for the encoder.

Pieces never overlap (checked once per background; a layout where they would is drawn
whole), so the order of the pastes does not matter, except the target's highlight, which
reaches 2 px into its neighbours' margins: the target is pasted last, and a card that
stops being the target is pasted once over the whole area its highlight and tag covered.

The result equals ``quantize(render_image(view), palette)`` pixel for pixel (the picture
tests and ``tests/renderers/risk_express/test_frame.py`` check it).
"""

from __future__ import annotations

import hashlib
import itertools
import threading
import zlib
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from PIL import Image

from renderers.kit import DRAW_LOCK, Box, disk, quantize
from renderers.kit.png import Band, touch
from renderers.risk_express.layout import base_image
from renderers.risk_express.look import BAND_H, HEADER_H, W
from renderers.risk_express.page import Placed, Plan, draw_card, plan, render_image, target_region
from renderers.risk_express.panels import (
    ScoreCell,
    draw_header,
    draw_score_cell,
    draw_tray,
    score_cells,
)

TILES = 32  # a card piece is ~50 KB: ~1.6 MB (a frame keeps what it shows anyway)
PANELS = 32  # score cells (~30 KB each)
AREAS = 4  # RGB backgrounds of areas, decompressed (a throw draws on three: target, tray, header): ~1 MB at most
FRAMES = 4  # 1.3 MB each: the default language's four score layouts (2, 3, 4, 5–6 players)

Draw = Callable[[Image.Image, int, int], None]  # draws a piece on a sheet at (-dx, -dy)


@dataclass
class _Frame:
    key: Any  # the background's (layout, bands, language, palette)
    image: Image.Image  # the palette board as last composed
    shown: dict[Any, tuple[Any, Box]]  # per slot: what its piece shows, and its region
    sk: int  # a small id of the background, for the pieces' keys
    safe: bool  # no two pieces overlap
    areas: list[Box]  # every region a piece of this background may take (one per slot)
    lent: bool = False  # ``image`` is being encoded (:func:`lend_frame`): copy it first
    # the RGB background of each area, compressed (~15 KB in all): pieces are drawn on it
    backdrops: dict[Box, bytes] = field(default_factory=dict)
    # ``image``'s rows, deflated band by band (``kit.png.banded_png``): a paste drops the
    # bands it touches, the encoder deflates those again (~60 KB a frame)
    zbands: dict[int, Band] = field(default_factory=dict)


@dataclass
class _Caches:
    """Frames per background, then the pieces drawn on them (keyed by the frame and what
    they show), least recently used first; the RGB background stays in ``base_image``'s
    own small cache."""

    frames: OrderedDict[Any, _Frame] = field(default_factory=OrderedDict)
    tiles: OrderedDict[Any, Image.Image] = field(default_factory=OrderedDict)
    panels: OrderedDict[Any, Image.Image] = field(default_factory=OrderedDict)
    # the RGB backgrounds of the areas last drawn on, decompressed (a card's ~140 KB, the
    # header's ~320 KB): a throw draws on the same few areas (target, tray, header)
    areas: OrderedDict[Any, Image.Image] = field(default_factory=OrderedDict)
    last: _Frame | None = None  # the frame of this board
    before: _Frame | None = None  # the frame of the board before
    drawn: int = 0  # boards composed since the last :func:`keep` or :func:`restore`


_C = _Caches()
_IDS = itertools.count()


def _get(cache: OrderedDict[Any, Any], key: Any) -> Any:
    im = cache.get(key)
    if im is not None:
        cache.move_to_end(key)
    return im


def _remember(cache: OrderedDict[Any, Any], key: Any, im: Any, limit: int) -> None:
    cache[key] = im
    while len(cache) > limit:
        cache.popitem(last=False)


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _union(a: Box, b: Box) -> Box:
    return (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))


def _areas(p: Plan) -> tuple[bool, list[Box]]:
    """Whether no two pieces overlap, whichever card is the target (failed or not), and
    the area each slot's pieces may take."""
    panels = [region for _, region, _ in _panels(p)]
    boxes = [pc.box for pc in p.placed]
    safe = not any(_overlap(a, b) for i, a in enumerate(panels) for b in panels[i + 1:])
    areas = []
    for i, box in enumerate(boxes):
        others = panels + boxes[:i] + boxes[i + 1:]
        area = box
        for failed in (False, True):
            region = target_region(box, failed, p.lang)
            safe = safe and not any(_overlap(region, o) for o in others)
            area = _union(area, region)
        areas.append(area)
    return safe, areas + panels


def _frame(p: Plan, palette: Image.Image, pal_key: Any) -> _Frame:
    key = (p.lay, p.bands, p.lang, pal_key)
    fr = _get(_C.frames, key)
    if fr is None:
        name = _disk_name(p, pal_key)
        fr = _kept_frame(name, key, p)
        if fr is None:
            rgb = base_image(p.lay, p.bands, p.lang)
            fr = _Frame(key, quantize(rgb, palette=palette), {}, next(_IDS), *_areas(p))
            _hold(fr, rgb)
            if name is not None and disk.directory() is not None:
                disk.store(name, (fr.image.size, fr.image.tobytes(), fr.image.getpalette(), fr.backdrops))
        _remember(_C.frames, key, fr, FRAMES)
    return fr


def _disk_name(p: Plan, pal_key: Any) -> str | None:
    """A new game's frame (no continent locked yet: a bounded set, a layout per player
    count, language and palette) is kept on disk (:mod:`renderers.kit.disk`): a restart's
    first board reads it back (~2 ms) rather than drawing and mapping it (~40 ms)."""
    if any(b.locked_by is not None for b in p.bands):
        return None
    return "express-frame-" + hashlib.sha256(repr((p.lay, p.bands, p.lang, pal_key)).encode()).hexdigest()[:16]


def stored(view: dict[str, Any], pal_key: Any) -> bool:
    """Whether the frame of ``view`` (a new game's) is on disk already."""
    name = _disk_name(plan(view), pal_key)
    return name is not None and disk.directory() is not None and disk.has(name)


def _kept_frame(name: str | None, key: Any, p: Plan) -> _Frame | None:
    kept = disk.load(name) if name is not None else None
    if not (isinstance(kept, tuple) and len(kept) == 4):
        return None
    size, data, pal, backdrops = kept
    try:
        image = Image.frombytes("P", size, data)
        image.putpalette(pal)
    except (TypeError, ValueError):  # another shape: drawn again
        return None
    fr = _Frame(key, image, {}, next(_IDS), *_areas(p))
    if not isinstance(backdrops, dict) or set(backdrops) != set(fr.areas):
        return None
    fr.backdrops = backdrops
    return fr


def _hold(fr: _Frame, rgb: Image.Image) -> None:
    """Keep the RGB background of ``fr``'s areas, compressed (~15 KB in all), for its
    pieces; the whole RGB board (5 MB) is let go (memory, issue 12)."""
    fr.backdrops = {a: zlib.compress(rgb.crop(a).tobytes(), 1) for a in fr.areas}
    base_image.cache_clear()


def _backdrop(fr: _Frame, region: Box) -> Image.Image:
    """The RGB background of ``region`` (inside one of the frame's areas)."""
    for a in fr.areas:
        if a[0] <= region[0] and a[1] <= region[1] and region[2] <= a[2] and \
                region[3] <= a[3] and a in fr.backdrops:
            key = (fr.sk, a)
            im = _get(_C.areas, key)
            if im is None:
                im = Image.frombytes("RGB", (a[2] - a[0], a[3] - a[1]),
                                     zlib.decompress(fr.backdrops[a]))
                _remember(_C.areas, key, im, AREAS)
            return im.crop((region[0] - a[0], region[1] - a[1], region[2] - a[0],
                            region[3] - a[1]))
    # a region no area holds (a sixth score cell, where five and six players share the
    # layout): the board redrawn (~3 ms), not kept
    rgb = base_image(*fr.key[:3])
    base_image.cache_clear()
    return rgb.crop(region)


def _piece(fr: _Frame, region: Box, draw: Draw, palette: Image.Image) -> Image.Image:
    """``draw`` on the background of ``region`` (shifted to its corner), mapped."""
    sheet = _backdrop(fr, region)
    draw(sheet, region[0], region[1])
    q = quantize(sheet, palette=palette)
    return Image.frombytes("L", q.size, q.tobytes())  # its indices alone: no palette copy kept


def _put(fr: _Frame, piece: Image.Image, xy: tuple[int, int]) -> None:
    """A piece's indices into the frame's palette board (its rows' bands deflated again)."""
    x, y = xy
    fr.image.im.paste(piece.im, (x, y, x + piece.width, y + piece.height))
    touch(fr.zbands, y, y + piece.height)


def _card_draw(pc: Placed, att: dict[str, Any] | None, lang: str) -> Draw:
    def draw(sheet: Image.Image, dx: int, dy: int) -> None:
        x0, y0, x1, y1 = pc.box
        draw_card(sheet, pc._replace(box=(x0 - dx, y0 - dy, x1 - dx, y1 - dy)), att, lang)
    return draw


_LEND = threading.Lock()  # guards the frames' ``lent`` flags


def render_frame(view: dict[str, Any], palette: Image.Image, pal_key: Any) -> Image.Image:
    """The board as a palette image (``pal_key`` names ``palette`` in the caches); the
    caller's to keep."""
    im, _bands, done = lend_frame(view, palette, pal_key)
    out = im.copy()
    done()
    return out


def lend_frame(view: dict[str, Any], palette: Image.Image, pal_key: Any
               ) -> tuple[Image.Image, dict[int, Band], Callable[..., None]]:
    """The board as a palette image, lent rather than copied (a 1.3 MB copy is ~5 % of a
    render): read it (encode it) outside the drawing lock, then call ``done()``. A board
    drawn on the same frame meanwhile draws on a copy, so the lent one never changes."""
    p = plan(view)
    fr = _frame(p, palette, pal_key)
    _C.before, _C.last = _C.last, fr
    _C.drawn += 1
    if not fr.safe:  # an odd layout: pieces would overlap, draw the board whole
        return quantize(render_image(view), palette=palette), {}, _nothing
    with _LEND:
        if fr.lent:  # the encoder reads the lent image and its bands: this board draws on copies
            fr.image, fr.zbands, fr.lent = fr.image.copy(), dict(fr.zbands), False
    im, shown = fr.image, fr.shown
    last: list[tuple[Any, Any, Box, Box, Draw]] = []  # the target, pasted last
    for pc in p.placed:
        is_target = pc.card_id == p.target
        att = p.attempt if is_target else None
        failed = bool(att.get("failed")) if att else False
        region = target_region(pc.box, failed, p.lang) if att else pc.box
        what = (pc.spec, is_target, failed)  # a CardSpec is always hashable
        was = shown.get(pc.box)
        if was is not None and was == (what, region):
            continue
        # a card that was the target: its piece covers the highlight it leaves
        paste = region if was is None or was[1] == region else _union(region, was[1])
        item = (pc.box, what, region, paste, _card_draw(pc, att, p.lang))
        if is_target:
            last.append(item)
        else:
            _put_tile(fr, item, palette)
    for item in last:
        _put_tile(fr, item, palette)
    for kind, region, what in _panels(p):
        # a score cell comes back (whose turn it is moves on); the header and the tray
        # change every throw: drawn, never kept
        key: Any = (fr.sk, what) if isinstance(kind, ScoreCell) else None
        try:
            if shown.get(region) == (what, region):
                continue
            hash(what)
            piece = None if key is None else _get(_C.panels, key)
        except TypeError:  # an odd view (a list where an id should be): draw, keep nothing
            key, piece, what = None, None, object()
        if piece is None:
            piece = _piece(fr, region, lambda sheet, dx, dy, kind=kind:
                           _draw_panel(sheet, kind, p, dx, dy), palette)
            if key is not None:
                _remember(_C.panels, key, piece, PANELS)
        _put(fr, piece, region[:2])
        shown[region] = (what, region)
    bands = fr.zbands
    with _LEND:
        fr.lent = True

    def done(fresh: dict[int, Band] | None = None) -> None:
        """The encoding is over; ``fresh``: the bands it deflated, kept while the frame
        still shows this very image."""
        with _LEND:
            if fr.image is im:
                fr.lent = False
                if fresh and fr.zbands is bands:
                    bands.update(fresh)
    return im, bands, done


def _nothing(fresh: dict[int, Band] | None = None) -> None:
    pass


def _put_tile(fr: _Frame, item: tuple[Any, Any, Box, Box, Draw],
              palette: Image.Image) -> None:
    slot, what, region, paste, draw = item
    key = (fr.sk, what, paste)
    tile = _get(_C.tiles, key)
    if tile is None:
        tile = _piece(fr, paste, draw, palette)
        _remember(_C.tiles, key, tile, TILES)
    _put(fr, tile, paste[:2])
    fr.shown[slot] = (what, region)


def _panels(p: Plan) -> list[tuple[str | ScoreCell, Box, Any]]:
    """The header, the tray and each score cell: region, and the key of what it shows."""
    v = p.view
    names = tuple(p.names.of(s) for s in p.names.seats)
    att = p.attempt
    att_key = None if att is None else (
        att.get("card"), tuple(str(f) for f in att.get("tray") or []),
        int(att.get("set_aside") or 0), bool(att.get("failed")), att.get("by"))
    target = p.cards_by_id.get(att.get("card")) if att else None
    target_key = (target.get("id"), target.get("name")) if target else None
    header_key = ("header", v.get("game"), v.get("phase"), v.get("turn"), v.get("current"),
                  tuple(v.get("winners") or []), att_key and (att_key[0], att_key[4]),
                  target_key, names, tuple(p.names.seats))
    tray_key = ("tray", v.get("game"), att_key, target_key, p.over,
                p.names.of(att.get("by")) if att and att.get("by") is not None else None)
    tx0, ty0, tx1, ty1 = p.lay.panels[-1]
    # where each draws: below the tray's band, inside the score cells (a target's tag may
    # overhang the top row of the panel under it, and must stay)
    return [("header", (0, 0, W, HEADER_H + 6), header_key),
            ("tray", (tx0, ty0 + BAND_H, tx1 + 1, ty1 + 1), tray_key)] + [
            (cell, (c[0], c[1], c[2] + 1, c[3] + 1), cell)
            for cell in score_cells(p.lay, v, p.names) for c in (cell.box,)]


def _draw_panel(im: Image.Image, kind: str | ScoreCell, p: Plan, dx: int, dy: int) -> None:
    """A panel drawn at its place shifted by (-dx, -dy)."""
    if kind == "header":
        assert dx == dy == 0  # the header's region starts at the corner
        draw_header(im, p.view, p.attempt, p.names, p.cards_by_id, p.lang)
    elif kind == "tray":
        x0, y0, x1, y1 = p.lay.panels[-1]
        draw_tray(im, (x0 - dx, y0 - dy, x1 - dx, y1 - dy), p.attempt, p.cards_by_id,
                  p.names, p.over, p.lang)
    elif isinstance(kind, ScoreCell):
        x0, y0, x1, y1 = kind.box
        draw_score_cell(im, kind._replace(box=(x0 - dx, y0 - dy, x1 - dx, y1 - dy)), p.lang)


KEPT = "express-boards"  # the boards as last composed (:func:`keep`), on disk


def keep() -> bool:
    """Store the frames as last composed and their pieces on disk (:mod:`renderers.kit.disk`;
    the bot does it when it stops): the next process's first board of a game that was in
    play pastes only what changed since, as its next board would have, instead of drawing
    every card. Under the drawing lock. Whether it stored (boards were drawn since)."""
    if disk.directory() is None or not _C.frames or not _C.drawn:
        return False
    _C.drawn = 0
    with _LEND:  # an encoder adds the bands it deflated meanwhile
        frames = [(fr.key, fr.image.size, fr.image.tobytes(), fr.image.getpalette(), fr.shown,
                   fr.sk, fr.safe, fr.areas, fr.backdrops, dict(fr.zbands))
                  for fr in _C.frames.values()]
    disk.store(KEPT, (frames, list(_C.tiles.items()), list(_C.panels.items())))
    return True


def restore() -> bool:
    """Take back what :func:`keep` stored (before any board of this process: the bot does it
    before going online), as the least recent entries of the caches. Whether anything was
    read; a file that does not read back is ignored."""
    kept = disk.load(KEPT) if disk.directory() is not None else None
    try:
        frames, tiles, panels = kept  # type: ignore[misc]
        ids: dict[int, int] = {}
        got: list[_Frame] = []
        for key, size, data, pal, shown, sk, safe, areas, backdrops, zbands in frames:
            image = Image.frombytes("P", size, data)
            image.putpalette(pal)
            ids[sk] = next(_IDS)
            got.append(_Frame(key, image, dict(shown), ids[sk], bool(safe), list(areas),
                              backdrops=dict(backdrops), zbands=dict(zbands)))
        tiles = [((ids[k[0]], *k[1:]), im) for k, im in tiles if k[0] in ids and isinstance(im, Image.Image)]
        panels = [((ids[k[0]], *k[1:]), im) for k, im in panels if k[0] in ids and isinstance(im, Image.Image)]
    except Exception:  # none, stale, cut short: the boards are drawn as on a first start
        return False
    for cache, items, limit in ((_C.frames, [(fr.key, fr) for fr in got], FRAMES),
                                (_C.tiles, tiles, TILES), (_C.panels, panels, PANELS)):
        for key, value in reversed(items):  # their order kept, behind what this process drew
            if key not in cache:
                cache[key] = value
                cache.move_to_end(key, last=False)
        while len(cache) > limit:  # the least recent of theirs let go
            cache.popitem(last=False)
    return bool(got)


@contextmanager
def recent_kept() -> Iterator[None]:
    """Around a warm-up's sample boards: the frames and pieces in use before it stay in the
    caches (the boards of the games in play, :func:`restore`'s), ahead of the samples'. The
    caches are read and put back under the drawing lock (the sample board may be drawn
    without holding it throughout: a frame put back while lent is copied by the next board
    drawn on it, :func:`lend_frame`)."""
    with DRAW_LOCK:
        before = [(c, list(c.items())) for c in (_C.frames, _C.tiles, _C.panels)]
    try:
        yield
    finally:
        with DRAW_LOCK:
            for cache, items in before:
                for key, value in items:
                    if key not in cache:  # let go meanwhile: taken back (not changed since)
                        cache[key] = value
                    cache.move_to_end(key)
            for cache, limit in ((_C.frames, FRAMES), (_C.tiles, TILES), (_C.panels, PANELS)):
                while len(cache) > limit:
                    cache.popitem(last=False)


def languages() -> list[str]:
    """The languages of the frames in memory, least recently drawn first."""
    return list(dict.fromkeys(str(key[2]) for key in _C.frames))


def release(lang: str | None) -> None:
    """Let go of the frames in ``lang`` (``None``: every frame) and of the pieces drawn on
    them or on frames the cache let go before (memory, issue 29; under the drawing lock): a
    new game's frame is read back from the disk, a frame in play composed again on its next
    board, the same pixels. A frame lent to an encoder stays its own until it is done."""
    for key in [key for key in _C.frames if lang is None or key[2] == lang]:
        del _C.frames[key]
    live = {fr.sk for fr in _C.frames.values()}  # the pieces of frames let go before too
    for cache in (_C.tiles, _C.panels, _C.areas):
        for key in [key for key in cache if key[0] not in live]:
            del cache[key]
    if _C.last is not None and _C.last.sk not in live:
        _C.last = None
    if _C.before is not None and _C.before.sk not in live:
        _C.before = None


def clear() -> None:
    _C.last = _C.before = None
    _C.areas.clear()
    _C.frames.clear()
    _C.tiles.clear()
    _C.panels.clear()
