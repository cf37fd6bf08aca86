"""The AI seats' search: sampled, so a seat never plays on what it may not see.

A decision is made over a handful of candidate actions (every concrete action when the
compact legal forms stand for few; else, per form, its smallest, its largest and a random
choice: "attack with everything", "move the least"…). Each iteration draws a *sample*, a full
state the seat could be in given its view (:meth:`bot.rules.base.Game.sample_state`: the other
hands, the decks' order, the dice to come redrawn), applies the candidate UCB1 picks to it
(``apply_legal``: the engine's own fast path), optionally plays on at random for a few actions
(``horizon``), and scores the position for the seat with the game's evaluation
(:meth:`~bot.rules.base.Game.evaluate`). The candidate with the best mean wins. A game may ask
for a broader search where a turn offers many cheap choices
(:meth:`~bot.rules.base.Game.search_breadth`: that many times the width and the iterations).

So the search weighs each action by what it brings *on average* over the dice and the hidden
cards, where a one-ply greedy player judges it on one roll. Pure: no clock, no global
randomness; the number of iterations bounds it, and the caller's ``stop()`` (a clock outside
the rules) may end it sooner. With ``stop`` None, the same seed gives the same choice.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from bot.rules.ai.plans import PlanPolicy
from bot.rules.base import Action, Game, Rng, RuleError, State, canonical
from bot.rules.compact import choose, expand

__all__ = ["LEVELS", "SearchPolicy", "candidates", "level_policy"]


def candidates(game: Game, legal: list[Action], rng: Rng, width: int = 12) -> list[Action]:
    """The concrete actions a decision is made over: all of them when ``legal`` stands for at
    most ``width``, or when each form is one concrete action and there are at most three times
    ``width`` (a card or a line dropped at random may be the one that wins); else, per form
    (``width`` forms at most, sampled kind by kind in turn, so each kind of action is among
    them), its smallest choice and its named choices with every number at its largest
    (:func:`_variants`: three times ``width`` of those in all, shared among the forms)."""
    forms = game.moving(legal)
    listed = expand(forms, 3 * width + 1)
    if len(listed) <= width or (len(listed) == len(forms) and len(listed) <= 3 * width):
        return listed  # few, or each form one concrete choice (Risk Express's lines): none left out
    if len(forms) > width:  # every kind of action keeps a place: dozens of manoeuvres never crowd out the attacks
        kinds: dict[str, list[Action]] = {}
        for form in forms:
            kinds.setdefault(form["type"], []).append(form)
        for group in kinds.values():
            rng.shuffle(group)
        picked: list[Action] = []
        depth = 0
        while len(picked) < width:
            for group in kinds.values():
                if depth < len(group) and len(picked) < width:
                    picked.append(group[depth])
            depth += 1
        forms = picked
    out: list[Action] = []
    seen: set[str] = set()
    most = max(1, 3 * width // len(forms))  # named choices per form: a lone placement's every territory
    for form in forms:
        for action in _variants(form, rng, most):
            key = canonical(action)
            if key not in seen:
                seen.add(key)
                out.append(action)
    return out


def _variants(form: Action, rng: Rng, most: int) -> list[Action]:
    """A form's candidates: its smallest choice (every number at its least) and, per value of
    its named choices (where to place, which way to move: ``most`` at most, sampled beyond),
    every number at its largest ("all on this border", "attack with
    everything"). A form the compact reading fills its own way (a trade, a neutral gang's
    members) keeps its first, last and random choices."""
    lists = [k for k, v in form.items() if k != "type" and isinstance(v, list)]
    special = form["type"] in ("trade", "neutral") or any(
        isinstance(v, dict) and not ("min" in v and "max" in v) and "some_of" not in v for v in form.values())
    if not lists or special:
        return [choose(form, pick) for pick in (lambda n: 0, lambda n: n - 1, rng.below)]
    combos: list[dict[str, Any]] = [{}]
    for key in lists:
        combos = [{**c, key: v} for c in combos for v in form[key]]
        if len(combos) > 4 * most:
            break
    if len(combos) > most:
        rng.shuffle(combos)
        combos = combos[:most]
    out = [choose(form, lambda n: 0)]
    for combo in combos:
        action: Action = {}
        for key, spec in form.items():
            if key in combo:
                action[key] = combo[key]
            elif isinstance(spec, list) and key != "type":  # past the product's cap: at random
                action[key] = spec[rng.below(len(spec))]
            elif isinstance(spec, dict) and "min" in spec and "max" in spec:
                action[key] = spec["max"]
            elif isinstance(spec, dict) and "some_of" in spec:
                action[key] = []
            else:
                action[key] = spec
        out.append(action)
    return out


class SearchPolicy:
    """A :class:`bot.rules.play.Policy` that searches (see the module's doc).

    ``iterations``: samples per decision (the budget when nothing stops it sooner);
    ``horizon``: random actions played after a candidate before scoring (0: score at once);
    ``explore``: UCB1's constant; ``slack``: with this probability a random legal action
    instead (an easy opponent); ``stop``: the caller's clock, asked before each iteration;
    ``level``: the level's name, for a game that judges positions per level
    (:meth:`~bot.rules.base.Game.search_evaluation`)."""

    def __init__(self, iterations: int = 96, horizon: int = 0, width: int = 12, explore: float = 0.5,
                 slack: float = 0.0, stop: Callable[[], bool] | None = None, own: bool = True,
                 level: str | None = None) -> None:
        self.iterations = iterations
        self.level = level
        self.own = own
        self.horizon = horizon
        self.width = width
        self.explore = explore
        self.slack = slack
        self.stop = stop

    def _play_on(self, game: Game, state: State, seat: str, rng: Rng, horizon: int) -> State:
        """Random actions after a candidate, up to ``horizon``: the seat's own only when
        ``own`` (the rest of its turn: what a choice leads to before others answer)."""
        for _ in range(horizon):
            mover = game.to_move(state)
            if mover is None or (self.own and mover != seat):
                break
            moved = game.random_move(state, mover, rng.below)
            if moved is None:
                break
            state = moved[1]
        return state

    def choose(self, game: Game, state: State, seat: str, legal: list[Action], rng: Rng) -> Action:
        exact = game.search_choice(state, seat, self.level)  # a game that knows its best move here
        if exact is not None:
            return exact
        tune = game.search_settings(self.level)  # {} but where a game sets a level its own way
        breadth = tune.get("breadth") or game.search_breadth(state)
        cands = candidates(game, legal, rng, self.width * breadth)
        if len(cands) == 1:
            return cands[0]
        slack = tune.get("slack", self.slack)
        if slack and rng.below(1000) < int(slack * 1000):
            return cands[rng.below(len(cands))]
        n = len(cands)
        shorter = game.search_horizon(state)
        horizon = tune.get("horizon", self.horizon)
        horizon = horizon if shorter is None else min(horizon, shorter)
        judge = game.search_evaluation(self.level)  # game.evaluate but where a game sees further at a level
        total = [0.0] * n
        visits = [0] * n
        top, low = -1.0, 1.0
        order = list(range(n))
        rng.shuffle(order)  # who is tried first when all are unvisited: no bias to the list's order
        for it in range(max(self.iterations * breadth, n)):
            if self.stop is not None and it >= n and self.stop():
                break
            if it < n:
                i = order[it]
            else:
                # exploration in proportion to how far apart the values seen are: a position
                # nearly won (every value near 0.9) is still searched, not sampled evenly
                c = self.explore * max(top - low, 0.02)
                log_t = math.log(it)
                i = max(range(n), key=lambda k: total[k] / visits[k] + c * math.sqrt(log_t / visits[k]))
            sample = game.sample_state(state, seat, rng)
            try:
                after = game.apply_legal(sample, seat, cands[i])[0]
                if horizon:
                    after = self._play_on(game, after, seat, rng, horizon)
                value = judge(after, seat)
            except RuleError:  # not legal in this sample (should not happen): never worth it
                value = -1.0
            total[i] += value
            visits[i] += 1
            top, low = max(top, value), min(low, value)
        # the most tried (UCB1 tries the best most; a mean over a few lucky samples does not win)
        best = max(range(n), key=lambda k: (visits[k], total[k] / visits[k] if visits[k] else -2.0))
        return cands[best]

    def __repr__(self) -> str:
        return f"SearchPolicy(iterations={self.iterations}, horizon={self.horizon}, slack={self.slack})"


# level → its search: iterations (the budget when the clock does not stop it first), how far
# it plays each candidate on (the rest of its own turn, at random: an attack's follow-up, the
# lines of a card still to fill) and how often it plays a random move instead (easy makes
# mistakes on purpose)
# on the map games, normal and hard choose among the styles' moves played out through the
# opponents' reply (:mod:`.plans`: ``samples`` per candidate, ``wide``: the steady style's next
# best placements and attacks tried too; ``race``: where a game is played out to its end,
# Survival, that many play-outs a candidate spread by successive halving rather than
# ``samples`` each), the search making the other decisions. Hard races no more than normal:
# with 48 a candidate it won 19 of 38 Survival games against the beginner where normal's 16
# won 69 of 96 (docs/ai.md, "Eighth session: both together"), so in Survival hard plays the map
# turns as normal until something of its own is shown to beat it
LEVELS: dict[str, dict[str, Any]] = {
    "easy": {"iterations": 24, "horizon": 2, "slack": 0.2},
    "normal": {"iterations": 160, "horizon": 8, "plans": {"samples": 8, "wide": 3, "race": 16}},
    "hard": {"iterations": 480, "horizon": 12, "plans": {"samples": 16, "wide": 5, "searched": True, "race": 16}},
}


def level_policy(level: str, *, iterations: int | None = None,
                 stop: Callable[[], bool] | None = None) -> SearchPolicy | PlanPolicy:
    """A level's policy: its search, wrapped in the map games' plans where the level has them
    (:class:`~bot.rules.ai.plans.PlanPolicy` hands every other game and decision to the search)."""
    if level not in LEVELS:
        raise ValueError(f"unknown AI level {level!r} (one of {', '.join(LEVELS)})")
    settings = dict(LEVELS[level])
    plans = settings.pop("plans", None)
    if iterations is not None:
        if plans is not None:  # fewer iterations asked (a test, a tight clock): fewer samples and candidates too
            scale = min(1.0, iterations / settings["iterations"])
            plans = {**plans, "samples": max(2, int(plans["samples"] * scale)),
                     "wide": int(plans.get("wide", 0) * scale)}
            if plans.get("race"):
                plans["race"] = max(2, int(plans["race"] * scale))
        settings["iterations"] = iterations
    search = SearchPolicy(stop=stop, level=level, **settings)
    if plans is None:
        return search
    return PlanPolicy(fallback=search, stop=stop, **plans)
