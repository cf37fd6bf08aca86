"""The leaderboard picture (:mod:`renderers.stats`): 900 px wide (450 on a phone), the same
bytes for the same board, a row per player, and an empty board still drawn."""

from __future__ import annotations

import io

from PIL import Image

from renderers.stats import ROW, Line, Words, leaderboard_png

WORDS = Words("Risk Express: leaderboard", "Server", "Rating", "Rating = μ − 3σ", "No rated game yet.", "AI")


def test_the_leaderboard_is_drawn_the_same_every_time_a_row_a_player():
    lines = [Line(i + 1, name, f"{20 - i}.0", "μ 25.0 ± 3.0", "3 games · 1 win", ai=(i == 1))
             for i, name in enumerate(["Alice", "AI (normal)", "B" * 200, "Zoë 🎲"])]
    png = leaderboard_png(lines, WORDS)
    assert png == leaderboard_png(lines, WORDS)
    one = Image.open(io.BytesIO(leaderboard_png(lines[:1], WORDS)))
    four = Image.open(io.BytesIO(png))
    assert four.size[0] == one.size[0] == 900 and four.size[1] - one.size[1] == 3 * ROW
    empty = Image.open(io.BytesIO(leaderboard_png([], WORDS)))
    assert empty.size == one.size  # room for the line that says so
