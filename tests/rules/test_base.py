"""The engine contract's shared pieces: the seeded generator and the copy."""

from __future__ import annotations

from collections import Counter

import pytest

from bot.rules import GAMES
from bot.rules.base import Rng, canonical, clone


def test_the_generator_is_deterministic_and_its_state_is_one_integer():
    a, b = Rng.from_seed(42), Rng.from_seed(42)
    assert [a.next64() for _ in range(5)] == [b.next64() for _ in range(5)]
    c = Rng(a.state)
    assert c.below(1000) == a.below(1000)
    assert Rng.from_seed(1).next64() != Rng.from_seed(2).next64()
    assert Rng.from_seed("abc").state == Rng.from_seed("abc").state


def _fisher_yates(rng: Rng, items: list) -> None:
    """The shuffle as ever: one ``below`` a swap."""
    for i in range(len(items) - 1, 0, -1):
        j = rng.below(i + 1)
        items[i], items[j] = items[j], items[i]


def test_a_long_shuffle_draws_at_once_the_same_numbers(monkeypatch: pytest.MonkeyPatch):
    """A list of 8 or more is shuffled on draws worked out together (``rng._steps``): the same
    order and the same state after as one ``below`` a swap, at every length and from states
    near the ends of the 64 bits; and where a draw would be rejected, the step-by-step way."""
    import random

    import bot.rules.rng as rng_module

    pick = random.Random(12)
    for n in [*range(0, 40), 64, 100, 255, 256, 257, 400]:
        for state in (0, 1, (1 << 64) - 1, (1 << 64) - 3, pick.getrandbits(64)):
            a, b = Rng(state), Rng(state)
            mine, theirs = list(range(n)), list(range(n))
            a.shuffle(mine)
            _fisher_yates(b, theirs)
            assert mine == theirs and a.state == b.state, (n, state)
            assert a.next64() == b.next64()
    monkeypatch.setattr(rng_module, "_steps", lambda s, k: [(1 << 64) - 1] * k)  # a rejection
    a, b = Rng(99), Rng(99)
    mine, theirs = list(range(30)), list(range(30))
    a.shuffle(mine)
    _fisher_yates(b, theirs)
    assert mine == theirs and a.state == b.state


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


# -- the fast paths: the same results as the plain ones --------------------------------------

def test_a_roller_reads_the_same_dice_and_draws_as_roll():
    from bot.rules.rng import roller

    for faces in (("a", "b"), ("x", "y", "z"), ("general", "cavalry", "cannon", "s1", "s2", "s3"),
                  tuple(range(7)), ("only",)):
        roll = roller(faces, most=12)
        for seed in range(40):
            a, b = Rng.from_seed(seed), Rng.from_seed(seed)
            for count in (*range(0, 15), 7, 7, 3):
                assert roll(a, count) == b.roll(count, faces), (faces, seed, count)
                assert a.state == b.state


def test_a_roller_asks_another_generator_through_its_own_throw():
    from bot.rules.rng import roller

    class Scripted(Rng):
        def throw(self, count: int, sides: int = 6) -> list[int]:
            return [sides] * count

    assert roller(("a", "b", "c"))(Scripted(1), 4) == ["c"] * 4


def test_the_door_stays_for_a_players_action_and_apply_legal_gives_applys_result():
    """``apply_legal`` (the engine's own actions, no door) returns exactly what ``apply``
    returns; ``apply`` still refuses a player's malformed or out-of-turn action and the state
    is untouched."""
    import random

    from bot.rules.base import IllegalAction, MalformedAction
    from tests.rules.states import express_states, peaky_states

    checked = 0
    for state in [*express_states(games=6, every=7), *peaky_states(games=3, every=60)]:
        game = GAMES[state["game"]]
        if game.outcome(state) is not None:
            assert game.random_action(state, state["seats"][0], random.Random(0).randrange) is None
            continue
        before = canonical(state)
        seat = game.to_act(state)[0]
        action = game.random_action(state, seat, random.Random(len(before)).randrange)
        after, events = game.apply(state, seat, action)
        fast, fast_events = game.apply_legal(state, seat, action)
        assert canonical(fast) == canonical(after) and fast_events == events
        for junk in (None, [], {"type": 3}, {"type": "nope"}, {**action, "junk": 1}):
            with pytest.raises(MalformedAction):
                game.apply(state, seat, junk)
        others = [s for s in state["seats"] if s not in game.to_act(state)]
        if others and action["type"] not in game.anytime_actions:
            with pytest.raises(IllegalAction):
                game.apply(state, others[0], action)
        assert canonical(state) == before
        checked += 1
    assert checked > 40


def test_to_move_is_the_first_seat_to_act_until_the_game_is_over():
    from tests.rules.states import express_states, peaky_states

    seen = set()
    for state in [*express_states(games=6, every=11), *peaky_states(games=3, every=80)]:
        game = GAMES[state["game"]]
        over = game.outcome(state) is not None
        assert game.to_move(state) == (None if over else game.to_act(state)[0])
        seen.add((state["game"], over))
    assert len(seen) == 4
