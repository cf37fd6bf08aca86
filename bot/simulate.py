"""``python -m bot simulate GAME``: a whole game of random legal moves, without Discord.

It prints the narrated log and the result, and with ``--out`` writes the board after
every turn. The loop is :func:`bot.rules.play.play_out`, the one the tests and the benchmarks
use, with :class:`bot.rules.ai.RandomPolicy` in every seat.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from bot.rules import GAMES
from bot.rules.ai import RandomPolicy
from bot.rules.base import Game, State
from bot.rules.events import events_for
from bot.rules.play import Step, play_out


def random_game(game: Game, seats: list[str], seed: int, options: dict[str, Any] | None = None,
                max_actions: int = 100_000) -> Iterator[Step]:
    """Yield (before, seat, action, after, events) for every move of a random game: a
    :func:`bot.rules.play.play_out` with :class:`bot.rules.ai.RandomPolicy` in every seat."""
    return iter(play_out(game, seats, seed, RandomPolicy(), options, max_actions=max_actions))


MAX_PICTURES = 100  # a long game has thousands of turns: --out writes at most this many boards


def simulate(game_id: str, players: int, seed: int, out: Path | None = None,
             options: dict[str, Any] | None = None, echo: Callable[[str], None] = print,
             lang: str = "en", max_pictures: int = MAX_PICTURES,
             warn: Callable[[str], None] | None = None, replay: Path | None = None,
             chart: Path | None = None, ai: list[str] | None = None) -> dict[str, Any]:
    """Play a random game, narrate it in ``lang``, and with ``out`` draw the board after
    every turn: at most ``max_pictures`` of them (a warning says when the cap is reached),
    and always the final board. ``replay`` / ``chart``: write the game's story there (the
    animated replay, the chart of who led when: :mod:`bot.story`). ``ai``: the policy of each
    seat in order (``random``, ``greedy``, ``easy``, ``normal``, ``hard``; repeated if short)."""
    from bot.games import presenter

    game = GAMES[game_id]
    seats = [f"P{i + 1}" for i in range(players)]
    names = {s: s for s in seats}
    pres = presenter(game_id)
    warn = warn or echo
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
    from bot.rules.ai import make_policy

    names_ai = ai or ["random"]
    policies = {s: make_policy(names_ai[i % len(names_ai)]) for i, s in enumerate(seats)}
    if ai:
        names = {s: f"{s} ({names_ai[i % len(names_ai)]})" for i, s in enumerate(seats)}
    playout = play_out(game, seats, seed, policies, options)
    state = playout.state
    for line in pres.narrate(events_for(game.opening_events(state), None), names, lang):
        echo(line)
    pictures = 0
    skipped = 0

    def draw(s: State, label: str, final: bool = False) -> None:
        nonlocal pictures, skipped
        if out is None:
            return
        if pictures >= max_pictures and not final:
            if skipped == 0:
                warn(f"warning: {max_pictures} pictures written; the other turns are not drawn "
                     "(--max-pictures N to change), the final board is")
            skipped += 1
            return
        import renderers

        view = game.view(s, None)
        view["labels"] = names
        view["lang"] = lang
        (out / f"{label}.png").write_bytes(renderers.render(view))
        pictures += 1

    draw(state, "turn-0001")
    moves = 0
    for before, _seat, _action, after, events in playout:
        moves += 1
        for line in pres.narrate(events_for(events, None), names, lang):
            echo(line)
        over = game.outcome(after) is not None
        turn = game.turn_info(after).number
        if turn != game.turn_info(before).number or over:
            draw(after, "final" if over else f"turn-{turn:04d}", final=over)
    result = playout.outcome
    assert result is not None
    echo(f"Result after {moves} moves: winners {', '.join(result['winners']) or 'none'}; scores {result.get('scores')}")
    if out is not None:
        echo(f"{pictures} pictures written to {out}" + (f" ({skipped} turns not drawn)" if skipped else ""))
    if replay is not None or chart is not None:
        from bot.story import write_story

        write_story(game_id, seats, playout.options, seed, playout.log, None, names, lang, replay, chart, warn)
    return result

