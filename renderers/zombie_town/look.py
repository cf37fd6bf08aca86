"""The Zombie Town board's geometry and colours: one place for every size and shade."""

from __future__ import annotations

from functools import cache

from bot.rules.zombie_town.data import ZTData, load
from renderers.kit import RGB

CELL = 56  # a square, in pixels: at 450 px wide on a phone, ~24 px
MARGIN = 30  # the column letters above and below, the row numbers left and right
HEADER_H = 78
ROW_H = 48  # a player's line in the table below the board
TABLE_HEAD = 30
LEGEND_H = 34
FOOT = 8

# x of each column of the players' table
C_NAME, C_HEALTH, C_KIT, C_ZOMBIES, C_HIDDEN, C_POINTS = 12, 238, 330, 560, 630, 944

PAGE: RGB = (30, 33, 38)
PAGE_TEXT: RGB = (236, 238, 242)
MUTED: RGB = (160, 166, 176)
STREET: RGB = (96, 101, 110)
STREET_LINE: RGB = (78, 82, 90)
STREET_LABEL: RGB = (150, 156, 166)
DRIVEWAY: RGB = (128, 131, 137)
X_MARK: RGB = (178, 70, 66)
GRASS: RGB = (56, 92, 52)
GRASS_DARK: RGB = (44, 74, 41)
STONE: RGB = (176, 178, 182)
WALL: RGB = (132, 74, 54)
MORTAR: RGB = (96, 52, 40)
HOUSE_IN: RGB = (238, 230, 212)
DOOR: RGB = (120, 78, 40)
PLANK: RGB = (196, 150, 84)
PLANK_EDGE: RGB = (92, 60, 26)
ZOMBIE: RGB = (118, 178, 74)
ZOMBIE_DARK: RGB = (34, 58, 24)
DAMAGE: RGB = (222, 52, 40)
HEART: RGB = (226, 64, 72)
KEY: RGB = (222, 184, 64)
CARD_BACK: RGB = (62, 84, 150)
ROW_BG: RGB = (40, 44, 51)
ROW_BG_CURRENT: RGB = (58, 64, 76)
INK: RGB = (24, 26, 30)
WHITE: RGB = (255, 255, 255)

# the twelve houses' colours (their border, their car, their letter's badge)
HOUSE_COLORS: tuple[RGB, ...] = (
    (176, 58, 46), (41, 98, 168), (196, 140, 20), (110, 70, 150), (30, 130, 110), (200, 90, 40),
    (130, 40, 80), (60, 120, 50), (40, 150, 180), (150, 110, 70), (90, 90, 160), (170, 70, 120),
)


@cache
def board_data() -> ZTData:
    return load()


def board_size() -> tuple[int, int]:
    d = board_data()
    return d.width * CELL + 2 * MARGIN, d.height * CELL + 2 * MARGIN


def width() -> int:
    return board_size()[0]


def cell_origin(x: int, y: int) -> tuple[int, int]:
    """Top-left pixel of square (x, y) on the page (the header above the board)."""
    return MARGIN + x * CELL, HEADER_H + MARGIN + y * CELL


def table_top() -> int:
    """The first player's line: below the board, the legend and the columns' headings."""
    return HEADER_H + board_size()[1] + LEGEND_H + TABLE_HEAD


def page_height(players: int) -> int:
    return table_top() + players * ROW_H + FOOT


def house_colour(house: str) -> RGB:
    order = sorted(board_data().houses)
    return HOUSE_COLORS[order.index(house) % len(HOUSE_COLORS)] if house in order else (120, 120, 120)
