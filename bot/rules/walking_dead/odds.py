"""Exact odds of battles against walkers, turning included (for ``/twd odds``).

The shared ``bot.rules.risk_map.odds`` enumerates the roll rule with its modifiers, but not a
battle whose sides *grow*: a survivor killed by walkers turns on 1–3 (one chance in two) and
joins the walkers. Here a battle is a Markov chain over ``(walkers, survivors)``: each roll's
losses are enumerated exactly from :func:`walkers.losses` (the one roll rule, so odds and play
cannot disagree), the turning dice by the binomial law, and every roll kills someone, so the
chain always ends (survivors never grow; when none dies, walkers do). Results are exact
fractions.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache, lru_cache
from itertools import product
from math import comb

from bot.rules.risk_map.battle import resolve_roll
from bot.rules.walking_dead.walkers import EDGE, losses, survivor_defence_dice, walker_dice

__all__ = ["attack_odds", "conquest_odds", "invasion_odds", "roll_losses"]

HALF = Fraction(1, 2)  # a killed survivor turns on 1, 2 or 3


@cache
def roll_losses(att: int, dfn: int, walkers_attack: bool, tower: bool = False, edge: int = EDGE
                ) -> tuple[tuple[tuple[int, int], Fraction], ...]:
    """The law of one roll's ``(attacker losses, defender losses)`` with ``att`` and ``dfn``
    dice, enumerated over every face."""
    counts: dict[tuple[int, int], int] = {}
    for a in product(range(1, 7), repeat=att):
        for d in product(range(1, 7), repeat=dfn):
            key = losses(a, d, walkers_attack, tower, edge)
            counts[key] = counts.get(key, 0) + 1
    total = 6 ** (att + dfn)
    return tuple(sorted((k, Fraction(v, total)) for k, v in counts.items()))


def _turned(killed: int, turning: bool) -> list[tuple[int, Fraction]]:
    if not turning or not killed:
        return [(0, Fraction(1))]
    return [(t, comb(killed, t) * HALF**killed) for t in range(killed + 1)]


@lru_cache(maxsize=200_000)
def invasion_odds(walkers: int, survivors: int, tower: bool = False, choice: str = "most", edge: int = EDGE,
                  turning: bool = True) -> Fraction:
    """The chance that ``walkers`` invading a territory of ``survivors`` take it, fighting to
    the end (the defender throwing ``choice`` dice; ``tower``: +1 on its best die)."""
    if survivors <= 0:
        return Fraction(1)
    if walkers <= 0:
        return Fraction(0)
    p = Fraction(0)
    dice = (walker_dice(walkers, True), survivor_defence_dice(survivors, choice))
    for (al, dl), q in roll_losses(*dice, True, tower, edge):
        for t, r in _turned(dl, turning):
            p += q * r * invasion_odds(walkers - al + t, survivors - dl, tower, choice, edge, turning)
    return p


@lru_cache(maxsize=200_000)
def attack_odds(committed: int, walkers: int, edge: int = EDGE, turning: bool = True) -> Fraction:
    """The chance that ``committed`` survivors attacking ``walkers`` take the territory, rolling
    until it is decided (3 dice at most; the walkers always 2 if they can; the attackers killed
    who turn join the defenders)."""
    if walkers <= 0:
        return Fraction(1)
    if committed <= 0:
        return Fraction(0)
    p = Fraction(0)
    for (al, dl), q in roll_losses(min(3, committed), walker_dice(walkers, False), False, False, edge):
        for t, r in _turned(al, turning):
            p += q * r * attack_odds(committed - al, walkers - dl + t, edge, turning)
    return p


@cache
def conquest_roll(att: int, dfn: int, att_bonus: int = 0, def_bonus: int = 0
                  ) -> tuple[tuple[tuple[int, int], Fraction], ...]:
    """The law of one Conquest roll (no edge, turning or tower): ``att_bonus`` on the
    attacker's highest die, ``def_bonus`` on the defender's (the group leaders' powers at a
    strategic location), as :meth:`WalkingDead._resolve_conquest` rolls it."""
    counts: dict[tuple[int, int], int] = {}
    for a in product(range(1, 7), repeat=att):
        top = sorted(a, reverse=True)
        top[0] += att_bonus
        for d in product(range(1, 7), repeat=dfn):
            key = resolve_roll(top, d, def_bonus, 0)
            counts[key] = counts.get(key, 0) + 1
    total = 6 ** (att + dfn)
    return tuple(sorted((k, Fraction(v, total)) for k, v in counts.items()))


@lru_cache(maxsize=200_000)
def conquest_odds(committed: int, defenders: int, att_bonus: int = 0, def_bonus: int = 0) -> Fraction:
    """The chance that ``committed`` survivors take a territory of ``defenders`` in Conquest,
    rolling until it is decided (3 dice at most against 2, the defender throwing the most)."""
    if defenders <= 0:
        return Fraction(1)
    if committed <= 0:
        return Fraction(0)
    p = Fraction(0)
    for (al, dl), q in conquest_roll(min(3, committed), min(2, defenders), att_bonus, def_bonus):
        p += q * conquest_odds(committed - al, defenders - dl, att_bonus, def_bonus)
    return p
