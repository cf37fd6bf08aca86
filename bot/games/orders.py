"""Standing orders, declared once per game for the clicks that change them.

A standing order answers for a player outside their turn (a defender's dice, when defence cards
fire, who fights the zombies that reach them). The engine takes it as an anytime action, typed
(``/peaky defence``) or clicked: a game's package declares its orders as data (``ORDERS``), each
part a menu of its values, and the Discord adapter turns them into menus only their player sees
(:mod:`bot.discord_ui.orders`). The move a menu sends is the typed command's action, checked by
the same engine: every part of that action type at its current value, the chosen part changed.

Pure: the current values are read from the seat's own view (``game.view(state, seat)``), never
from a state.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.i18n import t

__all__ = ["Order", "open_orders", "order_action", "word"]


def word(value: Any) -> str:
    """A value as its catalog keys spell it: ``true``/``false`` for a flag."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


@dataclass(frozen=True)
class Order:
    """One part of a standing order a player may change: the action type and the part it
    sets, its values in the order offered, the default, its name (``title``, a catalog key),
    a value's words (``label``, a catalog key with ``{}`` for :func:`word` of the value) and
    where the seat's own view holds its current value (``path``)."""

    kind: str
    part: str
    values: tuple[Any, ...]
    default: Any
    title: str
    label: str
    path: tuple[str, ...]

    def current(self, view: Mapping[str, Any]) -> Any:
        node: Any = view
        for key in self.path:
            node = node.get(key) if isinstance(node, Mapping) else None
        return node if any(node == v and type(node) is type(v) for v in self.values) else self.default

    def words(self, value: Any, locale: Any) -> str:
        return t(self.label.format(word(value)), locale)


def open_orders(orders: Sequence[Order], legal: list[dict[str, Any]]) -> list[int]:
    """The indexes of ``orders`` a seat may change now: those whose action type its legal
    actions list (an order of a leader it does not have is not)."""
    kinds = {a.get("type") for a in legal}
    return [i for i, o in enumerate(orders) if o.kind in kinds]


def order_action(orders: Sequence[Order], n: int, value: Any, view: Mapping[str, Any]) -> dict[str, Any]:
    """The action that sets order ``n`` to ``value``: every part of its type at its current
    value (``view``: the seat's own), that one changed — the typed command's action."""
    chosen = orders[n]
    action: dict[str, Any] = {"type": chosen.kind}
    for order in orders:
        if order.kind == chosen.kind:
            action[order.part] = order.current(view)
    action[chosen.part] = value
    return action
