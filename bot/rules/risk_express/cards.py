"""Risk Express's cards and dice: the data file read and validated once, and what a throw
meets (the lines each sorted tray of dice fills, memoised), for the engine (:mod:`.game`)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from bot.rules.base import IllegalAction

DATA = Path(__file__).resolve().parents[3] / "data" / "risk_express" / "cards.json"

FACES = ("general", "cavalry", "cannon", "soldier1", "soldier2", "soldier3")
SYMBOLS = ("general", "cavalry", "cannon")
SOLDIER_VALUE = {"soldier1": 1, "soldier2": 2, "soldier3": 3}
DICE = 7
GENERAL = "general"


@cache
def load_cards() -> dict[str, Any]:
    """The 14 cards and 6 continents, validated: a broken data file fails loudly."""
    data = json.loads(DATA.read_text(encoding="utf-8"))
    conts = {c["id"]: c for c in data["continents"]}
    cards = {c["id"]: c for c in data["cards"]}
    counts = {cid: 0 for cid in conts}
    for card in cards.values():
        if card["continent"] not in conts:
            raise ValueError(f"card {card['id']}: unknown continent {card['continent']}")
        counts[card["continent"]] += 1
        if not 1 <= len(card["lines"]) <= 3:
            raise ValueError(f"card {card['id']}: 1 to 3 lines")
        for line in card["lines"]:
            if not line or set(line) - {"cavalry", "cannon", "general", "soldiers"}:
                raise ValueError(f"card {card['id']}: bad line {line}")
            if min_dice(line) > DICE:
                raise ValueError(f"card {card['id']}: line {line} needs more than 7 dice")
    expected = {"asia": 4, "north_america": 3, "south_america": 2, "europe": 2, "africa": 2, "australia": 1}
    if len(cards) != 14 or counts != expected:
        raise ValueError(f"Risk Express needs 14 cards as {expected}, got {counts}")
    order = [c["id"] for c in data["cards"]]
    keys = {cid: [(i, str(i), tuple(sorted(line.items()))) for i, line in enumerate(card["lines"])]
            for cid, card in cards.items()}
    return {"continents": conts, "cards": cards, "order": order, "keys": keys}


def min_dice(line: dict[str, int]) -> int:
    """The fewest dice that can ever meet a line (soldier dice show at most 3)."""
    symbols = sum(n for k, n in line.items() if k != "soldiers")
    return symbols + -(-line.get("soldiers", 0) // 3)


def match_line(line: dict[str, int], tray: list[str]) -> list[str] | None:
    """The dice of ``tray`` that meet ``line``, or None.

    Symbol lines take exactly those faces (the General is no wildcard). Soldier lines take
    the fewest soldier dice whose values add up to at least N: the largest first, which
    is optimal because every die counts alike towards the dice kept for rerolls.
    """
    used = _match(tuple(sorted(line.items())), tuple(sorted(tray)))
    return None if used is None else list(used)


@cache
def _match(line: tuple[tuple[str, int], ...], tray: tuple[str, ...]) -> tuple[str, ...] | None:
    # Memoised: at most ~20 distinct lines times 1,716 multisets of up to seven dice.
    used: list[str] = []
    soldiers = 0
    for face, need in line:
        if face == "soldiers":
            soldiers = need
            continue
        if tray.count(face) < need:
            return None
        used.extend([face] * need)
    if soldiers:
        total = 0
        for face in ("soldier3", "soldier2", "soldier1"):
            value = SOLDIER_VALUE[face]
            for _ in range(tray.count(face)):
                if total >= soldiers:
                    break
                used.append(face)
                total += value
        if total < soldiers:
            return None
    return tuple(used)


@cache
def board() -> tuple[tuple[str, ...], dict[str, str], dict[str, int], dict[str, tuple[str, ...]]]:
    """The cards in order, each card's continent and number of lines, each continent's cards."""
    data = load_cards()
    order = tuple(data["order"])
    continent = {cid: data["cards"][cid]["continent"] for cid in order}
    lines = {cid: len(data["cards"][cid]["lines"]) for cid in order}
    members = {cont: tuple(c for c in order if continent[c] == cont) for cont in data["continents"]}
    return order, continent, lines, members


@cache
def tray_lines(tray: tuple[str, ...]) -> dict[str, tuple[tuple[str, int, tuple[str, ...], str], ...]]:
    """Card → the lines a sorted tray meets, as (card, index, dice used, key), for every card
    with one (memoised: at most 1,715 trays of one to seven dice)."""
    out: dict[str, tuple[tuple[str, int, tuple[str, ...], str], ...]] = {}
    for cid, lines in load_cards()["keys"].items():
        met = tuple((cid, index, used, key) for index, key, line in lines if (used := _match(line, tray)) is not None)
        if met:
            out[cid] = met
    return out


# The last throw that met a line (a copy) and its lines: the engine looks a throw up when it
# lands, and the next move (its options, then the fill) asks for the same dice again.
LAST: list[Any] = [None, None]


def lines_met(tray: list[str]) -> dict[str, tuple[tuple[str, int, tuple[str, ...], str], ...]]:
    """:func:`tray_lines` of ``tray`` in any order; the last throw remembered (compared by
    value, so a tray edited in place is never mistaken for the one remembered)."""
    last = LAST
    if tray == last[0]:
        return last[1]
    met = tray_lines(tuple(sorted(tray)))
    last[0] = tray[:]
    last[1] = met
    return met


def check_target(state: dict[str, Any], seat: str, card_id: str, name: str) -> None:
    """Refuse a fill on ``card_id`` (its name ``name``) that the rules forbid ``seat`` now:
    another card than the one invaded this turn, a card of a conquered continent, its own."""
    data = load_cards()
    att = state["attempt"]
    if att["card"] is not None and att["card"] != card_id:
        target = data["cards"][att["card"]]["name"]
        raise IllegalAction(f"You are invading {target} this turn: only one card a turn.", "re.err.one_card",
                            card=target)
    if data["cards"][card_id]["continent"] in state["locked"]:
        raise IllegalAction(f"{name} is in a conquered continent: nobody may invade it.", "re.err.locked", card=name)
    if state["owners"][card_id] == seat:
        raise IllegalAction(f"{name} is already yours.", "re.err.own_card", card=name)
