"""The chart's words and numbers (issue 30, point 11): the y axis' name never covers its
numbers, The Walking Dead's Conquest charts what its score counts (territories), and the
captions say "once", not "1 times"."""

from __future__ import annotations

import io
from types import SimpleNamespace

import pytest
from PIL import Image, ImageChops

from bot.discord_ui.story import caption
from bot.games import presenter
from bot.i18n import t
from bot.rules import GAMES
from bot.rules.ai import RandomPolicy
from bot.rules.play import play_out
from renderers.story.chart import Words, chart_png

STYLES = {"a": ((200, 40, 40), "circle"), "b": ((40, 120, 200), "square"), "c": ((40, 160, 60), "triangle")}
NAMES = {"a": "Ann", "b": "Ben", "c": "Cleo"}


def chart(series, standing: str) -> Image.Image:
    words = Words(title="Risk: The Walking Dead", standing=standing, turn="Turn", lead="lead changed")
    turns = list(range(len(next(iter(series.values())))))
    return Image.open(io.BytesIO(chart_png(series, turns, [2], STYLES, NAMES, words))).convert("RGB")


def dark_columns(im: Image.Image, box: tuple[int, int, int, int]) -> list[int]:
    grey = im.convert("L").crop(box)
    return [box[0] + x for x in range(grey.width) if min(grey.getpixel((x, y)) for y in range(grey.height)) < 128]


@pytest.mark.parametrize("top", [9, 48, 338, 4_500])
def test_the_axis_name_never_covers_a_number(top):
    """The top number of the y axis, drawn beside a long name (written up the left edge,
    on its own strip of paper, as tall as the plot) and beside a one-letter one (a short
    strip in the middle): every pixel of it is the same in both, and the name's strip
    stops short of it (a 3-digit number lost its first digit under « Survivors »)."""
    series = {"a": [3, top // 3, top // 2, top, top - 1], "b": [3, 2, top // 4, top // 3, top // 2], "c": [3] * 5}
    long, short = chart(series, "Survivants encore debout sur la carte, en fin de tour"), chart(series, "X")
    grey = short.convert("L")
    axis = max(range(200), key=lambda x: sum(grey.getpixel((x, y)) < 100 for y in range(grey.height)))
    runs, start = [], None  # the axis: the longest run of ink down that column
    for y in range(grey.height + 1):
        ink = y < grey.height and grey.getpixel((axis, y)) < 100
        if ink and start is None:
            start = y
        elif not ink and start is not None:
            runs.append((y - start, start))
            start = None
    top_y = max(runs)[1]  # the axis' top, where its highest number is written
    rows = (0, top_y - 12, axis - 4, top_y + 12)
    digits = dark_columns(short, rows)
    assert digits, "no number at the top of the axis"
    diff = ImageChops.difference(long, short).convert("L").point(lambda v: 255 if v > 40 else 0).crop(rows)
    changed = diff.getbbox()
    assert changed is None or changed[2] < digits[0] - 2, (changed, digits[0])


def test_conquest_charts_territories_what_its_score_counts():
    game, pres = GAMES["walking_dead"], presenter("walking_dead")
    seats = ["a", "b", "c"]
    run = play_out(game, seats, 3, RandomPolicy(), options={"mode": "conquest"}, max_actions=400)
    for _ in zip(range(400), run, strict=False):
        pass
    public = game.view(run.state, None)
    held = {s: float(p["territories"]) for s, p in public["players"].items()}
    assert pres.standings(public) == held != {s: float(p["survivors"]) for s, p in public["players"].items()}
    assert pres.standing_label(public, "fr") == t("story.standing.territories", "fr") == "Territoires"
    survival = play_out(game, seats, 3, RandomPolicy(), options={"mode": "survival"}, max_actions=60)
    for _ in zip(range(60), survival, strict=False):
        pass
    public = game.view(survival.state, None)
    assert pres.standings(public) == {s: float(p["survivors"]) for s, p in public["players"].items()}
    assert pres.standing_label(public, "en") == "Survivors"


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_captions_count_the_lead_changes(lang):
    row = SimpleNamespace(game="walking_dead", lang=lang)
    for leads, said in ((1, {"en": "once", "fr": "une fois"}), (3, {"en": "3 times", "fr": "3 fois"})):
        story = SimpleNamespace(turns=list(range(12)), lead_changes=list(range(leads)), frames=12)
        for what in ("chart", "both"):
            text = caption(row, story, what)
            assert said[lang] in text and "1 times" not in text, text
