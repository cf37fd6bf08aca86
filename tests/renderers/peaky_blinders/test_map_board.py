"""The Peaky Blinders board as a player sees it: on a phone, in French, in close-up.

Issue 6 (points 6, 8, 11, 12): the board is read at 450 px wide (Discord's preview on a
phone), so counts, owners and names have minimum sizes there; a gang is told by a symbol as
well as by a colour-blind-safe colour; nothing covers a name (checked geometrically on the
layout, and on pixels for the attack arrow); regions are drawn as regions with neutral
tags; ``view["zoom"]`` gives a close-up of each region; ``view["lang"]`` changes every word;
the static layers are built once (``renderers.warm()``) from a file made at build time.
"""

from __future__ import annotations

import copy
import io
import itertools
import json
import math
from pathlib import Path

import pytest
from PIL import Image, ImageChops

import renderers
import renderers.peaky_blinders as pb
from renderers import words as bt
from renderers.peaky_blinders import DECORATION as DECO
from renderers.peaky_blinders import render as render_map
from renderers.peaky_blinders import words as pb_words
from renderers.risk_express import words as rx_words
from renderers.risk_map import canvas as risk_map
from renderers.risk_map import kit as map_kit
from renderers.risk_map import panels as map_panels
from renderers.risk_map import static as map_static
from renderers.risk_map.canvas import load_layout, load_map

ROOT = Path(__file__).resolve().parents[3]
MAP_ID = "peaky_blinders"
PHONE = 450  # Discord's preview width on a phone


@pytest.fixture(scope="module")
def meta() -> dict:
    return load_map(MAP_ID)


@pytest.fixture(scope="module")
def lay() -> dict:
    return load_layout(MAP_ID)


def gangs() -> list[dict]:
    return json.loads((ROOT / "data" / MAP_ID / "gangs.json").read_text())["gangs"]


def view(players: int = 5, seed: int = 1, **over) -> dict:
    """A mid-game view: owners by turn round the map, counts 1..40, the Crown, an attack."""
    meta = load_map(MAP_ID)
    factions = {}
    for i, g in enumerate(gangs()):
        key = f"seat-{i}" if i < players else f"neutral:{g['id']}"
        factions[key] = {"name": g["name"], "leader": g["leader"], "color": g["color"],
                         "player": key if i < players else None, "gang": g["id"]}
    keys = list(factions)
    terr = {t["id"]: {"owner": keys[(k * 7 + seed) % len(keys)], "troops": 1 + (k * 13 + seed) % 40}
            for k, t in enumerate(meta["territories"])}
    v = {"game": MAP_ID, "map": MAP_ID, "turn": 7, "phase": "attack", "current": "seat-0",
         "labels": {f"seat-{i}": n for i, n in enumerate(["Alice", "Bob", "Chloé", "Dmitri",
                                                          "Eve"][:players])},
         "factions": factions, "territories": terr,
         "crown": {"step": 5, "steps": 24}, "eliminated": [], "winners": None,
         "highlight": {"from": "north_west_england", "to": "dumfries_and_galloway"}}
    v.update(over)
    return v


def decode(png: bytes) -> Image.Image:
    im = Image.open(io.BytesIO(png))
    im.load()
    return im


def overlap(a, b, pad: float = 0) -> bool:
    return not (a[2] + pad <= b[0] or b[2] + pad <= a[0] or a[3] + pad <= b[1]
                or b[3] + pad <= a[1])


def walk(pts, spacing):
    return map_kit.walk(pts, spacing)


# --------------------------------------------------------------------------- nothing covers a name


def test_names_do_not_overlap_each_other(lay):
    boxes = {t: s["label_box"] for t, s in lay["territories"].items()}
    for (a, ba), (b, bb) in itertools.combinations(boxes.items(), 2):
        assert not overlap(ba, bb), (a, b)


def test_no_badge_leader_tag_or_panel_on_a_name(lay):
    names = {t: s["label_box"] for t, s in lay["territories"].items()}
    for what, box in risk_map.blocked_boxes(MAP_ID):
        for tid, lb in names.items():
            if what == f"leader:{tid}":  # a name's own leader line ends at its edge
                continue
            assert not overlap(box, lb), (what, tid)


def test_badges_keep_apart_and_off_tags_and_panels(lay):
    """Badges (the Crown stands in its territory's badge, the castle and the stop are tabs
    of it) never meet each other, a region tag or a panel."""
    badges = {t: s["badge_box"] for t, s in lay["territories"].items()}
    for (a, ba), (b, bb) in itertools.combinations(badges.items(), 2):
        assert not overlap(ba, bb), (a, b)
    fixed = [r["box"] for r in lay["regions"].values()] + list(lay["panels"].values())
    for t, b in badges.items():
        assert not any(overlap(b, f) for f in fixed), t


def test_the_crowns_dotted_route_crosses_no_name(lay):
    dot = 5.5  # radius of a route dot with its ink ring
    names = [s["label_box"] for s in lay["territories"].values()]
    pts = walk(lay["crown_path"], 3)
    assert len(pts) > 100
    for x, y in pts:
        box = (x - dot, y - dot, x + dot, y + dot)
        for lb in names:
            assert not overlap(box, lb), ((x, y), lb)


def test_sea_links_cross_no_name(lay, meta):
    T = map_static.index_image(MAP_ID, meta)
    names = [s["label_box"] for s in lay["territories"].values()]
    for link in lay["sea_links"]:
        for x, y in walk(link["path"], 3):
            if T.getpixel((int(x), int(y))):  # drawn over the sea only
                continue
            box = (x - 2, y - 2, x + 2, y + 2)
            assert not any(overlap(box, lb) for lb in names), (link["a"], link["b"], x, y)


def test_route_stops_are_on_the_badges_of_the_route(lay, meta):
    route = [s["territory"] for s in meta["crown_route"]]
    stops = {t for t, s in lay["territories"].items() if s.get("stop")}
    assert stops == set(route)
    for t in route:
        x, y = lay["territories"][t]["stop"]
        b = lay["territories"][t]["badge_box"]
        assert b[0] <= x <= b[2] and b[1] <= y <= b[3]
    path = lay["crown_path"]
    first, last = lay["territories"][route[0]]["stop"], lay["territories"][route[-1]]["stop"]
    assert path[0] == first and path[-1] == last


def test_badges_sit_on_their_own_territory(lay, meta):
    T = map_static.index_image(MAP_ID, meta)
    for i, t in enumerate(meta["territories"]):
        x, y = lay["territories"][t["id"]]["badge"]
        assert T.getpixel((x, y)) == i + 1, t["id"]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_name_fits_its_box_in_each_language(lang, lay):
    art = pb.map_art(lang)
    stroke = lay["label"]["stroke"]
    for tid, (size, lines) in art.label_fit.items():
        box = lay["territories"][tid]["label_box"]
        f = map_static.label_font(size)
        assert max(f.getlength(s) for s in lines) + 2 * stroke <= box[2] - box[0] + 0.5, tid
        assert (size + 1) * len(lines) + 2 * stroke <= box[3] - box[1] + 1, tid


def test_the_attack_arrow_never_covers_a_name(lay, meta):
    """Whatever it crosses, every name's pixels are the same with the arrow as without."""
    base = view(highlight=None)
    plain = decode(render_map(base)).convert("RGB")
    art = pb.map_art()
    pairs = [(b["a"], b["b"]) for b in meta["borders"]][::9] + [
        ("liverpool", "dublin"), ("south_west_england", "south_east_ireland"),
        ("west_midlands", "small_heath"), ("north_west_england", "dumfries_and_galloway")]
    for a, b in pairs:
        shown = decode(render_map(dict(base, highlight={"from": a, "to": b}))).convert("RGB")
        diff = ImageChops.difference(plain, shown)
        assert diff.getbbox() is not None, (a, b)  # the arrow is drawn
        for tid, (_idx, mask, xy) in art.labels.items():
            box = (xy[0], xy[1], xy[0] + mask.width, xy[1] + mask.height)
            d = diff.crop(box).convert("L").point(lambda v: 255 if v else 0)
            covered = ImageChops.multiply(d, mask)
            assert covered.getbbox() is None, (a, b, tid)


# --------------------------------------------------------------------------- readable at 450 px


def test_counts_and_names_are_readable_at_phone_width(lay):
    """Font sizes once the picture is shown 450 px wide: counts at least 9 px (three digits
    8 px), symbols 8 px, every English name 7 px (French may shrink a long one to 6)."""
    scale = PHONE / lay["size"][0]
    assert map_kit.BADGE_FONT * scale >= 9
    assert map_kit.BADGE_FONT_3 * scale >= 7.8
    assert map_kit.SYMBOL * scale >= 8
    assert lay["badge"]["h"] * scale >= 12
    for lang, least in (("en", 7.0), ("fr", 6.0)):
        art = pb.map_art(lang)
        for tid, (size, _lines) in art.label_fit.items():
            assert size * scale >= least, (lang, tid, size)


def test_a_symbol_per_gang_and_a_colour_blind_safe_palette():
    v = view()
    style = map_panels.styles(v, DECO)
    assert len({s for _c, s in style.values()}) == 5
    assert len({c for c, _s in style.values()}) == 5
    cols = [c for c, _s in style.values()]
    sea = map_kit.SEA
    worst = min(cvd_distance(a, b) for a, b in itertools.combinations(cols, 2))
    assert worst >= 20, worst  # the Okabe-Ito five we had: 17 (orange/vermillion, green/pink)
    assert min(cvd_distance(c, sea) for c in cols) >= 20


def test_each_badge_shows_its_owners_symbol_in_the_owners_colour(lay):
    """At the centre of every badge's symbol: the owner's colour; the badge of a territory
    looks different for each owner's symbol (not only its colour)."""
    v = view()
    im = decode(render_map(v)).convert("RGB")
    style = map_panels.styles(v, DECO)
    for tid, spot in lay["territories"].items():
        b = spot["badge_box"]
        g = map_kit.badge_geometry(b[2] - b[0], b[3] - b[1], bool(spot.get("stop")),
                                   bool(spot.get("stronghold")))
        owner = v["territories"][tid]["owner"]
        px = im.getpixel((int(b[0] + g["symbol"]), int((b[1] + b[3]) / 2)))
        assert px == style[owner][0], (tid, px, style[owner][0])
    # same territory, same count, two owners: the badge's ink differs, not just the fill
    tid = "london"
    b = lay["territories"][tid]["badge_box"]
    a = copy.deepcopy(v)
    c = copy.deepcopy(v)
    a["territories"][tid] = {"owner": "seat-0", "troops": 5}
    c["territories"][tid] = {"owner": "seat-3", "troops": 5}
    ia = decode(render_map(a)).convert("L").crop(tuple(b)).point(lambda x: 255 if x < 60 else 0)
    ic = decode(render_map(c)).convert("L").crop(tuple(b)).point(lambda x: 255 if x < 60 else 0)
    assert ImageChops.difference(ia, ic).getbbox() is not None


def test_the_crown_stands_in_its_territorys_badge(lay, meta):
    route = meta["crown_route"]
    for step in (0, 11, 23):
        v = view(crown={"step": step, "steps": 24}, highlight=None)
        w = view(crown={"step": (step + 1) % 24, "steps": 24}, highlight=None)
        a = decode(render_map(v)).convert("RGB")
        b = decode(render_map(w)).convert("RGB")
        diff = ImageChops.difference(a, b)
        map_box = (0, 0, lay["size"][0], lay["panels"]["crown"][1])
        changed = diff.crop(map_box).getbbox()
        assert changed is not None
        here = lay["territories"][route[step]["territory"]]["badge_box"]
        there = lay["territories"][route[(step + 1) % 24]["territory"]]["badge_box"]
        union = (min(here[0], there[0]), min(here[1], there[1]), max(here[2], there[2]),
                 max(here[3], there[3]))
        assert union[0] <= changed[0] and union[1] <= changed[1]
        assert changed[2] <= union[2] and changed[3] <= union[3]


# --------------------------------------------------------------------------- regions


def test_region_tags_are_neutral(lay, meta):
    """Region tags are ink on paper: no gang colour, no region colour in them."""
    v = view()
    im = decode(render_map(v)).convert("RGB")
    banned = {c for c, _s in map_panels.styles(v, DECO).values()}
    banned |= {tuple(int(r["color"][k:k + 2], 16) for k in (1, 3, 5)) for r in meta["regions"]}
    for rid, tag in lay["regions"].items():
        colours = {c for _n, c in im.crop(tuple(tag["box"])).getcolors(1 << 16)}
        assert not colours & banned, rid
        # and the tag is there: dark ink on light paper
        assert any(sum(c) < 150 for c in colours) and any(sum(c) > 650 for c in colours)


def test_region_borders_are_drawn_thicker_than_territory_borders(meta):
    """Across a region border the ink runs at least twice as wide as across a border
    between two territories of one region."""
    art = map_static.art(MAP_ID, DECO)
    T = map_static.index_image(MAP_ID, meta)
    region = [None] + [t["region"] for t in meta["territories"]]
    alpha = art.getchannel("A")
    W, H = T.size
    wide = {True: [], False: []}
    for y in range(40, H - 40, 9):
        for x in range(40, W - 40):
            a, b = T.getpixel((x, y)), T.getpixel((x + 1, y))
            if a and b and a != b:
                run = sum(1 for k in range(-6, 8) if alpha.getpixel((x + k, y)) >= 200)
                wide[region[a] != region[b]].append(run)
    assert wide[True] and wide[False]
    assert sorted(wide[True])[len(wide[True]) // 2] >= 2 * max(
        1, sorted(wide[False])[len(wide[False]) // 2])


# --------------------------------------------------------------------------- close-ups


def test_zoom_regions_are_the_maps_regions(meta):
    assert renderers.zoom_regions(MAP_ID) == [r["id"] for r in meta["regions"]]
    assert renderers.zoom_regions("risk_express") == []


@pytest.mark.parametrize("rid", ["england", "wales", "scotland", "northern_ireland", "ireland"])
def test_zoom_renders_every_region(rid):
    full = render_map(view())
    png = render_map(view(zoom=rid))
    im = decode(png)
    assert png != full
    assert im.width >= 500 and im.height >= 300
    assert len(png) <= 400 * 1024
    assert render_map(view(zoom=rid)) == png  # deterministic


def test_zoom_shows_the_region_bigger_than_the_board(lay):
    """On a phone (every picture shown 450 px wide), a close-up's names are at least 1.3×
    as big as on the board, and a small region is enlarged, not left tiny."""
    board_w = lay["size"][0]
    art = pb.map_art()
    for rid in renderers.zoom_regions(MAP_ID):
        im = decode(render_map(view(zoom=rid)))
        x0, _y0, x1, _y1 = art.region_boxes[rid]
        crop_w = min(board_w, x1 + 24) - max(0, x0 - 24)
        scale = im.width / crop_w  # how much the close-up enlarges the board's pixels
        assert scale >= 1.0, rid
        assert board_w / crop_w >= 1.3, rid  # names on a phone: board 7.5 px → ≥ 9.75 px
        assert im.width >= min(risk_map.ZOOM_MIN_W, crop_w * risk_map.ZOOM_MAX_SCALE) - 1, rid


def test_zoom_of_an_unknown_region_is_refused():
    with pytest.raises(KeyError):
        render_map(view(zoom="atlantis"))


# --------------------------------------------------------------------------- languages


def test_french_board_has_french_words_and_differs():
    en = render_map(view())
    fr = render_map(view(lang="fr"))
    assert en != fr
    assert pb_words.word("phase.attack", "fr") == "Attaque"
    assert pb_words.word("crown.title", "fr") == "LA COURONNE BRITANNIQUE"
    assert pb_words.word("members", "fr", n=1) == "1 membre"
    assert pb_words.word("members", "fr", n=0) == "0 membre"
    assert pb_words.word("members", "en", n=0) == "0 members"
    # the title panel differs (Tour 7 · Attaque), and the Crown panel
    lay = load_layout(MAP_ID)
    a, b = decode(en).convert("RGB"), decode(fr).convert("RGB")
    for panel in ("title", "crown", "legend"):
        assert ImageChops.difference(a.crop(tuple(lay["panels"][panel])),
                                     b.crop(tuple(lay["panels"][panel]))).getbbox(), panel


def test_french_names_come_from_the_names_module(monkeypatch):
    """Region, gang and territory names in French come from ``bot.rules.names.name``;
    without it (or for a key it lacks) the English name is drawn."""
    seen = []

    def fake(game_id, kind, key, lang):
        seen.append((game_id, kind, key, lang))
        return {"region": "Écosse-test", "gang": "le Gang-test"}.get(kind, "Terre-test")

    monkeypatch.setattr(bt, "_NAMES", fake)
    map_static.clear()
    meta = load_map(MAP_ID)
    assert map_static.region_name(meta, "scotland", "fr", MAP_ID) == "Écosse-test"
    assert map_static.territory_name(meta, "london", "fr", MAP_ID) == "Terre-test"
    assert map_static.region_name(meta, "scotland", "en", MAP_ID) == "Scotland"
    art = pb.map_art("fr")
    assert all(lines == ["Terre-test"] for _s, lines in art.label_fit.values())
    with_fake = render_map(view(lang="fr"))
    assert ("peaky_blinders", "gang", "peaky_blinders", "fr") in seen

    monkeypatch.setattr(bt, "_NAMES", False)  # no names module: English names
    map_static.clear()
    art = pb.map_art("fr")
    assert art.label_fit["london"][1] == ["London"]
    assert render_map(view(lang="fr")) != with_fake
    map_static.clear()
    bt.reset_names()


def test_numbers_as_each_language_writes_them():
    assert bt.fmt_num(1234, "en") == "1,234"
    assert bt.fmt_num(1234, "fr") == "1\u202f234"
    assert bt.fmt_pct(0.787, "en") == "78.7%"
    assert bt.fmt_pct(0.787, "fr") == "78,7\u00a0%"
    assert bt.word("turn", "fr", n=12) == "Tour 12"


def test_a_board_word_is_filled_once():
    assert pb_words.word("crown.step", "en", step=1, steps=24, name="{x}") == "Step 1/24 · {x}"
    assert rx_words.word("by", "fr", who="{0}") == "par {0}"


# --------------------------------------------------------------------------- static layers


def test_the_stored_art_is_what_the_code_draws():
    """``board_art.png`` (built by ``build_map.py --layout``) matches its sources and the
    pixels the renderer would draw now: the first render never pays for drawing it."""
    path = ROOT / "data" / MAP_ID / map_static.ART_FILE
    assert path.stat().st_size < 1_000_000
    with Image.open(path) as im:
        assert im.text.get("source") == map_static.fingerprint(MAP_ID)
        stored = im.convert("RGBA")
    drawn = map_static.draw_art(MAP_ID, DECO)
    assert ImageChops.difference(stored, drawn).getbbox() is None


def test_warm_builds_every_language_and_changes_no_byte():
    v = view()
    before = {lang: render_map(dict(v, lang=lang)) for lang in bt.LANGS}
    risk_map.clear_caches()
    renderers.warm(["peaky_blinders"])
    assert {(MAP_ID, lang, DECO) for lang in bt.LANGS} <= set(map_static._STATIC)
    renderers.warm(["peaky_blinders"])  # twice is harmless
    for lang in bt.LANGS:
        assert render_map(dict(v, lang=lang)) == before[lang]


def test_renderers_import_nothing_from_the_bot():
    import subprocess
    import sys

    code = ("import sys, renderers, renderers.risk_map.canvas, renderers.peaky_blinders,"
            " renderers.risk_express;"
            "bad = [m for m in sys.modules if m.split('.')[0] in "
            "('discord', 'aiosqlite', 'bot', 'asyncio')];"
            "print(bad); sys.exit(1 if bad else 0)")
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                          check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr


# --------------------------------------------------------------------------- helpers


_MACHADO = {
    "prot": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
             (-0.003882, -0.048116, 1.051998)),
    "deut": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
             (-0.011820, 0.042940, 0.968881)),
    "trit": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
             (0.004733, 0.691367, 0.303900)),
    "none": ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
}


def _to_lab(c):
    r, g, b = c
    X = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    Y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    Z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t):
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return (116 * f(Y) - 16, 500 * (f(X) - f(Y)), 200 * (f(Y) - f(Z)))


def _sim(c, kind):
    def lin(v):
        v /= 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    x = [lin(v) for v in c]
    m = _MACHADO[kind]
    return _to_lab([max(0.0, min(1.0, sum(m[r][k] * x[k] for k in range(3)))) for r in range(3)])


def cvd_distance(a, b) -> float:
    """The smallest CIELAB distance between two colours as seen with normal vision and with
    each full colour blindness (Machado, Oliveira & Fernandes 2009)."""
    return min(math.dist(_sim(a, k), _sim(b, k)) for k in _MACHADO)


def test_renders_from_threads_give_the_same_bytes():
    """The bot renders in worker threads: boards of both games drawn at once come out as
    they do one by one (fonts are shared; drawing holds ``common.DRAW_LOCK``)."""
    from concurrent.futures import ThreadPoolExecutor

    views = [view(seed=s, lang=("en", "fr")[s % 2]) for s in range(6)]
    views += [view(seed=1, zoom="wales")]
    alone = [render_map(v) for v in views]
    with ThreadPoolExecutor(4) as pool:
        together = list(pool.map(render_map, views * 2))
    assert together == alone * 2


def test_the_gangs_data_names_the_boards_colours():
    """One palette: the colours the data gives the gangs are the ones the board draws."""
    from renderers.peaky_blinders.styles import GANG_STYLE

    data = Path(__file__).resolve().parents[3] / "data" / "peaky_blinders" / "gangs.json"
    gangs = json.loads(data.read_text())["gangs"]
    assert {g["id"]: g["color"].upper() for g in gangs} == {k: v[0].upper() for k, v in GANG_STYLE.items()}
