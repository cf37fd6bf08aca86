"""French names and descriptions for the slash commands and their options, through
discord.py's Translator.

Discord shows each member the command and option names in their own client language; the
interaction still carries the English names, so the code matches on those (an option's
value arrives under its English name, e.g. ``from``). The catalogs ``fr_commands.json`` (the
platform's in ``bot/locales``, each game's in ``bot/games/<id>/locales``, merged by
:func:`bot.i18n.merged`, a text translated twice being an error) map English text to French; an option name may have its own entry ``option:<name>`` where the
same English word is translated differently as a command (``/game`` → ``/partie``, but
``game:`` → ``jeu:``), and a command its own entry ``<group> <name>`` where a game needs
another word than the one other games' commands of that name use (``/peaky flip`` →
``retourner``, but ``leader flip`` (``/tf leader flip``) → ``basculer``: a leader switches mode). Discord refuses a name that is not lower case, has a space or is
longer than 32 characters: such a translation is dropped (English is used) rather than
breaking the sync.
"""

from __future__ import annotations

import asyncio
import re

import discord
from discord import app_commands

from bot.i18n import merged

CATALOG = "fr_commands.json"
NAME = re.compile(r"^[-_\w]{1,32}$")
NAMES = (app_commands.TranslationContextLocation.command_name, app_commands.TranslationContextLocation.group_name,
         app_commands.TranslationContextLocation.parameter_name)


def french() -> dict[str, str]:
    """English command text → French, the platform's and every game's."""
    return merged(CATALOG)


def valid_name(text: str) -> bool:
    """What Discord accepts as a command or option name."""
    return bool(NAME.match(text)) and text == text.lower()


def translate(message: str, location: app_commands.TranslationContextLocation, group: str | None = None) -> str | None:
    """The French for ``message`` at ``location`` (a name, a description, a choice); a
    command of the group ``group`` reads its own entry ``<group> <message>`` first."""
    table = french()
    text = None
    if location is app_commands.TranslationContextLocation.parameter_name:
        text = table.get(f"option:{message}")
    elif location is app_commands.TranslationContextLocation.command_name and group:
        text = table.get(f"{group} {message}")
    if text is None:
        text = table.get(message)
    if text is not None and location in NAMES and not valid_name(text):
        return None
    return text


class CatalogTranslator(app_commands.Translator):
    calls = 0

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        # discord.py asks for every string of every command in every locale in one run of the
        # event loop when it syncs the commands (~20 ms of CPU at start-up): a pause now and
        # then lets the loop serve whatever else waits (issue 29: no callback over 20 ms)
        self.calls += 1
        if self.calls % 200 == 0:
            await asyncio.sleep(0)
        if locale is discord.Locale.french:
            parent = getattr(context.data, "parent", None)
            return translate(string.message, context.location, getattr(parent, "name", None))
        return None
