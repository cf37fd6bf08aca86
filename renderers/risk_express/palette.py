"""The 8-bit palette of the Risk Express board, one per set of continent colours, made
from sample boards that show every kind of thing the board draws."""

from __future__ import annotations

import hashlib
from functools import lru_cache
from typing import Any

from PIL import Image

from renderers.kit import INK, PLAYER_COLORS, RGB, WHITE, blend, disk, hex_rgb, make_palette
from renderers.risk_express.look import (
    BG,
    CELL_HI,
    DARK_EDGE,
    DIE_EDGE,
    DIE_FACE,
    FACES,
    FAIL,
    FILLED_BG,
    FILLED_EDGE,
    GENERAL_BODY,
    GOLD,
    HORSE,
    IRON,
    LINE_BG,
    MUTED,
    PANEL,
    PAPER,
    SOFT,
    SOLDIER,
    STAR,
    TARGET,
    TRAY_BAND,
    WOOD,
)
from renderers.risk_express.page import render_image


@lru_cache(maxsize=4)
def board_palette(continent_colors: tuple[str, ...]) -> Image.Image:
    """The 8-bit palette of every board with these continent colours: built once (~0.2-0.5
    s, most of a first board's cost) and kept on disk when the bot says where
    (:mod:`renderers.kit.disk`: a restart reads it back, the very same entries)."""
    name = "express-palette-" + hashlib.sha256("|".join(continent_colors).encode()).hexdigest()[:16]
    kept = disk.load(name)
    if isinstance(kept, list) and len(kept) == 768 and all(isinstance(v, int) for v in kept):
        pal = Image.new("P", (1, 1))
        pal.putpalette(kept)
        return pal
    pal = _board_palette(continent_colors)
    if disk.directory() is not None:
        disk.store(name, list(pal.getpalette() or []))
    return pal


def _board_palette(continent_colors: tuple[str, ...]) -> Image.Image:
    """The palette of :func:`board_palette`, made.

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
    samples = [render_image(v) for v in sample_views(continent_colors)]
    return make_palette(samples, exact)


def sample_views(continent_colors: tuple[str, ...]) -> list[dict[str, Any]]:
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
