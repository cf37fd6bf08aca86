"""Every kind of refusal of the Transformers engine: the right catalog key, and the state
exactly as it was (``apply`` works on a copy)."""

from __future__ import annotations

import pytest

from bot.rules.base import RuleError, canonical
from bot.rules.errors import MalformedAction
from bot.rules.transformers import GAME
from bot.rules.transformers.messages import TF_MESSAGES
from tests.rules.transformers.tf_helpers import staged

BASE = {"autobase": ("red", 4), "orbital_platform_beta": ("red", 1), "yuss": ("black", 3),
        "plasma_energy_chamber": ("black", 2), "decagon": ("black", 3), "kaon": ("black", 3)}
LEADERS = {"red": ("autobase", "robot"), "black": ("kaon", "robot")}


def game_at(phase="attack", reserve=0, hands=None, leaders=None, seats=("red", "black"), zones=None, **kw):
    return staged(GAME, list(seats), {**BASE, **(zones or {})}, leaders={**LEADERS, **(leaders or {})},
                  hands=hands, phase=phase, reserve=reserve, open_={"decagon": True}, **kw)


def refused(state, seat, action, key):
    before = canonical(state)
    with pytest.raises(RuleError) as err:
        GAME.apply(state, seat, action)
    assert canonical(state) == before
    assert err.value.key == key, (err.value.key, str(err.value))
    return err.value


def test_every_refusal_key_has_its_text() -> None:
    for key, text in TF_MESSAGES.items():
        assert key.startswith("tf.err.") and text.endswith((".", ":", "}"))


@pytest.mark.parametrize("action", [
    {"type": "attack", "from": "nowhere", "to": "yuss"},
    {"type": "attack", "from": "autobase", "to": "yuss", "count": 4},
    {"type": "attack", "from": "autobase", "to": "yuss", "leader": "yes"},
    {"type": "play"},
    {"type": "stance", "dice": 3, "lose": "last"},
    {"type": "revive", "territory": "autobase", "mode": "plane"},
    {"type": "flip", "extra": 1},
    {"type": "transform", "zone": "decagon"},
])
def test_malformed_actions_are_refused_at_the_door(action) -> None:
    state = game_at()
    before = canonical(state)
    with pytest.raises(MalformedAction):
        GAME.apply(state, "red", action)
    assert canonical(state) == before


def test_not_your_turn_but_standing_orders_any_time() -> None:
    state = game_at()
    refused(state, "black", {"type": "end_turn"}, "err.not_your_turn")
    after, events = GAME.apply(state, "black", {"type": "stance", "dice": 1, "leader": False, "lose": "first"})
    assert after["players"]["black"]["stance"] == {"dice": 1, "leader": False, "lose": "first"}
    assert events[0]["private"] == {"black": {"dice": 1, "leader": False, "lose": "first"}}
    assert GAME.events_for(events, "red")[0].get("private") is None


def test_placement_refusals() -> None:
    state = game_at(phase="place", reserve=4)
    refused(state, "red", {"type": "place", "territory": "yuss", "count": 1}, "err.not_yours")
    refused(state, "red", {"type": "place", "territory": "autobase", "count": 5}, "err.out_of_range")
    refused(state, "red", {"type": "end_placement"}, "err.members_to_place")
    refused(state, "red", {"type": "attack", "from": "autobase", "to": "yuss"}, "err.members_to_place")
    refused(state, "red", {"type": "flip"}, "err.members_to_place")
    refused(game_at(), "red", {"type": "place", "territory": "autobase", "count": 1}, "err.place_phase_only")


def test_closed_factories_are_no_zone() -> None:
    state = game_at(zones={"the_arena": ("red", 3)})
    state["open"]["decagon"] = False
    state["owner"]["decagon"], state["troops"]["decagon"] = None, 0
    refused(state, "red", {"type": "attack", "from": "the_arena", "to": "decagon"}, "tf.err.not_in_play")
    state["phase"], state["reserve"] = "place", 2
    refused(state, "red", {"type": "place", "territory": "decagon", "count": 1}, "tf.err.not_in_play")


def test_card_refusals() -> None:
    state = game_at(phase="place", reserve=3, hands={"red": ["the_arena", "rad_zone", "altihex", "ibex"]})
    refused(state, "red", {"type": "play", "card": "kalis"}, "tf.err.card_not_held")
    refused(state, "red", {"type": "play", "card": "rad_zone"}, "err.members_to_place")  # attack card, robots left
    refused(state, "red", {"type": "play", "card": "altihex"}, "tf.err.card_phase")  # a defence card
    refused(state, "red", {"type": "play", "card": "ibex"}, "tf.err.card_phase")  # Space Bridge: a back-up
    later = game_at(hands={"red": ["the_arena"]})
    refused(later, "red", {"type": "play", "card": "the_arena"}, "tf.err.card_phase")  # phase 1's, too late


def test_revive_refusals() -> None:
    state = game_at(phase="place", reserve=5)
    refused(state, "red", {"type": "revive", "territory": "autobase", "mode": "robot"}, "tf.err.leader_on_board")
    gone = game_at(phase="place", reserve=2, leaders={"red": (None, "robot")})
    refused(gone, "red", {"type": "revive", "territory": "autobase", "mode": "robot"}, "tf.err.revive_cost")
    rich = game_at(phase="place", reserve=5, leaders={"red": (None, "robot")})
    refused(rich, "red", {"type": "revive", "territory": "yuss", "mode": "robot"}, "err.not_yours")
    refused(game_at(leaders={"red": (None, "robot")}), "red",
            {"type": "revive", "territory": "autobase", "mode": "robot"}, "tf.err.revive_phase")


def test_flip_refusals() -> None:
    state = game_at(phase="transform")
    flipped, _ = GAME.apply(state, "red", {"type": "flip"})
    refused(flipped, "red", {"type": "flip"}, "tf.err.flipped")
    refused(game_at(phase="transform", leaders={"red": (None, "robot")}), "red", {"type": "flip"},
            "tf.err.leader_scrapyard")
    refused(game_at(phase="attack"), "red", {"type": "flip"}, "tf.err.flip_phase")


def test_transform_refusals() -> None:
    hands = {"red": ["the_arena", "autobase"]}
    state = game_at(phase="transform", hands=hands)
    refused(state, "red", {"type": "transform", "zone": "yuss", "card": "the_arena"}, "tf.err.not_special")
    refused(state, "red", {"type": "transform", "zone": "praxus", "card": "autobase"}, "tf.err.card_no_symbol")
    refused(state, "red", {"type": "transform", "zone": "praxus", "card": "kalis"}, "tf.err.card_not_held")
    refused(state, "red", {"type": "transform", "zone": "decagon", "card": "the_arena"}, "tf.err.transform_sector")
    refused(game_at(phase="attack", hands=hands), "red", {"type": "transform", "zone": "praxus", "card": "the_arena"},
            "tf.err.transform_phase")


def test_attack_refusals() -> None:
    state = game_at()
    refused(state, "red", {"type": "attack", "from": "yuss", "to": "autobase"}, "err.not_yours")
    refused(state, "red", {"type": "attack", "from": "autobase", "to": "orbital_platform_beta"}, "err.attack_own")
    refused(state, "red", {"type": "attack", "from": "autobase", "to": "kaon"}, "err.not_adjacent")
    refused(state, "red", {"type": "attack", "from": "orbital_platform_beta", "to": "yuss", "count": 1},
            "tf.err.attack_pieces")
    refused(state, "red", {"type": "attack", "from": "autobase", "to": "yuss", "count": 3, "leader": True},
            "tf.err.attack_pieces")
    refused(state, "red", {"type": "attack", "from": "orbital_platform_beta", "to": "yuss", "leader": True,
                           "count": 0}, "tf.err.leader_absent")
    refused(state, "red", {"type": "attack", "from": "autobase", "to": "yuss", "count": 0}, "tf.err.attack_pieces")
    refused(state, "red", {"type": "roll"}, "err.no_battle_roll")
    refused(state, "red", {"type": "retreat"}, "err.no_battle_retreat")


def test_megatron_strikes_afar_alone() -> None:
    state = game_at(current=1, leaders={"black": ("kaon", "vehicle")})
    refused(state, "black", {"type": "attack", "from": "kaon", "to": "autobase", "count": 1, "leader": True},
            "tf.err.strike_alone")
    refused(state, "black", {"type": "attack", "from": "kaon", "to": "autobase", "count": 1},
            "err.not_adjacent")


def test_a_pending_battle_comes_first(scripted_dice) -> None:
    state = game_at()
    scripted_dice(0, 0, 0, 5, 5)  # red's three 1s against black's 6s: red loses 2, goes on with 1
    state, _ = GAME.apply(state, "red", {"type": "attack", "from": "autobase", "to": "yuss", "count": 3})
    assert state["phase"] == "battle"
    refused(state, "red", {"type": "end_turn"}, "err.battle_pending")
    refused(state, "red", {"type": "attack", "from": "autobase", "to": "yuss", "count": 1}, "err.battle_pending")


def test_teammates_are_never_attacked() -> None:
    state = staged(GAME, ["red", "black", "blue", "yellow"],
                   {"autobase": ("red", 4), "yuss": ("blue", 2), "orbital_platform_beta": ("black", 2)},
                   leaders={"red": ("autobase", "robot")}, phase="attack")
    refused(state, "red", {"type": "attack", "from": "autobase", "to": "yuss"}, "tf.err.teammate")


def test_back_up_refusals() -> None:
    state = game_at(phase="transform", hands={"red": ["tarn", "autobase"]})
    refused(state, "red", {"type": "backup", "card": "autobase", "from": "autobase", "to": "orbital_platform_beta",
                           "count": 1}, "tf.err.card_phase")
    later = game_at(hands={"red": ["tarn"]})
    refused(later, "red", {"type": "backup", "card": "tarn", "from": "autobase", "to": "orbital_platform_beta",
                           "count": 1}, "tf.err.backup_phase")
    refused(later, "red", {"type": "manoeuvre", "from": "autobase", "to": "yuss", "count": 1}, "err.not_yours")
    refused(later, "red", {"type": "manoeuvre", "from": "orbital_platform_beta", "to": "autobase", "count": 1},
            "tf.err.too_few")
    far = game_at(zones={"the_arena": ("red", 1)})
    refused(far, "red", {"type": "manoeuvre", "from": "autobase", "to": "the_arena", "count": 1},
            "err.not_connected")


def test_jump_and_give_refusals() -> None:
    state = game_at()
    refused(state, "red", {"type": "jump", "territory": "orbital_platform_beta"}, "tf.err.jump")  # robot mode
    refused(state, "red", {"type": "give", "territory": "orbital_platform_beta"}, "tf.err.no_teammate")
    team = staged(GAME, ["red", "black", "blue", "yellow"],
                  {"autobase": ("red", 4), "orbital_platform_beta": ("red", 1), "yuss": ("blue", 2)},
                  leaders={"red": ("autobase", "robot")}, phase="attack")
    refused(team, "red", {"type": "give", "territory": "autobase"}, "tf.err.give")  # his leader's zone
    refused(team, "red", {"type": "give", "territory": "yuss"}, "tf.err.give")


def test_the_game_over_refuses_everything() -> None:
    state = game_at()
    state["result"] = {"winners": ["red"]}
    state["phase"] = "over"
    refused(state, "red", {"type": "end_turn"}, "err.game_over")
