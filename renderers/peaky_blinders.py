"""What the Peaky Blinders board adds to a territory map: the British Crown.

Static (drawn once, by ``risk_map``'s cache): the Crown's dotted gold route from
Parliament to the Garrison Tavern, a die on the steps where the Crown must roll more
than 6 to move on, the two end labels, the key and the 24-step track in the Crown panel.
Dynamic: the Crown itself on its current step, on the map and on the track.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from renderers.common import INK, WHITE, font

GOLD = (214, 162, 28)
GOLD_DARK = (140, 98, 10)
RED = (190, 36, 44)
SS = 2


def _walk(pts: list[list[int]], spacing: float) -> list[tuple[float, float]]:
    """Points every ``spacing`` px along a polyline."""
    out = []
    carry = 0.0
    for (x0, y0), (x1, y1) in zip(pts, pts[1:], strict=False):
        seg = math.hypot(x1 - x0, y1 - y0)
        pos = carry
        while pos < seg:
            t = pos / seg
            out.append((x0 + (x1 - x0) * t, y0 + (y1 - y0) * t))
            pos += spacing
        carry = pos - seg
    out.append(tuple(pts[-1]))
    return out


def _die(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, pips: int = 6) -> None:
    d.rounded_rectangle((cx - r, cy - r, cx + r, cy + r), radius=r * 0.3, fill=WHITE,
                        outline=INK, width=max(2, int(r * 0.22)))
    p = r * 0.45
    spots = {6: [(-p, -p), (-p, 0), (-p, p), (p, -p), (p, 0), (p, p)],
             2: [(-p, -p), (p, p)]}[pips]
    q = r * 0.16
    for dx, dy in spots:
        d.ellipse((cx + dx - q, cy + dy - q, cx + dx + q, cy + dy + q), fill=INK)


def route_points(meta: dict[str, Any]) -> list[list[int]]:
    lay = meta["layout"]["territories"]
    return [lay[s["territory"]]["crown"] for s in meta["crown_route"]]


def draw_static_big(d: ImageDraw.ImageDraw, meta: dict[str, Any], ss: int) -> None:
    """The dotted gold route and its dice, on the 2× supersampled art layer."""
    path = meta["layout"]["crown_path"]
    for x, y in _walk(path, 11):
        r = 3.4 * ss
        d.ellipse((x * ss - r - ss, y * ss - r - ss, x * ss + r + ss, y * ss + r + ss), fill=INK)
        d.ellipse((x * ss - r, y * ss - r, x * ss + r, y * ss + r), fill=GOLD)
    pts = route_points(meta)
    for i, step in enumerate(meta["crown_route"]):
        x, y = pts[i]
        r = 6.5 * ss
        d.ellipse((x * ss - r, y * ss - r, x * ss + r, y * ss + r), fill=GOLD, outline=INK,
                  width=2 * ss)
        if step["dice"]:
            _die(d, (x + 14) * ss, (y + 13) * ss, 8 * ss)


def _tag(d: ImageDraw.ImageDraw, x: float, y: float, text: str) -> None:
    f = font(14, "bold")
    w = f.getlength(text)
    d.rounded_rectangle((x - w / 2 - 6, y - 10, x + w / 2 + 6, y + 10), radius=5, fill=GOLD,
                        outline=INK, width=2)
    d.text((x, y), text, font=f, fill=INK, anchor="mm")


def _track_xy(box: list[int], i: int, n: int) -> tuple[float, float]:
    x0, y0, x1, _y1 = box
    per_row = (n + 1) // 2
    row, col = divmod(i, per_row)
    step = (x1 - x0 - 44) / (per_row - 1)
    x = x0 + 22 + (col if row == 0 else per_row - 1 - col) * step
    return x, y0 + 86 + row * 58


def draw_static(img: Image.Image, d: ImageDraw.ImageDraw, meta: dict[str, Any]) -> None:
    """End labels on the map; the Crown panel's heading, track and key."""
    tags = meta["layout"].get("crown_tags", {})
    pts = route_points(meta)
    x, y = tags.get("start") or (pts[0][0], pts[0][1] + 20)
    _tag(d, x, y, meta.get("crown_start_label", "Start"))
    x, y = tags.get("end") or (pts[-1][0], pts[-1][1] - 20)
    _tag(d, x, y, meta.get("crown_end_label", "End"))
    box = meta["layout"]["panels"].get("crown")
    if not box:
        return
    n = len(meta["crown_route"])
    d.text((box[0] + 14, box[1] + 10), "THE BRITISH CROWN", font=font(17, "bold"), fill=INK)
    big = Image.new("RGBA", ((box[2] - box[0]) * SS, (box[3] - box[1]) * SS), (0, 0, 0, 0))
    bd = ImageDraw.Draw(big)
    local = [0, 0, box[2] - box[0], box[3] - box[1]]
    xy = [_track_xy(local, i, n) for i in range(n)]
    for (xa, ya), (xb, yb) in zip(xy, xy[1:], strict=False):
        for px, py in _walk([[xa, ya], [xb, yb]], 7):
            r = 2.2 * SS
            bd.ellipse((px * SS - r, py * SS - r, px * SS + r, py * SS + r), fill=GOLD_DARK)
    for i, (px, py) in enumerate(xy):
        r = 8 * SS
        bd.ellipse((px * SS - r, py * SS - r, px * SS + r, py * SS + r), fill=GOLD, outline=INK,
                   width=2 * SS)
        if meta["crown_route"][i]["dice"]:
            _die(bd, px * SS, (py + 20) * SS, 7 * SS)
    small = big.resize((box[2] - box[0], box[3] - box[1]), Image.Resampling.LANCZOS)
    img.alpha_composite(small, (box[0], box[1]))
    f = font(11, "bold")
    for i, (px, py) in enumerate(xy):
        d.text((box[0] + px, box[1] + py), str(i + 1), font=f, fill=INK, anchor="mm")
    fk = font(13, "regular")
    d.text((box[0] + 14, box[3] - 24),
           "Die: roll 2d6, more than 6 to move on.", font=fk, fill=INK)


@lru_cache(maxsize=8)
def crown_rgba(size: int = 30) -> Image.Image:
    s = 4
    im = Image.new("RGBA", (size * s, size * s), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    S = size * s
    pts = [(0.08, 0.86), (0.06, 0.30), (0.30, 0.56), (0.5, 0.16), (0.70, 0.56), (0.94, 0.30),
           (0.92, 0.86)]
    d.polygon([(x * S, y * S) for x, y in pts], fill=GOLD, outline=INK, width=int(S * 0.07))
    for x, y in ((0.06, 0.24), (0.5, 0.12), (0.94, 0.24)):
        r = S * 0.085
        d.ellipse((x * S - r, y * S - r, x * S + r, y * S + r), fill=GOLD, outline=INK,
                  width=int(S * 0.045))
    d.rectangle((0.10 * S, 0.70 * S, 0.90 * S, 0.78 * S), fill=RED)
    return im.resize((size, size), Image.Resampling.LANCZOS)


def draw_dynamic(art: Any, view: dict[str, Any], canvas: Image.Image, pal_img: Image.Image
                 ) -> None:
    """The Crown on its step (cached sprite per step) and its place on the track."""
    from renderers.risk_map import _sprite, _stamp_rgb

    crown = view.get("crown")
    meta = art.meta
    route = meta["crown_route"]
    box = meta["layout"]["panels"].get("crown")
    if not crown:
        if box:
            _stamp_rgb(canvas, pal_img, tuple(box), lambda rgb, d: d.text(
                (14, 36), "Variant without the Crown", font=font(15, "regular"), fill=INK))
        return
    step = max(0, min(len(route) - 1, int(crown.get("step") or 0)))
    key = ("crown", step)
    hit = art.sprites.get(key)
    if hit is None:
        im = crown_rgba(34)
        x, y = route_points(meta)[step]
        tid = route[step]["territory"]
        hit = art.sprites[key] = _sprite(art, im, (x - 17, y - 26), art.num[tid])
    idx, mask, xy = hit
    canvas.paste(idx, xy, mask)
    if not box:
        return
    n = len(route)

    def draw(rgb: Image.Image, d: ImageDraw.ImageDraw) -> None:
        local = [0, 0, box[2] - box[0], box[3] - box[1]]
        px, py = _track_xy(local, step, n)
        c = crown_rgba(26)
        rgb.paste(c, (int(px - 13), int(py - 30)), c)
        name = next((t["name"] for t in meta["territories"] if t["id"] == route[step]["territory"]),
                    "")
        label = f"{step + 1}/{n} · {name}"
        if route[step]["dice"]:
            label += " · roll > 6"
        d.text((14, 34), label, font=font(15, "bold"), fill=INK)

    _stamp_rgb(canvas, pal_img, tuple(box), draw)
