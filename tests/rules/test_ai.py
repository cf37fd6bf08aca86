"""The AI seats' search (issue 14): every choice legal in every game, mode and player count,
the same choices from the same seed, decisions outside one's turn, and the winning move found
where there is one.

Choices go through ``Game.apply`` (the door: shape, turn, rules), so an illegal one raises.
"""

from __future__ import annotations

import pytest

import bot.rules.turns as turns
from bot.rules import GAMES
from bot.rules.ai import RandomPolicy, decide, make_policy
from bot.rules.base import clone
from bot.rules.play import play_out

# every game and mode, at its fewest and most players
CONFIGS = [(g, opts, n) for g, opts in [("risk_express", {}), ("peaky_blinders", {}), ("zombie_town", {}),
                                        ("walking_dead", {"mode": "survival"}),
                                        ("walking_dead", {"mode": "conquest"}), ("transformers", {})]
           for n in (min(GAMES[g].players(opts)), max(GAMES[g].players(opts)))]


def ai_game(game_id: str, options: dict, players: int, seed: int, level: str = "easy", iterations: int = 6):
    seats = [f"p{i}" for i in range(players)]
    policies = {s: (make_policy(level, iterations=iterations) if i % 2 == 0 else RandomPolicy())
                for i, s in enumerate(seats)}
    return play_out(GAMES[game_id], seats, seed, policies, options)


@pytest.mark.parametrize(("game_id", "options", "players"), CONFIGS)
def test_the_ai_only_ever_chooses_legal_actions(game_id, options, players):
    decisions = 0
    for step in ai_game(game_id, options, players, seed=players):
        decisions += int(step.seat in ("p0", "p2", "p4"))
        if decisions >= 40:
            break
    assert decisions >= 10


@pytest.mark.slow
@pytest.mark.parametrize(("game_id", "options", "players"), CONFIGS)
def test_thousands_of_ai_decisions_are_legal_to_the_end(game_id, options, players):
    decisions = 0
    for seed in range(1, 7):
        playout = ai_game(game_id, options, players, seed)
        for step in playout:
            decisions += int(step.seat in ("p0", "p2", "p4"))
        assert playout.outcome is not None
    assert decisions >= 150


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_same_seed_gives_the_same_choices(game_id):
    logs = []
    for _ in range(2):
        playout = ai_game(game_id, {}, 3, seed=8, level="normal", iterations=8)
        for i, _step in enumerate(playout):
            if i >= 60:
                break
        logs.append(list(playout.log))
    assert logs[0] == logs[1] and len(logs[0]) > 20
    state = ai_game(game_id, {}, 3, seed=8).state
    seat = GAMES[game_id].to_move(state)
    assert decide(GAMES[game_id], state, seat, seed=4, iterations=10) == \
        decide(GAMES[game_id], state, seat, seed=4, iterations=10)


def test_a_decision_outside_ones_turn_is_made_too():
    """The Walking Dead with ``defenders: ask`` asks the defending group how it defends, in
    the attacker's turn: the AI answers with an action the engine takes from that seat."""
    game = GAMES["walking_dead"]
    found = 0
    for seed in range(1, 8):
        for step in play_out(game, ["p0", "p1", "p2"], seed, RandomPolicy(), {"defenders": "ask"}):
            state = step.after
            seat = game.to_move(state)
            if seat is not None and seat != turns.current_seat(state):
                action = decide(game, state, seat, seed=1, iterations=8)
                game.apply(state, seat, action)  # legal from that seat, outside its turn
                found += 1
                break
        if found >= 3:
            break
    assert found >= 3


def _last_stand(game_id: str, options: dict) -> tuple[dict, str, str]:
    """A position where the seat to attack holds every territory but one, held by its only
    opponent with one member, next to one of its own with ten: taking it wins the game.
    Returns (state, attacker, target)."""
    game = GAMES[game_id]
    seats = ["p0", "p1"]
    for seed in range(1, 20):
        for step in play_out(game, seats, seed, RandomPolicy(), options):
            state, me = step.after, game.to_move(step.after)
            if state.get("phase") == "attack" and me and state.get("battle") is None:
                forms = [f for f in game.legal_actions(state, me) if f["type"] == "attack"]
                if forms:
                    break
        else:
            continue
        break
    else:
        raise AssertionError("no attack phase")
    state = clone(state)
    other = next(s for s in seats if s != me)
    owner, troops = state["owner"], state["troops"]
    target, near = forms[0]["to"], forms[0]["from"]
    for t in owner:  # neutral gangs' too: nobody else is left
        owner[t], troops[t] = me, max(1, troops[t])
    owner[target], troops[target] = other, 1
    troops[near] = 10
    return state, me, target


@pytest.mark.parametrize(("game_id", "options"), [("peaky_blinders", {"crown": False}), ("transformers", {}),
                                                  ("walking_dead", {"mode": "survival"})])
def test_the_ai_takes_the_territory_that_wins_the_game(game_id, options):
    game = GAMES[game_id]
    state, me, target = _last_stand(game_id, options)
    legal = game.legal_actions(state, me)
    assert any(f["type"] == "attack" and f["to"] == target for f in legal)
    assert any(f["type"] != "attack" for f in legal)  # ending the attacks was a choice too
    action = decide(game, state, me, seed=2)
    assert action["type"] == "attack" and action["to"] == target
    after = game.apply(state, me, action)[0]
    assert after["owner"][target] == me or after.get("battle") is not None
