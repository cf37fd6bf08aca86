"""The AI's evaluation of a map game's position (issue 28): armies and the front, not only
territories.

Per seat still in the game, a worth in "territories": the territories it holds, its regions'
bonus (held whole, and a share of those within reach), its members as real value (a member is
worth :data:`TROOP` of a territory, so an attack at poor odds costs what it loses), the
edition's own points (:meth:`MapGame.ai_points`: Survival's strategic locations), less what
the opponents may take next turn: each territory on the front at the chance the biggest enemy
stack next to it takes it (:func:`bot.rules.risk_map.odds.conquest_probability`), so members on
a threatened border are worth more than the same members in the rear.

The position is the seat's lead over the best other seat, over the total, in (-0.9, 0.9) (a
won or lost game is ±1). Pure; it reads the whole state (the search gives it its samples).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import bot.rules.turns as turns
from bot.rules.base import State
from bot.rules.risk_map.odds import conquest_probability

__all__ = ["EXPOSED", "TROOP", "adjacency", "appraise", "take_chance"]

TROOP = 0.3  # a member's worth, in territories (an edition may say otherwise: MapGame.ai_weights)
BONUS = 1.5  # a region's bonus held whole, per member of income it gives
REACH = 0.5  # a region's bonus not held yet, at the square of the share held
EXPOSED = 1.5  # a territory the seat may lose before its next turn, at that chance (the seat judged): its loss and the taker's gain
EXPOSED_OTHERS = 0.4  # the same for the other seats (the seat judged has just played)
CAP = 30  # stacks beyond this are counted as this many (the odds barely move)


@lru_cache(maxsize=4096)
def take_chance(attackers: int, defenders: int) -> float:
    """The chance ``attackers`` members (those that may attack: the stack less one) take a
    territory ``defenders`` hold, by plain dice."""
    if attackers < 1:
        return 0.0
    if defenders < 1:
        return 1.0
    return conquest_probability(min(attackers, CAP), min(defenders, CAP))


_ADJ: dict[tuple[int, frozenset[str]], dict[str, tuple[str, ...]]] = {}


def adjacency(board: Any, closed: frozenset[str]) -> dict[str, tuple[str, ...]]:
    """Every territory's neighbours with ``closed`` shut, remembered per board and closed set."""
    key = (id(board), closed)
    adj = _ADJ.get(key)
    if adj is None:
        if len(_ADJ) > 256:
            _ADJ.clear()
        adj = _ADJ[key] = {t: board.neighbours(t, closed) for t in board.order}
    return adj


def appraise(game: Any, state: State, seat: str) -> float:
    """``seat``'s standing in [-1, 1] (see the module's doc)."""
    result = game.outcome(state)
    if result is not None:
        winners = result.get("winners") or []
        return 1.0 / len(winners) if seat in winners else -1.0
    seats = turns.still_in(state)
    if seat not in seats:
        return -1.0
    board = game.board
    owner: dict[str, Any] = state["owner"]
    troops: dict[str, int] = state["troops"]
    adj = adjacency(board, game.closed(state))
    side = game.ai_side(state)  # seat → the seats it plays with (itself, or its team)
    players = set(seats)
    troop, exposed_weight = game.ai_weights(state)
    held = board.holdings(owner)
    regions = board.regions
    region_of = {t: v.region for t, v in board.territories.items()}
    worth: dict[str, float] = {}
    for s in seats:
        friends = side.get(s, (s,))
        mine = held.owned(s)
        members = 0
        exposed = 0.0
        for t in mine:
            n = troops[t]
            members += n
            threat = 0
            for o in adj[t]:
                who = owner[o]
                if who in players and who not in friends and troops[o] > threat:
                    threat = troops[o]
            if threat > 1:
                exposed += take_chance(threat - 1, n)
        bonus = held.region_bonus(s)
        counts: dict[str, int] = {}
        for t in mine:
            r = region_of[t]
            counts[r] = counts.get(r, 0) + 1
        reach = 0.0
        for r, count in counts.items():
            region = regions[r]
            size = len(region.territories)
            if count < size:
                reach += region.bonus * (count / size) ** 2
        weight = exposed_weight if s == seat else EXPOSED_OTHERS
        worth[s] = (len(mine) + BONUS * bonus + REACH * reach + troop * members - weight * exposed
                    + game.ai_points(state, s))
    # members still to place count as placed (else placing them one by one looks like a loss)
    current = turns.current_seat(state)
    if current in worth and state.get("reserve"):
        worth[current] += troop * int(state["reserve"])
    for s, n in (state.get("pawns") or {}).items():
        if s in worth and n:
            worth[s] += troop * int(n)
    battle = state.get("battle")
    if battle and battle.get("attacker") in worth and battle.get("to") in troops:
        # the members sent are on neither territory until the battle ends: the attacker's,
        # with the territory at the chance they take it (the rolls to come are its choice)
        sent = int(battle.get("committed") or 0)
        chance = take_chance(sent, troops[battle["to"]])
        worth[battle["attacker"]] += troop * sent + chance
        if battle.get("defender") in worth:
            worth[battle["defender"]] -= chance
    me = worth[seat]
    mates = side.get(seat, (seat,))
    best = max((v for s, v in worth.items() if s not in mates), default=0.0)
    total = sum(abs(v) for v in worth.values()) + 1.0
    return max(-0.9, min(0.9, 0.9 * (me - best) / total))
