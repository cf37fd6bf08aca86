"""The exact odds the view shows before a roll against the engine's own rolls.

The view reads :meth:`Transformers.next_roll` (the dice that will be thrown: d6 and d8 mixed,
the cards, the leaders' +1) and enumerates every face (:func:`~bot.rules.transformers.battle.exact_odds`).
Here the same battles are rolled through ``apply`` thousands of times with seeded generators,
and every outcome's frequency must lie within 4 standard errors of its exact probability;
and every throw of one small battle, scripted face by face, gives the outcome the enumeration
counts for it."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import pytest

from bot.rules.base import RuleError
from bot.rules.transformers import GAME
from bot.rules.transformers.battle import Mods, exact_odds
from bot.rules.transformers.view import roll_odds, sides_of
from tests.rules.transformers.tf_helpers import faces, staged

TRIALS = 3000

BATTLES = {
    # page 15: 3 robots against a robot and Optimus Prime (+1 defending)
    "launch_pad": dict(seats=["red", "black"], zones={"launch_pad": ("red", 1), "hexima_state": ("black", 7),
                                                     "autobase": ("red", 2)},
                       leaders={"red": ("launch_pad", "robot")}, attacker="black",
                       attack={"from": "hexima_state", "to": "launch_pad", "count": 3}),
    # Bumblebee (+1 attacking, d8) and two robots with Fusion Cannons against 2 robots
    "bumblebee": dict(seats=["blue", "black"], zones={"iacon": ("blue", 6), "vos": ("black", 3)},
                      leaders={"blue": ("iacon", "robot")}, attacker="blue", card="perihex",
                      attack={"from": "iacon", "to": "vos", "count": 2, "leader": True}),
    # Barricade in vehicle mode: the defender throws one die; Force Field fires for him
    "barricade": dict(seats=["red", "yellow"], zones={"autobase": ("red", 3), "yuss": ("yellow", 5)},
                      leaders={"yellow": ("yuss", "vehicle"), "red": ("autobase", "robot")}, attacker="yellow",
                      hands={"red": ["neutral_territories"]},
                      attack={"from": "yuss", "to": "autobase", "count": 2, "leader": True}),
}


def battle_state(spec):
    state = staged(GAME, spec["seats"], spec["zones"], leaders=spec["leaders"], hands=spec.get("hands"),
                   phase="attack", current=spec["seats"].index(spec["attacker"]), filler=spec["seats"][-1])
    seat = spec["attacker"]
    if spec.get("card"):
        state["players"][seat]["hand"] = [spec["card"]]
        state, _ = GAME.apply(state, seat, {"type": "play", "card": spec["card"]})
    return state, seat


def first_roll_odds(state, seat, action):
    """The exact odds of the attack's first roll as the engine will throw it (a defence card
    the defender's order fires included), and its dice; ``attack_odds``, what the attacker
    is shown, are those without an unplayed defence card."""
    b = GAME._new_battle(state, seat, action)
    a, d, am, dm, guard = GAME.next_roll({**state, "battle": b})
    odds = roll_odds(sides_of(a, am), sides_of(d, dm), am, dm)
    if guard is None:
        assert GAME.attack_odds(state, seat, action) == odds
    else:
        a, d, am, dm, _ = GAME.next_roll({**state, "battle": b}, fire=False)
        assert GAME.attack_odds(state, seat, action) == roll_odds(sides_of(a, am), sides_of(d, dm), am, dm) != odds
    return sides_of(a, am) if guard is None else None, sides_of(d, dm) if guard is None else None, odds


@pytest.mark.parametrize("name", sorted(BATTLES))
def test_the_engines_rolls_match_the_exact_odds(name: str) -> None:
    spec = BATTLES[name]
    state, seat = battle_state(spec)
    action = {"type": "attack", **spec["attack"]}
    att, dfn, odds = first_roll_odds(state, seat, action)
    assert abs(sum(odds.values()) - 1) < 1e-12
    counts: dict[tuple[int, int], int] = {}
    for i in range(TRIALS):
        trial = {**state, "rng": (i * 0x9E3779B97F4A7C15 + 12345) & ((1 << 64) - 1)}
        after, events = GAME.apply(trial, seat, action)
        if after["ask"] is not None:  # the attacker is asked where his +1 goes: its default is the odds' choice
            assert after["ask"]["kind"] == "bonus" and not any(e["type"] == "roll" for e in events)
            _, events = GAME.apply(after, seat, GAME.default_action(after, seat))
        roll = next(e for e in events if e["type"] == "roll")
        assert att is None or sorted(roll["att_sides"]) == sorted(att)
        assert dfn is None or sorted(roll["def_sides"]) == sorted(dfn)
        key = (roll["att_losses"], roll["def_losses"])
        counts[key] = counts.get(key, 0) + 1
    assert set(counts) <= set(odds)
    for key, p in odds.items():
        freq = counts.get(key, 0) / TRIALS
        se = math.sqrt(float(p) * (1 - float(p)) / TRIALS)
        assert abs(freq - float(p)) <= 4 * se + 1e-9, (name, key, freq, float(p))


def test_the_view_shows_the_next_rolls_odds(scripted_dice) -> None:
    state, seat = battle_state(BATTLES["launch_pad"])
    scripted_dice(*faces(1, 1, 1), *faces(8, 6))  # black loses 2, goes on with 1 against 2
    state, _ = GAME.apply(state, seat, {"type": "attack", "from": "hexima_state", "to": "launch_pad", "count": 3})
    nxt = GAME.view(state, None)["battle"]["next_roll"]
    assert nxt["att_dice"] == [6] and nxt["def_dice"] == [8, 6]
    exact = exact_odds((6,), (8, 6), dfn=Mods(bonus=1))
    assert nxt["odds"] == {f"{a}-{d}": float(p) for (a, d), p in exact.items()}
    with pytest.raises(RuleError):  # a battle is pending: no other attack, no odds of one
        GAME.attack_odds(state, seat, {"type": "attack", "from": "hexima_state", "to": "autobase", "count": 1})


def test_every_throw_of_a_small_battle_resolves_as_enumerated(scripted_dice) -> None:
    """A robot and Bumblebee (d6, d8, +1) against a robot and Barricade (d8, d6, +1):
    all 6·8·8·6 = 2,304 throws, scripted one by one through ``apply``."""
    state = staged(GAME, ["blue", "yellow"], {"iacon": ("blue", 3), "vos": ("yellow", 1), "autobase": ("yellow", 2)},
                   leaders={"blue": ("iacon", "robot"), "yellow": ("vos", "robot")}, phase="attack", filler="yellow")
    action = {"type": "attack", "from": "iacon", "to": "vos", "count": 1, "leader": True}
    att, dfn, odds = first_roll_odds(state, "blue", action)
    assert (att, dfn) == ((8, 6), (8, 6))
    counts: dict[tuple[int, int], int] = {}
    for a8, a6, d8, d6 in itertools.product(range(1, 9), range(1, 7), range(1, 9), range(1, 7)):
        scripted_dice(*faces(a8, a6, d8, d6))
        after, events = GAME.apply(state, "blue", action)
        if after["ask"] is not None:  # asked where the +1 goes: the default is the enumeration's choice
            _, events = GAME.apply(after, "blue", GAME.default_action(after, "blue"))
        roll = next(e for e in events if e["type"] == "roll")
        counts[(roll["att_losses"], roll["def_losses"])] = counts.get((roll["att_losses"], roll["def_losses"]), 0) + 1
    assert {k: Fraction(v, 2304) for k, v in counts.items()} == odds



@pytest.mark.parametrize("name", sorted(BATTLES))
def test_attack_dice_are_the_dice_the_odds_count(name: str) -> None:
    """``attack_dice`` (what /tf odds names) gives the very dice and modifiers ``attack_odds``
    enumerates: the first roll's fighters as the public may know them (no unplayed card)."""
    spec = BATTLES[name]
    state, seat = battle_state(spec)
    action = spec["attack"]
    dice = GAME.attack_dice(state, seat, action)
    b = GAME._new_battle(state, seat, action)
    a, d, am, dm, _ = GAME.next_roll({**state, "battle": b}, fire=False)
    assert dice["att"] == list(sides_of(a, am)) and dice["def"] == list(sides_of(d, dm))
    assert dice["att_mods"] == {"all": am.all_, "highest": am.highest, "bonus": am.bonus}
    assert dice["def_mods"] == {"all": dm.all_, "highest": dm.highest, "bonus": dm.bonus}
    assert GAME.attack_odds(state, seat, action) == roll_odds(tuple(dice["att"]), tuple(dice["def"]), am, dm)
    if name == "bumblebee":  # his d8 first, then two robots rolling d8 with Fusion Cannons; his +1
        assert dice["att"][0] == 8 and dice["att_mods"]["bonus"] == 1
