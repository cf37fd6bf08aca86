"""How each game reads in Discord: narration, button labels, status, rules, secrets,
autocomplete lists, and its slash commands.

The rules engines stay language-free; a presenter turns their events and views into
catalog strings for one language. Every method that produces text takes ``locale``: the
game's language (``"en"``/``"fr"``) for what the channel sees, the member's own locale (a
``discord.Locale`` is fine) for what only they see. Names given to the presenter are plain
display names; the presenter never mentions anyone.

``ADAPTERS`` is the registry: one line per game, its id → its package ``bot/games/<id>/``.
A game's package exposes ``PRESENTER`` (its :class:`Presenter`) and ``COMMANDS``
(``"module:Cog"``, its slash commands, imported by the Discord adapter only: nothing here
imports discord), and ``ORDERS`` if it has standing orders (:mod:`bot.games.orders`). Its catalogs (``locales/``) are found on disk by :mod:`bot.i18n`.
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType

from bot.games.base import TYPED_SHOWN, Action, Group, Presenter, matches, numbers, typed
from bot.games.orders import Order

__all__ = ["ADAPTERS", "TYPED_SHOWN", "Action", "Group", "Presenter", "matches", "numbers", "orders", "presenter", "typed"]

ADAPTERS: dict[str, ModuleType] = {
    "risk_express": import_module("bot.games.risk_express"),
    "peaky_blinders": import_module("bot.games.peaky_blinders"),
    "zombie_town": import_module("bot.games.zombie_town"),
    "walking_dead": import_module("bot.games.walking_dead"),
    "transformers": import_module("bot.games.transformers"),
}

_PLAIN = Presenter()  # a game without an adapter: the defaults


def presenter(game_id: str) -> Presenter:
    """The game's presenter, from the registry."""
    adapter = ADAPTERS.get(game_id)
    return adapter.PRESENTER if adapter is not None else _PLAIN


def orders(game_id: str) -> tuple[Order, ...]:
    """The game's standing orders, as its package declares them (none: ``()``)."""
    return tuple(getattr(ADAPTERS.get(game_id), "ORDERS", ()))
