"""Risk Express's counting: the points each player scores, and the AI's guess of a position
(:meth:`bot.rules.base.Game.evaluate`). The engine takes both as its own methods."""

from __future__ import annotations

from typing import Any

import bot.rules.turns as turns
from bot.rules.base import State
from bot.rules.risk_express.cards import load_cards

__all__ = ["evaluate", "scores"]


def scores(state: State) -> dict[str, int]:
    """Card points, except that a locked continent scores its back value instead."""
    data = load_cards()
    out = {s: 0 for s in turns.still_in(state)}
    for cid, owner in state["owners"].items():
        if owner is not None and data["cards"][cid]["continent"] not in state["locked"]:
            out[owner] += data["cards"][cid]["points"]
    for cont in state["locked"]:
        owner = next(state["owners"][c] for c in data["order"] if data["cards"][c]["continent"] == cont)
        out[owner] += data["continents"][cont]["value"]
    return out


def evaluate(game: Any, state: State, seat: str) -> float:
    """The AI's guess: the lead in points (a locked continent at its value), the card
    being attacked counted in proportion to the lines already filled (taken from its owner
    as much), over the points on the table."""
    result = state["result"]
    if result is not None:
        winners = result["winners"]
        return 1.0 / len(winners) if seat in winners else -1.0
    points = {s: float(v) for s, v in scores(state).items()}
    att, mover = state.get("attempt"), game.to_move(state)
    if att and att.get("card") and mover in points:
        card = load_cards()["cards"][att["card"]]
        share = card["points"] * len(att.get("filled") or {}) / max(1, len(card["lines"]))
        points[mover] += share
        owner = state["owners"].get(att["card"])
        if owner in points:
            points[owner] -= share
    mine = points.get(seat, 0.0)
    best = max((v for s, v in points.items() if s != seat), default=0.0)
    return 0.9 * (mine - best) / (20.0 + sum(abs(v) for v in points.values()))
