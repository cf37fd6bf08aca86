"""Layers stay one-way, with no import cycle: rules (pure) ← renderers ← presenters,
service and store ← the Discord adapter, the only part that imports discord."""

from __future__ import annotations

import ast
import fnmatch
import functools
import json
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


# -- the module graph ------------------------------------------------------------------
# Every import of every module of bot/ and renderers/ counts: at the top, inside a
# function, under ``if TYPE_CHECKING:``, or ``import_module("a.b")`` with a constant name.
# Laziness changes when a module loads, not what it depends on.

PACKAGES = ("bot", "renderers")
STDLIB = frozenset(sys.stdlib_module_names)


@functools.cache
def parsed(source: str) -> ast.Module:
    """A module's tree, parsed once per test process (the checks below walk every module of
    the project; the trees are read, never changed)."""
    return ast.parse(source)


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    """Every module of the project's packages, by dotted name (a package by its own name)."""
    return {module_name(p): p for package in PACKAGES for p in sorted((ROOT / package).rglob("*.py"))}


def imported_names(source: str, name: str, is_package: bool, known: set[str] | frozenset[str] = frozenset()) -> set[str]:
    """The modules ``source`` (module ``name``) imports, anywhere in it. ``from a import b``
    names ``a.b`` when that is a module of ``known``, else ``a``."""
    package = name if is_package else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(parsed(source)):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level:  # relative: resolve against the module's package
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join([*base, module] if module else base)
            for alias in node.names:
                sub = f"{module}.{alias.name}"
                out.add(sub if sub in known else module)
        elif (isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant)
              and isinstance(node.args[0].value, str)
              and ((isinstance(node.func, ast.Name) and node.func.id == "import_module")
                   or (isinstance(node.func, ast.Attribute) and node.func.attr == "import_module"))):
            out.add(node.args[0].value)
    out.discard("__future__")
    return out


def graph() -> dict[str, set[str]]:
    """Module → every module it imports (project modules and third-party/stdlib alike); a
    fresh copy of the walk made once per test process."""
    return {name: set(names) for name, names in _walked().items()}


@functools.lru_cache(maxsize=1)
def _walked() -> dict[str, frozenset[str]]:
    mods = modules()
    known = set(mods)
    return {name: frozenset(imported_names(path.read_text(encoding="utf-8"), name, path.name == "__init__.py", known))
            for name, path in mods.items()}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The import cycles among ``edges``' own modules: one per strongly connected component
    of more than one module (or a module importing itself), as a path ``a → b → … → a``."""
    nodes = set(edges)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []

    def connect(v: str) -> None:  # Tarjan; the graph is small enough to recurse
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges[v] & nodes):
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1 or v in edges[v]:
                components.append(sorted(component))

    for v in sorted(nodes):
        if v not in index:
            connect(v)
    return [path_through(edges, c) for c in sorted(components)]


def path_through(edges: dict[str, set[str]], component: list[str]) -> list[str]:
    """One closed path inside ``component``, from its first module back to it."""
    members, start = set(component), component[0]
    previous: dict[str, str] = {}
    frontier = [start]
    while frontier:  # breadth-first back to the start
        nxt = []
        for v in frontier:
            for w in sorted(edges[v] & members):
                if w == start:
                    path = [v]
                    while path[-1] != start:
                        path.append(previous[path[-1]])
                    return [start, *reversed(path[:-1]), start] if v != start else [start, start]
                if w not in previous:
                    previous[w] = v
                    nxt.append(w)
        frontier = nxt
    return component


def test_there_is_no_import_cycle():
    found = cycles(graph())
    assert not found, "import cycles:\n" + "\n".join(" → ".join(c) for c in found)


def test_the_cycle_finder_finds_a_planted_cycle():
    edges = {"a": {"b", "os"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": {"e"}, "f": set()}
    assert cycles(edges) == [["a", "b", "c", "a"], ["e", "e"]]
    assert cycles({"a": {"b"}, "b": set()}) == []
    # laziness does not hide it: a function-level import and a TYPE_CHECKING one count
    lazy = "def f():\n    from pkg.b import x\n"
    typed = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg import a\n"
    known = {"pkg", "pkg.a", "pkg.b"}
    planted = {"pkg.a": imported_names(lazy, "pkg.a", False, known),
               "pkg.b": imported_names(typed, "pkg.b", False, known)}
    assert cycles(planted) == [["pkg.a", "pkg.b", "pkg.a"]]
    # a package and its submodule
    planted = {"pkg": imported_names("from .b import x", "pkg", True, known),
               "pkg.b": imported_names("from pkg import y", "pkg.b", False, known)}
    assert cycles(planted) == [["pkg", "pkg.b", "pkg"]]
    # a project graph with a planted cycle
    edges = graph()
    edges["bot.rules.base"] = edges["bot.rules.base"] | {"bot.service"}
    assert any("bot.rules.base" in c and "bot.service" in c for c in cycles(edges))


# -- what each layer may import (an allowlist) ------------------------------------------
# rules (pure) ← renderers ← presenters (bot.games), service and store ← the Discord
# adapter, the only part that imports discord. A prefix ``x`` allows ``x`` and ``x.*``.
# Patterns are fnmatch patterns over dotted module names; ``x`` in an allowed list allows
# ``x`` and ``x.*``. A game's slash commands are in bot/discord_ui/games/.
ADAPTER = ("bot.discord_ui", "bot.discord_ui.*")
LAYERS: list[tuple[tuple[str, ...], tuple[str, ...]]] = [  # (modules, what they may import beyond stdlib)
    (("bot.rules", "bot.rules.*"), ("bot.rules",)),
    (("renderers", "renderers.*"), ("PIL", "bot.rules", "renderers")),
    (("bot.store", "bot.store.*"), ("aiosqlite", "asyncpg", "bot.store")),  # asyncpg: the PostgreSQL extra, lazily
    (("bot.i18n", "bot.config"), ()),
    (ADAPTER, ("discord", "aiohttp", "bot", "renderers")),
    (("bot.games", "bot.games.*"), ("bot.games", "bot.rules", "bot.i18n")),
    (("bot.timing",), ()),  # the clocks' arithmetic: pure
    (("bot.service", "bot.service_clocks", "bot.service_types", "bot.service_undo", "bot.service_ai",
      "bot.service_ratings"),
     ("bot.rules", "bot.store", "bot.i18n", "bot.timing", "bot.service_clocks", "bot.service_types",
      "bot.service_undo", "bot.service_ai", "bot.service_ratings", "bot.export", "bot.ratings", "bot.ai_pool")),
    (("bot.ai_pool",), ("bot.rules",)),  # the AI's decisions in worker processes
    (("bot.ratings",), ("openskill", "bot.rules")),  # the rating model (OpenSkill): pure
    (("bot.export",), ("bot.rules",)),  # a game as one file, and that file replayed: pure
    (("bot.replay",), ("bot.rules", "bot.games", "bot.i18n", "renderers", "bot.export", "bot.story")),  # offline tool
    (("bot.scheduler",), ("bot.service", "bot.timing")),
    (("bot.simulate",), ("bot.rules", "bot.games", "bot.i18n", "renderers", "bot.story")),
    (("bot.arena",), ("bot.rules", "bot.ratings")),  # AI matches offline (it keeps time: not in the rules)
    (("bot.story", "bot.story.*"), ("bot.rules", "bot.games", "bot.i18n", "renderers")),  # a game's replay and chart
    (("bot.readme",), ("bot.rules", "bot.games", "bot.i18n")),
    (("bot.__main__",), ("bot",)),  # the command line: starts the adapter, never imports discord
    (("bot",), ()),  # the package itself
]


def under(name: str, prefixes: tuple[str, ...]) -> bool:
    return any(name == p or name.startswith(p + ".") for p in prefixes)


def member(module: str, patterns: tuple[str, ...]) -> bool:
    return any(fnmatch.fnmatchcase(module, p) for p in patterns)


def layer_of(module: str) -> tuple[str, ...]:
    """What ``module`` may import beyond the standard library: the first layer naming it."""
    for members, allowed in LAYERS:
        if member(module, members):
            return allowed
    raise AssertionError(f"{module} belongs to no layer: add it to LAYERS")


# The rules are pure: of the standard library, nothing that does I/O, keeps time or draws
# randomness of its own (a game's dice come through its ``Rng``).
RULES_NO_IO = ("asyncio", "random", "time", "sqlite3", "socket", "subprocess", "threading", "urllib", "http")


def layer_offences(edges: dict[str, set[str]]) -> list[str]:
    bad = []
    for module, names in sorted(edges.items()):
        allowed = layer_of(module)
        for name in sorted(names):
            io = under(module, ("bot.rules",)) and under(name, RULES_NO_IO)
            if io or (name.split(".")[0] not in STDLIB and not under(name, allowed)):
                bad.append(f"{module} imports {name}")
    return bad


def test_each_layer_imports_only_what_it_may():
    assert layer_offences(graph()) == []


def test_only_the_discord_adapter_imports_discord():
    edges = graph()
    users = {m for m, names in edges.items() if any(under(n, ("discord",)) for n in names)}
    assert users and all(member(m, ADAPTER) for m in users), sorted(users)


def test_the_layer_check_sees_an_offence():
    edges = {"bot.rules.x": {"json", "random", "time", "bot.rules.base", "bot.i18n", "PIL.Image"},
             "renderers.x": {"PIL", "bot.rules.names", "discord"},
             "bot.store.x": {"aiosqlite", "bot.service"},
             "bot.service": {"bot.store", "discord.ui"},
             "bot.discord_ui.cogs.x": {"discord", "bot.discord_ui.ui"}}
    assert layer_offences(edges) == ["bot.rules.x imports PIL.Image", "bot.rules.x imports bot.i18n",
                                     "bot.rules.x imports random", "bot.rules.x imports time",
                                     "bot.service imports discord.ui", "bot.store.x imports bot.service",
                                     "renderers.x imports discord"]


def test_the_import_walk_sees_imports():
    edges = graph()
    assert "discord" in edges["bot.discord_ui.app"]
    assert "bot.rules.names" in edges["renderers.words"]  # import_module("…") counts
    assert "bot.rules" in edges["bot.games.peaky_blinders.text"]  # inside a function (engine())
    assert "bot.games.risk_express" in edges["bot.games"]  # the registry ADAPTERS (import_module("…"))
    assert "bot.games.risk_express.text" in edges["bot.games.risk_express"]  # a game package names its presenter
    assert "bot.rules.names" in edges["bot.games.risk_express.text"]  # from bot.rules import names


# Only the service (and the store itself) reaches the store; the Discord layer asks the
# service. The rows are plain data any module may name; the composition root (app.py)
# opens the store by URL.
STORE_DATA = {"GameRow", "ActionRow", "GuildSettings", "MemberSettings", "Note", "RatingRow", "ResultRow"}
STORE_ALLOWED = {"bot/discord_ui/app.py": STORE_DATA | {"open_store", "GameStore", "database_path", "scheme_of"},
                 "bot/__main__.py": STORE_DATA | {"check_url", "UnsupportedDatabase", "StoreError", "copy_database",
                                                  "open_store"}}
STORE_OWNERS = ("bot/service.py", "bot/service_clocks.py", "bot/service_undo.py", "bot/service_ai.py",
                "bot/service_ratings.py", "bot/store/")


def store_reaches(source: str, path: str) -> list[str]:
    """Where ``source`` (the module at ``path``) reaches the store other than allowed: an
    attribute ``.store`` (``service.store.get_game``), ``getattr(x, "store")``, an import
    of ``bot.store`` beyond the allowed names, or a database driver."""
    allowed = STORE_ALLOWED.get(path, STORE_DATA)
    package = path.removesuffix(".py").replace("/", ".").rsplit(".", 1)[0]
    bad = []
    for node in ast.walk(parsed(source)):
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
        if rel in STORE_OWNERS or rel.startswith(STORE_OWNERS[-1]):
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
    assert store_reaches("from bot.store import GameStore, open_store", "bot/discord_ui/app.py") == []


# -- catalogs: the platform's (bot/locales) and each game's (bot/games/<id>/locales) -------
def catalog_dirs() -> list[Path]:
    from bot.i18n import catalog_files

    return [p.parent for p in catalog_files("en.json")]


def test_every_game_and_the_platform_have_catalogs():
    from bot.games import ADAPTERS

    found = {d.relative_to(ROOT).as_posix() for d in catalog_dirs()}
    assert found == {"bot/locales", *(f"bot/games/{g}/locales" for g in ADAPTERS)}


@pytest.mark.parametrize("folder", catalog_dirs(), ids=lambda d: d.relative_to(ROOT).as_posix())
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_catalogs_are_complete(lang, folder):
    en = json.loads((folder / "en.json").read_text(encoding="utf-8"))
    other = json.loads((folder / f"{lang}.json").read_text(encoding="utf-8"))
    assert en and set(other) == set(en)
    for key, text in en.items():  # the same placeholders in every language
        assert set(re.findall(r"{(\w+)}", other[key])) == set(re.findall(r"{(\w+)}", text)), key


@pytest.mark.parametrize("name", ["en.json", "fr.json", "fr_commands.json"])
def test_no_key_is_in_two_catalogs(name):
    from bot.i18n import catalog_files, merge

    files = catalog_files(name)
    keys = [k for path in files for k in json.loads(path.read_text(encoding="utf-8"))]
    assert len(files) > 1 and len(keys) == len(set(keys))
    assert len(merge(files)) == len(keys)


def test_a_key_in_two_catalogs_fails_loudly(tmp_path):
    from bot.i18n import DuplicateKey, merge

    (tmp_path / "a.json").write_text('{"err.x": "A", "a.y": "Y"}', encoding="utf-8")
    (tmp_path / "b.json").write_text('{"b.z": "Z", "err.x": "B"}', encoding="utf-8")
    with pytest.raises(DuplicateKey, match="err.x"):
        merge([tmp_path / "a.json", tmp_path / "b.json"])


def test_every_message_key_used_in_code_exists():
    from bot.i18n import catalog

    en = catalog("en")  # the platform's and every game's catalog, merged
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
    # every prefix a catalog uses (a new game's own included), and the usual ones
    prefixes = sorted({k.split(".")[0] for k in en} | {"err", "re", "pb", "lobby", "ui", "status", "game", "log",
                                                       "hand", "settings", "ev", "help", "rules"})
    pattern = re.compile(r"""["']((?:""" + "|".join(prefixes) + r""")\.[a-z_.]+)["']""")
    used = set()
    for path in files:
        text = path.read_text(encoding="utf-8")
        used |= set(pattern.findall(text))
    dynamic = {k for k in used if k.endswith(".")}
    missing = sorted(k for k in used - dynamic if k not in en and not k.startswith(("game.risk", "game.peaky")))
    assert missing == []


# -- secrets through one door: views, never raw state ----------------------------------
# The presenters (bot/games/) and the Discord adapter read ``game.view(state, seat)`` and
# events filtered by ``events_for``; a raw game state may only be handed on, whole, to the
# engine or the service (``engine.view(row.state, seat)``, ``engine.legal_actions(…)``).
# Reading a part of it (``row.state["owner"]``, ``state.get("players")``, ``"x" in state``)
# or handing it to a presenter's text is the offence: that is how a secret would leak.
RAW_STATE_NAMES = {"state", "before", "after", "new_state", "fresh"}
RAW_STATE_READS = {"get", "items", "keys", "values", "setdefault", "pop", "copy"}
PRESENTER_TEXTS = {"status", "prompt", "hand", "groups", "buttons", "action_label", "card_label", "complete"}
VIEW_ONLY = ("bot/games", "bot/discord_ui")


def _raw_state(expr: ast.AST) -> bool:
    if isinstance(expr, ast.Name):
        return expr.id in RAW_STATE_NAMES
    if isinstance(expr, ast.Attribute):
        return expr.attr == "state"  # row.state
    if isinstance(expr, ast.BoolOp):  # (row.state or {})
        return any(_raw_state(v) for v in expr.values)
    return False


def raw_state_reads(source: str, path: str) -> list[str]:
    """Where ``source`` reads into a raw game state, or hands one to a presenter's text."""
    bad = []
    for node in ast.walk(parsed(source)):
        where = f"{path}:{getattr(node, 'lineno', '?')}"
        if isinstance(node, ast.Subscript) and _raw_state(node.value):
            bad.append(f"{where} subscripts a raw state")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            if node.func.attr in RAW_STATE_READS and _raw_state(node.func.value):
                bad.append(f"{where} reads a raw state with .{node.func.attr}()")
            elif node.func.attr in PRESENTER_TEXTS and any(_raw_state(a) for a in node.args):
                bad.append(f"{where} hands a raw state to .{node.func.attr}()")
        elif (isinstance(node, ast.Compare) and any(isinstance(op, (ast.In, ast.NotIn)) for op in node.ops)
              and any(_raw_state(c) for c in node.comparators)):
            bad.append(f"{where} looks into a raw state with in")
    return bad


def test_presenters_and_discord_read_views_not_raw_state():
    bad = []
    for folder in VIEW_ONLY:
        for path in sorted((ROOT / folder).rglob("*.py")):
            bad += raw_state_reads(path.read_text(encoding="utf-8"), path.relative_to(ROOT).as_posix())
    assert bad == []


def test_the_raw_state_check_sees_a_read():
    source = "\n".join([
        "def status(self, state, names, lang):",
        "    return state['turn'], state.get('owners'), 'hand' in state",
        "async def hand(self, interaction):",
        "    row = await self.service.running(1)",
        "    cards = (row.state or {}).get('players')",
        "    mine = row.state['players']",
        "    return presenter(row.game).status(row.state, {}, 'en')",
    ])
    found = raw_state_reads(source, "bot/games/x/text.py")
    assert len(found) == 6, found
    # handing the state whole to the engine is how views are made: allowed
    fine = "def f(row):\n    view = GAMES[row.game].view(row.state, None)\n    return pres.status(view, {}, 'en'), view['turn']"
    assert raw_state_reads(fine, "bot/discord_ui/ui.py") == []
