"""What a group may not see in Risk: The Walking Dead, redrawn for an AI's sample
(:meth:`bot.rules.base.Game.sample_state`): the action deck's and the territory pile's order,
the supply crates in the bag and in the other groups' hands (one pool), and the other
groups' standing defence orders (their default)."""

from __future__ import annotations

from typing import Any

from bot.rules.base import Rng, State
from bot.rules.hidden import redeal


def redraw(game: Any, state: State, seat: str | None, rng: Rng) -> None:
    players = state["players"]
    others = [s for s in sorted(players) if s != seat]
    for key in ("actions", "deck"):
        if state.get(key):
            redeal(rng, list(state[key]), [(state, key)])
    if state.get("bag") is not None:
        slots: list[tuple[Any, Any]] = [(state, "bag")] + [(players[s], "hand") for s in others
                                                           if players[s].get("hand") is not None]
        redeal(rng, [c for container, key in slots for c in container[key]], slots)
    for s in others:
        if "orders" in players[s]:
            players[s]["orders"] = None  # the default order (:meth:`Fights.orders`)
