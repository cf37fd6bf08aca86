"""The default evaluation of a position, for every game: what the public view counts (the
engine is passed in, not imported: :mod:`bot.rules.base` imports this module)."""

from __future__ import annotations

from typing import Any

__all__ = ["standing"]


def standing(game: Any, state: dict[str, Any], seat: str) -> float:
    """``seat``'s standing in [-1, 1]: 1 if it won (shared among the winners), -1 if it lost;
    while the game runs, its lead over the best other seat in the public ``"scores"`` (Risk
    Express) or else in territories held (Transformers' zones; members or robots breaking ties), over the total, kept inside
    (-0.9, 0.9) so a running game never looks won."""
    out = game.outcome(state)
    if out is not None:
        winners = out.get("winners") or []
        return 1.0 / len(winners) if seat in winners else -1.0
    view = game.view(state, None)
    scores = view.get("scores")
    if isinstance(scores, dict) and seat in scores:
        values = {s: float(v) for s, v in scores.items()}
    else:
        players = view.get("players") or {}

        def worth(p: dict[str, Any]) -> float:  # territories (Transformers: zones), members or robots
            held = p.get("territories", p.get("zones", 0))
            return float(held) + float(p.get("members", p.get("robots", 0))) / 1000

        values = {s: worth(p) for s, p in players.items()}
    mine = values.get(seat, 0.0)
    others = [v for s, v in values.items() if s != seat]
    total = abs(mine) + sum(abs(v) for v in others)
    if total <= 0:
        return 0.0
    return 0.9 * (mine - max(others, default=0.0)) / total
