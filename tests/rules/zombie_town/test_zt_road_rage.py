"""Zombie Town 2: Road Rage, sentence by sentence (cars, keys, damage, secret agendas, the
final count), each with a stated position; refusals leave the state unchanged."""

from __future__ import annotations

import pytest

from bot.rules.base import RuleError, canonical
from bot.rules.zombie_town import GAME
from bot.rules.zombie_town.agendas import deal_agendas
from bot.rules.zombie_town.board import heading_after
from bot.rules.zombie_town.flow import scores
from bot.rules.zombie_town.zombies import moves
from tests.rules.zombie_town.zt_helpers import (
    act,
    clear_zombies,
    combat,
    me,
    others,
    put,
    settings,
    started,
    types,
    zombies,
)


def refused(state, action, seat=None) -> RuleError:  # noqa: ANN001
    frozen = canonical(state)
    with pytest.raises(RuleError) as info:
        act(state, action, seat)
    assert canonical(state) == frozen
    return info.value


def in_car(state, seat, car="a", square="E5", heading="S", damage=0):  # noqa: ANN001, ANN201
    """``seat`` at the wheel of ``car`` on ``square``, holding its key."""
    c = state["cars"][car]
    c.update(pos=square, heading=heading, damage=damage, driver=seat)
    p = state["players"][seat]
    p.update(pos=square, car=car)
    if car not in p["keys"]:
        p["keys"].append(car)
    return state


# -- setup ------------------------------------------------------------------------------------
@pytest.mark.parametrize("n", [2, 3, 6])
def test_setup_cars_keys_and_agendas(n: int) -> None:
    seats = [f"p{i}" for i in range(n)]
    state = GAME.setup(seats, {}, 3)
    houses = GAME.view(state)["houses"]
    for h, car in state["cars"].items():
        assert car["pos"] == houses[h]["driveway"] and car["damage"] == 0 and car["driver"] is None
    bases = {state["players"][s]["base"] for s in seats}
    for s in seats:
        assert state["players"][s]["keys"] == [state["players"][s]["base"]]  # the key of one's own car
    under = [x["key"] for h, x in state["houses"].items() if h not in bases]
    assert all(k is not None for k in under) and all(state["houses"][h]["key"] is None for h in bases)
    assert sorted(under + sorted(bases)) == sorted(state["houses"])  # one key per car, face down
    assert all(houses[h]["key"] is True for h in houses if h not in bases)  # the board shows them face down
    for s in seats:
        agendas = state["players"][s]["agendas"]
        assert len(agendas) == 2 and len({a.rsplit("_", 1)[0] for a in agendas}) == 2


def test_two_identical_agendas_at_the_deal_are_shown_one_discarded_and_redrawn() -> None:
    state = started(2)
    a = state["order"][0]
    for p in state["players"].values():
        p["agendas"] = []
    state["agenda_deck"] = ["bully_1", "bully_2", "valet_1", "landlord_2", "landlord_1"]
    state["order"] = [a]
    events: list = []
    deal_agendas(state, None, events)  # type: ignore[arg-type]
    dup = next(e for e in events if e["type"] == "agenda_duplicate")
    assert dup == {"type": "agenda_duplicate", "seat": a, "card": "landlord_2"}  # shown to all
    assert state["players"][a]["agendas"] == ["landlord_1", "valet_1"] and "landlord_2" in state["agenda_discard"]


# -- keys -------------------------------------------------------------------------------------
def test_a_key_is_seen_only_from_inside_its_house_and_taken_for_an_action() -> None:
    state = started()
    mine, other = me(state), others(state)[0]
    house = next(h for h, x in state["houses"].items() if x["key"] is not None)
    key = state["houses"][house]["key"]
    put(state, mine, "E5")
    assert GAME.view(state, mine)["you"]["key_here"] is None
    assert not any(f["type"] == "take_key" for f in GAME.legal_actions(state, mine))
    put(state, mine, house)
    assert GAME.view(state, mine)["you"]["key_here"] == key
    assert GAME.view(state, other)["you"]["key_here"] is None  # in their base, which has no key
    assert GAME.view(state)["houses"][house]["key"] is True
    after, events = act(state, {"type": "take_key"})
    assert key in after["players"][mine]["keys"] and after["houses"][house]["key"] is None
    assert after["actions"] == state["actions"] - 1
    taken = next(e for e in events if e["type"] == "key_taken")
    assert "key" not in GAME.events_for([taken], None)[0] and GAME.events_for([taken], mine)[0]["mine"] == {"key": key}
    assert GAME.view(after)["players"][mine]["keys"] == len(state["players"][mine]["keys"]) + 1  # a count only
    # or put it back: leaving the house without taking it leaves it there, face down
    left, _ = act(state, {"type": "move", "to": GAME.view(state)["houses"][house]["facade"]})
    assert left["houses"][house]["key"] == key


# -- driving ----------------------------------------------------------------------------------
def test_entering_a_car_needs_its_key_and_an_action() -> None:
    state = started()
    clear_zombies(state)
    mine = me(state)
    state["cars"]["a"]["pos"] = "E5"
    put(state, mine, "E5", keys=[])
    refused(state, {"type": "enter_car"})
    state["players"][mine]["keys"] = ["a"]
    after, events = act(state, {"type": "enter_car"})
    assert after["players"][mine]["car"] == "a" and after["cars"]["a"]["driver"] == mine
    assert after["actions"] == state["actions"] - 1


def test_a_drive_costs_an_action_or_the_free_move_and_goes_up_to_six_squares() -> None:
    state = started()
    clear_zombies(state)
    seat = me(state)
    state = in_car(state, seat, square="E3")
    dests = next(f for f in GAME.legal_actions(state, seat) if f["type"] == "drive" and not f["free"])["to"]
    assert "E9" in dests and "E10" not in dests  # six squares south at most
    after, _ = act(state, {"type": "drive", "to": "E9"})
    assert after["actions"] == state["actions"] - 1 and after["players"][seat]["pos"] == "E9" == after["cars"]["a"]["pos"]
    after, _ = act(state, {"type": "drive", "to": "E9", "free": True})
    assert after["actions"] == state["actions"] and not after["free"]
    refused(after, {"type": "drive", "to": "E3", "free": True})


def test_a_car_goes_forward_backward_or_diagonally_never_sideways() -> None:
    assert heading_after("S", "S") == "S" and heading_after("S", "N") == "S"  # forward, backward
    assert heading_after("S", "SE") == "SE" and heading_after("S", "NE") == "SW"  # diagonals turn it
    assert heading_after("S", "E") is None and heading_after("S", "W") is None  # never sideways
    state = started()
    clear_zombies(state)
    seat = me(state)
    in_car(state, seat, square="E5", heading="S")
    refused(state, {"type": "drive", "to": "F5", "path": ["F5"]})
    after, events = act(state, {"type": "drive", "to": "F6", "path": ["F6"]})
    assert after["cars"]["a"]["heading"] == "SE"
    after, _ = act(state, {"type": "drive", "to": "E4", "path": ["E4"]})  # backwards
    assert after["cars"]["a"]["heading"] == "S"


def test_survivors_ride_along_with_the_driver() -> None:
    state = started()
    clear_zombies(state)
    seat = me(state)
    in_car(state, seat)
    state["players"][seat]["followers"] = [{"card": "survivor_1", "weapon": None}]
    after, _ = act(state, {"type": "drive", "to": "E9"})
    assert after["players"][seat]["followers"] == [{"card": "survivor_1", "weapon": None}]
    assert after["players"][seat]["pos"] == "E9"


def test_running_zombies_over_one_damage_each_collected_at_once() -> None:
    state = started()
    clear_zombies(state)
    seat = me(state)
    in_car(state, seat)
    zombies(state, "E7", 2)
    after, events = act(state, {"type": "drive", "to": "E9", "path": ["E6", "E7", "E8", "E9"]})
    assert after["cars"]["a"]["damage"] == 2 and after["players"][seat]["zombies"] == 2 and "E7" not in after["zombies"]
    drove = next(e for e in events if e["type"] == "drove")
    assert drove["run_over"] == 2 and after["players"][seat]["stats"]["run_over"] == 2


def test_too_many_zombies_the_car_kills_up_to_its_fourth_damage_then_no_longer_works() -> None:
    state = started()
    clear_zombies(state)
    seat = me(state)
    in_car(state, seat, damage=2)
    zombies(state, "E6", 3)
    refused(state, {"type": "drive", "to": "E7", "path": ["E6", "E7"]})  # it stops where it breaks down
    after, events = act(state, {"type": "drive", "to": "E6", "path": ["E6"]})
    assert after["cars"]["a"]["damage"] == settings().car_max_damage and after["zombies"]["E6"] == 1
    assert after["players"][seat]["zombies"] == 2 and "car_broken" in types(events)
    assert after["phase"] == "encounter"  # one zombie more than the damage it can still take: none
    assert not any(f["type"] == "drive" for f in GAME.legal_actions(after, seat))
    assert not GAME.view(after)["cars"]["a"]["working"]


def test_leaving_the_car_is_free_then_fight_what_is_there_or_take_a_wound_and_move_three_away() -> None:
    state = started()
    clear_zombies(state)
    seat = me(state)
    in_car(state, seat)
    after, events = act(state, {"type": "exit_car"})
    assert after["actions"] == state["actions"] and after["players"][seat]["car"] is None
    assert after["players"][seat]["pos"] == "E5" and after["cars"]["a"]["pos"] == "E5"  # stays on the square
    zombies(state, "E5", 1)
    after, events = act(state, {"type": "exit_car"})
    assert after["phase"] == "encounter"
    flee = next(f for f in GAME.legal_actions(after, seat) if f["type"] == "flee")
    assert "E8" in flee["to"] and "E9" not in flee["to"]  # three squares
    fled, _ = act(after, {"type": "flee", "to": "E8", "pay": "damage"})
    assert fled["players"][seat]["health"] == after["players"][seat]["health"] - 1
    combat(after, 6)
    fought, events = act(after, {"type": "fight", "fighter": "self", "weapon": "none"})
    assert fought["players"][seat]["zombies"] == 1 and fought["phase"] == "act"


def test_a_car_parked_on_a_facade_keeps_zombies_out_of_the_house() -> None:
    state = started()
    clear_zombies(state)
    mover, inside, far = me(state), *others(state)
    put(state, inside, "a")
    state["players"][far]["pos"] = None  # dead, awaiting their turn: no prey
    zombies(state, "B4", 1)
    assert moves(state, mover) == {"B4": ["a"]}
    state["cars"]["a"]["pos"] = "B4"  # parked on the facade (its driveway C4 left open)
    assert moves(state, mover) == {"B4": ["C4"]}  # round to the other way in
    assert GAME.view(state)["cars"]["a"]["parked_on"] == "a"
    state["cars"]["b"]["pos"] = "C4"  # and a car in the driveway
    assert moves(state, mover) == {}


def test_from_the_start_a_car_in_its_driveway_keeps_zombies_out_that_way() -> None:
    """« Les zombis ne peuvent pas entrer dans la maison en passant par une case contenant une
    voiture, et cela dès le début du jeu »: a house is entered from its door or its driveway,
    and the car that starts in the driveway bars that way in to zombies from the first turn;
    once it drives off, zombies come in that way too. Players walk in either way."""
    state = started()
    clear_zombies(state)
    mover, inside, far = me(state), *others(state)
    put(state, inside, "a")
    state["players"][far]["pos"] = None  # dead, awaiting their turn: no prey
    assert state["cars"]["a"]["pos"] == "C4"  # the driveway, as set up
    zombies(state, "C4", 1)
    assert moves(state, mover) == {"C4": ["B4"]}  # not into the house: round by the door
    assert GAME.view(state)["cars"]["a"]["parked_on"] == "a"
    state["phase"], state["zmoves"] = "zombies", 2
    after, _ = act(state, {"type": "zombie", "from": "C4", "to": "B4"})
    assert after["zombies"] == {"B4": 1}
    refused(state, {"type": "zombie", "from": "C4", "to": "a"}, mover)
    state["cars"]["a"]["pos"] = "C5"  # driven off: the driveway is open
    assert moves(state, mover) == {"C4": ["a"]}
    state["cars"]["a"]["pos"] = "C4"
    state["cars"]["b"]["pos"] = "B4"  # a car at each way in: nobody gets in
    assert moves(state, mover) == {}
    # a player walks in by the driveway, car or not
    state = started()
    clear_zombies(state)
    walker = me(state)
    put(state, walker, "C5")
    for x in state["houses"].values():
        x["barricades"] = 0
    reach = next(f["to"] for f in GAME.legal_actions(state, walker) if f["type"] == "move" and not f.get("free"))
    assert "a" in reach
    after, events = act(state, {"type": "move", "to": "a"})
    assert after["players"][walker]["pos"] == "a" and next(e for e in events if e["type"] == "moved")["path"] == ["C4", "a"]


def test_zombies_ignore_a_driver_until_they_outnumber_the_damage_the_car_can_still_take() -> None:
    state = started()
    clear_zombies(state)
    driver, far = others(state)
    in_car(state, driver, square="E5", damage=2)  # can take 2 more
    state["players"][far]["pos"] = None
    zombies(state, "E5", 2)
    zombies(state, "E6", 1)
    state["phase"], state["zmoves"] = "zombies", 2
    health = state["players"][driver]["health"]
    combat(state, 1)
    after, events = act(state, {"type": "zombie", "from": "E6", "to": "E5"})  # now 3 > 2: it attacks
    fight = next(e for e in events if e["type"] == "zombie_fight")
    assert fight["seat"] == driver and fight["reaction"]
    assert after["players"][driver]["health"] == health - 1  # 1 + the gun's 1: less than 4
    state["zombies"]["E5"] = 1
    after, events = act(state, {"type": "zombie", "from": "E6", "to": "E5"})  # 2, not more than 2
    assert "zombie_fight" not in types(events)


def test_a_player_in_a_car_can_be_shot_as_normal_but_cars_hurt_no_player() -> None:
    state = started()
    clear_zombies(state)
    mine, driver = me(state), others(state)[0]
    in_car(state, driver, square="E6")
    put(state, mine, "E5")
    forms = [f for f in GAME.legal_actions(state, mine) if f["type"] == "attack"]
    assert all(f["weapon"] != "none" for f in forms if driver in f["target"])  # shooting only
    gun = state["players"][mine]["weapons"][0]["card"]
    combat(state, 6, 1)
    after, events = act(state, {"type": "attack", "target": driver, "fighter": "self", "weapon": gun})
    assert next(e for e in events if e["type"] == "player_fight")["shooting"]
    assert after["players"][driver]["health"] == state["players"][driver]["health"] - 1
    # a driver goes through another player's square and hurts nobody
    state2 = started()
    clear_zombies(state2)
    seat, other = me(state2), others(state2)[0]
    in_car(state2, seat)
    put(state2, other, "E7")
    after, events = act(state2, {"type": "drive", "to": "E9", "path": ["E6", "E7", "E8", "E9"]})
    assert after["players"][other]["health"] == state2["players"][other]["health"]
    assert not {"wounded", "player_fight"} & set(types(events))


# -- secret agendas ---------------------------------------------------------------------------
def _agenda_state(cards: list[str]):  # noqa: ANN202
    state = started()
    clear_zombies(state)
    seat = me(state)
    for x in state["houses"].values():
        x["owner"] = None
    p = state["players"][seat]
    state["agenda_deck"] = [c for c in state["agenda_deck"] if c not in cards]
    p.update(agendas=list(cards), done=[], zombies=0, hand=[], keys=[])
    put(state, seat, "E5")
    return state, seat


def test_an_agenda_met_goes_face_up_for_good_with_the_objective_met_on_top_and_a_redraw_is_optional() -> None:
    state, seat = _agenda_state(["landlord_1", "valet_1"])
    state["houses"]["a"]["owner"] = state["houses"]["b"]["owner"] = seat  # two houses: the lower objective
    after, events = act(state, {"type": "move", "to": "E6", "free": True})
    done = next(e for e in events if e["type"] == "agenda_completed")
    assert done == {"type": "agenda_completed", "seat": seat, "card": "landlord_1", "objective": 0, "value": 2}
    assert after["players"][seat]["done"] == [{"card": "landlord_1", "objective": 0}]
    assert GAME.view(after)["players"][seat]["done"][0]["value"] == 2  # face up, public
    assert after["phase"] == "redraw"
    kept, _ = act(after, {"type": "agenda_redraw", "draw": False})
    assert kept["players"][seat]["agendas"] == ["valet_1"] and kept["phase"] == "act"
    also, _ = act(after, {"type": "agenda_redraw"})  # "draw" left out: listed as [True, False], so no draw
    assert canonical(also) == canonical(kept)
    drew, events = act(after, {"type": "agenda_redraw", "draw": True})
    assert len(drew["players"][seat]["agendas"]) == 2
    drawn = next(e for e in events if e["type"] == "agenda_drawn")
    assert "card" not in GAME.events_for([drawn], None)[0]
    kept["houses"]["a"]["owner"] = None  # no longer met: it stays completed
    assert scores(kept)[seat]["agendas"] == 2 - 2  # +2 completed, −2 the lower value of valet, in hand


def test_both_objectives_met_the_higher_goes_on_top() -> None:
    state, seat = _agenda_state(["zombie_hunter_1"])
    state["players"][seat]["zombies"] = 12
    after, events = act(state, {"type": "move", "to": "E6", "free": True})
    assert after["players"][seat]["done"] == [{"card": "zombie_hunter_1", "objective": 1}]


def test_an_agenda_identical_to_one_completed_can_never_be_completed() -> None:
    state, seat = _agenda_state(["zombie_hunter_2"])
    state["players"][seat]["done"] = [{"card": "zombie_hunter_1", "objective": 0}]
    state["players"][seat]["zombies"] = 12
    after, events = act(state, {"type": "move", "to": "E6", "free": True})
    assert "agenda_completed" not in types(events) and after["players"][seat]["agendas"] == ["zombie_hunter_2"]


def test_an_action_discards_an_agenda_with_an_optional_redraw_and_never_more_than_two() -> None:
    state, seat = _agenda_state(["valet_1", "bully_1"])
    after, events = act(state, {"type": "agenda_discard", "card": "valet_1"})
    assert after["players"][seat]["agendas"] == ["bully_1"] and after["actions"] == state["actions"] - 1
    assert "valet_1" in after["agenda_discard"]
    after, _ = act(state, {"type": "agenda_discard", "card": "valet_1", "draw": True})
    assert len(after["players"][seat]["agendas"]) == 2
    state2, seat2 = _agenda_state(["landlord_1", "valet_1"])
    state2["houses"]["a"]["owner"] = state2["houses"]["b"]["owner"] = seat2
    state2["players"][seat2]["agendas"].append("bully_1")  # (a third never comes: tested by the guard)
    with pytest.raises(RuleError):
        GAME.check(state2)


def test_an_agenda_is_discarded_once_a_turn() -> None:
    """« A chaque tour, vous pouvez dépenser une action pour défausser une carte »: once a turn,
    even with actions left and an agenda still in hand; the next turn, again."""
    state, seat = _agenda_state(["valet_1", "bully_1"])
    assert any(f["type"] == "agenda_discard" for f in GAME.legal_actions(state, seat))
    after, _ = act(state, {"type": "agenda_discard", "card": "valet_1", "draw": True})
    assert after["actions"] == state["actions"] - 1 > 0 and len(after["players"][seat]["agendas"]) == 2
    assert not any(f["type"] == "agenda_discard" for f in GAME.legal_actions(after, seat))
    err = refused(after, {"type": "agenda_discard", "card": "bully_1"})
    assert err.key == "zt.err.agenda_once"
    state = after
    while GAME.current(state) == seat:  # the turn ends; the others play theirs
        state, _ = GAME.apply(state, seat, GAME.default_action(state, seat))
    while GAME.current(state) != seat:
        who = GAME.current(state)
        state, _ = GAME.apply(state, who, GAME.default_action(state, who))
    assert state["phase"] == "act" and state["actions"] > 0  # (this seed: no zombie on the way)
    assert any(f["type"] == "agenda_discard" for f in GAME.legal_actions(state, seat))
    after, _ = act(state, {"type": "agenda_discard", "card": "bully_1"})
    assert "bully_1" not in after["players"][seat]["agendas"]


def test_the_final_count_adds_agendas_and_working_cars_whose_key_one_holds() -> None:
    state, seat = _agenda_state(["valet_1"])
    state["players"][seat]["done"] = [{"card": "bully_1", "objective": 1}]
    state["players"][seat]["keys"] = ["a", "b", "c"]
    state["cars"]["c"]["damage"] = settings().car_max_damage  # broken: no point
    row = scores(state)[seat]
    assert row["agendas"] == 5 - 2 and row["cars"] == 2 * settings().working_car_points
    assert "cars" not in scores(state, final=False)[seat]  # keys are secret until the end


def test_without_road_rage_there_are_no_cars_keys_or_agendas() -> None:
    state = started(3, road_rage=False)
    assert state["cars"] == {} and all(not p["agendas"] and not p["keys"] for p in state["players"].values())
    refused(state, {"type": "take_key"})
    refused(state, {"type": "agenda_discard", "card": "valet_1"})
