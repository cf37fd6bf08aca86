"""``play_out``, the one game loop, over every registered game with the random and the greedy
policies and every player count: games end, every action was legal, the log replays to the
final state, the same seed plays the same game, and greedy beats random where one ply of
lookahead sees enough of the game to matter."""

from __future__ import annotations

import pickle

import pytest

from bot.rules import GAMES
from bot.rules.ai import GreedyPolicy, RandomPolicy
from bot.rules.base import Rng, canonical
from bot.rules.compact import accepts
from bot.rules.play import NoEnd, Step, chooser_rngs, play_out

POLICIES = {"random": RandomPolicy(), "greedy": GreedyPolicy()}
CASES = [(gid, n, name) for gid, g in GAMES.items() for n in g.players()
         for name in POLICIES]


def seats(n: int) -> list[str]:
    return [f"s{i}" for i in range(n)]


@pytest.mark.parametrize(("game_id", "n", "policy"), CASES)
def test_games_end_with_legal_moves_and_replay(game_id: str, n: int, policy: str) -> None:
    game = GAMES[game_id]
    playout = play_out(game, seats(n), 7 + n, POLICIES[policy])
    start = canonical(playout.state)
    steps = 0
    for step in playout:
        assert isinstance(step, Step)
        assert step.seat == game.to_act(step.before)[0]
        assert accepts(game.legal_actions(step.before, step.seat), step.action), step.action
        steps += 1
    assert steps == len(playout.log) > 0
    assert canonical(playout.start) == start  # the loop never edits a state it was given
    out = playout.outcome
    assert out is not None and out["winners"] and set(out["winners"]) <= set(seats(n))
    assert game.to_act(playout.state) == []
    again = game.replay(seats(n), {}, 7 + n, playout.log)
    assert canonical(again) == canonical(playout.state)


@pytest.mark.parametrize("game_id", list(GAMES))
@pytest.mark.parametrize("policy", list(POLICIES))
def test_the_same_seed_plays_the_same_game(game_id: str, policy: str) -> None:
    game = GAMES[game_id]
    a = play_out(game, seats(3), 5, POLICIES[policy]).run()
    b = play_out(game, seats(3), 5, POLICIES[policy]).run()
    c = play_out(game, seats(3), 6, POLICIES[policy]).run()
    assert a.log == b.log and canonical(a.state) == canonical(b.state)
    assert c.log != a.log


def test_a_policy_per_seat_and_one_for_all() -> None:
    game = next(iter(GAMES.values()))
    one = play_out(game, seats(2), 3, RandomPolicy()).run()
    per_seat = play_out(game, seats(2), 3, {"s0": RandomPolicy(), "s1": RandomPolicy()}).run()
    assert one.log == per_seat.log
    with pytest.raises(ValueError):
        play_out(game, seats(2), 3, {"s0": RandomPolicy()})


def test_the_choosers_are_apart_from_the_game_and_from_one_another() -> None:
    rngs = chooser_rngs(1, ["a", "b"])
    assert rngs["a"].state != rngs["b"].state
    assert chooser_rngs(1, ["a", "b"])["a"].state == rngs["a"].state
    assert chooser_rngs(2, ["a", "b"])["a"].state != rngs["a"].state


def test_a_game_that_does_not_end_in_time_says_so() -> None:
    game = next(iter(GAMES.values()))
    with pytest.raises(NoEnd):
        play_out(game, seats(2), 1, RandomPolicy(), max_actions=3).run()


def test_push_applies_and_logs_an_action_out_of_turn() -> None:
    game = GAMES["peaky_blinders"]
    playout = play_out(game, seats(3), 4, RandomPolicy())
    it = iter(playout)
    next(it)
    other = next(s for s in seats(3) if s not in game.to_act(playout.state))
    (form,) = [a for a in game.legal_actions(playout.state, other) if a["type"] == "defence"]
    step = playout.push(other, {"type": "defence", "order": form["order"][-1]})
    assert playout.log[-1] == (other, step.action) and playout.state is step.after
    for _ in it:
        pass
    assert canonical(game.replay(seats(3), {}, 4, playout.log)) == canonical(playout.state)


def match(game_id: str, n: int, games: int) -> dict[str, float]:
    """Greedy in half the seats (alternating which half), random in the others."""
    game = GAMES[game_id]
    wins = {"greedy": 0.0, "random": 0.0}
    for seed in range(games):
        policy = {s: POLICIES["greedy" if (i + seed) % 2 == 0 else "random"] for i, s in enumerate(seats(n))}
        winners = play_out(game, seats(n), 100 + seed, policy).run().outcome["winners"]
        for w in winners:
            wins["greedy" if isinstance(policy[w], GreedyPolicy) else "random"] += 1 / len(winners)
    return wins


@pytest.mark.parametrize("n", [2, 4])
def test_greedy_beats_random_on_the_map(n: int) -> None:
    """On the map, holding territories is winning: one ply sees it, and wins clearly."""
    wins = match("peaky_blinders", n, 8)
    assert wins["greedy"] >= 3 * wins["random"] and wins["greedy"] >= 6, wins


def test_greedy_plays_risk_express_to_the_end() -> None:
    """In Risk Express a line filled scores nothing until the card is taken, so one ply sees
    little: greedy only has to play legal games to the end there (no margin asserted)."""
    wins = match("risk_express", 2, 4)
    assert sum(wins.values()) == pytest.approx(4)


class ChooseOnly:
    """RandomPolicy without ``engine_pick``: the loop lists the legal forms and applies through the door."""

    def choose(self, game, state, seat, legal, rng):
        return RandomPolicy().choose(game, state, seat, legal, rng)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_engines_own_pick_plays_the_game_the_listed_forms_play(game_id: str) -> None:
    """RandomPolicy's ``engine_pick`` (``random_action`` + ``apply_legal``, no list, no door) plays
    move for move, event for event, the game that ``choose`` on ``legal_actions`` + ``apply``
    plays."""
    game = GAMES[game_id]
    for seed in range(3):
        n = game.min_players + seed % (game.max_players - game.min_players + 1)
        fast = list(play_out(game, seats(n), seed, RandomPolicy()))
        plain = list(play_out(game, seats(n), seed, ChooseOnly()))
        assert [(s.seat, s.action, s.events) for s in fast] == [(s.seat, s.action, s.events) for s in plain]
        assert canonical(fast[-1].after) == canonical(plain[-1].after)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_run_plays_the_game_the_steps_play(game_id: str) -> None:
    """``run`` (each move ``random_move``: the pick and its play fused where the engine fuses
    them) plays, move for move, the game that iterating the steps plays (``random_action``
    then ``apply_legal``), to the same final state."""
    game = GAMES[game_id]
    for seed in range(3):
        n = game.min_players + seed % (game.max_players - game.min_players + 1)
        steps = list(play_out(game, seats(n), seed, RandomPolicy()))
        ran = play_out(game, seats(n), seed, RandomPolicy()).run()
        assert ran.log == [(s.seat, s.action) for s in steps]
        assert canonical(ran.state) == canonical(steps[-1].after)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_random_move_ends_a_seats_run_of_timeouts(game_id: str) -> None:
    """A seat's own move by ``random_move`` ends its run of timeouts, as ``apply_legal`` does,
    from a state the engine just returned (its fast path) as from a copy of it."""
    game = GAMES[game_id]
    state = game.setup(seats(game.min_players), {}, 4)
    late = game.current(state)
    state, _ = game.apply_system(state, {"type": "timeout"})
    assert late in state["timeouts"]
    rng = chooser_rngs(4, seats(game.min_players))[late]
    for _ in range(5_000):
        seat = game.to_move(state)
        if seat == late:
            break
        state = game.random_move(state, seat, rng.below)[1]
    else:
        pytest.fail("the late seat never played again")
    copy = pickle.loads(pickle.dumps(state))
    twin = Rng(rng.state)
    hot_action, after = game.random_move(state, late, rng.below)  # first: ``state`` is the engine's last
    action = game.random_action(copy, late, twin.below)
    expected = canonical(game.apply_legal(copy, late, action)[0])
    assert (hot_action, canonical(after)) == (action, expected)
    assert late not in after.get("timeouts", {})
