"""What each seat may see of a Risk Peaky Blinders game.

The public view (``seat=None``) is the map renderer's input, key for key, plus what the bot's
text needs (hand sizes, completed missions, face-up powers, the pending battle and its odds).
It is built from the state by whitelisting, never by deleting secrets from a copy: a field
added to the state later stays private until someone decides to show it here.

Secrets: territory cards in hand (names, razors), missions not yet completed, powers still
face down, and each player's standing defence order. The owner sees them under ``"you"``
(face-down powers only as ``{"state": "face_down"}``, even to their owner, as the rulebook says
nobody looks at them).
"""

from __future__ import annotations

from typing import Any, Protocol

import bot.rules.turns as turns
from bot.rules.base import State
from bot.rules.peaky_blinders.data import NEUTRAL, PeakyData
from bot.rules.risk_map.odds import conquest_probability

__all__ = ["PeakyGame", "build_view"]


class PeakyGame(Protocol):
    """What the views read of the game (:class:`bot.rules.peaky_blinders.PeakyBlinders`),
    named here so this module need not import the engine that imports it."""

    id: str

    @property
    def data(self) -> PeakyData: ...

    def tname(self, tid: str) -> str: ...

    def public_territories(self, state: State) -> dict[str, dict[str, Any]]: ...

    def defence_bonus(self, state: State, tid: str) -> int: ...

    def defence_order(self, state: State, seat: str) -> str: ...

    def counts_for_mission(self, state: State, seat: str, tid: str) -> bool: ...


def build_view(game: PeakyGame, state: State, seat: str | None = None) -> dict[str, Any]:
    data = game.data
    result = state["result"]
    players = state["players"]
    factions: dict[str, Any] = {}
    for s in state["order"]:
        g = data.gangs[players[s]["gang"]]
        factions[s] = {"name": g["name"], "leader": g["leader"], "color": g["color"], "player": s, "gang": g["id"]}
    for gang in state["neutrals"] + state["neutrals_out"]:
        g = data.gangs[gang]
        factions[NEUTRAL + gang] = {"name": g["name"], "leader": g["leader"], "color": g["color"],
                                    "player": None, "gang": gang}
    counts: dict[str, int] = {}
    sizes: dict[str, int] = {}
    for t, o in state["owner"].items():
        counts[o] = counts.get(o, 0) + 1
        sizes[o] = sizes.get(o, 0) + state["troops"][t]
    public_players = {}
    for s in state["order"]:
        p = players[s]
        public_players[s] = {
            "gang": p["gang"],
            "territories": counts.get(s, 0),
            "members": sizes.get(s, 0),
            "cards": len(p["hand"]),
            "missions_secret": sum(1 for m in p["missions"] if not m["done"]),
            "missions_done": [mission_public(game, m["id"]) for m in p["missions"] if m["done"]],
            "powers_face_down": sum(1 for x in p["powers"] if not x["up"]),
            "powers_kept": [data.powers[x["id"]].public() for x in p["powers"] if x["up"]],
        }
    crown = state["crown"]
    battle = state["battle"]
    out: dict[str, Any] = {
        "game": game.id,
        "map": state["map"],
        "turn": state["turn"],
        "phase": state["phase"],
        "current": None if result is not None else turns.current_seat(state),
        "labels": {},
        "factions": factions,
        "territories": game.public_territories(state),
        # the defender's die bonus where there is one (strongholds): the odds the bot shows
        "defence_bonus": {t: b for t in state["owner"] if (b := game.defence_bonus(state, t))},
        "crown": None if crown is None else {
            "step": crown["step"],
            "steps": len(data.route),
            "territory": data.route[crown["step"]][0],
            "dice": data.route[crown["step"]][1],
            "last_roll": crown["last_roll"],
        },
        "eliminated": list(state["out"]),
        "winners": None if result is None else list(result["winners"]),
        "highlight": state["highlight"],
        "players": public_players,
        "neutrals": {
            NEUTRAL + g: {"gang": g, "alive": g in state["neutrals"], "territories": counts.get(NEUTRAL + g, 0),
                          "reward_cards": len(state["neutral_rewards"].get(g, []))}
            for g in state["neutrals"] + state["neutrals_out"]
        },
        "placement": None if state["phase"] != "place" else {
            "reserve": state["reserve"],
            "income": dict(state["income"]),
            "traded": state["traded"],
            "flipped": state["flipped"],
            "neutral_done": state["neutral_done"],
        },
        "battle": None if battle is None else battle_view(game, state, battle),
        "conquered": state["conquered"],
        "deck": len(state["deck"]),
        "discard": len(state["discard"]),
        "options": dict(state["options"]),
        "outcome": result,
    }
    if seat is not None and seat in players:
        out["you"] = private_view(game, state, seat)
    return out


def mission_public(game: PeakyGame, mid: str) -> dict[str, Any]:
    return game.data.missions[mid].public()


def battle_view(game: PeakyGame, state: State, b: dict[str, Any]) -> dict[str, Any]:
    defenders = state["troops"][b["to"]]
    bonus = game.defence_bonus(state, b["to"])
    return {
        "attacker": b["attacker"], "defender": b["defender"], "from": b["from"], "to": b["to"],
        "committed": b["committed"], "sent": b["sent"], "defenders": defenders, "rolls": b["rolls"],
        "last": b["last"], "stronghold": bool(bonus), "effects": [dict(e) for e in b["effects"]],
        "odds": odds(b["committed"], defenders, bonus),
    }


def private_view(game: PeakyGame, state: State, seat: str) -> dict[str, Any]:
    p = state["players"][seat]
    data = game.data
    missions = []
    for m in p["missions"]:
        info = mission_public(game, m["id"])
        # Per territory: yours now, and whether it counts (taken by an attack, still held).
        progress = [{"territory": t, "yours": state["owner"][t] == seat,
                     "counts": game.counts_for_mission(state, seat, t)} for t in info["territories"]]
        info.update({"held": m["held"], "done": m["done"], "progress": progress,
                     "holding_now": all(x["counts"] for x in progress)})
        missions.append(info)
    return {
        "seat": seat,
        "defence": game.defence_order(state, seat),
        "cards": [{"territory": c, "name": game.tname(c), "razors": data.razors[c]} for c in p["hand"]],
        "razors": sum(data.razors[c] for c in p["hand"]),
        "missions": missions,
        "powers": [
            {"state": "kept", **data.powers[x["id"]].public()} if x["up"] else {"state": "face_down"}
            for x in p["powers"]
        ],
    }


# The exact chain costs attackers × defenders states; past this (about 500 against 500,
# a tenth of a second) a view, built for every prompt, shows no odds rather than stall.
ODDS_STATES = 250_000


def odds(attackers: int, defenders: int, bonus: int) -> float | None:
    """Chance the pending attack takes the territory (powers aside); ``None`` for armies
    too large to compute in a prompt's time (``/peaky odds`` still answers those)."""
    if attackers * defenders > ODDS_STATES:
        return None
    return float(conquest_probability(attackers, defenders, defence_bonus=bonus))
