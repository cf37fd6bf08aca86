"""Zombie Town's presenter: every event the engine writes has its line in English and French,
every action of random games narrates, secrets stay out of the channel (and reach their owner),
buttons show nothing of a hand, and the autocomplete offers exactly what is legal, with the way."""

from __future__ import annotations

import inspect
import random
import re

import pytest

from bot.games import presenter
from bot.games.choices import complete
from bot.games.zombie_town import words as W
from bot.i18n import t
from bot.rules import GAMES
from bot.rules.events import events_for

game = GAMES["zombie_town"]
pres = presenter("zombie_town")
NAMES = {"a": "Alice", "b": "Bob", "c": "Carol"}
LEFT = re.compile(r"\{[a-z_]+\}")


def check(lines: list[str], where: str) -> None:
    assert lines, where
    for line in lines:
        assert line.strip() and not LEFT.search(line), (where, line)
        assert "None" not in line and "<@" not in line and "zt." not in line, (where, line)


def games(seeds=(1, 2, 3), seats=("a", "b", "c"), road_rage=True, steps=900):
    for seed in seeds:
        rnd = random.Random(seed)
        state, opening = game.start(list(seats), {"road_rage": road_rage}, seed)
        yield None, None, opening, state
        for _ in range(steps):
            if game.outcome(state) is not None:
                break
            seat = game.to_act(state)[0]
            action = game.random_action(state, seat, rnd.randrange)
            state, events = game.apply(state, seat, action)
            yield seat, action, events, state


@pytest.mark.parametrize("road_rage", [True, False])
def test_every_action_reads_in_both_languages_and_keeps_secrets(road_rage):
    seen = set()
    for seat, action, events, state in games(road_rage=road_rage):
        for lang in ("en", "fr"):
            lines = pres.narrate(events, NAMES, lang)
            check(lines, f"{action} {lang}")
        text = "\n".join(pres.narrate(events, NAMES, "en"))
        for ev in events:
            seen.add(ev["type"])
            for part in (ev.get("private") or {}).values():
                secret = part.get("card") or part.get("key")
                if secret and ev["type"] == "found":
                    assert f"finds {W.card_name(secret)}" not in text
                if ev["type"] == "key_taken":
                    assert W.car_name(part["key"]) not in text
        if seat is not None:
            mine = pres.private(events, game.view(state, seat), seat, "fr")
            owned = [e for e in events_for(events, seat) if e.get("mine")]
            assert bool(mine) >= bool(owned)
            for other in NAMES:
                if other != seat:
                    assert not [e for e in events_for(events, other) if e.get("mine") and e.get("seat") == seat]
        pub = game.view(state, None)
        check([pres.status(pub, NAMES, "fr")], "status")
    assert {"moved", "search", "zombie_fight", "turn", "day", "game_over"} <= seen


SAMPLES = [
    {"type": "first_player", "seat": "a"}, {"type": "bases", "bases": {"a": "a", "b": "e"}},
    {"type": "deal", "deal": 6, "keep": 3, "seat": "a"}, {"type": "deal_discard", "seat": "a", "left": 4},
    {"type": "turn", "seat": "a", "turn": 3, "day": 2},
    {"type": "respawn", "seat": "a", "node": "a", "character": None, "health": 3},
    {"type": "moved", "seat": "a", "path": ["B4", "a"], "free": False},
    {"type": "search", "seat": "a", "house": "a", "left": 1},
    {"type": "found", "seat": "a", "private": {"a": {"card": "pistol_1"}}},
    {"type": "found_discarded", "seat": "a", "card": "water_1"},
    {"type": "event_card", "seat": "a", "card": "horde_1", "effect": "horde", "value": 2},
    {"type": "horde", "node": "B4", "count": 2}, {"type": "jammed", "seat": "a", "weapon": "pistol_1", "ammo": 1},
    {"type": "deck_empty", "seat": "a"},
    {"type": "encounter", "seat": "a", "node": "E5", "zombies": 2, "in_car": None},
    {"type": "encounter", "seat": "a", "node": "E5", "zombies": 6, "in_car": "a"},
    {"type": "encounter_over", "seat": "a"},
    {"type": "zombie_fight", "seat": "a", "node": "E5", "fighter": "survivor_3", "weapon": "pistol_2", "cards": [2, 5],
     "kept": 5, "bonus": 1, "total": 6, "strength": 4, "won": True, "reaction": True},
    {"type": "guard_fight", "house": "a", "owner": "b", "fighter": "survivor_2", "weapon": None, "cards": [1],
     "kept": 1, "bonus": 0, "total": 1, "strength": 4, "won": False},
    {"type": "player_fight", "seat": "a", "target": "b", "shooting": True,
     "attacker": {"fighter": "self", "weapon": "rifle_1", "cards": [3], "kept": 3, "bonus": 1, "total": 4},
     "defender": {"fighter": "self", "weapon": None, "cards": [4], "kept": 4, "bonus": 0, "total": 4}, "winner": None},
    {"type": "player_fight", "seat": "a", "target": "survivor_4", "shooting": False,
     "attacker": {"fighter": "self", "weapon": "bat_1", "cards": [6], "kept": 6, "bonus": 1, "total": 7},
     "defender": {"fighter": "survivor_4", "weapon": None, "cards": [1], "kept": 1, "bonus": 0, "total": 1},
     "winner": "a"},
    {"type": "zombies_collected", "seat": "a", "node": "E5", "count": 2, "how": "car"},
    {"type": "wounded", "seat": "a", "damage": 1, "health": 1},
    {"type": "died", "seat": "a", "node": "E5", "character": "coach", "discarded": ["starting_gun_1"]},
    {"type": "survivor_lost", "seat": "a", "card": "survivor_1"}, {"type": "guard_killed", "house": "a", "card": "x"},
    {"type": "fled", "seat": "a", "from": "E5", "to": "E7", "pay": "survivor_1"},
    {"type": "fled", "seat": "a", "from": "E5", "to": "E7", "pay": "damage", "reaction": True},
    {"type": "equipped", "seat": "a", "card": "chainsaw_1"},
    {"type": "reloaded", "seat": "a", "weapon": "pistol_1", "ammo": 4}, {"type": "healed", "seat": "a", "health": 3},
    {"type": "recruited", "seat": "a", "card": "survivor_1"},
    {"type": "armed", "seat": "a", "survivor": "survivor_1", "weapon": "bat_2"},
    {"type": "barricaded", "seat": "a", "house": "a", "count": 1},
    {"type": "guard_placed", "seat": "a", "house": "a", "card": "survivor_1"},
    {"type": "barricade_broken", "house": "a", "by": "zombie", "left": 0},
    {"type": "barricade_broken", "house": "a", "by": "collapse", "left": 1},
    {"type": "barricade_broken", "house": "a", "by": "b", "left": 2},
    {"type": "house_claimed", "seat": "a", "house": "b", "from": "b"},
    {"type": "house_claimed", "seat": "a", "house": "b", "from": None},
    {"type": "house_lost", "seat": "b", "house": "b"},
    {"type": "dropped", "seat": "a", "weapon": "pistol_1", "kind": "pistol"},
    {"type": "order_set", "seat": "a", "private": {"a": {"order": "flee"}}},
    {"type": "zombie_phase", "seat": "a", "moves": 3}, {"type": "zombie_moved", "seat": "a", "from": "E5", "to": "E6"},
    {"type": "zombies_rise", "day": 3, "squares": {"G6": 2}, "box": 40}, {"type": "day_end", "day": 2},
    {"type": "day", "day": 3},
    {"type": "game_over", "winners": ["a", "b"], "scores": {"a": 9, "b": 9},
     "detail": {"a": {"houses": 3, "zombies": 6, "total": 9}, "b": {"cars": 1, "agendas": 8, "total": 9}}},
    {"type": "game_over", "winners": ["a"], "scores": {"a": 9, "b": 2}},
    {"type": "key_taken", "seat": "a", "house": "c", "private": {"a": {"key": "f"}}},
    {"type": "car_entered", "seat": "a", "car": "a", "node": "C4"},
    {"type": "car_left", "seat": "a", "car": "a", "node": "C4"},
    {"type": "drove", "seat": "a", "car": "a", "path": ["C5", "C6", "D6"], "heading": "SE", "run_over": 2,
     "damage": 3, "free": True},
    {"type": "car_broken", "car": "a", "node": "D6"},
    {"type": "agenda_drawn", "seat": "a", "private": {"a": {"card": "valet_1"}}},
    {"type": "agenda_duplicate", "seat": "a", "card": "valet_2"},
    {"type": "agenda_completed", "seat": "a", "card": "landlord_1", "objective": 1, "value": 5},
    {"type": "agenda_redraw", "seat": "a", "draw": False}, {"type": "agenda_redraw", "seat": "a", "draw": True},
    {"type": "agenda_discarded", "seat": "a", "card": "bully_1", "draw": True},
    {"type": "skipped", "seat": "a"}, {"type": "kicked", "seat": "a"},
    {"type": "timeout", "seat": "a", "count": 1, "limit": 3},
]


def test_every_event_type_has_a_line():
    for ev in SAMPLES:
        for lang in ("en", "fr"):
            check(pres.narrate([ev], NAMES, lang), f"{ev['type']} {lang}")
    source = "".join(inspect.getsource(m) for m in _engine_modules())
    types = set(re.findall(r'\{\s*"type":\s*"(\w+)"', source))
    actions = set(game.action_schema())
    assert types - actions - {e["type"] for e in SAMPLES} == set()


def _engine_modules():
    import bot.rules.zombie_town as pkg
    from bot.rules.zombie_town import actions, agendas, cars, combat, core, flow, zombies
    from bot.rules.zombie_town import game as g
    return [pkg, actions, agendas, cars, combat, core, flow, zombies, g]


def test_lines_say_what_happened():
    line = pres.narrate([SAMPLES[[e["type"] for e in SAMPLES].index("drove")]], NAMES, "en")[0]
    assert line.startswith("🚗 Alice drives the Maple Lodge car (free move): C5 → C6 → D6.")
    assert "runs over 2 zombies (damage 3/4)" in line and "Parked on the door of Rose Villa" in line
    fr = pres.narrate([{"type": "moved", "seat": "a", "path": ["B4", "a"], "free": False}], NAMES, "fr")[0]
    assert fr == "🚶 Alice marche : B4 → Villa des Érables."
    fight = [e for e in SAMPLES if e["type"] == "zombie_fight"]
    assert pres.narrate(fight, NAMES, "en")[0] == (
        "⚔️ Alice's survivor 3 with Pistol draws [2] [5] keeps 5 +1 = 6 against 4: the zombie at E5 is killed!")
    # the zombies a player moves read as one line
    moves = [{"type": "zombie_moved", "seat": "a", "from": "E5", "to": "E6"},
             {"type": "zombie_moved", "seat": "a", "from": "G6", "to": "F6"}]
    assert pres.narrate(moves, NAMES, "en") == ["🧟 Alice moves 2 zombies: E5→E6, G6→F6."]


def test_zombie_moves_read_as_each_zombie_s_path_and_count_zombies():
    """Five steps of one zombie are one zombie walking five squares, not five zombies; a step
    from where another step of the line ended is that zombie walking on."""
    walk = ["J11", "K11", "K10", "K9", "K8", "K7"]
    moves = [{"type": "zombie_moved", "seat": "a", "from": a, "to": b} for a, b in zip(walk[:-1], walk[1:], strict=True)]
    assert pres.narrate(moves, NAMES, "en") == ["🧟 Alice moves a zombie: J11→K11→K10→K9→K8→K7."]
    assert pres.narrate(moves, NAMES, "fr") == ["🧟 Alice déplace un zombi : J11→K11→K10→K9→K8→K7."]
    two = [{"type": "zombie_moved", "seat": "a", "from": a, "to": b}
           for a, b in (("E5", "E6"), ("G6", "F6"), ("E6", "E7"), ("F6", "F5"))]
    assert pres.narrate(two, NAMES, "en") == ["🧟 Alice moves 2 zombies: E5→E6→E7, G6→F6→F5."]
    assert pres.narrate(two, NAMES, "fr") == ["🧟 Alice déplace 2 zombis : E5→E6→E7, G6→F6→F5."]


def test_a_walk_and_a_drive_read_from_the_square_they_started_on():
    """« Cat walks: B13 → A13 » left out where she started: the whole path, from the start."""
    from bot.rules.zombie_town.core import geo
    from tests.rules.zombie_town.zt_helpers import act, clear_zombies, me, put, started

    state = started()
    clear_zombies(state)
    seat = me(state)
    put(state, seat, "C13")
    after, events = act(state, {"type": "move", "to": "A13"})
    names = {seat: "Cat"}
    assert pres.narrate(events, names, "en")[0] == "🚶 Cat walks: C13 → B13 → A13."
    assert pres.narrate(events, names, "fr")[0] == "🚶 Cat marche : C13 → B13 → A13."
    car = state["players"][seat]["base"]
    start = state["cars"][car]["pos"]
    put(after, seat, start)
    after["actions"] = 3
    after, _ = act(after, {"type": "enter_car"})
    dest = next(sq for sq in sorted(geo().squares) if any(f["type"] == "drive" and sq in f["to"]
                                                          for f in game.legal_actions(after, seat)))
    after, events = act(after, {"type": "drive", "to": dest})
    drove = next(e for e in events if e["type"] == "drove")
    line = pres.narrate([drove], names, "en")[0]
    assert f": {start} → " in line and line.split(": ", 1)[1].startswith(" → ".join([start, *drove["path"]])), line


def test_a_drive_into_a_driveway_says_it_bars_that_way_in():
    ev = {"type": "drove", "seat": "a", "car": "b", "from": "C6", "path": ["C5", "C4"], "heading": "N",
          "run_over": 0, "damage": 0, "free": False}
    assert pres.narrate([ev], NAMES, "en")[0].endswith(": C6 → C5 → C4. In the driveway of Maple Lodge: "
                                                      "no zombie gets in that way.")
    assert "Garée dans l'allée de Villa des Érables" in pres.narrate([ev], NAMES, "fr")[0]
    assert "stands in the driveway of Maple Lodge" in pres._drive_label("C4", (0, ["C5", "C4"], "N"), "en")


def test_secrets_reach_their_owner_only():
    found = {"type": "found", "seat": "a", "private": {"a": {"card": "pistol_1"}}}
    assert "Pistol" not in "\n".join(pres.narrate([found], NAMES, "en"))
    state, _ = game.start(["a", "b", "c"], {}, 3)
    assert pres.private([found], game.view(state, "a"), "a", "en") == ["🃏 You find **Pistol** (Pistol (+1, 3 bullets))."]
    assert pres.private([found], game.view(state, "b"), "b", "en") == []
    order = {"type": "order_set", "seat": "a", "private": {"a": {"order": "flee"}}}
    assert "flee" not in " ".join(pres.narrate([order], NAMES, "en")).lower()
    assert "fuir" in pres.private([order], game.view(state, "a"), "a", "fr")[0]


def test_buttons_show_no_card_of_a_hand_and_fit_discord():
    for _seat, _action, _events, state in games(seeds=(4,), steps=400):
        if game.outcome(state) is not None:
            break
        cur = game.to_act(state)[0]
        pub = game.view(state, None)
        legal = game.legal_actions(state, cur)
        hand = set(state["players"][cur]["hand"])
        for b in pres.buttons(pub, cur, legal):
            assert b["type"] not in ("discard", "equip", "reload", "heal", "recruit", "barricade", "agenda_discard")
            assert not hand & {v for v in b.values() if isinstance(v, str)}
            code = pres.encode(b)
            assert pres.decode(code) == b and len(f"gm:123456:9999:{code}") <= 100
            assert 0 < len(pres.action_label(b, pub, "fr")) <= 80
        groups = pres.groups(pub, cur, pres.buttons(pub, cur, legal), "en") or []
        assert len(groups) <= 5


def test_autocomplete_offers_what_is_legal_with_the_way():
    for _seat, _action, _events, state in games(seeds=(5,), steps=300):
        if game.outcome(state) is not None:
            break
        cur = game.to_act(state)[0]
        legal = game.legal_actions(state, cur)
        view = game.view(state, cur)
        walks = {n for f in legal if f["type"] == "move" for n in f["to"]}
        got = complete(pres.choices, "move", "to", legal, view, {}, "", "en", NAMES)
        assert {v for _l, v in got} == set(list(sorted(walks))[:25]) or len(walks) > 25
        for label, value in got:
            assert ("free move" in label or "1 action" in label) and W.node_name(value) in label
        drives = {n for f in legal if f["type"] == "drive" for n in f["to"]}
        got = complete(pres.choices, "drive", "to", legal, view, {}, "", "fr", NAMES)
        assert {v for _l, v in got} <= drives
        cards = {c for f in legal if f["type"] in ("equip", "reload", "heal", "recruit", "barricade")
                 for c in f["card"]}
        got = complete(pres.choices, "card", "card", legal, view, {}, "", "en", NAMES)
        assert {v for _l, v in got} == cards


def test_refusal_params_in_the_language():
    params = pres.localize_params({"node": "a", "phase": "move the zombies"}, "fr")
    assert params == {"node": "Villa des Érables", "phase": "déplacer les zombis"}
    assert t("zt.err.unreachable", "fr", **pres.localize_params({"node": "E5"}, "fr")) == \
        "Vous ne pouvez pas atteindre E5 d'où vous êtes."


def test_typed_places_resolve():
    assert W.resolve_node("e5") == "E5" and W.resolve_node("rose") == "e" and W.resolve_node("Villa des Roses") == "e"
    assert W.resolve_node("villa") is None and W.resolve_node("Q99") is None and W.resolve_node("") is None
