"""Cybertron: the Risk Transformers board, read from ``data/transformers/`` and checked on load.

The shared map engine's :class:`~bot.rules.risk_map.board.Board` checks what every map must
be (ids, one sector per zone, symmetric borders, one connected graph with everything open);
this module adds what only Cybertron has, and refuses a board that breaks it:

- the rulebook's counts: 42 zones, sectors of 6/4/12/9/7/4 zones worth 3/2/7/5/5/2;
- the four transforming zones (page 9): Praxus and Pion Tower pivot, Decagon and Moon Alpha
  slide. A pivoting zone touches its neighbours only through its two arrows, so every border
  it has is gated by it; a sliding zone hides a secret war factory and starts closed;
- the two hyperlinks that wrap around the planet (page 11): Autobase–Kalis and
  Protihex–Neutral Territories, and the Launch Pad (the tie-break, page 18);
- connectivity in *every* open/closed configuration of the four zones (16 of them): the open
  zones, less the pivots walled off, stay one graph, so no closing strands a player;
- names unique in English and in French, every zone named in both, every zone placed.

Which zones are closed is the game's state, kept as two small maps (zone id → open?):
:meth:`Cybertron.closed` turns them into the ``closed`` set the map engine's graph questions
take, so a closed zone needs no second code path.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.rules.risk_map.board import DATA_DIR, Board, BoardError

__all__ = [
    "LAUNCH_PAD",
    "PIVOT_IDS",
    "SECTOR_BONUS",
    "SECTOR_SIZE",
    "SLIDE_IDS",
    "WRAPS",
    "Cybertron",
    "CybertronError",
    "Pivot",
    "Slide",
    "load_cybertron",
]

SECTOR_SIZE = {"red": 6, "yellow": 4, "green": 12, "blue": 9, "purple": 7, "orange": 4}
SECTOR_BONUS = {"red": 3, "yellow": 2, "green": 7, "blue": 5, "purple": 5, "orange": 2}
ZONES = 42
PIVOT_IDS = ("praxus", "pion_tower")
SLIDE_IDS = ("decagon", "moon_alpha")
WRAPS = (frozenset(("autobase", "kalis")), frozenset(("protihex", "neutral_territories")))
LAUNCH_PAD = "launch_pad"
FACTORY_CAP = 3  # "maximum 3 par usine" (page 7)


class CybertronError(BoardError):
    """A Cybertron data file that breaks the rulebook. The message lists every problem."""


@dataclass(frozen=True)
class Pivot:
    """A pivoting zone: ``gate`` is the id its borders carry; ``arrows`` the two zones it
    touches when open; ``start`` whether it is open when the game begins."""

    id: str
    gate: str
    arrows: tuple[str, str]
    start_open: bool


@dataclass(frozen=True)
class Slide:
    """A sliding zone over a secret war factory: closed at the start, at most ``cap`` robots
    a turn from its factory."""

    id: str
    start_open: bool
    cap: int


@dataclass(frozen=True)
class Cybertron:
    board: Board
    pivots: dict[str, Pivot]
    slides: dict[str, Slide]
    launch_pad: str
    names_fr: dict[str, str]  # zone id → French name
    sector_names_fr: dict[str, str]
    layout: dict[str, Any]
    # answers remembered per open/closed configuration (16 at most): the same answers, fast
    _memo: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False)

    # -- the state of the transforming zones -------------------------------------------
    def start_open(self) -> dict[str, bool]:
        """Zone id → open?, for the four transforming zones at the start of a game."""
        out = {p.id: p.start_open for p in self.pivots.values()}
        out.update({s.id: s.start_open for s in self.slides.values()})
        return out

    def closed(self, open_: Mapping[str, bool]) -> frozenset[str]:
        """The map engine's ``closed`` set for this state: the gate of each closed pivot
        (the zone stays, walled off) and each closed sliding zone (gone from the board)."""
        key = tuple(open_.items())
        found = self._memo.get(key)
        if found is None:
            out = [self.pivots[z].gate for z in self.pivots if not open_.get(z, self.pivots[z].start_open)]
            out += [z for z in self.slides if not open_.get(z, self.slides[z].start_open)]
            found = self._memo[key] = frozenset(out)
        return found

    def configurations(self) -> list[dict[str, bool]]:
        """Every open/closed state of the four transforming zones (16)."""
        ids = [*self.pivots, *self.slides]
        return [dict(zip(ids, flags, strict=True)) for flags in itertools.product((True, False), repeat=len(ids))]

    def in_play(self, open_: Mapping[str, bool]) -> tuple[str, ...]:
        """The zones that exist now, in map order: all but the closed sliding zones (a
        closed pivot is still a zone, with its pieces, only walled off)."""
        closed = self.closed(open_)
        found = self._memo.get(("in_play", closed))
        if found is None:
            found = self._memo[("in_play", closed)] = tuple(z for z in self.board.order if z not in closed)
        return found

    def sector_zones(self, sector: str, open_: Mapping[str, bool]) -> tuple[str, ...]:
        """The zones a player must hold for ``sector``'s bonus now: an open factory
        "counts as one of the zones of the sector" (page 7), a closed one does not."""
        closed = self.closed(open_)
        return tuple(z for z in self.board.regions[sector].territories if z not in closed)

    def neighbours(self, zone: str, open_: Mapping[str, bool]) -> tuple[str, ...]:
        closed = self.closed(open_)
        adjacency = self._memo.get(("adjacency", closed))
        if adjacency is None:
            board = self.board
            adjacency = self._memo[("adjacency", closed)] = {t: board.neighbours(t, closed) for t in board.order}
        return adjacency[zone]

    def sector_of(self, zone: str) -> str:
        return self.board.territories[zone].region

    def special_sector(self, zone: str) -> str:
        """The sector whose zones let a player transform ``zone`` (page 9: control the
        special zone "or another zone in the same sector")."""
        return self.sector_of(zone)


# --------------------------------------------------------------------------- loading


def _read(path: Path) -> Any:
    with open(path, encoding="utf-8") as fh:
        return json.load(fh)


def load_cybertron(folder: Path | None = None) -> Cybertron:
    """The board of ``folder`` (``data/transformers`` by default), checked; cached for the
    default folder."""
    if folder is None:
        global _CACHED
        if _CACHED is None:
            _CACHED = load_cybertron(DATA_DIR / "transformers")
        return _CACHED
    return from_dicts(_read(folder / "map.json"), _read(folder / "names_fr.json"))


_CACHED: Cybertron | None = None


def from_dicts(data: Mapping[str, Any], names_fr: Mapping[str, Any]) -> Cybertron:
    """Build and check Cybertron from ``map.json`` and ``names_fr.json`` as loaded."""
    try:
        board = Board.from_dict(data, expect={"territories": ZONES, "regions": len(SECTOR_SIZE)})
    except BoardError as exc:
        raise CybertronError(str(exc)) from None
    errors: list[str] = []
    _check_sectors(board, errors)
    pivots = _pivots(board, data.get("pivots") or {}, errors)
    slides = _slides(board, data.get("slides") or {}, errors)
    _check_borders(board, data.get("borders") or [], pivots, errors)
    launch = data.get("launch_pad")
    if launch != LAUNCH_PAD or launch not in board.territories:
        errors.append(f"the Launch Pad must be zone '{LAUNCH_PAD}', not {launch!r}")
    fr = names_fr.get("territory") or {}
    sectors_fr = names_fr.get("region") or {}
    _check_names(board, fr, sectors_fr, errors)
    layout = data.get("layout") or {}
    _check_layout(board, layout, errors)
    if errors:
        raise CybertronError("Cybertron: " + "; ".join(errors))
    cyb = Cybertron(board, pivots, slides, str(launch), dict(fr), dict(sectors_fr), dict(layout))
    _check_configurations(cyb, errors)
    if errors:
        raise CybertronError("Cybertron: " + "; ".join(errors))
    return cyb


def _check_sectors(board: Board, errors: list[str]) -> None:
    if set(board.regions) != set(SECTOR_SIZE):
        errors.append(f"the sectors must be {sorted(SECTOR_SIZE)}, not {sorted(board.regions)}")
        return
    for sid, region in board.regions.items():
        if len(region.territories) != SECTOR_SIZE[sid]:
            errors.append(f"sector '{sid}' has {len(region.territories)} zones, the rulebook says {SECTOR_SIZE[sid]}")
        if region.bonus != SECTOR_BONUS[sid]:
            errors.append(f"sector '{sid}' is worth {region.bonus}, the rulebook says {SECTOR_BONUS[sid]}")


def _pivots(board: Board, raw: Mapping[str, Any], errors: list[str]) -> dict[str, Pivot]:
    if set(raw) != set(PIVOT_IDS):
        errors.append(f"the pivoting zones must be {list(PIVOT_IDS)}, not {sorted(raw)}")
    out: dict[str, Pivot] = {}
    for zid, info in raw.items():
        arrows = tuple(info.get("arrows") or ())
        gate = info.get("gate")
        if zid not in board.territories:
            errors.append(f"pivoting zone '{zid}' is not on the map")
            continue
        if len(arrows) != 2 or len(set(arrows)) != 2 or any(a not in board.territories for a in arrows):
            errors.append(f"pivoting zone '{zid}' needs two arrows to two zones of the map, not {list(arrows)}")
            continue
        if not isinstance(gate, str) or not gate or gate in board.territories:
            errors.append(f"pivoting zone '{zid}' needs a gate id that is not a zone id, not {gate!r}")
            continue
        if info.get("start") not in ("open", "closed"):
            errors.append(f"pivoting zone '{zid}' starts 'open' or 'closed', not {info.get('start')!r}")
        out[zid] = Pivot(zid, gate, (arrows[0], arrows[1]), info.get("start") == "open")
    return out


def _slides(board: Board, raw: Mapping[str, Any], errors: list[str]) -> dict[str, Slide]:
    if set(raw) != set(SLIDE_IDS):
        errors.append(f"the sliding zones must be {list(SLIDE_IDS)}, not {sorted(raw)}")
    out: dict[str, Slide] = {}
    for zid, info in raw.items():
        if zid not in board.territories:
            errors.append(f"sliding zone '{zid}' is not on the map")
            continue
        if info.get("start") != "closed":
            errors.append(f"sliding zone '{zid}' must start closed (page 9), not {info.get('start')!r}")
        if info.get("factory_cap") != FACTORY_CAP:
            errors.append(f"the factory under '{zid}' gives at most {FACTORY_CAP} robots, not {info.get('factory_cap')!r}")
        out[zid] = Slide(zid, False, FACTORY_CAP)
    return out


def _check_borders(board: Board, raw: Iterable[Mapping[str, Any]], pivots: Mapping[str, Pivot],
                   errors: list[str]) -> None:
    gates = {p.gate: p for p in pivots.values()}
    wraps = set()
    for b in raw:
        a, c, gate = b.get("a"), b.get("b"), b.get("gate")
        pair = frozenset((a, c))
        if b.get("wrap"):
            if b.get("kind") != "hyperlink":
                errors.append(f"{a}–{c} wraps around the planet but is not a hyperlink")
            wraps.add(pair)
        if gate is not None:
            p = gates.get(gate)
            if p is None:
                errors.append(f"border {a}–{c} has gate {gate!r}, which no pivoting zone owns")
            elif p.id not in pair:
                errors.append(f"border {a}–{c} has pivoting zone '{p.id}''s gate but does not touch it")
    if wraps != set(WRAPS):
        want = sorted("–".join(sorted(w)) for w in WRAPS)
        errors.append(f"the hyperlinks around the planet must be {want}, not {sorted('–'.join(sorted(w)) for w in wraps)}")
    for p in pivots.values():
        touching = {n: board.borders[frozenset((p.id, n))] for n in board.neighbours(p.id)}
        through = sorted(n for n, (_kind, gate) in touching.items() if gate == p.gate)
        if through != sorted(p.arrows):
            errors.append(f"pivoting zone '{p.id}' must touch exactly its arrows {sorted(p.arrows)} through its "
                          f"gate, it touches {through}")
        loose = sorted(n for n, (kind, gate) in touching.items() if gate != p.gate and kind == "land")
        if loose:
            errors.append(f"pivoting zone '{p.id}' borders {loose} without its arrows (page 11: only when aligned)")


def _check_names(board: Board, fr: Mapping[str, str], sectors_fr: Mapping[str, str], errors: list[str]) -> None:
    missing = [z for z in board.order if not fr.get(z)]
    if missing:
        errors.append(f"zones without a French name: {missing}")
    unknown = sorted(set(fr) - set(board.territories))
    if unknown:
        errors.append(f"French names for zones not on the map: {unknown}")
    if set(sectors_fr) != set(board.regions):
        errors.append(f"French sector names must name each sector once, not {sorted(sectors_fr)}")
    for lang, names in (("English", [board.territories[z].name for z in board.order]),
                        ("French", [fr[z] for z in board.order if fr.get(z)])):
        folded = [n.casefold() for n in names]
        dup = sorted({n for n in names if folded.count(n.casefold()) > 1})
        if dup:
            errors.append(f"{lang} zone names used twice: {dup}")


def _check_layout(board: Board, layout: Mapping[str, Any], errors: list[str]) -> None:
    size = layout.get("size")
    zones = layout.get("zones") or {}
    if not (isinstance(size, list) and len(size) == 2):
        errors.append(f"the layout needs a size [w, h], not {size!r}")
        return
    w, h = size
    for z in board.order:
        xy = zones.get(z)
        if not (isinstance(xy, list) and len(xy) == 2 and 0 <= xy[0] < w and 0 <= xy[1] < h):
            errors.append(f"zone '{z}' has no place on the {w}x{h} layout ({xy!r})")


def _check_configurations(cyb: Cybertron, errors: list[str]) -> None:
    board = cyb.board
    for open_ in cyb.configurations():
        closed = cyb.closed(open_)
        walled = {p for p in cyb.pivots if not open_[p]}
        for p in walled:
            if board.neighbours(p, closed):
                errors.append(f"closed pivoting zone '{p}' still touches {list(board.neighbours(p, closed))}")
        live = [z for z in cyb.in_play(open_) if z not in walled]
        seen = board.reachable(live[0], lambda z, w=frozenset(walled): z not in w, closed)
        cut = [z for z in live if z not in seen]
        if cut:
            state = ", ".join(f"{z} {'open' if v else 'closed'}" for z, v in open_.items())
            errors.append(f"with {state}, {cut} cannot be reached from '{live[0]}'")
            return
