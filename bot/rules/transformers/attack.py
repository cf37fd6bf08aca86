"""One roll of an attack on the table: who may attack what, the dice, the losses, the capture.

Pages 11–15 put together: the attacker commits 1–3 pieces of a zone holding at least one more
(his leader, if he stands there, may be one of them); the defender throws 1 or 2 dice (his
leader among them if he stands there; one only against Barricade in vehicle mode); each side's
losses come off as :func:`bot.rules.transformers.battle.allocate_losses` says (the leader
kept by default); a beaten Bumblebee in vehicle mode escapes to a neighbouring zone of his
player's; a zone left empty is captured and the attacker's surviving pieces move in.
Teammates are never attacked (page 11). Moving more robots in after a capture is
:func:`advance`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

import bot.rules.transformers.battle as battle
import bot.rules.transformers.leaders as leaders
from bot.rules.risk_map.battle import DiceSource
from bot.rules.transformers.battle import Fighter, Losses, Mods, RollResult
from bot.rules.transformers.data import TransformersData
from bot.rules.transformers.sides import friends
from bot.rules.transformers.table import Table, leader_on, pieces, remove_pieces

__all__ = ["AttackOrder", "DefenceOrder", "Outcome", "advance", "attack_roll", "refusal"]


@dataclass(frozen=True)
class AttackOrder:
    src: str
    dst: str
    robots: int  # ordinary pieces committed
    leader: bool = False  # the attacker's leader, standing on ``src``, commits too
    mods: Mods = Mods()  # the upgrade cards in play for this attack
    lose_leader_first: bool = False
    escape_to: str | None = None  # Bumblebee beaten: where he goes (None: the first choice)


@dataclass(frozen=True)
class DefenceOrder:
    """The defender's standing choices (asked in advance: nobody waits for a defender)."""

    dice: int = 2
    leader: bool = True  # his leader, if on the zone, defends
    mods: Mods = Mods()
    lose_leader_first: bool = False
    escape_to: str | None = None


@dataclass(frozen=True)
class Outcome:
    table: Table
    roll: RollResult
    att_lost: Losses
    def_lost: Losses
    att_escaped: str | None  # where a beaten Bumblebee went
    def_escaped: str | None
    captured: bool


def refusal(data: TransformersData, table: Mapping, seat_leaders: Mapping[str, str], seat: str,
            order: AttackOrder) -> str | None:
    """Why ``order`` is illegal now, or ``None``. The reasons are catalog-like keys."""
    cyb = data.board
    zones = table["zones"]
    src, dst = zones.get(order.src), zones.get(order.dst)
    if src is None or src["owner"] != seat:
        return "attack.not_yours"
    if dst is None or order.dst not in cyb.in_play(table["open"]):
        return "attack.no_zone"
    if dst["owner"] in friends(seat_leaders, seat):
        return "attack.friend"
    lid = seat_leaders[seat]
    if order.leader and leader_on(table, order.src) != lid:
        return "attack.leader_absent"
    committed = order.robots + (1 if order.leader else 0)
    if not 1 <= committed <= battle.MAX_ATTACK or order.robots < 0:
        return "attack.dice"
    if order.robots > src["robots"] or committed > pieces(table, order.src) - 1:
        return "attack.leave_one"
    if order.dst in cyb.neighbours(order.src, table["open"]):
        return None
    info = data.leaders[lid]
    if info.power == "strike" and order.leader and table["leaders"][lid]["mode"] == leaders.VEHICLE:
        return None if order.robots == 0 else "attack.alone"
    return "attack.not_neighbour"


def attack_roll(data: TransformersData, table: Table, seat_leaders: Mapping[str, str], seat: str,
                order: AttackOrder, defence: DefenceOrder, rng: DiceSource) -> Outcome:
    """One roll of ``order`` against ``defence``'s standing choices, applied to the table."""
    why = refusal(data, table, seat_leaders, seat, order)
    if why:
        raise ValueError(why)
    a_lid = seat_leaders[seat] if order.leader else None
    a_info = data.leaders[a_lid] if a_lid else None
    d_lid = leader_on(table, order.dst)
    d_robots = table["zones"][order.dst]["robots"]
    pinned = leaders.pins_defender(table, a_lid, a_info)
    n_dice = battle.defence_dice_count(pieces(table, order.dst), defence.dice, pinned)
    # his leader defends if he says so, or if the robots alone cannot throw the dice
    d_leader_fights = bool(d_lid) and (defence.leader or n_dice > d_robots)
    d_fighter = Fighter(min(d_robots, n_dice - (1 if d_leader_fights else 0)), d_lid if d_leader_fights else None)
    a_fighter = Fighter(order.robots, a_lid)

    att_mods, def_mods = order.mods, defence.mods
    if a_lid:
        att_mods = replace(att_mods, bonus=att_mods.bonus + leaders.robot_bonus(
            a_info, table["leaders"][a_lid]["mode"], "attack"))
    if d_fighter.leader:
        def_mods = replace(def_mods, bonus=def_mods.bonus + leaders.robot_bonus(
            data.leaders[d_lid], table["leaders"][d_lid]["mode"], "defend"))
    result = battle.roll(rng, a_fighter, d_fighter, att_mods, def_mods)

    att_lost = battle.allocate_losses(result.att_losses, order.robots, bool(a_lid), order.lose_leader_first)
    def_lost = battle.allocate_losses(result.def_losses, d_robots, bool(d_lid),
                                      defence.lose_leader_first and d_leader_fights)
    out = table
    att_escaped = def_escaped = None
    if att_lost.leader:
        att_escaped = _escape(data, out, a_lid, order.src, order.escape_to)
    if def_lost.leader:
        def_escaped = _escape(data, out, d_lid, order.dst, defence.escape_to)
    out = remove_pieces(out, order.src, att_lost.robots, att_lost.leader, att_escaped)
    out = remove_pieces(out, order.dst, def_lost.robots, def_lost.leader, def_escaped)
    captured = order.dst not in out["zones"]
    if captured:
        movers = order.robots - att_lost.robots
        leader_moves = bool(a_lid) and not att_lost.leader
        out = remove_pieces(out, order.src, movers, leader_moves, order.dst if leader_moves else None)
        out = {**out, "zones": {**out["zones"], order.dst: {"owner": seat, "robots": movers}}}
    return Outcome(out, result, att_lost, def_lost, att_escaped, def_escaped, captured)


def _escape(data: TransformersData, table: Table, lid: str | None, fought_on: str, wanted: str | None
            ) -> str | None:
    if lid is None:
        return None
    options = leaders.escape_zones(data.board, table, lid, data.leaders[lid], fought_on)
    if not options:
        return None
    if wanted is not None and wanted in options:
        return wanted
    return options[0]


def advance(table: Table, seat: str, src: str, dst: str, robots: int) -> Table:
    """After a capture, move ``robots`` more from ``src`` into ``dst``, leaving one piece
    (page 13)."""
    if table["zones"].get(src, {}).get("owner") != seat or table["zones"].get(dst, {}).get("owner") != seat:
        raise ValueError("both zones must be the attacker's")
    if robots < 0 or robots > table["zones"][src]["robots"] or pieces(table, src) - robots < 1:
        raise ValueError("leave at least one piece behind")
    out = remove_pieces(table, src, robots)
    zones = out["zones"]
    return {**out, "zones": {**zones, dst: {"owner": seat, "robots": zones[dst]["robots"] + robots}}}
