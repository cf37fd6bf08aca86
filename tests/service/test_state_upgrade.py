"""Games stored before the engines' state changed shape keep working: the service rebuilds an
older state (``state["schema"]`` below ``SCHEMA_VERSION``) by replaying its log when it loads
the game, and the next move writes the new shape."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from bot.rules import GAMES
from bot.rules.base import SCHEMA_VERSION, canonical
from bot.rules.compact import choose
from bot.service import GameService
from bot.store import Store

CHANNEL = 300


@pytest.fixture
async def store(tmp_path):
    s = await Store.open(f"sqlite:///{tmp_path}/gm.sqlite3")
    yield s
    await s.close()


def old_shape(state: dict[str, Any]) -> dict[str, Any]:
    """``state`` as schema 1 kept it: Risk Express had no ``order``, ``out`` or ``result`` (a
    kicked seat left ``seats``, ``current`` indexed what was left, ``winners`` said the end);
    the map games kept ``cur`` and ``eliminated``."""
    old = json.loads(json.dumps(state))
    old["schema"] = 1
    order, out, cur = old.pop("order"), old.pop("out"), old.pop("current")
    if old["game"] == "risk_express":  # and its end was "winners", not "result"
        result = old.pop("result")
        old["winners"] = None if result is None else result["winners"]
        left = [s for s in order if s not in out]
        old["seats"] = left
        old["current"] = left.index(order[cur]) if order[cur] in left else 0
    else:
        old["cur"] = cur
        old["eliminated"] = out
    return old


async def play(service: GameService, game_id: str, moves: int, rnd: random.Random) -> None:
    game = GAMES[game_id]
    for _ in range(moves):
        row = await service.game(CHANNEL)
        if game.outcome(row.state) is not None:
            return
        seat = game.current(row.state)
        forms = [a for a in game.legal_actions(row.state, seat) if a["type"] not in game.anytime_actions]
        await service.act(CHANNEL, seat, choose(rnd.choice(forms), rnd.randrange))


@pytest.mark.parametrize("game_id", sorted(GAMES))
async def test_an_old_shape_state_is_rebuilt_from_its_log(store, game_id: str) -> None:
    game = GAMES[game_id]
    service = GameService(store, seed_source=lambda: 11)
    players = ["1", "2", "3"]
    await service.new_game(CHANNEL, 5, players[0], game_id, {}, "host")
    for p in players[1:]:
        await service.join(CHANNEL, p, f"p{p}")
    await service.start(CHANNEL, players[0], False)
    rnd = random.Random(3)
    await play(service, game_id, 6, rnd)
    await service.kick(CHANNEL, True, "3")  # a kick changed the old Express shape most
    await play(service, game_id, 6, rnd)
    row = await service.game(CHANNEL)
    assert row.state["schema"] == SCHEMA_VERSION and "3" in game.turn_info(row.state).out
    expected = canonical(row.state)

    stored = await store.update_game(row, state=old_shape(row.state))  # as an old bot left it
    assert stored.state["schema"] == 1
    for load in (service.game(CHANNEL), service.latest_game(CHANNEL), service.get_game(row.id),
                 service.active_game(CHANNEL), service.game_or_last(CHANNEL)):
        assert canonical((await load).state) == expected

    # it plays on, and the next move stores the new shape
    await play(service, game_id, 1, rnd)
    raw = await store.get_game(row.id)
    assert raw.state["schema"] == SCHEMA_VERSION
    log = [(a.seat, a.action) for a in await store.actions(row.id)]
    assert canonical(game.replay(players, row.options, row.seed, log, row.picks)) == canonical(raw.state)
