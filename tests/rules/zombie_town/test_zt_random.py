"""Seeded random games of Zombie Town through the contract, invariants after every step:
zombies conserved (on the board, collected or in the box), a car's damage within 0–4, at most
two agendas, barricade stands conserved, the game over on its last day; and the log replays
to the same state. A few fast seeds here; the thousand-game run is marked slow."""

from __future__ import annotations

import pytest

from bot.rules.ai import RandomPolicy
from bot.rules.base import canonical
from bot.rules.play import play_out
from bot.rules.zombie_town import GAME
from bot.rules.zombie_town.flow import last_day


def play(players: int, road_rage: bool, seed: int) -> None:
    seats = [f"s{i}" for i in range(players)]
    playout = play_out(GAME, seats, seed, RandomPolicy(), {"road_rage": road_rage})
    for step in playout:
        GAME.check(step.after)
    state = playout.state
    assert GAME.outcome(state) is not None and state["day"] == last_day(state)
    assert state["result"]["reason"] == "days"
    assert canonical(GAME.replay(seats, {"road_rage": road_rage}, seed, playout.log)) == canonical(state)


@pytest.mark.parametrize("road_rage", [True, False])
@pytest.mark.parametrize("players", [2, 3, 6])
def test_random_games(players: int, road_rage: bool) -> None:
    play(players, road_rage, 1)


@pytest.mark.parametrize("road_rage", [True, False])
def test_apply_never_touches_its_input(road_rage: bool) -> None:
    """The working copy shares the decks with the state before (copy on write): a whole game,
    every state still equal to itself after its action is applied."""
    import random

    rnd = random.Random(3)
    state = GAME.setup(["a", "b", "c"], {"road_rage": road_rage}, 3)
    while GAME.outcome(state) is None:
        seat = GAME.current(state)
        frozen = canonical(state)
        after, _ = GAME.apply(state, seat, GAME.random_action(state, seat, rnd.randrange))
        assert canonical(state) == frozen
        state = after


@pytest.mark.slow
@pytest.mark.parametrize("road_rage", [True, False])
@pytest.mark.parametrize("players", [2, 3, 6])
def test_many_random_games(players: int, road_rage: bool) -> None:
    for seed in range(100, 270):  # 170 × 6 = 1,020 games
        play(players, road_rage, seed)
