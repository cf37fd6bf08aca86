"""The renderers' memory (issue 29): the layers of the game-and-language pairs not drawn
recently are let go (``renderers.HELD`` pairs stay) and read back from the disk by the next
board that needs them: the same bytes, nothing drawn again; never without a cache folder;
a file that does not read back is ignored (drawn again)."""

from __future__ import annotations

import sys
import types
from collections import OrderedDict
from dataclasses import replace
from pathlib import Path

import pytest

import renderers
from renderers.kit import disk

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from bench_render_memory import game_views  # noqa: E402


@pytest.fixture
def recent(monkeypatch):
    """No pair drawn yet, at most two held, a second between two boards, a minute idle."""
    monkeypatch.setattr(renderers, "_RECENT", OrderedDict())
    monkeypatch.setattr(renderers, "HELD", 2)
    monkeypatch.setattr(renderers, "IDLE", 60.0)
    now = [0.0]
    monkeypatch.setattr(renderers, "_clock", lambda: now.__setitem__(0, now[0] + 1) or now[0])
    return now


@pytest.fixture
def fakes(monkeypatch, recent, tmp_path):
    """Three games whose renderers record what they are asked to let go; a cache folder."""
    log: list[tuple[str, str | None]] = []
    mods = {g: types.SimpleNamespace(render=lambda view: b"png",
                                     release=lambda lang, g=g: log.append((g, lang)))
            for g in ("a", "b", "c")}
    monkeypatch.setattr(renderers, "RENDERERS", dict.fromkeys(mods, "fake"))
    monkeypatch.setattr(renderers, "_renderer", lambda game_id: mods[game_id])
    disk.use(tmp_path)
    yield log
    disk.use(None)


def draw(game: str, lang: str) -> None:
    renderers.render({"game": game, "lang": lang})


def let_go(*pairs: tuple[str, str]) -> None:
    """``pairs`` let go as when boards of other games have pushed them out."""
    for pair in pairs:
        renderers._RECENT.pop(pair, None)
    assert renderers.release(pairs)


def test_the_pairs_past_the_bound_are_let_go_least_recent_first(fakes, monkeypatch):
    log = fakes
    monkeypatch.setattr(renderers, "IDLE", 0.0)
    draw("a", "en")
    draw("a", "fr")
    draw("a", "en")  # drawn again: the most recent
    assert log == [] and renderers.held() == [("a", "fr"), ("a", "en")]
    draw("b", "en")  # past two: a/fr goes (a/en is held: its shared parts stay)
    assert log == [("a", "fr")] and renderers.held() == [("a", "en"), ("b", "en")]
    draw("c", "fr")  # a/en goes, and with it a's shared parts (no language of it held)
    assert log == [("a", "fr"), ("a", "en"), ("a", None)]
    assert renderers.held() == [("b", "en"), ("c", "fr")]
    for _ in range(3):  # the pairs held drawn again: nothing let go
        draw("b", "en")
        draw("c", "fr")
    assert len(log) == 3 and len(renderers.held()) == renderers.HELD


def test_the_pairs_drawn_lately_stay_past_the_bound_until_idle(fakes, recent):
    """A busy bot's games are not read back on every board: a pair past the bound goes once
    it has not been drawn for IDLE seconds."""
    log, now = fakes, recent
    for _ in range(10):  # three pairs, a board a second each in turn
        for game in ("a", "b", "c"):
            draw(game, "en")
    assert log == [] and len(renderers.held()) == 3
    now[0] += 59  # a/en last drawn 62 s ago
    draw("b", "en")
    assert log == [("a", "en"), ("a", None)] and renderers.held() == [("c", "en"), ("b", "en")]


def test_after_the_warm_up_what_no_board_drew_is_let_go(fakes):
    log = fakes
    draw("b", "fr")
    renderers._trim()
    assert sorted(log, key=str) == sorted([("a", "en"), ("a", "fr"), ("a", None), ("b", "en"),
                                           ("c", "en"), ("c", "fr"), ("c", None)], key=str)
    assert renderers.held() == [("b", "fr")]


def test_nothing_is_let_go_without_a_cache_folder(fakes):
    log = fakes
    disk.use(None)
    for game in ("a", "b", "c"):
        draw(game, "en")
    renderers._trim()
    assert log == []


def test_a_map_layer_let_go_is_read_back_the_same_bytes(recent, tmp_path, monkeypatch):
    from renderers.risk_map import static as st
    from renderers.walking_dead import DECORATION, MAP

    views = game_views(MAP, 2)  # one English board, one French
    monkeypatch.setattr(st, "_STATIC", dict(st._STATIC))  # the other tests' layers stay theirs
    plain = [renderers.render(v) for v in views]  # (drawn here if no test did)
    for lang in ("en", "fr"):  # on disk as the warm-up stores them (each layer whole)
        art = st.static(MAP, lang, DECORATION)
        disk.use(tmp_path)
        disk.store(f"map-{MAP}-{lang}", replace(art, layer=art.fresh(), ref=None, patches=(), deco=None))
    monkeypatch.setattr(st, "_compose", lambda *a: pytest.fail("drawn again"))
    try:
        let_go((MAP, "en"), (MAP, "fr"))
        assert not [k for k in st._STATIC if k[0] == MAP]
        assert [renderers.render(v) for v in views] == plain  # read back, nothing drawn
        en, fr = st.static(MAP, "en", DECORATION), st.static(MAP, "fr", DECORATION)
        assert fr.ref is en.layer  # the second language kept as patches again
        let_go((MAP, "en"))  # the first alone: the second still holds its layer
        assert [renderers.render(v) for v in views] == plain
        assert st.static(MAP, "en", DECORATION).layer is fr.ref  # read back: that very layer, not a copy
    finally:
        disk.use(None)


def test_zombie_town_boards_let_go_are_read_back_the_same_bytes(recent, tmp_path, monkeypatch):
    from renderers.zombie_town import art, frame

    views = game_views("zombie_town", 2)
    plain = [renderers.render(v) for v in views]
    monkeypatch.setattr(frame, "_STATIC", dict(frame._STATIC))
    monkeypatch.setattr(frame, "_LIVE", dict(frame._LIVE))
    disk.use(tmp_path)
    for lang in ("en", "fr"):  # as the warm-up stores them
        im = frame.frame(lang)
        disk.store(f"zombie-frame-{lang}", (im.size, im.tobytes(), im.getpalette()))
    real = art.draw_board
    monkeypatch.setattr(art, "draw_board", lambda lang: pytest.fail("drawn again"))
    try:
        let_go(("zombie_town", "en"), ("zombie_town", "fr"))
        assert frame._STATIC == {} and frame._LIVE == {}
        assert [renderers.render(v) for v in views] == plain
        assert frame._STATIC["fr"][1] is frame._STATIC["en"][0]  # patches over the first again
        let_go(("zombie_town", "en"))
        assert [renderers.render(v) for v in views] == plain
        assert frame._STATIC["en"][0] is frame._STATIC["fr"][1]
        for path in tmp_path.glob("zombie-frame-en.*"):  # a file that does not read back
            path.write_bytes(b"\x80\x05garbage")
        let_go(("zombie_town", "en"), ("zombie_town", "fr"))
        monkeypatch.setattr(art, "draw_board", real)
        assert [renderers.render(v) for v in views] == plain  # ignored: drawn again
    finally:
        disk.use(None)


def test_risk_express_boards_let_go_are_composed_again_the_same_bytes(recent, tmp_path):
    from renderers.risk_express import cards, frame

    views = game_views("risk_express", 4)  # two English boards, two French
    plain = [renderers.render(v) for v in views]
    disk.use(tmp_path)
    try:
        let_go(("risk_express", "en"))  # French held
        assert {key[2] for key in frame._C.frames} == {"fr"}
        assert all(key[0] in {fr.sk for fr in frame._C.frames.values()}
                   for cache in (frame._C.tiles, frame._C.panels, frame._C.areas) for key in cache)
        assert [renderers.render(v) for v in views] == plain
        let_go(("risk_express", "en"), ("risk_express", "fr"))
        assert not frame._C.frames and not frame._C.tiles and cards._shell.cache_info().currsize == 0
        assert [renderers.render(v) for v in views] == plain
    finally:
        disk.use(None)


def test_the_text_masks_cache_keeps_the_strings_drawn_last(monkeypatch):
    from renderers.kit import text

    monkeypatch.setattr(text, "_MASKS", OrderedDict())
    monkeypatch.setattr(text, "MASKS_MAX", 3)
    f = text.font(17, "bold")
    first = f.getmask2("Alpha")
    for word in ("Beta", "Gamma", "Alpha", "Delta"):  # Alpha drawn again: Beta is the least recent
        f.getmask2(word)
    assert [key[4] for key in text._MASKS] == ["Gamma", "Alpha", "Delta"]
    assert f.getmask2("Alpha") is first  # kept: not rendered again
    again = f.getmask2("Beta")  # let go: rendered again, the same pixels
    assert bytes(again[0]) == bytes(text.ImageFont.FreeTypeFont.getmask2(f, "Beta")[0])
    assert len(text._MASKS) == 3


def test_a_restart_warm_up_composes_no_risk_express_board_whose_frame_is_on_disk(monkeypatch):
    """Its trim would let go of them: the frames are read back by a new game's first board;
    the palette is still made (or read back) by the warm-up."""
    import renderers.risk_express as rx
    from renderers.risk_express import frame

    drawn: list[str] = []
    palettes: list[tuple[str, ...]] = []
    monkeypatch.setattr(rx, "render", lambda view: drawn.append(view["lang"]) or b"png")
    monkeypatch.setattr(frame, "stored", lambda view, key: view["lang"] == "fr")
    monkeypatch.setattr(rx._palette, "board_palette", palettes.append)
    rx.warm()
    assert drawn == ["en"] * 8  # four score layouts, a new board and one in play each
    assert len(palettes) == 4 and len(set(palettes)) == 1 and len(palettes[0]) == 6  # French: the palette
