"""The engine contract's shared pieces: the seeded generator and the copy."""

from __future__ import annotations

from collections import Counter

import pytest

from bot.rules.base import Rng, canonical, clone


def test_the_generator_is_deterministic_and_its_state_is_one_integer():
    a, b = Rng.from_seed(42), Rng.from_seed(42)
    assert [a.next64() for _ in range(5)] == [b.next64() for _ in range(5)]
    c = Rng(a.state)
    assert c.below(1000) == a.below(1000)
    assert Rng.from_seed(1).next64() != Rng.from_seed(2).next64()
    assert Rng.from_seed("abc").state == Rng.from_seed("abc").state


def test_below_and_dice_stay_in_range_and_are_roughly_uniform():
    rng = Rng.from_seed(7)
    counts = Counter(rng.die() for _ in range(60_000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert all(abs(n - 10_000) < 500 for n in counts.values())  # ~5 standard errors
    with pytest.raises(ValueError):
        rng.below(0)


def test_throw_reads_several_dice_from_one_draw_uniformly():
    rng = Rng.from_seed(9)
    pairs = Counter(tuple(rng.throw(2)) for _ in range(72_000))
    assert len(pairs) == 36 and all(abs(n - 2000) < 250 for n in pairs.values())
    faces = Counter(d for _ in range(10_000) for d in rng.throw(7))
    assert set(faces) == {1, 2, 3, 4, 5, 6}
    assert rng.throw(0) == []


def test_shuffle_is_a_permutation_and_clone_is_deep():
    rng = Rng.from_seed(3)
    items = list(range(20))
    rng.shuffle(items)
    assert sorted(items) == list(range(20)) and items != list(range(20))
    state = {"a": [1, {"b": [2]}], "c": None}
    copy = clone(state)
    copy["a"][1]["b"].append(3)
    assert state == {"a": [1, {"b": [2]}], "c": None}
    assert canonical({"b": 1, "a": 2}) == canonical({"a": 2, "b": 1})
