"""The battle with mixed dice and its exact odds (the pure roll the engine throws; the
leaders' powers in a battle are the engine's: ``test_tf_game_rules.py``, ``test_tf_game_asks.py``,
``test_tf_game_parts.py``)."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from bot.rules.base import Rng
from bot.rules.transformers import battle
from bot.rules.transformers.battle import (
    D6,
    D8,
    Fighter,
    Mods,
    allocate_losses,
    exact_odds,
    resolve,
)


def test_ties_go_to_the_defender():
    r = resolve([5, 3], [5, 3])
    assert (r.att_losses, r.def_losses) == (2, 0)
    r = resolve([6, 4, 1], [5])
    assert (r.att_losses, r.def_losses) == (0, 1)


def test_a_leader_rolls_a_d8_and_robots_a_d6():
    assert battle.attack_dice_sides(Fighter(2, "megatron")) == (D8, D6, D6)
    assert battle.defence_dice_sides(Fighter(1, "optimus_prime")) == (D8, D6)
    assert battle.attack_dice_sides(Fighter(3), d8=True) == (D8, D8, D8)  # an upgrade card
    with pytest.raises(ValueError):
        battle.attack_dice_sides(Fighter(3, "megatron"))  # a leader is one of the 3
    with pytest.raises(ValueError):
        battle.defence_dice_sides(Fighter(3))


def test_defence_dice():
    assert battle.defence_dice_count(5) == 2
    assert battle.defence_dice_count(2) == 2  # no robot need stay behind (page 12)
    assert battle.defence_dice_count(1) == 1
    assert battle.defence_dice_count(5, wanted=1) == 1
    assert battle.defence_dice_count(5, pinned=True) == 1  # Barricade in vehicle mode


def test_the_bonus_goes_where_it_helps_most():
    # attacker 5-2 against 5-1: +1 on the 5 wins the first pair, the second was won anyway
    r = resolve([5, 2], [5, 1], att=Mods(bonus=1))
    assert r.att_bonus_die == 0 and (r.att_losses, r.def_losses) == (0, 2)
    # defender 4-3 against 6-4: only the 3 can be saved
    r = resolve([6, 4], [4, 3], dfn=Mods(bonus=1))
    assert r.def_bonus_die == 1 and (r.att_losses, r.def_losses) == (1, 1)
    # a chosen die is honoured even if worse
    r = resolve([6, 4], [4, 3], dfn=Mods(bonus=1, bonus_die=0))
    assert (r.att_losses, r.def_losses) == (0, 2)


def test_the_attackers_plus_one_reckons_with_the_defenders():
    """Bumblebee attacking Barricade, both in robot mode: 3-2 against 4-1. The +1 on the 3
    looks best (4-2: a pair each) until Barricade's +1 turns the 1 into a 2 (both pairs lost);
    on the 2 (3-3) a pair is won whatever Barricade does."""
    r = resolve([3, 2], [4, 1], att=Mods(bonus=1), dfn=Mods(bonus=1))
    assert r.att_bonus_die == 1 and (r.att_losses, r.def_losses) == (1, 1)
    r = resolve([3, 2], [4, 1], att=Mods(bonus=1, bonus_die=0), dfn=Mods(bonus=1))
    assert (r.att_losses, r.def_losses) == (2, 0)


def test_card_modifiers():
    assert resolve([4, 4, 1], [4, 4], att=Mods(all_=1)).def_losses == 2  # Fusion Cannons
    assert resolve([4, 2], [4, 1], att=Mods(highest=1)).def_losses == 2  # Targeting Array
    assert resolve([5, 5], [4, 4], dfn=Mods(all_=1)).att_losses == 2  # Force Field


def test_losses_keep_the_leader_unless_told_or_last():
    assert allocate_losses(1, 1, True) == battle.Losses(1, False)
    assert allocate_losses(1, 1, True, lose_leader_first=True) == battle.Losses(0, True)
    assert allocate_losses(2, 1, True) == battle.Losses(1, True)
    assert allocate_losses(1, 0, True) == battle.Losses(0, True)
    assert allocate_losses(0, 3, True) == battle.Losses(0, False)
    with pytest.raises(ValueError):
        allocate_losses(3, 1, True)


@pytest.mark.parametrize("att,dfn,am,dm", [
    ((D6, D6, D6), (D6, D6), Mods(), Mods()),
    ((D8, D6, D6), (D8, D6), Mods(bonus=1), Mods(bonus=1)),
    ((D6,), (D8,), Mods(all_=1), Mods()),
    ((D8, D8), (D6, D6), Mods(highest=1), Mods(all_=1)),
])
def test_exact_odds_sum_to_one_and_match_a_seeded_simulation(att, dfn, am, dm):
    odds = exact_odds(att, dfn, am, dm)
    assert sum(odds.values()) == 1
    rng = Rng.from_seed(f"odds{att}{dfn}")
    n = 8_000
    seen: dict[tuple[int, int], int] = {}
    for _ in range(n):
        a = sorted((rng.die(s) for s in att), reverse=True)
        d = sorted((rng.die(s) for s in dfn), reverse=True)
        r = resolve(a, d, am, dm)
        seen[(r.att_losses, r.def_losses)] = seen.get((r.att_losses, r.def_losses), 0) + 1
    assert set(seen) <= set(odds)
    for k, p in odds.items():
        se = math.sqrt(float(p) * (1 - float(p)) / n)
        assert abs(seen.get(k, 0) / n - float(p)) <= 4 * se + 1e-9, (k, p, seen.get(k, 0) / n)


def test_exact_odds_of_one_d6_against_one_d8():
    # the attacker's d6 must beat the d8: sum over a of (a-1)/8, over 6 faces
    odds = exact_odds((D6,), (D8,))
    assert odds[(0, 1)] == Fraction(sum(a - 1 for a in range(1, 7)), 48)
    # with the +1 of a leader's choice on the attacker's only die
    plus = exact_odds((D6,), (D8,), Mods(bonus=1))
    assert plus[(0, 1)] == Fraction(sum(a for a in range(1, 7)), 48)
