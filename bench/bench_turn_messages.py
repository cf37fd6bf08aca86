"""A turn as a player meets it in the channel (issue 27), per game and mode, through the fake
Discord: people who only click (tests/discord_ui/clicker.py: a random choice of what the turn
message offers, followed through its menus), and a table taken over by the AI.

Printed per game, beside the issue's targets:

- clicks only: the decisions made and whether the game reached its end (from a state a few
  random moves before an end, played on by clicks: the whole game by clicks is the slow test),
  and how many clicks a decision took;
- new channel messages per turn (edits and private answers not counted): median ≤ 2;
- mentions a person receives between two of their own decisions: at most 1, setup included;
- an AI takeover (both people's time runs out at an ``on_timeout: ai`` table, Risk Express):
  the most channel messages in any 5 seconds, on the pacer's clock: ≤ 5.

Run: python bench/bench_turn_messages.py [decisions per game]
"""

from __future__ import annotations

import asyncio
import logging
import statistics
import sys
import tempfile
from pathlib import Path

import _path  # noqa: F401

from tests.discord_ui.test_e2e_clicks import TABLES, play_by_clicks
from tests.fakediscord import FakeDiscord

DECISIONS = int(sys.argv[1]) if len(sys.argv) > 1 else 60
LEFT = 30  # the clicks go on from a state this many random moves before an end


async def one(game_id, options, n, finish: bool):
    async with FakeDiscord(timeout=60) as fake:
        with tempfile.TemporaryDirectory() as tmp:
            out = await play_by_clicks(fake, Path(tmp), game_id, options, n,
                                       decisions=3_000 if finish else DECISIONS, seed=11,
                                       left=LEFT if finish else None, by_service=False)
    return out


async def main() -> None:
    logging.disable(logging.WARNING)
    print(f"{'game':34} {'decisions':>9} {'clicks/dec':>10} {'posts/turn median':>17} {'max':>4} "
          f"{'mentions between decisions (max)':>32}")
    for game_id, options, n in TABLES:
        out = await one(game_id, options, n, finish=False)
        posts, pings = out["posts"] or [0], out["pings"] or [0]
        clicks = out["clicks"].get("clicks", 0) / max(out["made"], 1)
        name = f"{game_id} {' '.join(options)} ({n})"
        print(f"{name:34} {out['made']:>9} {clicks:>10.2f} {statistics.median(posts):>17} {max(posts):>4} "
              f"{max(pings):>32}")
    print("targets: posts a turn median <= 2; mentions between two of one's decisions <= 1")
    print(f"\nto the end by clicks, from a state {LEFT} random moves before an end:")
    for game_id, options, n in TABLES:
        out = await one(game_id, options, n, finish=True)
        print(f"  {game_id} {' '.join(options)} ({n}): {out['made']} decisions by clicks, "
              f"{'finished' if out['row'].status == 'finished' else 'NOT finished'}")
    print("\nAI takeover (Risk Express, both people away): run the slow test "
          "tests/discord_ui/test_e2e_ai.py::test_a_table_whose_people_are_all_away_is_played_out_at_discords_pace "
          "(it asserts <= 5 messages in any 5 s on the pacer's clock)")


if __name__ == "__main__":
    asyncio.run(main())
