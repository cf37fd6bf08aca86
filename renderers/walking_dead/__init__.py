"""The Walking Dead's board: the shared territory map (:mod:`renderers.risk_map`) with this
edition's decoration (:mod:`.decoration`: the circle's night and zone ring, strategic
locations, watchtowers, the groups and walkers, the invasion panel).

The renderer protocol every game's module keeps: ``render(view) -> bytes``, ``warm()``,
``zoom_regions() -> list[str]``. Not registered yet (issue 8): the engine comes first.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from renderers.risk_map import canvas, static
from renderers.risk_map.static import MapArt
from renderers.walking_dead.decoration import DECORATION

MAP = "walking_dead"  # data/walking_dead/: the board's files

__all__ = ["DECORATION", "MAP", "map_art", "render", "warm", "write_art", "zoom_regions"]


def render(view: dict[str, Any]) -> bytes:
    """The board (or ``view["zoom"]``'s close-up) as PNG bytes; pure and deterministic."""
    return canvas.render_map(view, DECORATION)


def warm() -> None:
    """Every language's static layer, the badges' parts and the icons, built now."""
    canvas.warm(MAP, DECORATION)


def zoom_regions() -> list[str]:
    return canvas.zoom_regions(MAP)


def map_art(lang: str = "en") -> MapArt:
    """The board's static layer in ``lang`` (tests read its geometry)."""
    return canvas.map_art(MAP, lang, DECORATION)


def write_art() -> Path:
    """Draw the board's static art into ``data/walking_dead/board_art.png`` (the build)."""
    return static.write_art(MAP, DECORATION)
