"""The Risk Transformers board: the shared territory map (:mod:`renderers.risk_map`) with
Cybertron's decoration (:mod:`.decoration`). Not registered yet (the engine is next
session's); the renderer protocol is kept: ``render(view) -> bytes``, ``warm()``,
``zoom_regions()``.
"""

from __future__ import annotations

from renderers.risk_map.edition import Edition
from renderers.transformers.decoration import DECORATION

MAP = "transformers"  # data/transformers/: the board's files
EDITION = Edition(MAP, DECORATION)
render, warm, zoom_regions = EDITION.render, EDITION.warm, EDITION.zoom_regions
map_art, write_art = EDITION.map_art, EDITION.write_art

__all__ = ["DECORATION", "EDITION", "MAP", "map_art", "render", "warm", "write_art", "zoom_regions"]
