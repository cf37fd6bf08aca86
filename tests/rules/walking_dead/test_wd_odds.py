"""Exact odds of battles against walkers (turning included), checked against the shared map
engine's odds where turning is off, and against play."""

from __future__ import annotations

from fractions import Fraction

import pytest

from bot.rules.base import Rng
from bot.rules.risk_map.odds import conquest_probability
from bot.rules.walking_dead.odds import attack_odds, invasion_odds, roll_losses
from bot.rules.walking_dead.walkers import walkers_attack


def test_one_walker_against_one_survivor():
    # the walker needs more than the survivor's die + 1: 4 + 3 + 2 + 1 of 36
    assert invasion_odds(1, 1) == Fraction(10, 36)
    assert sum(q for _k, q in roll_losses(3, 2, True)) == 1


@pytest.mark.parametrize(("a", "d"), [(1, 1), (3, 2), (5, 4), (10, 10)])
def test_without_edge_or_turning_it_is_classic_risk(a, d):
    assert float(attack_odds(a, d, edge=0, turning=False)) == pytest.approx(conquest_probability(a, d), abs=1e-12)


@pytest.mark.parametrize(("a", "d"), [(2, 1), (3, 3), (6, 4)])
def test_the_edge_alone_matches_the_shared_odds(a, d):
    assert float(attack_odds(a, d, turning=False)) == pytest.approx(conquest_probability(a, d, att_mods=1), abs=1e-12)
    assert float(invasion_odds(a, d, turning=False)) == pytest.approx(conquest_probability(a, d, def_mods=1), abs=1e-12)
    assert float(invasion_odds(a, d, tower=True, turning=False)) == pytest.approx(
        conquest_probability(a, d, defence_bonus=1, def_mods=1), abs=1e-12)


def test_turning_helps_the_walkers_and_towers_help_the_survivors():
    assert invasion_odds(3, 2) > invasion_odds(3, 2, turning=False)
    assert attack_odds(3, 2) < attack_odds(3, 2, turning=False)
    assert invasion_odds(3, 2, tower=True) < invasion_odds(3, 2)
    assert invasion_odds(3, 3, choice="one") != invasion_odds(3, 3)


def test_the_odds_agree_with_play():
    rng = Rng.from_seed(2024)
    n = 4000
    won = sum(walkers_attack(rng, 3, 2).overrun for _ in range(n))
    assert won / n == pytest.approx(float(invasion_odds(3, 2)), abs=0.03)


# -- Conquest: no edge, turning or towers; the group leaders' +1 at strategic locations ---------
def test_conquest_one_die_each_by_hand():
    from bot.rules.walking_dead.odds import conquest_odds

    assert conquest_odds(1, 1) == Fraction(15, 36)  # strictly higher: 0+1+2+3+4+5
    assert conquest_odds(1, 1, att_bonus=1) == Fraction(21, 36)  # a+1 > d: 1+2+3+4+5+6
    assert conquest_odds(1, 1, def_bonus=1) == Fraction(10, 36)  # a > d+1: 0+0+1+2+3+4


@pytest.mark.parametrize(("a", "d"), [(1, 1), (3, 2), (5, 4), (8, 8)])
def test_conquest_without_powers_is_classic_risk_and_the_defence_power_the_shared_bonus(a, d):
    from bot.rules.walking_dead.odds import conquest_odds

    assert float(conquest_odds(a, d)) == pytest.approx(conquest_probability(a, d), abs=1e-12)
    assert float(conquest_odds(a, d, def_bonus=1)) == pytest.approx(conquest_probability(a, d, defence_bonus=1),
                                                                    abs=1e-12)
    assert conquest_odds(a, d, att_bonus=1) > conquest_odds(a, d) > conquest_odds(a, d, def_bonus=1)


def test_conquest_roll_is_the_engines_roll_face_by_face():
    """Every face of one roll, with each pair of powers, counted by the engine's own rule
    (conquest.conquest_losses, which _resolve_conquest rolls) gives the odds' law."""
    from itertools import product

    from bot.rules.walking_dead.conquest import Group, conquest_losses
    from bot.rules.walking_dead.odds import conquest_roll

    groups = {"ruthless": Group("ruthless", "R", "R", "L", "#000", "attack_strategic", 1, {}),
              "block": Group("block", "B", "B", "L", "#000", "defend_strategic", 1, {})}
    for att, dfn in ((3, 2), (2, 1), (1, 2)):
        for attacker, defender in ((None, None), ("ruthless", None), (None, "block"), ("ruthless", "block")):
            counts: dict[tuple[int, int], int] = {}
            for a in product(range(1, 7), repeat=att):
                for d in product(range(1, 7), repeat=dfn):
                    key = conquest_losses(groups, a, d, attacker, defender, True)
                    counts[key] = counts.get(key, 0) + 1
            law = {k: Fraction(v, 6 ** (att + dfn)) for k, v in counts.items()}
            assert dict(conquest_roll(att, dfn, 1 if attacker else 0, 1 if defender else 0)) == law
