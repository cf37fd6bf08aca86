"""A game as one JSON file (``/game export``), and that file read back and replayed
(``python -m bot replay FILE``): a bug report is then one file.

What a file holds, and why:

- **A game that is over** (``finished``, or ``ended`` by its host or a moderator): anyone may
  export it, in full: the game, its options, the lobby picks, the seats and their names,
  the **seed**, every action of the log (with its public events), the final public view
  and the final state. The seed and the actions rebuild the game exactly
  (:func:`replay`), and the state lets the replay check that it did. Nothing is left to
  protect once a game is over.
- **A running game**: only its players may export it, and only what the channel has seen:
  the game, options, seats and names, and for every entry of the log who acted and its
  **public events** (``events_for(events, None)``, the one filter the channel's narration
  goes through), and the public view now (the board as the channel sees it). **No seed**:
  every die and shuffle comes from the seeded generator kept in the state, so the seed
  would tell the dice to come, the deck's order, every hand and every face-down card.
  **No actions** either: an action may name what only its player knows (a card of their
  hand), while its public events say what the table saw. **No state**, no lobby picks
  beyond the view. Such a file cannot be replayed move by move; ``replay`` draws its board.

Pure: the rules only (no I/O, no clock); the service builds a document, the command line
reads one.
"""

from __future__ import annotations

import gzip
import json
import zlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any, Protocol

from bot.rules import GAMES
from bot.rules.base import SYSTEM, State

FORMAT = "gamemaster.export"
FORMAT_VERSION = 1
OVER = ("finished", "ended")
MAX_BYTES = 64 * 1024 * 1024  # the largest export read back (decompressed)
ATTACHMENT = 8 * 1024 * 1024  # what every server lets a bot attach; a longer export goes gzipped


class ExportError(ValueError):
    """The file is not a game export this version can read (``str``: why, in one sentence)."""


class ExportedRow(Protocol):
    game: str
    status: str
    options: dict[str, Any]
    seed: int
    state: dict[str, Any] | None
    version: int
    players: list[str]
    seats: list[str] | None
    names: dict[str, str]
    lang: str
    id: int


class ExportedAction(Protocol):
    seq: int
    seat: str
    action: dict[str, Any]
    events: list[dict[str, Any]]


def is_over(status: str) -> bool:
    return status in OVER


def document(row: ExportedRow, log: list[ExportedAction], picks: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """The export of ``row`` whose log (actions taken back left out) is ``log``; ``picks``:
    the lobby picks the engine was started with. In full if the game is over, else the
    public part only (see the module's docstring)."""
    return assemble(row, entries(row, log), picks)


def entries(row: ExportedRow, log: Iterable[ExportedAction]) -> list[dict[str, Any]]:
    """The document's entries for ``log`` (or a page of it: the service reads the log a page
    at a time and keeps only these)."""
    engine = GAMES[row.game]
    full = is_over(row.status)
    out = []
    for entry in log:
        item: dict[str, Any] = {"seq": entry.seq, "seat": entry.seat}
        if full or entry.seat == SYSTEM:  # skip, kick, timeout: the table saw them all
            item["action"] = entry.action
        item["events"] = engine.events_for(entry.events, None)
        out.append(item)
    return out


def assemble(row: ExportedRow, log_entries: list[dict[str, Any]], picks: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """The document around its entries (see :func:`document`)."""
    assert row.state is not None
    engine = GAMES[row.game]
    full = is_over(row.status)
    seats = list(row.seats or row.state.get("seats") or row.players)
    doc: dict[str, Any] = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "game": row.game,
        "game_number": row.id,
        "status": row.status,
        "public_only": not full,
        "lang": row.lang,
        "options": row.options,
        "seats": seats,
        "names": {s: row.names.get(s, s) for s in seats},
        "version": row.version,
        "turn": engine.turn_info(row.state).number,
        "seed": row.seed if full else None,
        "picks": picks if full else None,
        "log": log_entries,
        "view": engine.view(row.state, None),
    }
    if full:
        doc["state"] = row.state
        doc["outcome"] = engine.outcome(row.state)
    return doc


def dumps(doc: dict[str, Any]) -> bytes:
    return json.dumps(doc, ensure_ascii=False, separators=(",", ":"), sort_keys=True,
                      allow_nan=False).encode("utf-8")


def filename(doc: dict[str, Any]) -> str:
    return f"{doc['game']}-{doc['game_number']}-{'public' if doc['public_only'] else 'full'}.json"


def packed(doc: dict[str, Any]) -> tuple[str, bytes] | None:
    """The file to attach: ``(name, bytes)``, gzipped if the JSON is longer than an
    attachment may be; ``None`` if even that is too long."""
    data, name = dumps(doc), filename(doc)
    if len(data) > ATTACHMENT:
        data, name = gzip.compress(data, 9, mtime=0), name + ".gz"
    return (name, data) if len(data) <= ATTACHMENT else None


def _unpacked(data: bytes) -> bytes:
    if data[:2] != b"\x1f\x8b":
        return data
    inflate = zlib.decompressobj(16 + zlib.MAX_WBITS)
    try:
        out = inflate.decompress(data, MAX_BYTES + 1)
    except zlib.error as err:
        raise ExportError(f"a broken gzip file ({err})") from err
    if len(out) > MAX_BYTES:
        raise ExportError("the file is larger than any export")
    return out


# -- reading a file back -----------------------------------------------------------------

@dataclass(frozen=True)
class Export:
    """A checked export: what :func:`replay` needs."""

    game: str
    status: str
    public_only: bool
    options: dict[str, Any]
    seats: list[str]
    names: dict[str, str]
    lang: str
    seed: int | None
    picks: dict[str, dict[str, Any]] | None
    log: list[dict[str, Any]]
    view: dict[str, Any]
    state: dict[str, Any] | None


def _need(cond: bool, why: str) -> None:
    if not cond:
        raise ExportError(why)


def load(data: bytes | str) -> Export:
    """Read and check an export (``ExportError``: not one this version reads)."""
    if isinstance(data, bytes):
        if len(data) > MAX_BYTES:
            raise ExportError("the file is larger than any export")
        data = _unpacked(data)
    try:
        doc = json.loads(data)
    except (ValueError, UnicodeDecodeError) as err:
        raise ExportError(f"not JSON ({err})") from err
    _need(isinstance(doc, dict) and doc.get("format") == FORMAT, "not a GameMaster game export")
    _need(doc.get("format_version") == FORMAT_VERSION,
          f"export format {doc.get('format_version')!r}: this version reads {FORMAT_VERSION}")
    _need(doc.get("game") in GAMES, f"unknown game {str(doc.get('game'))[:50]!r}")
    seats = doc.get("seats")
    _need(isinstance(seats, list) and bool(seats) and all(isinstance(s, str) for s in seats), "no seats")
    names = doc.get("names") or {}
    _need(isinstance(names, dict), "names is not an object")
    _need(isinstance(doc.get("options"), dict), "options is not an object")
    _need(isinstance(doc.get("view"), dict), "no board (view)")
    log = doc.get("log")
    _need(isinstance(log, list) and all(isinstance(e, dict) and isinstance(e.get("seat"), str) for e in log),
          "the log is not a list of entries")
    public_only = doc.get("public_only") is not False
    seed = doc.get("seed")
    if not public_only:
        _need(type(seed) is int, "a full export without its seed")
        _need(all(isinstance(e.get("action"), dict) for e in log), "a full export with an entry without its action")
        _need(doc.get("picks") is None or isinstance(doc.get("picks"), dict), "picks is not an object")
    state = doc.get("state")
    _need(state is None or isinstance(state, dict), "state is not an object")
    return Export(doc["game"], str(doc.get("status", "?")), public_only, doc["options"], seats,
                  {str(k): str(v) for k, v in names.items()}, str(doc.get("lang") or "en"),
                  seed if not public_only else None, doc.get("picks"), log, doc["view"], state)


@dataclass(frozen=True)
class Step:
    """One entry of the log replayed: the state after it and whether a turn passed."""

    seq: int
    state: State
    new_turn: bool
    events_match: bool  # the replay's public events are the file's


def replay(export: Export) -> Iterator[Step]:
    """Replay a full export through its engine, entry by entry (pure: the engine only).
    ``RuleError`` if an entry is refused by today's rules."""
    if export.public_only or export.seed is None:
        raise ExportError("a running game's export holds no seed and no actions: it cannot be replayed "
                          "(its board can be drawn)")
    engine = GAMES[export.game]
    state = engine.setup(export.seats, export.options, export.seed, export.picks)
    for entry in export.log:
        seat, action = entry["seat"], entry["action"]
        before = engine.turn_info(state)
        if seat == SYSTEM:
            state, events = engine.apply_system(state, action)
        else:
            state, events = engine.apply(state, seat, action)
        after = engine.turn_info(state)
        same = "events" not in entry or canonical(engine.events_for(events, None)) == canonical(entry["events"])
        yield Step(int(entry.get("seq", 0)), state, before.number != after.number or before.current != after.current,
                   same)


def canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
