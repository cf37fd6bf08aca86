"""The contract every game engine keeps, and the pieces they all share.

An engine is pure: state in, state and events out, no I/O, no clock, no global
randomness. State is plain JSON data (dicts, lists, str, int, bool, None) so the store
can keep it as text and a game replays bit for bit from ``setup`` plus its action log.
"""

from __future__ import annotations

import json
import pickle
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import Any

import bot.rules.turns as turns
from bot.rules.compact import choose, pick_action
from bot.rules.errors import AmbiguousName, IllegalAction, MalformedAction, RuleError
from bot.rules.events import events_for
from bot.rules.rng import Rng
from bot.rules.schema import Field, Schema, check_action
from bot.rules.turns import TurnInfo

__all__ = [
    "SYSTEM",
    "Action",
    "AmbiguousName",
    "Event",
    "Game",
    "IllegalAction",
    "MalformedAction",
    "Option",
    "Rng",
    "RuleError",
    "State",
    "TurnInfo",
    "canonical",
    "clone",
    "end_timeouts",
]

State = dict[str, Any]
Action = dict[str, Any]
Event = dict[str, Any]

# The shape of a game state. 2: turns kept by :mod:`bot.rules.turns` (``order``, ``current``,
# ``turn``, ``phase``, ``out``) in every game. A stored state of an older shape is rebuilt by
# replaying its log (the service does it when it loads the game).
SCHEMA_VERSION = 2

# The seat under which the action log records moderator actions (skip a turn, kick a
# player); ``replay`` sends those through ``apply_system``.
SYSTEM = "@system"

# A seat whose time runs out this many times in a row (``{"type": "timeout"}``) is kicked.
MAX_TIMEOUTS = 3
# The most default actions one timeout plays (a turn ends long before: a bug otherwise).
MAX_DEFAULT_ACTIONS = 1_000


def clone(state: State) -> State:
    """A deep copy of JSON-shaped data: pickle's C code is the fastest round trip (about
    twice ``json`` and four times ``copy.deepcopy`` on a game state)."""
    return pickle.loads(pickle.dumps(state, pickle.HIGHEST_PROTOCOL))


def end_timeouts(state: State, seat: str) -> None:
    """What every move of ``seat`` does to the new ``state`` besides its rules: it ends the
    seat's run of timeouts (``state["timeouts"]``, replaced, never edited in place)."""
    streaks = state.get("timeouts")
    if streaks and seat in streaks:
        state["timeouts"] = {s: n for s, n in streaks.items() if s != seat}


def canonical(state: State) -> str:
    """The exact JSON text of a state: equal states give equal text."""
    return json.dumps(state, sort_keys=True, separators=(",", ":"))


@dataclass(frozen=True)
class Option:
    """A game option a host can set with ``/game new``."""

    name: str
    kind: str  # "bool" or "choice"
    default: Any
    choices: tuple[str, ...] = ()
    description: str = ""
    # Values still accepted but no longer offered (stored games that used them must replay).
    hidden: tuple[str, ...] = ()


class Game(ABC):
    """One game: a stable ``id`` and the engine contract.

    Subclasses implement ``_setup``, ``_apply``, ``_legal``, ``action_schema`` and the
    queries; ``apply`` checks the action's shape against the schema, then wraps ``_apply``
    so that an illegal action never touches the caller's state.

    The base class owns what must mean the same in every game, so the platform reads only
    this contract, never a state's keys: the turns (kept by :mod:`bot.rules.turns`, read
    through :meth:`turn_info`), the opening (:meth:`start` returns setup's public events),
    the moderator's ``skip`` and ``kick`` and the timer's ``timeout`` (:meth:`apply_system`;
    a game gives hooks: ``_abandon_turn``, ``_pass_turn``, ``_on_kick``,
    ``_last_one_standing``, :meth:`default_action`), the refusals (``MalformedAction``,
    ``IllegalAction``) and the one random pick (:meth:`random_action`).
    """

    id: str = ""
    name: str = ""
    min_players: int = 2
    max_players: int = 6
    options: tuple[Option, ...] = ()
    # Action types a seated player still in the game may send at any time, outside their
    # turn too (a standing order); ``legal_actions`` lists them for every such seat.
    anytime_actions: frozenset[str] = frozenset()
    # The setup's phases played seat by seat (claims, starting placements, opening discards): the
    # channel sees their board once a round, not after each seat's move (:meth:`in_setup`).
    setup_phases: frozenset[str] = frozenset()

    def in_setup(self, state: State) -> bool:
        """Whether ``state`` is in one of the :attr:`setup_phases`."""
        return bool(self.setup_phases) and state.get("phase") in self.setup_phases

    def players(self, options: dict[str, Any] | None = None) -> range:
        """The player counts a game with these options takes (a mode may narrow
        ``min_players``–``max_players``; ``setup`` refuses any other with ``err.player_count``)."""
        return range(self.min_players, self.max_players + 1)

    # -- life cycle -------------------------------------------------------------------
    def setup(self, seats: list[str], options: dict[str, Any] | None = None, seed: int = 0,
              picks: dict[str, dict[str, Any]] | None = None) -> State:
        """A new game. ``picks`` are the players' lobby choices (``seat_picks``); choices of
        seats not in ``seats``, and of things these options do not offer, are ignored."""
        seats = [str(s) for s in seats]
        if len(set(seats)) != len(seats):
            raise RuleError("Each seat may only appear once.", "err.duplicate_seat")
        if not self.min_players <= len(seats) <= self.max_players:
            raise RuleError(
                f"{self.name} needs {self.min_players}–{self.max_players} players, not {len(seats)}.",
                "err.player_count",
                game=self.name,
                min=self.min_players,
                max=self.max_players,
                n=len(seats),
            )
        opts = self.validate_options(options or {})
        chosen = self.validate_picks(self._relevant_picks(picks, seats, opts), opts)
        rng = Rng.from_seed(seed)
        state: State = {
            "schema": SCHEMA_VERSION,
            "game": self.id,
            "seats": seats,
            "options": opts,
            "seed": seed,
            "rng": 0,
            "picks": chosen,
        }
        self._setup(state, rng)
        state["rng"] = rng.state
        return state

    def start(self, seats: list[str], options: dict[str, Any] | None = None, seed: int = 0,
              picks: dict[str, dict[str, Any]] | None = None) -> tuple[State, list[Event]]:
        """A new game and what its setup did in public (who starts, gangs dealt, the first
        turn's start): ``setup`` and ``opening_events`` in one call, so a game's opening is
        shown like any other events."""
        state = self.setup(seats, options, seed, picks)
        return state, self.opening_events(state)

    def validate_options(self, options: dict[str, Any]) -> dict[str, Any]:
        known = {o.name: o for o in self.options}
        out: dict[str, Any] = {o.name: o.default for o in self.options}
        if not isinstance(options, dict):
            raise RuleError("Options are a list of names and values.", "err.bad_value")
        for key, value in options.items():
            opt = known.get(key) if isinstance(key, str) else None
            if opt is None:
                raise RuleError(f"Unknown option '{str(key)[:40]}' for {self.name}.", "err.unknown_option",
                                option=str(key)[:40])
            if opt.kind == "bool":
                if not isinstance(value, bool):
                    raise RuleError(f"Option '{key}' is on or off.", "err.option_bool", option=key)
            elif opt.kind == "choice" and (not isinstance(value, str) or value not in opt.choices + opt.hidden):
                raise RuleError(
                    f"Option '{key}' must be one of: {', '.join(opt.choices)}.",
                    "err.option_choice",
                    option=key,
                    choices=", ".join(opt.choices),
                )
            out[key] = value
        return out

    # -- names of things --------------------------------------------------------------
    def component_names(self) -> dict[str, dict[str, str]]:
        """The English display names of the game's components, by kind (``territory``,
        ``card``, ``mission_text`` … of :data:`bot.rules.names.KINDS`) and key: what
        :mod:`bot.rules.names` shows and resolves typed text against. Default: none."""
        return {}

    def component_names_fr(self) -> dict[str, dict[str, str]]:
        """French names the game's own data carries (beside ``data/<id>/names_fr.json``,
        which takes precedence). Default: none."""
        return {}

    # -- lobby choices ------------------------------------------------------------------
    def seat_picks(self, options: dict[str, Any] | None = None) -> dict[str, tuple[str, ...]]:
        """What each player may choose in the lobby under these options, e.g.
        ``{"gang": ("sabinis", "ira", …)}``. Default: nothing."""
        return {}

    def validate_picks(self, picks: dict[str, dict[str, Any]] | None,
                       options: dict[str, Any] | None = None) -> dict[str, dict[str, str]]:
        """Check the lobby's choices (seat → {what: value}); ``RuleError`` if a choice is not
        on offer or the edition forbids the combination (two players on one gang). Returns
        them cleaned (seats without a choice left out)."""
        if not picks:
            return {}
        offered = self.seat_picks(options)
        if not isinstance(picks, dict):
            raise RuleError("That is not one of the choices.", "err.pick_value")
        out: dict[str, dict[str, str]] = {}
        for seat, chosen in picks.items():
            if not isinstance(seat, str) or not isinstance(chosen, dict):
                raise RuleError("That is not one of the choices.", "err.pick_value")
            for what, value in chosen.items():
                values = offered.get(what) if isinstance(what, str) else None
                if values is None:
                    raise RuleError("There is nothing to choose here.", "err.pick_unknown")
                if not isinstance(value, str) or value not in values:
                    raise RuleError("That is not one of the choices.", "err.pick_value")
            if chosen:
                out[seat] = dict(chosen)
        self._check_picks(out, options)
        return out

    def _check_picks(self, picks: dict[str, dict[str, str]], options: dict[str, Any] | None) -> None:  # noqa: B027
        """Hook: combinations the edition forbids (raise ``RuleError``)."""

    def _relevant_picks(self, picks: Any, seats: list[str], options: dict[str, Any]) -> Any:
        """The choices that matter to a game starting with ``seats`` under ``options``."""
        if not isinstance(picks, dict):
            return picks
        offered = self.seat_picks(options)
        out: dict[str, Any] = {}
        for seat, chosen in picks.items():
            if seat not in seats:
                continue
            out[seat] = {k: v for k, v in chosen.items() if k in offered} if isinstance(chosen, dict) else chosen
        return out

    # -- moves --------------------------------------------------------------------------
    @cached_property
    def schema(self) -> Schema:
        """The shape of every action type (built once per engine, then a plain attribute)."""
        return Schema.of(self.action_schema())

    def apply(self, state: State, seat: str, action: Action) -> tuple[State, list[Event]]:
        """The only way a game changes. A malformed action raises ``MalformedAction``, an
        illegal one ``IllegalAction`` (both ``RuleError``); ``state`` is never modified (the engine works on a copy).
        The current player may send any action; another seated player still in the game
        only the ``anytime_actions``."""
        if self.outcome(state) is not None:
            raise IllegalAction("This game is over.", "err.game_over")
        if seat not in state["seats"]:
            raise IllegalAction("You are not playing in this game.", "err.not_player")
        kind = check_action(self.schema, action)
        if seat not in self.to_act(state):
            if kind not in self.anytime_actions:
                raise IllegalAction("It is not your turn.", "err.not_your_turn")
            if not self.active(state, seat):
                raise IllegalAction("You are out of this game.", "err.out_of_game")
        return self.apply_legal(state, seat, action)

    def apply_legal(self, state: State, seat: str, action: Action) -> tuple[State, list[Event]]:
        """``apply`` for an action this engine produced itself for ``seat`` in this very
        ``state`` (:meth:`random_action`, or ``choose``/``expand`` of :meth:`legal_actions`):
        the door's checks (game over, seat, shape, turn) are skipped, because the engine's
        own action passes them; the rules still run (an illegal action raises, ``state``
        untouched), and the result is exactly ``apply``'s. The fast path of simulations and
        AI search; a player's action always goes through :meth:`apply`."""
        new = self._copy(state)
        rng = Rng(new["rng"])
        events: list[Event] = []
        self._apply(new, rng, seat, action, events)
        new["rng"] = rng.state
        end_timeouts(new, seat)
        return new, events

    def apply_system(self, state: State, action: Action) -> tuple[State, list[Event]]:
        """Actions that no seat takes: the moderator's ``{"type": "skip"}`` ends the current
        turn, ``{"type": "kick", "seat": s}`` removes a player; the turn timer's
        ``{"type": "timeout"}`` plays the current turn out with :meth:`default_action`. Same guarantees as
        ``apply``: illegal → ``IllegalAction``, ``state`` untouched."""
        if self.outcome(state) is not None:
            raise IllegalAction("This game is over.", "err.game_over")
        kind = check_action(SYSTEM_SCHEMA, action)
        if kind == "kick" and action["seat"] not in state["seats"]:
            raise IllegalAction("That player is not in this game.", "err.not_in_game")
        new = clone(state)
        rng = Rng(new["rng"])
        events: list[Event] = []
        self._system(new, rng, action, events)
        new["rng"] = rng.state
        return new, events

    def _system(self, state: State, rng: Rng, action: Action, events: list[Event]) -> None:
        """The moderator's actions, the same in every game (:mod:`bot.rules.turns` keeps the
        turns; the game's hooks say what else they mean for it).

        ``skip``: the current turn ends where it stands (:meth:`_abandon_turn`) and passes on
        as a turn ends in the game (:meth:`_pass_turn`). ``kick``: the player leaves for good
        (``out``); :meth:`_on_kick` says what becomes of what they held; if one player is left
        they win (:meth:`_last_one_standing`), else if it was their turn it passes on."""
        kind = action["type"]
        if kind == "skip":
            seat = turns.current_seat(state)
            events.append({"type": "skipped", "seat": seat})
            self._abandon_turn(state, seat, kicked=False)
            self._pass_turn(state, rng, events)
        elif kind == "timeout":
            self._timeout(state, rng, events, action.get("seat"), action.get("limit", MAX_TIMEOUTS))
        else:
            self._kick(state, rng, action["seat"], events)

    def _kick(self, state: State, rng: Rng, gone: str, events: list[Event]) -> None:
        if turns.is_out(state, gone):
            raise IllegalAction("That player is already out of the game.", "err.already_out")
        playing = turns.current_seat(state)
        events.append({"type": "kicked", "seat": gone})
        turns.remove(state, gone)
        self._on_kick(state, rng, gone, events)
        left = turns.still_in(state)
        if len(left) == 1:
            self._last_one_standing(state, left, events)
            return
        if gone == playing:
            self._abandon_turn(state, gone, kicked=True)
            self._pass_turn(state, rng, events)

    def _timeout(self, state: State, rng: Rng, events: list[Event], seat: str | None = None,
                 limit: int = MAX_TIMEOUTS) -> None:
        """``timeout``: the time of ``seat`` (by default the one whose turn it is) ran out
        on the decision that is theirs. It is played to its end with :meth:`default_action`,
        one action after another, as if the seat had sent them (the events are those
        actions' events, after a ``timeout`` event): the rest of their turn, or the
        decision asked of them outside it. A seat that lets its time run out ``limit`` times
        in a row, without a move of its own between, is kicked instead: so a game whose
        players have all gone still ends."""
        current = turns.current_seat(state)
        seat = seat or current
        if seat not in self.to_act(state):
            raise IllegalAction("It is not that player's decision.", "err.not_their_decision")
        streaks = dict(state.get("timeouts") or {})
        streaks[seat] = streaks.get(seat, 0) + 1
        state["timeouts"] = streaks
        events.append({"type": "timeout", "seat": seat, "count": streaks[seat], "limit": limit})
        if streaks[seat] >= limit:
            self._kick(state, rng, seat, events)
            return
        turn = state["turn"]
        for _ in range(MAX_DEFAULT_ACTIONS):
            if self.outcome(state) is not None or seat not in self.to_act(state) \
                    or (seat == current and state["turn"] != turn):
                return
            self._apply(state, rng, seat, self.default_action(state, seat), events)
        raise IllegalAction("This game does not support that yet.", "err.unsupported")  # a bug: no end

    def default_action(self, state: State, seat: str) -> Action:
        """The action played for ``seat`` when its time runs out: concrete, legal, and the
        least harmful sensible move (end the phase or the turn, stop an attempt; when a duty
        is compulsory, do it plainly). Games override this; the fallback is the first
        concrete action of the first legal form that moves the game on."""
        forms = self._legal(state, seat)
        return choose(forms[0], lambda n: 0)

    def random_action(self, state: State, seat: str, pick: Callable[[int], int]) -> Action | None:
        """A random legal action of ``seat``, the one way for every game
        (:func:`bot.rules.compact.pick_action`: a kind of action, then one of its forms,
        then the choices in it), anytime actions left out unless they are all there is. For
        simulators and tests; :class:`bot.rules.ai.RandomPolicy` draws the same way. ``None``
        when ``seat`` has nothing legal. An engine may override it with a faster pick that
        draws the same numbers and returns the same action."""
        forms = self.moving(self.legal_actions(state, seat))
        return pick_action(forms, pick) if forms else None

    def random_move(self, state: State, seat: str, pick: Callable[[int], int]) -> tuple[Action, State] | None:
        """The engine's own pick played: ``(action, state after)``, exactly
        ``random_action(state, seat, pick)`` then ``apply_legal(state, seat, action)[0]`` (the
        same draws, the same action, the same state), or ``None`` when ``seat`` has nothing
        legal. The loop of random play-outs (the simulator, the AI's play-on); an engine may
        fuse the two for speed, as long as the result is the same."""
        action = self.random_action(state, seat, pick)
        if action is None:
            return None
        return action, self.apply_legal(state, seat, action)[0]

    def moving(self, legal: list[Action]) -> list[Action]:
        """The forms of ``legal`` that move the game on: anytime actions (a standing order)
        left out, unless they are all there is."""
        anytime = self.anytime_actions
        if not anytime:
            return legal
        return [a for a in legal if a["type"] not in anytime] or legal

    # Hooks of the moderator's actions: what they mean beyond the turn order.
    def _abandon_turn(self, state: State, seat: str, kicked: bool) -> None:  # noqa: B027
        """Hook: drop what the turn of ``seat`` has under way (a pending attack, members not
        placed), before the turn passes on (``kicked``: because ``seat`` left)."""

    @abstractmethod
    def _pass_turn(self, state: State, rng: Rng, events: list[Event]) -> None:
        """End the current turn as the game ends a turn, and start the next seat's."""

    def _on_kick(self, state: State, rng: Rng, gone: str, events: list[Event]) -> None:  # noqa: B027
        """Hook: what becomes of a kicked player's cards, territories, powers."""

    @abstractmethod
    def _last_one_standing(self, state: State, winners: list[str], events: list[Event]) -> None:
        """End the game: ``winners`` (one seat) is the only player left."""

    def _copy(self, state: State) -> State:
        """The working copy ``_apply`` may mutate. An engine that knows which parts of its
        state an action can touch may override this with a cheaper copy."""
        return clone(state)

    def legal_actions(self, state: State, seat: str) -> list[Action]:
        """Every action ``apply`` would accept from ``seat`` now, in the compact forms of
        :mod:`bot.rules.compact` (and nothing it would refuse)."""
        if self.outcome(state) is not None:
            return []
        out = self._legal(state, seat) if seat in self.to_act(state) else []
        if self.anytime_actions and self.active(state, seat):
            out = [*out, *self._legal_anytime(state, seat)]
        return out

    def _legal_anytime(self, state: State, seat: str) -> list[Action]:
        """The anytime actions open to ``seat`` (listed for every seat still in the game)."""
        return []

    def active(self, state: State, seat: str) -> bool:
        """Whether ``seat`` is still in the game (may send anytime actions)."""
        return seat in state["seats"] and seat not in state["out"]  # turns.is_out, inlined

    def turn_info(self, state: State) -> TurnInfo:
        """Where the turns stand (number, seat to play, phase, order, seats out, over): what
        the platform reads of a game's turns, never the state's keys."""
        return turns.info(state, self.outcome(state) is not None)

    def warm(self) -> None:
        """Work the engine can do once, ahead of the games (its tables compiled), so that no
        move pays it: the bot calls it in a worker thread once online. Nothing by default;
        safe to call twice and from threads. Pure: it changes no game."""
        return

    def opening_events(self, state: State) -> list[Event]:
        """What ``setup`` did in public (the roll for who starts, gangs dealt, the first
        turn's start), in order, for the bot to narrate at the start and ``/game log`` to show
        as move 0. Never a secret: ``setup`` keeps them in ``state["opening"]``."""
        return [dict(e) for e in (state.get("opening") or state.get("opening_events") or [])]

    def events_for(self, events: list[Event], seat: str | None = None) -> list[Event]:
        """``events`` as ``seat`` may see them (``None``: the channel): the one secret filter,
        :func:`bot.rules.events.events_for`. Nothing outside the engine reads events raw."""
        return events_for(events, seat)

    # -- what an AI seat may know ---------------------------------------------------------
    def sample_state(self, state: State, seat: str, rng: Rng) -> State:
        """A full state ``seat`` could be in, given only what it sees: a copy of ``state`` in
        which every part hidden from ``seat`` (the other seats' hands and secret cards, the
        decks' order, face-down cards, the dice to come) is redrawn from ``rng``, consistently
        with ``view(state, seat)`` (same sizes, only cards ``seat`` has not seen). The AI's
        search plays on these samples, never on ``state`` itself.

        The promise the contract tests check: two states with the same ``view`` for ``seat``
        give the same sample from generators in the same state. So a redraw must read only what
        ``seat`` sees (sorted pools, public counts), never the hidden values' order. ``seat``
        ``None``: what the channel sees."""
        if type(self)._redraw_hidden is Game._redraw_hidden:  # nothing hidden: the rules copy what they change
            return {**state, "rng": rng.next64()}
        new = clone(state)
        self._redraw_hidden(new, seat, rng)
        new["rng"] = rng.next64()
        return new

    def _redraw_hidden(self, state: State, seat: str | None, rng: Rng) -> None:  # noqa: B027
        """Hook of :meth:`sample_state`: redraw in ``state`` (a copy, to change in place)
        what ``seat`` may not see. Default: nothing is hidden but the dice to come, which
        :meth:`sample_state` redraws itself (Risk Express: open information)."""

    def search_horizon(self, state: State) -> int | None:
        """How many random actions of its own the AI's search plays after a candidate before
        it scores the position, when fewer than the level's (None: the level's). 0 where the
        evaluation already sees through the rest of a turn (Risk Express: the exact chance of
        the card under attack)."""
        return None

    def search_breadth(self, state: State) -> int:
        """How many times the level's width and iterations the AI's search gives a decision
        here: 1 by default; more where a turn offers far more choices than the level's width
        and each is cheap to try (The Walking Dead's Conquest: 2)."""
        return 1

    def search_evaluation(self, level: str | None) -> Callable[[State, str], float]:
        """The evaluation the AI's search judges its positions with at ``level`` (``easy``,
        ``normal``, ``hard``; None: a search outside the levels): :meth:`evaluate` by default.
        A game whose evaluation can look further ahead at a cost gives each level its own
        reach (Risk Express: the turns it sees after the one under way)."""
        return self.evaluate

    def search_choice(self, state: State, seat: str, level: str | None) -> Action | None:
        """A decision the game makes exactly at ``level``, with no search (None: search as
        usual). Risk Express with two seats: the solved game's table of values."""
        return None

    def search_settings(self, level: str | None) -> dict[str, Any]:
        """What this game changes in the AI's search at ``level`` (``easy``, ``normal``,
        ``hard``): ``slack`` (the share of random moves), ``horizon`` (the random actions of its
        own played after a candidate), ``breadth`` (as :meth:`search_breadth`). Default: nothing,
        the level's own (:data:`bot.rules.ai.search.LEVELS`). Zombie Town's and Transformers'
        easy err more (with the levels' own slack, easy beat the beginner too often there);
        Zombie Town's hard plays fewer random moves on (its edition's ``ai`` module)."""
        return {}

    def evaluate(self, state: State, seat: str) -> float:
        """How well ``seat`` stands in ``state``, in [-1, 1]: 1 won, -1 lost, between them a
        guess for a running game (the AI's search scores the positions it reaches with it). It
        may read the whole ``state`` (the search gives it its own samples). Default: the
        seat's share of what the public view counts (:func:`bot.rules.standing.standing`)."""
        from bot.rules.standing import standing

        return standing(self, state, seat)

    # -- to implement -----------------------------------------------------------------
    @abstractmethod
    def _setup(self, state: State, rng: Rng) -> None: ...

    @abstractmethod
    def _apply(self, state: State, rng: Rng, seat: str, action: Action, events: list[Event]) -> None: ...

    @abstractmethod
    def action_schema(self) -> dict[str, dict[str, Field]]:
        """Action type → its parts (see :mod:`bot.rules.schema`)."""

    @abstractmethod
    def to_act(self, state: State) -> list[str]: ...

    @abstractmethod
    def _legal(self, state: State, seat: str) -> list[Action]:
        """The legal actions of ``seat``, who is to act (anytime actions aside)."""

    @abstractmethod
    def view(self, state: State, seat: str | None = None) -> dict[str, Any]: ...

    @abstractmethod
    def outcome(self, state: State) -> dict[str, Any] | None: ...

    # -- shared helpers ---------------------------------------------------------------
    def to_move(self, state: State) -> str | None:
        """The seat the game waits for (the first of :meth:`to_act`), ``None`` once it is over
        (or if nobody may act): what a game loop asks before each move. An engine may answer
        it faster."""
        if self.outcome(state) is not None:
            return None
        to_act = self.to_act(state)
        return to_act[0] if to_act else None

    def current(self, state: State) -> str | None:
        """The seat whose turn it is (for status lines and turn timers)."""
        to_act = self.to_act(state)
        return to_act[0] if to_act else None

    def replay(self, seats: list[str], options: dict[str, Any] | None, seed: int,
               log: list[tuple[str, Action]], picks: dict[str, dict[str, Any]] | None = None) -> State:
        state = self.setup(seats, options, seed, picks)
        for seat, action in log:
            if seat == SYSTEM:
                state, _ = self.apply_system(state, action)
            else:
                state, _ = self.apply(state, seat, action)
        return state


SYSTEM_SCHEMA = Schema.of({
    "skip": {},
    # the clock's seat (by default the one whose turn it is) and how many missed turns in a
    # row end a player's part (by default MAX_TIMEOUTS)
    "timeout": {"seat": Field(lambda v: type(v) is str and 0 < len(v) <= 200, "err.malformed.seat"),
                "limit": Field(lambda v: type(v) is int and 1 <= v <= 10, "err.malformed.limit")},
    "kick": {"seat": Field(lambda v: type(v) is str and 0 < len(v) <= 200, "err.malformed.seat", True)},
})
