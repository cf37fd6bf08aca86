"""Setting up Cybertron (pages 4–5).

1. Each player counts 30 operational robots; the rest, and the vehicles, wait in his
   scrapyard (we keep the scrapyard unlimited: vehicles worth 3 make up any shortage, as
   classic Risk's rules allow).
2. Each puts his leader, in robot mode, and one of his 30 robots on the leader's starting
   zone (printed on the leader card; ours are provisional, ``leaders.json``).
3. From the youngest, clockwise, each puts one robot on an empty zone, until every zone
   holds one. The rulebook says 42; the two factories are closed at the start, so 40 zones
   are filled (we read "il y a 42 zones" as the board's count).
4. Then, in turn, each puts the rest of his robots one by one on zones he holds.

:func:`claim` and :func:`reinforce_one` are the two placements a player makes;
:func:`random_setup` plays them all with the game's ``Rng`` (the default, like classic
Risk's dealt territories, so a game need not start with 60 to 120 placements).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.rules.transformers.board import Cybertron
from bot.rules.transformers.data import TransformersData
from bot.rules.transformers.table import ROBOT, Table, add_robots, zones_of

__all__ = ["OPERATIONAL", "claim", "empty_zones", "random_setup", "reinforce_one", "start_table"]

OPERATIONAL = 30


def start_table(data: TransformersData, leaders: Mapping[str, str]) -> tuple[Table, dict[str, int]]:
    """Step 2: each seat's leader and one robot on the leader's starting zone. Returns the
    table and each seat's operational robots still to place (29)."""
    cyb = data.board
    table: Table = {"zones": {}, "leaders": {}, "open": cyb.start_open()}
    for seat, lid in leaders.items():
        start = data.leaders[lid].start
        table["zones"][start] = {"owner": seat, "robots": 1}
        table["leaders"][lid] = {"seat": seat, "zone": start, "mode": ROBOT}
    return table, {seat: OPERATIONAL - 1 for seat in leaders}


def empty_zones(cyb: Cybertron, table: Mapping[str, Any]) -> list[str]:
    """The zones in play with no piece yet, in map order."""
    return [z for z in cyb.in_play(table["open"]) if z not in table["zones"]]


def claim(cyb: Cybertron, table: Table, left: Mapping[str, int], seat: str, zone: str
          ) -> tuple[Table, dict[str, int]]:
    """Step 3: ``seat`` puts a robot on the empty ``zone``."""
    if zone not in empty_zones(cyb, table):
        raise ValueError(f"{zone} is not an empty zone in play")
    if left[seat] < 1:
        raise ValueError(f"{seat} has no robot left to place")
    return add_robots(table, zone, seat, 1), {**left, seat: left[seat] - 1}


def reinforce_one(cyb: Cybertron, table: Table, left: Mapping[str, int], seat: str, zone: str
                  ) -> tuple[Table, dict[str, int]]:
    """Step 4: ``seat`` puts one more robot on a zone it holds (only once none is empty)."""
    if empty_zones(cyb, table):
        raise ValueError("every zone must hold a robot first")
    if left[seat] < 1:
        raise ValueError(f"{seat} has no robot left to place")
    info = table["zones"].get(zone)
    if info is None or info["owner"] != seat:
        raise ValueError(f"{seat} does not hold {zone}")
    return add_robots(table, zone, seat, 1), {**left, seat: left[seat] - 1}


def random_setup(data: TransformersData, seats: Sequence[str], leaders: Mapping[str, str], rng: Any
                 ) -> Table:
    """Steps 2–4 with every choice drawn from ``rng`` (its ``below``), seats in turn from the
    first (the youngest)."""
    cyb = data.board
    table, left = start_table(data, {s: leaders[s] for s in seats})
    turn = 0
    while True:
        empty = empty_zones(cyb, table)
        if not empty or not any(left.values()):
            break
        seat = seats[turn % len(seats)]
        turn += 1
        if left[seat]:
            table, left = claim(cyb, table, left, seat, empty[rng.below(len(empty))])
    turn = 0
    while any(left.values()):
        seat = seats[turn % len(seats)]
        turn += 1
        if left[seat]:
            mine = zones_of(table, seat)
            table, left = reinforce_one(cyb, table, left, seat, mine[rng.below(len(mine))])
    return table
