"""Road Rage's cars and keys.

A car stands on every driveway; its key is its house's colour. One drives a car only with
its key: an action to get in and start it, then an action or the free move for each drive of
up to six squares, forward, backward or diagonally, never sideways. Survivors following the
driver ride along (they are with the player). Entering a square with zombies runs them over:
one damage each, the zombies collected at once; a car stops working at four damage, and runs
over only as many as it can still take. Getting out is free; one stays on the square and must
fight the zombies there or take a wound and flee. A car on a facade is a barricade: no zombie
gets into the house through it. Zombies on the car's square ignore its driver until they
outnumber the damage it can still take. Cars never hurt players: one may drive through their
squares. A key is looked at only from inside its house, and taken for an action.
"""

from __future__ import annotations

from functools import lru_cache

from bot.rules.base import Action, Event, Rng, State
from bot.rules.zombie_town.actions import encounter_check
from bot.rules.zombie_town.board import car_moves, car_step
from bot.rules.zombie_town.core import collect, data, geo
from bot.rules.zombie_town.messages import err
from bot.rules.zombie_town.zombies import car_capacity

__all__ = ["car_at", "car_forms", "apply_car"]


def car_at(state: State, node: str) -> str | None:
    return next((c for c, car in state["cars"].items() if car["pos"] == node), None)


def _blocked(state: State, car: str):  # noqa: ANN202
    others = {c["pos"] for cid, c in state["cars"].items() if cid != car}
    return lambda sq: sq in others


def destinations(state: State, car: str) -> dict[str, tuple[int, list[str], str]]:
    """Where ``car`` may drive now → (zombies run over, path, heading): ``board.car_moves``,
    remembered for the position (the legal actions and the drive that follows ask the same;
    never edit what it returns)."""
    c = state["cars"][car]
    others = frozenset(x["pos"] for cid, x in state["cars"].items() if cid != car)
    return _destinations(c["pos"], c["heading"], car_capacity(state, car), others, tuple(state["zombies"].items()))


@lru_cache(maxsize=256)
def _destinations(pos: str, heading: str, capacity: int, others: frozenset[str],
                  zombies: tuple[tuple[str, int], ...]) -> dict[str, tuple[int, list[str], str]]:
    crowd = dict(zombies)
    return car_moves(geo(), pos, heading, data().settings.car_squares, lambda sq: crowd.get(sq, 0),
                     others.__contains__, capacity)


def car_forms(state: State, seat: str) -> list[Action]:
    p = state["players"][seat]
    out: list[Action] = []
    if p["pos"] is None:
        return out
    acts = state["actions"] > 0
    house = state["houses"].get(p["pos"])
    if acts and house is not None and house["key"] is not None:
        out.append({"type": "take_key"})
    car = p["car"]
    if car is None:
        here = car_at(state, p["pos"])
        if acts and here is not None and here in p["keys"] and state["cars"][here]["driver"] is None \
                and car_capacity(state, here) > 0:
            out.append({"type": "enter_car"})
        return out
    out.append({"type": "exit_car"})
    if car_capacity(state, car) > 0:
        dests = sorted(destinations(state, car))
        if dests and acts:
            out.append({"type": "drive", "to": dests, "free": False})
        if dests and state["free"]:
            out.append({"type": "drive", "to": dests, "free": True})
    return out


def apply_car(state: State, rng: Rng, seat: str, action: Action, events: list[Event]) -> None:
    p = state["players"][seat]
    kind = action["type"]
    if p["pos"] is None:
        raise err("zt.err.dead")
    if kind == "take_key":
        house = state["houses"].get(p["pos"])
        if house is None or house["key"] is None:
            raise err("zt.err.no_key_here")
        _spend(state)
        key = house["key"]
        house["key"] = None
        p["keys"].append(key)
        events.append({"type": "key_taken", "seat": seat, "house": p["pos"], "private": {seat: {"key": key}}})
    elif kind == "enter_car":
        if p["car"] is not None:
            raise err("zt.err.in_car")
        car = car_at(state, p["pos"])
        if car is None:
            raise err("zt.err.no_car")
        if car not in p["keys"]:
            raise err("zt.err.no_key")
        if car_capacity(state, car) <= 0:
            raise err("zt.err.car_broken")
        if state["cars"][car]["driver"] is not None:
            raise err("zt.err.car_taken")
        _spend(state)
        state["cars"][car]["driver"] = seat
        p["car"] = car
        events.append({"type": "car_entered", "seat": seat, "car": car, "node": p["pos"]})
        encounter_check(state, seat, events)
    elif kind == "exit_car":
        if p["car"] is None:
            raise err("zt.err.not_in_car")
        car = p["car"]
        state["cars"][car]["driver"] = None
        p["car"] = None
        events.append({"type": "car_left", "seat": seat, "car": car, "node": p["pos"]})
        encounter_check(state, seat, events)
    elif kind == "drive":
        drive(state, seat, action, events)


def _spend(state: State, free: bool = False) -> None:
    if free:
        if not state["free"]:
            raise err("zt.err.no_free_move")
        state["free"] = False
    else:
        if state["actions"] <= 0:
            raise err("zt.err.no_actions")
        state["actions"] -= 1


def _check_path(state: State, car: str, path: list[str]) -> str:
    """The final heading of a car driven along ``path``, or a refusal."""
    c = state["cars"][car]
    g = geo()
    blocked = _blocked(state, car)
    sq, heading = c["pos"], c["heading"]
    left = car_capacity(state, car)
    if not path or len(path) > data().settings.car_squares:
        raise err("zt.err.bad_path")
    for i, dest in enumerate(path):
        if left <= 0 or dest not in g.xy:
            raise err("zt.err.bad_path")
        (x0, y0), (x1, y1) = g.xy[sq], g.xy[dest]
        step = next((d for d, (dx, dy) in _DIRS if (x0 + dx, y0 + dy) == (x1, y1)), None)
        moved = car_step(g, sq, heading, step, blocked) if step else None
        if moved is None:
            raise err("zt.err.bad_path")
        sq, heading = moved
        left -= min(left, state["zombies"].get(dest, 0))
        if i == len(path) - 1:
            return heading
    raise err("zt.err.bad_path")


_DIRS = (("N", (0, -1)), ("NE", (1, -1)), ("E", (1, 0)), ("SE", (1, 1)), ("S", (0, 1)), ("SW", (-1, 1)),
         ("W", (-1, 0)), ("NW", (-1, -1)))


def drive(state: State, seat: str, action: Action, events: list[Event]) -> None:
    p = state["players"][seat]
    car = p["car"]
    if car is None:
        raise err("zt.err.not_in_car")
    if car_capacity(state, car) <= 0:
        raise err("zt.err.car_broken")
    path = action.get("path")
    if path is not None:
        if path[-1] != action["to"]:
            raise err("zt.err.bad_path")
        heading = _check_path(state, car, list(path))
    else:
        found = destinations(state, car).get(action["to"])
        if found is None:
            raise err("zt.err.unreachable", node=action["to"])
        _, path, heading = found
    _spend(state, bool(action.get("free")))
    c = state["cars"][car]
    start = c["pos"]
    max_damage = data().settings.car_max_damage
    run_over = 0
    for sq in path:
        n = min(state["zombies"].get(sq, 0), max_damage - c["damage"])
        if n:
            c["damage"] += n
            run_over += n
            collect(state, seat, sq, n, events, "car")
    c["pos"], c["heading"] = path[-1], heading
    p["pos"] = path[-1]
    p["stats"]["drives"] += 1
    p["stats"]["run_over"] += run_over
    events.append({"type": "drove", "seat": seat, "car": car, "from": start, "path": list(path), "heading": heading,
                   "run_over": run_over, "damage": c["damage"], "free": bool(action.get("free"))})
    if c["damage"] >= max_damage:
        events.append({"type": "car_broken", "car": car, "node": c["pos"]})
    encounter_check(state, seat, events)
