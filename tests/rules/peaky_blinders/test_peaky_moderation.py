"""Moderator actions on the Risk map engine: skip a turn, kick a player."""

from __future__ import annotations

import pytest

from bot.rules import GAMES, RuleError
from bot.rules.base import SYSTEM, canonical

game = GAMES["peaky_blinders"]


def in_battle():
    """A 3-player game where the first player has placed and is in the middle of an attack."""
    for seed in range(100):
        start = game.setup(["a", "b", "c"], {}, seed)
        seat = game.current(start)
        for src in (t for t, o in start["owner"].items() if o == seat):
            state, _ = game.apply(start, seat, {"type": "place", "territory": src})
            for nb in game.board.neighbours(src):
                if state["owner"][nb] != seat:
                    after, _ = game.apply(state, seat, {"type": "attack", "from": src, "to": nb, "count": 2})
                    if after["phase"] == "battle":
                        return after, seat
    raise AssertionError("no battle found")


def test_skip_retreats_the_attack_and_passes_the_turn():
    state, seat = in_battle()
    b = state["battle"]
    home = state["troops"][b["from"]] + b["committed"]
    total = sum(state["troops"].values()) + b["committed"]
    after, events = game.apply_system(state, {"type": "skip"})
    assert events[0] == {"type": "skipped", "seat": seat}
    assert after["troops"][b["from"]] == home
    assert sum(after["troops"].values()) == total
    assert game.current(after) != seat and after["phase"] == "place"
    assert after["crown"]["step"] >= state["crown"]["step"]


def test_kick_leaves_the_gang_inert_and_conquerable():
    state = game.setup(["a", "b", "c"], {}, 2)
    after, events = game.apply_system(state, {"type": "kick", "seat": "b"})
    assert events[0]["type"] == "kicked"
    assert "b" in after["out"] and after["players"]["b"]["hand"] == []
    assert after["owner"] == state["owner"]  # the gang stays on the board
    seats_seen = set()
    s = after
    for _ in range(6):
        seats_seen.add(game.current(s))
        s, _ = game.apply_system(s, {"type": "skip"})
    assert "b" not in seats_seen
    with pytest.raises(RuleError, match="already out"):
        game.apply_system(after, {"type": "kick", "seat": "b"})
    last, _ = game.apply_system(after, {"type": "kick", "seat": "c"})
    assert game.outcome(last)["winners"] == ["a"]


def test_moderator_actions_replay_from_the_log():
    state = game.setup(["a", "b", "c"], {}, 8)
    log = [(SYSTEM, {"type": "skip"}), (SYSTEM, {"type": "kick", "seat": "c"})]
    for _, action in log:
        state, _ = game.apply_system(state, action)
    assert canonical(game.replay(["a", "b", "c"], {}, 8, log)) == canonical(state)


def test_bad_moderator_actions_change_nothing():
    state = game.setup(["a", "b"], {}, 1)
    before = canonical(state)
    for action in ({"type": "kick", "seat": "z"}, {"type": "dance"}, {"type": "kick"}):
        with pytest.raises(RuleError):
            game.apply_system(state, action)
    assert canonical(state) == before
