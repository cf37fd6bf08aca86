"""Zombie Town's base game as we built it (docs/zombie_town.md), and each FAQ answer, with a
stated position and fixed draws; refusals leave the state unchanged."""

from __future__ import annotations

import json

import pytest

from bot.rules.base import RuleError, canonical, clone
from bot.rules.zombie_town import GAME
from bot.rules.zombie_town.data import DATA_DIR, DataError, load, load_settings
from bot.rules.zombie_town.flow import scores
from tests.rules.zombie_town.zt_helpers import (
    act,
    clear_zombies,
    combat,
    give,
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


# -- data -------------------------------------------------------------------------------------
def test_the_data_loads_with_the_rulebook_counts() -> None:
    d = load()
    assert len(d.deck) == 102 and len(d.agenda_deck) == 30 and len(d.houses) == 12
    assert sum(d.settings.combat.values()) == 30 and len(d.settings.characters) == 6
    assert d.settings.days[6] == 8 and all(d.settings.days[n] == 10 for n in (2, 3, 4, 5))
    assert d.settings.rr_days == 10  # Road Rage: « Survivez les 10 jours », whatever the count
    assert {c.rsplit("_", 1)[0] for c in d.deck if d.settings.cards[c.rsplit("_", 1)[0]]["kind"] == "event"}


@pytest.mark.parametrize(("path", "value", "message"), [
    (("cards", "pistol", "count"), 7, "action deck"),
    (("combat_deck", "6"), 6, "combat deck"),
    (("road_rage", "agendas", "valet", "objectives", 1, "value"), 2, "different values"),
    (("road_rage", "agendas", "valet", "objectives", 0, "stat"), "luck", "unknown stat"),
    (("days",), {"3": 10}, "player count"),
    (("actions_per_turn",), "three", "actions_per_turn"),
    (("windfall_chain",), -1, "windfall_chain"),
    (("windfall_chain",), "5", "windfall_chain"),
    (("road_rage", "days"), 0, "days"),
    (("road_rage", "days"), 11, "zombies_moved_per_turn"),  # a day past the zombies' tables
])
def test_a_broken_settings_file_fails_loudly(path: tuple, value: object, message: str) -> None:
    raw = json.loads((DATA_DIR / "settings.json").read_text(encoding="utf-8"))
    node = raw
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    with pytest.raises(DataError, match=message):
        load_settings(raw)


# -- setup ------------------------------------------------------------------------------------
@pytest.mark.parametrize("n", [2, 3, 6])
def test_setup(n: int) -> None:
    seats = [f"p{i}" for i in range(n)]
    state = GAME.setup(seats, {}, 5)
    s = settings()
    bases = {state["players"][x]["base"] for x in seats}
    assert len(bases) == n and all(state["houses"][state["players"][x]["base"]]["owner"] == x for x in seats)
    assert all(state["players"][x]["pos"] == state["players"][x]["base"] for x in seats)
    assert sum(state["zombies"].values()) == 8 * s.zombies_per_x and state["box"] == 100 - 8
    for x in seats:
        p = state["players"][x]
        assert len(p["hand"]) == s.deal and not any(c.split("_")[0] in ("horde", "rush", "jam", "windfall",
                                                                          "collapse") for c in p["hand"])
        assert p["weapons"][0]["ammo"] == 3  # a three-bullet gun each
    assert state["phase"] == "deal"
    while state["phase"] == "deal":  # each keeps three
        state, _ = GAME.apply(state, GAME.current(state), GAME.default_action(state, GAME.current(state)))
    assert all(len(state["players"][x]["hand"]) == s.keep for x in seats)
    assert GAME.current(state) == state["first"] and state["actions"] == s.actions


# -- moving -----------------------------------------------------------------------------------
def test_an_action_walks_two_squares_and_the_free_move_one() -> None:
    state = started()
    clear_zombies(state)
    put(state, me(state), "E5")
    legal = {a["free"]: a["to"] for a in GAME.legal_actions(state, me(state)) if a["type"] == "move"}
    assert set(legal[True]) == {"E4", "D5", "F5", "E6"}
    assert "E7" in legal[False] and "C5" in legal[False] and "E8" not in legal[False]
    after, events = act(state, {"type": "move", "to": "E7"})
    assert after["actions"] == 2 and after["free"] and after["players"][me(state)]["pos"] == "E7"
    after, _ = act(after, {"type": "move", "to": "E8", "free": True})
    assert after["actions"] == 2 and not after["free"]
    refused(after, {"type": "move", "to": "E9", "free": True})


def test_a_house_is_one_square_entered_from_its_facade() -> None:
    state = started()
    clear_zombies(state)
    put(state, me(state), "B5")
    after, _ = act(state, {"type": "move", "to": "a"})  # B5 → B4 (facade) → the house
    assert after["players"][me(state)]["pos"] == "a"
    put(state, me(state), "A3")
    refused(state, {"type": "move", "to": "a", "free": True})  # beside the house, not at its door


def test_another_players_barricade_keeps_a_player_out_but_not_its_owner() -> None:
    state = started()
    clear_zombies(state)
    mine, theirs = me(state), others(state)[0]
    state["houses"]["a"].update(owner=theirs, barricades=1)
    state["stands"] -= 1
    put(state, mine, "B4")
    assert "a" not in next(f["to"] for f in GAME.legal_actions(state, mine) if f["type"] == "move")
    refused(state, {"type": "move", "to": "a"})
    state["houses"]["a"]["owner"] = mine
    after, _ = act(state, {"type": "move", "to": "a"})
    assert after["players"][mine]["pos"] == "a"


def test_walking_into_zombies_stops_there_and_they_must_be_fought_or_fled() -> None:
    state = started()
    clear_zombies(state)
    put(state, me(state), "E5")
    zombies(state, "E6", 2)
    assert "E7" not in next(f["to"] for f in GAME.legal_actions(state, me(state)) if f["type"] == "move")
    after, events = act(state, {"type": "move", "to": "E6"})
    assert after["phase"] == "encounter" and after["encounter"] == {"seat": me(state), "left": 2}
    kinds = {f["type"] for f in GAME.legal_actions(after, me(state))} - GAME.anytime_actions
    assert kinds == {"fight", "flee"}


# -- fights -----------------------------------------------------------------------------------
def _in_encounter(n: int = 1):  # noqa: ANN202
    state = started()
    clear_zombies(state)
    put(state, me(state), "E5")
    zombies(state, "E6", n)
    state, _ = act(state, {"type": "move", "to": "E6", "free": True})
    return state


def test_a_zombie_fight_won_collects_the_zombie_and_costs_no_action() -> None:
    state = _in_encounter()
    combat(state, 3)  # 3 + the starting gun's 1 = 4, the zombie's strength
    gun = state["players"][me(state)]["weapons"][0]["card"]
    after, events = act(state, {"type": "fight", "fighter": "self", "weapon": gun})
    fight = next(e for e in events if e["type"] == "zombie_fight")
    assert fight["cards"] == [3] and fight["total"] == 4 and fight["won"]
    p = after["players"][me(state)]
    assert p["zombies"] == 1 and p["weapons"][0]["ammo"] == 2 and after["actions"] == 3
    assert after["phase"] == "act" and "E6" not in after["zombies"]


def test_a_zombie_fight_lost_wounds_and_the_zombie_stays() -> None:
    state = _in_encounter()
    combat(state, 2)
    after, events = act(state, {"type": "fight", "fighter": "self", "weapon": "none"})
    p = after["players"][me(state)]
    assert p["health"] == p["max_health"] - 1 and after["zombies"]["E6"] == 1
    assert after["phase"] == "act"  # each zombie fought once: the encounter is over


def test_faq_a_pistol_that_draws_2_draws_two_combat_cards_when_shooting_and_keeps_the_better() -> None:
    state = _in_encounter()
    p = state["players"][me(state)]
    give(state, me(state), "pistol_1")
    deck_before = list(state["combat"])
    state["phase"], state["encounter"] = "act", None
    state, events = act(state, {"type": "equip", "card": "pistol_1"})
    assert state["combat"] == deck_before  # equipping draws nothing: the ability works in a fight
    assert not any(e["type"] == "event_card" for e in events)
    combat(state, 2, 5)
    after, events = act(state, {"type": "fight", "fighter": "self", "weapon": "pistol_1"})
    fight = next(e for e in events if e["type"] == "zombie_fight")
    assert fight["cards"] == [2, 5] and fight["kept"] == 5 and fight["total"] == 6 and fight["won"]
    assert after["players"][me(state)]["weapons"][-1] == {"card": "pistol_1", "ammo": 2}
    assert p["health"] == after["players"][me(state)]["health"]


def test_faq_a_survivor_can_be_sacrificed_instead_of_a_wound_and_the_pawn_moves_back_3_squares() -> None:
    state = _in_encounter()
    state["players"][me(state)]["followers"] = [{"card": "survivor_1", "weapon": None}]
    flee = next(f for f in GAME.legal_actions(state, me(state)) if f["type"] == "flee")
    assert "survivor_1" in flee["pay"] and "E9" in flee["to"]  # three squares away
    health = state["players"][me(state)]["health"]
    after, events = act(state, {"type": "flee", "to": "E9", "pay": "survivor_1"})
    p = after["players"][me(state)]
    assert p["pos"] == "E9" and p["health"] == health and p["followers"] == []
    assert "survivor_1" in after["discard"] and after["phase"] == "act"
    after, _ = act(state, {"type": "flee", "to": "E9", "pay": "damage"})
    assert after["players"][me(state)]["health"] == health - 1


def test_faq_an_empty_gun_is_dropped_at_any_time_without_an_action() -> None:
    state = started()
    mine, other = me(state), others(state)[0]
    state["players"][other]["weapons"][0]["ammo"] = 0
    gun = state["players"][other]["weapons"][0]["card"]
    assert {"type": "drop", "weapon": [gun]} in GAME.legal_actions(state, other)  # not their turn
    after, _ = act(state, {"type": "drop", "weapon": gun}, other)
    assert after["players"][other]["weapons"] == [] and after["actions"] == state["actions"]
    state["players"][mine]["weapons"][0]["ammo"] = 1
    refused(state, {"type": "drop", "weapon": state["players"][mine]["weapons"][0]["card"]})  # still loaded


def test_faq_an_armed_survivor_fights_for_you_even_in_a_fight_you_start_but_not_when_you_are_targeted() -> None:
    state = started()
    clear_zombies(state)
    mine, other = me(state), others(state)[0]
    put(state, mine, "E5")
    put(state, other, "E5")
    for seat in (mine, other):
        state["players"][seat]["followers"] = [{"card": f"survivor_{1 if seat == mine else 2}",
                                                "weapon": {"card": f"bat_{1 if seat == mine else 2}", "ammo": 0}}]
    forms = [f for f in GAME.legal_actions(state, mine) if f["type"] == "attack"]
    assert any(f["fighter"] == "survivor_1" and f["weapon"] == "bat_1" for f in forms)
    combat(state, 5, 3)  # my survivor draws 5 (+1 bat), they draw 3
    after, events = act(state, {"type": "attack", "target": other, "fighter": "survivor_1", "weapon": "bat_1"})
    fight = next(e for e in events if e["type"] == "player_fight")
    assert fight["attacker"]["fighter"] == "survivor_1" and fight["defender"]["fighter"] == "self"
    assert fight["winner"] == mine and after["players"][other]["health"] == state["players"][other]["health"] - 1
    zombies(state, "E5", 1)  # and against a zombie, an armed survivor may fight for the player
    state["phase"], state["encounter"] = "encounter", {"seat": mine, "left": 1}
    assert {"type": "fight", "fighter": "survivor_1", "weapon": "bat_1"} in GAME.legal_actions(state, mine)


def test_faq_a_defender_reacts_without_spending_actions() -> None:
    state = started()
    clear_zombies(state)
    mine, other = me(state), others(state)[0]
    put(state, mine, "a")
    put(state, other, "a")
    combat(state, 1, 6)  # the defender wins
    after, events = act(state, {"type": "attack", "target": other, "fighter": "self", "weapon": "none"})
    assert after["actions"] == state["actions"] - 1  # the attacker's action only
    assert after["players"][mine]["health"] == state["players"][mine]["health"] - 1
    state2 = clone(after)
    while GAME.current(state2) != other:  # the defender's own turn comes with all its actions
        state2, _ = GAME.apply(state2, GAME.current(state2), GAME.default_action(state2, GAME.current(state2)))
    assert state2["actions"] == settings().actions


def test_faq_claiming_a_house_after_killing_its_guard() -> None:
    """A kills the survivor guarding B's house; B keeps it while a barricade stands; A claims
    it by adding a barricade to those there, or, once all are broken, by placing one."""
    state = started()
    clear_zombies(state)
    a, b = me(state), others(state)[0]
    state["houses"]["c"].update(owner=b, barricades=2, guards=[{"card": "survivor_3", "weapon": None}])
    state["stands"] -= 2
    put(state, a, "c")
    combat(state, 6, 1)
    after, events = act(state, {"type": "attack", "target": "survivor_3", "fighter": "self", "weapon": "none"})
    assert "guard_killed" in types(events) and after["houses"]["c"]["owner"] == b  # barricades still stand
    give(after, a, "barricade_1")
    claimed, events = act(after, {"type": "barricade", "card": "barricade_1"})
    assert claimed["houses"]["c"]["owner"] == a and claimed["houses"]["c"]["barricades"] == 3
    broken, _ = act(after, {"type": "break"})
    broken, events = act(broken, {"type": "break"})
    assert broken["houses"]["c"]["owner"] is None and "house_lost" in types(events)  # the last one gave way
    assert broken["houses"]["c"]["owner"] != a  # still to be claimed by a survivor or a barricade


def test_faq_a_dead_player_discards_character_weapons_and_followers_only() -> None:
    state = _in_encounter()
    mine = me(state)
    p = state["players"][mine]
    p["health"] = 1
    p["followers"] = [{"card": "survivor_1", "weapon": {"card": "bat_1", "ammo": 0}}]
    give(state, mine, "canned_food_1")
    state["houses"]["d"].update(owner=mine, guards=[{"card": "survivor_2", "weapon": None}])
    combat(state, 1)
    after, events = act(state, {"type": "fight", "fighter": "self", "weapon": "none"})
    died = next(e for e in events if e["type"] == "died")
    q = after["players"][mine]
    assert q["pos"] is None and q["character"] is None and q["weapons"] == [] and q["followers"] == []
    assert set(died["discarded"]) == {"survivor_1", "bat_1"} | {w["card"] for w in p["weapons"]}
    assert "canned_food_1" in q["hand"] and after["houses"]["d"]["guards"] and after["houses"]["d"]["owner"] == mine
    assert {"survivor_1", "bat_1"} <= set(after["discard"])
    # at the start of their next turn they come back, at full health, with a new character
    turn = after["turn"]
    while GAME.current(after) != mine or after["turn"] == turn:
        after, _ = GAME.apply(after, GAME.current(after), GAME.default_action(after, GAME.current(after)))
    assert after["players"][mine]["pos"] is not None and after["players"][mine]["health"] >= settings().health


def test_faq_a_tie_goes_to_the_most_zombies_collected() -> None:
    state = started(2)
    a, b = state["order"]
    for x in state["houses"].values():
        x["owner"] = None
    state["players"][a].update(zombies=3, hand=[], agendas=[], done=[], keys=[])
    state["players"][b].update(zombies=1, hand=["fuel_1"], agendas=[], done=[], keys=[])  # 1 + 2 = 3 points each
    table = scores(state)
    assert table[a]["total"] == table[b]["total"] == 3
    state["day"] = settings().days[2]
    state["day_turns"] = 1
    state["phase"] = "zombies"
    clear_zombies(state)
    after, events = GAME.apply(state, me(state), {"type": "zombies_auto"})
    assert GAME.outcome(after)["winners"] == [a]


# -- zombies ----------------------------------------------------------------------------------
def test_zombies_move_towards_the_other_players_as_many_as_the_day() -> None:
    state = started()
    clear_zombies(state)
    mine, b, c = me(state), *others(state)
    put(state, mine, "E12")
    put(state, b, "A1")
    put(state, c, "P16")
    zombies(state, "E13", 1)  # beside the mover: it still goes towards the others
    state["day"] = 3
    after, events = act(state, {"type": "end"})
    assert after["phase"] == "zombies" and after["zmoves"] == 3
    legal = next(f for f in GAME.legal_actions(after, mine) if f["type"] == "zombie")
    assert legal["from"] == "E13" and set(legal["to"]) == {"F13", "E14"}  # towards the nearest other, P16
    after2, _ = act(after, {"type": "zombie", "from": "E13", "to": legal["to"][0]})
    assert after2["zmoves"] == 2
    refused(after2, {"type": "zombie", "from": legal["to"][0], "to": "E13"})  # never away from them


def test_a_zombie_stepping_into_a_barricaded_house_breaks_a_barricade_instead() -> None:
    state = started()
    clear_zombies(state)
    mine, b, c = me(state), *others(state)
    put(state, b, "a")
    put(state, c, "a")
    put(state, mine, "P16")
    state["houses"]["a"].update(owner=b, barricades=1)
    state["stands"] -= 1
    zombies(state, "B4", 1)
    state["phase"], state["zmoves"] = "zombies", 1
    after, events = act(state, {"type": "zombie", "from": "B4", "to": "a"})
    assert after["houses"]["a"]["barricades"] == 0 and after["zombies"] == {"B4": 1}
    assert after["houses"]["a"]["owner"] is None  # the last barricade fell
    assert "barricade_broken" in types(events)


def test_a_day_passes_when_everyone_has_played_and_zombies_rise() -> None:
    state = started()
    day = state["day"]
    box = state["box"]
    for _ in range(3):
        seat = GAME.current(state)
        state, _ = GAME.apply(state, seat, {"type": "end"})
        while state["phase"] == "zombies":
            state, events = GAME.apply(state, seat, {"type": "zombies_auto"})
    assert state["day"] == day + 1
    rise = next(e for e in events if e["type"] == "zombies_rise")
    assert sum(rise["squares"].values()) == settings().spawned[day] and state["box"] == box - settings().spawned[day]
    assert all(sq in ("G6", "J6", "F7", "K7", "F10", "K10", "G11", "J11") for sq in rise["squares"])


@pytest.mark.parametrize(("n", "road_rage", "days"), [(2, True, 10), (3, True, 10), (6, True, 10), (6, False, 8),
                                                      (3, False, 10)])
def test_the_game_ends_after_its_last_day(n: int, road_rage: bool, days: int) -> None:
    """Road Rage: « Survivez les 10 jours », « Après le 10ème jour »: 10 days with six players
    too; the base game alone keeps its 8 days with six (GAMES.md)."""
    state = started(n, road_rage=road_rage)
    assert GAME.view(state)["last_day"] == days
    turns = 0
    while GAME.outcome(state) is None:
        seat = GAME.current(state)
        state, _ = GAME.apply(state, seat, GAME.default_action(state, seat))
        turns += 1
        GAME.check(state)
    assert state["day"] == days


def test_the_two_player_variant_moves_one_more_zombie() -> None:
    state = started(2)
    state["day"] = 4
    after, events = act(state, {"type": "end"})
    assert next(e for e in events if e["type"] == "zombie_phase")["moves"] == 4 + settings().two_player_extra


# -- searching and scoring --------------------------------------------------------------------
def test_a_search_lowers_the_house_card_and_the_card_found_is_secret() -> None:
    state = started()
    mine = me(state)
    put(state, mine, "b", character=None)
    state["players"][mine]["hand"] = []
    state["deck"] = [c for c in state["deck"] if c != "water_1"] + ["water_1"]
    after, events = act(state, {"type": "search"})
    assert after["houses"]["b"]["card"] == state["houses"]["b"]["card"] - 1 and "water_1" in after["players"][mine]["hand"]
    found = next(e for e in events if e["type"] == "found")
    assert GAME.events_for([found], None) == [{"type": "found", "seat": mine}]
    assert GAME.events_for([found], mine)[0]["mine"] == {"card": "water_1"}


def test_an_event_card_cannot_be_kept_it_resolves_at_once() -> None:
    state = started()
    clear_zombies(state)
    mine = me(state)
    put(state, mine, "b")
    state["deck"] = [c for c in state["deck"] if c != "horde_1"] + ["horde_1"]
    after, events = act(state, {"type": "search"})
    assert "horde_1" not in after["players"][mine]["hand"] and "horde_1" in after["discard"]
    assert after["zombies"] == {"F4": 2}


def test_the_score_counts_supplies_survivors_zombies_and_houses() -> None:
    state = started(3, road_rage=False)
    mine = me(state)
    p = state["players"][mine]
    p.update(hand=["fuel_1", "water_1", "bat_1"], zombies=4, followers=[{"card": "survivor_1", "weapon": None}])
    for h, x in state["houses"].items():
        x["owner"] = mine if h in ("a", "b") else None
    state["houses"]["a"]["guards"] = [{"card": "survivor_2", "weapon": None}]
    pts = settings().points
    row = scores(state)[mine]
    assert row == {"houses": 2 * pts["house"], "survivors": 2 * pts["survivor"], "zombies": 4 * pts["zombie"],
                   "supplies": 3, "total": 2 * pts["house"] + 2 * pts["survivor"] + 4 * pts["zombie"] + 3}
    assert "supplies" not in scores(state, final=False)[mine]


# -- refusals ---------------------------------------------------------------------------------
@pytest.mark.parametrize("action", [
    {"type": "search"},  # not in a house
    {"type": "fight", "fighter": "self", "weapon": "none"},  # no zombie
    {"type": "equip", "card": "chainsaw_1"},  # not in hand
    {"type": "zombie", "from": "G6", "to": "G5"},  # not the zombie phase
    {"type": "agenda_redraw", "draw": True},
    {"type": "flee", "to": "E5", "pay": "damage"},
    {"type": "break"},
])
def test_refusals_change_nothing(action: dict) -> None:
    state = started()
    put(state, me(state), "E5")
    refused(state, action)


def test_out_of_actions_only_free_things_remain() -> None:
    state = started()
    clear_zombies(state)
    put(state, me(state), "E5")
    state["actions"] = 0
    kinds = {f["type"] for f in GAME.legal_actions(state, me(state))}
    assert kinds <= {"end", "move", "drop", "order", "exit_car", "drive", "barricade"}
    refused(state, {"type": "move", "to": "E7"})


@pytest.mark.parametrize(("house", "part", "square", "message"), [
    ("a", "facade", "E9", "must touch the house"),
    ("a", "driveway", "B4", "of its own"),
    ("b", "facade", "G7", "street square"),
])
def test_a_broken_board_fails_loudly(house: str, part: str, square: str, message: str) -> None:
    from bot.rules.zombie_town.data import _board

    raw = json.loads((DATA_DIR / "board.json").read_text(encoding="utf-8"))
    raw["houses"][house][part] = square
    with pytest.raises(DataError, match=message):
        _board(raw)


def test_the_board_check_wants_a_house_s_entrances_side_by_side() -> None:
    """A house's door and driveway side by side: a house is then never a shortcut, which the
    zombies' ways rely on (a car barring an entrance changes the ways to that house alone)."""
    from dataclasses import replace

    from bot.rules.zombie_town.board import check_board, geometry

    d = load()
    houses = {**d.houses, "a": {**d.houses["a"], "driveway": "A2"}}  # touches the house, not the door B4
    apart = replace(d, houses=houses)
    assert "a" in geometry(apart).walk["A2"]  # the driveway is a way in
    with pytest.raises(DataError, match="side by side"):
        check_board(apart)


def test_the_board_check_sees_a_square_nobody_can_reach() -> None:
    from dataclasses import replace

    from bot.rules.zombie_town.board import check_board

    d = load()
    rows = list(d.rows)
    rows[0] = ".#" + rows[0][2:]  # A1 walled in by B1 and A2
    rows[1] = "#" + rows[1][1:]
    walled = replace(d, rows=tuple(rows))
    with pytest.raises(DataError, match="reachable"):
        check_board(walled)
