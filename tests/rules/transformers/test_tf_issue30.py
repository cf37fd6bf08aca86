"""Issue 30's Transformers points, through ``apply`` with fixed dice: every move but a claim is
refused cleanly during the players' starting placement; a rally order is Bumblebee's alone
(accepted only when listed)."""

from __future__ import annotations

import pytest

from bot.rules.base import RuleError, canonical
from bot.rules.compact import accepts
from bot.rules.transformers import GAME
from tests.rules.transformers.tf_helpers import staged

# Optimus Prime stays away from the fight: the red pieces on Autobase are robots only.
LEADERS = {"red": ("the_arena", "robot"), "black": ("kaon", "robot")}


def two(zones, **kw):
    zones = {"the_arena": ("red", 1), "kaon": ("black", 2), **zones}
    return staged(GAME, ["red", "black"], zones, leaders=LEADERS, phase="attack", filler="black", **kw)


# -- the starting placement ------------------------------------------------------------------
@pytest.mark.parametrize("action", [
    {"type": "end_turn"}, {"type": "end_attack"}, {"type": "end_placement"}, {"type": "flip"},
    {"type": "attack", "from": "iacon", "to": "altihex", "count": 3, "leader": True, "until": True},
    {"type": "manoeuvre", "from": "iacon", "to": "altihex", "count": 1}, {"type": "give", "territory": "iacon"},
    {"type": "roll"}, {"type": "retreat"}, {"type": "place", "territory": "iacon", "count": 1},
    {"type": "advance", "count": 1}, {"type": "jump", "territory": "iacon"},
])
def test_every_move_but_a_claim_is_refused_during_the_starting_placement(action) -> None:
    state = GAME.setup(["a", "b", "c"], {"setup": "place"}, 5)
    assert state["phase"] == "claim"
    seat = GAME.current(state)
    before = canonical(state)
    with pytest.raises(RuleError) as err:  # was KeyError: 'claim' (the map engine's phase index)
        GAME.apply(state, seat, action)
    assert canonical(state) == before
    if err.value.key != "err.malformed":
        assert err.value.key == "tf.err.claiming", err.value.key
        assert "/tf claim" in str(err.value)
    assert not accepts(GAME.legal_actions(state, seat), action)


# -- the rally order ---------------------------------------------------------------------------
def test_only_bumblebees_player_has_a_rally_order() -> None:
    state = two({"autobase": ("red", 3)})
    before = canonical(state)
    for seat in ("red", "black"):
        action = {"type": "rally", "order": "strongest"}
        assert not accepts(GAME.legal_actions(state, seat), action)
        with pytest.raises(RuleError) as err:
            GAME.apply(state, seat, action)
        assert err.value.key == "tf.err.no_rally"
    assert canonical(state) == before
    bee = staged(GAME, ["blue", "black"], {"iacon": ("blue", 3)}, leaders={"blue": ("iacon", "vehicle")},
                 filler="black")
    action = {"type": "rally", "order": "strongest"}
    assert accepts(GAME.legal_actions(bee, "blue"), action)
    after, _ = GAME.apply(bee, "blue", action)
    assert GAME.rally_order(after, "blue") == "strongest"
