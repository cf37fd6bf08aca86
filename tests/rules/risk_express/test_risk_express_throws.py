"""Risk Express's compiled throws (:mod:`bot.rules.risk_express.throws`): each throw met for
the first time also compiles the next few multisets of one to seven dice not met yet, so a
process soon has them all; each must be what that throw compiled alone gives, under threads
too, a throw met before is kept, and an odd tray is still compiled alone."""

from __future__ import annotations

import random
import time
from concurrent.futures import ThreadPoolExecutor
from itertools import combinations_with_replacement

import pytest

import bot.rules.risk_express.throws as throws
from bot.rules.risk_express.cards import DICE, FACES, GENERAL

MULTISETS = [c for n in range(1, DICE + 1) for c in combinations_with_replacement(FACES, n)]


def fields(t: throws.Throw) -> tuple:
    return t.met, t.cards, t.lines, t.general, t.rows


@pytest.fixture
def empty_throws():
    """THROWS emptied, nothing compiled ahead yet (the engine's shared table: put back)."""
    kept, ahead = dict(throws.THROWS), throws._NEXT[0]
    throws.THROWS.clear()
    throws._NEXT[0] = 0
    yield throws.THROWS
    throws.THROWS.clear()
    throws.THROWS.update(kept)
    throws._NEXT[0] = ahead


def test_each_miss_compiles_a_few_more_until_every_throw_is_known(empty_throws):
    assert len(MULTISETS) == 1715 == len(throws._MULTISETS)
    rnd = random.Random(7)
    misses = 0
    while len(empty_throws) < 1715:
        missing = [c for c in MULTISETS if throws.key_of(c) not in empty_throws]
        combo = rnd.choice(missing)
        dice = rnd.sample(list(combo), len(combo))  # in any order
        before = len(empty_throws)
        started = time.process_time()
        throws.throw_of(throws.key_of(dice), dice)
        assert time.process_time() - started < 0.5  # a few ms: never the whole table at once
        assert before < len(empty_throws) <= before + 1 + throws._AHEAD
        misses += 1
    assert misses <= -(-1715 // throws._AHEAD)  # each miss goes _AHEAD further
    for combo in rnd.sample(MULTISETS, 200):  # each one as compiled alone, whatever the order
        shuffled = rnd.sample(list(combo), len(combo))
        assert fields(throws.throw_of(throws.key_of(shuffled), shuffled)) == fields(throws.Throw(shuffled))
    assert len(empty_throws) == 1715


def test_a_throw_met_before_is_kept(empty_throws):
    dice = ["cavalry", "cavalry"]
    key = throws.key_of(dice)
    mine = empty_throws[key] = throws.Throw(dice)
    while len(empty_throws) < 1715:  # compiles the rest, this one's turn included
        missing = next(c for c in MULTISETS if throws.key_of(c) not in empty_throws)
        throws.throw_of(throws.key_of(missing), list(missing))
    assert empty_throws[key] is mine


def test_threads_compiling_at_once_agree(empty_throws):
    rnd = random.Random(3)
    trays = [[rnd.choice(FACES) for _ in range(rnd.randint(1, DICE))] for _ in range(400)]

    def look(tray):
        return fields(throws.throw_of(throws.key_of(tray), tray))

    with ThreadPoolExecutor(4) as pool:
        together = list(pool.map(look, trays))
    assert together == [fields(throws.Throw(tray)) for tray in trays]
    assert all(throws.key_of(t) in empty_throws for t in trays)


def test_a_tray_of_more_than_seven_dice_is_compiled_alone(empty_throws):
    dice = ["soldier3"] * 8 + [GENERAL]  # no game throws it; a test's scripted tray might
    t = throws.throw_of(throws.key_of(dice), dice)
    assert fields(t) == fields(throws.Throw(dice))


def test_the_engines_warm_up_compiles_every_throw_once(empty_throws):
    """What the bot runs in its warm-up thread once online (``warm_engines``): Risk Express's
    every throw compiled, each as compiled alone; a throw met before is kept; a stop asked
    before it starts does nothing."""
    from bot.discord_ui.app import warm_engines

    warm_engines(stop=lambda: True)
    assert len(empty_throws) == 0
    seen = throws.throw_of(throws.key_of(["general"]), ["general"])
    warm_engines()
    assert len(empty_throws) == 1715
    assert throws.THROWS[throws.key_of(["general"])] is seen
    rnd = random.Random(3)
    for combo in rnd.sample(MULTISETS, 50):
        assert fields(throws.THROWS[throws.key_of(combo)]) == fields(throws.Throw(list(combo)))
    throws.compile_all()  # again: nothing to do, nothing replaced
    assert len(empty_throws) == 1715 and throws.THROWS[throws.key_of(["general"])] is seen
