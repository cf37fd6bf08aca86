"""The standing order ``flee``: a zombie that reaches a player in another player's turn is fled
from (as the encounter's flight: a wound, or a survivor when the wound would be the last
health; no action), so nobody waits for the attacked player to answer."""

from __future__ import annotations

from bot.rules.zombie_town import GAME
from tests.rules.zombie_town.zt_helpers import (
    act,
    clear_zombies,
    combat,
    me,
    others,
    put,
    started,
    zombies,
)


def _attacked(order: str, health: int = 3, followers: list | None = None, car: bool = False):  # noqa: ANN202
    state = started()
    clear_zombies(state)
    mover, target, far = me(state), *others(state)
    put(state, target, "E5")
    state["players"][far]["pos"] = None
    state["players"][target]["health"] = health
    state["players"][target]["followers"] = followers or []
    if order != "best":
        state, _ = act(state, {"type": "order", "order": order}, target)
    zombies(state, "E6", 1)
    state["phase"], state["zmoves"] = "zombies", 1
    combat(state, 6)
    return state, mover, target


def test_flee_order_flees_instead_of_fighting() -> None:
    state, mover, target = _attacked("flee")
    after, events = act(state, {"type": "zombie", "from": "E6", "to": "E5"}, mover)
    kinds = [e["type"] for e in events]
    assert "zombie_fight" not in kinds
    fled = next(e for e in events if e["type"] == "fled")
    assert fled["seat"] == target and fled["from"] == "E5" and fled["pay"] == "damage" and fled["reaction"]
    p = after["players"][target]
    assert p["health"] == 2 and p["pos"] == fled["to"] and after["zombies"].get(p["pos"], 0) == 0
    # the farthest square within the flee distance, never where the zombie is
    assert fled["to"] != "E5" and after["zombies"]["E5"] == 1
    GAME.check(after)


def test_flee_order_sacrifices_a_survivor_rather_than_the_last_health() -> None:
    followers = [{"card": "survivor_2", "weapon": {"card": "bat_1", "ammo": 0}}, {"card": "survivor_1", "weapon": None}]
    state, mover, target = _attacked("flee", health=1, followers=followers)
    after, events = act(state, {"type": "zombie", "from": "E6", "to": "E5"}, mover)
    fled = next(e for e in events if e["type"] == "fled")
    assert fled["pay"] == "survivor_1"  # the unarmed one goes first
    p = after["players"][target]
    assert p["health"] == 1 and [f["card"] for f in p["followers"]] == ["survivor_2"] and p["pos"] == fled["to"]


def test_the_other_orders_still_fight() -> None:
    state, mover, _target = _attacked("best")
    _after, events = act(state, {"type": "zombie", "from": "E6", "to": "E5"}, mover)
    assert any(e["type"] == "zombie_fight" for e in events) and not any(e["type"] == "fled" for e in events)


def test_flee_is_a_legal_standing_order_and_secret() -> None:
    state = started()
    seat = others(state)[0]
    forms = [f for f in GAME.legal_actions(state, seat) if f["type"] == "order"]
    assert forms and "flee" in forms[0]["order"]
    after, events = act(state, {"type": "order", "order": "flee"}, seat)
    assert GAME.view(after, seat)["you"]["order"] == "flee"
    assert "flee" not in str(GAME.events_for(events, None)) and "flee" not in str(GAME.view(after, None))
