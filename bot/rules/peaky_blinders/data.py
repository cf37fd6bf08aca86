"""Risk Peaky Blinders' components as data: gangs, razor cards, missions, powers, Crown route.

The rulebook describes the rules but not the printed cards, so the razors on each territory
card, the ten missions and the ten powers are ours (marked ``provisional`` in the files,
explained in ``docs/peaky_blinders.md``). Everything is checked against the map when loaded:
a mission naming a territory the map does not have would otherwise only fail mid-game.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.rules.risk_map.board import DATA_DIR, Board

__all__ = [
    "ATTACK_EFFECTS",
    "DEFENCE_EFFECTS",
    "GANG_IDS",
    "NEUTRAL",
    "DataError",
    "Mission",
    "PeakyData",
    "Power",
    "load_data",
    "load_gangs",
    "load_missions",
    "load_powers",
    "load_razors",
    "validate_route",
]

NEUTRAL = "neutral:"  # faction key prefix of a neutral gang (two players)
GANG_IDS = ("peaky_blinders", "birmingham_boys", "jewish_gang", "sabinis", "ira")
NOW_EFFECTS = frozenset({"gain", "lose"})
ATTACK_EFFECTS = frozenset({"attack_highest", "attack_all", "attack_save"})
DEFENCE_EFFECTS = frozenset({"defend_highest", "defend_all", "defend_save"})
POWER_EFFECTS = NOW_EFFECTS | ATTACK_EFFECTS | DEFENCE_EFFECTS
ROUTE_STEPS = 24
ROUTE_START = "london"


class DataError(ValueError):
    """A Peaky Blinders data file that does not fit the map or the rulebook."""


@dataclass(frozen=True)
class Mission:
    """Hold every territory of ``territories``, each taken by an attack (dealt ones never
    count), at the start of ``turns`` consecutive turns of yours; the reward joins that turn's
    placement. Once per game."""

    id: str
    name: str
    text: str
    territories: tuple[str, ...]
    turns: int
    reward: int
    raw: dict[str, Any]

    def public(self) -> dict[str, Any]:
        """What a met mission shows, in both languages the data carries."""
        return {"id": self.id, "name": self.name, "text": self.text, "territories": list(self.territories),
                "turns": self.turns, "reward": self.reward, **_french(self.raw)}


@dataclass(frozen=True)
class Power:
    """A power card. ``effect`` is one of a small closed set the engine implements:
    ``gain``/``lose`` apply when flipped; ``attack_*`` are played by the attacker before a
    roll (``scope`` ``roll`` or ``attack``); ``defend_*`` fire by themselves as their owner's
    standing defence order says (:mod:`bot.rules.risk_map.defence`)."""

    id: str
    name: str
    text: str
    effect: str
    value: int
    scope: str
    raw: dict[str, Any]

    def public(self) -> dict[str, Any]:
        """What a face-up card shows, in both languages the data carries."""
        return {"id": self.id, "name": self.name, "text": self.text, "effect": self.effect,
                "value": self.value, "scope": self.scope, **_french(self.raw)}


def _french(raw: dict[str, Any]) -> dict[str, str]:
    return {k: raw[k] for k in ("name_fr", "text_fr") if k in raw}


@dataclass(frozen=True)
class PeakyData:
    gangs: dict[str, dict[str, Any]]
    razors: dict[str, int]
    missions: dict[str, Mission]
    powers: dict[str, Power]
    route: tuple[tuple[str, bool], ...]  # (territory, dice step?)
    tavern: str


def _read(path: Path) -> Any:
    with open(path, encoding="utf-8") as fh:
        return json.load(fh)


def load_gangs(folder: Path) -> dict[str, dict[str, Any]]:
    """The five gangs (``gangs.json``: ``{"gangs": [{"id", "name", "leader", "color"}]}``),
    in the rulebook's order, which is also the seat order of the default assignment."""
    raw = _read(folder / "gangs.json")
    items = raw["gangs"] if isinstance(raw, dict) else raw
    gangs = {g["id"]: g for g in items}
    missing = [g for g in GANG_IDS if g not in gangs]
    extra = [g for g in gangs if g not in GANG_IDS]
    if missing or extra:
        raise DataError(f"gangs.json must hold exactly the gangs {list(GANG_IDS)} (missing {missing}, unknown {extra})")
    for g in GANG_IDS:
        lacking = [k for k in ("name", "leader", "color") if not gangs[g].get(k)]
        if lacking:
            raise DataError(f"gang '{g}' lacks {lacking}")
    return {g: dict(gangs[g]) for g in GANG_IDS}


def validate_route(board: Board, raw: Any) -> tuple[tuple[tuple[str, bool], ...], str]:
    """The Crown's route: 24 distinct territories, London first, each step bordering the
    next (it is a dotted line across the map), 4 to 6 dice steps before the Tavern."""
    errors: list[str] = []
    if not isinstance(raw, list) or len(raw) != ROUTE_STEPS:
        raise DataError(f"the Crown's route must have {ROUTE_STEPS} steps, not {len(raw) if isinstance(raw, list) else raw!r}")
    steps: list[tuple[str, bool]] = []
    for i, s in enumerate(raw):
        tid = s.get("territory") if isinstance(s, dict) else None
        if tid not in board.territories:
            errors.append(f"Crown step {i} names unknown territory {tid!r}")
            continue
        steps.append((tid, bool(s.get("dice", False))))
    if not errors:
        ids = [t for t, _ in steps]
        if ids[0] != ROUTE_START:
            errors.append(f"the Crown starts at Parliament ({ROUTE_START}), not {ids[0]}")
        dup = sorted({t for t in ids if ids.count(t) > 1})
        if dup:
            errors.append(f"the Crown's route visits {dup} more than once")
        for a, b in zip(ids, ids[1:], strict=False):
            if not board.adjacent(a, b):
                errors.append(f"Crown steps {a} and {b} do not border each other")
        dice = sum(1 for _, d in steps[:-1] if d)
        if not 4 <= dice <= 6:
            errors.append(f"the Crown's route needs 4–6 dice steps, it has {dice}")
    if errors:
        raise DataError("; ".join(errors))
    return tuple(steps), steps[-1][0]


def load_missions(board: Board, raw: Any) -> dict[str, Mission]:
    items = raw["missions"] if isinstance(raw, dict) else raw
    out: dict[str, Mission] = {}
    for m in items:
        mid = m["id"]
        terrs = tuple(m["territories"])
        bad = [t for t in terrs if t not in board.territories]
        if bad:
            raise DataError(f"mission '{mid}' names unknown territories {bad}")
        if not terrs or len(set(terrs)) != len(terrs):
            raise DataError(f"mission '{mid}' needs distinct territories")
        turns, reward = int(m.get("turns", 1)), int(m["reward"])
        if turns < 1 or reward < 1:
            raise DataError(f"mission '{mid}' needs turns ≥ 1 and a reward ≥ 1")
        if mid in out:
            raise DataError(f"mission '{mid}' is listed twice")
        out[mid] = Mission(mid, m["name"], m.get("text", ""), terrs, turns, reward, m)
    if len(out) != 10:
        raise DataError(f"the rulebook has 10 missions, the file has {len(out)}")
    return out


def load_powers(raw: Any) -> dict[str, Power]:
    items = raw["powers"] if isinstance(raw, dict) else raw
    out: dict[str, Power] = {}
    for p in items:
        pid, effect = p["id"], p["effect"]
        if effect not in POWER_EFFECTS:
            raise DataError(f"power '{pid}' has unknown effect '{effect}'")
        scope = p.get("scope", "now" if effect in NOW_EFFECTS else "roll")
        if effect in ATTACK_EFFECTS and scope not in ("roll", "attack"):
            raise DataError(f"attack power '{pid}' lasts a 'roll' or an 'attack', not '{scope}'")
        value = int(p.get("value", 1))
        if value < 1:
            raise DataError(f"power '{pid}' needs a value ≥ 1")
        if pid in out:
            raise DataError(f"power '{pid}' is listed twice")
        out[pid] = Power(pid, p["name"], p.get("text", ""), effect, value, scope, p)
    if len(out) != 10:
        raise DataError(f"the rulebook has 10 powers, the file has {len(out)}")
    return out


def load_razors(board: Board, raw: Any) -> dict[str, int]:
    razors = raw["razors"] if isinstance(raw, dict) and "razors" in raw else raw
    missing = [t for t in board.order if t not in razors]
    extra = [t for t in razors if t not in board.territories]
    if missing or extra:
        raise DataError(f"cards.json must name each territory once (missing {missing}, unknown {extra})")
    bad = {t: v for t, v in razors.items() if v not in (1, 2)}
    if bad:
        raise DataError(f"a territory card has 1 or 2 razors: {bad}")
    return {t: int(razors[t]) for t in board.order}


def load_data(board: Board, folder: Path | None = None) -> PeakyData:
    """Read and check every Peaky Blinders data file beside ``map.json``."""
    folder = folder or DATA_DIR / "peaky_blinders"
    route, tavern = validate_route(board, board.raw.get("crown_route"))
    return PeakyData(
        gangs=load_gangs(folder),
        razors=load_razors(board, _read(folder / "cards.json")),
        missions=load_missions(board, _read(folder / "missions.json")),
        powers=load_powers(_read(folder / "powers.json")),
        route=route,
        tavern=tavern,
    )
