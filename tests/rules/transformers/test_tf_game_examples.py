"""The rulebook's worked examples, played through the engine (``Transformers.apply``) with
fixed dice: phase 1's 22 robots (page 8), the Launch Pad battle (page 15), the tie at the end
of day 6 (page 18) and the factory closing on 3 red robots (page 10)."""

from __future__ import annotations

import pytest

from bot.rules.base import canonical
from bot.rules.transformers import GAME
from bot.rules.transformers.game import check_state
from tests.rules.transformers.tf_helpers import faces, staged


def test_phase_one_brings_22_robots(scripted_dice) -> None:
    """Red holds 23 zones, all of purple, 2 robots in Decagon's factory: 7 + Mass Production 3
    + purple 5 doubled by Blocking Initiators + 2 from the factory = 22 (page 8)."""
    board = GAME.board
    purple = list(board.regions["purple"].territories)
    others = []
    for sid, region in board.regions.items():
        if sid != "purple":
            others += [t for t in region.territories[1:] if t != "moon_alpha"]
    red = purple + others[:16]
    zones = {t: ("red", 1) for t in red}
    zones["decagon"] = ("red", 2)
    state = staged(GAME, ["black", "red"], zones, leaders={"red": ("vos", "robot"), "black": ("autobase", "robot")},
                   open_={"decagon": True}, hands={"red": ["the_arena", "kalis"]}, filler="black",
                   phase="manoeuvre")
    assert sum(1 for o in state["owner"].values() if o == "red") == 23
    state, events = GAME.apply(state, "black", {"type": "end_turn"})
    turn = next(e for e in events if e["type"] == "turn")
    assert turn["seat"] == "red"
    assert turn["income"] == {"zones": 7, "sectors": 5, "factories": 2}
    state, events = GAME.apply(state, "red", {"type": "play", "card": "the_arena"})
    assert events[-1]["robots"] == 3
    state, events = GAME.apply(state, "red", {"type": "play", "card": "kalis"})
    assert events[-1]["robots"] == 5  # the sector bonus once more: doubled
    assert state["reserve"] == 22
    assert state["discard"][-2:] == ["the_arena", "kalis"]
    state, _ = GAME.apply(state, "red", {"type": "place", "territory": "decagon", "count": 22})
    assert state["troops"]["decagon"] == 24 and not check_state(GAME, state)


def launch_pad(scripted_dice):
    state = staged(GAME, ["red", "black"], {"launch_pad": ("red", 1), "hexima_state": ("black", 7),
                                                    "autobase": ("red", 2)},
                   leaders={"red": ("launch_pad", "robot"), "black": ("kaon", "robot")}, filler="black",
                   current=1, phase="attack")
    return state


def test_the_launch_pad_battle(scripted_dice) -> None:
    """Page 15: black attacks the Launch Pad from Hexima State with 3 robots; red defends with a
    robot (d6) and Optimus Prime (d8, +1 on a die of his choice). 6 beats 4; Optimus' +1 turns
    red's 3 into a 4, and 4 against 4 goes to the defender; red keeps Optimus and scraps the
    robot. Then black attacks again with 3; Optimus alone, even with his +1, loses and goes to
    the scrapyard; black captures the Launch Pad with its 3 robots."""
    state = launch_pad(scripted_dice)
    scripted_dice(*faces(6, 4, 1), *faces(4, 3))  # black's three d6; Optimus' d8, the robot's d6
    state, events = GAME.apply(state, "black", {"type": "attack", "from": "hexima_state", "to": "launch_pad",
                                                "count": 3})
    roll = next(e for e in events if e["type"] == "roll")
    assert roll["att"] == [6, 4, 1] and roll["def"] == [4, 3]
    assert roll["att_sides"] == [6, 6, 6] and roll["def_sides"] == [8, 6]
    assert roll["def_final"] == [4, 4]  # the +1 on the 3
    assert (roll["att_losses"], roll["def_losses"]) == (1, 1)
    assert roll["def_leader_lost"] is None  # red scraps his robot, keeps Optimus Prime
    assert state["troops"]["launch_pad"] == 0 and state["leaders"]["optimus_prime"]["zone"] == "launch_pad"
    assert state["battle"]["committed"] == 2
    state, _ = GAME.apply(state, "black", {"type": "retreat"})
    assert state["troops"]["hexima_state"] == 6  # "black 5 on Hexima State" plus the one left behind
    scripted_dice(*faces(5, 2, 1), *faces(3))  # Optimus' d8 shows 3: 4 with his +1, still below 5
    state, events = GAME.apply(state, "black", {"type": "attack", "from": "hexima_state", "to": "launch_pad",
                                                "count": 3})
    roll = next(e for e in events if e["type"] == "roll")
    assert roll["def_sides"] == [8] and roll["def_final"] == [4]
    assert roll["def_leader_lost"] == "optimus_prime"
    assert any(e["type"] == "conquest" for e in events)
    assert state["owner"]["launch_pad"] == "black" and state["troops"]["launch_pad"] == 3
    assert state["troops"]["hexima_state"] == 3
    assert state["leaders"]["optimus_prime"]["zone"] is None
    assert not check_state(GAME, state)


def test_a_defender_may_lose_his_leader_first(scripted_dice) -> None:
    """The other choice page 15 allows: red's standing order scraps Optimus before the robot."""
    state = launch_pad(scripted_dice)
    state, _ = GAME.apply(state, "red", {"type": "stance", "dice": 2, "leader": True, "lose": "first"})
    scripted_dice(*faces(6, 4, 1), *faces(4, 3))
    state, events = GAME.apply(state, "black", {"type": "attack", "from": "hexima_state", "to": "launch_pad",
                                                "count": 3})
    roll = next(e for e in events if e["type"] == "roll")
    assert roll["def_leader_lost"] == "optimus_prime"
    assert state["troops"]["launch_pad"] == 1 and state["leaders"]["optimus_prime"]["zone"] is None


def test_the_tie_at_the_end_of_day_six_goes_to_the_launch_pad() -> None:
    """Page 18: black and yellow 16 zones each, red 10 with the Launch Pad: red wins."""
    board = GAME.board
    order = list(board.order)
    red = ["launch_pad"] + [t for t in order if t != "launch_pad"][:9]
    rest = [t for t in order if t not in red]
    zones = {t: ("red", 1) for t in red}
    zones.update({t: ("black", 1) for t in rest[:16]})
    zones.update({t: ("yellow", 1) for t in rest[16:]})
    state = staged(GAME, ["red", "black", "yellow"], zones,
                   open_={"decagon": True, "moon_alpha": True}, current=2, phase="manoeuvre", day=6,
                   deck=["ibex"])
    state, events = GAME.apply(state, "yellow", {"type": "end_turn"})
    kinds = [e["type"] for e in events]
    assert kinds[-2:] == ["matrix", "game_over"]
    over = events[-1]
    assert over["winners"] == ["red"] and over["reason"] == "launch_pad"
    assert over["scores"] == {"red": 10, "black": 16, "yellow": 16}
    assert GAME.outcome(state)["winners"] == ["red"]
    with pytest.raises(Exception):  # noqa: B017 - the game is over: nothing more is accepted
        GAME.apply(state, "red", {"type": "end_turn"})


def test_the_factory_closes_on_three_red_robots() -> None:
    """Page 10: 3 red robots in Decagon's factory; blue, holding the Plasma Energy Chamber,
    plays a transformation card on the sliding zone: it closes and crushes them."""
    state = staged(GAME, ["red", "black", "blue", "yellow"],
                   {"decagon": ("red", 3), "plasma_energy_chamber": ("blue", 2), "autobase": ("red", 2)},
                   leaders={"blue": ("plasma_energy_chamber", "robot")},
                   open_={"decagon": True}, hands={"blue": ["the_arena"]}, current=2, phase="transform")
    before = canonical(state)
    after, events = GAME.apply(state, "blue", {"type": "transform", "zone": "decagon", "card": "the_arena"})
    assert canonical(state) == before
    ev = next(e for e in events if e["type"] == "transform")
    assert ev["open"] is False and ev["crushed"] == {"seat": "red", "robots": 3, "leader": None}
    assert after["owner"]["decagon"] is None and after["troops"]["decagon"] == 0
    assert after["open"]["decagon"] is False
    assert "decagon" not in GAME.nbrs(after)["the_arena"]
    assert after["players"]["blue"]["hand"] == [] and after["discard"][-1] == "the_arena"
    assert not check_state(GAME, after)
