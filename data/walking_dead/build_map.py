"""Build the Risk: The Walking Dead board: ``map.json``, ``names_fr.json`` and ``territories.png``.

Run it from anywhere: ``.venv/bin/python data/walking_dead/build_map.py``. It is
deterministic (no noise, no clock): the same tables give the same files.

The board, and why it is drawn this way:

- The rulebook (p. 1) says only: a circular map of 32 territories in 6 zones of 4 to 7, one
  strategic location per zone (named), the Prison zone in the centre; GAMES.md adds the real
  names seen on the board and that the Survivor Camp zone has 4 territories and a bonus of 2.
  Everything else here (which territory lies where, the zones' sizes but the Camp's, the
  bonuses by the classic scale 4→2, 5→3, 6→4, 7→5, the invented names) is ours and marked
  ``provisional``; an owner of the box corrects it by editing ``ZONES`` below and running this
  script again.
- Every territory is a *polar cell*: a band of radii and an arc of angles (degrees clockwise
  from the top). The Prison is the disc in the middle, its zone the first ring around it; the
  five other zones are sectors of 72° of the two outer rings. Borders are *read from the
  cells*: two cells of one band border if their arcs meet; two cells of touching bands border if
  their arcs overlap by more than a point. So the picture and the graph cannot disagree; the
  loader (``bot/rules/walking_dead/board.py``) re-checks it.
- Where the rulebook's worked examples put two territories side by side, the cells do: the Mall
  borders the Weapons Depot (p. 13, the Governor's attack), the South Forest borders the School
  (p. 13, Rick's attack), and the East Forest lies east.

Outputs: ``map.json`` (the schema the shared map loader reads, plus ``layout`` with each cell
and where its badge and name go), ``names_fr.json`` (French names, with which are ours) and
``territories.png`` (palette image; pixel value = 1 + position of the territory in
``map.json``'s list, 0 = outside the board: the index raster of the shared map renderer).
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

SIZE = (1200, 1960)  # the circle on top, the panels under it (a phone shows it 450 px wide)
CENTRE = (600, 660)
# Radii of the bands: the Prison's disc, the Prison zone's ring, the inner and outer rings.
R = (0, 105, 225, 390, 560)
DISC, RING, INNER, OUTER = (R[0], R[1]), (R[1], R[2]), (R[2], R[3]), (R[3], R[4])

# The classic scale of zone bonuses by size (GAMES.md "Decided"); the Camp's 2 is printed.
BONUS_BY_SIZE = {4: 2, 5: 3, 6: 4, 7: 5}

# zone id: (English, French, colour, zone name provisional?, [territories])
# territory: (id, English, French, band, arc (from, to) in degrees, strategic?, provisional?,
#             French provisional?)  — "provisional" means the name or the place is ours.
ZONES: list[tuple[str, str, str, str, bool, list[tuple]]] = [
    ("prison", "The Prison", "La Prison", "#8A8A80", True, [
        ("prison", "Prison", "Prison", DISC, (0, 360), True, False, False),
        ("prison_yard", "Prison Yard", "Cour de la prison", RING, (0, 90), False, True, True),
        ("prison_garden", "Prison Garden", "Potager de la prison", RING, (90, 180), False, True, True),
        ("outer_fence", "Outer Fence", "Clôture extérieure", RING, (180, 270), False, True, True),
        ("the_tombs", "The Tombs", "Les Tombeaux", RING, (270, 360), False, True, True),
    ]),
    ("woodbury", "Woodbury", "Woodbury", "#A4493A", True, [
        ("woodbury_downtown", "Woodbury Downtown", "Centre-ville de Woodbury", INNER, (0, 36), True, False, False),
        ("woodbury_hospital", "Woodbury Hospital", "Hôpital de Woodbury", INNER, (36, 72), False, False, True),
        ("woodbury_arena", "Woodbury Arena", "Arène de Woodbury", OUTER, (0, 24), False, True, True),
        ("woodbury_wall", "Woodbury Wall", "Mur de Woodbury", OUTER, (24, 48), False, True, True),
        ("railroad", "Railroad Tracks", "Voie ferrée", OUTER, (48, 72), False, True, True),
    ]),
    ("survivor_camp", "Survivor Camp", "Camp de survie", "#6F8A3C", False, [
        ("atlanta_survivor_camp", "Atlanta Survivor Camp", "Camp des survivants d'Atlanta", INNER, (72, 108),
         True, False, False),
        ("quarry", "Quarry", "Carrière", INNER, (108, 144), False, True, True),
        ("east_forest", "East Forest", "Forêt Est", OUTER, (72, 108), False, False, False),
        ("downtown_atlanta", "Downtown Atlanta", "Centre d'Atlanta", OUTER, (108, 144), False, True, True),
    ]),
    ("greene_farm", "Greene Farm", "Ferme Greene", "#C29A3E", True, [
        ("greene_family_barn", "Greene Family Barn", "Grange de la famille Greene", INNER, (144, 168),
         False, False, True),
        ("greene_family_farm", "Greene Family Farm", "Ferme de la famille Greene", INNER, (168, 192),
         True, False, False),
        ("farmland", "Farmland", "Terres agricoles", INNER, (192, 216), False, False, True),
        ("creek", "Creek", "Ruisseau", OUTER, (144, 168), False, True, True),
        ("country_road", "Country Road", "Route de campagne", OUTER, (168, 192), False, True, True),
        ("south_forest", "South Forest", "Forêt Sud", OUTER, (192, 216), False, False, False),
    ]),
    ("wiltshire", "Wiltshire", "Wiltshire", "#3F7391", True, [
        ("golf_course", "Golf Course", "Terrain de golf", INNER, (216, 240), False, False, True),
        ("wiltshire_estates", "Wiltshire Estates", "Wiltshire Estates", INNER, (240, 264), True, False, False),
        ("church", "Church", "Église", INNER, (264, 288), False, True, True),
        ("school", "School", "École", OUTER, (216, 234), False, False, False),
        ("suburbs", "Suburbs", "Banlieue", OUTER, (234, 252), False, True, True),
        ("gas_station", "Gas Station", "Station-service", OUTER, (252, 270), False, True, True),
        ("mall", "Mall", "Centre commercial", OUTER, (270, 288), False, False, False),
    ]),
    ("national_guard", "National Guard", "Garde nationale", "#6B5E8F", True, [
        ("checkpoint", "Checkpoint", "Poste de contrôle", INNER, (288, 324), False, True, True),
        ("national_guard_outpost", "National Guard Outpost", "Avant-poste de la garde nationale", INNER,
         (324, 360), True, False, False),
        ("weapons_depot", "Weapons Depot", "Dépôt d'armes", OUTER, (288, 312), False, False, False),
        ("barracks", "Barracks", "Caserne", OUTER, (312, 336), False, True, True),
        ("airfield", "Airfield", "Aérodrome", OUTER, (336, 360), False, True, True),
    ]),
]


def cells_border(a: dict, b: dict) -> bool:
    """Whether two polar cells share an edge longer than a point (see the module docstring).
    The same rule as ``bot/rules/walking_dead/board.py``'s check, which re-reads it."""
    (ar0, ar1), (aa0, aa1) = a["band"], a["arc"]
    (br0, br1), (ba0, ba1) = b["band"], b["arc"]
    if (ar0, ar1) == (br0, br1):
        return aa1 % 360 == ba0 % 360 or ba1 % 360 == aa0 % 360
    if ar1 == br0 or br1 == ar0:
        return min(aa1, ba1) - max(aa0, ba0) > 0
    return False


def polar(r: float, deg: float) -> tuple[int, int]:
    rad = math.radians(deg)
    return round(CENTRE[0] + r * math.sin(rad)), round(CENTRE[1] - r * math.cos(rad))


def wrap(name: str) -> list[str]:
    """A name in one or two lines (the longest line as short as can be)."""
    words = name.split()
    if len(name) <= 12 or len(words) == 1:
        return [name]
    best = min(range(1, len(words)), key=lambda i: max(len(" ".join(words[:i])), len(" ".join(words[i:]))))
    return [" ".join(words[:best]), " ".join(words[best:])]


def build() -> tuple[dict, dict, list[dict]]:
    regions, territories, cells = [], [], []
    names_fr: dict = {"region": {}, "territory": {}, "provisional": {"region": [], "territory": []}}
    for zid, en, fr, colour, zprov, terrs in ZONES:
        size = len(terrs)
        regions.append({"id": zid, "name": en, "bonus": BONUS_BY_SIZE[size], "color": colour,
                        "provisional": zprov or zid != "survivor_camp",
                        "territories": [t[0] for t in terrs]})
        names_fr["region"][zid] = fr
        if zid != "survivor_camp":  # « la zone Camp de survie » is the rulebook's (p. 10)
            names_fr["provisional"]["region"].append(zid)
        for tid, ten, tfr, band, arc, strategic, prov, frprov in terrs:
            territories.append({"id": tid, "name": ten, "region": zid, "stronghold": False,
                                "strategic": strategic, "provisional": prov})
            names_fr["territory"][tid] = tfr
            if frprov:
                names_fr["provisional"]["territory"].append(tid)
            cells.append({"id": tid, "band": list(band), "arc": list(arc)})
    borders = []
    for i, a in enumerate(cells):
        for b in cells[i + 1:]:
            if cells_border(a, b):
                borders.append({"a": a["id"], "b": b["id"], "kind": "land"})
    layout_terr = {c["id"]: {"cell": {"band": c["band"], "arc": c["arc"]}, "lines": wrap(t["name"])}
                   for c, t in zip(cells, territories, strict=True)}
    board = {
        "id": "walking_dead",
        "name": "Risk: The Walking Dead, the survivors' country",
        "about": ("The real board is a circular map of 32 territories in 6 coloured zones of 4 to 7, "
                  "the Prison zone in the centre, one strategic location per zone. Real, from the rulebook "
                  "and GAMES.md: the six strategic locations, the names Greene Family Barn, Woodbury "
                  "Hospital, Weapons Depot, School, Golf Course, Mall, South Forest, East Forest and "
                  "Farmland, the Survivor Camp zone's 4 territories and bonus of 2, the counts. Ours "
                  "(provisional): every other name, where each territory lies, the other zones' sizes and "
                  "bonuses (classic scale 4->2, 5->3, 6->4, 7->5). Borders are read from the polar cells by "
                  "build_map.py; to correct the board from the real box, edit its ZONES and run it again."),
        "regions": regions,
        "territories": territories,
        "borders": borders,
        "layout": {
            "size": list(SIZE),
            "centre": list(CENTRE),
            "radii": list(R),
            "index_image": "territories.png",
            "index_note": "pixel value = 1 + position in 'territories'; 0 = outside the board",
            "cell_note": "band = [inner radius, outer radius] px from 'centre'; arc = [from, to] degrees "
                         "clockwise from the top; badges, names, zone tags and panels are in layout.json",
            "territories": layout_terr,
            "panels": PANELS,
            "title": ["RISK", "THE WALKING DEAD"],
        },
    }
    names_fr["about"] = (
        "French names for Risk: The Walking Dead. From the French rulebook (seeds/000): the strategic "
        "locations (p. 1), « Centre Commercial », « Dépôt d'armes », « Forêt Sud », « École », « Forêt Est » "
        "(p. 13) and the zone « Camp de survie » (p. 10). The rest are our translations, listed under "
        "'provisional'.")
    # the groups' names, under the kind bot/rules/names.py knows for a player's faction ("gang")
    groups = json.loads((HERE / "groups.json").read_text(encoding="utf-8"))["groups"]
    names_fr["gang"] = {g["id"]: g["name_fr"] for g in groups}
    names_fr = {"about": names_fr.pop("about"), **names_fr}
    return board, names_fr, cells


# -- the renderer's layout (layout.json, the shape renderers/risk_map reads) ---------------------
BADGE_H, BADGE_W = 32, 84  # the owner's symbol, two digits, and a tab on the left (a watchtower, a star)
LABEL = {"font": "DejaVuSansCondensed-Bold.ttf", "size": 20, "min": 15, "line": 21, "stroke": 3}
TAG = {"font": 21, "line": 23, "bonus": 34}
TAG_W, TAG_H = 236, 44
# zone tags: in the corners of the square round the circle, and above and below it
TAGS = {
    "national_guard": (134, 36), "prison": (CENTRE[0], 36), "woodbury": (SIZE[0] - 134, 36),
    "wiltshire": (134, 1284), "greene_farm": (CENTRE[0], 1284), "survivor_camp": (SIZE[0] - 134, 1284),
}
PANELS = {"title": [14, 1320, 590, 1946], "legend": [602, 1320, 1186, 1740], "survival": [602, 1752, 1186, 1946]}
MARGIN = 5  # px a badge or a name keeps from its cell's edges


def _inside(cell: dict, x: float, y: float, margin: float = MARGIN) -> bool:
    (r0, r1), (a0, a1) = cell["band"], cell["arc"]
    dx, dy = x - CENTRE[0], y - CENTRE[1]
    r = math.hypot(dx, dy)
    if r0 == 0:
        return r < r1 - margin
    if not r0 + margin < r < r1 - margin:
        return False
    deg = math.degrees(math.atan2(dx, -dy)) % 360
    pad = math.degrees(margin / r)
    if a1 - a0 >= 360:
        return True
    lo, hi = a0 + pad, a1 - pad
    return lo < deg < hi or lo < deg + 360 < hi


def _box_inside(cell: dict, box: tuple[float, float, float, float]) -> bool:
    x0, y0, x1, y1 = box
    pts = [(x0 + (x1 - x0) * i / 8, y) for i in range(9) for y in (y0, y1)]
    pts += [(x, y0 + (y1 - y0) * i / 4) for i in range(5) for x in (x0, x1)]
    return all(_inside(cell, x, y) for x, y in pts)


def _centred(cx: float, cy: float, w: float, h: float) -> tuple[float, float, float, float]:
    return (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)


def _place(cell: dict, lines: list[str]) -> tuple[list[float], list[int], list[int]]:
    """The badge's centre and box and the name's box in a cell: the badge nearer the middle
    of the board, the name outside it, both as wide as the cell allows there. The first
    arrangement (radii, from the cell's middle outwards) where both fit wins."""
    (r0, r1), (a0, a1) = cell["band"], cell["arc"]
    h = LABEL["line"] * len(lines) + 6
    if r0 == 0:  # the Prison's disc
        cx, cy = CENTRE
        badge = _centred(cx, cy - 22, BADGE_W, BADGE_H)
        label = _centred(cx, cy + 22, 150, h)
        return [cx, cy - 22], [round(v) for v in badge], [round(v) for v in label]
    mid = (a0 + a1) / 2
    depth, span = r1 - r0, a1 - a0
    # (badge radius, badge angle, name radius, name angle): radial first, then side by side
    tries = [(r0 + fb * depth, mid, r0 + fl * depth, mid)
             for fb in (0.3, 0.26, 0.34, 0.22, 0.38) for fl in (0.7, 0.66, 0.74, 0.62, 0.78, 0.58)]
    tries += [(r0 + fr * depth, mid + sb * span, r0 + fr * depth, mid - sb * span)
              for fr in (0.5, 0.55, 0.45) for sb in (0.22, -0.22, 0.26, -0.26, 0.18, -0.18)]
    best = None
    for rb, ab, rl, al in tries:  # the widest name wins; the first such arrangement on a tie
        bx, by = polar(rb, ab)
        badge = _centred(bx, by, BADGE_W, BADGE_H)
        if not _box_inside(cell, badge):
            continue
        lx, ly = polar(rl, al)
        for w in range(220, 60, -4):
            label = _centred(lx, ly, w, h)
            if _box_inside(cell, label) and not _overlap(label, badge, 4):
                if best is None or w > best[0]:
                    best = (w, [bx, by], [round(v) for v in badge], [round(v) for v in label])
                break
    if best is not None:
        return best[1], best[2], best[3]
    raise SystemExit(f"no room for a badge and its name in {cell}")


def _overlap(a, b, pad: float = 0) -> bool:
    return not (a[2] + pad <= b[0] or b[2] + pad <= a[0] or a[3] + pad <= b[1] or b[3] + pad <= a[1])


def layout(board: dict) -> dict:
    """``layout.json``: where the shared map renderer draws each badge, name, zone tag and
    panel."""
    terr = {}
    for t in board["territories"]:
        spot = board["layout"]["territories"][t["id"]]
        badge, badge_box, label_box = _place(spot["cell"], spot["lines"])
        terr[t["id"]] = {"badge": [round(v) for v in badge], "badge_box": badge_box, "label_box": label_box,
                         "leader": None, "lines": spot["lines"], "stronghold": False,
                         "strategic": bool(t.get("strategic"))}
    regions = {r["id"]: {"box": [round(v) for v in _centred(*TAGS[r["id"]], TAG_W, TAG_H)], "bonus": r["bonus"]}
               for r in board["regions"]}
    return {
        "about": "Where the renderer draws everything on The Walking Dead's board; made by build_map.py from "
                 "the polar cells (badges and names inside their cells, zone tags round the circle).",
        "size": list(SIZE),
        "centre": list(CENTRE),
        "radii": list(R),
        "label": LABEL,
        "badge": {"h": BADGE_H, "w": BADGE_W, "castle": 20, "font": 24},
        "tag": TAG,
        "territories": terr,
        "regions": regions,
        "zones": {r["id"]: {"color": r["color"], "arc": _zone_arc(board, r["id"])} for r in board["regions"]},
        "panels": PANELS,
        "title": ["RISK", "THE WALKING DEAD"],
    }


def _zone_arc(board: dict, zid: str) -> list[int]:
    arcs = [board["layout"]["territories"][t["id"]]["cell"]["arc"] for t in board["territories"]
            if t["region"] == zid]
    return [min(a[0] for a in arcs), max(a[1] for a in arcs)]


def raster(cells: list[dict]):
    """The index image: each pixel's cell by its polar coordinates (0 outside the circle)."""
    from PIL import Image

    w, h = SIZE
    cx, cy = CENTRE
    data = bytearray(w * h)
    for y in range(h):
        dy = y + 0.5 - cy
        for x in range(max(0, cx - R[4] - 1), min(w, cx + R[4] + 1)):
            dx = x + 0.5 - cx
            r = math.hypot(dx, dy)
            if r >= R[4]:
                continue
            deg = math.degrees(math.atan2(dx, -dy)) % 360
            for i, c in enumerate(cells):
                (r0, r1), (a0, a1) = c["band"], c["arc"]
                if r0 <= r < r1 and a0 <= deg < a1:
                    data[y * w + x] = i + 1
                    break
    img = Image.frombytes("P", SIZE, bytes(data))
    img.putpalette([v for i in range(256) for v in (i, i, i)])
    return img


def main(argv: list[str]) -> None:
    board, names_fr, cells = build()
    (HERE / "map.json").write_text(json.dumps(board, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    (HERE / "names_fr.json").write_text(json.dumps(names_fr, ensure_ascii=False, indent=1) + "\n",
                                        encoding="utf-8")
    (HERE / "layout.json").write_text(json.dumps(layout(board), ensure_ascii=False, indent=1) + "\n",
                                      encoding="utf-8")
    if "--no-image" not in argv:
        raster(cells).save(HERE / "territories.png", optimize=True)
    if "--art" in argv:  # the renderer's static art (board_art.png), drawn from the files above
        sys.path.insert(0, str(HERE.parents[1]))
        from renderers.walking_dead import write_art

        print(write_art())
    print(f"{len(board['territories'])} territories, {len(board['borders'])} borders")


if __name__ == "__main__":
    main(sys.argv[1:])
