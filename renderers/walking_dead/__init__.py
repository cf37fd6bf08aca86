"""The Walking Dead's board: the shared territory map (:mod:`renderers.risk_map`) with this
edition's decoration (:mod:`.decoration`: the circle's night and zone ring, strategic
locations, watchtowers, the groups and walkers, the invasion panel).

The renderer protocol every game's module keeps: ``render(view) -> bytes``, ``warm()``,
``zoom_regions() -> list[str]``. Not registered yet (issue 8): the engine comes first.
"""

from __future__ import annotations

from renderers.risk_map.edition import Edition
from renderers.walking_dead.decoration import DECORATION

MAP = "walking_dead"  # data/walking_dead/: the board's files
EDITION = Edition(MAP, DECORATION)
render, warm, zoom_regions = EDITION.render, EDITION.warm, EDITION.zoom_regions
map_art, write_art, seat_styles = EDITION.map_art, EDITION.write_art, EDITION.seat_styles
release = EDITION.release
keep = EDITION.keep

__all__ = ["DECORATION", "EDITION", "MAP", "keep", "map_art", "release", "render", "seat_styles", "warm", "write_art", "zoom_regions"]
