"""Discord's size limits, and text made to fit them without losing its meaning.

A text over a limit makes Discord refuse the whole message (400 Invalid Form Body), so
everything the bot posts goes through :func:`split` (a long text in several messages, cut
between paragraphs or lines: :func:`send_parts`), :func:`clip` (shortened at a word, with
an ellipsis) or :func:`clip_lines` (the newest lines) first. Nothing is cut mid-word.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.i18n import shorten, split_text

CONTENT = 2000
BUTTON_LABEL = 80
OPTION_TEXT = 100  # a select option's label, value and description
CHOICE_NAME = 100  # an autocomplete or command choice's name
PLACEHOLDER = 150
CUSTOM_ID = 100
SELECT_OPTIONS = 25
ROWS = 5

MAX_BUTTONS = 20  # beyond this, choices go into select menus (25 options each)
MAX_GROUP_BUTTONS = 5  # beyond this, the groups of a two-step choice go into one select


def split(text: str, limit: int = CONTENT) -> list[str]:
    """``text`` in parts of at most ``limit`` characters, cut between paragraphs (else
    lines, sentences, words): each part a message of its own, nothing lost."""
    return split_text(text, limit)


def clip(text: str, limit: int = CONTENT) -> str:
    """``text`` shortened to ``limit`` characters at a word (an ellipsis marks the cut)."""
    return shorten(text, limit)


def clip_lines(lines: list[str], limit: int = CONTENT) -> str:
    """The last lines that fit in ``limit`` (the newest matter most); a line that is
    alone too long is cut."""
    out: list[str] = []
    size = 0
    for line in reversed(lines):
        if size + len(line) + 1 > limit:
            if not out:
                out.append(clip(line, limit))
            break
        out.append(line)
        size += len(line) + 1
    return "\n".join(reversed(out))


async def send_parts(interaction: discord.Interaction, text: str, **kwargs: Any) -> None:
    """``text`` as the answer to ``interaction``, in as many messages as it needs (the
    answer, then follow-ups, each cut on a boundary by :func:`split`); ``kwargs`` go to each
    (``ephemeral``, ``allowed_mentions``)."""
    for part in split(text):
        if interaction.response.is_done():
            await interaction.followup.send(part, **kwargs)
        else:
            await interaction.response.send_message(part, **kwargs)


def select_option(label: str, value: str, description: str | None = None, default: bool = False) -> discord.SelectOption:
    """A select menu's option, every text cut to Discord's limit."""
    return discord.SelectOption(label=clip(label, OPTION_TEXT), value=value[:OPTION_TEXT],
                                description=clip(description, OPTION_TEXT) if description else None,
                                default=default)


def select_menu(custom_id: str, options: list[discord.SelectOption] | None = None,
                placeholder: str = "") -> discord.ui.Select:
    """A select menu within the limits: its placeholder clipped, and one stand-in option where
    none is given (a menu rebuilt from a click's custom id only needs to answer it)."""
    return discord.ui.Select(custom_id=custom_id, options=options or [discord.SelectOption(label="-")],
                             placeholder=clip(placeholder, PLACEHOLDER) or None)


def picked(interaction: discord.Interaction, missing: str = "") -> str:
    """The value a member chose in a select menu (``missing`` when the click carries none)."""
    values = (interaction.data or {}).get("values") or []
    return str(values[0]) if values else missing
