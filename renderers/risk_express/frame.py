"""The Risk Express board as an 8-bit palette image, built from palette pieces.

``render_image`` draws an RGB board that ``png_bytes`` would then map to the fixed palette,
pixel by pixel (nearest entry, no dithering): ~5 ms of conversion and ~5 ms of alpha
pastes on a 1200×1000 board, twice the PNG encode itself. The mapping of a pixel depends
on that pixel only, so the board can be mapped piece by piece, and each piece once:

* the background of a lock pattern (:func:`.layout.base_image`) is mapped once (a stage);
* a card on that background (highlight and tag included if it is the target) is drawn and
  mapped once per state and kept as a palette tile: a board is a copy of the stage and
  fourteen plain pastes;
* the header, the tray and the scores are drawn at their places on a board-sized RGB
  sheet (their region set from the background first), then mapped: ~15 % of the board's
  pixels, and kept per content as well (a throw changes the tray, rarely the scores).

The result equals ``quantize(render_image(view), palette)`` pixel for pixel (the picture
tests and ``tests/renderers/risk_express/test_frame.py`` check it).
"""

from __future__ import annotations

import itertools
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from PIL import Image

from renderers.kit import Box, quantize
from renderers.risk_express.layout import base_image
from renderers.risk_express.look import BAND_H, HEADER_H, W
from renderers.risk_express.page import Plan, draw_card, plan, target_region
from renderers.risk_express.panels import (
    ScoreCell,
    draw_header,
    draw_score_cell,
    draw_tray,
    score_cells,
)

TILES = 112  # a card tile is ~45 KB: ~5 MB
PANELS = 64  # header (~80 KB), tray (~40 KB) and score cell (~20 KB) pieces
STAGES = 8  # 1.2 MB each: both languages × the four score layouts (2, 3, 4, 5–6 players)


@dataclass
class _Caches:
    """Palette backgrounds per stage (lock pattern, language, palette), then the tiles and
    panels drawn on them (keyed by the stage and what they show), least recently used
    first; the RGB backgrounds stay in ``base_image``'s own small cache."""

    stages: OrderedDict[Any, tuple[Image.Image, int]] = field(default_factory=OrderedDict)
    tiles: OrderedDict[Any, Image.Image] = field(default_factory=OrderedDict)
    panels: OrderedDict[Any, Image.Image] = field(default_factory=OrderedDict)
    scratch: Image.Image | None = None  # one RGB board-sized sheet to draw pieces on


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


def _mapped(rgb: Image.Image, region: Box, draw: Any, palette: Image.Image) -> Image.Image:
    """``draw(sheet)`` on the background's ``region`` (drawing at board coordinates),
    mapped to the palette. The sheet is shared: only ``region`` is set before drawing."""
    sheet = _C.scratch
    if sheet is None or sheet.size != rgb.size:
        sheet = _C.scratch = rgb.copy()
    else:
        sheet.paste(rgb.crop(region), region[:2])
    draw(sheet)
    return quantize(sheet.crop(region), palette=palette)


def render_frame(view: dict[str, Any], palette: Image.Image, pal_key: Any) -> Image.Image:
    """The board as a palette image (``pal_key`` names ``palette`` in the caches)."""
    p = plan(view)
    stage = _get(_C.stages, (p.lay, p.bands, p.lang, pal_key))
    if stage is None:  # the background, and a small key for the pieces drawn on it
        stage = (quantize(base_image(p.lay, p.bands, p.lang), palette=palette), next(_IDS))
        _remember(_C.stages, (p.lay, p.bands, p.lang, pal_key), stage, STAGES)
    im, sk = stage[0].copy(), stage[1]
    for pc in p.placed:
        is_target = pc.card_id == p.target
        att = p.attempt if is_target else None
        failed = bool(att.get("failed")) if att else False
        region = target_region(pc.box, failed, p.lang) if att else pc.box
        key = (sk, pc.spec, pc.box, is_target, failed)  # a CardSpec is always hashable
        tile = _get(_C.tiles, key)
        if tile is None:
            tile = _mapped(base_image(p.lay, p.bands, p.lang), region,
                           lambda sheet, pc=pc, att=att: draw_card(sheet, pc, att, p.lang),
                           palette)
            _remember(_C.tiles, key, tile, TILES)
        im.paste(tile, region[:2])
    for kind, region, what in _panels(p):
        key: Any = (sk, what)
        try:
            piece = _get(_C.panels, key)
        except TypeError:  # an odd view (a list where an id should be): draw, keep nothing
            key, piece = None, None
        if piece is None:
            piece = _mapped(base_image(p.lay, p.bands, p.lang), region,
                            lambda sheet, kind=kind: _draw_panel(sheet, kind, p), palette)
            if key is not None:
                _remember(_C.panels, key, piece, PANELS)
        im.paste(piece, region[:2])
    return im


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


def _draw_panel(im: Image.Image, kind: str | ScoreCell, p: Plan) -> None:
    if kind == "header":
        draw_header(im, p.view, p.attempt, p.names, p.cards_by_id, p.lang)
    elif kind == "tray":
        draw_tray(im, p.lay.panels[-1], p.attempt, p.cards_by_id, p.names, p.over, p.lang)
    elif isinstance(kind, ScoreCell):
        draw_score_cell(im, kind, p.lang)


def clear() -> None:
    _C.stages.clear()
    _C.tiles.clear()
    _C.panels.clear()
    _C.scratch = None
