"""Colours shared by every board: ink and white, hex parsing, blends, WCAG contrast, and
the players' colour-blind-safe colours, each with a shape so colour is never the only cue."""

from __future__ import annotations

from dataclasses import dataclass

RGB = tuple[int, int, int]
Box = tuple[int, int, int, int]

WHITE: RGB = (255, 255, 255)
BLACK: RGB = (0, 0, 0)
INK: RGB = (24, 26, 30)  # "black" text: a hair softer than pure black, same contrast


def hex_rgb(value: str | tuple[int, ...]) -> RGB:
    """``"#3aa655"`` (or ``"3aa655"``, ``"#3a5"``, or an RGB tuple) → ``(58, 166, 85)``."""
    if isinstance(value, tuple):
        return (int(value[0]), int(value[1]), int(value[2]))
    s = value.strip().lstrip("#")
    if len(s) == 3:
        s = "".join(ch * 2 for ch in s)
    if len(s) != 6:
        raise ValueError(f"not a colour: {value!r}")
    return (int(s[0:2], 16), int(s[2:4], 16), int(s[4:6], 16))


def blend(a: RGB, b: RGB, t: float) -> RGB:
    """The colour ``t`` of the way from ``a`` to ``b`` (0 → a, 1 → b)."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def luminance(c: RGB) -> float:
    """WCAG relative luminance."""

    def lin(v: int) -> float:
        x = v / 255
        return x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4

    return 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2])


def contrast(a: RGB, b: RGB) -> float:
    la, lb = luminance(a), luminance(b)
    hi, lo = max(la, lb), min(la, lb)
    return (hi + 0.05) / (lo + 0.05)


def text_on(bg: RGB) -> RGB:
    """Black-ish or white text, whichever contrasts more with ``bg``."""
    return INK if contrast(INK, bg) >= contrast(WHITE, bg) else WHITE


@dataclass(frozen=True)
class PlayerColor:
    name: str  # for alt text / logs
    fill: RGB
    text: RGB  # readable text colour on ``fill``
    shape: str  # token shape drawn beside the name: colour is never the only cue


# Okabe & Ito (2008), the usual colour-blind safe set, minus black and the pale yellow
# that vanishes on light cards. Ordered so that the first players get the most
# distinct colours under deuteranopia (blue vs orange first, then green, vermillion…).
PLAYER_COLORS: tuple[PlayerColor, ...] = tuple(
    PlayerColor(name, hex_rgb(hx), text_on(hex_rgb(hx)), shape)
    for name, hx, shape in (
        ("blue", "#0072B2", "circle"),
        ("orange", "#E69F00", "square"),
        ("green", "#009E73", "triangle"),
        ("vermillion", "#D55E00", "diamond"),
        ("sky", "#56B4E9", "star"),
        ("pink", "#CC79A7", "hexagon"),
    )
)


def player_colors(seats: list[str] | tuple[str, ...]) -> dict[str, PlayerColor]:
    """Seat → colour by seat order (stable for a whole game). Seats past six wrap around."""
    return {seat: PLAYER_COLORS[i % len(PLAYER_COLORS)] for i, seat in enumerate(seats)}
