"""``/game help``: made from the command tree and the game registry, so it names every
game's commands as Discord shows them to the member (French names to a French client),
and a new command or a new game appears in it without anyone editing a text.
"""

from __future__ import annotations

from discord import app_commands

from bot.discord_ui.cogs.registry import game_cogs, group_name
from bot.discord_ui.limits import clip
from bot.discord_ui.translator import translate
from bot.games import presenter
from bot.i18n import t

L = app_commands.TranslationContextLocation


def local_name(command: app_commands.Command | app_commands.Group, lang: str) -> str:
    """The name a member whose client speaks ``lang`` sees."""
    if lang != "fr":
        return command.name
    if isinstance(command, app_commands.Group):
        return translate(command.name, L.group_name) or command.name
    parent = command.parent.name if command.parent else None
    return translate(command.name, L.command_name, parent) or command.name


def path(command: app_commands.Command | app_commands.Group, lang: str) -> str:
    """``/partie moderation`` for the group ``/game mod`` in French."""
    words = []
    node: app_commands.Command | app_commands.Group | None = command
    while node is not None:
        words.append(local_name(node, lang))
        node = node.parent
    return "/" + " ".join(reversed(words))


def own_first(command: app_commands.Command) -> bool:
    """False for a command the cog itself defines, True for a mixin's (listed after)."""
    owner = getattr(command.callback, "__qualname__", "").split(".")[0]
    return command.binding is not None and owner != type(command.binding).__name__


def line(title: str, group: app_commands.Group, lang: str, nested: bool = False) -> str:
    """One line: the group's commands; ``nested``: its subgroups too, each with its own
    (« car: drive, enter, leave »: ``/zt car drive``)."""
    commands = [c for c in group.commands if not isinstance(c, app_commands.Group)]
    names = [local_name(c, lang) for c in sorted(commands, key=own_first)]
    if nested:
        colon = " : " if lang == "fr" else ": "
        names += [local_name(sub, lang) + colon + ", ".join(local_name(c, lang) for c in sub.commands)
                  for sub in group.commands if isinstance(sub, app_commands.Group)]
    return t("help.line", lang, title=title, command=path(group, lang), names=" · ".join(names))


def help_text(tree: app_commands.CommandTree, lang: str) -> str:
    """The platform's commands (``/game`` and its groups), then every game's, in ``lang``."""
    tops = {c.name: c for c in tree.get_commands() if isinstance(c, app_commands.Group)}
    lines = [t("help.intro", lang)]
    platform = tops.get("game")
    if platform is not None:
        lines.append(line(t("help.group.game", lang), platform, lang))
        for sub in platform.commands:
            if isinstance(sub, app_commands.Group):
                lines.append(line(t(f"help.group.{sub.name}", lang), sub, lang))
    lines.append(t("help.moves", lang))
    for game_id, cog in game_cogs().items():
        group = tops.get(group_name(cog))
        if group is not None:
            lines.append(line(presenter(game_id).name(lang), group, lang, nested=True))
    lines.append(t("help.outro", lang))
    return clip("\n".join(lines))  # a test keeps it whole in both languages
