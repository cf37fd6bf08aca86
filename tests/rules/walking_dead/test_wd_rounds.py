"""Rounds of Survival: the next seat, the marker at each round's end, the Horde's last round."""

from __future__ import annotations

import pytest

from bot.rules.walking_dead.rounds import end_of_turn, next_seat

ORDER = ["a", "b", "c"]


def test_the_next_seat_skips_those_out_and_says_when_a_round_ends():
    assert next_seat(ORDER, [], 0) == (1, False)
    assert next_seat(ORDER, [], 2) == (0, True)
    assert next_seat(ORDER, ["b"], 0) == (2, False)
    assert next_seat(ORDER, ["a"], 2) == (1, True)  # the first still in opens the next round
    assert next_seat(ORDER, ["c"], 2) == (0, True)  # eliminated in their own turn
    with pytest.raises(ValueError):
        next_seat(ORDER, ORDER, 0)


def test_the_marker_moves_at_each_rounds_end_and_stops_at_four():
    marker, rnd, cur = 1, 1, 0
    seen = []
    for _ in range(15):
        end = end_of_turn(ORDER, [], cur, marker, rnd, horde=False)
        cur, marker, rnd = end.next, end.marker, end.round
        seen.append((rnd, marker))
    assert seen[:6] == [(1, 1), (1, 1), (2, 2), (2, 2), (2, 2), (3, 3)]
    assert seen[-1] == (6, 4)


def test_the_hordes_round_is_the_last():
    mid = end_of_turn(ORDER, [], 1, 2, 2, horde=True)
    assert not mid.final and not mid.round_over
    last = end_of_turn(ORDER, [], 2, 2, 2, horde=True)
    assert last.final and last.round_over and last.marker == 3  # the final invasion: 3 × 2
