"""The one autocomplete (:mod:`bot.games.choices`), without Discord: compact forms in,
choices out. ``tests/discord_ui/test_autocomplete.py`` proves every game's lists through the fake
Discord; these pin the mechanism's own rules on small forms."""

from __future__ import annotations

from bot.games import presenter
from bot.games.choices import Command, Slot, complete, fits, values_of
from bot.rules import GAMES
from bot.rules.errors import AmbiguousName
from bot.rules.risk_map.bounded_odds import win_chances

NAMES = {"a": "Alice", "b": "Bob"}


def _known(text: str) -> str | None:
    if text == "amb":
        raise AmbiguousName(text, ["x1", "x2"])
    return {"x": "x1", "y": "y1", "z": "z1"}.get(text.strip().lower())


LEGAL = [
    {"type": "move", "from": "x1", "to": ["y1", "z1"], "count": {"min": 1, "max": 40}},
    {"type": "move", "from": "y1", "to": ["z1"], "count": {"min": 1, "max": 3}},
    {"type": "end"},
]
COMMANDS = {"move": Command(("move",), {
    "from": Slot("from", _known, sort=True),
    "to": Slot("to", _known, labels=lambda vs, ctx: [f"to {v}" for v in vs], match_label=True),
    "count": Slot("count", requires=("from",)),
})}


def ask(option: str, given: dict | None = None, current: str = "", legal: list | None = None) -> list:
    return complete(COMMANDS, "move", option, LEGAL if legal is None else legal, {}, given or {}, current, "en",
                    NAMES)


def test_values_come_from_the_forms_each_once():
    assert values_of(LEGAL, "to") == (["y1", "z1"], None)
    assert values_of(LEGAL, "count") == ([], (1, 40))
    assert fits(["y1"], "y1") and fits({"min": 1, "max": 3}, 3) and not fits({"min": 1, "max": 3}, 4)
    assert [v for _l, v in ask("from")] == ["x1", "y1"]
    assert [v for _l, v in ask("to")] == ["y1", "z1"]  # z1 is in two forms: offered once


def test_the_options_filled_in_narrow_the_forms():
    assert [v for _l, v in ask("to", {"from": "Y"})] == ["z1"]
    assert [v for _l, v in ask("from", {"to": "y"})] == ["x1"]
    assert ask("to", {"from": "z"}) == []  # nothing moves from z: nothing to offer
    # text that names nothing, or several things, narrows nothing (the player is still typing)
    assert [v for _l, v in ask("to", {"from": "nowhere"})] == ["y1", "z1"]
    assert [v for _l, v in ask("to", {"from": "amb"})] == ["y1", "z1"]


def test_counts_need_their_origin_and_follow_the_digits():
    assert ask("count") == []
    assert [v for _l, v in ask("count", {"from": "y"})] == [3, 2, 1]
    got = [v for _l, v in ask("count", {"from": "x"})]
    assert len(got) == 25 and got[0] == 40 and got[-1] == 1
    assert [v for _l, v in ask("count", {"from": "x"}, "3")] == [3, *range(30, 40)]  # 40 does not start with 3


def test_typed_text_filters_values_or_labels():
    assert [v for _l, v in ask("from", current="Y1")] == ["y1"]
    assert ask("to", current="to z") == [("to z1", "z1")]  # the label may be matched
    assert ask("nothing") == [] and complete(COMMANDS, "fly", "from", LEGAL, {}, {}, "", "en", NAMES) == []


def test_at_most_25_choices_sorted_by_name_when_asked():
    legal = [{"type": "move", "from": f"t{i:02d}", "to": ["y1"], "count": {"min": 1, "max": 2}} for i in range(40, 0, -1)]
    got = ask("from", legal=legal)
    assert len(got) == 25 and [v for _l, v in got] == [f"t{i:02d}" for i in range(1, 26)]


def test_peaky_target_odds_count_the_stronghold():
    """A target's odds are those of the most members that may attack it, with its defence
    bonus as the view tells it."""
    game, pres = GAMES["peaky_blinders"], presenter("peaky_blinders")
    state = game.setup(["a", "b", "c"], game.validate_options({}), 1)
    seat = game.current(state)
    mine = [t for t, o in state["owner"].items() if o == seat]
    state["troops"] = {**state["troops"], **dict.fromkeys(mine, 9)}
    state["reserve"] = 0
    state["phase"] = "attack"
    view = game.view(state, seat)
    attacks = [a for a in game.legal_actions(state, seat) if a["type"] == "attack"]
    assert attacks
    for target in {a["to"] for a in attacks}:
        best = max(a["count"]["max"] for a in attacks if a["to"] == target)
        bonus = view["defence_bonus"].get(target, 0)
        got = dict((v, label) for label, v in complete(pres.choices, "attack", "to", attacks, view, {}, "", "en", NAMES))
        odds = win_chances([best], view["territories"][target]["troops"], bonus)[best]
        assert f"{round(odds * 100)}" in got[target], (target, got[target], odds)
