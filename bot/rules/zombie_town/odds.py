"""Zombie Town's odds: the chance to win a fight, exact over the combat cards left.

The combat deck's order is hidden, but what is left in it is not: every card drawn lies face
up on the discard (and is told in the fight's event), so the view carries the count of each
value still in the deck (``combat_left``). A fight draws its cards from the top one after the
other, without replacement; when the deck runs out, the discard (the cards just drawn
included) is shuffled into a new deck (:func:`.core.draw_combat`). Each fighter keeps their
best card (a weapon that draws 2) and adds their bonus (:func:`.combat._bonus`). Against a
zombie the total must reach its strength; between players the higher total wins, a tie
hurts nobody. Every sequence of draws is enumerated with its chance (at most 6^4 for two
fighters drawing two each; memoised by the cards left and the draws).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from bot.rules.zombie_town.combat import SELF, _bonus, _usable, fighters
from bot.rules.zombie_town.core import card_info, data

__all__ = ["attack_odds", "deck_of", "duel", "fight_odds", "kept", "versus_zombie"]

Deck = tuple[tuple[int, int], ...]  # (value, cards of it left), every value of the full deck in order


def deck_of(left: dict[Any, int] | None = None) -> Deck:
    """The deck as (value, count) pairs: the counts left (a view's ``combat_left``, keys as
    text or numbers), or the full deck of the settings."""
    full = data().settings.combat
    if left is None:
        return tuple(sorted(full.items()))
    found = {int(k): int(v) for k, v in left.items()}
    return tuple((v, found.get(v, 0)) for v in sorted(full))


@cache
def kept(deck: Deck, draws: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], float], ...]:
    """Every outcome of fighters drawing ``draws`` cards in turn from ``deck``: (the best card
    each keeps, its chance)."""
    full = dict(data().settings.combat)
    out: dict[tuple[int, ...], float] = {}
    total = sum(draws)

    def walk(left: dict[int, int], gone: dict[int, int], drawn: list[int], p: float) -> None:
        if len(drawn) == total:
            best, at = [], 0
            for n in draws:
                best.append(max(drawn[at:at + n]))
                at += n
            key = tuple(best)
            out[key] = out.get(key, 0.0) + p
            return
        size = sum(left.values())
        if size == 0:  # the discard, the cards just drawn included, shuffled into a new deck
            left, gone, size = gone, dict.fromkeys(full, 0), sum(gone.values())
        for value, n in left.items():
            if n:
                walk({**left, value: n - 1}, {**gone, value: gone[value] + 1}, [*drawn, value], p * n / size)

    left = dict(deck)
    walk(left, {v: full[v] - left.get(v, 0) for v in full}, [], 1.0)
    return tuple(out.items())


def versus_zombie(deck: Deck, draws: int, bonus: int, strength: int | None = None) -> float:
    """The chance that a fighter drawing ``draws`` cards, plus ``bonus``, reaches a zombie's strength."""
    need = data().settings.zombie_strength if strength is None else strength
    outcomes = kept(deck, (draws,))
    if all(card + bonus >= need for (card,), _ in outcomes):
        return 1.0  # a sure thing reads 100 %, not 99.99…
    return sum(p for (card,), p in outcomes if card + bonus >= need)


def duel(deck: Deck, draws: int, bonus: int, their_draws: int, their_bonus: int) -> tuple[float, float, float]:
    """A fight between players (the attacker draws first): (win, tie, loss) for the attacker."""
    out = [0.0, 0.0, 0.0]
    for (mine, theirs), p in kept(deck, (draws, their_draws)):
        a, b = mine + bonus, theirs + their_bonus
        out[0 if a > b else 1 if a == b else 2] += p
    for i, p in enumerate(out):
        if p and p == max(out) and not sum(out) - p:
            out[i] = 1.0  # a sure outcome reads 100 %
    return out[0], out[1], out[2]


def _draws(weapon: str | None) -> int:
    return card_info(weapon)["draws"] if weapon else 1


def _weapon(weapon: str | None) -> str | None:
    return None if weapon in (None, "none") else weapon


def fight_odds(view: dict[str, Any], seat: str, fighter: str, weapon: str | None) -> float:
    """The chance that ``seat``'s ``fighter`` (``"self"`` or a following survivor) with
    ``weapon`` (a card, ``"none"``) kills the zombie, read from the public ``view``."""
    weapon = _weapon(weapon)
    return versus_zombie(deck_of(view.get("combat_left")), _draws(weapon), _bonus(view, seat, fighter, weapon))


def attack_odds(view: dict[str, Any], seat: str, target: str, fighter: str,
                weapon: str | None) -> tuple[float, float, float]:
    """(win, tie, loss) of ``seat`` attacking ``target`` (a player, or a guard of the house
    they are in), as :func:`.combat.player_fight` plays it: a player fights back with their
    best weapon for the range, a guard with its own if it may."""
    weapon = _weapon(weapon)
    me = view["players"][seat]
    if target in view["players"]:
        them = view["players"][target]
        shooting = not (them["pos"] == me["pos"] and them["car"] is None)
        options = [o for o in fighters(view, target, shooting) if o[0] == SELF]
        best = max(options, key=lambda o: _bonus(view, target, *o)) if options else (SELF, None)
        their_weapon, their_bonus = best[1], _bonus(view, target, *best)
    else:
        guard = next(g for g in view["houses"][me["pos"]]["guards"] if g["card"] == target)
        slot = guard["weapon"] if _usable(guard["weapon"], False) else None
        their_weapon = slot["card"] if slot else None
        their_bonus = _bonus(view, None, target, their_weapon)
    return duel(deck_of(view.get("combat_left")), _draws(weapon), _bonus(view, seat, fighter, weapon),
                _draws(their_weapon), their_bonus)
