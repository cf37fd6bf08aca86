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

SIZE = (1560, 1200)  # the circle on the left, the panels on the right
CENTRE = (600, 600)
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
    layout_terr = {}
    for c, t in zip(cells, territories, strict=True):
        (r0, r1), (a0, a1) = c["band"], c["arc"]
        mid = (a0 + a1) / 2
        if r0 == 0:  # the Prison's disc: badge above the middle, name below
            badge, label = list(CENTRE), [CENTRE[0], CENTRE[1] + 44]
        else:
            rm = (r0 + r1) / 2
            badge, label = list(polar(rm - 16, mid)), list(polar(rm + 30, mid))
        layout_terr[t["id"]] = {"cell": {"band": c["band"], "arc": c["arc"]}, "badge": badge,
                                "label": label, "lines": wrap(t["name"])}
    layout_regions = {}
    for zid, en, *_ in ZONES:
        arcs = [layout_terr[t["id"]]["cell"]["arc"] for t in territories if t["region"] == zid]
        if zid == "prison":
            pos = polar((RING[0] + RING[1]) / 2, 315)
        else:
            pos = polar(R[4] + 16, (min(a[0] for a in arcs) + max(a[1] for a in arcs)) / 2)
        layout_regions[zid] = {"label": list(pos), "lines": [en.upper()]}
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
                         "clockwise from the top",
            "territories": layout_terr,
            "regions": layout_regions,
            "panels": {"title": [1180, 14, 1546, 150], "legend": [1180, 164, 1546, 520],
                       "track": [1180, 534, 1546, 760], "action": [1180, 774, 1546, 1000],
                       "crates": [1180, 1014, 1546, 1186]},
            "title": ["RISK", "THE WALKING DEAD"],
        },
    }
    names_fr["about"] = (
        "French names for Risk: The Walking Dead. From the French rulebook (seeds/000): the strategic "
        "locations (p. 1), « Centre Commercial », « Dépôt d'armes », « Forêt Sud », « École », « Forêt Est » "
        "(p. 13) and the zone « Camp de survie » (p. 10). The rest are our translations, listed under "
        "'provisional'.")
    names_fr = {"about": names_fr.pop("about"), **names_fr}
    return board, names_fr, cells


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
    if "--no-image" not in argv:
        raster(cells).save(HERE / "territories.png", optimize=True)
    print(f"{len(board['territories'])} territories, {len(board['borders'])} borders")


if __name__ == "__main__":
    main(sys.argv[1:])
