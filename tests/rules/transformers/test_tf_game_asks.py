"""The two questions a battle asks (``bot.rules.transformers.asks``): where the attacking
leader's +1 goes, where Bumblebee escapes; Bumblebee's standing rally order. Each question's
default (timeout, skip, kick) is the engine's own choice; every refusal leaves the state as
it was."""

from __future__ import annotations

from bot.rules.base import canonical
from bot.rules.compact import accepts
from bot.rules.transformers import GAME
from bot.rules.transformers.game import check_state
from tests.rules.transformers.test_tf_game_refusals import refused
from tests.rules.transformers.tf_helpers import faces, staged

# Bumblebee (blue) and a robot attack Vos (2 black robots) from Iacon; Yuss is blue too
ZONES = {"iacon": ("blue", 3), "vos": ("black", 2), "yuss": ("blue", 2), "kaon": ("black", 2)}
ATTACK = {"type": "attack", "from": "iacon", "to": "vos", "count": 1, "leader": True}


def bumblebee(mode="robot", **kw):
    return staged(GAME, ["blue", "black"], ZONES, leaders={"blue": ("iacon", mode), "black": ("kaon", "robot")},
                  phase="attack", filler="black", **kw)


def asked_bonus(scripted_dice, until=False):
    """5 and 1 against 5 and 4: the +1 on the 5 wins a pair (1-1), on the 1 nothing (2-0)."""
    scripted_dice(*faces(5, 1), *faces(5, 4))
    return GAME.apply(bumblebee(), "blue", {**ATTACK, "until": until})


# -- the +1 ------------------------------------------------------------------------------------
def test_the_attacker_is_asked_where_his_leaders_plus_one_goes_when_it_matters(scripted_dice) -> None:
    state, events = asked_bonus(scripted_dice)
    assert not any(e["type"] == "roll" for e in events)
    ask = events[-1]
    assert ask["type"] == "ask" and ask["kind"] == "bonus" and ask["seat"] == "blue"
    assert ask["att"] == [5, 1] and ask["att_sides"] == [8, 6] and ask["def"] == [5, 4]
    assert ask["options"] == [0, 1] and ask["default"] == 0
    assert ask["results"] == [[1, 1], [2, 0]]  # what each choice costs (attacker, defender)
    assert GAME.view(state, None)["ask"] == {k: v for k, v in ask.items() if k != "type"}
    assert GAME.legal_actions(state, "blue")[0] == {"type": "bonus", "die": [0, 1]}
    assert GAME.default_action(state, "blue") == {"type": "bonus", "die": 0}
    assert state["troops"]["vos"] == 2 and not check_state(GAME, state)


def test_the_die_chosen_takes_the_plus_one(scripted_dice) -> None:
    state, _ = asked_bonus(scripted_dice)
    best, events = GAME.apply(state, "blue", {"type": "bonus", "die": 0})
    roll = events[0]
    assert roll["type"] == "roll" and roll["att_final"] == [6, 1] and roll["att_bonus_die"] == 0
    assert (roll["att_losses"], roll["def_losses"]) == (1, 1) and best["ask"] is None
    worse, events = GAME.apply(state, "blue", {"type": "bonus", "die": 1})
    assert events[0]["att_final"] == [5, 2] and (events[0]["att_losses"], events[0]["def_losses"]) == (2, 0)
    assert worse["leaders"]["bumblebee"]["zone"] is None  # both pieces lost: Bumblebee (robot mode) scrapped
    assert not check_state(GAME, best) and not check_state(GAME, worse)


def test_no_question_when_every_die_gives_the_same_result(scripted_dice) -> None:
    scripted_dice(*faces(5, 3), *faces(5, 3))  # 6-3 or 5-4 against 5-3: one pair each way
    state, events = GAME.apply(bumblebee(), "blue", ATTACK)
    assert state["ask"] is None and events[1]["type"] == "roll" and events[1]["att_bonus_die"] == 0


def test_a_roll_to_the_end_rolls_on_once_answered(scripted_dice) -> None:
    state, _ = asked_bonus(scripted_dice, until=True)
    # the robot lost, one more comes from Iacon (« CONTINUER l'attaque »): Bumblebee and it
    # against the last robot
    scripted_dice(*faces(8, 6), *faces(1))
    state, events = GAME.apply(state, "blue", {"type": "bonus", "die": 0})
    assert [e["type"] for e in events][:4] == ["roll", "recommit", "roll", "conquest"]
    assert events[2]["att_sides"] == [8, 6] and state["troops"]["iacon"] == 1
    assert state["owner"]["vos"] == "blue" and not check_state(GAME, state)


def test_a_timeout_answers_with_the_best_die_then_plays_the_turn_out(scripted_dice) -> None:
    state, _ = asked_bonus(scripted_dice)
    after, events = GAME.apply_system(state, {"type": "timeout"})
    roll = next(e for e in events if e["type"] == "roll")
    assert roll["att_bonus_die"] == 0 and (roll["att_losses"], roll["def_losses"]) == (1, 1)
    assert after["ask"] is None and after["order"][after["current"]] == "black"


def test_a_skip_or_a_kick_answers_by_default_first(scripted_dice) -> None:
    state, _ = asked_bonus(scripted_dice)
    after, events = GAME.apply_system(state, {"type": "skip"})
    types = [e["type"] for e in events]
    assert types.index("roll") < types.index("skipped")
    assert next(e for e in events if e["type"] == "roll")["att_bonus_die"] == 0
    assert after["ask"] is None and after["battle"] is None and not check_state(GAME, after)
    after, events = GAME.apply_system(state, {"type": "kick", "seat": "blue"})
    assert events[0]["type"] == "roll" and after["ask"] is None


def test_refusals_while_the_plus_one_is_asked(scripted_dice) -> None:
    state, _ = asked_bonus(scripted_dice)
    for action in ({"type": "roll"}, {"type": "retreat"}, {"type": "end_attack"}, {"type": "end_turn"},
                   {"type": "escape", "territory": "yuss"}):
        refused(state, "blue", action, "tf.err.ask_bonus")
    refused(state, "blue", {"type": "bonus", "die": 2}, "tf.err.bonus_die")
    refused(state, "black", {"type": "bonus", "die": 0}, "err.not_your_turn")
    before = canonical(state)
    stanced, _ = GAME.apply(state, "black", {"type": "stance", "dice": 1, "leader": False, "lose": "first"})
    assert canonical(state) == before and stanced["ask"] == state["ask"]  # standing orders any time


def test_the_plus_one_is_refused_when_nothing_is_asked(scripted_dice) -> None:
    refused(bumblebee(), "blue", {"type": "bonus", "die": 0}, "tf.err.no_question")
    refused(bumblebee(), "blue", {"type": "escape", "territory": "yuss"}, "tf.err.no_question")


def test_the_answers_shapes_are_checked_at_the_door(scripted_dice) -> None:
    state, _ = asked_bonus(scripted_dice)
    for action in ({"type": "bonus"}, {"type": "bonus", "die": 3}, {"type": "bonus", "die": True},
                   {"type": "bonus", "die": "0"}, {"type": "escape", "territory": 3},
                   {"type": "rally", "order": "nearest"}, {"type": "rally"}):
        refused(state, "blue", action, "err.malformed")


# -- Bumblebee's escape ------------------------------------------------------------------------
def asked_escape(scripted_dice, until=False):
    """Bumblebee in vehicle mode loses with his robot (1, 1 against 6, 6): Iacon and Yuss are
    both his and next to Vos."""
    scripted_dice(*faces(1, 1), *faces(6, 6))
    return GAME.apply(bumblebee("vehicle"), "blue", {**ATTACK, "until": until})


def test_bumblebee_beaten_attacking_asks_where_he_escapes(scripted_dice) -> None:
    state, events = asked_escape(scripted_dice)
    roll = next(e for e in events if e["type"] == "roll")
    assert roll["att_leader_lost"] == "bumblebee" and roll["att_escaped"] is None
    ask = next(e for e in events if e["type"] == "ask")
    assert ask["kind"] == "escape" and ask["options"] == ["iacon", "yuss"] and "default" not in ask
    assert ask["private"] == {"blue": {"default": "iacon"}}  # his rally order's zone: his secret
    assert GAME.view(state, "blue")["you"]["escape_default"] == "iacon"
    assert GAME.view(state, "black")["you"]["escape_default"] is None
    assert GAME.view(state, None)["ask"] == GAME.view(state, "blue")["ask"] == GAME.view(state, "black")["ask"]
    assert "default" not in GAME.view(state, None)["ask"]
    assert ask["leader"] == "bumblebee" and ask["from"] == "vos"
    assert state["battle"] is None and not check_state(GAME, state)  # repelled; he waits where he stood
    assert GAME.legal_actions(state, "blue")[0] == {"type": "escape", "territory": ["iacon", "yuss"]}
    after, events = GAME.apply(state, "blue", {"type": "escape", "territory": "yuss"})
    assert events == [{"type": "escape", "seat": "blue", "leader": "bumblebee", "from": "vos", "territory": "yuss"}]
    assert after["leaders"]["bumblebee"]["zone"] == "yuss" and after["ask"] is None
    assert not check_state(GAME, after) and accepts(GAME.legal_actions(after, "blue"), {"type": "end_attack"})


def test_the_escapes_default_is_the_rally_order(scripted_dice) -> None:
    state, _ = asked_escape(scripted_dice)
    assert GAME.default_action(state, "blue") == {"type": "escape", "territory": "iacon"}  # first: map order
    state = bumblebee("vehicle")
    state["troops"]["yuss"] = 5
    state, _ = GAME.apply(state, "blue", {"type": "rally", "order": "strongest"})
    scripted_dice(*faces(1, 1), *faces(6, 6))
    state, _ = GAME.apply(state, "blue", ATTACK)
    assert state["ask"]["default"] == "yuss"  # 5 robots there, 2 left on Iacon
    after, _ = GAME.apply_system(state, {"type": "timeout"})
    assert after["leaders"]["bumblebee"]["zone"] == "yuss" and not check_state(GAME, after)


def test_refusals_while_the_escape_is_asked(scripted_dice) -> None:
    state, _ = asked_escape(scripted_dice)
    refused(state, "blue", {"type": "escape", "territory": "plasma_energy_chamber"}, "tf.err.escape_zone")
    refused(state, "blue", {"type": "escape", "territory": "kaon"}, "tf.err.escape_zone")
    refused(state, "blue", {"type": "escape", "territory": "nowhere"}, "err.malformed")
    for action in ({"type": "end_attack"}, {"type": "attack", "from": "yuss", "to": "vos", "count": 1},
                   {"type": "bonus", "die": 0}, {"type": "end_turn"}):
        refused(state, "blue", action, "tf.err.ask_escape")


# -- the rally order (Bumblebee defending) -----------------------------------------------------
def defending(order=None):
    zones = {"iacon": ("blue", 1), "sea_of_rust": ("blue", 2), "crystal_city": ("blue", 1),
             "launch_pad": ("blue", 5), "vos": ("black", 4)}
    state = staged(GAME, ["blue", "black"], zones, leaders={"blue": ("iacon", "vehicle")}, phase="attack",
                   current=1, filler="black")
    if order:
        state, _ = GAME.apply(state, "blue", {"type": "rally", "order": order})
    return state


def test_bumblebee_beaten_defending_escapes_where_his_rally_order_says(scripted_dice) -> None:
    for order, zone in ((None, "sea_of_rust"), ("strongest", "launch_pad"), ("weakest", "crystal_city"),
                        ("first", "sea_of_rust")):
        state = defending(order if order != "first" else "strongest")
        if order == "first":
            state, _ = GAME.apply(state, "blue", {"type": "rally", "order": "first"})
        scripted_dice(*faces(6, 6, 6), *faces(1, 1))
        after, events = GAME.apply(state, "black", {"type": "attack", "from": "vos", "to": "iacon", "count": 3})
        assert events[1]["def_escaped"] == zone and after["leaders"]["bumblebee"]["zone"] == zone, order
        assert after["ask"] is None and not check_state(GAME, after)


def test_the_rally_order_is_private_and_only_bumblebees(scripted_dice) -> None:
    state, events = GAME.apply(defending(), "blue", {"type": "rally", "order": "strongest"})
    assert events == [{"type": "rally", "seat": "blue", "private": {"blue": {"order": "strongest"}}}]
    assert GAME.view(state, "blue")["you"]["rally"] == "strongest"
    assert "rally" not in str(GAME.view(state, None)) and GAME.view(state, "black")["you"]["rally"] == "first"
    assert {"type": "rally", "order": ["first", "weakest"]} in GAME.legal_actions(state, "blue")
    assert not any(f["type"] == "rally" for f in GAME.legal_actions(state, "black"))
    refused(state, "blue", {"type": "rally", "order": "strongest"}, "tf.err.rally_same")


def test_an_open_escape_never_shows_the_rally_order_to_others(scripted_dice) -> None:
    state, _ = asked_escape(scripted_dice)
    other = {**state, "players": {**state["players"], "blue": {**state["players"]["blue"], "rally": "weakest"}},
             "ask": {**state["ask"], "default": "yuss"}}
    for seat in (None, "black"):
        assert GAME.view(state, seat) == GAME.view(other, seat)
    assert GAME.view(state, "blue") != GAME.view(other, "blue")
