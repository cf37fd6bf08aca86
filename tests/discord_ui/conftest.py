from __future__ import annotations

import pytest

from tests.discord_ui.e2e import HANG_LIMIT
from tests.fakediscord import FakeDiscord


@pytest.fixture(scope="session", autouse=True)
def _boards_warm() -> None:
    """The boards' static layers built once per test process, before any bot starts. A bot
    awaits them before it goes online (``setup_hook``); their first build is ~9 s of CPU for
    five games, which on a loaded machine outlasted the fake's hang limit while the first
    test of a worker waited for the bot to connect. Later builds are cached, as in a bot."""
    import renderers

    renderers.warm()


@pytest.fixture
async def fake():
    """A fake Discord on 127.0.0.1 for one test."""
    async with FakeDiscord(timeout=HANG_LIMIT) as server:
        yield server
