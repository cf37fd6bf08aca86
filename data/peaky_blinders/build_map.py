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
import random
import sys
from array import array
from collections import deque
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
    ("london", "London", "england", True, False, [(-0.12, 51.50, 1.5)]),
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
    ("small_heath", "Small Heath", "england", False, False, [(-1.80, 52.49, 1.3)]),
    ("north_west_england", "North West England", "england", False, False,
     [(-3.05, 54.55, 1), (-2.65, 53.95, 1), (-2.90, 54.85, 1)]),
    ("manchester", "Manchester", "england", False, True, [(-2.22, 53.47, 1.1)]),
    ("liverpool", "Liverpool", "england", False, True,
     [(-2.95, 53.45, 1.0), (-2.78, 53.18, 1.0)]),
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
    ("fife", "Fife", "scotland", False, True, [(-3.05, 56.22, 1)]),
    ("lothian", "Lothian", "scotland", True, True,
     [(-3.20, 55.90, 1), (-3.60, 55.85, 1), (-2.75, 55.92, 1)]),
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
     [(-6.20, 54.95, 1), (-5.95, 54.68, 1)]),
    ("londonderry", "Londonderry", "northern_ireland", False, True, [(-6.90, 54.92, 1), (-6.60, 54.84, 1)]),
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
    ("dublin", "Dublin", "ireland", True, True, [(-6.35, 53.38, 0.9), (-6.45, 52.98, 0.9)]),
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

LABEL_FONT = "DejaVuSansCondensed-Bold.ttf"
LABEL_SIZE = 15
LABEL_LINE = 16
LABEL_STROKE = 2
BADGE_R = 15
ICON = 20  # stronghold icon box side

# Hand placement where the automatic one is not good enough, in pixels of the picture:
# "block" (badge + name, centred), "badge", "label" (name alone, e.g. outside a small
# territory), "lines" (how the name wraps), "stronghold", "crown", "via" (route waypoints
# after this step), "tag" (the Crown's start / end label).
PLACE: dict[str, dict] = {
    "london": {"badge": (955, 1182), "label": (914, 1197), "crown": (980, 1161),
               "tag": (976, 1224)},
    "small_heath": {"badge": (826, 1027), "label": (822, 1052), "crown": (795, 1034),
                    "tag": (828, 1080)},
    "west_midlands": {"block": (712, 1041)},
    "thames_valley": {"block": (880, 1131)},
    "south_east_england": {"block": (1062, 1256), "lines": ["South East", "England"]},
    "liverpool": {"badge": (713, 890), "label": (710, 864)},
    "manchester": {"badge": (765, 879), "label": (768, 905)},
    "antrim": {"badge": (428, 660), "label": (452, 684), "stronghold": (455, 652)},
    "londonderry": {"badge": (374, 662), "label": (367, 687)},
}

# Region name and bonus tags, in the sea beside each region (pixels, lines of the tag).
REGION_LABELS: dict[str, tuple[tuple[int, int], list[str]]] = {
    "england": ((1085, 808), ["ENGLAND"]),
    "wales": ((548, 1022), ["WALES"]),
    "scotland": ((905, 512), ["SCOTLAND"]),
    "northern_ireland": ((566, 770), ["NORTHERN", "IRELAND"]),
    "ireland": ((70, 985), ["IRELAND"]),
}

# Panels drawn by the renderer in the empty corners of the sea (pixels: x0, y0, x1, y1).
PANELS = {
    "title": (14, 14, 326, 600),
    "legend": (836, 14, 1186, 470),
    "crown": (14, 1214, 446, 1428),
}


def _font() -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FONT_DIR / LABEL_FONT), LABEL_SIZE,
                              layout_engine=ImageFont.Layout.BASIC)


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
    return [out[0], *two[:2], *three[:2]]


def _label_size(lines: list[str]) -> tuple[int, int]:
    f = _font()
    w = max(int(math.ceil(f.getlength(s))) for s in lines) + 2 * LABEL_STROKE
    return w, LABEL_LINE * len(lines) + 2 * LABEL_STROKE


class _Shape:
    """One territory's pixels in its bounding box, with an integral image for box tests."""

    def __init__(self, lab: bytearray, num: int) -> None:
        mask = Image.frombytes("L", (WIDTH, HEIGHT), bytes(lab)).point(
            lambda v: 255 if v == num else 0)
        x0, y0, x1, y1 = mask.getbbox()
        self.x0, self.y0 = x0, y0
        self.w, self.h = x1 - x0, y1 - y0
        crop = mask.crop((x0, y0, x1, y1))
        data = crop.tobytes()
        w, h = self.w, self.h
        integ = [0] * ((w + 1) * (h + 1))
        sx = sy = n = 0
        for y in range(h):
            run = 0
            row = data[y * w:(y + 1) * w]
            base, prev = (y + 1) * (w + 1), y * (w + 1)
            for x in range(w):
                if row[x]:
                    run += 1
                    sx += x
                    sy += y
                    n += 1
                integ[base + x + 1] = integ[prev + x + 1] + run
        self.integ = integ
        self.centroid = (x0 + sx / n, y0 + sy / n)
        self.area = n
        # chessboard distance to the outside, by repeated erosion
        depth = [0] * (w * h)
        cur = crop
        k = 0
        while True:
            k += 1
            bs = cur.tobytes()
            for i in range(w * h):
                if bs[i]:
                    depth[i] = k
            cur = cur.filter(_MIN3)
            if cur.getbbox() is None or k > 80:
                break
        self.depth = depth

    def fraction(self, box: tuple[float, float, float, float]) -> float:
        """Share of the box (x0, y0, x1, y1 in canvas pixels) inside the territory."""
        bx0, by0 = int(round(box[0])) - self.x0, int(round(box[1])) - self.y0
        bx1, by1 = int(round(box[2])) - self.x0, int(round(box[3])) - self.y0
        area = max(1, (bx1 - bx0) * (by1 - by0))
        cx0, cy0 = max(0, bx0), max(0, by0)
        cx1, cy1 = min(self.w, bx1), min(self.h, by1)
        if cx1 <= cx0 or cy1 <= cy0:
            return 0.0
        W1 = self.w + 1
        s = (self.integ[cy1 * W1 + cx1] - self.integ[cy0 * W1 + cx1]
             - self.integ[cy1 * W1 + cx0] + self.integ[cy0 * W1 + cx0])
        return s / area

    def points(self, min_depth: int, step: int = 3):
        for y in range(0, self.h, step):
            for x in range(0, self.w, step):
                if self.depth[y * self.w + x] >= min_depth:
                    yield (self.x0 + x, self.y0 + y)

    def deepest(self) -> tuple[float, float]:
        cx, cy = self.centroid
        best, bp = -1e9, (cx, cy)
        for x, y in self.points(1, 2):
            d = self.depth[(y - self.y0) * self.w + (x - self.x0)]
            score = min(d, 34) - 0.04 * math.hypot(x - cx, y - cy)
            if score > best:
                best, bp = score, (x, y)
        return bp


_MIN3 = None  # set in _place (ImageFilter import kept local to the build)


def _box(cx: float, cy: float, w: float, h: float) -> tuple[float, float, float, float]:
    return (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)


def _overlap(a, b, pad: float = 0) -> bool:
    return not (a[2] + pad <= b[0] or b[2] + pad <= a[0] or a[3] + pad <= b[1]
                or b[3] + pad <= a[1])


def _place_block(shape: _Shape, name: str, over: dict) -> dict:
    """Badge and name: stacked (badge over name) at the best spot inside the territory."""
    deep = shape.deepest()
    if "block" in over:
        deep = over["block"]
    best = None
    for lines in ([over["lines"]] if "lines" in over else _wraps(name)):
        lw, lh = _label_size(lines)
        bh = 2 * BADGE_R + lh
        cands = [deep] if "block" in over else [deep, *shape.points(BADGE_R // 2)]
        for px, py in cands:
            badge = (px, py - bh / 2 + BADGE_R)
            label = (px, py + bh / 2 - lh / 2)
            fb = shape.fraction(_box(*badge, 2 * BADGE_R + 4, 2 * BADGE_R + 4))
            fl = shape.fraction(_box(*label, lw, lh))
            cost = (900 * (1 - fb) + 400 * (1 - fl) + 0.6 * math.hypot(px - deep[0], py - deep[1])
                    + 25 * (len(lines) - 1))
            if best is None or cost < best[0]:
                best = (cost, badge, label, lines, lw, lh)
    _, badge, label, lines, lw, lh = best
    if "badge" in over:
        badge = over["badge"]
    if "label" in over:
        label = over["label"]
    return {"badge": badge, "label": label, "lines": lines, "label_box": _box(*label, lw, lh)}


def _place_icon(shape: _Shape, spot: dict, over: dict) -> tuple[float, float]:
    if "stronghold" in over:
        return over["stronghold"]
    bx, by = spot["badge"]
    d = BADGE_R + ICON / 2 + 3
    best = None
    for k in range(16):
        a = math.radians(-30 + k * 22.5)
        p = (bx + d * math.cos(a), by + d * math.sin(a))
        box = _box(*p, ICON + 2, ICON + 2)
        f = shape.fraction(box)
        clash = _overlap(box, spot["label_box"], 2)
        cost = (1 - f) * 100 + (50 if clash else 0) + k * 0.1
        if best is None or cost < best[0]:
            best = (cost, p)
    return best[1]


def _place_crown(shape: _Shape, spot: dict, target: tuple[float, float], over: dict,
                 dice: bool):
    if "crown" in over:
        return over["crown"]
    best = None
    avoid = [spot["label_box"], _box(*spot["badge"], 2 * BADGE_R + 16, 2 * BADGE_R + 16)]
    if spot.get("stronghold"):
        avoid.append(_box(*spot["stronghold"], ICON + 8, ICON + 8))
    for px, py in shape.points(7, 2):
        box = _box(px, py, 22, 22)
        if dice:  # the die is drawn below right of the point
            box = (box[0], box[1], px + 24, py + 23)
        if any(_overlap(box, a) for a in avoid):
            continue
        cost = math.hypot(px - target[0], py - target[1])
        if best is None or cost < best[0]:
            best = (cost, (px, py))
    return best[1] if best else spot["badge"]


def _rnd(p) -> list[int]:
    return [int(round(p[0])), int(round(p[1]))]


def build() -> None:
    global _MIN3
    from PIL import ImageFilter

    _MIN3 = ImageFilter.MinFilter(3)
    lab = build_raster()
    ids = [t[0] for t in TERRITORIES]
    num = {tid: i + 1 for i, tid in enumerate(ids)}

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

    # --- placement
    shapes = {tid: _Shape(lab, num[tid]) for tid in ids}
    spots: dict[str, dict] = {}
    for tid, name, _r, stronghold, _p, _s in TERRITORIES:
        over = PLACE.get(tid, {})
        spot = _place_block(shapes[tid], name, over)
        spot["stronghold"] = _place_icon(shapes[tid], spot, over) if stronghold else None
        spots[tid] = spot
    crown_pts = []
    for i, tid in enumerate(CROWN_ROUTE):
        prev = spots[CROWN_ROUTE[max(0, i - 1)]]["badge"]
        nxt = spots[CROWN_ROUTE[min(len(CROWN_ROUTE) - 1, i + 1)]]["badge"]
        own = spots[tid]["badge"]
        target = (0.5 * own[0] + 0.25 * (prev[0] + nxt[0]), 0.5 * own[1] + 0.25 * (prev[1] + nxt[1]))
        spots[tid]["crown"] = _place_crown(shapes[tid], spots[tid], target, PLACE.get(tid, {}),
                                           i in DICE_STEPS)
        crown_pts.append(spots[tid]["crown"])
    crown_path = []
    for i, tid in enumerate(CROWN_ROUTE):
        crown_path.append(_rnd(crown_pts[i]))
        for via in PLACE.get(tid, {}).get("via", []):
            crown_path.append(_rnd(via))

    sea_paths = []
    for a, b, wps in SEA_LINKS:
        pts = [spots[a]["badge"], *[project(*p) for p in wps], spots[b]["badge"]]
        sea_paths.append({"a": a, "b": b, "path": [_rnd(p) for p in pts]})

    # --- files
    pal = [0, 0, 0]
    region_rgb = {r[0]: tuple(int(r[3][i:i + 2], 16) for i in (1, 3, 5)) for r in REGIONS}
    for t in TERRITORIES:
        pal += list(region_rgb[t[2]])
    img = Image.frombytes("L", (WIDTH, HEIGHT), bytes(lab))
    img.putpalette(pal + [0, 0, 0] * (256 - len(pal) // 3))
    img.save(HERE / "territories.png", optimize=True)

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
            "badge_radius": BADGE_R,
            "label_font": LABEL_FONT,
            "label_size": LABEL_SIZE,
            "label_line": LABEL_LINE,
            "territories": {
                tid: {"badge": _rnd(s["badge"]), "label": _rnd(s["label"]), "lines": s["lines"],
                      "stronghold": _rnd(s["stronghold"]) if s["stronghold"] else None,
                      "crown": _rnd(s["crown"]) if "crown" in s else None}
                for tid, s in spots.items()},
            "sea_links": sea_paths,
            "crown_path": crown_path,
            "regions": {rid: {"label": list(p), "lines": lines}
                        for rid, (p, lines) in REGION_LABELS.items()},
            "crown_tags": {"start": _rnd(PLACE["london"]["tag"]),
                           "end": _rnd(PLACE["small_heath"]["tag"])},
            "panels": {k: list(v) for k, v in PANELS.items()},
            "title": ["RISK", "PEAKY BLINDERS"],
        },
    }
    text = json.dumps(data, indent=1, ensure_ascii=False)
    (HERE / "map.json").write_text(text + "\n", encoding="utf-8")
    print(f"wrote map.json ({len(ids)} territories, {len(borders)} borders) and territories.png")


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
    build()
