"""The AI's decisions in worker processes (issue 28, :mod:`bot.ai_pool`): the same action as in
a thread for the same seed, a worker killed or frozen mid-way replaced and its decision made in
a thread (nothing lost), and no process left once the pool is closed. One pool for the file
(a worker's start is ~0.5 s of imports)."""

from __future__ import annotations

import asyncio
import os
import signal
from pathlib import Path

import pytest

import bot.ai_pool as ai_pool
from bot.ai_pool import AiPool, decide_in_thread
from bot.config import BadSetting, parse_ai_workers
from bot.rules import GAMES
from bot.rules.ai import RandomPolicy, decide
from bot.rules.play import play_out

# Large enough that the clock never stops a search here: its iterations do (the same action
# whatever the machine's load).
UNBOUNDED = 60.0


def positions(game_id: str, options: dict, count: int, every: int = 5) -> list[tuple[dict, str]]:
    game = GAMES[game_id]
    seats = [f"p{i}" for i in range(min(game.players(options)))]
    out = []
    for i, step in enumerate(play_out(game, seats, 7, RandomPolicy(), options)):
        seat = game.to_move(step.after)
        if i % every == 2 and seat is not None:
            out.append((step.after, seat))
        if len(out) >= count:
            break
    return out


@pytest.fixture(scope="module")
def pool():
    shared = AiPool(workers=1)
    yield shared
    asyncio.run(shared.close())


def alive(pid: int) -> bool:
    """A process still there (running or a zombie nobody reaped)."""
    return Path(f"/proc/{pid}").exists()


@pytest.mark.parametrize(("game_id", "options", "level"), [
    ("walking_dead", {"mode": "survival"}, "easy"), ("peaky_blinders", {}, "easy"), ("risk_express", {}, "normal")])
async def test_a_worker_finds_the_action_a_thread_finds(pool, game_id, options, level):
    for seed, (state, seat) in enumerate(positions(game_id, options, 2)):
        want = decide(GAMES[game_id], state, seat, level, seed=seed)
        assert await pool.decide(game_id, state, seat, level, seed, UNBOUNDED) == want
        assert await decide_in_thread(game_id, state, seat, level, seed, UNBOUNDED) == want
    assert pool.pids() and os.getpid() not in pool.pids()  # it ran in another process


async def test_a_killed_worker_is_replaced_and_its_decision_made_anyway(pool):
    (state, seat), (state2, seat2) = positions("peaky_blinders", {}, 2)
    game = GAMES["peaky_blinders"]
    first = await pool.started()
    os.kill(first, signal.SIGKILL)  # before a decision: the next one finds the pool broken
    assert await pool.decide("peaky_blinders", state, seat, "easy", 1, UNBOUNDED) == \
        decide(game, state, seat, "easy", seed=1)
    assert not alive(first)
    second = await pool.started()  # a new worker for the next decisions
    assert second != first
    # killed while it thinks (or just after: the same action either way)
    thinking = asyncio.ensure_future(pool.decide("peaky_blinders", state2, seat2, "normal", 2, UNBOUNDED))
    await asyncio.sleep(0.05)
    os.kill(second, signal.SIGKILL)
    assert await thinking == decide(game, state2, seat2, "normal", seed=2)
    assert await pool.started() not in (first, second)
    assert not alive(second)


async def test_a_worker_that_does_not_answer_is_killed_and_its_decision_made_in_a_thread(pool, monkeypatch):
    state, seat = positions("peaky_blinders", {}, 1)[0]
    frozen = await pool.started()
    monkeypatch.setattr(ai_pool, "GRACE", 0.3)
    os.kill(frozen, signal.SIGSTOP)  # alive but silent
    try:
        action = await pool.decide("peaky_blinders", state, seat, "easy", 3, 0.1)
    finally:
        if alive(frozen):
            os.kill(frozen, signal.SIGKILL)
    GAMES["peaky_blinders"].apply(state, seat, action)  # a legal move all the same
    assert not alive(frozen)
    assert await pool.decide("peaky_blinders", state, seat, "easy", 3, UNBOUNDED) == \
        decide(GAMES["peaky_blinders"], state, seat, "easy", seed=3)


async def test_closing_leaves_no_process_and_later_decisions_run_in_a_thread():
    own = AiPool(workers=2)
    state, seat = positions("transformers", {}, 1)[0]
    want = decide(GAMES["transformers"], state, seat, "easy", seed=5)
    assert await own.decide("transformers", state, seat, "easy", 5, UNBOUNDED) == want
    pids = own.pids()
    assert pids
    await own.close()
    assert not any(alive(pid) for pid in pids) and own.pids() == []
    assert await own.decide("transformers", state, seat, "easy", 5, UNBOUNDED) == want  # closed: a thread
    assert own.pids() == []


def test_the_setting_is_process_or_thread():
    assert parse_ai_workers("") == "process" and parse_ai_workers(" Thread ") == "thread"
    with pytest.raises(BadSetting, match="GAMEMASTER_AI_WORKERS"):
        parse_ai_workers("fork")


async def test_where_no_worker_can_start_the_ai_decides_in_threads(monkeypatch):
    """A system where processes cannot start (no semaphores, no memory): each decision is
    made all the same, in a thread; after three failures the pool stops trying."""
    broken = AiPool(workers=1)

    def cannot(*args, **kwargs):
        raise NotImplementedError("This platform lacks a functioning sem_open implementation")

    monkeypatch.setattr(ai_pool, "ProcessPoolExecutor", cannot)
    state, seat = positions("peaky_blinders", {}, 1)[0]
    want = decide(GAMES["peaky_blinders"], state, seat, "easy", seed=4)
    broken.warm()  # no error either
    for _ in range(ai_pool.GIVE_UP + 1):
        assert await broken.decide("peaky_blinders", state, seat, "easy", 4, UNBOUNDED) == want
    assert broken._failures == ai_pool.GIVE_UP and broken.pids() == []
    await broken.close()
