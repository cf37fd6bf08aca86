"""Risk Express rules: the rulebook's worked example, one test per rule and per refusal."""

from __future__ import annotations

import json

import pytest

from bot.rules import GAMES, RuleError
from bot.rules.base import SYSTEM, canonical
from bot.rules.risk_express.game import FACES, load_cards, match_line

G, CV, CN, S1, S2, S3 = range(6)  # die faces as the generator's draws
game = GAMES["risk_express"]


def faces(*idx: int) -> list[str]:
    return [FACES[i] for i in idx]


def start(scripted_dice, first_throw: list[int], seats=("A", "B"), options=None):
    """A game where A wins the roll for first player (7 Generals to none), then throws."""
    scripted_dice(*([G] * 7), *([S1] * 7 * (len(seats) - 1)), *first_throw)
    return game.setup(list(seats), options or {}, seed=1)


def fill(state, seat, card, line):
    return game.apply(state, seat, {"type": "fill", "card": card, "line": line})


def refused(state, seat, action, match):
    before = canonical(state)
    with pytest.raises(RuleError, match=match):
        game.apply(state, seat, action)
    assert canonical(state) == before


# -- the rulebook's example ------------------------------------------------------------

def test_usa_walkthrough(scripted_dice):
    """Fill Cannon+Cavalry, miss and lose a die, fill the second line, finish with surplus
    soldiers: USA conquered, 3 points."""
    state = start(scripted_dice, [CN, CV, G, G, S1, CV, S1])
    assert state["current"] == 0 and state["first"] == "A"
    assert sorted(state["attempt"]["tray"]) == sorted(faces(CN, CV, G, G, S1, CV, S1))
    # the five dice left: nothing fits USA (no cannon, soldiers 1 < 3) → one die lost;
    # the four left: cannon + cavalry fill the second line.
    scripted_dice(G, G, CV, CV, S1, CN, CV, G, S1)
    state, events = fill(state, "A", "usa", 0)
    kinds = [e["type"] for e in events]
    assert kinds == ["fill", "roll", "miss", "roll"]
    assert events[2]["left"] == 4
    assert state["attempt"]["card"] == "usa"
    assert state["attempt"]["set_aside"] == 1
    # two dice left after the second line: 2 + 3 soldiers, more than the 3 needed
    scripted_dice(S2, S3)
    state, events = fill(state, "A", "usa", 1)
    assert [e["type"] for e in events] == ["fill", "roll"]
    scripted_dice(*[S1] * 7)  # B's first throw after the conquest
    state, events = fill(state, "A", "usa", 2)
    conquer = next(e for e in events if e["type"] == "conquer")
    assert conquer == {"type": "conquer", "seat": "A", "card": "usa", "from": None, "points": 3}
    assert state["owners"]["usa"] == "A"
    assert game.scores(state)["A"] == 3
    assert state["seats"][state["current"]] == "B"


# -- dice and lines --------------------------------------------------------------------

def test_soldier_lines_take_the_fewest_dice_adding_up():
    assert match_line({"soldiers": 5}, faces(S1, S1, S2, S3, CV)) == faces(S3, S2)
    assert match_line({"soldiers": 5}, faces(S1, S1, S1, S1, S1)) == faces(S1, S1, S1, S1, S1)
    assert match_line({"soldiers": 5}, faces(S1, S1, S2, G)) is None


def test_symbols_are_exact_and_the_general_is_no_wildcard():
    assert match_line({"cavalry": 2}, faces(CV, G, S3)) is None
    assert sorted(match_line({"cavalry": 1, "cannon": 1}, faces(CV, CN, CN))) == sorted(faces(CV, CN))
    assert sorted(match_line({"cannon": 1, "soldiers": 2}, faces(CN, S1, S1, CV))) == sorted(faces(CN, S1, S1))


def test_every_line_is_achievable_with_seven_dice_and_counts_match_the_box():
    data = load_cards()
    assert len(data["cards"]) == 14
    counts = {}
    for card in data["cards"].values():
        counts[card["continent"]] = counts.get(card["continent"], 0) + 1
        assert 2 <= len(card["lines"]) <= 3
    assert counts == {"asia": 4, "north_america": 3, "south_america": 2, "europe": 2, "africa": 2, "australia": 1}
    na = data["cards"]["north_africa"]
    assert na["points"] == 2 and na["lines"] == [{"cavalry": 2}, {"soldiers": 5}, {"soldiers": 2}]
    assert data["continents"]["africa"]["value"] == 5


def test_a_throw_fills_one_line_and_the_rest_is_rerolled(scripted_dice):
    state = start(scripted_dice, [CN, CV, CN, CV, S3, S3, S3])
    scripted_dice(G, G, G, G, G)  # five dice rerolled: nothing for USA → a die lost…
    scripted_dice(G, G, G, G)  # …four rerolled, nothing again → another lost
    scripted_dice(CN, CV, S1)  # three: the second cannon+cavalry line
    state, events = fill(state, "A", "usa", 0)
    assert [len(e["dice"]) for e in events if e["type"] == "roll"] == [5, 4, 3]
    assert state["attempt"]["set_aside"] == 2


def test_a_miss_costs_a_die_and_running_out_fails_the_attempt(scripted_dice):
    state = start(scripted_dice, [CV, CV, G, G, G, G, G])
    # Brazil line 1 (2 cavalry) fixes the target; 5 dice rerolled then lost one by one
    scripted_dice(G, G, G, G, G, G, G, G, G, G, G, G, G, G, G)
    scripted_dice(*[S1] * 7)  # B's throw
    state, events = fill(state, "A", "brazil", 0)
    assert [e["type"] for e in events].count("miss") == 5
    failed = next(e for e in events if e["type"] == "failed")
    assert failed["card"] == "brazil"
    assert state["owners"]["brazil"] is None
    assert state["seats"][state["current"]] == "B"
    assert state["failed"] is None  # no optional rule: the placed dice are lost


def test_only_one_card_a_turn(scripted_dice):
    state = start(scripted_dice, [CV, CV, CN, CN, S3, S3, S3])
    scripted_dice(CN, CN, S3, S3, S3)
    state, _ = fill(state, "A", "brazil", 0)
    refused(state, "A", {"type": "fill", "card": "mexico", "line": 0}, "only one card a turn")
    assert {a["card"] for a in game.legal_actions(state, "A")} == {"brazil"}


def test_a_card_another_player_owns_needs_a_general(scripted_dice):
    state = start(scripted_dice, [CV, G, CN, S1, S1, S1, S1])
    state["owners"]["argentina"] = "B"
    lines = {a["line"] for a in game.legal_actions(state, "A") if a["card"] == "argentina"}
    assert lines == {0, 1, "general"}
    refused(state, "A", {"type": "fill", "card": "brazil", "line": "general"}, "needs no General")
    scripted_dice(CN, S1, S1, S1, S1, S1)  # after the General: cannon line…
    state, _ = fill(state, "A", "argentina", "general")
    assert state["attempt"]["general_needed"]
    scripted_dice(S3, S3, S3, S3, S3)  # …then soldiers ≥ 3
    state, _ = fill(state, "A", "argentina", 0)
    scripted_dice(*[S1] * 7)
    state, events = fill(state, "A", "argentina", 1)
    assert any(e["type"] == "conquer" and e["from"] == "B" for e in events)
    assert state["owners"]["argentina"] == "A"


def test_own_cards_and_locked_continents_cannot_be_invaded(scripted_dice):
    state = start(scripted_dice, [CV, CV, CN, CN, S3, S3, S3])
    state["owners"]["brazil"] = "A"
    state["owners"]["north_africa"] = state["owners"]["south_africa"] = "B"
    state["locked"] = ["africa"]
    refused(state, "A", {"type": "fill", "card": "brazil", "line": 0}, "already yours")
    refused(state, "A", {"type": "fill", "card": "north_africa", "line": 0}, "conquered continent")
    cards = {a["card"] for a in game.legal_actions(state, "A")}
    assert not cards & {"brazil", "north_africa", "south_africa"}


def test_completing_a_continent_locks_it_and_scores_its_value(scripted_dice):
    state = start(scripted_dice, [CV, CV, G, G, G, G, G])
    state["owners"]["argentina"] = "A"
    assert game.scores(state)["A"] == 1
    scripted_dice(S3, S3, G, G, G)
    state, _ = fill(state, "A", "brazil", 0)
    scripted_dice(*[S1] * 7)
    state, events = fill(state, "A", "brazil", 1)
    cont = next(e for e in events if e["type"] == "continent")
    assert cont["continent"] == "south_america" and cont["value"] == 4
    assert "south_america" in state["locked"]
    assert game.scores(state)["A"] == 4  # the back value, not 2 + 1


def test_australia_locks_as_soon_as_it_is_taken(scripted_dice):
    state = start(scripted_dice, [CV, CN, S3, S1, G, G, G])
    scripted_dice(CN, S3, S1, G, G, G)
    state, _ = fill(state, "A", "australia", 0)
    scripted_dice(S3, S1, G, G, G)
    state, _ = fill(state, "A", "australia", 1)
    scripted_dice(*[S1] * 7)
    state, events = fill(state, "A", "australia", 2)
    assert "australia" in state["locked"]
    assert game.scores(state)["A"] == load_cards()["continents"]["australia"]["value"]


def test_the_game_ends_when_every_card_is_owned_and_ties_share(scripted_dice):
    state = start(scripted_dice, [CN, S3, G, G, G, G, G])
    for cid in state["owners"]:
        state["owners"][cid] = "B"
    state["owners"]["argentina"] = None
    state["owners"]["usa"] = state["owners"]["canada"] = "A"  # 3 + 2 = 5
    state["owners"]["china"] = "A"  # +3 = 8
    scripted_dice(S3, G, G, G, G, G)
    state, _ = fill(state, "A", "argentina", 0)
    state, events = fill(state, "A", "argentina", 1)
    result = game.outcome(state)
    assert result is not None and events[-1]["type"] == "game_over"
    scores = result["scores"]
    assert scores["A"] == 9
    assert result["winners"] == [s for s in ("A", "B") if scores[s] == max(scores.values())]
    assert game.to_act(state) == []
    refused(state, "A", {"type": "fill", "card": "usa", "line": 0}, "over")


def _ending(seats, tied, seed=0):
    """A game one conquest from its end whose final scores tie exactly ``tied``."""
    import random

    from bot.rules.base import Rng

    rnd = random.Random(seed)
    cards = load_cards()["order"]
    start = game.setup(list(seats), {}, 3)
    data = load_cards()
    last = "usa"  # North America has other cards: taking the USA alone locks nothing
    same = [c for c in cards if data["cards"][c]["continent"] == data["cards"][last]["continent"]]
    for _ in range(100_000):
        state = json.loads(json.dumps(start))
        for cid in cards:
            state["owners"][cid] = rnd.choice(seats)
        state["owners"][last] = seats[0]
        scores = game.scores(state)
        best = max(scores.values())
        if all(state["owners"][c] == seats[0] for c in same) \
                or sorted(s for s in seats if scores[s] == best) != sorted(tied):
            continue
        state["owners"][last] = None
        return state, last, scores, Rng(1)
    raise AssertionError(f"no deal ties {tied}")


@pytest.mark.parametrize("tied", [("A", "B", "C"), ("A", "C"), ("A", "B", "C", "D")])
def test_ties_share_the_win(tied):
    state, last, scores, rng = _ending(("A", "B", "C", "D"), tied)
    events = []
    game._conquer(state, rng, "A", last, events)
    assert game.outcome(state) == {"winners": list(tied), "scores": scores}
    assert events[-1] == {"type": "game_over", "winners": list(tied), "scores": scores}


def test_first_player_most_generals_ties_roll_again(scripted_dice):
    # A and B tie on 2 Generals, C has 1; A and B roll again, B wins.
    scripted_dice(G, G, S1, S1, S1, S1, S1, G, G, S1, S1, S1, S1, S1, G, S1, S1, S1, S1, S1, S1)
    scripted_dice(S1, S1, S1, S1, S1, S1, S1, G, S1, S1, S1, S1, S1, S1)
    scripted_dice(*[CV] * 7)  # B's first throw
    state = game.setup(["A", "B", "C"], {}, 9)
    assert state["first"] == "B"
    assert state["seats"][state["current"]] == "B"
    assert len(state["start_rolls"]) == 5
    # The opening, for the bot to narrate: every throw for who starts, round by round (the tie
    # thrown again), who starts, then the first turn and its first throw.
    opening = game.opening_events(state)
    assert [(e["type"], e.get("seat"), e.get("generals"), e.get("round")) for e in opening] == [
        ("start_roll", "A", 2, 1), ("start_roll", "B", 2, 1), ("start_roll", "C", 1, 1),
        ("start_roll", "A", 0, 2), ("start_roll", "B", 1, 2),
        ("first_player", "B", None, None), ("turn", "B", None, None), ("roll", "B", None, None)]
    assert opening[0]["dice"] == faces(G, G, S1, S1, S1, S1, S1)
    assert opening[5]["rounds"] == 2 and opening[-1]["dice"] == faces(*[CV] * 7)
    assert opening == state["opening"] and "private" not in json.dumps(opening)


def test_every_game_has_an_opening_and_it_replays():
    for seed in range(20):
        state = game.setup(["A", "B", "C"], {}, seed)
        opening = game.opening_events(state)
        starts = [e for e in opening if e["type"] == "start_roll"]
        assert len(starts) >= 3 and opening[len(starts)]["type"] == "first_player"
        assert opening[len(starts)]["seat"] == state["first"] == game.current(state)
        last_round = [e for e in starts if e["round"] == starts[-1]["round"]]
        best = max(e["generals"] for e in last_round)
        assert [e["seat"] for e in last_round if e["generals"] == best] == [state["first"]]  # one winner
        for earlier in {e["round"] for e in starts} - {starts[-1]["round"]}:  # earlier rounds were ties
            top = max(e["generals"] for e in starts if e["round"] == earlier)
            assert sum(e["generals"] == top for e in starts if e["round"] == earlier) > 1
        assert game.opening_events(game.replay(["A", "B", "C"], {}, seed, [])) == opening


# -- the optional rule -----------------------------------------------------------------

def test_continue_the_previous_players_failed_attempt(scripted_dice):
    state = start(scripted_dice, [CV, CV, G, G, G, G, G], options={"continue_attempt": True})
    scripted_dice(*[G] * 15)  # A fills Brazil line 1, then loses every die
    state, events = fill(state, "A", "brazil", 0)
    assert state["phase"] == "continue"
    assert game.legal_actions(state, "B") == [{"type": "continue"}, {"type": "fresh"}]
    refused(state, "B", {"type": "fill", "card": "brazil", "line": 1}, "First choose")
    scripted_dice(S3, S3, G, G, G)  # five dice: the two placed stay on the card
    state2, events = game.apply(state, "B", {"type": "continue"})
    assert state2["attempt"]["card"] == "brazil"
    assert state2["attempt"]["filled"] == {"0": faces(CV, CV)}
    assert len(state2["attempt"]["tray"]) == 5
    scripted_dice(*[G] * 7)
    state3, events = fill(state2, "B", "brazil", 1)
    assert state3["owners"]["brazil"] == "B"
    # …or start afresh: seven new dice, nothing carried over
    scripted_dice(*[CN] * 7)
    state4, _ = game.apply(state, "B", {"type": "fresh"})
    assert state4["attempt"]["filled"] == {} and len(state4["attempt"]["tray"]) == 7


def test_without_the_option_nothing_carries_over(scripted_dice):
    state = start(scripted_dice, [CV, CV, G, G, G, G, G])
    scripted_dice(*[G] * 15, *[CN] * 7)
    state, _ = fill(state, "A", "brazil", 0)
    assert state["phase"] == "place" and state["attempt"]["filled"] == {}
    refused(state, "B", {"type": "continue"}, "no failed attempt")


# -- refusals --------------------------------------------------------------------------

@pytest.mark.parametrize(
    ("seat", "action", "match"),
    [
        ("B", {"type": "fill", "card": "usa", "line": 0}, "not your turn"),
        ("Z", {"type": "fill", "card": "usa", "line": 0}, "not playing"),
        ("A", {"type": "fill", "card": "atlantis", "line": 0}, "the card must be one of the game's country cards"),
        ("A", {"type": "fill", "card": "usa", "line": 7}, "the line must be 1, 2, 3 or the General line"),
        ("A", {"type": "fill", "card": "usa", "line": -1}, "the line must be 1, 2, 3 or the General line"),
        ("A", {"type": "fill", "card": "usa", "line": True}, "the line must be 1, 2, 3 or the General line"),
        ("A", {"type": "fill", "card": "usa", "line": "2"}, "the line must be 1, 2, 3 or the General line"),
        ("A", {"type": "fill", "card": "usa"}, "the line must be 1, 2, 3 or the General line"),
        ("A", {"type": "fill", "card": "usa", "line": 0, "dice": ["general"]}, "it has parts this move does not take"),
        ("A", {"type": "fill", "card": "south_africa", "line": 2}, "lines 1 to 2"),
        ("A", {"type": "fill", "card": "canada", "line": 2}, "do not meet"),
        ("A", {"type": "dance"}, "this game has no such move"),
        ("A", {"card": "usa"}, "it is not a move"),
        ("A", "fill usa", "it is not a move"),
    ],
)
def test_illegal_actions_change_nothing(scripted_dice, seat, action, match):
    state = start(scripted_dice, [CN, CV, G, G, S1, CV, S1])
    refused(state, seat, action, match)


def test_a_filled_line_cannot_be_filled_again(scripted_dice):
    state = start(scripted_dice, [CN, CV, S3, G, G, G, G])
    scripted_dice(CN, CV, S3, G, G)
    state, _ = fill(state, "A", "usa", 0)
    refused(state, "A", {"type": "fill", "card": "usa", "line": 0}, "already filled")


def test_options_are_validated():
    with pytest.raises(RuleError, match="Unknown option"):
        game.setup(["A", "B"], {"turbo": True}, 1)
    with pytest.raises(RuleError, match="on or off"):
        game.setup(["A", "B"], {"continue_attempt": "yes"}, 1)
    with pytest.raises(RuleError, match="2–6 players"):
        game.setup(["A"], {}, 1)
    with pytest.raises(RuleError, match="2–6 players"):
        game.setup([str(i) for i in range(7)], {}, 1)


# -- moderation ------------------------------------------------------------------------

def test_skip_passes_the_turn_and_kick_frees_the_cards():
    state = game.setup(["A", "B", "C"], {}, 5)
    current = game.current(state)
    skipped, events = game.apply_system(state, {"type": "skip"})
    assert events[0] == {"type": "skipped", "seat": current}
    assert game.current(skipped) != current
    state["owners"]["usa"] = "B"
    state["owners"]["australia"] = "B"
    state["locked"] = ["australia"]
    kicked, _ = game.apply_system(state, {"type": "kick", "seat": "B"})
    assert "B" in kicked["out"] and "B" not in game.view(kicked)["seats"]  # out, listed no more
    assert game.turn_info(kicked).out == ("B",)
    assert kicked["owners"]["usa"] is None and kicked["locked"] == []
    two, _ = game.apply_system(kicked, {"type": "kick", "seat": "A"})
    assert game.outcome(two)["winners"] == ["C"]
    with pytest.raises(RuleError):
        game.apply_system(state, {"type": "kick", "seat": "Z"})


# -- determinism -----------------------------------------------------------------------

def test_state_round_trips_through_json_and_replays():
    import random

    state = game.setup(["A", "B", "C"], {"continue_attempt": True}, 77)
    chooser = random.Random(1)
    log = []
    for _ in range(60):
        if game.outcome(state):
            break
        seat = game.current(state)
        action = chooser.choice(game.legal_actions(state, seat))
        log.append((seat, action))
        state, _ = game.apply(state, seat, action)
        assert json.loads(json.dumps(state)) == state
    log.append((SYSTEM, {"type": "skip"}))
    state, _ = game.apply_system(state, {"type": "skip"})
    replayed = game.replay(["A", "B", "C"], {"continue_attempt": True}, 77, log)
    assert canonical(replayed) == canonical(state)
