"""Warming in the background (issue 29, point 1): a board never waits for the warming;
each game is warmed once; a stop ends it early."""

from __future__ import annotations

import threading
from importlib import import_module

import pytest

import renderers


@pytest.fixture
def fake_games(monkeypatch):
    """Every game's ``warm`` and ``render`` replaced by recorders; Zombie Town's warm hangs
    until ``gate`` is set."""
    gate, started = threading.Event(), threading.Event()
    log: list[tuple[str, str]] = []
    monkeypatch.setattr(renderers, "_WARM", set())
    for game_id, path in renderers.RENDERERS.items():
        mod = import_module(path)

        def warm(game_id=game_id) -> None:
            log.append(("warm", game_id))
            if game_id == "zombie_town":
                started.set()
                assert gate.wait(10)

        monkeypatch.setattr(mod, "warm", warm)
        monkeypatch.setattr(mod, "render", lambda view, game_id=game_id: log.append(("render", game_id)) or b"png")
    yield gate, started, log
    gate.set()


def test_a_board_does_not_wait_for_the_warming(fake_games):
    """Zombie Town's warming hangs: its board, and another game's, are drawn meanwhile (each
    renderer builds what it needs itself, once, under its own caches' locks)."""
    gate, started, log = fake_games
    warming = threading.Thread(target=renderers.warm, args=(["zombie_town", "transformers"],),
                               kwargs={"again": False})
    warming.start()
    try:
        assert started.wait(10)
        assert renderers.render({"game": "risk_express"}) == b"png"
        assert renderers.render({"game": "zombie_town"}) == b"png"
        assert not renderers.is_warm("zombie_town") and ("warm", "transformers") not in log
        gate.set()
        warming.join(10)
    finally:
        gate.set()
    assert renderers.is_warm("zombie_town") and renderers.is_warm("transformers")


def test_each_game_is_warmed_once_and_a_stop_ends_it_between_games(fake_games):
    gate, _, log = fake_games
    gate.set()
    asked = []

    def stop() -> bool:
        asked.append(1)
        return len(asked) > 2

    renderers.warm(stop=stop, again=False)
    assert log == [("warm", "risk_express"), ("warm", "peaky_blinders")]
    renderers.warm(again=False)  # the bot's: the games warmed already are left
    assert [g for _, g in log] == ["risk_express", "peaky_blinders", *list(renderers.RENDERERS)[2:]]
    renderers.warm_game("risk_express", again=False)
    assert len(log) == len(renderers.RENDERERS)
    renderers.warm(["zombie_town"])  # asked for again (a test that forgot the layers): built again
    assert log[-1] == ("warm", "zombie_town") and len(log) == len(renderers.RENDERERS) + 1


def test_a_warm_up_step_lets_the_boards_being_drawn_pass_first():
    """The drawing lock is not fair: without this, a warm-up taking it step after step
    would keep a player's board waiting for the whole warm-up."""
    from renderers.kit import drawing_board, warm_step

    entered = threading.Event()

    def step() -> None:
        with warm_step():
            entered.set()

    with drawing_board():
        t = threading.Thread(target=step)
        t.start()
        assert not entered.wait(0.2)  # a board is being drawn: the step waits
    assert entered.wait(10)
    t.join(10)


def test_a_warm_up_step_lets_a_burst_of_boards_pass_whole(monkeypatch):
    """A restart: every game in play asks for its board at once, one after the other. After
    a board, a step waits for a quiet moment (``QUIET``: the next board of the burst comes
    first), but no longer than ``QUIET_MOST`` while boards keep coming."""
    import time

    import renderers.kit.text as text
    from renderers.kit import drawing_board, warm_step

    def step_after_a_board(quiet: float, most: float) -> float:
        """How long a step waited, a board drawn just before it."""
        monkeypatch.setattr(text, "QUIET", quiet)
        monkeypatch.setattr(text, "QUIET_MOST", most)
        with drawing_board():
            pass
        started = time.monotonic()
        with warm_step():
            return time.monotonic() - started

    assert 0.15 < step_after_a_board(0.3, 30.0) < 5  # the step waited for the quiet moment
    assert 0.1 < step_after_a_board(30.0, 0.2) < 5  # boards keep coming: it goes on after QUIET_MOST
    monkeypatch.setattr(text, "_LAST_BOARD", [float("-inf")])
    started = time.monotonic()
    with warm_step():
        assert time.monotonic() - started < 0.1  # no board lately: at once
