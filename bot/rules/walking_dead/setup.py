"""Setting up a game of The Walking Dead (« Dans l'œil du cyclone », p. 5–6; Conquest, p. 14).

Pure functions over plain data: territory ids, seats, and the ``Rng`` the engine passes in (its
whole state kept in the game state). The engine (next session) calls them from ``setup`` and
from the claiming actions; nothing here keeps state of its own.

Survival (p. 6): the walkers first (N territory cards drawn, 3 walkers on each, the cards back
and reshuffled), then the players roll for the order of placement, claim the unoccupied
territories one survivor at a time, in that order, until none is left, then place the rest of
their starting survivors one by one on their own territories. The table's numbers fit exactly:
the walkers' territories plus every player's share make 32, so every player claims the same
number. Conquest (p. 14): deal every territory card (3 survivors on each), or claim by the table
(33 / 24 / 21 pawns each).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from bot.rules.base import Rng

__all__ = [
    "CONQUEST_PAWNS",
    "SETUP_WALKERS_EACH",
    "SURVIVAL_SETUP",
    "SetupRow",
    "claim_order",
    "claims_each",
    "clockwise_from",
    "deal_claims",
    "deal_territory_cards",
    "place_rest",
    "roll_order",
    "setup_row",
    "walker_territories",
]

SETUP_WALKERS_EACH = 3  # « placez 3 Rôdeurs sur chaque territoire révélé » (p. 6)


@dataclass(frozen=True)
class SetupRow:
    """One line of the rulebook's setup table (p. 6)."""

    walker_territories: int
    walkers: int
    survivor_territories: int  # per player
    survivors: int  # per player


SURVIVAL_SETUP: dict[int, SetupRow] = {
    2: SetupRow(16, 48, 8, 24),
    3: SetupRow(11, 33, 7, 21),
    4: SetupRow(8, 24, 6, 18),
}
# Conquest's claiming table (p. 14): starting pawns per player, the walkers' seat included at 5.
CONQUEST_PAWNS: dict[int, int] = {3: 33, 4: 24, 5: 21}


def setup_row(players: int) -> SetupRow:
    """The survival table's line for ``players`` (2 to 4)."""
    try:
        return SURVIVAL_SETUP[players]
    except KeyError:
        raise ValueError(f"Survival is for 2 to 4 players, not {players}") from None


def walker_territories(territories: Sequence[str], players: int, rng: Rng) -> dict[str, int]:
    """The walkers' starting territories: shuffle the territory cards, reveal as many as the
    table says, 3 walkers on each (territory → walkers, in the order revealed). The cards go
    back into the pile, which the engine then shuffles again (:func:`deck.territory_pile`)."""
    row = setup_row(players)
    cards = list(territories)
    rng.shuffle(cards)
    return {t: SETUP_WALKERS_EACH for t in cards[: row.walker_territories]}


def roll_order(seats: Sequence[str], rng: Rng) -> tuple[list[str], list[dict[str, int]]]:
    """The order of placement: everyone rolls a die, highest first, « dans l'ordre
    décroissant » (p. 6). Ties roll again among themselves (the rulebook does not say; a roll-off
    is the board-game custom), keeping their place above the lower rolls. Returns the order and
    every round of rolls (seat → die), for the narration."""
    rounds: list[dict[str, int]] = []

    def rank(group: list[str]) -> list[str]:
        if len(group) == 1:
            return group
        rolls = {s: rng.die() for s in group}
        rounds.append(rolls)
        out: list[str] = []
        for face in sorted(set(rolls.values()), reverse=True):
            out += rank([s for s in group if rolls[s] == face])
        return out

    return rank(list(seats)), rounds


def clockwise_from(seats: Sequence[str], first: str) -> list[str]:
    """Seat order (the table, clockwise) starting with ``first``: the turn order of both modes
    (« dans le sens des aiguilles d'une montre », p. 7 and p. 14)."""
    i = list(seats).index(first)
    return list(seats[i:]) + list(seats[:i])


def claims_each(free: int, order: Sequence[str]) -> dict[str, int]:
    """How many of ``free`` unoccupied territories each seat claims, one at a time in ``order``
    (the first seats take one more when they do not divide evenly)."""
    n = len(order)
    return {s: free // n + (1 if i < free % n else 0) for i, s in enumerate(order)}


def claim_order(free: int, order: Sequence[str]) -> list[str]:
    """Who claims each of ``free`` territories, turn by turn: ``order`` over and over."""
    return [order[i % len(order)] for i in range(free)]


def deal_claims(free: Sequence[str], order: Sequence[str], rng: Rng) -> dict[str, str]:
    """The option "deal the claims at random": the unoccupied territories shuffled and given
    out one by one in the order of placement (territory → seat), exactly as many to each as
    claiming would give."""
    cards = list(free)
    rng.shuffle(cards)
    who = claim_order(len(cards), order)
    return dict(zip(cards, who, strict=True))


def deal_territory_cards(territories: Sequence[str], order: Sequence[str], rng: Rng) -> dict[str, str]:
    """Conquest's first setup (p. 14): every territory card dealt one by one, starting with the
    first in ``order`` (territory → seat); « certains joueurs peuvent commencer le jeu avec plus
    de territoires que d'autres ». The engine puts 3 survivors on each."""
    return deal_claims(territories, order, rng)


def place_rest(mine: Sequence[str], troops: Mapping[str, int], count: int) -> dict[str, int]:
    """"Place the rest for me": ``count`` starting survivors spread one by one over ``mine``,
    each to the territory with the fewest so far (ties: the first in ``mine``, i.e. map order),
    so that no territory is left weak against the walkers' spawns, which strike anywhere.
    Returns territory → survivors added. Deterministic: no die is rolled."""
    if not mine:
        return {}
    current = {t: troops[t] for t in mine}
    added = {t: 0 for t in mine}
    for _ in range(count):
        t = min(mine, key=current.__getitem__)
        current[t] += 1
        added[t] += 1
    return {t: n for t, n in added.items() if n}
