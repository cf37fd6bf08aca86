"""``play_out``: the one game loop, for the simulator, the tests and the benchmarks.

A game is played through the engine contract only (``setup``, ``to_act``, ``legal_actions``,
``apply``, ``outcome``): each seat to act is asked its :class:`Policy` for an action, the
action is applied, and the step is handed to the caller. Nothing here names a game.

Pure like the engines: no I/O, no clock, no global randomness. The policies draw from their
own :class:`~bot.rules.base.Rng`, one per seat, seeded from the game's seed but apart from
the game's own generator, so a seat's choices do not shift when another seat's policy draws
more or less, and ``setup(seed)`` + the log replays the game exactly.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, NamedTuple, Protocol

from bot.rules.base import Action, Event, Game, Rng, State

__all__ = ["NoEnd", "Playout", "Policy", "Step", "chooser_rngs", "play_out"]

MAX_ACTIONS = 100_000
_SALT = 0x5EED_C401_A1B2_C3D4


class Policy(Protocol):
    """How a seat decides: one concrete action of ``legal`` (the compact forms
    ``game.legal_actions(state, seat)`` returned), drawing any randomness from ``rng``.

    A policy whose choice is the engine's own pick, exactly ``game.random_action(state, seat,
    rng.below)`` (:class:`~bot.rules.ai.RandomPolicy`), says so with ``engine_pick = True``:
    the loop then asks the game for that pick instead of listing the legal forms, and applies
    it with ``game.apply_legal`` (no door check: the engine made it); ``None`` means nothing
    is legal. Any other policy's action goes through ``game.apply``, door and all."""

    def choose(self, game: Game, state: State, seat: str, legal: list[Action], rng: Rng) -> Action: ...


class Step(NamedTuple):
    """One applied action; unpacks as ``before, seat, action, after, events``."""

    before: State
    seat: str
    action: Action
    after: State
    events: list[Event]


class NoEnd(RuntimeError):
    """The game did not end within ``max_actions``, or a seat to act had nothing legal."""


def chooser_rngs(seed: int | str, seats: list[str]) -> dict[str, Rng]:
    """One generator per seat, from ``seed`` but apart from the game's generator (which
    ``setup`` seeds with ``Rng.from_seed(seed)``)."""
    root = Rng(Rng.from_seed(seed).next64() ^ _SALT)
    return {seat: Rng(root.next64()) for seat in seats}


class Playout:
    """A game being played out: iterate it for its :class:`Step` s (single pass), or call
    :meth:`run` to play it to the end. ``state`` is always the latest state, ``log`` the
    ``(seat, action)`` pairs that replay it (``game.replay(seats, options, seed, log, picks)``)."""

    def __init__(self, game: Game, seats: list[str], seed: int, policies: Policy | Mapping[str, Policy],
                 options: dict[str, Any] | None = None, picks: dict[str, dict[str, Any]] | None = None,
                 max_actions: int = MAX_ACTIONS) -> None:
        self.game = game
        self.seats = [str(s) for s in seats]
        self.seed = seed
        self.options = dict(options or {})
        self.picks = picks
        self.max_actions = max_actions
        if isinstance(policies, Mapping):
            missing = [s for s in self.seats if s not in policies]
            if missing:
                raise ValueError(f"no policy for seats {missing}")
            self.policies: dict[str, Policy] = {s: policies[s] for s in self.seats}
        else:
            self.policies = dict.fromkeys(self.seats, policies)
        self.rngs = chooser_rngs(seed, self.seats)
        self.state: State = game.setup(self.seats, self.options, seed, picks)
        self.start: State = self.state
        self.log: list[tuple[str, Action]] = []
        self._started = False

    def __iter__(self) -> Iterator[Step]:
        if self._started:
            raise RuntimeError("a play-out is iterated once")
        self._started = True
        game, policies, rngs = self.game, self.policies, self.rngs
        to_move, log = game.to_move, self.log
        # seat → the pick of its generator when its policy takes the engine's own pick, else
        # None (ask the policy's ``choose``)
        picks = {seat: rngs[seat].below if getattr(policy, "engine_pick", False) else None
                 for seat, policy in policies.items()}
        random_action, apply_legal = game.random_action, game.apply_legal
        step = tuple.__new__  # a Step without NamedTuple's Python-level __new__
        for _ in range(self.max_actions):
            state = self.state
            seat = to_move(state)
            if seat is None:
                if game.outcome(state) is None:
                    raise NoEnd(f"{game.id}: the game is not over but nobody may act")
                return
            pick = picks[seat]
            if pick is not None:
                action = random_action(state, seat, pick)
                if action is None:
                    raise NoEnd(f"{game.id}: {seat} must act but has no legal action")
                after, events = apply_legal(state, seat, action)
            else:
                legal = game.legal_actions(state, seat)
                if not legal:
                    raise NoEnd(f"{game.id}: {seat} must act but has no legal action")
                action = policies[seat].choose(game, state, seat, legal, rngs[seat])
                after, events = game.apply(state, seat, action)
            log.append((seat, action))
            self.state = after
            yield step(Step, (state, seat, action, after, events))
        if game.outcome(self.state) is None:
            raise NoEnd(f"{game.id}: no end after {self.max_actions} actions")

    def push(self, seat: str, action: Action) -> Step:
        """Apply, between two steps, an action the loop did not ask for (a seat not to act
        changing its standing order); it is logged like the others."""
        before = self.state
        after, events = self.game.apply(before, seat, action)
        self.log.append((seat, action))
        self.state = after
        return Step(before, seat, action, after, events)

    def run(self) -> Playout:
        """Play to the end (``NoEnd`` past ``max_actions``); returns ``self``. The loop of
        :meth:`__iter__` without its steps: when every seat takes the engine's own pick (the
        simulator's and the benchmarks' random games), each move is that pick applied."""
        if self._started:
            raise RuntimeError("a play-out is iterated once")
        game, rngs = self.game, self.rngs
        if not all(getattr(policy, "engine_pick", False) for policy in self.policies.values()):
            for _ in self:
                pass
            return self
        self._started = True
        picks = {seat: rngs[seat].below for seat in self.policies}
        to_move, random_move = game.to_move, game.random_move
        append = self.log.append
        state = self.state
        try:
            for _ in range(self.max_actions):
                seat = to_move(state)
                if seat is None:
                    if game.outcome(state) is None:
                        raise NoEnd(f"{game.id}: the game is not over but nobody may act")
                    return self
                moved = random_move(state, seat, picks[seat])
                if moved is None:
                    raise NoEnd(f"{game.id}: {seat} must act but has no legal action")
                action, state = moved
                append((seat, action))
        finally:
            self.state = state
        if game.outcome(state) is None:
            raise NoEnd(f"{game.id}: no end after {self.max_actions} actions")
        return self

    @property
    def outcome(self) -> dict[str, Any] | None:
        return self.game.outcome(self.state)


def play_out(game: Game, seats: list[str], seed: int, policies: Policy | Mapping[str, Policy],
             options: dict[str, Any] | None = None, picks: dict[str, dict[str, Any]] | None = None,
             max_actions: int = MAX_ACTIONS) -> Playout:
    """A new game of ``game`` for ``seats`` (``setup(seats, options, seed, picks)``), played by
    ``policies`` (seat → policy, or one policy for every seat). Iterate the result for each
    :class:`Step`, or ``.run()`` it; its ``state`` is the final state once it ends."""
    return Playout(game, seats, seed, policies, options, picks, max_actions)
