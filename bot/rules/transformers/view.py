"""What each seat may see of a Risk Transformers game.

The public view (``seat=None``) is the map renderer's input (``territories``, ``factions``,
``view["transformers"]``: see ``renderers/transformers/decoration.py``) plus what a presenter
needs: the day, the phase, the reserve and its sources, each player's leader and number of
cards, the pending battle with the exact odds of its next roll (the dice that will really be
rolled: d6 and d8 mixed, the cards and the leaders' +1), the played cards (face up).

The open question (``ask``: the attacker's +1 or Bumblebee's escape, with the dice or the
zones) is public, but for the escape's default (his rally order's zone): the seat asked finds it
in his own part, ``you["escape_default"]``. Secrets: the cards in hand, the standing orders (``stance``, ``defence``,
``rally``). A seat sees its
own under ``"you"``; in the team game it also sees its teammate's under ``"teammate"`` (a team
may share its hands and plans: the rulebook seats teammates together against the others).
Built by whitelisting, never by deleting secrets from a copy.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Any

import bot.rules.turns as turns
from bot.rules.base import State
from bot.rules.transformers.battle import Mods, exact_odds

__all__ = ["build_view", "roll_odds"]


@lru_cache(maxsize=512)
def roll_odds(att_sides: tuple[int, ...], def_sides: tuple[int, ...], att: Mods, dfn: Mods
              ) -> dict[tuple[int, int], Fraction]:
    """(attacker losses, defender losses) → probability of one roll (exhaustive, remembered)."""
    return exact_odds(att_sides, def_sides, att, dfn)


def sides_of(f: Any, mods: Mods) -> tuple[int, ...]:
    return (8,) * (1 if f.leader else 0) + ((8 if mods.d8 else 6),) * f.robots


def build_view(game: Any, state: State, seat: str | None = None) -> dict[str, Any]:
    data = game.data
    result = state["result"]
    players = state["players"]
    owner, troops = state["owner"], state["troops"]
    counts: dict[str, int] = {}
    robots: dict[str, int] = {}
    for t, o in owner.items():
        if o is not None:
            counts[o] = counts.get(o, 0) + 1
            robots[o] = robots.get(o, 0) + troops[t]
    factions = {}
    public_players = {}
    for s in state["order"]:
        lid = players[s]["leader"]
        lead = data.leaders[lid]
        factions[s] = {"name": lead.name, "player": s, "leader": lid, "side": lead.side, "color": lead.colour}
        public_players[s] = {"leader": lid, "side": lead.side, "team": list(state["teams"][s]),
                             "zones": counts.get(s, 0), "robots": robots.get(s, 0),
                             "cards": len(players[s]["hand"]), "out": s in state["out"]}
    leaders = {lid: {"seat": x["seat"], "zone": x["zone"], "mode": x["mode"]} for lid, x in state["leaders"].items()}
    battle = state["battle"]
    fx = state["fx"]
    out: dict[str, Any] = {
        "game": game.id,
        "map": state["map"],
        "turn": state["turn"],
        "day": state["day"],
        "phase": state["phase"],
        "current": None if result is not None else turns.current_seat(state),
        "labels": {},
        "factions": factions,
        "territories": {t: {"owner": owner[t], "troops": troops[t]} for t in game.board.order},
        "transformers": {"day": state["day"], "days": 6, "over": result is not None,
                         "open": dict(state["open"]), "leaders": leaders, "matrix": state["matrix"],
                         "teams": len(state["seats"]) == 4},
        "players": public_players,
        "eliminated": list(state["out"]),
        "winners": None if result is None else list(result["winners"]),
        "highlight": state["highlight"],
        "placement": None if state["phase"] != "place" else {
            "reserve": state["reserve"], "income": dict(state["income"]),
            "doubled": bool(fx.get("doubled"))},
        "turn_effects": {"flipped": bool(fx.get("flipped")), "jumped": bool(fx.get("jumped")),
                         "highest": fx.get("highest", 0),
                         "armed": list((fx.get("armed") or {}).get("cards", []))},
        "battle": None if battle is None else battle_view(game, state, battle),
        "ask": game.ask_view(state),
        "claims": game.claims_view(state),
        "conquered": state["conquered"],
        "deck": len(state["deck"]),
        "discard": list(state["discard"]),
        "options": dict(state["options"]),
        "outcome": result,
    }
    if seat is not None and seat in players:
        out["you"] = private_view(game, state, seat)
        mate = next((s for s in state["teams"][seat] if s != seat), None)
        if mate is not None:
            out["teammate"] = private_view(game, state, mate)
    return out


def battle_view(game: Any, state: State, b: dict[str, Any]) -> dict[str, Any]:
    a, d, am, dm, _ = game.next_roll(state, fire=False)
    odds = roll_odds(sides_of(a, am), sides_of(d, dm), am, dm)
    return {
        "attacker": b["attacker"], "defender": b["defender"], "from": b["from"], "to": b["to"],
        "committed": b["committed"], "leader": b["leader"], "sent": b["sent"], "strike": b["strike"],
        "defenders": state["troops"][b["to"]], "defending_leader": game.leader_at(state, b["to"]),
        "rolls": b["rolls"], "last": b["last"], "cards": list(b["effects"]),
        "defence_card": b["guard"],
        "next_roll": {"att_dice": list(sides_of(a, am)), "def_dice": list(sides_of(d, dm)),
                      "odds": {f"{al}-{dl}": float(p) for (al, dl), p in odds.items()}},
    }


def private_view(game: Any, state: State, seat: str) -> dict[str, Any]:
    p = state["players"][seat]
    cards, ups = game.data.cards, game.data.upgrades
    return {
        "seat": seat,
        "defence": game.defence_order(state, seat),
        "rally": game.rally_order(state, seat),
        "escape_default": _escape_default(state, seat),
        "stance": dict(game.stance(state, seat)),
        "cards": [{"card": c, "zone": c, "name": game.tname(c), "upgrade": cards[c].upgrade,
                   "upgrade_name": ups[cards[c].upgrade].name, "transform": cards[c].transform,
                   "phase": ups[cards[c].upgrade].phase} for c in p["hand"]],
    }


def _escape_default(state: State, seat: str) -> str | None:
    """Where Bumblebee goes if ``seat``, asked where he escapes, does not answer."""
    ask = state.get("ask")
    if ask is None or ask["kind"] != "escape" or ask["seat"] != seat:
        return None
    return ask["default"]
