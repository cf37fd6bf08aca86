"""Build the picture's geometry of Cybertron: ``territories.png`` and ``layout.json``.

Run it after ``build_map.py``: ``.venv/bin/python data/transformers/build_board.py`` (add
``--art`` to draw ``board_art.png`` with the edition's decoration too). Deterministic.

The real board is not known (``docs/transformers.md``), so the picture does not pretend to
be it: each zone is a separate metal plate at its place on the plan (``map.json``'s
``layout.zones``), and *every* connection is drawn, so that the picture and the rules cannot
disagree: a land border is a bridge between two plates (with a gate where a pivoting zone's
arrow is), a hyperlink a dashed line, a hyperlink round the planet a dashed stub to the
board's edge ending in a numbered disc (the same number at the other edge). Plates never
touch, so no border is drawn that the rules do not have; the tests check it.

Outputs: ``territories.png`` (palette image; pixel value = 1 + position of the zone in
``map.json``'s list, 0 = space) and ``layout.json`` (the map renderer's schema: badges,
labels, sector tags, panels, hyperlinks as ``sea_links``; plus ``bridges`` and ``wraps``
for the edition's decoration).
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

from PIL import Image, ImageDraw

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]

SIZE = (1200, 1450)
PLATE = (116, 84)  # a zone's plate, w × h
CHAMFER = 16
BADGE = (84, 32)
MAP_BOTTOM = 860  # the plates live above, the panels below
PANELS = {"title": [10, 872, 396, 1440], "legend": [406, 872, 794, 1270],
          "cybertron": [804, 872, 1190, 1440]}
TAG = (128, 52)


def place(xy: list[int]) -> tuple[int, int]:
    """The plan's 1200 × 860 is the picture's map area."""
    x, y = xy
    return int(x), int(y)


def plate_poly(cx: float, cy: float) -> list[tuple[float, float]]:
    w, h, c = PLATE[0] / 2, PLATE[1] / 2, CHAMFER
    return [(cx - w + c, cy - h), (cx + w - c, cy - h), (cx + w, cy - h + c), (cx + w, cy + h - c),
            (cx + w - c, cy + h), (cx - w + c, cy + h), (cx - w, cy + h - c), (cx - w, cy - h + c)]


def edge_point(a: tuple[float, float], b: tuple[float, float]) -> tuple[float, float]:
    """Where the segment a→b leaves a's plate (its bounding box, near enough)."""
    (ax, ay), (bx, by) = a, b
    dx, dy = bx - ax, by - ay
    tx = (PLATE[0] / 2 + 2) / abs(dx) if dx else math.inf
    ty = (PLATE[1] / 2 + 2) / abs(dy) if dy else math.inf
    t = min(tx, ty)
    return ax + dx * t, ay + dy * t


def seg_box_hit(p: tuple[float, float], q: tuple[float, float], box: tuple[float, float, float, float]) -> bool:
    """Whether segment p–q passes through ``box`` (sampled every 2 px)."""
    n = max(2, int(math.dist(p, q) / 2))
    x0, y0, x1, y1 = box
    for i in range(n + 1):
        x = p[0] + (q[0] - p[0]) * i / n
        y = p[1] + (q[1] - p[1]) * i / n
        if x0 <= x <= x1 and y0 <= y <= y1:
            return True
    return False


def build() -> tuple[Image.Image, dict, list[str]]:
    with open(HERE / "map.json", encoding="utf-8") as fh:
        data = json.load(fh)
    ids = [t["id"] for t in data["territories"]]
    centre = {z: place(data["layout"]["zones"][z]) for z in ids}
    problems: list[str] = []

    # plates
    T = Image.new("L", SIZE, 0)
    d = ImageDraw.Draw(T)
    boxes = {}
    for i, z in enumerate(ids):
        cx, cy = centre[z]
        d.polygon(plate_poly(cx, cy), fill=i + 1)
        boxes[z] = (cx - PLATE[0] / 2, cy - PLATE[1] / 2, cx + PLATE[0] / 2, cy + PLATE[1] / 2)
        if boxes[z][3] > MAP_BOTTOM or boxes[z][0] < 40 or boxes[z][2] > SIZE[0] - 30:
            problems.append(f"plate {z} leaves the map area")
    for a in ids:
        for b in ids:
            if a < b:
                A, B = boxes[a], boxes[b]
                if not (A[2] + 14 <= B[0] or B[2] + 14 <= A[0] or A[3] + 14 <= B[1] or B[3] + 14 <= A[1]):
                    problems.append(f"plates {a} and {b} are closer than 14 px")

    # connections
    bridges, sea_links, wraps = [], [], []
    for b in data["borders"]:
        a, c = b["a"], b["b"]
        pa, pc = centre[a], centre[c]
        if b.get("wrap"):
            exits = b["exits"]
            num = len(wraps) + 1
            paths = []
            for z, side in ((a, exits[0]), (c, exits[1])):
                x, y = centre[z]
                edge_x = 14 if side == "left" else SIZE[0] - 14
                start = (x - PLATE[0] / 2 - 2, y) if side == "left" else (x + PLATE[0] / 2 + 2, y)
                paths.append([[round(start[0]), y], [edge_x, y]])
            wraps.append({"a": a, "b": c, "n": num, "paths": paths})
            continue
        p, q = edge_point(pa, pc), edge_point(pc, pa)
        for z in ids:
            if z not in (a, c) and seg_box_hit(p, q, boxes[z]):
                problems.append(f"the link {a}–{c} crosses the plate of {z}")
        path = [[round(p[0]), round(p[1])], [round(q[0]), round(q[1])]]
        if b["kind"] == "hyperlink":
            sea_links.append({"a": a, "b": c, "path": path})
        else:
            bridges.append({"a": a, "b": c, "path": path, "gate": b.get("gate")})

    colour = {r["id"]: r["color"] for r in data["regions"]}
    sector = {t["id"]: t["region"] for t in data["territories"]}
    territories = {}
    for z in ids:
        cx, cy = centre[z]
        territories[z] = {
            "badge": [cx, cy + 19],
            "badge_box": [cx - BADGE[0] // 2, cy + 3, cx + BADGE[0] // 2, cy + 3 + BADGE[1]],
            "label_box": [cx - 53, cy - 40, cx + 53, cy + 2],
            "leader": None,
            "stronghold": False,
            "ring": colour[sector[z]],
        }
    regions = {}
    for r in data["regions"]:
        x, y = place(data["layout"]["sector_tags"][r["id"]])
        box = [x, y, x + TAG[0], y + TAG[1]]
        regions[r["id"]] = {"box": box, "bonus": r["bonus"]}
        for z in ids:
            B = boxes[z]
            if not (box[2] + 4 <= B[0] or B[2] + 4 <= box[0] or box[3] + 4 <= B[1] or B[3] + 4 <= box[1]):
                problems.append(f"the tag of {r['id']} covers {z}")
    layout = {
        "about": "Where the renderer draws Cybertron; made by build_board.py from map.json's plan.",
        "size": list(SIZE),
        "label": {"font": "DejaVuSansCondensed-Bold.ttf", "size": 18, "min": 14, "line": 19, "stroke": 3},
        "badge": {"h": BADGE[1], "w": BADGE[0], "castle": 20, "font": 24},
        "tag": {"font": 19, "line": 21, "bonus": 34},
        "title": ["RISK", "TRANSFORMERS"],
        "territories": territories,
        "regions": regions,
        "panels": PANELS,
        "sea_links": sea_links,
        "bridges": bridges,
        "wraps": wraps,
        "plate": {"w": PLATE[0], "h": PLATE[1], "chamfer": CHAMFER,
                  "centres": {z: list(centre[z]) for z in ids}},
    }
    return T, layout, problems


def main() -> None:
    T, layout, problems = build()
    if problems:
        print("\n".join(problems))
        sys.exit(1)
    pal = Image.frombytes("P", T.size, T.tobytes())
    pal.putpalette([v for i in range(256) for v in ((i * 5) % 256, (i * 11) % 256, (i * 17) % 256)])
    pal.save(HERE / "territories.png", optimize=True)
    with open(HERE / "layout.json", "w", encoding="utf-8") as fh:
        json.dump(layout, fh, ensure_ascii=False, indent=1)
        fh.write("\n")
    if "--art" in sys.argv:
        sys.path.insert(0, str(ROOT))
        from renderers.transformers import write_art

        print(write_art())


if __name__ == "__main__":
    main()
