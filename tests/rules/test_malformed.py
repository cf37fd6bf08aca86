"""Junk actions: refused with a ``RuleError``, never a crash, never a trace in the state.

Thousands of seeded random junk actions (wrong types, unknown keys, bools where numbers go,
huge numbers, floats, text with ``{`` ``}`` and ``{0}``, lists nested thousands deep, valid
parts in the wrong place) on states from random play of every game, from every kind of seat:
only ``RuleError`` is ever raised, the state is unchanged, and a malformed action's message is
in the game's words, short, and never repeats what was sent.
"""

from __future__ import annotations

import functools
import math
import random
import re
from typing import Any

import pytest

from bot.rules.base import Game, MalformedAction, RuleError, canonical
from bot.rules.compact import accepts
from bot.rules.risk_express.game import load_cards
from tests.rules.states import EXPRESS, PEAKY, express_states, peaky_states


@functools.cache
def deep(n: int) -> list[Any]:
    """Lists nested ``n`` deep (built once a depth: the same junk is sent again)."""
    x: list[Any] = []
    for _ in range(n):
        x = [x]
    return x


NASTY_TEXT = ["", "{", "}", "{0}", "{x}", "territory:{x}", "card:{0}", "²", "until", "powers", "neutral:",
              "x" * 3000, "{{}}", "%s", "\x00", "🪒"]


def junk_value(rnd: random.Random, game: Game, depth: int = 0) -> Any:
    ids = list(PEAKY.board.order) + list(PEAKY.data.powers) if game is PEAKY else list(EXPRESS_CARDS)
    kind = rnd.randrange(12)
    if kind == 0:
        return rnd.choice([0, -1, 1, 2, 3, 10**5000, -(10**400), 2**63, 2**64 + 1])
    if kind == 1:
        return rnd.choice([True, False])
    if kind == 2:
        return rnd.choice([1.0, 2.5, math.nan, math.inf, -0.0])
    if kind == 3:
        return None
    if kind == 4:
        return rnd.choice(NASTY_TEXT)
    if kind == 5:
        return rnd.choice(ids)
    if kind == 6:
        return deep(rnd.choice([2, 50, 5000]))
    if kind == 7 and depth < 2:
        return [junk_value(rnd, game, depth + 1) for _ in range(rnd.randrange(4))]
    if kind == 8 and depth < 2:
        keys = [rnd.choice(ids), rnd.choice(NASTY_TEXT), 1, None]
        return {rnd.choice(keys): junk_value(rnd, game, depth + 1) for _ in range(rnd.randrange(4))}
    if kind == 9:
        return rnd.sample(ids, rnd.randrange(1, 5))
    if kind == 10:
        return {rnd.choice(ids): rnd.choice([1, 2, 3, 0, True, 4]) for _ in range(rnd.randrange(1, 5))}
    return rnd.choice(["always", "save", "never", "general", 0, 1, 2])


EXPRESS_CARDS = load_cards()["order"]
KEYS = ["territory", "count", "from", "to", "until", "powers", "power", "cards", "placements", "order",
        "card", "line", "seat", "note", "type", "Type", ""]


def junk_action(rnd: random.Random, game: Game) -> Any:
    r = rnd.random()
    if r < 0.05:
        return junk_value(rnd, game)  # not even a dict
    types = list(game.schema.types)
    action: dict[Any, Any] = {"type": rnd.choice(types) if rnd.random() < 0.8 else junk_value(rnd, game)}
    for _ in range(rnd.randrange(4)):
        action[rnd.choice(KEYS) if rnd.random() < 0.9 else rnd.choice([1, None, "{0}"])] = junk_value(rnd, game)
    if rnd.random() < 0.1:
        action.pop("type")
    return action


def check_refusal(err: RuleError, sent: Any) -> None:
    text = str(err)
    assert len(text) < 300, text
    assert "{" not in text and "}" not in text, text
    for value in err.params.values():
        assert isinstance(value, (int, str)) and not isinstance(value, bool), err.params
        if isinstance(value, str):
            assert len(value) < 200 and "{" not in value, err.params
    if isinstance(err, MalformedAction):
        assert err.key == "err.malformed" and err.params["detail_key"].startswith("err.malformed.")
        assert text.startswith("That move is not understood: ")
        for word in ("'until'", "powers", "neutral:"):
            assert word not in text, text
        assert not re.search(r"['\"]\w+['\"]", text), text  # nothing quoted


@pytest.mark.parametrize("game_id", ["risk_express", "peaky_blinders"])
def test_junk_actions_are_refused_cleanly(game_id: str) -> None:
    game = EXPRESS if game_id == "risk_express" else PEAKY
    states = list(express_states(8, 23) if game is EXPRESS else peaky_states(8, 37))
    rnd = random.Random(2024)
    tried = malformed = 0
    for state in states:
        frozen = canonical(state)
        seats = [*state["seats"], "outsider", None, ["s0"], "{0}"]
        for _ in range(90):
            seat = rnd.choice(seats)
            action = junk_action(rnd, game)
            tried += 1
            try:
                game.apply(state, seat, action)  # type: ignore[arg-type]
            except RuleError as err:
                malformed += isinstance(err, MalformedAction)
                check_refusal(err, action)
            else:  # a junk action that happens to be legal must be a listed one
                assert accepts(game.legal_actions(state, seat), action), action  # type: ignore[arg-type]
            assert canonical(state) == frozen
        for _ in range(10):
            action = junk_action(rnd, game) if rnd.random() < 0.7 else {"type": "kick", "seat": junk_value(rnd, game)}
            try:
                game.apply_system(state, action)
            except RuleError as err:
                check_refusal(err, action)
            assert canonical(state) == frozen
    assert tried >= 3000 and malformed > tried // 4


@pytest.mark.parametrize(
    "action",
    [
        {"type": "fill", "card": [], "line": 0},
        {"type": "fill", "card": {"a": 1}, "line": 0},
        {"type": "fill", "card": "usa", "line": [0]},
        {"type": "fill", "card": "usa", "line": True},
        {"type": "fill", "card": "{0}", "line": 0},
    ],
)
def test_express_shapes_that_used_to_crash(action: dict[str, Any]) -> None:
    state = EXPRESS.setup(["a", "b"], {}, 1)
    seat = EXPRESS.current(state)
    with pytest.raises(MalformedAction) as err:
        EXPRESS.apply(state, seat, action)
    check_refusal(err.value, action)


@pytest.mark.parametrize(
    ("action", "detail"),
    [
        ({"type": "attack", "from": "london", "to": "south_east_england", "powers": [[1]]}, "the power cards must be"),
        ({"type": "attack", "from": "london", "to": "south_east_england", "powers": deep(10_000)}, "the power cards must be"),
        ({"type": "attack", "from": "london", "to": "south_east_england", "powers": "razor_caps"}, "the power cards must be"),
        ({"type": "place", "territory": "london", "count": 10**10_000}, "whole number from 1 to 1000000"),
        ({"type": "place", "territory": "london", "count": True}, "whole number from 1 to 1000000"),
        ({"type": "place", "territory": "territory:{x}"}, "the territory must be"),
        ({"type": "trade", "cards": [["london"]]}, "the cards to trade must be"),
        ({"type": "neutral", "placements": {"london": 1, "kerry": 1, "cork": 1, "dublin": 0}}, "the neutral members go"),
        ({"type": "defence", "order": "sometimes"}, "the defence order must be"),
        ({"type": "place", "territory": "london", "cheat": True}, "it has parts this move does not take"),
        ({"type": "end_turn", "until": False}, "it has parts this move does not take"),
        ({"type": "{0}"}, "this game has no such move"),
    ],
)
def test_peaky_shapes_that_used_to_crash_or_pass(action: dict[str, Any], detail: str) -> None:
    state = PEAKY.setup(["a", "b", "c"], {}, 1)
    with pytest.raises(MalformedAction, match=detail) as err:
        PEAKY.apply(state, "a", action)
    check_refusal(err.value, action)


def test_the_count_message_reads_as_the_issue_asks() -> None:
    state = PEAKY.setup(["a", "b", "c"], {}, 1)
    with pytest.raises(MalformedAction) as err:
        PEAKY.apply(state, "a", {"type": "place", "territory": PEAKY.territories_of(state, "a")[0], "count": "2"})
    assert str(err.value) == ("That move is not understood: the number of members must be a whole number "
                              "from 1 to 1000000.")
    assert err.value.params == {"detail": "the number of members must be a whole number from 1 to 1000000.",
                                "detail_key": "err.malformed.count", "lo": 1, "hi": 1_000_000}
