"""The four leaders: two modes, a d8 always, a bonus in robot mode, a power in vehicle mode.

Pages 9, 14 and 16:

- phase 2, a player may flip his leader between robot and vehicle mode (once a turn, we
  decide: the rulebook says "tu peux transformer ton chef");
- robot mode: +1 on a die of the player's choice, attacking (Bumblebee, Megatron) or
  defending (Optimus Prime, Barricade), when the leader fights (:mod:`.battle`);
- vehicle mode: Optimus Prime jumps in phase 4 to any zone his player controls, connected or
  not, never leaving a zone empty (and the player may call for back-up besides); Bumblebee,
  beaten, escapes to a neighbouring zone his player controls (else the scrapyard); Megatron
  may attack any zone, alone if it is not a neighbour; Barricade attacking leaves the
  defender one die;
- a leader in the scrapyard comes back in phase 1 for 3 operational robots, on any zone his
  player controls, in the mode the player chooses (page 8).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.rules.transformers.board import Cybertron
from bot.rules.transformers.data import Leader
from bot.rules.transformers.table import ROBOT, VEHICLE, Table, owners, pieces, zones_of

__all__ = [
    "REVIVE_COST",
    "escape_zones",
    "flip",
    "jump",
    "jump_targets",
    "pins_defender",
    "revive",
    "robot_bonus",
    "strike_targets",
]

REVIVE_COST = 3


def flip(table: Table, leader: str) -> Table:
    """Turn ``leader`` over: robot mode ↔ vehicle mode. Only a leader on the board."""
    lead = table["leaders"][leader]
    if lead["zone"] is None:
        raise ValueError(f"{leader} is in the scrapyard")
    mode = VEHICLE if lead["mode"] == ROBOT else ROBOT
    return {**table, "leaders": {**table["leaders"], leader: {**lead, "mode": mode}}}


def robot_bonus(info: Leader, mode: str, side: str) -> int:
    """The +1 of ``info`` in this ``mode`` fighting as ``side`` ("attack"/"defend")."""
    return 1 if mode == ROBOT and info.robot_bonus == side else 0


def revive(table: Table, leader: str, zone: str, mode: str, operational: int) -> tuple[Table, int]:
    """Bring ``leader`` back from the scrapyard onto ``zone`` (his player's) in ``mode`` for
    3 of the ``operational`` robots still to place; returns the table and what is left."""
    lead = table["leaders"][leader]
    if lead["zone"] is not None:
        raise ValueError(f"{leader} is not in the scrapyard")
    if operational < REVIVE_COST:
        raise ValueError(f"reviving {leader} costs {REVIVE_COST} robots, {operational} left")
    if mode not in (ROBOT, VEHICLE):
        raise ValueError(f"no mode {mode!r}")
    info = table["zones"].get(zone)
    if info is None or info["owner"] != lead["seat"]:
        raise ValueError(f"{leader} comes back on a zone his player controls, not {zone}")
    new = {**lead, "zone": zone, "mode": mode}
    return {**table, "leaders": {**table["leaders"], leader: new}}, operational - REVIVE_COST


def jump_targets(table: Mapping[str, Any], leader: str) -> list[str]:
    """Where Optimus Prime in vehicle mode may jump in phase 4: any other zone his player
    holds, if he leaves a piece behind (page 16: "il ne peut pas laisser une zone vide")."""
    lead = table["leaders"][leader]
    here = lead["zone"]
    if here is None or lead["mode"] != VEHICLE or pieces(table, here) < 2:
        return []
    return [z for z in zones_of(table, lead["seat"]) if z != here]


def jump(table: Table, leader: str, zone: str) -> Table:
    if zone not in jump_targets(table, leader):
        raise ValueError(f"{leader} cannot jump to {zone}")
    lead = table["leaders"][leader]
    return {**table, "leaders": {**table["leaders"], leader: {**lead, "zone": zone}}}


def strike_targets(cyb: Cybertron, table: Mapping[str, Any], leader: str, friends: frozenset[str]
                   ) -> tuple[list[str], list[str]]:
    """Megatron in vehicle mode: (neighbours he may attack with others, the other zones he may
    attack alone), from his zone if it holds another piece to stay behind. ``friends``:
    his seat and its teammates (never attacked). A closed pivoting zone is a zone like any
    other to him (he flies; we decide); a closed factory is no zone."""
    lead = table["leaders"][leader]
    here = lead["zone"]
    if here is None or lead["mode"] != VEHICLE or pieces(table, here) < 2:
        return [], []
    held = owners(table)
    near = set(cyb.neighbours(here, table["open"]))
    targets = [z for z in cyb.in_play(table["open"]) if z in held and held[z] not in friends]
    return [z for z in targets if z in near], [z for z in targets if z not in near]


def pins_defender(table: Mapping[str, Any], attacking_leader: str | None, info: Leader | None) -> bool:
    """Barricade attacking in vehicle mode: the defender throws one die."""
    if attacking_leader is None or info is None:
        return False
    return info.power == "pin" and table["leaders"][attacking_leader]["mode"] == VEHICLE


def escape_zones(cyb: Cybertron, table: Mapping[str, Any], leader: str, info: Leader, fought_on: str
                 ) -> list[str]:
    """Where Bumblebee in vehicle mode, beaten on ``fought_on``, may go instead of the
    scrapyard: the neighbouring zones his player controls (none: the scrapyard)."""
    lead = table["leaders"][leader]
    if info.power != "escape" or lead["mode"] != VEHICLE:
        return []
    held = owners(table)
    return [z for z in cyb.neighbours(fought_on, table["open"]) if held.get(z) == lead["seat"]]
