"""The whole Risk Express board for a view, as an RGB image: the cached background and
cards, the target, then the header, tray and scores (:mod:`.panels`)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, NamedTuple

from PIL import Image, ImageDraw

from renderers.kit import INK, RGB, Box, clean_text, font, hex_rgb
from renderers.risk_express.cards import (
    CARD_RADIUS,
    CardSpec,
    LineSpec,
    card_image,
    filled_of,
    need_of,
)
from renderers.risk_express.layout import BandSpec, Layout, base_image, layout
from renderers.risk_express.look import FAIL, TARGET, safe_hex
from renderers.risk_express.panels import draw_header, draw_scores, draw_tray, text_width
from renderers.risk_express.seats import Names
from renderers.risk_express.words import word
from renderers.words import lang_of, name


class Placed(NamedTuple):
    """One card where it goes: its picture's key and its box."""

    card_id: str
    spec: CardSpec
    box: Box


@dataclass
class Plan:
    """What a board shows, decided once; :func:`render_image` (RGB) and
    :func:`renderers.risk_express.frame.render_frame` (palette) both draw it."""

    view: dict[str, Any]
    lang: str
    names: Names
    cards_by_id: dict[str, Any]
    lay: Layout
    bands: tuple[BandSpec, ...]
    placed: list[Placed]
    attempt: dict[str, Any] | None
    target: str | None
    over: bool


def plan(view: dict[str, Any]) -> Plan:
    lang = lang_of(view)
    game = str(view.get("game") or "risk_express")
    names = Names(view)
    cards_by_id = {c["id"]: c for c in view.get("cards") or []}
    continents = list(view.get("continents") or [])
    groups: list[list[dict[str, Any]]] = []
    seen: set[str] = set()
    for cont in continents:
        ids = cont.get("cards") or [c["id"] for c in view.get("cards") or []
                                    if c.get("continent") == cont.get("id")]
        g = [cards_by_id[i] for i in ids if i in cards_by_id and i not in seen]
        seen.update(c["id"] for c in g)
        groups.append(g)
    stray = [c for c in view.get("cards") or [] if c["id"] not in seen]
    if stray:  # a card whose continent is not listed still gets drawn
        continents.append({"id": "?", "name": word("other", lang), "color": "#808080",
                           "value": 0})
        groups.append(stray)
    lay = layout(tuple(len(g) for g in groups), len(names.seats))

    bands = []
    for cont in continents:
        lb = cont.get("locked_by")
        cname = name(game, "continent", cont.get("id"), lang,
                     str(cont.get("name", cont.get("id", "?"))))
        bands.append(BandSpec(
            _clean(cname), _color(cont.get("color")),
            int(cont.get("value", 0)), names.idx(lb) if lb is not None else None,
            names.of(lb) if lb is not None else ""))

    over = view.get("phase") == "over"
    attempt = _attempt(view)
    target = attempt.get("card") if attempt else None
    placed = []
    changed = set(view.get("changed") or ())  # taken since the player's last move: ringed
    index = names.index
    for band, g, boxes in zip(bands, groups, lay.cards, strict=False):
        band_locked = band.locked_by is not None
        for card, box in zip(g, boxes, strict=False):
            get = card.get
            owner = get("owner")
            oi = None if owner is None else index.get(str(owner))
            locked = band_locked or bool(get("locked"))
            general = ""
            gen = get("general")
            if locked:
                pass  # face down: nobody can attack it any more
            elif gen is not None:
                general = "filled" if gen.get("filled") else "open"
            elif oi is not None and not over:
                general = "defended"
            cid = card["id"]
            spec = CardSpec(  # positional: name, points, provisional, color, owner,
                # owner_name, locked, lines, general, w, h
                _clean(name(game, "card", cid, lang, str(get("name", cid))), "condensed"),
                int(get("points", 0)), bool(get("provisional")), band.color, oi,
                names.of(owner) if owner is not None else "", locked,
                tuple([_line(ln.get("need"), ln.get("filled")) for ln in get("lines") or ()]),
                general, box[2] - box[0], box[3] - box[1], cid in changed)
            placed.append(Placed(cid, spec, box))
    return Plan(view, lang, names, cards_by_id, lay, tuple(bands), placed, attempt, target,
                over)


def render_image(view: dict[str, Any]) -> Image.Image:
    """The board as an RGB image (the reference the palette frame must equal pixel for
    pixel, and the palette's samples); not thread-safe on its own."""
    p = plan(view)
    im = base_image(p.lay, p.bands, p.lang).copy()
    for pc in p.placed:
        draw_card(im, pc, p.attempt if pc.card_id == p.target else None, p.lang)
    draw_header(im, p.view, p.attempt, p.names, p.cards_by_id, p.lang)
    draw_tray(im, p.lay.panels[-1], p.attempt, p.cards_by_id, p.names, p.over, p.lang)
    draw_scores(im, p.lay, p.view, p.names, p.lang)
    return im


def draw_card(im: Image.Image, pc: Placed, attempt: dict[str, Any] | None, lang: str) -> None:
    """A card at its place; ``attempt`` if it is the target (highlight and tag)."""
    if attempt is not None:
        x0, y0, x1, y1 = pc.box
        ImageDraw.Draw(im).rounded_rectangle(
            (x0 - 5, y0 - 5, x1 + 4, y1 + 4), radius=CARD_RADIUS + 4,
            fill=TARGET if not attempt.get("failed") else FAIL)
    ci = card_image(pc.spec)
    im.paste(ci, pc.box[:2], ci)
    if attempt is not None:
        _target_tag(im, pc.box, bool(attempt.get("failed")), lang)


def target_region(box: Box, failed: bool, lang: str) -> Box:
    """The pixels a target card, its highlight and its tag may touch (a crop box)."""
    tw = text_width(word("failed" if failed else "attack", lang), font(16))
    cx = (box[0] + box[2]) // 2
    return (min(box[0] - 5, cx - tw // 2 - 8), box[1] - 5,
            max(box[2] + 5, cx + tw // 2 + 9), box[3] + 17)


def _line(need: Any, filled: Any) -> LineSpec:
    """A battle line's spec; the same line (a few per deck and dice) is made once."""
    if type(need) is dict and (filled is None or type(filled) is list):
        try:
            return _line_of(tuple(need.items()), filled and tuple(filled))
        except TypeError:  # an odd value in the view: no cache
            pass
    return LineSpec(need_of(need), filled_of(filled))


@lru_cache(maxsize=1024)
def _line_of(items: tuple[tuple[Any, Any], ...], filled: tuple[Any, ...] | None) -> LineSpec:
    return LineSpec(need_of(dict(items)), filled_of(filled))


def _color(value: Any) -> RGB:
    try:
        return _color_of(value)
    except TypeError:  # not even hashable: grey, as ``safe_hex`` says
        return hex_rgb(safe_hex(value))


@lru_cache(maxsize=64)
def _color_of(value: Any) -> RGB:
    return hex_rgb(safe_hex(value))


@lru_cache(maxsize=1024)
def _clean(text: str, weight: str = "bold") -> str:
    return clean_text(text, weight)


def _attempt(view: dict[str, Any]) -> dict[str, Any] | None:
    """The attempt to show: this turn's, or (optional rule) the failed one the player may
    take over, which the engine gives as ``view["failed"] = {"card", "seat"}``."""
    if view.get("phase") == "over":
        return None
    att = view.get("attempt")
    if att:
        return att
    failed = view.get("failed")
    if view.get("phase") == "continue" and isinstance(failed, dict) and failed.get("card"):
        return {"card": failed["card"], "tray": [], "set_aside": 0, "failed": True,
                "by": failed.get("seat")}
    return None


def _target_tag(im: Image.Image, box: Box, failed: bool, lang: str) -> None:
    d = ImageDraw.Draw(im)
    text = word("failed" if failed else "attack", lang)
    f = font(16)
    tw = text_width(text, f)
    cx = (box[0] + box[2]) // 2
    y = box[3] - 6
    col = FAIL if failed else TARGET
    d.rounded_rectangle((cx - tw // 2 - 8, y, cx + tw // 2 + 8, y + 22), radius=11, fill=col,
                        outline=INK, width=2)
    d.text((cx, y + 11), text, font=f, fill=INK, anchor="mm")
