"""The neighbourhood's geometry: squares, houses, walking, zombies' steps and cars' moves.

A node is a street square (``"B4"``) or a house (``"a"`` … ``"l"``): a house is one square
for movement, entered from its two entrances, its facade (the door) and its driveway (where
its car starts: Road Rage's « et cela dès le début du jeu », docs/zombie_town.md). Walking and zombies go square to square
orthogonally; a car goes forward, backward or diagonally, never sideways (Road Rage), so it
keeps a heading, one of eight. Static tables are built once per board.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from bot.rules.zombie_town.data import HEADINGS, DataError, square_name

if TYPE_CHECKING:
    from bot.rules.zombie_town.data import ZTData

__all__ = ["STEP", "Geometry", "car_moves", "check_board", "geometry", "heading_after"]

STEP = {"N": (0, -1), "NE": (1, -1), "E": (1, 0), "SE": (1, 1), "S": (0, 1), "SW": (-1, 1), "W": (-1, 0),
        "NW": (-1, -1)}


@dataclass(frozen=True, eq=False)
class Geometry:
    squares: tuple[str, ...]  # every street square, row by row
    xy: dict[str, tuple[int, int]]
    at: dict[tuple[int, int], str]
    walk: dict[str, tuple[str, ...]]  # node → nodes one step away on foot (houses through entrances)
    facade: dict[str, str]  # house → its facade square (the door)
    house_at: dict[str, str]  # entrance square (facade or driveway) → house
    driveway: dict[str, str]
    entrances: dict[str, tuple[str, str]]  # house → (facade, driveway): the squares one enters it from
    xs: tuple[str, ...]  # the X squares, where zombies start and rise
    nodes: tuple[str, ...]  # squares then houses


@cache
def geometry(data: ZTData) -> Geometry:
    rows = data.rows
    xy: dict[str, tuple[int, int]] = {}
    xs = []
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            if ch in ".X":
                xy[square_name(x, y)] = (x, y)
                if ch == "X":
                    xs.append(square_name(x, y))
    at = {v: k for k, v in xy.items()}
    walk: dict[str, list[str]] = {sq: [] for sq in xy}
    for sq, (x, y) in xy.items():
        for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0)):
            n = at.get((x + dx, y + dy))
            if n is not None:
                walk[sq].append(n)
    facade = {h: d["facade"] for h, d in data.houses.items()}
    entrances = {h: (d["facade"], d["driveway"]) for h, d in data.houses.items()}
    for h, doors in entrances.items():
        walk[h] = list(doors)
        for sq in doors:
            walk[sq].append(h)
    return Geometry(
        squares=tuple(xy), xy=xy, at=at, walk={k: tuple(v) for k, v in walk.items()}, facade=facade,
        house_at={sq: h for h, doors in entrances.items() for sq in doors},
        driveway={h: d["driveway"] for h, d in data.houses.items()}, entrances=entrances,
        xs=tuple(xs), nodes=(*xy, *data.houses),
    )


def check_board(data: ZTData) -> None:
    """Every node reachable on foot from every other; every driveway can drive away; a house's
    two entrances side by side (so a house is never a shortcut between two street squares: a
    car barring an entrance changes the zombies' ways to that house alone, ``zombies._Ways``)."""
    geo = geometry(data)
    for h, (door, drive) in geo.entrances.items():
        (x0, y0), (x1, y1) = geo.xy[door], geo.xy[drive]
        if abs(x0 - x1) + abs(y0 - y1) != 1:
            raise DataError(f"board: house {h}: its facade and driveway must be side by side")
    start = geo.nodes[0]
    seen = set(distances(geo, [start], lambda a, b: True))
    if seen != set(geo.nodes):
        raise DataError(f"board: not every square is reachable: {sorted(set(geo.nodes) - seen)[:5]}")
    for h, sq in geo.driveway.items():
        if not car_moves(geo, sq, data.houses[h]["heading"], 1, lambda s: 0, lambda s: False, 4):
            raise DataError(f"board: the car of house {h} cannot leave its driveway")


def distances(geo: Geometry, sources: Iterable[str], can_step: Callable[[str, str], bool],
              limit: int = 1_000) -> dict[str, int]:
    """Steps on foot from the nearest of ``sources`` to every node that can reach one, where
    ``can_step(a, b)`` says whether one may step from ``a`` to ``b`` (searched backwards)."""
    dist = {s: 0 for s in sources}
    queue = deque(dist)
    walk = geo.walk
    while queue:
        node = queue.popleft()
        d = dist[node]
        if d >= limit:
            continue
        for prev in walk[node]:
            if prev not in dist and can_step(prev, node):
                dist[prev] = d + 1
                queue.append(prev)
    return dist


def reachable(geo: Geometry, start: str, steps: int, can_enter: Callable[[str], bool],
              stops: Callable[[str], bool]) -> dict[str, list[str]]:
    """Nodes ``start``'s walker reaches in 1 to ``steps`` steps → the path there (without
    ``start``). ``can_enter(node)``: the walker may step into it; ``stops(node)``: stepping in
    ends the move (zombies there)."""
    paths: dict[str, list[str]] = {start: []}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        path = paths[node]
        if len(path) >= steps or (path and stops(node)):
            continue
        for n in geo.walk[node]:
            if n not in paths and can_enter(n):
                paths[n] = [*path, n]
                queue.append(n)
    del paths[start]
    return paths


def heading_after(heading: str, direction: str) -> str | None:
    """The car's heading after one step in ``direction``, or None if that step is sideways
    (forbidden). A forward or forward-diagonal step turns the car to that direction; a
    backward or backward-diagonal step leaves it facing away from the way it went."""
    i, d = HEADINGS.index(heading), HEADINGS.index(direction)
    turn = (d - i) % 8
    if turn in (0, 1, 7):
        return direction
    if turn in (3, 4, 5):
        return HEADINGS[(d + 4) % 8]
    return None


def car_step(geo: Geometry, square: str, heading: str, direction: str,
             blocked: Callable[[str], bool]) -> tuple[str, str] | None:
    """One step of a car: (new square, new heading), or None if the step is not allowed."""
    new_heading = heading_after(heading, direction)
    if new_heading is None:
        return None
    x, y = geo.xy[square]
    dx, dy = STEP[direction]
    dest = geo.at.get((x + dx, y + dy))
    if dest is None or blocked(dest):
        return None
    if dx and dy and (x + dx, y) not in geo.at and (x, y + dy) not in geo.at:
        return None  # no squeezing diagonally between two walls or houses
    return dest, new_heading


@cache
def _car_table(geo: Geometry) -> dict[tuple[str, str], tuple[tuple[str, str], ...]]:
    """(square, heading) → every (square, heading) one step away, walls and houses aside."""
    return {(sq, hd): tuple(step for d in HEADINGS if (step := car_step(geo, sq, hd, d, _never)) is not None)
            for sq in geo.squares for hd in HEADINGS}


def _never(sq: str) -> bool:
    return False


def car_moves(geo: Geometry, start: str, heading: str, squares: int, zombies: Callable[[str], int],
              blocked: Callable[[str], bool], capacity: int) -> dict[str, tuple[int, list[str], str]]:
    """Every square a car at ``start`` facing ``heading`` reaches in 1 to ``squares`` steps →
    (zombies it runs over, the path, the final heading), by the path that runs over the fewest
    zombies, then the shortest, then the first in heading order. ``capacity``: the damage the
    car can still take; a path stops where it reaches none.

    Layer by layer (a layer: every (square, heading) reached in that many steps, with the
    fewest zombies run over and the step it came from); the paths are read back at the end."""
    table = _car_table(geo)
    walls = {sq for sq in geo.squares if blocked(sq)}
    crowd = {sq: n for sq in geo.squares if (n := zombies(sq))}
    layer: dict[tuple[str, str], tuple[int, tuple[str, str] | None]] = {(start, heading): (0, None)}
    layers = [layer]
    best: dict[str, tuple[int, int, tuple[str, str]]] = {}
    for depth in range(1, squares + 1):
        nxt: dict[tuple[str, str], tuple[int, tuple[str, str] | None]] = {}
        for key0, (hits, _) in layer.items():
            if hits >= capacity:
                continue  # the car stopped working there
            for key in table[key0]:
                dest = key[0]
                if dest in walls:
                    continue
                total = hits + crowd[dest] if dest in crowd else hits
                if total > capacity:
                    total = capacity
                old = nxt.get(key)
                if old is None or total < old[0]:
                    nxt[key] = (total, key0)
        for key, (hits, _) in nxt.items():
            sq = key[0]
            if sq == start:
                continue
            old_best = best.get(sq)
            if old_best is None or (hits, depth) < (old_best[0], old_best[1]):
                best[sq] = (hits, depth, key)
        layers.append(nxt)
        layer = nxt
    out: dict[str, tuple[int, list[str], str]] = {}
    for sq, (hits, depth, key) in best.items():
        path = []
        k: tuple[str, str] | None = key
        for d in range(depth, 0, -1):
            assert k is not None
            path.append(k[0])
            k = layers[d][k][1]
        path.reverse()
        out[sq] = (hits, path, key[1])
    return out
