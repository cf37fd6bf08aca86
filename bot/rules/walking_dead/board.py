"""The Walking Dead's board: the shared map loader plus the checks this edition's rulebook adds.

The shared loader (:class:`bot.rules.risk_map.board.Board`) already refuses a map whose borders
are not symmetric, whose territories are not each in one zone, which is not one connected
graph, or whose counts differ from the rulebook's (32 territories, 6 zones). It reads our file
unchanged. What it does not know, and this module checks on every load:

- each zone holds 4 to 7 territories (p. 1), the Survivor Camp exactly 4 with a bonus of 2
  (p. 10);
- each zone has exactly one strategic location, and they are the six the rulebook names (p. 1);
- every real name GAMES.md knows is on the board; names are unique, in English and in French;
- the Prison zone is the centre of the circle (GAMES.md), the Prison its middle;
- the drawing and the graph agree: each territory is a polar cell, and two territories border
  exactly when their cells share an edge (the rule ``data/walking_dead/build_map.py`` draws by).

The shared loader should grow the last three kinds of check as options (strategic flags per
region, names in a second language, a geometry check): ``docs/walking_dead.md`` says how.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from bot.rules.risk_map.board import DATA_DIR, Board, BoardError

__all__ = [
    "CAMP",
    "KNOWN_NAMES",
    "MAP_ID",
    "PRISON",
    "RULEBOOK_COUNTS",
    "STRATEGIC_NAMES",
    "WalkingDeadBoard",
    "board_from_dict",
    "cells_border",
    "load_board",
]

MAP_ID = "walking_dead"
RULEBOOK_COUNTS = {"territories": 32, "regions": 6}
ZONE_SIZES = range(4, 8)
CAMP = "survivor_camp"
CAMP_SIZE, CAMP_BONUS = 4, 2
PRISON = "prison"  # the zone in the centre, and its strategic location's territory
# The strategic locations the rulebook names (p. 1), in English (GAMES.md).
STRATEGIC_NAMES = frozenset({"Greene Family Farm", "Wiltshire Estates", "Atlanta Survivor Camp", "Prison",
                             "Woodbury Downtown", "National Guard Outpost"})
# Every real name GAMES.md knows, and the zone it puts it in (None: GAMES.md does not say).
KNOWN_NAMES: dict[str, str | None] = {
    "Greene Family Farm": None, "Wiltshire Estates": None, "Atlanta Survivor Camp": CAMP,
    "Prison": PRISON, "Woodbury Downtown": None, "National Guard Outpost": None,
    "Greene Family Barn": None, "Woodbury Hospital": None, "Weapons Depot": None, "School": None,
    "Golf Course": None, "Mall": None, "South Forest": None, "East Forest": None, "Farmland": None,
}
# Pairs the rulebook's worked examples show side by side (p. 13).
EXAMPLE_BORDERS = (("Mall", "Weapons Depot"), ("South Forest", "School"))


@dataclass(frozen=True)
class WalkingDeadBoard:
    """The checked board and what this edition reads beside it."""

    board: Board
    strategic: tuple[str, ...]  # territory ids, map order, one per zone
    names_fr: dict[str, dict[str, str]]  # kind ("region", "territory") -> id -> French name

    def strategic_in(self, zone: str) -> str:
        return next(t for t in self.strategic if self.board.territories[t].region == zone)


def cells_border(a: Mapping[str, Any], b: Mapping[str, Any]) -> bool:
    """Whether two polar cells (``band``: radii, ``arc``: degrees) share an edge longer than
    a point: one band and arcs that meet, or touching bands and arcs that overlap."""
    (ar0, ar1), (aa0, aa1) = a["band"], a["arc"]
    (br0, br1), (ba0, ba1) = b["band"], b["arc"]
    if (ar0, ar1) == (br0, br1):
        return aa1 % 360 == ba0 % 360 or ba1 % 360 == aa0 % 360
    if ar1 == br0 or br1 == ar0:
        return min(aa1, ba1) - max(aa0, ba0) > 0
    return False


def _edition_errors(board: Board, data: Mapping[str, Any], names_fr: Mapping[str, Any]) -> list[str]:
    errors: list[str] = []
    raw_terr = {t["id"]: t for t in data.get("territories", [])}
    strategic: dict[str, list[str]] = {z: [] for z in board.regions}
    for tid in board.order:
        if raw_terr[tid].get("strategic"):
            strategic[board.territories[tid].region].append(tid)
    for zid, zone in board.regions.items():
        n = len(zone.territories)
        if n not in ZONE_SIZES:
            errors.append(f"zone '{zid}' has {n} territories (the rulebook says 4 to 7)")
        if len(strategic[zid]) != 1:
            errors.append(f"zone '{zid}' has {len(strategic[zid])} strategic locations (one per zone)")
    camp = board.regions.get(CAMP)
    if camp is None:
        errors.append(f"no zone '{CAMP}' (the Survivor Camp)")
    elif (len(camp.territories), camp.bonus) != (CAMP_SIZE, CAMP_BONUS):
        errors.append(f"the Survivor Camp has {len(camp.territories)} territories and a bonus of "
                      f"{camp.bonus} (the rulebook: {CAMP_SIZE} and {CAMP_BONUS})")
    by_name: dict[str, str] = {}
    for tid in board.order:
        name = board.territories[tid].name
        if name in by_name:
            errors.append(f"the name '{name}' is used twice ('{by_name[name]}' and '{tid}')")
        by_name[name] = tid
    strategic_names = {board.territories[t].name for ts in strategic.values() for t in ts}
    if strategic_names != STRATEGIC_NAMES:
        errors.append(f"the strategic locations are {sorted(strategic_names)}, the rulebook's are "
                      f"{sorted(STRATEGIC_NAMES)}")
    for name, zone in KNOWN_NAMES.items():
        tid = by_name.get(name)
        if tid is None:
            errors.append(f"the real name '{name}' is not on the board")
        elif zone is not None and board.territories[tid].region != zone:
            errors.append(f"'{name}' must be in zone '{zone}', not '{board.territories[tid].region}'")
    for a, b in EXAMPLE_BORDERS:
        if a in by_name and b in by_name and not board.adjacent(by_name[a], by_name[b]):
            errors.append(f"'{a}' must border '{b}' (the rulebook's example, p. 13)")
    errors += _french_errors(board, names_fr)
    errors += _layout_errors(board, data)
    return errors


def _french_errors(board: Board, names_fr: Mapping[str, Any]) -> list[str]:
    errors: list[str] = []
    for kind, ids in (("region", list(board.regions)), ("territory", list(board.order))):
        table = names_fr.get(kind) or {}
        missing = [i for i in ids if not table.get(i)]
        if missing:
            errors.append(f"no French name for {kind} {', '.join(missing)}")
        unknown = [i for i in table if i not in ids]
        if unknown:
            errors.append(f"French names for unknown {kind} {', '.join(unknown)}")
        seen: dict[str, str] = {}
        for i, fr in table.items():
            if fr in seen:
                errors.append(f"the French name '{fr}' is used twice ('{seen[fr]}' and '{i}')")
            seen[fr] = i
    return errors


def _layout_errors(board: Board, data: Mapping[str, Any]) -> list[str]:
    """The circle: each territory a polar cell, the Prison in the middle, its zone the first
    ring, and borders exactly where cells touch."""
    lay = (data.get("layout") or {}).get("territories") or {}
    missing = [t for t in board.order if "cell" not in (lay.get(t) or {})]
    if missing:
        return [f"no cell in the layout for {', '.join(missing)}"]
    errors: list[str] = []
    cells = {t: lay[t]["cell"] for t in board.order}
    for t, c in cells.items():
        (r0, r1), (a0, a1) = c["band"], c["arc"]
        if not (0 <= r0 < r1 and 0 <= a0 < a1 <= 360):
            errors.append(f"territory '{t}' has a bad cell {c!r}")
    if errors:
        return errors
    if PRISON not in cells or cells[PRISON]["band"][0] != 0 or list(cells[PRISON]["arc"]) != [0, 360]:
        errors.append("the Prison must be the disc in the middle of the board")
    if PRISON in board.regions:
        inner = max(cells[t]["band"][1] for t in board.regions[PRISON].territories)
        outside = [t for t in board.order if board.territories[t].region != PRISON and cells[t]["band"][0] < inner]
        if outside:
            errors.append(f"the Prison zone must be the centre of the board ({', '.join(outside)} lie inside it)")
    order = board.order
    for i, a in enumerate(order):
        for b in order[i + 1:]:
            touch, border = cells_border(cells[a], cells[b]), board.adjacent(a, b)
            if touch != border:
                errors.append(f"'{a}' and '{b}' {'touch on the board but do not border' if touch else 'border but do not touch'}")
    return errors


def board_from_dict(data: Mapping[str, Any], names_fr: Mapping[str, Any]) -> WalkingDeadBoard:
    """Build and check a board from its data (tests break a copy and watch it fail)."""
    board = Board.from_dict(data, expect=RULEBOOK_COUNTS)
    errors = _edition_errors(board, data, names_fr)
    if errors:
        raise BoardError(f"map '{data.get('id', '?')}': " + "; ".join(errors))
    strategic = tuple(t["id"] for t in data["territories"] if t.get("strategic"))
    strategic = tuple(t for t in board.order if t in strategic)
    fr = {k: dict(names_fr[k]) for k in ("region", "territory")}
    return WalkingDeadBoard(board=board, strategic=strategic, names_fr=fr)


def read_json(name: str) -> Any:
    with open(DATA_DIR / MAP_ID / name, encoding="utf-8") as fh:
        return json.load(fh)


@lru_cache(maxsize=1)
def load_board(folder: Path | None = None) -> WalkingDeadBoard:
    """The board of ``data/walking_dead/``, checked, once per process."""
    if folder is None:
        return board_from_dict(read_json("map.json"), read_json("names_fr.json"))
    with open(folder / "map.json", encoding="utf-8") as fh:
        data = json.load(fh)
    with open(folder / "names_fr.json", encoding="utf-8") as fh:
        names = json.load(fh)
    return board_from_dict(data, names)
