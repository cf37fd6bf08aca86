"""The Walking Dead's presenter (bot/games/walking_dead): every event of seeded games reads as
a line in both languages, battles show their dice with the modifiers, crate values and standing
orders reach only their owner, and every refusal key of the engine has its catalog text."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from bot.games.walking_dead import PRESENTER as P
from bot.rules.walking_dead import GAME
from bot.rules.walking_dead.messages import DETAILS, WD_MESSAGES

ROOT = Path(__file__).resolve().parents[2]


def _play(mode: str, n: int, seed: int, steps: int = 250):  # noqa: ANN202
    seats = [f"s{i}" for i in range(n)]
    state = GAME.start(seats, {"mode": mode}, seed)
    state = state[0] if isinstance(state, tuple) else state
    pick = random.Random(seed).randrange
    for _ in range(steps):
        if GAME.outcome(state):
            return
        seat = GAME.to_move(state)
        action = GAME.random_action(state, seat, pick)
        if action is None:
            return
        state, events = GAME.apply(state, seat, action)
        yield state, seat, action, events


@pytest.mark.parametrize("mode,n", [("survival", 2), ("conquest", 4)])
def test_every_move_is_narrated_in_both_languages_without_secrets(mode: str, n: int) -> None:
    names = {f"s{i}": f"P{i}" for i in range(n)}
    for _state, _seat, action, events in _play(mode, n, 5):
        for lang in ("en", "fr"):
            lines = P.narrate(events, names, lang)
            assert lines, (action, events)
            text = "\n".join(lines)
            assert "wd.ev." not in text and "{" not in text, text
            assert "🔒" not in text  # private lines never go to the channel


def test_a_battle_shows_its_dice_and_modifiers() -> None:
    ev = {"type": "roll", "seat": "s0", "defender": "walkers", "from": "a", "to": "b", "att": [4, 6], "def": [5, 3],
          "att_losses": 1, "def_losses": 1, "committed": 1, "defenders": 1, "att_mod": 1, "turning": [2], "turned": 1}
    en = P.narrate([ev], {"s0": "Alice"}, "en")[0]
    assert "[6+1] [4+1]" in en and "6+1 > 5" in en and "4+1 > 3" in en
    assert "attacker −1, defender −1" in en and "1 turned" in en
    fr = P.narrate([ev], {"s0": "Alice"}, "fr")[0]
    assert "les rôdeurs" in fr and "1 se transforme" in fr


def test_crates_and_orders_only_to_their_owner() -> None:
    ev = {"type": "crates", "seat": "s0", "count": 2, "why": "conquest", "held": 2,
          "private": {"s0": {"crates": ["a01", "a30"]}}}
    public = "\n".join(P.narrate([ev], {"s0": "Alice"}, "en"))
    assert "worth" not in public and "2 ammunition crates" in public
    assert P.private([ev], {}, "s0", "en") == ["🔒 Your new crates: a crate worth 1, a crate worth 2."]
    assert P.private([ev], {}, "s1", "en") == []
    order = {"type": "defence_order", "seat": "s1", "private": {"s1": {"orders": {"dice": "one", "grenade": "never"}}}}
    assert P.private([order], {}, "s1", "fr") == ["🔒 Votre ordre de défense permanent : défendre avec un dé, "
                                                   "ne jamais lancer de grenade."]
    assert P.private([order], {}, "s0", "fr") == []


def test_hand_tells_the_crates_and_the_standing_order() -> None:
    view = {"you": {"seat": "s0", "crates": [{"id": "a01", "ammo": 1}], "ammo": 1, "grenades": 2,
                    "orders": {"dice": "most", "grenade": "save"}}}
    assert P.hand(view, "s0", {}, "en") == ("Your crates: a crate worth 1 (ammunition 1). Grenades: 2. "
                                           "Standing defence order: defend with the most dice, throw a grenade only to save the territory.")


def test_every_refusal_key_has_its_text_in_both_catalogs() -> None:
    used = set()
    for path in (ROOT / "bot" / "rules" / "walking_dead").glob("*.py"):
        used |= set(re.findall(r"wd\.(?:err|malformed)\.[a-z_]+", path.read_text(encoding="utf-8")))
    assert used and used <= set(WD_MESSAGES) | set(DETAILS)
    for lang in ("en", "fr"):
        catalog = json.loads((ROOT / "bot/games/walking_dead/locales" / f"{lang}.json").read_text(encoding="utf-8"))
        assert used <= set(catalog), sorted(used - set(catalog))


def test_the_platform_moves_are_told() -> None:
    names = {"s0": "Alice", "s1": "Bob"}
    assert P.narrate([{"type": "skipped", "seat": "s0"}], names, "en") == ["⏭️ Alice's turn was skipped by a moderator."]
    assert P.narrate([{"type": "kicked", "seat": "s1"}], names, "en") == ["🚪 Bob was removed from the game by a moderator."]
    timeout = {"type": "timeout", "seat": "s1", "count": 1, "limit": 3}
    assert P.narrate([timeout], names, "en") == ["⏰ Bob's time ran out (1/3): their turn was played for them."]
    lines = P.narrate([timeout, {"type": "defend", "seat": "s1", "to": "mall", "dice": 2,
                                 "private": {"s1": {"grenade": "save"}}}], names, "fr")
    assert lines == ["⏰ Le temps de Bob est écoulé (1/3) : son ordre de défense permanent s'applique.",
                     "Bob défend Centre commercial avec 2 dés."], lines
