"""Build the Risk Peaky Blinders board: ``map.json`` and ``territories.png``.

Run it from anywhere: ``.venv/bin/python data/peaky_blinders/build_map.py``. It is
deterministic (fixed noise seed, no clock), so the same sources give the same files.

How the board is made, and why:

1. ``geography.py`` holds the coasts and the three land borders (England–Scotland,
   England–Wales, the Irish border) in longitude/latitude. They are projected with a
   sinusoidal projection centred on 4°W, which keeps Great Britain upright as on the
   usual maps, and filled per country (= per region of the game).
2. Each territory has one or more *seed* points at real places (a county town, a city).
   Every land pixel goes to the nearest seed of its own country, measured in a slightly
   warped space (smooth noise) so borders wander like county borders instead of being
   straight Voronoi cuts. A seed can carry a weight > 1 to keep a city territory compact
   (London, Small Heath, Liverpool, Manchester, Dublin).
3. Fragments of a territory that are cut off from its main part on the same land mass
   are given to the neighbour they share most border with; real islands (Skye, Lewis,
   Anglesey, Wight…) stay with the nearest territory as decoration.
4. Land borders are *read from the raster*: two territories border iff their pixels touch
   along at least ``MIN_CONTACT`` pixel edges; a touch shorter than that (a corner) is an
   error to fix by moving seeds. Sea links are listed by hand below. So the picture and the
   graph cannot disagree; the tests re-check it.
5. Label, badge, stronghold and crown-route positions are computed from the raster (the
   point deepest inside each territory, then the best free spot for the name) and can be
   overridden per territory in ``PLACE``.

Outputs: ``territories.png`` (palette image; pixel value = 1 + position of the territory
in ``map.json``'s list, 0 = sea) and ``map.json`` (the schema the rules engine reads plus
``layout`` for the renderer).
"""

from __future__ import annotations

import json
import math
import os
import random
import sys
from array import array
from collections import deque
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont, ImageMath

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from geography import LAKES, LonLat, countries  # noqa: E402

FONT_DIR = HERE.parent / "fonts"

# ----------------------------------------------------------------------- projection

SCALE = 145.0  # pixels per degree of latitude
LON0 = -4.0  # central meridian
LAT_TOP = 59.45
X_MIN = -4.05  # projected x (degrees × cos φ) at the left edge of the map area
MARGIN = 25
WIDTH = 1200
HEIGHT = 1442


def project(lon: float, lat: float) -> tuple[float, float]:
    x = (lon - LON0) * math.cos(math.radians(lat))
    return (MARGIN + (x - X_MIN) * SCALE, MARGIN + (LAT_TOP - lat) * SCALE)


# ----------------------------------------------------------------------- the board

REGIONS = [
    # id, name, bonus, colour (coast band, region label), provisional
    ("england", "England", 9, "#B03A2E", True),
    ("wales", "Wales", 2, "#6A3D9A", True),
    ("scotland", "Scotland", 5, "#1F5FAD", True),
    ("northern_ireland", "Northern Ireland", 2, "#B7791F", True),
    ("ireland", "Ireland", 6, "#1E8449", True),
]

# id, name, region, stronghold, provisional, seeds [(lon, lat, weight)]
# Known names (seen on the real board): West Midlands, North West England, Yorkshire and
# the Humber, East Midlands, Dumfries and Galloway, plus London (Parliament) and Small Heath
# (the Garrison Tavern) from the rulebook. Everything else is ours, on real geography.
TERRITORIES: list[tuple[str, str, str, bool, bool, list[tuple[float, float, float]]]] = [
    # England (16)
    ("london", "London", "england", True, False, [(-0.12, 51.50, 0.85)]),
    ("south_east_england", "South East England", "england", False, False,
     [(0.75, 51.18, 1), (-0.25, 50.98, 1), (-1.25, 51.02, 1), (-1.35, 50.67, 1)]),
    ("thames_valley", "Thames Valley", "england", False, True,
     [(-1.25, 51.72, 1), (-0.85, 51.50, 1), (-0.80, 51.85, 1)]),
    ("south_west_england", "South West England", "england", False, False,
     [(-4.85, 50.40, 1), (-3.85, 50.70, 1), (-3.05, 51.05, 1), (-2.35, 50.80, 1)]),
    ("bristol", "Bristol", "england", False, True,
     [(-2.55, 51.45, 1), (-2.15, 51.85, 1), (-1.90, 51.30, 1)]),
    ("east_of_england", "East of England", "england", False, False,
     [(0.55, 51.80, 1), (-0.25, 51.88, 1), (0.10, 52.30, 1), (-0.40, 52.12, 1)]),
    ("east_anglia", "East Anglia", "england", False, True,
     [(1.00, 52.68, 1), (1.10, 52.22, 1)]),
    ("east_midlands", "East Midlands", "england", False, False,
     [(-1.55, 53.05, 1), (-1.00, 53.15, 1), (-1.10, 52.68, 1), (-0.85, 52.32, 1)]),
    ("lincolnshire", "Lincolnshire", "england", False, True,
     [(-0.30, 53.15, 1), (-0.15, 52.88, 1), (-0.45, 53.52, 1)]),
    ("west_midlands", "West Midlands", "england", True, False,
     [(-2.05, 52.85, 1), (-2.75, 52.65, 1), (-2.20, 52.20, 1), (-2.75, 52.10, 1),
      (-1.55, 52.28, 1), (-2.20, 52.58, 1)]),
    ("small_heath", "Small Heath", "england", False, False, [(-1.80, 52.49, 0.63)]),
    ("north_west_england", "North West England", "england", False, False,
     [(-3.05, 54.55, 1), (-2.65, 53.95, 1), (-2.90, 54.85, 1)]),
    ("manchester", "Manchester", "england", False, True, [(-2.22, 53.47, 0.7)]),
    ("liverpool", "Liverpool", "england", False, True,
     [(-2.95, 53.45, 0.65), (-2.78, 53.18, 0.65)]),
    ("yorkshire_and_the_humber", "Yorkshire and the Humber", "england", True, False,
     [(-1.55, 54.20, 1), (-1.65, 53.75, 1), (-1.30, 53.50, 1), (-0.55, 53.92, 1)]),
    ("north_east_england", "North East England", "england", False, False,
     [(-2.05, 55.22, 1), (-1.70, 54.70, 1), (-1.60, 54.95, 1)]),
    # Wales (4)
    ("north_wales", "North Wales", "wales", True, True,
     [(-3.85, 53.05, 1), (-3.25, 53.12, 1), (-4.35, 53.27, 1)]),
    ("mid_wales", "Mid Wales", "wales", False, True,
     [(-3.40, 52.42, 1), (-3.95, 52.30, 1)]),
    ("west_wales", "West Wales", "wales", False, True,
     [(-4.90, 51.85, 1), (-4.20, 51.92, 1)]),
    ("south_wales", "South Wales", "wales", True, True,
     [(-3.25, 51.58, 1), (-3.85, 51.68, 1), (-2.90, 51.75, 1)]),
    # Scotland (8)
    ("highlands", "Highlands", "scotland", True, True,
     [(-5.00, 57.60, 1), (-4.30, 58.30, 1), (-3.45, 58.45, 1), (-5.20, 57.00, 1),
      (-4.35, 57.30, 1), (-6.30, 57.40, 1), (-6.90, 57.95, 1), (-7.30, 57.40, 1),
      (-3.00, 59.00, 1)]),
    ("grampian", "Grampian", "scotland", False, True,
     [(-2.60, 57.30, 1), (-3.30, 57.50, 1), (-2.20, 57.55, 1), (-3.10, 57.05, 1)]),
    ("tayside", "Tayside", "scotland", False, True,
     [(-3.90, 56.62, 1), (-2.90, 56.70, 1), (-3.45, 56.45, 1)]),
    ("fife", "Fife", "scotland", False, True, [(-3.05, 56.22, 0.75)]),
    ("lothian", "Lothian", "scotland", True, True,
     [(-3.20, 55.90, 0.9), (-3.60, 55.85, 0.9), (-2.75, 55.92, 0.9)]),
    ("strathclyde", "Strathclyde", "scotland", False, True,
     [(-4.25, 55.85, 1), (-4.50, 55.40, 1), (-3.85, 55.60, 1), (-5.25, 56.20, 1),
      (-5.55, 55.60, 1), (-6.20, 55.75, 1), (-5.95, 56.45, 1), (-4.25, 56.15, 1),
      (-5.20, 55.57, 1)]),
    ("borders", "Borders", "scotland", False, True,
     [(-2.75, 55.52, 1), (-3.05, 55.62, 1), (-2.35, 55.78, 1)]),
    ("dumfries_and_galloway", "Dumfries and Galloway", "scotland", False, False,
     [(-4.50, 54.95, 1), (-3.55, 55.15, 1)]),
    # Northern Ireland (4)
    ("antrim", "Antrim", "northern_ireland", True, True,
     [(-6.20, 54.95, 0.85), (-5.95, 54.68, 0.85)]),
    ("londonderry", "Londonderry", "northern_ireland", False, True, [(-6.90, 54.92, 0.8), (-6.60, 54.84, 0.8)]),
    ("tyrone_and_fermanagh", "Tyrone and Fermanagh", "northern_ireland", False, True,
     [(-7.20, 54.60, 1), (-7.65, 54.35, 1), (-6.80, 54.58, 1)]),
    ("armagh_and_down", "Armagh and Down", "northern_ireland", False, True,
     [(-6.55, 54.20, 1), (-5.90, 54.34, 1)]),
    # Ireland (10)
    ("donegal", "Donegal", "ireland", False, True, [(-7.95, 54.95, 1), (-8.20, 54.75, 1)]),
    ("connacht", "Connacht", "ireland", False, True,
     [(-9.30, 53.95, 1), (-8.50, 54.10, 1), (-8.30, 53.75, 1)]),
    ("galway", "Galway", "ireland", False, True,
     [(-9.00, 53.35, 1), (-9.60, 53.45, 1), (-8.40, 53.30, 1)]),
    ("cavan_and_monaghan", "Cavan and Monaghan", "ireland", False, True,
     [(-7.30, 53.95, 1), (-6.95, 54.15, 1)]),
    ("leinster", "Leinster", "ireland", False, True,
     [(-7.40, 53.50, 1), (-6.70, 53.62, 1), (-7.25, 53.10, 1), (-6.85, 53.15, 1)]),
    ("dublin", "Dublin", "ireland", True, True, [(-6.35, 53.38, 0.8), (-6.45, 52.98, 0.8)]),
    ("south_east_ireland", "South East Ireland", "ireland", False, False,
     [(-6.60, 52.45, 1), (-7.50, 52.22, 1), (-7.20, 52.62, 1), (-6.85, 52.75, 1)]),
    ("limerick", "Limerick", "ireland", False, True,
     [(-8.70, 52.55, 1), (-9.00, 52.85, 1), (-8.00, 52.75, 1)]),
    ("cork", "Cork", "ireland", True, True, [(-8.60, 51.95, 1), (-9.20, 51.75, 1)]),
    ("kerry", "Kerry", "ireland", False, True, [(-9.70, 52.05, 1), (-9.60, 52.30, 1)]),
]

# Sea links: (a, b, waypoints between the two coasts as lon/lat; the renderer draws a dashed
# line through them). Real crossings, ferries or short straits.
SEA_LINKS: list[tuple[str, str, list[LonLat]]] = [
    ("south_west_england", "south_east_ireland", [(-5.30, 50.55), (-6.55, 52.05)]),
    ("west_wales", "south_east_ireland", [(-5.20, 51.99), (-6.30, 52.22)]),
    ("north_wales", "dublin", [(-4.72, 53.30), (-6.00, 53.30)]),
    ("liverpool", "dublin", [(-3.22, 53.50), (-4.60, 53.78), (-5.95, 53.48)]),
    ("dumfries_and_galloway", "armagh_and_down", [(-5.15, 54.78), (-5.48, 54.62)]),
    ("strathclyde", "antrim", [(-5.75, 55.33), (-6.05, 55.20)]),
    ("fife", "lothian", [(-3.10, 56.07), (-3.12, 55.99)]),
    ("south_wales", "south_west_england", [(-3.70, 51.45), (-3.75, 51.25)]),
]

MIN_CONTACT = 12  # pixel edges two territories must share to border each other

NOISE_SEED = 20_240_612
WARP = ((70.0, 14.0), (24.0, 5.0))  # (feature size px, amplitude px) per octave


# ----------------------------------------------------------------------- raster helpers


def _noise(w: int, h: int, feature: float, rnd: random.Random) -> Image.Image:
    """Smooth noise in [-1, 1] as an "F" image: a coarse random grid, bicubic-upscaled."""
    gw, gh = int(w / feature) + 3, int(h / feature) + 3
    vals = array("f", (rnd.uniform(-1.0, 1.0) for _ in range(gw * gh)))
    grid = Image.frombytes("F", (gw, gh), vals.tobytes())
    return grid.resize((w, h), Image.Resampling.BICUBIC, box=(1, 1, gw - 2, gh - 2))


def _coords(w: int, h: int) -> tuple[Image.Image, Image.Image]:
    xs = array("f", [float(x) for x in range(w)]) * h
    ys = array("f")
    for y in range(h):
        ys.extend([float(y)] * w)
    return Image.frombytes("F", (w, h), xs.tobytes()), Image.frombytes("F", (w, h), ys.tobytes())


def _country_masks() -> dict[str, Image.Image]:
    masks = {}
    for cid, polys in countries().items():
        m = Image.new("L", (WIDTH, HEIGHT), 0)
        d = ImageDraw.Draw(m)
        for poly in polys:
            d.polygon([project(*p) for p in poly], fill=255)
        for lake in LAKES:
            d.polygon([project(*p) for p in lake], fill=0)
        masks[cid] = m
    return masks


def _assign(masks: dict[str, Image.Image]) -> bytearray:
    """Territory number (1-based) of every pixel, 0 for sea."""
    rnd = random.Random(NOISE_SEED)
    X, Y = _coords(WIDTH, HEIGHT)
    for feature, amp in WARP:
        nx, ny = _noise(WIDTH, HEIGHT, feature, rnd), _noise(WIDTH, HEIGHT, feature, rnd)
        X = ImageMath.lambda_eval(lambda a, amp=amp: a["x"] + a["n"] * amp, x=X, n=nx)
        Y = ImageMath.lambda_eval(lambda a, amp=amp: a["y"] + a["n"] * amp, y=Y, n=ny)
    out = Image.new("L", (WIDTH, HEIGHT), 0)
    for cid, mask in masks.items():
        best = None
        lab = None
        for num, (_tid, _n, region, _s, _p, seeds) in enumerate(TERRITORIES, start=1):
            if region != cid:
                continue
            for lon, lat, weight in seeds:
                sx, sy = project(lon, lat)
                w2 = float(weight * weight)
                d = ImageMath.lambda_eval(
                    lambda a, sx=sx, sy=sy, w2=w2: ((a["x"] - sx) * (a["x"] - sx)
                                                    + (a["y"] - sy) * (a["y"] - sy)) * w2,
                    x=X, y=Y)
                if best is None:
                    best, lab = d, Image.new("F", (WIDTH, HEIGHT), float(num))
                    continue
                lab = ImageMath.lambda_eval(
                    lambda a, num=num: a["l"] + (a["d"] < a["b"]) * (num - a["l"]),
                    l=lab, d=d, b=best)
                best = ImageMath.lambda_eval(lambda a: a["min"](a["b"], a["d"]), b=best, d=d)
        out.paste(lab.convert("L"), (0, 0), mask)
    return bytearray(out.tobytes())


def _components(lab: bytearray, land: bytearray) -> list[tuple[int, list[int]]]:
    """Connected components (4-neighbour) of same-label pixels: (label, pixel indices)."""
    w, h = WIDTH, HEIGHT
    seen = bytearray(len(lab))
    comps = []
    for start in range(len(lab)):
        t = lab[start]
        if not t or seen[start]:
            continue
        seen[start] = 1
        q = deque([start])
        pix = []
        while q:
            i = q.popleft()
            pix.append(i)
            x = i % w
            for j in (i - 1 if x else -1, i + 1 if x < w - 1 else -1, i - w, i + w):
                if 0 <= j < w * h and not seen[j] and lab[j] == t:
                    seen[j] = 1
                    q.append(j)
        comps.append((t, pix))
    return comps


def _fix_fragments(lab: bytearray) -> int:
    """Give cut-off mainland fragments to their main neighbour; keep true islands."""
    w = WIDTH
    land = bytearray(1 if v else 0 for v in lab)
    moved = 0
    for _ in range(4):
        comps = _components(lab, land)
        largest: dict[int, int] = {}
        for t, pix in comps:
            largest[t] = max(largest.get(t, 0), len(pix))
        changed = False
        for t, pix in comps:
            if len(pix) == largest[t]:
                continue
            touch: dict[int, int] = {}
            for i in pix:
                x = i % w
                for j in (i - 1 if x else -1, i + 1 if x < w - 1 else -1, i - w, i + w):
                    if 0 <= j < len(lab):
                        u = lab[j]
                        if u and u != t:
                            touch[u] = touch.get(u, 0) + 1
            if not touch:
                continue  # an island: decoration of the nearest territory
            new = max(sorted(touch), key=lambda u: touch[u])
            for i in pix:
                lab[i] = new
            moved += len(pix)
            changed = True
        if not changed:
            break
    return moved


def contacts(lab: bytes | bytearray, w: int) -> dict[tuple[int, int], int]:
    """Shared pixel edges between every pair of touching territories (numbers, 1-based)."""
    out: dict[tuple[int, int], int] = {}
    h = len(lab) // w
    for y in range(h):
        row = lab[y * w:(y + 1) * w]
        nxt = lab[(y + 1) * w:(y + 2) * w] if y + 1 < h else None
        for x in range(w):
            a = row[x]
            if not a:
                continue
            if x + 1 < w:
                b = row[x + 1]
                if b and b != a:
                    k = (a, b) if a < b else (b, a)
                    out[k] = out.get(k, 0) + 1
            if nxt is not None:
                b = nxt[x]
                if b and b != a:
                    k = (a, b) if a < b else (b, a)
                    out[k] = out.get(k, 0) + 1
    return out


def build_raster() -> bytearray:
    masks = _country_masks()
    lab = _assign(masks)
    moved = _fix_fragments(lab)
    print(f"fragments reassigned: {moved} px")
    return lab


# ----------------------------------------------------------------------- the Crown's route

# From Parliament (London) up the east of England, round the Scottish central belt, over
# the North Channel, down the east of Ireland, over to Wales, and on to the Garrison
# Tavern in Small Heath. 24 territories; a die on the steps in DICE_STEPS.
CROWN_ROUTE = [
    "london", "east_of_england", "east_anglia", "lincolnshire", "yorkshire_and_the_humber",
    "north_east_england", "borders", "lothian", "fife", "tayside", "strathclyde", "antrim",
    "londonderry", "tyrone_and_fermanagh", "cavan_and_monaghan", "leinster", "dublin",
    "south_east_ireland", "west_wales", "mid_wales", "north_wales", "liverpool",
    "west_midlands", "small_heath",
]
DICE_STEPS = {5, 10, 14, 17, 21}

# ----------------------------------------------------------------------- placement
#
# What a player must read on a phone (the picture shown 450 px wide, 0.375 of its size):
# every count, whose it is, and every name. So names are 20 px (7.5 px on the phone),
# counts 24 px bold on a white badge (9 px) beside the owner's symbol, and nothing may
# cover a name. Each territory gets a *block*: its badge (symbol, count, and a castle tab
# on strongholds), its name beside or under the badge, and on the Crown's route the
# Crown's stop (and its die). Blocks are placed by search: for every territory, every
# arrangement at every point of its land gets a cost (badge off its own land, name off it,
# far from the territory's heart, more lines); then the blocks are chosen together so that
# no two boxes meet (greedy from the tightest territories, then rounds of improvement).
# Panels, region tags and the sea links are fixed obstacles; the Crown's dotted route is
# routed afterwards around every box (A* on a 4 px grid). The tests re-check the result
# geometrically.

LABEL_FONT = "DejaVuSansCondensed-Bold.ttf"
LABEL_SIZE = 20  # 7.5 px on a phone
LABEL_MIN = 16  # a longer translation may shrink this far to fit its box
LABEL_LINE = 21
LABEL_STROKE = 3
LABEL_SLACK = 1.12  # name boxes are this much wider than the English name: translations
BADGE_H = 32
BADGE_W = 60  # the owner's symbol and two digits (three in a narrower font)
BADGE_FONT = 24  # 9 px on a phone
CASTLE_W = 20  # the stronghold's tab at the badge's right end
STOP_W = 24  # the Crown's stop on its route: a tab at the badge's left end where the
# Crown stands when it is there (a gold dot, or a die where the Crown must roll, otherwise)
GAP = 4  # between any two boxes
GAPS = (1, 16, 32)  # between a badge and its name (past the first, a leader line joins them)
STEP = 4  # candidate grid

# Hand placement where the search is not good enough: {"badge": (x, y)} fixes the badge's
# centre (the search still chooses the arrangement), "lines" how the name wraps.
PLACE: dict[str, dict] = {
    "south_east_england": {"lines": ["South East", "England"]},
}

# Region name and bonus tags, in the sea beside each region: centre (pixels). The box is
# sized for the longest of the English and French names.
REGION_TAGS: dict[str, tuple[int, int]] = {
    "england": (1088, 792),
    "wales": (470, 1150),
    "scotland": (930, 520),
    "northern_ireland": (560, 770),
    "ireland": (140, 574),
}
REGION_NAMES_FR = {"england": "Angleterre", "wales": "Pays de Galles", "scotland": "Écosse",
                   "northern_ireland": "Irlande du Nord", "ireland": "Irlande"}
TAG_FONT = 21
TAG_LINE = 23
TAG_BONUS = 34  # the bonus disc's diameter

# Panels drawn by the renderer in the empty corners of the sea (pixels: x0, y0, x1, y1).
PANELS = {
    "title": (10, 10, 330, 540),
    "legend": (812, 10, 1190, 468),
    "crown": (10, 1192, 470, 1432),
}

Box = tuple[float, float, float, float]


def _font(size: int = LABEL_SIZE, name: str = LABEL_FONT) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FONT_DIR / name), size, layout_engine=ImageFont.Layout.BASIC)


def _wraps(name: str) -> list[list[str]]:
    """Ways to break a name into 1-3 lines, fewest lines first, balanced first."""
    words = name.split()
    f = _font()
    out = [[name]]
    for i in range(1, len(words)):
        out.append([" ".join(words[:i]), " ".join(words[i:])])
    three = []
    for i in range(1, len(words)):
        for j in range(i + 1, len(words)):
            three.append([" ".join(words[:i]), " ".join(words[i:j]), " ".join(words[j:])])
    two = sorted(out[1:], key=lambda ls: max(f.getlength(s) for s in ls))
    three.sort(key=lambda ls: max(f.getlength(s) for s in ls))
    return [out[0], *two[:2], *three[:1]]


def _label_size(lines: list[str]) -> tuple[int, int]:
    f = _font()
    w = max(f.getlength(s) for s in lines) * LABEL_SLACK + 2 * LABEL_STROKE
    return int(math.ceil(w)), LABEL_LINE * len(lines) + 2 * LABEL_STROKE


class _Integral:
    """Pixel counts of a 0/1 raster over any box, in O(1)."""

    def __init__(self, mask: bytes, w: int, h: int, x0: int = 0, y0: int = 0) -> None:
        self.w, self.h, self.x0, self.y0 = w, h, x0, y0
        integ = [0] * ((w + 1) * (h + 1))
        for y in range(h):
            run = 0
            row = mask[y * w:(y + 1) * w]
            base, prev = (y + 1) * (w + 1), y * (w + 1)
            for x in range(w):
                if row[x]:
                    run += 1
                integ[base + x + 1] = integ[prev + x + 1] + run
        self.integ = integ

    def count(self, box: Box) -> int:
        bx0, by0 = int(round(box[0])) - self.x0, int(round(box[1])) - self.y0
        bx1, by1 = int(round(box[2])) - self.x0, int(round(box[3])) - self.y0
        cx0, cy0 = max(0, bx0), max(0, by0)
        cx1, cy1 = min(self.w, bx1), min(self.h, by1)
        if cx1 <= cx0 or cy1 <= cy0:
            return 0
        W1 = self.w + 1
        return (self.integ[cy1 * W1 + cx1] - self.integ[cy0 * W1 + cx1]
                - self.integ[cy1 * W1 + cx0] + self.integ[cy0 * W1 + cx0])


def _area(box: Box) -> float:
    return max(1.0, (box[2] - box[0]) * (box[3] - box[1]))


class _Shape:
    """One territory's pixels: its box, an integral image, its depth (distance inside)."""

    def __init__(self, lab: bytes, num: int) -> None:
        from PIL import ImageFilter

        mask = Image.frombytes("L", (WIDTH, HEIGHT), bytes(lab)).point(
            lambda v: 255 if v == num else 0)
        x0, y0, x1, y1 = mask.getbbox()
        self.x0, self.y0, self.w, self.h = x0, y0, x1 - x0, y1 - y0
        crop = mask.crop((x0, y0, x1, y1))
        data = crop.tobytes()
        self.inside = _Integral(data, self.w, self.h, x0, y0)
        n = sum(1 for v in data if v)
        sx = sum(x for i, v in enumerate(data) if v for x in (i % self.w,))
        sy = sum(y for i, v in enumerate(data) if v for y in (i // self.w,))
        self.centroid = (x0 + sx / n, y0 + sy / n)
        self.area = n
        depth = [0] * (self.w * self.h)
        cur, k = crop, 0
        while cur.getbbox() is not None and k <= 80:
            k += 1
            bs = cur.tobytes()
            for i in range(self.w * self.h):
                if bs[i]:
                    depth[i] = k
            cur = cur.filter(ImageFilter.MinFilter(3))
        self.depth = depth

    def frac(self, box: Box) -> float:
        return self.inside.count(box) / _area(box)

    def at(self, x: float, y: float) -> int:
        xi, yi = int(x) - self.x0, int(y) - self.y0
        if 0 <= xi < self.w and 0 <= yi < self.h:
            return self.depth[yi * self.w + xi]
        return 0

    def points(self, min_depth: int, step: int):
        for y in range(0, self.h, step):
            for x in range(0, self.w, step):
                if self.depth[y * self.w + x] >= min_depth:
                    yield (self.x0 + x, self.y0 + y)

    def heart(self) -> tuple[float, float]:
        """The deepest point, drawn towards the centroid."""
        cx, cy = self.centroid
        best, bp = -1e9, (cx, cy)
        for x, y in self.points(1, 2):
            score = min(self.at(x, y), 34) - 0.04 * math.hypot(x - cx, y - cy)
            if score > best:
                best, bp = score, (x, y)
        return bp


def _box(cx: float, cy: float, w: float, h: float) -> Box:
    return (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)


def _overlap(a: Box, b: Box, pad: float = 0) -> bool:
    return not (a[2] + pad <= b[0] or b[2] + pad <= a[0] or a[3] + pad <= b[1]
                or b[3] + pad <= a[1])


def _grow(b: Box, d: float) -> Box:
    return (b[0] - d, b[1] - d, b[2] + d, b[3] + d)


def _rbox(b: Box) -> list[int]:
    return [int(math.floor(b[0])), int(math.floor(b[1])), int(math.ceil(b[2])),
            int(math.ceil(b[3]))]


@dataclass
class _Cand:
    cost: float
    badge: tuple[float, float]  # the badge box's centre
    boxes: dict[str, Box]  # "badge" (with its tabs), "label", maybe "leader"
    lines: list[str]

    @property
    def hull(self) -> Box:
        h = self.__dict__.get("_hull")
        if h is None:
            h = self.__dict__["_hull"] = _hull([self])
        return h


def _badge_box(px: float, py: float, strong: bool, on_route: bool) -> Box:
    w = BADGE_W + (CASTLE_W if strong else 0) + (STOP_W if on_route else 0)
    return _box(px, py, w, BADGE_H)


def _candidates(tid: str, name: str, shape: _Shape, land: _Integral, strong: bool,
                on_route: bool, fixed: _Fixed, keep: int = 500) -> list[_Cand]:
    """Every badge position (on a 4 px grid of the territory) × every way to wrap the name
    × the name below, above, right or left of the badge, scored; the best few per spot."""
    over = PLACE.get(tid, {})
    heart = shape.heart()
    wraps = [over["lines"]] if "lines" in over else _wraps(name)
    sizes = [(lines, *_label_size(lines)) for lines in wraps]
    if "badge" in over:
        pts = [over["badge"]]
    else:
        pts = list(shape.points(3 if shape.area > 4000 else 1, STEP))
    best: dict[tuple, _Cand] = {}
    for px, py in pts:
        badge = _badge_box(px, py, strong, on_route)
        if fixed.hit(badge, soft=False):
            continue
        fb = shape.frac(badge)
        if fb < 0.3:
            continue
        base = 900 * (1 - fb) + 0.35 * math.hypot(px - heart[0], py - heart[1])
        for lines, lw, lh in sizes:
            for arr in ("below", "above", "right", "left"):
                for gap in GAPS:
                    if arr == "below":
                        label = (px - lw / 2, badge[3] + gap, px + lw / 2, badge[3] + gap + lh)
                        leader = (px - 1, badge[3], px + 1, label[1])
                    elif arr == "above":
                        label = (px - lw / 2, badge[1] - gap - lh, px + lw / 2, badge[1] - gap)
                        leader = (px - 1, label[3], px + 1, badge[1])
                    elif arr == "right":
                        label = (badge[2] + gap, py - lh / 2, badge[2] + gap + lw, py + lh / 2)
                        leader = (badge[2], py - 1, label[0], py + 1)
                    else:
                        label = (badge[0] - gap - lw, py - lh / 2, badge[0] - gap, py + lh / 2)
                        leader = (label[2], py - 1, badge[0], py + 1)
                    if fixed.hit(label) or (gap > GAPS[0] and fixed.hit(leader)):
                        continue
                    fl = shape.frac(label)
                    fland = land.count(label) / _area(label)
                    cost = (base + 350 * (1 - fl) + 1000 * max(0.0, fland - fl)
                            + 14 * (len(lines) - 1) + (6 if arr in ("left", "right") else 0)
                            + 3 * (gap - GAPS[0]))
                    boxes = {"badge": badge, "label": label}
                    if gap > GAPS[0]:
                        boxes["leader"] = leader
                    key = (int(px // 8), int(py // 8), arr, len(lines), gap)
                    if key not in best or cost < best[key].cost:
                        best[key] = _Cand(cost, (px, py), boxes, lines)
    out = sorted(best.values(), key=lambda c: (c.cost, c.badge, c.lines))
    if not keep:
        return out
    # spread: at most a few variants per 16 px cell, so the choice covers the territory
    per: dict[tuple[int, int], int] = {}
    spread = []
    for c in out:
        cell = (int(c.badge[0] // 16), int(c.badge[1] // 16))
        if per.get(cell, 0) < 5:
            per[cell] = per.get(cell, 0) + 1
            spread.append(c)
            if len(spread) == keep:
                break
    return spread


class _Fixed:
    """Fixed obstacles (panels, region tags, sea links) as a raster: a box meets one of
    them iff its grown box covers a painted pixel."""

    def __init__(self, hard: list[Box], soft: list[Box]) -> None:
        self.boxes = hard + soft
        self.hard, self.all = (self._raster(hard), self._raster(hard + soft))

    @staticmethod
    def _raster(boxes: list[Box]) -> _Integral:
        m = Image.new("L", (WIDTH, HEIGHT), 0)
        d = ImageDraw.Draw(m)
        for b in boxes:
            d.rectangle(_grow(b, GAP), fill=1)
        return _Integral(m.tobytes(), WIDTH, HEIGHT)

    def hit(self, b: Box, soft: bool = True) -> bool:
        """Does ``b`` meet an obstacle (``soft``: the sea links too, which only names and
        leader lines must keep off; badges are drawn over them)?"""
        if b[0] < 4 or b[1] < 4 or b[2] > WIDTH - 4 or b[3] > HEIGHT - 4:
            return True
        return (self.all if soft else self.hard).count(b) > 0


def _meet(a: _Cand, b: _Cand) -> bool:
    if not _overlap(a.hull, b.hull, GAP):
        return False
    return any(_overlap(x, y, GAP) for x in a.boxes.values() for y in b.boxes.values())


def _hull(cs: list[_Cand]) -> Box:
    bs = [b for c in cs for b in c.boxes.values()]
    return (min(b[0] for b in bs), min(b[1] for b in bs), max(b[2] for b in bs),
            max(b[3] for b in bs))


def _select(cands: dict[str, list[_Cand]], order: list[str]) -> dict[str, _Cand]:
    """One candidate per territory, no two meeting, cheap overall: greedy from the tightest
    territories, then simulated annealing on (sum of costs + a heavy price per clash),
    seeded so the build stays deterministic, then a last pass where each block takes its
    cheapest free candidate."""
    rnd = random.Random(7)
    hulls = {t: _hull(cands[t]) for t in order}
    near = {t: [u for u in order if u != t and _overlap(hulls[t], hulls[u], GAP)] for t in order}
    pick: dict[str, int] = {}
    clash_price = 4000.0

    def clashes(t: str, c: _Cand) -> int:
        return sum(1 for u in near[t] if u in pick and _meet(c, cands[u][pick[u]]))

    for t in order:
        pick[t] = min(range(len(cands[t])), key=lambda k: (clashes(t, cands[t][k]), k))
    steps = 300_000
    temp0, temp1 = 400.0, 2.0
    for i in range(steps):
        t = order[rnd.randrange(len(order))]
        k = rnd.randrange(len(cands[t]))
        if k == pick[t]:
            continue
        old, new = cands[t][pick[t]], cands[t][k]
        delta = new.cost - old.cost + clash_price * (clashes(t, new) - clashes(t, old))
        temp = temp0 * (temp1 / temp0) ** (i / steps)
        if delta <= 0 or rnd.random() < math.exp(-delta / temp):
            pick[t] = k
    bad = [t for t in order if clashes(t, cands[t][pick[t]])]
    if bad:
        pairs = sorted({tuple(sorted((t, u))) for t in bad for u in near[t]
                        if _meet(cands[t][pick[t]], cands[u][pick[u]])})
        print(f"blocks still clash: {pairs}")
        if not os.environ.get("PLACE_DEBUG"):
            raise SystemExit(1)
    for _round in range(20):
        changed = False
        for t in order:
            for k, c in enumerate(cands[t]):
                if c.cost >= cands[t][pick[t]].cost:
                    break
                if not clashes(t, c):
                    pick[t] = k
                    changed = True
                    break
        if not changed:
            break
    return {t: cands[t][pick[t]] for t in order}


def _stop(c: _Cand) -> tuple[float, float]:
    """The Crown's stop on a route territory's badge: the middle of its left tab."""
    bb = c.boxes["badge"]
    return (bb[0] + STOP_W / 2, (bb[1] + bb[3]) / 2)


def _crosses(p: tuple[float, float], q: tuple[float, float], box: Box, trim: float = 18
             ) -> bool:
    """Does the segment p-q pass through ``box``, away from its ends (where the route
    leaves a badge, it can turn round a name beside it)? Sampled every 4 px."""
    length = math.dist(p, q)
    n = max(1, int(length / 4))
    skip = int(trim / max(1e-9, length) * n)
    for k in range(skip, n + 1 - skip):
        x = p[0] + (q[0] - p[0]) * k / n
        y = p[1] + (q[1] - p[1]) * k / n
        if box[0] <= x <= box[2] and box[1] <= y <= box[3]:
            return True
    return False


def _at_sea(box: Box, land: _Integral, reach: int = 120) -> Box:
    """The box moved (as little as it can, within ``reach`` px) to lie wholly at sea, 5 px
    off the coast, inside the picture and off the panels."""
    w, h = box[2] - box[0], box[3] - box[1]
    best = None
    for dy in range(-reach, reach + 1, 2):
        for dx in range(-reach, reach + 1, 2):
            b = (box[0] + dx, box[1] + dy, box[0] + dx + w, box[1] + dy + h)
            if b[0] < 6 or b[1] < 6 or b[2] > WIDTH - 6 or b[3] > HEIGHT - 6:
                continue
            if land.count(_grow(b, 5)) or any(_overlap(b, p, 8) for p in PANELS.values()):
                continue
            d = dx * dx + dy * dy
            if best is None or d < best[0]:
                best = (d, b)
    if best is None:
        raise SystemExit(f"no room at sea for the region tag at {box}")
    return best[1]


def _tag_box(rid: str, name: str, centre: tuple[int, int]) -> tuple[Box, list[list[str]]]:
    """A region tag's box: room for the English and French names (one or two lines)."""
    f = _font(TAG_FONT, "DejaVuSans-Bold.ttf")
    best_w, lines_by = 0.0, []
    for text in (name, REGION_NAMES_FR[rid]):
        words = text.upper().split()
        opts = [[" ".join(words)]] + [[" ".join(words[:i]), " ".join(words[i:])]
                                      for i in range(1, len(words))]
        pick = min(opts, key=lambda ls: (max(f.getlength(s) for s in ls) > 190, len(ls),
                                         max(f.getlength(s) for s in ls)))
        lines_by.append(pick)
        best_w = max(best_w, max(f.getlength(s) for s in pick))
    n = max(len(ls) for ls in lines_by)
    w = best_w + 22 + TAG_BONUS + 8
    h = max(TAG_BONUS + 8, TAG_LINE * n + 12)
    return _box(centre[0], centre[1], w, h), lines_by


def _sea_obstacles(lab: bytes, paths: list[list[list[int]]]) -> list[Box]:
    """Small boxes along the drawn (sea) part of every sea link."""
    out = []
    for path in paths:
        for (x0, y0), (x1, y1) in zip(path, path[1:], strict=False):
            n = max(1, int(math.hypot(x1 - x0, y1 - y0) / 5))
            for k in range(n + 1):
                x, y = x0 + (x1 - x0) * k / n, y0 + (y1 - y0) * k / n
                xi, yi = int(x), int(y)
                if 0 <= xi < WIDTH and 0 <= yi < HEIGHT and not lab[yi * WIDTH + xi]:
                    out.append(_box(x, y, 6, 6))
    return out


def _route(obstacles: list[Box], a: tuple[float, float], b: tuple[float, float]
           ) -> list[tuple[float, float]]:
    """The shortest 8-connected path from ``a`` to ``b`` on a 4 px grid that keeps the
    dots (radius 5) off every box, straightened by line of sight."""
    import heapq

    cell = 4
    gw, gh = WIDTH // cell + 1, HEIGHT // cell + 1
    blocked = bytearray(gw * gh)
    for ob in obstacles:
        x0, y0, x1, y1 = _grow(ob, 6)
        for gy in range(max(0, int(y0 // cell)), min(gh, int(y1 // cell) + 1)):
            for gx in range(max(0, int(x0 // cell)), min(gw, int(x1 // cell) + 1)):
                blocked[gy * gw + gx] = 1
    sa = (int(a[0] // cell), int(a[1] // cell))
    sb = (int(b[0] // cell), int(b[1] // cell))
    for gx, gy in (sa, sb):
        blocked[gy * gw + gx] = 0
    dist = {sa: 0.0}
    prev: dict[tuple[int, int], tuple[int, int]] = {}
    heap = [(math.dist(sa, sb), 0.0, sa)]
    moves = [(1, 0, 1.0), (-1, 0, 1.0), (0, 1, 1.0), (0, -1, 1.0), (1, 1, 1.414),
             (1, -1, 1.414), (-1, 1, 1.414), (-1, -1, 1.414)]
    while heap:
        _, d, p = heapq.heappop(heap)
        if p == sb:
            break
        if d > dist.get(p, 1e18):
            continue
        for dx, dy, c in moves:
            q = (p[0] + dx, p[1] + dy)
            if not (0 <= q[0] < gw and 0 <= q[1] < gh) or blocked[q[1] * gw + q[0]]:
                continue
            nd = d + c
            if nd < dist.get(q, 1e18):
                dist[q] = nd
                prev[q] = p
                heapq.heappush(heap, (nd + math.dist(q, sb), nd, q))
    else:
        if os.environ.get("PLACE_DEBUG"):
            return [a, b]
        raise SystemExit(f"no route for the Crown from {a} to {b}")
    cells = [sb]
    while cells[-1] != sa:
        cells.append(prev[cells[-1]])
    cells.reverse()

    def clear(p: tuple[int, int], q: tuple[int, int]) -> bool:
        n = max(abs(q[0] - p[0]), abs(q[1] - p[1])) * 2
        for k in range(n + 1):
            x = p[0] + (q[0] - p[0]) * k / max(1, n)
            y = p[1] + (q[1] - p[1]) * k / max(1, n)
            for gx in (math.floor(x), math.ceil(x)):
                for gy in (math.floor(y), math.ceil(y)):
                    if blocked[gy * gw + gx]:
                        return False
        return True

    pts = [cells[0]]
    i = 0
    while i < len(cells) - 1:
        j = len(cells) - 1
        while j > i + 1 and not clear(cells[i], cells[j]):
            j -= 1
        pts.append(cells[j])
        i = j
    out = [(p[0] * cell + cell / 2, p[1] * cell + cell / 2) for p in pts]
    out[0], out[-1] = a, b
    return out


def place(lab: bytes) -> dict:
    """The renderer's layout (``layout.json``) from the territory raster."""
    ids = [t[0] for t in TERRITORIES]
    num = {tid: i + 1 for i, tid in enumerate(ids)}
    shapes = {tid: _Shape(lab, num[tid]) for tid in ids}
    land = _Integral(bytes(1 if v else 0 for v in lab), WIDTH, HEIGHT)
    hearts = {tid: shapes[tid].heart() for tid in ids}
    route = {tid: i for i, tid in enumerate(CROWN_ROUTE)}

    sea_paths = []
    for a, b, wps in SEA_LINKS:
        pts = [hearts[a], *[project(*p) for p in wps], hearts[b]]
        sea_paths.append({"a": a, "b": b, "path": [[round(x), round(y)] for x, y in pts]})
    tags = {}
    for rid, name, bonus, _c, _p in REGIONS:
        box, _lines = _tag_box(rid, name, REGION_TAGS[rid])
        tags[rid] = {"box": _rbox(_at_sea(box, land)), "bonus": bonus}
    hard: list[Box] = [tuple(p) for p in PANELS.values()]
    hard += [tuple(t["box"]) for t in tags.values()]
    fixed = _Fixed(hard, _sea_obstacles(lab, [s["path"] for s in sea_paths]))

    cands = {}
    for tid, name, _r, strong, _p, _s in TERRITORIES:
        step = route.get(tid)
        cands[tid] = _candidates(tid, name, shapes[tid], land, strong, step is not None, fixed)
        if not cands[tid]:
            raise SystemExit(f"no place at all for {tid}")
    order = sorted(ids, key=lambda t: (shapes[t].area, t))
    pairs = list(zip(CROWN_ROUTE, CROWN_ROUTE[1:], strict=False))
    legs = [(hearts[a], hearts[b]) for a, b in pairs]
    base_cost = {id(c): c.cost for cs in cands.values() for c in cs}
    seen: list[tuple[tuple[float, float], tuple[float, float]]] = []
    for _pass in range(6):
        # names that lie across the Crown's way (straight from stop to stop, as placed so
        # far) cost more, so the dotted route need not go round them; again until none does
        seen += [leg for leg in legs if leg not in seen]
        for tid in ids:
            for c in cands[tid]:
                box = _grow(c.boxes["label"], 8)
                c.cost = base_cost[id(c)] + 200 * sum(_crosses(p, q, box) for p, q in seen)
            cands[tid].sort(key=lambda c: (c.cost, c.badge, c.lines))
        placed = _select(cands, order)
        legs = [(_stop(placed[a]), _stop(placed[b])) for a, b in pairs]
        across = [t for t in ids for p, q in legs
                  if _crosses(p, q, _grow(placed[t].boxes["label"], 8))]
        if not across:
            break
        print(f"pass {_pass + 1}: names across the Crown's way: {across}")

    # the Crown's route: from stop to stop around every box
    def stop(tid: str) -> tuple[float, float]:
        return _stop(placed[tid])

    # names may not be crossed; badges are drawn over the dots, so the route may pass
    # under them
    boxes = [c.boxes["label"] for c in placed.values()]
    boxes += [tuple(p) for p in PANELS.values()] + [tuple(t["box"]) for t in tags.values()]
    path: list[list[int]] = []
    for i in range(len(CROWN_ROUTE) - 1):
        a, b = CROWN_ROUTE[i], CROWN_ROUTE[i + 1]
        leg = _route(boxes, stop(a), stop(b))
        path.extend([round(x), round(y)] for x, y in (leg if i == 0 else leg[1:]))

    terr = {}
    for tid, _n, _r, strong, _p, _s in TERRITORIES:
        c = placed[tid]
        terr[tid] = {
            "badge": [round(c.badge[0]), round(c.badge[1])],
            "badge_box": _rbox(c.boxes["badge"]),
            "label_box": _rbox(c.boxes["label"]),
            "leader": _rbox(c.boxes["leader"]) if "leader" in c.boxes else None,
            "lines": c.lines,
            "stronghold": strong,
            "stop": [round(v) for v in stop(tid)] if tid in route else None,
        }
    return {
        "about": "Where the renderer draws everything on the Peaky Blinders board; made by "
                 "build_map.py from territories.png (see its 'placement' section).",
        "size": [WIDTH, HEIGHT],
        "label": {"font": LABEL_FONT, "size": LABEL_SIZE, "min": LABEL_MIN,
                  "line": LABEL_LINE, "stroke": LABEL_STROKE},
        "badge": {"h": BADGE_H, "w": BADGE_W, "castle": CASTLE_W, "font": BADGE_FONT},
        "stop": {"w": STOP_W, "dice": [CROWN_ROUTE[i] for i in sorted(DICE_STEPS)]},
        "tag": {"font": TAG_FONT, "line": TAG_LINE, "bonus": TAG_BONUS},
        "territories": terr,
        "crown_path": path,
        "sea_links": sea_paths,
        "regions": tags,
        "panels": {k: list(v) for k, v in PANELS.items()},
        "title": ["RISK", "PEAKY BLINDERS"],
    }


def read_raster() -> bytes:
    """``territories.png`` as territory numbers (1-based, 0 = sea)."""
    with Image.open(HERE / "territories.png") as im:
        im.load()
        return Image.frombytes("L", im.size, im.tobytes()).tobytes()


def build_layout(lab: bytes | None = None) -> None:
    """``layout.json`` (where the renderer draws) and ``board_art.png`` (its static art)
    from the raster as it is: the graph in ``map.json`` does not change."""
    lab = bytes(lab) if lab is not None else read_raster()
    lay = place(lab)
    text = json.dumps(lay, indent=1, ensure_ascii=False)
    (HERE / "layout.json").write_text(text + "\n", encoding="utf-8")
    print(f"wrote layout.json ({len(lay['territories'])} blocks, "
          f"{len(lay['crown_path'])} route points)")
    sys.path.insert(0, str(HERE.parent.parent))
    from renderers.peaky_blinders import write_art

    path = write_art()
    print(f"wrote {path.name} ({path.stat().st_size // 1024} KB)")


def build_board() -> None:
    """The raster and the layout, for a map whose graph does not change: stops unless the
    territories touch exactly as ``map.json`` says (so the rules' board stays the same)."""
    lab = build_raster()
    ids = [t[0] for t in TERRITORIES]
    touch = contacts(lab, WIDTH)
    meta = json.loads((HERE / "map.json").read_text(encoding="utf-8"))
    want = {frozenset((b["a"], b["b"])) for b in meta["borders"] if b["kind"] == "land"}
    got = {frozenset((ids[a - 1], ids[b - 1])) for (a, b), n in touch.items()}
    corners = [(ids[a - 1], ids[b - 1], n) for (a, b), n in touch.items() if n < MIN_CONTACT]
    if got != want or corners:
        raise SystemExit(f"the raster changes the graph: missing {want - got}, extra "
                         f"{got - want}, corners {corners}; run the full build")
    _save_raster(lab)
    build_layout(lab)


def _save_raster(lab: bytes | bytearray) -> None:
    pal = [0, 0, 0]
    region_rgb = {r[0]: tuple(int(r[3][i:i + 2], 16) for i in (1, 3, 5)) for r in REGIONS}
    for t in TERRITORIES:
        pal += list(region_rgb[t[2]])
    img = Image.frombytes("L", (WIDTH, HEIGHT), bytes(lab))
    img.putpalette(pal + [0, 0, 0] * (256 - len(pal) // 3))
    img.save(HERE / "territories.png", optimize=True)


def build() -> None:
    """Everything: the raster, ``map.json`` (the graph the rules read) and the layout."""
    lab = build_raster()
    ids = [t[0] for t in TERRITORIES]

    # --- the graph: land borders from the raster, sea links by hand
    touch = contacts(lab, WIDTH)
    corners = [(ids[a - 1], ids[b - 1], n) for (a, b), n in touch.items() if n < MIN_CONTACT]
    if corners:
        raise SystemExit(f"corner touches, move seeds: {corners}")
    borders = [{"a": ids[a - 1], "b": ids[b - 1], "kind": "land"}
               for (a, b), n in sorted(touch.items())]
    land = {frozenset((b["a"], b["b"])) for b in borders}
    for a, b, _ in SEA_LINKS:
        if frozenset((a, b)) in land:
            raise SystemExit(f"sea link {a}-{b} is also a land border")
        borders.append({"a": a, "b": b, "kind": "sea"})

    _save_raster(lab)

    data = {
        "id": "peaky_blinders",
        "name": "Risk Peaky Blinders: the United Kingdom and Ireland",
        "about": ABOUT,
        "regions": [{"id": r[0], "name": r[1], "bonus": r[2], "color": r[3], "provisional": r[4]}
                    for r in REGIONS],
        "territories": [{"id": t[0], "name": t[1], "region": t[2], "stronghold": t[3],
                         "provisional": t[4]} for t in TERRITORIES],
        "borders": borders,
        "crown_route": [{"territory": tid, "dice": i in DICE_STEPS}
                        for i, tid in enumerate(CROWN_ROUTE)],
        "crown_start_label": "Parliament",
        "crown_end_label": "Garrison Tavern",
        "layout": {
            "size": [WIDTH, HEIGHT],
            "index_image": "territories.png",
            "index_note": "pixel value = 1 + position in 'territories'; 0 = sea",
            "projection": {"kind": "sinusoidal", "lon0": LON0, "lat_top": LAT_TOP,
                           "x_min": X_MIN, "scale": SCALE, "margin": MARGIN},
            "file": "layout.json",
        },
    }
    text = json.dumps(data, indent=1, ensure_ascii=False)
    (HERE / "map.json").write_text(text + "\n", encoding="utf-8")
    print(f"wrote map.json ({len(ids)} territories, {len(borders)} borders) and territories.png")
    build_layout(lab)


ABOUT = (
    "The real board is a map of the United Kingdom and Ireland in 42 territories and five "
    "coloured regions, with land borders and sea links, 10 strongholds and the Crown's "
    "dotted route over 24 territories from Parliament (London) to the Garrison Tavern "
    "(Small Heath). Real, from the rulebook: the five countries as regions, the names West "
    "Midlands, North West England, Yorkshire and the Humber, East Midlands and Dumfries and "
    "Galloway, the South West England - South East Ireland sea link, the counts. Ours "
    "(provisional): every other territory and its extent, the region bonuses, which "
    "territories hold strongholds, the other sea links and the Crown's exact route. Borders "
    "are generated from the drawing by build_map.py; to correct the board from the real "
    "box, edit the tables there and run it again."
)


if __name__ == "__main__":
    if "--layout" in sys.argv[1:]:
        build_layout()
    elif "--board" in sys.argv[1:]:
        build_board()
    else:
        build()
