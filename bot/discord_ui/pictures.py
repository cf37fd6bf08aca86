"""The board as a picture: rendered in a worker thread, so one big picture never stalls
the other channels, in the game's language and with the players' display names."""

from __future__ import annotations

import asyncio
import io
from typing import Any

import discord

import renderers
from bot.discord_ui.members import names_for
from bot.rules import GAMES
from bot.rules.names import name
from bot.service import GameRow


def start_board_file(row: GameRow, zoom: str | None = None,
                     public: dict[str, Any] | None = None) -> asyncio.Future[discord.File]:
    """The board as a PNG attachment, in the game's language, drawn in a worker thread
    that starts now: the caller goes on with its own work (the text, the buttons) and
    awaits the picture when it needs it. ``public``: the game's public view if the caller
    has built it (it is not changed)."""
    assert row.state is not None
    view = dict(public) if public is not None else GAMES[row.game].view(row.state, None)
    view["labels"] = names_for(row)
    view["lang"] = row.lang
    if zoom:
        view["zoom"] = zoom
    suffix = f"-{zoom}" if zoom else ""
    filename = f"{row.game}-turn-{view.get('turn', 0)}{suffix}.png"

    def draw() -> discord.File:
        return discord.File(io.BytesIO(renderers.render(view)), filename=filename)

    return asyncio.get_running_loop().run_in_executor(None, draw)


async def board_file(row: GameRow, zoom: str | None = None, public: dict[str, Any] | None = None) -> discord.File:
    """The board as a PNG attachment, in the game's language, drawn off the event loop."""
    return await start_board_file(row, zoom, public)


def zoom_regions(game_id: str) -> list[str]:
    return list(renderers.zoom_regions(game_id))


def region_name(game_id: str, region: str, lang: str) -> str:
    return name(game_id, "region", region, lang)

