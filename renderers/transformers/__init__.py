"""The Risk Transformers board: the shared territory map (:mod:`renderers.risk_map`) with
Cybertron's decoration (:mod:`.decoration`): ``render(view) -> bytes``, ``warm()``,
``zoom_regions()``. A closed factory (Decagon, Moon Alpha) is drawn shut, its wall without a
count: nothing can stand in it, so a « 0 » there would read as an empty zone one may enter.
"""

from __future__ import annotations

from typing import Any

from renderers.risk_map.edition import Edition
from renderers.transformers.decoration import DECORATION, SLIDES

MAP = "transformers"  # data/transformers/: the board's files
EDITION = Edition(MAP, DECORATION)
warm, zoom_regions = EDITION.warm, EDITION.zoom_regions
map_art, write_art, seat_styles = EDITION.map_art, EDITION.write_art, EDITION.seat_styles
release = EDITION.release
keep = EDITION.keep


def render(view: dict[str, Any]) -> bytes:
    """The board of ``view`` (the engine's public view) as PNG bytes."""
    opened = (view.get("transformers") or {}).get("open") or {}
    terr = view.get("territories") or {}
    shut = [z for z in SLIDES if z in terr and not opened.get(z, False)]
    if shut:  # a closed factory: its wall alone (the SHUT tab shows without the zone)
        view = {**view, "territories": {k: v for k, v in terr.items() if k not in shut}}
    return EDITION.render(view)


__all__ = ["DECORATION", "EDITION", "MAP", "keep", "map_art", "release", "render", "seat_styles", "warm", "write_art", "zoom_regions"]
