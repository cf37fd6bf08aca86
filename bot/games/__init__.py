"""How each game reads in Discord: narration, button labels, status, rules, secrets,
autocomplete lists.

The rules engines stay language-free; a presenter turns their events and views into
catalog strings for one language. Every method that produces text takes ``locale``: the
game's language (``"en"``/``"fr"``) for what the channel sees, the member's own locale (a
``discord.Locale`` is fine) for what only they see. Names given to the presenter are plain
display names; the presenter never mentions anyone. One presenter per game id.
"""

from __future__ import annotations

from functools import cache

from bot.games.base import TYPED_SHOWN, Action, Group, Presenter, matches, numbers, typed

__all__ = ["TYPED_SHOWN", "Action", "Group", "Presenter", "matches", "numbers", "presenter", "typed"]


@cache
def presenter(game_id: str) -> Presenter:
    from bot.games.risk_express.text import RiskExpressPresenter

    table: dict[str, Presenter] = {"risk_express": RiskExpressPresenter()}
    try:
        from bot.games.peaky_blinders.text import PeakyPresenter

        table["peaky_blinders"] = PeakyPresenter()
    except ImportError:
        pass
    return table.get(game_id, Presenter())


