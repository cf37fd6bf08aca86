"""The /tf cog (bot/discord_ui/games/transformers.py), before registration: every autocompleted
option is one the presenter declares, and typed names are parsed (or refused) at the door."""

from __future__ import annotations

import pytest

from bot.discord_ui.games import transformers as cog
from bot.games.transformers import PRESENTER
from bot.games.transformers.text import card_name
from bot.service import UserError


def leaves() -> list:
    """Every /tf command, its groups' included (/tf leader flip…)."""
    out = []
    for command in cog.TfCog.__cog_app_commands__:
        out += list(command.commands) if hasattr(command, "commands") else [command]
    return out


def test_every_autocomplete_is_declared_by_the_presenter() -> None:
    seen = 0
    for command in leaves():
        for param in command.parameters:
            if not param.autocomplete:
                continue
            key = {"odds": "attack"}.get(command.name, command.name)
            assert key in PRESENTER.choices, command.name
            assert param.display_name in PRESENTER.choices[key].options, (command.name, param.display_name)
            seen += 1
    assert seen >= 15
    assert {"attack", "odds", "stance", "defence", "transform", "flip", "move"} <= {c.name for c in leaves()}
    assert len(leaves()) == 21


def test_typed_names_are_parsed_or_refused() -> None:
    assert cog.zone_of("kaon") == "kaon"
    assert cog.zone_of("KAON") == "kaon"
    with pytest.raises(UserError):
        cog.zone_of("nowhere at all")
    card = next(iter(cog.engine().data.cards))
    assert cog.card_of(card_name(card, "fr")) == card
    assert cog.card_of(card) == card
    with pytest.raises(UserError):
        cog.card_of("no such card")
