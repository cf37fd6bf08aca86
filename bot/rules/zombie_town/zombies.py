"""The zombies: moved by the player whose turn ends, always towards the other players, and
rising on the X squares as the days pass.

Each move takes one zombie one step nearer (on foot) to the nearest other player on the
board. A zombie stepping into a barricaded house breaks one barricade instead and stays at
the door; none enters a house through an entrance (its facade or its driveway) where a car
stands (Road Rage: « et cela dès le début du jeu », the cars start on the driveways). A zombie
that reaches a player attacks: the player (or a survivor of theirs) fights it, as a reaction,
or, if their standing order says ``flee``, they flee from it (a wound, or a survivor).
A player in a car is ignored while the zombies on the square do not outnumber the damage the
car can still take (Road Rage); a survivor guarding a house fights the zombies that get in.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, lru_cache

from bot.rules.base import Event, Rng, State
from bot.rules.zombie_town.board import distances, reachable
from bot.rules.zombie_town.combat import (
    best_fighter,
    fight_zombie,
    guard_fights_zombie,
    lose_follower,
)
from bot.rules.zombie_town.core import add_zombies, data, defence_falls, geo, remove_zombies, wound

__all__ = ["auto_move", "car_capacity", "move_zombie", "moves", "per_turn", "spawn", "zombie_field"]


def car_capacity(state: State, car: str) -> int:
    """The damage a car can still take (0: it no longer works)."""
    return data().settings.car_max_damage - state["cars"][car]["damage"]


def can_step(state: State) -> Callable[[str, str], bool]:
    """Whether a zombie may step from one node to the next: never into a house through an
    entrance where a car stands (Road Rage: from the start of the game)."""
    g = geo()
    blocked = {c["pos"] for c in state.get("cars", {}).values()}
    house_at = g.house_at

    def ok(a: str, b: str) -> bool:
        return not (a in blocked and house_at.get(a) == b)

    return ok


@lru_cache(maxsize=512)
def _field(targets: frozenset[str], parked: frozenset[str]) -> dict[str, int]:
    """Steps to the nearest of ``targets``, cars standing on the entrances ``parked`` (a zombie
    moving does not change it, so one table serves a whole zombie phase: never edit it).

    The nearest of each target's own table (:func:`_row`)."""
    g = geo()
    rows = [_row(t, parked) for t in targets]
    near = rows[0] if len(rows) == 1 else map(min, *rows)
    if any(not _sealed(t, parked) for t in targets):  # a target every node reaches: no node is left out
        return dict(zip(g.nodes, near, strict=True))
    return {n: d for n, d in zip(g.nodes, near, strict=True) if d < _FAR}


_FAR = 1 << 30


def _sealed(target: str, parked: frozenset[str]) -> bool:
    """A house with a car on each of its entrances: only the zombies inside reach it."""
    doors = geo().entrances.get(target)
    return doors is not None and all(e in parked for e in doors)


def _row(target: str, parked: frozenset[str]) -> tuple[int, ...]:
    """Steps on foot from every node to ``target``, cars standing on the entrances ``parked``.

    A car only bars the step from its entrance into the house, and a house is never a
    shortcut between two street squares (its two entrances are side by side: checked on
    load), so the cars change the steps to a house they bar alone: through its open entrances
    (:func:`_through`), or, all of them barred, only from inside (:func:`_inside`)."""
    doors = geo().entrances.get(target)
    if doors is None:
        return _steps_to(target)
    open_ = tuple(e for e in doors if e not in parked)
    if len(open_) == len(doors):
        return _steps_to(target)
    return _through(target, open_) if open_ else _inside(target)


@cache
def _steps_to(target: str) -> tuple[int, ...]:
    """Steps on foot from every node (in ``geo().nodes`` order) to ``target``, no car parked."""
    g = geo()
    dist = distances(g, [target], lambda a, b: True)
    return tuple(dist.get(n, _FAR) for n in g.nodes)


@cache
def _inside(target: str) -> tuple[int, ...]:
    return tuple(0 if n == target else _FAR for n in geo().nodes)


@cache
def _through(house: str, entrances: tuple[str, ...]) -> tuple[int, ...]:
    """Steps to ``house`` entered only through ``entrances``: one more than to the nearest."""
    rows = [_steps_to(e) for e in entrances]
    return tuple(0 if n == house else 1 + min(row[i] for row in rows) for i, n in enumerate(geo().nodes))


def _prey(state: State, mover: str) -> tuple[frozenset[str], frozenset[str]] | None:
    """What the zombies' steps depend on: the squares of the players other than ``mover`` on the
    board, and the houses' entrances where a car stands (None: no prey)."""
    players, out = state["players"], state["out"]
    targets = frozenset(players[s]["pos"] for s in state["order"]
                        if s != mover and s not in out and players[s]["pos"] is not None)
    if not targets:
        return None
    house_at = geo().house_at
    return targets, frozenset(c["pos"] for c in state.get("cars", {}).values() if c["pos"] in house_at)


def zombie_field(state: State, mover: str) -> dict[str, int]:
    """Steps from each node to the nearest player other than ``mover`` on the board."""
    key = _prey(state, mover)
    return _field(*key) if key is not None else {}


class _Ways:
    """The zombies' ways to the players other than the mover, worked out node by node as they
    are asked for (a zombie phase asks for a few dozen of the 200 nodes): the steps to the
    nearest prey (:func:`_field`'s numbers) and the steps a zombie there may take, each one
    nearer. The same while nobody moves and no car comes to or leaves an entrance."""

    __slots__ = ("down", "near", "parked", "rows")

    def __init__(self, targets: frozenset[str], parked: frozenset[str]) -> None:
        self.rows = tuple(_row(t, parked) for t in targets)
        self.parked = parked
        self.near: dict[str, int | None] = {}
        self.down: dict[str, tuple[str, ...]] = {}

    def get(self, node: str) -> int | None:
        """Steps from ``node`` to the nearest prey (None: no prey reachable)."""
        near = self.near
        if node in near:
            return near[node]
        i = _index()[node]
        rows = self.rows
        d = rows[0][i] if len(rows) == 1 else min([row[i] for row in rows])
        near[node] = found = d if d < _FAR else None
        return found

    def steps(self, node: str) -> tuple[str, ...]:
        """The nodes a zombie on ``node`` may step to, each one step nearer (walking order)."""
        dests = self.down.get(node)
        if dests is None:
            d = self.get(node)
            if not d:
                dests = ()
            else:
                g = geo()
                cut = g.house_at.get(node) if node in self.parked else None  # a car bars this entrance
                dests = tuple(n for n in g.walk[node] if n != cut and self.get(n) == d - 1)
            self.down[node] = dests
        return dests


@lru_cache(maxsize=512)
def _ways(targets: frozenset[str], parked: frozenset[str]) -> _Ways:
    return _Ways(targets, parked)


def moves(state: State, mover: str) -> dict[str, list[str]]:
    """Node with zombies → the nodes one of them may step to (each one step nearer)."""
    key = _prey(state, mover)
    if key is None:
        return {}
    ways = _ways(*key)
    out: dict[str, list[str]] = {}
    for node in state["zombies"]:
        dests = ways.steps(node)
        if dests:
            out[node] = list(dests)
    return out


def per_turn(state: State) -> int:
    s = data().settings
    extra = s.two_player_extra if len(state["seats"]) == 2 else 0
    return s.moved[state["day"] - 1] + extra


def move_zombie(state: State, rng: Rng, mover: str, src: str, dst: str, events: list[Event]) -> None:
    h = state["houses"].get(dst)
    if h is not None and h["barricades"] > 0:
        h["barricades"] -= 1
        state["stands"] += 1
        events.append({"type": "barricade_broken", "house": dst, "by": "zombie", "left": h["barricades"]})
        defence_falls(state, dst, events)
        return
    remove_zombies(state, src, 1)
    state["zombies"][dst] = state["zombies"].get(dst, 0) + 1
    events.append({"type": "zombie_moved", "seat": mover, "from": src, "to": dst})
    attack(state, rng, dst, events)


def attack(state: State, rng: Rng, node: str, events: list[Event]) -> None:
    """The zombie that came to ``node`` attacks: a player on foot there (in turn order from
    the player whose turn it is), else a player in a car the zombies now outnumber, else a
    survivor guarding the house."""
    order = state["order"]
    start = state["current"]
    seats = [order[(start + i) % len(order)] for i in range(len(order))]
    here = [s for s in seats if state["players"][s]["pos"] == node and s not in state["out"]]
    for s in here:
        if state["players"][s]["car"] is None:
            _react(state, rng, s, node, events)
            return
    for s in here:
        car = state["players"][s]["car"]
        if state["zombies"].get(node, 0) > car_capacity(state, car):
            _react(state, rng, s, node, events)
            return
    h = state["houses"].get(node)
    if h is not None and h["guards"]:
        guard_fights_zombie(state, rng, node, events)


def _react(state: State, rng: Rng, seat: str, node: str, events: list[Event]) -> None:
    """``seat`` answers a zombie attack outside their own decision, by their standing order:
    ``flee`` flees when there is somewhere to go; every other order fights."""
    if state["players"][seat].get("order") == "flee" and flee_reaction(state, seat, node, events):
        return
    fighter, weapon = best_fighter(state, seat)  # type: ignore[misc]
    fight_zombie(state, rng, seat, fighter, weapon, events, reaction=True)


def flee_reaction(state: State, seat: str, node: str, events: list[Event]) -> bool:
    """The standing order ``flee``: as the encounter's flight (a reaction, no action), to the
    square without zombies farthest on foot (up to the flee distance; board order among
    equals), paid with a wound, or with a following survivor (an unarmed one first) when the
    wound would be the player's last health. False (nothing done) when there is nowhere to go."""
    s = data().settings
    p = state["players"][seat]
    houses, zombies = state["houses"], state["zombies"]

    def can_enter(n: str) -> bool:
        h = houses.get(n)
        return h is None or h["barricades"] == 0 or h["owner"] == seat

    paths = reachable(geo(), node, s.flee_squares, can_enter, lambda n: zombies.get(n, 0) > 0)
    dests = [n for n in paths if not zombies.get(n)]
    if not dests:
        return False
    index = _index()
    to = max(dests, key=lambda n: (len(paths[n]), -index[n]))
    if p["car"] is not None:
        state["cars"][p["car"]]["driver"] = None
        events.append({"type": "car_left", "seat": seat, "car": p["car"], "node": node})
        p["car"] = None
    survivors = sorted(p["followers"], key=lambda f: f["weapon"] is not None)
    pay = survivors[0]["card"] if survivors and p["health"] <= s.flee_damage else "damage"
    events.append({"type": "fled", "seat": seat, "from": node, "to": to, "pay": pay, "reaction": True})
    if pay == "damage":
        wound(state, seat, s.flee_damage, events)
    else:
        lose_follower(state, seat, pay, events)
    if p["pos"] is not None:
        p["pos"] = to
        if to in houses and to not in p["visited"]:
            p["visited"].append(to)
    return True


def auto_move(state: State, rng: Rng, mover: str, count: int, events: list[Event]) -> int:
    """Move up to ``count`` zombies as the bot moves them for a player who leaves it to the
    game: the zombie nearest to its prey first (board order among equals), by its first step
    in board order. Returns how many moved."""
    index = _index()
    done = 0
    while done < count:
        key = _prey(state, mover)
        if key is None:
            break
        ways = _ways(*key)
        ready = [n for n in state["zombies"] if ways.get(n)]
        if not ready:
            break
        src = min(ready, key=lambda n: (ways.get(n), index[n]))
        move_zombie(state, rng, mover, src, ways.steps(src)[0], events)
        done += 1
    return done


@lru_cache(maxsize=1)
def _index() -> dict[str, int]:
    return {n: i for i, n in enumerate(geo().nodes)}


def spawn(state: State, rng: Rng, count: int, events: list[Event]) -> None:
    """``count`` zombies rise from the box, each on an X square drawn at random."""
    xs = geo().xs
    placed: dict[str, int] = {}
    for _ in range(count):
        if state["box"] <= 0:
            break
        sq = xs[rng.below(len(xs))]
        add_zombies(state, sq, 1)
        placed[sq] = placed.get(sq, 0) + 1
    events.append({"type": "zombies_rise", "day": state["day"], "squares": placed, "box": state["box"]})
