"""What the presenters say, in both languages: every action of random games narrates to at
least one line (no empty ``/game log`` entries), every event type either has its line or
is said by another of the same action, the roll for who starts is told, nothing is left
unfilled, no one is mentioned; Risk Express's first choice comes in two steps (the card,
then the line); Peaky's ``/game hand`` shows the standing defence order."""

from __future__ import annotations

import random
import re

import pytest

from bot.games import presenter
from bot.games.peaky_blinders.text import PeakyPresenter
from bot.rules import GAMES

NAMES = {"a": "Alice", "b": "Bob", "c": "Carol", "d": "Dan"}
# Event types said by another event of the same action (never an action's only event):
# a conquest's end is the conquest's line; a phase change reads only when alone.
FOLDED = {("attack_end", "conquered"), ("phase", "attack"), ("phase", "manoeuvre")}
LEFT = re.compile(r"\{[a-z_]+\}")


def play(game_id: str, seats: list[str], seed: int, steps: int):
    """(action, events) of a random game, and the game's opening events."""
    game = GAMES[game_id]
    rnd = random.Random(seed)
    state = game.setup(seats, game.validate_options({}), seed)
    yield None, game.opening_events(state)
    for _ in range(steps):
        if game.outcome(state) is not None:
            return
        seat = game.to_act(state)[0]
        action = game.random_action(state, seat, rnd.randrange)
        state, events = game.apply(state, seat, action)
        yield action, events


def check_lines(lines: list[str], where: str) -> None:
    for line in lines:
        assert line.strip(), where
        assert not LEFT.search(line), (where, line)
        assert "<@" not in line and "None" not in line, (where, line)


@pytest.mark.parametrize("game_id,seats", [("risk_express", ["a", "b", "c"]), ("peaky_blinders", ["a", "b", "c"]),
                                           ("peaky_blinders", ["a", "b"]), ("risk_express", ["a", "b"])])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_action_and_event_reads(game_id, seats, seed):
    pres = presenter(game_id)
    seen: set[str] = set()
    for action, events in play(game_id, seats, seed, 400):
        for lang in ("en", "fr"):
            lines = pres.narrate(events, NAMES, lang)
            where = f"{game_id} {action} {lang}"
            assert lines, f"silent action: {where} {[e['type'] for e in events]}"
            check_lines(lines, where)
        for ev in events:
            seen.add(ev["type"])
            alone = pres.narrate([ev], NAMES, "en")
            if (ev["type"], ev.get("result", ev.get("phase"))) in FOLDED:
                continue
            if game_id == "risk_express" and ev["type"] in ("roll", "miss"):
                assert alone  # part of a chain line
                continue
            assert alone, f"no line for {ev}"
    assert seen  # the game went somewhere


@pytest.mark.parametrize("seats", [["a", "b"], ["a", "b", "c", "d"]])
def test_the_roll_for_who_starts_is_told(seats):
    game = GAMES["risk_express"]
    for seed in range(6):
        state = game.setup(seats, game.validate_options({}), seed)
        opening = game.opening_events(state)
        first = NAMES[game.current(state)]
        en = presenter("risk_express").narrate(opening, NAMES, "en")
        fr = presenter("risk_express").narrate(opening, NAMES, "fr")
        assert en[0].startswith("🎲 Who starts") and fr[0].startswith("🎲 Qui commence")
        assert all(NAMES[s] in en[0] for s in seats)
        assert any(f"{first} rolled the most Generals" in x for x in en)
        assert any(f"{first} a obtenu le plus de Généraux" in x for x in fr)
        rounds = {e.get("round") for e in opening if e["type"] == "start_roll"}
        assert sum(1 for x in en if x.startswith("🎲 A tie")) == len(rounds) - 1
        check_lines(en + fr, "opening")


def test_peaky_opening_tells_the_gangs():
    game = GAMES["peaky_blinders"]
    state = game.setup(["a", "b"], game.validate_options({}), 4)
    fr = presenter("peaky_blinders").narrate(game.opening_events(state), NAMES, "fr")
    assert fr[0].startswith("🎩 Les gangs") and "Alice dirige" in fr[0] and "Neutres" in fr[0]
    en = presenter("peaky_blinders").narrate(game.opening_events(state), NAMES, "en")
    assert "Alice leads" in en[0] and any("plays first" in x for x in en)


def test_french_narration_uses_the_rulebook_names():
    pres = presenter("peaky_blinders")
    ev = {"type": "neutral_wiped", "faction": "neutral:jewish_gang", "by": "a", "cards": 3}
    assert pres.narrate([ev], NAMES, "fr") == ["☠️ Alice anéantit le Gang juif et reçoit 3 cartes Territoire en récompense."]
    ev = {"type": "conquest", "seat": "a", "from": "london", "to": "bristol", "loser": "neutral:sabinis", "troops": 1}
    assert pres.narrate([ev], NAMES, "fr") == ["🏴 Alice prend **Bristol** sur les Sabinis ; 1 membre s'y installe."]
    assert pres.narrate([ev], NAMES, "en") == ["🏴 Alice takes **Bristol** from The Sabinis; 1 member moves in."]
    ev = {"type": "continent", "seat": "a", "continent": "africa", "value": 5}
    assert presenter("risk_express").narrate([ev], NAMES, "fr") == [
        "🔒 Alice possède tout le continent **Afrique** : ce continent est verrouillé et rapporte 5 points."]
    ev = {"type": "conquer", "seat": "a", "card": "usa", "from": None, "points": 3}
    assert presenter("risk_express").narrate([ev], NAMES, "fr") == ["🏴 Alice conquiert **États-Unis** (+3 points)."]


def test_express_turn_opens_with_the_cards_then_the_lines():
    game = GAMES["risk_express"]
    pres = presenter("risk_express")
    found = False
    for seed in range(40):
        state = game.setup(["a", "b"], game.validate_options({}), seed)
        seat = game.current(state)
        state["owners"] = {c: ("b" if seat == "a" else "a") if i % 2 else None
                           for i, c in enumerate(state["owners"])}
        state["attempt"]["tray"] = ["general", "cavalry", "cavalry", "cannon", "cannon", "soldier3", "soldier3"]
        actions = pres.buttons(game.view(state, None), seat, game.legal_actions(state, seat))
        if len(actions) <= 5:
            continue
        found = True
        for lang, word in (("en", "General"), ("fr", "Général")):
            groups = pres.groups(game.view(state, None), seat, actions, lang)
            assert groups is not None
            cards = [g[0] for g in groups]
            assert sorted(cards) == sorted({a["card"] for a in actions}) and len(cards) == len(set(cards))
            for gid, label, acts in groups:
                assert acts == [a for a in actions if a["card"] == gid]
                assert len(label) <= 80
                if state["owners"][gid] is not None:
                    assert word in label
            assert len(actions) > len(groups)  # fewer, larger choices first
        usa = next(g for g in pres.groups(game.view(state, None), seat, actions, "fr") if g[0] == "usa")
        assert usa[1].startswith("États-Unis · 3 points")
        break
    assert found
    # once the card is chosen (the target is fixed), its lines come flat
    state = game.setup(["a", "b"], game.validate_options({}), 1)
    seat = game.current(state)
    state["attempt"]["card"] = "usa"
    assert pres.groups(game.view(state, None), seat, [{"type": "fill", "card": "usa", "line": 2}], "en") is None
    assert pres.groups(game.view(state, None), seat, [{"type": "continue"}, {"type": "fresh"}], "en") is None


def test_hand_shows_the_standing_defence_order():
    game = GAMES["peaky_blinders"]
    pres: PeakyPresenter = presenter("peaky_blinders")  # type: ignore[assignment]
    state = game.setup(["a", "b", "c"], game.validate_options({}), 2)
    text = pres.hand(game.view(state, "a"), "a", NAMES, "en")
    assert "Defence powers" in text and "used on the first roll they improve" in text and "/peaky defence" in text
    for order, en, fr in (("save", "only to save the territory", "seulement pour sauver le territoire"),
                          ("never", "never used", "jamais utilisés")):
        state, _ = game.apply(state, "a", {"type": "defence", "order": order})  # any time, any seat
        assert en in pres.hand(game.view(state, "a"), "a", NAMES, "en")
        fr_hand = pres.hand(game.view(state, "a"), "a", NAMES, "fr")
        assert fr in fr_hand and "/peaky defense" in fr_hand
    # the hand in French: missions and powers in their French words
    fr_text = pres.hand(game.view(state, "a"), "a", NAMES, "fr")
    assert "Votre main" in fr_text and "Missions" in fr_text
    mission = state["players"]["a"]["missions"][0]["id"]
    from bot.rules import names as N

    assert N.name("peaky_blinders", "mission", mission, "fr") in fr_text


# One event of each type the engines produce, shaped as they produce it.
SAMPLES = {
    "risk_express": [
        {"type": "start_roll", "seat": "a", "dice": ["general", "cannon"], "generals": 1, "round": 1},
        {"type": "first_player", "seat": "a", "rounds": 1},
        {"type": "turn", "seat": "a", "turn": 3},
        {"type": "roll", "seat": "a", "dice": ["cannon", "soldier2"]},
        {"type": "miss", "seat": "a", "left": 4},
        {"type": "fill", "seat": "a", "card": "usa", "line": 0, "dice": ["cannon", "cavalry"]},
        {"type": "fill", "seat": "a", "card": "usa", "line": "general", "dice": ["general"]},
        {"type": "conquer", "seat": "a", "card": "usa", "from": "b", "points": 3},
        {"type": "continent", "seat": "a", "continent": "australia", "value": 3},
        {"type": "failed", "seat": "a", "card": "usa"},
        {"type": "failed", "seat": "a", "card": None},
        {"type": "may_continue", "seat": "b", "card": "usa", "from": "a"},
        {"type": "continue", "seat": "b", "card": "usa", "from": "a"},
        {"type": "fresh", "seat": "b"},
        {"type": "skipped", "seat": "a"},
        {"type": "kicked", "seat": "a"},
        {"type": "timeout", "seat": "a", "count": 1, "limit": 3},
        {"type": "game_over", "winners": ["a", "b"], "scores": {"a": 9, "b": 9}},
    ],
    "peaky_blinders": [
        {"type": "gangs", "how": "random", "gangs": {"a": "ira", "b": "sabinis"}, "neutrals": ["jewish_gang"]},
        {"type": "first_player", "seat": "a", "how": "seat_order"},
        {"type": "turn", "seat": "a", "turn": 2, "income": {"territories": 3, "regions": 0}, "reserve": 3},
        {"type": "mission_completed", "seat": "a", "mission": "camden_town", "name": "Rum", "reward": 5},
        {"type": "place", "seat": "a", "territory": "cork", "count": 1, "left": 0},
        {"type": "trade", "seat": "a", "cards": ["cork", "kerry"], "razors": 3, "members": 4},
        {"type": "power_flipped", "seat": "a", "power": "shelby_company", "result": "gain", "value": 5},
        {"type": "power_flipped", "seat": "a", "power": "winson_green", "result": "lose", "losses": {"cork": 2}},
        {"type": "power_flipped", "seat": "a", "power": "razor_caps", "result": "kept"},
        {"type": "power_played", "seat": "a", "power": "razor_caps", "effect": "attack_highest"},
        {"type": "power_played", "seat": "b", "power": "tipped_off", "effect": "defend_all"},
        {"type": "neutral", "seat": "a", "faction": "neutral:ira", "placements": {"cork": 3}},
        {"type": "attack", "seat": "a", "from": "cork", "to": "kerry", "committed": 1, "defender": "b", "defenders": 2},
        {"type": "roll", "seat": "a", "att": [6, 2], "def": [5], "att_losses": 0, "def_losses": 1,
         "committed": 2, "defenders": 1},
        {"type": "conquest", "seat": "a", "from": "cork", "to": "kerry", "loser": "b", "troops": 2},
        {"type": "attack_end", "seat": "a", "from": "cork", "to": "kerry", "result": "retreat", "returned": 1},
        {"type": "attack_end", "seat": "a", "from": "cork", "to": "kerry", "result": "repelled", "returned": 0},
        {"type": "phase", "seat": "a", "phase": "manoeuvre", "reason": "beaten"},
        {"type": "eliminated", "seat": "b", "by": "a", "cards": 2},
        {"type": "eliminated", "seat": "b", "by": "a", "cards": 0},
        {"type": "neutral_wiped", "faction": "neutral:ira", "by": "a", "cards": 3},
        {"type": "manoeuvre", "seat": "a", "from": "cork", "to": "kerry", "count": 1, "path": ["cork", "kerry"]},
        {"type": "end_turn", "seat": "a"},
        {"type": "draw", "seat": "a", "count": 1},
        {"type": "reshuffle", "deck": 20},
        {"type": "crown_roll", "seat": "a", "dice": [3, 2], "step": 2, "territory": "london", "result": "stays"},
        {"type": "crown_move", "step": 3, "territory": "london", "steps": 24},
        {"type": "defence_order", "seat": "a"},
        {"type": "skipped", "seat": "a"},
        {"type": "kicked", "seat": "a"},
        {"type": "timeout", "seat": "a", "count": 1, "limit": 3},
        {"type": "game_over", "winners": ["a"], "reason": "crown", "scores": {"a": 20, "b": 10}},
        {"type": "game_over", "winners": [], "reason": "double_six", "scores": {"a": 20, "b": 10}},
    ],
}
ACTIONS_ONLY = {"flip_power", "end_placement", "end_attack", "retreat", "play_power", "defence", "skip", "kick"}


@pytest.mark.parametrize("game_id", sorted(SAMPLES))
def test_every_event_type_has_a_line(game_id):
    pres = presenter(game_id)
    for ev in SAMPLES[game_id]:
        for lang in ("en", "fr"):
            lines = pres.narrate([ev], NAMES, lang)
            assert lines, (ev, lang)
            check_lines(lines, f"{ev['type']} {lang}")
    # every event type the engines write down is among the samples
    import inspect

    game = GAMES[game_id]
    source = "".join(inspect.getsource(cls) for cls in type(game).__mro__ if cls.__module__.startswith("bot.rules"))
    types = set(re.findall(r'\{\s*"type":\s*"(\w+)"', source))
    sampled = {e["type"] for e in SAMPLES[game_id]} | {"phase"}
    assert types - sampled - ACTIONS_ONLY == set()


def test_refusal_params_in_the_language():
    """The engines name components in English in their refusals; the presenter puts them in
    the reader's language (typed text it does not know stays as typed)."""
    from bot.i18n import t

    express = presenter("risk_express")
    params = express.localize_params({"card": "USA"}, "fr")
    assert t("re.err.own_card", "fr", **params) == "États-Unis est déjà à vous."
    assert express.localize_params({"card": "{x}"}, "fr") == {"card": "{x}"}
    pb = presenter("peaky_blinders")
    params = pb.localize_params({"gang": "The Jewish Gang", "gang_id": "jewish_gang"}, "fr")
    assert params["gang"] == "le Gang juif"
    assert pb.localize_params({"territory": "North West England"}, "fr")["territory"] == "North West England"


def test_hand_tells_which_mission_territories_count():
    """A mission territory dealt to you counts only once taken in play: the hand says so."""
    game = GAMES["peaky_blinders"]
    pres = presenter("peaky_blinders")
    for seed in range(40):
        state = game.setup(["a", "b", "c"], game.validate_options({}), seed)
        mine = {t for t, o in state["owner"].items() if o == "a"}
        wanted = {t for m in state["players"]["a"]["missions"] for t in game.data.missions[m["id"]].territories}
        if mine & wanted:
            tid = sorted(mine & wanted)[0]
            en = pres.hand(game.view(state, "a"), "a", NAMES, "en")
            assert f"{game.tname(tid)} 🟡" in en and "counts once you take it in play" in en
            assert "il compte une fois pris en cours de partie" in pres.hand(game.view(state, "a"), "a", NAMES, "fr")
            return
    raise AssertionError("no deal gave a mission territory")
