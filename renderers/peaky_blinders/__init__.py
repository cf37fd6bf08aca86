"""The Risk Peaky Blinders board: the shared territory map (:mod:`renderers.risk_map`) with
this edition's decoration (:mod:`.decoration`: the British Crown, the gangs, the words).

The renderer protocol every game's module keeps: ``render(view) -> bytes``, ``warm()``,
``zoom_regions() -> list[str]`` (the region ids ``view["zoom"]`` takes for a close-up).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from renderers.peaky_blinders.decoration import DECORATION
from renderers.risk_map import canvas, static
from renderers.risk_map.static import MapArt

MAP = "peaky_blinders"  # data/peaky_blinders/: the board's files

__all__ = ["DECORATION", "MAP", "render", "warm", "zoom_regions", "map_art", "write_art"]


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
    """Draw the board's static art into ``data/peaky_blinders/board_art.png`` (the build)."""
    return static.write_art(MAP, DECORATION)
