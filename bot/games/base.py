"""The presenter base every game's presenter extends, and the helpers they share.

Apart from the registry (:func:`bot.games.presenter`) so that a game's presenter
imports this module, never the package that imports it."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from bot.games.choices import Command, matches, numbers
from bot.i18n import lang_of, t, text_of

__all__ = ["TYPED_SHOWN", "Action", "Command", "Group", "Presenter", "View", "matches", "numbers", "typed"]

Action = dict[str, Any]
View = dict[str, Any]  # what game.view(state, seat) returns
Group = tuple[str, str, list[Action]]

TYPED_SHOWN = 40  # how much of a player's unknown text a refusal quotes back


def typed(text: Any, limit: int = TYPED_SHOWN) -> str:
    """A player's text, made safe to quote in a refusal: one line, at most ``limit`` characters."""
    flat = " ".join(str(text).split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


class Presenter:
    """Defaults shared by every game; a game overrides what it shows differently."""

    game_id = ""

    def encode(self, action: Action) -> str:
        """A compact, stable text for a button's custom id (≤ 60 characters)."""
        return json.dumps(action, separators=(",", ":"), sort_keys=True)

    def decode(self, code: str) -> Action:
        return json.loads(code)

    # Every method below reads a *view* (``game.view(state, None)`` for what the channel
    # sees, ``game.view(state, seat)`` for one seat's private answers), never the raw state:
    # secrets leave an engine only through its views, so a presenter cannot leak one.
    def buttons(self, view: View, seat: str, legal: list[Action]) -> list[Action]:
        """The legal actions offered as buttons (the rest go through slash commands)."""
        return legal

    def groups(self, view: View, seat: str, actions: list[Action], locale: Any) -> list[Group] | None:
        """Two-step menus: ``[(group id, label, its actions)]`` (first choose the group, then
        the action), or ``None`` to offer ``actions`` flat. ``view``: the public view."""
        return None

    def narrate(self, events: list[dict[str, Any]], names: dict[str, str], locale: Any) -> list[str]:
        return []

    def private(self, events: list[dict[str, Any]], view: View, seat: str, locale: Any) -> list[str]:
        """What ``events`` showed ``seat`` alone (a card found, a key taken), in their language,
        sent to them ephemerally after the move: read through ``events_for(events, seat)``
        (the part marked ``"mine"``); ``view`` is their own view after the move."""
        return []

    def action_label(self, action: Action, view: View, locale: Any) -> str:
        return action["type"]

    def status(self, view: View, names: dict[str, str], locale: Any) -> str:
        """``/game status``: the public view in words."""
        return ""

    def prompt(self, view: View, names: dict[str, str], locale: Any) -> str:
        """What the player to act is asked, from the public view."""
        return ""

    def hand(self, view: View, seat: str, names: dict[str, str], locale: Any) -> str:
        """``/game hand``: ``seat``'s own view (``game.view(state, seat)``) in words."""
        return t("hand.none", locale)

    @property
    def choices(self) -> Mapping[str, Command]:
        """Its slash commands' options, each declared as the part of the legal actions it
        fills (:mod:`bot.games.choices`, the one autocomplete): command name → Command."""
        return {}

    def rules(self, locale: Any) -> str:
        return t(f"rules.{self.game_id}", locale)

    def name(self, locale: Any) -> str:
        return t(f"game.{self.game_id}", locale)

    # what a player's standing is made of, for the chart of a game's story: the public view's
    # points (Risk Express, Zombie Town), else the territories each holds (the map games)
    standing_key = "story.standing.territories"

    def standings(self, view: View) -> dict[str, float]:
        """Each seat's standing in the public ``view`` (what the game's score is made of),
        named by :attr:`standing_key`. Only what everyone sees: the chart is public."""
        scores = view.get("scores")
        if isinstance(scores, dict) and scores:
            return {str(s): float(v) for s, v in scores.items()}
        players = view.get("players") or {}
        return {str(s): float(p.get("territories", 0)) for s, p in players.items()}

    def standing_label(self, view: View, locale: Any) -> str:
        scores = view.get("scores")
        return t("story.standing.points" if isinstance(scores, dict) and scores else self.standing_key, locale)

    def refusal_key(self, key: str) -> str:
        """The catalog key a refusal reads in this game: a game whose pieces are not the map
        engine's "members" (survivors, robots) gives those refusals its own words (default: ``key``)."""
        return key

    def localize_params(self, params: dict[str, Any], locale: Any) -> dict[str, Any]:
        """A refusal's params with the component names the engine wrote (in English) put in
        ``locale``'s language: ``t(err.key, lang, **pres.localize_params(err.params, lang))``."""
        return dict(params)

    # -- lobby options --------------------------------------------------------------------
    def option_label(self, option: str, value: Any, locale: Any) -> str:
        """« with the British Crown » for ``crown=True``: catalog ``opt.<game>.<option>.<value>``,
        else ``opt.<game>.<option>: <value>``."""
        lang = lang_of(locale)
        key = f"opt.{self.game_id}.{option}"
        word = {True: "true", False: "false"}.get(value, str(value))
        text = text_of(f"{key}.{word}", lang)
        if text is not None:
            return text
        return f"{t(key, lang)}: {value}"

    def options_text(self, options: dict[str, Any], locale: Any) -> str:
        """Every lobby option of a game in the game's words, « · » between them."""
        return " · ".join(self.option_label(k, v, locale) for k, v in options.items()) or "—"
