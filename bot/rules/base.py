"""The contract every game engine keeps, and the pieces they all share.

An engine is pure: state in, state and events out, no I/O, no clock, no global
randomness. State is plain JSON data (dicts, lists, str, int, bool, None) so the store
can keep it as text and a game replays bit for bit from ``setup`` plus its action log.
"""

from __future__ import annotations

import json
import pickle
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any

State = dict[str, Any]
Action = dict[str, Any]
Event = dict[str, Any]

SCHEMA_VERSION = 1

# The seat under which the action log records moderator actions (skip a turn, kick a
# player); ``replay`` sends those through ``apply_system``.
SYSTEM = "@system"


class RuleError(Exception):
    """An action the rules do not allow. ``str(err)`` is meant for the player.

    ``key`` and ``params`` let the Discord layer translate the message; ``str`` is the
    English text, so engines and tests stay readable without the catalogs.
    """

    def __init__(self, message: str, key: str = "", **params: Any) -> None:
        super().__init__(message)
        self.key = key
        self.params = params


_MASK64 = (1 << 64) - 1
_LIMITS: dict[int, int] = {}  # n → the largest multiple of n below 2**64, for ``below``


class Rng:
    """SplitMix64: tiny, fast, and its whole state is one integer kept in the game state.

    Engines build one from ``state["rng"]`` at the start of ``apply`` and write
    ``rng.state`` back at the end, so the randomness is part of the saved game.
    """

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & _MASK64

    @classmethod
    def from_seed(cls, seed: int | str) -> Rng:
        if isinstance(seed, str):
            seed = int.from_bytes(seed.encode()[:8].ljust(8, b"\0"), "little") ^ len(seed)
        rng = cls(seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019)
        rng.next64()
        return rng

    def next64(self) -> int:
        self.state = z = (self.state + 0x9E3779B97F4A7C15) & _MASK64
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in ``[0, n)``, unbiased (rejection sampling)."""
        limit = _LIMITS.get(n)
        if limit is None:
            if n <= 0:
                raise ValueError("n must be positive")
            limit = _LIMITS[n] = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def die(self, sides: int = 6) -> int:
        return self.below(sides) + 1

    def dice(self, count: int, sides: int = 6) -> list[int]:
        return [self.below(sides) + 1 for _ in range(count)]

    def throw(self, count: int, sides: int = 6) -> list[int]:
        """``count`` dice from a single draw: one uniform number below ``sides**count``,
        read digit by digit (exactly uniform, and far cheaper than a draw per die)."""
        if count <= 0:
            return []
        x = self.below(sides**count)
        out = []
        for _ in range(count):
            x, d = divmod(x, sides)
            out.append(d + 1)
        return out

    def shuffle(self, items: list[Any]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


def clone(state: State) -> State:
    """A deep copy of JSON-shaped data: pickle's C code is the fastest round trip (about
    twice ``json`` and four times ``copy.deepcopy`` on a game state)."""
    return pickle.loads(pickle.dumps(state, pickle.HIGHEST_PROTOCOL))


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


class Game(ABC):
    """One game: a stable ``id`` and the six members of the engine contract.

    Subclasses implement ``_setup`` and ``_apply``; ``apply`` wraps the latter so that an
    illegal action never touches the caller's state.
    """

    id: str = ""
    name: str = ""
    min_players: int = 2
    max_players: int = 6
    options: tuple[Option, ...] = ()

    # -- life cycle -------------------------------------------------------------------
    def setup(self, seats: list[str], options: dict[str, Any] | None = None, seed: int = 0) -> State:
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
        rng = Rng.from_seed(seed)
        state: State = {
            "schema": SCHEMA_VERSION,
            "game": self.id,
            "seats": seats,
            "options": opts,
            "seed": seed,
            "rng": 0,
        }
        self._setup(state, rng)
        state["rng"] = rng.state
        return state

    def validate_options(self, options: dict[str, Any]) -> dict[str, Any]:
        known = {o.name: o for o in self.options}
        out: dict[str, Any] = {o.name: o.default for o in self.options}
        for key, value in options.items():
            opt = known.get(key)
            if opt is None:
                raise RuleError(f"Unknown option '{key}' for {self.name}.", "err.unknown_option", option=key)
            if opt.kind == "bool":
                if not isinstance(value, bool):
                    raise RuleError(f"Option '{key}' is on or off.", "err.option_bool", option=key)
            elif opt.kind == "choice" and value not in opt.choices:
                raise RuleError(
                    f"Option '{key}' must be one of: {', '.join(opt.choices)}.",
                    "err.option_choice",
                    option=key,
                    choices=", ".join(opt.choices),
                )
            out[key] = value
        return out

    def apply(self, state: State, seat: str, action: Action) -> tuple[State, list[Event]]:
        """The only way a game changes. Illegal actions raise ``RuleError``; ``state`` is
        never modified (the engine works on a copy)."""
        if self.outcome(state) is not None:
            raise RuleError("This game is over.", "err.game_over")
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise RuleError("That is not an action.", "err.bad_action")
        if seat not in state["seats"]:
            raise RuleError("You are not playing in this game.", "err.not_player")
        if seat not in self.to_act(state):
            raise RuleError("It is not your turn.", "err.not_your_turn")
        new = self._copy(state)
        rng = Rng(new["rng"])
        events: list[Event] = []
        self._apply(new, rng, seat, action, events)
        new["rng"] = rng.state
        return new, events

    def apply_system(self, state: State, action: Action) -> tuple[State, list[Event]]:
        """Moderator actions that no seat takes: ``{"type": "skip"}`` ends the current
        turn, ``{"type": "kick", "seat": s}`` removes a player. Same guarantees as
        ``apply``: illegal → ``RuleError``, ``state`` untouched."""
        if self.outcome(state) is not None:
            raise RuleError("This game is over.", "err.game_over")
        kind = action.get("type") if isinstance(action, dict) else None
        if kind == "kick" and action.get("seat") not in state["seats"]:
            raise RuleError("That player is not in this game.", "err.not_in_game")
        if kind not in ("skip", "kick"):
            raise RuleError("That is not a moderator action.", "err.bad_action")
        new = clone(state)
        rng = Rng(new["rng"])
        events: list[Event] = []
        self._system(new, rng, action, events)
        new["rng"] = rng.state
        return new, events

    def _system(self, state: State, rng: Rng, action: Action, events: list[Event]) -> None:
        raise RuleError("This game does not support that yet.", "err.unsupported")

    def _copy(self, state: State) -> State:
        """The working copy ``_apply`` may mutate. An engine that knows which parts of its
        state an action can touch may override this with a cheaper copy."""
        return clone(state)

    # -- to implement -----------------------------------------------------------------
    @abstractmethod
    def _setup(self, state: State, rng: Rng) -> None: ...

    @abstractmethod
    def _apply(self, state: State, rng: Rng, seat: str, action: Action, events: list[Event]) -> None: ...

    @abstractmethod
    def to_act(self, state: State) -> list[str]: ...

    @abstractmethod
    def legal_actions(self, state: State, seat: str) -> list[Action]: ...

    @abstractmethod
    def view(self, state: State, seat: str | None = None) -> dict[str, Any]: ...

    @abstractmethod
    def outcome(self, state: State) -> dict[str, Any] | None: ...

    # -- shared helpers ---------------------------------------------------------------
    def current(self, state: State) -> str | None:
        """The seat whose turn it is (for status lines and turn timers)."""
        to_act = self.to_act(state)
        return to_act[0] if to_act else None

    def replay(self, seats: list[str], options: dict[str, Any] | None, seed: int,
               log: list[tuple[str, Action]]) -> State:
        state = self.setup(seats, options, seed)
        for seat, action in log:
            if seat == SYSTEM:
                state, _ = self.apply_system(state, action)
            else:
                state, _ = self.apply(state, seat, action)
        return state
