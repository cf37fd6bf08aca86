"""The parts of the Risk Express board that change every throw, around the cards: the
header (turn, who plays, what they attack, or the winners), the dice tray and the scores."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, NamedTuple

from PIL import Image, ImageDraw, ImageFont

from renderers import kit
from renderers.kit import (
    PLAYER_COLORS,
    WHITE,
    Box,
    blend,
    clean_text,
    crown_icon,
    fit_font,
    font,
    paste_icon,
    play_triangle,
    token_icon,
)
from renderers.risk_express.icons import die_icon, ghost_die
from renderers.risk_express.layout import Layout
from renderers.risk_express.look import (
    BAND_H,
    CELL_HI,
    FAIL,
    GOLD,
    HEADER_H,
    MARGIN,
    MUTED,
    SCORE_CELL_H,
    SOFT,
    TARGET,
    W,
)
from renderers.risk_express.seats import Names
from renderers.risk_express.words import word
from renderers.words import fmt_num, name


# the same names, turns and card names come back every board: measure each once (fonts
# are shared objects, so they key the caches)
@lru_cache(maxsize=2048)
def text_width(text: str, f: ImageFont.FreeTypeFont) -> int:
    return kit.text_width(text, f)


@lru_cache(maxsize=1024)
def fit_text(text: str, f: ImageFont.FreeTypeFont, max_width: int) -> str:
    return kit.fit_text(text, f, max_width)


def draw_header(im: Image.Image, view: dict[str, Any], attempt: dict[str, Any] | None,
                 names: Names, cards: dict[str, Any], lang: str) -> None:
    d = ImageDraw.Draw(im)
    cy = HEADER_H // 2
    phase = view.get("phase")
    turn = view.get("turn")
    current = view.get("current")
    winners = view.get("winners") or []
    target = cards.get(attempt.get("card")) if attempt else None
    game = str(view.get("game") or "risk_express")
    target_name = clean_text(name(game, "card", target.get("id"), lang,
                                     str(target.get("name", "")))) if target else ""
    x = MARGIN + 2
    if phase == "over" or (current is None and winners):
        ck = 40
        paste_icon(im, crown_icon(ck), (x, cy - ck // 2 - 2))
        x += ck + 10
        win = [names.of(s) for s in winners]
        lead = word("game_over", lang)
        if not win:
            msg = lead + word("no_winner", lang)
            rest = ""
        else:
            rest = word("win" if len(win) > 1 else "wins", lang)
            msg = lead + word("and", lang).join(win)
        f, msg = fit_font(msg, W - MARGIN - x - text_width(rest, font(30)) - 10, (32, 30, 28, 26))
        d.text((x, cy), msg + rest, font=f, fill=GOLD, anchor="lm")
        return
    ci = names.idx(current)
    tk = 38
    if ci is not None:
        paste_icon(im, token_icon(ci, tk, WHITE), (x, cy - tk // 2))
        x += tk + 10
    by = attempt.get("by") if attempt else None
    if phase == "continue" and target_name and by is not None:
        status = word("continue_by", lang, who=names.of(by), card=target_name)
    elif phase == "continue":
        status = word("continue", lang, card=target_name or "?")
    elif target_name:
        status = word("attacking", lang, card=target_name)
    else:
        status = word("rolls", lang)
    sf = font(22, "regular")
    f = font(32)
    lead = word("turn_of", lang, n=turn) if turn is not None else ""
    who = names.of(current) if current is not None else "?"
    tail = word("to_play", lang)
    lead_w = text_width(lead, f)
    avail = W - MARGIN - 4 - x - 24  # both texts, and a gap between them
    main_w = lead_w + text_width(who + tail, f)
    # the status gets what the turn line leaves, but never less than 360 px
    status_w = min(text_width(status, sf), max(360, avail - main_w))
    status = fit_text(status, sf, status_w)
    room = avail - status_w
    who = fit_text(who, f, max(40, room - lead_w - text_width(tail, f)))
    d.text((x, cy), lead, font=f, fill=WHITE, anchor="lm")
    colr = PLAYER_COLORS[ci].fill if ci is not None else WHITE
    colr = blend(colr, WHITE, 0.25)
    d.text((x + lead_w, cy), who, font=f, fill=colr, anchor="lm")
    d.text((x + lead_w + text_width(who, f), cy), tail, font=f, fill=WHITE, anchor="lm")
    d.text((W - MARGIN - 4, cy), status, font=sf, fill=SOFT, anchor="rm")


def draw_tray(im: Image.Image, panel: Box, attempt: dict[str, Any] | None,
               cards: dict[str, Any], names: Names, over: bool, lang: str) -> None:
    d = ImageDraw.Draw(im)
    x0, y0, x1, y1 = panel
    top = y0 + BAND_H + 8
    if not attempt:
        msg = word("over" if over else "no_dice", lang)
        d.text(((x0 + x1) // 2, (top + y1) // 2), msg, font=font(20, "regular"),
               fill=MUTED, anchor="mm", align="center")
        return
    tray = [str(f) for f in attempt.get("tray") or []]
    aside = int(attempt.get("set_aside") or 0)
    card = cards.get(attempt.get("card")) if attempt.get("card") else None
    f = font(19, "regular")
    y = top + 28
    if attempt.get("failed"):
        d.text((x0 + 10, top + 10), fit_text(word("attack_failed", lang), font(20),
                                             x1 - x0 - 20), font=font(20), fill=FAIL, anchor="lm")
        if attempt.get("by") is not None:
            who = fit_text(word("by", lang, who=names.of(attempt["by"])), f, x1 - x0 - 20)
            d.text((x0 + 10, top + 36), who, font=f, fill=SOFT, anchor="lm")
            y += 26
    elif card:
        game = "risk_express"
        cname = name(game, "card", card.get("id"), lang, str(card.get("name", "")))
        label = fit_text("→ " + clean_text(cname), font(20), x1 - x0 - 20)
        d.text((x0 + 10, top + 10), label, font=font(20), fill=TARGET, anchor="lm")
    else:
        d.text((x0 + 10, top + 10), fit_text(word("choose", lang), f, x1 - x0 - 20), font=f,
               fill=SOFT, anchor="lm")
    # dice in the tray: up to 4 a row, big
    per_row = 4
    inner = x1 - x0 - 16
    size = min(46, (inner - (per_row - 1) * 6) // per_row)
    for r in range(0, max(1, len(tray)), per_row):
        chunk = tray[r:r + per_row]
        x = x0 + 8
        for face in chunk:
            paste_icon(im, die_icon(face, size), (x, y))
            x += size + 6
        if chunk:
            y += size + 6
    if not tray and not attempt.get("failed"):
        d.text((x0 + 10, y + size // 2), word("empty", lang), font=f, fill=MUTED,
               anchor="lm")
        y += size + 6
    # set aside: small empty slots, so the dice count stays visible
    if aside:
        y = max(y + 2, y1 - 8 - 28 - 24)
        d.text((x0 + 10, y + 10), fit_text(word("aside", lang, n=aside), f, x1 - x0 - 20),
               font=f, fill=SOFT, anchor="lm")
        gs = 26
        for k in range(min(aside, 7)):
            paste_icon(im, ghost_die(gs), (x0 + 8 + k * (gs + 4), y + 24))


class ScoreCell(NamedTuple):
    """One player's cell of the score panel: everything it shows (a cache key)."""

    index: int
    box: Box
    name: str
    score: int
    owned: int
    current: bool
    winner: bool


def score_cells(lay: Layout, view: dict[str, Any], names: Names) -> list[ScoreCell]:
    sx0, sy0, sx1, sy1 = lay.score
    scores = view.get("scores") or {}
    current = view.get("current")
    over = view.get("phase") == "over"
    winners = {str(w) for w in view.get("winners") or []}
    owned: dict[str, int] = {}
    for c in view.get("cards") or []:
        if c.get("owner") is not None:
            owned[str(c["owner"])] = owned.get(str(c["owner"]), 0) + 1
    cols = lay.score_cols
    cw = (sx1 - sx0 - 12 - (cols - 1) * 8) // cols
    cells = []
    for i, seat in enumerate(names.seats):
        r, c = divmod(i, cols)
        x0 = sx0 + 6 + c * (cw + 8)
        y0 = sy0 + 6 + r * (SCORE_CELL_H + 6)
        cells.append(ScoreCell(i, (x0, y0, x0 + cw, y0 + SCORE_CELL_H), names.of(seat),
                               int(scores.get(seat, 0) or 0), owned.get(seat, 0),
                               not over and str(current) == seat, seat in winners))
    return cells


def draw_scores(im: Image.Image, lay: Layout, view: dict[str, Any], names: Names,
                lang: str) -> None:
    for cell in score_cells(lay, view, names):
        draw_score_cell(im, cell, lang)


def draw_score_cell(im: Image.Image, cell: ScoreCell, lang: str) -> None:
    d = ImageDraw.Draw(im)
    box = cell.box
    x0, y0 = box[0], box[1]
    cw = box[2] - box[0]
    cy = y0 + SCORE_CELL_H // 2
    is_cur, is_win, i = cell.current, cell.winner, cell.index
    pc = PLAYER_COLORS[i % len(PLAYER_COLORS)]
    if is_cur or is_win:
        d.rounded_rectangle(box, radius=10, fill=CELL_HI,
                            outline=GOLD if is_win else WHITE, width=3)
    x = x0 + 8
    if is_cur:
        play_triangle(d, (x, cy - 10, x + 16, cy + 10), WHITE)
    elif is_win:
        ck = 26
        paste_icon(im, crown_icon(ck), (x - 5, cy - ck // 2 - 2))
    x += 22
    tk = 30
    paste_icon(im, token_icon(i, tk, WHITE), (x, cy - tk // 2))
    x += tk + 8
    right = x0 + cw - 10
    score = fmt_num(cell.score, lang)
    sf = font(30)
    d.text((right, cy), score, font=sf, fill=WHITE, anchor="rm")
    right -= text_width(score, sf) + 10
    cards_txt = word("cards", lang, n=cell.owned)
    cf = font(17, "regular")
    d.text((right, cy + 1), cards_txt, font=cf, fill=MUTED, anchor="rm")
    right -= text_width(cards_txt, cf) + 10
    nf = font(24)
    name = fit_text(cell.name, nf, right - x)
    d.text((x, cy), name, font=nf, fill=blend(pc.fill, WHITE, 0.3), anchor="lm")
