"""Policies that play a seat through the engine contract only (``legal_actions``, ``apply``,
``view``, ``sample_state``, ``evaluate``, ``outcome``): random play, a one-ply greedy player,
and the AI seats' sampled search (:mod:`.search`), at three levels. Each is a
:class:`bot.rules.play.Policy` for :func:`bot.rules.play.play_out`; :func:`decide` is the one
call the bot makes for an AI seat's decision."""

from __future__ import annotations

from collections.abc import Callable

from bot.rules.ai.beginner import BeginnerPolicy
from bot.rules.ai.policies import GreedyPolicy, RandomPolicy, public_score
from bot.rules.ai.search import LEVELS, SearchPolicy, candidates, level_policy
from bot.rules.base import Action, Game, IllegalAction, Rng, State
from bot.rules.compact import pick_action
from bot.rules.play import Policy

__all__ = ["LEVELS", "POLICIES", "BeginnerPolicy", "GreedyPolicy", "RandomPolicy", "SearchPolicy", "candidates", "decide",
           "make_policy", "public_score"]

POLICIES = ("random", "greedy", "beginner", *LEVELS)


def make_policy(name: str, *, iterations: int | None = None, stop: Callable[[], bool] | None = None) -> Policy:
    """A policy by name: ``random``, ``greedy`` (one ply on one sampled roll, scored by
    ``Game.evaluate``: the search's own judge, so the match measures the search) or a level of
    the search (``easy``, ``normal``, ``hard``); ``iterations`` and ``stop`` bound a search."""
    if name == "random":
        return RandomPolicy()
    if name == "beginner":  # written apart from the AI: its own rules of thumb (.beginner)
        return BeginnerPolicy()
    if name == "greedy":  # one ply, on one sampled roll, judged by the game's own evaluation
        return GreedyPolicy(score=lambda game, state, seat: game.evaluate(state, seat))
    return level_policy(name, iterations=iterations, stop=stop)


def decide(game: Game, state: State, seat: str, level: str = "normal", *, seed: int,
           stop: Callable[[], bool] | None = None, iterations: int | None = None) -> Action:
    """An AI seat's action for the decision ``seat`` is asked in ``state`` (its turn, or a
    question outside it): legal, concrete, what ``game.apply(state, seat, action)`` takes.

    It reads ``state`` only through ``game.legal_actions(state, seat)`` (the seat's own
    options) and ``game.sample_state(state, seat, rng)`` (which redraws all the seat may not
    see), so what is hidden from the seat cannot sway it. With ``stop`` None the same seed
    gives the same action; ``stop()`` (the caller's clock) may end the search sooner."""
    legal = game.legal_actions(state, seat)
    if not legal:
        raise IllegalAction("It is not that player's decision.", "err.not_their_decision")
    rng = Rng(Rng.from_seed(seed).next64() ^ 0xA15EA7)
    policy = make_policy(level, iterations=iterations, stop=stop)
    try:
        return policy.choose(game, state, seat, legal, rng)
    except RecursionError:  # never leave a seat without a move
        return pick_action(game.moving(legal), rng.below)
