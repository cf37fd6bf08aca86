"""A game's opening, whole: every pure setup step of a mode put together, so the engine's
``setup`` only stores what this returns (plain JSON data) and asks for the claims.

Survival (p. 5–6): the walkers' territories (3 each), the order of placement by dice, the
territory pile reshuffled, the action deck (the Horde in its top half; 12 removed with two
players), the crate bag, the Prison's watchtower, the marker on 1, every player's starting
survivors; with the option ``claims="random"`` the free territories dealt (one survivor each).
Conquest (p. 14): deal every territory card (3 survivors each, ``setup="deal"``) or claim by the
table (``setup="claim"``: the order by dice, then clockwise from the highest roll).
Unoccupied territories have no owner (``None``) until claimed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.rules.base import Rng
from bot.rules.walking_dead.conquest import DEAL_PAWNS, conquest_pawns
from bot.rules.walking_dead.crates import crate_bag
from bot.rules.walking_dead.deck import action_deck, territory_pile
from bot.rules.walking_dead.invasion import FIRST_MARKER
from bot.rules.walking_dead.setup import (
    clockwise_from,
    deal_claims,
    deal_territory_cards,
    roll_order,
    setup_row,
    walker_territories,
)
from bot.rules.walking_dead.walkers import WALKERS

__all__ = ["CLAIMS", "CONQUEST_SETUPS", "conquest_opening", "survival_opening"]

CLAIMS = ("choose", "random")
CONQUEST_SETUPS = ("deal", "claim")


def survival_opening(territories: Sequence[str], action_cards: Sequence[str], seats: Sequence[str], rng: Rng,
                     claims: str = "choose") -> dict[str, Any]:
    if claims not in CLAIMS:
        raise ValueError(f"claims must be one of {CLAIMS}")
    row = setup_row(len(seats))
    walkers = walker_territories(territories, len(seats), rng)
    owner: dict[str, str | None] = {t: (WALKERS if t in walkers else None) for t in territories}
    troops = {t: walkers.get(t, 0) for t in territories}
    placement, rolls = roll_order(seats, rng)
    pile = territory_pile(territories, rng)
    deck, removed = action_deck(action_cards, len(seats), rng)
    pawns = {s: row.survivors for s in seats}
    if claims == "random":
        free = [t for t in territories if owner[t] is None]
        for t, seat in deal_claims(free, placement, rng).items():
            owner[t], troops[t] = seat, 1
            pawns[seat] -= 1
    return {
        "owner": owner, "troops": troops, "placement": placement, "rolls": rolls,
        "turn_order": clockwise_from(seats, placement[0]), "pile": pile, "discard": [],
        "deck": deck, "removed": removed, "bag": crate_bag(rng), "towers": ["prison"],
        "marker": FIRST_MARKER, "round": 1, "pawns": pawns,
    }


def conquest_opening(territories: Sequence[str], seats: Sequence[str], rng: Rng, setup: str = "deal"
                     ) -> dict[str, Any]:
    if setup not in CONQUEST_SETUPS:
        raise ValueError(f"setup must be one of {CONQUEST_SETUPS}")
    pawns_each = conquest_pawns(len(seats))
    placement, rolls = roll_order(seats, rng)
    order = clockwise_from(seats, placement[0])  # « dans le sens des aiguilles d'une montre »
    owner: dict[str, str | None] = {t: None for t in territories}
    troops = {t: 0 for t in territories}
    pawns = {s: pawns_each for s in seats}
    if setup == "deal":
        for t, seat in deal_territory_cards(territories, order, rng).items():
            owner[t], troops[t] = seat, DEAL_PAWNS
        pawns = {s: 0 for s in seats}
    return {
        "owner": owner, "troops": troops, "placement": order, "rolls": rolls, "turn_order": order,
        "pile": territory_pile(territories, rng), "discard": [], "bag": crate_bag(rng), "pawns": pawns,
    }
