"""Survival, 2 seats: the AI as the round's FIRST mover against the beginner, phase by phase
(issue 28, eighth session; docs/ai.md "Eighth session (2026-11-29): Survival as first mover").

A diagnosis, not a test: each game ``k`` of match ``--seed`` (the arena's :func:`game_seed`)
is set up, the seat that moves first in the round (``order[0]``: it also claims first) is
given the policy under study, the other the beginner. Variants:

- ``ai``: the level (``--level``, normal by default) for every decision;
- ``beginner``: the beginner in the first seat too (what a beginner gets there);
- ``hyb:PHASE``: the level for every decision but the phase's, which the beginner makes:
  ``claim`` (the claims), ``garrison`` (the starting placement), ``place`` (each turn's
  deployment and trades), ``attack`` (attacks, rolls, retreats, advances), ``manoeuvre``;
- ``r1ai``: the level in round 1 (claims and starting placement included), the beginner after;
  ``r1beg``: the reverse.

Prints one line a game (winner, final scores) and the total; the same games for every
variant (common seeds), so variants compare game by game. Importing the beginner here is fine:
this script judges, the AI never reads it.

    python bench/diag_survival_first.py --variant hyb:attack --games 48 --seed 30001
"""

from __future__ import annotations

import argparse
import sys
import time

import _path  # noqa: F401

from bot.arena import game_seed
from bot.rules import GAMES
from bot.rules.ai import make_policy
from bot.rules.ai.beginner import BeginnerPolicy
from bot.rules.base import Action, Game, Rng, State
from bot.rules.play import play_out

PHASES = {"claim": {"claim"}, "garrison": {"garrison"}, "place": {"place"}, "attack": {"attack", "battle"},
          "manoeuvre": {"manoeuvre"}}


class Hybrid:
    """The AI but where ``beginner_when(state)`` says the beginner decides."""

    def __init__(self, ai: object, beginner_when) -> None:
        self.ai, self.beginner, self.when = ai, BeginnerPolicy(), beginner_when

    def choose(self, game: Game, state: State, seat: str, legal: list[Action], rng: Rng) -> Action:
        pol = self.beginner if self.when(state) else self.ai
        return pol.choose(game, state, seat, legal, rng)


def policy_for(variant: str, level: str):
    if variant == "beginner":
        return BeginnerPolicy()
    ai = make_policy(level)
    if variant == "ai":
        return ai
    if variant.startswith("hyb:"):
        phases = set().union(*(PHASES[p] for p in variant[4:].split("+")))
        return Hybrid(ai, lambda s: s["phase"] in phases)
    if variant == "r1ai":
        return Hybrid(ai, lambda s: s["phase"] not in ("claim", "garrison") and s.get("round", 1) > 1)
    if variant == "r1beg":
        return Hybrid(ai, lambda s: s["phase"] in ("claim", "garrison") or s.get("round", 1) <= 1)
    raise SystemExit(f"unknown variant {variant}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--variant", default="ai")
    ap.add_argument("--level", default="normal")
    ap.add_argument("--games", type=int, default=48)
    ap.add_argument("--skip", type=int, default=0)
    ap.add_argument("--seed", type=int, default=30001)
    args = ap.parse_args(argv)
    game = GAMES["walking_dead"]
    opts = {"mode": "survival"}
    seats = ["p0", "p1"]
    wins = 0
    n = 0
    for k in range(args.skip, args.skip + args.games):
        seed = game_seed(args.seed, k)
        first = game.setup(seats, opts, seed)["order"][0]
        other = next(s for s in seats if s != first)
        t0 = time.process_time()
        play = play_out(game, seats, seed, {first: policy_for(args.variant, args.level), other: BeginnerPolicy()}, opts)
        play.run()
        out = play.outcome or {}
        won = first in (out.get("winners") or [])
        scores = out.get("scores") or {}
        wins += won
        n += 1
        print(f"game {k} first {first} won {int(won)} score {scores.get(first)}-{scores.get(other)}"
              f" rounds {play.state.get('round')} cpu {time.process_time() - t0:.1f}", flush=True)
    print(f"TOTAL {args.variant} {wins}/{n}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
