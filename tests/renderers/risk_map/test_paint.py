"""Drawing straight into a map's palette indices (renderers/risk_map/paint.py), the arrow
laid over them and the close-ups' layers (renderers/risk_map/zoom.py): the pixels they
give are those an RGB drawing quantised afterwards would give, up to the shade an
anti-aliased edge picks, and a close-up fades exactly what it should."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageDraw

from renderers.kit import INK, WHITE, font
from renderers.peaky_blinders import DECORATION as DECO
from renderers.peaky_blinders import render as render_map
from renderers.risk_map import canvas as risk_map
from renderers.risk_map import panels as map_panels
from renderers.risk_map import zoom as map_zoom
from renderers.risk_map.arrow import arrow_parts, arrow_sprite, paint_arrow
from renderers.risk_map.kit import GOLD, PAPER, RED
from renderers.risk_map.paint import IndexBox, inks
from tests.renderers.risk_map.test_risk_map import sample_view

MAP_ID = "peaky_blinders"


@pytest.fixture(scope="module")
def art():
    return risk_map.map_art(MAP_ID, "en", DECO)


def _paper_box(art, w=220, h=60):
    ink = inks(art)
    return Image.new("L", (w, h), ink.index(PAPER)), ink


def _rgb(art, idx: Image.Image) -> Image.Image:
    p = Image.frombytes("P", idx.size, idx.tobytes())
    p.putpalette(art.palette)
    return p.convert("RGB")


def test_shapes_in_a_palette_colour_give_the_pixels_of_rgb_drawing(art):
    idx, ink = _paper_box(art)
    box = IndexBox(idx, ink, Image.new("P", (1, 1)), ())
    rgb = Image.new("RGB", idx.size, PAPER)
    for d in (box.draw, ImageDraw.Draw(rgb)):
        d.rounded_rectangle((4, 4, 120, 50), radius=9, fill=WHITE, outline=INK, width=2)
        d.ellipse((130, 10, 160, 40), fill=GOLD, outline=INK, width=2)
        d.line((10, 55, 200, 55), fill=RED, width=3)
        d.polygon([(170, 10), (210, 30), (170, 50)], fill=INK)
    assert _rgb(art, box.im).tobytes() == rgb.tobytes()


def test_text_takes_the_nearest_shade_of_ink_over_its_ground(art):
    idx, ink = _paper_box(art)
    box = IndexBox(idx, ink, Image.new("P", (1, 1)), ())
    box.draw.text((6, 8), "Birmingham Boys 28", font=font(22, "bold"), fill=INK)
    rgb = Image.new("RGB", idx.size, PAPER)
    ImageDraw.Draw(rgb).text((6, 8), "Birmingham Boys 28", font=font(22, "bold"), fill=INK)
    got = list(zip(*[iter(_rgb(art, box.im).tobytes())] * 3, strict=True))
    want = list(zip(*[iter(rgb.tobytes())] * 3, strict=True))
    diff = [max(abs(a - b) for a, b in zip(g, w, strict=True)) for g, w in
            zip(got, want, strict=True)]
    covered = [i for i, w in enumerate(want) if w != PAPER]
    assert covered, "the text was drawn"
    # the same glyphs, each edge pixel within a coverage step of the exact blend
    assert max(diff) <= 40
    assert sum(diff) / len(covered) < 6
    # fully covered pixels are ink itself
    assert all(got[i] == INK for i, w in enumerate(want) if w == INK)


def test_text_never_picks_a_territorys_fill(art):
    idx, ink = _paper_box(art)
    box = IndexBox(idx, ink, Image.new("P", (1, 1)), ())
    box.draw.text((6, 8), "Tyrone and Fermanagh", font=font(21, "regular"), fill=INK)
    assert min(box.im.tobytes()) >= art.static0


def test_the_arrow_edge_over_a_fill_is_that_fills_ink_blend(art):
    a, b = "north_west_england", "dumfries_and_galloway"
    parts = arrow_parts(MAP_ID, a, b, art.size, art.n, art.static0, DECO.colours)
    (x0, y0, x1, y1), q, alpha = parts
    t = 5
    canvas = Image.new("L", art.size, t)  # every pixel territory t's fill
    ink = inks(art)
    paint_arrow(canvas, parts, art.n, art.static0, ink.ground_of, ink.text_lut(INK))
    box = canvas.crop((x0, y0, x1, y1))
    n = art.n
    for v, a_ in zip(box.tobytes(), alpha.tobytes(), strict=True):
        if a_ == 0:
            assert v == t
        elif a_ < 224:  # an edge: t under 25/50/75 % ink, or the arrow's own colour
            assert v in (t, n + t, 2 * n + t, 3 * n + t) or v >= art.static0
        else:
            assert v >= art.static0
    assert arrow_sprite(MAP_ID, a, b, art.size) is not None


def _png(view):
    with Image.open(io.BytesIO(render_map(view))) as im:
        im.load()
        return im


def test_a_close_up_fades_other_regions_fills_and_keeps_its_own(art):
    view = sample_view(3, zoom="wales")
    im = _png(view)
    pal = im.getpalette()
    style = map_panels.styles(view, DECO)
    n = art.n
    for i, tid in enumerate(art.ids):
        owner = view["territories"][tid]["owner"]
        colour = style[owner][0]
        got = tuple(pal[3 * i:3 * i + 3])
        if art.region_of[i] == "wales":
            assert got == colour, tid
        else:
            assert got == map_zoom.fade(colour), tid
        # its ink blends follow it
        assert tuple(pal[3 * (n + i):3 * (n + i) + 3]) != got


def test_a_close_up_shows_its_regions_owners_at_its_scale(art):
    view = sample_view(4, zoom="wales")
    layer = map_zoom.zoom_layer(art, "wales", MAP_ID)
    assert layer.scale == pytest.approx(2.0)
    im = _png(view).convert("RGB")
    style = map_panels.styles(view, DECO)
    for tid in ("north_wales", "mid_wales", "west_wales", "south_wales"):
        spot = art.lay["territories"][tid]
        x, y = layer.at(*spot["label_box"][:2])
        colours = {c for _n, c in im.crop((x - 40, y - 40, x + 40, y + 40)).getcolors(1 << 16)}
        assert style[view["territories"][tid]["owner"]][0] in colours, tid


def test_close_ups_from_cold_caches_give_the_same_bytes():
    view = sample_view(5, zoom="ireland")
    first = render_map(view)
    risk_map.clear_caches()
    assert render_map(view) == first
