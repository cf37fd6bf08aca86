"""Discord's size limits, and text cut to fit them.

A text over a limit makes Discord refuse the whole message (400 Invalid Form Body), so
everything the bot posts goes through :func:`clip` or :func:`clip_lines` first.
"""

from __future__ import annotations

import discord

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


def clip(text: str, limit: int = CONTENT) -> str:
    """``text`` cut to ``limit`` characters (an ellipsis marks the cut)."""
    text = str(text)
    return text if len(text) <= limit else text[: limit - 1] + "…"


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


def select_option(label: str, value: str, description: str | None = None, default: bool = False) -> discord.SelectOption:
    """A select menu's option, every text cut to Discord's limit."""
    return discord.SelectOption(label=clip(label, OPTION_TEXT), value=value[:OPTION_TEXT],
                                description=clip(description, OPTION_TEXT) if description else None,
                                default=default)
