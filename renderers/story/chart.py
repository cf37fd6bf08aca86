"""The chart of a game's story: each player's standing turn by turn, in their colour and
symbol, the turns where the lead changed marked. Pure: numbers and words in, PNG bytes out.

Drawn at 1000 px wide so that, shown at 450 px on a phone, the words stay near 13 px: titles
and legend in large bold type, thick lines with an ink edge (a pale colour still shows on
white), each line's symbol at its end and in the legend (colour is never the only cue).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from renderers.kit import INK, draw_text, fit_font, fit_text, font, png_bytes, text_width
from renderers.kit.icons import shape_points

RGB = tuple[int, int, int]
WIDTH = 1000
GRID = (214, 214, 206)
PAPER = (250, 248, 242)
LEAD = (90, 90, 90)  # grey: no player's colour
SUPERSAMPLE = 2


@dataclass(frozen=True)
class Words:
    """Every word on the chart, already in the game's language."""

    title: str  # "Risk Express: how the game went"
    standing: str  # the y axis: "Points", "Territories", "Survivors"
    turn: str  # the x axis: "Turn"
    lead: str  # the lead changes' key: "lead changed"


def _polygon(shape: str, cx: float, cy: float, r: float) -> list[tuple[float, float]] | None:
    try:
        return shape_points(shape, cx, cy, r)
    except ValueError:  # a map edition's own symbol (a cross …)
        from renderers.risk_map.kit import shape_polygon

        return shape_polygon(shape, cx, cy, r)


def _marker(d: ImageDraw.ImageDraw, shape: str, cx: float, cy: float, r: float, fill: RGB) -> None:
    for radius, colour in ((r + 3 * SUPERSAMPLE, INK), (r, fill)):
        pts = _polygon(shape, cx, cy, radius)
        if pts is None:
            d.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=colour)
        else:
            d.polygon(pts, fill=colour)


def _nice_step(span: float, ticks: int = 5) -> int:
    raw = max(1.0, span / ticks)
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000):
        if step >= raw:
            return step
    return int(raw)


def chart_png(series: Mapping[str, Sequence[float]], turns: Sequence[int], lead_changes: Sequence[int],
              styles: Mapping[str, tuple[RGB, str]], names: Mapping[str, str], words: Words,
              width: int = WIDTH) -> bytes:
    """The chart as PNG bytes. ``series``: seat → standing at each point of ``turns`` (the
    turn numbers along the x axis); ``lead_changes``: the indexes into ``turns`` where a new
    seat took the lead alone; ``styles``: seat → (colour, symbol); ``names``: seat → name."""
    s = SUPERSAMPLE
    seats = list(series)
    points = max((len(v) for v in series.values()), default=0)
    legend_f, axis_f = font(28 * s), font(24 * s, "regular")
    # legend: two columns of "symbol name — last value"
    per_row = 2 if len(seats) > 1 else 1
    rows = (len(seats) + per_row - 1) // per_row
    top = 24 * s
    title_h = 54 * s
    legend_h = rows * 44 * s + 10 * s
    plot_top = top + title_h + legend_h + 20 * s
    plot_h = 470 * s
    # the y axis' scale, first: the left margin makes room for its widest number beside the
    # axis' name written up the edge (a 3-digit tick under the name was half hidden)
    values = [v for vs in series.values() for v in vs] or [0]
    hi = max(values)
    lo = min(0, min(values))
    step = _nice_step(hi - lo)
    hi = max(step, ((int(hi) + step - 1) // step) * step)
    ticks = [lo + k * step for k in range(int((hi - lo) // step) + 1)]
    name_w = 4 * s + 40 * s  # the rotated band of the axis' name (its height is 40)
    tick_w = max(text_width(f"{tick:g}", axis_f) for tick in ticks)
    left, right = max(96 * s, name_w + 10 * s + tick_w + 12 * s), 40 * s
    margin = 36 * s  # the title's and the legend's left edge
    bottom_h = 110 * s
    w, h = width * s, plot_top + plot_h + bottom_h
    im = Image.new("RGB", (w, h), PAPER)
    d = ImageDraw.Draw(im)
    title_f, title = fit_font(words.title, w - margin - right, (40 * s, 36 * s, 32 * s, 28 * s))
    draw_text(d, (margin, top), title, title_f, INK)
    col_w = (w - margin - right) // per_row
    for i, seat in enumerate(seats):
        colour, shape = styles.get(seat, ((120, 120, 120), "circle"))
        x = margin + (i % per_row) * col_w
        y = top + title_h + (i // per_row) * 44 * s
        _marker(d, shape, x + 14 * s, y + 17 * s, 12 * s, colour)
        last = series[seat][-1] if series[seat] else 0
        value = f" — {last:g}"  # the standing always shows; a long name is shortened instead
        name = fit_text(str(names.get(seat, seat)), legend_f, col_w - 44 * s - text_width(value, legend_f))
        draw_text(d, (x + 36 * s, y), name + value, legend_f, INK)
    # axes
    x0, x1 = left, w - right
    y0, y1 = plot_top + plot_h, plot_top
    span = (hi - lo) or 1

    def px(i: int) -> float:
        return x0 + (x1 - x0) * (i / max(1, points - 1))

    def py(v: float) -> float:
        return y0 - (y0 - y1) * ((v - lo) / span)

    for tick in ticks:
        y = py(tick)
        d.line((x0, y, x1, y), fill=GRID, width=s)
        draw_text(d, (x0 - 12 * s, y), f"{tick:g}", axis_f, INK, anchor="rm")
    d.line((x0, y0, x1, y0), fill=INK, width=2 * s)
    d.line((x0, y0, x0, y1), fill=INK, width=2 * s)
    # x ticks: about eight turn numbers, the first and the last
    if points:
        every = max(1, (points + 7) // 8)
        shown = list(range(0, points, every))
        if shown[-1] != points - 1:  # the last turn always, in place of a tick too close to it
            if len(shown) > 1 and points - 1 - shown[-1] < every / 2:
                shown[-1] = points - 1
            else:
                shown.append(points - 1)
        for i in shown:
            x = px(i)
            d.line((x, y0, x, y0 + 8 * s), fill=INK, width=2 * s)
            draw_text(d, (x, y0 + 12 * s), str(turns[i]) if i < len(turns) else str(i), axis_f, INK, anchor="ma")
    draw_text(d, ((x0 + x1) / 2, y0 + 46 * s), words.turn, legend_f, INK, anchor="ma")
    # the y axis' name, written up the left edge
    label = fit_text(words.standing, legend_f, plot_h)
    tw = text_width(label, legend_f) + 8 * s
    band = Image.new("RGB", (tw, 40 * s), PAPER)
    draw_text(ImageDraw.Draw(band), (4 * s, 2 * s), label, legend_f, INK)
    band = band.rotate(90, expand=True)
    im.paste(band, (4 * s, int((y0 + y1) / 2 - tw / 2)))
    # the lead changes: a dashed red line, the key under the axis
    for i in lead_changes:
        x = px(i)
        y = y1
        while y < y0:
            d.line((x, y, x, min(y0, y + 10 * s)), fill=LEAD, width=2 * s)
            y += 18 * s
    if lead_changes:
        kx = x1 - text_width(words.lead, axis_f) - 40 * s
        ky = y0 + 80 * s
        d.line((kx, ky, kx, ky + 22 * s), fill=LEAD, width=3 * s)
        draw_text(d, (kx + 12 * s, ky), words.lead, axis_f, LEAD)
    # the lines: ink under each, then the colour, the symbol at the end
    for seat in seats:
        colour, shape = styles.get(seat, ((120, 120, 120), "circle"))
        pts = [(px(i), py(v)) for i, v in enumerate(series[seat])]
        if len(pts) > 1:
            d.line(pts, fill=INK, width=9 * s, joint="curve")
            d.line(pts, fill=colour, width=5 * s, joint="curve")
        if pts:
            _marker(d, shape, pts[-1][0], pts[-1][1], 11 * s, colour)
    out = im.resize((width, h // s), Image.Resampling.LANCZOS)
    return png_bytes(out, colors=0 if len(seats) > 5 else 256)


__all__ = ["Words", "chart_png"]
