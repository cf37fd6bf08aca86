"""Every text a seeded game shows, in one language: the sweep the typography tests read.

A seeded random game of each game (The Walking Dead in both modes) is played through the
engine contract, and each step is rendered as the bot would: the narration of its events,
what its player alone reads, and, whenever a new decision is up, the status, the prompt,
the hand of the one to act and the labels of their choices."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from functools import cache

from bot.games import presenter
from bot.rules import GAMES
from bot.rules.ai import RandomPolicy
from bot.rules.play import NoEnd, play_out

NAMES = ["Ann", "Ben", "Cleo", "Dan", "Eve"]
GAME_RUNS = [("risk_express", {}, 4), ("peaky_blinders", {}, 3), ("peaky_blinders", {}, 2),
             ("zombie_town", {}, 4), ("walking_dead", {"mode": "survival"}, 3),
             ("walking_dead", {"mode": "survival"}, 2), ("walking_dead", {"mode": "conquest"}, 5),
             ("transformers", {}, 3)]
SEEDS = (1, 2, 3)
MAX_STEPS = 800


def rendered(game_id: str, options: dict, players: int, lang: str, seed: int) -> Iterator[tuple[str, str]]:
    """``(where, text)`` for every text of one seeded game of ``game_id`` in ``lang``."""
    engine, pres = GAMES[game_id], presenter(game_id)
    seats = [str(100 + i) for i in range(players)]
    names = dict(zip(seats, NAMES, strict=False))
    run = play_out(engine, seats, seed, RandomPolicy(), options=options, max_actions=MAX_STEPS)
    last_turn = None
    for n, step in enumerate(_steps(run)):
        if n == 0:  # what setup did, told as the game's first message
            for line in pres.narrate(engine.opening_events(step.before), names, lang):
                yield "opening", line
        for line in pres.narrate(step.events, names, lang):
            yield f"narrate {step.events[0].get('type') if step.events else ''}", line
        if step.seat in names:
            for line in pres.private(step.events, engine.view(step.after, step.seat), step.seat, lang):
                yield "private", line
        to_act = engine.to_act(step.after)
        if not to_act:
            continue
        seat = to_act[0]
        turn = (seat, engine.legal_actions(step.after, seat)[0].get("type") if n % 7 else n)
        if turn == last_turn:
            continue
        last_turn = turn
        public = engine.view(step.after, None)
        yield "status", pres.status(public, names, lang)
        yield "prompt", pres.prompt(public, names, lang)
        yield "hand", pres.hand(engine.view(step.after, seat), seat, names, lang)
        for action in pres.buttons(public, seat, engine.legal_actions(step.after, seat))[:30]:
            yield "label", pres.action_label(action, public, lang)


def _steps(run: Iterator) -> Iterator:
    """The steps of ``run``, up to :data:`MAX_STEPS` (a long game is read that far)."""
    try:
        yield from run
    except NoEnd:
        return


@cache
def every_text(lang: str) -> tuple[tuple[str, str, str], ...]:
    """``(game, where, text)`` of every run of :data:`GAME_RUNS`, in ``lang``."""
    out = []
    for (game_id, options, players), seed in itertools.product(GAME_RUNS, SEEDS):
        for where, text in rendered(game_id, options, players, lang, seed):
            if text:
                out.append((game_id + str(options.get("mode", "")), where, text))
    return tuple(out)
