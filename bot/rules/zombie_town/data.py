"""Zombie Town's numbers, board and cards, loaded once and validated.

The base game's rulebook is not public, so every number is ours and lives in one file,
``data/zombie_town/settings.json``, that an owner of the real rulebook can replace without
touching code. ``board.json`` is the neighbourhood, ``cards.json`` the names and texts.
A broken file fails loudly here, at load, never in the middle of a game.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

__all__ = ["AGENDA_STATS", "CARD_KINDS", "DATA_DIR", "DataError", "Settings", "ZTData", "load", "load_settings",
           "square_name"]

DATA_DIR = Path(__file__).resolve().parents[3] / "data" / "zombie_town"

CARD_KINDS = ("weapon", "ammo", "barricade", "survivor", "supply", "first_aid", "event")
EVENT_EFFECTS = ("horde", "rush", "jam", "windfall", "collapse")
CHARACTER_EFFECTS = ("health", "shooting", "barricade_free", "free_move", "search_keep", "melee")
AGENDA_STATS = ("zombies", "houses", "supplies", "followers", "keys", "run_over", "parked", "weapons", "ammo",
                "barricades_one_house", "player_wins", "searches", "guards", "houses_visited", "drives", "gun_kills")
HEADINGS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
ACTION_DECK = 102
COMBAT_DECK = 30
HOUSES = 12
AGENDA_DECK = 30


class DataError(ValueError):
    """A Zombie Town data file that does not fit the rules as we built them."""


def square_name(x: int, y: int) -> str:
    """``(0, 0)`` → ``"A1"``: column letter, then row number (rows top to bottom)."""
    return f"{chr(ord('A') + x)}{y + 1}"


def _need(cond: bool, what: str) -> None:
    if not cond:
        raise DataError(what)


def _int(d: dict[str, Any], key: str, lo: int = 0, hi: int = 1000) -> int:
    v = d.get(key)
    _need(type(v) is int and lo <= v <= hi, f"settings: {key} must be a whole number {lo}–{hi}, not {v!r}")
    return v  # type: ignore[return-value]


@dataclass(frozen=True, eq=False)
class Settings:
    """Every number of ours, by its name in settings.json (see docs/zombie_town.md)."""

    raw: dict[str, Any]
    days: dict[int, int]
    actions: int
    walk: int
    free_move: int
    health: int
    hand_limit: int
    deal: int
    keep: int
    max_weapons: int
    max_followers: int
    gun_range: int
    flee_squares: int
    flee_damage: int
    zombie_strength: int
    zombies_total: int
    zombies_per_x: int
    moved: tuple[int, ...]
    spawned: tuple[int, ...]
    two_player_extra: int
    house_card: int
    barricades_per_house: int
    barricade_stands: int
    combat: dict[int, int]
    windfall_chain: int  # Windfalls in a row one search follows; the next one finds nothing
    starting_gun: dict[str, Any]
    cards: dict[str, dict[str, Any]]
    characters: dict[str, dict[str, Any]]
    points: dict[str, int]
    car_squares: int
    rr_days: int  # road_rage.days: a Road Rage game's days, whatever the player count
    car_max_damage: int
    working_car_points: int
    agendas_in_hand: int
    agendas: dict[str, dict[str, Any]]


def load_settings(raw: dict[str, Any]) -> Settings:
    """Validate ``raw`` (the parsed settings.json) into :class:`Settings`."""
    players = raw.get("players") or {}
    lo, hi = _int(players, "min", 2, 6), _int(players, "max", 2, 6)
    days_raw = raw.get("days") or {}
    _need(isinstance(days_raw, dict), "settings: days is a table players → days")
    days = {int(k): v for k, v in days_raw.items()}
    _need(set(days) == set(range(lo, hi + 1)), "settings: days needs an entry per player count")
    _need(all(type(v) is int and 1 <= v <= 30 for v in days.values()), "settings: days are 1–30")
    rr = raw.get("road_rage") or {}
    rr_days = _int(rr, "days", 1, 30)  # the expansion's « Survivez les 10 jours », every count
    last = max(*days.values(), rr_days)
    moved = tuple(raw.get("zombies_moved_per_turn") or ())
    spawned = tuple(raw.get("zombies_spawned_per_day") or ())
    for name, table in (("zombies_moved_per_turn", moved), ("zombies_spawned_per_day", spawned)):
        _need(len(table) >= last and all(type(v) is int and 0 <= v <= 50 for v in table),
              f"settings: {name} needs a whole number per day, {last} days")
    combat = {int(k): v for k, v in (raw.get("combat_deck") or {}).items()}
    _need(sum(combat.values()) == COMBAT_DECK and all(1 <= k <= 20 and type(v) is int and v >= 0
                                                      for k, v in combat.items()),
          f"settings: the combat deck has {COMBAT_DECK} cards")
    cards = raw.get("cards") or {}
    total = 0
    for cid, c in cards.items():
        _need(c.get("kind") in CARD_KINDS, f"settings: card {cid} has no known kind")
        total += _int(c, "count", 1, ACTION_DECK)
        if c["kind"] == "weapon":
            for k in ("bonus", "ammo", "draws"):
                _int(c, k, 0, 10)
            _need(type(c.get("gun")) is bool, f"settings: weapon {cid} says whether it is a gun")
            _need(c["draws"] >= 1, f"settings: weapon {cid} draws at least one card")
            _need(c["gun"] == (c["ammo"] > 0), f"settings: weapon {cid}: guns and only guns have ammunition")
        elif c["kind"] == "supply":
            _int(c, "points", 0, 10)
        elif c["kind"] == "ammo":
            _int(c, "bullets", 1, 10)
        elif c["kind"] == "first_aid":
            _int(c, "heal", 1, 10)
        elif c["kind"] == "event":
            _need(c.get("effect") in EVENT_EFFECTS, f"settings: event {cid} has no known effect")
            _int(c, "value", 0, 10)
    _need(total == ACTION_DECK, f"settings: the action deck has {ACTION_DECK} cards, not {total}")
    for kind in CARD_KINDS:
        _need(any(c["kind"] == kind for c in cards.values()), f"settings: no {kind} card")
    characters = raw.get("characters") or {}
    _need(len(characters) == 6, "settings: six characters")
    for cid, c in characters.items():
        _need(c.get("effect") in CHARACTER_EFFECTS, f"settings: character {cid} has no known effect")
        _int(c, "value", 0, 5)
    gun = raw.get("starting_gun") or {}
    for k in ("bonus", "ammo", "draws"):
        _int(gun, k, 0 if k != "draws" else 1, 10)
    points = raw.get("points") or {}
    for k in ("survivor", "zombie", "house"):
        _int(points, k, 0, 20)
    agendas = rr.get("agendas") or {}
    copies = 0
    for aid, a in agendas.items():
        copies += _int(a, "copies", 1, AGENDA_DECK)
        objs = a.get("objectives")
        _need(isinstance(objs, list) and len(objs) == 2, f"settings: agenda {aid} has two objectives")
        for o in objs:
            _need(o.get("stat") in AGENDA_STATS, f"settings: agenda {aid}: unknown stat {o.get('stat')!r}")
            _int(o, "at_least", 1, 100)
            _int(o, "value", 1, 20)
        _need(objs[0]["value"] != objs[1]["value"], f"settings: agenda {aid}: two different values")
    _need(copies == AGENDA_DECK, f"settings: {AGENDA_DECK} agenda cards, not {copies}")
    return Settings(
        raw=raw, days=days, actions=_int(raw, "actions_per_turn", 1, 10),
        walk=_int(raw, "walk_squares_per_action", 1, 10), free_move=_int(raw, "free_move_squares", 0, 10),
        health=_int(raw, "health", 1, 10), hand_limit=_int(raw, "hand_limit", 1, 20), deal=_int(raw, "deal", 0, 10),
        keep=_int(raw, "keep", 0, 10), max_weapons=_int(raw, "max_weapons", 1, 5),
        max_followers=_int(raw, "max_followers", 0, 10), gun_range=_int(raw, "gun_range", 0, 10),
        flee_squares=_int(raw, "flee_squares", 1, 10), flee_damage=_int(raw, "flee_damage", 0, 5),
        zombie_strength=_int(raw, "zombie_strength", 1, 20), zombies_total=_int(raw, "zombies_total", 1, 1000),
        zombies_per_x=_int(raw, "zombies_per_x_at_start", 0, 10), moved=moved, spawned=spawned,
        two_player_extra=_int(raw, "two_player_extra_zombies_moved", 0, 10),
        house_card=_int(raw, "house_card_start", 0, 50), barricades_per_house=_int(raw, "barricades_per_house", 1, 12),
        barricade_stands=_int(raw, "barricade_stands", 1, 100), combat=combat,
        windfall_chain=_int(raw, "windfall_chain", 0, 20), starting_gun=dict(gun),
        cards=cards, characters=characters, points=dict(points), car_squares=_int(rr, "car_squares", 1, 20),
        rr_days=rr_days,
        car_max_damage=_int(rr, "car_max_damage", 1, 20), working_car_points=_int(rr, "working_car_points", 0, 20),
        agendas_in_hand=_int(rr, "agendas_in_hand", 1, 5), agendas=agendas,
    )


@dataclass(frozen=True, eq=False)
class ZTData:
    settings: Settings
    rows: tuple[str, ...]
    width: int
    height: int
    houses: dict[str, dict[str, Any]]  # id → name, name_fr, facade, driveway, heading, squares
    names: dict[str, Any]  # cards.json
    deck: tuple[str, ...]  # the 102 action card ids in box order: "pistol_1" …
    kind_of: dict[str, str]  # card id → its entry in settings["cards"]
    agenda_deck: tuple[str, ...]  # "landlord_1" …


def _board(raw: dict[str, Any]) -> tuple[tuple[str, ...], dict[str, dict[str, Any]]]:
    rows = tuple(raw["rows"])
    _need(rows and all(len(r) == len(rows[0]) for r in rows), "board: rows of one length")
    _need(len(rows) <= 26 and len(rows[0]) <= 26, "board: at most 26 × 26 squares")
    houses = raw["houses"]
    _need(len(houses) == HOUSES, f"board: {HOUSES} houses")
    cells: dict[str, list[str]] = {h: [] for h in houses}
    xs = 0
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            if ch in cells:
                cells[ch].append(square_name(x, y))
            elif ch == "X":
                xs += 1
            else:
                _need(ch in ".C#", f"board: unknown mark {ch!r} at {square_name(x, y)}")
    _need(xs > 0, "board: no X square")
    street = {square_name(x, y) for y, row in enumerate(rows) for x, ch in enumerate(row) if ch in ".X"}
    out: dict[str, dict[str, Any]] = {}
    used: set[str] = set()
    for hid, h in houses.items():
        _need(bool(cells[hid]), f"board: house {hid} has no square")
        _need(h.get("heading") in HEADINGS, f"board: house {hid} heading")
        for part in ("facade", "driveway"):
            sq = h.get(part)
            _need(sq in street and sq not in used, f"board: house {hid} {part} {sq} must be a street square of its own")
            used.add(sq)
            x, y = ord(sq[0]) - ord("A"), int(sq[1:]) - 1
            near = {square_name(x + dx, y + dy) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))}
            _need(bool(near & set(cells[hid])), f"board: house {hid} {part} must touch the house")
        out[hid] = {**h, "squares": cells[hid]}
    return rows, out


@cache
def load() -> ZTData:
    settings = load_settings(json.loads((DATA_DIR / "settings.json").read_text(encoding="utf-8")))
    rows, houses = _board(json.loads((DATA_DIR / "board.json").read_text(encoding="utf-8")))
    names = json.loads((DATA_DIR / "cards.json").read_text(encoding="utf-8"))
    _need(set(names["cards"]) == set(settings.cards), "cards.json and settings.json name different cards")
    _need(set(names["characters"]) == set(settings.characters), "cards.json and settings.json: characters differ")
    _need(set(names["agendas"]) == set(settings.agendas), "cards.json and settings.json: agendas differ")
    _need(set(names["stats"]) == set(AGENDA_STATS), "cards.json: a text for every agenda stat")
    deck = tuple(f"{cid}_{i}" for cid, c in settings.cards.items() for i in range(1, c["count"] + 1))
    kind_of = {card: card.rsplit("_", 1)[0] for card in deck}
    agenda_deck = tuple(f"{aid}_{i}" for aid, a in settings.agendas.items() for i in range(1, a["copies"] + 1))
    return ZTData(settings, rows, len(rows[0]), len(rows), houses, names, deck, kind_of, agenda_deck)
