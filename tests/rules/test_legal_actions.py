"""``legal_actions`` lists exactly what ``apply`` accepts, for every game.

On many states from seeded random play of both games, a large set of candidate actions is
built (every concrete action the legal forms stand for, every action type with plausible and
wrong parts, other phases' actions, anytime actions, other seats and outsiders), and for each
seat: ``apply`` accepts a candidate ⇔ :func:`bot.rules.compact.accepts` finds it in that
seat's ``legal_actions``. Every expansion of the legal list is applied too.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.rules.base import Game, RuleError, State, canonical
from bot.rules.compact import accepts, choose, expand, matches
from bot.rules.peaky_blinders.data import NEUTRAL
from bot.rules.risk_map.defence import ORDERS
from tests.rules.states import EXPRESS, PEAKY, express_states, peaky_states

OUTSIDER = "outsider"


def applies(game: Game, state: State, seat: str, action: Any) -> bool:
    try:
        game.apply(state, seat, action)
    except RuleError:
        return False
    return True


# -- candidates ----------------------------------------------------------------------------


def express_candidates(state: State, rnd: random.Random) -> list[dict[str, Any]]:
    cards = list(state["owners"])
    out: list[dict[str, Any]] = [{"type": "continue"}, {"type": "fresh"}, {"type": "fill"},
                                 {"type": "continue", "card": cards[0]}, {"type": "end_turn"}]
    for card in cards:
        for line in (0, 1, 2, "general"):
            out.append({"type": "fill", "card": card, "line": line})
    for _ in range(8):
        out.append({"type": "fill", "card": rnd.choice(cards),
                    "line": rnd.choice([3, -1, True, False, "0", "General", None, 1.0])})
    out.append({"type": "fill", "card": cards[0]})
    out.append({"type": "fill", "line": 0})
    return out


def peaky_candidates(state: State, rnd: random.Random) -> list[dict[str, Any]]:
    g = PEAKY
    board = g.board
    tids = list(board.order)
    seats = state["seats"]
    owner, troops = state["owner"], state["troops"]
    pids = list(g.data.powers)
    out: list[dict[str, Any]] = [{"type": t} for t in
                                 ("end_placement", "end_attack", "end_turn", "retreat", "flip_power", "roll")]
    out += [{"type": "roll", "until": True}, {"type": "roll", "until": False}, {"type": "roll", "until": 1}]

    def counts(n: int) -> list[Any]:
        return [None, 0, 1, max(1, n), n + 1, True]

    def with_count(action: dict[str, Any], n: Any) -> dict[str, Any]:
        return action if n is None else {**action, "count": n}

    cur = PEAKY.current(state)
    for seat in {cur or seats[0], rnd.choice(seats)}:
        mine = [t for t in tids if owner[t] == seat]
        if not mine:
            continue
        for t in rnd.sample(mine, min(2, len(mine))):
            for n in counts(state["reserve"]):
                out.append(with_count({"type": "place", "territory": t}, n))
        strong = [t for t in mine if troops[t] > 1] or mine
        kept = [p["id"] for p in state["players"][seat]["powers"] if p["up"]]
        for src in rnd.sample(strong, min(3, len(strong))):
            near = list(board.neighbours(src))
            for dst in rnd.sample(near, min(2, len(near))):
                attack = with_count({"type": "attack", "from": src, "to": dst}, rnd.choice(counts(troops[src] - 1)))
                out.append(attack)
                out.append({**attack, "until": rnd.choice([True, False]),
                            "powers": rnd.choice([[rnd.choice(pids)], kept, kept[:1] * 2])})
            for dst in rnd.sample(mine, min(2, len(mine))):
                out.append(with_count({"type": "manoeuvre", "from": src, "to": dst},
                                      rnd.choice(counts(troops[src] - 1))))
        hand = state["players"][seat]["hand"]
        for _ in range(3):
            if hand:
                out.append({"type": "trade", "cards": rnd.sample(hand, rnd.randint(1, len(hand)))})
        out.append({"type": "trade", "cards": rnd.sample(tids, 3)})
        if hand:
            out.append({"type": "trade", "cards": [hand[0], hand[0]]})
    for pid in rnd.sample(pids, 4):
        out.append({"type": "play_power", "power": pid})
    neutral = [t for t in tids if owner[t].startswith(NEUTRAL)]
    for _ in range(4):
        pool = neutral + rnd.sample(tids, 2)
        placed = rnd.sample(pool, rnd.randint(1, min(3, len(pool))))
        split = rnd.choice([[3], [1, 2], [1, 1, 1], [2, 2], [4]])
        out.append({"type": "neutral", "placements": dict(zip(placed, split + [1] * 3, strict=False))})
    for order in (*ORDERS, "sometimes"):
        out.append({"type": "defence", "order": order})
    return out


def expansions(legal: list[dict[str, Any]], rnd: random.Random, per_form: int = 2) -> list[dict[str, Any]]:
    """Some concrete actions of each form: the first ones, a random pick, and each with one
    optional part left out when the form allows it."""
    out: list[dict[str, Any]] = []
    for form in legal:
        some = expand([form], 200)
        out += some[:per_form] + rnd.sample(some, min(per_form, len(some)))
        out.append(choose(form, rnd.randrange))
        for key in form:
            if key != "type" and some and key in some[0]:
                shorter = {k: v for k, v in some[-1].items() if k != key}
                out.append(shorter)
    return out


def mutations(actions: list[dict[str, Any]], rnd: random.Random) -> list[dict[str, Any]]:
    out = []
    for a in rnd.sample(actions, min(4, len(actions))):
        out.append({**a, "note": "hi"})
        for key in a:
            if key != "type":
                out.append({**a, key: [a[key]]})
                break
    return out


def check_state(game: Game, state: State, rnd: random.Random) -> int:
    make = express_candidates if game is EXPRESS else peaky_candidates
    # the player to act, another seat (a player out of the game if there is one), an outsider
    everyone = [*state["seats"], *[s for s in state.get("order", []) if s not in state["seats"]]]
    out = [s for s in state.get("out", []) if s in everyone]
    seats = list(dict.fromkeys([*game.to_act(state), rnd.choice(everyone), *out[:1], OUTSIDER]))
    legal_by_seat = {s: game.legal_actions(state, s) for s in seats}
    cands = make(state, rnd)
    for legal in legal_by_seat.values():
        cands += expansions(legal, rnd)
    cands += mutations(cands, rnd)
    frozen = canonical(state)
    checked = 0
    for seat in seats:
        legal = legal_by_seat[seat]
        for form in legal:  # every expansion is accepted
            for a in expand([form], 8):
                assert applies(game, state, seat, a), (state["phase"], seat, form, a)
        for a in cands:
            listed = accepts(legal, a)
            assert applies(game, state, seat, a) == listed, (
                f"{game.id} phase={state.get('phase')} seat={seat} to_act={game.to_act(state)}: {a} is "
                f"{'listed but refused' if listed else 'accepted but not listed'}")
            checked += 1
    assert canonical(state) == frozen
    return checked


@pytest.mark.parametrize("game_id", ["risk_express", "peaky_blinders"])
def test_legal_actions_are_exactly_what_apply_accepts(game_id: str) -> None:
    game = EXPRESS if game_id == "risk_express" else PEAKY
    states = express_states() if game is EXPRESS else peaky_states()
    rnd = random.Random(17)
    phases: set[str] = set()
    checked = 0
    for i, state in enumerate(states):
        phases.add(str(state.get("phase")))
        checked += check_state(game, state, rnd)
        assert i < 2000
    expected = {"place", "continue", "over"} if game is EXPRESS else {"place", "attack", "battle", "manoeuvre", "over"}
    assert expected <= phases, phases
    assert checked > 20_000


# -- the two gaps the issue found, and the compact reading itself ------------------------------


def test_peaky_lists_the_manoeuvre_in_the_attack_phase_and_end_attack_in_placement() -> None:
    g = PEAKY
    st = g.setup(["s1", "s2", "s3"], {}, 1)
    mine = g.territories_of(st, "s1")
    st, _ = g.apply(st, "s1", {"type": "place", "territory": mine[0]})
    legal = g.legal_actions(st, "s1")
    assert accepts(legal, {"type": "end_attack"})  # placement done: the attacks may be skipped
    g.apply(st, "s1", {"type": "end_attack"})
    st, _ = g.apply(st, "s1", {"type": "end_placement"})
    assert st["phase"] == "attack"
    move = next(a for a in expand(g.legal_actions(st, "s1"), 10_000) if a["type"] == "manoeuvre")
    g.apply(st, "s1", move)
    assert any(f["type"] == "manoeuvre" for f in g.legal_actions(st, "s1"))


def test_the_compact_reading() -> None:
    roll = [{"type": "roll", "until": False}, {"type": "roll", "until": True}]
    assert accepts(roll, {"type": "roll"}) and accepts(roll, {"type": "roll", "until": True})
    assert not accepts(roll, {"type": "roll", "until": 1}) and not accepts(roll, {"type": "roll", "x": False})
    place = [{"type": "place", "territory": ["a", "b"], "count": {"min": 1, "max": 3, "default": 3}}]
    assert accepts(place, {"type": "place", "territory": "a"})
    assert accepts(place, {"type": "place", "territory": "b", "count": 3})
    assert not accepts(place, {"type": "place", "territory": "b", "count": True})
    assert not accepts(place, {"type": "place", "territory": "c", "count": 1})
    assert not accepts(place, {"type": "place", "count": 1})
    assert not accepts([{"type": "m", "count": {"min": 1, "max": 2}}], {"type": "m"})  # no default
    powers = [{"type": "attack", "powers": {"some_of": ["p", "q"]}}]
    assert accepts(powers, {"type": "attack"}) and accepts(powers, {"type": "attack", "powers": ["q", "p"]})
    assert not accepts(powers, {"type": "attack", "powers": ["p", "p"]})
    assert not accepts(powers, {"type": "attack", "powers": ["r"]})
    assert [a.get("powers") for a in expand(powers)] == [[], ["p"], ["q"], ["p", "q"]]
    trade = {"type": "trade", "cards": ["a", "b", "c"], "razors": {"min": 2, "max": 3}, "points": {"a": 1, "b": 2, "c": 2}}
    assert [a["cards"] for a in expand([trade])] == [["b"], ["c"], ["a", "b"], ["a", "c"]]
    assert accepts([trade], {"type": "trade", "cards": ["c", "a"]})
    assert not accepts([trade], {"type": "trade", "cards": ["b", "c"]}) and not accepts([trade], {"type": "trade", "cards": ["a"]})
    neutral = {"type": "neutral", "faction": "n", "territories": ["x", "y", "z", "w"], "members": 3, "spread": 3}
    every = expand([neutral])
    assert len(every) == 4 + 6 * 2 + 4 and all(matches(neutral, a) for a in every)
    assert not accepts([neutral], {"type": "neutral", "placements": {"x": 1, "y": 1, "z": 1, "w": 0}})
    assert not accepts([neutral], {"type": "neutral", "placements": {"x": 2}})
    assert not accepts([neutral], "place") and not accepts([neutral], {"type": ["neutral"]})
    assert len(expand(place * 10, 7)) == 7
