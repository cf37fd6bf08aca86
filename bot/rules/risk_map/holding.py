"""What an owner map says of each faction: its territories, what each may attack, where its
members may manoeuvre, its region bonus.

Legal actions ask this on every move, and a map changes only on a conquest, so the board
remembers the answers per owner map (:meth:`bot.rules.risk_map.board.Board.holdings`). The
plain rules (attack any territory another faction holds, cross only your own, no zone
closed) are answered on bit masks of the map (:class:`Masks`, one per board); an edition with
other rules or closed zones builds a :class:`Holding` from its own predicates
(:meth:`Holding.general`). Nothing here knows an edition.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

__all__ = ["Holding", "Holdings", "Masks"]


class Masks:
    """A map as bit masks: territory ``order[i]`` is bit ``i``. ``adjacent[t]``: the mask of
    ``t``'s neighbours; ``subsets``: every set of one territory's neighbours (a mask) → those
    territories in map order (the targets of an attack or the next step of a search, read
    without a loop); ``regions``: (mask, bonus) of each region."""

    __slots__ = ("adjacent", "bit", "held", "neighbours", "order", "regions", "subsets")

    def __init__(self, order: Sequence[str], neighbours: Mapping[str, tuple[str, ...]],
                 regions: Iterable[tuple[Iterable[str], int]]) -> None:
        self.order = tuple(order)
        self.neighbours = neighbours
        self.bit = {t: 1 << i for i, t in enumerate(self.order)}
        bit = self.bit
        self.adjacent = {t: sum(bit[n] for n in neighbours[t]) for t in self.order}
        subsets = _Subsets(self)
        for t in self.order:
            near = neighbours[t]  # in map order, so each subset is too
            if len(near) > _LISTED:
                continue  # a hub: its subsets are read when first met
            for pick in range(1 << len(near)):
                chosen = tuple(n for i, n in enumerate(near) if pick >> i & 1)
                subsets[sum(bit[n] for n in chosen)] = chosen
        self.subsets = subsets
        self.regions = tuple((sum(bit[t] for t in members), bonus) for members, bonus in regions)
        # a faction's mask → its plain Holding (the same on every owner map where it holds those
        # territories): what :meth:`Holdings.of` starts from; forgotten when full
        self.held: dict[int, Holding] = {}

    def territories(self, mask: int) -> tuple[str, ...]:
        """The territories of ``mask``, in map order."""
        bit = self.bit
        return tuple([t for t in self.order if mask & bit[t]])


# Territories with at most this many neighbours have every subset listed up front (2**n).
_LISTED = 10


class _Subsets(dict[int, tuple[str, ...]]):
    """Mask → territories; a mask not listed (a hub's neighbours) is read and kept."""

    __slots__ = ("_masks",)

    def __init__(self, masks: Masks) -> None:
        super().__init__()
        self._masks = masks

    def __missing__(self, mask: int) -> tuple[str, ...]:
        found = self[mask] = self._masks.territories(mask)
        return found


class Holding:
    """One faction's territories on one owner map: ``owned``, in map order; ``targets[t]``,
    the territories next to ``t`` it may attack (in map order); :meth:`group` and
    :meth:`others`, the territories it holds that members of ``t`` may reach by a
    manoeuvre. Read only: the board shares one holding among every state of that map.

    What the legal forms are remembered by, cheap to hash and the same on every map where
    the answer is the same: ``key`` stands for ``owned``, and :meth:`attackers` and
    :meth:`movers` give one for each territory's targets and group (bit masks under the
    plain rules, else the tuples themselves)."""

    __slots__ = ("_attackers", "_crossing", "_groups", "_movers", "_neighbours", "_others", "key", "map",
                 "owned", "targets")

    def __init__(self, owned: tuple[str, ...], targets: dict[str, tuple[str, ...]],
                 neighbours: Callable[[str], tuple[str, ...]], crossing: Callable[[str], bool]) -> None:
        self.owned = owned
        self.targets = targets
        self._neighbours = neighbours
        self._crossing = crossing
        self._groups: dict[str, tuple[str, ...]] | None = None
        self._others: dict[str, tuple[str, ...]] = {}
        # The :class:`Holdings` of the owner map it was read from (the plain rules), else None.
        self.map: Holdings | None = None
        self.key: Any = owned
        self._attackers: tuple[tuple[str, tuple[str, ...], Any], ...] | None = None
        self._movers: tuple[tuple[str, Any], ...] | None = None

    @classmethod
    def general(cls, order: Iterable[str], owner: Mapping[str, str], faction: str,
                neighbours: Callable[[str], tuple[str, ...]], hostile: Callable[[str], bool],
                passable: Callable[[str], bool]) -> Holding:
        """A holding under the edition's own rules: ``neighbours`` (closed zones already left
        out), ``hostile`` ("may attack") and ``passable`` ("may cross")."""
        owned = tuple([t for t in order if owner[t] == faction])
        targets = {t: tuple([n for n in neighbours(t) if hostile(n)]) for t in owned}
        return cls(owned, targets, neighbours, passable)

    @classmethod
    def plain(cls, masks: Masks, owned: tuple[str, ...], mine: int) -> Holding:
        """A holding under the plain rules (attack any territory not yours, cross only yours,
        nothing closed), read off the map's masks: ``mine`` is the mask of ``owned``."""
        adjacent, subsets = masks.adjacent, masks.subsets
        others = ~mine
        targets: dict[str, tuple[str, ...]] = {}
        attackers = []
        for t in owned:
            near = adjacent[t] & others
            targets[t] = found = subsets[near]
            if near:
                attackers.append((t, found, near))
        holding = cls(owned, targets, masks.neighbours.__getitem__, _NEVER)
        holding.key = mine
        holding._attackers = tuple(attackers)
        holding._groups, joined = _groups_on_masks(masks, owned, mine)
        holding._movers = tuple([(t, joined[t]) for t in owned if t in joined])
        return holding

    def sharing(self) -> Holding:
        """A new holding with this one's answers, shared (each is read only, or a memo of
        answers that are the same for both): for another owner map where the faction holds
        the same territories under the same rules. Its ``map`` is unset."""
        new = object.__new__(Holding)
        new.owned, new.targets, new.key = self.owned, self.targets, self.key
        new._neighbours, new._crossing, new._others = self._neighbours, self._crossing, self._others
        new._groups, new._attackers, new._movers = self._groups, self._attackers, self._movers
        new.map = None
        return new

    def group(self, tid: str) -> tuple[str, ...]:
        """The territories of this faction joined to ``tid`` (held) through passable ones,
        ``tid`` included, in map order."""
        groups = self._groups
        if groups is None:
            groups = self._groups = self._search()
        return groups[tid]

    def attackers(self) -> tuple[tuple[str, tuple[str, ...], Any], ...]:
        """``(territory, its targets, their key)`` of each held territory with a target, in
        map order."""
        found = self._attackers
        if found is None:
            found = self._attackers = tuple([(t, ts, ts) for t, ts in self.targets.items() if ts])
        return found

    def movers(self) -> tuple[tuple[str, Any], ...]:
        """``(territory, its group's key)`` of each held territory joined to another held one
        (members may manoeuvre from it), in map order."""
        found = self._movers
        if found is None:
            found = self._movers = tuple([(t, g) for t in self.owned if len(g := self.group(t)) > 1])
        return found

    def others(self, tid: str) -> tuple[str, ...]:
        """:meth:`group` without ``tid``: where members of ``tid`` may manoeuvre."""
        found = self._others.get(tid)
        if found is None:
            found = self._others[tid] = tuple([t for t in self.group(tid) if t != tid])
        return found

    def _search(self) -> dict[str, tuple[str, ...]]:
        neighbours, crossing, owned = self._neighbours, self._crossing, self.owned
        groups: dict[str, tuple[str, ...]] = {}
        for t in owned:
            if t in groups:
                continue
            seen = {t}
            todo = [t]
            while todo:
                for n in neighbours(todo.pop()):
                    if n not in seen and crossing(n):
                        seen.add(n)
                        todo.append(n)
            group = tuple([x for x in owned if x in seen]) if len(seen) > 1 else (t,)
            for x in group:
                groups[x] = group
        return groups


def _never(tid: str) -> bool:  # pragma: no cover - a plain holding's groups are found on masks
    return False


_NEVER = _never


def _groups_on_masks(masks: Masks, owned: tuple[str, ...],
                     mine: int) -> tuple[dict[str, tuple[str, ...]], dict[str, int]]:
    """Each held territory → its connected group of held territories (map order); and each
    one in a group of two or more → that group's mask."""
    adjacent, subsets, bit = masks.adjacent, masks.subsets, masks.bit
    groups: dict[str, tuple[str, ...]] = {}
    joined: dict[str, int] = {}
    for t in owned:
        if t in groups:
            continue
        seen = bit[t]
        todo = [t]
        while todo:
            new = adjacent[todo.pop()] & mine & ~seen
            if new:
                seen |= new
                todo.extend(subsets[new])
        if seen == bit[t]:
            groups[t] = (t,)
            continue
        group = tuple([x for x in owned if seen & bit[x]])
        for x in group:
            groups[x] = group
            joined[x] = seen
    return groups, joined


class Holdings:
    """The :class:`Holding` of each faction on one owner map (the plain rules), built when
    first asked; ``owned`` and ``region_bonus`` per faction."""

    __slots__ = ("_bonus", "_by", "_key", "_masks", "_mine", "_owned", "_owner")

    def __init__(self, masks: Masks, owner: Mapping[str, str], key: tuple[str, ...]) -> None:
        self._masks = masks
        self._owner = owner
        self._key = key
        self._by: dict[str, Holding] = {}
        self._owned: dict[str, tuple[str, ...]] | None = None
        self._mine: dict[str, int] = {}
        self._bonus: dict[str, int] = {}

    def _split(self) -> dict[str, tuple[str, ...]]:
        """Every faction's territories and mask, in one pass over the map."""
        lists: dict[str, list[str]] = {}
        mine: dict[str, int] = {}
        owner, bit = self._owner, self._masks.bit
        for t in self._masks.order:
            faction = owner[t]
            found = lists.get(faction)
            if found is None:
                lists[faction] = [t]
                mine[faction] = bit[t]
            else:
                found.append(t)
                mine[faction] |= bit[t]
        self._mine = mine
        owned = self._owned = {f: tuple(ts) for f, ts in lists.items()}
        return owned

    def owned(self, faction: str) -> tuple[str, ...]:
        """``faction``'s territories, in map order."""
        owned = self._owned
        if owned is None:
            owned = self._split()
        return owned.get(faction, ())

    def region_bonus(self, faction: str) -> int:
        """The bonus of every region ``faction`` holds whole (remembered per faction)."""
        bonus = self._bonus.get(faction)
        if bonus is None:
            if self._owned is None:
                self._split()
            mine = self._mine.get(faction, 0)
            bonus = self._bonus[faction] = sum([b for mask, b in self._masks.regions if mine & mask == mask])
        return bonus

    def of(self, faction: str) -> Holding:
        """``faction``'s holding, attacking any territory it does not hold and crossing only
        its own."""
        found = self._by.get(faction)
        if found is None:
            owned = self.owned(faction)
            masks, mine = self._masks, self._mine.get(faction, 0)
            known = masks.held.get(mine)
            if known is None:
                if len(masks.held) >= HELD_KEPT:
                    masks.held.clear()
                known = masks.held[mine] = Holding.plain(masks, owned, mine)
            found = self._by[faction] = known.sharing()
            found.map = self
        return found


# Plain holdings a board's masks remember by the faction's mask (then they start again).
HELD_KEPT = 4096
