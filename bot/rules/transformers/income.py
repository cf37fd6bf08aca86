"""Phase 1: the robots a turn brings (pages 7–8), steps A to D.

A. zones: ``max(3, zones // 3)`` (the board's ZONES → ROBOTS chart; 23 zones → 7);
B. upgrade cards played now: +3 (Mass Production), +2 (ours: Energon Reserves), the sector
   bonus doubled (Blocking Initiators);
C. every sector whose zones the player all holds: red 3, yellow 2, green 7, blue 5, purple 5,
   orange 2. An open factory is one of its sector's zones; a closed one is not;
D. each open secret war factory: one robot per piece the player has inside (a leader is a
   piece: "pour chaque robot (ou chef)"), at most 3 a factory; nothing from a closed one.

Step E (placing them) and reviving a leader (3 of these robots) are the engine's.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from bot.rules.risk_map.board import reinforcements
from bot.rules.transformers.board import Cybertron
from bot.rules.transformers.data import Upgrade
from bot.rules.transformers.table import pieces, zones_of

__all__ = ["Income", "income", "sector_bonus", "sectors_held"]


@dataclass(frozen=True)
class Income:
    zones: int
    from_zones: int  # A
    from_cards: int  # B: the cards' robots
    sectors: tuple[str, ...]  # C: the sectors held
    from_sectors: int  # C, doubled if a card says so
    doubled: bool
    from_factories: int  # D
    total: int


def sectors_held(cyb: Cybertron, table: Mapping[str, Any], seat: str) -> tuple[str, ...]:
    """The sectors whose zones in play ``seat`` all holds, in the board's order."""
    zones = table["zones"]
    out = []
    for sid in cyb.board.regions:
        members = cyb.sector_zones(sid, table["open"])
        if members and all(z in zones and zones[z]["owner"] == seat for z in members):
            out.append(sid)
    return tuple(out)


def sector_bonus(cyb: Cybertron, table: Mapping[str, Any], seat: str) -> int:
    return sum(cyb.board.regions[s].bonus for s in sectors_held(cyb, table, seat))


def factory_robots(cyb: Cybertron, table: Mapping[str, Any], seat: str) -> int:
    total = 0
    for zid, slide in cyb.slides.items():
        info = table["zones"].get(zid)
        if table["open"].get(zid) and info is not None and info["owner"] == seat:
            total += min(slide.cap, pieces(table, zid))
    return total


def income(cyb: Cybertron, table: Mapping[str, Any], seat: str, cards: Iterable[Upgrade] = ()) -> Income:
    """Steps A–D of phase 1 for ``seat`` with the upgrades ``cards`` played in step B."""
    played = list(cards)
    for up in played:
        if up.phase != "place":
            raise ValueError(f"{up.id} is not played in phase 1")
    n = len(zones_of(table, seat))
    base = reinforcements(n)
    extra = sum(up.value for up in played if up.effect == "robots")
    doubled = any(up.effect == "double_sector_bonus" for up in played)
    held = sectors_held(cyb, table, seat)
    bonus = sum(cyb.board.regions[s].bonus for s in held) * (2 if doubled else 1)
    factories = factory_robots(cyb, table, seat)
    return Income(n, base, extra, held, bonus, doubled, factories, base + extra + bonus + factories)
