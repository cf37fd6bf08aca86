"""The static layer of a territory map: everything that does not change during a game.

Why it is built this way: a board of ~1.7 megapixels must be drawn and encoded in a few
tens of ms after every turn. Encoding an RGB PNG of that size alone costs ~30 ms, an 8-bit
palette PNG ~3 ms, so the picture is composed directly as palette indices:

- entries ``[0, N)`` are the N territory fills, ``[N, 4N)`` the same fills under 25 / 50 /
  75 % of the ink colour (the anti-aliased edge of every line, name, badge and icon that
  lies on a territory), ``[4N, 4N+8)`` the factions' colours, and the rest fixed colours
  of the static art (sea, coasts, text ramps, gold, icons);
- every line drawn over land has an ink outer edge (text stroke, outlined icons), which is
  what makes the "fill under ink" entries exact whatever the owner's colour.

The static layer is made of two parts:

1. the *art* (sea, coasts, territory and region borders, sea links, the edition's own art
   such as a route and its stops, leader lines, panel backgrounds): the costly part (rank filters and
   blurs over the whole picture, ~1 s), the same in every language. It is built once, at
   build time, by ``data/<map>/build_map.py`` into ``data/<map>/board_art.png`` (RGBA,
   ~300 KB), with a fingerprint of its sources; if the file is missing or stale it is
   rebuilt in memory (and a warning logged);
2. the *words* (names, region tags, panel headings and key) in the board's language,
   drawn over it in ~0.1 s, then converted to palette indices.

``static(map_id, lang, deco)`` returns both composed, cached per (map, language, edition's
decoration); ``warm()`` builds them at start-up so that the first picture of a game costs
what later ones cost.
"""

from __future__ import annotations

import hashlib
import io
import json
import logging
import threading
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from PIL import Image, ImageChops, ImageDraw, ImageFilter, PngImagePlugin

from renderers.kit import INK, WHITE, blend, disk, font
from renderers.kit.layer import diff_patches, patched_copy, patched_crop, same_pixels
from renderers.kit.lut import Lut, lut
from renderers.risk_map import panels as map_panels
from renderers.risk_map.decoration import Decoration
from renderers.risk_map.kit import (
    GOLD,
    GOLD_DARK,
    LINK,
    PAPER,
    RED,
    SEA,
    SEA_DEEP,
    SEA_LINE,
    STONE,
    UNOWNED,
    dashed,
    region_name,
    territory_name,
)

log = logging.getLogger(__name__)

DATA_DIR = Path(__file__).resolve().parents[2] / "data"
ART_FILE = "board_art.png"
ART_VERSION = "3"  # bump when the art's drawing changes: the stored file is then stale

RGB = tuple[int, int, int]
SWATCHES = 8
BORDER_ALPHA = 170  # territory borders: ink at 2/3 (region borders and coasts: full ink)


# --------------------------------------------------------------------------- data


def load_map(map_id: str) -> dict[str, Any]:
    with open(DATA_DIR / map_id / "map.json", encoding="utf-8") as fh:
        return json.load(fh)


def load_layout(map_id: str) -> dict[str, Any]:
    """Where the renderer draws (``layout.json``, made by the map's build script)."""
    with open(DATA_DIR / map_id / "layout.json", encoding="utf-8") as fh:
        return json.load(fh)


def index_image(map_id: str, meta: dict[str, Any] | None = None) -> Image.Image:
    """The territory index raster as "L": 0 = sea, i + 1 = the i-th territory."""
    meta = meta or load_map(map_id)
    with Image.open(DATA_DIR / map_id / meta["layout"]["index_image"]) as im:
        im.load()
        return Image.frombytes("L", im.size, im.tobytes())


def _lut(fn) -> Lut:
    return lut(fn)


def _edges(img: Image.Image, size: int) -> Image.Image:
    """255 where a size×size window holds more than one value."""
    d = ImageChops.difference(img.filter(ImageFilter.MaxFilter(size)),
                              img.filter(ImageFilter.MinFilter(size)))
    return d.point(_lut(lambda v: 255 if v else 0))


def _soft(mask: Image.Image, radius: float = 0.7, gain: float = 1.6) -> Image.Image:
    return mask.filter(ImageFilter.GaussianBlur(radius)).point(_lut(lambda v: v * gain))


# --------------------------------------------------------------------------- the art


def fingerprint(map_id: str) -> str:
    """What the stored art was made from: the raster, the layout and ``ART_VERSION``."""
    h = hashlib.sha256(ART_VERSION.encode())
    for name in (load_map(map_id)["layout"]["index_image"], "layout.json"):
        h.update((DATA_DIR / map_id / name).read_bytes())
    return h.hexdigest()[:16]


def draw_art(map_id: str, deco: Decoration) -> Image.Image:
    """The language-free static art as RGBA; territory interiors stay transparent."""
    meta = load_map(map_id)
    lay = load_layout(map_id)
    ids = [t["id"] for t in meta["territories"]]
    n = len(ids)
    region_of = [t["region"] for t in meta["territories"]]
    rnum = {r["id"]: i + 1 for i, r in enumerate(meta["regions"])}
    T = index_image(map_id, meta)
    W, H = T.size
    land = T.point(_lut(lambda v: 255 if v else 0))
    sea = ImageChops.invert(land)
    R = T.point([0] + [rnum[region_of[i]] for i in range(n)] + [0] * (255 - n))

    # sea, water lines, a neutral shallow band along every coast
    art = Image.new("RGBA", (W, H), SEA + (255,))
    far = land.filter(ImageFilter.GaussianBlur(14))
    for lo, hi in ((70, 84), (26, 34)):
        art.paste(SEA_LINE + (255,), (0, 0), far.point(_lut(lambda v, lo=lo, hi=hi:
                                                             255 if lo <= v < hi else 0)))
    band = land.filter(ImageFilter.GaussianBlur(4)).point(_lut(lambda v: 255 if v > 10 else 0))
    art.paste(SEA_DEEP + (255,), (0, 0), band)
    art.paste((0, 0, 0, 0), (0, 0), land)

    # ink: territory borders (thin, softer), region borders (thick), the coast
    t_edges = ImageChops.multiply(_edges(T, 3), land.filter(ImageFilter.MaxFilter(3)))
    Rs = R.point(_lut(lambda v: v if v else 255))
    r_edges = ImageChops.multiply(
        ImageChops.difference(R.filter(ImageFilter.MaxFilter(7)), Rs.filter(
            ImageFilter.MinFilter(7))).point(_lut(lambda v: 255 if 0 < v < 200 else 0)),
        land)
    coast = ImageChops.multiply(_edges(land, 3), land.filter(ImageFilter.MaxFilter(3)))
    thin = _soft(t_edges, 0.6).point(_lut(lambda v: v * BORDER_ALPHA / 255))
    ink = ImageChops.lighter(thin, _soft(r_edges, 0.8, 2.0))
    ink = ImageChops.lighter(ink, _soft(coast, 0.7))
    art.paste(INK + (255,), (0, 0), ink)

    # drawn at 2×: sea links (over the sea only), the edition's art, leader lines, panels
    big = Image.new("RGBA", (W * 2, H * 2), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    for link in lay.get("sea_links", []):
        dashed(d, [(x * 2, y * 2) for x, y in link["path"]], LINK, 5, 18, 12)
    big.putalpha(ImageChops.multiply(big.getchannel("A"),
                                     sea.resize(big.size, Image.Resampling.NEAREST)))
    d = ImageDraw.Draw(big)
    deco.draw_art(d, lay, 2)
    for spot in lay["territories"].values():
        if spot.get("leader"):
            x0, y0, x1, y1 = spot["leader"]
            if x1 - x0 > y1 - y0:
                d.line((x0 * 2, (y0 + y1), x1 * 2, (y0 + y1)), fill=INK, width=5)
            else:
                d.line(((x0 + x1), y0 * 2, (x0 + x1), y1 * 2), fill=INK, width=5)
    for box in lay.get("panels", {}).values():
        d.rounded_rectangle(tuple(v * 2 for v in box), radius=24, fill=PAPER, outline=INK,
                            width=6)
    art.alpha_composite(big.resize((W, H), Image.Resampling.LANCZOS))
    return art


def write_art(map_id: str, deco: Decoration) -> Path:
    """Draw the art and store it beside the map with its fingerprint (the build does it)."""
    art = draw_art(map_id, deco)
    info = PngImagePlugin.PngInfo()
    info.add_text("source", fingerprint(map_id))
    path = DATA_DIR / map_id / ART_FILE
    art.save(path, "PNG", pnginfo=info, optimize=True)
    return path


def load_art(map_id: str, deco: Decoration) -> Image.Image:
    """The stored art if it matches its sources, else drawn now (~1 s, logged).

    The stored file is drawn with the decoration of the game the map's folder belongs to
    (``data/<game>/``, ``deco.game == map_id``); any other decoration of the same map (the
    plain one, in tests) has its art drawn in memory, never another edition's."""
    if deco.game != map_id:
        return draw_art(map_id, deco)
    path = DATA_DIR / map_id / ART_FILE
    want = fingerprint(map_id)
    try:
        with Image.open(path) as im:
            if im.text.get("source") == want and im.mode == "RGBA":
                im.load()
                return im.copy()
        log.warning("%s is stale (rebuild: data/%s/build_map.py --layout); drawing it", path,
                    map_id)
    except FileNotFoundError:
        log.warning("%s is missing (rebuild: data/%s/build_map.py --layout); drawing it", path,
                    map_id)
    return draw_art(map_id, deco)


# --------------------------------------------------------------------------- words


def label_font(size: int):
    return font(size, "condensed")


def fit_label(name: str, box: list[int], lab: dict[str, Any]) -> tuple[int, list[str]]:
    """The largest size (down to the layout's minimum) and wrap (1-3 lines) at which
    ``name`` fits its box; the smallest size, best wrap, if none does."""
    words = name.split()
    options = [[name]]
    for i in range(1, len(words)):
        options.append([" ".join(words[:i]), " ".join(words[i:])])
    for i in range(1, len(words)):
        for j in range(i + 1, len(words)):
            options.append([" ".join(words[:i]), " ".join(words[i:j]), " ".join(words[j:])])
    bw, bh = box[2] - box[0], box[3] - box[1]
    stroke = lab["stroke"]
    for size in range(lab["size"], lab["min"] - 1, -1):
        f = label_font(size)
        line = size + 1
        fits = [ls for ls in options
                if max(f.getlength(s) for s in ls) + 2 * stroke <= bw
                and line * len(ls) + 2 * stroke <= bh + 1]
        if fits:
            return size, min(fits, key=lambda ls: (len(ls), max(f.getlength(s) for s in ls)))
    f = label_font(lab["min"])
    return lab["min"], min(options, key=lambda ls: max(f.getlength(s) for s in ls) + 40 * len(ls))


def draw_label(d: ImageDraw.ImageDraw, box: list[int], size: int, lines: list[str],
               stroke: int) -> None:
    f = label_font(size)
    line = size + 1
    cx = (box[0] + box[2]) / 2
    y0 = (box[1] + box[3]) / 2 - line * len(lines) / 2
    for i, s in enumerate(lines):
        d.text((cx, y0 + line * (i + 0.5)), s, font=f, fill=WHITE, anchor="mm",
               stroke_width=stroke, stroke_fill=INK)


def draw_region_tag(d: ImageDraw.ImageDraw, box: list[int], name: str, bonus: int,
                    tag: dict[str, Any]) -> None:
    """A region's name and bonus in the sea beside it: ink on paper, never a faction's colour."""
    x0, y0, x1, y1 = box
    disc = tag["bonus"]
    room = x1 - x0 - disc - 22
    words = name.upper().split()
    options = [[" ".join(words)]] + [[" ".join(words[:i]), " ".join(words[i:])]
                                     for i in range(1, len(words))]
    size, lines = tag["font"], options[0]
    for size in range(tag["font"], 13, -1):
        f = font(size, "bold")
        fits = [ls for ls in options if max(f.getlength(s) for s in ls) <= room
                and (size + 2) * len(ls) <= y1 - y0 - 6]
        if fits:
            lines = min(fits, key=len)
            break
    f = font(size, "bold")
    d.rounded_rectangle(box, radius=9, fill=PAPER, outline=INK, width=3)
    cy = (y0 + y1) / 2
    tx = x0 + 10 + room / 2
    for i, s in enumerate(lines):
        d.text((tx, cy + (i - (len(lines) - 1) / 2) * (size + 2)), s, font=f, fill=INK,
               anchor="mm")
    cx = x1 - 6 - disc / 2
    d.ellipse((cx - disc / 2, cy - disc / 2, cx + disc / 2, cy + disc / 2), fill=INK)
    d.text((cx, cy + 1), f"+{bonus}", font=font(18 if bonus < 10 else 15, "bold"), fill=WHITE,
           anchor="mm")


# --------------------------------------------------------------------------- composed


@dataclass
class MapArt:
    """One map in one language, ready to compose: the static layer as palette indices."""

    meta: dict[str, Any]
    lay: dict[str, Any]
    lang: str
    deco: Decoration
    ids: list[str]
    num: dict[str, int]  # territory id → 0-based position (= fill palette entry)
    region_of: list[str]
    size: tuple[int, int]
    layer: Image.Image | None  # "L" image of palette indices (None: ``ref`` + ``patches``)
    palette: list[int]  # 768 ints; fills/blends/swatches are overwritten per call
    static0: int
    # tid → the name's box, its mask and place (pasted again from ``base`` over the arrow)
    labels: dict[str, tuple[tuple[int, int, int, int], Image.Image, tuple[int, int]]]
    label_fit: dict[str, tuple[int, list[str]]]  # tid → (size, lines) as drawn
    region_boxes: dict[str, tuple[int, int, int, int]]  # land + blocks of each region
    luts: list[Lut] = field(default_factory=list)  # generic sprite → territory i
    sprites: dict[Any, Any] = field(default_factory=dict)
    # another language's layer of the same map and the boxes where this one differs from it
    # (the words): ~1 MB kept instead of ~2 per language past the first (memory, issue 12)
    ref: Image.Image | None = None
    patches: tuple[tuple[tuple[int, int, int, int], Image.Image], ...] = ()

    @property
    def n(self) -> int:
        return len(self.ids)

    @property
    def base(self) -> Image.Image:
        """The static layer as palette indices (a new image when kept as patches)."""
        return self.layer if self.layer is not None else self.fresh()

    def fresh(self) -> Image.Image:
        """A copy of the static layer, to draw a board on."""
        if self.layer is not None:
            return self.layer.copy()
        assert self.ref is not None
        return patched_copy(self.ref, self.patches)

    def crop(self, box: tuple[int, int, int, int]) -> Image.Image:
        """The static layer's part ``box``."""
        if self.layer is not None:
            return self.layer.crop(box)
        assert self.ref is not None
        return patched_crop(self.ref, self.patches, box)

    def share(self, ref: Image.Image) -> None:
        """Keep the layer as ``ref`` (another language's) and the boxes where it differs
        (:mod:`renderers.kit.layer`: pasted back, the very same pixels)."""
        patches = diff_patches(ref, self.base)
        if patches is not None:
            self.patches, self.ref, self.layer = patches, ref, None


def fixed_colours(extra: tuple[RGB, ...] = ()) -> list[RGB]:
    """Colours the dynamic layer needs whatever the static art quantised to; ``extra``:
    the edition's (``Decoration.colours``)."""
    out: list[RGB] = [INK, WHITE, PAPER, GOLD, GOLD_DARK, STONE, RED, SEA, LINK, UNOWNED,
                      SEA_LINE, SEA_DEEP, *extra]
    for k in range(1, 7):
        out.append(blend(INK, WHITE, k / 7))
        out.append(blend(INK, PAPER, k / 7))
    for k in range(1, 4):
        out.append(blend(GOLD, INK, k / 4))
        out.append(blend(RED, INK, k / 4))
        out.append(blend(GOLD, WHITE, k / 4))
        out.append(blend(STONE, INK, k / 4))
    return out


SEA_ENTRY = 7  # SEA's place in fixed_colours()


@lru_cache(maxsize=4)
def fixed_palette(extra: tuple[RGB, ...] = ()) -> Image.Image:
    """A palette of the fixed colours alone (sprites drawn with it fit every static layer:
    the fixed colours open every map's static palette, whatever the language)."""
    cols = fixed_colours(extra)
    cols += [INK] * (256 - len(cols))
    pal = Image.new("P", (1, 1))
    pal.putpalette([c for col in cols for c in col])
    return pal


_LEVELS = lut(lambda a: 0 if a < 32 else 1 if a < 96 else 2 if a < 160 else 3 if a < 224 else 4)
PARTIAL = lut(lambda v: 255 if 1 <= v <= 3 else 0)
OPAQUE = lut(lambda v: 255 if v == 4 else 0)
HALF_UP = lut(lambda v: 255 if v >= 2 else 0)


def levels(alpha: Image.Image) -> Image.Image:
    """Alpha → ink level: 0 (none), 1..3 (25/50/75 %), 4 (opaque)."""
    return alpha.point(_LEVELS)


@lru_cache(maxsize=16)
def index_tables(n: int, static0: int) -> tuple[Lut, Lut, Lut]:
    """Tables of ``to_indices``: + static0 (a static palette's index → the layer's), "is a
    fill" (< n) and ink level → the fill's blend's offset (× n)."""
    return (lut(lambda v: v + static0), lut(lambda v: 255 if v < n else 0),
            lut(lambda v: v * n if 1 <= v <= 3 else 0))


def to_indices(rgba: Image.Image, under: Image.Image, n: int, static_pal: Image.Image,
               static0: int) -> Image.Image:
    """Compose an RGBA layer over territory fills, in palette indices.

    ``under`` holds indices (fills 0..n-1 or static entries). Opaque pixels take the
    nearest static colour, transparent ones keep ``under``, partly covered ones over a
    fill take that fill's ink blend (the layer's edges are ink by construction) and over a
    static colour the nearer of the two.
    """
    plus, fills, blends = index_tables(n, static0)
    lv = levels(rgba.getchannel("A"))
    q = rgba.convert("RGB").quantize(palette=static_pal, dither=Image.Dither.NONE)
    q = Image.frombytes("L", q.size, q.tobytes()).point(plus)
    out = under.copy()
    is_fill = under.point(fills)
    blended = ImageChops.add(under, lv.point(blends))
    out.paste(blended, (0, 0), ImageChops.multiply(is_fill, lv.point(PARTIAL)))
    over_static = ImageChops.multiply(ImageChops.invert(is_fill), lv.point(HALF_UP))
    out.paste(q, (0, 0), ImageChops.lighter(lv.point(OPAQUE), over_static))
    return out


_STATIC: dict[tuple[str, str, Decoration], MapArt] = {}
_LOCK = threading.Lock()  # the bot renders in worker threads: build each layer once


def art(map_id: str, deco: Decoration) -> Image.Image:
    """The map's static art (RGBA, ~7 MB in memory), loaded each time a language's layer is
    built, then let go: only the composed layers stay (memory, issue 12)."""
    return load_art(map_id, deco)


def static(map_id: str, lang: str, deco: Decoration) -> MapArt:
    """The map's static layer in ``lang`` with the edition's decoration, built once."""
    key = (map_id, lang, deco)
    hit = _STATIC.get(key)
    if hit is None:
        with _LOCK:
            hit = _STATIC.get(key)
            if hit is None:
                hit = _composed(map_id, lang, deco)
                first = next((a for (m, _l, d), a in _STATIC.items() if m == map_id and d == deco), None)
                if first is not None:
                    if first.layer is not None:  # the words differ: kept as patches over the first's
                        hit.share(first.layer)
                    elif first.ref is not None and hit.layer is not None and same_pixels(first.ref, hit.layer):
                        hit.layer = first.ref  # read back after a release: the very layer the other keeps
                    if hit.n == first.n:  # and what does not depend on the language, once
                        hit.luts = first.luts
                    if hit.meta == first.meta and hit.lay == first.lay:
                        hit.meta, hit.lay = first.meta, first.lay
                _STATIC[key] = hit
    return hit


def built(map_id: str, deco: Decoration) -> list[MapArt]:
    """The map's layers built (or read back) in this process, with this decoration."""
    with _LOCK:
        return [a for (m, _lang, d), a in _STATIC.items() if m == map_id and d == deco]


def _composed(map_id: str, lang: str, deco: Decoration) -> MapArt:
    """The layer as :func:`_compose` draws it, or as it drew it before (:mod:`renderers.kit.disk`:
    kept on disk for the edition's own decoration, keyed by its sources; the same pixels)."""
    if deco.game != map_id:  # another decoration of the map (tests): drawn
        return _compose(map_id, lang, deco, art(map_id, deco))
    name = f"map-{map_id}-{lang}"
    kept = disk.load(name)
    if isinstance(kept, MapArt) and kept.lang == lang:
        kept.deco = deco
        return kept
    hit = _compose(map_id, lang, deco, art(map_id, deco))
    if disk.directory() is not None:
        disk.store(name, replace(hit, deco=None))
    return hit


def release(map_id: str, lang: str, deco: Decoration) -> bool:
    """Let go of the map's layer in ``lang`` when it is kept on disk (memory, issue 29:
    :func:`renderers.release`): its next board reads it back, the same pixels. Whether it was
    let go."""
    if deco.game != map_id or not disk.has(f"map-{map_id}-{lang}"):
        return False
    with _LOCK:
        return _STATIC.pop((map_id, lang, deco), None) is not None


def clear() -> None:
    """Forget every built layer (tests: a rebuilt layer must give the same bytes)."""
    with _LOCK:
        _STATIC.clear()


def _compose(map_id: str, lang: str, deco: Decoration, base_art: Image.Image) -> MapArt:
    meta = load_map(map_id)
    game_id = deco.game or map_id
    lay = load_layout(map_id)
    ids = [t["id"] for t in meta["territories"]]
    n = len(ids)
    num = {tid: i for i, tid in enumerate(ids)}
    region_of = [t["region"] for t in meta["territories"]]
    T = index_image(map_id, meta)
    W, H = T.size

    img = base_art.copy()
    words = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    d = ImageDraw.Draw(words)
    fits = {}
    for tid in ids:
        spot = lay["territories"][tid]
        size, lines = fit_label(territory_name(meta, tid, lang, game_id), spot["label_box"],
                                lay["label"])
        fits[tid] = (size, lines)
        draw_label(d, spot["label_box"], size, lines, lay["label"]["stroke"])
    img.alpha_composite(words)
    d = ImageDraw.Draw(img)
    for r in meta["regions"]:
        tag = lay["regions"].get(r["id"])
        if tag:
            draw_region_tag(d, tag["box"], region_name(meta, r["id"], lang, game_id),
                            r["bonus"], lay["tag"])
    map_panels.draw_static(img, d, meta, lay, lang, deco)

    # to palette indices: fixed colours first, then what the art needs most
    static0 = 4 * n + SWATCHES
    free = 256 - static0
    fixed = fixed_colours(deco.colours)
    flat = Image.new("RGB", (W, H), INK)
    flat.paste(img.convert("RGB"), (0, 0), img.getchannel("A").point(
        _lut(lambda v: 255 if v >= 224 else 0)))
    adaptive = flat.reduce(2).quantize(free - len(fixed), method=Image.Quantize.MEDIANCUT,
                                       dither=Image.Dither.NONE)
    apal = adaptive.getpalette()[: 3 * (free - len(fixed))]
    static_cols = fixed + [tuple(apal[i:i + 3]) for i in range(0, len(apal), 3)]
    while len(static_cols) < free:
        static_cols.append(INK)
    spal = Image.new("P", (1, 1))
    spal.putpalette([c for col in static_cols for c in col])
    under = T.point(_lut(lambda v: v - 1 if v else static0 + SEA_ENTRY))
    base = to_indices(img, under, n, spal, static0)
    palette = [0] * (3 * static0) + [c for col in static_cols for c in col]

    # names as sprites, pasted again over anything drawn across them (the attack arrow)
    labels = {}
    walpha = words.getchannel("A")
    for tid in ids:
        box = tuple(lay["territories"][tid]["label_box"])
        mask = walpha.crop(box).point(_lut(lambda v: 255 if v >= 32 else 0))
        labels[tid] = (box, mask, box[:2])

    region_boxes = {}
    for r in meta["regions"]:
        bbs = []
        for i, tid in enumerate(ids):
            if region_of[i] != r["id"]:
                continue
            m = T.point(_lut(lambda v, k=i + 1: 255 if v == k else 0))
            bbs.append(m.getbbox())
            spot = lay["territories"][tid]
            bbs += [tuple(spot["badge_box"]), tuple(spot["label_box"])]
        region_boxes[r["id"]] = (min(b[0] for b in bbs), min(b[1] for b in bbs),
                                 max(b[2] for b in bbs), max(b[3] for b in bbs))
    luts = []
    for i in range(n):
        table = list(range(256))
        for k in range(4):
            table[k * n] = k * n + i
        luts.append(Lut(table))
    return MapArt(meta=meta, lay=lay, lang=lang, deco=deco, ids=ids, num=num, region_of=region_of,
                  size=(W, H), layer=base, palette=palette, static0=static0, labels=labels,
                  label_fit=fits, region_boxes=region_boxes, luts=luts)


def png(img: Image.Image) -> bytes:
    buf = io.BytesIO()
    img.save(buf, "PNG", compress_level=1)
    return buf.getvalue()
