"""The Risk Transformers board: the shared territory map (:mod:`renderers.risk_map`) with
Cybertron's decoration (:mod:`.decoration`). Not registered yet (the engine is next
session's); the renderer protocol is kept: ``render(view) -> bytes``, ``warm()``,
``zoom_regions()``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from renderers.risk_map import canvas, static
from renderers.risk_map.static import MapArt
from renderers.transformers.decoration import DECORATION

MAP = "transformers"  # data/transformers/: the board's files

__all__ = ["DECORATION", "MAP", "map_art", "render", "warm", "write_art", "zoom_regions"]


def render(view: dict[str, Any]) -> bytes:
    """The board (or ``view["zoom"]``'s close-up) as PNG bytes; pure and deterministic."""
    return canvas.render_map(view, DECORATION)


def warm() -> None:
    canvas.warm(MAP, DECORATION)


def zoom_regions() -> list[str]:
    return canvas.zoom_regions(MAP)


def map_art(lang: str = "en") -> MapArt:
    return canvas.map_art(MAP, lang, DECORATION)


def write_art() -> Path:
    """Draw the board's static art into ``data/transformers/board_art.png`` (the build)."""
    return static.write_art(MAP, DECORATION)
