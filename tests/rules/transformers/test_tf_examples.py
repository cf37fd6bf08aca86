"""The rulebook's worked examples, with fixed dice (GAMES.md "Examples")."""

from __future__ import annotations

from tf_helpers import Dice, fill, table_of

from bot.rules.transformers import days, zones
from bot.rules.transformers.attack import AttackOrder, DefenceOrder, advance, attack_roll
from bot.rules.transformers.battle import D6, D8
from bot.rules.transformers.income import income
from bot.rules.transformers.table import check, leader_on


def test_phase_1_example_red_places_22(tf):
    """Page 8: red holds 23 zones, all of purple, 2 robots in Decagon's factory; plays Mass
    Production and Blocking Initiators: 7 + 3 + 10 + 2 = 22."""
    cyb = tf.board
    opened = {"decagon": True}
    purple = list(cyb.sector_zones("purple", opened))
    assert "decagon" in purple and len(purple) == 7
    # 16 other zones, none completing another sector (the first zone of each left to black)
    firsts = {r.territories[0] for r in cyb.board.regions.values()}
    others = [z for z in cyb.in_play({**cyb.start_open(), **opened})
              if cyb.sector_of(z) != "purple" and z not in firsts]
    red = {z: ("red", 1) for z in purple} | {z: ("red", 1) for z in others[: 23 - 7]}
    red["decagon"] = ("red", 2)
    table = table_of(cyb, fill(cyb, red, "black", opened), open_=opened)
    got = income(cyb, table, "red", [tf.upgrades["mass_production"], tf.upgrades["blocking_initiators"]])
    assert got.zones == 23
    assert got.from_zones == 7  # A
    assert got.from_cards == 3  # B: Mass Production
    assert got.sectors == ("purple",) and got.doubled and got.from_sectors == 10  # C: 5 doubled
    assert got.from_factories == 2  # D: 2 robots in the factory
    assert got.total == 22
    # the same zones without the cards: 7 + 5 + 2
    assert income(cyb, table, "red").total == 14


def test_factory_gives_at_most_3_and_nothing_closed(tf):
    cyb = tf.board
    opened = {"moon_alpha": True}
    table = table_of(cyb, fill(cyb, {"moon_alpha": ("red", 5)}, "black", opened), open_=opened)
    assert income(cyb, table, "red").from_factories == 3
    shut, _ = zones.close_slide(cyb, table, "moon_alpha")
    assert income(cyb, shut, "red").from_factories == 0


def test_launch_pad_battle(tf):
    """Pages 15: black attacks the Launch Pad from Hexima State with 3 robots; red defends
    with a robot and Optimus Prime (robot mode, +1 defending). Black 6-4-2 on d6; red 4 on the
    d8 and 3 on the d6. 6 beats 4: red scraps his robot, keeping his leader; Optimus' +1 turns
    the 3 into 4: 4 against 4, the defender wins. Each loses one: black 5 on Hexima State,
    red his leader alone on the Launch Pad."""
    cyb = tf.board
    seats = {"black": "megatron", "red": "optimus_prime"}
    table = table_of(
        cyb, fill(cyb, {"hexima_state": ("black", 6), "launch_pad": ("red", 1), "kaon": ("black", 1),
                        "autobase": ("red", 1)}, "yellow"),
        {"optimus_prime": ("red", "launch_pad", "robot"), "megatron": ("black", "kaon", "robot")})
    dice = Dice(6, 4, 2, 4, 3)  # black's three d6, then red's d8 (the leader), then his d6
    out = attack_roll(tf, table, seats, "black", AttackOrder("hexima_state", "launch_pad", 3),
                      DefenceOrder(), dice)
    assert dice.asked == [D6, D6, D6, D8, D6]
    r = out.roll
    assert r.def_bonus_die == 1  # the +1 went on the 3 (the second die), not on the leader's 4
    assert r.def_final == (4, 4)
    assert (r.att_losses, r.def_losses) == (1, 1)
    assert out.def_lost.robots == 1 and not out.def_lost.leader  # the robot, not Optimus
    assert not out.captured
    t = out.table
    assert t["zones"]["hexima_state"] == {"owner": "black", "robots": 5}
    assert t["zones"]["launch_pad"] == {"owner": "red", "robots": 0}
    assert leader_on(t, "launch_pad") == "optimus_prime"
    assert check(t, cyb.in_play(t["open"])) == []

    # Black goes on with 3 robots; Optimus Prime, the last piece, defends alone. Black
    # 5-3-1 against Optimus' 3 (+1 = 4): even with the +1 black wins; Optimus goes to the
    # scrapyard and black captures the Launch Pad, moving the 3 attackers in.
    dice = Dice(5, 3, 1, 3)
    out2 = attack_roll(tf, t, seats, "black", AttackOrder("hexima_state", "launch_pad", 3), DefenceOrder(), dice)
    assert dice.asked == [D6, D6, D6, D8]
    assert out2.roll.def_final == (4,) and out2.roll.def_losses == 1
    assert out2.def_lost.leader and out2.captured
    t2 = out2.table
    assert t2["leaders"]["optimus_prime"]["zone"] is None
    assert t2["zones"]["launch_pad"] == {"owner": "black", "robots": 3}
    assert t2["zones"]["hexima_state"] == {"owner": "black", "robots": 2}
    # black may move more in, leaving one on Hexima State
    t3 = advance(t2, "black", "hexima_state", "launch_pad", 1)
    assert t3["zones"]["hexima_state"]["robots"] == 1 and t3["zones"]["launch_pad"]["robots"] == 4
    assert check(t3, cyb.in_play(t3["open"])) == []


def test_factory_closing_crushes_three_red_robots(tf):
    """Page 10, example 3: 3 red robots in Decagon's factory; blue holds the Plasma Energy
    Chamber and plays a transformation card: the factory closes, the red robots go to the
    scrapyard."""
    cyb = tf.board
    opened = {"decagon": True}
    table = table_of(cyb, fill(cyb, {"decagon": ("red", 3), "plasma_energy_chamber": ("blue", 2)}, "black",
                               opened), open_=opened)
    assert zones.can_transform(cyb, table, "blue", "decagon")
    shut, crushed = zones.close_slide(cyb, table, "decagon")
    assert crushed == zones.Crushed("red", 3, None)
    assert "decagon" not in shut["zones"] and shut["open"]["decagon"] is False
    assert check(shut, cyb.in_play(shut["open"])) == []
    assert "decagon" not in cyb.neighbours("plasma_energy_chamber", shut["open"])


def test_praxus_closed_blocks_the_attack_until_turned(tf):
    """Page 10, example 2: yellow wants Praxus, held by one black robot, but the pivoting
    zone is closed; a transformation card turns it and opens the way."""
    cyb = tf.board
    seats = {"yellow": "barricade", "black": "megatron"}
    closed = {"praxus": False}
    table = table_of(cyb, fill(cyb, {"praetorus_dock": ("yellow", 4), "praxus": ("black", 1),
                                     "torkulon": ("yellow", 1)}, "black", closed),
                     open_=closed)
    order = AttackOrder("praetorus_dock", "praxus", 3)
    from bot.rules.transformers.attack import refusal
    assert refusal(tf, table, seats, "yellow", order) == "attack.not_neighbour"
    assert zones.can_transform(cyb, table, "yellow", "praxus")  # Torkulon is in Praxus' sector
    turned = zones.turn_pivot(cyb, table, "praxus")
    assert refusal(tf, turned, seats, "yellow", order) is None


def test_three_player_tie_won_by_the_launch_pad(tf):
    """Page 18: black and yellow 16 zones each, red 10 with the Launch Pad: red wins."""
    cyb = tf.board
    play = list(cyb.in_play(cyb.start_open()))
    assert len(play) == 40 == 16 + 16 + 8  # two factories closed: 40 zones to hold
    rest = [z for z in play if z != "launch_pad"]
    owners = {"launch_pad": "red"}
    owners.update({z: "black" for z in rest[:16]})
    owners.update({z: "yellow" for z in rest[16:32]})
    owners.update({z: "red" for z in rest[32:]})
    # the example's red has 10: open both factories for him
    opened = {"decagon": True, "moon_alpha": True}
    owners.update({"decagon": "red", "moon_alpha": "red"})
    table = table_of(cyb, {z: (o, 1) for z, o in owners.items()}, open_=opened)
    teams = {s: frozenset((s,)) for s in ("red", "black", "yellow")}
    res = days.result(cyb, table, teams)
    assert res.scores == {frozenset({"red"}): 10, frozenset({"black"}): 16, frozenset({"yellow"}): 16}
    assert res.tied and res.by_launch_pad and res.winners == frozenset({"red"})
