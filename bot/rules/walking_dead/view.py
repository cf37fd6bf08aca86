"""What each seat may see of a game of The Walking Dead.

The public view (``seat=None``) is the board renderer's input (``renderers/walking_dead``
reads ``factions[*]["group"]``, ``towers``, ``mode``, ``invasion``, ``action``, ``crates``,
``grenades``) plus what the bot's text needs. It is built by whitelisting, never by deleting
secrets from a copy.

Secrets: the values of a player's ammunition crates (everyone sees how many, p. 4) and their
standing defence order; the order of the piles (the action deck, the territory cards, the crate
bag) is nobody's. The owner sees theirs under ``"you"``.
"""

from __future__ import annotations

from typing import Any

import bot.rules.turns as turns
from bot.rules.base import State
from bot.rules.walking_dead.conquest import load_groups
from bot.rules.walking_dead.crates import CRATE_VALUES, ammo
from bot.rules.walking_dead.walkers import WALKERS

__all__ = ["build_view"]


def build_view(game: Any, state: State, seat: str | None = None) -> dict[str, Any]:
    groups = load_groups()
    players = state["players"]
    result = state["result"]
    factions: dict[str, Any] = {}
    for s in state["order"]:
        g = groups[players[s]["group"]]
        factions[s] = {"name": g.name, "leader": g.leader, "color": g.color, "group": g.id, "player": s}
    if state["mode"] == "survival":
        w = groups["walkers"]
        factions[WALKERS] = {"name": w.name, "leader": w.leader, "color": w.color, "group": "walkers", "player": None}
    counts: dict[str, int] = {}
    sizes: dict[str, int] = {}
    owner, troops = state["owner"], state["troops"]
    for t, o in owner.items():
        if o is not None:
            counts[o] = counts.get(o, 0) + 1
            sizes[o] = sizes.get(o, 0) + troops[t]
    public_players = {
        s: {"group": players[s]["group"], "territories": counts.get(s, 0), "survivors": sizes.get(s, 0),
            "crates": len(players[s]["hand"]), "grenades": players[s]["grenades"],
            "pawns": state["pawns"].get(s, 0)}
        for s in state["order"]
    }
    survival = state["mode"] == "survival"
    cards = game.action_cards
    action = state.get("action")
    battle = state["battle"]
    out: dict[str, Any] = {
        "game": game.id,
        "map": state["map"],
        "mode": state["mode"],
        "turn": state["turn"],
        "phase": state["phase"],
        "current": None if result is not None else turns.current_seat(state),
        "labels": {},
        "factions": factions,
        "territories": {t: {"owner": owner[t], "troops": troops[t]} for t in game.board.order},
        "strategic": list(game.strategic),
        "towers": list(state["towers"]),
        "invasion": {"marker": state["marker"], "round": state["round"], "horde": state["horde"],
                     "actions_left": len(state["actions"])} if survival else None,
        "action": cards[action].public() if action else None,
        "crates": {s: len(players[s]["hand"]) for s in state["order"]},
        "grenades": {s: players[s]["grenades"] for s in state["order"]} if survival else {},
        "bag": len(state["bag"]),
        "players": public_players,
        "setup": None if state["setup"] is None else {"order": list(state["setup"]["order"]),
                                                      "free": sum(1 for t in owner.values() if t is None)},
        "placement": None if state["phase"] != "place" else {
            "reserve": state["reserve"], "income": dict(state["income"]), "traded": state["traded"]},
        "battle": None if battle is None else {
            "attacker": battle["attacker"], "defender": battle["defender"], "from": battle["from"],
            "to": battle["to"], "committed": battle["committed"], "sent": battle["sent"],
            "defenders": troops[battle["to"]], "rolls": battle["rolls"], "last": battle["last"],
            "waiting": (battle.get("waiting") or {}).get("seat")},
        "conquered": state["conquered"],
        "advance": state["advance"],
        "manoeuvres": state["manoeuvres"],
        "eliminated": list(state["out"]),
        "winners": None if result is None else list(result["winners"]),
        "highlight": state["highlight"],
        "options": dict(state["options"]),
        "outcome": result,
    }
    if seat is not None and seat in players:
        p = players[seat]
        out["you"] = {
            "seat": seat,
            "crates": [{"id": c, "ammo": CRATE_VALUES[c]} for c in p["hand"]],
            "ammo": ammo(p["hand"]),
            "grenades": p["grenades"],
            "orders": dict(game.orders(state, seat)),
        }
    return out
