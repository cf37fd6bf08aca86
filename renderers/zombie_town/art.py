"""The Zombie Town board's static layer: the streets with every square's name, the column
letters and row numbers round the edge, driveways, the X squares where zombies rise, the
cemetery, the walls, and the twelve houses (border and badge in the house's colour, name,
door on the facade side). Drawn once per language, then kept only as a palette image (the
frame every board starts from), with the fixed palette every piece of the board maps to."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from PIL import Image, ImageDraw

import renderers.zombie_town.sprites as sprites
from renderers.kit import draw_text, fit_font, font
from renderers.zombie_town.look import (
    C_HEALTH,
    C_HIDDEN,
    C_KIT,
    C_NAME,
    C_POINTS,
    CELL,
    DOOR,
    DRIVEWAY,
    GRASS,
    GRASS_DARK,
    HEADER_H,
    HOUSE_COLORS,
    HOUSE_IN,
    INK,
    LEGEND_H,
    MARGIN,
    MORTAR,
    MUTED,
    PAGE,
    PAGE_TEXT,
    ROW_BG,
    ROW_H,
    STREET,
    STREET_LABEL,
    STREET_LINE,
    TABLE_HEAD,
    WALL,
    WHITE,
    X_MARK,
    board_data,
    board_size,
    house_colour,
    page_height,
    table_top,
)
from renderers.zombie_town.words import WORDS

MAX_PLAYERS = 6
SIDES = {(0, -1): "N", (1, 0): "E", (0, 1): "S", (-1, 0): "W"}


@dataclass(frozen=True)
class House:
    id: str
    box: tuple[int, int, int, int]  # page pixels: x0, y0, x1, y1 (exclusive)
    facade: str
    door: str  # the house's side its door is on: N, E, S or W
    driveway: str


def square_xy(sq: str) -> tuple[int, int]:
    return ord(sq[0]) - ord("A"), int(sq[1:]) - 1


def cell_box(x: int, y: int) -> tuple[int, int, int, int]:
    x0, y0 = MARGIN + x * CELL, HEADER_H + MARGIN + y * CELL
    return x0, y0, x0 + CELL, y0 + CELL


@cache
def houses() -> dict[str, House]:
    out = {}
    for h, d in board_data().houses.items():
        xs = [square_xy(sq) for sq in d["squares"]]
        x0, y0 = min(x for x, _ in xs), min(y for _, y in xs)
        x1, y1 = max(x for x, _ in xs), max(y for _, y in xs)
        fx, fy = square_xy(d["facade"])
        dx = -1 if fx < x0 else 1 if fx > x1 else 0
        dy = -1 if fy < y0 else 1 if fy > y1 else 0
        b0, b1 = cell_box(x0, y0), cell_box(x1, y1)
        out[h] = House(h, (b0[0], b0[1], b1[2], b1[3]), d["facade"], SIDES.get((dx, dy), "S"), d["driveway"])
    return out


def house_name(h: str, lang: str) -> str:
    d = board_data().houses[h]
    return str(d.get("name_fr") or d["name"]) if lang == "fr" else str(d["name"])


def _street(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], fill: tuple[int, int, int]) -> None:
    draw.rectangle(box, fill=STREET_LINE)
    draw.rectangle((box[0] + 1, box[1] + 1, box[2] - 2, box[3] - 2), fill=fill)


def draw_board(lang: str) -> Image.Image:
    """The static board in ``lang``, RGB, at its place on a page for six players."""
    d = board_data()
    w, _ = board_size()
    im = Image.new("RGB", (w, page_height(MAX_PLAYERS)), PAGE)
    draw = ImageDraw.Draw(im)
    drive = {h.driveway for h in houses().values()}
    label = font(11, "condensed")
    edge = font(17, "bold")
    for y, row in enumerate(d.rows):
        for x, ch in enumerate(row):
            box = cell_box(x, y)
            if ch in ".X":
                sq = f"{chr(65 + x)}{y + 1}"
                _street(draw, box, DRIVEWAY if sq in drive else STREET)
                if sq in drive:  # two pale lines: a driveway
                    for t in (0.3, 0.7):
                        xx = box[0] + int(CELL * t)
                        draw.line([(xx, box[1] + 6), (xx, box[3] - 6)], fill=(150, 153, 158), width=2)
                if ch == "X":
                    m = 12
                    draw.line([(box[0] + m, box[1] + m), (box[2] - m, box[3] - m)], fill=X_MARK, width=3)
                    draw.line([(box[2] - m, box[1] + m), (box[0] + m, box[3] - m)], fill=X_MARK, width=3)
                draw.text((box[0] + 3, box[1] + 2), sq, font=label, fill=STREET_LABEL)
            elif ch == "#":
                draw.rectangle(box, fill=WALL)
                for i, yy in enumerate(range(box[1], box[3], 10)):
                    draw.line([(box[0], yy), (box[2] - 1, yy)], fill=MORTAR, width=2)
                    off = 0 if i % 2 else 12
                    for xx in range(box[0] + off, box[2], 24):
                        draw.line([(xx, yy), (xx, min(yy + 10, box[3] - 1))], fill=MORTAR, width=2)
    _cemetery(im, draw, lang)
    for h in houses().values():
        _house(draw, h, lang)
    for i in range(d.width):  # column letters above and below, row numbers either side
        x = MARGIN + i * CELL + CELL // 2
        for y in (HEADER_H + MARGIN // 2, HEADER_H + MARGIN + d.height * CELL + MARGIN // 2):
            draw_text(draw, (x, y), chr(65 + i), edge, PAGE_TEXT, anchor="mm")
    for j in range(d.height):
        y = HEADER_H + MARGIN + j * CELL + CELL // 2
        for x in (MARGIN // 2, MARGIN + d.width * CELL + MARGIN // 2):
            draw_text(draw, (x, y), str(j + 1), edge, PAGE_TEXT, anchor="mm")
    draw_legend(draw, im, HEADER_H + board_size()[1], lang)
    top = table_top()
    for i in range(MAX_PLAYERS):  # the players' lines, their cells drawn over them
        y = top + i * ROW_H
        draw.rounded_rectangle((6, y + 2, w - 7, y + ROW_H - 3), radius=8, fill=ROW_BG)
    return im


def _cemetery(im: Image.Image, draw: ImageDraw.ImageDraw, lang: str) -> None:
    cells = [(x, y) for y, row in enumerate(board_data().rows) for x, ch in enumerate(row) if ch == "C"]
    if not cells:
        return
    x0, y0 = cell_box(min(x for x, _ in cells), min(y for _, y in cells))[:2]
    x1, y1 = cell_box(max(x for x, _ in cells), max(y for _, y in cells))[2:]
    draw.rectangle((x0, y0, x1 - 1, y1 - 1), fill=GRASS)
    draw.rectangle((x0 + 3, y0 + 3, x1 - 4, y1 - 4), outline=GRASS_DARK, width=3)
    stone = sprites.tomb(30)
    for (x, y) in cells:
        bx, by = cell_box(x, y)[:2]
        if (x + y) % 2 == 0:
            im.paste(stone, (bx + 13, by + 12), stone)
    text = WORDS("cemetery", lang)
    f, text = fit_font(text, x1 - x0 - 16, (20, 18, 16, 14))
    cx, cy = (x0 + x1) // 2, (y0 + y1) // 2
    tw = int(f.getlength(text))
    draw.rounded_rectangle((cx - tw // 2 - 8, cy - 14, cx + tw // 2 + 8, cy + 14), radius=6, fill=GRASS_DARK)
    draw_text(draw, (cx, cy), text, f, WHITE, anchor="mm")


def _house(draw: ImageDraw.ImageDraw, h: House, lang: str) -> None:
    x0, y0, x1, y1 = h.box
    col = house_colour(h.id)
    draw.rectangle((x0, y0, x1 - 1, y1 - 1), fill=PAGE)
    draw.rounded_rectangle((x0 + 2, y0 + 2, x1 - 3, y1 - 3), radius=8, fill=HOUSE_IN, outline=col, width=6)
    # the letter's badge (cars carry the same letter and colour)
    draw.ellipse((x0 + 9, y0 + 9, x0 + 31, y0 + 31), fill=col, outline=INK, width=1)
    draw_text(draw, (x0 + 20, y0 + 20), h.id.upper(), font(14, "bold"), WHITE, anchor="mm")
    f, name = fit_font(house_name(h.id, lang), x1 - x0 - 16, (13, 12, 11, 10), "condensed")
    draw_text(draw, ((x0 + x1) // 2, y0 + 40), name, f, INK, anchor="mm")
    # the door, on the facade's side
    cx, cy = (x0 + x1) // 2, (y0 + y1) // 2
    half, thick = 16, 8
    if h.door in "NS":
        yy = y0 + 1 if h.door == "N" else y1 - 1 - thick
        fx = MARGIN + square_xy(h.facade)[0] * CELL + CELL // 2
        cx = min(max(fx, x0 + half + 6), x1 - half - 6)
        draw.rectangle((cx - half, yy, cx + half, yy + thick), fill=DOOR, outline=INK)
    else:
        xx = x0 + 1 if h.door == "W" else x1 - 1 - thick
        fy = HEADER_H + MARGIN + square_xy(h.facade)[1] * CELL + CELL // 2
        cy = min(max(fy, y0 + half + 6), y1 - half - 6)
        draw.rectangle((xx, cy - half, xx + thick, cy + half), fill=DOOR, outline=INK)


def draw_legend(d: ImageDraw.ImageDraw, im: Image.Image, y: int, lang: str) -> None:
    """The legend and the table's column headings (static: drawn into the frame)."""
    f = font(14, "regular")
    x = 14
    cy = y + LEGEND_H // 2
    items = (("zombie", sprites.zombie(20)), ("x", None), ("key", sprites.key_back(20)),
             ("plank", sprites.plank(20)), ("searches", sprites.card_back(20)))
    for key, icon in items:
        if icon is None:
            d.line([(x + 3, cy - 7), (x + 17, cy + 7)], fill=(206, 56, 56), width=4)
            d.line([(x + 17, cy - 7), (x + 3, cy + 7)], fill=(206, 56, 56), width=4)
        else:
            im.paste(icon, (x, cy - 10), icon)
        t = WORDS(f"legend.{key}", lang)
        draw_text(d, (x + 25, cy), t, f, PAGE_TEXT, anchor="lm")
        x += 25 + int(f.getlength(t)) + 22
    hy = y + LEGEND_H + TABLE_HEAD // 2 + 2
    hf = font(12, "bold")
    for col, key in ((C_NAME, "col.player"), (C_HEALTH, "col.health"), (C_KIT, "col.kit"), (C_HIDDEN, "col.hidden")):
        draw_text(d, (col, hy), WORDS(key, lang), hf, MUTED, anchor="lm")
    draw_text(d, (C_POINTS, hy), WORDS("col.points", lang), hf, MUTED, anchor="rm")


def exact_colours() -> list[tuple[int, int, int]]:
    import renderers.zombie_town.look as look
    from renderers.kit import PLAYER_COLORS

    base = [PAGE, PAGE_TEXT, MUTED, STREET, STREET_LINE, STREET_LABEL, DRIVEWAY, X_MARK, GRASS, GRASS_DARK, WALL,
            MORTAR, HOUSE_IN, DOOR, INK, WHITE, look.ZOMBIE, look.ZOMBIE_DARK, look.DAMAGE, look.HEART, look.KEY,
            look.CARD_BACK, look.ROW_BG, look.ROW_BG_CURRENT, look.PLANK, look.PLANK_EDGE, look.STONE]
    return base + [p.fill for p in PLAYER_COLORS] + list(HOUSE_COLORS)
