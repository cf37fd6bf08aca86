"""The Risk Peaky Blinders board: the shared territory map (:mod:`renderers.risk_map`) with
this edition's decoration (:mod:`.decoration`: the British Crown, the gangs, the words).

The renderer protocol every game's module keeps: ``render(view) -> bytes``, ``warm()``,
``zoom_regions() -> list[str]`` (the region ids ``view["zoom"]`` takes for a close-up).
"""

from __future__ import annotations

from renderers.peaky_blinders.decoration import DECORATION
from renderers.risk_map.edition import Edition

MAP = "peaky_blinders"  # data/peaky_blinders/: the board's files
EDITION = Edition(MAP, DECORATION)
render, warm, zoom_regions = EDITION.render, EDITION.warm, EDITION.zoom_regions
map_art, write_art, seat_styles = EDITION.map_art, EDITION.write_art, EDITION.seat_styles
release = EDITION.release
keep = EDITION.keep

__all__ = ["DECORATION", "EDITION", "MAP", "keep", "map_art", "release", "render", "seat_styles", "warm", "write_art", "zoom_regions"]
