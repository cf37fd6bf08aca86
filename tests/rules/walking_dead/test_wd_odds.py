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
