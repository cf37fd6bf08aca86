"""A turn's actions on foot: walk, search, fight, attack, equip, reload, heal, recruit, arm,
barricade, guard, break a barricade, drop an empty gun.

Each costs one of the turn's actions, except the free move (one square on foot), dropping an
empty gun (any time, FAQ) and a defender's reactions (FAQ). Walking into zombies stops the
move there: the walker must fight them, or take a wound and flee (``encounter``).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from bot.rules.base import Action, Event, Rng, State
from bot.rules.zombie_town.board import distances, reachable
from bot.rules.zombie_town.combat import fight_zombie, fighters, lose_follower, player_fight
from bot.rules.zombie_town.core import (
    card_info,
    claim,
    data,
    defence_falls,
    discard_card,
    draw_action,
    geo,
    is_gun,
    kind,
    wound,
)
from bot.rules.zombie_town.messages import err
from bot.rules.zombie_town.zombies import add_zombies, car_capacity, spawn

__all__ = ["NONE", "check_fighter", "act_forms", "apply_act", "encounter_check", "free_squares", "walkable"]

NONE = "none"  # the weapon part of a fight without a weapon


def _char(state: State, seat: str) -> tuple[str, int]:
    char = state["players"][seat]["character"]
    if char is None:
        return "", 0
    c = data().settings.characters[char]
    return c["effect"], c["value"]


def free_squares(state: State, seat: str) -> int:
    effect, value = _char(state, seat)
    return data().settings.free_move + (value if effect == "free_move" else 0)


def walkable(state: State, seat: str, steps: int) -> dict[str, list[str]]:
    """Where ``seat`` may walk in 1 to ``steps`` steps → the path. Another player's barricaded
    house keeps them out; zombies stop the walk on their square."""
    houses, zombies = state["houses"], state["zombies"]

    def can_enter(node: str) -> bool:
        h = houses.get(node)
        return h is None or h["barricades"] == 0 or h["owner"] == seat

    return reachable(geo(), state["players"][seat]["pos"], steps, can_enter, lambda n: zombies.get(n, 0) > 0)


def encounter_check(state: State, seat: str, events: list[Event]) -> bool:
    """Zombies on ``seat``'s square attack (on foot, or in a car they outnumber): the player
    must fight each of them or flee. True if an encounter starts."""
    p = state["players"][seat]
    if p["pos"] is None:
        return False
    n = state["zombies"].get(p["pos"], 0)
    if n == 0 or (p["car"] is not None and n <= car_capacity(state, p["car"])):
        return False
    state["encounter"] = {"seat": seat, "left": n}
    state["phase"] = "encounter"
    events.append({"type": "encounter", "seat": seat, "node": p["pos"], "zombies": n, "in_car": p["car"]})
    return True


def _fight_forms(state: State, seat: str, shooting: bool = False) -> list[dict[str, Any]]:
    return [{"fighter": f, "weapon": w or NONE} for f, w in fighters(state, seat, shooting)]


def _targets(state: State, seat: str) -> tuple[list[str], list[str]]:
    """(targets within reach of a hand weapon, targets a loaded gun reaches)."""
    p = state["players"][seat]
    pos = p["pos"]
    near = _near(pos, data().settings.gun_range)
    melee, shoot = [], []
    for s, q in state["players"].items():
        if s == seat or q["pos"] is None or s in state["out"]:
            continue
        if q["pos"] == pos and q["car"] is None:
            melee.append(s)
        if q["pos"] in near:
            shoot.append(s)
    h = state["houses"].get(pos)
    if h is not None and h["owner"] != seat:
        melee += [g["card"] for g in h["guards"]]
        shoot += [g["card"] for g in h["guards"]]
    return melee, shoot


@cache
def _near(pos: str, reach: int) -> frozenset[str]:
    """The nodes within ``reach`` steps of ``pos`` (nothing on the board changes it)."""
    return frozenset(distances(geo(), [pos], lambda a, b: True, reach))


def act_forms(state: State, seat: str) -> list[Action]:
    s = data().settings
    p = state["players"][seat]
    out: list[Action] = [{"type": "end"}]
    if p["pos"] is None:
        return out
    acts = state["actions"] > 0
    pos, hand = p["pos"], p["hand"]
    house = state["houses"].get(pos)
    if p["car"] is None:
        walk = s.walk if acts else 0
        free = free_squares(state, seat) if state["free"] else 0
        # one search for both moves: the nodes within fewer steps are the same, by the same paths
        reach = walkable(state, seat, max(walk, free)) if walk or free else {}
        if walk and (dests := sorted(n for n, path in reach.items() if len(path) <= walk)):
            out.append({"type": "move", "to": dests, "free": False})
        if free and (dests := sorted(n for n, path in reach.items() if len(path) <= free)):
            out.append({"type": "move", "to": dests, "free": True})
        if acts and state["zombies"].get(pos):
            out += [{"type": "fight", **f} for f in _fight_forms(state, seat)]
        if acts:
            melee, shoot = _targets(state, seat)
            if melee:
                out += [{"type": "attack", "target": melee, **f} for f in _fight_forms(state, seat)]
            if shoot:
                out += [{"type": "attack", "target": shoot, **f} for f in _fight_forms(state, seat, True)]
    if acts and house is not None and house["card"] > 0 and len(hand) < s.hand_limit:
        out.append({"type": "search"})
    by_kind: dict[str, list[str]] = {}
    for c in hand:
        by_kind.setdefault(card_info(c)["kind"], []).append(c)
    if acts:
        if by_kind.get("weapon") and len(p["weapons"]) < s.max_weapons:
            out.append({"type": "equip", "card": by_kind["weapon"]})
        guns = [w["card"] for w in p["weapons"] if is_gun(w["card"])]
        if by_kind.get("ammo") and guns:
            out.append({"type": "reload", "card": by_kind["ammo"], "weapon": guns})
        if by_kind.get("first_aid") and p["health"] < p["max_health"]:
            out.append({"type": "heal", "card": by_kind["first_aid"]})
        if by_kind.get("survivor") and len(p["followers"]) < s.max_followers:
            out.append({"type": "recruit", "card": by_kind["survivor"]})
        bare = [f["card"] for f in p["followers"] if f["weapon"] is None]
        if bare and p["weapons"]:
            out.append({"type": "arm", "weapon": [w["card"] for w in p["weapons"]], "survivor": bare})
        if house is not None and p["followers"]:
            out.append({"type": "guard", "survivor": [f["card"] for f in p["followers"]]})
        brk = _breakable(state, seat)
        if brk is not None:
            out.append({"type": "break"})
    if house is not None and by_kind.get("barricade") and house["barricades"] < s.barricades_per_house \
            and state["stands"] > 0 and (acts or _char(state, seat)[0] == "barricade_free"):
        out.append({"type": "barricade", "card": by_kind["barricade"]})
    return out


def drop_forms(state: State, seat: str) -> list[Action]:
    p = state["players"][seat]
    empty = [w["card"] for w in p["weapons"] if is_gun(w["card"]) and w["ammo"] <= 0]
    return [{"type": "drop", "weapon": empty}] if empty and p["pos"] is not None else []


def _breakable(state: State, seat: str) -> str | None:
    pos = state["players"][seat]["pos"]
    house = pos if pos in state["houses"] else geo().house_at.get(pos)
    if house is None:
        return None
    h = state["houses"][house]
    return house if h["barricades"] > 0 and h["owner"] != seat else None


def _spend(state: State, free: bool = False) -> None:
    if not free:
        if state["actions"] <= 0:
            raise err("zt.err.no_actions")
        state["actions"] -= 1


def _take(hand: list[str], card: str, wanted: str) -> None:
    if card not in hand:
        raise err("zt.err.not_in_hand")
    if card_info(card)["kind"] != wanted:
        raise err("zt.err.wrong_card")
    hand.remove(card)


def apply_act(state: State, rng: Rng, seat: str, action: Action, events: list[Event]) -> None:
    """One action on foot (the caller checked it is the act phase and ``seat``'s turn)."""
    s = data().settings
    p = state["players"][seat]
    kind_ = action["type"]
    if p["pos"] is None:
        raise err("zt.err.dead")
    if p["car"] is not None and kind_ in ("move", "fight", "attack"):
        raise err("zt.err.in_car")
    pos = p["pos"]
    house = state["houses"].get(pos)
    if kind_ == "move":
        free = bool(action.get("free"))
        if free and not state["free"]:
            raise err("zt.err.no_free_move")
        path = walkable(state, seat, free_squares(state, seat) if free else s.walk).get(action["to"])
        if path is None:
            raise err("zt.err.unreachable", node=action["to"])
        _spend(state, free)
        if free:
            state["free"] = False
        p["pos"] = action["to"]
        if action["to"] in state["houses"] and action["to"] not in p["visited"]:
            p["visited"].append(action["to"])
        events.append({"type": "moved", "seat": seat, "from": pos, "path": path, "free": free})
        encounter_check(state, seat, events)
    elif kind_ == "search":
        if house is None:
            raise err("zt.err.not_in_house")
        if house["card"] <= 0:
            raise err("zt.err.house_empty")
        if len(p["hand"]) >= s.hand_limit:
            raise err("zt.err.hand_full", n=s.hand_limit)
        _spend(state)
        if _char(state, seat)[0] != "search_keep":
            house["card"] -= 1
        p["stats"]["searches"] += 1
        events.append({"type": "search", "seat": seat, "house": pos, "left": house["card"]})
        _draw_found(state, rng, seat, pos, events, depth=0)
    elif kind_ == "fight":
        if not state["zombies"].get(pos):
            raise err("zt.err.no_zombie")
        fighter, weapon = check_fighter(state, seat, action, False)
        _spend(state)
        fight_zombie(state, rng, seat, fighter, weapon, events, reaction=False)
    elif kind_ == "attack":
        melee, shoot = _targets(state, seat)
        target = action["target"]
        shooting = target not in melee
        if target not in (shoot if shooting else melee):
            raise err("zt.err.bad_target")
        fighter, weapon_ = check_fighter(state, seat, action, shooting)
        _spend(state)
        player_fight(state, rng, seat, target, fighter, weapon_, shooting, events)
    elif kind_ == "equip":
        if len(p["weapons"]) >= s.max_weapons:
            raise err("zt.err.too_many_weapons", n=s.max_weapons)
        _take(p["hand"], action["card"], "weapon")
        _spend(state)
        p["weapons"].append({"card": action["card"], "ammo": card_info(action["card"])["ammo"]})
        events.append({"type": "equipped", "seat": seat, "card": action["card"]})
    elif kind_ == "reload":
        gun = next((w for w in p["weapons"] if w["card"] == action["weapon"]), None)
        if gun is None or not is_gun(gun["card"]):
            raise err("zt.err.not_gun")
        _take(p["hand"], action["card"], "ammo")
        _spend(state)
        gun["ammo"] += card_info(action["card"])["bullets"]
        discard_card(state, action["card"])
        events.append({"type": "reloaded", "seat": seat, "weapon": gun["card"], "ammo": gun["ammo"]})
    elif kind_ == "heal":
        if p["health"] >= p["max_health"]:
            raise err("zt.err.full_health")
        _take(p["hand"], action["card"], "first_aid")
        _spend(state)
        p["health"] = min(p["max_health"], p["health"] + card_info(action["card"])["heal"])
        discard_card(state, action["card"])
        events.append({"type": "healed", "seat": seat, "health": p["health"]})
    elif kind_ == "recruit":
        if len(p["followers"]) >= s.max_followers:
            raise err("zt.err.too_many_followers", n=s.max_followers)
        _take(p["hand"], action["card"], "survivor")
        _spend(state)
        p["followers"].append({"card": action["card"], "weapon": None})
        events.append({"type": "recruited", "seat": seat, "card": action["card"]})
    elif kind_ == "arm":
        w = next((w for w in p["weapons"] if w["card"] == action["weapon"]), None)
        f = next((f for f in p["followers"] if f["card"] == action["survivor"]), None)
        if w is None:
            raise err("zt.err.no_weapon")
        if f is None:
            raise err("zt.err.no_follower")
        if f["weapon"] is not None:
            raise err("zt.err.follower_armed")
        _spend(state)
        p["weapons"].remove(w)
        f["weapon"] = w
        events.append({"type": "armed", "seat": seat, "survivor": f["card"], "weapon": w["card"]})
    elif kind_ == "barricade":
        if house is None:
            raise err("zt.err.not_in_house")
        if house["barricades"] >= s.barricades_per_house or state["stands"] <= 0:
            raise err("zt.err.barricades_full")
        _take(p["hand"], action["card"], "barricade")
        _spend(state, _char(state, seat)[0] == "barricade_free")
        house["barricades"] += 1
        state["stands"] -= 1
        discard_card(state, action["card"])
        events.append({"type": "barricaded", "seat": seat, "house": pos, "count": house["barricades"]})
        claim(state, seat, pos, events)
    elif kind_ == "guard":
        if house is None:
            raise err("zt.err.not_in_house")
        f = next((f for f in p["followers"] if f["card"] == action["survivor"]), None)
        if f is None:
            raise err("zt.err.no_follower")
        _spend(state)
        p["followers"].remove(f)
        house["guards"].append(f)
        events.append({"type": "guard_placed", "seat": seat, "house": pos, "card": f["card"]})
        claim(state, seat, pos, events)
    elif kind_ == "break":
        target = _breakable(state, seat)
        if target is None:
            raise err("zt.err.no_barricade")
        _spend(state)
        h = state["houses"][target]
        h["barricades"] -= 1
        state["stands"] += 1
        events.append({"type": "barricade_broken", "house": target, "by": seat, "left": h["barricades"]})
        defence_falls(state, target, events)


def check_fighter(state: State, seat: str, action: Action, shooting: bool) -> tuple[str, str | None]:
    """The fighter and weapon an action names, exactly as the legal forms list them (a
    survivor fights with its own weapon, ``"none"`` when it has none usable)."""
    fighter, weapon = action["fighter"], action["weapon"]
    weapon_ = None if weapon == NONE else weapon
    if (fighter, weapon_) not in fighters(state, seat, shooting):
        raise err("zt.err.bad_fighter")
    return fighter, weapon_


def flee_forms(state: State, seat: str) -> list[Action]:
    """Where ``seat`` may flee: up to the flee distance on foot, to a square without zombies;
    paid with a wound or by sacrificing a following survivor (FAQ)."""
    dests = sorted(n for n in walkable(state, seat, data().settings.flee_squares) if not state["zombies"].get(n))
    if not dests:
        return []
    pay = ["damage", *(f["card"] for f in state["players"][seat]["followers"])]
    return [{"type": "flee", "to": dests, "pay": pay}]


def flee(state: State, seat: str, action: Action, events: list[Event]) -> None:
    p = state["players"][seat]
    forms = flee_forms(state, seat)
    if not forms or action["to"] not in forms[0]["to"] or action["pay"] not in forms[0]["pay"]:
        raise err("zt.err.no_flee")
    if p["car"] is not None:
        state["cars"][p["car"]]["driver"] = None
        events.append({"type": "car_left", "seat": seat, "car": p["car"], "node": p["pos"]})
        p["car"] = None
    state["encounter"] = None
    events.append({"type": "fled", "seat": seat, "from": p["pos"], "to": action["to"], "pay": action["pay"]})
    if action["pay"] == "damage":
        wound(state, seat, data().settings.flee_damage, events)
    else:
        lose_follower(state, seat, action["pay"], events)
    if p["pos"] is not None:
        p["pos"] = action["to"]
        if action["to"] in state["houses"] and action["to"] not in p["visited"]:
            p["visited"].append(action["to"])


def _draw_found(state: State, rng: Rng, seat: str, house: str, events: list[Event], depth: int) -> None:
    """The card a search finds: kept in hand, or, an event, resolved at once and discarded
    (events cannot be kept)."""
    card = draw_action(state, rng)
    if card is None:
        events.append({"type": "deck_empty", "seat": seat})
        return
    info = card_info(card)
    if info["kind"] != "event":
        p = state["players"][seat]
        if len(p["hand"]) >= data().settings.hand_limit:
            discard_card(state, card)
            events.append({"type": "found_discarded", "seat": seat, "card": card})
            return
        p["hand"].append(card)
        events.append({"type": "found", "seat": seat, "private": {seat: {"card": card}}})
        return
    effect, value = info["effect"], info["value"]
    events.append({"type": "event_card", "seat": seat, "card": card, "effect": effect, "value": value})
    discard_card(state, card)
    if effect == "horde":
        n = add_zombies(state, geo().facade[house], value)
        events.append({"type": "horde", "node": geo().facade[house], "count": n})
    elif effect == "rush":
        spawn(state, rng, value, events)
    elif effect == "jam":
        guns = [w for w in state["players"][seat]["weapons"] if is_gun(w["card"]) and w["ammo"] > 0]
        if guns:
            gun = max(guns, key=lambda w: w["ammo"])
            gun["ammo"] = max(0, gun["ammo"] - value)
            events.append({"type": "jammed", "seat": seat, "weapon": gun["card"], "ammo": gun["ammo"]})
    elif effect == "windfall":
        if depth < data().settings.windfall_chain:
            for _ in range(value):
                _draw_found(state, rng, seat, house, events, depth + 1)
    elif effect == "collapse":
        h = state["houses"][house]
        n = min(value, h["barricades"])
        if n:
            h["barricades"] -= n
            state["stands"] += n
            events.append({"type": "barricade_broken", "house": house, "by": "collapse", "left": h["barricades"]})
            defence_falls(state, house, events)


def drop(state: State, seat: str, action: Action, events: list[Event]) -> None:
    p = state["players"][seat]
    w = next((w for w in p["weapons"] if w["card"] == action["weapon"]), None)
    if w is None:
        raise err("zt.err.no_weapon")
    if not is_gun(w["card"]) or w["ammo"] > 0:
        raise err("zt.err.gun_loaded")
    p["weapons"].remove(w)
    discard_card(state, w["card"])
    events.append({"type": "dropped", "seat": seat, "weapon": w["card"], "kind": kind(w["card"])})
