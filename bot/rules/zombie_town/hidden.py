"""What a player may not see in Zombie Town, redrawn for an AI's sample
(:meth:`bot.rules.base.Game.sample_state`): the action deck and the other players' hands (one
pool), the combat deck's order, the agenda deck and the other players' agendas (one pool), the
keys face down under the houses and those the others hold (one pool; the key under the house
the player stands in is seen), and the others' standing orders (their default).

Each pool is the hidden cards themselves, sorted: in a game as played, that multiset is what
the player can work out (every card less those it has seen), so it tells nothing more."""

from __future__ import annotations

from typing import Any

from bot.rules.base import Rng, State
from bot.rules.hidden import redeal

DEFAULT_ORDER = "best"


def redraw(game: Any, state: State, seat: str | None, rng: Rng) -> None:
    players = state["players"]
    others = [s for s in sorted(players) if s != seat]
    redeal(rng, list(state["combat"]), [(state, "combat")])
    for deck, held in (("deck", "hand"), ("agenda_deck", "agendas")):
        slots: list[tuple[Any, Any]] = [(state, deck)] + [(players[s], held) for s in others]
        redeal(rng, [c for container, key in slots for c in container[key]], slots)
    # keys: face down under the houses (but the one the player stands in) and in others' hands
    here = players[seat]["pos"] if seat in players else None
    houses = state["houses"]
    under = [h for h in sorted(houses) if houses[h]["key"] is not None and h != here]
    box = {"under": [houses[h]["key"] for h in under]}
    slots = [(box, "under")] + [(players[s], "keys") for s in others]
    redeal(rng, [k for container, key in slots for k in container[key]], slots)
    for h, k in zip(under, box["under"], strict=True):
        houses[h]["key"] = k
    for s in others:
        players[s]["order"] = DEFAULT_ORDER
