"""Every action card's effect on a board, objectives' rewards, the start-of-turn invasion, the
crates at the end of a turn and eliminations (``bot.rules.walking_dead.effects``)."""

from __future__ import annotations

import copy

import pytest

from bot.rules.base import Rng
from bot.rules.walking_dead.actions import Conquest, TurnMods, load_actions, turn_mods
from bot.rules.walking_dead.board import load_board
from bot.rules.walking_dead.crates import CRATE_VALUES, crate_bag
from bot.rules.walking_dead.deck import territory_pile
from bot.rules.walking_dead.effects import (
    Table,
    eliminate,
    end_of_turn_crates,
    invade,
    public_counts,
    resolve_now,
    reward,
)
from bot.rules.walking_dead.walkers import WALKERS

WD = load_board()
BOARD = WD.board
CARDS = load_actions()
SEATS = ["ann", "bob"]


def _table(seed: int = 1) -> Table:
    owner, troops = {}, {}
    for i, t in enumerate(BOARD.order):
        owner[t] = (*SEATS, WALKERS)[i % 3]
        troops[t] = 2 + i % 4
    rng = Rng.from_seed(seed)
    return Table(owner=owner, troops=troops, seats=list(SEATS), bag=crate_bag(rng),
                 pile=territory_pile(BOARD.order, rng))


def _invariants(t: Table) -> None:
    assert all(n >= 1 for n in t.troops.values())  # no empty territory
    held = [c for h in t.hands.values() for c in h]
    assert len(held) == len(set(held)) and not set(held) & set(t.bag)
    assert sum(t.grenades.values()) <= 4 and len(t.towers) <= 3 and len(set(t.towers)) == len(t.towers)
    assert set(t.owner.values()) <= {*t.seats, WALKERS}


@pytest.mark.parametrize("cid", [c for c, card in CARDS.items() if card.timing == "now"])
def test_every_immediate_card_resolves_and_keeps_the_board_sound(cid):
    for seed in range(30):
        t = _table(seed)
        events = resolve_now(t, BOARD, CARDS[cid], "ann", Rng.from_seed(seed))
        assert events
        _invariants(t)


def test_the_crate_and_grenade_and_survivor_cards():
    t = _table()
    [ev] = resolve_now(t, BOARD, CARDS["pharmacy_raid"], "ann", Rng.from_seed(1))
    assert ev["count"] == 2 and len(t.hands["ann"]) == 2 and len(t.bag) == 28
    assert ev["private"] == {"ann": {"crates": t.hands["ann"]}} and "crates" not in {k for k in ev if k != "private"}
    resolve_now(t, BOARD, CARDS["grenade_cache"], "ann", Rng.from_seed(1))
    assert t.grenades == {"ann": 1}
    t.grenades = {"ann": 2, "bob": 2}  # the box's 4 are out: nothing more
    [ev] = resolve_now(t, BOARD, CARDS["army_surplus"], "bob", Rng.from_seed(1))
    assert ev["count"] == 0 and t.grenades == {"ann": 2, "bob": 2}
    resolve_now(t, BOARD, CARDS["new_arrivals"], "ann", Rng.from_seed(1))
    resolve_now(t, BOARD, CARDS["strangers_at_the_gate"], "ann", Rng.from_seed(1))
    assert t.extra == 5


def test_tower_cards_build_where_asked_or_on_the_strongest_and_only_three_exist():
    t = _table()
    mine = [x for x in BOARD.order if t.owner[x] == "ann" and x != "prison"]  # the Prison has its tower
    [ev] = resolve_now(t, BOARD, CARDS["lookout_post"], "ann", Rng.from_seed(1), site="prison")
    assert ev["territory"] != "prison"  # a site that already has one is not taken
    t.towers = ["prison"]
    [ev] = resolve_now(t, BOARD, CARDS["lookout_post"], "ann", Rng.from_seed(1), site=mine[0])
    assert ev["territory"] == mine[0] and t.towers == ["prison", mine[0]]
    [ev] = resolve_now(t, BOARD, CARDS["reinforce_the_fences"], "ann", Rng.from_seed(1), site="mall" if t.owner["mall"] != "ann" else None)
    best = max((x for x in mine if x not in ("prison", mine[0])), key=lambda x: (t.troops[x], -BOARD.order.index(x)))
    assert ev["territory"] == best
    [ev] = resolve_now(t, BOARD, CARDS["lookout_post"], "ann", Rng.from_seed(1))
    assert ev["territory"] is None and len(t.towers) == 3


def test_bitten_takes_two_from_the_strongest_one_stays():
    t = _table()
    t.troops["quarry"], t.owner["quarry"] = 9, "bob"
    [ev] = resolve_now(t, BOARD, CARDS["bitten"], "bob", Rng.from_seed(1))
    assert ev["territory"] == "quarry" and t.troops["quarry"] == 7
    t2 = _table()
    for x in BOARD.order:
        if t2.owner[x] == "bob":
            t2.troops[x] = 1
    [ev] = resolve_now(t2, BOARD, CARDS["bitten"], "bob", Rng.from_seed(1))
    assert ev["count"] == 0


def test_walker_cards_strike_where_they_say():
    t = _table()
    events = resolve_now(t, BOARD, CARDS["breach_in_the_fence"], "ann", Rng.from_seed(3))
    assert events[0]["territories"] == list(BOARD.regions["prison"].territories) and events[0]["walkers"] == 1
    t = _table()
    target = max((x for x in BOARD.order if t.owner[x] == "bob"), key=lambda x: (t.troops[x], -BOARD.order.index(x)))
    events = resolve_now(t, BOARD, CARDS["gunshot"], "bob", Rng.from_seed(3))
    assert events[0]["territories"] == [target] and events[0]["walkers"] == 3
    t = _table()
    n = len(t.pile)
    events = resolve_now(t, BOARD, CARDS["herd"], "ann", Rng.from_seed(3))
    assert len(events[0]["territories"]) == 2 and len(t.pile) == n - 2 and t.discard == events[0]["territories"]


def test_other_timings_do_nothing_at_once():
    t = _table()
    before = copy.deepcopy(t)
    for card in CARDS.values():
        if card.timing != "now":
            assert resolve_now(t, BOARD, card, "ann", Rng.from_seed(1)) == []
    assert t == before


def test_the_start_of_turn_invasion_follows_the_track():
    for marker, (k, w) in ((1, (1, 1)), (4, (4, 3))):
        t = _table()
        events = invade(t, Rng.from_seed(5), marker)
        inv = events[0]
        assert len(inv["territories"]) == k and inv["walkers"] == w and t.discard == inv["territories"]
        _invariants(t)


def test_a_player_overrun_by_walkers_is_out_and_their_crates_leave_the_game():
    t = _table()
    for x in BOARD.order:
        if t.owner[x] == "bob":
            t.owner[x] = "ann"
    t.owner["mall"], t.troops["mall"] = "bob", 1
    t.hands["bob"] = ["a01", "a21"]
    t.grenades["bob"] = 1
    # 3 walkers on the Mall: 6,6,6 against bob's 1 (+1): dead, turns on 4 (no)
    class Dice:
        faces = [6, 6, 6, 1, 4]

        def die(self, sides=6):
            return self.faces.pop(0)

        def shuffle(self, items):
            pass
    events = resolve_now(t, BOARD, CARDS["gunshot"], "bob", Dice(), orders={"bob": {"grenade": "never"}})
    assert events[-1] == {"type": "eliminated", "seat": "bob", "by": WALKERS, "crates": 2, "private": {}}
    assert t.seats == ["ann"] and t.out == ["bob"] and "bob" not in t.hands and t.owner["mall"] == WALKERS


def test_eliminated_by_a_player_hands_over_the_crates():
    t = _table()
    t.hands = {"ann": ["a01"], "bob": ["a21", "a02"]}
    ev = eliminate(t, "bob", "ann")
    assert t.hands == {"ann": ["a01", "a21", "a02"]} and ev["private"] == {"ann": {"crates": ["a21", "a02"]}}


def test_objectives_reward_at_the_end_of_the_turn():
    t = _table()
    zone = BOARD.regions["survivor_camp"].territories
    for x in zone:
        t.owner[x] = "ann"
    events = reward(t, BOARD, CARDS["hold_the_line"], "ann", [], WD.strategic)
    assert events[0]["met"] and events[1]["territory"] in zone
    events = reward(t, BOARD, CARDS["storm_woodbury"], "ann", [], WD.strategic)
    assert events == [{"type": "objective", "seat": "ann", "card": "storm_woodbury", "met": False}]
    t.owner["woodbury_downtown"] = "ann"
    events = reward(t, BOARD, CARDS["storm_woodbury"], "ann", [Conquest("woodbury_downtown", WALKERS)], WD.strategic)
    assert events[1]["count"] == 3 and len(t.hands["ann"]) == 3
    assert reward(t, BOARD, CARDS["supply_run"], "ann", [], WD.strategic) == []


def test_crates_at_the_end_of_a_turn():
    t = _table()
    assert end_of_turn_crates(t, "ann", TurnMods(), []) == []
    [ev] = end_of_turn_crates(t, "ann", turn_mods(CARDS["loot_everything"]), [Conquest("mall", WALKERS)] * 3)
    assert ev["count"] == 3
    counts = public_counts(t)
    assert counts["crates"] == {"ann": 3, "bob": 0} and counts["bag"] == 27
    assert all(isinstance(v, int) for v in counts["crates"].values())
    assert set(t.hands["ann"]) <= set(CRATE_VALUES)


def test_a_thousand_random_turns_keep_the_board_sound():
    rng = Rng.from_seed(99)
    now = [c for c in CARDS.values() if c.timing == "now"]
    t = _table(7)
    marker = 1
    for i in range(1000):
        if len(t.seats) < 2:
            t = _table(i)
        seat = t.seats[i % len(t.seats)]
        invade(t, rng, marker)
        if seat in t.seats:
            resolve_now(t, BOARD, now[rng.below(len(now))], seat, rng)
        marker = min(4, marker + (i % 2))
        if not t.bag:
            t.bag = crate_bag(rng)
            t.hands = {}
        _invariants(t)
