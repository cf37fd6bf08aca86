"""A defender's standing orders (issue 8 point 4): what a survivor group does when attacked in
someone else's turn — by walkers in an invasion or by another group — decided in advance, so
nobody waits days for a defender.

An order has two parts: ``dice`` (``most``: up to 2, the rulebook's usual choice; ``one``) and
``grenade`` (``always``: on the first roll it improves; ``save``: only on a roll that would
otherwise take the territory — the default; ``never``), read by the shared
:func:`bot.rules.risk_map.defence.fires`. ``/twd defence`` sets either part; ``/game hand``
shows them. With the option that asks defenders live, the engine waits for the defender with a
clock and plays this order when the time runs out.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.rules.risk_map.defence import ORDERS as GRENADE_ORDERS
from bot.rules.walking_dead.messages import wd_error
from bot.rules.walking_dead.walkers import DEFENCE_DICE, survivor_defence_dice

__all__ = ["DEFAULT", "FIELDS", "defence_dice", "merge_order"]

FIELDS: dict[str, tuple[str, ...]] = {"dice": DEFENCE_DICE, "grenade": GRENADE_ORDERS}
DEFAULT: dict[str, str] = {"dice": "most", "grenade": "save"}


def merge_order(current: Mapping[str, str] | None, change: Mapping[str, Any]) -> dict[str, str]:
    """``current`` (the defaults if none) with ``change`` applied: only known parts and values,
    at least one part, and a real change (else a refusal the player reads)."""
    base = dict(DEFAULT)
    base.update(current or {})
    if not change or any(k not in FIELDS for k in change):
        raise wd_error("wd.err.order_parts")
    for key, value in change.items():
        if value not in FIELDS[key]:
            raise wd_error("wd.err.order_value", part=key, choices=", ".join(FIELDS[key]))
    new = {**base, **{k: str(v) for k, v in change.items()}}
    if new == base:
        raise wd_error("wd.err.order_same")
    return new


def defence_dice(order: Mapping[str, str] | None, survivors: int) -> int:
    """The dice a defending group throws under its order (at most one per survivor there)."""
    return survivor_defence_dice(survivors, (order or DEFAULT).get("dice", DEFAULT["dice"]))
