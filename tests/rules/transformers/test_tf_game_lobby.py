"""The refusals the other test files leave out: the lobby's leader picks, a claim after the
starting placement, each malformed part's own detail sentence; and the 3-player game's
"each for himself" (the two Decepticons fight each other)."""

from __future__ import annotations

import pytest

from bot.rules.base import RuleError, canonical
from bot.rules.errors import MalformedAction
from bot.rules.transformers import GAME
from bot.rules.transformers.messages import TF_DETAILS
from tests.rules.transformers.test_tf_game_refusals import game_at, refused
from tests.rules.transformers.tf_helpers import faces, staged


def test_a_leader_is_picked_once() -> None:
    with pytest.raises(RuleError) as err:
        GAME.validate_picks({"a": {"leader": "megatron"}, "b": {"leader": "megatron"}})
    assert err.value.key == "tf.err.leader_taken"
    assert GAME.validate_picks({"a": {"leader": "megatron"}, "b": {"leader": "bumblebee"}})


def test_picks_that_do_not_fit_the_table_are_refused_at_setup() -> None:
    for seats, picks in ((["a", "b"], {"a": {"leader": "optimus_prime"}, "b": {"leader": "bumblebee"}}),
                         (["a", "b", "c"], {"a": {"leader": "optimus_prime"}, "b": {"leader": "bumblebee"}}),
                         (["a", "b", "c", "d"], {"a": {"leader": "optimus_prime"}, "b": {"leader": "bumblebee"}})):
        with pytest.raises(RuleError) as err:
            GAME.setup(seats, {}, 5, picks)
        assert err.value.key == "tf.err.leaders", (seats, picks)
    three = GAME.setup(["a", "b", "c"], {}, 5, {"a": {"leader": "megatron"}, "b": {"leader": "barricade"}})
    assert [three["players"][s]["leader"] for s in "abc"] == ["megatron", "barricade", "optimus_prime"]


def test_no_claim_once_the_starting_placement_is_over() -> None:
    refused(game_at(phase="place", reserve=3), "red", {"type": "claim", "territory": "autobase"},
            "tf.err.claim_phase")


@pytest.mark.parametrize(("action", "detail"), [
    ({"type": "attack", "from": "autobase", "to": "yuss", "leader": "yes"}, "tf.malformed.leader"),
    ({"type": "attack", "from": "autobase", "to": "yuss", "count": 4}, "tf.malformed.robots"),
    ({"type": "revive", "territory": "autobase", "mode": "plane"}, "tf.malformed.mode"),
    ({"type": "stance", "dice": 3, "lose": "last"}, "tf.malformed.dice"),
    ({"type": "stance", "dice": 2, "lose": "never"}, "tf.malformed.lose"),
    ({"type": "bonus", "die": 3}, "tf.malformed.die"),
    ({"type": "rally", "order": "nearest"}, "tf.malformed.rally"),
])
def test_each_malformed_part_gets_its_own_sentence(action, detail) -> None:
    state = game_at()
    before = canonical(state)
    with pytest.raises(MalformedAction) as err:
        GAME.apply(state, "red", action)
    assert canonical(state) == before
    assert err.value.params["detail_key"] == detail and err.value.params["detail"] == TF_DETAILS[detail]


def test_three_players_each_for_himself(scripted_dice) -> None:
    """Page 4: one Autobot against two Decepticons, each for himself: Megatron's player may
    attack Barricade's, and a lone side's victory needs both Decepticons gone."""
    state = staged(GAME, ["red", "black", "yellow"], {"kaon": ("black", 4), "polyhex": ("yellow", 1)},
                   current=1, phase="attack", filler="red")
    assert state["teams"] == {"red": ["red"], "black": ["black"], "yellow": ["yellow"]}
    scripted_dice(*faces(6, 6, 6), *faces(1))
    after, events = GAME.apply(state, "black", {"type": "attack", "from": "kaon", "to": "polyhex", "count": 3})
    assert after["owner"]["polyhex"] == "black" and any(e["type"] == "conquest" for e in events)
    assert GAME.outcome(after) is None
