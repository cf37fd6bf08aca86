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


# Only the service (and the store itself) reaches the store; the Discord layer asks the
# service. The rows are plain data any module may name; the composition root (app.py)
# opens the store by URL.
STORE_DATA = {"GameRow", "ActionRow", "GuildSettings"}
STORE_ALLOWED = {"bot/app.py": STORE_DATA | {"open_store", "GameStore"},
                 "bot/__main__.py": STORE_DATA | {"check_url", "UnsupportedDatabase"}}
STORE_OWNERS = ("bot/service.py", "bot/store/")


def store_reaches(source: str, path: str) -> list[str]:
    """Where ``source`` (the module at ``path``) reaches the store other than allowed: an
    attribute ``.store`` (``service.store.get_game``), ``getattr(x, "store")``, an import
    of ``bot.store`` beyond the allowed names, or a database driver."""
    allowed = STORE_ALLOWED.get(path, STORE_DATA)
    package = path.removesuffix(".py").replace("/", ".").rsplit(".", 1)[0]
    bad = []
    for node in ast.walk(ast.parse(source)):
        where = f"{path}:{getattr(node, 'lineno', '?')}"
        if isinstance(node, ast.Attribute) and node.attr == "store":
            bad.append(f"{where} uses .store")
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("getattr", "setattr")
              and len(node.args) > 1 and isinstance(node.args[1], ast.Constant) and node.args[1].value == "store"):
            bad.append(f"{where} uses {node.func.id}(…, 'store')")
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name == "bot.store" or alias.name.startswith(("bot.store.", "aiosqlite", "sqlite3")):
                    bad.append(f"{where} imports {alias.name}")
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level:  # relative: resolve against the module's package
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join([*base, module] if module else base)
            if module == "bot" and any(a.name == "store" for a in node.names):
                bad.append(f"{where} imports bot.store")
            elif module == "bot.store" or module.startswith("bot.store."):
                extra = sorted(a.name for a in node.names if a.name not in allowed)
                if extra:
                    bad.append(f"{where} imports {', '.join(extra)} from {module}")
            elif module.split(".")[0] in ("aiosqlite", "sqlite3"):
                bad.append(f"{where} imports {module}")
    return bad


def test_only_the_service_reaches_the_store():
    bad = []
    for path in sorted((ROOT / "bot").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel == STORE_OWNERS[0] or rel.startswith(STORE_OWNERS[1]):
            continue
        bad += store_reaches(path.read_text(encoding="utf-8"), rel)
    assert bad == []


def test_the_store_check_sees_a_reach():
    source = "\n".join([
        "from bot.store import GameRow, Store",
        "from ..store import Conflict",
        "from bot import store",
        "import bot.store.sqlite",
        "import aiosqlite",
        "async def f(bot):",
        "    return await bot.service.store.get_game(1), getattr(bot.service, 'store')",
    ])
    found = store_reaches(source, "bot/cogs/x.py")
    assert len(found) == 7, found
    assert store_reaches("from bot.store import GameRow\nfrom bot.service import GameService", "bot/ui.py") == []
    assert store_reaches("from bot.store import open_store", "bot/ui.py") != []
    assert store_reaches("from bot.store import GameStore, open_store", "bot/app.py") == []


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
