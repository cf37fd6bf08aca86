"""One test per rule of the Transformers engine, through ``apply`` with fixed dice where dice
are thrown."""

from __future__ import annotations

import pytest

from bot.rules.base import RuleError
from bot.rules.compact import accepts
from bot.rules.transformers import GAME
from bot.rules.transformers.game import check_state
from tests.rules.transformers.tf_helpers import faces, staged

LEADERS = {"red": ("autobase", "robot"), "black": ("kaon", "robot")}


def two(zones, phase="attack", hands=None, leaders=None, **kw):
    zones = {"autobase": ("red", 2), "kaon": ("black", 2), **zones}
    return staged(GAME, ["red", "black"], zones, leaders={**LEADERS, **(leaders or {})}, hands=hands,
                  phase=phase, filler="black", **kw)


def team(zones, leaders=None, phase="attack", **kw):
    return staged(GAME, ["red", "black", "blue", "yellow"], zones, leaders=leaders, phase=phase, filler="black", **kw)


def legal(state, seat, action):
    return accepts(GAME.legal_actions(state, seat), action)


# -- setup ---------------------------------------------------------------------------------------
def test_setup_deals_thirty_robots_and_the_leaders() -> None:
    for n in (2, 3, 4):
        seats = [f"s{i}" for i in range(n)]
        state = GAME.setup(seats, {}, 11)
        first = state["order"][0]
        placed = {s: sum(state["troops"][t] for t in GAME.board.order if state["owner"][t] == s) for s in seats}
        assert all(placed[s] == 30 for s in seats), placed  # the leader besides
        assert state["owner"]["decagon"] is None and state["owner"]["moon_alpha"] is None
        assert all(state["owner"][t] for t in GAME.board.order if t not in ("decagon", "moon_alpha"))
        assert len(state["leaders"]) == n and state["day"] == 1 and state["phase"] == "place"
        assert state["reserve"] == state["income"]["zones"] + state["income"]["sectors"] and first == "s0"
        sides = [GAME.side_of(state, s) for s in seats]
        assert sides.count("autobot") == (1 if n < 4 else 2)
        if n == 4:
            assert sides[0] != sides[1] and sides[0] == sides[2]  # teammates sit opposite
            assert state["teams"]["s0"] == ["s0", "s2"]
        assert not check_state(GAME, state)


def test_leaders_are_picked_in_the_lobby_or_drawn() -> None:
    state = GAME.setup(["a", "b"], {}, 3, {"a": {"leader": "megatron"}, "b": {"leader": "bumblebee"}})
    assert state["players"]["a"]["leader"] == "megatron" and state["players"]["b"]["leader"] == "bumblebee"
    drawn = GAME.setup(["a", "b", "c"], {"leaders": "random"}, 3)
    assert sorted(GAME.side_of(drawn, s) for s in "abc") == ["autobot", "decepticon", "decepticon"]


# -- phase 1 -------------------------------------------------------------------------------------
def test_income_counts_zones_sectors_and_factories() -> None:
    purple = [t for t in GAME.board.regions["purple"].territories if t != "decagon"]
    state = two({t: ("red", 1) for t in purple}, open_={"decagon": False})
    assert GAME.income(state, "red") == {"zones": 3, "sectors": 5, "factories": 0}  # a closed factory is no zone
    state = two({**{t: ("red", 1) for t in purple}, "decagon": ("black", 1)}, open_={"decagon": True})
    assert GAME.income(state, "red")["sectors"] == 0  # an open factory counts in its sector
    state = two({**{t: ("red", 1) for t in purple}, "decagon": ("red", 5)}, open_={"decagon": True},
                leaders={"red": ("decagon", "robot")})
    assert GAME.income(state, "red") == {"zones": 3, "sectors": 5, "factories": 3}  # at most 3 a factory


def test_blocking_initiators_double_once() -> None:
    red = {t: ("red", 1) for t in GAME.board.regions["orange"].territories}
    state = two(red, phase="place", reserve=5, hands={"red": ["kalis", "tyger_pax"]})
    state["income"] = GAME.income(state, "red")
    state, _ = GAME.apply(state, "red", {"type": "play", "card": "kalis"})
    assert state["reserve"] == 7
    state, events = GAME.apply(state, "red", {"type": "play", "card": "tyger_pax"})
    assert state["reserve"] == 7 and events[-1]["robots"] == 0


def test_reviving_a_leader_costs_three_robots() -> None:
    state = two({"autobase": ("red", 2)}, phase="place", reserve=5, leaders={"red": (None, "robot")})
    assert legal(state, "red", {"type": "revive", "territory": "autobase", "mode": "vehicle"})
    state, events = GAME.apply(state, "red", {"type": "revive", "territory": "autobase", "mode": "vehicle"})
    assert state["leaders"]["optimus_prime"] == {"seat": "red", "zone": "autobase", "mode": "vehicle"}
    assert state["reserve"] == 2 and events[-1]["type"] == "revive"


# -- phase 2 -------------------------------------------------------------------------------------
def test_flipping_the_leader_changes_his_powers(scripted_dice) -> None:
    """Optimus Prime in robot mode adds +1 defending; flipped to vehicle mode, he does not."""
    zones = {"autobase": ("red", 0), "yuss": ("black", 4), "the_arena": ("red", 1)}
    state = two(zones, current=1)
    scripted_dice(*faces(4), *faces(3))  # one robot against Optimus alone: 4 against 3 + 1
    after, events = GAME.apply(state, "black", {"type": "attack", "from": "yuss", "to": "autobase", "count": 1})
    assert events[1]["def_final"] == [4] and events[1]["att_losses"] == 1
    state["leaders"]["optimus_prime"]["mode"] = "vehicle"
    scripted_dice(*faces(4), *faces(3))
    after, events = GAME.apply(state, "black", {"type": "attack", "from": "yuss", "to": "autobase", "count": 1})
    assert events[1]["def_final"] == [3] and events[1]["def_leader_lost"] == "optimus_prime"


def test_turning_a_pivot_opens_and_shuts_its_arrows() -> None:
    zones = {"praetorus_dock": ("red", 4), "praxus": ("black", 1), "torkulon": ("red", 1)}
    state = two(zones, phase="transform", hands={"red": ["the_arena", "praxus"]})
    attack = {"type": "attack", "from": "praetorus_dock", "to": "praxus", "count": 1}
    assert legal(state, "red", attack)
    shut, events = GAME.apply(state, "red", {"type": "transform", "zone": "praxus", "card": "the_arena"})
    assert shut["open"]["praxus"] is False and events[-1]["open"] is False
    assert not legal(shut, "red", attack) and GAME.nbrs(shut)["praxus"] == ()
    assert shut["owner"]["praxus"] == "black" and shut["troops"]["praxus"] == 1  # pieces stay
    opened, _ = GAME.apply(shut, "red", {"type": "transform", "zone": "praxus", "card": "praxus"})
    assert legal(opened, "red", attack)


def test_opening_a_factory_puts_a_robot_in_it() -> None:
    state = two({"the_arena": ("red", 2)}, phase="transform", hands={"red": ["perihex"]})
    state, _ = GAME.apply(state, "red", {"type": "transform", "zone": "decagon", "card": "perihex"})
    assert state["open"]["decagon"] and state["owner"]["decagon"] == "red" and state["troops"]["decagon"] == 1
    assert "decagon" in GAME.nbrs(state)["the_arena"] and not check_state(GAME, state)


def test_closing_a_factory_crushes_a_leader_too_and_may_eliminate() -> None:
    zones = {"decagon": ("black", 2), "the_arena": ("red", 2)}
    state = two(zones, phase="transform", hands={"red": ["perihex"], "black": ["kalis"]}, open_={"decagon": True},
                leaders={"black": ("decagon", "vehicle")})
    for t in GAME.board.order:  # black holds nothing else
        if state["owner"][t] == "black" and t != "decagon":
            state["owner"][t] = "red"
    after, events = GAME.apply(state, "red", {"type": "transform", "zone": "decagon", "card": "perihex"})
    assert after["leaders"]["megatron"]["zone"] is None
    kinds = [e["type"] for e in events]
    assert "eliminated" in kinds and kinds[-1] == "game_over"
    assert after["result"]["winners"] == ["red"] and after["result"]["reason"] == "conquest"
    assert "kalis" in after["deck"]  # the cards go back into the deck


def test_space_bridge_calls_for_back_up_in_phase_two() -> None:
    zones = {"autobase": ("red", 5), "orbital_platform_beta": ("red", 1)}
    state = two(zones, phase="transform", hands={"red": ["tarn"]})
    state, events = GAME.apply(state, "red", {"type": "backup", "card": "tarn", "from": "autobase",
                                              "to": "orbital_platform_beta", "count": 4})
    assert state["troops"]["orbital_platform_beta"] == 5 and state["phase"] == "transform"
    assert state["players"]["red"]["hand"] == []


# -- phase 3 -------------------------------------------------------------------------------------
def test_fusion_cannons_add_one_to_each_die_for_one_attack(scripted_dice) -> None:
    zones = {"autobase": ("red", 8), "yuss": ("black", 3)}
    state = two(zones, hands={"red": ["perihex"]}, leaders={"red": ("the_arena", "robot")})
    state, _ = GAME.apply(state, "red", {"type": "play", "card": "perihex"})
    scripted_dice(*faces(3, 3, 1), *faces(3, 2))
    state, events = GAME.apply(state, "red", {"type": "attack", "from": "autobase", "to": "yuss", "count": 3})
    assert events[1]["att_final"] == [4, 4, 2] and events[1]["def_losses"] == 2
    state, _ = GAME.apply(state, "red", {"type": "retreat"})
    scripted_dice(*faces(3, 3, 1), *faces(3))
    state, events = GAME.apply(state, "red", {"type": "attack", "from": "autobase", "to": "yuss", "count": 3})
    assert events[1]["att_final"] == [3, 3, 1]  # the card lasted that attack only


def test_spark_surge_and_targeting_array(scripted_dice) -> None:
    zones = {"autobase": ("red", 8), "yuss": ("black", 3)}
    state = two(zones, hands={"red": ["helex", "nyon"]}, leaders={"red": ("the_arena", "robot")})
    state, _ = GAME.apply(state, "red", {"type": "play", "card": "helex"})  # d8 for this attack
    state, _ = GAME.apply(state, "red", {"type": "play", "card": "nyon"})  # +1 on the highest, this turn
    scripted_dice(*faces(7, 2, 1), *faces(6, 5))
    state, events = GAME.apply(state, "red", {"type": "attack", "from": "autobase", "to": "yuss", "count": 3})
    assert events[1]["att_sides"] == [8, 8, 8] and events[1]["att_final"] == [8, 2, 1]


def test_a_defence_card_fires_by_standing_order(scripted_dice) -> None:
    zones = {"autobase": ("red", 8), "yuss": ("black", 3)}
    state = two(zones, hands={"black": ["neutral_territories"]}, leaders={"red": ("the_arena", "robot")})
    scripted_dice(*faces(4, 4, 1), *faces(3, 3))
    after, events = GAME.apply(state, "red", {"type": "attack", "from": "autobase", "to": "yuss", "count": 3})
    assert events[1]["type"] == "defence_card" and events[2]["def_final"] == [4, 4]
    assert after["players"]["black"]["hand"] == [] and events[2]["att_losses"] == 2
    state["players"]["black"]["defence"] = "never"
    scripted_dice(*faces(4, 4, 1), *faces(3, 3))
    after, events = GAME.apply(state, "red", {"type": "attack", "from": "autobase", "to": "yuss", "count": 3})
    assert events[1]["type"] == "roll" and events[1]["def_losses"] == 2


def test_the_defender_throws_the_dice_his_stance_says(scripted_dice) -> None:
    zones = {"autobase": ("red", 8), "yuss": ("black", 3)}
    state = two(zones, leaders={"red": ("the_arena", "robot")})
    state["players"]["black"]["stance"] = {"dice": 1, "leader": True, "lose": "last"}
    scripted_dice(*faces(2, 2, 1), *faces(6))
    _, events = GAME.apply(state, "red", {"type": "attack", "from": "autobase", "to": "yuss", "count": 3})
    assert events[1]["def_sides"] == [6] and events[1]["att_losses"] == 1


def test_barricade_in_vehicle_mode_pins_the_defender_to_one_die(scripted_dice) -> None:
    state = staged(GAME, ["red", "yellow"], {"autobase": ("red", 3), "yuss": ("yellow", 4)},
                   leaders={"yellow": ("yuss", "vehicle")}, phase="attack", current=1, filler="yellow")
    scripted_dice(*faces(5, 2, 1), *faces(4))
    _, events = GAME.apply(state, "yellow", {"type": "attack", "from": "yuss", "to": "autobase", "count": 2,
                                             "leader": True})
    assert events[1]["att_sides"] == [8, 6, 6] and events[1]["def_sides"] == [6]


def test_megatron_in_vehicle_mode_strikes_any_zone_alone(scripted_dice) -> None:
    state = two({"autobase": ("red", 1), "kaon": ("black", 2), "the_arena": ("red", 1)}, current=1,
                leaders={"black": ("kaon", "vehicle"), "red": ("the_arena", "robot")})
    strike = {"type": "attack", "from": "kaon", "to": "autobase", "count": 0, "leader": True}
    assert legal(state, "black", strike)
    scripted_dice(*faces(6), *faces(1))  # Megatron's d8 against the lone robot
    state, events = GAME.apply(state, "black", strike)
    assert events[1]["att_sides"] == [8] and any(e["type"] == "conquest" for e in events)
    assert state["leaders"]["megatron"]["zone"] == "autobase" and state["owner"]["autobase"] == "black"
    assert state["troops"]["autobase"] == 0 and not check_state(GAME, state)  # Megatron alone holds it


def test_bumblebee_in_vehicle_mode_escapes_instead_of_the_scrapyard(scripted_dice) -> None:
    state = staged(GAME, ["blue", "black"], {"iacon": ("blue", 1), "vos": ("black", 4), "crystal_city": ("blue", 1)},
                   leaders={"blue": ("iacon", "vehicle")}, phase="attack", current=1, filler="black")
    scripted_dice(*faces(6, 6, 6), *faces(1, 1))
    state, events = GAME.apply(state, "black", {"type": "attack", "from": "vos", "to": "iacon", "count": 3})
    roll = events[1]
    assert roll["def_leader_lost"] == "bumblebee" and roll["def_escaped"]
    assert state["leaders"]["bumblebee"]["zone"] == roll["def_escaped"]
    assert state["owner"][roll["def_escaped"]] == "blue" and state["owner"]["iacon"] == "black"


def test_a_leader_attacking_is_one_of_the_three_and_moves_in(scripted_dice) -> None:
    state = two({"autobase": ("red", 3), "yuss": ("black", 1)})
    scripted_dice(*faces(5, 5, 2), *faces(1))
    state, events = GAME.apply(state, "red", {"type": "attack", "from": "autobase", "to": "yuss", "count": 2,
                                              "leader": True})
    assert events[1]["att_sides"] == [8, 6, 6]
    assert state["leaders"]["optimus_prime"]["zone"] == "yuss" and state["troops"]["yuss"] == 2
    assert state["troops"]["autobase"] == 1 and not check_state(GAME, state)


def test_one_card_a_turn_at_most(scripted_dice) -> None:
    state = two({"autobase": ("red", 9), "yuss": ("black", 1), "orbital_platform_beta": ("black", 1)},
                leaders={"red": ("the_arena", "robot")}, deck=["kalis", "tarn", "ibex"])
    for target in ("yuss", "orbital_platform_beta"):
        scripted_dice(*faces(6, 6, 6), *faces(1))
        state, _ = GAME.apply(state, "red", {"type": "attack", "from": "autobase", "to": target, "count": 3})
    assert state["conquered"] == 2
    state, events = GAME.apply(state, "red", {"type": "end_turn"})
    assert state["players"]["red"]["hand"] == ["ibex"]
    draw = next(e for e in events if e["type"] == "draw")
    assert draw["count"] == 1 and GAME.events_for([draw], "black")[0].get("private") is None


# -- phase 4 and the team game -----------------------------------------------------------------
def test_optimus_prime_jumps_in_vehicle_mode() -> None:
    state = two({"autobase": ("red", 2), "the_arena": ("red", 1)}, leaders={"red": ("autobase", "vehicle")})
    assert legal(state, "red", {"type": "jump", "territory": "the_arena"})
    state, _ = GAME.apply(state, "red", {"type": "jump", "territory": "the_arena"})
    assert state["leaders"]["optimus_prime"]["zone"] == "the_arena" and state["phase"] == "manoeuvre"
    assert not legal(state, "red", {"type": "jump", "territory": "autobase"})  # once a turn
    state, _ = GAME.apply(state, "red", {"type": "manoeuvre", "from": "autobase", "to": "orbital_platform_beta",
                                         "count": 1}) if state["owner"]["orbital_platform_beta"] == "red" else \
        GAME.apply(state, "red", {"type": "end_turn"})
    assert state["current"] == 1


def test_back_up_goes_through_a_teammates_zones() -> None:
    zones = {"autobase": ("red", 4), "yuss": ("blue", 1), "vos": ("red", 1)}
    state = team(zones, leaders={"red": ("vos", "robot")})
    move = {"type": "manoeuvre", "from": "autobase", "to": "vos", "count": 3}
    after, events = GAME.apply(state, "red", move)
    assert after["troops"]["vos"] == 4 and events[0]["path"] == ["autobase", "yuss", "vos"]
    state["owner"]["yuss"] = "black"
    assert not legal(state, "red", move)


def test_giving_a_zone_to_the_teammate() -> None:
    state = team({"autobase": ("red", 4), "orbital_platform_beta": ("red", 3)}, leaders={"red": ("autobase", "robot")})
    state, events = GAME.apply(state, "red", {"type": "give", "territory": "orbital_platform_beta"})
    give = next(e for e in events if e["type"] == "give")
    assert give["to_seat"] == "blue" and give["scrapped"] == 3
    assert state["owner"]["orbital_platform_beta"] == "blue" and state["troops"]["orbital_platform_beta"] == 1
    assert state["current"] == 1  # instead of the back-up: the turn is over


def test_the_team_game_counts_zones_together() -> None:
    state = team({}, current=3, phase="manoeuvre", day=6, deck=["ibex"])
    order = list(GAME.board.order)
    for i, t in enumerate(t for t in order if state["owner"][t] is not None):
        state["owner"][t] = ("red", "blue", "black", "yellow")[i % 4] if i < 30 else "red"
    state["leaders"] = {lid: {**lead, "zone": None} for lid, lead in state["leaders"].items()}
    state, events = GAME.apply(state, "yellow", {"type": "end_turn"})
    over = events[-1]
    assert over["type"] == "game_over" and over["winners"] == ["red", "blue"]
    assert over["sides"]["red+blue"] > over["sides"]["black+yellow"]


# -- days ----------------------------------------------------------------------------------------
def test_the_matrix_and_the_calendar_at_the_end_of_each_day() -> None:
    state = two({"ibex": ("red", 2)}, current=1, phase="manoeuvre", day=2, deck=["kalis", "ibex"])
    state, events = GAME.apply(state, "black", {"type": "end_turn"})
    matrix = next(e for e in events if e["type"] == "matrix")
    assert matrix == {"type": "matrix", "day": 2, "territory": "ibex", "seat": "red", "robots": 3}
    assert state["troops"]["ibex"] == 5 and state["matrix"] == "ibex" and state["discard"][-1] == "ibex"
    assert state["day"] == 3 and any(e["type"] == "day" for e in events)
    assert events[-1]["type"] == "turn" and events[-1]["seat"] == "red" and events[-1]["day"] == 3


def test_the_matrix_on_a_closed_factory_brings_nothing() -> None:
    state = two({}, current=1, phase="manoeuvre", deck=["decagon"])
    state, events = GAME.apply(state, "black", {"type": "end_turn"})
    matrix = next(e for e in events if e["type"] == "matrix")
    assert matrix["seat"] is None and matrix["robots"] == 0 and state["troops"]["decagon"] == 0


def test_a_skip_and_a_timeout_keep_the_days() -> None:
    state = two({}, current=1, phase="attack", deck=["kalis", "ibex"])
    state, events = GAME.apply_system(state, {"type": "skip"})
    assert state["day"] == 2 and state["current"] == 0
    state, events = GAME.apply_system(state, {"type": "timeout"})
    assert events[0]["type"] == "timeout" and state["current"] == 1 and not check_state(GAME, state)


def test_more_robots_may_follow_a_capture(scripted_dice) -> None:
    """Page 13: the attackers move in, "and more from the attacking zone if you like",
    leaving one piece behind; only right after the capture."""
    state = two({"autobase": ("red", 6), "yuss": ("black", 1), "the_arena": ("red", 1)},
                leaders={"red": ("the_arena", "robot")})
    scripted_dice(*faces(6, 6, 6), *faces(1))
    state, _ = GAME.apply(state, "red", {"type": "attack", "from": "autobase", "to": "yuss", "count": 3})
    assert (state["troops"]["autobase"], state["troops"]["yuss"]) == (3, 3)
    assert legal(state, "red", {"type": "advance", "count": 2}) and not legal(state, "red", {"type": "advance",
                                                                                             "count": 3})
    state, events = GAME.apply(state, "red", {"type": "advance", "count": 2})
    assert (state["troops"]["autobase"], state["troops"]["yuss"]) == (1, 5) and events[0]["type"] == "advance"
    before = dict(state["troops"])
    with pytest.raises(RuleError) as err:
        GAME.apply(state, "red", {"type": "advance", "count": 1})
    assert err.value.key == "tf.err.advance" and state["troops"] == before


def test_the_players_may_place_their_starting_robots() -> None:
    """Option ``setup: place`` (pages 4–5): leader and one robot on the starting zone, then one
    robot a turn on an empty zone, then the rest one by one on one's own; then day 1."""
    state = GAME.setup(["a", "b"], {"setup": "place"}, 2)
    assert state["phase"] == "claim" and state["claims"] == {"a": 29, "b": 29}
    assert sum(1 for o in state["owner"].values() if o) == 2 and not check_state(GAME, state)
    empty = GAME.empty_zones(state)
    assert len(empty) == 38 and GAME.legal_actions(state, "a")[0] == {"type": "claim", "territory": empty}
    state, events = GAME.apply(state, "a", {"type": "claim", "territory": empty[0]})
    assert events == [{"type": "claim", "seat": "a", "territory": empty[0], "left": 28}]
    assert GAME.to_act(state) == ["b"]
    with pytest.raises(RuleError) as err:
        GAME.apply(state, "b", {"type": "claim", "territory": empty[0]})
    assert err.value.key == "tf.err.claim_empty"
    state, events = GAME.apply_system(state, {"type": "skip"})  # b's robot goes on the first free zone
    assert events[-1]["type"] == "claim" and events[-1]["seat"] == "b"
    while state["phase"] == "claim":
        seat = GAME.current(state)
        if not GAME.empty_zones(state):
            mine = [t for t in GAME.board.order if state["owner"][t] == seat]
            other = next(t for t in GAME.board.order if state["owner"][t] not in (seat, None))
            with pytest.raises(RuleError):
                GAME.apply(state, seat, {"type": "claim", "territory": other})
            state, events = GAME.apply(state, seat, {"type": "claim", "territory": mine[0]})
        else:
            state, events = GAME.apply(state, seat, GAME.default_action(state, seat))
        assert not check_state(GAME, state)
    assert events[-1]["type"] == "turn" and events[-1]["seat"] == "a" and state["claims"] is None
    placed = {s: sum(state["troops"][t] for t in GAME.board.order if state["owner"][t] == s) for s in "ab"}
    assert placed == {"a": 30, "b": 30}
