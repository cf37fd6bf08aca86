"""A close-up's heading (the region's name, its bonus, the turn) is never covered by a
neighbouring region's count badge (issue 30, point 12: The Walking Dead's Prison)."""

from __future__ import annotations

import io
import json

import pytest
from PIL import Image
from wd_views import DATA, survival_view

from renderers.risk_map.zoom import HEAD
from renderers.walking_dead import render, zoom_regions

TERRITORIES = list(json.loads((DATA / "layout.json").read_text(encoding="utf-8"))["territories"])


def heading(view) -> bytes:
    im = Image.open(io.BytesIO(render(view))).convert("RGB")
    return im.crop((0, 0, im.width, HEAD - 3)).tobytes()


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("zone", zoom_regions())
def test_no_badge_reaches_a_close_ups_heading(zone, lang):
    view = dict(survival_view(lang), zoom=zone, highlight=None)  # no arrow (it redraws the heading)
    seats = list(view["labels"])
    view["territories"] = {tid: {"owner": seats[i % len(seats)], "troops": 16}  # every badge drawn
                           for i, tid in enumerate(TERRITORIES)}
    other = dict(view, territories={tid: {**t, "troops": 127} for tid, t in view["territories"].items()})
    # every count changed, every badge redrawn wider: the heading must not change
    assert heading(view) == heading(other)
