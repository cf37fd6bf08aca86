"""The beginner's Risk Express (:mod:`.beginner`): what a player new to the game does with
what the table shows, and nothing of the AI's.

The bot shows each choice of a throw with its chance of then taking the card (the public
view's ``attempt.chances``, on the buttons), and every card's points, owner and continent.
The beginner weighs each choice by that chance times what the card brings *it*: its points,
or a continent's value when the card completes the continent (it locks), and goes for the
best. It does not count what a steal costs the owner, nor the game's end, nor the
opponents' next turn: the gaps a better player exploits. A failed attempt to take over
(the optional rule) it takes when its card is still worth a try, else it starts afresh.

Before issue 28's third session the beginner played Risk Express by one ply of greed on the
public scores, which changes only when a card is taken: it chose its card and lines at
random and won 19 of 40 games against random play (seeds 1000+), 4 of 40 against greedy.
"""

from __future__ import annotations

from typing import Any

from bot.rules.base import Action, Game, Rng, State

__all__ = ["express_choice"]


def _gain(view: dict[str, Any], seat: str, card: str) -> float:
    """What taking ``card`` adds to ``seat``'s points: the card's, or its continent's value
    (less the points of the continent's cards it held, which the lock replaces)."""
    cards = {c["id"]: c for c in view["cards"]}
    entry = cards[card]
    cont = next((c for c in view["continents"] if card in c["cards"]), None)
    if cont is not None and all(c == card or cards[c]["owner"] == seat for c in cont["cards"]):
        held = sum(cards[c]["points"] for c in cont["cards"] if c != card)
        return float(cont["value"] - held)
    return float(entry["points"])


def express_choice(game: Game, state: State, seat: str, legal: list[Action], rng: Rng) -> Action:
    """The beginner's choice in Risk Express (see the module's doc)."""
    view = game.view(state, seat)
    kinds = {a["type"] for a in legal}
    if "continue" in kinds or "fresh" in kinds:
        failed = view.get("failed") or {}
        card = failed.get("card")
        entry = next((c for c in view["cards"] if c["id"] == card), None)
        done = sum(1 for x in (entry or {}).get("lines", ()) if x["filled"] is not None)
        take_over = entry is not None and done >= 1 and entry["owner"] != seat and "continue" in kinds
        return {"type": "continue" if take_over else "fresh"}
    chances = ((view.get("attempt") or {}).get("chances")) or {}
    fills = [a for a in legal if a["type"] == "fill"]
    if not fills:
        return legal[rng.below(len(legal))]
    concrete: list[Action] = []
    for form in fills:
        cards = form["card"] if isinstance(form["card"], list) else [form["card"]]
        lines = form["line"] if isinstance(form["line"], list) else [form["line"]]
        concrete += [{"type": "fill", "card": c, "line": ln} for c in cards for ln in lines]

    def worth(action: Action) -> tuple[float, float]:
        chance = float(chances.get(f"{action['card']}|{action['line']}", 0.0))
        return chance * _gain(view, seat, action["card"]), chance

    best = max(worth(a) for a in concrete)
    top = [a for a in concrete if worth(a) == best]
    return top[rng.below(len(top))] if len(top) > 1 else top[0]
