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


async def board_file(row: GameRow, zoom: str | None = None, public: dict[str, Any] | None = None) -> discord.File:
    """The board as a PNG attachment, in the game's language, drawn off the event loop.
    ``public``: the game's public view if the caller has built it (it is not changed)."""
    assert row.state is not None
    view = dict(public) if public is not None else GAMES[row.game].view(row.state, None)
    view["labels"] = names_for(row)
    view["lang"] = row.lang
    if zoom:
        view["zoom"] = zoom
    png = await asyncio.to_thread(renderers.render, view)
    suffix = f"-{zoom}" if zoom else ""
    return discord.File(io.BytesIO(png), filename=f"{row.game}-turn-{view.get('turn', 0)}{suffix}.png")


def zoom_regions(game_id: str) -> list[str]:
    return list(renderers.zoom_regions(game_id))


def region_name(game_id: str, region: str, lang: str) -> str:
    return name(game_id, "region", region, lang)

