"""The README's table of games, made from the registry: a game added to ``GAMES`` appears
there by ``python -m bot games``, its summary the ``game.<id>.summary`` line of its own
catalog (``bot/games/<id>/locales``), and a test fails while the README is behind."""

from __future__ import annotations

from bot.i18n import t
from bot.rules import GAMES

START = "<!-- games: made by `python -m bot games`; do not edit by hand -->"
END = "<!-- /games -->"


def games_table(lang: str = "en") -> str:
    lines = ["| id | game | players |", "| --- | --- | --- |"]
    for game in GAMES.values():
        lines.append(f"| `{game.id}` | {t(f'game.{game.id}.summary', lang)} | "
                     f"{game.min_players}–{game.max_players} |")
    return "\n".join(lines)


def games_block(lang: str = "en") -> str:
    return f"{START}\n{games_table(lang)}\n{END}"


def refresh(readme: str) -> str:
    """``readme`` with its games block replaced by the registry's."""
    head, _, rest = readme.partition(START)
    _, _, tail = rest.partition(END)
    return head + games_block() + tail
