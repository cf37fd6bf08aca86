"""The clock's timeout as the platform sends it: for a named seat, with the table's limit of
missed turns (issue 11). Every game, through the contract."""

from __future__ import annotations

import copy

import pytest

from bot.rules import GAMES, IllegalAction, MalformedAction
from bot.rules.base import MAX_TIMEOUTS


def _started(game_id: str):
    game = GAMES[game_id]
    seats = [f"p{i}" for i in range(max(game.min_players, 3))]
    state, _ = game.start(seats, {}, 11)
    return game, state


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_limit_of_one_removes_the_player_at_their_first_timeout(game_id):
    game, state = _started(game_id)
    seat = game.to_act(state)[0]
    after, events = game.apply_system(state, {"type": "timeout", "seat": seat, "limit": 1})
    assert events[0] == {"type": "timeout", "seat": seat, "count": 1, "limit": 1}
    assert any(e["type"] == "kicked" and e["seat"] == seat for e in events)
    assert seat not in game.to_act(after)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_default_limit_is_unchanged_and_the_named_seat_is_the_current_one(game_id):
    game, state = _started(game_id)
    seat = game.to_act(state)[0]
    plain = game.apply_system(state, {"type": "timeout"})
    named = game.apply_system(state, {"type": "timeout", "seat": seat, "limit": MAX_TIMEOUTS})
    assert plain == named
    assert plain[1][0]["limit"] == MAX_TIMEOUTS and not any(e["type"] == "kicked" for e in plain[1])


@pytest.mark.parametrize("game_id", sorted(GAMES))
@pytest.mark.parametrize("action, error", [
    ({"type": "timeout", "seat": "nobody"}, IllegalAction),
    ({"type": "timeout", "limit": 0}, MalformedAction),
    ({"type": "timeout", "limit": 11}, MalformedAction),
    ({"type": "timeout", "limit": "3"}, MalformedAction),
    ({"type": "timeout", "limit": True}, MalformedAction),
    ({"type": "timeout", "seat": 7}, MalformedAction),
    ({"type": "timeout", "when": 1}, MalformedAction),
])
def test_a_bad_timeout_changes_nothing(game_id, action, error):
    game, state = _started(game_id)
    waiting = [s for s in state["seats"] if s not in game.to_act(state)]
    before = copy.deepcopy(state)
    with pytest.raises(error):
        game.apply_system(state, action)
    if waiting:  # a seat with no decision now cannot time out
        with pytest.raises(IllegalAction):
            game.apply_system(state, {"type": "timeout", "seat": waiting[0]})
    assert state == before
