"""The Risk Express board as an 8-bit palette image, built from palette pieces.

``render_image`` draws an RGB board that ``png_bytes`` would then map to the fixed palette,
pixel by pixel (nearest entry, no dithering): ~5 ms of conversion and ~5 ms of alpha
pastes on a 1200×1000 board, twice the PNG encode itself. The mapping of a pixel depends
on that pixel only, so the board can be mapped piece by piece, and each piece once:

* the background of a lock pattern (:func:`.layout.base_image`) is mapped once (a
  :class:`Stage`);
* a card on that background (highlight and tag included if it is the target) is drawn and
  mapped once per state and kept as a palette tile: a board is a copy of the stage and
  fourteen plain pastes;
* the header, the tray and the scores are drawn at their places on the stage's scratch
  RGB copy (the region restored from the background first), then mapped: ~3 % of the
  board's pixels, and kept per content as well (a throw changes the tray, rarely the
  scores).

The result equals ``quantize(render_image(view), palette)`` pixel for pixel (the picture
tests and ``tests/renderers/risk_express/test_frame.py`` check it).
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from PIL import Image

from renderers.kit import Box, quantize
from renderers.risk_express.layout import BandSpec, Layout, base_image
from renderers.risk_express.look import BAND_H, HEADER_H, W
from renderers.risk_express.page import Plan, draw_card, plan, target_region
from renderers.risk_express.panels import draw_header, draw_scores, draw_tray

TILES_PER_STAGE = 96  # a card tile is ~45 KB: ~4 MB a stage at most
PANELS_PER_STAGE = 24
STAGES = 4  # ~6 MB each (RGB background, its scratch copy, the palette background)


@dataclass
class Stage:
    """A background (one lock pattern, language, palette) and the pieces drawn on it."""

    rgb: Image.Image
    scratch: Image.Image
    pal: Image.Image
    tiles: OrderedDict[Any, Image.Image] = field(default_factory=OrderedDict)
    panels: OrderedDict[Any, Image.Image] = field(default_factory=OrderedDict)


_STAGES: OrderedDict[Any, Stage] = OrderedDict()


def _stage(lay: Layout, bands: tuple[BandSpec, ...], lang: str, palette: Image.Image,
           pal_key: Any) -> Stage:
    key = (lay, bands, lang, pal_key)
    st = _STAGES.get(key)
    if st is None:
        rgb = base_image(lay, bands, lang)
        st = Stage(rgb, rgb.copy(), quantize(rgb, palette=palette))
        _STAGES[key] = st
        while len(_STAGES) > STAGES:
            _STAGES.popitem(last=False)
    else:
        _STAGES.move_to_end(key)
    return st


def _remember(cache: OrderedDict[Any, Image.Image], key: Any, im: Image.Image,
              limit: int) -> None:
    cache[key] = im
    while len(cache) > limit:
        cache.popitem(last=False)


def _mapped(st: Stage, region: Box, palette: Image.Image) -> Image.Image:
    """The scratch's region mapped to the palette, then the region restored."""
    piece = quantize(st.scratch.crop(region), palette=palette)
    st.scratch.paste(st.rgb.crop(region), region[:2])
    return piece


def render_frame(view: dict[str, Any], palette: Image.Image, pal_key: Any) -> Image.Image:
    """The board as a palette image (``pal_key`` names ``palette`` in the caches)."""
    p = plan(view)
    st = _stage(p.lay, p.bands, p.lang, palette, pal_key)
    im = st.pal.copy()
    for pc in p.placed:
        is_target = pc.card_id == p.target
        failed = bool(p.attempt.get("failed")) if is_target and p.attempt else False
        key = (pc.spec, pc.box, is_target, failed)
        tile = st.tiles.get(key)  # a CardSpec is always hashable
        if tile is None:
            region = target_region(pc.box, failed, p.lang) if is_target else pc.box
            draw_card(st.scratch, pc, p.attempt if is_target else None, p.lang)
            tile = _mapped(st, region, palette)
            _remember(st.tiles, key, tile, TILES_PER_STAGE)
        else:
            st.tiles.move_to_end(key)
        region = target_region(pc.box, failed, p.lang) if is_target else pc.box
        im.paste(tile, region[:2])
    for kind, region, key in _panels(p):
        try:
            piece = st.panels.get(key)
        except TypeError:  # an odd view (a list where an id should be): draw, keep nothing
            key, piece = None, None
        if piece is None:
            _draw_panel(st.scratch, kind, p)
            piece = _mapped(st, region, palette)
            if key is not None:
                _remember(st.panels, key, piece, PANELS_PER_STAGE)
        else:
            st.panels.move_to_end(key)
        im.paste(piece, region[:2])
    return im


def _panels(p: Plan) -> list[tuple[str, Box, Any]]:
    """The header, tray and score regions, each with the key of what it shows."""
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
    owned: dict[str, int] = {}
    for c in v.get("cards") or []:
        if c.get("owner") is not None:
            owned[str(c["owner"])] = owned.get(str(c["owner"]), 0) + 1
    scores = v.get("scores") or {}
    score_key = ("scores", names, tuple(p.names.seats), str(v.get("current")), p.over,
                 tuple(sorted(str(w) for w in v.get("winners") or [])),
                 tuple(int(scores.get(s, 0) or 0) for s in p.names.seats),
                 tuple(owned.get(s, 0) for s in p.names.seats))
    tx0, ty0, tx1, ty1 = p.lay.panels[-1]
    sx0, sy0, sx1, sy1 = p.lay.score
    # where each draws: below the tray's band, inside the score cells (a target's tag may
    # overhang the top row of the panel under it, and must stay)
    return [("header", (0, 0, W, HEADER_H + 6), header_key),
            ("tray", (tx0, ty0 + BAND_H, tx1 + 1, ty1 + 1), tray_key),
            ("scores", (sx0, sy0 + 6, sx1 + 1, sy1 + 1), score_key)]


def _draw_panel(im: Image.Image, kind: str, p: Plan) -> None:
    if kind == "header":
        draw_header(im, p.view, p.attempt, p.names, p.cards_by_id, p.lang)
    elif kind == "tray":
        draw_tray(im, p.lay.panels[-1], p.attempt, p.cards_by_id, p.names, p.over, p.lang)
    else:
        draw_scores(im, p.lay, p.view, p.names, p.lang)


def clear() -> None:
    _STAGES.clear()
