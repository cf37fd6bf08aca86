"""Pillow renderers: a game's public view → PNG bytes. Pure and deterministic.

``render(view)`` picks the renderer by ``view["game"]``; modules load on first use.
``view["lang"]`` ("en" or "fr") picks the language of every word on the board; map games
take ``view["zoom"] = <region id>`` for a close-up (``zoom_regions`` lists the ids).
``warm()`` builds every static layer and palette; the bot calls it at start-up, before it
goes online, so the first picture of the first game costs what the next ones cost.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

_RENDERERS = {
    "risk_express": ("renderers.risk_express", "render"),
    "peaky_blinders": ("renderers.risk_map.canvas", "render_map"),
}
_MAPS = {"peaky_blinders": "peaky_blinders"}  # map games: game id → map id


def render(view: dict[str, Any]) -> bytes:
    module, func = _RENDERERS[view["game"]]
    return getattr(import_module(module), func)(view)


def zoom_regions(game_id: str) -> list[str]:
    """The region ids ``view["zoom"]`` (``/game board zoom:``) takes; none for a game
    without a map."""
    map_id = _MAPS.get(game_id)
    if map_id is None:
        return []
    return import_module("renderers.risk_map.canvas").zoom_regions(map_id)


def warm() -> None:
    """Build every static layer (each map in each language, Risk Express's palettes),
    once, so no player waits for it. About 0.5 s; safe to call twice or from threads."""
    for map_id in sorted(set(_MAPS.values())):
        import_module("renderers.risk_map.canvas").warm(map_id)
    import_module("renderers.risk_express").warm()
