"""Dice battles of the Risk family: one roll, resolved fast, with every edition's knobs.

A "roll" is both sides throwing at once, pairs compared high to low, ties to the defender.
The knobs are the ones our rulebooks print: a bonus on the defender's highest die
(strongholds, watchtowers), a modifier on every die of a
side (survivors +1 against walkers), and dice that are not all d6 (leaders roll
d8). ``resolve_roll`` stays a tiny pure function because random play, the benchmark and the
odds cross-checks call it hundreds of thousands of times.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

__all__ = ["DiceSource", "attack_dice", "defence_dice", "resolve_roll", "roll"]


class DiceSource(Protocol):
    """Anything that rolls one die (``bot.rules.base.Rng`` does)."""

    def die(self, sides: int = 6) -> int: ...


def resolve_roll(
    att_dice: Sequence[int],
    def_dice: Sequence[int],
    defence_bonus: int = 0,
    att_mod: int = 0,
    def_mod: int = 0,
) -> tuple[int, int]:
    """``(attacker losses, defender losses)`` of one roll of these dice: the one rule, used
    by play and by the exact odds alike.

    Dice need not be sorted. As many pairs are compared as the smaller side threw; the
    attacker wins a pair only if strictly higher. ``defence_bonus`` goes on the defender's
    highest die; ``att_mod`` / ``def_mod`` on every die of that side.
    """
    if not att_dice or not def_dice:
        raise ValueError("both sides must roll at least one die")
    return sorted_losses(sorted(att_dice, reverse=True), sorted(def_dice, reverse=True),
                         defence_bonus, att_mod, def_mod)


def sorted_losses(a: Sequence[int], d: Sequence[int], defence_bonus: int = 0, att_mod: int = 0,
                  def_mod: int = 0) -> tuple[int, int]:
    """``resolve_roll`` for dice already sorted high to low (the odds enumerate those)."""
    att_losses = 0
    # First pair: the only one that can carry the defence bonus.
    if a[0] + att_mod > d[0] + def_mod + defence_bonus:
        def_losses = 1
    else:
        def_losses = 0
        att_losses = 1
    if len(a) > 1 and len(d) > 1:
        if a[1] + att_mod > d[1] + def_mod:
            def_losses += 1
        else:
            att_losses += 1
        # No edition lets both sides throw three, but keep the rule general.
        for i in range(2, min(len(a), len(d))):
            if a[i] + att_mod > d[i] + def_mod:
                def_losses += 1
            else:
                att_losses += 1
    return att_losses, def_losses


def attack_dice(committed: int, cap: int = 3) -> int:
    """Dice the attacker throws: one per committed unit, at most ``cap``."""
    return min(cap, committed)


def defence_dice(defenders: int, cap: int = 2) -> int:
    """Dice the defender throws: one per unit in the territory, at most ``cap``."""
    return min(cap, defenders)


def roll(rng: DiceSource, sides: Sequence[int]) -> list[int]:
    """Throw one die per entry of ``sides`` (6 for a d6, 8 for a d8),
    returned high to low as the table shows them."""
    return sorted((rng.die(s) for s in sides), reverse=True)
