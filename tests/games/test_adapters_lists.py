"""The pieces the autocomplete lists are made of: the fewest cards for each razor total
(polynomial, checked against a search of every subset), the odds tables (exact against
the Markov chain, sane beyond it), the numbers offered for a count."""

from __future__ import annotations

import itertools
import random

import pytest

from bot.games import numbers
from bot.games.peaky_blinders.text import fewest_cards
from bot.rules import GAMES
from bot.rules.risk_map.bounded_odds import EXACT_CELLS, win_chance, win_chances, win_chances_for
from bot.rules.risk_map.odds import conquest_probability

razors = GAMES["peaky_blinders"].data.razors


def brute(hand: list[str]) -> dict[int, int]:
    best: dict[int, int] = {}
    for k in range(1, len(hand) + 1):
        for combo in itertools.combinations(hand, k):
            total = sum(razors[c] for c in combo)
            if 2 <= total <= 10 and total not in best:
                best[total] = k
    return best


@pytest.mark.parametrize("seed", range(30))
def test_fewest_cards_matches_a_search_of_every_subset(seed):
    rnd = random.Random(seed)
    hand = rnd.sample(sorted(razors), rnd.randint(0, 9))
    got = fewest_cards(hand, razors)
    assert {k: len(v) for k, v in got.items()} == brute(hand)
    for total, cards in got.items():
        assert sum(razors[c] for c in cards) == total and len(set(cards)) == len(cards)
        assert set(cards) <= set(hand)


def test_fewest_cards_of_a_whole_deck():
    got = fewest_cards(sorted(razors), razors)
    assert sorted(got) == list(range(2, 11))
    twos = sum(1 for v in razors.values() if v == 2)
    assert len(got[10]) == 10 - min(5, twos)  # as many two-razor cards as fit


def test_fewest_cards_with_only_two_razor_cards_makes_no_odd_total():
    hand = [c for c, v in razors.items() if v == 2][:4]
    assert sorted(fewest_cards(hand, razors)) == [2, 4, 6, 8]


@pytest.mark.parametrize("bonus", [0, 1])
def test_odds_tables_are_exact_where_they_fit(bonus):
    rnd = random.Random(bonus)
    for _ in range(60):
        a, d = rnd.randint(1, 90), rnd.randint(1, 90)
        assert win_chance(a, d, bonus) == pytest.approx(conquest_probability(a, d, bonus), abs=1e-12)
    counts = list(range(1, 26))
    got = win_chances(counts, 7, bonus)
    assert all(got[n] == pytest.approx(conquest_probability(n, 7, bonus), abs=1e-12) for n in counts)


def test_odds_beyond_the_tables_are_close_and_ordered():
    # armies of a few hundred: the normal approximation, within two points of the exact chain
    for a, d in [(150, 140), (160, 180), (200, 150), (300, 280), (250, 300)]:
        assert a * d > EXACT_CELLS
        assert win_chance(a, d) == pytest.approx(conquest_probability(a, d), abs=0.02)
    # absurd armies still answer, monotone in the attackers
    huge = win_chances([10, 10**5, 10**6], 10**5)
    assert huge[10] == pytest.approx(0.0) and huge[10**6] == pytest.approx(1.0)
    assert 0.0 <= huge[10**5] <= 1.0
    got = win_chances_for([(3, 2), (3, 2), (0, 5), (5, 0)])
    assert got[0, 5] == 0.0 and got[5, 0] == 1.0 and got[3, 2] == pytest.approx(0.656, abs=1e-3)


def test_numbers_offered_for_a_count():
    assert numbers(1, 5) == [5, 4, 3, 2, 1]
    spread = numbers(1, 1_000_000)
    assert len(spread) == 25 and spread[0] == 1_000_000 and spread[-1] == 1 and spread == sorted(spread, reverse=True)
    assert numbers(1, 39, "3") == [3, *range(30, 40)]
    assert numbers(1, 10**9, "12")[:3] == [12, 120, 121] and len(numbers(1, 10**9, "12")) == 25
    assert numbers(5, 9, "1") == []
    assert numbers(1, 9, "²") == [] and numbers(1, 9, "x") == [] and numbers(1, 9, "0") == []
    assert numbers(3, 2) == []
