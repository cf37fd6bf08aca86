"""The presenter base every game's presenter extends, and the helpers they share.

Apart from the registry (:func:`bot.games.presenter`) so that a game's presenter
imports this module, never the package that imports it."""

from __future__ import annotations

import json
from typing import Any

from bot.i18n import lang_of, t, text_of

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

    def rules(self, locale: Any) -> str:
        return t(f"rules.{self.game_id}", locale)

    def name(self, locale: Any) -> str:
        return t(f"game.{self.game_id}", locale)

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


def matches(current: str | None, *texts: str) -> bool:
    """Whether what a player typed so far fits one of ``texts`` (case and accents ignored)."""
    from bot.rules.names import fold

    needle = fold(current or "")
    return not needle or any(needle in fold(x) for x in texts)


def numbers(lo: int, hi: int, current: Any = "", limit: int = 25) -> list[int]:
    """Whole numbers in ``[lo, hi]`` to offer for a count: those starting with the digits
    typed so far, else all of them (largest first), else ``limit`` of them spread over the
    range. Never walks the range, so a range of millions costs nothing."""
    if hi < lo:
        return []
    text = str(current or "").strip()
    if text:
        if not (text.isascii() and text.isdigit()):
            return []
        out: list[int] = []
        start, width = int(text), 1
        while start <= hi and len(out) < limit:  # "1" → 1, 10–19, 100–199…
            for n in range(max(start, lo), min(start + width - 1, hi) + 1):
                out.append(n)
                if len(out) >= limit:
                    break
            if start == 0:
                break
            start, width = start * 10, width * 10
        return out
    if hi - lo + 1 <= limit:
        return list(range(hi, lo - 1, -1))
    step = (hi - lo) / (limit - 1)
    spread = sorted({round(hi - i * step) for i in range(limit)}, reverse=True)
    return spread
