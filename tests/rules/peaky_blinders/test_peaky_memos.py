"""The engine's remembered forms and fast paths change nothing: legal actions from warm memos
equal the ones a fresh engine builds, a memo forgets when full, and a placement that breaks a
rule is still refused with the state untouched."""

from __future__ import annotations

import copy

import pytest

from bot.rules.ai import RandomPolicy
from bot.rules.base import RuleError, canonical
from bot.rules.peaky_blinders.game import PeakyBlinders
from bot.rules.play import play_out
from bot.rules.risk_map.attack import FormMemo, freeze


def test_forms_from_warm_memos_equal_fresh_ones() -> None:
    warm = PeakyBlinders()
    for seed, seats in ((3, ["a", "b"]), (4, ["a", "b", "c", "d"])):
        for step in play_out(warm, seats, seed, RandomPolicy()):
            for seat in seats:
                got = warm.legal_actions(step.before, seat)
                kept = copy.deepcopy(got)
                fresh = PeakyBlinders(warm.board, warm.data).legal_actions(step.before, seat)
                assert got == fresh
                assert [list(f) for f in got] == [list(f) for f in fresh]  # same key order: same draws
                assert got == kept


def test_form_memo_forgets_when_full() -> None:
    memo = FormMemo(kept=3)
    for i in range(3):
        memo.put(i, i)
    memo.put("x", 1)
    assert dict(memo) == {"x": 1}


def test_freeze_tells_apart_what_differs() -> None:
    assert freeze({"a": [1]}) != freeze({"a": [True]})
    assert freeze({"a": 1, "b": 2}) != freeze({"b": 2, "a": 1})
    assert freeze({"a": {"some_of": ["x"]}}) == freeze({"a": {"some_of": ["x"]}})


@pytest.mark.parametrize("change", [
    lambda s, seat, mine, other: {"type": "place", "territory": other, "count": 1},
    lambda s, seat, mine, other: {"type": "place", "territory": mine, "count": 0},
    lambda s, seat, mine, other: {"type": "place", "territory": mine, "count": s["reserve"] + 1},
    lambda s, seat, mine, other: {"type": "place", "territory": mine, "count": True},
    lambda s, seat, mine, other: {"type": "place", "territory": "nowhere", "count": 1},
])
def test_a_bad_placement_is_refused_and_changes_nothing(change) -> None:
    game = PeakyBlinders()
    state = game.setup(["a", "b", "c"], None, 7)
    seat = game.to_act(state)[0]
    mine = next(t for t in game.board.order if state["owner"][t] == seat)
    other = next(t for t in game.board.order if state["owner"][t] != seat)
    before = canonical(state)
    with pytest.raises(RuleError):
        game.apply(state, seat, change(state, seat, mine, other))
    with pytest.raises(RuleError):
        game.apply_legal(state, seat, change(state, seat, mine, other))
    assert canonical(state) == before


def test_random_action_draws_as_the_contract_pick() -> None:
    from bot.rules.base import Rng
    from bot.rules.compact import pick_action

    game = PeakyBlinders()
    for seed, seats in ((5, ["a", "b"]), (6, ["a", "b", "c"]), (8, ["a", "b", "c", "d", "e"])):
        for n, step in enumerate(play_out(game, seats, seed, RandomPolicy())):
            for seat in seats:
                fast, slow = Rng(seed * 1000 + n), Rng(seed * 1000 + n)
                forms = game.moving(game.legal_actions(step.before, seat))
                want = pick_action(forms, slow.below) if forms else None
                assert game.random_action(step.before, seat, fast.below) == want
                assert fast.state == slow.state


def test_to_move_is_the_contracts_answer() -> None:
    from bot.rules.base import Game

    game = PeakyBlinders()
    playout = play_out(game, ["a", "b", "c"], 9, RandomPolicy())
    for step in playout:
        for state in (step.before, step.after):
            assert game.to_move(state) == Game.to_move(game, state)
    assert game.to_move(playout.state) is None
