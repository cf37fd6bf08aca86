"""Close-ups of a territory map: one region, enlarged, the rest faded, a heading with the
region's name and bonus (``view["zoom"] = <region id>``).

Why it is built this way: enlarging the board's crop with LANCZOS and quantising it back
cost four times the PNG encoding. So the close-up's static layer is made once per
(language, region), at the close-up's own scale, as palette indices in the board's own
layout (``ZoomLayer``): the static art enlarged as an ink overlay over the territories'
fills (:func:`~renderers.risk_map.static.to_indices`, as the board's layer is made), so an
owner's colour is still only a palette entry; the faded part's static colours already moved
to their faded entries; the panels blanked (their changing parts belong to the board); the
heading drawn. A close-up then costs a copy, the badges (drawn at the close-up's scale,
those of other regions faded through a lookup table), the arrow (drawn at that scale), the
palette (other regions' fills faded) and the encoding.

A layer is built on the first close-up of its region in its language (~0.1-0.2 s, once per
process) rather than at ``warm()``: five regions in two languages would hold ~6 MB that
most games never use (issue 12's memory budget). It holds ~0.6 MB.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw, ImageFilter

from renderers.kit import INK, WHITE, blend, font
from renderers.kit.lut import Lut, lut
from renderers.risk_map.arrow import arrow_parts, paint_arrow
from renderers.risk_map.kit import PAPER, Tab, badge_frame, count_box, count_tile, region_name
from renderers.risk_map.paint import IndexBox, inks
from renderers.risk_map.static import (
    SEA_ENTRY,
    MapArt,
    fixed_palette,
    index_image,
    to_indices,
)

__all__ = ["ZOOM_MIN_W", "ZOOM_MAX_SCALE", "HEAD", "ZoomLayer", "zoom_layer", "draw_zoom",
           "clear"]

ZOOM_MIN_W = 760  # a close-up is at least this wide (names ~15 px on a phone)…
ZOOM_MAX_SCALE = 2.0  # …unless that enlarges it more than twice (it would only blur)
HEAD = 64  # the heading's height
HEAD_TEXT = HEAD - 12  # the bottom of its words and bonus disc: no badge of another region above it
PAD = 24  # the crop's margin around the region
FADE = 0.6  # how far the rest of the map goes towards paper


@lru_cache(maxsize=1024)
def fade(c: tuple[int, int, int]) -> tuple[int, int, int]:
    return blend(c, PAPER, FADE)


_HALF = lut(lambda v: 255 if v >= 128 else 0)
# the arrows of close-ups, at their scales (the board's are ``arrow_parts``' own cache)
_zarrow = lru_cache(maxsize=32)(arrow_parts)


@dataclass
class ZoomLayer:
    """One region's close-up in one language: its static layer at its own scale."""

    rid: str
    box: tuple[int, int, int, int]  # the board's crop
    scale: float
    z: Image.Image  # "L" palette indices, the heading on top
    own: frozenset[int]  # the region's territories (positions)
    fade_lut: Lut  # a static entry → its faded entry (fills: themselves)
    held_fits: bool  # the heading's sentence fits (else the turn is written there)
    tids: tuple[str, ...]  # territories whose badge lies in the crop
    names: dict[str, tuple[int, int, int, int]] = field(default_factory=dict)  # at scale
    faded: dict[int, Lut] = field(default_factory=dict)  # other regions' frame tables
    sprites: dict[Any, Any] = field(default_factory=dict)  # badges and names, as used

    def at(self, x: float, y: float) -> tuple[int, int]:
        """A board point's place in the close-up."""
        return (round((x - self.box[0]) * self.scale), round((y - self.box[1]) * self.scale)
                + HEAD)


_LAYERS: dict[tuple[Any, ...], ZoomLayer] = {}
_LOCK = threading.Lock()


def clear() -> None:
    with _LOCK:
        _LAYERS.clear()
    for fn in (_zframe, _zcount, _zarrow):
        fn.cache_clear()


def zoom_layer(art: MapArt, rid: str, game_id: str) -> ZoomLayer:
    if rid not in art.region_boxes:
        raise KeyError(f"no region {rid!r} on this map")
    key = (art.meta.get("id"), art.lang, art.deco, rid)
    hit = _LAYERS.get(key)
    if hit is None:
        with _LOCK:
            hit = _LAYERS.get(key)
            if hit is None:
                hit = _LAYERS[key] = _build(art, rid, game_id)
    return hit


def _crop_box(art: MapArt, rid: str) -> tuple[tuple[int, int, int, int], float]:
    x0, y0, x1, y1 = art.region_boxes[rid]
    W, H = art.size
    box = (max(0, x0 - PAD), max(0, y0 - PAD), min(W, x1 + PAD), min(H, y1 + PAD))
    scale = min(ZOOM_MAX_SCALE, max(1.0, ZOOM_MIN_W / (box[2] - box[0])))
    return box, scale


def _build(art: MapArt, rid: str, game_id: str) -> ZoomLayer:
    box, s = _crop_box(art, rid)
    x0, y0, x1, y1 = box
    n, static0 = art.n, art.static0
    ink = inks(art)
    size = (round((x1 - x0) * s), round((y1 - y0) * s))
    T = index_image(art.meta["id"], art.meta).crop(box)
    own = frozenset(i for i, r in enumerate(art.region_of) if r == rid)

    base = art.crop(box)
    paper = ink.index(PAPER)
    for b in art.lay.get("panels", {}).values():  # blank: their changing parts are the board's
        base.paste(paper, (b[0] - x0 + 5, b[1] - y0 + 5, b[2] - x0 - 5, b[3] - y0 - 5))
    # the static layer as an ink overlay over the fills, enlarged, back to indices
    pal = list(art.palette)
    pal[:3 * 4 * n] = list(INK) * 4 * n
    p = Image.frombytes("P", base.size, base.tobytes())
    p.putpalette(pal)
    over = p.convert("RGBA")
    over.putalpha(base.point(lut(lambda v: 64 * (v // n) if v < 4 * n else
                                 255 if v >= static0 else 0)))
    under = T.point(lut(lambda v: v - 1 if v else static0 + SEA_ENTRY))
    z = to_indices(over.resize(size, Image.Resampling.LANCZOS),
                   under.resize(size, Image.Resampling.NEAREST), n, ink.static_pal, static0)

    # the rest faded: other land, other tags, the panels (the region's names stay sharp)
    cols = ink.static_cols
    near = ink.nearest_many([fade(c) for c in cols])  # type: ignore[arg-type]
    fade_lut = Lut(list(range(static0)) + near)
    mask = T.point(lut(lambda v: 0 if v == 0 or v - 1 in own else 255))
    dm = ImageDraw.Draw(mask)
    for tid in art.ids:
        if art.num[tid] not in own:
            continue
        spot = art.lay["territories"][tid]
        if spot.get("leader"):
            b = spot["leader"]
            dm.rectangle((b[0] - x0 - 1, b[1] - y0 - 1, b[2] - x0 + 1, b[3] - y0 + 1), fill=0)
        _lbox, lmask, (lx, ly) = art.labels[tid]
        mask.paste(0, (lx - x0, ly - y0), lmask.filter(ImageFilter.MaxFilter(3)))
    for other_rid, tag in art.lay.get("regions", {}).items():
        b = tag["box"]
        if other_rid != rid:
            dm.rectangle((b[0] - x0, b[1] - y0, b[2] - x0, b[3] - y0), fill=255)
    for b in art.lay.get("panels", {}).values():
        dm.rectangle((b[0] - x0, b[1] - y0, b[2] - x0, b[3] - y0), fill=255)
    mask = mask.resize(size, Image.Resampling.LANCZOS).point(_HALF)
    z.paste(z.point(fade_lut), (0, 0), mask)

    out = Image.new("L", (size[0], size[1] + HEAD), paper)
    out.paste(z, (0, HEAD))
    held_fits = _heading(art, rid, game_id, out)
    tids = tuple(t for t in art.ids if _meets(art.lay["territories"][t]["badge_box"], box))
    layer = ZoomLayer(rid=rid, box=box, scale=s, z=out, own=own, fade_lut=fade_lut,
                      held_fits=held_fits, tids=tids)
    for tid, (lbox, lmask, _xy) in art.labels.items():
        lx, ly = layer.at(lbox[0], lbox[1])
        layer.names[tid] = (lx, ly, lx + round(lmask.width * s), ly + round(lmask.height * s))
    return layer


def _meets(b: list[int], box: tuple[int, int, int, int]) -> bool:
    return not (b[2] <= box[0] or box[2] <= b[0] or b[3] <= box[1] or box[3] <= b[1])


def _heading(art: MapArt, rid: str, game_id: str, out: Image.Image) -> bool:
    """The region's name, its bonus in a disc and what holding it gives, if that fits."""
    lang = art.lang
    part = IndexBox(out, inks(art), fixed_palette(art.deco.colours), ())
    d = part.draw
    d.line((0, HEAD - 2, out.width, HEAD - 2), fill=INK, width=3)
    region = next(r for r in art.meta["regions"] if r["id"] == rid)
    name = region_name(art.meta, rid, lang, game_id)
    n = sum(1 for r in art.region_of if r == rid)
    f = font(30, "bold")
    d.text((16, HEAD / 2), name.upper(), font=f, fill=INK, anchor="lm")
    x = 16 + f.getlength(name.upper()) + 14
    d.ellipse((x, HEAD / 2 - 19, x + 38, HEAD / 2 + 19), fill=INK)
    d.text((x + 19, HEAD / 2 + 1), f"+{region['bonus']}", font=font(19, "bold"), fill=WHITE,
           anchor="mm")
    fr = font(20, "regular")
    text = art.deco.words("zoom.held", lang, region=name, bonus=region["bonus"], n=n)
    fits = fr.getlength(text) <= out.width - (x + 56) - 16
    if fits:
        d.text((out.width - 16, HEAD / 2), text, font=fr, fill=INK, anchor="rm")
    return fits


# --------------------------------------------------------------------------- per call


@lru_cache(maxsize=128)
def _zframe(shape: str | None, w: int, h: int, tab: Tab | None, strong: bool, scale: float,
            static0: int, n: int, extra: tuple[tuple[int, int, int], ...]
            ) -> tuple[Image.Image, Image.Image, tuple[int, int, int, int], Image.Image]:
    """A badge frame at a close-up's scale (as ``canvas._frame``), its silhouette, its
    count's box and that box's part of the silhouette."""
    rgba, sil = badge_frame(shape, w, h, tab, strong, scale)
    idx = to_indices(rgba, Image.new("L", rgba.size, 0), n, fixed_palette(extra), static0)
    mask = sil.point(_HALF)
    cb = tuple(round(v * scale) for v in count_box(w, h, tab, strong))
    return idx, mask, cb, mask.crop(cb)  # type: ignore[return-value]


@lru_cache(maxsize=256)
def _zcount(text: str, size: tuple[int, int], ground: tuple[int, int, int], scale: float,
            static0: int, extra: tuple[tuple[int, int, int], ...]) -> Image.Image:
    tile = count_tile(text, size, ground, scale)
    q = tile.quantize(palette=fixed_palette(extra), dither=Image.Dither.NONE)
    return Image.frombytes("L", q.size, q.tobytes()).point(lut(lambda v: v + static0))


def draw_zoom(view: dict[str, Any], art: MapArt, pal: list[int],
              badges: list[tuple[str, int | None, str | None, Tab | None]], game_id: str
              ) -> Image.Image:
    """The close-up of ``view["zoom"]`` as a palette image: ``pal`` is the board's palette
    (its other regions' fills are faded here), ``badges`` what the board's badges show
    (territory, count, symbol, tab)."""
    layer = zoom_layer(art, str(view["zoom"]), game_id)
    s = layer.scale
    n, static0 = art.n, art.static0
    out = layer.z.copy()
    core = out.im
    for tid, count, shape, tab in badges:
        if tid not in layer.tids:
            continue
        t = art.num[tid]
        b = art.lay["territories"][tid]["badge_box"]
        faded = t not in layer.own
        idx, mask, cb, cmask = _zbadge(layer, art, t, shape, tab, faded)
        x, y = layer.at(b[0], b[1])
        if faded and y < HEAD and y + _top(mask) < HEAD_TEXT:  # a neighbour's badge over the heading: left out
            continue
        core.paste(idx.im, (x, y, x + idx.width, y + idx.height), mask.im)
        if count is not None:
            tile = _zcount(str(count), (cb[2] - cb[0], cb[3] - cb[1]),
                           tab.ground if tab else WHITE, s, static0, art.deco.colours)
            if faded:  # kept with its source, whose id is the key
                src = tile
                kept = _kept(layer, ("count", id(src)), lambda src=src: (src, src.point(
                    layer.fade_lut)))
                if kept[0] is not src:  # that id was another tile's, gone since
                    kept = layer.sprites[("count", id(src))] = (src, src.point(layer.fade_lut))
                tile = kept[1]
            core.paste(tile.im, (x + cb[0], y + cb[1], x + cb[2], y + cb[3]), cmask.im)
    hl = view.get("highlight")
    if hl and hl.get("from") in art.num and hl.get("to") in art.num and hl["from"] != hl["to"]:
        parts = _zarrow(art.meta.get("id") or "", hl["from"], hl["to"], art.size, n, static0,
                        art.deco.colours, s)
        if parts:
            (ax0, ay0, _ax1, _ay1), q = parts[0], parts[1]
            x, y = layer.at(ax0, ay0)
            box = (x, y, x + q.width, y + q.height)
            ink = inks(art)
            paint_arrow(out, (box, *parts[1:]), n, static0, ink.ground_of, ink.text_lut(INK))
            if y < HEAD:  # the heading stays on top
                out.paste(layer.z.crop((0, 0, out.width, HEAD)), (0, 0))
            for tid, (lx, ly, lx1, ly1) in layer.names.items():  # names stay on top of it
                if lx < box[2] and box[0] < lx1 and ly < box[3] and box[1] < ly1:
                    out.paste(layer.z.crop((lx, ly, lx1, ly1)), (lx, ly), _name_mask(layer, art,
                                                                                   tid))
    turn = view.get("turn")
    if turn is not None and not layer.held_fits:
        part = IndexBox(out, inks(art), fixed_palette(art.deco.colours), ())
        part.draw.text((out.width - 16, HEAD / 2), art.deco.words("turn", art.lang, n=turn),
                       font=font(22, "bold"), fill=INK, anchor="rm")
    zpal = list(pal)
    for t in range(n):
        if t in layer.own:
            continue
        for k in range(4):
            i = 3 * (k * n + t)
            zpal[i:i + 3] = fade((pal[i], pal[i + 1], pal[i + 2]))
    out.putpalette(zpal)
    return out


def _top(mask: Image.Image) -> int:
    """The first row of a badge's silhouette that shows."""
    box = mask.getbbox()
    return box[1] if box else mask.height


_SPRITES_MAX = 48  # a layer's badges and names kept (~0.2 MB at most)


def _kept(layer: ZoomLayer, key: Any, make: Any) -> Any:
    hit = layer.sprites.get(key)
    if hit is None:
        if len(layer.sprites) >= _SPRITES_MAX:
            layer.sprites.clear()
        hit = layer.sprites[key] = make()
    return hit


def _zbadge(layer: ZoomLayer, art: MapArt, t: int, shape: str | None, tab: Tab | None,
            faded: bool) -> tuple[Image.Image, Image.Image, tuple[int, int, int, int],
                                  Image.Image]:
    """Territory t's badge frame in this close-up: its indices moved to t's fill entries
    (and its static colours faded, for another region's), silhouette, count box."""
    def make() -> tuple[Any, ...]:
        spot = art.lay["territories"][art.ids[t]]
        b = spot["badge_box"]
        idx, mask, cb, cmask = _zframe(shape, b[2] - b[0], b[3] - b[1], tab,
                                       bool(spot.get("stronghold")), layer.scale, art.static0,
                                       art.n, art.deco.colours)
        return idx.point(_faded(layer, art, t) if faded else art.luts[t]), mask, cb, cmask

    return _kept(layer, ("badge", t, shape, tab), make)


def _name_mask(layer: ZoomLayer, art: MapArt, tid: str) -> Image.Image:
    lx, ly, lx1, ly1 = layer.names[tid]
    mask = art.labels[tid][1]
    return _kept(layer, ("name", tid), lambda: mask.resize(
        (lx1 - lx, ly1 - ly), Image.Resampling.LANCZOS).point(_HALF))


def _faded(layer: ZoomLayer, art: MapArt, t: int) -> Lut:
    """Territory t's frame table, its static entries faded."""
    hit = layer.faded.get(t)
    if hit is None:
        table = art.luts[t]
        f = layer.fade_lut
        hit = layer.faded[t] = Lut(table[v] if v < art.static0 else f[v] for v in range(256))
    return hit
