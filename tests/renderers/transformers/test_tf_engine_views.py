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


def test_a_closed_factory_is_walled_up_without_a_count() -> None:
    """The engine's view lists a closed factory (nobody, 0 robots): the board draws its wall
    alone, as if the zone were left out, and an open one with its count."""
    view = views_of(2, 4)[0]
    assert not view["transformers"]["open"]["decagon"] and "decagon" in view["territories"]
    without = {**view, "territories": {k: v for k, v in view["territories"].items() if k != "decagon"}}
    assert tf_render.render(view) == tf_render.render(without)
    opened = {**view, "transformers": {**view["transformers"], "open": {**view["transformers"]["open"],
                                                                         "decagon": True}}}
    assert tf_render.render(opened) != tf_render.render(view)


def test_the_panel_names_leaders_in_the_boards_language() -> None:
    from bot.rules import names
    from renderers.transformers.decoration import leader_name

    for lid in ("optimus_prime", "bumblebee", "megatron", "barricade"):
        for lang in ("en", "fr"):
            assert leader_name(lid, lang) == names.name("transformers", "leader", lid, lang) != lid
