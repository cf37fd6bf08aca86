"""Sample views of The Walking Dead's board for the renderer's tests (the engine's view will
have this shape: ``renderers/walking_dead/decoration.py`` says which fields it reads)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parents[3] / "data" / "walking_dead"
GROUPS = ("rick", "governor", "greene", "prisoners")


def survival_view(lang: str = "en", players: int = 4, seed: int = 0) -> dict[str, Any]:
    meta = json.loads((DATA / "map.json").read_text(encoding="utf-8"))
    ids = [t["id"] for t in meta["territories"]]
    seats = [f"p{i + 1}" for i in range(players)]
    owners = [*seats, "walkers"]
    territories = {}
    for i, tid in enumerate(ids):
        k = (i * 7 + seed) % len(owners)
        territories[tid] = {"owner": owners[k], "troops": 1 + (i * 5 + seed) % 13}
    territories["prison"]["troops"] = 24
    factions: dict[str, Any] = {s: {"name": g.title(), "group": g, "player": s} for s, g in zip(seats, GROUPS, strict=False)}
    factions["walkers"] = {"name": "Walkers", "group": "walkers", "player": None}
    return {
        "game": "walking_dead", "map": "walking_dead", "lang": lang, "mode": "survival",
        "turn": 9, "phase": "attack", "current": seats[1],
        "labels": {s: n for s, n in zip(seats, ("Rick", "Philip", "Maggie", "Axel"), strict=False)},
        "factions": factions, "territories": territories, "towers": ["prison", "mall", "school"],
        "invasion": {"marker": 3, "round": 3, "horde": True},
        "action": {"name": "Storm Woodbury", "name_fr": "Prendre d'assaut Woodbury",
                   "text": "Conquer Woodbury Downtown this turn: draw 3 crates.",
                   "text_fr": "Conquérez le centre-ville de Woodbury ce tour-ci : piochez 3 Caisses."},
        "crates": {s: i + 1 for i, s in enumerate(seats)}, "grenades": {seats[0]: 1, seats[2]: 2},
        "eliminated": [], "winners": None,
        "highlight": {"from": "mall", "to": "weapons_depot"},
    }
