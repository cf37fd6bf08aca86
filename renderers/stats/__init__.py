"""A server's leaderboard in one game, as a picture: rank, name, rating and its spread, games
and wins. Pure: words and numbers in (already in the reader's language), PNG bytes out.

Drawn 900 px wide so that, shown at 450 px on a phone, names read at ~18 px and the small
print at ~14 px; zebra rows, the top three marked by a medal disc (gold, silver, bronze, each
with its number: colour is never the only cue), AI levels in a grey tag.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from renderers.kit import INK, WHITE, draw_text, fit_text, font, png_bytes, text_width

WIDTH = 900
PAD = 28
ROW = 84
PAPER = (250, 248, 242)
ZEBRA = (238, 235, 226)
HEAD = (44, 62, 80)
MUTED = (88, 88, 88)
MEDALS = ((212, 160, 23), (160, 166, 172), (176, 112, 60))
AI_TAG = (96, 104, 112)


@dataclass(frozen=True)
class Line:
    """One row, its words ready: ``rating`` the number ranked on, ``spread`` its detail
    (``μ 27.1 ± 2.3``), ``detail`` games and wins."""

    rank: int
    name: str
    rating: str
    spread: str
    detail: str
    ai: bool = False


@dataclass(frozen=True)
class Words:
    title: str  # "Risk Express — leaderboard"
    subtitle: str  # the server's name, or what the rating means
    rating: str  # the rating column's header
    footer: str  # "Rating = μ − 3σ · members who hid themselves are left out"
    empty: str  # no rated game yet
    ai: str  # the tag beside an AI level's name


def leaderboard_png(lines: Sequence[Line], words: Words) -> bytes:
    title_f, sub_f, head_f = font(44), font(26, "regular"), font(24)
    name_f, small_f, rating_f, medal_f = font(34), font(26, "regular"), font(38), font(28)
    top = PAD + 56 + 38 + 40
    height = top + max(1, len(lines)) * ROW + 24 + 40 + PAD
    img = Image.new("RGB", (WIDTH, height), PAPER)
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, WIDTH, PAD + 100), fill=HEAD)
    draw_text(d, (PAD, PAD), fit_text(words.title, title_f, WIDTH - 2 * PAD), title_f, WHITE)
    draw_text(d, (PAD, PAD + 58), fit_text(words.subtitle, sub_f, WIDTH - 2 * PAD), sub_f, (220, 226, 232))
    y = top
    right = WIDTH - PAD
    draw_text(d, (right, y - 34), words.rating, head_f, MUTED, anchor="ra")
    if not lines:
        draw_text(d, (PAD, y + 20), fit_text(words.empty, name_f, WIDTH - 2 * PAD), name_f, INK)
    rating_w = max([text_width(x.rating, rating_f) for x in lines] + [text_width(x.spread, small_f) for x in lines]
                   + [text_width(words.rating, head_f), 0])
    name_x = PAD + 70
    name_room = right - rating_w - 24 - name_x
    for i, line in enumerate(lines):
        if i % 2 == 0:
            d.rectangle((0, y, WIDTH, y + ROW), fill=ZEBRA)
        cx, cy = PAD + 26, y + ROW // 2
        if line.rank <= 3:
            d.ellipse((cx - 25, cy - 25, cx + 25, cy + 25), fill=MEDALS[line.rank - 1], outline=INK, width=2)
        draw_text(d, (cx, cy), str(line.rank), medal_f, INK, anchor="mm")
        tag_w = 0
        if line.ai:
            tag_w = text_width(words.ai, small_f) + 16
        name = fit_text(line.name, name_f, max(40, name_room - tag_w))
        draw_text(d, (name_x, y + 8), name, name_f, INK)
        if line.ai:
            x0 = name_x + text_width(name, name_f) + 10
            d.rounded_rectangle((x0, y + 12, x0 + tag_w, y + 46), radius=8, fill=AI_TAG)
            draw_text(d, (x0 + 8, y + 15), words.ai, small_f, WHITE)
        draw_text(d, (name_x, y + 50), fit_text(line.detail, small_f, name_room), small_f, MUTED)
        draw_text(d, (right, y + 6), line.rating, rating_f, INK, anchor="ra")
        draw_text(d, (right, y + 52), line.spread, small_f, MUTED, anchor="ra")
        y += ROW
    y = max(y, top + ROW) + 24
    draw_text(d, (PAD, y), fit_text(words.footer, small_f, WIDTH - 2 * PAD), small_f, MUTED)
    return png_bytes(img)
