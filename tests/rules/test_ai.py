"""The AI seats' search (issue 14): every choice legal in every game, mode and player count,
the same choices from the same seed, decisions outside one's turn, and the winning move found
where there is one.

Choices go through ``Game.apply`` (the door: shape, turn, rules), so an illegal one raises.
"""

from __future__ import annotations

import pytest

import bot.rules.turns as turns
import bot.rules.zombie_town.flow as zt_flow
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
    for seed in range(1, 13):  # a stronger AI ends its games sooner: seeds until 150 decisions
        playout = ai_game(game_id, options, players, seed)
        for step in playout:
            decisions += int(step.seat in ("p0", "p2", "p4"))
        assert playout.outcome is not None
        if seed >= 6 and decisions >= 150:
            break
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
    opponent left (any other seat already out) with one member, next to one of its own with
    ten: taking it wins the game. Returns (state, attacker, target)."""
    game = GAMES[game_id]
    seats = [f"p{i}" for i in range(min(game.players(options)))]
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
    owner, troops = state["owner"], state["troops"]
    target, near = forms[0]["to"], forms[0]["from"]
    other = owner[target] if owner[target] in seats else next(s for s in seats if s != me)
    for seat in seats:
        if seat not in (me, other) and not turns.is_out(state, seat):
            turns.remove(state, seat)
    for t in owner:  # neutral gangs' too: nobody else is left
        owner[t], troops[t] = me, max(1, troops[t])
    owner[target], troops[target] = other, 1
    troops[near] = 10
    return state, me, target


@pytest.mark.parametrize(("game_id", "options"), [("peaky_blinders", {"crown": False}), ("transformers", {}),
                                                  ("walking_dead", {"mode": "survival"}),
                                                  ("walking_dead", {"mode": "conquest"})])
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


def test_the_ai_takes_the_last_card_when_it_wins_risk_express():
    """Every card owned but the USA (3 points); the seat to play trails 12 to 13, and its
    first throw meets lines of the USA and of six of its opponent's cards (18 choices, more
    than the search's usual width): invading the USA is the one choice that can end the game
    in its favour (15 to 13), so the AI takes it, whatever the seed."""
    game = GAMES["risk_express"]
    for step in play_out(game, ["p0", "p1"], 3, RandomPolicy(), {}):
        state = step.after
        if state["phase"] == "place" and state["attempt"]["card"] is None and game.to_move(state) == "p0":
            break
    state = clone(state)
    mine = {"mexico", "brazil", "argentina", "western_europe", "north_africa", "india", "middle_east"}
    state["owners"] = {c: None if c == "usa" else "p0" if c in mine else "p1" for c in state["owners"]}
    state["locked"] = []
    state["attempt"]["tray"] = ["cavalry", "cannon", "cavalry", "cannon", "soldier3", "soldier1", "soldier2"]
    assert game.scores(state) == {"p0": 12, "p1": 13}
    legal = game.legal_actions(state, "p0")
    assert len(legal) > 12 and {a["card"] for a in legal} > {"usa", "canada", "china"}
    for seed in range(1, 7):
        action = decide(game, state, "p0", seed=seed)
        assert action["type"] == "fill" and action["card"] == "usa", (seed, action)


def test_the_ai_barricades_the_house_that_wins_zombie_town():
    """The last turn of the last day: the seat to play stands in an empty house with a
    barricade card, trailing by one point; a barricade makes the house its own (3 points) and
    nothing else it may do scores. The AI barricades, and ending the turn then wins."""
    game = GAMES["zombie_town"]
    state = None
    for seed in range(1, 30):
        for step in play_out(game, ["p0", "p1"], seed, RandomPolicy(), {"road_rage": False}):
            s = step.after
            if (s["phase"] == "act" and game.to_move(s) == "p0" and s["day"] == zt_flow.last_day(s)
                    and s["day_turns"] == 1 and s["actions"] == 3):
                state = clone(s)
                break
        if state is not None:
            break
    assert state is not None
    me, them = state["players"]["p0"], state["players"]["p1"]
    house = next(h for h, x in state["houses"].items() if x["owner"] is None and x["barricades"] == 0)
    me.update(pos=house, car=None, followers=[], hand=["barricade_1"])
    them["hand"] = []
    state["zombies"] = {}
    totals = {s: r["total"] for s, r in zt_flow.scores(state).items()}
    them["zombies"] += totals["p0"] + 1 - totals["p1"]
    assert {s: r["total"] for s, r in zt_flow.scores(state).items()} == {"p0": totals["p0"], "p1": totals["p0"] + 1}
    for seed in range(1, 5):
        assert decide(game, state, "p0", seed=seed) == {"type": "barricade", "card": "barricade_1"}
    after = game.apply(state, "p0", {"type": "barricade", "card": "barricade_1"})[0]
    while game.outcome(after) is None:
        assert game.to_move(after) == "p0"  # the rest of its own turn ends the game
        after = game.apply(after, "p0", {"type": "end"} if after["phase"] == "act" else
                           game.default_action(after, "p0"))[0]
    assert game.outcome(after)["winners"] == ["p0"]


def test_a_conquest_decision_weighs_twice_the_candidates_and_samples(monkeypatch):
    """The Walking Dead's Conquest asks for a search twice as broad (``search_breadth``): twice
    the level's samples, over up to twice its width of candidates; Survival too since issue 28
    (every map game: ``MapGame.search_breadth``)."""
    from bot.rules.ai.search import SearchPolicy, candidates
    from bot.rules.base import Rng

    game = GAMES["walking_dead"]
    seats = ["p0", "p1", "p2"]
    for mode, breadth in (("conquest", 2), ("survival", 2)):
        playout = play_out(game, seats, 3, RandomPolicy(), {"mode": mode})
        for step in playout:  # a decision of a running turn with many choices
            state, seat = step.after, game.to_move(step.after)
            if seat and len(candidates(game, game.legal_actions(state, seat), Rng(1), 12)) >= 12:
                break
        assert game.search_breadth(state) == breadth
        legal = game.legal_actions(state, seat)
        widest = len(candidates(game, legal, Rng(5), 12 * breadth))
        scored = []
        monkeypatch.setattr(type(game), "evaluate", lambda self, s, who, scored=scored: scored.append(who) or 0.0)
        SearchPolicy(iterations=40, horizon=0).choose(game, state, seat, legal, Rng(5))
        monkeypatch.undo()
        assert len(scored) == max(40 * breadth, widest)
        if mode == "conquest":
            assert widest > len(candidates(game, legal, Rng(5), 12))
