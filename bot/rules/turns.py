"""Turn bookkeeping, kept the same way by every game.

Every engine keeps its turns in six top-level state keys, owned by this module:

==========  ===============================================================================
key         what it holds
==========  ===============================================================================
``order``   the seats in turn order (fixed at setup; a seat that leaves stays listed)
``current`` the index in ``order`` of the seat whose turn it is
``turn``    the turn number, from 1; each :func:`advance` adds one
``phase``   the game's own name for where the turn stands (``"place"``, ``"attack"``…;
            ``"over"`` once the game has ended)
``out``     the seats no longer playing, in the order they left (eliminated or kicked)
``result``  ``None`` while the game runs; then ``{"winners": [seats], …}`` (:func:`finish`;
            a game adds its own details: scores, the reason)
==========  ===============================================================================

Flat keys rather than one nested dict: the engines copy their state on every action, and
flat keys let them share ``order`` and copy ``out`` cheaply. ``state["seats"]`` stays the
seats the game started with. The platform never reads these keys: it asks
:meth:`bot.rules.base.Game.turn_info`, which returns a :class:`TurnInfo`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["KEYS", "TurnInfo", "advance", "begin", "current_seat", "finish", "info", "is_out", "remove",
           "still_in"]

State = dict[str, Any]

KEYS = ("order", "current", "turn", "phase", "out", "result")


@dataclass(frozen=True)
class TurnInfo:
    """What the platform may read of a game's turns (status lines, "is this a new turn?",
    turn timers), the same for every game."""

    number: int
    current: str | None  # the seat whose turn it is; None once the game is over
    phase: str
    order: tuple[str, ...]
    out: tuple[str, ...]
    over: bool


def begin(state: State, order: list[str], first: int = 0, phase: str = "") -> None:
    """Set up the turns: ``order[first]`` plays turn 1, nobody is out yet."""
    state["order"] = list(order)
    state["current"] = first
    state["turn"] = 1
    state["phase"] = phase
    state["out"] = []
    state["result"] = None


def current_seat(state: State) -> str:
    """The seat whose turn it is (still set once the game is over: the last one to play)."""
    return state["order"][state["current"]]


def is_out(state: State, seat: str) -> bool:
    return seat in state["out"]


def still_in(state: State) -> list[str]:
    """The seats still playing, in turn order."""
    out = state["out"]
    return [s for s in state["order"] if s not in out]


def advance(state: State) -> str:
    """Pass the turn to the next seat in order that is still playing, and count a new turn.
    Returns that seat."""
    order, out = state["order"], state["out"]
    i = state["current"]
    for _ in range(len(order)):
        i = (i + 1) % len(order)
        if order[i] not in out:
            break
    state["current"] = i
    state["turn"] += 1
    return order[i]


def remove(state: State, seat: str) -> None:
    """``seat`` leaves the game (eliminated or kicked). The turn does not move: the caller
    passes it on if ``seat`` was the one playing."""
    if seat not in state["out"]:
        state["out"].append(seat)


def finish(state: State, winners: list[str], **details: Any) -> None:
    """The game ends: ``winners`` (none on a draw) and the game's ``details`` (scores, the
    reason) are its ``result``, and the phase is ``"over"``."""
    state["result"] = {"winners": list(winners), **details}
    state["phase"] = "over"


def info(state: State, over: bool) -> TurnInfo:
    """The :class:`TurnInfo` of ``state`` (``over``: the game has ended)."""
    return TurnInfo(
        number=int(state["turn"]),
        current=None if over else current_seat(state),
        phase="over" if over else str(state["phase"]),
        order=tuple(state["order"]),
        out=tuple(state["out"]),
        over=over,
    )
