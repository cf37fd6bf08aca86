"""The chance shown before a Risk Express choice, checked against a naive enumeration written
apart from the engine (every *ordered* throw of the dice, the cards' lines read straight from
the data file), and read from the public view as the labels read it."""

from __future__ import annotations

import json
from functools import cache
from itertools import product
from pathlib import Path

import pytest

from bot.games.risk_express.text import RiskExpressPresenter
from bot.rules import GAMES
from bot.rules.base import clone
from bot.rules.risk_express.odds import success, view_chance

game = GAMES["risk_express"]
RAW = json.loads((Path(__file__).parents[3] / "data" / "risk_express" / "cards.json").read_text(encoding="utf-8"))
LINES = {c["id"]: c["lines"] for c in RAW["cards"]}
FACES = ("general", "cavalry", "cannon", "s1", "s2", "s3")


def dice_for(line: dict, dice: tuple[str, ...]) -> int | None:
    """How many dice ``line`` takes from ``dice`` (symbols exactly, then the fewest soldier
    dice adding up to its soldiers, largest first), or None when it cannot be filled."""
    used = 0
    for face in ("general", "cavalry", "cannon"):
        if dice.count(face) < line.get(face, 0):
            return None
        used += line.get(face, 0)
    need = line.get("soldiers", 0)
    soldiers = sorted((int(d[1]) for d in dice if d.startswith("s")), reverse=True)
    total = 0
    for value in soldiers:
        if total >= need:
            break
        total += value
        used += 1
    return used if total >= need else None


@cache
def naive(card: str, filled: frozenset, owed: bool, n: int) -> float:
    lines = LINES[card]
    if len(filled) == len(lines) and not owed:
        return 1.0
    if n == 0:
        return 0.0
    total = 0.0
    for dice in product(FACES, repeat=n):  # every ordered throw, each 1/6^n
        options = [naive(card, filled | {i}, owed, n - used) for i, line in enumerate(lines)
                   if i not in filled and (used := dice_for(line, dice)) is not None]
        if owed and "general" in dice:
            options.append(naive(card, filled, False, n - 1))
        total += max(options) if options else naive(card, filled, owed, n - 1)  # a miss loses a die
    return total / 6 ** n


CASES = [  # (card, lines filled, General owed, dice)
    ("usa", (), False, 5), ("usa", (), True, 5), ("canada", (0,), True, 4), ("china", (1,), False, 5),
    ("north_africa", (0, 2), False, 3), ("argentina", (0, 1), True, 3),  # only the General left
    ("argentina", (0,), False, 0), ("argentina", (0, 1), False, 0),  # no dice left: 0, or taken
    ("south_africa", (), True, 4), ("india", (1,), True, 5), ("eastern_europe", (), False, 6),
]


@pytest.mark.parametrize(("card", "filled", "owed", "n"), CASES)
def test_the_chance_is_the_naive_enumerations(card, filled, owed, n):
    bits = sum(1 << i for i in filled)
    assert success(card, bits, owed, n) == pytest.approx(naive(card, frozenset(filled), owed, n), abs=1e-12)


def test_edge_cases_a_sure_thing_and_a_lost_cause():
    assert success("argentina", 0b11, False, 0) == 1.0  # every line filled, nothing owed
    assert success("argentina", 0b01, False, 0) == 0.0  # no dice left
    assert success("argentina", 0b11, True, 1) == pytest.approx(1 / 6)  # one die for the General


def _position(seed: int, tray: list[str], owner: str | None = None):
    state, _ = game.start(["p0", "p1"], seed=seed)
    state = clone(state)
    seat = game.to_move(state)
    if owner == "other":
        other = "p1" if seat == "p0" else "p0"
        state["owners"] = {c: other for c in state["owners"]}
    state["attempt"]["tray"] = tray
    state["attempt"]["set_aside"] = 7 - len(tray)
    return state, seat


def test_the_view_carries_the_chance_of_every_choice_of_the_throw():
    """Each legal fill of a throw has its chance in the public view, the naive enumeration's,
    with the General owed when the card is another player's."""
    tray = ["cannon", "cavalry", "cavalry", "soldier3", "general"]  # two dice lost already
    for owner in (None, "other"):
        state, seat = _position(5, tray, owner)
        view = game.view(state)
        legal = game.legal_actions(state, seat)
        assert legal
        for action in legal:
            card, line = action["card"], action["line"]
            got = view_chance(view, card, line)
            used = 1 if line == "general" else dice_for(LINES[card][line], tuple(
                "s" + d[-1] if d.startswith("soldier") else d for d in tray))
            filled = frozenset() if line == "general" else frozenset({line})
            owed = owner is not None and line != "general"
            assert got == pytest.approx(naive(card, filled, owed, len(tray) - used), abs=1e-12), action


def test_the_labels_carry_the_chance_within_discords_limits():
    pres = RiskExpressPresenter()
    state, seat = _position(5, ["cannon", "cavalry", "cavalry", "soldier3", "soldier2", "general", "soldier1"])
    view = game.view(state)
    legal = game.legal_actions(state, seat)
    for lang, word in (("en", "to take it"), ("fr", "de la prendre")):
        for action in legal:
            label = pres.action_label(action, view, lang)
            assert word in label and ("%" in label) and len(label) <= 80, label
        groups = pres.groups(view, seat, legal, lang)
        assert groups and all("%" in g[1] and len(g[1]) <= 80 for g in groups)
    # the card's menu shows the best of its lines
    action = next(a for a in legal if a["card"] == "usa")
    best = max(view_chance(view, "usa", a["line"]) for a in legal if a["card"] == "usa")
    label = next(g[1] for g in pres.groups(view, seat, legal, "en") if g[0] == action["card"])
    assert f"{round(100 * best)}%" in label
