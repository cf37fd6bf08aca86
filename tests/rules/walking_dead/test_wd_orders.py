"""Standing defence orders: defaults, changes, refusals that change nothing."""

from __future__ import annotations

import pytest

from bot.rules.errors import IllegalAction
from bot.rules.walking_dead.orders import DEFAULT, defence_dice, merge_order


def test_defaults_are_the_most_dice_and_a_grenade_only_to_save():
    assert DEFAULT == {"dice": "most", "grenade": "save"}
    assert defence_dice(None, 5) == 2 and defence_dice(None, 1) == 1


def test_changing_one_part_keeps_the_other():
    order = merge_order(None, {"dice": "one"})
    assert order == {"dice": "one", "grenade": "save"} and defence_dice(order, 5) == 1
    assert merge_order(order, {"grenade": "never"}) == {"dice": "one", "grenade": "never"}


@pytest.mark.parametrize(("change", "key"), [
    ({}, "wd.err.order_parts"),
    ({"colour": "red"}, "wd.err.order_parts"),
    ({"dice": "three"}, "wd.err.order_value"),
    ({"grenade": "sometimes"}, "wd.err.order_value"),
    ({"dice": "most"}, "wd.err.order_same"),
])
def test_bad_orders_are_refused_and_change_nothing(change, key):
    current = {"dice": "most", "grenade": "save"}
    with pytest.raises(IllegalAction) as err:
        merge_order(current, change)
    assert err.value.key == key and current == {"dice": "most", "grenade": "save"}
