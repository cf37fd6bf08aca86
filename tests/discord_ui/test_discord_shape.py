"""The Discord adapter's shape (issue 7): the bot class only wires, the click handlers live
with their buttons, one path posts a turn, and no module of it is over 600 lines."""

from __future__ import annotations

import ast
import inspect
import textwrap
from pathlib import Path

import discord

from bot.discord_ui import buttons, lobby, messages
from bot.discord_ui.app import GameMasterBot

ROOT = Path(__file__).resolve().parents[2]


def test_the_bot_class_has_no_click_handler():
    own = {name for name, value in vars(GameMasterBot).items() if inspect.isfunction(value)}
    assert not {n for n in own if n.endswith(("_click", "_choice")) or n in ("post_start", "post_turn")}
    source = (ROOT / "bot/discord_ui/app.py").read_text(encoding="utf-8")
    assert "edit_message(" not in source and "DynamicItem" not in source


def test_the_click_handlers_live_with_their_buttons():
    items = [cls for module in (buttons, lobby) for cls in vars(module).values()
             if isinstance(cls, type) and issubclass(cls, discord.ui.DynamicItem) and cls.__module__ == module.__name__]
    assert len(items) == 6
    for cls in items:
        called = {n.func.id for n in ast.walk(ast.parse(textwrap.dedent(inspect.getsource(cls.callback))))
                  if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)}
        module = inspect.getmodule(cls)
        handlers = {n for n in called if n.endswith(("_click", "_choice"))}
        assert handlers, (cls.__name__, called)
        assert all(getattr(module, n).__module__ == module.__name__ for n in handlers), cls.__name__

def test_one_path_posts_a_turn():
    """Every move, start, skip, kick and catch-up reaches the channel through messages.post_turn."""
    senders = []
    for path in sorted((ROOT / "bot").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        if "channel.send(" in text or "followup.send(wait=True" in text:
            senders.append(path.relative_to(ROOT).as_posix())
    # the story of a game (its chart and replay, after the final board) is not a turn
    assert senders == ["bot/discord_ui/messages.py", "bot/discord_ui/story.py"]
    assert "post_turn" not in (ROOT / "bot/discord_ui/story.py").read_text(encoding="utf-8")
    assert "post_turn" in inspect.getsource(messages.catch_up)  # the scheduler's way in: no interaction


def test_no_module_of_the_adapter_is_over_600_lines():
    sizes = {p.relative_to(ROOT).as_posix(): len(p.read_text(encoding="utf-8").splitlines())
             for p in (ROOT / "bot/discord_ui").rglob("*.py")}
    assert max(sizes.values()) <= 600, sizes
