"""A refusal reads whole in the member's language, whatever the player typed."""

from __future__ import annotations

import pytest

from bot.discord_ui import errors
from bot.rules import GAMES, RuleError
from bot.service import UserError

express = GAMES["risk_express"]


def refusal(action: dict, lang: str) -> str:
    state = express.setup(["a", "b"], {}, 3)
    seat = express.current(state)
    with pytest.raises(RuleError) as info:
        express.apply(state, seat, action)
    return errors.refusal_text(UserError.from_rule(info.value), lang, "risk_express")


def test_a_malformed_move_is_explained_in_one_language():
    fr = refusal({"type": "fill", "card": "usa", "line": 99}, "fr")
    en = refusal({"type": "fill", "card": "usa", "line": 99}, "en")
    assert fr != en and "{" not in fr and "{" not in en
    assert "ligne" in fr and "line" not in fr.replace("ligne", "")
    assert "line" in en


@pytest.mark.parametrize("typed", ["{x}", "{0}", "{", "x" * 5000])
def test_typed_text_never_breaks_a_refusal(typed):
    for lang in ("en", "fr"):
        text = refusal({"type": "fill", "card": typed, "line": 1}, lang)
        assert text.startswith("⛔") and len(text) <= 2000
        text = errors.refusal_text(UserError("err.unknown_game", "Unknown game '{game}'.", game=typed), lang)
        assert len(text) <= 2000 and "wrong" not in text
