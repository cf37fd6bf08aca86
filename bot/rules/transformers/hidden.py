"""What a faction may not see in Risk Transformers, redrawn for an AI's sample
(:meth:`bot.rules.base.Game.sample_state`): the deck's order and the cards in the hands of the
other teams (one pool: a teammate's hand is shared, so seen), and the other teams' standing
orders (defence, stance, Bumblebee's rally: their defaults)."""

from __future__ import annotations

from typing import Any

from bot.rules.base import Rng, State
from bot.rules.hidden import redeal


def redraw(game: Any, state: State, seat: str | None, rng: Rng) -> None:
    players = state["players"]
    team = set((state.get("teams") or {}).get(seat) or ([seat] if seat else []))
    others = [s for s in sorted(players) if s not in team]
    slots: list[tuple[Any, Any]] = [(state, "deck")] + [(players[s], "hand") for s in others
                                                         if players[s].get("hand") is not None]
    redeal(rng, [c for container, key in slots for c in container[key]], slots)
    for s in others:
        for key in ("defence", "stance", "rally"):
            players[s].pop(key, None)  # the defaults (``get(key, default)`` where they are read)
