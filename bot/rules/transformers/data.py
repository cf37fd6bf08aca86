"""Risk Transformers' components as data: the four leaders and the 42 upgrade cards.

The rulebook prints the leaders' powers (page 14) and three cards (pages 8 and 17), not the
leader cards' starting zones nor the other cards: ours are marked ``provisional`` in the
files and explained in ``docs/transformers.md``. Everything is checked against Cybertron
when loaded, so a card naming a zone the board lacks fails here, not mid-game.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.rules.risk_map.board import DATA_DIR
from bot.rules.transformers.board import Cybertron, load_cybertron

__all__ = [
    "AUTOBOT",
    "DECEPTICON",
    "EFFECTS",
    "LEADER_IDS",
    "Card",
    "DataError",
    "Leader",
    "TransformersData",
    "Upgrade",
    "load_data",
]

AUTOBOT, DECEPTICON = "autobot", "decepticon"
LEADER_IDS = ("optimus_prime", "bumblebee", "megatron", "barricade")
SIDES = {"optimus_prime": AUTOBOT, "bumblebee": AUTOBOT, "megatron": DECEPTICON, "barricade": DECEPTICON}
ROBOT_BONUS = {"optimus_prime": "defend", "bumblebee": "attack", "megatron": "attack", "barricade": "defend"}
POWERS = {"optimus_prime": "jump", "bumblebee": "escape", "megatron": "strike", "barricade": "pin"}
# The closed set of upgrade effects the rules implement, and the phase each is played in.
EFFECTS = {
    "robots": "place",  # +value robots this turn
    "double_sector_bonus": "place",  # the sector bonus doubled this turn
    "attack_all": "attack",  # +value on each of the attacker's dice
    "attack_d8": "attack",  # the attacker's robots and vehicles roll d8
    "attack_highest": "attack",  # +value on the attacker's highest die
    "defend_all": "defend",  # +value on each of the defender's dice
    "defend_d8": "defend",  # the defender's robots and vehicles roll d8
    "backup": "transform",  # call for back-up in phase 2 (page 16)
}
CARDS = 42
# The cards the rulebook prints: zone → (upgrade, transformation symbol).
KNOWN_CARDS = {"the_arena": ("mass_production", True), "kalis": ("blocking_initiators", True),
               "perihex": ("fusion_cannons", True)}
KNOWN_UPGRADES = {"mass_production": ("robots", 3), "blocking_initiators": ("double_sector_bonus", 2),
                  "fusion_cannons": ("attack_all", 1)}


class DataError(ValueError):
    """A Transformers data file that does not fit the board or the rulebook."""


@dataclass(frozen=True)
class Leader:
    id: str
    name: str
    side: str
    colour: str
    start: str
    robot_bonus: str  # "attack" or "defend": when the robot mode's +1 applies
    power: str  # the vehicle mode's power: jump, escape, strike or pin
    raw: dict[str, Any]


@dataclass(frozen=True)
class Upgrade:
    id: str
    name: str
    effect: str
    value: int
    phase: str
    scope: str  # "turn" or "attack": how long it lasts (page 11)
    raw: dict[str, Any]


@dataclass(frozen=True)
class Card:
    """An upgrade card: the ``zone`` the Matrix reads, its ``upgrade``, and whether it carries
    the transformation symbol (then the upgrade *or* a transformation, page 17)."""

    zone: str
    upgrade: str
    transform: bool
    provisional: bool


@dataclass(frozen=True)
class TransformersData:
    board: Cybertron
    leaders: dict[str, Leader]
    upgrades: dict[str, Upgrade]
    cards: dict[str, Card]  # by zone, in map order

    def deck(self) -> list[str]:
        """The deck's card ids (their zones), in map order: shuffle it with the game's Rng."""
        return list(self.cards)


def _read(path: Path) -> Any:
    with open(path, encoding="utf-8") as fh:
        return json.load(fh)


def load_leaders(board: Cybertron, raw: Mapping[str, Any]) -> dict[str, Leader]:
    items = raw.get("leaders") or []
    out: dict[str, Leader] = {}
    for item in items:
        lid = item.get("id")
        if lid not in SIDES:
            raise DataError(f"unknown leader {lid!r}: the rulebook has {list(LEADER_IDS)}")
        if lid in out:
            raise DataError(f"leader '{lid}' is listed twice")
        for key, want in (("side", SIDES[lid]), ("robot_bonus", ROBOT_BONUS[lid]), ("power", POWERS[lid])):
            if item.get(key) != want:
                raise DataError(f"leader '{lid}' has {key} {item.get(key)!r}; page 14 says {want!r}")
        start = item.get("start")
        if start not in board.board.territories or start in board.slides or start in board.pivots:
            raise DataError(f"leader '{lid}' must start on a plain zone of the map, not {start!r}")
        out[lid] = Leader(lid, str(item.get("name", lid)), SIDES[lid], str(item.get("colour", "")), start,
                          ROBOT_BONUS[lid], POWERS[lid], dict(item))
    if set(out) != set(LEADER_IDS):
        raise DataError(f"the rulebook has the leaders {list(LEADER_IDS)}, the file has {sorted(out)}")
    starts = [lead.start for lead in out.values()]
    colours = [lead.colour for lead in out.values()]
    if len(set(starts)) != 4 or len(set(colours)) != 4 or not all(colours):
        raise DataError(f"the leaders need four different starting zones and colours: {starts}, {colours}")
    return {lid: out[lid] for lid in LEADER_IDS}


def load_upgrades(raw: Mapping[str, Any]) -> dict[str, Upgrade]:
    out: dict[str, Upgrade] = {}
    for item in raw.get("upgrades") or []:
        uid, effect = item.get("id"), item.get("effect")
        if effect not in EFFECTS:
            raise DataError(f"upgrade {uid!r} has unknown effect {effect!r}")
        if item.get("phase") != EFFECTS[effect]:
            raise DataError(f"upgrade {uid!r} ({effect}) is played in '{EFFECTS[effect]}', not {item.get('phase')!r}")
        if item.get("scope") not in ("turn", "attack"):
            raise DataError(f"upgrade {uid!r} lasts a 'turn' or an 'attack', not {item.get('scope')!r}")
        value = item.get("value")
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise DataError(f"upgrade {uid!r} has a bad value {value!r}")
        if uid in out:
            raise DataError(f"upgrade {uid!r} is listed twice")
        if uid in KNOWN_UPGRADES and KNOWN_UPGRADES[uid] != (effect, value):
            raise DataError(f"upgrade {uid!r} is printed as {KNOWN_UPGRADES[uid]}, not {(effect, value)}")
        out[uid] = Upgrade(uid, str(item.get("name", uid)), effect, value, item["phase"], item["scope"], dict(item))
    missing = sorted(set(KNOWN_UPGRADES) - set(out))
    if missing:
        raise DataError(f"the printed upgrades {missing} are missing")
    return out


def load_cards(board: Cybertron, upgrades: Mapping[str, Upgrade], raw: Mapping[str, Any]) -> dict[str, Card]:
    found: dict[str, Card] = {}
    for item in raw.get("cards") or []:
        zone, up = item.get("zone"), item.get("upgrade")
        if zone not in board.board.territories:
            raise DataError(f"a card names zone {zone!r}, which the map does not have")
        if zone in found:
            raise DataError(f"two cards name zone '{zone}': each zone has one card")
        if up not in upgrades:
            raise DataError(f"the card of '{zone}' has unknown upgrade {up!r}")
        found[zone] = Card(zone, up, bool(item.get("transform")), bool(item.get("provisional", True)))
    if len(found) != CARDS or set(found) != set(board.board.order):
        raise DataError(f"the rulebook has {CARDS} upgrade cards, one per zone; the file has {len(found)}")
    for zone, (up, transform) in KNOWN_CARDS.items():
        card = found[zone]
        if (card.upgrade, card.transform, card.provisional) != (up, transform, False):
            raise DataError(f"the card of '{zone}' is printed as {up} with the transformation symbol")
    if not any(c.transform for c in found.values()):
        raise DataError("no card carries the transformation symbol")
    return {z: found[z] for z in board.board.order}


def load_data(folder: Path | None = None) -> TransformersData:
    """Every Transformers data file, checked against the board and each other."""
    board = load_cybertron(folder)
    folder = folder or DATA_DIR / "transformers"
    upgrades = load_upgrades(_read(folder / "cards.json"))
    return TransformersData(
        board=board,
        leaders=load_leaders(board, _read(folder / "leaders.json")),
        upgrades=upgrades,
        cards=load_cards(board, upgrades, _read(folder / "cards.json")),
    )
