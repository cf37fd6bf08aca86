"""The whole Risk Express board for a view, as an RGB image: the cached background and
cards, the target, then the header, tray and scores (:mod:`.panels`)."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from renderers.kit import INK, Box, clean_text, font, hex_rgb, text_width
from renderers.risk_express.cards import (
    CARD_RADIUS,
    CardSpec,
    LineSpec,
    card_image,
    filled_of,
    need_of,
)
from renderers.risk_express.layout import BandSpec, base_image, layout
from renderers.risk_express.look import FAIL, TARGET, safe_hex
from renderers.risk_express.panels import draw_header, draw_scores, draw_tray
from renderers.risk_express.seats import Names
from renderers.risk_express.words import word
from renderers.words import lang_of, name


def render_image(view: dict[str, Any]) -> Image.Image:
    """The board as an RGB image (``render`` encodes it); not thread-safe on its own."""
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
            clean_text(cname), hex_rgb(safe_hex(cont.get("color"))),
            int(cont.get("value", 0)), names.idx(lb) if lb is not None else None,
            names.of(lb) if lb is not None else ""))
    im = base_image(lay, tuple(bands), lang).copy()
    d = ImageDraw.Draw(im)

    over = view.get("phase") == "over"
    attempt = _attempt(view)
    target = attempt.get("card") if attempt else None
    for band, g, boxes in zip(bands, groups, lay.cards, strict=False):
        for card, box in zip(g, boxes, strict=False):
            owner = card.get("owner")
            oi = names.idx(owner)
            locked = bool(card.get("locked")) or band.locked_by is not None
            general = ""
            gen = card.get("general")
            if locked:
                pass  # face down: nobody can attack it any more
            elif gen is not None:
                general = "filled" if gen.get("filled") else "open"
            elif oi is not None and not over:
                general = "defended"
            spec = CardSpec(
                name=clean_text(name(game, "card", card["id"], lang,
                                        str(card.get("name", card["id"]))), "condensed"),
                points=int(card.get("points", 0)),
                provisional=bool(card.get("provisional")),
                color=band.color,
                owner=oi,
                owner_name=names.of(owner) if owner is not None else "",
                locked=locked,
                lines=tuple(LineSpec(need_of(ln.get("need")), filled_of(ln.get("filled")))
                            for ln in card.get("lines") or []),
                general=general,
                w=box[2] - box[0],
                h=box[3] - box[1],
            )
            if card["id"] == target:
                x0, y0, x1, y1 = box
                d.rounded_rectangle((x0 - 5, y0 - 5, x1 + 4, y1 + 4), radius=CARD_RADIUS + 4,
                                    fill=TARGET if not attempt.get("failed") else FAIL)
            ci = card_image(spec)
            im.paste(ci, box[:2], ci)
            if card["id"] == target:
                _target_tag(im, box, bool(attempt.get("failed")), lang)
    draw_header(im, view, attempt, names, cards_by_id, lang)
    draw_tray(im, lay.panels[-1], attempt, cards_by_id, names, over, lang)
    draw_scores(im, lay, view, names, lang)
    return im


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
