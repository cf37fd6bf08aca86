from __future__ import annotations

import pytest

from tests.discord_ui.e2e import HANG_LIMIT
from tests.fakediscord import FakeDiscord


@pytest.fixture
async def fake():
    """A fake Discord on 127.0.0.1 for one test. Bots in other processes on two shared cores
    may answer later than Discord's 3 s, and a bot in this process draws its first boards
    slowly under load: these tests are about what is stored and posted, not how fast."""
    async with FakeDiscord(timeout=3 * HANG_LIMIT, response_deadline=None) as server:
        yield server
