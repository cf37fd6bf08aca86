"""``python -m bot simulate GAME``: a whole game of random legal moves, without Discord.

It prints the narrated log and the result, and with ``--out`` writes the board after
every turn. The same loop drives the fuzz tests and the benchmarks.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from bot.rules import GAMES
from bot.rules.base import Game, State


def random_game(game: Game, seats: list[str], seed: int, options: dict[str, Any] | None = None,
                max_actions: int = 100_000) -> Iterator[tuple[State, str, dict[str, Any], State, list[dict[str, Any]]]]:
    """Yield (before, seat, action, after, events) for every move of a random game.

    The move chooser has its own generator (seeded from ``seed``), apart from the game's.
    """
    chooser = random.Random(seed ^ 0x5EED)
    state = game.setup(seats, options or {}, seed)
    for _ in range(max_actions):
        if game.outcome(state) is not None:
            return
        seat = game.to_act(state)[0]
        actions = game.legal_actions(state, seat)
        if not actions:
            raise AssertionError(f"{game.id}: {seat} must act but has no legal action")
        if hasattr(game, "random_action"):  # games whose legal actions are compact forms
            action = game.random_action(state, seat, chooser.randrange)
        else:
            action = chooser.choice(actions)
        after, events = game.apply(state, seat, action)
        yield state, seat, action, after, events
        state = after
    raise AssertionError(f"{game.id}: no end after {max_actions} actions")


def simulate(game_id: str, players: int, seed: int, out: Path | None = None,
             options: dict[str, Any] | None = None, echo: Callable[[str], None] = print) -> dict[str, Any]:
    from bot.games import presenter

    game = GAMES[game_id]
    seats = [f"P{i + 1}" for i in range(players)]
    names = {s: s for s in seats}
    pres = presenter(game_id)
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
    state = game.setup(seats, options or {}, seed)
    for line in pres.narrate(state.get("opening_events", []), names, "en"):
        echo(line)
    pictures = 0

    def draw(s: State, label: str) -> None:
        nonlocal pictures
        if out is None:
            return
        import renderers

        view = game.view(s, None)
        view["labels"] = names
        (out / f"{label}.png").write_bytes(renderers.render(view))
        pictures += 1

    draw(state, "turn-0001")
    moves = 0
    for before, _seat, _action, after, events in random_game(game, seats, seed, options):
        moves += 1
        for line in pres.narrate(events, names, "en"):
            echo(line)
        if after.get("turn") != before.get("turn") or game.outcome(after) is not None:
            draw(after, f"turn-{after.get('turn', moves):04d}")
        state = after
    result = game.outcome(state)
    assert result is not None
    echo(f"Result after {moves} moves: winners {', '.join(result['winners']) or 'none'}; scores {result.get('scores')}")
    if out is not None:
        echo(f"{pictures} pictures written to {out}")
    return result
