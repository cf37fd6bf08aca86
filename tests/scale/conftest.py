from __future__ import annotations

import pytest

from tests.discord_ui.e2e import HANG_LIMIT
from tests.fakediscord import FakeDiscord


@pytest.fixture
async def fake():
    """A fake Discord on 127.0.0.1 for one test."""
    async with FakeDiscord(timeout=HANG_LIMIT) as server:
        yield server
