"""Territory maps of the Risk family (Peaky Blinders first): a public view → PNG bytes.

Why it is built this way: a board of ~1.7 megapixels must be drawn and encoded in well
under 20 ms after every turn. Encoding an RGB PNG of that size alone costs ~30 ms, an
8-bit palette PNG ~3 ms, so the whole picture is composed directly as palette indices:

- palette entries ``[0, N)`` are the N territory fills, ``[N, 4N)`` the same fills under
  25 / 50 / 75 % of the ink colour (the anti-aliased edge of every line, name, badge and
  icon that lies on a territory), ``[4N, 4N+8)`` the legend swatches, and the rest fixed
  colours of the static art (sea, coast bands, text ramps, gold, icons);
- the static layer (sea, coasts, borders, names, sea links, strongholds, the Crown's route,
  panels) is drawn once per map in RGBA with full anti-aliasing, then converted to those
  indices and cached at module level;
- per call only the palette (owners' colours), the count badges, the Crown, the last
  attack's arrow and the panels' text change. Badges are cached per territory and number
  as index sprites, so a turn costs a copy of the cached layer, ~50 small pastes and the
  PNG encoding.

Every line drawn over land has an ink outer edge (text stroke, outlined icons), which is
what makes the "fill under ink" entries exact whatever the owner's colour. The result is
pure: the same view gives the same bytes.
"""

from __future__ import annotations

import io
import json
import math
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from renderers.common import (
    INK,
    WHITE,
    blend,
    clean_text,
    fit_text,
    font,
    hex_rgb,
)

DATA_DIR = Path(__file__).resolve().parent.parent / "data"

RGB = tuple[int, int, int]

SEA: RGB = (172, 200, 212)
SEA_LINE: RGB = (150, 181, 196)
PAPER: RGB = (247, 241, 228)
GOLD: RGB = (214, 162, 28)
GOLD_DARK: RGB = (140, 98, 10)
STONE: RGB = (226, 220, 204)
LINK: RGB = (44, 62, 84)
RED: RGB = (190, 36, 44)
UNOWNED_MIX = 0.55  # unowned territory: region colour this far towards white

SWATCHES = 8
SS = 2  # supersampling of drawn (not text) static art

PHASES = {
    "setup": "Setup", "place": "Placement", "attack": "Attack", "battle": "Battle",
    "manoeuvre": "Manoeuvre", "over": "Game over",
}


def _fixed_colours() -> list[RGB]:
    """Colours the dynamic layer needs whatever the static art quantised to."""
    out: list[RGB] = [INK, WHITE, PAPER, GOLD, GOLD_DARK, STONE, RED, SEA, LINK]
    for k in range(1, 7):
        out.append(blend(INK, WHITE, k / 7))
        out.append(blend(INK, PAPER, k / 7))
    for k in range(1, 4):
        out.append(blend(GOLD, INK, k / 4))
        out.append(blend(RED, INK, k / 4))
        out.append(blend(GOLD, WHITE, k / 4))
    return out


# --------------------------------------------------------------------------- map loading


@dataclass
class MapArt:
    """Everything about one map that does not change during a game."""

    meta: dict[str, Any]
    ids: list[str]
    num: dict[str, int]  # territory id → 0-based position (= fill palette entry)
    region_of: list[str]
    size: tuple[int, int]
    base: Image.Image  # "L" image of palette indices: the static layer
    palette: list[int]  # 768 ints; fills/blends/swatches are overwritten per call
    static0: int
    badges: dict[tuple[int, str], tuple[Image.Image, Image.Image, tuple[int, int]]] = field(
        default_factory=dict)
    sprites: dict[Any, tuple[Image.Image, Image.Image, tuple[int, int]]] = field(
        default_factory=dict)

    @property
    def n(self) -> int:
        return len(self.ids)

    @property
    def layout(self) -> dict[str, Any]:
        return self.meta["layout"]


_ART: dict[str, MapArt] = {}
_ART_LOCK = threading.Lock()  # the bot renders in worker threads: build each map once


def load_map(map_id: str) -> dict[str, Any]:
    with open(DATA_DIR / map_id / "map.json", encoding="utf-8") as fh:
        return json.load(fh)


def index_image(map_id: str, meta: dict[str, Any] | None = None) -> Image.Image:
    """The territory index raster as "L": 0 = sea, i + 1 = the i-th territory."""
    meta = meta or load_map(map_id)
    with Image.open(DATA_DIR / map_id / meta["layout"]["index_image"]) as im:
        im.load()
        return Image.frombytes("L", im.size, im.tobytes())


def map_art(map_id: str) -> MapArt:
    art = _ART.get(map_id)
    if art is None:
        with _ART_LOCK:
            art = _ART.get(map_id)
            if art is None:
                art = _ART[map_id] = _build_static(map_id)
    return art


# --------------------------------------------------------------------------- static layer


def _lut(fn) -> list[int]:
    return [max(0, min(255, int(fn(v)))) for v in range(256)]


def _levels(alpha: Image.Image) -> Image.Image:
    """Alpha → ink level: 0 (none), 1..3 (25/50/75 %), 4 (opaque)."""
    return alpha.point(_lut(lambda a: 0 if a < 32 else 1 if a < 96 else 2 if a < 160
                            else 3 if a < 224 else 4))


def _to_indices(rgba: Image.Image, under: Image.Image, n: int, static_pal: Image.Image,
                static0: int) -> Image.Image:
    """Compose an RGBA layer over territory fills, in palette indices.

    ``under`` holds indices (fills 0..n-1 or static entries). Opaque pixels take the
    nearest static colour, transparent ones keep ``under``, partly covered ones over a
    fill take that fill's ink blend (the layer's edges are ink by construction) and over a
    static colour the nearer of the two.
    """
    alpha = rgba.getchannel("A")
    lv = _levels(alpha)
    q = rgba.convert("RGB").quantize(palette=static_pal, dither=Image.Dither.NONE)
    q = Image.frombytes("L", q.size, q.tobytes()).point(_lut(lambda v: v + static0))
    out = under.copy()
    is_fill = under.point(_lut(lambda v: 255 if v < n else 0))
    partial = lv.point(_lut(lambda v: 255 if 1 <= v <= 3 else 0))
    blended = ImageChops.add(under, lv.point(_lut(lambda v: v * n if 1 <= v <= 3 else 0)))
    out.paste(blended, (0, 0), ImageChops.multiply(is_fill, partial))
    opaque = lv.point(_lut(lambda v: 255 if v == 4 else 0))
    over_static = ImageChops.multiply(ImageChops.invert(is_fill),
                                      lv.point(_lut(lambda v: 255 if v >= 2 else 0)))
    out.paste(q, (0, 0), ImageChops.lighter(opaque, over_static))
    return out


def _edges(img: Image.Image, size: int) -> Image.Image:
    """255 where a size×size window holds more than one value."""
    d = ImageChops.difference(img.filter(ImageFilter.MaxFilter(size)),
                              img.filter(ImageFilter.MinFilter(size)))
    return d.point(_lut(lambda v: 255 if v else 0))


def _soft(mask: Image.Image, radius: float = 0.7) -> Image.Image:
    return mask.filter(ImageFilter.GaussianBlur(radius)).point(_lut(lambda v: v * 1.6))


def _build_static(map_id: str) -> MapArt:
    meta = load_map(map_id)
    lay = meta["layout"]
    ids = [t["id"] for t in meta["territories"]]
    n = len(ids)
    num = {tid: i for i, tid in enumerate(ids)}
    region_of = [t["region"] for t in meta["territories"]]
    regions = {r["id"]: r for r in meta["regions"]}
    rnum = {r["id"]: i + 1 for i, r in enumerate(meta["regions"])}
    T = index_image(map_id, meta)
    W, H = T.size
    land = T.point(_lut(lambda v: 255 if v else 0))
    sea = ImageChops.invert(land)
    R = T.point([0] + [rnum[region_of[i]] for i in range(n)] + [0] * (255 - n))

    # --- sea, coast bands in the region colours, water lines
    art = Image.new("RGBA", (W, H), SEA + (255,))
    far = land.filter(ImageFilter.GaussianBlur(14))
    for lo, hi in ((70, 84), (26, 34)):
        art.paste(SEA_LINE + (255,), (0, 0), far.point(_lut(lambda v, lo=lo, hi=hi:
                                                             255 if lo <= v < hi else 0)))
    for rid, r in regions.items():
        m = R.point(_lut(lambda v, k=rnum[rid]: 255 if v == k else 0))
        band = m.filter(ImageFilter.GaussianBlur(4)).point(_lut(lambda v: 255 if v > 10 else 0))
        art.paste(blend(hex_rgb(r["color"]), SEA, 0.35) + (255,), (0, 0), band)
    art.paste((0, 0, 0, 0), (0, 0), land)

    # --- ink: territory borders, thicker region borders, coast
    t_edges = ImageChops.multiply(_edges(T, 3), land.filter(ImageFilter.MaxFilter(3)))
    Rs = R.point(_lut(lambda v: v if v else 255))
    r_edges = ImageChops.multiply(
        ImageChops.difference(R.filter(ImageFilter.MaxFilter(5)), Rs.filter(
            ImageFilter.MinFilter(5))).point(_lut(lambda v: 255 if 0 < v < 200 else 0)),
        land)
    coast = ImageChops.multiply(_edges(land, 3), land.filter(ImageFilter.MaxFilter(3)))
    ink = ImageChops.lighter(_soft(t_edges, 0.6), _soft(r_edges, 0.8))
    ink = ImageChops.lighter(ink, _soft(coast, 0.7))
    art.paste(INK + (255,), (0, 0), ink)

    # --- drawn art at 2× (sea links, Crown route, icons), then labels and panels at 1×
    big = Image.new("RGBA", (W * SS, H * SS), (0, 0, 0, 0))
    dbig = ImageDraw.Draw(big)
    for link in lay.get("sea_links", []):
        _dashed(dbig, [(x * SS, y * SS) for x, y in link["path"]], LINK, 2 * SS, 9 * SS, 6 * SS)
    links = big.copy()
    links.putalpha(ImageChops.multiply(links.getchannel("A"),
                                       sea.resize(big.size, Image.Resampling.NEAREST)))
    big = links
    dbig = ImageDraw.Draw(big)
    extra = _extras(meta)
    if extra is not None:
        extra.draw_static_big(dbig, meta, SS)
    for tid in ids:
        p = lay["territories"][tid].get("stronghold")
        if p:
            _castle(dbig, p[0] * SS, p[1] * SS, 10 * SS)
    art.alpha_composite(big.resize((W, H), Image.Resampling.LANCZOS))

    d = ImageDraw.Draw(art)
    f = font(lay.get("label_size", 15), "condensed")
    line = lay.get("label_line", 16)
    for tid in ids:
        t = lay["territories"][tid]
        lines = t["lines"]
        x, y = t["label"]
        y0 = y - line * len(lines) / 2
        for i, s in enumerate(lines):
            d.text((x, y0 + line * (i + 0.5)), s, font=f, fill=WHITE, anchor="mm",
                   stroke_width=2, stroke_fill=INK)
    for rid, r in regions.items():
        spot = lay["regions"].get(rid)
        if spot:
            _region_tag(d, spot["label"], spot.get("lines") or [r["name"].upper()], r)
    _static_panels(art, d, meta)
    if extra is not None:
        extra.draw_static(art, d, meta)

    # --- to palette indices
    static0 = 4 * n + SWATCHES
    free = 256 - static0
    fixed = _fixed_colours() + [SEA_LINE]
    for r in regions.values():  # exact region colours: the adaptive part would merge them
        fixed += [hex_rgb(r["color"]), blend(hex_rgb(r["color"]), SEA, 0.35)]
    flat = Image.new("RGB", (W, H), INK)
    flat.paste(art.convert("RGB"), (0, 0), art.getchannel("A").point(
        _lut(lambda v: 255 if v >= 224 else 0)))
    adaptive = flat.reduce(2).quantize(free - len(fixed), method=Image.Quantize.MEDIANCUT,
                                       dither=Image.Dither.NONE)
    apal = adaptive.getpalette()[: 3 * (free - len(fixed))]
    static_cols = fixed + [tuple(apal[i:i + 3]) for i in range(0, len(apal), 3)]
    while len(static_cols) < free:
        static_cols.append(INK)
    spal = Image.new("P", (1, 1))
    spal.putpalette([c for col in static_cols for c in col])
    under = T.point(_lut(lambda v: v - 1 if v else static0 + 7))  # 7 = SEA in fixed
    base = _to_indices(art, under, n, spal, static0)

    palette = [0] * (3 * static0) + [c for col in static_cols for c in col]
    return MapArt(meta=meta, ids=ids, num=num, region_of=region_of, size=(W, H), base=base,
                  palette=palette, static0=static0)


def _static_panels(img: Image.Image, d: ImageDraw.ImageDraw, meta: dict[str, Any]) -> None:
    """Panel backgrounds, the title, the region bonuses and the symbol key."""
    lay = meta["layout"]
    for box in lay.get("panels", {}).values():
        d.rounded_rectangle(tuple(box), radius=12, fill=PAPER, outline=INK, width=3)
    box = lay.get("panels", {}).get("title")
    if not box:
        return
    x0, y0, x1, y1 = box
    title = lay.get("title") or [meta.get("name", "")]
    d.text((x0 + 14, y0 + 10), title[0], font=font(30, "bold"), fill=INK)
    if len(title) > 1:
        d.text((x0 + 16 + font(30, "bold").getlength(title[0]) + 10, y0 + 20), title[1],
               font=font(18, "bold"), fill=RED)
    d.line((x0 + 12, y0 + 52, x1 - 12, y0 + 52), fill=INK, width=2)
    # region bonuses
    regions = meta["regions"]
    count = {r["id"]: 0 for r in regions}
    for t in meta["territories"]:
        count[t["region"]] += 1
    y = y1 - 26 * len(regions) - 150
    d.text((x0 + 14, y), "REGIONS", font=font(16, "bold"), fill=INK)
    d.text((x1 - 14, y + 2), "terr. · bonus", font=font(13, "regular"), fill=INK, anchor="ra")
    y += 26
    for r in regions:
        d.rounded_rectangle((x0 + 14, y + 2, x0 + 32, y + 20), radius=4,
                            fill=hex_rgb(r["color"]), outline=INK, width=2)
        d.text((x0 + 42, y), r["name"], font=font(16, "regular"), fill=INK)
        d.text((x1 - 60, y), str(count[r["id"]]), font=font(16, "regular"), fill=INK,
               anchor="ra")
        d.text((x1 - 14, y), f"+{r['bonus']}", font=font(16, "bold"), fill=INK, anchor="ra")
        y += 26
    # key
    y += 10
    d.line((x0 + 12, y, x1 - 12, y), fill=INK, width=1)
    y += 10
    fk = font(14, "regular")
    big = Image.new("RGBA", (40 * SS, 24 * SS), (0, 0, 0, 0))
    _castle(ImageDraw.Draw(big), 20 * SS, 12 * SS, 9 * SS)
    icon = big.resize((40, 24), Image.Resampling.LANCZOS)
    img.alpha_composite(icon, (x0 + 8, y))
    d.text((x0 + 50, y + 4), "stronghold: defender +1 on best die", font=fk, fill=INK)
    y += 28
    _dashed(d, [(x0 + 14, y + 10), (x0 + 44, y + 10)], LINK, 2, 9, 6)
    d.text((x0 + 50, y + 2), "sea link", font=fk, fill=INK)


def _extras(meta: dict[str, Any]):
    """The game's own decorations (the Crown's route for Peaky Blinders), if any."""
    if meta.get("crown_route"):
        from renderers import peaky_blinders

        return peaky_blinders
    return None


def _dashed(d: ImageDraw.ImageDraw, pts: list[tuple[float, float]], col: RGB, width: int,
            dash: float, gap: float) -> None:
    on, left = True, dash
    for (x0, y0), (x1, y1) in zip(pts, pts[1:], strict=False):
        seg = math.hypot(x1 - x0, y1 - y0)
        pos = 0.0
        while pos < seg:
            step = min(left, seg - pos)
            if on:
                a, b = pos / seg, (pos + step) / seg
                d.line([(x0 + (x1 - x0) * a, y0 + (y1 - y0) * a),
                        (x0 + (x1 - x0) * b, y0 + (y1 - y0) * b)], fill=col, width=width)
            pos += step
            left -= step
            if left <= 0:
                on = not on
                left = dash if on else gap


def _castle(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    """A stronghold: a small keep with battlements, stone with an ink outline."""
    w = r * 0.12
    x0, x1 = cx - r * 0.85, cx + r * 0.85
    y0, y1 = cy - r * 0.55, cy + r * 0.85
    body = [(x0, y1), (x0, y0 - r * 0.35), (x0 + r * 0.4, y0 - r * 0.35), (x0 + r * 0.4, y0),
            (cx - r * 0.2, y0), (cx - r * 0.2, y0 - r * 0.35), (cx + r * 0.2, y0 - r * 0.35),
            (cx + r * 0.2, y0), (x1 - r * 0.4, y0), (x1 - r * 0.4, y0 - r * 0.35),
            (x1, y0 - r * 0.35), (x1, y1)]
    d.polygon(body, fill=INK)
    inset = [(x + (w if x < cx else -w), y + (w if y < cy else -w)) for x, y in body]
    d.polygon(inset, fill=STONE)
    d.rounded_rectangle((cx - r * 0.22, cy + r * 0.2, cx + r * 0.22, y1 - w), radius=r * 0.2,
                        fill=INK)


def _region_tag(d: ImageDraw.ImageDraw, p: list[int], lines: list[str],
                region: dict[str, Any]) -> None:
    """Region name and bonus: a tag in the region's colour, bonus in a white disc."""
    f = font(17, "bold")
    w = max(f.getlength(s) for s in lines)
    x, y = p
    h = 22 * len(lines)
    col = hex_rgb(region["color"])
    d.rounded_rectangle((x - w / 2 - 9, y - h / 2 - 4, x + w / 2 + 42, y + h / 2 + 4), radius=7,
                        fill=col, outline=INK, width=2)
    for i, s in enumerate(lines):
        d.text((x, y - h / 2 + 11 + 22 * i), s, font=f, fill=WHITE, anchor="mm")
    cx = x + w / 2 + 20
    d.ellipse((cx - 15, y - 15, cx + 15, y + 15), fill=WHITE, outline=INK, width=2)
    d.text((cx, y), f"+{region['bonus']}", font=font(16, "bold"), fill=INK, anchor="mm")


# --------------------------------------------------------------------------- sprites


def _sprite(art: MapArt, rgba: Image.Image, xy: tuple[int, int], fill_index: int
            ) -> tuple[Image.Image, Image.Image, tuple[int, int]]:
    """An RGBA icon as (indices, mask, top-left), its edge blended with one territory."""
    spal = Image.new("P", (1, 1))
    spal.putpalette(art.palette[3 * art.static0:])
    under = Image.new("L", rgba.size, fill_index)
    idx = _to_indices(rgba, under, art.n, spal, art.static0)
    mask = _levels(rgba.getchannel("A")).point(_lut(lambda v: 255 if v else 0))
    return idx, mask, xy


def _badge_rgba(text: str, r: int) -> Image.Image:
    f = font(19 if len(text) < 3 else 17, "bold")
    tw = f.getlength(text)
    w = max(2 * r, int(tw) + 14)
    s = 4
    im = Image.new("RGBA", ((w + 2) * s, (2 * r + 2) * s), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    d.rounded_rectangle((s, s, (w + 1) * s, (2 * r + 1) * s), radius=r * s, fill=INK)
    d.rounded_rectangle((3 * s, 3 * s, (w - 1) * s, (2 * r - 1) * s), radius=(r - 2) * s,
                        fill=WHITE)
    im = im.resize((w + 2, 2 * r + 2), Image.Resampling.LANCZOS)
    d = ImageDraw.Draw(im)
    d.text(((w + 2) / 2, r + 1.5), text, font=f, fill=INK, anchor="mm")
    return im


def badge(art: MapArt, i: int, count: int):
    text = str(count)
    key = (i, text)
    hit = art.badges.get(key)
    if hit is None:
        r = art.layout.get("badge_radius", 15)
        im = _badge_rgba(text, r)
        x, y = art.layout["territories"][art.ids[i]]["badge"]
        hit = art.badges[key] = _sprite(art, im, (x - im.width // 2, y - im.height // 2), i)
    return hit


# --------------------------------------------------------------------------- dynamic layer


def _palette(art: MapArt, view: dict[str, Any]) -> tuple[list[int], dict[str, int]]:
    pal = list(art.palette)
    n = art.n
    factions = view.get("factions") or {}
    colour = {k: hex_rgb(f.get("color") or "#999999") for k, f in factions.items()}
    regions = {r["id"]: hex_rgb(r["color"]) for r in art.meta["regions"]}
    terr = view.get("territories") or {}
    for i, tid in enumerate(art.ids):
        owner = (terr.get(tid) or {}).get("owner")
        c = colour.get(owner) if owner is not None else None
        if c is None:
            c = blend(regions[art.region_of[i]], WHITE, UNOWNED_MIX)
        for k in range(4):
            cc = blend(c, INK, k / 4)
            pal[3 * (k * n + i): 3 * (k * n + i) + 3] = cc
    swatch = {}
    for j, key in enumerate(list(factions)[:SWATCHES]):
        pal[3 * (4 * n + j): 3 * (4 * n + j) + 3] = colour[key]
        swatch[key] = 4 * n + j
    return pal, swatch


def _stamp_rgb(canvas: Image.Image, pal_img: Image.Image, box: tuple[int, int, int, int],
               draw_fn) -> None:
    """Draw anti-aliased RGB art over a box of the canvas, in the current palette."""
    crop = canvas.crop(box)
    crop.putpalette(pal_img.getpalette())
    rgb = crop.convert("RGB")
    draw_fn(rgb, ImageDraw.Draw(rgb))
    q = rgb.quantize(palette=pal_img, dither=Image.Dither.NONE)
    canvas.paste(Image.frombytes("L", q.size, q.tobytes()), box[:2])


def _arrow(canvas: Image.Image, pal_img: Image.Image, a: list[int], b: list[int]) -> None:
    ax, ay = a
    bx, by = b
    L = math.hypot(bx - ax, by - ay)
    if L < 1:
        return
    ux, uy = (bx - ax) / L, (by - ay) / L
    ax, ay = ax + ux * 18, ay + uy * 18  # start and stop outside the badges
    bx, by = bx - ux * 20, by - uy * 20
    L = math.hypot(bx - ax, by - ay)
    if L < 8:
        return
    head = min(18.0, L * 0.6)
    nx, ny = -uy, ux
    shaft = [(ax + nx * 3.5, ay + ny * 3.5), (bx - ux * head + nx * 3.5, by - uy * head + ny * 3.5),
             (bx - ux * head + nx * 10, by - uy * head + ny * 10), (bx, by),
             (bx - ux * head - nx * 10, by - uy * head - ny * 10),
             (bx - ux * head - nx * 3.5, by - uy * head - ny * 3.5), (ax - nx * 3.5, ay - ny * 3.5)]
    x0 = int(min(p[0] for p in shaft)) - 6
    y0 = int(min(p[1] for p in shaft)) - 6
    x1 = int(max(p[0] for p in shaft)) + 7
    y1 = int(max(p[1] for p in shaft)) + 7
    W, H = canvas.size
    box = (max(0, x0), max(0, y0), min(W, x1), min(H, y1))

    def draw(rgb: Image.Image, _d: ImageDraw.ImageDraw) -> None:
        s = 4
        m = Image.new("RGBA", (rgb.width * s, rgb.height * s), (0, 0, 0, 0))
        dm = ImageDraw.Draw(m)
        pts = [((x - box[0]) * s, (y - box[1]) * s) for x, y in shaft]
        dm.polygon(pts, fill=INK, outline=INK, width=int(3.2 * s))
        dm.polygon(pts, fill=RED)
        m = m.resize(rgb.size, Image.Resampling.LANCZOS)
        rgb.paste(m, (0, 0), m)

    _stamp_rgb(canvas, pal_img, box, draw)


def _name(view: dict[str, Any], seat: str | None) -> str:
    if seat is None:
        return ""
    labels = view.get("labels") or {}
    return clean_text(labels.get(seat) or seat) or str(seat)


def _panel_title(art: MapArt, view: dict[str, Any], rgb: Image.Image, d: ImageDraw.ImageDraw,
                 box: tuple[int, int, int, int]) -> None:
    """Turn, phase, who is to play, or who won: the first thing a player looks for."""
    w = box[2] - box[0]
    factions = view.get("factions") or {}
    y = 6
    phase = view.get("phase") or ""
    turn = view.get("turn")
    line = PHASES.get(phase, str(phase).title())
    if turn is not None:
        line = f"Turn {turn} · {line}"
    d.text((14, y), fit_text(line, font(24, "bold"), w - 28), font=font(24, "bold"), fill=INK)
    y += 36
    winners = view.get("winners")
    if winners is not None:
        d.rounded_rectangle((8, y - 4, w - 8, y + 104), radius=8, fill=GOLD, outline=INK, width=2)
        if winners:
            d.text((18, y + 2), "WINNER" if len(winners) == 1 else "WINNERS",
                   font=font(18, "bold"), fill=INK)
            # every winner, however many tie: rows shrink to fit the box
            row = min(26, 76 // len(winners))
            fw = font(max(11, min(20, row - 4)), "bold")
            for k, seat in enumerate(winners):
                fk = _faction_of(factions, seat)
                gang = factions.get(fk, {}).get("name", "") if fk else ""
                text = _name(view, seat) + (f" · {gang}" if gang else "")
                d.text((18, y + 26 + k * row), fit_text(text, fw, w - 40), font=fw, fill=INK)
        else:
            d.text((18, y + 4), "NOBODY WINS", font=font(20, "bold"), fill=INK)
            d.text((18, y + 32), "The Crown took the", font=font(16, "regular"), fill=INK)
            d.text((18, y + 52), "Garrison Tavern.", font=font(16, "regular"), fill=INK)
        return
    cur = view.get("current")
    if cur is not None:
        fk = _faction_of(factions, cur)
        col = hex_rgb(factions[fk]["color"]) if fk else INK
        d.polygon([(14, y + 2), (30, y + 12), (14, y + 22)], fill=col, outline=INK, width=2)
        d.text((38, y), fit_text(_name(view, cur), font(22, "bold"), w - 52),
               font=font(22, "bold"), fill=INK)
        if fk:
            d.text((38, y + 28), fit_text(factions[fk].get("name", ""), font(17, "regular"),
                                          w - 52), font=font(17, "regular"), fill=INK)


def _faction_of(factions: dict[str, Any], seat: str) -> str | None:
    if seat in factions:
        return seat
    for k, f in factions.items():
        if f.get("player") == seat:
            return k
    return None


def _panel_legend(art: MapArt, view: dict[str, Any], rgb: Image.Image, d: ImageDraw.ImageDraw,
                  box: tuple[int, int, int, int], swatch: dict[str, int],
                  pal: list[int]) -> None:
    w, h = box[2] - box[0], box[3] - box[1]
    factions = view.get("factions") or {}
    terr = view.get("territories") or {}
    held: dict[str, int] = {}
    men: dict[str, int] = {}
    for t in terr.values():
        o = t.get("owner")
        if o is None:
            continue
        held[o] = held.get(o, 0) + 1
        men[o] = men.get(o, 0) + int(t.get("troops") or 0)
    out = set(view.get("eliminated") or [])
    cur = view.get("current")
    keys = list(factions)[:SWATCHES]
    d.text((14, 10), "GANGS", font=font(17, "bold"), fill=INK)
    d.text((w - 14, 12), "terr. · men", font=font(14, "regular"), fill=INK, anchor="ra")
    row = min(96, (h - 40) // max(1, len(keys)))
    fb, fr = font(19, "bold"), font(16, "regular")
    for j, key in enumerate(keys):
        f = factions[key]
        y = 38 + j * row
        col = tuple(pal[3 * swatch[key]: 3 * swatch[key] + 3])
        seat = f.get("player")
        is_cur = cur is not None and (seat == cur or key == cur)
        if is_cur:
            d.rounded_rectangle((4, y - 4, w - 4, y + row - 10), radius=8, fill=WHITE,
                                outline=INK, width=2)
        d.rounded_rectangle((12, y + 2, 44, y + 34), radius=6, fill=col, outline=INK, width=2)
        gone = key in out or (seat is not None and seat in out)
        name = clean_text(f.get("name") or key)
        d.text((54, y), fit_text(name, fb, w - 124), font=fb, fill=INK)
        who = _name(view, seat) if seat else "neutral"
        if gone:
            who += " · out"
        d.text((54, y + 25), fit_text(who, fr, w - 124), font=fr, fill=INK)
        d.text((w - 14, y + 1), str(held.get(key, 0)), font=font(22, "bold"), fill=INK,
               anchor="ra")
        d.text((w - 14, y + 28), f"{men.get(key, 0)} men", font=font(14, "regular"), fill=INK,
               anchor="ra")
        if gone:
            d.line((54, y + 12, 54 + fb.getlength(fit_text(name, fb, w - 124)), y + 12),
                   fill=INK, width=2)


def render_map(view: dict[str, Any]) -> bytes:
    """The board for ``view`` as PNG bytes (see the module docstring)."""
    art = map_art(view.get("map") or view.get("game"))
    lay = art.layout
    pal, swatch = _palette(art, view)
    pal_img = Image.new("P", (1, 1))
    pal_img.putpalette(pal)
    canvas = art.base.copy()
    terr = view.get("territories") or {}
    for tid, t in terr.items():
        i = art.num.get(tid)
        if i is None:
            continue
        idx, mask, xy = badge(art, i, int(t.get("troops") or 0))
        canvas.paste(idx, xy, mask)
    hl = view.get("highlight")
    if hl and hl.get("from") in art.num and hl.get("to") in art.num:
        _arrow(canvas, pal_img, lay["territories"][hl["from"]]["badge"],
               lay["territories"][hl["to"]]["badge"])
    extra = _extras(art.meta)
    if extra is not None:
        extra.draw_dynamic(art, view, canvas, pal_img)
    panels = lay.get("panels", {})
    if "title" in panels:  # only the part under the static heading changes
        x0, y0, x1, _y1 = panels["title"]
        box = (x0 + 4, y0 + 56, x1 - 4, y0 + 56 + 150)
        _stamp_rgb(canvas, pal_img, box, lambda rgb, d: _panel_title(art, view, rgb, d, box))
    if "legend" in panels:
        box = tuple(panels["legend"])
        _stamp_rgb(canvas, pal_img, box,
                   lambda rgb, d: _panel_legend(art, view, rgb, d, box, swatch, pal))
    canvas.putpalette(pal)
    buf = io.BytesIO()
    canvas.save(buf, "PNG", compress_level=1)
    return buf.getvalue()
