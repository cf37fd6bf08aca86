"""Rules last session's table-format parts were tested for (``attack``, ``income``, ``zones``,
``leaders``, ``days`` — retired: the engine is the one piece that plays them), which the
engine's other tests did not already check, now through ``apply`` with fixed dice."""

from __future__ import annotations

import pytest

from bot.rules.transformers import GAME
from bot.rules.transformers.game import check_state
from tests.rules.transformers.test_tf_game_refusals import refused
from tests.rules.transformers.tf_helpers import faces, staged


def mods_of(state, seat, attack):
    """Each side's modifiers on the first roll of ``attack`` (the dice really thrown)."""
    b = GAME._new_battle(state, seat, attack)
    _, _, am, dm, _ = GAME.next_roll({**state, "battle": b})
    return am, dm


@pytest.mark.parametrize(("attacker", "defender", "att_mode", "def_mode", "bonus"), [
    # page 14: Bumblebee and Megatron +1 attacking, Optimus Prime and Barricade defending, in robot mode only
    ("blue", "black", "robot", "robot", (1, 0)),
    ("black", "red", "robot", "robot", (1, 1)),
    ("red", "yellow", "robot", "robot", (0, 1)),
    ("red", "black", "robot", "robot", (0, 0)),
    ("black", "red", "vehicle", "vehicle", (0, 0)),
    ("blue", "yellow", "vehicle", "robot", (0, 1)),
])
def test_a_leaders_plus_one_by_his_side_and_mode(attacker, defender, att_mode, def_mode, bonus) -> None:
    zones = {"iacon": (attacker, 4), "vos": (defender, 2)}
    state = staged(GAME, [attacker, defender], zones, leaders={attacker: ("iacon", att_mode),
                                                               defender: ("vos", def_mode)},
                   phase="attack", filler=defender)
    am, dm = mods_of(state, attacker, {"type": "attack", "from": "iacon", "to": "vos", "count": 2, "leader": True})
    assert (am.bonus, dm.bonus) == bonus


def test_bumblebee_with_nowhere_to_go_is_scrapped(scripted_dice) -> None:
    state = staged(GAME, ["blue", "black"], {"iacon": ("blue", 1), "vos": ("black", 4)},
                   leaders={"blue": ("iacon", "vehicle")}, phase="attack", current=1, filler="black")
    assert GAME.escape_zones(state, "bumblebee", "iacon") == []
    scripted_dice(*faces(6, 6, 6), *faces(1, 1))
    state, events = GAME.apply(state, "black", {"type": "attack", "from": "vos", "to": "iacon", "count": 3})
    roll = events[1]
    assert roll["def_leader_lost"] == "bumblebee" and roll["def_escaped"] is None
    assert state["leaders"]["bumblebee"]["zone"] is None and state["ask"] is None
    assert not check_state(GAME, state)


def test_a_defender_keeping_his_leader_out_rolls_his_robots(scripted_dice) -> None:
    state = staged(GAME, ["black", "red"], {"hexima_state": ("black", 6), "launch_pad": ("red", 3)},
                   leaders={"red": ("launch_pad", "robot")}, phase="attack", filler="black")
    state, _ = GAME.apply(state, "red", {"type": "stance", "dice": 2, "leader": False, "lose": "last"})
    scripted_dice(*faces(6, 4, 2), *faces(4, 3))
    state, events = GAME.apply(state, "black", {"type": "attack", "from": "hexima_state", "to": "launch_pad",
                                                "count": 3})
    roll = events[1]
    assert roll["def_sides"] == [6, 6] and roll["def_leader"] is None and roll["def_bonus_die"] is None
    assert roll["def_final"] == [4, 3] and (roll["att_losses"], roll["def_losses"]) == (0, 2)
    assert state["troops"]["launch_pad"] == 1 and state["leaders"]["optimus_prime"]["zone"] == "launch_pad"


def test_the_discards_are_shuffled_into_a_new_deck() -> None:
    """At the end of a day with the deck empty (and for phase 5's card) the discards make
    a new deck; with neither, nothing is drawn."""
    state = staged(GAME, ["red", "black"], {"autobase": ("red", 2), "kaon": ("black", 2)}, current=1,
                   phase="manoeuvre", deck=[])
    state["discard"] = ["ibex", "kalis", "tarn"]
    after, events = GAME.apply(state, "black", {"type": "end_turn"})
    assert [e["type"] for e in events if e["type"] in ("reshuffle", "matrix")] == ["reshuffle", "matrix"]
    matrix = next(e for e in events if e["type"] == "matrix")["territory"]
    assert matrix in ("ibex", "kalis", "tarn") and after["discard"] == [matrix]
    assert sorted([*after["deck"], matrix]) == ["ibex", "kalis", "tarn"]
    state["discard"] = []
    after, events = GAME.apply(state, "black", {"type": "end_turn"})
    assert not any(e["type"] in ("reshuffle", "matrix") for e in events) and after["matrix"] is None
    assert after["day"] == 2


def test_a_team_tie_goes_to_the_launch_pads_team() -> None:
    state = staged(GAME, ["red", "black", "blue", "yellow"], {}, current=3, phase="manoeuvre", day=6,
                   deck=["decagon"])
    play = [t for t in GAME.board.order if state["owner"][t] is not None]
    assert len(play) == 40
    for i, t in enumerate(play):
        state["owner"][t] = ("red", "black", "blue", "yellow")[i % 4]
    state["owner"]["launch_pad"], state["owner"][next(t for t in play if state["owner"][t] == "black")] = \
        "black", state["owner"]["launch_pad"]
    state["leaders"] = {lid: {**lead, "zone": None} for lid, lead in state["leaders"].items()}
    state, events = GAME.apply(state, "yellow", {"type": "end_turn"})
    over = events[-1]
    assert over["sides"] == {"red+blue": 20, "black+yellow": 20}
    assert over["winners"] == ["black", "yellow"] and over["reason"] == "launch_pad"


def test_a_player_with_no_piece_left_is_out_and_his_cards_go_back(scripted_dice) -> None:
    """Page 13, 3 players: yellow's last zone taken, he is out, his cards shuffled into the
    deck; the other two play on."""
    state = staged(GAME, ["red", "black", "yellow"], {"kaon": ("black", 4), "polyhex": ("yellow", 1)},
                   hands={"yellow": ["ibex", "tarn"]}, current=1, phase="attack", filler="red", deck=["kalis"])
    scripted_dice(*faces(6, 6, 6), *faces(1), 0, 0)  # the dice, then the deck's shuffle (3 cards: 2 draws)
    state, events = GAME.apply(state, "black", {"type": "attack", "from": "kaon", "to": "polyhex", "count": 3})
    out = next(e for e in events if e["type"] == "eliminated")
    assert out == {"type": "eliminated", "seat": "yellow", "by": "black", "cards": 2}
    assert "yellow" in state["out"] and state["players"]["yellow"]["hand"] == []
    assert sorted(state["deck"]) == ["ibex", "kalis", "tarn"]
    assert GAME.outcome(state) is None and not check_state(GAME, state)


def test_optimus_prime_never_leaves_his_zone_empty() -> None:
    """Page 16: "il ne peut pas laisser une zone vide derrière lui"."""
    state = staged(GAME, ["red", "black"], {"autobase": ("red", 0), "the_arena": ("red", 1)},
                   leaders={"red": ("autobase", "vehicle")}, phase="manoeuvre", filler="black")
    assert GAME.jump_targets(state, "red") == []
    refused(state, "red", {"type": "jump", "territory": "the_arena"}, "tf.err.jump")
    state["troops"]["autobase"] = 1
    assert GAME.jump_targets(state, "red") == ["the_arena"]
