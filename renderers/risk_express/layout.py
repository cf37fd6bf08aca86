"""Where everything goes on the Risk Express board, and the background drawn once per
lock pattern: continent panels and bands, the tray's frame, the legend of the faces."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from PIL import Image, ImageDraw

from renderers.kit import (
    PLAYER_COLORS,
    RGB,
    WHITE,
    Box,
    blend,
    fit_font,
    font,
    padlock_icon,
    paste_icon,
    text_on,
    text_width,
    token_icon,
)
from renderers.risk_express.icons import coin_icon, die_icon, soldier_glyph
from renderers.risk_express.look import (
    BAND_H,
    BG,
    CARD_H,
    FACES,
    GAP_GROUP,
    GAP_IN,
    HEADER_H,
    LEGEND_H,
    MARGIN,
    PAD,
    PANEL,
    ROW_GAP,
    SCORE_CELL_H,
    SLOTS_PER_ROW,
    SOFT,
    TRAY_BAND,
    W,
)
from renderers.risk_express.words import word


@dataclass(frozen=True)
class Layout:
    height: int
    card_w: int
    panels: tuple[Box, ...]  # one per continent group, then the tray panel last
    cards: tuple[tuple[Box, ...], ...]  # card boxes per continent group
    score: Box
    score_cols: int
    legend: Box


@lru_cache(maxsize=16)
def layout(group_sizes: tuple[int, ...], n_players: int) -> Layout:
    """Pack continent groups (and the tray, one slot) into rows of five card slots.

    First fit in the order given keeps the data's continent order readable (the
    Americas, then Europe/Africa/Australia, then Asia and the tray with the 2006 deck).
    """
    sizes = list(group_sizes) + [1]
    cap = max([SLOTS_PER_ROW, *sizes])
    rows: list[list[int]] = []
    fill: list[int] = []
    for i, n in enumerate(sizes):
        for r, used in enumerate(fill):
            if used + n <= cap:
                rows[r].append(i)
                fill[r] += n
                break
        else:
            rows.append([i])
            fill.append(n)
    inner_w = W - 2 * MARGIN

    def fixed(row: list[int]) -> int:
        return sum((sizes[i] - 1) * GAP_IN + 2 * PAD for i in row) + (len(row) - 1) * GAP_GROUP

    card_w = min((inner_w - fixed(row) - (cap - fill[r]) * (GAP_IN + 2 * PAD)) // cap
                 for r, row in enumerate(rows))
    panels: list[Box] = [(0, 0, 0, 0)] * len(sizes)
    cards: list[tuple[Box, ...]] = [()] * len(sizes)
    y = HEADER_H + 6
    row_h = BAND_H + CARD_H + 2 * PAD
    for r, row in enumerate(rows):
        widths = [sizes[i] * card_w + (sizes[i] - 1) * GAP_IN + 2 * PAD for i in row]
        gap = GAP_GROUP
        if fill[r] == cap and len(row) > 1:  # full row: justify to both edges
            gap = (inner_w - sum(widths)) / (len(row) - 1)
        x: float = MARGIN
        for i, pw in zip(row, widths, strict=True):
            px = round(x)
            panels[i] = (px, y, px + pw, y + row_h)
            cy = y + BAND_H + PAD
            cards[i] = tuple(
                (px + PAD + k * (card_w + GAP_IN), cy, px + PAD + k * (card_w + GAP_IN) + card_w,
                 cy + CARD_H)
                for k in range(sizes[i])
            )
            x += pw + gap
        y += row_h + ROW_GAP
    cols = 1 if n_players <= 1 else 2 if n_players in (2, 4) else 3
    score_rows = max(1, math.ceil(n_players / cols))
    score = (MARGIN, y, W - MARGIN, y + 12 + score_rows * SCORE_CELL_H + (score_rows - 1) * 6)
    legend = (MARGIN, score[3] + 8, W - MARGIN, score[3] + 8 + LEGEND_H)
    return Layout(legend[3] + MARGIN, card_w, tuple(panels), tuple(cards[:-1]), score, cols,
                  legend)


class BandSpec(NamedTuple):
    name: str
    color: RGB
    value: int
    locked_by: int | None
    locked_name: str


def _draw_band(im: Image.Image, panel: Box, band: BandSpec, lang: str) -> None:
    d = ImageDraw.Draw(im)
    x0, y0, x1, y1 = panel
    locked = band.locked_by is not None
    tint = blend(BG, band.color, 0.3 if not locked else 0.18)
    d.rounded_rectangle(panel, radius=12, fill=tint)
    bcol = band.color if not locked else blend(band.color, (0, 0, 0), 0.45)
    d.rounded_rectangle((x0, y0, x1, y0 + BAND_H), radius=12, fill=bcol,
                        corners=(True, True, False, False))
    tcol = text_on(bcol)
    cy = y0 + BAND_H // 2
    x = x0 + 8
    right = x1 - 6
    coin = 28
    paste_icon(im, coin_icon(band.value, coin), (right - coin, cy - coin // 2))
    right -= coin + 4
    if locked:
        lk = 24
        paste_icon(im, padlock_icon(lk, tcol), (x, cy - lk // 2 - 1))
        x += lk + 6
        owner = PLAYER_COLORS[band.locked_by]
        tk = 24
        right -= 2
        paste_icon(im, token_icon(band.locked_by, tk, WHITE), (right - tk, cy - tk // 2))
        right -= tk + 4
        room = right - x
        title = band.name
        who = band.locked_name
        f = font(20)
        # "Asia · Bob" when it fits, else the name alone: the token says who
        if text_width(f"{title} · {who}", f) <= room:
            d.text((x, cy), title, font=f, fill=tcol, anchor="lm")
            xx = x + text_width(title + " · ", f)
            d.text((xx, cy), who, font=f, fill=blend(owner.fill, WHITE, 0.35), anchor="lm")
        else:
            f2, t2 = fit_font(title, room, (20, 18), "condensed")
            d.text((x, cy), t2, font=f2, fill=tcol, anchor="lm")
    else:
        f, t = fit_font(band.name, right - x - 4, (22, 20, 18), "bold")
        d.text((x, cy + 1), t, font=f, fill=tcol, anchor="lm")
    d.text((right, cy + 1), word("all", lang) if not locked else "",
           font=font(16, "regular"), fill=tcol,
           anchor="rm")


@lru_cache(maxsize=1)  # 5 MB; redrawn in ~3 ms on a miss (:mod:`.frame` keeps what it needs)
def base_image(lay: Layout, bands: tuple[BandSpec, ...], lang: str = "en") -> Image.Image:
    """Everything that changes only when a continent is locked: background, panels, legend."""
    im = Image.new("RGB", (W, lay.height), BG)
    d = ImageDraw.Draw(im)
    d.rectangle((0, 0, W, HEADER_H), fill=PANEL)
    for panel, band in zip(lay.panels, bands, strict=False):
        _draw_band(im, panel, band, lang)
    # tray panel frame
    tp = lay.panels[-1]
    d.rounded_rectangle(tp, radius=12, fill=PANEL)
    d.rounded_rectangle((tp[0], tp[1], tp[2], tp[1] + BAND_H), radius=12, fill=TRAY_BAND,
                        corners=(True, True, False, False))
    d.text((tp[0] + 10, tp[1] + BAND_H // 2 + 1), word("tray", lang), font=font(22),
           fill=WHITE, anchor="lm")
    d.rounded_rectangle(lay.score, radius=12, fill=PANEL)
    _draw_legend(im, lay.legend, lang)
    return im


def _draw_legend(im: Image.Image, box: Box, lang: str) -> None:
    """The six faces, then how to read a line and the General badge."""
    d = ImageDraw.Draw(im)
    x0, y0, x1, y1 = box
    cy = y0 + 17
    size = 32
    slot = (x1 - x0) // len(FACES)
    for i, face in enumerate(FACES):
        x = x0 + 4 + i * slot
        paste_icon(im, die_icon(face, size), (x, cy - size // 2))
        label = word(f"face.{face}", lang)
        fl, label = fit_font(label, slot - size - 10, (20, 18, 16), "regular")
        d.text((x + size + 6, cy), label, font=fl, fill=SOFT, anchor="lm")
    cy = y1 - 17
    x = x0 + 4
    g = 22
    paste_icon(im, soldier_glyph(g, (150, 180, 255)), (x, cy - g // 2))
    fs, text = fit_font(word("legend.soldiers", lang), 400, (17, 16, 15), "regular")
    d.text((x + g + 2, cy), text, font=fs, fill=SOFT, anchor="lm")
    x = x0 + 430
    d.text((x, cy), "+", font=font(18), fill=SOFT, anchor="lm")
    paste_icon(im, die_icon("general", 24), (x + 14, cy - 12))
    fg, text = fit_font(word("legend.general", lang), x1 - x - 48, (17, 16, 15),
                        "regular")
    d.text((x + 44, cy), text, font=fg, fill=SOFT, anchor="lm")
