"""Risk Peaky Blinders: the rulebook's examples with fixed dice, one test per rule, one per
kind of illegal move (each checks the state is untouched and the message is clear)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from bot.rules.base import Rng, RuleError, canonical
from bot.rules.peaky_blinders.data import (
    DataError,
    load_missions,
    load_powers,
    load_razors,
    validate_route,
)
from bot.rules.peaky_blinders.game import PeakyBlinders, public_events
from bot.rules.risk_map.board import DATA_DIR
from bot.rules.risk_map.game import concretize

G = PeakyBlinders()


SEATS = ["ann", "bob", "cat", "dan", "eve"]
NWE, DG, YH, EM, WM = (
    "north_west_england", "dumfries_and_galloway", "yorkshire_and_the_humber", "east_midlands", "west_midlands",
)
BIRMINGHAM_MISSION = "bad_things_in_birmingham"


# -- helpers -------------------------------------------------------------------------------


def new(n: int = 3, seed: int = 1, **options: Any) -> dict:
    return G.setup(SEATS[:n], options, seed)


def ready(st: dict) -> dict:
    """Skip the current player's placement duties (tests build their own boards)."""
    st["reserve"] = 0
    st["neutral_done"] = True
    return st


def turn_of(st: dict, seat: str) -> dict:
    st["current"] = st["order"].index(seat)
    return st


def give(st: dict, faction: str, tids: list[str] | tuple[str, ...], troops: int | None = None) -> None:
    for t in tids:
        st["owner"][t] = faction
        if troops is not None:
            st["troops"][t] = troops


def give_all(st: dict, faction: str, troops: int = 1) -> None:
    give(st, faction, list(st["owner"]), troops)


def refused(st: dict, seat: str, action: dict, fragment: str) -> RuleError:
    before = canonical(st)
    with pytest.raises(RuleError) as err:
        G.apply(st, seat, action)
    assert fragment in str(err.value), str(err.value)
    assert canonical(st) == before
    return err.value


def rng_where(pred: Callable[[Rng], bool], limit: int = 500_000) -> int:
    """An rng state whose next dice satisfy ``pred`` (found by search, set as ``state["rng"]``)."""
    for k in range(limit):
        r = Rng.from_seed(k)
        s = r.state
        if pred(r):
            return s
    raise AssertionError("no rng state found")


def battle_rng(att: list[int] | Callable[[list[int]], bool], dfn: list[int], an: int | None = None) -> int:
    """Rng state of a roll whose sorted dice are ``att`` / ``dfn`` (or satisfy ``att``)."""
    n_att = an if an is not None else len(att)  # type: ignore[arg-type]

    def pred(r: Rng) -> bool:
        a = sorted((r.die() for _ in range(n_att)), reverse=True)
        d = sorted((r.die() for _ in range(len(dfn))), reverse=True)
        ok = att(a) if callable(att) else a == sorted(att, reverse=True)
        return ok and d == sorted(dfn, reverse=True)

    return rng_where(pred)


def dice_rng(seq: list[int]) -> int:
    return rng_where(lambda r: all(r.die() == v for v in seq))


def seat_of_gang(st: dict, gang: str) -> str:
    return next(s for s, p in st["players"].items() if p["gang"] == gang)


def border_pair(st: dict, stronghold: bool | None = None) -> tuple[str, str]:
    """A (from, to) pair of bordering territories, ``to`` a stronghold or not as asked."""
    for a in G.board.order:
        for b in G.board.neighbours(a):
            if stronghold is None or G.board.territories[b].stronghold == stronghold:
                return a, b
    raise AssertionError


def attack_setup(n: int = 3, stronghold: bool = False, att: int = 4, dfn: int = 1, **opts: Any) -> tuple[dict, str, str]:
    st = ready(new(n, crown=False, **opts))
    a, b = border_pair(st, stronghold)
    give_all(st, "bob", 1)
    give(st, "ann", [a], att)
    give(st, "bob", [b], dfn)
    return st, a, b


def events_of(events: list[dict], kind: str) -> list[dict]:
    return [e for e in events if e["type"] == kind]


def with_powers(st: dict, seat: str, ids: list[str], up: bool = False) -> None:
    st["players"][seat]["powers"] = [{"id": p, "up": up} for p in ids]


def total_members(st: dict) -> int:
    return sum(st["troops"].values())


# -- setup ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("n", "sizes"), [(3, [14, 14, 14]), (4, [10, 10, 11, 11]), (5, [8, 8, 8, 9, 9])])
def test_setup_deals_every_territory(n: int, sizes: list[int]) -> None:
    st = new(n)
    counts = [sum(1 for o in st["owner"].values() if o == s) for s in SEATS[:n]]
    assert counts == sizes  # the extra cards go to the last players
    for t in st["owner"]:
        assert st["troops"][t] == G.data.razors[t]  # 1 member per razor
    assert sorted(st["deck"]) == sorted(G.board.order)  # reshuffled into one pile
    for s in SEATS[:n]:
        p = st["players"][s]
        assert p["hand"] == []
        assert len(p["missions"]) == 2 and len(p["powers"]) == 2
        assert not any(x["up"] for x in p["powers"])
    assert st["crown"] == {"step": 0, "last_roll": None}
    assert G.data.route[0][0] == "london"
    assert G.to_act(st) == ["ann"] and st["phase"] == "place"
    assert st["reserve"] == sum(st["income"].values()) >= 3
    assert G.opening_events(st)[-1] == {"type": "turn", "seat": "ann", "turn": 1, "income": st["income"],
                                        "reserve": st["reserve"]}
    assert json.loads(json.dumps(st)) == st


def test_gangs_in_seat_order_or_random() -> None:
    st = new(5)
    assert [st["players"][s]["gang"] for s in SEATS] == [
        "peaky_blinders", "birmingham_boys", "jewish_gang", "sabinis", "ira"]
    gangs = {tuple(new(3, seed=s, gangs="random")["players"][x]["gang"] for x in SEATS[:3]) for s in range(20)}
    assert len(gangs) > 1


def test_options_are_validated() -> None:
    with pytest.raises(RuleError, match="Unknown option"):
        G.setup(SEATS[:3], {"walkers": True}, 1)
    with pytest.raises(RuleError, match="must be one of"):
        G.setup(SEATS[:3], {"gangs": "alphabetical"}, 1)
    with pytest.raises(RuleError, match="needs 2–5 players"):
        G.setup(SEATS[:1], {}, 1)
    with pytest.raises(RuleError, match="kept for the neutral gangs"):
        G.setup(["neutral:x", "bob"], {}, 1)


def test_two_player_setup() -> None:
    st = new(2)
    neutrals = st["neutrals"]
    assert neutrals == ["jewish_gang", "sabinis", "ira"]
    counts = {f: sum(1 for o in st["owner"].values() if o == f) for f in set(st["owner"].values())}
    assert counts == {"ann": 12, "bob": 12, "neutral:jewish_gang": 6, "neutral:sabinis": 6, "neutral:ira": 6}
    assert all(st["troops"][t] == G.data.razors[t] for t in st["owner"])
    assert {g: len(c) for g, c in st["neutral_rewards"].items()} == {g: 3 for g in neutrals}
    assert len(st["deck"]) == 33
    assert sorted(st["deck"] + [c for cs in st["neutral_rewards"].values() for c in cs]) == sorted(G.board.order)
    for s in ("ann", "bob"):
        assert len(st["players"][s]["missions"]) == 1
        assert len(st["players"][s]["powers"]) == 3


# -- placement -----------------------------------------------------------------------------


def test_income_territories_regions_minimum() -> None:
    st = new(3)
    give_all(st, "bob")
    region = next(iter(G.board.regions.values()))
    give(st, "ann", region.territories)
    n = len(region.territories)
    inc = G.income(st, "ann")
    assert inc["territories"] == max(3, n // 3) and inc["regions"] == region.bonus
    give(st, "ann", G.board.order[:15])
    assert G.income(st, "ann")["territories"] == 5


def test_income_at_the_start_of_a_turn() -> None:
    st = ready(new(3, crown=False))
    give_all(st, "ann")
    give(st, "bob", G.board.order[:13])
    st, ev = G.apply(st, "ann", {"type": "end_turn"})
    assert G.to_act(st) == ["bob"]
    turn = events_of(ev, "turn")[0]
    assert turn["income"]["territories"] == 4 and st["reserve"] == sum(turn["income"].values())


def test_place_members() -> None:
    st = new(3)
    t = G.territories_of(st, "ann")[0]
    before, reserve = st["troops"][t], st["reserve"]
    st2, ev = G.apply(st, "ann", {"type": "place", "territory": t, "count": 2})
    assert st2["troops"][t] == before + 2 and st2["reserve"] == reserve - 2
    assert ev == [{"type": "place", "seat": "ann", "territory": t, "count": 2, "left": reserve - 2}]
    st3, _ = G.apply(st2, "ann", {"type": "place", "territory": t})  # default: all that is left
    assert st3["reserve"] == 0 and st3["troops"][t] == before + reserve


def test_place_refusals() -> None:
    st = new(3)
    mine = G.territories_of(st, "ann")[0]
    theirs = G.territories_of(st, "bob")[0]
    r = st["reserve"]
    refused(st, "bob", {"type": "place", "territory": theirs, "count": 1}, "It is not your turn.")
    territory = "That move is not understood: the territory must be one of the map's territories."
    refused(st, "ann", {"type": "place", "territory": "atlantis", "count": 1}, territory)
    refused(st, "ann", {"type": "place", "count": 1}, territory)
    refused(st, "ann", {"type": "place", "territory": theirs, "count": 1}, "You do not control")
    refused(st, "ann", {"type": "place", "territory": mine, "count": r + 1}, f"Choose between 1 and {r} members, not {r + 1}.")
    refused(st, "ann", {"type": "place", "territory": mine, "count": 0}, f"Choose between 1 and {r} members, not 0.")
    whole = "the number of members must be a whole number from 1 to 1000000."
    refused(st, "ann", {"type": "place", "territory": mine, "count": "2"}, whole)
    refused(st, "ann", {"type": "place", "territory": mine, "count": True}, whole)
    refused(st, "ann", {"type": "place", "territory": mine, "count": 2.0}, whole)
    refused(st, "ann", {"type": "place", "territory": mine, "count": 10**5000}, whole)
    refused(st, "ann", {"type": "place", "territory": mine, "until": True}, "it has parts this move does not take.")
    refused(st, "ann", {"type": "fly"}, "this game has no such move.")
    refused(st, "ann", {"kind": "place"}, "it is not a move.")
    refused(st, "zed", {"type": "end_turn"}, "You are not playing in this game.")


def test_placement_must_be_finished_before_attacking() -> None:
    st = new(3)
    r = st["reserve"]
    refused(st, "ann", {"type": "end_placement"}, f"Place your {r} remaining members first.")
    a, b = border_pair(st)
    refused(st, "ann", {"type": "attack", "from": a, "to": b}, f"Place your {r} remaining members first.")
    refused(st, "ann", {"type": "manoeuvre", "from": a, "to": b}, f"Place your {r} remaining members first.")
    refused(st, "ann", {"type": "end_turn"}, f"Place your {r} remaining members first.")
    st, _ = G.apply(st, "ann", {"type": "place", "territory": G.territories_of(st, "ann")[0]})
    st, ev = G.apply(st, "ann", {"type": "end_placement"})
    assert st["phase"] == "attack" and ev == [{"type": "phase", "seat": "ann", "phase": "attack"}]
    refused(st, "ann", {"type": "place", "territory": G.territories_of(st, "ann")[0], "count": 1},
            "You can only place members during the placement phase.")
    refused(st, "ann", {"type": "end_placement"}, "The placement phase is over for this turn.")


# -- attack --------------------------------------------------------------------------------


def test_rulebook_battle_example() -> None:
    """The Jewish Gang attacks the IRA in Dumfries and Galloway from North West England with
    three members, one left behind; black 6, 3 beat red 4, 2; the IRA loses both."""
    st = ready(new(5, crown=False))
    jew, ira = seat_of_gang(st, "jewish_gang"), seat_of_gang(st, "ira")
    turn_of(st, jew)
    give(st, jew, [NWE], 4)
    give(st, ira, [DG], 2)
    st["phase"] = "attack"
    st["rng"] = battle_rng(lambda a: a[:2] == [6, 3], [4, 2], an=3)
    st2, ev = G.apply(st, jew, {"type": "attack", "from": NWE, "to": DG, "count": 3})
    roll = events_of(ev, "roll")[0]
    assert roll["att"][:2] == [6, 3] and roll["def"] == [4, 2]
    assert (roll["att_losses"], roll["def_losses"]) == (0, 2)
    assert events_of(ev, "conquest") == [
        {"type": "conquest", "seat": jew, "from": NWE, "to": DG, "loser": ira, "troops": 3}]
    assert st2["owner"][DG] == jew and st2["troops"][DG] == 3 and st2["troops"][NWE] == 1
    assert st2["phase"] == "attack" and st2["conquered"] == 1 and st2["battle"] is None


def test_attack_commits_members_and_rolls_min3_v_min2() -> None:
    st, a, b = attack_setup(att=7, dfn=5)
    st["rng"] = battle_rng([1, 1, 1], [6, 6])
    st2, ev = G.apply(st, "ann", {"type": "attack", "from": a, "to": b, "count": 5})
    roll = events_of(ev, "roll")[0]
    assert len(roll["att"]) == 3 and len(roll["def"]) == 2
    assert st2["phase"] == "battle" and st2["battle"]["committed"] == 3  # lost two of five
    assert st2["troops"][a] == 2  # the committed members left the territory
    assert st2["highlight"] == {"from": a, "to": b}
    assert G.legal_actions(st2, "ann")[:3] == [{"type": "roll", "until": False}, {"type": "roll", "until": True},
                                               {"type": "retreat"}]


def test_attack_with_two_members_rolls_two_dice() -> None:
    st, a, b = attack_setup(att=3, dfn=1)
    st["rng"] = battle_rng([1, 1], [6])
    _, ev = G.apply(st, "ann", {"type": "attack", "from": a, "to": b, "count": 2})
    assert len(events_of(ev, "roll")[0]["att"]) == 2 and len(events_of(ev, "roll")[0]["def"]) == 1


def test_retreat_brings_survivors_home() -> None:
    st, a, b = attack_setup(att=6, dfn=5)
    st["rng"] = battle_rng([6, 6, 1], [1, 1])
    st, _ = G.apply(st, "ann", {"type": "attack", "from": a, "to": b, "count": 4})
    assert st["troops"][b] == 3 and st["battle"]["committed"] == 4
    st, ev = G.apply(st, "ann", {"type": "retreat"})
    assert st["troops"][a] == 6 and st["battle"] is None and st["phase"] == "attack"
    assert ev[-1]["result"] == "retreat" and ev[-1]["returned"] == 4


def test_a_beaten_attack_ends_the_attacks_of_the_turn() -> None:
    """"Si vous êtes vaincu(e) et que vous perdez tous vos membres de gang, vous ne pouvez
    pas lancer d'autres attaques." """
    st, a, b = attack_setup(att=3, dfn=3)
    st["rng"] = battle_rng([1], [6, 6])
    st, ev = G.apply(st, "ann", {"type": "attack", "from": a, "to": b, "count": 1})
    assert st["battle"] is None and st["troops"][a] == 2
    assert events_of(ev, "attack_end")[0]["result"] == "repelled"
    assert st["phase"] == "manoeuvre" and ev[-1] == {"type": "phase", "seat": "ann", "phase": "manoeuvre",
                                                     "reason": "beaten"}
    refused(st, "ann", {"type": "attack", "from": a, "to": b, "count": 1}, "The attack phase is over for this turn.")


def test_a_beaten_attack_with_the_classic_option() -> None:
    st, a, b = attack_setup(att=3, dfn=3, beaten_stops_attacks=False)
    st["rng"] = battle_rng([1], [6, 6])
    st, ev = G.apply(st, "ann", {"type": "attack", "from": a, "to": b, "count": 1})
    assert st["battle"] is None and st["phase"] == "attack" and ev[-1]["result"] == "repelled"


def test_a_successful_attack_allows_more() -> None:
    st, a, b = attack_setup(att=4, dfn=1)
    st["rng"] = battle_rng([6, 6, 1], [1])
    st, _ = G.apply(st, "ann", {"type": "attack", "from": a, "to": b, "count": 3})
    assert st["phase"] == "attack"


def test_roll_until_decided() -> None:
    for seed in range(10):
        st, a, b = attack_setup(att=8, dfn=6)
        st["rng"] = Rng.from_seed(seed).state
        st, ev = G.apply(st, "ann", {"type": "attack", "from": a, "to": b, "count": 7, "until": True})
        assert st["battle"] is None
        end = ev[-1] if ev[-1]["type"] == "attack_end" else events_of(ev, "attack_end")[-1]
        assert end["result"] in ("conquered", "repelled")
        if end["result"] == "conquered":
            assert st["owner"][b] == "ann" and st["troops"][b] == events_of(ev, "roll")[-1]["committed"]
        else:
            assert st["owner"][b] == "bob" and st["troops"][a] == 1


def test_roll_again_continues_the_attack() -> None:
    st, a, b = attack_setup(att=8, dfn=6)
    st["rng"] = battle_rng([6, 6, 6], [1, 1])
    st, _ = G.apply(st, "ann", {"type": "attack", "from": a, "to": b, "count": 7})
    assert st["troops"][b] == 4
    st, ev = G.apply(st, "ann", {"type": "roll"})
    assert events_of(ev, "roll")[0]["defenders"] == st["troops"][b]
    assert st["battle"] is None or st["battle"]["rolls"] == 2


def test_stronghold_adds_one_to_the_highest_defence_die() -> None:
    st, a, b = attack_setup(stronghold=True, att=2, dfn=1)
    st["rng"] = battle_rng([5], [4])
    st2, ev = G.apply(st, "ann", {"type": "attack", "from": a, "to": b, "count": 1})
    roll = events_of(ev, "roll")[0]
    assert roll["stronghold"] is True
    assert (roll["att_losses"], roll["def_losses"]) == (1, 0)
    st, a, b = attack_setup(stronghold=False, att=2, dfn=1)
    st["rng"] = battle_rng([5], [4])
    _, ev = G.apply(st, "ann", {"type": "attack", "from": a, "to": b, "count": 1})
    assert (events_of(ev, "roll")[0]["att_losses"], events_of(ev, "roll")[0]["def_losses"]) == (0, 1)


def test_attack_refusals() -> None:
    st, a, b = attack_setup(att=4, dfn=2)
    far = next(t for t in G.board.order if t != a and not G.board.adjacent(a, t))
    mine = next(t for t in G.board.neighbours(a) if t != b)
    give(st, "ann", [mine], 1)
    refused(st, "ann", {"type": "attack", "from": a, "to": far, "count": 1}, "does not border")
    refused(st, "ann", {"type": "attack", "from": a, "to": mine, "count": 1}, "is yours: you cannot attack it")
    refused(st, "ann", {"type": "attack", "from": b, "to": a, "count": 1}, "You do not control")
    refused(st, "ann", {"type": "attack", "from": a, "to": b, "count": 4}, "Choose between 1 and 3 members, not 4.")
    refused(st, "ann", {"type": "attack", "from": a, "to": b, "count": -1}, "Choose between 1 and 3 members, not -1.")
    refused(st, "ann", {"type": "attack", "from": a, "to": b, "count": -(10**7)}, "a whole number from 1 to 1000000")
    enemy = next(t for t in G.board.neighbours(mine) if st["owner"][t] == "bob")
    refused(st, "ann", {"type": "attack", "from": mine, "to": enemy, "count": 1}, "at least 2 members")
    refused(st, "ann", {"type": "attack", "from": a, "to": "narnia"}, "the territory must be one of the map's territories")
    refused(st, "ann", {"type": "attack", "from": a, "to": b, "until": "yes"}, "rolling until the attack is decided is a yes or a no")
    refused(st, "ann", {"type": "roll"}, "There is no attack to roll for")
    refused(st, "ann", {"type": "retreat"}, "There is no attack to retreat from")
    refused(st, "bob", {"type": "attack", "from": b, "to": a, "count": 1}, "It is not your turn.")


def test_nothing_else_while_a_battle_is_pending() -> None:
    st, a, b = attack_setup(att=8, dfn=6)
    st["rng"] = battle_rng([6, 6, 1], [1, 1])
    st, _ = G.apply(st, "ann", {"type": "attack", "from": a, "to": b, "count": 5})
    for action in ({"type": "end_turn"}, {"type": "attack", "from": a, "to": b}, {"type": "end_attack"},
                   {"type": "manoeuvre", "from": a, "to": b, "count": 1}):
        refused(st, "ann", action, f"Finish the attack on {G.tname(b)} first")


def test_many_attacks_per_turn() -> None:
    st, a, b = attack_setup(att=10, dfn=1)
    st["rng"] = battle_rng([6], [1])
    st, _ = G.apply(st, "ann", {"type": "attack", "from": a, "to": b, "count": 1})
    assert st["owner"][b] == "ann"
    c = next(t for t in G.board.neighbours(a) if st["owner"][t] == "bob")
    st["rng"] = battle_rng([6], [1])
    st, _ = G.apply(st, "ann", {"type": "attack", "from": a, "to": c, "count": 1})
    assert st["owner"][c] == "ann" and st["conquered"] == 2


# -- manoeuvre, cards, turn ------------------------------------------------------------------


def test_rulebook_manoeuvre_example() -> None:
    """Dumfries and Galloway → East Midlands through owned North West England and Yorkshire
    and the Humber; impossible if Yorkshire and the Humber is someone else's."""
    st = ready(new(3, crown=False))
    give_all(st, "bob", 1)
    give(st, "ann", [DG], 5)
    give(st, "ann", [NWE, YH, EM], 1)
    st["phase"] = "attack"
    st2, ev = G.apply(st, "ann", {"type": "manoeuvre", "from": DG, "to": EM, "count": 4})
    assert st2["troops"][DG] == 1 and st2["troops"][EM] == 5
    assert ev[0]["type"] == "manoeuvre" and ev[0]["path"][0] == DG and ev[0]["path"][-1] == EM
    assert G.to_act(st2) == ["bob"]  # one manoeuvre, then the turn passes
    give(st, "bob", [YH], 1)
    refused(st, "ann", {"type": "manoeuvre", "from": DG, "to": EM, "count": 4},
            "are not joined by territories you control")


def test_manoeuvre_refusals() -> None:
    st = ready(new(3, crown=False))
    give_all(st, "bob", 1)
    give(st, "ann", [NWE], 3)
    give(st, "ann", [DG], 1)
    refused(st, "ann", {"type": "manoeuvre", "from": NWE, "to": DG, "count": 3}, "Choose between 1 and 2 members, not 3.")
    refused(st, "ann", {"type": "manoeuvre", "from": DG, "to": NWE, "count": 1}, "has only one member")
    refused(st, "ann", {"type": "manoeuvre", "from": NWE, "to": NWE, "count": 1}, "two different territories")
    refused(st, "ann", {"type": "manoeuvre", "from": NWE, "to": YH, "count": 1}, "You do not control")
    st, _ = G.apply(st, "ann", {"type": "end_attack"})
    refused(st, "ann", {"type": "end_attack"}, "The attack phase is over for this turn.")
    refused(st, "ann", {"type": "attack", "from": NWE, "to": YH, "count": 1}, "The attack phase is over for this turn.")


def test_one_card_per_conquered_territory() -> None:
    st, a, b = attack_setup(att=10, dfn=1)
    for _ in range(2):
        c = next(t for t in G.board.neighbours(a) if st["owner"][t] == "bob")
        st["rng"] = battle_rng([6], [1])
        st, _ = G.apply(st, "ann", {"type": "attack", "from": a, "to": c, "count": 1})
    top = list(reversed(st["deck"][-2:]))
    st, ev = G.apply(st, "ann", {"type": "end_turn"})
    assert st["players"]["ann"]["hand"] == top
    draw = events_of(ev, "draw")[0]
    assert draw["count"] == 2 and draw["private"] == {"ann": {"cards": top}}
    assert public_events(ev)[1] == {"type": "draw", "seat": "ann", "count": 2}
    assert public_events(ev, "ann")[1]["mine"] == {"cards": top}
    assert "private" not in json.dumps(public_events(ev, "bob"))


def test_no_card_without_a_conquest() -> None:
    st = ready(new(3))
    st, ev = G.apply(st, "ann", {"type": "end_turn"})
    assert st["players"]["ann"]["hand"] == [] and not events_of(ev, "draw")


def test_the_discard_is_reshuffled_when_the_pile_is_empty() -> None:
    st, a, b = attack_setup(att=10, dfn=1)
    st["discard"], st["deck"] = st["deck"], []
    st["rng"] = battle_rng([6], [1])
    st, _ = G.apply(st, "ann", {"type": "attack", "from": a, "to": b, "count": 1})
    st, ev = G.apply(st, "ann", {"type": "end_turn"})
    assert events_of(ev, "reshuffle") and len(st["players"]["ann"]["hand"]) == 1
    assert len(st["deck"]) == 41 and st["discard"] == []


# -- trades ----------------------------------------------------------------------------------


def cards_worth(razors: int) -> list[str]:
    ones = [t for t, r in G.data.razors.items() if r == 1]
    twos = [t for t, r in G.data.razors.items() if r == 2]
    out = twos[: razors // 2]
    if razors % 2:
        out.append(ones[0])
    return out


@pytest.mark.parametrize(("razors", "members"), [(2, 2), (3, 4), (4, 7), (5, 10), (6, 13), (7, 17), (8, 21), (9, 25), (10, 30)])
def test_trade_razors_for_members(razors: int, members: int) -> None:
    st = new(3)
    cards = cards_worth(razors)
    st["players"]["ann"]["hand"] = [*cards, next(t for t in G.board.order if t not in cards)]
    r = st["reserve"]
    st2, ev = G.apply(st, "ann", {"type": "trade", "cards": cards})
    assert st2["reserve"] == r + members and st2["income"]["trade"] == members
    assert ev == [{"type": "trade", "seat": "ann", "cards": cards, "razors": razors, "members": members}]
    assert st2["discard"] == cards and len(st2["players"]["ann"]["hand"]) == 1


def test_trade_refusals() -> None:
    st = new(3)
    twos = cards_worth(12)
    one = cards_worth(1)
    st["players"]["ann"]["hand"] = twos + one
    refused(st, "ann", {"type": "trade", "cards": one}, "worth 2 to 10 razors; these cards are worth 1")
    refused(st, "ann", {"type": "trade", "cards": twos}, "these cards are worth 12")
    refused(st, "ann", {"type": "trade", "cards": []}, "the cards to trade must be territory cards, from 1 to 42 of them")
    refused(st, "ann", {"type": "trade", "cards": [twos[0], twos[0]]}, "only be traded once")
    other = next(t for t in G.board.order if t not in twos + one)
    refused(st, "ann", {"type": "trade", "cards": [other, twos[0]]}, f"You do not hold the card {G.tname(other)}")
    one = json.loads(json.dumps(st))
    one["options"]["trades"] = "one"
    one, _ = G.apply(one, "ann", {"type": "trade", "cards": twos[:2]})
    refused(one, "ann", {"type": "trade", "cards": twos[2:4]}, "already traded cards this turn")
    assert not [a for a in G.legal_actions(one, "ann") if a["type"] == "trade"]
    st, _ = G.apply(st, "ann", {"type": "trade", "cards": twos[:2]})
    st = ready(st)
    st, _ = G.apply(st, "ann", {"type": "end_placement"})
    refused(st, "ann", {"type": "trade", "cards": twos[2:4]}, "only trade cards during the placement phase")


def test_the_rulebook_sets_no_limit_of_one_trade_a_turn() -> None:
    """« Vous pouvez échanger ces cartes contre des membres de gang pendant votre tour »: no
    limit, so a hand of 20 razors is two trades of 10 (60 members); ``trades=one`` keeps the
    house rule of one trade a turn (30)."""
    for option, members in (("any", 60), ("one", 30)):
        st = new(3, trades=option)
        tens = cards_worth(20)
        st["players"]["ann"]["hand"] = list(tens)
        r = st["reserve"]
        for i in (0, 1):
            cards = tens[i * len(tens) // 2:(i + 1) * len(tens) // 2]
            try:
                st, _ = G.apply(st, "ann", {"type": "trade", "cards": cards})
            except RuleError as err:
                assert option == "one" and i == 1 and err.key == "pb.err.already_traded"
        assert st["reserve"] == r + members and st["income"]["trade"] == members
    assert G.validate_options({})["trades"] == "any"


def test_trading_is_never_forced() -> None:
    st = ready(new(3))
    st["players"]["ann"]["hand"] = cards_worth(12) + cards_worth(1)
    st, _ = G.apply(st, "ann", {"type": "end_turn"})
    assert len(st["players"]["ann"]["hand"]) == 7


# -- powers ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("pid", "n"), [("shelby_company", 5), ("small_heath_recruits", 3)])
def test_flip_gain_power(pid: str, n: int) -> None:
    st = new(3)
    with_powers(st, "ann", [pid, "razor_caps"])
    r = st["reserve"]
    st2, ev = G.apply(st, "ann", {"type": "flip_power"})
    assert st2["reserve"] == r + n and st2["income"]["powers"] == n
    assert st2["players"]["ann"]["powers"] == [{"id": "razor_caps", "up": False}]
    assert st2["power_discard"] == [pid]
    assert ev[0]["type"] == "power_flipped" and ev[0]["power"] == pid and ev[0]["result"] == "gain"
    refused(st2, "ann", {"type": "flip_power"}, "already flipped a power card this turn")


@pytest.mark.parametrize(("pid", "n"), [("campbell_raid", 3), ("winson_green", 2)])
def test_flip_lose_power_takes_from_the_largest_stacks(pid: str, n: int) -> None:
    st = new(3)
    with_powers(st, "ann", [pid])
    mine = G.territories_of(st, "ann")
    for t in mine:
        st["troops"][t] = 1
    st["troops"][mine[0]] = 3
    st["troops"][mine[1]] = 4
    total = total_members(st)
    st2, ev = G.apply(st, "ann", {"type": "flip_power"})
    assert total_members(st2) == total - n
    assert all(st2["troops"][t] >= 1 for t in mine)
    expected = {3: {mine[1]: 2, mine[0]: 1}, 2: {mine[1]: 1, mine[0]: 1}}[n]
    assert ev[0]["losses"] == expected and ev[0]["result"] == "lose"
    assert st2["players"]["ann"]["powers"] == []


def test_lose_power_never_empties_a_territory() -> None:
    st = new(3)
    with_powers(st, "ann", ["campbell_raid"])
    for t in G.territories_of(st, "ann"):
        st["troops"][t] = 1
    st2, ev = G.apply(st, "ann", {"type": "flip_power"})
    assert ev[0]["losses"] == {} and total_members(st2) == total_members(st)


def test_flip_battle_power_is_kept_face_up() -> None:
    st = new(3)
    with_powers(st, "ann", ["razor_caps"])
    st2, ev = G.apply(st, "ann", {"type": "flip_power"})
    assert st2["players"]["ann"]["powers"] == [{"id": "razor_caps", "up": True}]
    assert ev[0]["result"] == "kept"
    pub = G.view(st2)["players"]["ann"]
    assert pub["powers_kept"][0]["id"] == "razor_caps" and pub["powers_face_down"] == 0
    refused(st2, "ann", {"type": "flip_power"}, "already flipped")
    st3 = new(3)
    with_powers(st3, "ann", ["razor_caps"], up=True)
    refused(st3, "ann", {"type": "flip_power"}, "no face-down power card left")
    ready(st3)
    st3, _ = G.apply(st3, "ann", {"type": "end_placement"})
    refused(st3, "ann", {"type": "flip_power"}, "only flip a power card during the placement phase")


def test_attack_power_razor_caps_lasts_the_whole_attack() -> None:
    st, a, b = attack_setup(att=10, dfn=5)
    with_powers(st, "ann", ["razor_caps"], up=True)
    st["rng"] = battle_rng([5, 1, 1], [5, 4])
    st, ev = G.apply(st, "ann", {"type": "attack", "from": a, "to": b, "count": 3, "powers": ["razor_caps"]})
    roll = events_of(ev, "roll")[0]
    assert roll["att"] == [5, 1, 1] and roll["def"] == [5, 4]
    assert (roll["att_losses"], roll["def_losses"]) == (1, 1)  # 5+1 beats 5; 1 loses to 4
    assert roll["powers"] == ["razor_caps"]
    assert st["battle"]["effects"][0]["power"] == "razor_caps"  # still active
    assert st["power_discard"] == ["razor_caps"] and st["players"]["ann"]["powers"] == []
    st["rng"] = battle_rng([5, 1], [5, 4])
    st, ev = G.apply(st, "ann", {"type": "roll"})
    roll = events_of(ev, "roll")[0]
    assert (roll["att_losses"], roll["def_losses"]) == (1, 1) and roll["powers"] == ["razor_caps"]


def test_attack_power_played_during_a_battle_lasts_one_roll() -> None:
    st, a, b = attack_setup(att=10, dfn=5)
    with_powers(st, "ann", ["bsa_guns", "garrison_barricade"], up=True)
    st["rng"] = battle_rng([6, 6, 6], [1, 1])
    st, _ = G.apply(st, "ann", {"type": "attack", "from": a, "to": b, "count": 5})
    refused(st, "ann", {"type": "play_power", "power": "garrison_barricade"}, "helps in defence, not in attack")
    refused(st, "ann", {"type": "play_power", "power": "razor_caps"}, "no face-up attack power")
    st, ev = G.apply(st, "ann", {"type": "play_power", "power": "bsa_guns"})
    assert ev[0]["type"] == "power_played"
    st["rng"] = battle_rng([4, 4, 1], [4, 4])
    st, ev = G.apply(st, "ann", {"type": "roll"})
    roll = events_of(ev, "roll")[0]
    assert (roll["att_losses"], roll["def_losses"]) == (0, 2)  # 4+1 > 4 twice
    assert st["battle"] is None or st["battle"]["effects"] == []


def test_attack_save_cancels_one_loss() -> None:
    st, a, b = attack_setup(att=4, dfn=3)
    with_powers(st, "ann", ["arthur_goes_first"], up=True)
    st["rng"] = battle_rng([1, 1, 1], [6, 6])
    st, ev = G.apply(st, "ann", {"type": "attack", "from": a, "to": b, "count": 3, "powers": ["arthur_goes_first"]})
    assert events_of(ev, "roll")[0]["att_losses"] == 1 and st["battle"]["committed"] == 2


def test_play_power_outside_a_battle_is_refused() -> None:
    st, a, b = attack_setup()
    with_powers(st, "ann", ["bsa_guns"], up=True)
    refused(st, "ann", {"type": "play_power", "power": "bsa_guns"}, "during an attack, before a roll")
    refused(st, "ann", {"type": "attack", "from": a, "to": b, "powers": ["bsa_guns", "bsa_guns"]}, "Name each power card once.")


@pytest.mark.parametrize(
    ("pid", "att", "dfn", "plain", "helped"),
    [
        ("garrison_barricade", [5], [4], (0, 1), (1, 0)),
        ("tipped_off", [5, 5], [4, 4], (0, 2), (2, 0)),
        ("kimbers_coppers", [6, 6], [1, 1], (0, 2), (0, 1)),
    ],
)
def test_defence_powers_fire_by_themselves_when_they_help(pid: str, att: list[int], dfn: list[int],
                                                          plain: tuple[int, int], helped: tuple[int, int]) -> None:
    st, a, b = attack_setup(att=len(att) + 1, dfn=len(dfn))
    with_powers(st, "bob", [pid], up=True)
    # A roll the power cannot change leaves it in hand.
    st0 = json.loads(json.dumps(st))
    st0["rng"] = battle_rng([1] * len(att), [6] * len(dfn))
    st0, ev = G.apply(st0, "ann", {"type": "attack", "from": a, "to": b, "count": len(att)})
    assert st0["players"]["bob"]["powers"] == [{"id": pid, "up": True}]
    # A roll it turns is turned, and the power is used up.
    st["rng"] = battle_rng(att, dfn)
    st, ev = G.apply(st, "ann", {"type": "attack", "from": a, "to": b, "count": len(att)})
    roll = events_of(ev, "roll")[0]
    assert (roll["att_losses"], roll["def_losses"]) == helped != plain
    assert roll["defence_power"] == pid and st["players"]["bob"]["powers"] == []
    assert [e for e in ev if e["type"] == "power_played"][0]["seat"] == "bob"


# -- missions --------------------------------------------------------------------------------


def pass_round(st: dict, n: int = 3) -> tuple[dict, list[dict]]:
    evs: list[dict] = []
    for _ in range(n):
        seat = G.to_act(st)[0]
        st, ev = G.apply(ready(st), seat, {"type": "end_turn"})
        evs += ev
    return st, evs


def take(st: dict, seat: str, tid: str) -> dict:
    """``seat`` (whose turn it is) takes ``tid`` by an attack from a bordering territory."""
    st = ready(st)
    src = G.board.neighbours(tid)[0]
    give(st, seat, [src], 30)
    if st["owner"][tid] == seat:
        give(st, next(s for s in st["seats"] if s != seat), [tid])
    st["troops"][tid] = 1
    st, ev = G.apply(st, seat, {"type": "attack", "from": src, "to": tid, "until": True})
    assert st["owner"][tid] == seat and events_of(ev, "conquest")
    return st


def birmingham(st: dict) -> dict:
    st["players"]["ann"]["missions"] = [{"id": BIRMINGHAM_MISSION, "held": 0, "done": False}]
    return st


def test_west_midlands_mission_conquered_and_held_three_turns_gives_eight() -> None:
    """« vous devez conquérir et tenir les West Midlands pendant trois tours et vous recevrez
    huit membres de gang supplémentaires au début de votre tour suivant »."""
    st = birmingham(new(3, crown=False))
    mission = G.data.missions[BIRMINGHAM_MISSION]
    assert mission.territories == (WM,) and mission.turns == 3 and mission.reward == 8
    st = take(st, "ann", WM)
    assert G.view(st, "ann")["you"]["missions"][0]["progress"] == [{"territory": WM, "yours": True, "counts": True}]
    for held in (1, 2):
        st, ev = pass_round(st)
        assert st["players"]["ann"]["missions"][0]["held"] == held
        assert not [e for e in events_of(ev, "mission_completed") if e["seat"] == "ann"]
        assert BIRMINGHAM_MISSION not in json.dumps(G.view(st))  # still secret
    st, ev = pass_round(st)
    done = [e for e in events_of(ev, "mission_completed") if e["seat"] == "ann"]
    assert done and done[0]["reward"] == 8 and done[0]["mission"] == BIRMINGHAM_MISSION
    assert st["income"]["missions"] == 8 and st["reserve"] == sum(st["income"].values())
    assert G.view(st)["players"]["ann"]["missions_done"][0]["id"] == BIRMINGHAM_MISSION
    st, ev = pass_round(st)  # once per game
    assert st["income"]["missions"] == 0
    assert not [e for e in events_of(ev, "mission_completed") if e["seat"] == "ann"]


def test_a_mission_territory_dealt_to_you_does_not_count() -> None:
    """The mission is met « en prenant le contrôle » of its territories: holding West
    Midlands from the deal, for any number of turns, earns nothing."""
    st = birmingham(new(3, crown=False))
    give(st, "ann", [WM], 3)
    for _ in range(5):
        st, ev = pass_round(st)
        assert st["players"]["ann"]["missions"][0]["held"] == 0
        assert not events_of(ev, "mission_completed") and st["income"]["missions"] == 0
    you = G.view(st, "ann")["you"]["missions"][0]
    assert you["progress"] == [{"territory": WM, "yours": True, "counts": False}] and not you["holding_now"]


def test_no_mission_is_ever_met_from_the_deal() -> None:
    """Today's defect: a player dealt a mission's territories scored it on turn 1 (in half of
    3-player games). Two rounds without an attack: no mission anywhere."""
    for seed in range(40):
        st = new(3, seed=seed)
        assert not [e for e in G.opening_events(st) if e["type"] == "mission_completed"]
        st, ev = pass_round(st, 6)
        assert not events_of(ev, "mission_completed")
        assert all(m["held"] == 0 for p in st["players"].values() for m in p["missions"])


def test_mission_streak_resets_when_the_territory_is_lost_and_retaking_counts_again() -> None:
    st = take(birmingham(new(3, crown=False)), "ann", WM)
    st, _ = pass_round(st)
    st, _ = pass_round(st)
    assert st["players"]["ann"]["missions"][0]["held"] == 2
    st = take(turn_of(st, "bob"), "bob", WM)
    assert not G.view(st, "ann")["you"]["missions"][0]["progress"][0]["counts"]
    st, _ = G.apply(ready(st), "bob", {"type": "end_turn"})
    st, _ = G.apply(ready(st), "cat", {"type": "end_turn"})
    assert G.to_act(st) == ["ann"] and st["players"]["ann"]["missions"][0]["held"] == 0
    assert st["income"]["missions"] == 0
    # bob took it by an attack, then ann takes it back by one: it counts for ann again
    st = take(st, "ann", WM)
    st, _ = pass_round(st)
    assert st["players"]["ann"]["missions"][0]["held"] == 1


def test_missions_are_data_in_the_rulebook_spirit() -> None:
    assert len(G.data.missions) == 10 and len(G.data.powers) == 10
    for m in G.data.missions.values():
        assert m.territories and all(t in G.board.territories for t in m.territories) and m.reward > 0


# -- the British Crown -----------------------------------------------------------------------


def crown_state(step: int, dice: list[int] | None = None) -> dict:
    st = ready(new(3))
    st["crown"]["step"] = step
    if dice is not None:
        st["rng"] = dice_rng(dice)
    return st


def test_crown_moves_one_step_at_the_end_of_a_turn() -> None:
    step = next(i for i, (_, d) in enumerate(G.data.route[:-2]) if not d)
    st, ev = G.apply(crown_state(step), "ann", {"type": "end_turn"})
    assert st["crown"]["step"] == step + 1
    move = events_of(ev, "crown_move")[0]
    assert move["territory"] == G.data.route[step + 1][0] and move["steps"] == 24
    assert not events_of(ev, "crown_roll")


@pytest.mark.parametrize(("dice", "moves"), [([3, 3], False), ([1, 5], False), ([3, 4], True), ([6, 6], True)])
def test_crown_dice_step_moves_only_on_more_than_six(dice: list[int], moves: bool) -> None:
    step = next(i for i, (_, d) in enumerate(G.data.route[:-2]) if d)
    st, ev = G.apply(crown_state(step, dice), "ann", {"type": "end_turn"})
    roll = events_of(ev, "crown_roll")[0]
    assert roll["dice"] == dice and roll["result"] == ("moves" if moves else "stays")
    assert st["crown"]["step"] == step + (1 if moves else 0)
    assert G.outcome(st) is None


def tavern(dice: list[int], arrive: bool = False) -> tuple[dict, list[dict]]:
    last = len(G.data.route) - 1
    step = last - 1 if arrive else last
    seq = ([4, 4] if arrive and G.data.route[step][1] else []) + dice
    st = crown_state(step, seq)
    give_all(st, "cat")
    give(st, "ann", G.board.order[:15])
    give(st, "bob", G.board.order[15:30])
    return G.apply(st, "ann", {"type": "end_turn"})


def test_tavern_double_six_nobody_wins() -> None:
    st, ev = tavern([6, 6])
    assert G.outcome(st) == {"winners": [], "scores": {"ann": 15, "bob": 15, "cat": 12}, "reason": "double_six"}
    assert events_of(ev, "crown_roll")[-1]["result"] == "double_six"
    assert ev[-1]["type"] == "game_over" and G.to_act(st) == [] and st["phase"] == "over"
    refused(st, "ann", {"type": "end_turn"}, "This game is over.")


@pytest.mark.parametrize("dice", [[3, 4], [5, 6], [6, 5], [2, 5]])
def test_tavern_seven_to_eleven_most_territories_wins(dice: list[int]) -> None:
    st, ev = tavern(dice)
    out = G.outcome(st)
    assert out is not None and out["reason"] == "crown"
    assert out["winners"] == ["ann", "bob"]  # 15 each: ties share
    assert G.view(st)["winners"] == ["ann", "bob"]


@pytest.mark.parametrize("dice", [[1, 1], [3, 3], [1, 5]])
def test_tavern_six_or_less_play_goes_on(dice: list[int]) -> None:
    st, ev = tavern(dice)
    assert G.outcome(st) is None and G.to_act(st) == ["bob"]
    assert events_of(ev, "crown_roll")[-1]["result"] == "holds"
    assert st["crown"]["step"] == 23


def test_tavern_final_roll_on_arrival() -> None:
    st, ev = tavern([5, 4], arrive=True)
    assert events_of(ev, "crown_move")[0]["step"] == 23
    assert G.outcome(st)["reason"] == "crown" and G.outcome(st)["winners"] == ["ann", "bob"]


def test_game_without_the_crown() -> None:
    st = ready(new(3, crown=False))
    assert st["crown"] is None and G.view(st)["crown"] is None
    for _ in range(30):
        st, _ = pass_round(st)
    assert G.outcome(st) is None


# -- ends ------------------------------------------------------------------------------------


def test_taking_all_42_wins_at_once() -> None:
    st, a, b = attack_setup(att=4, dfn=1)
    give_all(st, "ann", 2)
    give(st, "ann", [a], 4)
    give(st, "bob", [b], 1)
    st["rng"] = battle_rng([6, 6, 6], [1])
    st, ev = G.apply(st, "ann", {"type": "attack", "from": a, "to": b, "count": 3})
    assert G.outcome(st) == {"winners": ["ann"], "scores": {"ann": 42, "bob": 0, "cat": 0}, "reason": "conquest"}
    assert ev[-1]["type"] == "game_over"


def test_elimination_hands_cards_to_the_conqueror() -> None:
    st, a, b = attack_setup(att=4, dfn=1)
    give(st, "cat", [t for t in st["owner"] if t != b], 1)
    give(st, "ann", [a], 4)
    st["players"]["bob"]["hand"] = ["london", WM]
    with_powers(st, "bob", ["tipped_off"], up=True)
    st["rng"] = battle_rng([6, 6, 6], [1])
    st, ev = G.apply(st, "ann", {"type": "attack", "from": a, "to": b, "count": 3})
    out = events_of(ev, "eliminated")[0]
    assert out["seat"] == "bob" and out["by"] == "ann" and out["cards"] == 2
    assert out["private"] == {"ann": {"cards": ["london", WM]}}
    assert st["players"]["ann"]["hand"] == ["london", WM] and st["players"]["bob"]["hand"] == []
    assert st["out"] == ["bob"] and "tipped_off" in st["power_discard"]
    st, _ = G.apply(st, "ann", {"type": "end_turn"})
    assert G.to_act(st) == ["cat"]  # bob's turn is skipped
    st, _ = G.apply(ready(st), "cat", {"type": "end_turn"})
    assert G.to_act(st) == ["ann"]


# -- two players -----------------------------------------------------------------------------


def test_two_players_must_reinforce_one_neutral_gang() -> None:
    st = new(2)
    st["reserve"] = 0
    refused(st, "ann", {"type": "end_placement"}, "Add 3 members to a neutral gang first.")
    refused(st, "ann", {"type": "end_turn"}, "Add 3 members to a neutral gang first.")
    ira = G.territories_of(st, "neutral:ira")
    sab = G.territories_of(st, "neutral:sabinis")
    refused(st, "ann", {"type": "neutral", "placements": {ira[0]: 1, ira[1]: 1, ira[2]: 1, ira[3]: 0}},
            "the neutral members go on 1 to 3 territories, 1 to 3 members on each")
    refused(st, "ann", {"type": "neutral", "placements": {ira[0]: 2, sab[0]: 1}}, "same neutral gang")
    refused(st, "ann", {"type": "neutral", "placements": {ira[0]: 2}}, "exactly 3 neutral members, not 2")
    refused(st, "ann", {"type": "neutral", "placements": {ira[0]: 4}}, "1 to 3 members on each")
    mine = G.territories_of(st, "ann")[0]
    refused(st, "ann", {"type": "neutral", "placements": {mine: 3}}, "is not held by a neutral gang")
    refused(st, "ann", {"type": "neutral", "placements": []}, "1 to 3 territories")
    before = {t: st["troops"][t] for t in ira}
    st, ev = G.apply(st, "ann", {"type": "neutral", "placements": {ira[0]: 2, ira[1]: 1}})
    assert st["troops"][ira[0]] == before[ira[0]] + 2 and st["troops"][ira[1]] == before[ira[1]] + 1
    assert ev[0] == {"type": "neutral", "seat": "ann", "faction": "neutral:ira", "placements": {ira[0]: 2, ira[1]: 1}}
    refused(st, "ann", {"type": "neutral", "placements": {ira[0]: 3}}, "already reinforced a neutral gang")
    st, _ = G.apply(st, "ann", {"type": "end_turn"})
    assert G.to_act(st) == ["bob"] and not st["neutral_done"]  # every turn


def test_wiping_out_a_neutral_gives_its_three_reward_cards() -> None:
    st = ready(new(2, crown=False))
    a, b = border_pair(st)
    give_all(st, "bob", 1)
    give(st, "ann", [a], 4)
    give(st, "neutral:ira", [b], 1)
    rewards = list(st["neutral_rewards"]["ira"])
    st["rng"] = battle_rng([6, 6, 6], [1])
    st, ev = G.apply(st, "ann", {"type": "attack", "from": a, "to": b, "count": 3})
    wiped = events_of(ev, "neutral_wiped")[0]
    assert wiped["faction"] == "neutral:ira" and wiped["cards"] == 3 and wiped["private"] == {"ann": {"cards": rewards}}
    assert st["players"]["ann"]["hand"] == rewards
    assert st["neutrals"] == ["jewish_gang", "sabinis"] and st["neutrals_out"] == ["ira"]
    assert G.view(st)["neutrals"]["neutral:ira"]["alive"] is False


def test_two_players_eliminating_the_other_wins() -> None:
    st = ready(new(2, crown=False))
    a, b = border_pair(st)
    give_all(st, "neutral:sabinis", 1)
    give(st, "ann", [a], 4)
    give(st, "bob", [b], 1)
    st["rng"] = battle_rng([6, 6, 6], [1])
    st, _ = G.apply(st, "ann", {"type": "attack", "from": a, "to": b, "count": 3})
    assert G.outcome(st)["winners"] == ["ann"] and G.outcome(st)["reason"] == "elimination"


def test_two_players_crown_end_counts_players_only() -> None:
    st = new(2)
    ready(st)
    st["crown"]["step"] = 23
    st["rng"] = dice_rng([4, 4])
    give_all(st, "neutral:ira")
    give(st, "ann", G.board.order[:5])
    give(st, "bob", G.board.order[5:9])
    st, _ = G.apply(st, "ann", {"type": "end_turn"})
    assert G.outcome(st) == {"winners": ["ann"], "scores": {"ann": 5, "bob": 4}, "reason": "crown"}


# -- views, secrets, legal actions -------------------------------------------------------------


RENDERER_KEYS = {"game", "map", "turn", "phase", "current", "labels", "factions", "territories", "crown",
                 "eliminated", "winners", "highlight"}


def test_public_view_is_the_renderer_input() -> None:
    st = new(3)
    v = G.view(st)
    assert set(v) >= RENDERER_KEYS
    assert v["game"] == "peaky_blinders" and v["map"] == "peaky_blinders" and v["labels"] == {}
    assert v["phase"] == "place" and v["current"] == "ann" and v["winners"] is None
    assert v["crown"] == {"step": 0, "steps": 24, "territory": "london", "dice": G.data.route[0][1], "last_roll": None}
    assert set(v["territories"]) == set(G.board.order)
    assert v["territories"][G.board.order[0]] == {"owner": st["owner"][G.board.order[0]],
                                                  "troops": st["troops"][G.board.order[0]]}
    assert v["factions"]["ann"] == {"name": G.data.gangs["peaky_blinders"]["name"],
                                    "leader": G.data.gangs["peaky_blinders"]["leader"],
                                    "color": G.data.gangs["peaky_blinders"]["color"], "player": "ann",
                                    "gang": "peaky_blinders"}
    v2 = G.view(new(2))
    assert v2["factions"]["neutral:ira"]["player"] is None
    json.dumps(v)


def test_battle_view_has_odds_and_dice() -> None:
    st, a, b = attack_setup(att=8, dfn=6)
    st["rng"] = battle_rng([6, 6, 1], [1, 1])
    st, _ = G.apply(st, "ann", {"type": "attack", "from": a, "to": b, "count": 5})
    v = G.view(st)
    assert v["phase"] == "battle" and v["highlight"] == {"from": a, "to": b}
    assert v["battle"]["committed"] == 5 and v["battle"]["defenders"] == 4
    assert v["battle"]["last"]["att"] == [6, 6, 1]
    odds = v["battle"]["odds"]
    assert odds is None or 0.0 < odds < 1.0


def test_secrets_stay_out_of_the_public_view() -> None:
    st = new(3)
    st["players"]["ann"]["hand"] = cards_worth(3)
    pub = json.dumps(G.view(st))
    for s in SEATS[:3]:
        for m in st["players"][s]["missions"]:
            assert m["id"] not in pub
        for p in st["players"][s]["powers"]:
            assert p["id"] not in pub
    assert '"you"' not in pub
    assert G.view(st)["players"]["ann"]["cards"] == 2


def test_private_view_shows_own_secrets_but_not_face_down_powers() -> None:
    st = new(3)
    st["players"]["ann"]["hand"] = cards_worth(3)
    with_powers(st, "ann", ["razor_caps", "shelby_company"])
    st["players"]["ann"]["powers"][0]["up"] = True
    v = G.view(st, "ann")
    you = v["you"]
    assert [c["territory"] for c in you["cards"]] == cards_worth(3) and you["razors"] == 3
    assert {m["id"] for m in you["missions"]} == {m["id"] for m in st["players"]["ann"]["missions"]}
    assert {"held", "done", "reward", "territories", "turns"} <= set(you["missions"][0])
    assert you["powers"][0]["id"] == "razor_caps" and you["powers"][1] == {"state": "face_down"}
    assert "shelby_company" not in json.dumps(v)  # not even its owner sees it
    assert "you" not in G.view(st, "nobody")
    other = json.dumps(G.view(st, "bob"))
    for m in st["players"]["ann"]["missions"]:
        assert m["id"] not in other


def test_legal_actions_are_compact_and_concretize_to_legal_moves() -> None:
    import random

    st = new(2)
    acts = G.legal_actions(st, "ann")
    kinds = {a["type"] for a in acts}
    assert {"place", "flip_power", "neutral"} <= kinds
    place = next(a for a in acts if a["type"] == "place")
    r = st["reserve"]
    assert place["count"] == {"min": 1, "max": r, "default": r} and set(place["territory"]) == set(G.territories_of(st, "ann"))
    assert G.legal_actions(st, "bob") == [{"type": "defence", "order": ["save", "never"]}]  # the standing order only
    rnd = random.Random(3)
    for a in acts:
        G.apply(st, "ann", concretize(a, rnd.randrange, G.data.razors))
    st, a, b = attack_setup(att=4, dfn=2)
    st["phase"] = "attack"
    attacks = [x for x in G.legal_actions(st, "ann") if x["type"] == "attack"]
    assert {"type": "attack", "from": a, "to": b, "count": {"min": 1, "max": 3, "default": 3}, "until": [False, True],
            "powers": {"some_of": []}} in attacks
    assert {"type": "end_attack"} in G.legal_actions(st, "ann") and {"type": "end_turn"} in G.legal_actions(st, "ann")


# -- data files ------------------------------------------------------------------------------


def _raw(name: str) -> Any:
    return json.loads((DATA_DIR / "peaky_blinders" / name).read_text())


def test_data_files_are_checked_against_the_map() -> None:
    board = G.board
    missions = _raw("missions.json")
    missions["missions"][1]["territories"] = ["atlantis"]
    with pytest.raises(DataError, match="names unknown territories"):
        load_missions(board, missions)
    missions = _raw("missions.json")
    missions["missions"].pop()
    with pytest.raises(DataError, match="10 missions"):
        load_missions(board, missions)
    powers = _raw("powers.json")
    powers["powers"][0]["effect"] = "teleport"
    with pytest.raises(DataError, match="unknown effect 'teleport'"):
        load_powers(powers)
    cards = _raw("cards.json")
    del cards["razors"]["london"]
    with pytest.raises(DataError, match=r"missing \['london'\]"):
        load_razors(board, cards)
    cards = _raw("cards.json")
    cards["razors"]["london"] = 3
    with pytest.raises(DataError, match="1 or 2 razors"):
        load_razors(board, cards)
    route = list(board.raw["crown_route"])
    with pytest.raises(DataError, match="24 steps"):
        validate_route(board, route[:-1])
    with pytest.raises(DataError, match="starts at Parliament"):
        validate_route(board, route[1:] + route[:1])
    assert validate_route(board, route)[1] == route[-1]["territory"]


def test_crown_route_is_a_walk_from_parliament_to_the_tavern() -> None:
    route = [t for t, _ in G.data.route]
    assert len(route) == 24 == len(set(route)) and route[0] == "london"
    assert all(G.board.adjacent(a, b) for a, b in zip(route, route[1:], strict=False))
    assert 4 <= sum(d for _, d in G.data.route[:-1]) <= 6
    assert G.data.tavern == route[-1]
    assert sum(1 for r in G.data.razors.values() if r == 2) == 14


def test_every_error_key_has_its_english_text() -> None:
    """Errors are raised by key; a key missing from the message tables would crash at
    the worst moment, so check every key the sources use."""
    import re

    from bot.rules.peaky_blinders.game import PB_MESSAGES
    from bot.rules.risk_map.game import MESSAGES

    root = DATA_DIR.parent / "bot" / "rules"
    used: set[str] = set()
    for path in (root / "risk_map" / "game.py", root / "peaky_blinders" / "game.py"):
        used |= set(re.findall(r'"((?:err|pb\.err)\.[a-z_]+)"', path.read_text()))
    assert used <= set(MESSAGES) | set(PB_MESSAGES)
    for table in (MESSAGES, PB_MESSAGES):
        for key, text in table.items():
            assert text.endswith((".", "!")), key
    from bot.i18n import catalog

    en = catalog("en")  # the platform's and every game's catalog (pb.* is in bot/games/peaky_blinders/locales)
    assert any(key in en for key in PB_MESSAGES)
    for key, text in {**MESSAGES, **PB_MESSAGES}.items():
        if key in en:  # the catalogs may word it differently, but with the same placeholders
            assert set(re.findall(r"{(\w+)}", en[key])) == set(re.findall(r"{(\w+)}", text)), key


def test_the_prompts_odds_stay_cheap_for_absurd_armies() -> None:
    """The view is built for every prompt: exact odds for real armies, none past the cap."""
    from bot.rules.peaky_blinders.view import ODDS_STATES, odds
    from bot.rules.risk_map.odds import conquest_probability

    assert odds(5, 3, 1) == float(conquest_probability(5, 3, defence_bonus=1))
    assert odds(400, 400, 0) is not None and ODDS_STATES >= 400 * 400
    assert odds(1_000_000, 1_000_000, 0) is None
