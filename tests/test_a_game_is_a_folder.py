"""Adding a game is its folders and one line in each registry (issue 7).

Nothing else in ``bot/`` or ``renderers/`` names a game; and a game put in the registries,
with its catalogs in its own folder, appears in ``/game new``, in the README's table (its
summary from its own catalog), in the command tree and in the catalogs, with no other edit.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from bot.games import ADAPTERS
from bot.rules import GAMES

ROOT = Path(__file__).resolve().parents[1]

# The registries: one line per game in each.
REGISTRIES = {"bot/rules/__init__.py": 1, "bot/games/__init__.py": 1, "renderers/__init__.py": 1}

# Where a game may be named outside its folders and the registries: nowhere.
NOT_YET_MOVED: set[tuple[str, str]] = set()


def own_folders(game_id: str) -> tuple[str, ...]:
    return (f"bot/rules/{game_id}/", f"bot/games/{game_id}/", f"renderers/{game_id}/", f"data/{game_id}/",
            f"bot/discord_ui/games/{game_id}.py")


def naming(game_id: str) -> dict[str, int]:
    """Every file of bot/ and renderers/ (code and catalogs) that names ``game_id`` outside
    the game's own folders, with how many lines do."""
    word = re.compile(rf"\b{re.escape(game_id)}\b")
    found = {}
    for top in ("bot", "renderers"):
        for path in sorted((ROOT / top).rglob("*")):
            rel = path.relative_to(ROOT).as_posix()
            if path.suffix not in (".py", ".json") or rel.startswith(own_folders(game_id)):
                continue
            lines = sum(1 for line in path.read_text(encoding="utf-8").splitlines() if word.search(line))
            if lines:
                found[rel] = lines
    return found


def test_the_registries_agree():
    import renderers

    assert set(ADAPTERS) == set(GAMES) == set(renderers.RENDERERS)


def test_nothing_outside_a_games_folders_names_it_but_the_registries():
    elsewhere = set()
    for game_id in GAMES:
        for rel, lines in naming(game_id).items():
            if rel in REGISTRIES:
                assert lines <= REGISTRIES[rel], (rel, game_id, lines)
            else:
                elsewhere.add((rel, game_id))
    assert elsewhere <= NOT_YET_MOVED, sorted(elsewhere - NOT_YET_MOVED)


def test_the_name_search_sees_a_planted_name(tmp_path):
    word = re.compile(r"\brisk_express\b")
    assert word.search('if game_id == "risk_express":') and not word.search("risk_express_x = 1")
    assert "bot/games/__init__.py" in naming("risk_express")


# -- a new game, registered in the registries only ---------------------------------------
TINY = "tiny_test_game"
SCRIPT = r'''
import asyncio, json, sys, types
from pathlib import Path

import bot.i18n as i18n

i18n.GAME_LOCALES = Path(sys.argv[1])  # the games' folders: the real ones and the tiny game's

from discord import app_commands
from discord.ext import commands

import bot.games as games
from bot.games.base import Presenter
from bot.rules import GAMES
from bot.rules.risk_express import RiskExpress


class Tiny(RiskExpress):  # an edition of Risk Express: only what differs
    id = "tiny_test_game"
    name = "Tiny Test Game"
    max_players = 3


class TinyPresenter(Presenter):
    game_id = Tiny.id


class TinyCog(commands.GroupCog, group_name="tiny", group_description="Tiny moves"):
    def __init__(self, bot):
        self.bot = bot
        super().__init__()

    @app_commands.command(name="poke", description="Poke the tiny game")
    async def poke(self, interaction) -> None:
        pass


# the registries' lines (renderers.RENDERERS has no picture to give it here)
GAMES[Tiny.id] = Tiny()
games.ADAPTERS[Tiny.id] = types.SimpleNamespace(PRESENTER=TinyPresenter(), COMMANDS="__main__:TinyCog")

from bot.config import Settings
from bot.discord_ui.app import GameMasterBot, game_cogs
from bot.discord_ui.cogs.game import GameCog
from bot.discord_ui.translator import translate
from bot.i18n import t
from bot.readme import games_table


async def tree():
    bot = GameMasterBot(Settings(token="x", database_url="sqlite:///:memory:"))
    for cog in (GameCog, *game_cogs()):
        await bot.add_cog(cog(bot))
    return bot.tree.get_commands()


async def a_lobby():
    """The tiny game's lobby, opened through the service, in French."""
    from bot.discord_ui import lobby
    from bot.service import GameService
    from bot.store import open_store

    store = await open_store("sqlite:///:memory:")
    try:
        row = await GameService(store).new_game(1, 2, "10", Tiny.id, {}, "Hôte", lang="fr")
        view = lobby.lobby_view(row)
        selects = [getattr(item, "item", item) for item in view.children]
        menus = [o.label for item in selects for o in getattr(item, "options", None) or []]
        return lobby.lobby_text(row), menus
    finally:
        await store.close()


groups = asyncio.run(tree())
new = next(g for g in groups if g.name == "game").get_command("new")
lobby_text, lobby_menus = asyncio.run(a_lobby())
print(json.dumps({
    "choices": [[c.name, c.value] for c in new._params["game"].choices],
    "groups": sorted(g.name for g in groups),
    "table": games_table(),
    "name_fr": games.presenter(Tiny.id).name("fr"),
    "rules_fr": games.presenter(Tiny.id).rules("fr"),
    "summary_fr": t("game.tiny_test_game.summary", "fr"),
    "poke_fr": translate("poke", app_commands.TranslationContextLocation.command_name),
    "express_still": t("game.risk_express", "fr"),
    "lobby_text": lobby_text,
    "lobby_menus": lobby_menus,
}))
'''


def test_a_new_game_is_its_folders_and_the_registries(tmp_path):
    folders = tmp_path / "games"
    folders.mkdir()
    for game_id in GAMES:  # the real games' catalogs, where bot.i18n finds them
        (folders / game_id).mkdir()
        (folders / game_id / "locales").symlink_to(ROOT / "bot" / "games" / game_id / "locales")
    own = folders / TINY / "locales"
    own.mkdir(parents=True)
    catalogs = {
        "en": {f"game.{TINY}": "Tiny Test Game", f"game.{TINY}.summary": "Tiny: a game for this test",
               f"rules.{TINY}": "**Tiny**: the rules in a line.",
               f"opt.{TINY}.continue_attempt": "Take over", f"opt.{TINY}.continue_attempt.true": "taking over",
               f"opt.{TINY}.continue_attempt.false": "no taking over"},
        "fr": {f"game.{TINY}": "Petit jeu d'essai", f"game.{TINY}.summary": "Petit : un jeu pour ce test",
               f"rules.{TINY}": "**Petit** : les règles en une ligne.",
               f"opt.{TINY}.continue_attempt": "Reprise", f"opt.{TINY}.continue_attempt.true": "avec reprise",
               f"opt.{TINY}.continue_attempt.false": "sans reprise"},
        "fr_commands": {"tiny": "petit", "Tiny moves": "Coups du petit jeu", "poke": "pousser",
                        "Poke the tiny game": "Pousser le petit jeu"},
    }
    for name, table in catalogs.items():
        (own / f"{name}.json").write_text(json.dumps(table, ensure_ascii=False), encoding="utf-8")

    done = subprocess.run([sys.executable, "-c", SCRIPT, str(folders)], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert ["Tiny Test Game", TINY] in seen["choices"]  # /game new lists it
    assert {"risk_express", "peaky_blinders"} <= {value for _name, value in seen["choices"]}
    assert "tiny" in seen["groups"]  # its slash commands, wired from ADAPTERS
    assert f"| `{TINY}` | Tiny: a game for this test | 2–3 |" in seen["table"]  # its summary, its catalog
    assert seen["name_fr"] == "Petit jeu d'essai" and seen["summary_fr"] == "Petit : un jeu pour ce test"
    assert seen["rules_fr"].startswith("**Petit**")
    assert seen["poke_fr"] == "pousser"  # its command names in French, from its own catalog
    assert seen["express_still"] == "Risk Express"
    # its lobby, in its own words: the game's name and its option's menu
    assert "Petit jeu d'essai" in seen["lobby_text"] and "sans reprise" in seen["lobby_text"]
    assert {"avec reprise", "sans reprise"} <= set(seen["lobby_menus"])
