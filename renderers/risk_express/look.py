"""The look of the Risk Express board: its geometry and colours, shared by its parts."""

from __future__ import annotations

from typing import Any

from renderers.kit import RGB, hex_rgb

FACES = ("general", "cavalry", "cannon", "soldier1", "soldier2", "soldier3")
SYMBOL_ORDER = ("general", "cavalry", "cannon")

# --------------------------------------------------------------------------- look

W = 1200
MARGIN = 12
HEADER_H = 62
BAND_H = 34  # continent band
PAD = 6  # continent panel padding around its cards
GAP_IN = 8  # between cards of one continent
GAP_GROUP = 10  # between continent panels (at least)
ROW_GAP = 10
CARD_H = 214
SLOTS_PER_ROW = 5
SCORE_CELL_H = 50
LEGEND_H = 74

BG: RGB = (30, 33, 39)
PANEL: RGB = (44, 48, 56)
PAPER: RGB = (247, 244, 236)
LINE_BG: RGB = (226, 223, 214)
FILLED_BG: RGB = (190, 234, 196)
FILLED_EDGE: RGB = (34, 139, 69)
MUTED: RGB = (150, 155, 165)
SOFT: RGB = (205, 208, 214)
DARK_EDGE: RGB = (60, 62, 70)
TARGET: RGB = (255, 232, 90)
GOLD: RGB = (255, 200, 40)
TRAY_BAND: RGB = (70, 76, 88)
CELL_HI: RGB = (66, 72, 84)
FAIL: RGB = (235, 87, 87)

DIE_EDGE: RGB = (22, 22, 26)
DIE_FACE: RGB = (251, 248, 240)
GENERAL_BODY: RGB = (94, 58, 154)
STAR: RGB = (255, 210, 63)
HORSE: RGB = (96, 58, 28)
IRON: RGB = (38, 38, 44)
WOOD: RGB = (130, 80, 34)
SOLDIER: RGB = (30, 58, 138)


def safe_hex(value: Any) -> str:
    """A continent colour as given, or grey if it is not one (a bad colour is no reason
    to lose the picture)."""
    try:
        r, g, b = hex_rgb(value)
    except (ValueError, TypeError, AttributeError, IndexError):
        return "#808080"
    return f"#{r:02x}{g:02x}{b:02x}"
