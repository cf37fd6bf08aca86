"""Issue 28, point 2: the map games' AI plays its candidates out through the opponents' reply
(:mod:`bot.rules.ai.plans`). What a broken plan would break: the reply not played (the play-out
stopping at the end of the seat's own turn), the styles not differing, the plans reaching a game
that has none (Risk Express, Zombie Town, Conquest), a style picking something the rules refuse,
Survival's walkers judged at plain dice."""

from __future__ import annotations

import pytest

import bot.rules.turns as turns
from bot.rules import GAMES
from bot.rules.ai import RandomPolicy, decide, make_policy
from bot.rules.ai.plans import (
    MARGIN,
    STEADY,
    STRIKER,
    STYLES,
    PlanPolicy,
    _rollout,
    judge,
    plays_plans,
    race,
    styles_for,
)
from bot.rules.ai.search import SearchPolicy, level_policy
from bot.rules.base import Rng, clone
from bot.rules.play import play_out
from bot.rules.risk_map.appraise import take_chance
from bot.rules.walking_dead.odds import attack_odds
from bot.rules.walking_dead.walkers import WALKERS

MAP = [("peaky_blinders", {}), ("transformers", {}), ("walking_dead", {"mode": "survival"})]
CONQUEST = ("walking_dead", {"mode": "conquest"})  # 3 seats at least


def _turn_start(game_id: str, options: dict, seed: int = 3):
    """The state at the start of a seat's second turn of a seeded random game (2 seats)."""
    game = GAMES[game_id]
    for step in play_out(game, ["p0", "p1"], seed, RandomPolicy(), options):
        state = step.after
        if state["turn"] >= 3 and state.get("battle") is None and game.to_move(state) == turns.current_seat(state):
            return game, clone(state), turns.current_seat(state)
    raise AssertionError("no such position")


@pytest.mark.parametrize(("game_id", "options"), MAP)
def test_the_play_out_goes_through_the_opponents_reply(game_id, options):
    game, state, seat = _turn_start(game_id, options)
    start = state["turn"]
    after = _rollout(game, state, seat, STEADY, Rng(5), reply=True)
    if game.outcome(after) is None:  # stopped where the seat is about to move again
        assert turns.current_seat(after) == seat and after["turn"] > start + 1
    own = _rollout(game, state, seat, STEADY, Rng(5), reply=False)
    if game.outcome(own) is None:  # without the reply: the seat's own turn only
        assert turns.current_seat(own) != seat and own["turn"] == start + 1


@pytest.mark.parametrize(("game_id", "options"), [*MAP, CONQUEST])
@pytest.mark.parametrize(("level", "steps"), [("normal", 40), pytest.param("hard", 400, marks=pytest.mark.slow)])
def test_every_style_and_the_plans_choose_legal_actions(game_id, options, level, steps):
    """The start of a game of the level against random play; at every decision each style's
    choice goes through the door (``apply``), which raises on one the rules refuse."""
    game = GAMES[game_id]
    seats = [f"p{i}" for i in range(min(game.players(options)))]
    policies = {s: RandomPolicy() for s in seats}
    policies["p0"] = make_policy(level, iterations=4 if level == "normal" else 40)
    for i, step in enumerate(play_out(game, seats, 11, policies, options)):
        if i > steps:
            break
        state = step.after
        seat = game.to_move(state)
        if seat is None:
            break
        forms = game.moving(game.legal_actions(state, seat))
        for style in STYLES:
            game.apply(state, seat, style.act(game, state, seat, forms, Rng(i)))  # raises if refused


def test_the_styles_differ_where_the_odds_are_middling():
    """Bold attacks at 45-60 %, steady from 60 %, careful from 75 %."""
    bold, steady, careful = (next(s for s in STYLES if s.name == n) for n in ("bold", "steady", "careful"))
    assert bold.odds < steady.odds < careful.odds and bold.keep < steady.keep < careful.keep
    assert bold.spear > steady.spear > careful.spear == 0


def test_the_plans_leave_games_without_a_map_to_the_search():
    """Every map game and mode plays the plans (Conquest to the opponents' reply); the
    others get the search's very choice."""
    for game_id, options in [("risk_express", {}), ("zombie_town", {})]:
        game = GAMES[game_id]
        state = game.setup(["p0", "p1", "p2"], options, 4)
        assert not plays_plans(game, state)
        seat = game.to_move(state)
        legal = game.legal_actions(state, seat)
        # the level's policy gives the search's very choice
        plan = level_policy("normal", iterations=12)
        assert isinstance(plan, PlanPolicy)
        search = SearchPolicy(iterations=12, horizon=8, level="normal")
        assert plan.choose(game, state, seat, legal, Rng(9)) == search.choose(game, state, seat, legal, Rng(9))
    for game_id, options in MAP:
        game = GAMES[game_id]
        assert plays_plans(game, game.setup(["p0", "p1"], options, 4))
    conquest = GAMES[CONQUEST[0]].setup(["p0", "p1", "p2"], CONQUEST[1], 4)
    assert plays_plans(GAMES[CONQUEST[0]], conquest) and GAMES[CONQUEST[0]].ai_plans(conquest) == "turn"
    assert isinstance(level_policy("easy"), SearchPolicy)  # easy keeps the search alone


def test_survival_fights_walkers_at_their_own_odds():
    """Walkers are fought with the survivors' edge, and killed survivors may turn: not plain dice."""
    game = GAMES["walking_dead"]
    state = game.setup(["p0", "p1"], {"mode": "survival"}, 4)
    tid = next(t for t, o in state["owner"].items() if o == WALKERS)
    state["troops"][tid] = 3
    assert game.ai_take_chance(state, tid, 5) == pytest.approx(float(attack_odds(5, 3)))
    assert game.ai_take_chance(state, tid, 5) != pytest.approx(take_chance(5, 3))
    mine = next(t for t, o in state["owner"].items() if o != WALKERS)
    state["owner"][mine], state["troops"][mine] = "p1", 2
    assert game.ai_take_chance(state, mine, 5) == take_chance(5, state["troops"][mine])


def test_a_careful_style_retreats_where_a_bold_one_rolls_on():
    """A battle under way at about 50 %: careful retreats, bold rolls on."""
    game = GAMES["peaky_blinders"]
    for step in play_out(game, ["p0", "p1"], 5, RandomPolicy(), {}):
        state = step.after
        seat = game.to_move(state)
        forms = game.moving(game.legal_actions(state, seat)) if seat else []
        if state.get("battle") and any(f["type"] == "retreat" for f in forms):
            break
    else:
        raise AssertionError("no battle")
    state = clone(state)
    b = state["battle"]
    state["battle"] = {**b, "committed": 4}
    state["troops"][b["to"]] = 4  # 4 against 4: between careful's 60 % and bold's 35 %
    chance = take_chance(4, 4)
    assert 0.35 < chance < 0.6
    bold = next(s for s in STYLES if s.name == "bold")
    careful = next(s for s in STYLES if s.name == "careful")
    forms = game.moving(game.legal_actions(state, seat))
    assert bold.act(game, state, seat, forms, Rng(1))["type"] == "roll"
    assert careful.act(game, state, seat, forms, Rng(1))["type"] == "retreat"


def test_the_same_seed_gives_the_same_plan():
    game, state, seat = _turn_start("peaky_blinders", {})
    first = decide(game, state, seat, "hard", seed=7, iterations=40)
    assert first == decide(game, state, seat, "hard", seed=7, iterations=40)


def test_survival_is_played_out_to_its_end_and_judged_by_its_lead():
    game, state, seat = _turn_start("walking_dead", {"mode": "survival"})
    assert plays_plans(game, state) == "end"
    after = _rollout(game, state, seat, STEADY, Rng(3), reply="end", cap=4000)
    out = game.outcome(after)
    assert out is not None and "scores" in out
    lead = out["scores"][seat] - max(v for s, v in out["scores"].items() if s != seat)
    assert judge(game, after, seat) == pytest.approx(game.evaluate(after, seat) + MARGIN * lead)
    assert plays_plans(*_turn_start("peaky_blinders", {})[:2]) == "turn"


def test_survival_piles_its_starting_survivors_on_a_stronghold_that_faces_a_target():
    """Normal in p0 against random play, 2 seats: the state when setup is over."""
    game, placed = GAMES["walking_dead"], []
    policies = {"p0": make_policy("normal", iterations=8), "p1": RandomPolicy()}
    for step in play_out(game, ["p0", "p1"], 11, policies, {"mode": "survival"}):
        if step.action["type"] not in ("claim", "place_start", "place_rest"):
            state = step.before
            break
        if step.seat == "p0" and step.action["type"] == "place_start":
            placed.append(step.action["territory"])
    assert len(placed) == 16  # 24 survivors, 8 of them on the claims
    pile = max((t for t, o in state["owner"].items() if o == "p0"), key=lambda t: state["troops"][t])
    assert state["troops"][pile] == 17 and set(placed) == {pile}
    assert any(state["owner"][n] != "p0" for n in game.board.neighbours(pile))
    # the search (easy) and the other modes choose each survivor as before: no stronghold
    assert not game.ai_stronghold({**state, "mode": "conquest"})
    assert not GAMES["peaky_blinders"].ai_stronghold(state)


def test_the_race_spends_its_budget_on_the_survivors_of_common_draws():
    """Successive halving (issue 28, eighth session): 5 candidates, 40 play-outs; candidate 2
    is clearly worse, the others close (candidate 3 best by a little, with noise common to all)."""
    draws: list[int] = []
    met: dict[int, list[int]] = {i: [] for i in range(5)}
    noise = Rng(9)

    def draw() -> int:
        draws.append(len(draws))
        return draws[-1] * 1000 + noise.below(1000)

    def worth(d: int, i: int) -> float:
        met[i].append(d // 1000)
        luck = (d % 1000) / 1000  # the same luck for every candidate on a draw
        return luck + (-5.0 if i == 2 else 0.1 * (i == 3) + 0.01 * i)

    best = race(5, 40, draw, worth)
    assert best == 3
    assert sum(len(v) for v in met.values()) <= 40  # the budget, not 8 each and more
    first = len(met[2])
    assert first == 40 // (5 * 3) == 2  # dropped after the first batch
    assert max(len(v) for v in met.values()) > 8  # the finalists met more than an even share
    for seen in met.values():  # every candidate met the first draws, in order: common draws
        assert seen == list(range(len(seen)))
    assert met[3] == list(range(len(draws)))  # the winner met them all


def test_the_race_runs_where_survival_is_played_out_and_nowhere_else(monkeypatch):
    """Survival (played out to its end) with ``race``: the play-outs go through the race, within
    its budget (``race`` a candidate); Peaky Blinders (played out to the next turn): the
    same choice as without it, no race run."""
    import bot.rules.ai.plans as plans

    calls: list[int] = []
    races: list[tuple[int, int]] = []
    real_rollout, real_race = plans._rollout, plans.race

    def counted(game, state, seat, style, rng, reply, cap=400):
        calls.append(1)
        return real_rollout(game, state, seat, style, rng, reply, cap)

    def raced(n, budget, draw, worth, stop=None):
        races.append((n, budget))
        return real_race(n, budget, draw, worth, stop)

    monkeypatch.setattr(plans, "_rollout", counted)
    monkeypatch.setattr(plans, "race", raced)
    game, state, seat = _turn_start("walking_dead", {"mode": "survival"})
    legal = game.legal_actions(state, seat)
    policy = PlanPolicy(SearchPolicy(iterations=8), samples=3, wide=5, race=6)
    action = policy.choose(game, state, seat, legal, Rng(4))
    game.apply(state, seat, action)  # legal
    assert len(races) == 1
    n, budget = races[0]
    assert n >= 3 and budget == 6 * n and 3 * n < len(calls) <= budget
    races.clear()
    game, state, seat = _turn_start("peaky_blinders", {})
    legal = game.legal_actions(state, seat)
    a = PlanPolicy(SearchPolicy(iterations=8), samples=2, wide=3).choose(game, state, seat, legal, Rng(4))
    b = PlanPolicy(SearchPolicy(iterations=8), samples=2, wide=3, race=6).choose(game, state, seat, legal, Rng(4))
    assert a == b and not races


def _first_mover_front(seed: int = 5):
    """Survival, 2 seats, random play to an attack of the round's first mover; then a set front:
    its 12 on one territory, next to the rival's 14 and to 2 walkers, the rest of the board thin
    (every other stack of the rival at most 2, the seat's at 1)."""
    game = GAMES["walking_dead"]
    for step in play_out(game, ["p0", "p1"], seed, RandomPolicy(), {"mode": "survival"}):
        state, seat = step.after, game.to_move(step.after)
        if (state["phase"] == "attack" and state.get("battle") is None and state.get("advance") is None
                and seat == state["order"][0]):
            break
    else:
        raise AssertionError("no such position")
    state = clone(state)
    rival = next(s for s in state["order"] if s != seat)
    for t, o in state["owner"].items():
        state["troops"][t] = 1 if o == seat else min(state["troops"][t], 2)
    home = next(t for t, o in state["owner"].items() if o == seat)
    big, walkers, *rest = game.board.neighbours(home)
    state["troops"][home] = 12
    state["owner"][big], state["troops"][big] = rival, 14
    state["owner"][walkers], state["troops"][walkers] = WALKERS, 2
    for t in rest:
        state["owner"][t], state["troops"][t] = seat, 1
    return game, state, seat, rival, home, big


def test_survival_first_mover_strikes_the_rivals_biggest_stack():
    """The round's first mover (the rival has the last word before the count) starts its attacks
    on the rival's stack of 14 with its 11, at about 37 % (below every style's odds: without the
    strike no candidate attacks it), and fights the battle on; the last mover, Conquest and the
    other games have no strike."""
    game, state, seat, rival, home, big = _first_mover_front()
    assert 0.2 < game.ai_take_chance(state, big, 11) < 0.45
    action = decide(game, state, seat, "normal", seed=3)
    assert (action["type"], action["from"], action["to"], action["count"]) == ("attack", home, big, 11)
    assert game.ai_strike(state, seat) and not game.ai_strike(state, rival)
    assert STRIKER in styles_for(game, state, seat) and styles_for(game, state, rival) == STYLES
    assert not game.ai_strike({**state, "mode": "conquest"}, seat)
    assert not GAMES["peaky_blinders"].ai_strike(state, seat)
    forms = game.moving(game.legal_actions(state, seat))
    assert all(s.act(game, state, seat, forms, Rng(1)).get("to") != big for s in STYLES)
    # the battle under way after its first roll, the odds still below steady's 50 %: steady
    # retreats, the striker rolls on
    state = clone(game.apply(state, seat, action)[0])
    state["troops"][big] = 14  # whatever the first roll killed
    assert state["phase"] == "battle" and game.ai_take_chance(state, big, state["battle"]["committed"]) < 0.5
    forms = game.moving(game.legal_actions(state, seat))
    assert STEADY.act(game, state, seat, forms, Rng(1))["type"] == "retreat"
    assert STRIKER.act(game, state, seat, forms, Rng(1))["type"] == "roll"
