"""Issue 28: the beginner the AI is judged against, and the AI's choices in set positions on
the map games (a threatened border reinforced, an attack at poor odds declined, a conquest
followed when the front moves), with a few seeded games small enough for the default run.
The full arena tables are under the ``slow`` marker."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import bot.rules.turns as turns
from bot.rules import GAMES
from bot.rules.ai import BeginnerPolicy, RandomPolicy, decide, make_policy
from bot.rules.base import Rng, clone
from bot.rules.play import play_out

MAP_GAMES = [("peaky_blinders", {"crown": False}), ("transformers", {}), ("walking_dead", {"mode": "survival"})]


def _first(game_id: str, options: dict, want, policy=None, seeds=range(1, 30)):
    """The first state of a seeded game (2 seats) where ``want(state, seat, legal)`` holds."""
    game = GAMES[game_id]
    seats = ["p0", "p1"]
    for seed in seeds:
        for step in play_out(game, seats, seed, policy or RandomPolicy(), options):
            state, seat = step.after, game.to_move(step.after)
            if seat is None:
                continue
            legal = game.legal_actions(state, seat)
            if want(state, seat, legal):
                return clone(state), seat
    raise AssertionError("no such position")


def _all_mine_but(state: dict, me: str, enemy: str, theirs: dict[str, int], mine: int = 3) -> None:
    """Every seat's territory given to ``me`` (``mine`` members each; neutral gangs and walkers
    keep theirs), but ``theirs``: territory → members of ``enemy``. Every other seat leaves."""
    for seat in state["order"]:
        if seat not in (me, enemy) and not turns.is_out(state, seat):
            turns.remove(state, seat)
    for t, owner in state["owner"].items():
        if owner in state["order"]:
            state["owner"][t], state["troops"][t] = me, mine
    for t, n in theirs.items():
        state["owner"][t], state["troops"][t] = enemy, n


def test_the_beginner_is_written_apart_from_the_ai():
    """It shares nothing of the AI's judgement: no search, no evaluation, no appraisal."""
    source = Path(__file__).parents[2] / "bot" / "rules" / "ai" / "beginner.py"
    tree = ast.parse(source.read_text())
    imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    assert not any(m and ("search" in m or "appraise" in m) for m in imported)
    names = {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)}
    assert "evaluate" not in names and "search_breadth" not in names


@pytest.mark.parametrize(("game_id", "options"), [*MAP_GAMES, ("walking_dead", {"mode": "conquest"})])
def test_the_beginner_beats_random_play(game_id, options):
    game = GAMES[game_id]
    players = min(game.players(options))
    seats = [f"p{i}" for i in range(players)]
    wins = 0
    for k in range(4):
        mine = seats[k % players]
        policies = {s: (BeginnerPolicy() if s == mine else RandomPolicy()) for s in seats}
        out = play_out(game, seats, 500 + k, policies, options).run().outcome
        wins += mine in (out.get("winners") or [])
    assert wins >= 3


def _placement(game_id: str, options: dict, strong_neutrals: bool = False):
    """A placement with one enemy stack of 12 next to the seat's lands: ``(state, seat, front,
    rear)``, the territories next to it and those far from it. ``strong_neutrals``: neutral
    gangs and walkers hold 10 each (no weak neighbour to spring on: the choice is the border
    or the rear)."""
    game = GAMES[game_id]
    state, me = _first(game_id, options, lambda st, s, legal: any(f["type"] == "place" for f in legal)
                       and st.get("phase") == "place")
    enemy = next(s for s in state["order"] if s != me)
    board = game.board
    closed = game.closed(state)
    target = next(t for t in board.order[len(board.order) // 2:] if state["owner"][t] in state["order"])
    _all_mine_but(state, me, enemy, {target: 12}, mine=2)
    owner = state["owner"]
    if strong_neutrals:
        for t, who in owner.items():
            if who is not None and who not in state["order"]:
                state["troops"][t] = 10
    front = {t for t in board.neighbours(target, closed) if owner[t] == me}
    rear = {t for t in board.order if owner[t] == me and all(owner[n] == me for n in board.neighbours(t, closed))}
    assert front and rear
    return state, me, front, rear


@pytest.mark.parametrize(("game_id", "options"), MAP_GAMES)
def test_the_ai_reinforces_the_threatened_border_not_the_rear(game_id, options):
    game = GAMES[game_id]
    state, me, front, rear = _placement(game_id, options, strong_neutrals=True)
    forms = [f for f in game.legal_actions(state, me) if f["type"] == "place"]
    assert forms and any(t in rear for t in forms[0]["territory"])  # the rear was a choice
    fronts = 0
    for seed in range(3, 9):  # never the safe rear; on the enemy's border most often
        action = decide(game, state, me, "normal", seed=seed)
        game.apply(state, me, action)  # legal
        if action["type"] == "place":  # (Peaky: placing a neutral gang's members first is a choice too)
            assert action["territory"] not in rear
            fronts += action["territory"] in front
    # Survival: a territory facing five walker stacks is a border too (the invasions), and
    # the enemy's 12 take a border of 2 reinforced by 3 either way: the choice is close there
    assert fronts >= (2 if game_id == "walking_dead" else 4)


@pytest.mark.parametrize(("game_id", "options"), MAP_GAMES)
def test_the_beginner_reinforces_the_threatened_border_too(game_id, options):
    game = GAMES[game_id]
    state, me, front, _ = _placement(game_id, options)
    action = BeginnerPolicy().choose(game, state, me, game.legal_actions(state, me), Rng(1))
    assert action["type"] == "place" and action["territory"] in front


def _poor_odds(game_id: str, options: dict):
    """The attack phase of a seeded game, every territory of the seat's with 2 members and every
    other held one with 10: any attack is 1 against 10."""
    game = GAMES[game_id]
    state, me = _first(game_id, options, lambda st, s, legal: st.get("phase") == "attack"
                       and st.get("battle") is None and any(f["type"] == "attack" for f in legal)
                       and any(f["type"] == "end_turn" for f in legal))
    for t, owner in state["owner"].items():
        if owner is not None:  # neutral gangs and walkers too
            state["troops"][t] = 2 if owner == me else 10
    return game, state, me


@pytest.mark.parametrize(("game_id", "options"), MAP_GAMES)
def test_the_ai_declines_an_attack_at_poor_odds(game_id, options):
    game, state, me = _poor_odds(game_id, options)
    legal = game.legal_actions(state, me)
    assert any(f["type"] == "attack" for f in legal)  # it could have
    action = decide(game, state, me, "normal", seed=4)
    assert action["type"] != "attack"
    action = BeginnerPolicy().choose(game, state, me, legal, Rng(2))
    assert action["type"] != "attack"


def test_the_ai_advances_after_a_conquest_when_the_front_moves():
    """Transformers: a zone just taken, the enemy now only beyond it and none next to the zone
    the attack came from: the robots left behind follow (the most the rules let through)."""
    game = GAMES["transformers"]
    state, me = _first("transformers", {}, lambda st, s, legal: any(f["type"] == "advance" for f in legal),
                       policy=BeginnerPolicy())
    adv = state["fx"]["advance"]
    src, dst = adv["from"], adv["to"]
    board, closed = game.board, game.closed(state)
    enemy = next(s for s in state["order"] if s != me)
    beyond = [t for t in board.neighbours(dst, closed) if t != src and t not in board.neighbours(src, closed)]
    assert beyond
    keep = {t: state["troops"][t] for t in (src, dst)}
    _all_mine_but(state, me, enemy, dict.fromkeys(beyond, 4), mine=1)
    state["troops"].update(keep)
    state["troops"][src] = max(state["troops"][src], 6)
    legal = game.legal_actions(state, me)
    form = next(f for f in legal if f["type"] == "advance")
    assert form["count"]["max"] > form["count"]["min"]
    action = decide(game, state, me, "normal", seed=5)
    assert action == {"type": "advance", "count": form["count"]["max"]}


# The arena tables of docs/ai.md (seeded, so each line replays its measured figure): the line
# asserts the figure measured, or the target where it was met. A few games a line (the
# plans cost 10-30 s a game of CPU): docs/ai.md has the longer runs. Hard is left out (a Peaky
# Blinders game of hard takes minutes); its figures are in docs/ai.md.
ARENA = [  # each game from its own seed (bot.arena.game_seed), measured 2026-11-28
    ("peaky_blinders", {}, 2, "normal", "beginner", 8, 0.65),  # 7 of 8
    ("transformers", {}, 2, "normal", "beginner", 8, 0.65),  # 7 of 8
    ("walking_dead", {"mode": "survival"}, 2, "normal", "beginner", 12, 0.65),  # 9 of 12 with the race and the strike (the race alone 10, the stronghold 9)
    ("walking_dead", {"mode": "conquest"}, 3, "normal", "beginner", 12, 0.5),  # 6 of 12 (the plans; the search: 5)
]


@pytest.mark.slow
@pytest.mark.parametrize(("game_id", "options", "players", "a", "b", "games", "target"), ARENA)
def test_the_arena_tables(game_id, options, players, a, b, games, target):
    """The issue's tables: ``a`` against ``b``, seeded games, seats rotated."""
    from bot.arena import play_match

    match = play_match(game_id, a, b, games, players, 301 if a == "hard" else 201, options)
    assert match.share >= target, match.summary()


@pytest.mark.slow
@pytest.mark.parametrize("game_id", ["peaky_blinders", "transformers", "walking_dead"])
def test_easy_loses_to_the_beginner_more_often_than_not(game_id):
    from bot.arena import play_match

    match = play_match(game_id, "easy", "beginner", 12, 2, 201)  # measured 1, 2 and 2 of 12
    assert match.share < 0.5, match.summary()


def test_make_policy_knows_the_beginner():
    assert isinstance(make_policy("beginner"), BeginnerPolicy)


# Risk Express and Zombie Town (issue 28, third session; docs/ai.md): seeded lines small enough
# for the slow run's budget (~50 s together; ~90 s since Express's normal sees four turns), each
# asserting what its seeds gave when measured.
# Express 20 games a line (normal 8), which pays for Zombie Town's easy.
DICE_ARENA = [  # each game from its own seed (bot.arena.game_seed), measured 2026-11-28
    # normal sees four turns since the eighth session (~10 s of CPU a game): 8 games, not 20
    ("risk_express", "normal", 8, 7500, lambda share: share >= 0.5),  # 4 of 8 (4 as shares; eighth session)
    ("risk_express", "easy", 20, 7500, lambda share: share < 0.5),  # 8 of 20 (7.5 as shares; seventh session)
    # hard plays the solved game with two seats (ninth session): a game costs ~0.1 s
    ("risk_express", "hard", 100, 7500, lambda share: share >= 0.62),  # 73 of 100 (70 as shares)
    ("zombie_town", "normal", 4, 7500, lambda share: share >= 0.5),  # 2 of 4 (docs/ai.md: the longer runs)
    ("zombie_town", "easy", 6, 9600, lambda share: share < 0.5),  # 1 of 6
]


@pytest.mark.slow
@pytest.mark.parametrize(("game_id", "level", "games", "seed", "met"), DICE_ARENA)
def test_the_arena_tables_of_risk_express_and_zombie_town(game_id, level, games, seed, met):
    from bot.arena import play_match

    match = play_match(game_id, level, "beginner", games, 2, seed)
    assert met(match.share), match.summary()


def test_transformers_easy_errs_more_than_the_levels_own():
    """Transformers' easy plays two moves in five at random (with the levels' one in five it
    beat the beginner in 8 of 12 games: easy must lose more often than not); its normal and
    hard keep the levels' search."""
    from bot.rules.ai.search import LEVELS

    game = GAMES["transformers"]
    assert game.search_settings("easy")["slack"] == 0.4 > LEVELS["easy"]["slack"]
    assert game.search_settings("normal") == game.search_settings("hard") == {}
