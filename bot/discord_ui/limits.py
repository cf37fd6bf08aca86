"""Discord's size limits, and text made to fit them without losing its meaning.

A text over a limit makes Discord refuse the whole message (400 Invalid Form Body), so
everything the bot posts goes through :func:`split` (a long text in several messages, cut
between paragraphs or lines: :func:`send_parts`), :func:`clip` (shortened at a word, with
an ellipsis) or :func:`clip_lines` (the newest lines) first. Nothing is cut mid-word.
"""

from __future__ import annotations

from typing import Any

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


# where a text may be cut, the best first: between paragraphs, lines, sentences, words
_BREAKS = ("\n\n", "\n", ". ", "; ", ", ", " ")


def _cut_at(text: str, limit: int, breaks: tuple[str, ...] = _BREAKS) -> int:
    """Where to cut ``text`` (longer than ``limit``) so its head fits in ``limit``: after
    the last boundary of the best kind found in the second half of it, else at ``limit``."""
    for mark in breaks:
        at = text.rfind(mark, 0, limit - len(mark) + 1 + (1 if mark.endswith(" ") else 0))
        if at >= limit // 2:
            return at + len(mark.rstrip(" ")) if mark.strip() else at
    return limit


def split(text: str, limit: int = CONTENT) -> list[str]:
    """``text`` in parts of at most ``limit`` characters, cut between paragraphs (else
    lines, sentences, words): each part a message of its own, nothing lost."""
    text = str(text).strip()
    parts: list[str] = []
    while len(text) > limit:
        at = _cut_at(text, limit)
        parts.append(text[:at].rstrip())
        text = text[at:].lstrip()
    return [*parts, text] if text or not parts else parts


def clip(text: str, limit: int = CONTENT) -> str:
    """``text`` shortened to ``limit`` characters at a word (an ellipsis marks the cut)."""
    text = str(text)
    if len(text) <= limit:
        return text
    at = _cut_at(text, limit - 1, (" ", "\n"))
    return text[:at].rstrip(" ,;:-–—(\n") + "…"


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
