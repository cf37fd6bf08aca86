"""Risk Peaky Blinders: what players choose — their gang in the lobby, their standing defence
order at any time — and what setup shows in public."""

from __future__ import annotations

import json

import pytest

from bot.rules.base import MalformedAction, RuleError, canonical
from bot.rules.peaky_blinders.data import GANG_IDS
from bot.rules.peaky_blinders.game import PeakyBlinders, public_events
from bot.rules.risk_map.defence import DEFAULT_ORDER, ORDERS, fires, pick_defence

G = PeakyBlinders()
SEATS = ["ann", "bob", "cat", "dan", "eve"]


def gangs(st: dict) -> dict[str, str]:
    return {s: st["players"][s]["gang"] for s in st["seats"]}


# -- gangs ----------------------------------------------------------------------------------


def test_players_choose_their_gang_by_default() -> None:
    """« Chaque joueur choisit le chef de gang qu'il va incarner »."""
    assert G.validate_options({})["gangs"] == "choose"
    assert G.seat_picks({}) == {"gang": GANG_IDS}
    assert G.seat_picks({"gangs": "random"}) == {}
    st = G.setup(SEATS[:3], {}, 1, {"bob": {"gang": "ira"}, "cat": {"gang": "peaky_blinders"}})
    assert gangs(st) == {"ann": "birmingham_boys", "bob": "ira", "cat": "peaky_blinders"}
    # a seat without a choice gets the first gang left over, in seat order
    st = G.setup(SEATS[:4], {}, 1, {"cat": {"gang": "peaky_blinders"}})
    assert gangs(st) == {"ann": "birmingham_boys", "bob": "jewish_gang", "cat": "peaky_blinders", "dan": "sabinis"}


def test_two_players_both_choose_and_the_other_three_are_neutral() -> None:
    st = G.setup(SEATS[:2], {}, 3, {"ann": {"gang": "sabinis"}, "bob": {"gang": "jewish_gang"}})
    assert gangs(st) == {"ann": "sabinis", "bob": "jewish_gang"}
    assert st["neutrals"] == ["peaky_blinders", "birmingham_boys", "ira"]
    owners = set(st["owner"].values())
    assert owners == {"ann", "bob", "neutral:peaky_blinders", "neutral:birmingham_boys", "neutral:ira"}


def test_without_choices_the_deal_is_the_old_seat_order_one() -> None:
    """Stored games made with ``gangs=seat_order`` still replay: the value is accepted (no longer
    offered), and a lobby where nobody chose deals exactly as it did."""
    old = G.setup(SEATS[:3], {"gangs": "seat_order"}, 5)
    new = G.setup(SEATS[:3], {}, 5)
    for key in ("owner", "troops", "players", "deck", "rng"):
        assert canonical(old[key]) == canonical(new[key]), key
    assert gangs(old) == dict(zip(SEATS[:3], GANG_IDS[:3], strict=True))
    opt = next(o for o in G.options if o.name == "gangs")
    assert opt.choices == ("choose", "random") and "seat_order" in opt.hidden
    with pytest.raises(RuleError, match="must be one of: choose, random"):
        G.validate_options({"gangs": "alphabetical"})


def test_random_gangs_ignore_choices() -> None:
    seen = {tuple(gangs(G.setup(SEATS[:3], {"gangs": "random"}, s, {"ann": {"gang": "ira"}}).copy()).values())
            for s in range(20)}
    assert len(seen) > 3


@pytest.mark.parametrize(
    ("picks", "key"),
    [
        ({"ann": {"gang": "ira"}, "bob": {"gang": "ira"}}, "pb.err.gang_taken"),
        ({"ann": {"gang": "shelby"}}, "err.pick_value"),
        ({"ann": {"gang": ["ira"]}}, "err.pick_value"),
        ({"ann": {"colour": "red"}}, "err.pick_unknown"),
        ({"ann": "ira"}, "err.pick_value"),
        (["ira"], "err.pick_value"),
    ],
)
def test_bad_choices_are_refused(picks: object, key: str) -> None:
    with pytest.raises(RuleError) as err:
        G.validate_picks(picks, {})  # type: ignore[arg-type]
    assert err.value.key == key
    if key == "pb.err.gang_taken":
        assert str(err.value) == "Another player has already chosen The IRA." and err.value.params["gang_id"] == "ira"
    if key == "err.pick_unknown":  # at the start, a choice the options do not offer is ignored
        G.setup(["ann", "bob", "cat"], {}, 1, picks)  # type: ignore[arg-type]
    else:
        with pytest.raises(RuleError):
            G.setup(["ann", "bob", "cat"], {}, 1, picks)  # type: ignore[arg-type]


def test_choices_are_checked_for_the_options_and_seats_in_play() -> None:
    assert G.validate_picks({"ann": {"gang": "ira"}, "bob": {}}, {}) == {"ann": {"gang": "ira"}}
    with pytest.raises(RuleError, match="nothing to choose"):
        G.validate_picks({"ann": {"gang": "ira"}}, {"gangs": "random"})
    # at the start, the choices of players no longer seated (or of a random game) are ignored
    st = G.setup(["ann", "bob"], {}, 1, {"zed": {"gang": "peaky_blinders"}, "bob": {"gang": "ira"}})
    assert gangs(st) == {"ann": "peaky_blinders", "bob": "ira"} and st["picks"] == {"bob": {"gang": "ira"}}
    G.setup(["ann", "bob"], {"gangs": "random"}, 1, {"bob": {"gang": "ira"}})


def test_replay_takes_the_choices() -> None:
    picks = {"ann": {"gang": "ira"}}
    st = G.setup(SEATS[:3], {}, 4, picks)
    first = G.legal_actions(st, "ann")[0]
    st2, _ = G.apply(st, "ann", {"type": "place", "territory": first["territory"][0]})
    log = [("ann", {"type": "place", "territory": first["territory"][0]})]
    assert canonical(G.replay(SEATS[:3], {}, 4, log, picks)) == canonical(st2)
    assert gangs(G.replay(SEATS[:3], {}, 4, log)) != gangs(st2)


def test_the_opening_shows_gangs_and_who_starts_and_no_secret() -> None:
    st = G.setup(SEATS[:2], {}, 7, {"bob": {"gang": "peaky_blinders"}})
    opening = G.opening_events(st)
    assert opening[0] == {"type": "gangs", "how": "choose", "gangs": {"ann": "birmingham_boys", "bob": "peaky_blinders"},
                          "neutrals": ["jewish_gang", "sabinis", "ira"]}
    assert opening[1] == {"type": "first_player", "seat": "ann", "how": "seat_order"}
    assert opening[2]["type"] == "turn" and opening[2]["seat"] == "ann"
    text = json.dumps(opening)
    for secret in [*G.data.missions, *G.data.powers, *(c for cs in st["neutral_rewards"].values() for c in cs)]:
        assert secret not in text
    assert public_events(opening) == opening


# -- standing defence orders --------------------------------------------------------------------


def test_the_order_rules_of_the_shared_engine() -> None:
    # plain / helped = (attacker losses, defender losses) without / with the card
    assert fires("always", 3, (0, 2), (1, 1)) and not fires("always", 3, (1, 1), (1, 1))
    assert not fires("save", 3, (0, 2), (1, 1))  # one defender would stay anyway
    assert fires("save", 2, (0, 2), (1, 1))  # the roll would take the territory; the card keeps it
    assert not fires("save", 1, (0, 1), (0, 1))  # a card that cannot keep it is kept
    assert not any(fires("never", d, (0, 2), (2, 0)) for d in (1, 2, 3))
    assert pick_defence("save", 1, (0, 1), [(0, 1), (1, 0)]) == 1
    assert pick_defence("always", 1, (0, 1), [(0, 1), (1, 0)]) == 1
    assert pick_defence("never", 1, (0, 1), [(1, 0)]) is None
    assert DEFAULT_ORDER == "always" and ORDERS == ("always", "save", "never")


def test_any_seated_player_may_give_an_order_at_any_time() -> None:
    st = G.setup(SEATS[:3], {}, 1)
    assert G.to_act(st) == ["ann"]
    assert G.legal_actions(st, "bob") == [{"type": "defence", "order": ["save", "never"]}]
    before = canonical(st)
    st2, ev = G.apply(st, "bob", {"type": "defence", "order": "save"})
    assert canonical(st) == before and G.to_act(st2) == ["ann"]
    assert st2["players"]["bob"]["defence"] == "save"
    assert ev == [{"type": "defence_order", "seat": "bob", "private": {"bob": {"order": "save"}}}]
    assert public_events(ev) == [{"type": "defence_order", "seat": "bob"}]
    assert G.view(st2, "bob")["you"]["defence"] == "save" and G.view(st2, "cat")["you"]["defence"] == "always"
    assert "save" not in json.dumps(G.view(st2)) and "defence" not in json.dumps(G.view(st2)["players"])
    assert G.legal_actions(st2, "bob") == [{"type": "defence", "order": ["always", "never"]}]
    with pytest.raises(RuleError, match="already that one") as err:
        G.apply(st2, "bob", {"type": "defence", "order": "save"})
    assert err.value.key == "err.defence_same"
    # only the anytime action: the rest still waits for one's turn
    with pytest.raises(RuleError, match="not your turn"):
        G.apply(st2, "bob", {"type": "end_turn"})
    with pytest.raises(MalformedAction):
        G.apply(st2, "bob", {"type": "defence", "order": "sometimes"})
    with pytest.raises(RuleError, match="not playing"):
        G.apply(st2, "zed", {"type": "defence", "order": "never"})
    # the player to act may give one too, even in the middle of an attack
    st3, _ = G.apply(st2, "ann", {"type": "defence", "order": "never"})
    assert st3["players"]["ann"]["defence"] == "never" and st3["phase"] == st2["phase"]


def test_players_out_of_the_game_give_no_orders() -> None:
    st = G.setup(SEATS[:3], {}, 1)
    st, _ = G.apply_system(st, {"type": "kick", "seat": "cat"})
    assert G.legal_actions(st, "cat") == []
    with pytest.raises(RuleError, match="out of this game") as err:
        G.apply(st, "cat", {"type": "defence", "order": "never"})
    assert err.value.key == "err.out_of_game"


def battle(order: str, pid: str, att: list[int], dfn: list[int], defenders: int) -> tuple[dict, list[dict]]:
    """ann attacks bob's territory (``defenders`` members) with one roll of fixed dice; bob keeps
    the defence power ``pid`` under ``order``."""
    from tests.rules.peaky_blinders.test_peaky_blinders import attack_setup, battle_rng, with_powers

    st, a, b = attack_setup(att=len(att) + 1, dfn=defenders)
    with_powers(st, "bob", [pid], up=True)
    st, _ = G.apply(st, "bob", {"type": "defence", "order": order}) if order != "always" else (st, [])
    st["rng"] = battle_rng(att, dfn)
    return G.apply(st, "ann", {"type": "attack", "from": a, "to": b, "count": len(att)})


def roll_of(ev: list[dict]) -> dict:
    return next(e for e in ev if e["type"] == "roll")


@pytest.mark.parametrize("order", ORDERS)
def test_an_order_decides_whether_a_defence_power_fires(order: str) -> None:
    # two defenders, a roll that costs one of them: the barricade (+1 on the best die) turns
    # it, but the territory was not at stake, so only "always" spends the card
    st, ev = battle(order, "garrison_barricade", [5], [4, 1], defenders=2)
    fired = roll_of(ev).get("defence_power") == "garrison_barricade"
    assert fired == (order == "always")
    assert (roll_of(ev)["att_losses"], roll_of(ev)["def_losses"]) == ((1, 0) if fired else (0, 1))
    assert (st["players"]["bob"]["powers"] == []) == fired


@pytest.mark.parametrize("order", ORDERS)
@pytest.mark.parametrize(("pid", "att"), [("garrison_barricade", [5]), ("kimbers_coppers", [6, 6])])
def test_save_fires_when_the_roll_would_take_the_territory(order: str, pid: str, att: list[int]) -> None:
    # one defender left: without the card the territory falls; with it, it holds
    st, ev = battle(order, pid, att, [4], defenders=1)
    fired = roll_of(ev).get("defence_power") == pid
    assert fired == (order != "never")
    assert bool([e for e in ev if e["type"] == "conquest"]) != fired


def test_a_card_that_cannot_keep_the_territory_is_kept() -> None:
    # one defender: 6 against 4 + 1 still takes it, so neither order spends the barricade
    for order in ("always", "save"):
        st, ev = battle(order, "garrison_barricade", [6], [4], defenders=1)
        assert "defence_power" not in roll_of(ev) and st["players"]["bob"]["powers"] != []
