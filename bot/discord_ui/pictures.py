"""The board as a picture: rendered in a worker thread, so one big picture never stalls
the other channels, in the game's language and with the players' display names."""

from __future__ import annotations

import asyncio
import io
from typing import Any

import discord

import renderers
from bot.discord_ui.members import names_for
from bot.games import presenter
from bot.games.base import fit_alt
from bot.rules import GAMES
from bot.rules.names import name
from bot.service import GameRow


def attachment(data: bytes, filename: str, description: str) -> discord.File:
    """Every file the bot posts is made here, with its description: the alt text a screen
    reader says instead of « image » (non-empty, at most 1,024 characters, whole parts
    kept: :func:`bot.games.base.fit_alt`). tests/discord_ui/test_alt_text.py fails if a
    ``discord.File`` is built anywhere else."""
    text = description.strip()
    if not text:
        raise ValueError(f"{filename}: a file posted without its description")
    return discord.File(io.BytesIO(data), filename=filename, description=fit_alt([text]))


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

    def draw() -> discord.File:  # the alt text too: the game's status, built off the event loop
        alt = presenter(row.game).alt_text(view, view["labels"], row.lang)
        return attachment(renderers.render(view), filename, alt)

    return asyncio.get_running_loop().run_in_executor(None, draw)


async def board_file(row: GameRow, zoom: str | None = None, public: dict[str, Any] | None = None) -> discord.File:
    """The board as a PNG attachment, in the game's language, drawn off the event loop."""
    return await start_board_file(row, zoom, public)


def zoom_regions(game_id: str) -> list[str]:
    return list(renderers.zoom_regions(game_id))


def region_name(game_id: str, region: str, lang: str) -> str:
    return name(game_id, "region", region, lang)

