"""Zombie Town's evaluation for the AI seats (:meth:`bot.rules.base.Game.evaluate`), issue 28.

The default judged a position on the public scores (houses, survivors, zombies, agendas
completed): what a player holds in hand (supplies), the working cars whose keys they hold and
the agendas still in hand (each costs its lower value at the end unless completed) were not
seen, so an agenda a turn away from completion weighed nothing. Here each seat is worth its
full score as the end would count it (the search's samples redraw what the seat judged may
not see of the others) plus, per agenda still in hand, the way to its first objective
travelled: the lower value it costs now, turned into the value it brings as the objective's
number nears (the share met, squared: the last steps count most).
"""

from __future__ import annotations

from typing import Any

from bot.rules.base import State
from bot.rules.zombie_town.agendas import stat
from bot.rules.zombie_town.core import data, kind
from bot.rules.zombie_town.flow import scores

__all__ = ["SETTINGS", "evaluate", "evaluation", "settings", "worth"]

# what each level changes in the search here (:meth:`bot.rules.base.Game.search_settings`): easy
# plays a random move 40 % of the time, not 20 % (a gentle opponent: with the public scores and
# 20 % it still won 12 of 24 against the beginner, seeds 9500+; with 40 %, 9 of 24 there and 6 of
# 24 on seeds 9600+); hard plays on 4 random moves of its own after a candidate, not 12 (the random
# moves seem to drown what its three times normal's samples find: 3 of 8 against normal with
# 12, seeds 9200+; with 4, 4 of 6 there and 10 of 16 on seeds 9700+)
SETTINGS: dict[str, dict[str, Any]] = {"easy": {"slack": 0.4}, "hard": {"horizon": 4}}
# the levels that judge on the public scores alone, blind to hands, keys and agendas in hand: easy
# (a gentle opponent; with the full evaluation it won 12 of 24 against the beginner, seeds 9100+;
# on the public scores 8 of 24)
PUBLIC: frozenset[str] = frozenset({"easy"})


def _agenda_progress(state: State, seat: str) -> float:
    """Per agenda in hand: the objective nearest to being met, the share of its number met
    (squared) times the lower value and its own (from what it costs to what it brings)."""
    if not state["options"]["road_rage"]:
        return 0.0
    table = data().settings.agendas
    done = {kind(d["card"]) for d in state["players"][seat]["done"]}
    out = 0.0
    for card in state["players"][seat]["agendas"]:
        objectives = table[kind(card)]["objectives"]
        low = min(o["value"] for o in objectives)
        if kind(card) in done:
            continue  # never completed twice: it only costs
        best = 0.0
        for o in objectives:
            share = min(1.0, stat(state, seat, o["stat"]) / o["at_least"])
            best = max(best, share * share * (low + o["value"]))
        out += best
    return out


def worth(state: State) -> dict[str, float]:
    """Each seat's points as the end would count them, and its agendas' progress."""
    return {s: row["total"] + _agenda_progress(state, s) for s, row in scores(state, final=True).items()}


def evaluate(game: Any, state: State, seat: str) -> float:
    """``seat``'s lead over the best other seat in :func:`worth`, over the total, in (-0.9,
    0.9); a finished game 1 (shared among the winners) or -1."""
    out = game.outcome(state)
    if out is not None:
        winners = out.get("winners") or []
        return 1.0 / len(winners) if seat in winners else -1.0
    values = worth(state)
    if seat not in values:
        return -1.0
    mine = values[seat]
    others = [v for s, v in values.items() if s != seat]
    total = abs(mine) + sum(abs(v) for v in others)
    if total <= 0:
        return 0.0
    return 0.9 * (mine - max(others, default=0.0)) / total


def _public(game: Any, state: State, seat: str) -> float:
    """The public scores' standing (:func:`bot.rules.standing.standing`): what a player new to
    the game counts, blind to the supplies, keys and agendas in hands."""
    from bot.rules.standing import standing

    return standing(game, state, seat)


def evaluation(game: Any, level: str | None) -> Any:
    """The evaluation the search of ``level`` judges with (:meth:`bot.rules.base.Game.search_evaluation`)."""
    if level in PUBLIC:
        return lambda state, seat: _public(game, state, seat)
    return lambda state, seat: evaluate(game, state, seat)


def settings(game: Any, level: str | None) -> dict[str, Any]:
    """What ``level`` changes in the search here (:data:`SETTINGS`)."""
    return SETTINGS.get(level or "", {})
