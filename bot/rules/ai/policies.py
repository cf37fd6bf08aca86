"""Random and greedy play, for every registered game with no per-game code.

Both read the compact legal forms through :mod:`bot.rules.compact` and leave out the anytime
actions (a standing order) unless nothing else is legal: those never move the game on, so a
policy that kept choosing them would never finish a game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.rules.base import Action, Game, Rng, RuleError, State
from bot.rules.compact import choose, expand, pick_action

__all__ = ["GreedyPolicy", "RandomPolicy", "public_score"]

WIN = 1_000_000.0


def _moving(game: Game, legal: list[Action]) -> list[Action]:
    """The forms that move the game on (anytime actions left out, unless they are all)."""
    return game.moving(legal)


class RandomPolicy:
    """A uniformly random legal action: first a kind of action, then one of its forms, then
    the choices in it. Picking the kind first keeps random games short (ending a phase is as
    likely as any one attack among dozens).

    Its choice is exactly the engine's own pick, ``game.random_action(state, seat, rng.below)``
    (which draws the same numbers without listing the forms): ``engine_pick`` tells
    ``play_out`` to ask the game for it and apply it with ``game.apply_legal``."""

    engine_pick = True

    def choose(self, game: Game, state: State, seat: str, legal: list[Action], rng: Rng) -> Action:
        return pick_action(game.moving(legal), rng.below)

    def __repr__(self) -> str:
        return "RandomPolicy()"


def public_score(game: Game, state: State, seat: str) -> float:
    """How well ``seat`` stands, from what everyone sees: a won game is worth ``WIN`` (shared
    among the winners), a lost one ``-WIN``; while running, the seat's lead over the best other
    seat in the public ``"scores"`` (Risk Express), else in territories held (the map games,
    members breaking ties)."""
    out = game.outcome(state)
    if out is not None:
        winners = out.get("winners") or []
        return WIN / len(winners) if seat in winners else -WIN
    view = game.view(state, None)
    scores = view.get("scores")
    if isinstance(scores, dict) and seat in scores:
        mine = float(scores[seat])
        others = [float(v) for s, v in scores.items() if s != seat]
    else:
        players = view.get("players") or {}

        def worth(p: dict[str, Any]) -> float:
            return float(p.get("territories", 0)) + float(p.get("members", 0)) / 1000

        mine = worth(players.get(seat, {}))
        others = [worth(p) for s, p in players.items() if s != seat]
    return mine - max(others, default=0.0)


class GreedyPolicy:
    """One ply of lookahead: apply each candidate action and keep the one whose result scores
    best for the seat (``score(game, state, seat)``, :func:`public_score` by default), random
    among ties. When the forms stand for more than ``width`` concrete actions, ``width`` of them
    are sampled (one per form, forms sampled if there are more).

    Fair by default: each trial runs on the state with its generator replaced by a draw from the
    policy's own, so the lookahead does not see the dice the game will really roll (the state
    carries its generator, and ``apply`` on the true state would foretell them)."""

    def __init__(self, score: Callable[[Game, State, str], float] = public_score, width: int = 12,
                 fair: bool = True) -> None:
        self.score = score
        self.width = width
        self.fair = fair

    def candidates(self, game: Game, legal: list[Action], rng: Rng) -> list[Action]:
        forms = _moving(game, legal)
        listed = expand(forms, self.width + 1)
        if len(listed) <= self.width:
            return listed
        if len(forms) > self.width:
            forms = list(forms)
            rng.shuffle(forms)
            forms = forms[: self.width]
        return [choose(f, rng.below) for f in forms]

    def choose(self, game: Game, state: State, seat: str, legal: list[Action], rng: Rng) -> Action:
        cands = self.candidates(game, legal, rng)
        if len(cands) == 1:
            return cands[0]
        best: list[Action] = []
        top = float("-inf")
        for action in cands:
            probe = {**state, "rng": rng.next64()} if self.fair else state
            try:
                after, _ = game.apply(probe, seat, action)
            except RuleError:
                continue
            value = self.score(game, after, seat)
            if value > top:
                top, best = value, [action]
            elif value == top:
                best.append(action)
        if not best:
            return RandomPolicy().choose(game, state, seat, legal, rng)
        return best[rng.below(len(best))] if len(best) > 1 else best[0]

    def __repr__(self) -> str:
        return f"GreedyPolicy(width={self.width}, fair={self.fair})"
