"""Issue 30's Walking Dead point: a move is accepted only if it is listed. An attack or a roll
with a grenade part (even ``false``) is listed, and taken, only when the player holds a
grenade; a standing order may change both its parts at once (``/twd defence dice: grenade:``),
and the legal forms list that too."""

from __future__ import annotations

import pytest
from wd_states import GAME, arranged, give

from bot.rules.base import RuleError, canonical
from bot.rules.compact import accepts

BOARD = {"prison": ("p1", 5), "prison_yard": ("p2", 3)}
ATTACK = {"type": "attack", "from": "prison", "to": "prison_yard", "count": 3}


def listed(state, seat, action) -> bool:
    return accepts(GAME.legal_actions(state, seat), action)


@pytest.mark.parametrize("grenade", [False, True])
def test_a_grenade_part_is_refused_without_a_grenade(grenade: bool) -> None:
    state = give(arranged("survival", 2, BOARD), "p1", grenades=0)
    action = {**ATTACK, "grenade": grenade}
    assert listed(state, "p1", ATTACK) and not listed(state, "p1", action)
    before = canonical(state)
    with pytest.raises(RuleError) as err:  # False was accepted, though not listed
        GAME.apply(state, "p1", action)
    assert err.value.key == "wd.err.no_grenade" and canonical(state) == before


def test_a_grenade_part_is_listed_and_taken_with_a_grenade() -> None:
    state = give(arranged("survival", 2, BOARD), "p1", grenades=1)
    for grenade in (False, True):
        action = {**ATTACK, "grenade": grenade}
        assert listed(state, "p1", action)
        GAME.apply(state, "p1", action)


def test_a_roll_with_a_grenade_part_follows_the_same_rule() -> None:
    state = give(arranged("survival", 2, {"prison": ("p1", 9), "prison_yard": ("p2", 9)}), "p1", grenades=0)
    state, _ = GAME.apply(state, "p1", ATTACK)
    assert state["phase"] == "battle"  # nine against nine: the first roll decides nothing
    roll = {"type": "roll", "grenade": False}
    assert listed(state, "p1", {"type": "roll"}) and not listed(state, "p1", roll)
    with pytest.raises(RuleError):
        GAME.apply(state, "p1", roll)


def test_both_parts_of_a_standing_order_at_once_are_listed() -> None:
    state = arranged("survival", 2, BOARD)
    order = GAME.orders(state, "p2")
    both = {"type": "defence", "dice": "one" if order["dice"] == "most" else "most",
            "grenade": "always" if order["grenade"] != "always" else "never"}
    assert listed(state, "p2", both)
    after, _ = GAME.apply(state, "p2", both)
    assert GAME.orders(after, "p2") == {"dice": both["dice"], "grenade": both["grenade"]}
    same_dice = {"type": "defence", "dice": order["dice"], "grenade": both["grenade"]}
    assert listed(state, "p2", same_dice)
    GAME.apply(state, "p2", same_dice)
    nothing = {"type": "defence", "dice": order["dice"], "grenade": order["grenade"]}
    assert not listed(state, "p2", nothing)
    with pytest.raises(RuleError):
        GAME.apply(state, "p2", nothing)


def test_a_defender_asked_live_may_leave_the_grenade_to_his_standing_order():
    """The « defend » buttons send the dice only: that move is listed (the grenade left out is
    the standing order's), and random play still picks among the full form only."""
    state = arranged(board={"mall": ("p1", 4), "church": ("p2", 3)},
                     options={**arranged()["options"], "defenders": "ask"})
    asked, _ = GAME.apply(state, "p1", {"type": "attack", "from": "mall", "to": "church", "count": 3})
    assert GAME.to_act(asked) == ["p2"]
    legal = GAME.legal_actions(asked, "p2")
    for action in ({"type": "defend", "dice": 1}, {"type": "defend", "dice": 2}, {"type": "defend"}):
        assert accepts(legal, action), action  # was accepted but not listed
        GAME.apply(asked, "p2", action)
    assert not accepts(legal, {"type": "defend", "dice": 3})
    assert all("grenade" in f for f in GAME.moving(legal) if f["type"] == "defend")
