from __future__ import annotations

import os

import pytest

from tests.discord_ui.e2e import HANG_LIMIT
from tests.fakediscord import FakeDiscord


@pytest.fixture(scope="session", autouse=True)
def _boards_warm(request: pytest.FixtureRequest) -> None:
    """The boards' static layers built once per test process, before any bot starts. A bot
    builds them after ready in a worker thread (``on_ready``); their first build is ~5-9 s of
    CPU for five games, which on a loaded machine would weigh on the first tests of a
    worker (their boards drawn cold, their clicks beside the warm-up). Later builds are
    cached, as in a bot.

    The test processes share them through the disk cache in pytest's cache folder (keyed by
    the drawing code and data, as the bot's): the second worker reads back what the first
    drew (~0.5 s for all five against ~5.5 s drawn), each worker drawing the games in its own
    order so that two starting together split the work; a later run reads them all. The
    disk is only used for this warm-up: the tests then run with no disk cache, as before."""
    import renderers
    from bot.discord_ui.app import preload
    from renderers.kit import disk

    games = list(renderers.RENDERERS)
    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0")
    if worker[2:].isdigit() and int(worker[2:]) % 2:
        games.reverse()
    cache = getattr(request.config, "cache", None)  # None with ``-p no:cacheprovider``
    disk.use(cache.mkdir("gm-boards") if cache is not None
             else request.getfixturevalue("tmp_path_factory").mktemp("gm-boards"))
    try:
        for game_id in games:
            renderers.warm_game(game_id)
    finally:
        disk.use(None)
    preload()  # as ``app.run`` does before its event loop starts


@pytest.fixture
async def fake():
    """A fake Discord on 127.0.0.1 for one test."""
    async with FakeDiscord(timeout=HANG_LIMIT) as server:
        yield server
        assert_described(server)


def assert_described(server: FakeDiscord) -> None:
    """Issue 31: every file the bot posted in an end-to-end test carries its description (the
    alt text a screen reader says), non-empty and within Discord's 1,024 characters."""
    for upload in server.bot_uploads:
        text = upload.description or ""
        assert text.strip(), f"{upload.filename}: posted without a description (alt text)"
        assert len(text) <= 1024, f"{upload.filename}: a description of {len(text)} characters"


@pytest.fixture(autouse=True)
def _loop_never_stalls(request):
    """Issue 29: no callback of the bot keeps the event loop busy over 20 ms of the loop
    thread's CPU (:mod:`tests.loopwatch`: CPU time, not wall time, so a loaded CI machine
    does not fail it), in any end-to-end path: moves, AI, undo, rollback, story, export,
    start-up. The test's own coroutine is not the bot (it sets up games with the engines,
    imports and rewrites test modules): its callbacks are not counted."""
    from tests.loopwatch import watched

    mine = getattr(request.function, "__name__", None)
    with watched(ignore=lambda coro_name: coro_name == mine) as watch:
        yield watch
    if os.environ.get("LOOPWATCH_LOG"):
        with open(os.environ["LOOPWATCH_LOG"], "a") as f:
            f.write(f"{request.node.nodeid}\t{watch.longest * 1000:.1f}\t{watch.report()}\n")
    assert not watch.stalls, f"the event loop was kept busy: {watch.report()}"
