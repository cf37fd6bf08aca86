from __future__ import annotations

import pytest

from tests.discord_ui.e2e import HANG_LIMIT
from tests.fakediscord import FakeDiscord


@pytest.fixture(scope="session", autouse=True)
def _boards_warm() -> None:
    """The boards' static layers built once per test process, before any bot starts. A bot
    builds them after ready in a worker thread (``on_ready``); their first build is ~9 s of
    CPU for five games, which on a loaded machine would weigh on the first tests of a
    worker (their boards drawn cold, their clicks beside the warm-up). Later builds are
    cached, as in a bot."""
    import renderers

    renderers.warm()


@pytest.fixture
async def fake():
    """A fake Discord on 127.0.0.1 for one test."""
    async with FakeDiscord(timeout=HANG_LIMIT) as server:
        yield server
