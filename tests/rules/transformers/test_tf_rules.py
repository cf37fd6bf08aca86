"""One test per rule outside the battle: sides and teams, setup, leaders, zones, days, data."""

from __future__ import annotations

import copy
import json

import pytest
from tf_helpers import Dice, fill, table_of

from bot.rules.base import Rng
from bot.rules.risk_map.board import DATA_DIR
from bot.rules.transformers import days, leaders, setup, sides, zones
from bot.rules.transformers.data import DataError, load_cards, load_leaders, load_upgrades
from bot.rules.transformers.income import income
from bot.rules.transformers.table import check, pieces

FOLDER = DATA_DIR / "transformers"

# --------------------------------------------------------------------- sides


def test_two_players_one_autobot_one_decepticon():
    assert sides.assign_leaders(["a", "b"]) == {"a": "optimus_prime", "b": "megatron"}
    assert sides.assign_leaders(["a", "b"], {"b": "bumblebee"}) == {"a": "megatron", "b": "bumblebee"}
    with pytest.raises(ValueError, match="1 autobot"):
        sides.assign_leaders(["a", "b"], {"a": "optimus_prime", "b": "bumblebee"})


def test_three_players_one_autobot_against_two_decepticons():
    got = sides.assign_leaders(["a", "b", "c"], {"c": "bumblebee"})
    assert got == {"a": "megatron", "b": "barricade", "c": "bumblebee"}
    with pytest.raises(ValueError, match="1 autobot"):
        sides.assign_leaders(["a", "b", "c"], {"a": "optimus_prime", "c": "bumblebee"})
    assert sides.teams(got) == {s: frozenset((s,)) for s in "abc"}  # each for themselves


def test_four_players_in_alternating_teams():
    got = sides.assign_leaders(["a", "b", "c", "d"])
    assert got == {"a": "optimus_prime", "b": "megatron", "c": "bumblebee", "d": "barricade"}
    assert sides.teams(got)["a"] == frozenset("ac") and sides.teams(got)["b"] == frozenset("bd")
    assert sides.assign_leaders(["a", "b", "c", "d"], {"b": "bumblebee"})["a"] in ("megatron", "barricade")
    with pytest.raises(ValueError, match="opposite"):
        sides.assign_leaders(["a", "b", "c", "d"], {"a": "optimus_prime", "b": "bumblebee"})


@pytest.mark.parametrize("seats,picks,match", [
    (["a"], None, "2 to 4"),
    (["a", "b", "c", "d", "e"], None, "2 to 4"),
    (["a", "b"], {"a": "megatron", "b": "megatron"}, "same leader"),
    (["a", "b"], {"z": "megatron"}, "not at the table"),
    (["a", "b"], {"a": "starscream"}, "unknown"),
])
def test_leader_picks_refused(seats, picks, match):
    with pytest.raises(ValueError, match=match):
        sides.assign_leaders(seats, picks)


TEAM = {"a1": "optimus_prime", "d1": "megatron", "a2": "bumblebee", "d2": "barricade"}


def test_back_up_through_a_teammates_zones(tf):
    cyb = tf.board
    # Sea of Rust (a1) → Iacon (a2, teammate) → Launch Pad (a1)
    t = table_of(cyb, fill(cyb, {"sea_of_rust": ("a1", 5), "iacon": ("a2", 1), "launch_pad": ("a1", 1),
                                 "nova_cronum": ("d1", 1), "crystal_city": ("d1", 1)}, "d2"))
    assert "launch_pad" in sides.manoeuvre_targets(cyb, t, TEAM, "a1", "sea_of_rust")
    assert "iacon" not in sides.manoeuvre_targets(cyb, t, TEAM, "a1", "sea_of_rust")  # his, not mine
    alone = {"a1": "optimus_prime", "d1": "megatron"}
    assert "launch_pad" not in sides.manoeuvre_targets(cyb, t, alone, "a1", "sea_of_rust")
    assert sides.manoeuvre_targets(cyb, t, TEAM, "a1", "launch_pad") == []  # one robot: none moves


def test_give_a_zone_to_the_teammate(tf):
    cyb = tf.board
    t = table_of(cyb, fill(cyb, {"iacon": ("a1", 4)}, "d1"))
    before = copy.deepcopy(t)
    given = sides.give_zone(t, TEAM, "a1", "iacon")
    assert given["zones"]["iacon"] == {"owner": "a2", "robots": 1}
    assert t == before
    with pytest.raises(ValueError):
        sides.give_zone(t, {"a1": "optimus_prime", "d1": "megatron"}, "a1", "iacon")  # no teammate
    with pytest.raises(ValueError):
        sides.give_zone(t, TEAM, "a1", "kalis")  # not his
    t["leaders"]["optimus_prime"] = {"seat": "a1", "zone": "iacon", "mode": "robot"}
    with pytest.raises(ValueError, match="leader"):
        sides.give_zone(t, TEAM, "a1", "iacon")


def test_may_attack(tf):
    t = table_of(tf.board, fill(tf.board, {"iacon": ("a1", 2), "launch_pad": ("a2", 1)}, "d1"))
    assert not sides.may_attack(t, TEAM, "a1", "launch_pad")
    assert sides.may_attack(t, TEAM, "a1", "kalis")
    assert not sides.may_attack(t, TEAM, "a1", "decagon")  # a closed factory is no zone


# --------------------------------------------------------------------- setup


@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_setup_fills_every_open_zone_with_thirty_each(tf, n):
    seats = [f"s{i}" for i in range(n)]
    chosen = sides.assign_leaders(seats)
    t = setup.random_setup(tf, seats, chosen, Rng.from_seed(n))
    cyb = tf.board
    assert check(t, cyb.in_play(t["open"])) == []
    assert set(t["zones"]) == set(cyb.in_play(cyb.start_open()))  # 40: the factories stay closed
    for s in seats:
        assert sum(v["robots"] for v in t["zones"].values() if v["owner"] == s) == setup.OPERATIONAL
        lid = chosen[s]
        assert t["leaders"][lid] == {"seat": s, "zone": tf.leaders[lid].start, "mode": "robot"}
    assert t == setup.random_setup(tf, seats, chosen, Rng.from_seed(n))  # deterministic


def test_setup_placements_refused(tf):
    cyb = tf.board
    t, left = setup.start_table(tf, {"a": "optimus_prime", "b": "megatron"})
    assert left == {"a": 29, "b": 29}
    with pytest.raises(ValueError):
        setup.claim(cyb, t, left, "a", "autobase")  # not empty
    with pytest.raises(ValueError):
        setup.claim(cyb, t, left, "a", "decagon")  # closed
    with pytest.raises(ValueError, match="every zone"):
        setup.reinforce_one(cyb, t, left, "a", "autobase")
    t2, left2 = setup.claim(cyb, t, left, "a", "kalis")
    assert t2["zones"]["kalis"] == {"owner": "a", "robots": 1} and left2["a"] == 28 and "kalis" not in t["zones"]


# --------------------------------------------------------------------- leaders


def test_flip_and_revive(tf):
    t = table_of(tf.board, fill(tf.board, {"autobase": ("r", 2)}, "b"), {"optimus_prime": ("r", "autobase", "robot")})
    assert leaders.flip(t, "optimus_prime")["leaders"]["optimus_prime"]["mode"] == "vehicle"
    assert t["leaders"]["optimus_prime"]["mode"] == "robot"
    with pytest.raises(ValueError):
        leaders.revive(t, "optimus_prime", "autobase", "robot", 5)  # not in the scrapyard
    t["leaders"]["optimus_prime"]["zone"] = None
    with pytest.raises(ValueError):
        leaders.flip(t, "optimus_prime")
    with pytest.raises(ValueError, match="costs 3"):
        leaders.revive(t, "optimus_prime", "autobase", "vehicle", 2)
    with pytest.raises(ValueError):
        leaders.revive(t, "optimus_prime", "kalis", "vehicle", 5)  # not his zone
    back, left = leaders.revive(t, "optimus_prime", "autobase", "vehicle", 5)
    assert left == 2 and back["leaders"]["optimus_prime"] == {"seat": "r", "zone": "autobase", "mode": "vehicle"}


def test_optimus_prime_jumps_in_vehicle_mode(tf):
    t = table_of(tf.board, fill(tf.board, {"autobase": ("r", 1), "kalis": ("r", 1)}, "b"),
                 {"optimus_prime": ("r", "autobase", "vehicle")})
    assert leaders.jump_targets(t, "optimus_prime") == ["kalis"]
    moved = leaders.jump(t, "optimus_prime", "kalis")
    assert moved["leaders"]["optimus_prime"]["zone"] == "kalis"
    assert check(moved, tf.board.in_play(moved["open"])) == []
    t["zones"]["autobase"]["robots"] = 0  # he is the last piece: he may not leave the zone empty
    assert leaders.jump_targets(t, "optimus_prime") == []
    t["zones"]["autobase"]["robots"] = 1
    t["leaders"]["optimus_prime"]["mode"] = "robot"
    assert leaders.jump_targets(t, "optimus_prime") == []
    with pytest.raises(ValueError):
        leaders.jump(t, "optimus_prime", "kalis")


def test_robot_mode_bonus_by_leader_and_side(tf):
    got = {lid: (leaders.robot_bonus(info, "robot", "attack"), leaders.robot_bonus(info, "robot", "defend"),
                 leaders.robot_bonus(info, "vehicle", "attack") + leaders.robot_bonus(info, "vehicle", "defend"))
           for lid, info in tf.leaders.items()}
    assert got == {"optimus_prime": (0, 1, 0), "bumblebee": (1, 0, 0), "megatron": (1, 0, 0), "barricade": (0, 1, 0)}


# --------------------------------------------------------------------- zones


def test_opening_a_factory_puts_a_robot_in_it(tf):
    cyb = tf.board
    t = table_of(cyb, fill(cyb, {"stanix": ("g", 2)}, "b"))
    assert zones.can_transform(cyb, t, "g", "moon_alpha")  # Stanix is in Moon Alpha's sector
    assert not zones.can_transform(cyb, t, "g", "decagon")
    assert not zones.can_transform(cyb, t, "g", "stanix")  # not a special zone
    opened = zones.open_slide(cyb, t, "g", "moon_alpha")
    assert opened["zones"]["moon_alpha"] == {"owner": "g", "robots": 1}
    assert check(opened, cyb.in_play(opened["open"])) == []
    assert "moon_alpha" in cyb.neighbours("stanix", opened["open"])
    with pytest.raises(ValueError):
        zones.open_slide(cyb, opened, "g", "moon_alpha")
    with pytest.raises(ValueError):
        zones.close_slide(cyb, t, "moon_alpha")


def test_closing_a_factory_crushes_a_leader_too(tf):
    cyb = tf.board
    op = {"decagon": True}
    t = table_of(cyb, fill(cyb, {"decagon": ("r", 2)}, "b", op), {"optimus_prime": ("r", "decagon", "robot")}, op)
    shut, crushed = zones.close_slide(cyb, t, "decagon")
    assert crushed == zones.Crushed("r", 2, "optimus_prime")
    assert shut["leaders"]["optimus_prime"]["zone"] is None
    assert check(shut, cyb.in_play(shut["open"])) == []


def test_turning_a_pivot_keeps_its_pieces(tf):
    cyb = tf.board
    t = table_of(cyb, fill(cyb, {"pion_tower": ("g", 3)}, "b"))
    shut = zones.turn_pivot(cyb, t, "pion_tower")
    assert shut["open"]["pion_tower"] is False and shut["zones"]["pion_tower"]["robots"] == 3
    assert zones.turn_pivot(cyb, shut, "pion_tower")["open"]["pion_tower"] is True
    with pytest.raises(ValueError):
        zones.turn_pivot(cyb, t, "decagon")
    assert zones.transformable(cyb, t, "g") == ["moon_alpha", "pion_tower"]


def test_a_closed_factory_is_not_needed_for_the_sector_bonus(tf):
    cyb = tf.board
    green = [z for z in cyb.board.regions["green"].territories if z != "moon_alpha"]
    t = table_of(cyb, fill(cyb, {z: ("g", 1) for z in green}, "b"))
    assert income(cyb, t, "g").sectors == ("green",)
    op = {"moon_alpha": True}
    t2 = table_of(cyb, fill(cyb, {z: ("g", 1) for z in green}, "b", op), open_=op)
    assert income(cyb, t2, "g").sectors == ()  # the open factory is b's: green is not all g's


# --------------------------------------------------------------------- days


def test_six_days():
    assert [days.next_day(d) for d in range(1, 7)] == [2, 3, 4, 5, 6, None]
    with pytest.raises(ValueError):
        days.next_day(7)


def test_the_matrix(tf):
    cyb = tf.board
    t = table_of(cyb, fill(cyb, {"kalis": ("r", 2)}, "b"))
    after, who = days.matrix(cyb, t, "kalis")
    assert who == "r" and after["zones"]["kalis"]["robots"] == 5 and t["zones"]["kalis"]["robots"] == 2
    same, nobody = days.matrix(cyb, t, "decagon")  # a closed factory: life finds no one
    assert nobody is None and same == t


def test_drawing_reshuffles_the_discards():
    card, deck, discard = days.draw(Dice(), ["a", "b"], ["c"])
    assert (card, deck, discard) == ("a", ["b"], ["c"])
    card, deck, discard = days.draw(Dice(1, 1), [], ["c", "d", "e"])  # Fisher–Yates draws below(3), below(2)
    assert card in ("c", "d", "e") and len(deck) == 2 and discard == []
    assert days.draw(Dice(), [], []) == (None, [], [])


def test_elimination_and_last_side(tf):
    cyb = tf.board
    t = table_of(cyb, fill(cyb, {}, "a1"))
    t["zones"]["kalis"] = {"owner": "a2", "robots": 1}
    teams4 = sides.teams(TEAM)
    assert days.eliminated(t, list(TEAM)) == ["d1", "d2"]
    assert days.last_side_standing(t, teams4) == frozenset({"a1", "a2"})
    t["zones"]["tarn"] = {"owner": "d2", "robots": 1}
    assert days.last_side_standing(t, teams4) is None


def test_team_scores_count_together(tf):
    cyb = tf.board
    play = list(cyb.in_play(cyb.start_open()))
    owners = dict(zip(play, ["a1", "d1", "a2", "d2"] * 10, strict=True))
    owners["kalis"] = "a1"  # was d1's: autobots 21, decepticons 19
    t = table_of(cyb, {z: (o, 1) for z, o in owners.items()})
    res = days.result(cyb, t, sides.teams(TEAM))
    assert res.scores == {frozenset({"a1", "a2"}): 21, frozenset({"d1", "d2"}): 19}
    assert res.winners == frozenset({"a1", "a2"}) and not res.tied


def test_a_team_tie_goes_to_the_launch_pad(tf):
    cyb = tf.board
    play = list(cyb.in_play(cyb.start_open()))
    owners = dict(zip(play, ["a1", "d1", "a2", "d2"] * 10, strict=True))
    t = table_of(cyb, {z: (o, 1) for z, o in owners.items()})
    res = days.result(cyb, t, sides.teams(TEAM))
    assert res.tied and res.by_launch_pad
    assert owners["launch_pad"] in res.winners


# --------------------------------------------------------------------- data


def read(name):
    with open(FOLDER / name, encoding="utf-8") as fh:
        return json.load(fh)


def test_the_cards(tf):
    assert len(tf.cards) == 42 and set(tf.cards) == set(tf.board.board.order)
    assert tf.cards["the_arena"].upgrade == "mass_production" and tf.cards["the_arena"].transform
    assert tf.cards["kalis"].upgrade == "blocking_initiators" and tf.cards["kalis"].transform
    assert tf.cards["perihex"].upgrade == "fusion_cannons" and tf.cards["perihex"].transform
    assert tf.upgrades["fusion_cannons"].effect == "attack_all" and tf.upgrades["fusion_cannons"].scope == "attack"
    assert sum(not c.provisional for c in tf.cards.values()) == 3


def test_broken_cards_fail(tf):
    raw = read("cards.json")
    ups = load_upgrades(raw)
    bad = copy.deepcopy(raw)
    bad["cards"][0]["zone"] = bad["cards"][1]["zone"]
    with pytest.raises(DataError, match="two cards"):
        load_cards(tf.board, ups, bad)
    bad = copy.deepcopy(raw)
    bad["cards"] = bad["cards"][:-1]
    with pytest.raises(DataError, match="one per zone"):
        load_cards(tf.board, ups, bad)
    bad = copy.deepcopy(raw)
    next(c for c in bad["cards"] if c["zone"] == "perihex")["upgrade"] = "force_field"
    with pytest.raises(DataError, match="printed"):
        load_cards(tf.board, ups, bad)
    bad = copy.deepcopy(raw)
    next(u for u in bad["upgrades"] if u["id"] == "mass_production")["value"] = 4
    with pytest.raises(DataError, match="printed"):
        load_upgrades(bad)
    bad = copy.deepcopy(raw)
    bad["upgrades"][0]["effect"] = "win_the_game"
    with pytest.raises(DataError, match="unknown effect"):
        load_upgrades(bad)


def test_broken_leaders_fail(tf):
    raw = read("leaders.json")
    assert set(load_leaders(tf.board, raw)) == {"optimus_prime", "bumblebee", "megatron", "barricade"}
    for key, value, match in (("power", "strike", "page 14"), ("start", "decagon", "plain zone"),
                              ("side", "decepticon", "page 14")):
        bad = copy.deepcopy(raw)
        bad["leaders"][0][key] = value
        with pytest.raises(DataError, match=match):
            load_leaders(tf.board, bad)
    bad = copy.deepcopy(raw)
    bad["leaders"][1]["start"] = bad["leaders"][0]["start"]
    with pytest.raises(DataError, match="four different"):
        load_leaders(tf.board, bad)


def test_pieces_counts_the_leader(tf):
    t = table_of(tf.board, fill(tf.board, {"autobase": ("r", 2)}, "b"), {"optimus_prime": ("r", "autobase", "robot")})
    assert pieces(t, "autobase") == 3 and pieces(t, "decagon") == 0
