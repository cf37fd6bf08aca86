"""The Risk Express board picture: decodes, is deterministic, small, and shows the view.

Views are built by hand from ``data/risk_express/cards.json`` (the shape of the rules
engine's public view), so these tests do not depend on the engine.
"""

from __future__ import annotations

import copy
import io
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops

ROOT = Path(__file__).resolve().parents[3]
if str(ROOT) not in sys.path:  # tests run without the project installed
    sys.path.insert(0, str(ROOT))

from renderers import kit as common  # noqa: E402
from renderers import risk_express as rx  # noqa: E402

DATA = json.loads((ROOT / "data" / "risk_express" / "cards.json").read_text(encoding="utf-8"))
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


# --------------------------------------------------------------------------- views


def make_view(seats: tuple[str, ...] = ("s1", "s2", "s3"), labels: dict[str, str] | None = None
              ) -> dict[str, Any]:
    continents = [
        {"id": c["id"], "name": c["name"], "color": c["color"], "value": c["value"],
         "cards": [k["id"] for k in DATA["cards"] if k["continent"] == c["id"]],
         "locked_by": None}
        for c in DATA["continents"]
    ]
    cards = [
        {"id": k["id"], "name": k["name"], "continent": k["continent"], "points": k["points"],
         "provisional": bool(k.get("provisional")), "owner": None, "locked": False,
         "lines": [{"need": dict(line), "filled": None} for line in k["lines"]],
         "general": None}
        for k in DATA["cards"]
    ]
    return {
        "game": "risk_express", "seats": list(seats),
        "labels": labels if labels is not None else {"s1": "Alice", "s2": "Bob", "s3": "Chloé"},
        "current": seats[0], "turn": 1, "phase": "place", "continents": continents,
        "cards": cards, "attempt": None, "scores": {s: 0 for s in seats}, "winners": None,
    }


def card(view: dict[str, Any], cid: str) -> dict[str, Any]:
    return next(c for c in view["cards"] if c["id"] == cid)


def lock(view: dict[str, Any], cont_id: str, seat: str) -> None:
    cont = next(c for c in view["continents"] if c["id"] == cont_id)
    cont["locked_by"] = seat
    for cid in cont["cards"]:
        card(view, cid).update(owner=seat, locked=True)


def usa_attack() -> dict[str, Any]:
    """The rulebook's example: Cannon + Cavalry placed on USA, dice left in the tray."""
    v = make_view()
    v["turn"] = 5
    card(v, "brazil")["owner"] = "s2"
    card(v, "usa")["lines"][0]["filled"] = ["cavalry", "cannon"]
    v["attempt"] = {"card": "usa", "tray": ["general", "soldier2", "soldier3", "cavalry",
                                            "soldier1"], "set_aside": 1, "failed": False}
    v["scores"] = {"s1": 0, "s2": 2, "s3": 0}
    return v


LONG = "Ěva the Magnificent, Conqueror of Worlds and Eater of Dice " * 3


def busy() -> dict[str, Any]:
    """Six players, every card owned, locked continents, an owned target with its General
    line, soldier lines filled with many small dice, a full tray: the most pixels we draw."""
    seats = ("s1", "s2", "s3", "s4", "s5", "s6")
    labels = {"s1": "Alice", "s2": "Bob 🐉🔥", "s3": "李雷", "s4": "Zoë 👩‍👩‍👧‍👦 Ünïcødé",
              "s5": LONG, "s6": "\u200b\u200b"}
    v = make_view(seats, labels)
    for i, c in enumerate(v["cards"]):
        c["owner"] = seats[i % 6]
    lock(v, "asia", "s2")
    lock(v, "australia", "s3")
    t = card(v, "canada")
    t["owner"] = "s1"
    t["lines"][0]["filled"] = ["cannon"]
    t["lines"][2]["filled"] = ["soldier1"] * 5
    t["general"] = {"filled": ["general"]}
    v.update(turn=27, current="s5", attempt={
        "card": "canada", "tray": ["general", "cavalry", "cannon", "soldier1", "soldier2",
                                   "soldier3", "cavalry"], "set_aside": 0, "failed": False})
    v["scores"] = {s: 10 * i + 7 for i, s in enumerate(seats)}
    return v


def game_over() -> dict[str, Any]:
    v = make_view(("s1", "s2"), {"s1": "Alice", "s2": "Bob"})
    for i, c in enumerate(v["cards"]):
        c["owner"] = "s1" if i % 3 else "s2"
    lock(v, "africa", "s1")
    lock(v, "australia", "s1")
    v.update(phase="over", current=None, turn=31, attempt=None,
             scores={"s1": 17, "s2": 9}, winners=["s1"])
    return v


def decode(png: bytes) -> Image.Image:
    assert png[:8] == PNG_MAGIC
    im = Image.open(io.BytesIO(png))
    im.load()
    return im


def card_box(view: dict[str, Any], cid: str) -> tuple[int, int, int, int]:
    """The card's box in the picture, from the renderer's own layout."""
    sizes = tuple(len(c["cards"]) for c in view["continents"])
    lay = rx.layout(sizes, len(view["seats"]))
    for cont, boxes in zip(view["continents"], lay.cards, strict=True):
        if cid in cont["cards"]:
            return boxes[cont["cards"].index(cid)]
    raise KeyError(cid)


def changed(a: Image.Image, b: Image.Image, box: tuple[int, int, int, int]) -> bool:
    return ImageChops.difference(a.convert("RGB").crop(box), b.convert("RGB").crop(box)
                                 ).getbbox() is not None


# --------------------------------------------------------------------------- tests


@pytest.mark.parametrize("make", [make_view, usa_attack, busy, game_over])
def test_png_decodes_at_the_expected_size(make) -> None:
    view = make()
    im = decode(rx.render(view))
    lay = rx.layout(tuple(len(c["cards"]) for c in view["continents"]), len(view["seats"]))
    assert im.size == (rx.W, lay.height)
    assert 1000 <= im.height <= 1150  # phone-friendly: not much taller than wide
    assert im.mode == "P"  # palette PNG: small and fast


def test_same_view_same_bytes_even_after_clearing_caches() -> None:
    view = busy()
    first = rx.render(view)
    assert rx.render(view) == first
    assert rx.render(copy.deepcopy(view)) == first
    rx.clear_caches()
    assert rx.render(view) == first
    rx.render(usa_attack())  # other entries in the caches change nothing either
    assert rx.render(view) == first


def test_render_does_not_mutate_the_view() -> None:
    view = busy()
    before = copy.deepcopy(view)
    rx.render(view)
    assert view == before


def test_busy_board_is_small() -> None:
    png = rx.render(busy())
    assert len(png) <= 200 * 1024, f"{len(png) / 1024:.0f} KB"


def test_owner_change_changes_only_that_card() -> None:
    a = usa_attack()
    b = copy.deepcopy(a)
    card(b, "mexico")["owner"] = "s3"
    ia, ib = decode(rx.render(a)), decode(rx.render(b))
    assert changed(ia, ib, card_box(a, "mexico"))
    for other in ("usa", "canada", "china", "australia"):
        assert not changed(ia, ib, card_box(a, other)), other


def test_owner_colour_is_on_the_card() -> None:
    v = usa_attack()
    card(v, "mexico")["owner"] = "s3"
    im = decode(rx.render(v)).convert("RGB")
    x0, y0, x1, y1 = card_box(v, "mexico")
    pixels = {rgb for _, rgb in im.crop((x0, y0, x1, y1)).getcolors(1 << 16)}
    assert common.player_colors(v["seats"])["s3"].fill in pixels  # flat colours stay exact


def test_filling_a_line_and_the_general_show_on_the_target() -> None:
    a = busy()
    b = copy.deepcopy(a)
    card(b, "canada")["lines"][1]["filled"] = ["cavalry", "cavalry"]
    card(b, "canada")["general"] = {"filled": None}
    ia, ib = decode(rx.render(a)), decode(rx.render(b))
    assert changed(ia, ib, card_box(a, "canada"))


def test_locking_a_continent_turns_its_cards_face_down() -> None:
    a = make_view()
    for cid in ("brazil", "argentina"):
        card(a, cid)["owner"] = "s2"
    b = copy.deepcopy(a)
    lock(b, "south_america", "s2")
    ia, ib = decode(rx.render(a)), decode(rx.render(b))
    assert changed(ia, ib, card_box(a, "brazil"))
    assert changed(ia, ib, card_box(a, "argentina"))
    assert not changed(ia, ib, card_box(a, "usa"))


def test_target_is_highlighted_and_tray_shown() -> None:
    a = make_view()
    b = copy.deepcopy(a)
    b["attempt"] = {"card": "japan", "tray": ["cannon", "cavalry"], "set_aside": 2,
                    "failed": False}
    ia, ib = decode(rx.render(a)), decode(rx.render(b))
    x0, y0, x1, y1 = card_box(a, "japan")
    assert changed(ia, ib, (x0 - 5, y0 - 5, x1 + 5, y1 + 5))
    sizes = tuple(len(c["cards"]) for c in a["continents"])
    assert changed(ia, ib, rx.layout(sizes, 3).panels[-1])


def test_game_over_with_winners_and_a_shared_win() -> None:
    over = decode(rx.render(game_over()))
    tie = game_over()
    tie["winners"] = ["s1", "s2"]
    tie["scores"] = {"s1": 13, "s2": 13}
    assert changed(over, decode(rx.render(tie)), (0, 0, rx.W, rx.HEADER_H))
    nobody = game_over()
    nobody["winners"] = []
    decode(rx.render(nobody))


def test_continue_phase_and_failed_attempt() -> None:
    v = usa_attack()
    v.update(phase="continue", current="s2", turn=6)
    v["attempt"] = {"card": "usa", "tray": [], "set_aside": 4, "failed": True}
    decode(rx.render(v))
    # the engine's shape: no attempt yet, the failed one named apart
    e = copy.deepcopy(v)
    e["attempt"] = None
    e["failed"] = {"card": "usa", "seat": "s1"}
    plain = copy.deepcopy(e)
    plain["phase"] = "place"
    ie, ip = decode(rx.render(e)), decode(rx.render(plain))
    x0, y0, x1, y1 = card_box(e, "usa")
    assert changed(ie, ip, (x0 - 5, y0 - 5, x1 + 5, y1 + 5))  # the red ring


def test_awkward_names_do_not_crash_and_are_cleaned() -> None:
    f = common.font(24)
    assert common.clean_text("Bob 🐉🔥") == "Bob"  # no tofu boxes
    assert common.clean_text("李雷") == ""
    assert common.clean_text("Zoë\u200d \u0007 Ünïcødé\ufe0f") == "Zoë Ünïcødé"
    assert common.clean_text("e\u0301") == "é"  # NFC
    short = common.fit_text(LONG, f, 200)
    assert short.endswith("…") and common.text_width(short, f) <= 200
    assert common.fit_text("Bob", f, 200) == "Bob"
    assert common.fit_text("Bob", f, 3) == ""
    names = rx.Names(busy())
    assert names.of("s2") == "Bob"
    assert names.of("s3") == "s3"  # nothing drawable left: the seat id
    assert names.of("s6") == "s6"
    # a very long name as the current player, a locked continent and the scoreboard
    decode(rx.render(busy()))


def test_missing_and_odd_fields_do_not_crash() -> None:
    v = make_view(labels={})
    v.update(current="ghost", turn=None, scores={}, attempt={"card": None, "tray": ["joker"],
                                                             "set_aside": 9, "failed": False})
    card(v, "india")["lines"].append({"need": {"cavalry": 3, "cannon": 2, "soldiers": 12},
                                      "filled": None})
    card(v, "india")["owner"] = "nobody-we-know"
    decode(rx.render(v))
    v["continents"][0]["color"] = "not a colour"
    v["continents"][1]["color"] = None
    decode(rx.render(v))
    bare = {"game": "risk_express", "seats": ["a", "b"], "cards": [], "continents": []}
    decode(rx.render(bare))


def test_random_views_render_deterministically() -> None:
    rnd = random.Random(7)
    for _ in range(25):
        n = rnd.randint(2, 6)
        seats = tuple(f"p{i}" for i in range(n))
        v = make_view(seats, {s: rnd.choice(["Al", "Émilie", "🎲", LONG, ""]) for s in seats})
        for c in v["cards"]:
            c["owner"] = rnd.choice([None, *seats])
        target = rnd.choice(v["cards"])
        for line in target["lines"]:
            if rnd.random() < 0.5:
                line["filled"] = rnd.choices(rx.FACES, k=rnd.randint(1, 6))
        if target["owner"] is not None:
            target["general"] = {"filled": rnd.choice([None, ["general"]])}
        v["attempt"] = {"card": target["id"], "tray": rnd.choices(rx.FACES, k=rnd.randint(0, 7)),
                        "set_aside": rnd.randint(0, 7), "failed": rnd.random() < 0.2}
        v["current"] = rnd.choice(seats)
        png = rx.render(v)
        assert png == rx.render(copy.deepcopy(v))
        decode(png)


def test_player_palette_is_distinct_and_readable() -> None:
    colours = [pc.fill for pc in common.PLAYER_COLORS]
    assert len(set(colours)) == len(colours) == 6
    assert len({pc.shape for pc in common.PLAYER_COLORS}) == 6
    for pc in common.PLAYER_COLORS:
        assert common.contrast(pc.fill, pc.text) >= 4.5, pc
    assert common.player_colors(["a", "b"])["b"] == common.PLAYER_COLORS[1]


def test_fonts_come_from_the_repository() -> None:
    for weight in ("regular", "bold", "condensed"):
        f = common.font(20, weight)
        assert Path(f.path).resolve().parent == (ROOT / "data" / "fonts").resolve()
    assert common.font(20) is common.font(20)  # cached per size


def test_png_bytes_is_deterministic_and_palette() -> None:
    im = Image.new("RGB", (300, 200), (30, 33, 39))
    common.rounded_box(__import__("PIL.ImageDraw").ImageDraw.Draw(im), (10, 10, 200, 120), 12,
                       fill=(230, 159, 0), outline=(255, 255, 255), width=3)
    a, b = common.png_bytes(im), common.png_bytes(im.copy())
    assert a == b
    assert decode(a).mode == "P"
    assert decode(common.png_bytes(im, colors=0)).mode == "RGB"


def test_renderers_import_no_discord_store_or_bot() -> None:
    code = ("import sys, renderers.risk_express, renderers.kit;"
            "bad = [m for m in sys.modules if m.split('.')[0] in "
            "('discord', 'aiosqlite', 'bot', 'asyncio')];"
            "print(bad); sys.exit(1 if bad else 0)")
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                          check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_views_from_the_rules_engine_render() -> None:
    """The contract with the engine: every public view of a random game draws."""
    from bot.rules import GAMES
    from bot.simulate import random_game

    game = GAMES["risk_express"]
    seats = ["a", "b", "c", "d"]
    labels = {"a": "Alice", "b": "Bob", "c": "Chloé", "d": "Dmitri"}
    last = None
    for i, (_, _, _, after, _) in enumerate(random_game(game, seats, seed=3)):
        if i % 5:
            continue
        view = game.view(after, None)
        view["labels"] = labels
        decode(rx.render(view))
        last = view
    assert last is not None


def test_three_way_tie_shows_every_winner() -> None:
    """Three players tie: the header names all three and each score cell wears the
    winner's crown (the third winner changes the picture in both places)."""
    v = make_view(("s1", "s2", "s3", "s4"), {"s1": "Al", "s2": "Bo", "s3": "Cy", "s4": "Di"})
    v.update(phase="over", current=None, turn=30, attempt=None,
             scores={"s1": 12, "s2": 12, "s3": 12, "s4": 5})
    two = dict(v, winners=["s1", "s2"])
    three = dict(v, winners=["s1", "s2", "s3"])
    other = dict(v, winners=["s1", "s2", "s4"])
    a, b, c = (decode(rx.render(x)) for x in (two, three, other))
    lay = rx.layout(tuple(len(k["cards"]) for k in v["continents"]), 4)
    header = (0, 0, rx.W, rx.HEADER_H)
    assert changed(a, b, header) and changed(b, c, header)
    sx0, sy0, sx1, sy1 = lay.score
    assert changed(a, b, (sx0, sy0, sx1, sy1))


def test_french_board_uses_french_words_and_names(monkeypatch) -> None:
    """``view["lang"] = "fr"``: every word on the board changes (header, tray, legend,
    counts) and card and continent names come from ``bot.rules.names``."""
    from renderers import words as bt
    from renderers.risk_express import words as rx_words

    en = usa_attack()
    fr = dict(usa_attack(), lang="fr")
    a, b = decode(rx.render(en)), decode(rx.render(fr))
    lay = rx.layout(tuple(len(c["cards"]) for c in en["continents"]), 3)
    assert changed(a, b, (0, 0, rx.W, rx.HEADER_H))  # « Tour 5 — Alice joue »
    assert changed(a, b, lay.legend)  # « Général », « Cavalerie »…
    assert changed(a, b, lay.panels[-1])  # « Piste de dés »
    assert rx_words.word("cards", "fr", n=1) == "1 carte"
    assert rx_words.word("cards", "fr", n=2) == "2 cartes"
    calls = []

    def fake(game_id, kind, key, lang):
        calls.append((game_id, kind, key, lang))
        return {"card": "Carte-test", "continent": "Continent-test"}.get(kind, key)

    monkeypatch.setattr(bt, "_NAMES", fake)
    named = decode(rx.render(dict(usa_attack(), lang="fr")))
    assert ("risk_express", "card", "usa", "fr") in calls
    assert ("risk_express", "continent", "north_america", "fr") in calls or any(
        c[1] == "continent" for c in calls)
    assert changed(b, named, card_box(en, "usa"))
    bt.reset_names()


def test_no_house_card_marks() -> None:
    """The data's "provisional" flag is ours, not the game's: it is not drawn."""
    v = make_view()
    w = copy.deepcopy(v)
    for c in w["cards"]:
        c["provisional"] = not c["provisional"]
    assert rx.render(v) == rx.render(w)
