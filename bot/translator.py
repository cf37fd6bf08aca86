"""French names and descriptions for the slash commands, through discord.py's Translator.

Discord shows each member the command names in their own client language; the
interaction still carries the English names, so the code matches on those.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import discord
from discord import app_commands

CATALOG = Path(__file__).resolve().parent / "locales" / "fr_commands.json"


@cache
def french() -> dict[str, str]:
    return json.loads(CATALOG.read_text(encoding="utf-8"))


class CatalogTranslator(app_commands.Translator):
    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        if locale is discord.Locale.french:
            return french().get(string.message)
        return None
