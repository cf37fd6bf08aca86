"""The attack arrow of a territory map: from the attacker's badge to the defender's, a
straight or bent line between the badges' edges that crosses as few names and badges as it
can (the names are pasted over it again anyway), chosen once per pair from the layout alone
and drawn once as an RGBA sprite (``renderers.risk_map.canvas`` pastes it)."""

from __future__ import annotations

import math
import zlib
from array import array
from functools import lru_cache
from typing import Any

from PIL import Image, ImageChops, ImageDraw

from renderers.kit import INK
from renderers.kit.lut import Lut, lut
from renderers.risk_map.kit import RED
from renderers.risk_map.static import (
    HALF_UP,
    OPAQUE,
    PARTIAL,
    MapArt,
    fixed_palette,
    index_tables,
    levels,
    load_layout,
)

__all__ = ["arrow_masks", "arrow_shape", "arrow_sprite", "arrow_parts", "paint_arrow",
           "pack_arrows", "load_layout_cached"]


def arrow_shape(art: MapArt, a: str, b: str) -> list[tuple[float, float]] | None:
    """The attack arrow from ``a``'s badge to ``b``'s: a straight or bent line between
    the two badges' edges, chosen to cross as few names and badges as it can (the names
    are pasted over it again anyway) and to be long enough to read as an arrow. It
    depends on the layout alone: computed once per pair."""
    return _arrow_shape(art.meta.get("id") or "", a, b)


def _arrow_shape(map_id: str, a: str, b: str) -> list[tuple[float, float]] | None:
    flat = _arrow_line(map_id, a, b)
    if flat is None:
        return None
    return list(zip(flat[::2], flat[1::2], strict=True))


@lru_cache(maxsize=4)
def arrow_masks(map_id: str) -> tuple[int, int, bytes, bytes, dict[str, int]]:
    """Where an arrow should not go, as rasters: names (grown by 5 px) and badges (each
    badge's number, grown by 2 px), so a curve is scored by a few hundred lookups."""
    lay = load_layout_cached(map_id)
    W, H = lay["size"]
    names = Image.new("L", (W, H), 0)
    dn = ImageDraw.Draw(names)
    badges = Image.new("L", (W, H), 0)
    db = ImageDraw.Draw(badges)
    num = {}
    for k, (tid, spot) in enumerate(lay["territories"].items(), start=1):
        x0, y0, x1, y1 = spot["label_box"]
        dn.rectangle((x0 - 5, y0 - 5, x1 + 5, y1 + 5), fill=1)
        x0, y0, x1, y1 = spot["badge_box"]
        db.rectangle((x0 - 2, y0 - 2, x1 + 2, y1 + 2), fill=k)
        num[tid] = k
    return W, H, names.tobytes(), badges.tobytes(), num


@lru_cache(maxsize=1024)
def _arrow_line(map_id: str, a: str, b: str) -> array | None:
    """The chosen line's points, flat as doubles (kept for every pair: ~40 KB in all)."""
    lay = load_layout_cached(map_id)["territories"]
    ba, bb = lay[a]["badge_box"], lay[b]["badge_box"]
    W, H, names, badges, num = arrow_masks(map_id)
    ka, kb = num[a], num[b]

    def score_of(pts: list[tuple[float, float]]) -> tuple[int, int]:
        hits = crossed = 0
        for x, y in pts[::2]:
            xi, yi = int(x), int(y)
            if not (0 <= xi < W and 0 <= yi < H):
                continue
            i = yi * W + xi
            hits += names[i]
            v = badges[i]
            crossed += 1 if v and v != ka and v != kb else 0
        return hits, crossed

    for sides in (2, 4):  # the facing sides; all four where badges nearly touch
        pts = _best_arrow(ba, bb, sides, score_of)
        if pts is not None:
            return array("d", [v for p in pts for v in p])
    return None


def _best_arrow(ba: list[int], bb: list[int], sides: int, score_of
                ) -> list[tuple[float, float]] | None:
    best = None
    # the facing edges first, straight first: most pairs stop at the first try
    anchors_a = _anchors(ba, _centre(bb), sides)
    anchors_b = _anchors(bb, _centre(ba), sides)
    combos = [(anchors_a[-1], anchors_b[-1])] + [
        (pa, pb) for pa in anchors_a for pb in anchors_b
        if (pa, pb) != (anchors_a[-1], anchors_b[-1])]
    for bend in (0.0, 0.25, -0.25, 0.5, -0.5, 0.8, -0.8):
        for pa, pb in combos:
            if math.dist(pa, pb) < 8:
                continue
            pts = _curve(pa, pb, bend)
            length = sum(math.dist(p, q) for p, q in zip(pts, pts[1:], strict=False))
            if length < 26:
                continue
            inner = pts[2:-2]
            if any(_inside(p, ba, -1) or _inside(p, bb, -1) for p in inner):
                continue
            hits, crossed = score_of(pts)
            score = (100 * hits + 30 * crossed + abs(bend) * 40 + 0.15 * length
                     + (0 if length >= 40 else 40 - length))
            if best is None or score < best[0]:
                best = (score, pts)
            if not hits and not crossed and length >= 40 and (pa, pb) == combos[0]:
                return pts  # straight enough, clear, facing: nothing does better
        if best is not None and best[0] < 60:
            break  # a clear line at this bend: more bending would only cost
    return best[1] if best else None


@lru_cache(maxsize=4)
def load_layout_cached(map_id: str) -> dict[str, Any]:
    return load_layout(map_id)


def _centre(b: list[int]) -> tuple[float, float]:
    return ((b[0] + b[2]) / 2, (b[1] + b[3]) / 2)


def _inside(p: tuple[float, float], b: list[int] | tuple[int, ...], pad: float) -> bool:
    return b[0] - pad <= p[0] <= b[2] + pad and b[1] - pad <= p[1] <= b[3] + pad


def _anchors(b: list[int], towards: tuple[float, float], sides: int = 2
             ) -> list[tuple[float, float]]:
    """Where an arrow may leave or reach a badge: just outside the middle of the ``sides``
    sides nearest the other badge, and the point of its edge on the line between them."""
    x0, y0, x1, y1 = b
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    mids = [(cx, y0 - 3), (cx, y1 + 3), (x0 - 3, cy), (x1 + 3, cy)]
    out = sorted(mids, key=lambda p: (math.dist(p, towards), p))[:sides]  # the facing sides
    dx, dy = towards[0] - cx, towards[1] - cy
    if dx or dy:  # the edge point on the line between the centres
        t = min((x1 - x0) / 2 / abs(dx) if dx else 1e9, (y1 - y0) / 2 / abs(dy) if dy else 1e9)
        out.append((cx + dx * t + math.copysign(3, dx) * (dx != 0),
                    cy + dy * t + math.copysign(3, dy) * (dy != 0)))
    return out


def _curve(a: tuple[float, float], b: tuple[float, float], bend: float
           ) -> list[tuple[float, float]]:
    """Points of a quadratic curve a→b, its control point ``bend`` × the length aside."""
    L = math.dist(a, b)
    nx, ny = -(b[1] - a[1]) / L, (b[0] - a[0]) / L
    c = ((a[0] + b[0]) / 2 + nx * bend * L, (a[1] + b[1]) / 2 + ny * bend * L)
    steps = max(8, int(L * (1 + abs(bend)) / 4))
    pts = []
    for k in range(steps + 1):
        t = k / steps
        pts.append(((1 - t) ** 2 * a[0] + 2 * (1 - t) * t * c[0] + t * t * b[0],
                    (1 - t) ** 2 * a[1] + 2 * (1 - t) * t * c[1] + t * t * b[1]))
    return pts


@lru_cache(maxsize=8)
def arrow_sprite(map_id: str, a: str, b: str, size: tuple[int, int], scale: float = 1.0
                  ) -> tuple[tuple[int, int, int, int], Image.Image] | None:
    """The attack arrow a→b as an RGBA sprite and the box it covers (drawn at 4× and
    reduced): it depends on the layout alone. Built when a pair is first attacked (a few
    ms), then kept as :func:`arrow_parts`. ``scale``: the sprite ``scale`` times bigger (a
    close-up); the box stays the board's."""
    pts = _arrow_shape(map_id, a, b)
    if not pts:
        return None
    head = 20.0
    tip = pts[-1]
    k = len(pts) - 1
    while k > 0 and math.dist(pts[k], tip) < head:
        k -= 1
    base = pts[k]
    ux, uy = (tip[0] - base[0]), (tip[1] - base[1])
    ul = math.hypot(ux, uy) or 1.0
    ux, uy = ux / ul, uy / ul
    shaft = pts[:k + 1]
    W, H = size
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    box = (max(0, int(min(xs)) - 16), max(0, int(min(ys)) - 16), min(W, int(max(xs)) + 17),
           min(H, int(max(ys)) + 17))
    s = 4
    bw, bh = box[2] - box[0], box[3] - box[1]
    m = Image.new("RGBA", (bw * s, bh * s), (0, 0, 0, 0))
    dm = ImageDraw.Draw(m)

    def P(p: tuple[float, float]) -> tuple[float, float]:
        return ((p[0] - box[0]) * s, (p[1] - box[1]) * s)

    nx, ny = -uy, ux
    tri = [P(tip), P((base[0] + nx * 11, base[1] + ny * 11)),
           P((base[0] - nx * 11, base[1] - ny * 11))]
    line = [P(p) for p in shaft] + [P(base)]
    dm.line(line, fill=INK, width=int(11 * s), joint="curve")
    dm.polygon(tri, fill=INK, outline=INK, width=int(3.5 * s))
    dm.line(line, fill=RED, width=int(6 * s), joint="curve")
    dm.polygon(tri, fill=RED)
    return box, m.resize((round(bw * scale), round(bh * scale)), Image.Resampling.LANCZOS)


ArrowParts = tuple[tuple[int, int, int, int], Image.Image, Image.Image]

_COVER16 = lut(lambda a: a * 16 // 256)
_EDGE = lut(lambda a: 255 if 16 <= a < 224 else 0)
_STATIC: dict[int, Any] = {}


def _build_parts(map_id: str, a: str, b: str, size: tuple[int, int], n: int, static0: int,
                 extra: tuple[tuple[int, int, int], ...], scale: float = 1.0
                 ) -> ArrowParts | None:
    sprite = arrow_sprite(map_id, a, b, size, scale)
    if sprite is None:
        return None
    box, rgba = sprite
    plus, _fills, _blends = index_tables(n, static0)
    q = rgba.convert("RGB").quantize(palette=fixed_palette(extra), dither=Image.Dither.NONE)
    q = Image.frombytes("L", q.size, q.tobytes()).point(plus)
    return box, q, rgba.getchannel("A")


_recent = lru_cache(maxsize=16)(_build_parts)
# every border's arrow on the board, both ways, zlib-packed by ``pack_arrows`` (``warm``):
# ~190 KB for ~180 arrows that take ~1 s to draw and ~3 MB unpacked
_PACKED: dict[tuple[Any, ...], tuple[tuple[int, int, int, int], tuple[int, int], bytes,
                                     bytes] | None] = {}


def arrow_parts(map_id: str, a: str, b: str, size: tuple[int, int], n: int, static0: int,
                extra: tuple[tuple[int, int, int], ...], scale: float = 1.0
                ) -> ArrowParts | None:
    """The arrow a→b ready to lay over any board's indices: its box, its opaque pixels'
    indices (the fixed colours alone, so one serves every language) and its coverage.
    On the board: unpacked from what ``warm`` packed (~50 µs), else drawn (~5 ms, the last
    16 kept); in a close-up (``scale``): drawn, and kept by the caller."""
    key = (map_id, a, b, size, n, static0, extra)
    if scale == 1.0 and key in _PACKED:
        hit = _PACKED[key]
        if hit is None:
            return None
        box, wh, zq, za = hit
        return (box, Image.frombytes("L", wh, zlib.decompress(zq)),
                Image.frombytes("L", wh, zlib.decompress(za)))
    if scale == 1.0:
        return _recent(map_id, a, b, size, n, static0, extra)
    return _build_parts(map_id, a, b, size, n, static0, extra, scale)


def pack_arrows(map_id: str, pairs: list[tuple[str, str]], size: tuple[int, int], n: int,
                static0: int, extra: tuple[tuple[int, int, int], ...]) -> None:
    """Draw every arrow of ``pairs`` now and keep it packed (``warm``: an attack's first
    board then costs what the next ones cost)."""
    for a, b in pairs:
        key = (map_id, a, b, size, n, static0, extra)
        if key in _PACKED:
            continue
        parts = _build_parts(map_id, a, b, size, n, static0, extra)
        if parts is None:
            _PACKED[key] = None
            continue
        box, q, alpha = parts
        _PACKED[key] = (box, q.size, zlib.compress(q.tobytes(), 6),
                        zlib.compress(alpha.tobytes(), 6))
    arrow_sprite.cache_clear()


def packed(keys: list[tuple[Any, ...]]) -> dict[tuple[Any, ...], Any] | None:
    """What :func:`pack_arrows` packed for ``keys`` (to keep on disk), or ``None`` if it
    has not packed them all."""
    if not all(k in _PACKED for k in keys):
        return None
    return {k: _PACKED[k] for k in keys}


def take_packed(kept: Any, keys: list[tuple[Any, ...]]) -> bool:
    """Put back what :func:`packed` gave (another process's, read from disk) if it holds
    every one of ``keys`` in its shape; else nothing (they are packed again)."""
    if not isinstance(kept, dict) or not all(k in kept for k in keys):
        return False
    for k in keys:
        v = kept[k]
        if v is not None and not (isinstance(v, tuple) and len(v) == 4 and len(v[0]) == 4
                                  and len(v[1]) == 2 and isinstance(v[2], bytes)
                                  and isinstance(v[3], bytes)):
            return False
    _PACKED.update((k, kept[k]) for k in keys)
    return True


def clear() -> None:
    _PACKED.clear()
    _recent.cache_clear()
    arrow_sprite.cache_clear()


def paint_arrow(canvas: Image.Image, parts: ArrowParts, n: int, static0: int,
                ground_of: Lut, ink_lut: Lut) -> None:
    """Lay the arrow over the canvas's indices: its opaque pixels as they are; its edge
    (ink) over a territory's fill as that fill's ink blend, over a static colour as the
    entry nearest to the ink blended over it at that coverage (``ground_of`` and ``ink_lut``:
    :class:`renderers.risk_map.paint.Inks`), over an edge already blended the nearer of
    the two."""
    box, q, alpha = parts
    _plus, fills, blends = index_tables(n, static0)
    lv = levels(alpha)
    statics = _STATIC.get(static0)
    if statics is None:
        statics = _STATIC[static0] = lut(lambda v: 255 if v >= static0 else 0)
    under = canvas.crop(box)
    is_fill = under.point(fills)
    is_static = under.point(statics)
    out = under.copy()
    blended = ImageChops.add(under.point(ground_of), alpha.point(_COVER16)).point(ink_lut)
    out.paste(blended, (0, 0), ImageChops.multiply(is_static, alpha.point(_EDGE)))
    out.paste(ImageChops.add(under, lv.point(blends)), (0, 0),
              ImageChops.multiply(is_fill, lv.point(PARTIAL)))
    neither = ImageChops.invert(ImageChops.lighter(is_fill, is_static))
    out.paste(q, (0, 0), ImageChops.lighter(lv.point(OPAQUE), ImageChops.multiply(
        neither, lv.point(HALF_UP))))
    canvas.paste(out, box[:2])
