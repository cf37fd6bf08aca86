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
edition: an edition's defence cards use it.
"""

from __future__ import annotations

from bot.rules.base import Action, Event, Rng, State
from bot.rules.risk_map.messages import rule_error

__all__ = ["DEFAULT_ORDER", "ORDERS", "DefenceOrders", "fires", "pick_defence"]

ORDERS = ("always", "save", "never")
DEFAULT_ORDER = "always"
_OTHERS = {order: tuple(o for o in ORDERS if o != order) for order in ORDERS}
# The standing-order form of each current order (forms are read, never changed: shared).
_FORMS = {order: {"type": "defence", "order": list(others)} for order, others in _OTHERS.items()}


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


class DefenceOrders:
    """The standing orders in a map game: a part of :class:`~bot.rules.risk_map.game.MapGame`
    (a mixin), open to every seat still in when the edition lists ``"defence"`` in its
    ``anytime_actions``."""

    def defence_order(self, state: State, seat: str) -> str:
        """``seat``'s standing order for its defence cards (:mod:`bot.rules.risk_map.defence`)."""
        player = state["players"].get(seat)
        return player.get("defence", DEFAULT_ORDER) if player is not None else "never"

    def defence_fires(self, state: State, defender: str, defenders: int, plain: tuple[int, int],
                      candidates: list[tuple[int, int]]) -> int | None:
        """Which of the defender's kept cards fires on this roll under its standing order
        (an index into ``candidates``, the losses with each card), or ``None``."""
        return pick_defence(self.defence_order(state, defender), defenders, plain, candidates)

    def _act_defence(self, state: State, rng: Rng, seat: str, action: Action, events: list[Event]) -> None:
        order = action["order"]
        if order == self.defence_order(state, seat):
            raise rule_error("err.defence_same")
        self._player(state, seat)["defence"] = order
        # Who changed their order is public (the move is in the log); the order is not.
        events.append({"type": "defence_order", "seat": seat, "private": {seat: {"order": order}}})

    def _legal_anytime(self, state: State, seat: str) -> list[Action]:
        if "defence" not in self.anytime_actions:
            return []
        return [_FORMS.get(self.defence_order(state, seat)) or {"type": "defence", "order": list(ORDERS)}]
