"""The piles of The Walking Dead: the action deck with the Horde in its top half, the territory
cards that steer the walkers.

Piles are plain lists of card ids, the top at the end (as :mod:`bot.rules.risk_map.cards`),
so they survive JSON and draw with :func:`bot.rules.risk_map.cards.draw`.

The action deck (p. 5): take the Horde out; with two players first remove 12 cards at random
(« commencez par supprimer aléatoirement 12 cartes du tas de cartes Action avant de mettre en
place la carte Horde »); split the rest in two; shuffle the Horde into one half and put that
half on top. Our reading of « divisez le tas en deux » with an odd count: the top half takes the
smaller share (``n // 2``), so the Horde comes as early as the rule allows and never later than
the middle of the deck. Removed cards are out of the game, unseen. Drawn action cards are never
reshuffled (p. 9).
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.rules.base import Rng

__all__ = [
    "HORDE",
    "TWO_PLAYER_REMOVED",
    "action_deck",
    "draw_action",
    "horde_depth",
    "territory_pile",
]

HORDE = "horde"
TWO_PLAYER_REMOVED = 12


def action_deck(cards: Sequence[str], players: int, rng: Rng, horde: str = HORDE) -> tuple[list[str], list[str]]:
    """``(pile, removed)``: the action pile (top at the end) and the cards removed with two
    players (empty otherwise). ``cards`` holds every action card, the Horde included."""
    if horde not in cards:
        raise ValueError(f"the action cards must include the Horde ('{horde}')")
    others = [c for c in cards if c != horde]
    removed: list[str] = []
    if players == 2:
        rng.shuffle(others)
        removed, others = others[:TWO_PLAYER_REMOVED], others[TWO_PLAYER_REMOVED:]
    rng.shuffle(others)
    half = len(others) // 2
    top = [*others[:half], horde]
    bottom = others[half:]
    rng.shuffle(top)
    rng.shuffle(bottom)
    return bottom + top, removed


def horde_depth(pile: Sequence[str], horde: str = HORDE) -> int:
    """Where the Horde lies: 1 = the next card drawn."""
    return len(pile) - list(pile).index(horde)


def draw_action(pile: list[str], horde: str = HORDE) -> tuple[list[str], bool]:
    """A turn's action draw (p. 9): the top card; if it is the Horde, the end is announced and
    another card is drawn to play the turn (« tirez une autre carte Action (si possible) »).
    Returns the cards drawn in order and whether the Horde came. Mutates ``pile``."""
    drawn: list[str] = []
    horde_came = False
    while pile:
        card = pile.pop()
        drawn.append(card)
        if card != horde:
            break
        horde_came = True
    return drawn, horde_came


def territory_pile(territories: Sequence[str], rng: Rng) -> list[str]:
    """The territory cards, one per territory, shuffled (after the walkers' setup draw, p. 6)."""
    pile = list(territories)
    rng.shuffle(pile)
    return pile
