"""What everyone sees of a Risk Express game (nothing is hidden in it): the cards with their
owners and the lines filled, the continents, the attempt under way, the scores."""

from __future__ import annotations

from typing import Any

import bot.rules.risk_express.scoring as scoring
import bot.rules.turns as turns
from bot.rules.risk_express.cards import GENERAL, load_cards
from bot.rules.risk_express.odds import throw_chances


def view(state: dict[str, Any], current: str | None) -> dict[str, Any]:
    """The view of ``state`` (``current``: the seat to play, ``None`` once over)."""
    data = load_cards()
    att = state.get("attempt")
    failed = state.get("failed")
    cards = []
    for cid in data["order"]:
        card = data["cards"][cid]
        if att and att["card"] == cid:
            filled = att["filled"]
        elif failed is not None and failed["card"] == cid and state["phase"] == "continue":
            filled = failed["filled"]  # the attempt the next player may take over
        else:
            filled = {}
        entry = {
            "id": cid,
            "name": card["name"],
            "continent": card["continent"],
            "points": card["points"],
            "provisional": bool(card.get("provisional")),
            "owner": state["owners"][cid],
            "locked": card["continent"] in state["locked"],
            "lines": [{"need": dict(line), "filled": filled.get(str(i))} for i, line in enumerate(card["lines"])],
            "general": None,
        }
        if att and att["card"] == cid and att["general_needed"]:
            entry["general"] = {"filled": filled.get(GENERAL)}
        cards.append(entry)
    continents = []
    for cont in data["continents"].values():
        ids = [c for c in data["order"] if data["cards"][c]["continent"] == cont["id"]]
        continents.append(
            {
                "id": cont["id"],
                "name": cont["name"],
                "color": cont["color"],
                "value": cont["value"],
                "cards": ids,
                "locked_by": state["owners"][ids[0]] if cont["id"] in state["locked"] else None,
            }
        )
    attempt = None
    if att is not None:
        attempt = {
            "card": att["card"],
            "tray": list(att["tray"]),
            "set_aside": att["set_aside"],
            "failed": False,
            # each option of the throw on the table (« card|line ») → the exact chance of then
            # taking its card: worked out here, where the view is made (off the event loop),
            # and read by the labels of the choices
            "chances": ({f"{o[0]}|{o[1]}": p for o, p in throw_chances(state)}
                        if state["phase"] == "place" and state["result"] is None and att["tray"] else {}),
        }
    return {
        "game": "risk_express",
        "seats": turns.still_in(state),
        "labels": {},
        "current": current,
        "turn": state["turn"],
        "phase": "over" if state["result"] is not None else state["phase"],
        "continents": continents,
        "cards": cards,
        "attempt": attempt,
        "failed": None if failed is None else {"card": failed["card"], "seat": failed["seat"]},
        "scores": scoring.scores(state),
        "winners": None if state["result"] is None else list(state["result"]["winners"]),
    }
