"""Battle odds checked against published numbers and against independent computations.

Published numbers: Osborne, "Markov chains for the RISK board game revisited",
Mathematics Magazine 76(2), 2003 — table 1 (one roll, every dice count) and table 3
(probability that the attacker wins, A and D from 1 to 10). ``A`` there is the number of
units that can be lost attacking, which is what our ``attackers`` means.

Independent computations, written here without using the module under test: a
brute-force ``itertools.product`` enumeration of one roll, an exact ``Fraction``
recursion over a whole battle, and a seeded Monte-Carlo simulation with the game's own
``Rng``.
"""

from __future__ import annotations

import ast
import math
import sys
from fractions import Fraction
from functools import cache
from itertools import product
from pathlib import Path

import pytest

from bot.rules.base import Rng
from bot.rules.risk_map import odds
from bot.rules.risk_map.odds import (
    battle_outcomes,
    clear_caches,
    conquest_probability,
    resolve_roll,
    roll_distribution,
)

# -- published figures -------------------------------------------------------------------

# Osborne (2003) table 1: for (attack dice, defence dice), the count of each outcome
# (attacker losses, defender losses) over the total number of rolls.
OSBORNE_ONE_ROLL: dict[tuple[int, int], dict[tuple[int, int], Fraction]] = {
    (1, 1): {(1, 0): Fraction(21, 36), (0, 1): Fraction(15, 36)},
    (1, 2): {(1, 0): Fraction(161, 216), (0, 1): Fraction(55, 216)},
    (2, 1): {(1, 0): Fraction(91, 216), (0, 1): Fraction(125, 216)},
    (2, 2): {
        (2, 0): Fraction(581, 1296),
        (1, 1): Fraction(420, 1296),
        (0, 2): Fraction(295, 1296),
    },
    (3, 1): {(1, 0): Fraction(441, 1296), (0, 1): Fraction(855, 1296)},
    (3, 2): {
        (2, 0): Fraction(2275, 7776),
        (1, 1): Fraction(2611, 7776),
        (0, 2): Fraction(2890, 7776),
    },
}

# Osborne (2003) table 3: probability that the attacker wins; row A = 1..10 attacking
# units, column D = 1..10 defending units, to three decimals.
OSBORNE_WIN_TABLE: tuple[tuple[float, ...], ...] = (
    (0.417, 0.106, 0.027, 0.007, 0.002, 0.000, 0.000, 0.000, 0.000, 0.000),
    (0.754, 0.363, 0.206, 0.091, 0.049, 0.021, 0.011, 0.005, 0.003, 0.001),
    (0.916, 0.656, 0.470, 0.315, 0.206, 0.134, 0.084, 0.054, 0.033, 0.021),
    (0.972, 0.785, 0.642, 0.477, 0.359, 0.253, 0.181, 0.123, 0.086, 0.057),
    (0.990, 0.890, 0.769, 0.638, 0.506, 0.397, 0.297, 0.224, 0.162, 0.118),
    (0.997, 0.934, 0.857, 0.745, 0.638, 0.521, 0.423, 0.329, 0.258, 0.193),
    (0.999, 0.967, 0.910, 0.834, 0.736, 0.640, 0.536, 0.446, 0.357, 0.287),
    (1.000, 0.980, 0.947, 0.888, 0.818, 0.730, 0.643, 0.547, 0.464, 0.380),
    (1.000, 0.990, 0.967, 0.930, 0.873, 0.808, 0.726, 0.646, 0.558, 0.480),
    (1.000, 0.994, 0.981, 0.954, 0.916, 0.861, 0.800, 0.724, 0.650, 0.568),
)


# -- independent references ---------------------------------------------------------------


def brute_roll(
    att_dice: int,
    def_dice: int,
    bonus: int = 0,
    att_sides: int = 6,
    def_sides: int = 6,
    att_mod: int = 0,
    def_mod: int = 0,
) -> dict[tuple[int, int], Fraction]:
    """Every single roll, one at a time: modify each die, sort, add the bonus, compare."""
    tally: dict[tuple[int, int], int] = {}
    total = 0
    for att in product(range(1, att_sides + 1), repeat=att_dice):
        for dfn in product(range(1, def_sides + 1), repeat=def_dice):
            a = sorted((x + att_mod for x in att), reverse=True)
            d = sorted((y + def_mod for y in dfn), reverse=True)
            d[0] += bonus
            att_lost = def_lost = 0
            for i in range(min(len(a), len(d))):
                if a[i] > d[i]:
                    def_lost += 1
                else:
                    att_lost += 1
            tally[(att_lost, def_lost)] = tally.get((att_lost, def_lost), 0) + 1
            total += 1
    return {k: Fraction(v, total) for k, v in tally.items()}


@cache
def _brute_roll_cached(*args: int) -> tuple[tuple[tuple[int, int], Fraction], ...]:
    return tuple(brute_roll(*args).items())


@cache
def exact_battle(
    a: int, d: int, bonus: int = 0, sides: tuple[int, int] = (6, 6), mods: tuple[int, int] = (0, 0)
) -> tuple[Fraction, Fraction, Fraction]:
    """(P(attacker wins), E[attacker losses], E[defender losses]) by exact recursion."""
    if d == 0:
        return Fraction(1), Fraction(0), Fraction(0)
    if a == 0:
        return Fraction(0), Fraction(0), Fraction(0)
    win = att_loss = def_loss = Fraction(0)
    for (al, dl), p in _brute_roll_cached(min(3, a), min(2, d), bonus, *sides, *mods):
        w, ea, ed = exact_battle(a - al, d - dl, bonus, sides, mods)
        win += p * w
        att_loss += p * (al + ea)
        def_loss += p * (dl + ed)
    return win, att_loss, def_loss


def simulate(a: int, d: int, bonus: int, rng: Rng) -> bool:
    """One battle to the finish with real dice; True if the attacker takes it."""
    while a and d:
        att = sorted(rng.dice(min(3, a)), reverse=True)
        dfn = sorted(rng.dice(min(2, d)), reverse=True)
        dfn[0] += bonus
        for x, y in zip(att, dfn, strict=False):
            if x > y:
                d -= 1
            else:
                a -= 1
    return d == 0


# -- one roll -----------------------------------------------------------------------------


@pytest.mark.parametrize("dice", sorted(OSBORNE_ONE_ROLL))
def test_published_one_roll_figures_hold_by_brute_force(dice: tuple[int, int]) -> None:
    assert brute_roll(*dice) == OSBORNE_ONE_ROLL[dice]


@pytest.mark.parametrize("dice", sorted(OSBORNE_ONE_ROLL))
def test_roll_distribution_matches_osborne_table_1(dice: tuple[int, int]) -> None:
    got = roll_distribution(*dice)
    assert got == OSBORNE_ONE_ROLL[dice]
    assert sum(got.values()) == 1


def test_three_v_two_over_7776() -> None:
    got = roll_distribution(3, 2)
    assert [got[k] * 7776 for k in ((2, 0), (1, 1), (0, 2))] == [2275, 2611, 2890]


VARIANTS = [
    # (att dice, def dice, bonus, att sides, def sides, att mod, def mod)
    *((a, d, 1, 6, 6, 0, 0) for a in (1, 2, 3) for d in (1, 2)),  # stronghold / watchtower
    (3, 2, 2, 6, 6, 0, 0),
    (3, 2, 0, 6, 6, 1, 0),  # survivors +1 against walkers
    (2, 2, 0, 6, 6, 1, 0),
    (1, 2, 0, 6, 6, 0, 1),
    (3, 2, 1, 6, 6, 1, 0),
    (3, 2, 0, 8, 8, 0, 0),  # Transformers d8
    (2, 1, 0, 8, 8, 0, 0),
    (3, 2, 0, 8, 6, 0, 0),  # mixed dice
    (3, 2, 1, 6, 8, -1, 0),
    (3, 3, 0, 6, 6, 0, 0),  # more than two defence dice
    (3, 2, 0, 6, 6, 7, 0),  # a modifier so large one outcome vanishes
]


@pytest.mark.parametrize("case", VARIANTS)
def test_roll_distribution_variants_match_brute_force(case: tuple[int, ...]) -> None:
    a, d, bonus, a_sides, d_sides, a_mod, d_mod = case
    got = roll_distribution(
        a,
        d,
        defence_bonus=bonus,
        att_sides=a_sides,
        def_sides=d_sides,
        att_mods=a_mod,
        def_mods=d_mod,
    )
    assert got == brute_roll(*case)
    assert sum(got.values()) == 1


def test_defence_bonus_figures() -> None:
    # 1 v 1 with +1: the attacker needs to beat d+1, i.e. a ≥ d + 2: 10 of 36 rolls.
    assert roll_distribution(1, 1, defence_bonus=1) == {
        (1, 0): Fraction(26, 36),
        (0, 1): Fraction(10, 36),
    }
    # A +1 to every attacker die against a +1 defence bonus on a single die cancels out.
    assert roll_distribution(1, 1, 1, att_mods=1) == roll_distribution(1, 1)
    # A uniform +1 on both sides changes nothing.
    assert roll_distribution(3, 2, att_mods=1, def_mods=1) == roll_distribution(3, 2)


@pytest.mark.parametrize(
    "case", [(a, d, 0, 6, 6, 0, 0) for a in (1, 2, 3) for d in (1, 2)] + VARIANTS
)
def test_resolve_roll_agrees_with_enumeration(case: tuple[int, ...]) -> None:
    a, d, bonus, a_sides, d_sides, a_mod, d_mod = case
    tally: dict[tuple[int, int], int] = {}
    total = 0
    for att in product(range(1, a_sides + 1), repeat=a):
        for dfn in product(range(1, d_sides + 1), repeat=d):
            k = resolve_roll(list(att), list(dfn), bonus, a_mod, d_mod)
            tally[k] = tally.get(k, 0) + 1
            total += 1
    assert {k: Fraction(v, total) for k, v in tally.items()} == brute_roll(*case)


def test_resolve_roll_examples() -> None:
    # Tan's table 1 example, as reprinted by Osborne: 5,4,3 v 6,3 → one each.
    assert resolve_roll([5, 4, 3], [6, 3]) == (1, 1)
    assert resolve_roll([5, 5, 3], [5, 5]) == (2, 0)  # ties to the defender
    assert resolve_roll([6], [4, 3]) == (0, 1)
    assert resolve_roll([5], [6]) == (1, 0)
    assert resolve_roll([6, 6], [5, 5], defence_bonus=1) == (1, 1)  # 6 v 5+1 is a tie
    assert resolve_roll([5, 5], [5, 4], att_mod=1) == (0, 2)
    with pytest.raises(ValueError):
        resolve_roll([], [3])


# -- whole battles ------------------------------------------------------------------------


def test_issue_anchors() -> None:
    assert round(conquest_probability(3, 2), 3) == 0.656
    assert round(conquest_probability(10, 10), 3) == 0.568
    # With "armies on the territory" instead of committed units, 10 v 10 is 9 v 10:
    assert round(conquest_probability(9, 10), 3) == 0.480


@pytest.mark.parametrize("attackers", range(1, 11))
def test_conquest_probability_matches_osborne_table_3(attackers: int) -> None:
    for defenders in range(1, 11):
        published = OSBORNE_WIN_TABLE[attackers - 1][defenders - 1]
        got = conquest_probability(attackers, defenders)
        assert abs(got - published) <= 0.0005 + 1e-12, (attackers, defenders, got, published)
        # and the published figure is what an exact recursion gives too
        exact = exact_battle(attackers, defenders)[0]
        assert round(float(exact), 3) == published


@pytest.mark.parametrize(
    ("bonus", "sides", "mods"),
    [
        (0, (6, 6), (0, 0)),
        (1, (6, 6), (0, 0)),
        (0, (8, 8), (0, 0)),
        (0, (6, 6), (1, 0)),
        (1, (8, 6), (0, 0)),
        (2, (6, 6), (1, 0)),
    ],
)
def test_battle_outcomes_exact_against_fraction_recursion(
    bonus: int, sides: tuple[int, int], mods: tuple[int, int]
) -> None:
    for a in range(1, 13):
        for d in range(1, 13):
            got = battle_outcomes(
                a,
                d,
                bonus,
                att_sides=sides[0],
                def_sides=sides[1],
                att_mods=mods[0],
                def_mods=mods[1],
            )
            win, att_loss, def_loss = exact_battle(a, d, bonus, sides, mods)
            assert math.isclose(got["win"], win, rel_tol=1e-12, abs_tol=1e-15)
            assert math.isclose(got["expected_attacker_losses"], att_loss, rel_tol=1e-12)
            assert math.isclose(got["expected_defender_losses"], def_loss, rel_tol=1e-12)
            total = sum(got["attacker_left"].values()) + sum(got["defender_left"].values())
            assert math.isclose(total, 1.0, rel_tol=1e-12)


def test_battle_outcomes_final_states() -> None:
    one = battle_outcomes(1, 1)
    assert one["attacker_left"] == {1: pytest.approx(15 / 36)}
    assert one["defender_left"] == {1: pytest.approx(21 / 36)}
    assert one["expected_attacker_left_if_won"] == pytest.approx(1.0)

    # 3 v 1: the attacker wins at the first roll with 855/1296 and keeps all three.
    three = battle_outcomes(3, 1)
    assert three["attacker_left"][3] == pytest.approx(855 / 1296)
    assert sum(three["attacker_left"].values()) == pytest.approx(three["win"])

    # 3 v 2 by hand: keep 3 only by winning the first roll outright (2890/7776).
    r = battle_outcomes(3, 2)
    assert r["attacker_left"][3] == pytest.approx(2890 / 7776)
    assert set(r["attacker_left"]) == {1, 2, 3} and set(r["defender_left"]) == {1, 2}
    assert r["win"] == pytest.approx(conquest_probability(3, 2))

    empty = battle_outcomes(4, 0)
    assert empty["win"] == 1.0 and empty["attacker_left"][4] == 1.0
    assert empty["expected_attacker_losses"] == 0.0


def test_defence_bonus_and_modifiers_move_the_odds_the_right_way() -> None:
    base = conquest_probability(10, 10)
    assert conquest_probability(10, 10, defence_bonus=1) < base
    assert conquest_probability(10, 10, att_mods=1) > base
    assert conquest_probability(10, 10, def_mods=1) < base
    # With +5 the defender's top die is at least 6, which a d6 can never beat: a lone
    # defender then holds for certain.
    assert conquest_probability(30, 1, defence_bonus=5) == 0.0


@pytest.mark.parametrize(
    ("a", "d", "bonus"),
    [(3, 2, 0), (10, 10, 0), (5, 3, 1), (8, 6, 1), (4, 4, 0)],
)
def test_monte_carlo_agrees_within_four_standard_errors(a: int, d: int, bonus: int) -> None:
    rng = Rng.from_seed(f"odds-{a}-{d}-{bonus}")
    n = 20_000
    wins = sum(simulate(a, d, bonus, rng) for _ in range(n))
    p = conquest_probability(a, d, defence_bonus=bonus)
    se = math.sqrt(p * (1 - p) / n)
    assert abs(wins / n - p) <= 4 * se, (wins / n, p, se)


def test_large_battles_are_probabilities() -> None:
    r = battle_outcomes(60, 45, 1)
    assert 0.0 <= r["win"] <= 1.0
    assert math.isclose(
        sum(r["attacker_left"].values()) + sum(r["defender_left"].values()), 1.0, rel_tol=1e-9
    )
    assert 0 < r["expected_attacker_losses"] <= 60
    assert 0 < r["expected_defender_losses"] <= 45


# -- the API's edges ------------------------------------------------------------------------


def test_results_are_fresh_copies() -> None:
    first = roll_distribution(3, 2)
    first[(2, 0)] = Fraction(0)
    assert roll_distribution(3, 2)[(2, 0)] == Fraction(2275, 7776)
    out = battle_outcomes(3, 2)
    out["attacker_left"].clear()
    out["win"] = 2.0
    assert battle_outcomes(3, 2)["win"] == pytest.approx(0.656, abs=5e-4)
    assert battle_outcomes(3, 2)["attacker_left"]


def test_clear_caches_keeps_answers() -> None:
    before = conquest_probability(30, 30)
    clear_caches()
    assert conquest_probability(30, 30) == before


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (lambda: roll_distribution(0, 1), ValueError),
        (lambda: roll_distribution(1, 0), ValueError),
        (lambda: roll_distribution(1, 1, att_sides=1), ValueError),
        (lambda: roll_distribution(1.0, 1), TypeError),
        (lambda: roll_distribution(1, 1, defence_bonus=True), TypeError),
        (lambda: conquest_probability(0, 3), ValueError),
        (lambda: conquest_probability(3, -1), ValueError),
        (lambda: conquest_probability(3, 2, max_att_dice=0), ValueError),
        (lambda: battle_outcomes("3", 2), TypeError),
    ],
)
def test_bad_arguments_raise(call, error) -> None:
    with pytest.raises(error):
        call()


def test_odds_module_is_pure() -> None:
    tree = ast.parse(Path(odds.__file__).read_text(encoding="utf-8"))
    imported: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            imported.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            # the battle rule itself is shared with play (bot.rules.risk_map.battle): still pure
            imported.add(node.module if node.module.startswith("bot.") else node.module.split(".")[0])
    assert imported <= set(sys.stdlib_module_names) | {"__future__", "bot.rules.risk_map.battle"}, imported


def test_one_battle_rule_for_play_and_odds() -> None:
    """The odds enumerate the very function play resolves rolls with."""
    from bot.rules.risk_map import battle

    assert odds.resolve_roll is battle.resolve_roll
    assert odds.sorted_losses is battle.sorted_losses
