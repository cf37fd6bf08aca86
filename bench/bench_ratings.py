"""Ratings (issue 31): after a seeded round robin in the arena (AI levels against each other and
against the random player, two seats a game), do the ratings order the policies as their win
rates do? Prints each policy's rating (mu - 3 sigma, with mu and sigma) beside its win rate,
and the answer beside its target (yes). Seeds 1…N; ``--rounds`` games per pair.

    .venv/bin/python bench/bench_ratings.py [--rounds 20] [--only risk_express zombie_town]
"""

from __future__ import annotations

import argparse
import time

import _path  # noqa: F401

from bot.arena import round_robin

GAMES = ("risk_express", "zombie_town")
POLICIES = ["random", "beginner", "easy", "normal"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=20, help="games per pair of policies (default: 20)")
    parser.add_argument("--only", nargs="*", default=list(GAMES), help="the games (default: %(default)s)")
    parser.add_argument("--policies", default=",".join(POLICIES), help="the policies (default: %(default)s)")
    args = parser.parse_args()
    for game in args.only:
        start = time.perf_counter()
        result = round_robin(game, args.policies.split(","), args.rounds)
        print(result.summary())
        print(f"  ({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
