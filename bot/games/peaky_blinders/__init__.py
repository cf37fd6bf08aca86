"""Risk Peaky Blinders in words: :mod:`.text` (narration, labels, the choices it declares; no Discord)
and ``locales/`` (its catalogs). Its slash commands are in the Discord adapter
(``COMMANDS``, ``bot/discord_ui/games/``)."""

from __future__ import annotations

from bot.games.orders import Order
from bot.games.peaky_blinders.text import PeakyPresenter

PRESENTER = PeakyPresenter()
COMMANDS = "bot.discord_ui.games.peaky_blinders:PeakyCog"  # imports discord: loaded by the adapter
# the standing orders a player changes by clicks (bot.games.orders): ``/peaky defence``'s
ORDERS = (Order("defence", "order", ("always", "save", "never"), "always", "pb.orders.defence", "pb.defence.{}",
                ("you", "defence")),)
