"""Issue 30's Transformers points, through ``apply`` with fixed dice: every move but a claim is
refused cleanly during the players' starting placement; rolling until decided goes on as the
rulebook's « CONTINUER l'attaque » (page 13) until the zone falls or one piece is left at home;
a rally order is Bumblebee's alone (accepted only when listed)."""

from __future__ import annotations

import pytest

from bot.rules.base import RuleError, canonical
from bot.rules.compact import accepts
from bot.rules.transformers import GAME
from bot.rules.transformers.game import check_state
from tests.rules.transformers.tf_helpers import faces, staged

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


# -- rolling until decided ---------------------------------------------------------------------
def test_until_decided_sends_more_robots_from_home_until_one_is_left(scripted_dice) -> None:
    state = two({"autobase": ("red", 6), "yuss": ("black", 4)})
    scripted_dice(*faces(1, 1, 1), *faces(6, 6),  # 3 robots lose 2: 2 more come from Autobase
                  *faces(1, 1, 1), *faces(6, 6),  # lose 2 again: only one piece left at home
                  *faces(1), *faces(6, 6))  # the last one falls: the attack fails
    state, events = GAME.apply(state, "red", {"type": "attack", "from": "autobase", "to": "yuss", "count": 3,
                                              "until": True})
    rolls = [e for e in events if e["type"] == "roll"]
    assert len(rolls) == 3 and [len(r["att"]) for r in rolls] == [3, 3, 1]
    assert [e["count"] for e in events if e["type"] == "recommit"] == [2]
    assert events[-1]["type"] == "attack_end" and events[-1]["result"] == "repelled"
    assert state["troops"]["autobase"] == 1 and state["troops"]["yuss"] == 4 and state["battle"] is None
    assert not check_state(GAME, state)


def test_until_decided_takes_the_zone_with_the_robots_sent_again(scripted_dice) -> None:
    state = two({"autobase": ("red", 5), "yuss": ("black", 3)})
    scripted_dice(*faces(1, 1, 1), *faces(6, 6),  # lose 2: one more may come (one stays home)
                  *faces(6, 6), *faces(1, 1),  # the defenders lose 2
                  *faces(6, 6), *faces(1))  # and the last: captured with the two attacking robots
    state, events = GAME.apply(state, "red", {"type": "attack", "from": "autobase", "to": "yuss", "count": 3,
                                              "until": True})
    assert [e["count"] for e in events if e["type"] == "recommit"] == [1]
    assert any(e["type"] == "conquest" for e in events)
    assert state["owner"]["yuss"] == "red" and state["troops"]["yuss"] == 2 and state["troops"]["autobase"] == 1
    assert not check_state(GAME, state)


def test_one_roll_at_a_time_keeps_the_robots_announced(scripted_dice) -> None:
    state = two({"autobase": ("red", 6), "yuss": ("black", 4)})
    scripted_dice(*faces(1, 1, 1), *faces(6, 6))
    state, events = GAME.apply(state, "red", {"type": "attack", "from": "autobase", "to": "yuss", "count": 3})
    assert not any(e["type"] == "recommit" for e in events)
    assert state["battle"]["committed"] == 1 and state["troops"]["autobase"] == 3
    scripted_dice(*faces(1), *faces(6, 6))
    state, events = GAME.apply(state, "red", {"type": "roll"})
    assert events[-1]["type"] == "attack_end" and state["troops"]["autobase"] == 3  # a new attack may follow


def test_megatron_striking_afar_is_followed_by_nobody(scripted_dice) -> None:
    state = two({"autobase": ("red", 3), "kaon": ("black", 5), "the_arena": ("red", 1)}, current=1)
    state["leaders"]["megatron"]["mode"] = "vehicle"
    strike = {"type": "attack", "from": "kaon", "to": "autobase", "count": 0, "leader": True, "until": True}
    assert accepts(GAME.legal_actions(state, "black"), strike)
    scripted_dice(*faces(1), *faces(6, 6))  # Megatron's d8 loses: to the scrapyard, the strike ends
    state, events = GAME.apply(state, "black", strike)
    assert not any(e["type"] == "recommit" for e in events) and state["battle"] is None
    assert state["troops"]["kaon"] == 5 and state["leaders"]["megatron"]["zone"] is None


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
