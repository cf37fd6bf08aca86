"""The board drawn from the engine's own views (``Transformers.view``): every player count, both
languages, a pending battle, the end of the game; the team game's sides in the panel."""

from __future__ import annotations

import io

import pytest
from PIL import Image

import renderers.transformers as tf_render
from bot.rules.ai import RandomPolicy
from bot.rules.play import Playout
from bot.rules.transformers import GAME


def views_of(n: int, seed: int) -> list[dict]:
    p = Playout(GAME, [f"p{i}" for i in range(n)], seed, RandomPolicy())
    steps = list(p)
    battle = next((s.after for s in steps if s.after["phase"] == "battle"), steps[0].after)
    return [GAME.view(steps[0].after, None), GAME.view(battle, None), GAME.view(p.state, None)]


@pytest.mark.parametrize("n", [2, 3, 4])
def test_the_engines_views_render(n: int) -> None:
    for i, view in enumerate(views_of(n, 10 + n)):
        view = {**view, "lang": "fr" if i % 2 else "en"}
        png = tf_render.render(view)
        assert png == tf_render.render(view)  # deterministic
        assert len(png) <= 400_000
        assert Image.open(io.BytesIO(png)).size == (1200, 1450)


def test_the_team_game_shows_the_sides() -> None:
    view = views_of(4, 3)[0]
    assert view["transformers"]["teams"] is True
    plain = {**view, "transformers": {**view["transformers"], "teams": False}}
    assert tf_render.render(view) != tf_render.render(plain)
