"""Risk Transformers in words: :mod:`.text` (narration, labels, status, hands; no Discord) and
``locales/`` (its catalogs). Its slash commands will be in the Discord adapter (``COMMANDS``)."""

from __future__ import annotations

from bot.games.orders import Order
from bot.games.transformers.text import TfPresenter

PRESENTER = TfPresenter()
COMMANDS = "bot.discord_ui.games.transformers:TfCog"  # imports discord: loaded by the adapter
# the standing orders a player changes by clicks (bot.games.orders): ``/tf orders …`` (a stance is sent whole)
ORDERS = (Order("defence", "order", ("always", "save", "never"), "always", "tf.orders.defence", "tf.orders.defence_{}",
                ("you", "defence")),
          Order("stance", "dice", (2, 1), 2, "tf.orders.dice", "tf.orders.dice_{}", ("you", "stance", "dice")),
          Order("stance", "leader", (True, False), True, "tf.orders.leader", "tf.orders.leader_{}", ("you", "stance", "leader")),
          Order("stance", "lose", ("last", "first"), "last", "tf.orders.lose", "tf.lose.{}", ("you", "stance", "lose")),
          Order("rally", "order", ("first", "strongest", "weakest"), "first", "tf.orders.rally", "tf.rally.{}",
                ("you", "rally")))
