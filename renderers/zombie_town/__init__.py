"""Zombie Town board picture: the public view → PNG bytes.

The 16 × 16 neighbourhood with every square named (A1 … P16: column letters and row numbers
round the edge, and each street square's name in its corner), the cemetery, the X squares
where zombies rise, walls, the twelve houses (owner's token, barricades across the door and
their number, searches left, guards, the key lying face down), every zombie (a count where
more than one), the players' tokens (the kit's colour and shape), the cars (their house's
colour and letter, heading, damage out of four, the driver's token, a bar of planks on the
door's side when parked on a facade); above, the day, whose turn, the actions left and the
free move; below, the players' table (health, weapons and bullets, survivors, zombies
collected, cards, keys and agendas as counts face down, completed agendas, public points).
Only the public view is drawn: no card, key or agenda in hand ever is.

Speed: the frame (the static board as a palette image) is built once per language
(:mod:`.frame`, :func:`warm`); a render copies it and pastes cached palette tiles for every
square, house, header and line that shows something, then encodes (``bench/bench_zombie_town_render.py``
prints the figures beside their targets).

The renderer protocol every game's module keeps: ``render(view) -> bytes``, ``warm()``,
``zoom_regions() -> list[str]`` (none: the whole board is one picture).
"""

from __future__ import annotations

import contextlib
from typing import Any

from PIL import Image

from renderers.kit import DRAW_LOCK, clean_text, disk, font, png_bytes, warm_step
from renderers.kit import clear_caches as _kit_clear
from renderers.words import LANGS
from renderers.zombie_town import art, frame, panels, sprites
from renderers.zombie_town.look import ROW_H, board_data, page_height, table_top
from renderers.zombie_town.words import WORDS

__all__ = ["clear_caches", "keep", "render", "render_image", "warm", "zoom_regions"]

# The boards as last drawn (each language's live frame) and the tiles they show, kept on disk
# when the bot stops (``keep``) and taken back by the next process's first board (a game in
# play then pastes only what changed since, as it would have without the restart): one pickle,
# so the frames' tiles are the very objects the caches give back (``Live`` compares them by
# identity).
KEPT = "zombie-boards"
_MEMOS = {fn.__name__: fn for fn in (
    frame.square_tile, frame.house_tile, panels.day_block, panels.who_block, panels.act_block,
    panels.counts_block, panels.name_cell, panels.health_cell, panels.kit_cell, panels.zombies_cell,
    panels.hidden_cell, panels.points_cell)}
# the sprites (supersampled, ~1 ms each: a car at each heading...), kept whole (a few hundred KB)
_SPRITES = {fn.__name__: fn for fn in (
    sprites.zombie, sprites.car, sprites.key_back, sprites.plank, sprites.heart, sprites.card_back,
    sprites.agenda, sprites.gun, sprites.blade, sprites.survivor, sprites.tomb, sprites.skull)}
_TAKEN: list[bool] = []  # the kept boards read back (or tried) by this process


def keep() -> None:
    """Each language's board as last drawn and the tiles it shows, stored for the next
    process (the bot stops)."""
    with DRAW_LOCK:
        lives = frame.lives()
        shown = {id(tile) for _im, placed in lives.values() for tile, _xy in placed.values()}
        memos = {name: [(k, v) for k, v in fn.entries()
                        if id(v[0] if isinstance(v, tuple) else v) in shown]
                 for name, fn in _MEMOS.items()}
        memos.update({name: fn.entries() for name, fn in _SPRITES.items()})
    if lives:
        disk.store(KEPT, {"lives": lives, "memos": memos})


def _take_back() -> None:
    """What :func:`keep` stored, put back once (under the drawing lock): a file that does not
    read back, or not in this shape, is ignored (drawn as without it)."""
    if _TAKEN or disk.directory() is None:
        return
    _TAKEN.append(True)
    got = disk.load(KEPT)
    with contextlib.suppress(Exception):  # another shape: left out
        memos = {name: list(got["memos"].get(name) or []) for name in _MEMOS}
        lives = dict(got["lives"])
        for name, fn in _MEMOS.items():
            fn.take_back(memos[name], tuple if name in ("square_tile", "house_tile") else Image.Image)
        for name, fn in _SPRITES.items():
            fn.take_back(list(got["memos"].get(name) or []), Image.Image)
        frame.take_lives(lives)


def prepare() -> list[str]:
    """Before the bot goes online (:func:`renderers.prepare`): the boards :func:`keep` stored,
    taken back, and their languages' frames read from disk, so that the first board of a game
    in play pastes only what changed; the languages of the boards taken back (held)."""
    with DRAW_LOCK:
        _take_back()
        langs = [lang for lang in LANGS if lang in frame.taken_languages()]
        for lang in langs:
            frame.frame(lang)
    return langs


def render(view: dict[str, Any]) -> bytes:
    """The board as PNG bytes. Pure: the same view gives the same bytes."""
    return png_bytes(render_image(view))


def zoom_regions() -> list[str]:
    """No close-ups: the board is read whole."""
    return []


def _names(view: dict[str, Any], seats: list[str]) -> dict[str, str]:
    labels = view.get("labels") or {}
    out = {}
    for s in seats:
        name = clean_text(labels[s]) if labels.get(s) else ""
        out[s] = name if any(ch.isalnum() for ch in name) else (clean_text(s) or "?")
    return out


def _character(key: str | None, lang: str) -> str:
    if not key:
        return ""
    entry = board_data().names["characters"].get(key) or {}
    return str(entry.get("name_fr" if lang == "fr" else "name") or entry.get("name") or key)


def render_image(view: dict[str, Any]) -> Any:
    """The board as a palette image (``render`` encodes it)."""
    lang = view.get("lang") if view.get("lang") in LANGS else LANGS[0]
    seats = [str(s) for s in view.get("order") or []]
    index = {s: i for i, s in enumerate(seats)}
    names = _names(view, seats)
    players = view.get("players") or {}
    houses = view.get("houses") or {}
    cars = view.get("cars") or {}
    zombies = view.get("zombies") or {}
    changed = set(view.get("changed") or ())  # since the player's last move: ringed in red
    pieces: dict[frame.Slot, frame.Tile] = {}
    with DRAW_LOCK:
        _take_back()
        current = view.get("current")
        enc = view.get("encounter") or {}
        phase = str(view.get("phase") or "act")
        extra = int(view.get("zombie_moves_left") or 0) if phase == "zombies" else int(enc.get("left") or 0)
        winners = view.get("winners")
        win = tuple((names.get(str(s), str(s)), index.get(str(s), 0)) for s in winners) if winners else None
        boxes = panels.header_boxes()
        for name, tile in (
                ("day", panels.day_block(lang, int(view.get("day") or 1), int(view.get("last_day") or 1))),
                ("who", panels.who_block(lang, phase, names.get(str(current)) if current is not None else None,
                                         index.get(str(current)))),
                ("act", panels.act_block(lang, phase, int(view.get("actions") or 0),
                                         int(view.get("actions_per_turn") or 3), bool(view.get("free_move")), extra,
                                         win)),
                ("counts", panels.counts_block(lang, int(view.get("box") or 0), int(view.get("stands") or 0),
                                               int(view.get("deck") or 0)))):
            pieces[("header", name)] = (tile, boxes[name][:2])
        # who and what stands on each node
        on: dict[str, list[int]] = {}
        for s in seats:
            p = players.get(s) or {}
            if p.get("pos") is not None and not p.get("car") and not p.get("out"):
                on.setdefault(str(p["pos"]), []).append(index[s])
        drivers = {str(p["car"]): index[s] for s, p in players.items() if p.get("car") and s in index}
        geo = art.houses()
        parked_side = {h.facade: h.door for h in geo.values()}
        for h, x in sorted(houses.items()):
            if h not in geo:
                continue
            owner = x.get("owner")
            pieces[("house", h)] = frame.house_tile(
                lang, h, index.get(str(owner)) if owner is not None else None, int(x.get("barricades") or 0),
                int(x.get("card") or 0), len(x.get("guards") or ()), bool(x.get("key")), tuple(on.get(h, ())),
                int(zombies.get(h) or 0), h in changed)
        car_at = {}
        for c, x in cars.items():
            if x.get("pos") is not None:
                car_at[str(x["pos"])] = (str(c), str(x.get("heading") or "N"), int(x.get("damage") or 0),
                                         not x.get("working", True), drivers.get(str(c)))
        steps = _steps(view.get("zombie_moves") or {}) if phase == "zombies" else {}
        squares = set(car_at) | {n for n in on if n not in geo} | {n for n, k in zombies.items() if k and n not in geo}
        for sq in sorted(squares):
            car = car_at.get(sq)
            parked = parked_side.get(sq) if car is not None and cars[car[0]].get("parked_on") else None
            pieces[("square", sq)] = frame.square_tile(lang, sq, car, tuple(on.get(sq, ())),
                                                       int(zombies.get(sq) or 0), parked, steps.get(sq, ()),
                                                       sq in changed)
        scores = view.get("scores") or {}
        cells = panels.row_cells()
        y = table_top() + panels.CELL_TOP
        for s in seats:
            p = players.get(s) or {}
            i = index[s]
            alarm = bool(p.get("out") or p.get("dead"))
            status = WORDS("out", lang) if p.get("out") else WORDS("dead", lang) if p.get("dead") else \
                WORDS("in_car", lang, car=str(p["car"]).upper()) if p.get("car") else ""
            sub = " · ".join(x for x in (_character(p.get("character"), lang), status) if x)
            winner = bool(winners) and s in winners
            for cell, tile in (
                    ("name", panels.name_cell(i, names[s], sub, alarm, s == current and phase != "over", winner)),
                    ("health", panels.health_cell(int(p.get("health") or 0), int(p.get("max_health") or 0))),
                    ("kit", panels.kit_cell(tuple((w.get("ammo") is not None, w.get("ammo"))
                                                  for w in p.get("weapons") or ()),
                                            tuple(bool(f.get("weapon")) for f in p.get("followers") or ()))),
                    ("zombies", panels.zombies_cell(int(p.get("zombies") or 0))),
                    ("hidden", panels.hidden_cell(int(p.get("hand") or 0), int(p.get("keys") or 0),
                                                  int(p.get("agendas") or 0),
                                                  tuple(int(d.get("value") or 0) for d in p.get("done") or ()))),
                    ("points", panels.points_cell(int(scores.get(s) or 0), winner))):
                pieces[(f"row{i}", cell)] = (tile, (cells[cell][0], y))
            y += ROW_H
        im = frame.live(lang).show(pieces, page_height(len(seats)))
    return im


def _steps(moves: dict[str, list[str]]) -> dict[str, tuple[str, ...]]:
    """Square with zombies → the sides (N, E, S, W) one of them may step through now."""
    geo = art.houses()
    out = {}
    for src, dests in moves.items():
        if src in geo or len(src) < 2:
            continue
        x0, y0 = art.square_xy(src)
        sides = []
        for dst in dests:
            if dst in geo:  # into a house through its door: the house is on the far side of the door
                side = {"N": "S", "S": "N", "E": "W", "W": "E"}[geo[dst].door]
            else:
                x1, y1 = art.square_xy(dst)
                side = "N" if y1 < y0 else "S" if y1 > y0 else "W" if x1 < x0 else "E"
            if side not in sides:
                sides.append(side)
        out[src] = tuple(sorted(sides))
    return out


def warm() -> None:
    """The palette, each language's frame and the pieces of a first board, built now (a new
    game's pieces in the default language only: another language's are drawn on its first
    board, ~1 MB less kept)."""
    with warm_step():
        frame.palette()
        for lang in LANGS:
            frame.frame(lang)
    for lang in LANGS:  # render_image takes the drawing lock; the encode runs outside it
        with warm_step(hold=False):
            render(_sample_view(lang))  # an encode too: Pillow loads its file plugins on the first
    _warm_setup_tiles(LANGS[:1])
    _warm_letters()


# the letters names are mostly written with: their glyphs loaded and checked at start-up
LETTERS = "".join(chr(c) for c in range(0x20, 0x7F)) + "ÀÂÄÆÇÈÉÊËÎÏÔŒÙÛÜàâäæçèéêëîïôœùûüÿÁÍÑÓÚáíñóúßØøÅåĚěŠšŽžČčŘř…·"


def _warm_letters() -> None:
    with warm_step():
        clean_text(LETTERS)
        for size, weight in ((17, "bold"), (13, "regular"), (22, "bold"), (20, "bold"), (18, "bold"),
                             (16, "bold")):
            f = font(size, weight)
            f.getlength(LETTERS)
            f.getmask2(LETTERS, "L")


def _warm_setup_tiles(langs: tuple[str, ...] | list[str] = LANGS) -> None:
    """The pieces of a new game's first board (bases and their owners, cars on their
    driveways, a zombie on each X, the opening lines of the table) in ``langs``, so it costs
    what the next boards cost."""
    d = board_data()
    s = d.settings
    card = s.house_card
    for lang in langs:
        for h, x in d.houses.items():  # a house a step (all in one: ~35 ms of CPU)
            with warm_step():
                for i in range(6):
                    frame.house_tile(lang, h, i, 0, card, 0, False, (i,), 0)
                for key in (True, False):
                    frame.house_tile(lang, h, None, 0, card, 0, key, (), 0)
                frame.square_tile(lang, x["driveway"], (h, x["heading"], 0, False, None), (), 0, None, ())
    with warm_step():
        for lang in langs:
            for sq in art_xs():
                frame.square_tile(lang, sq, None, (), s.zombies_per_x, None, ())
            for phase in ("deal", "act"):
                panels.act_block(lang, phase, s.actions, s.actions, True, 0, None)
            for last in {*s.days.values(), s.rr_days}:
                panels.day_block(lang, 1, last)
        for health in {s.health + c["value"] * (c["effect"] == "health") for c in s.characters.values()}:
            panels.health_cell(health, health)
        panels.kit_cell(((True, s.starting_gun["ammo"]),), ())
        panels.zombies_cell(0)
        for hand in range(s.deal + 1):
            for keys in (0, 1):
                for agendas in (0, s.agendas_in_hand):
                    panels.hidden_cell(hand, keys, agendas, ())
        panels.points_cell(0, False)


def _sample_view(lang: str) -> dict[str, Any]:
    d = board_data()
    seats = ["s1", "s2", "s3"]
    hs = sorted(d.houses)
    return {
        "game": "zombie_town", "lang": lang, "day": 1, "last_day": 10, "phase": "act", "current": "s1",
        "order": seats, "actions": 3, "actions_per_turn": 3, "free_move": True, "box": 90, "stands": 12, "deck": 80,
        "players": {s: {"pos": hs[i], "car": None, "health": 3, "max_health": 3, "character": None, "dead": False,
                        "out": False, "weapons": [{"card": "g", "ammo": 3}], "followers": [], "zombies": 0, "hand": 3,
                        "keys": 1, "agendas": 2, "done": []} for i, s in enumerate(seats)},
        "houses": {h: {"owner": seats[i] if i < 3 else None, "barricades": 0, "card": 5, "guards": [],
                       "key": i >= 3} for i, h in enumerate(hs)},
        "cars": {h: {"pos": x["driveway"], "heading": x["heading"], "damage": 0, "working": True, "driver": None,
                     "parked_on": None} for h, x in d.houses.items()},
        "zombies": {sq: 1 for sq in art_xs()}, "scores": dict.fromkeys(seats, 0), "winners": None,
    }


def art_xs() -> list[str]:
    return [f"{chr(65 + x)}{y + 1}" for y, row in enumerate(board_data().rows) for x, ch in enumerate(row) if ch == "X"]


def release(lang: str | None) -> None:
    """Let go of the board in ``lang`` (:func:`frame.release`); ``None``: of the tiles and
    panels every language's boards share (drawn again when the game is): called by
    :func:`renderers.release` under the drawing lock."""
    if lang is not None:
        frame.release(lang)
    else:
        frame.clear()
        panels.clear()


def clear_caches() -> None:
    """Forget every cached drawing (tests use it to prove caching never changes a byte)."""
    frame.clear()
    panels.clear()
    _TAKEN.clear()
    for fn in _SPRITES.values():
        fn.cache_clear()
    _kit_clear()
