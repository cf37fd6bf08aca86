"""Layers stay one-way: the rules do no I/O, the renderers know nothing of Discord."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def imports(package: str) -> dict[str, set[str]]:
    out = {}
    for path in (ROOT / package).rglob("*.py"):
        names: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names.add(node.module)
        out[str(path.relative_to(ROOT))] = names
    return out


def offenders(package: str, forbidden: tuple[str, ...]) -> list[str]:
    bad = []
    for path, names in imports(package).items():
        for name in names:
            if any(name == f or name.startswith(f + ".") for f in forbidden):
                bad.append(f"{path} imports {name}")
    return bad


def test_rules_do_no_io():
    forbidden = ("discord", "PIL", "aiosqlite", "asyncio", "sqlite3", "renderers", "bot.store", "bot.app",
                 "bot.service", "bot.ui", "bot.cogs", "random", "time", "requests", "aiohttp", "socket")
    assert offenders("bot/rules", forbidden) == []


def test_renderers_know_nothing_of_discord():
    forbidden = ("discord", "aiosqlite", "bot.store", "bot.app", "bot.service", "bot.ui", "bot.cogs", "sqlite3")
    assert offenders("renderers", forbidden) == []


def test_the_import_walk_sees_imports():
    assert "discord" in imports("bot")["bot/app.py"]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_catalogs_are_complete(lang):
    en = json.loads((ROOT / "bot/locales/en.json").read_text(encoding="utf-8"))
    other = json.loads((ROOT / f"bot/locales/{lang}.json").read_text(encoding="utf-8"))
    assert set(other) == set(en)
    for key, text in en.items():  # the same placeholders in every language
        assert set(re.findall(r"{(\w+)}", other[key])) == set(re.findall(r"{(\w+)}", text)), key


def test_every_message_key_used_in_code_exists():
    en = json.loads((ROOT / "bot/locales/en.json").read_text(encoding="utf-8"))
    import inspect
    import sys

    from bot.rules import GAMES

    # the bot's own code, and the rules modules of every registered game
    files = {p for p in (ROOT / "bot").rglob("*.py") if "rules" not in p.parts}
    for game in GAMES.values():
        for cls in type(game).__mro__:
            module = sys.modules.get(cls.__module__)
            if module and cls.__module__.startswith("bot.rules"):
                files.add(Path(inspect.getsourcefile(module)))
    used = set()
    for path in files:
        text = path.read_text(encoding="utf-8")
        used |= set(re.findall(r"""["']((?:err|re|pb|lobby|ui|status|game|log|hand|settings|ev|help|rules)\.[a-z_.]+)["']""", text))
    dynamic = {k for k in used if k.endswith(".")}
    missing = sorted(k for k in used - dynamic if k not in en and not k.startswith(("game.risk", "game.peaky")))
    assert missing == []
