"""Risk Express's compiled throws (:mod:`bot.rules.risk_express.throws`): the first throw
met compiles every multiset of one to seven dice at once; each must be what that throw
compiled alone gives, under threads too, and an odd tray is still compiled alone."""

from __future__ import annotations

import random
from concurrent.futures import ThreadPoolExecutor
from itertools import combinations_with_replacement

import pytest

import bot.rules.risk_express.throws as throws
from bot.rules.risk_express.cards import DICE, FACES, GENERAL


def fields(t: throws.Throw) -> tuple:
    return t.met, t.cards, t.lines, t.general, t.rows


@pytest.fixture
def empty_throws():
    """THROWS emptied for the test (the engine's shared table: put back as it was)."""
    kept = dict(throws.THROWS)
    throws.THROWS.clear()
    yield throws.THROWS
    throws.THROWS.clear()
    throws.THROWS.update(kept)


def test_the_first_miss_compiles_every_throw_of_one_to_seven_dice(empty_throws):
    dice = ["cannon", GENERAL, "soldier3"]
    t = throws.throw_of(throws.key_of(dice), dice)
    multisets = [c for n in range(1, DICE + 1) for c in combinations_with_replacement(FACES, n)]
    assert len(multisets) == 1715 == len(empty_throws)
    assert fields(t) == fields(throws.Throw(dice))
    rnd = random.Random(7)
    for combo in rnd.sample(multisets, 200):  # each one as compiled alone, in any order
        shuffled = rnd.sample(list(combo), len(combo))
        assert fields(throws.throw_of(throws.key_of(shuffled), shuffled)) == fields(throws.Throw(shuffled))


def test_a_throw_met_before_is_kept(empty_throws):
    dice = ["cavalry", "cavalry"]
    key = throws.key_of(dice)
    mine = empty_throws[key] = throws.Throw(dice)
    other = ["soldier1"]
    throws.throw_of(throws.key_of(other), other)  # compiles the rest
    assert empty_throws[key] is mine and len(empty_throws) == 1715


def test_threads_compiling_at_once_agree(empty_throws):
    rnd = random.Random(3)
    trays = [[rnd.choice(FACES) for _ in range(rnd.randint(1, DICE))] for _ in range(400)]

    def look(tray):
        return fields(throws.throw_of(throws.key_of(tray), tray))

    with ThreadPoolExecutor(4) as pool:
        together = list(pool.map(look, trays))
    assert together == [fields(throws.Throw(tray)) for tray in trays]
    assert len(empty_throws) == 1715


def test_a_tray_of_more_than_seven_dice_is_compiled_alone(empty_throws):
    dice = ["soldier3"] * 8  # no game throws it; a test's scripted tray might
    t = throws.throw_of(throws.key_of(dice), dice)
    assert fields(t) == fields(throws.Throw(dice))
