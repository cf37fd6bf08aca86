"""One test per rule of the parts the engine builds on, outside the battle: sides and teams,
the starting placement, the data. (The leaders, zones and days are the engine's: its tests,
``test_tf_game_*.py``.)"""

from __future__ import annotations

import copy
import json

import pytest
from tf_helpers import fill, table_of

from bot.rules.base import Rng
from bot.rules.risk_map.board import DATA_DIR
from bot.rules.transformers import setup, sides
from bot.rules.transformers.data import DataError, load_cards, load_leaders, load_upgrades
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
