"""A whole opening per mode and player count: counts, conservation, JSON, determinism."""

from __future__ import annotations

import json

import pytest

from bot.rules.base import Rng
from bot.rules.walking_dead.actions import load_actions
from bot.rules.walking_dead.board import load_board
from bot.rules.walking_dead.deck import HORDE, horde_depth
from bot.rules.walking_dead.opening import conquest_opening, survival_opening
from bot.rules.walking_dead.setup import SURVIVAL_SETUP
from bot.rules.walking_dead.walkers import WALKERS

TERR = load_board().board.order
CARDS = list(load_actions())


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("claims", ["choose", "random"])
def test_survival_openings(players, claims):
    seats = [f"s{i}" for i in range(players)]
    row = SURVIVAL_SETUP[players]
    for seed in range(40):
        o = survival_opening(TERR, CARDS, seats, Rng.from_seed(seed), claims)
        owners = list(o["owner"].values())
        assert owners.count(WALKERS) == row.walker_territories
        assert sum(o["troops"][t] for t in TERR if o["owner"][t] == WALKERS) == row.walkers
        assert sorted(o["placement"]) == sorted(seats) and o["turn_order"][0] == o["placement"][0]
        assert HORDE in o["deck"] and horde_depth(o["deck"]) <= len(o["deck"]) // 2
        assert len(o["bag"]) == 30 and o["towers"] == ["prison"] and o["marker"] == 1
        if claims == "choose":
            assert owners.count(None) == players * row.survivor_territories
            assert o["pawns"] == {s: row.survivors for s in seats}
        else:
            assert None not in owners
            for s in seats:
                assert owners.count(s) == row.survivor_territories
                assert o["pawns"][s] + owners.count(s) == row.survivors
        assert json.loads(json.dumps(o)) == o
    a = survival_opening(TERR, CARDS, seats, Rng.from_seed(7), claims)
    assert a == survival_opening(TERR, CARDS, seats, Rng.from_seed(7), claims)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_conquest_openings(players):
    seats = [f"s{i}" for i in range(players)]
    dealt = conquest_opening(TERR, seats, Rng.from_seed(1), "deal")
    assert None not in dealt["owner"].values() and set(dealt["troops"].values()) == {3}
    assert dealt["turn_order"] == dealt["placement"] and sorted(dealt["turn_order"]) == sorted(seats)
    first = dealt["turn_order"][0]
    i = seats.index(first)
    assert dealt["turn_order"] == seats[i:] + seats[:i]  # clockwise from the highest roll
    claimed = conquest_opening(TERR, seats, Rng.from_seed(1), "claim")
    assert set(claimed["owner"].values()) == {None}
    assert claimed["pawns"] == {s: {3: 33, 4: 24, 5: 21}[players] for s in seats}
    with pytest.raises(ValueError):
        conquest_opening(TERR, seats, Rng.from_seed(1), "auction")
