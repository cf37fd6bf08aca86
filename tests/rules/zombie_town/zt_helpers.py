"""Positions for Zombie Town's rule tests: a game past its deal, then a stated position.

Fixed draws come from the decks themselves: ``combat(state, 5, 2)`` puts those combat cards on
top (drawn in that order), ``deck(state, card…)`` the action cards; the dice of ``Rng`` are
used only for shuffles and the X square a zombie rises on.
"""

from __future__ import annotations

from typing import Any

from bot.rules.base import State, clone
from bot.rules.zombie_town import GAME
from bot.rules.zombie_town.core import data

SEATS3 = ["ann", "bob", "cat"]


def started(n: int = 3, road_rage: bool = True, seed: int = 1) -> State:
    """A game of ``n`` players through its deal (each keeps their first three cards): the
    first player to act, in the ``act`` phase, no zombie near anyone."""
    seats = SEATS3[:n] if n <= 3 else [f"p{i}" for i in range(n)]
    state = GAME.setup(seats, {"road_rage": road_rage}, seed)
    while state["phase"] == "deal":
        seat = GAME.current(state)
        state, _ = GAME.apply(state, seat, GAME.default_action(state, seat))
    assert state["phase"] == "act"
    return clone(state)


def me(state: State) -> str:
    return GAME.current(state)  # type: ignore[return-value]


def others(state: State) -> list[str]:
    return [s for s in state["order"] if s != me(state)]


def clear_zombies(state: State) -> None:
    state["box"] += sum(state["zombies"].values())
    state["zombies"] = {}


def zombies(state: State, node: str, n: int) -> None:
    state["box"] -= n
    state["zombies"][node] = state["zombies"].get(node, 0) + n


def combat(state: State, *values: int) -> None:
    """The next combat cards drawn, in order."""
    state["combat"] = [*state["combat"], *reversed(values)]


def deck(state: State, *cards: str) -> None:
    """The next action cards found, in order (taken out of wherever they are)."""
    for p in state["players"].values():
        p["hand"] = [c for c in p["hand"] if c not in cards]
    state["discard"] = [c for c in state["discard"] if c not in cards]
    state["deck"] = [c for c in state["deck"] if c not in cards] + list(reversed(cards))


def give(state: State, seat: str, *cards: str) -> None:
    """Cards into ``seat``'s hand, out of the deck."""
    state["deck"] = [c for c in state["deck"] if c not in cards]
    state["discard"] = [c for c in state["discard"] if c not in cards]
    for p in state["players"].values():
        p["hand"] = [c for c in p["hand"] if c not in cards]
    state["players"][seat]["hand"] += list(cards)


def put(state: State, seat: str, node: str, **fields: Any) -> None:
    state["players"][seat]["pos"] = node
    state["players"][seat].update(fields)


def act(state: State, action: dict[str, Any], seat: str | None = None) -> tuple[State, list[dict[str, Any]]]:
    return GAME.apply(state, seat or me(state), action)


def settings():  # noqa: ANN201
    return data().settings


def types(events: list[dict[str, Any]]) -> list[str]:
    return [e["type"] for e in events]
