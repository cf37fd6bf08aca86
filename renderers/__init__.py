"""Pillow renderers: a game's public view → PNG bytes. Pure and deterministic.

One line per game in ``RENDERERS`` (game id → module path, imported on first use); nothing
else here names a game. Every renderer module keeps the same small protocol:

- ``render(view) -> bytes``: the picture; ``view["lang"]`` ("en" or "fr") picks the
  language of every word on the board, and a map game takes ``view["zoom"] = <region id>``
  for a close-up;
- ``zoom_regions() -> list[str]``: the region ids ``view["zoom"]`` takes (none for a game
  without a map);
- ``seat_styles(view) -> {seat: (rgb, shape)}`` (optional): each seat's colour and symbol as
  the board draws them (a map game's factions); without it, the kit's player colours in
  seat order (:func:`seat_styles`);
- ``warm()``: build every static layer and palette now. The bot calls ``warm()`` at
  start-up, before it goes online, so the first picture of the first game costs what the
  next ones cost.
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType
from typing import Any

RENDERERS = {
    "risk_express": "renderers.risk_express",
    "peaky_blinders": "renderers.peaky_blinders",
    "zombie_town": "renderers.zombie_town",
    "walking_dead": "renderers.walking_dead",
    "transformers": "renderers.transformers",
}


def _renderer(game_id: str) -> ModuleType:
    return import_module(RENDERERS[game_id])


def render(view: dict[str, Any]) -> bytes:
    return _renderer(view["game"]).render(view)


def seat_styles(view: dict[str, Any]) -> dict[str, tuple[tuple[int, int, int], str]]:
    """Each seat's colour (RGB) and symbol (a shape name) as the game's board shows them:
    the chart of a game's story draws each player's line with these."""
    own = getattr(_renderer(view["game"]), "seat_styles", None)
    if own is not None:
        return dict(own(view))
    from renderers.kit import PLAYER_COLORS

    seats = list(view.get("seats") or view.get("players") or [])
    return {s: (PLAYER_COLORS[i % len(PLAYER_COLORS)].fill, PLAYER_COLORS[i % len(PLAYER_COLORS)].shape)
            for i, s in enumerate(seats)}


def zoom_regions(game_id: str) -> list[str]:
    """The region ids ``view["zoom"]`` (``/game board zoom:``) takes; none for a game
    without a map."""
    if game_id not in RENDERERS:
        return []
    return list(_renderer(game_id).zoom_regions())


def warm() -> None:
    """Build every game's static layers (each map in each language, Risk Express's
    palettes), once, so no player waits for it. About a second; safe to call twice or
    from threads. Then hands back to the system what building them freed (the drawing's
    full-size RGBA intermediates), so the process keeps only the layers."""
    for game_id in RENDERERS:
        _renderer(game_id).warm()
    _trim()


def _trim() -> None:
    import gc

    gc.collect()
    try:
        import ctypes

        ctypes.CDLL("libc.so.6").malloc_trim(0)
    except (OSError, AttributeError):  # not glibc: nothing to do
        pass
