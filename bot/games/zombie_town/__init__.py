"""Zombie Town (with Zombie Town 2: Road Rage) in words: :mod:`.text` (narration, status, the
secret view, buttons), :mod:`.labels` (the choices it declares), :mod:`.words` (names and
paths); ``locales/`` (its catalogs). Its slash commands are in the Discord adapter
(``COMMANDS``, ``bot/discord_ui/games/``)."""

from __future__ import annotations

from bot.games.orders import Order
from bot.games.zombie_town.text import ZombiePresenter

PRESENTER = ZombiePresenter()
COMMANDS = "bot.discord_ui.games.zombie_town:ZombieCog"  # imports discord: loaded by the adapter
# the standing order a player changes by clicks (bot.games.orders): ``/zt order``'s (``drop`` is a move)
ORDERS = (Order("order", "order", ("best", "self", "survivors", "flee"), "best", "zt.orders.order", "zt.order.{}",
                ("you", "order")),)
