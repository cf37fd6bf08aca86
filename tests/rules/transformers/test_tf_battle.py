"""The battle with mixed dice, the leaders' powers in it, and its exact odds."""

from __future__ import annotations

import copy
import math
from fractions import Fraction

import pytest
from tf_helpers import Dice, fill, table_of

from bot.rules.base import Rng
from bot.rules.transformers import battle
from bot.rules.transformers.attack import AttackOrder, DefenceOrder, attack_roll, refusal
from bot.rules.transformers.battle import (
    D6,
    D8,
    Fighter,
    Mods,
    allocate_losses,
    exact_odds,
    resolve,
)
from bot.rules.transformers.table import check, leader_on


def test_ties_go_to_the_defender():
    r = resolve([5, 3], [5, 3])
    assert (r.att_losses, r.def_losses) == (2, 0)
    r = resolve([6, 4, 1], [5])
    assert (r.att_losses, r.def_losses) == (0, 1)


def test_a_leader_rolls_a_d8_and_robots_a_d6():
    assert battle.attack_dice_sides(Fighter(2, "megatron")) == (D8, D6, D6)
    assert battle.defence_dice_sides(Fighter(1, "optimus_prime")) == (D8, D6)
    assert battle.attack_dice_sides(Fighter(3), d8=True) == (D8, D8, D8)  # an upgrade card
    with pytest.raises(ValueError):
        battle.attack_dice_sides(Fighter(3, "megatron"))  # a leader is one of the 3
    with pytest.raises(ValueError):
        battle.defence_dice_sides(Fighter(3))


def test_defence_dice():
    assert battle.defence_dice_count(5) == 2
    assert battle.defence_dice_count(2) == 2  # no robot need stay behind (page 12)
    assert battle.defence_dice_count(1) == 1
    assert battle.defence_dice_count(5, wanted=1) == 1
    assert battle.defence_dice_count(5, pinned=True) == 1  # Barricade in vehicle mode


def test_the_bonus_goes_where_it_helps_most():
    # attacker 5-2 against 5-1: +1 on the 5 wins the first pair, the second was won anyway
    r = resolve([5, 2], [5, 1], att=Mods(bonus=1))
    assert r.att_bonus_die == 0 and (r.att_losses, r.def_losses) == (0, 2)
    # defender 4-3 against 6-4: only the 3 can be saved
    r = resolve([6, 4], [4, 3], dfn=Mods(bonus=1))
    assert r.def_bonus_die == 1 and (r.att_losses, r.def_losses) == (1, 1)
    # a chosen die is honoured even if worse
    r = resolve([6, 4], [4, 3], dfn=Mods(bonus=1, bonus_die=0))
    assert (r.att_losses, r.def_losses) == (0, 2)


def test_card_modifiers():
    assert resolve([4, 4, 1], [4, 4], att=Mods(all_=1)).def_losses == 2  # Fusion Cannons
    assert resolve([4, 2], [4, 1], att=Mods(highest=1)).def_losses == 2  # Targeting Array
    assert resolve([5, 5], [4, 4], dfn=Mods(all_=1)).att_losses == 2  # Force Field


def test_losses_keep_the_leader_unless_told_or_last():
    assert allocate_losses(1, 1, True) == battle.Losses(1, False)
    assert allocate_losses(1, 1, True, lose_leader_first=True) == battle.Losses(0, True)
    assert allocate_losses(2, 1, True) == battle.Losses(1, True)
    assert allocate_losses(1, 0, True) == battle.Losses(0, True)
    assert allocate_losses(0, 3, True) == battle.Losses(0, False)
    with pytest.raises(ValueError):
        allocate_losses(3, 1, True)


@pytest.mark.parametrize("att,dfn,am,dm", [
    ((D6, D6, D6), (D6, D6), Mods(), Mods()),
    ((D8, D6, D6), (D8, D6), Mods(bonus=1), Mods(bonus=1)),
    ((D6,), (D8,), Mods(all_=1), Mods()),
    ((D8, D8), (D6, D6), Mods(highest=1), Mods(all_=1)),
])
def test_exact_odds_sum_to_one_and_match_a_seeded_simulation(att, dfn, am, dm):
    odds = exact_odds(att, dfn, am, dm)
    assert sum(odds.values()) == 1
    rng = Rng.from_seed(f"odds{att}{dfn}")
    n = 8_000
    seen: dict[tuple[int, int], int] = {}
    for _ in range(n):
        a = sorted((rng.die(s) for s in att), reverse=True)
        d = sorted((rng.die(s) for s in dfn), reverse=True)
        r = resolve(a, d, am, dm)
        seen[(r.att_losses, r.def_losses)] = seen.get((r.att_losses, r.def_losses), 0) + 1
    assert set(seen) <= set(odds)
    for k, p in odds.items():
        se = math.sqrt(float(p) * (1 - float(p)) / n)
        assert abs(seen.get(k, 0) / n - float(p)) <= 4 * se + 1e-9, (k, p, seen.get(k, 0) / n)


def test_exact_odds_of_one_d6_against_one_d8():
    # the attacker's d6 must beat the d8: sum over a of (a-1)/8, over 6 faces
    odds = exact_odds((D6,), (D8,))
    assert odds[(0, 1)] == Fraction(sum(a - 1 for a in range(1, 7)), 48)
    # with the +1 of a leader's choice on the attacker's only die
    plus = exact_odds((D6,), (D8,), Mods(bonus=1))
    assert plus[(0, 1)] == Fraction(sum(a for a in range(1, 7)), 48)


# --------------------------------------------------------------------- on the table

SEATS2 = {"a": "bumblebee", "d": "barricade"}


def two(tf, zones, leaders=None, open_=None):
    return table_of(tf.board, fill(tf.board, zones, "x", open_), leaders, open_)


def test_refusals_leave_the_table_alone(tf):
    t = two(tf, {"iacon": ("a", 3), "launch_pad": ("d", 2), "vos": ("d", 1)},
            {"bumblebee": ("a", "iacon", "robot"), "barricade": ("d", "vos", "robot")})
    cases = {
        AttackOrder("launch_pad", "iacon", 1): "attack.not_yours",
        AttackOrder("iacon", "decagon", 1): "attack.no_zone",  # a closed factory
        AttackOrder("iacon", "kalis", 1): "attack.not_neighbour",
        AttackOrder("iacon", "launch_pad", 4): "attack.dice",
        AttackOrder("iacon", "launch_pad", 3): None,  # Bumblebee stays behind: a piece is left
        AttackOrder("iacon", "launch_pad", 3, leader=True): "attack.dice",
        AttackOrder("iacon", "launch_pad", 0): "attack.dice",
        AttackOrder("iacon", "sea_of_rust", 1, leader=False): None,
    }
    t["zones"]["sea_of_rust"] = {"owner": "d", "robots": 1}
    before = copy.deepcopy(t)
    for order, why in cases.items():
        assert refusal(tf, t, SEATS2, "a", order) == why, order
        if why:
            with pytest.raises(ValueError, match=why):
                attack_roll(tf, t, SEATS2, "a", order, DefenceOrder(), Dice())
    assert t == before
    alone = two(tf, {"iacon": ("a", 3), "launch_pad": ("d", 2)})
    assert refusal(tf, alone, SEATS2, "a", AttackOrder("iacon", "launch_pad", 3)) == "attack.leave_one"
    no_leader = AttackOrder("launch_pad", "iacon", 1, leader=True)
    t2 = two(tf, {"iacon": ("a", 3), "launch_pad": ("d", 2)}, {"barricade": ("d", "vos", "robot")})
    assert refusal(tf, t2, SEATS2, "d", no_leader) == "attack.leader_absent"


def test_no_attacking_a_teammate(tf):
    seats = {"a1": "optimus_prime", "d1": "megatron", "a2": "bumblebee", "d2": "barricade"}
    t = table_of(tf.board, fill(tf.board, {"iacon": ("a1", 3), "launch_pad": ("a2", 1), "crystal_city": ("d1", 1)}))
    assert refusal(tf, t, seats, "a1", AttackOrder("iacon", "launch_pad", 1)) == "attack.friend"
    assert refusal(tf, t, seats, "a1", AttackOrder("iacon", "crystal_city", 1)) is None


def test_barricade_in_vehicle_mode_pins_the_defender_to_one_die(tf):
    t = two(tf, {"vos": ("d", 4), "iacon": ("a", 3)}, {"barricade": ("d", "vos", "vehicle")})
    dice = Dice(6, 6, 1, 6)  # Barricade's d8, two d6; the defender's one d6
    out = attack_roll(tf, t, SEATS2, "d", AttackOrder("vos", "iacon", 2, leader=True), DefenceOrder(), dice)
    assert dice.asked == [D8, D6, D6, D6] and len(out.roll.def_dice) == 1
    # in robot mode he does not: the defender throws two
    t["leaders"]["barricade"]["mode"] = "robot"
    dice = Dice(6, 6, 1, 6, 6)
    out = attack_roll(tf, t, SEATS2, "d", AttackOrder("vos", "iacon", 2, leader=True), DefenceOrder(), dice)
    assert len(out.roll.def_dice) == 2


def test_bumblebee_attacking_in_robot_mode_adds_one(tf):
    t = two(tf, {"iacon": ("a", 3), "launch_pad": ("d", 1)}, {"bumblebee": ("a", "iacon", "robot")})
    out = attack_roll(tf, t, SEATS2, "a", AttackOrder("iacon", "launch_pad", 0, leader=True), DefenceOrder(),
                      Dice(4, 4))
    assert out.roll.att_final == (5,) and out.captured
    assert leader_on(out.table, "launch_pad") == "bumblebee"  # he moves into the captured zone
    assert out.table["zones"]["launch_pad"] == {"owner": "a", "robots": 0}
    assert check(out.table, tf.board.in_play(out.table["open"])) == []


def test_bumblebee_in_vehicle_mode_escapes_when_beaten(tf):
    t = two(tf, {"launch_pad": ("a", 0), "crystal_city": ("a", 2), "iacon": ("d", 4)},
            {"bumblebee": ("a", "launch_pad", "vehicle")})
    out = attack_roll(tf, t, SEATS2, "d", AttackOrder("iacon", "launch_pad", 3), DefenceOrder(), Dice(6, 5, 4, 3))
    assert out.def_lost.leader and out.def_escaped == "crystal_city"
    assert out.captured  # he was the last piece: the zone falls, but he lives
    assert out.table["leaders"]["bumblebee"]["zone"] == "crystal_city"
    assert check(out.table, tf.board.in_play(out.table["open"])) == []


def test_bumblebee_with_nowhere_to_go_is_scrapped(tf):
    t = two(tf, {"launch_pad": ("a", 0), "iacon": ("d", 4)}, {"bumblebee": ("a", "launch_pad", "vehicle")})
    out = attack_roll(tf, t, SEATS2, "d", AttackOrder("iacon", "launch_pad", 3), DefenceOrder(), Dice(6, 5, 4, 3))
    assert out.def_escaped is None and out.table["leaders"]["bumblebee"]["zone"] is None


def test_megatron_in_vehicle_mode_strikes_anywhere_alone(tf):
    seats = {"m": "megatron", "o": "optimus_prime"}
    t = table_of(tf.board, fill(tf.board, {"kaon": ("m", 3), "autobase": ("o", 2)}, "o"),
                 {"megatron": ("m", "kaon", "vehicle")})
    far = AttackOrder("kaon", "autobase", 0, leader=True)
    assert refusal(tf, t, seats, "m", far) is None
    assert refusal(tf, t, seats, "m", AttackOrder("kaon", "autobase", 1, leader=True)) == "attack.alone"
    t["leaders"]["megatron"]["mode"] = "robot"
    assert refusal(tf, t, seats, "m", far) == "attack.not_neighbour"
    t["leaders"]["megatron"]["mode"] = "vehicle"
    out = attack_roll(tf, t, seats, "m", far, DefenceOrder(), Dice(8, 6, 1))
    assert (out.roll.att_losses, out.roll.def_losses) == (0, 1)
    assert out.table["zones"]["autobase"]["robots"] == 1


def test_defender_may_choose_to_lose_his_leader(tf):
    seats = {"b": "megatron", "r": "optimus_prime"}
    t = table_of(tf.board, fill(tf.board, {"hexima_state": ("b", 6), "launch_pad": ("r", 1)}, "b"),
                 {"optimus_prime": ("r", "launch_pad", "robot")})
    out = attack_roll(tf, t, seats, "b", AttackOrder("hexima_state", "launch_pad", 3),
                      DefenceOrder(lose_leader_first=True), Dice(6, 4, 2, 4, 3))
    assert out.def_lost.leader and out.table["leaders"]["optimus_prime"]["zone"] is None
    assert out.table["zones"]["launch_pad"] == {"owner": "r", "robots": 1}


def test_a_defender_who_keeps_his_leader_out_rolls_robots(tf):
    seats = {"b": "megatron", "r": "optimus_prime"}
    t = table_of(tf.board, fill(tf.board, {"hexima_state": ("b", 6), "launch_pad": ("r", 3)}, "b"),
                 {"optimus_prime": ("r", "launch_pad", "robot")})
    dice = Dice(6, 4, 2, 4, 3)
    out = attack_roll(tf, t, seats, "b", AttackOrder("hexima_state", "launch_pad", 3),
                      DefenceOrder(leader=False), dice)
    assert dice.asked == [D6, D6, D6, D6, D6] and out.roll.def_bonus_die is None
