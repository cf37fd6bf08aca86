"""The setup table, the order of placement, claiming, and the action deck (p. 5–6, 14)."""

from __future__ import annotations

import pytest

from bot.rules.base import Rng
from bot.rules.walking_dead.actions import load_actions
from bot.rules.walking_dead.board import load_board
from bot.rules.walking_dead.deck import HORDE, action_deck, draw_action, horde_depth, territory_pile
from bot.rules.walking_dead.setup import (
    CONQUEST_PAWNS,
    SURVIVAL_SETUP,
    claim_order,
    claims_each,
    clockwise_from,
    deal_claims,
    deal_territory_cards,
    place_rest,
    roll_order,
    setup_row,
    walker_territories,
)

TERRITORIES = load_board().board.order
CARDS = list(load_actions())


class FixedDice:
    def __init__(self, *faces: int) -> None:
        self.faces = list(faces)

    def die(self, sides: int = 6) -> int:
        assert self.faces, "more dice than scripted"
        return self.faces.pop(0)


@pytest.mark.parametrize(("players", "row"), [(2, (16, 48, 8, 24)), (3, (11, 33, 7, 21)), (4, (8, 24, 6, 18))])
def test_the_setup_table(players, row):
    r = setup_row(players)
    assert (r.walker_territories, r.walkers, r.survivor_territories, r.survivors) == row
    assert r.walker_territories + players * r.survivor_territories == 32  # the table fills the board


def test_the_tables_have_no_other_rows():
    assert sorted(SURVIVAL_SETUP) == [2, 3, 4] and CONQUEST_PAWNS == {3: 33, 4: 24, 5: 21}
    with pytest.raises(ValueError):
        setup_row(5)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_walkers_take_the_tables_territories_with_three_each(players):
    for seed in range(50):
        walkers = walker_territories(TERRITORIES, players, Rng.from_seed(seed))
        assert len(walkers) == SURVIVAL_SETUP[players].walker_territories
        assert sum(walkers.values()) == SURVIVAL_SETUP[players].walkers
        assert set(walkers) <= set(TERRITORIES)
    a = walker_territories(TERRITORIES, players, Rng.from_seed(1))
    assert a == walker_territories(TERRITORIES, players, Rng.from_seed(1))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_claiming_gives_every_player_the_tables_share(players):
    seats = [f"s{i}" for i in range(players)]
    free = 32 - SURVIVAL_SETUP[players].walker_territories
    assert claims_each(free, seats) == {s: SURVIVAL_SETUP[players].survivor_territories for s in seats}
    assert claim_order(free, seats)[: players + 1] == [*seats, seats[0]]
    dealt = deal_claims(TERRITORIES[:free], seats, Rng.from_seed(3))
    assert sorted(dealt) == sorted(TERRITORIES[:free])
    assert all(list(dealt.values()).count(s) == SURVIVAL_SETUP[players].survivor_territories for s in seats)


def test_conquest_deals_every_card_some_get_more():
    seats = ["a", "b", "c"]
    dealt = deal_territory_cards(TERRITORIES, seats, Rng.from_seed(5))
    assert len(dealt) == 32
    assert [list(dealt.values()).count(s) for s in seats] == [11, 11, 10]
    assert claims_each(32, ["a", "b", "c", "d", "walkers"]) == {"a": 7, "b": 7, "c": 6, "d": 6, "walkers": 6}


def test_the_order_of_placement_is_by_dice_high_first_ties_roll_again():
    order, rounds = roll_order(["ann", "bob", "cat"], FixedDice(4, 6, 4, 2, 5))
    # bob's 6 first; ann and cat tied on 4 roll again: cat's 5 beats ann's 2
    assert order == ["bob", "cat", "ann"]
    assert rounds == [{"ann": 4, "bob": 6, "cat": 4}, {"ann": 2, "cat": 5}]
    assert clockwise_from(["ann", "bob", "cat"], "bob") == ["bob", "cat", "ann"]


def test_placing_the_rest_for_me_spreads_evenly():
    troops = {"a": 1, "b": 3, "c": 1}
    assert place_rest(["a", "b", "c"], troops, 5) == {"a": 3, "c": 2}
    assert place_rest([], troops, 5) == {}


def test_the_action_deck_has_the_horde_in_its_top_half_every_time():
    assert len(CARDS) == 28 and HORDE in CARDS
    for players, size, top in ((2, 16, 8), (3, 28, 14), (4, 28, 14)):
        for seed in range(1000):
            pile, removed = action_deck(CARDS, players, Rng.from_seed(seed))
            assert len(pile) == size and len(removed) == 28 - size
            assert sorted(pile + removed) == sorted(CARDS)
            assert 1 <= horde_depth(pile) <= top  # the top half: 13 cards and the Horde (7 with two)


def test_two_players_remove_twelve_at_random_before_the_horde():
    removed_sets = {tuple(sorted(action_deck(CARDS, 2, Rng.from_seed(s))[1])) for s in range(20)}
    assert len(removed_sets) > 1
    assert all(HORDE not in r and len(set(r)) == 12 for r in removed_sets)
    assert action_deck(CARDS, 2, Rng.from_seed(4)) == action_deck(CARDS, 2, Rng.from_seed(4))


def test_drawing_the_horde_draws_again():
    pile = ["x", "y", HORDE]
    assert draw_action(pile) == (["horde", "y"], True) and pile == ["x"]
    assert draw_action(pile) == (["x"], False) and pile == []
    assert draw_action([HORDE]) == ([HORDE], True)  # nothing left to draw after it
    with pytest.raises(ValueError):
        action_deck(["a", "b"], 3, Rng.from_seed(1))


def test_the_territory_pile_is_every_territory_once():
    pile = territory_pile(TERRITORIES, Rng.from_seed(2))
    assert sorted(pile) == sorted(TERRITORIES) and pile != list(TERRITORIES)
