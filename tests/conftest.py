"""What every test shares."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _channels_unpaced(monkeypatch):
    """A bot in a test posts as fast as the fake Discord takes it: the pacer of a channel's new
    messages (4 in any 5 s, ``bot.discord_ui.outbox``) would make each test wait in real time. Its
    own tests build their pacer on a fake clock (``tests/discord_ui/test_outbox.py``, and the AI
    takeover under ``-m slow``)."""
    from bot.discord_ui import app
    from bot.discord_ui.outbox import Pacer

    monkeypatch.setattr(app, "Pacer", lambda: Pacer(limit=1_000_000))
