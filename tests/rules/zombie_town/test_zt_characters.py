"""Zombie Town's guards, characters, event cards, weapons' reach and standing orders, and the
malformed-action door, with stated positions and fixed draws."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.rules.base import RuleError, canonical, clone
from bot.rules.zombie_town import GAME
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
    zombies,
)


def refused(state, action, seat=None) -> RuleError:  # noqa: ANN001
    frozen = canonical(state)
    with pytest.raises(RuleError) as info:
        act(state, action, seat)
    assert canonical(state) == frozen
    return info.value


# -- guards, characters and events ------------------------------------------------------------
def test_a_guard_fights_the_zombie_that_gets_into_its_house() -> None:
    state = started()
    clear_zombies(state)
    mover, owner, far = me(state), *others(state)
    put(state, owner, "a")
    put(state, far, "P16")
    put(state, mover, "P1")
    state["houses"]["a"].update(owner=owner, guards=[{"card": "survivor_4", "weapon": {"card": "bat_3", "ammo": 0}}])
    zombies(state, "B4", 1)
    state["phase"], state["zmoves"] = "zombies", 1
    combat(state, 1, 3)  # a player in the house is attacked before its guard
    after, events = act(state, {"type": "zombie", "from": "B4", "to": "a"})
    assert next(e for e in events if e["type"] == "zombie_fight")["seat"] == owner
    from bot.rules.zombie_town.zombies import attack

    state2 = clone(state)
    put(state2, owner, "P2")
    zombies(state2, "a", 1)
    combat(state2, 3)  # 3 + the bat's 1 = 4: the guard kills it, the owner collects it
    events2: list = []
    attack(state2, None, "a", events2)  # type: ignore[arg-type]
    assert events2[0]["type"] == "guard_fight" and events2[0]["won"]
    assert state2["players"][owner]["zombies"] == 1 and "a" not in state2["zombies"]


@pytest.mark.parametrize(("character", "check"), [
    ("coach", "health"), ("sheriff", "shooting"), ("brawler", "melee"), ("sprinter", "free_move"),
    ("handyman", "barricade"), ("scavenger", "search"),
])
def test_each_character(character: str, check: str) -> None:
    state = started()
    clear_zombies(state)
    mine, other = me(state), others(state)[0]
    put(state, mine, "E5", character=character)
    if check == "health":
        fresh = GAME.setup(["x", "y", "z"], {}, 1)
        assert all(p["max_health"] == settings().health + (p["character"] == "coach")
                   for p in fresh["players"].values())
    elif check in ("shooting", "melee"):
        put(state, other, "E5" if check == "melee" else "E7")
        gun = state["players"][mine]["weapons"][0]["card"]
        combat(state, 3, 3)
        after, events = act(state, {"type": "attack", "target": other, "fighter": "self",
                                    "weapon": gun if check == "shooting" else "none"})
        fight = next(e for e in events if e["type"] == "player_fight")
        assert fight["attacker"]["bonus"] == (2 if check == "shooting" else 1)
    elif check == "free_move":
        free = next(f for f in GAME.legal_actions(state, mine) if f["type"] == "move" and f["free"])
        assert "E7" in free["to"]  # two squares
    elif check == "barricade":
        put(state, mine, "b")
        give(state, mine, "barricade_2")
        after, _ = act(state, {"type": "barricade", "card": "barricade_2"})
        assert after["actions"] == state["actions"] and after["houses"]["b"]["owner"] == mine
    else:
        put(state, mine, "b")
        state["players"][mine]["hand"] = []
        after, _ = act(state, {"type": "search"})
        assert after["houses"]["b"]["card"] == state["houses"]["b"]["card"]


@pytest.mark.parametrize("event", ["rush", "jam", "windfall", "collapse"])
def test_each_event_card(event: str) -> None:
    state = started()
    clear_zombies(state)
    mine = me(state)
    put(state, mine, "b", character=None)
    state["players"][mine]["hand"] = []
    state["houses"]["b"]["barricades"] = 1
    state["stands"] -= 1
    state["deck"] = [c for c in state["deck"] if c not in (f"{event}_1", "water_2")] + ["water_2", f"{event}_1"]
    box = state["box"]
    after, events = act(state, {"type": "search"})
    assert f"{event}_1" in after["discard"] and f"{event}_1" not in after["players"][mine]["hand"]
    if event == "rush":
        assert after["box"] == box - 3 and set(after["zombies"]) <= {"G6", "J6", "F7", "K7", "F10", "K10", "G11", "J11"}
    elif event == "jam":
        assert after["players"][mine]["weapons"][0]["ammo"] == state["players"][mine]["weapons"][0]["ammo"] - 1
    elif event == "windfall":
        assert after["players"][mine]["hand"] == ["water_2"]
    else:
        assert after["houses"]["b"]["barricades"] == 0 and after["stands"] == state["stands"] + 1


@pytest.mark.parametrize(("chain", "found"), [(5, True), (3, True), (2, False)])
def test_windfalls_in_a_row_stop_at_the_settings_chain(monkeypatch, chain: int, found: bool) -> None:  # noqa: ANN001
    """Three Windfalls in a row, then water: each Windfall finds another card while fewer than
    ``windfall_chain`` came before it in this search (settings.json, not the code)."""
    import bot.rules.zombie_town.actions as actions_mod
    from bot.rules.zombie_town.core import data as real_data

    d = real_data()
    patched = replace(d, settings=replace(d.settings, windfall_chain=chain))
    monkeypatch.setattr(actions_mod, "data", lambda: patched)
    state = started()
    clear_zombies(state)
    mine = me(state)
    put(state, mine, "b", character=None)
    state["players"][mine]["hand"] = []
    top = ["windfall_1", "windfall_2", "windfall_3", "water_2"]
    state["deck"] = [c for c in state["deck"] if c not in top] + list(reversed(top))
    after, events = act(state, {"type": "search"})
    assert [e["card"] for e in events if e["type"] == "event_card"] == top[:3]
    assert after["players"][mine]["hand"] == (["water_2"] if found else [])


def test_a_gun_reaches_two_steps_a_hand_weapon_only_ones_own_square() -> None:
    state = started()
    clear_zombies(state)
    mine, other = me(state), others(state)[0]
    put(state, mine, "E5")
    put(state, other, "E7")
    forms = [f for f in GAME.legal_actions(state, mine) if f["type"] == "attack"]
    assert forms and all(f["weapon"] != "none" for f in forms)  # only a loaded gun reaches E7
    put(state, other, "E8")
    assert not any(f["type"] == "attack" for f in GAME.legal_actions(state, mine))
    state["players"][mine]["weapons"][0]["ammo"] = 0
    put(state, other, "E7")
    assert not any(f["type"] == "attack" for f in GAME.legal_actions(state, mine))


# -- standing orders and malformed actions ----------------------------------------------------
@pytest.mark.parametrize(("order", "fighter"), [("best", "survivor_1"), ("self", "self"), ("survivors", "survivor_1")])
def test_a_standing_order_says_who_fights_a_zombie_attack_outside_ones_turn(order: str, fighter: str) -> None:
    state = started()
    clear_zombies(state)
    mover, target, far = me(state), *others(state)
    put(state, target, "E5")
    state["players"][far]["pos"] = None
    state["players"][target]["followers"] = [{"card": "survivor_1", "weapon": {"card": "chainsaw_1", "ammo": 0}}]
    state["players"][target]["weapons"] = []
    state["players"][target]["character"] = None
    after, events = act(state, {"type": "order", "order": order}, target) if order != "best" else (state, [])
    if order != "best":
        assert after["actions"] == state["actions"] and GAME.events_for(events, None)[0] == {
            "type": "order_set", "seat": target}
        assert GAME.view(after, target)["you"]["order"] == order
    zombies(after, "E6", 1)
    after["phase"], after["zmoves"] = "zombies", 1
    combat(after, 6)
    done, events = act(after, {"type": "zombie", "from": "E6", "to": "E5"}, mover)
    assert next(e for e in events if e["type"] == "zombie_fight")["fighter"] == fighter


@pytest.mark.parametrize("action", [
    {"type": "move", "to": "Q1"}, {"type": "move", "to": "E5", "free": 1}, {"type": "fight", "fighter": "self"},
    {"type": "drive", "to": "a"}, {"type": "drive", "to": "E5", "path": ["E4"] * 7},
    {"type": "order", "order": "hide"}, {"type": "agenda_discard", "card": "survivor_1"},
])
def test_malformed_actions_are_refused_at_the_door_in_the_games_words(action: dict) -> None:
    from bot.rules.errors import MalformedAction

    state = started()
    error = refused(state, action)
    assert isinstance(error, MalformedAction) and error.params["detail_key"].startswith("zt.malformed.")
