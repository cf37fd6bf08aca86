"""Risk Express's counting: the points each player scores, and the AI's guess of a position
(:meth:`bot.rules.base.Game.evaluate`). The engine takes both as its own methods."""

from __future__ import annotations

from typing import Any

import bot.rules.turns as turns
from bot.rules.base import State
from bot.rules.risk_express.cards import board, load_cards
from bot.rules.risk_express.odds import throw_chances

_, CONTINENT, _, MEMBERS = board()

__all__ = ["evaluate", "scores"]


def scores(state: State) -> dict[str, int]:
    """Card points, except that a locked continent scores its back value instead."""
    return {s: int(v) for s, v in _points(state["owners"], state["locked"], turns.still_in(state)).items()}


def _points(owners: dict[str, str | None], locked: list[str], seats: list[str]) -> dict[str, float]:
    data = load_cards()
    cards, continents = data["cards"], data["continents"]
    out = dict.fromkeys(seats, 0.0)
    for cid, owner in owners.items():
        if owner in out and cards[cid]["continent"] not in locked:
            out[owner] += cards[cid]["points"]
    for cont in locked:
        owner = owners[MEMBERS[cont][0]]
        if owner in out:
            out[owner] += continents[cont]["value"]
    return out


def _standing(owners: dict[str, str | None], locked: list[str], seats: list[str]) -> dict[str, float]:
    """Each seat's guess of a position with nobody attacking: its lead in points over the best
    other (a locked continent at its value) over the points on the table; once every card is
    taken (the game over), 1 won (shared among tied winners) and -1 lost."""
    points = _points(owners, locked, seats)
    if all(o is not None for o in owners.values()):
        best = max(points.values())
        winners = [s for s in seats if points[s] == best]
        return {s: (1.0 / len(winners) if s in winners else -1.0) for s in seats}
    table = 20.0 + sum(points.values())
    out = {}
    for s in seats:
        others = max((v for t, v in points.items() if t != s), default=0.0)
        out[s] = 0.9 * (points[s] - others) / table
    return out


def _conquered(owners: dict[str, str | None], locked: list[str], card: str,
               seat: str) -> tuple[dict[str, str | None], list[str]]:
    owners = {**owners, card: seat}
    cont = CONTINENT[card]
    if all(owners[c] == seat for c in MEMBERS[cont]):
        locked = [*locked, cont]
    return owners, locked


def evaluate(game: Any, state: State, seat: str) -> float:
    """The AI's guess: the standing of the position (:func:`_standing`), and if a throw waits
    for the player to move, the conquest it may lead to at its exact chance
    (:func:`.odds.success`): the player fills the line whose card gains them the most, chance
    times gain (a steal takes the points from their owner; a last card ends the game)."""
    result = state["result"]
    if result is not None:
        winners = result["winners"]
        return 1.0 / len(winners) if seat in winners else -1.0
    seats = turns.still_in(state)
    owners, locked = state["owners"], state["locked"]
    now = _standing(owners, locked, seats)
    if seat not in now:  # kicked out
        return -1.0
    att, mover = state.get("attempt"), game.to_move(state)
    if not att or not att.get("tray") or mover not in now:
        return now[seat]
    best, value = -2.0, now[seat]
    gains: dict[str, tuple[float, dict[str, float]]] = {}
    for (card, *_), chance in throw_chances(state):
        if card not in gains:
            after = _standing(*_conquered(owners, locked, card, mover), seats)
            gains[card] = (after[mover] - now[mover], after)
        gain, after = gains[card]
        if chance * gain > best:
            best = chance * gain
            value = now[seat] + chance * (after[seat] - now[seat])
    return value
