"""Click chains (:mod:`bot.games.chain`): every decision of every game can be made by clicks.

Random games of each game and mode; at each decision, every kind of move the engine allows
(but the standing orders a seat may set at any time) is offered by a button of the decision
or a chain, and each chain walked with random clicks ends in an action the engine accepts.
"""

from __future__ import annotations

import random

import pytest

from bot.games import presenter
from bot.games.chain import action_of, chain_commands, count_choices, walk
from bot.rules import GAMES
from bot.rules.compact import accepts

TABLES = [
    ("risk_express", {}, 3),
    ("peaky_blinders", {}, 3),
    ("peaky_blinders", {}, 2),
    ("walking_dead", {"mode": "survival"}, 2),
    ("walking_dead", {"mode": "conquest"}, 3),
    ("transformers", {"setup": "place"}, 2),
    ("transformers", {}, 4),
    ("zombie_town", {}, 3),
]


def options_of(game, opts):
    return game.validate_options(opts) if hasattr(game, "validate_options") else opts


def click_path(pres, command, legal, view, offered, rnd):
    """Random clicks through ``command``'s chain: the tokens, ending with a flag at times."""
    tokens: list[str] = []
    for _ in range(10):
        _given, forms, step, _flags = walk(pres.choices, command, tokens, legal, view, "en", {}, offered)
        if step is None:
            return tokens
        assert step.values and len(step.values) == len(step.labels)
        if step.count:
            assert step.span is not None and all(step.span[0] <= v <= step.span[1] for v in step.values)
            tokens.append(str(rnd.choice(step.values)))
        else:
            tokens.append(str(rnd.randrange(len(step.values))))
    raise AssertionError(f"{command}: a chain of more than 10 steps")


@pytest.mark.parametrize(("game_id", "opts", "n"), TABLES, ids=[f"{g}-{o}-{n}" for g, o, n in TABLES])
def test_every_decision_by_clicks(game_id, opts, n):
    game = GAMES[game_id]
    pres = presenter(game_id)
    seats = [str(100 + i) for i in range(n)]
    rnd = random.Random(7)
    anytime = set(game.anytime_actions or ())
    for seed in range(3):
        state = game.setup(seats, options_of(game, opts), seed)
        for _ in range(600):
            if game.outcome(state) is not None:
                break
            seat = game.to_act(state)[0]
            legal = game.legal_actions(state, seat)
            public = game.view(state, None)
            mine = game.view(state, seat)
            offered = {a["type"] for a in pres.buttons(public, seat, legal)}
            chains = chain_commands(pres.choices, legal, offered)
            reach = set(offered)
            for c in chains:
                reach |= set(pres.choices[c].types)
            missing = {f["type"] for f in legal} - reach - anytime
            assert not missing, (game_id, state.get("phase"), missing)
            # every chain walked to its end gives an action the engine lists
            actions = []
            for c in chains:
                cmd = pres.choices[c]
                view = mine if cmd.private else public
                tokens = click_path(pres, c, legal, view, offered, rnd)
                action = action_of(pres.choices, c, tokens, legal, view, "en", {}, offered)
                assert accepts(legal, action), (c, tokens, action, [f for f in legal if f["type"] in cmd.types])
                actions.append(action)
            if actions and rnd.random() < 0.5:
                action = rnd.choice(actions)
                state, _events = game.apply(state, seat, action)
            else:
                state, _events = game.apply(state, seat, game.random_action(state, seat, rnd.randrange))


def test_count_choices():
    assert count_choices(1, 3) == [1, 2, 3]
    assert count_choices(1, 5) == [1, 2, 3, 4, 5]
    assert count_choices(1, 12) == [1, 2, 3, 11, 12]
    assert count_choices(2, 7) == [2, 3, 4, 6, 7]
