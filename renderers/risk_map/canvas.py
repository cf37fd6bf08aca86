"""Territory maps of the Risk family: a public view and an edition's decoration → PNG bytes.

The picture is made for a phone first (Discord shows it 450 px wide there): every count is
on a big white badge beside its owner's symbol (a faction is told by colour *and* symbol),
names are never covered (badges, the edition's marks, the arrow keep off them: the layout
is built that way by ``data/<map>/build_map.py`` and the tests check it), regions are drawn
as regions (thick borders, a neutral tag with the bonus). ``view["zoom"] = <region id>``
gives a close-up of one region instead; ``view["lang"]`` picks the language of every word.

Per call only the palette (owners' colours), the badges, the last attack's arrow and the
panels' changing parts are drawn over the cached static layer (``map_static``), as palette
indices, so a turn costs a copy, ~50 small pastes and the PNG encoding. The result is pure:
the same view gives the same bytes.

This module knows no edition: what one adds (a route, marks on badges, a panel, words,
its factions' colours) comes through its :class:`~renderers.risk_map.decoration.Decoration`,
the ``deco`` every entry point takes.
"""

from __future__ import annotations

import io
import logging
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from renderers.kit import DRAW_LOCK, INK, WHITE, blend, disk, hex_rgb, memo, warm_step
from renderers.kit.lut import lut
from renderers.risk_map import panels as mp
from renderers.risk_map.arrow import (
    arrow_masks,
    arrow_parts,
    arrow_shape,
    pack_arrows,
    packed,
    paint_arrow,
    take_packed,
)
from renderers.risk_map.arrow import clear as clear_arrows
from renderers.risk_map.decoration import Decoration
from renderers.risk_map.kit import (
    RED,
    SHAPES,
    UNOWNED,
    Tab,
    badge_frame,
    castle_icon,
    count_box,
    count_tile,
    symbol_icon,
)
from renderers.risk_map.paint import IndexBox, Inks, icon_key, inks, laid_state, take_laid
from renderers.risk_map.paint import clear as clear_paint
from renderers.risk_map.static import (
    SWATCHES,
    MapArt,
    built,
    fixed_palette,
    index_image,
    load_layout,
    load_map,
    static,
    to_indices,
)
from renderers.risk_map.static import clear as clear_static
from renderers.risk_map.zoom import ZOOM_MAX_SCALE, ZOOM_MIN_W, draw_zoom
from renderers.risk_map.zoom import clear as clear_zoom
from renderers.words import LANGS, lang_of
from renderers.words import name as thing_name

log = logging.getLogger(__name__)

__all__ = ["render_map", "clear_caches", "ZOOM_MIN_W", "ZOOM_MAX_SCALE", "map_art", "index_image", "load_map", "load_layout", "zoom_regions",
           "label_boxes", "blocked_boxes", "arrow_shape", "warm", "keep"]


def clear_caches() -> None:
    """Forget every cached layer and sprite (tests: cold caches must not change a byte)."""
    _FRAMES.clear()
    _TILES.clear()
    _PARTS.clear()
    _NEW.clear()
    for fn in (_frame, _count):
        fn.cache_clear()
    clear_arrows()
    clear_zoom()
    clear_paint()
    clear_static()


def map_art(map_id: str, lang: str, deco: Decoration) -> MapArt:
    return static(map_id, lang, deco)


def zoom_regions(map_id: str) -> list[str]:
    return [r["id"] for r in load_map(map_id)["regions"]]


def warm(map_id: str, deco: Decoration) -> None:
    """Build the static layers in every language, and the badge parts a game uses. The
    drawing lock is taken a step at a time (a language's layer, a territory's badges, an
    arrow), after the boards being drawn (``warm_step``): a board drawn meanwhile waits for
    one step at most, not all (~1.5 s)."""
    for lang in LANGS:
        with warm_step():
            art = static(map_id, lang, deco)
            if lang != "en":
                thing_name(deco.game or map_id, "territory", art.ids[0], lang, "")
    with warm_step():
        art = static(map_id, "en", deco)
    h = art.lay["badge"]["h"]
    seen: set[tuple[Any, ...]] = set()
    for tid, spot in art.lay["territories"].items():
        with warm_step():
            _warm_badges(art, deco, tid, spot, h, seen)
    with warm_step():
        _keep_parts(art)
    _warm_boards(art, deco)
    with warm_step():
        for hx, shape in dict.fromkeys((*deco.styles, *deco.own_styles)):  # the legend's and panels' symbols
            for size in (28, 34, 40):
                symbol_icon(shape, size, hex_rgb(hx))
        castle_icon(26)  # the key's
        deco.warm()
    for lang in LANGS:  # the panels' pieces the sample boards made, for the next start
        with warm_step():
            art = static(map_id, lang, deco)
            got = None if art.sprites.get(_TAKEN) else _pieces(art)
        if got is not None:
            disk.store(_pieces_name(art), got)
    _warm_arrows(map_id, art, deco)


def _warm_arrows(map_id: str, art: MapArt, deco: Decoration) -> None:
    """Every attack's arrow on the board, both ways, packed (``arrow.pack_arrows``): read
    from disk (``arrows-<map>``, kit.disk's key) when kept there, else drawn an arrow a
    step (~10 ms each, a few up to ~0.4 s under load; ~4 s a map in all) and stored."""
    mid = art.meta.get("id") or map_id
    pairs = [p for border in art.meta.get("borders", [])
             for p in ((border["a"], border["b"]), (border["b"], border["a"]))]
    keys = [(mid, a, b, art.size, art.n, art.static0, deco.colours) for a, b in pairs]
    name = f"arrows-{mid}" if deco.game == mid and disk.directory() is not None else None
    if name is not None:
        kept = disk.load(name)
        with warm_step():
            if take_packed(kept, keys):
                return
    for a, b in pairs:
        with warm_step():
            arrow_shape(art, a, b)
    with warm_step():
        arrow_masks.cache_clear()  # every line is chosen: the rasters (3.5 MB) can go
    for pair in pairs:  # one a step: all in one held the drawing lock ~2.4 s a map
        with warm_step():
            pack_arrows(mid, [pair], art.size, art.n, art.static0, deco.colours)
    with warm_step():
        got = packed(keys)
    if name is not None and got is not None:
        disk.store(name, got)


def _warm_badges(art: MapArt, deco: Decoration, tid: str, spot: dict[str, Any], h: int,
                 seen: set[tuple[Any, ...]]) -> None:
    b = spot["badge_box"]
    w = b[2] - b[0]
    strong = bool(spot.get("stronghold"))
    for tab in deco.tab_choices(art.meta, art.lay, tid):
        for shape in (*SHAPES, None):
            if (shape, w, tab, strong) not in seen:
                seen.add((shape, w, tab, strong))
                _badge_part(art, shape, w, h, tab, strong)
        cb = count_box(w, h, tab, strong)
        for count in range(0, 41):
            _count(str(count), (cb[2] - cb[0], cb[3] - cb[1]), _ground(tab), art.static0,
                   deco.colours)


def _warm_boards(art: MapArt, deco: Decoration) -> None:
    """One board per language (its words' masks, the panels' sprites, and an encode: Pillow's
    plugins) and a new game's usual factions (their sprites on its palette), each once."""
    # none for a language whose pieces are on disk (a restart: its first board reads them back)
    todo = [lang for lang in LANGS if not ((name := _pieces_name(art, lang)) and disk.has(name))]
    for lang in todo:  # render_map takes the drawing lock, and encodes outside it
        with warm_step(hold=False):
            render_map(_warm_view(art, deco, lang), deco)
    for extra in deco.warm_views if "en" in todo else ():
        view = _warm_view(art, deco, "en", tuple(extra.get("factions", ())))
        with warm_step(hold=False):
            render_map({**view, **{k: v for k, v in extra.items() if k != "factions"}}, deco)


def _warm_view(art: MapArt, deco: Decoration, lang: str,
               lineup: tuple[dict[str, Any], ...] = ()) -> dict[str, Any]:
    """A board in play, every faction holding land and one attacking: what ``warm`` draws
    once so that the words every board shows are rendered before the first game (with
    ``lineup``, these factions in this order)."""
    keys = [f"warm-{i}" for i in range(len(lineup or deco.styles))]
    factions = {k: {"name": k, "player": k, **(lineup[i] if lineup else {})} for i, k in enumerate(keys)}
    ids = art.ids
    return {"game": deco.game or art.meta.get("id"), "map": art.meta.get("id"), "lang": lang,
            "turn": 1, "phase": "attack", "current": keys[0], "labels": {},
            "factions": factions,
            "territories": {t: {"owner": keys[i % len(keys)], "troops": 1 + i % 9}
                            for i, t in enumerate(ids)},
            "eliminated": [], "winners": None, "highlight": None}


# --------------------------------------------------------------------------- sprites


def _ground(tab: Tab | None) -> tuple[int, int, int]:
    return tab.ground if tab else WHITE


@lru_cache(maxsize=256)
def _frame(shape: str | None, w: int, h: int, tab: Tab | None, strong: bool, static0: int,
           n: int, extra: tuple[tuple[int, int, int], ...]
           ) -> tuple[Image.Image, Image.Image, Image.Image]:
    """A badge frame as palette indices over territory 0 (its fill and ink blends are 0,
    n, 2n, 3n; a territory's lookup table moves them to its own), its silhouette and the
    silhouette's part under the count. Only the fixed colours are used, so the sprites
    serve every language's static layer."""
    rgba, sil = badge_frame(shape, w, h, tab, strong)
    idx = to_indices(rgba, Image.new("L", rgba.size, 0), n, fixed_palette(extra), static0)
    mask = sil.point(_HALF)
    return idx, mask, mask.crop(count_box(w, h, tab, strong))


@memo.kept(1024)
def _count(text: str, size: tuple[int, int], ground: tuple[int, int, int], static0: int,
           extra: tuple[tuple[int, int, int], ...]) -> Image.Image:
    tile = count_tile(text, size, ground)
    q = tile.quantize(palette=fixed_palette(extra), dither=Image.Dither.NONE)
    return Image.frombytes("L", q.size, q.tobytes()).point(lut(lambda v: v + static0))


_HALF = lut(lambda v: 255 if v >= 128 else 0)

# The badge frames (``_frame``: ~4 ms each, supersampled) of a map with its own edition's
# decoration, kept on disk (:mod:`renderers.kit.disk`) once the warm-up has made them all:
# a restart's first board reads them with the map's layer (~18 frames, ~70 ms drawn).
# map id → {part key: (indices, silhouette, count's silhouette)}, used under the drawing lock;
# the maps whose parts were made here and are not on disk yet.
_PARTS: dict[str, dict[tuple[Any, ...], Any]] = {}
_NEW: set[str] = set()


def _parts(art: MapArt) -> dict[tuple[Any, ...], Any] | None:
    """The map's badge parts read from disk (made and gathered by the warm-up otherwise);
    ``None``: not kept (another decoration of the map, or no cache folder)."""
    map_id = art.meta.get("id")
    if art.deco is None or art.deco.game != map_id or disk.directory() is None:
        return None
    got = _PARTS.get(map_id)
    if got is None:
        kept = disk.load(f"badges-{map_id}")
        got = _PARTS[map_id] = kept if isinstance(kept, dict) else {}
    return got


def _is_part(hit: Any) -> bool:
    return isinstance(hit, tuple) and len(hit) == 3 and all(isinstance(i, Image.Image) for i in hit)


def _badge_part(art: MapArt, shape: str | None, w: int, h: int, tab: Tab | None, strong: bool
                ) -> tuple[Image.Image, Image.Image, Image.Image]:
    """``_frame``'s parts, read from disk when kept there (the same pixels)."""
    parts = _parts(art)
    key = (shape, w, h, tab.name if tab else None, strong, art.static0, art.n, art.deco.colours)
    hit = parts.get(key) if parts is not None else None
    if not _is_part(hit):
        hit = _frame(shape, w, h, tab, strong, art.static0, art.n, art.deco.colours)
        if parts is not None:
            parts[key] = hit
            _NEW.add(art.meta.get("id"))
    return hit


def _keep_parts(art: MapArt) -> None:
    """Store the map's badge parts (once the warm-up has made every one) if new ones were
    made."""
    map_id = art.meta.get("id")
    parts = _parts(art)
    if parts is not None and map_id in _NEW:
        _NEW.discard(map_id)
        disk.store(f"badges-{map_id}", parts)


# The panels' pieces (issue 29): a layer's colour lookups (``paint.Inks``: its text tables,
# ~5 ms of Python), the sprites its panels pasted (symbols, an edition's icons: quantised over
# the layer, keyed by their pixels), those icons (the kept drawings': ``kit.memo``), the
# count tiles the boards showed and the strings its panels wrote lately (laid out: glyphs
# rendered), kept on disk with the layer (``pieces-<map>-<lang>``, kit.disk's key) by the
# warm-up (its sample boards' pieces) and when the bot stops (``keep``: the pieces of the
# games drawn), and read back by the layer's first board in the next process (the same
# pixels).
_TAKEN = "pieces"  # art.sprites[_TAKEN]: the pieces read from disk (True) or tried (False)


def _pieces_name(art: MapArt, lang: str | None = None) -> str | None:
    map_id = art.meta.get("id")
    if art.deco is None or art.deco.game != map_id or disk.directory() is None:
        return None  # another decoration of the map (tests), or no cache folder
    return f"pieces-{map_id}-{lang or art.lang}"


def _take_pieces(art: MapArt) -> None:
    """The layer's pieces kept by a process before (once per layer; under the drawing
    lock): a file that is not this layer's pieces is ignored (drawn as without it)."""
    if _TAKEN in art.sprites:
        return
    art.sprites[_TAKEN] = False
    name = _pieces_name(art)
    got = disk.load(name) if name is not None else None
    if not isinstance(got, dict) or got.get("palette") != art.palette:
        return
    try:
        ink = Inks.taken_back(art, got["inks"])
        icons = [(memo.named(fn), list(entries)) for fn, entries in dict(got["icons"]).items()]
        counts = list(got["counts"])
        take_laid(ink, list(got["laid"]))
    except Exception as err:  # another shape: not ours
        log.warning("ignoring the cached pieces %s (%s)", name, err)
        return
    for fn, entries in icons:
        if fn is not None:
            fn.take_back(entries, Image.Image)
    _count.take_back(counts, Image.Image)
    if "inks" not in art.sprites:
        art.sprites["inks"] = ink
    art.sprites[_TAKEN] = True


def _pieces(art: MapArt) -> dict[str, Any] | None:
    """What :func:`_take_pieces` reads back (under the drawing lock): the lookups and
    sprites made on this layer, the icons those sprites are of, the map's count tiles."""
    if _pieces_name(art) is None or "inks" not in art.sprites:
        return None
    state = inks(art).state()
    used = {key[0] for key in state["sprites"]}
    icons = {name: kept for name, fn in memo.every().items()
             if (kept := [(k, im) for k, im in fn.entries()
                          if isinstance(im, Image.Image) and icon_key(im) in used])}
    shown = {id(tile) for tile in _TILES.values()}  # the boards' (not every warmed one)
    counts = [(k, tile) for k, tile in _count.entries()
              if k[3] == art.static0 and k[4] == art.deco.colours and id(tile) in shown]
    return {"palette": art.palette, "inks": state, "icons": icons, "counts": counts,
            "laid": laid_state(inks(art))}


def keep(map_id: str, deco: Decoration) -> None:
    """The map's panels' pieces as the boards drawn left them, for the next process (the
    bot stops)."""
    with DRAW_LOCK:
        got = [(art, _pieces(art)) for art in built(map_id, deco)]
    for art, pieces in got:
        if pieces is not None:
            disk.store(_pieces_name(art), pieces)


Frame = tuple[Image.Image, Image.Image, tuple[int, int], tuple[int, int, int, int], Image.Image]
_FRAMES: dict[tuple[Any, ...], Frame] = {}
_FRAMES_MAX = 512  # every territory × its tabs × 6 symbols (~400 on this map, ~0.8 MB)


def _tid_frame(art: MapArt, tid: str, shape: str | None, tab: Tab | None) -> Frame:
    """A territory's badge frame as pasted: its indices (the fill entries moved to the
    territory's own), its silhouette, where it goes, its count's box and that box's part
    of the silhouette. The same in every language; made when first pasted (~20 µs), the
    silhouettes shared, 512 kept at most."""
    key = (art.meta.get("id"), art.deco, tid, shape, tab.name if tab else None)
    hit = _FRAMES.get(key)
    if hit is None:
        if len(_FRAMES) >= _FRAMES_MAX:
            _FRAMES.clear()
        spot = art.lay["territories"][tid]
        b = spot["badge_box"]
        w, h = b[2] - b[0], b[3] - b[1]
        strong = bool(spot.get("stronghold"))
        idx, mask, cmask = _badge_part(art, shape, w, h, tab, strong)
        cb = count_box(w, h, tab, strong)
        hit = _FRAMES[key] = (idx.point(art.luts[art.num[tid]]), mask, (b[0], b[1]), cb, cmask)
    return hit


_TILES: dict[tuple[Any, ...], Image.Image] = {}  # _count's, by (deco, count, box, ground)


def _badge(canvas: Image.Image, art: MapArt, tid: str, count: int | None, shape: str | None,
           tab: Tab | None) -> None:
    """Paste a count badge: its frame, then its count's tile (both through the silhouette)."""
    idx, mask, (x, y), cb, cmask = _tid_frame(art, tid, shape, tab)
    core = canvas.im  # Pillow's own paste, without ``Image.paste``'s checks: ~80 a board
    core.paste(idx.im, (x, y, x + idx.width, y + idx.height), mask.im)
    if count is not None:
        key = (art.deco, art.static0, count, cb, tab.name if tab else None)
        tile = _TILES.get(key)
        if tile is None:
            if len(_TILES) >= 1024:
                _TILES.clear()
            tile = _TILES[key] = _count(str(count), (cb[2] - cb[0], cb[3] - cb[1]),
                                        _ground(tab), art.static0, art.deco.colours)
        core.paste(tile.im, (x + cb[0], y + cb[1], x + cb[2], y + cb[3]), cmask.im)


# --------------------------------------------------------------------------- dynamic layer


@lru_cache(maxsize=64)
def _under_ink(c: tuple[int, int, int]) -> tuple[tuple[int, int, int], ...]:
    """A fill and the same under 25, 50 and 75 % ink."""
    return tuple(blend(c, INK, k / 4) for k in range(4))


def _palette(art: MapArt, view: dict[str, Any], style: dict[str, tuple[tuple[int, int, int], str]]
             ) -> tuple[list[int], dict[str, int]]:
    pal = list(art.palette)
    n = art.n
    terr = view.get("territories") or {}
    for i, tid in enumerate(art.ids):
        owner = (terr.get(tid) or {}).get("owner")
        c = style[owner][0] if owner in style else UNOWNED
        for k, cc in enumerate(_under_ink(c)):
            pal[3 * (k * n + i): 3 * (k * n + i) + 3] = cc
    swatch = {}
    for j, key in enumerate(list(style)[:SWATCHES]):
        pal[3 * (4 * n + j): 3 * (4 * n + j) + 3] = style[key][0]
        swatch[key] = 4 * n + j
    return pal, swatch


def _overlaps(a: tuple[int, int, int, int], b: list[int] | tuple[int, ...]) -> bool:
    return not (a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1])


def _badges(view: dict[str, Any], art: MapArt, deco: Decoration,
            style: dict[str, tuple[tuple[int, int, int], str]]
            ) -> list[tuple[str, int | None, str | None, Tab | None]]:
    """What each badge shows: (territory, count, owner's symbol, the edition's tab)."""
    terr = view.get("territories") or {}
    tabs = deco.tabs(view, art.meta, art.lay)
    out = []
    for tid in art.ids:
        t = terr.get(tid)
        tab = tabs.get(tid)
        if t is None:
            if tab is None or not tab.always:
                continue
            out.append((tid, None, None, tab))
        else:
            owner = t.get("owner")
            out.append((tid, int(t.get("troops") or 0),
                        style[owner][1] if owner in style else None, tab))
    return out


def _compose(view: dict[str, Any], deco: Decoration) -> tuple[MapArt, Image.Image, list[int]]:
    map_id = view.get("map") or view.get("game")
    lang = lang_of(view)
    art = static(map_id, lang, deco)
    _take_pieces(art)
    style = mp.styles(view, deco)
    pal, _swatch = _palette(art, view, style)
    canvas = art.fresh()
    badges = _badges(view, art, deco, style)
    changed = set(view.get("changed") or ())
    if changed:  # what changed hands since the player's last move: a ring round its badge
        red, white = inks(art).index(RED), inks(art).index(WHITE)
        draw = ImageDraw.Draw(canvas)
        for tid, _count, shape, tab in badges:
            if tid in changed:
                idx, _mask, (x, y), _cb, _cmask = _tid_frame(art, tid, shape, tab)
                draw.rounded_rectangle((x - 7, y - 7, x + idx.width + 6, y + idx.height + 6), radius=11,
                                       outline=white, width=2)
                draw.rounded_rectangle((x - 5, y - 5, x + idx.width + 4, y + idx.height + 4), radius=9,
                                       outline=red, width=4)
    for tid, count, shape, tab in badges:
        _badge(canvas, art, tid, count, shape, tab)
    arrow = None
    hl = view.get("highlight")
    if hl and hl.get("from") in art.num and hl.get("to") in art.num and hl["from"] != hl["to"]:
        parts = arrow_parts(art.meta.get("id") or map_id, hl["from"], hl["to"], art.size,
                            art.n, art.static0, deco.colours)
        if parts:
            arrow = parts[0]
            ink = inks(art)
            paint_arrow(canvas, parts, art.n, art.static0, ink.ground_of, ink.text_lut(INK))
    _panels(view, deco, art, canvas, pal, style)
    if arrow:
        for box, mask, xy in art.labels.values():  # names stay on top of the arrow
            if _overlaps(arrow, box):
                canvas.paste(art.crop(box), xy, mask)
    return art, canvas, pal


def _panels(view: dict[str, Any], deco: Decoration, art: MapArt, canvas: Image.Image,
            pal: list[int], style: dict[str, tuple[tuple[int, int, int], str]]) -> None:
    """The panels' changing parts, drawn straight into the canvas's indices
    (:mod:`.paint`)."""
    stamps: list[tuple[tuple[int, int, int, int], Any]] = []
    lay = art.lay
    panels = lay.get("panels", {})
    if "title" in panels:
        x0, y0, x1, _y1 = panels["title"]
        dx0, dy0, dx1, dy1 = mp.TITLE_DYNAMIC
        box = (x0 + dx0, y0 + dy0, x1 - dx1, y0 + dy1)
        stamps.append((box, lambda rgb, d: mp.draw_title(view, rgb, d, style, deco)))
        held = mp.holders(view, art.meta)
        for rid, y in mp.region_rows(panels["title"], art.meta):
            owner = held.get(rid)
            if owner in style:
                b = (x1 - 84, y - 2, x1 - 54, y + 28)

                def sym(rgb, d, owner=owner):
                    icon = symbol_icon(style[owner][1], 28, style[owner][0])
                    rgb.paste(icon, (1, 1), icon)

                stamps.append((b, sym))
    if "legend" in panels:
        x0, y0, x1, y1 = panels["legend"]
        box = (x0 + 4, y0 + 44, x1 - 4, y1 - 4)
        stamps.append((box, lambda rgb, d: mp.draw_legend(view, rgb, d, style, deco)))
    for name, panel in deco.panels.items():  # the edition's own panels
        if name in panels:
            x0, y0, x1, y1 = panels[name]
            i0, i1, i2, i3 = panel.inset
            box = (x0 + i0, y0 + i1, x1 - i2, y1 - i3)
            stamps.append((box, lambda rgb, d, panel=panel: panel.draw(view, art.meta, rgb, d,
                                                                       deco)))
    if not stamps:
        return
    ink = inks(art)
    pal_img = _pal_image(pal)
    swatches = tuple(c for c, _shape in list(style.values())[:SWATCHES])
    for box, fn in stamps:
        part = IndexBox(canvas.crop(box), ink, pal_img, swatches)
        fn(part, part.draw)
        canvas.paste(part.im, box[:2])


def render_map(view: dict[str, Any], deco: Decoration) -> bytes:
    """The board for ``view`` with an edition's decoration, as PNG bytes (see the module
    docstring)."""
    zoom = view.get("zoom")
    with DRAW_LOCK:  # fonts are shared and not thread-safe; the encoding runs outside
        if zoom:
            art = static(view.get("map") or view.get("game"), lang_of(view), deco)
            _take_pieces(art)
            style = mp.styles(view, deco)
            pal, _swatch = _palette(art, view, style)
            canvas = draw_zoom(dict(view, zoom=str(zoom)), art, pal,
                               _badges(view, art, deco, style),
                               deco.game or art.meta.get("id", ""))
        else:
            _art, canvas, pal = _compose(view, deco)
            canvas.putpalette(pal)
    return _encode(canvas, 3 if zoom else 1)


def _encode(img: Image.Image, level: int) -> bytes:
    buf = io.BytesIO()
    img.save(buf, "PNG", compress_level=level)
    return buf.getvalue()


# --------------------------------------------------------------------------- close-up
# (renderers/risk_map/zoom.py)


def _pal_image(pal: list[int]) -> Image.Image:
    im = Image.new("P", (1, 1))
    im.putpalette(pal)
    return im


# --------------------------------------------------------------------------- geometry


def label_boxes(map_id: str) -> dict[str, list[int]]:
    return {tid: s["label_box"] for tid, s in load_layout(map_id)["territories"].items()}


def blocked_boxes(map_id: str) -> list[tuple[str, list[int]]]:
    """Everything that must keep off the names: badges, leader lines, region tags, panels."""
    lay = load_layout(map_id)
    out: list[tuple[str, list[int]]] = []
    for tid, s in lay["territories"].items():
        out.append((f"badge:{tid}", s["badge_box"]))
        if s.get("leader"):
            out.append((f"leader:{tid}", s["leader"]))
    out += [(f"region:{rid}", r["box"]) for rid, r in lay["regions"].items()]
    out += [(f"panel:{k}", b) for k, b in lay["panels"].items()]
    return out


def _hex(c: Any) -> tuple[int, int, int]:
    return hex_rgb(c)
