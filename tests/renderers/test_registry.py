"""One line per game in ``renderers.RENDERERS``; every renderer module keeps the same small
protocol; the shared map renderer knows no edition (what an edition adds comes through its
``Decoration``)."""

from __future__ import annotations

import importlib
import json
import re
from pathlib import Path

import renderers

ROOT = Path(__file__).resolve().parents[2]


def test_every_rules_game_has_a_renderer():
    from bot.rules import GAMES

    assert set(renderers.RENDERERS) == set(GAMES)


def test_every_renderer_keeps_the_protocol():
    for game_id, path in renderers.RENDERERS.items():
        module = importlib.import_module(path)
        for member in ("render", "warm", "zoom_regions"):
            assert callable(getattr(module, member, None)), (game_id, member)
        regions = module.zoom_regions()
        assert isinstance(regions, list) and all(isinstance(r, str) for r in regions)
        assert renderers.zoom_regions(game_id) == regions
    assert renderers.zoom_regions("no_such_game") == []


def test_the_registry_is_the_only_place_the_package_names_a_game():
    source = (ROOT / "renderers" / "__init__.py").read_text(encoding="utf-8")
    for game_id in renderers.RENDERERS:
        lines = [ln for ln in source.splitlines() if game_id in ln]
        assert lines == [f'    "{game_id}": "renderers.{game_id}",'], lines


def test_the_shared_map_renderer_names_no_edition():
    gangs = json.loads((ROOT / "data" / "peaky_blinders" / "gangs.json").read_text())["gangs"]
    banned = re.compile(r"peaky|crown|gang|" + "|".join(f'"{g["id"]}"' for g in gangs), re.I)
    for path in sorted((ROOT / "renderers" / "risk_map").glob("*.py")):
        text = path.read_text(encoding="utf-8")
        assert not banned.search(text), (path.name, banned.search(text).group(0))


def test_a_map_without_an_edition_draws_no_edition_art():
    """The plain decoration on the same map: a board, none of the Crown's route or badges
    (its art is drawn for it, not read from the edition's stored file)."""
    import io

    from PIL import Image

    from renderers.peaky_blinders import DECORATION
    from renderers.risk_map import canvas, static
    from renderers.risk_map.decoration import PLAIN
    from renderers.risk_map.kit import GOLD

    plain = static.art("peaky_blinders", PLAIN)
    peaky = static.art("peaky_blinders", DECORATION)
    lay = static.load_layout("peaky_blinders")
    path = lay["crown_path"]
    on_route = [(int(x), int(y)) for x, y in path[:: max(1, len(path) // 40)]]
    assert sum(peaky.getpixel(p)[:3] == GOLD for p in on_route) > len(on_route) // 2
    assert not any(plain.getpixel(p)[:3] == GOLD for p in on_route)
    view = {"game": "peaky_blinders", "map": "peaky_blinders", "turn": 1, "phase": "attack",
            "factions": {"a": {"name": "A", "player": "a"}}, "labels": {"a": "Ann"},
            "current": "a", "territories": {"london": {"owner": "a", "troops": 3}},
            "crown": {"step": 0, "steps": 24}}
    im = Image.open(io.BytesIO(canvas.render_map(view, PLAIN)))
    assert im.size == tuple(lay["size"])
    assert canvas.render_map(view, PLAIN) != canvas.render_map(view, DECORATION)
