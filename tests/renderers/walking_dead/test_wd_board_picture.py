"""The Walking Dead's board picture: the shared map renderer with this edition's decoration."""

from __future__ import annotations

import io
import json

import pytest
from PIL import Image
from wd_views import DATA, survival_view

from renderers.risk_map import static
from renderers.walking_dead import MAP, render, zoom_regions
from renderers.walking_dead.styles import GROUP_STYLE

LAYOUT = json.loads((DATA / "layout.json").read_text(encoding="utf-8"))
META = json.loads((DATA / "map.json").read_text(encoding="utf-8"))


def _png(view) -> Image.Image:
    data = render(view)
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    im = Image.open(io.BytesIO(data))
    im.load()
    return im


def test_the_board_renders_in_both_languages_the_same_each_time():
    en, fr = render(survival_view("en")), render(survival_view("fr"))
    assert render(survival_view("en")) == en
    assert en != fr
    for data in (en, fr):
        assert len(data) <= 400_000  # issue 8's budget
        assert Image.open(io.BytesIO(data)).size == tuple(LAYOUT["size"]) == (1200, 1960)


def _badge_pixels(im: Image.Image, tid: str) -> bytes:
    return im.convert("RGB").crop(tuple(LAYOUT["territories"][tid]["badge_box"])).tobytes()


def test_owners_counts_and_towers_show():
    view = survival_view()
    base = _png(view)
    view2 = survival_view()
    view2["territories"]["creek"] = {"owner": "p1", "troops": 5}
    moved = _png(view2)
    assert _badge_pixels(base, "creek") != _badge_pixels(moved, "creek")
    assert _badge_pixels(base, "quarry") == _badge_pixels(moved, "quarry")
    view3 = survival_view()
    view3["towers"] = [*view3["towers"], "quarry"]
    assert _badge_pixels(_png(view3), "quarry") != _badge_pixels(base, "quarry")


def test_conquest_and_every_close_up_render():
    view = survival_view(players=4)
    view.update(mode="conquest", invasion=None, action=None, towers=[], grenades={})
    assert _png(view).size == (1200, 1960)
    assert zoom_regions() == [r["id"] for r in META["regions"]]
    for zone in zoom_regions():
        im = _png(dict(survival_view("fr"), zoom=zone))
        assert im.width >= 400


def _inside(cell: dict, x: float, y: float) -> bool:
    import math

    (r0, r1), (a0, a1) = cell["band"], cell["arc"]
    cx, cy = LAYOUT["centre"]
    r = math.hypot(x - cx, y - cy)
    deg = math.degrees(math.atan2(x - cx, cy - y)) % 360
    return r0 <= r <= r1 and (a1 - a0 >= 360 or a0 <= deg <= a1)


def test_badges_and_names_lie_in_their_cells_and_nothing_overlaps():
    boxes = []
    for tid, spot in LAYOUT["territories"].items():
        cell = META["layout"]["territories"][tid]["cell"]
        for key in ("badge_box", "label_box"):
            x0, y0, x1, y1 = spot[key]
            assert all(_inside(cell, x, y) for x in (x0, x1) for y in (y0, y1)), (tid, key)
            boxes.append((f"{key}:{tid}", spot[key]))
    boxes += [(f"tag:{z}", t["box"]) for z, t in LAYOUT["regions"].items()]
    boxes += [(f"panel:{p}", b) for p, b in LAYOUT["panels"].items()]
    for i, (na, a) in enumerate(boxes):
        for nb, b in boxes[i + 1:]:
            apart = a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]
            assert apart, (na, nb)


def test_zone_tags_lie_off_the_circle():
    cx, cy = LAYOUT["centre"]
    edge = LAYOUT["radii"][-1] + 30  # the zones' ring
    for zone, tag in LAYOUT["regions"].items():
        x0, y0, x1, y1 = tag["box"]
        nearest = (min(max(cx, x0), x1), min(max(cy, y0), y1))
        assert (nearest[0] - cx) ** 2 + (nearest[1] - cy) ** 2 > edge**2, zone


def test_the_stored_art_is_up_to_date():
    with Image.open(DATA / static.ART_FILE) as im:
        assert im.text.get("source") == static.fingerprint(MAP)


def test_group_colours_agree_with_the_data():
    groups = json.loads((DATA / "groups.json").read_text(encoding="utf-8"))["groups"]
    assert {g["id"]: g["color"].upper() for g in groups} == {k: v[0].upper() for k, v in GROUP_STYLE.items()}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_french_names_are_used(lang):
    art = static.static(MAP, lang, __import__("renderers.walking_dead", fromlist=["DECORATION"]).DECORATION)
    assert art.label_fit["mall"][1] == (["Mall"] if lang == "en" else ["Centre commercial"])
