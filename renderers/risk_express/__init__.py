"""Risk Express board picture: the public view → PNG bytes.

The picture a channel sees after every throw: the 14 country cards grouped by continent
(each with its battle lines, the dice placed on them this turn and its owner), the dice in
the tray, the scores, whose turn it is, and a legend of the six die faces.

Speed comes from caching: the page background with its continent panels is drawn once per
lock pattern (:mod:`.layout`); die icons once per size (:mod:`.icons`); the 8-bit palette
once per set of continent colours (:mod:`.palette`); a card is a cached shell and cached
battle lines (:mod:`.cards`). :mod:`.frame` keeps the palette board as last drawn on each
background and pastes only the pieces whose content changed (a throw: the target card,
the tray, the header), so a render is a few small drawings and the palette PNG encode:
~1.5× the encode alone (``bench/bench_render_express.py`` prints it beside its target).

Renders may come from several threads (``asyncio.to_thread``): drawing holds a lock, since
FreeType faces are not thread-safe; encoding, the slower half, runs outside it, on the
frame itself (lent, not copied: a board drawn meanwhile on that frame draws on a copy).

The renderer protocol every game's module keeps: ``render(view) -> bytes``, ``warm()``,
``zoom_regions() -> list[str]`` (none here: the board has no map to zoom into).
"""

from __future__ import annotations

import contextlib
import copy
import json
from pathlib import Path
from typing import Any

from PIL import Image

from renderers import kit as common
from renderers.kit import disk
from renderers.kit.png import Band, banded_png
from renderers.risk_express import cards, frame, icons, page, panels
from renderers.risk_express import layout as _layout
from renderers.risk_express import palette as _palette
from renderers.risk_express.frame import lend_frame
from renderers.risk_express.layout import layout
from renderers.risk_express.look import FACES, HEADER_H, W, safe_hex
from renderers.risk_express.page import render_image
from renderers.risk_express.seats import Names
from renderers.words import LANGS

__all__ = ["render", "warm", "zoom_regions", "clear_caches", "render_image", "layout", "FACES",
           "HEADER_H", "W", "Names"]

_LOCK = common.DRAW_LOCK  # shared with every renderer: the fonts are shared
ICONS_KEPT = "express-icons"
DATA = Path(__file__).resolve().parents[2] / "data" / "risk_express" / "cards.json"


def render(view: dict[str, Any]) -> bytes:
    """The board as PNG bytes. Pure: the same view gives the same bytes."""
    colors = tuple(safe_hex(c.get("color")) for c in view.get("continents") or [])
    with _LOCK:
        palette = _palette.board_palette(colors)
        im, bands, done = lend_frame(view, palette, colors)
    fresh: dict[int, Band] = {}
    try:  # only the bands of rows that changed since the frame's last board are deflated
        return banded_png(im, bands, fresh)
    finally:
        done(fresh)


# the icons a board shows (supersampled drawings reduced): kept with the boards
ICONS = {"die": icons.die_icon, "ghost": icons.ghost_die, "soldier": icons.soldier_glyph,
         "coin": icons.coin_icon, "token": common.token_icon, "padlock": common.padlock_icon}


def keep() -> None:
    """The boards as last composed (:func:`frame.keep`) and their icons kept on disk (the
    bot stops)."""
    with _LOCK:
        if frame.keep():
            disk.store(ICONS_KEPT, {name: fn.entries() for name, fn in ICONS.items()})


def prepare() -> list[str]:
    """Before the first board of this process: what :func:`keep` stored, taken back; the
    languages of the boards taken back (held in memory: :func:`renderers.prepare`)."""
    with _LOCK:
        if not frame.restore():
            return []
        kept = disk.load(ICONS_KEPT)
        if isinstance(kept, dict):
            for name, fn in ICONS.items():
                with contextlib.suppress(Exception):  # not what was stored: left out
                    fn.take_back(kept.get(name) or [], Image.Image)
        return frame.languages()


def release(lang: str | None) -> None:
    """Let go of the boards in ``lang`` (:func:`frame.release`; ``None``: every one, and the
    cards' parts): :func:`renderers.release`, under the drawing lock."""
    frame.release(lang)
    if lang is None:
        for fn in (cards._hatch, cards._line_image, cards._shell):
            fn.cache_clear()


def zoom_regions() -> list[str]:
    """No close-ups: the cards are the whole board."""
    return []


def warm() -> None:
    """The palette of the real deck's continent colours and its page backgrounds: built
    now (~1 s) rather than on the first throw of the first game."""
    data = json.loads(DATA.read_text(encoding="utf-8"))
    deck = data["cards"]
    continents = [{"id": c["id"], "name": c["name"], "color": c["color"], "value": c["value"],
                   "cards": [k["id"] for k in deck if k["continent"] == c["id"]],
                   "locked_by": None} for c in data["continents"]]
    # the default language last: its frames (one per score layout) stay in the cache
    for lang in sorted(LANGS, key=lambda lang: lang == LANGS[0]):  # render() takes the lock
        for n in (2, 3, 4, 5):
            seats = [f"s{i}" for i in range(n)]
            view = {"game": "risk_express", "lang": lang, "seats": seats, "labels": {},
                    "current": seats[0], "turn": 1, "phase": "place",
                    "continents": continents,
                    "cards": [{"id": k["id"], "name": k["name"], "continent": k["continent"],
                               "points": k["points"], "owner": None, "locked": False,
                               "provisional": bool(k.get("provisional")),
                               "lines": [{"need": dict(ln), "filled": None}
                                         for ln in k["lines"]], "general": None}
                              for k in deck],
                    "attempt": None, "scores": {s: 0 for s in seats}, "winners": None}
            # a throw in play too (the tray's dice, a filled line, an owned card, a
            # failure): the icons and fonts of the first real board are then ready
            play = copy.deepcopy(view)
            target, owned = play["cards"][0], play["cards"][-1]
            target["lines"][0]["filled"] = list(FACES[:2])
            owned["owner"] = seats[1]
            play["attempt"] = {"card": target["id"], "tray": list(FACES), "set_aside": 1,
                               "failed": n == 3}
            colors = tuple(safe_hex(c.get("color")) for c in continents)
            if frame.stored(view, colors):  # a restart: read back by a new game's first board
                with common.warm_step():  # (~2 ms); the warm-up's trim would let go of these
                    _palette.board_palette(colors)  # boards' frames (renderers.release)
                continue
            # after the boards being drawn (render takes the drawing lock, and encodes
            # outside it); the boards of the games in play stay in the caches
            with common.warm_step(hold=False), frame.recent_kept():
                render(play)
            with common.warm_step(hold=False), frame.recent_kept():
                render(view)


def clear_caches() -> None:
    """Forget every cached drawing (tests use it to prove caching never changes a byte)."""
    for fn in (icons.die_icon, icons.ghost_die, icons.soldier_glyph, icons.coin_icon,
               cards._hatch, cards._line_image, cards._shell, _layout.layout,
               _layout.base_image, _palette.board_palette, page._clean, page._line_of, page._color_of,
               panels.text_width, panels.fit_text):
        fn.cache_clear()
    frame.clear()
    common.clear_caches()
