"""The invasion track and spawns (p. 8, 15), ammunition crates (p. 10, 15) and scoring (p. 16)."""

from __future__ import annotations

import pytest

from bot.rules.base import Rng
from bot.rules.errors import IllegalAction
from bot.rules.walking_dead.board import load_board
from bot.rules.walking_dead.crates import (
    AMMO_TABLE,
    CRATE_VALUES,
    ammo,
    crate_bag,
    draw_crates,
    pick_crates,
    trade,
    trade_choices,
)
from bot.rules.walking_dead.invasion import (
    TRACK,
    draw_invasion,
    invasion_size,
    next_marker,
    resolve_invasion,
)
from bot.rules.walking_dead.scoring import (
    deployment,
    last_group_standing,
    survival_scores,
    survival_winners,
)
from bot.rules.walking_dead.walkers import WALKERS

WD = load_board()
BOARD = WD.board


class FixedDice:
    def __init__(self, *faces: int) -> None:
        self.faces = list(faces)

    def die(self, sides: int = 6) -> int:
        assert self.faces, "more dice than scripted"
        return self.faces.pop(0)


def test_the_invasion_track():
    assert [invasion_size(m) for m in (1, 2, 3, 4)] == [(1, 1), (2, 2), (3, 2), (4, 3)]
    marker, seen = 1, []
    for _ in range(7):
        seen.append(marker)
        marker = next_marker(marker)
    assert seen == [1, 2, 3, 4, 4, 4, 4]  # « Après le 4e round, n'avancez plus le Marqueur »
    assert TRACK[4] == (4, 3)
    with pytest.raises(ValueError):
        invasion_size(5)


def test_an_invasion_never_strikes_one_territory_twice_even_through_a_reshuffle():
    rng = Rng.from_seed(1)
    pile, discard = ["a", "b"], ["c", "d", "e"]
    cards, reshuffled = draw_invasion(pile, discard, 4, rng)
    assert reshuffled and len(set(cards)) == 4 and cards[:2] == ["b", "a"]


def _board_state():
    owner = {t: "ann" for t in BOARD.order}
    troops = {t: 2 for t in BOARD.order}
    owner["quarry"], troops["quarry"] = WALKERS, 2
    owner["east_forest"], troops["east_forest"] = "bob", 2
    return owner, troops


def test_walkers_join_walkers_and_attack_survivors():
    owner, troops = _board_state()
    before = (dict(owner), dict(troops))
    # quarry: 3 more walkers; east forest (the rulebook's example): 6,3,2 v 4,2, turns on 1,
    # then 5,5,4 v 3: overrun
    inv = resolve_invasion(FixedDice(6, 3, 2, 4, 2, 1, 5, 5, 4, 3, 5), ["quarry", "east_forest"], 3, owner, troops)
    assert (owner, troops) == before  # the inputs are untouched
    assert inv.owner["quarry"] == WALKERS and inv.troops["quarry"] == 5
    assert inv.owner["east_forest"] == WALKERS and inv.troops["east_forest"] == 3
    assert [s.defender for s in inv.spawns] == [WALKERS, "bob"]
    assert inv.spawns[1].overrun and not inv.spawns[0].overrun


def test_a_held_territory_keeps_its_survivors_and_a_tower_helps():
    owner, troops = _board_state()
    # 1 walker rolls 6 against 2 survivors' 5, 1: with the Prison's tower 5+1+1 holds
    inv = resolve_invasion(FixedDice(6, 5, 1), ["prison"], 1, owner, troops, towers=frozenset({"prison"}))
    assert inv.owner["prison"] == "ann" and inv.troops["prison"] == 2
    assert inv.spawns[0].fight.walkers == 0


def test_standing_orders_decide_the_defenders_dice_and_grenades():
    owner, troops = _board_state()
    troops["east_forest"] = 1
    orders = {"bob": {"dice": "most", "grenade": "save"}}
    inv = resolve_invasion(FixedDice(6, 1, 2, 5), ["east_forest"], 1, owner, troops, orders=orders,
                           grenades={"bob": 2})
    assert inv.grenades == {"bob": 1} and inv.owner["east_forest"] == "bob"
    inv2 = resolve_invasion(FixedDice(6, 1, 5), ["east_forest"], 1, owner, troops,
                            orders={"bob": {"grenade": "never"}}, grenades={"bob": 2})
    assert inv2.grenades == {} and inv2.owner["east_forest"] == WALKERS
    troops["east_forest"] = 3
    one = resolve_invasion(FixedDice(1, 5), ["east_forest"], 1, owner, troops, orders={"bob": {"dice": "one"}})
    assert len(one.spawns[0].fight.rolls[0].dfn) == 1


def test_the_crates():
    assert len(CRATE_VALUES) == 30
    assert sorted(CRATE_VALUES.values()).count(1) == 20 and sorted(CRATE_VALUES.values()).count(2) == 10
    bag = crate_bag(Rng.from_seed(1))
    assert sorted(bag) == sorted(CRATE_VALUES) and bag != sorted(bag)
    drawn = draw_crates(bag, 31)
    assert len(drawn) == 30 and bag == [] and draw_crates(bag, 1) == []
    assert ammo(CRATE_VALUES) == 40


def test_trading_crates_by_the_chart():
    # « si vous échangez 3 caisses pour un total de 4 munitions, vous obtenez 7 Survivants »
    hand = ["a01", "a02", "a21", "a22"]
    assert trade(hand, ["a01", "a02", "a21"]) == 7
    assert AMMO_TABLE == {2: 2, 3: 4, 4: 7, 5: 10, 6: 13, 7: 17, 8: 21, 9: 25, 10: 30}
    assert trade_choices(hand)[0] == (2, 0, 1) and trade_choices(hand)[-1] == (6, 2, 2)
    assert pick_crates(hand, 1, 2) == ["a01", "a21", "a22"]


@pytest.mark.parametrize(("crates", "key"), [
    (["a01"], "wd.err.bad_trade"),  # 1 ammunition
    (["a21", "a22", "a23", "a24", "a25", "a26"], "wd.err.bad_trade"),  # 12
    (["a01", "a01"], "wd.err.duplicate_crate"),
    (["a03", "a01"], "wd.err.crate_not_held"),
])
def test_bad_trades_are_refused(crates, key):
    hand = ["a01", "a21", "a22", "a23", "a24", "a25", "a26"]
    with pytest.raises(IllegalAction) as err:
        trade(hand, crates)
    assert err.value.key == key
    with pytest.raises(IllegalAction):
        pick_crates(hand, 2, 0)


def test_deployment():
    owner = {t: WALKERS for t in BOARD.order}
    for t in BOARD.order[:13]:
        owner[t] = "ann"
    assert deployment(BOARD, owner, "ann")["territories"] == 4  # « 13 / 3 … 4 Survivants »
    owner = {t: WALKERS for t in BOARD.order}
    for t in BOARD.regions["survivor_camp"].territories:
        owner[t] = "bob"
    # 4 territories: still 3 (« toujours au minimum 3 »); the whole camp: +2; 4 ammunition: +7
    assert deployment(BOARD, owner, "bob", traded_ammo=4) == {"territories": 3, "zones": 2, "ammo": 7}


def test_scores_and_ties():
    owner = {t: WALKERS for t in BOARD.order}
    troops = {t: 1 for t in BOARD.order}
    for t in BOARD.regions["survivor_camp"].territories:  # 4 territories, 1 strategic, zone +2
        owner[t] = "ann"
    for t in ("mall", "school", "church", "prison", "suburbs"):  # 5 territories, 1 strategic
        owner[t] = "bob"
    crates = {"ann": ["a21"], "bob": []}
    scores = survival_scores(BOARD, WD.strategic, owner, troops, crates, ["ann", "bob"])
    assert scores["ann"].public() == {"territories": 4, "strategic": 1, "zones": 2, "ammo": 2, "total": 9,
                                      "survivors": 4}
    assert scores["bob"].total == 6
    assert survival_winners(scores) == ["ann"]
    crates["bob"] = ["a22", "a23"]  # 4 more points: 10 v 9
    assert survival_winners(survival_scores(BOARD, WD.strategic, owner, troops, crates, ["ann", "bob"])) == ["bob"]
    crates["bob"] = ["a22", "a01"]  # 9 all: bob's 5 survivors on the board beat ann's 4
    assert survival_winners(survival_scores(BOARD, WD.strategic, owner, troops, crates, ["ann", "bob"])) == ["bob"]
    troops["mall"] = 0  # (a board the rules never leave: survivors tie too) shared
    troops["quarry"] = 1
    s = survival_scores(BOARD, WD.strategic, owner, troops, crates, ["ann", "bob"])
    assert s["ann"].survivors == s["bob"].survivors and survival_winners(s) == ["ann", "bob"]


def test_the_last_group_standing_wins():
    owner = {t: WALKERS for t in BOARD.order}
    owner["mall"] = "ann"
    assert last_group_standing(owner, ["ann", "bob"]) == "ann"
    owner["school"] = "bob"
    assert last_group_standing(owner, ["ann", "bob"]) is None
