"""Turn bookkeeping (``bot/rules/turns.py``), the same for every game, and the refusals split
like python-chess's: a malformed move, an illegal one, both ``RuleError``."""

from __future__ import annotations

import pytest

import bot.rules.turns as turns
from bot.rules import GAMES, IllegalAction, MalformedAction, RuleError
from bot.rules.base import SYSTEM


def fresh(order: list[str], first: int = 0) -> dict:
    state: dict = {}
    turns.begin(state, order, first, "place")
    return state


def test_begin_sets_the_six_keys_and_finish_ends() -> None:
    state = fresh(["a", "b", "c"], 1)
    assert {k: state[k] for k in turns.KEYS} == {"order": ["a", "b", "c"], "current": 1, "turn": 1,
                                                  "phase": "place", "out": [], "result": None}
    assert turns.current_seat(state) == "b"
    turns.finish(state, ["b"], reason="test")
    assert state["result"] == {"winners": ["b"], "reason": "test"} and state["phase"] == "over"


def test_advance_skips_the_seats_out_and_wraps() -> None:
    state = fresh(["a", "b", "c", "d"], 2)
    turns.remove(state, "d")
    turns.remove(state, "a")
    turns.remove(state, "a")  # once only
    assert state["out"] == ["d", "a"] and turns.still_in(state) == ["b", "c"]
    assert turns.advance(state) == "b" and state["turn"] == 2
    assert turns.advance(state) == "c" and state["turn"] == 3
    assert turns.is_out(state, "a") and not turns.is_out(state, "b")


def test_info_is_what_the_platform_reads() -> None:
    state = fresh(["a", "b"])
    turns.remove(state, "b")
    info = turns.info(state, over=False)
    assert (info.number, info.current, info.phase, info.order, info.out, info.over) == \
        (1, "a", "place", ("a", "b"), ("b",), False)
    done = turns.info(state, over=True)
    assert done.current is None and done.phase == "over" and done.over


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_game_keeps_its_turns_in_the_same_keys(game_id: str) -> None:
    game = GAMES[game_id]
    state, opening = game.start(["a", "b", "c"], {}, 4)
    assert all(k in state for k in turns.KEYS) and state["out"] == [] and state["result"] is None
    assert sorted(state["order"]) == ["a", "b", "c"]
    info = game.turn_info(state)
    assert info.number == 1 and [info.current] == game.to_act(state) and not info.over
    skipped, events = game.apply_system(state, {"type": "skip"})
    assert events[0] == {"type": "skipped", "seat": info.current}
    after = game.turn_info(skipped)
    assert after.number == 2 and after.current != info.current
    gone = after.current
    kicked, events = game.apply_system(skipped, {"type": "kick", "seat": gone})
    assert events[0] == {"type": "kicked", "seat": gone}
    assert game.turn_info(kicked).out == (gone,) and game.turn_info(kicked).current not in (gone, None)
    assert kicked["seats"] == ["a", "b", "c"]  # the seats the game began with, always
    with pytest.raises(IllegalAction) as err:
        game.apply_system(kicked, {"type": "kick", "seat": gone})
    assert err.value.key == "err.already_out"
    last = next(s for s in ["a", "b", "c"] if s not in (gone, game.current(kicked)))
    won, events = game.apply_system(kicked, {"type": "kick", "seat": last})
    assert game.outcome(won)["winners"] == [game.current(kicked)] == won["result"]["winners"]
    assert game.turn_info(won).over and game.turn_info(won).current is None
    log = [(SYSTEM, {"type": "skip"}), (SYSTEM, {"type": "kick", "seat": gone}),
           (SYSTEM, {"type": "kick", "seat": last})]
    assert game.replay(["a", "b", "c"], {}, 4, log) == won


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_refusals_are_split_malformed_and_illegal(game_id: str) -> None:
    game = GAMES[game_id]
    state = game.setup(["a", "b"], {}, 9)
    seat = game.current(state)
    other = "b" if seat == "a" else "a"
    with pytest.raises(MalformedAction):
        game.apply(state, seat, {"type": "no_such_move"})
    move = game.default_action(state, seat)
    with pytest.raises(IllegalAction) as err:
        game.apply(state, other, move)
    assert err.value.key == "err.not_your_turn" and isinstance(err.value, RuleError)
    with pytest.raises(IllegalAction):
        game.apply(state, "nobody", move)
