"""Each game's slash commands, one module per game (``<id>.py``, a cog), named by the game's
``COMMANDS`` in its package ``bot/games/<id>/`` and loaded by :func:`bot.discord_ui.app.game_cogs`.
They live here, in the Discord adapter, because they import discord; a game's words stay in
``bot/games/<id>/text.py``, which does not."""
