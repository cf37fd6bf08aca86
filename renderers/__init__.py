"""Pillow renderers: a game's public view → PNG bytes. Pure and deterministic.

``render(view)`` picks the renderer by ``view["game"]``; modules load on first use.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

_RENDERERS = {
    "risk_express": ("renderers.risk_express", "render"),
    "peaky_blinders": ("renderers.risk_map", "render_map"),
}


def render(view: dict[str, Any]) -> bytes:
    module, func = _RENDERERS[view["game"]]
    return getattr(import_module(module), func)(view)
