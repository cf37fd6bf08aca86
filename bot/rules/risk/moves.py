"""Compact legal actions, and how to turn one into a concrete action.

``legal_actions`` must stay short enough for Discord's autocomplete and cheap enough for
random play, yet say everything that is legal. So a compact action is a concrete action in
which some fields still hold a choice:

* a list value means "one of these" (``"territory": [...]`` of ``place``, ``"to": [...]`` of
  ``manoeuvre``);
* a ``{"min": a, "max": b}`` value means "a whole number from a to b" (``count``);
* ``trade`` lists the hand in ``cards`` and the allowed total in ``razors``: pick a subset
  of the cards worth that many points;
* ``neutral`` (two-player Peaky Blinders) lists one neutral gang's ``territories`` and the
  ``members`` to add: spread them over one to three of those territories, as
  ``{"type": "neutral", "placements": {tid: n}}``.

Every other field, and every action without such fields, is already concrete.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.rules.base import Action
from bot.rules.risk.cards import pick_trade

__all__ = ["concretize"]


def concretize(action: Action, pick: Callable[[int], int], points: dict[str, int] | None = None) -> Action:
    """Turn one compact legal action into a concrete one, choosing with ``pick(n) -> [0, n)``
    (``Rng.below`` or ``random.Random().randrange``). Used by random play and the tests."""
    out: Action = {}
    for key, value in action.items():
        if isinstance(value, list) and key not in ("cards", "territories"):
            out[key] = value[pick(len(value))]
        elif isinstance(value, dict) and set(value) == {"min", "max"}:
            out[key] = value["min"] + pick(value["max"] - value["min"] + 1)
        else:
            out[key] = value
    if action["type"] == "trade" and points is not None:
        hand = list(action["cards"])
        order = list(range(len(hand)))
        for i in range(len(order) - 1, 0, -1):
            j = pick(i + 1)
            order[i], order[j] = order[j], order[i]
        out = {"type": "trade", "cards": pick_trade(hand, points, order)}
    elif action["type"] == "neutral":
        terrs = list(action["territories"])
        k = 1 + pick(min(3, len(terrs)))
        chosen: list[str] = []
        for _ in range(k):
            chosen.append(terrs.pop(pick(len(terrs))))
        left = action.get("members", 3)
        placements: dict[str, int] = {t: 1 for t in chosen}
        left -= len(chosen)
        while left > 0:
            placements[chosen[pick(len(chosen))]] += 1
            left -= 1
        out = {"type": "neutral", "placements": placements}
    return out
