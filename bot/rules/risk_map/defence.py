"""Standing defence orders: when a defender's kept defence cards fire, decided in advance.

Turns are asynchronous, so the defender is not at the keyboard when someone attacks them; the
rulebooks say the defender "may use" a defence card during the fight. So each player gives a
standing order, at any time (``{"type": "defence", "order": …}``, an anytime action), and the
engine follows it on every roll against them:

* ``always`` — a card fires on the first roll it improves for the defender (fewer defenders
  lost, or more attackers lost);
* ``save`` — a card fires only on a roll that would otherwise take the territory (it removes
  the last defenders) and that the card turns so that at least one defender stays;
* ``never`` — the cards stay in hand.

One card per roll, the first in hand order that the order lets fire. Nothing here knows an
edition: Peaky Blinders' defence powers use it, and The Walking Dead's defender will.
"""

from __future__ import annotations

__all__ = ["DEFAULT_ORDER", "ORDERS", "fires", "pick_defence"]

ORDERS = ("always", "save", "never")
DEFAULT_ORDER = "always"


def fires(order: str, defenders: int, plain: tuple[int, int], helped: tuple[int, int]) -> bool:
    """Whether a card fires on one roll. ``plain`` and ``helped`` are ``(attacker losses,
    defender losses)`` of that roll without and with the card; ``defenders`` is how many
    defend the territory before the roll."""
    if order == "never":
        return False
    al, dl = plain
    al2, dl2 = helped
    if order == "save":
        return dl >= defenders and dl2 < defenders
    return dl2 < dl or al2 > al


def pick_defence(order: str, defenders: int, plain: tuple[int, int],
                 candidates: list[tuple[int, int]]) -> int | None:
    """The index of the card that fires on this roll (the first the order allows), or
    ``None``; ``candidates`` are the ``helped`` losses of each kept card, in hand order."""
    for i, helped in enumerate(candidates):
        if fires(order, defenders, plain, helped):
            return i
    return None
