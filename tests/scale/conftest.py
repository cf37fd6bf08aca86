from __future__ import annotations

import pytest

from tests.discord_ui.e2e import HANG_LIMIT
from tests.fakediscord import FakeDiscord


@pytest.fixture
async def fake():
    """A fake Discord on 127.0.0.1 for one test. Bots in other processes on two shared cores
    may answer later than Discord's 3 s: these tests are about what is stored and posted."""
    async with FakeDiscord(timeout=HANG_LIMIT, response_deadline=None) as server:
        yield server
