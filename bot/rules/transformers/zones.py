"""Phase 2's zones: pivoting Praxus and Pion Tower, sliding Decagon and Moon Alpha (page 9).

To transform one a player must both control it *or another zone of its sector*, and play an
upgrade card with the transformation symbol (the card's upgrade is then lost: page 17).

- A pivoting zone turns: open, it touches the zones its arrows point at; closed, it is
  walled off, its pieces staying where they are.
- A sliding zone opens over its secret war factory: the player who opens it puts a robot from
  his scrapyard in it, and it is a zone of its sector like any other until it closes. Closing
  it crushes everything inside: the robots (and a leader, we decide: "Tous les robots qui s'y
  trouvent sont écrasés") go to their owner's scrapyard (page 10, example 3).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bot.rules.transformers.board import Cybertron
from bot.rules.transformers.table import Table, leader_on, owners

__all__ = ["Crushed", "can_transform", "close_slide", "open_slide", "transformable", "turn_pivot"]


@dataclass(frozen=True)
class Crushed:
    """What closing a factory sent to the scrapyard: whose, how many robots, which leader."""

    owner: str | None
    robots: int
    leader: str | None


def can_transform(cyb: Cybertron, table: Mapping[str, Any], seat: str, zone: str) -> bool:
    """Whether ``seat`` controls ``zone`` or another zone of its sector now (the card is the
    engine's to check: it knows the hand)."""
    if zone not in cyb.pivots and zone not in cyb.slides:
        return False
    held = owners(table)
    sector = cyb.special_sector(zone)
    return any(held.get(z) == seat for z in cyb.board.regions[sector].territories)


def transformable(cyb: Cybertron, table: Mapping[str, Any], seat: str) -> list[str]:
    """The special zones ``seat`` may transform now (with a card), in map order."""
    return [z for z in cyb.board.order if can_transform(cyb, table, seat, z)]


def turn_pivot(cyb: Cybertron, table: Table, zone: str) -> Table:
    """Turn a pivoting zone: open ↔ closed."""
    if zone not in cyb.pivots:
        raise ValueError(f"{zone} is not a pivoting zone")
    return {**table, "open": {**table["open"], zone: not table["open"][zone]}}


def open_slide(cyb: Cybertron, table: Table, seat: str, zone: str) -> Table:
    """Open a sliding zone: its factory appears and ``seat`` puts a robot from his scrapyard
    in it (page 9, step 3)."""
    if zone not in cyb.slides:
        raise ValueError(f"{zone} is not a sliding zone")
    if table["open"][zone]:
        raise ValueError(f"{zone} is already open")
    if zone in table["zones"]:
        raise ValueError(f"closed {zone} holds pieces")
    return {**table, "open": {**table["open"], zone: True},
            "zones": {**table["zones"], zone: {"owner": seat, "robots": 1}}}


def close_slide(cyb: Cybertron, table: Table, zone: str) -> tuple[Table, Crushed]:
    """Close a sliding zone, crushing whatever is inside (page 9: "Tous les robots qui s'y
    trouvent sont écrasés et renvoyés à la casse de leur propriétaire")."""
    if zone not in cyb.slides:
        raise ValueError(f"{zone} is not a sliding zone")
    if not table["open"][zone]:
        raise ValueError(f"{zone} is already closed")
    info = table["zones"].get(zone)
    lid = leader_on(table, zone)
    out = {**table, "open": {**table["open"], zone: False}, "zones": dict(table["zones"])}
    out["zones"].pop(zone, None)
    if lid is not None:
        out["leaders"] = {**table["leaders"], lid: {**table["leaders"][lid], "zone": None}}
    crushed = Crushed(info["owner"] if info else None, info["robots"] if info else 0, lid)
    return out, crushed
