"""Territory maps as data, validated on load, and the graph questions every edition asks.

A board is read from ``data/<id>/map.json`` once and cached: the rules never trust a map they
have not checked, because a single asymmetric border or orphan territory would make some
attack legal one way and not the other, and that kind of bug only shows after hours of play.

Every adjacency question goes through :meth:`Board.neighbours`, which takes the set of zones
(and border gates) that are *closed* right now. Most editions never close anything; the
pivoting and sliding zones will, without a second code path to keep in step.
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.rules.risk_map.holding import Holding, Holdings, Masks

__all__ = [
    "BORDER_KINDS",
    "DATA_DIR",
    "Board",
    "BoardError",
    "Holding",
    "Holdings",
    "Region",
    "Territory",
    "reinforcements",
]

DATA_DIR = Path(__file__).resolve().parents[3] / "data"
BORDER_KINDS = ("land", "sea", "hyperlink")
NO_CLOSED: frozenset[str] = frozenset()



class BoardError(ValueError):
    """A map file that breaks the rules of a map. The message lists every problem found."""


def reinforcements(territories: int, minimum: int = 3, divisor: int = 3) -> int:
    """Members earned for holding ``territories``: one per three, never fewer than three.

    The rulebooks print it as a chart (12–14 → +1 over the base 3, 15–17 → +2 …), which is
    exactly ``max(3, n // 3)``.
    """
    return max(minimum, territories // divisor)


@dataclass(frozen=True)
class Region:
    id: str
    name: str
    bonus: int
    color: str
    provisional: bool
    territories: tuple[str, ...]


@dataclass(frozen=True)
class Territory:
    id: str
    name: str
    region: str
    stronghold: bool
    provisional: bool
    index: int


@dataclass
class Board:
    """One map: regions, territories, borders, plus the raw data for edition extras."""

    id: str
    name: str
    regions: dict[str, Region]
    territories: dict[str, Territory]
    order: tuple[str, ...]
    borders: dict[frozenset[str], tuple[str, str | None]]  # {a, b} -> (kind, gate)
    raw: dict[str, Any] = field(repr=False)
    _adj: dict[str, tuple[str, ...]] = field(repr=False, default_factory=dict)
    # Memory of :meth:`holdings`: owner maps (factions in map order) → their holdings.
    _holdings: dict[tuple[str, ...], Holdings] = field(repr=False, default_factory=dict, compare=False)
    _last_holdings: Holdings | None = field(repr=False, default=None, compare=False)
    _ordered: tuple[Any, bool] = field(repr=False, default=(None, False), compare=False)
    _masks: Masks | None = field(repr=False, default=None, compare=False)

    # -- loading ----------------------------------------------------------------------
    @classmethod
    def load(cls, map_id: str, expect: Mapping[str, int] | None = None) -> Board:
        """The board of ``data/<map_id>/map.json``, validated, cached for the process.
        ``expect``: the counts the edition's rulebook prints (see :meth:`from_dict`); the
        engine knows no edition, so each passes its own."""
        board = _CACHE.get(map_id)
        if board is None:
            path = DATA_DIR / map_id / "map.json"
            board = cls.from_file(path, expect=expect)
            _CACHE[map_id] = board
        return board

    @classmethod
    def from_file(cls, path: str | Path, expect: Mapping[str, int] | None = None) -> Board:
        with open(path, encoding="utf-8") as fh:
            data = json.load(fh)
        return cls.from_dict(data, expect=expect)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], expect: Mapping[str, int] | None = None) -> Board:
        """Build and validate a board. ``expect`` holds rulebook counts
        (``territories``, ``regions``, ``strongholds``) the map must match."""
        errors: list[str] = []
        regions_raw = data.get("regions") or []
        terr_raw = data.get("territories") or []
        borders_raw = data.get("borders") or []

        region_ids: list[str] = []
        region_info: dict[str, dict[str, Any]] = {}
        for r in regions_raw:
            rid = r.get("id")
            if not isinstance(rid, str) or not rid:
                errors.append(f"a region has no id: {r!r}")
                continue
            if rid in region_info:
                errors.append(f"region '{rid}' is listed twice")
                continue
            bonus = r.get("bonus", 0)
            if not isinstance(bonus, int) or isinstance(bonus, bool) or bonus < 0:
                errors.append(f"region '{rid}' has a bad bonus {bonus!r}")
            region_ids.append(rid)
            region_info[rid] = r

        order: list[str] = []
        terr_info: dict[str, dict[str, Any]] = {}
        members: dict[str, list[str]] = {rid: [] for rid in region_ids}
        for t in terr_raw:
            tid = t.get("id")
            if not isinstance(tid, str) or not tid:
                errors.append(f"a territory has no id: {t!r}")
                continue
            reg = t.get("region")
            if tid in terr_info:
                first = terr_info[tid].get("region")
                errors.append(
                    f"territory '{tid}' is listed twice (regions '{first}' and '{reg}'); "
                    "a territory must be in exactly one region"
                )
                continue
            if not isinstance(reg, str):
                errors.append(f"territory '{tid}' must be in exactly one region, not {reg!r}")
            elif reg not in region_info:
                errors.append(f"territory '{tid}' is in no region (unknown region '{reg}')")
            else:
                members[reg].append(tid)
            order.append(tid)
            terr_info[tid] = t

        # Regions may also list their territories; if they do, both views must agree.
        for rid, r in region_info.items():
            listed = r.get("territories")
            if listed is not None and set(listed) != set(members[rid]):
                errors.append(
                    f"region '{rid}' lists {sorted(listed)} but its territories are "
                    f"{sorted(members[rid])}"
                )
            if not members[rid]:
                errors.append(f"region '{rid}' has no territory")

        borders: dict[frozenset[str], tuple[str, str | None]] = {}
        directed: dict[tuple[str, str], str] = {}
        for b in borders_raw:
            a, c, kind = b.get("a"), b.get("b"), b.get("kind", "land")
            gate = b.get("gate")
            if a not in terr_info or c not in terr_info:
                unknown = [x for x in (a, c) if x not in terr_info]
                errors.append(f"border {a}–{c} names unknown territory {unknown[0]!r}")
                continue
            if a == c:
                errors.append(f"border {a}–{c} joins a territory to itself")
                continue
            if kind not in BORDER_KINDS:
                errors.append(f"border {a}–{c} has unknown kind {kind!r} (use {', '.join(BORDER_KINDS)})")
                continue
            if (c, a) in directed and directed[(c, a)] != kind:
                errors.append(
                    f"asymmetric border: {c}→{a} is {directed[(c, a)]} but {a}→{c} is {kind}"
                )
                continue
            if (a, c) in directed:
                errors.append(f"border {a}–{c} is listed twice")
                continue
            directed[(a, c)] = kind
            key = frozenset((a, c))
            if key in borders and borders[key][1] != gate:
                errors.append(f"asymmetric border: {a}–{c} has two different gates")
            borders[key] = (kind, gate)

        adj_sets: dict[str, set[str]] = {tid: set() for tid in order}
        for key in borders:
            a, c = tuple(key)
            adj_sets[a].add(c)
            adj_sets[c].add(a)
        # Symmetry by construction; kept as an explicit check so a future edit of the
        # construction above cannot silently break it.
        for a, ns in adj_sets.items():
            for c in ns:
                if a not in adj_sets[c]:  # pragma: no cover - construction guarantees it
                    errors.append(f"asymmetric border: {a}→{c} without {c}→{a}")

        if order:
            seen = {order[0]}
            todo = deque([order[0]])
            while todo:
                for n in adj_sets[todo.popleft()]:
                    if n not in seen:
                        seen.add(n)
                        todo.append(n)
            cut = [t for t in order if t not in seen]
            if cut:
                errors.append(
                    f"the map is not one connected graph: {len(cut)} territories cannot be "
                    f"reached from '{order[0]}' (e.g. {', '.join(cut[:5])})"
                )
        else:
            errors.append("the map has no territory")

        if expect:
            counts = {
                "territories": len(order),
                "regions": len(region_ids),
                "strongholds": sum(1 for t in terr_info.values() if t.get("stronghold")),
            }
            for what, want in expect.items():
                if counts.get(what) != want:
                    errors.append(f"the rulebook says {want} {what}, the map has {counts.get(what)}")

        name = data.get("id", "?")
        if errors:
            raise BoardError(f"map '{name}': " + "; ".join(errors))

        territories = {
            tid: Territory(
                id=tid,
                name=str(terr_info[tid].get("name", tid)),
                region=terr_info[tid]["region"],
                stronghold=bool(terr_info[tid].get("stronghold", False)),
                provisional=bool(terr_info[tid].get("provisional", False)),
                index=i,
            )
            for i, tid in enumerate(order)
        }
        regions = {
            rid: Region(
                id=rid,
                name=str(region_info[rid].get("name", rid)),
                bonus=int(region_info[rid].get("bonus", 0)),
                color=str(region_info[rid].get("color", "")),
                provisional=bool(region_info[rid].get("provisional", False)),
                territories=tuple(members[rid]),
            )
            for rid in region_ids
        }
        index = {tid: i for i, tid in enumerate(order)}
        adj = {tid: tuple(sorted(adj_sets[tid], key=index.__getitem__)) for tid in order}
        return cls(
            id=str(name),
            name=str(data.get("name", name)),
            regions=regions,
            territories=territories,
            order=tuple(order),
            borders=borders,
            raw=dict(data),
            _adj=adj,
        )

    # -- graph ------------------------------------------------------------------------
    def neighbours(self, tid: str, closed: frozenset[str] = NO_CLOSED) -> tuple[str, ...]:
        """Territories one border away from ``tid``, in map order.

        ``closed`` holds the ids of zones that are shut (they neither have nor are
        neighbours) and of border gates that are shut. Every adjacency question in the
        engine goes through here so that closing a zone needs no other change.
        """
        if not closed:
            return self._adj[tid]
        if tid in closed:
            return ()
        borders = self.borders
        return tuple(
            n
            for n in self._adj[tid]
            if n not in closed and borders[frozenset((tid, n))][1] not in closed
        )

    def adjacent(self, a: str, b: str, closed: frozenset[str] = NO_CLOSED) -> bool:
        return b in self.neighbours(a, closed)

    def border_kind(self, a: str, b: str) -> str | None:
        info = self.borders.get(frozenset((a, b)))
        return info[0] if info else None

    def reachable(
        self, src: str, passable: Callable[[str], bool], closed: frozenset[str] = NO_CLOSED
    ) -> set[str]:
        """Every territory reachable from ``src`` through territories that are ``passable``
        (``src`` itself included). The predicate is the edition's "owned by" test, which a
        team game widens to a teammate's zones."""
        seen = {src}
        todo = [src]
        while todo:
            for n in self.neighbours(todo.pop(), closed):
                if n not in seen and passable(n):
                    seen.add(n)
                    todo.append(n)
        return seen

    def path(
        self,
        src: str,
        dst: str,
        passable: Callable[[str], bool],
        closed: frozenset[str] = NO_CLOSED,
    ) -> list[str] | None:
        """A shortest path ``src → dst`` through passable territories, or ``None``."""
        if src == dst:
            return [src]
        prev: dict[str, str] = {src: src}
        todo = deque([src])
        while todo:
            cur = todo.popleft()
            for n in self.neighbours(cur, closed):
                if n in prev or not passable(n):
                    continue
                prev[n] = cur
                if n == dst:
                    out = [dst]
                    while out[-1] != src:
                        out.append(prev[out[-1]])
                    return out[::-1]
                todo.append(n)
        return None

    def components(self, members: Iterable[str], closed: frozenset[str] = NO_CLOSED) -> list[list[str]]:
        """The connected groups of ``members`` (e.g. one player's territories), map order."""
        pool = set(members)
        out: list[list[str]] = []
        for tid in self.order:
            if tid not in pool:
                continue
            group = self.reachable(tid, pool.__contains__, closed)
            pool -= group
            out.append([t for t in self.order if t in group])
        return out

    @property
    def masks(self) -> Masks:
        """The map as bit masks (:class:`~bot.rules.risk_map.holding.Masks`), built once."""
        masks = self._masks
        if masks is None:
            regions = [(r.territories, r.bonus) for r in self.regions.values()]
            masks = self._masks = Masks(self.order, self._adj, regions)
        return masks

    def holdings(self, owner: Mapping[str, str]) -> Holdings:
        """What the owner map ``owner`` (territory → faction) says of each faction, with no
        zone closed: :class:`Holdings`, remembered for the last few thousand maps (a map
        changes only on a conquest, and legal actions ask on every move)."""
        if owner is not self._ordered[0]:
            # The maps are told apart by their factions in key order, which is map order in
            # every state the engine makes; checked once per dict (the engine never reorders
            # one: a conquest changes a value).
            self._ordered = (owner, tuple(owner) == self.order)
        if self._ordered[1]:
            key = tuple(owner.values())
        else:
            key = tuple(owner[t] for t in self.order)
        last = self._last_holdings
        if last is not None and last._key == key:
            return last
        found = self._holdings.get(key)
        if found is None:
            if len(self._holdings) >= HOLDINGS_KEPT:
                self._holdings.clear()
            found = self._holdings[key] = Holdings(self.masks, dict(owner), key)
        self._last_holdings = found
        return found

    # -- regions ----------------------------------------------------------------------
    def regions_held(self, owner: Mapping[str, str], faction: str) -> list[str]:
        """Regions whose every territory ``owner`` gives to ``faction``."""
        return [
            rid
            for rid, r in self.regions.items()
            if all(owner.get(t) == faction for t in r.territories)
        ]

    def region_bonus(self, owner: Mapping[str, str], faction: str) -> int:
        return sum(self.regions[r].bonus for r in self.regions_held(owner, faction))

    def region_of(self, tid: str) -> str:
        return self.territories[tid].region

    def __contains__(self, tid: object) -> bool:
        return tid in self.territories


# Owner maps whose holdings a board remembers (then it forgets them all and starts again).
HOLDINGS_KEPT = 4096

_CACHE: dict[str, Board] = {}
