"""The Risk Transformers presenter (bot/games/transformers): every engine event narrated in both
languages without a raw key, hands only in the owner's and teammate's views, every refusal in
the catalogs, French leader names."""

from __future__ import annotations

import re

import pytest

from bot.games.transformers import PRESENTER as P
from bot.games.transformers.text import cname, dice
from bot.i18n import text_of
from bot.rules.ai import RandomPolicy
from bot.rules.events import events_for
from bot.rules.play import play_out
from bot.rules.transformers import GAME
from bot.rules.transformers.messages import TF_DETAILS, TF_MESSAGES

RAW = re.compile(r"\btf\.[a-z_]+\.[a-z_.]+")
NAMES = {"0": "Ann", "1": "Bob", "2": "Cid", "3": "Dee"}


def _games(players: int, seed: int):
    p = play_out(GAME, [str(i) for i in range(players)], seed, RandomPolicy())
    yield p.start[1] if isinstance(p.start, tuple) else []
    for step in p:
        yield step.events


@pytest.mark.parametrize("players, seed", [(2, 1), (4, 2)])
def test_every_event_of_a_game_is_narrated_in_both_languages(players: int, seed: int) -> None:
    told = set()
    for events in _games(players, seed):
        for lang in ("en", "fr"):
            lines = P.narrate(events, NAMES, lang)
            assert lines or not events
            for line in lines:
                assert not RAW.search(line), line
                assert "{" not in line, line
        told |= {e["type"] for e in events}
    assert {"turn", "attack", "roll", "game_over"} <= told


def test_a_battle_shows_d8_and_modified_dice() -> None:
    assert dice([3, 7], [6, 8], [3, 8]) == "[3] [7→8]d8"
    line = P.narrate([{"type": "roll", "seat": "0", "defender": "1", "from": "a", "to": "b", "att": [3, 5],
                       "def": [6], "att_sides": [6, 6], "def_sides": [8], "att_final": [3, 5], "def_final": [7],
                       "att_losses": 1, "def_losses": 0, "def_leader": "optimus_prime", "att_leader": None,
                       "att_leader_lost": None, "def_leader_lost": None, "att_escaped": None,
                       "def_escaped": None}], NAMES, "en")
    assert "[6→7]d8" in line[0] and "[3] [5]" in line[0]


def test_cards_drawn_stay_private_and_teammates_share_hands() -> None:
    state, _ = GAME.start(["0", "1", "2", "3"], {}, 7)
    ev = [{"type": "draw", "seat": "0", "count": 1, "private": {"0": {"cards": ["kaon"]}}}]
    public = " ".join(P.narrate(ev, NAMES, "en"))
    assert "Kaon" not in public and "draws a card" in public
    mine = P.private(ev, GAME.view(state, "0"), "0", "en")
    assert mine and "Kaon" in mine[0]
    assert P.private(ev, GAME.view(state, "1"), "1", "en") == []
    hand = P.hand(GAME.view(state, "0"), "0", NAMES, "fr")
    assert "Votre main" in hand and "Cid" in hand  # the teammate sits opposite
    state["players"]["2"]["hand"] = ["kaon"]  # a hand as a later state holds it (test-local state)
    hand = P.hand(GAME.view(state, "0"), "0", NAMES, "en")
    assert "Kaon" in hand and "Kaon" not in P.hand(GAME.view(state, "1"), "1", NAMES, "en")


def test_every_refusal_and_detail_is_in_both_catalogs() -> None:
    for key in [*TF_MESSAGES, *TF_DETAILS]:
        for lang in ("en", "fr"):
            assert text_of(key, lang), (key, lang)
    assert text_of("tf.err.jump", "fr") != TF_MESSAGES["tf.err.jump"]


def test_leaders_have_french_names_and_status_reads_them() -> None:
    assert all(cname("leader", lid, "en") != lid for lid in GAME.data.leaders)
    state, _ = GAME.start(["0", "1"], {}, 3)
    for lang in ("en", "fr"):
        text = P.status(GAME.view(state, None), NAMES, lang)
        assert "Optimus Prime" in text or "Megatron" in text
        assert not RAW.search(text)
        assert P.prompt(GAME.view(state, None), NAMES, lang)


def test_buttons_round_trip() -> None:
    state, _ = GAME.start(["0", "1"], {}, 3)
    seat = GAME.to_act(state)[0]
    for action in P.buttons(GAME.view(state, None), seat, GAME.legal_actions(state, seat)):
        assert P.decode(P.encode(action)) == action
        assert P.action_label(action, GAME.view(state, None), "fr")


def test_narration_reads_the_public_events_only() -> None:
    ev = [{"type": "stance", "seat": "0", "private": {"0": {"dice": 1, "leader": False, "lose": "first"}}}]
    assert events_for(ev, None)
    assert not any("1 d" in line for line in P.narrate(ev, NAMES, "en"))
    assert P.private(ev, {}, "0", "fr")


def _attack_state():
    import random

    rnd = random.Random(3)
    state, _ = GAME.start(["0", "1"], {}, 7)
    while True:
        seat = GAME.to_act(state)[0]
        legal = GAME.legal_actions(state, seat)
        if any(f["type"] == "attack" for f in legal):
            return state, seat, legal
        state, _ = GAME.apply(state, seat, GAME.random_action(state, seat, rnd.randrange))


def test_autocomplete_offers_only_legal_open_zones() -> None:
    from bot.games.choices import complete

    state, seat, legal = _attack_state()
    view = GAME.view(state, seat)
    closed = {z for z, is_open in view["transformers"]["open"].items() if not is_open}
    froms = complete(P.choices, "attack", "from", legal, view, {}, "", "fr", NAMES)
    legal_from = {f["from"] for f in legal if f["type"] == "attack"}
    assert froms and {v for _, v in froms} <= legal_from and not closed & {v for _, v in froms}
    src = froms[0][1]
    tos = complete(P.choices, "attack", "to", legal, view, {"from": src}, "", "en", NAMES)
    assert tos and all(any(f["type"] == "attack" and f["from"] == src and f["to"] == v for f in legal)
                       for _, v in tos)
    assert all("(" in label for label, _ in tos)
    robots = complete(P.choices, "attack", "robots", legal, view, {"from": src}, "", "en", NAMES)
    assert robots and all(isinstance(v, int) for _, v in robots)
    assert P.territory(cname("territory", src, "fr")) == src
    assert P.territory("zzz-nowhere") is None


def test_odds_of_the_dice_really_rolled_in_words() -> None:
    from fractions import Fraction

    from bot.games.transformers.text import odds_text

    state, seat, legal = _attack_state()
    form = next(f for f in legal if f["type"] == "attack")
    action = {"type": "attack", "from": form["from"], "to": form["to"], "count": form["count"]["max"],
              "leader": False}
    odds = GAME.attack_odds(state, seat, action)
    assert sum(odds.values()) == 1
    text = odds_text(odds, "fr")
    assert text.startswith("🎲 Ce lancer") and text.count("%") == len(odds)
    assert odds_text({(0, 1): Fraction(5, 12), (1, 0): Fraction(7, 12)}, "en") == (
        "🎲 This roll: you −0, defender −1: 41.7% · you −1, defender −0: 58.3%")


def test_rare_events_read_in_both_languages() -> None:
    events = [
        {"type": "backup", "seat": "0", "card": "kaon", "from": "kaon", "to": "vos", "count": 2, "path": []},
        {"type": "transform", "seat": "0", "zone": "decagon", "card": "kaon", "open": False,
         "crushed": {"seat": "1", "robots": 3, "leader": "megatron"}},
        {"type": "eliminated", "seat": "1", "by": "0", "cards": 2},
        {"type": "reshuffle", "deck": 30},
        {"type": "revive", "seat": "1", "leader": "megatron", "territory": "kaon", "mode": "vehicle", "cost": 3,
         "left": 2},
        {"type": "kicked", "seat": "2"},
        {"type": "game_over", "winners": ["0"], "reason": "elimination", "scores": {}, "sides": {}, "day": 3},
    ]
    for lang in ("en", "fr"):
        lines = P.narrate(events, NAMES, lang)
        assert len(lines) == len(events), lines
        assert not any(RAW.search(x) or "{" in x for x in lines), lines
    en = P.narrate(events, NAMES, "en")
    assert "3 robots" in en[1] and "Megatron" in en[1] and "Bob is out" in en[2]


def test_the_odds_say_which_dice_are_thrown_with_their_modifiers() -> None:
    """/tf odds names the dice the odds count (a leader's d8 first) and what cards and leaders
    add, in both languages."""
    from fractions import Fraction

    from bot.games.transformers.text import odds_text

    odds = {(0, 1): Fraction(5, 12), (1, 0): Fraction(7, 12)}
    dice = {"att": [8, 6, 6], "def": [6, 6], "att_mods": {"all": 0, "highest": 0, "bonus": 1},
            "def_mods": {"all": 1, "highest": 0, "bonus": 0}}
    en = odds_text(odds, "en", dice)
    assert en.splitlines()[0] == "Your dice: d8 d6 d6 (+1 on one die) against d6 d6 (+1 on each die)"
    assert en.splitlines()[1] == odds_text(odds, "en")
    fr = odds_text(odds, "fr", dice)
    assert fr.splitlines()[0] == "Vos dés : d8 d6 d6 (+1 sur un dé) contre d6 d6 (+1 sur chaque dé)"
