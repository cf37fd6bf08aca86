"""How each game reads in Discord: narration, button labels, status, rules, secrets.

The rules engines stay language-free; a presenter turns their events and views into
catalog strings for one locale. One presenter per game id.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from bot.i18n import t


class Presenter:
    """Defaults shared by every game; a game overrides what it shows differently."""

    game_id = ""

    def encode(self, action: dict[str, Any]) -> str:
        """A compact, stable text for a button's custom id (≤ 60 characters)."""
        return json.dumps(action, separators=(",", ":"), sort_keys=True)

    def decode(self, code: str) -> dict[str, Any]:
        return json.loads(code)

    def buttons(self, state: dict[str, Any], seat: str, legal: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The legal actions offered as buttons (the rest go through slash commands)."""
        return legal

    def narrate(self, events: list[dict[str, Any]], names: dict[str, str], locale: Any) -> list[str]:
        return []

    def action_label(self, action: dict[str, Any], state: dict[str, Any], locale: Any) -> str:
        return action["type"]

    def status(self, state: dict[str, Any], names: dict[str, str], locale: Any) -> str:
        return ""

    def prompt(self, state: dict[str, Any], names: dict[str, str], locale: Any) -> str:
        return ""

    def hand(self, state: dict[str, Any], seat: str, names: dict[str, str], locale: Any) -> str:
        return t("hand.none", locale)

    def rules(self, locale: Any) -> str:
        return t(f"rules.{self.game_id}", locale)

    def name(self, locale: Any) -> str:
        return t(f"game.{self.game_id}", locale)


@cache
def presenter(game_id: str) -> Presenter:
    from bot.games.risk_express import RiskExpressPresenter

    table: dict[str, Presenter] = {"risk_express": RiskExpressPresenter()}
    try:
        from bot.games.peaky_blinders import PeakyPresenter

        table["peaky_blinders"] = PeakyPresenter()
    except ImportError:
        pass
    return table.get(game_id, Presenter())
