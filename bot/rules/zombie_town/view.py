"""What each seat may see of a Zombie Town game (the renderer's input, key for key).

Built by whitelisting from the state. Secrets: the cards in a hand, the keys a player holds
(the count is public), the agendas in hand (completed ones are public, face up), and the
keys lying face down under the houses: a player sees a house's key only while in that house
(Road Rage). The owner's own view adds ``"you"``; nothing else differs from the public view.
"""

from __future__ import annotations

from typing import Any, Protocol

import bot.rules.turns as turns
import bot.rules.zombie_town.flow as flow
from bot.rules.base import State
from bot.rules.zombie_town.core import data, geo, kind
from bot.rules.zombie_town.zombies import car_capacity, moves

__all__ = ["build_view"]


class _Game(Protocol):
    id: str

    def current(self, state: State) -> str | None: ...


def build_view(game: _Game, state: State, seat: str | None = None) -> dict[str, Any]:
    d = data()
    s = d.settings
    g = geo()
    over = state["result"] is not None
    table = data().settings.agendas
    players: dict[str, Any] = {}
    for sid in state["order"]:
        p = state["players"][sid]
        players[sid] = {
            "pos": p["pos"], "car": p["car"], "health": p["health"], "max_health": p["max_health"],
            "character": p["character"], "base": p["base"], "dead": p["pos"] is None, "out": sid in state["out"],
            "weapons": [dict(w) for w in p["weapons"]],
            "followers": [{"card": f["card"], "weapon": dict(f["weapon"]) if f["weapon"] else None}
                          for f in p["followers"]],
            "zombies": p["zombies"], "hand": len(p["hand"]), "keys": len(p["keys"]), "agendas": len(p["agendas"]),
            "done": [{"card": x["card"], "agenda": kind(x["card"]), "objective": x["objective"],
                      "value": table[kind(x["card"])]["objectives"][x["objective"]]["value"]} for x in p["done"]],
        }
    houses = {h: {"owner": x["owner"], "barricades": x["barricades"], "card": x["card"],
                  "guards": [{"card": gd["card"], "weapon": dict(gd["weapon"]) if gd["weapon"] else None}
                             for gd in x["guards"]],
                  "key": x["key"] is not None, "facade": g.facade[h], "driveway": g.driveway[h]}
              for h, x in state["houses"].items()}
    parked = g.house_at  # an entrance (facade or driveway) → its house: a car there bars that way in
    cars = {c: {"pos": x["pos"], "heading": x["heading"], "damage": x["damage"], "working": car_capacity(state, c) > 0,
                "driver": x["driver"], "parked_on": parked.get(x["pos"])} for c, x in state["cars"].items()}
    current = game.current(state)
    zombie_moves = None
    if state["phase"] == "zombies" and current is not None:
        zombie_moves = {src: list(dst) for src, dst in moves(state, current).items()}
    public_scores = {sid: r["total"] for sid, r in flow.scores(state, final=False).items()} if not over else \
        dict(state["result"].get("scores") or {})
    view: dict[str, Any] = {
        "game": game.id,
        "road_rage": state["options"]["road_rage"],
        "board": {"width": d.width, "height": d.height, "rows": list(d.rows), "xs": list(g.xs)},
        "day": state["day"], "last_day": flow.last_day(state),
        "turn": state["turn"], "phase": "over" if over else state["phase"], "current": current,
        "order": list(state["order"]), "seats": turns.still_in(state),
        "actions": state["actions"], "actions_per_turn": s.actions, "free_move": state["free"],
        "players": players, "houses": houses, "cars": cars,
        "zombies": dict(state["zombies"]), "box": state["box"], "stands": state["stands"],
        "deck": len(state["deck"]), "discard": len(state["discard"]),
        "combat_deck": len(state["combat"]), "combat_discard": state["combat_discard"][-1:],
        # how many of each value the combat deck still holds: public, every card drawn lies
        # face up on the discard (the fights' odds read it; the order stays hidden)
        "combat_left": {str(v): state["combat"].count(v) for v in sorted(s.combat)},
        "agenda_deck": len(state["agenda_deck"]),
        "encounter": dict(state["encounter"]) if state["encounter"] else None,
        "zombie_moves_left": state["zmoves"], "zombie_moves": zombie_moves,
        "scores": public_scores,
        "winners": list(state["result"]["winners"]) if over else None,
        "detail": state["result"].get("detail") if over else None,
    }
    if seat is not None and seat in state["players"]:
        p = state["players"][seat]
        here = state["houses"].get(p["pos"]) if p["pos"] is not None else None
        view["you"] = {
            "seat": seat, "hand": list(p["hand"]), "keys": sorted(p["keys"]), "agendas": list(p["agendas"]),
            "key_here": here["key"] if here is not None else None,
            "order": p.get("order", "best"),
            "scores": flow.scores(state).get(seat) if seat in turns.still_in(state) else None,
        }
    return view
