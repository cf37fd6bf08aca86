"""Risk: The Walking Dead in words: :mod:`.text` (narration, private lines, status, hand; no
Discord) and ``locales/`` (its catalogs). Its slash commands (``/twd``) are in the Discord adapter."""

from __future__ import annotations

from bot.games.orders import Order
from bot.games.walking_dead.text import WalkingDeadPresenter

PRESENTER = WalkingDeadPresenter()
COMMANDS = "bot.discord_ui.games.walking_dead:WalkingDeadCog"  # imports discord: loaded by the adapter
# the standing orders a player changes by clicks (bot.games.orders): ``/twd defence``'s two parts
ORDERS = (Order("defence", "dice", ("most", "one"), "most", "wd.orders.dice", "wd.order.dice_{}", ("you", "orders", "dice")),
          Order("defence", "grenade", ("always", "save", "never"), "save", "wd.orders.grenade", "wd.order.grenade_{}",
                ("you", "orders", "grenade")))
