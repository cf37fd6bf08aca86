"""The action cards (p. 9) and the Conquest mode's groups and rules (p. 14–16)."""

from __future__ import annotations

import copy
import json

import pytest

from bot.rules.base import Rng
from bot.rules.risk_map.board import DATA_DIR
from bot.rules.walking_dead.actions import (
    NOW_KINDS,
    OBJECTIVE_GOALS,
    TURN_KINDS,
    ActionError,
    Conquest,
    TurnMods,
    actions_from_dict,
    crates_earned,
    load_actions,
    lose_survivors,
    objective_met,
    strongest,
    tower_site,
    turn_mods,
)
from bot.rules.walking_dead.board import load_board
from bot.rules.walking_dead.conquest import (
    GROUP_IDS,
    GroupError,
    conquest_losses,
    conquest_pawns,
    extra_manoeuvres,
    groups_from_dict,
    income_bonus,
    load_groups,
    rally_bonus,
    rise_bonus,
    trade_cards,
    walkers_play,
)
from bot.rules.walking_dead.walkers import WALKERS

WD = load_board()
BOARD = WD.board
CARDS = load_actions()
GROUPS = load_groups()


def _raw(name: str) -> dict:
    with open(DATA_DIR / "walking_dead" / name, encoding="utf-8") as fh:
        return json.load(fh)


def test_the_deck_is_28_cards_the_horde_real_the_rest_ours():
    assert len(CARDS) == 28
    assert [c.id for c in CARDS.values() if c.timing == "horde"] == ["horde"]
    assert not CARDS["horde"].provisional
    assert all(c.provisional for c in CARDS.values() if c.id != "horde")
    timings = [c.timing for c in CARDS.values()]
    assert {t: timings.count(t) for t in set(timings)} == {"now": 12, "turn": 6, "objective": 9, "horde": 1}
    # every effect of the closed set is used by some card
    kinds = {c.effect.get("kind") for c in CARDS.values()}
    goals = {c.effect["goal"]["kind"] for c in CARDS.values() if c.timing == "objective"}
    assert kinds >= NOW_KINDS | TURN_KINDS and goals == OBJECTIVE_GOALS
    assert all(c.public()["name_fr"] for c in CARDS.values())


@pytest.mark.parametrize(("mutate", "needle"), [
    (lambda cards: cards.pop(), "the rulebook has 28 action cards"),
    (lambda cards: cards[0]["effect"].__setitem__("kind", "nuke"), "unknown immediate effect"),
    (lambda cards: cards[18]["effect"]["goal"].__setitem__("territory", "narnia"), "unknown territory"),
    (lambda cards: cards[10]["effect"].__setitem__("zone", "narnia"), "unknown zone"),
    (lambda cards: cards[1]["effect"].__setitem__("n", 0), "'n' must be a whole number"),
    (lambda cards: cards[2].__setitem__("id", cards[3]["id"]), "missing or repeated id"),
    (lambda cards: cards[2].pop("text_fr"), "lacks"),
    (lambda cards: cards[5].__setitem__("timing", "horde"), "only the Horde"),
])
def test_a_broken_deck_fails(mutate, needle):
    raw = copy.deepcopy(_raw("actions.json"))
    mutate(raw["cards"])
    with pytest.raises(ActionError, match=needle):
        actions_from_dict(raw, BOARD)


def test_turn_cards_change_this_turns_rules():
    assert turn_mods(None) == TurnMods() and turn_mods(CARDS["supply_run"]) == TurnMods()
    assert turn_mods(CARDS["quiet_roads"]).extra_manoeuvres == 1
    assert turn_mods(CARDS["aim_for_the_head"]).no_turning
    assert turn_mods(CARDS["ambush"]).attack_bonus == 1
    assert turn_mods(CARDS["silent_kills"]).walker_edge == 1
    taken = [Conquest("mall", WALKERS), Conquest("school", "bob"), Conquest("church", WALKERS)]
    assert crates_earned(TurnMods(), []) == 0
    assert crates_earned(TurnMods(), taken) == 1  # one crate however many were conquered
    assert crates_earned(turn_mods(CARDS["scavengers"]), taken) == 2
    assert crates_earned(turn_mods(CARDS["loot_everything"]), taken) == 3
    assert crates_earned(turn_mods(CARDS["loot_everything"]), []) == 0


def _owner():
    owner = {t: WALKERS for t in BOARD.order}
    for t in BOARD.regions["survivor_camp"].territories:
        owner[t] = "ann"
    owner["mall"] = "bob"
    return owner


def test_objectives():
    owner = _owner()
    met = lambda cid, taken, own=owner: objective_met(CARDS[cid], taken, own, "ann", BOARD, WD.strategic)  # noqa: E731
    assert met("hold_the_line", [])  # ann holds the whole Survivor Camp
    assert not met("claim_the_farm", [])
    owner2 = dict(owner, greene_family_farm="ann")
    assert met("claim_the_farm", [], owner2)
    assert met("take_charge", [], owner2) and not met("take_charge", [])
    assert not met("storm_woodbury", [], dict(owner, woodbury_downtown="ann"))  # held, not taken this turn
    assert met("storm_woodbury", [Conquest("woodbury_downtown", WALKERS)], dict(owner, woodbury_downtown="ann"))
    assert met("clear_them_out", [Conquest("quarry", WALKERS), Conquest("east_forest", WALKERS)])
    assert not met("clear_them_out", [Conquest("quarry", WALKERS), Conquest("mall", "bob")])
    assert met("settle_scores", [Conquest("mall", "bob")]) and not met("settle_scores", [Conquest("quarry", WALKERS)])
    assert met("expansion", [Conquest(t, WALKERS) for t in ("a", "b", "c")])
    assert not met("expansion", [Conquest(t, WALKERS) for t in ("a", "b")])
    assert not met("supply_run", [])


def test_where_cards_strike():
    owner = _owner()
    troops = {t: 1 for t in BOARD.order}
    troops["quarry"], troops["east_forest"] = 5, 5
    assert strongest(BOARD, owner, troops, "ann") == "quarry"  # ties: map order
    assert strongest(BOARD, owner, troops, "cat") is None
    assert lose_survivors(troops, "quarry", 2) == 3 and lose_survivors(troops, "mall", 2) == 1
    assert tower_site(BOARD, owner, troops, frozenset({"quarry"}), "ann") == "east_forest"
    assert tower_site(BOARD, owner, troops, frozenset(), "ann", zone="prison") is None


def test_the_groups():
    assert tuple(GROUPS) == GROUP_IDS
    assert [g.leader for g in GROUPS.values()][:2] == ["Rick Grimes", "The Governor"]
    assert all(g.power["provisional"] for g in GROUPS.values())
    assert rally_bonus(GROUPS, "rick") == 1 and income_bonus(GROUPS, "rick") == 0
    assert rally_bonus(GROUPS, "governor") == 0 and income_bonus(GROUPS, "governor") == 0
    assert extra_manoeuvres(GROUPS, "greene") == 1 and rise_bonus(GROUPS, "walkers") == 1
    assert income_bonus(GROUPS, None) == 0
    raw = copy.deepcopy(_raw("groups.json"))
    raw["groups"][0]["power"]["effect"] = "fly"
    with pytest.raises(GroupError, match="unknown power"):
        groups_from_dict(raw)
    raw = copy.deepcopy(_raw("groups.json"))
    raw["groups"].pop()
    with pytest.raises(GroupError, match="exactly"):
        groups_from_dict(raw)


def test_leader_powers_in_battle():
    # 5 against 5: the defence wins a tie; the Governor's +1 against a strategic location wins it
    assert conquest_losses(GROUPS, [5], [5], "rick", "greene", strategic=True) == (1, 0)
    assert conquest_losses(GROUPS, [5], [5], "governor", "greene", strategic=True) == (0, 1)
    assert conquest_losses(GROUPS, [5], [5], "governor", "greene", strategic=False) == (1, 0)
    # the Prisoners hold a strategic location: 6 against 5+1
    assert conquest_losses(GROUPS, [6, 2], [5, 1], "rick", "prisoners", strategic=True) == (1, 1)
    assert conquest_losses(GROUPS, [6, 2], [5, 1], "rick", "prisoners", strategic=False) == (0, 2)


def test_conquest_specifics():
    assert [conquest_pawns(n) for n in (3, 4, 5)] == [33, 24, 21]
    with pytest.raises(ValueError):
        conquest_pawns(2)
    assert walkers_play(5) and not walkers_play(4) and not walkers_play(3)
    owner = _owner()
    pile, discard = ["mall", "quarry", "east_forest", "prison"], []
    drawn, bonus, reshuffled = trade_cards(3, pile, discard, owner, "ann", Rng.from_seed(1))
    assert drawn == ["prison", "east_forest", "quarry"] and bonus == {"east_forest": 2, "quarry": 2}
    assert discard == drawn and pile == ["mall"] and not reshuffled
    drawn, bonus, reshuffled = trade_cards(2, pile, discard, owner, "bob", Rng.from_seed(1))
    assert reshuffled and drawn[0] == "mall" and bonus.get("mall") == 2
