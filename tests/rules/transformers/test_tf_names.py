"""Leaders and upgrades have names in both languages through ``bot.rules.names`` (the French
board and texts show names, never ids)."""

from __future__ import annotations

import bot.rules as rules
import bot.rules.names as names
from bot.rules.transformers import GAME


def _forget() -> None:
    for fn in (names._english, names._french, names._index, names._starts):
        fn.cache_clear()


def test_leader_and_upgrade_are_kinds_of_names() -> None:
    assert {"leader", "upgrade"} <= set(names.KINDS)


def test_french_leader_names_come_from_the_french_table_registered_or_not() -> None:
    _forget()
    try:
        for lid, lead in GAME.data.leaders.items():
            assert names.name("transformers", "leader", lid, "fr") == lead.raw.get("name_fr", lead.name)
            assert names.name("transformers", "leader", lid, "fr") != lid
    finally:
        _forget()


def test_registered_the_game_gives_every_leader_and_upgrade_its_names(monkeypatch) -> None:
    monkeypatch.setitem(rules.GAMES, "transformers", GAME)
    _forget()
    try:
        for uid, up in GAME.data.upgrades.items():
            assert names.name("transformers", "upgrade", uid, "en") == up.name
            french = names.name("transformers", "upgrade", uid, "fr")
            assert french == up.raw.get("name_fr", up.name) and french != uid
        assert names.name("transformers", "upgrade", "mass_production", "fr") == "Production de masse"
        assert names.resolve("transformers", "upgrade", "production de") == "mass_production"
        assert names.resolve("transformers", "leader", "optimus") == "optimus_prime"
        for lid, lead in GAME.data.leaders.items():
            assert names.name("transformers", "leader", lid, "en") == lead.name
    finally:
        _forget()
