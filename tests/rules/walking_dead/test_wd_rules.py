"""One test per rule of The Walking Dead's engine, and one per kind of refusal (the state
unchanged after each), through the contract (``apply``)."""

from __future__ import annotations

import pytest
from wd_states import GAME, SEATS, arranged, give

from bot.rules.base import RuleError, canonical, clone
from bot.rules.errors import MalformedAction
from bot.rules.walking_dead.deck import HORDE, horde_depth
from bot.rules.walking_dead.setup import SURVIVAL_SETUP


def faces(*dice: int) -> tuple[int, ...]:
    return tuple(d - 1 for d in dice)


def refused(state, seat, action, key):
    before = canonical(state)
    with pytest.raises(RuleError) as err:
        GAME.apply(state, seat, action)
    assert canonical(state) == before
    assert err.value.key == key, err.value
    return err.value


# -- setup ------------------------------------------------------------------------------------
@pytest.mark.parametrize("n", [2, 3, 4])
def test_the_setup_table(n):
    state = GAME.setup(SEATS[n], {"mode": "survival"}, seed=n)
    row = SURVIVAL_SETUP[n]
    walkers = [t for t, o in state["owner"].items() if o == "walkers"]
    assert len(walkers) == row.walker_territories
    assert sum(state["troops"][t] for t in walkers) == row.walkers
    assert all(p == row.survivors for p in state["pawns"].values())
    assert sum(o is None for o in state["owner"].values()) == n * row.survivor_territories
    assert state["towers"] == ["prison"] and state["marker"] == 1 and state["phase"] == "claim"
    assert len(state["actions"]) == (16 if n == 2 else 28) and len(state["removed"]) == (12 if n == 2 else 0)


def test_the_horde_is_in_the_top_half_of_every_seeded_deck():
    for n in (2, 3, 4):
        deepest = 8 if n == 2 else 14
        for seed in range(1000 // 3 + 1):
            state = GAME.setup(SEATS[n], {"mode": "survival", "claims": "random"}, seed=seed)
            assert HORDE in state["actions"] and horde_depth(state["actions"]) <= deepest


def test_claims_go_round_in_the_order_of_placement_then_the_rest_one_by_one():
    state = GAME.setup(SEATS[2], {"mode": "survival"}, seed=3)
    order = state["setup"]["order"]
    free = [t for t in GAME.board.order if state["owner"][t] is None]
    for k, tid in enumerate(free):
        seat = order[k % 2]
        assert GAME.to_act(state) == [seat]
        state, events = GAME.apply(state, seat, {"type": "claim", "territory": tid})
        assert state["owner"][tid] == seat and state["troops"][tid] == 1
    assert state["phase"] == "garrison" and state["pawns"] == {s: 24 - 8 for s in SEATS[2]}
    first = order[0]
    assert GAME.to_act(state) == [first]
    mine = next(t for t in GAME.board.order if state["owner"][t] == first)
    state, _ = GAME.apply(state, first, {"type": "place_start", "territory": mine})
    assert state["troops"][mine] == 2 and GAME.to_act(state) == [order[1]]
    state, _ = GAME.apply(state, order[1], {"type": "place_rest"})
    assert state["pawns"][order[1]] == 0 and GAME.to_act(state) == [first]
    state, events = GAME.apply(state, first, {"type": "place_rest"})
    assert state["phase"] == "place" and state["setup"] is None and state["turn"] == 1
    assert [e["type"] for e in events][-1] == "turn"
    assert any(e["type"] == "invasion" for e in events) and any(e["type"] == "action" for e in events)
    survivors = {s: sum(state["troops"][t] for t in GAME.board.order if state["owner"][t] == s) for s in SEATS[2]}
    assert all(v >= 20 for v in survivors.values())  # 24 placed, an invasion may have struck


def test_claims_dealt_at_random_give_everyone_the_same_share():
    for n in (2, 3, 4):
        state = GAME.setup(SEATS[n], {"mode": "survival", "claims": "random"}, seed=5)
        assert state["phase"] == "garrison"
        counts = {s: sum(o == s for o in state["owner"].values()) for s in SEATS[n]}
        assert set(counts.values()) == {SURVIVAL_SETUP[n].survivor_territories}


def test_setup_refusals_change_nothing():
    state = GAME.setup(SEATS[2], {"mode": "survival"}, seed=3)
    seat = GAME.to_act(state)[0]
    other = next(s for s in SEATS[2] if s != seat)
    walkers = next(t for t, o in state["owner"].items() if o == "walkers")
    refused(state, seat, {"type": "claim", "territory": walkers}, "wd.err.claim_taken")
    refused(state, seat, {"type": "place_rest"}, "wd.err.claim_first")
    refused(state, seat, {"type": "end_turn"}, "wd.err.setup_phase")
    refused(state, other, {"type": "claim", "territory": walkers}, "err.not_your_turn")
    refused(state, seat, {"type": "claim", "territory": "atlantis"}, "err.malformed")
    later = GAME.setup(SEATS[2], {"mode": "survival", "claims": "random"}, seed=3)
    seat = GAME.to_act(later)[0]
    free = next(t for t, o in later["owner"].items() if o == "walkers")
    refused(later, seat, {"type": "claim", "territory": free}, "wd.err.claim_phase")
    refused(later, seat, {"type": "place_start", "territory": free}, "err.not_yours")


@pytest.mark.parametrize("n", [3, 4, 5])
def test_conquest_setups(n):
    dealt = GAME.setup(SEATS[n], {"mode": "conquest"}, seed=2)
    assert dealt["phase"] == "place" and all(o in SEATS[n] for o in dealt["owner"].values())
    assert set(dealt["troops"].values()) == {3} or dealt["turn"] == 1
    claimed = GAME.setup(SEATS[n], {"mode": "conquest", "setup": "claim"}, seed=2)
    assert claimed["phase"] == "claim" and set(claimed["pawns"].values()) == {{3: 33, 4: 24, 5: 21}[n]}
    assert claimed["towers"] == [] and claimed["actions"] == []
    groups = {p["group"] for p in dealt["players"].values()}
    assert ("walkers" in groups) == (n == 5)


def test_a_seat_may_not_be_called_walkers_and_the_walkers_are_for_five():
    with pytest.raises(RuleError):
        GAME.setup(["walkers", "p2"], {"mode": "survival"})
    with pytest.raises(RuleError):
        GAME.setup(SEATS[3], {"mode": "conquest"}, picks={"p1": {"group": "walkers"}})
    with pytest.raises(RuleError):
        GAME.setup(SEATS[5], {"mode": "survival"})
    five = GAME.setup(SEATS[5], {"mode": "conquest"}, picks={"p3": {"group": "walkers"}})
    assert five["players"]["p3"]["group"] == "walkers"


# -- deployment and crates -----------------------------------------------------------------------
def test_deployment_counts_territories_zones_and_cards():
    camp = {t: ("p1", 2) for t in ("atlanta_survivor_camp", "quarry", "east_forest", "downtown_atlanta")}
    more = {t: ("p1", 1) for t in ("prison_yard", "prison_garden", "outer_fence", "the_tombs", "mall",
                                    "church", "school", "suburbs", "gas_station")}
    state = arranged(board={**camp, **more, "weapons_depot": ("p2", 5)}, current="p2", phase="manoeuvre",
                     marker=1, deck=["airfield"], actions=["new_arrivals"])
    after, events = GAME.apply(state, "p2", {"type": "end_turn"})
    turn = next(e for e in events if e["type"] == "turn")
    assert turn["seat"] == "p1"
    assert turn["income"]["territories"] == 13 // 3 and turn["income"]["regions"] == 2
    assert turn["income"]["cards"] == 3  # New Arrivals
    assert after["reserve"] == 4 + 2 + 3


def test_a_trade_of_ammunition_once_a_turn_by_the_chart():
    state = arranged(board={"mall": ("p1", 3), "church": ("p2", 3)}, phase="place", reserve=3)
    state = give(state, "p1", hand=["a01", "a02", "a21"])  # 1 + 1 + 2 ammunition
    after, events = GAME.apply(state, "p1", {"type": "trade", "cards": ["a01", "a02", "a21"]})
    assert after["reserve"] == 3 + 7 and after["players"]["p1"]["hand"] == [] and after["spent"] == ["a01", "a02", "a21"]
    assert events[0]["survivors"] == 7 and events[0]["ammo"] == 4
    again = give(after, "p1", hand=["a03", "a04"])
    refused(again, "p1", {"type": "trade", "cards": ["a03", "a04"]}, "wd.err.already_traded")
    refused(state, "p1", {"type": "trade", "cards": ["a01"]}, "wd.err.bad_trade")
    refused(state, "p1", {"type": "trade", "cards": ["a01", "a01"]}, "wd.err.duplicate_crate")
    refused(state, "p1", {"type": "trade", "cards": ["a05", "a06"]}, "wd.err.crate_not_held")
    refused(state, "p1", {"type": "trade", "cards": ["zz"]}, "err.malformed")
    attack = clone(state)
    attack["phase"], attack["reserve"] = "attack", 0
    refused(attack, "p1", {"type": "trade", "cards": ["a01", "a02"]}, "wd.err.trade_phase")


def test_a_conquest_trade_draws_territory_cards_two_more_on_each_held():
    state = arranged("conquest", 3, board={"mall": ("p1", 3), "church": ("p2", 3)}, phase="place", reserve=3,
                     deck=["school", "mall", "church"], discard=[])
    state = give(state, "p1", hand=["a21"])  # 2 ammunition: 2 cards
    after, events = GAME.apply(state, "p1", {"type": "trade", "cards": ["a21"]})
    cards = next(e for e in events if e["type"] == "trade_cards")
    assert cards["cards"] == ["church", "mall"] and cards["bonus"] == {"mall": 2}
    assert after["troops"]["mall"] == 5 and after["reserve"] == 3 + 2 and after["discard"] == ["church", "mall"]


def test_a_crate_is_drawn_after_a_turn_with_a_conquest_and_values_stay_private(scripted_dice):
    state = arranged(board={"mall": ("p1", 5), "gas_station": ("p2", 1), "church": ("p2", 3)}, bag=["a30", "a01"],
                     marker=1, deck=["airfield"], actions=["quiet_roads"])
    scripted_dice(*faces(6, 1))
    after, _ = GAME.apply(state, "p1", {"type": "attack", "from": "mall", "to": "gas_station", "count": 1})
    assert after["owner"]["gas_station"] == "p1"
    done, events = GAME.apply(after, "p1", {"type": "end_turn"})
    crate = next(e for e in events if e["type"] == "crates")
    assert done["players"]["p1"]["hand"] == ["a01"] and crate["count"] == 1
    assert "a01" not in str(GAME.events_for(events, None)) and "a01" in str(GAME.events_for(events, "p1"))
    view, mine = GAME.view(done, None), GAME.view(done, "p1")
    assert view["crates"]["p1"] == 1 and "you" not in view and mine["you"]["crates"] == [{"id": "a01", "ammo": 1}]
    assert GAME.view(done, "p2")["you"]["crates"] == []


# -- battles ------------------------------------------------------------------------------------
def test_survivors_add_one_against_walkers_and_the_killed_may_turn(scripted_dice):
    state = arranged(board={"mall": ("p1", 4), "church": ("walkers", 2)})
    # 3, 3 (+1) against 3, 3: both pairs won by the survivors? 4 > 3: yes, the two walkers die
    scripted_dice(*faces(3, 3, 3, 3))
    after, events = GAME.apply(state, "p1", {"type": "attack", "from": "mall", "to": "church", "count": 2})
    roll = next(e for e in events if e["type"] == "roll")
    assert roll["att_mod"] == 1 and (roll["att_losses"], roll["def_losses"]) == (0, 2)
    assert after["owner"]["church"] == "p1"
    # 2, 1 (+1) against 6, 5: both attackers die; they roll 3 (turns) and 4 (stays dead)
    scripted_dice(*faces(2, 1, 6, 5, 3, 4))
    after, events = GAME.apply(state, "p1", {"type": "attack", "from": "mall", "to": "church", "count": 2})
    roll = next(e for e in events if e["type"] == "roll")
    assert roll["turning"] == [3, 4] and roll["turned"] == 1
    assert after["troops"]["church"] == 3 and after["battle"] is None


def test_a_watchtower_adds_one_to_the_defenders_best_die(scripted_dice):
    state = arranged(board={"mall": ("p1", 4), "church": ("p2", 2)}, towers=["prison", "church"])
    scripted_dice(*faces(5, 1, 5, 1))  # 5 against 5+1, 1 against 1: the attacker loses both
    after, events = GAME.apply(state, "p1", {"type": "attack", "from": "mall", "to": "church", "count": 2})
    roll = next(e for e in events if e["type"] == "roll")
    assert roll["defence_bonus"] == 1 and (roll["att_losses"], roll["def_losses"]) == (2, 0)


def test_a_grenade_turns_one_of_its_owners_dice_into_a_six(scripted_dice):
    state = give(arranged(board={"mall": ("p1", 4), "church": ("p2", 2)}), "p1", grenades=1)
    scripted_dice(*faces(2, 1, 5, 1))  # 2 against 5 loses; the grenade makes it a 6
    after, events = GAME.apply(state, "p1", {"type": "attack", "from": "mall", "to": "church", "count": 2,
                                            "grenade": True})
    roll = next(e for e in events if e["type"] == "roll")
    assert roll["att"] == [6, 2] and roll["att_grenade"] == {"was": 1}  # the 1: both pairs won
    assert (roll["att_losses"], roll["def_losses"]) == (0, 2) and after["players"]["p1"]["grenades"] == 0
    refused(give(state, "p1", grenades=0), "p1", {"type": "attack", "from": "mall", "to": "church", "grenade": True},
            "wd.err.no_grenade")


def test_a_defenders_grenade_follows_its_standing_order(scripted_dice):
    state = give(arranged(board={"mall": ("p1", 4), "church": ("p2", 1)}), "p2", grenades=1)
    scripted_dice(*faces(5, 3))  # 5 against 3 would take School: "save" throws, 3 becomes 6
    after, events = GAME.apply(state, "p1", {"type": "attack", "from": "mall", "to": "church", "count": 1})
    roll = next(e for e in events if e["type"] == "roll")
    assert roll["def_grenade"] == {"was": 3} and after["owner"]["church"] == "p2"
    never = give(state, "p2", orders={"dice": "most", "grenade": "never"})
    scripted_dice(*faces(5, 3))
    after, _ = GAME.apply(never, "p1", {"type": "attack", "from": "mall", "to": "church", "count": 1})
    assert after["owner"]["church"] == "p1"


def test_the_defenders_dice_follow_the_standing_order(scripted_dice):
    state = arranged(board={"mall": ("p1", 4), "church": ("p2", 3)})
    one, events = GAME.apply(state, "p2", {"type": "defence", "dice": "one"})
    assert one["players"]["p2"]["orders"] == {"dice": "one", "grenade": "save"}
    assert "one" not in str(GAME.events_for(events, None))
    assert GAME.view(one, "p2")["you"]["orders"]["dice"] == "one" and "you" not in GAME.view(one, None)
    assert GAME.view(one, "p1")["you"]["orders"]["dice"] == "most"
    scripted_dice(*faces(6, 6, 6, 1))
    _, events = GAME.apply(one, "p1", {"type": "attack", "from": "mall", "to": "church", "count": 3})
    roll = next(e for e in events if e["type"] == "roll")
    assert len(roll["def"]) == 1
    refused(one, "p2", {"type": "defence", "dice": "one"}, "wd.err.order_same")
    refused(one, "p2", {"type": "defence", "dice": "three"}, "err.malformed")


def test_fewer_attacking_dice_when_asked(scripted_dice):
    state = arranged(board={"mall": ("p1", 6), "church": ("p2", 3)})
    scripted_dice(*faces(6, 1, 1))
    _, events = GAME.apply(state, "p1", {"type": "attack", "from": "mall", "to": "church", "count": 5, "dice": 1})
    roll = next(e for e in events if e["type"] == "roll")
    assert len(roll["att"]) == 1 and len(roll["def"]) == 2


def test_a_defender_asked_live_answers_or_times_out_to_its_order(scripted_dice):
    state = arranged(board={"mall": ("p1", 4), "church": ("p2", 3)},
                     options={**arranged()["options"], "defenders": "ask"})
    asked, events = GAME.apply(state, "p1", {"type": "attack", "from": "mall", "to": "church", "count": 3})
    assert events[-1]["type"] == "defender_asked" and GAME.to_act(asked) == ["p2"]
    assert GAME.turn_info(asked).current == "p2"  # the defender's clock runs
    refused(asked, "p1", {"type": "roll"}, "err.not_your_turn")
    refused(asked, "p2", {"type": "retreat"}, "wd.err.asked")
    refused(state, "p2", {"type": "defend", "dice": 1, "grenade": "never"}, "err.not_your_turn")
    scripted_dice(*faces(6, 6, 6, 6))
    answered, events = GAME.apply(asked, "p2", {"type": "defend", "dice": 1, "grenade": "never"})
    roll = next(e for e in events if e["type"] == "roll")
    assert len(roll["def"]) == 1 and GAME.to_act(answered) == ["p1"]
    assert (roll["att_losses"], roll["def_losses"]) == (1, 0) and answered["battle"]["committed"] == 2
    assert answered["battle"]["answer"] is None  # the answer holds for one roll
    assert GAME.default_action(asked, "p2") == {"type": "defend", "dice": 2, "grenade": "save"}
    scripted_dice(*faces(6, 6, 6, 1, 1))
    timed, events = GAME.apply_system(asked, {"type": "timeout", "seat": "p2"})
    roll = next(e for e in events if e["type"] == "roll")
    assert len(roll["def"]) == 2 and GAME.to_act(timed) == ["p1"]


# -- the turn -------------------------------------------------------------------------------------
def test_quiet_roads_allows_a_second_manoeuvre():
    state = arranged(board={"mall": ("p1", 4), "church": ("p1", 3), "gas_station": ("p1", 2), "school": ("p2", 3)},
                     phase="manoeuvre",
                     action="quiet_roads", marker=1, deck=["airfield"], actions=["supply_run"])
    once, _ = GAME.apply(state, "p1", {"type": "manoeuvre", "from": "mall", "to": "church", "count": 1})
    assert once["phase"] == "manoeuvre" and GAME.to_act(once) == ["p1"]
    twice, _ = GAME.apply(once, "p1", {"type": "manoeuvre", "from": "church", "to": "gas_station", "count": 1})
    assert GAME.to_act(twice) == ["p2"]
    plain = dict(state, action=None)
    done, _ = GAME.apply(plain, "p1", {"type": "manoeuvre", "from": "mall", "to": "church", "count": 1})
    assert GAME.to_act(done) == ["p2"]


def test_the_marker_moves_at_the_end_of_each_round_and_stops_at_four():
    state = arranged(board={"mall": ("p1", 4), "school": ("p2", 3)}, current="p1", phase="manoeuvre",
                     marker=4, round=4, deck=["airfield"] * 0 + ["airfield", "checkpoint", "barracks", "the_tombs"],
                     actions=["supply_run", "pharmacy_raid"])
    order = state["order"]
    last = order[-1]
    state["current"] = order.index(last)
    after, events = GAME.apply(state, last, {"type": "end_turn"})
    rnd = next(e for e in events if e["type"] == "round")
    assert rnd == {"type": "round", "round": 5, "marker": 4, "final": False} and after["marker"] == 4
    early = dict(state, marker=1, round=1, deck=["airfield", "checkpoint"])
    after, _ = GAME.apply(early, last, {"type": "end_turn"})
    assert after["marker"] == 2 and after["round"] == 2


def test_after_the_horde_the_round_ends_with_the_final_invasion_and_the_scores(scripted_dice):
    state = arranged(board={"mall": ("p1", 4), "school": ("p2", 3), "prison": ("p1", 2)}, phase="manoeuvre",
                     marker=2, round=2, horde=True, deck=["airfield", "checkpoint", "barracks"], actions=[])
    state = give(state, "p1", hand=["a21", "a01"])
    last = state["order"][-1]
    state["current"] = state["order"].index(last)
    after, events = GAME.apply(state, last, {"type": "end_turn"})
    assert [e["type"] for e in events][-3:] == ["round", "invasion", "game_over"]
    final = next(e for e in events if e["type"] == "invasion")
    assert final["why"] == "final" and final["walkers"] == 2 and final["territories"] == ["barracks", "checkpoint", "airfield"]
    result = GAME.outcome(after)
    p1 = result["detail"]["p1"]
    assert p1 == {"territories": 2, "strategic": 1, "zones": 0, "ammo": 3, "total": 6, "survivors": 6}
    assert result["winners"] == ["p1"] and result["reason"] == "horde"


def test_the_horde_draws_another_card(scripted_dice):
    state = arranged(board={"mall": ("p1", 4), "school": ("p2", 3)}, current="p1", phase="manoeuvre",
                     marker=1, deck=["airfield"], actions=["supply_run", HORDE], bag=["a02"])
    after, events = GAME.apply(state, "p1", {"type": "end_turn"})
    kinds = [e["type"] for e in events]
    assert kinds.index("horde") < kinds.index("crates") and after["horde"] and after["action"] == "supply_run"
    assert after["players"]["p2"]["hand"] == ["a02"]


def test_eliminating_the_last_other_group_wins_at_once_and_takes_its_crates(scripted_dice):
    state = arranged(3 and "survival", 3, board={"mall": ("p1", 4), "church": ("p2", 1), "school": ("p3", 2)})
    state = give(state, "p2", hand=["a21"])
    scripted_dice(*faces(6, 1))
    after, events = GAME.apply(state, "p1", {"type": "attack", "from": "mall", "to": "church", "count": 1})
    out = next(e for e in events if e["type"] == "eliminated")
    assert out["seat"] == "p2" and after["players"]["p1"]["hand"] == ["a21"] and "p2" in after["out"]
    assert GAME.outcome(after) is None
    two = give(arranged(board={"mall": ("p1", 4), "church": ("p2", 1)}), "p2", hand=[])
    scripted_dice(*faces(6, 1))
    won, _ = GAME.apply(two, "p1", {"type": "attack", "from": "mall", "to": "church", "count": 1})
    assert GAME.outcome(won)["winners"] == ["p1"] and GAME.outcome(won)["reason"] == "elimination"


def test_an_invasion_can_wipe_out_the_player_whose_turn_begins(scripted_dice):
    state = arranged(3 and "survival", 3, board={"mall": ("p1", 4), "school": ("p2", 1), "church": ("p3", 2)},
                     marker=1, deck=["airfield", "checkpoint", "barracks", "school"], actions=["supply_run", "quiet_roads"])
    state["order"], state["current"] = ["p1", "p2", "p3"], 0  # no round ends: the marker stays on 1
    # 1 walker against 1 survivor: 6 against 1+1; the survivor rolls 6 (stays dead)
    scripted_dice(*faces(6, 1, 6))
    after, events = GAME.apply(state, "p1", {"type": "end_turn"})
    assert "p2" in after["out"] and GAME.to_act(after) != ["p2"]
    assert any(e["type"] == "eliminated" and e["by"] == "walkers" for e in events)


# -- conquest powers ------------------------------------------------------------------------------
def test_conquest_has_no_edge_and_the_walkers_group_rises(scripted_dice):
    state = arranged("conquest", 5, board={"mall": ("p5", 4), "church": ("p1", 1)}, current="p5")
    for s, g in zip(SEATS[5], ("rick", "governor", "greene", "prisoners", "walkers"), strict=True):
        state["players"][s]["group"] = g
    scripted_dice(*faces(6, 1))
    after, events = GAME.apply(state, "p5", {"type": "attack", "from": "mall", "to": "church", "count": 1})
    roll = next(e for e in events if e["type"] == "roll")
    assert "att_mod" not in roll and "turning" not in roll
    assert after["owner"]["church"] == "p5" and after["troops"]["church"] == 2  # +1: The Dead Rise


def test_conquest_group_powers_income_and_strategic_dice(scripted_dice):
    state = arranged("conquest", 4, board={"gas_station": ("p2", 4), "wiltshire_estates": ("p1", 1)}, current="p2")
    for s, g in zip(SEATS[4], ("rick", "governor", "greene", "prisoners"), strict=True):
        state["players"][s]["group"] = g
    # Rick (p1) holds one territory, as many as the Governor: not the fewest, no rally
    assert GAME.income(state, "p1")["power"] == 0 and GAME.income(state, "p2")["power"] == 0
    scripted_dice(*faces(4, 4))  # the Governor's 4+1 beats 4 at a strategic location
    after, events = GAME.apply(state, "p2", {"type": "attack", "from": "gas_station", "to": "wiltshire_estates", "count": 1})
    roll = next(e for e in events if e["type"] == "roll")
    assert roll["att_bonus"] == 1 and after["owner"]["wiltshire_estates"] == "p2"
    assert GAME.manoeuvres_allowed(state, "p3") == 2 and GAME.manoeuvres_allowed(state, "p1") == 1


def test_rick_rallies_only_while_his_group_holds_the_fewest_territories():
    """Born Leader: +1 survivor in a deployment while every other group still in holds more
    territories than Rick's (a tie is not the fewest); the others never get it."""
    behind = {"mall": ("p1", 3), "church": ("p2", 2), "gas_station": ("p2", 2), "quarry": ("p3", 2),
              "school": ("p3", 2)}  # p1 one territory, p2 and p3 two, p4 the rest
    state = arranged("conquest", 4, board=behind, current="p1")
    for s, g in zip(SEATS[4], ("rick", "governor", "greene", "prisoners"), strict=True):
        state["players"][s]["group"] = g
    income = GAME.income(state, "p1")
    assert income["power"] == 1 and income["territories"] == 3
    assert [GAME.income(state, s)["power"] for s in ("p2", "p3", "p4")] == [0, 0, 0]
    tied = clone(state)
    tied["owner"]["gas_station"] = "p4"  # the Governor down to one territory, as many as Rick
    assert GAME.count_of(tied, "p1") == GAME.count_of(tied, "p2") == 1
    assert GAME.income(tied, "p1")["power"] == 0
    # the Rick of a Survival game has no power at all
    survival = arranged("survival", 2, board={"mall": ("p1", 3)}, current="p1")
    survival["players"]["p1"]["group"] = "rick"
    assert GAME.income(survival, "p1")["power"] == 0
    # a deployment at the start of Rick's turn counts the rally in its reserve
    before = arranged("conquest", 4, board=behind, current="p4", phase="manoeuvre")
    for s, g in zip(SEATS[4], ("rick", "governor", "greene", "prisoners"), strict=True):
        before["players"][s]["group"] = g
    after, events = GAME.apply(before, "p4", {"type": "end_turn"})
    turn = next(e for e in events if e["type"] == "turn")
    assert turn["seat"] == "p1" and turn["income"]["power"] == 1 and after["reserve"] == 3 + 1


def test_malformed_and_out_of_turn_actions_are_refused():
    state = arranged(board={"mall": ("p1", 4), "church": ("p2", 3)})
    for action in ({"type": "attack", "from": "mall", "to": "church", "dice": 4},
                   {"type": "attack", "from": "mall", "to": "church", "grenade": 1},
                   {"type": "defend", "dice": 3}, {"type": "defence", "grenade": "sometimes"},
                   {"type": "fly"}):
        with pytest.raises(MalformedAction):
            GAME.apply(state, "p1", action)
    refused(state, "p2", {"type": "end_turn"}, "err.not_your_turn")
    refused(state, "p1", {"type": "defend", "dice": 1}, "wd.err.not_asked")
    refused(state, "p1", {"type": "place_rest"}, "wd.err.place_start_phase")
    refused(state, "p1", {"type": "attack", "from": "church", "to": "mall"}, "err.not_yours")
    conquest = arranged("conquest", 3, board={"mall": ("p1", 4), "church": ("p2", 3)})
    refused(give(conquest, "p1", grenades=1), "p1", {"type": "attack", "from": "mall", "to": "church", "grenade": True},
            "wd.err.no_grenades_mode")


def test_more_survivors_may_follow_a_conquest_right_after_it(scripted_dice):
    state = arranged(board={"mall": ("p1", 6), "church": ("p2", 1), "gas_station": ("p2", 2)})
    scripted_dice(*faces(6, 1))
    won, _ = GAME.apply(state, "p1", {"type": "attack", "from": "mall", "to": "church", "count": 1})
    assert won["owner"]["church"] == "p1" and won["troops"] == {**won["troops"], "mall": 5, "church": 1}
    assert {"type": "advance", "count": {"min": 1, "max": 4, "default": 4}} in GAME.legal_actions(won, "p1")
    refused(won, "p1", {"type": "advance", "count": 5}, "err.out_of_range")
    moved, events = GAME.apply(won, "p1", {"type": "advance", "count": 3})
    assert (moved["troops"]["mall"], moved["troops"]["church"]) == (2, 4) and events[0]["type"] == "advance"
    refused(moved, "p1", {"type": "advance", "count": 1}, "wd.err.no_advance")
    refused(state, "p1", {"type": "advance"}, "wd.err.no_advance")
    later, _ = GAME.apply(won, "p1", {"type": "end_attack"})
    refused(later, "p1", {"type": "advance"}, "wd.err.no_advance")


def test_a_tie_on_points_goes_to_the_most_survivors_then_is_shared():
    base = {"mall": ("p1", 4), "church": ("p2", 3), "prison": ("p1", 1), "school": ("p2", 1)}
    state = arranged(board=base, phase="manoeuvre", marker=1, round=2, horde=True,
                     deck=["airfield"], actions=[])
    last = state["order"][-1]
    state["current"] = state["order"].index(last)
    after, _ = GAME.apply(state, last, {"type": "end_turn"})
    result = GAME.outcome(after)
    assert result["scores"] == {"p1": 3, "p2": 2}  # the Prison is a strategic location
    even = arranged(board={**base, "prison": ("walkers", 1), "school": ("p2", 2)}, phase="manoeuvre", marker=1,
                    round=2, horde=True, deck=["airfield"], actions=[])
    even["current"] = even["order"].index(last)
    after, _ = GAME.apply(even, last, {"type": "end_turn"})
    assert GAME.outcome(after)["scores"] == {"p1": 1, "p2": 2}
    tied = arranged(board={"mall": ("p1", 4), "church": ("p2", 3), "school": ("p2", 1)}, phase="manoeuvre",
                    marker=1, round=2, horde=True, deck=["airfield"], actions=[])
    tied["current"] = tied["order"].index(last)
    tied = give(tied, "p1", hand=["a01"])  # 1 + 1 ammunition = 2 + 0: equal points
    after, _ = GAME.apply(tied, last, {"type": "end_turn"})
    result = GAME.outcome(after)
    assert result["scores"] == {"p1": 2, "p2": 2} and sorted(result["winners"]) == ["p1", "p2"]  # 4 survivors each
    more = give(tied, "p2", hand=[])
    more["troops"]["school"] = 2
    after, _ = GAME.apply(more, last, {"type": "end_turn"})
    assert GAME.outcome(after)["winners"] == ["p2"]  # 5 survivors against 4


def test_a_player_kicked_while_claiming_claims_no_more():
    state = GAME.setup(SEATS[3], {"mode": "survival"}, seed=4)
    seat = GAME.to_act(state)[0]
    after, events = GAME.apply_system(state, {"type": "kick", "seat": seat})
    assert seat in after["out"] and GAME.to_act(after) != [seat] and after["pawns"][seat] == 0
    while after["phase"] == "claim":
        who = GAME.to_act(after)[0]
        assert who != seat
        after, _ = GAME.apply(after, who, GAME.default_action(after, who))
    assert after["phase"] == "garrison"
    skipped, _ = GAME.apply_system(after, {"type": "skip"})
    assert sum(skipped["pawns"].values()) < sum(after["pawns"].values())  # the skipped seat's rest placed for it
