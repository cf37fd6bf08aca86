"""What is on Cybertron: the pieces, the leaders and the four transforming zones, as plain data.

The starting placement (:mod:`bot.rules.transformers.setup`) is built on a table; the
engine's state keeps the map engine's keys instead (``owner``/``troops``, ``leaders``,
``open``) and :meth:`~bot.rules.transformers.game.Transformers._setup` turns one into the other.

A *table* is the part of a game state these rules read, JSON as it stands::

    {"zones":   {zone: {"owner": seat, "robots": n}},       # every zone in play, never empty
     "leaders": {leader: {"seat": seat, "zone": zone | None, "mode": "robot" | "vehicle"}},
     "open":    {zone: bool}}                               # Praxus, Pion Tower, Decagon, Moon Alpha

``robots`` counts ordinary pieces in robots (a vehicle is 3, page 4: the exchange is free at
any time, so only the count matters to the rules; the picture may show vehicles). A leader
is a piece of his zone besides its robots; ``zone`` ``None`` is the scrapyard. A zone is
controlled by the seat whose pieces are on it (page 5), and holds at least one piece
(page 6): :func:`check` says so.

Every function here is pure: it never changes the table it is given, and returns a new one
that shares what it did not touch (copy on write, as the engine's states are).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = [
    "ROBOT",
    "VEHICLE",
    "add_robots",
    "check",
    "leader_on",
    "owners",
    "pieces",
    "zones_of",
]

ROBOT, VEHICLE = "robot", "vehicle"
Table = dict[str, Any]


def owners(table: Mapping[str, Any]) -> dict[str, str]:
    """Zone → the seat controlling it, for every zone in play."""
    return {z: info["owner"] for z, info in table["zones"].items()}


def zones_of(table: Mapping[str, Any], seats: str | frozenset[str] | set[str]) -> list[str]:
    """The zones held by ``seats`` (one seat, or a team's), in the table's order."""
    group = {seats} if isinstance(seats, str) else set(seats)
    return [z for z, info in table["zones"].items() if info["owner"] in group]


def leader_on(table: Mapping[str, Any], zone: str) -> str | None:
    for lid, lead in table["leaders"].items():
        if lead["zone"] == zone:
            return lid
    return None


def pieces(table: Mapping[str, Any], zone: str) -> int:
    """Every piece on ``zone``: its robots and its leader."""
    info = table["zones"].get(zone)
    if info is None:
        return 0
    return info["robots"] + (1 if leader_on(table, zone) else 0)


def add_robots(table: Table, zone: str, seat: str, n: int) -> Table:
    """``n`` robots of ``seat`` onto ``zone`` (which it holds, or which is empty)."""
    info = table["zones"].get(zone)
    if info is not None and info["owner"] != seat:
        raise ValueError(f"{zone} is held by {info['owner']}, not {seat}")
    robots = (info["robots"] if info else 0) + n
    return {**table, "zones": {**table["zones"], zone: {"owner": seat, "robots": robots}}}


def check(table: Mapping[str, Any], in_play: tuple[str, ...] | None = None) -> list[str]:
    """The table's invariants (what the random games check after every step): no empty zone,
    nothing on a zone out of play, each leader in exactly one place, on a zone of his seat."""
    errors = []
    zones = table["zones"]
    for z, info in zones.items():
        if info["robots"] < 0:
            errors.append(f"{z} has {info['robots']} robots")
        if pieces(table, z) == 0:
            errors.append(f"{z} is empty")
        if in_play is not None and z not in in_play:
            errors.append(f"{z} holds pieces but is not in play")
    if in_play is not None:
        errors += [f"{z} is in play but empty" for z in in_play if z not in zones]
    seen: dict[str, str] = {}
    for lid, lead in table["leaders"].items():
        z = lead["zone"]
        if lead["mode"] not in (ROBOT, VEHICLE):
            errors.append(f"{lid} is in mode {lead['mode']!r}")
        if z is None:
            continue
        if z in seen:
            errors.append(f"{lid} and {seen[z]} are both on {z}")
        seen[z] = lid
        if z not in zones or zones[z]["owner"] != lead["seat"]:
            errors.append(f"{lid} stands on {z}, which his seat does not hold")
    return errors
