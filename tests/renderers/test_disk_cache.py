"""The maps' static layers kept on disk (issue 29, point 1): read back on the next start
(the same boards, byte for byte), drawn again when their key (the data files' and the
drawing code's hash) changes, and a corrupt file is ignored."""

from __future__ import annotations

import pickle
import sys
from pathlib import Path

import pytest

import renderers
from renderers.kit import disk
from renderers.risk_map import static as st

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from bench_render_memory import game_views  # noqa: E402

GAME = "walking_dead"


@pytest.fixture
def cache(tmp_path, monkeypatch):
    """An empty cache folder in use and no layer in memory; the memory's layers are put
    back after (the other tests' boards are drawn on them)."""
    monkeypatch.setattr(st, "_STATIC", {})
    disk.use(tmp_path / "render-cache")
    drawn = []
    real = st._compose
    monkeypatch.setattr(st, "_compose", lambda *a: drawn.append(a[:2]) or real(*a))
    yield tmp_path / "render-cache", drawn
    disk.use(None)


def boards() -> list[bytes]:
    return [renderers.render(v) for v in game_views(GAME, 2)]  # one English board, one French


def forget() -> None:
    st._STATIC.clear()


def test_the_layers_are_read_back_and_the_boards_are_the_same_bytes(cache):
    folder, drawn = cache
    disk.use(None)
    plain = boards()  # no cache at all
    assert drawn == [("walking_dead", "en"), ("walking_dead", "fr")]
    forget()
    disk.use(folder)
    assert boards() == plain  # drawn, and stored
    assert sorted(p.name.split(".")[0] for p in folder.iterdir()) == ["map-walking_dead-en", "map-walking_dead-fr"]
    forget()
    drawn.clear()
    assert boards() == plain  # read back: nothing drawn
    assert drawn == []


def test_a_new_key_draws_the_layers_again_and_replaces_the_old_files(cache, monkeypatch):
    folder, drawn = cache
    boards()
    old = sorted(p.name for p in folder.iterdir())
    forget()
    drawn.clear()
    monkeypatch.setattr(disk, "source_key", lambda: "another-source")  # a data file or the code changed
    boards()
    assert drawn == [("walking_dead", "en"), ("walking_dead", "fr")]
    new = sorted(p.name for p in folder.iterdir())
    assert len(new) == 2 and not set(new) & set(old) and all(".another-source." in n for n in new)


def test_the_key_follows_the_sources(monkeypatch, tmp_path):
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "map.json").write_text("{}")
    monkeypatch.setattr(disk, "ROOT", tmp_path)
    monkeypatch.setattr(disk, "SOURCES", ("data",))
    disk.source_key.cache_clear()
    try:
        first = disk.source_key()
        (tmp_path / "data" / "render-cache").mkdir()  # its own files are not sources
        (tmp_path / "data" / "render-cache" / "x.pickle").write_bytes(b"x")
        disk.source_key.cache_clear()
        assert disk.source_key() == first
        (tmp_path / "data" / "map.json").write_text('{"a": 1}')
        disk.source_key.cache_clear()
        assert disk.source_key() != first
    finally:
        disk.source_key.cache_clear()


@pytest.mark.parametrize("damage", [b"", b"not a pickle at all", None])
def test_a_corrupt_file_is_ignored_and_drawn_again(cache, damage):
    folder, drawn = cache
    plain = boards()
    for path in folder.iterdir():
        data = path.read_bytes()
        path.write_bytes(data[: len(data) // 2] if damage is None else damage)  # cut short, or garbage
    forget()
    drawn.clear()
    assert boards() == plain
    assert drawn == [("walking_dead", "en"), ("walking_dead", "fr")]
    forget()
    drawn.clear()
    assert boards() == plain  # stored again, whole
    assert drawn == []


def test_no_folder_no_file(cache):
    folder, _ = cache
    disk.use(None)
    boards()
    assert not folder.exists()


def test_risk_express_palette_and_frames_are_read_back_and_the_boards_are_the_same_bytes(tmp_path, monkeypatch):
    from bench_render_memory import opening_views

    from renderers import risk_express as rx
    from renderers.risk_express import frame, palette

    # a new game's boards (no continent locked: their frames are kept) in both languages,
    # and boards in play (locked continents: drawn, their frames not kept)
    new = opening_views("risk_express", 2, 50)
    views = new + [dict(v, lang="fr") for v in new] + game_views("risk_express", 1)
    made, drawn = [], []
    real = palette._board_palette
    monkeypatch.setattr(palette, "_board_palette", lambda colors: made.append(colors) or real(colors))
    real_base = frame.base_image

    def base_image(*a):
        drawn.append(a[2])
        return real_base(*a)

    base_image.cache_clear = real_base.cache_clear
    monkeypatch.setattr(frame, "base_image", base_image)
    try:
        rx.clear_caches()
        plain = [renderers.render(v) for v in views]  # no cache folder
        disk.use(tmp_path)
        for _ in range(2):  # made and stored, then read back
            rx.clear_caches()
            made.clear()
            drawn.clear()
            assert [renderers.render(v) for v in views] == plain
            assert [renderers.render(v) for v in new] == plain[:2]
        assert made == []
        locked = drawn[:]
        rx.clear_caches()
        drawn.clear()
        assert [renderers.render(v) for v in views[:4]] == plain[:4]
        assert drawn == [] and len(locked) <= 2  # a new game's frames read, in both languages
        kinds = {p.name.split(".")[0].rsplit("-", 1)[0] for p in tmp_path.iterdir()}
        assert kinds == {"express-palette", "express-frame"}
        for path in tmp_path.iterdir():
            path.write_bytes(b"\x80\x05garbage")
        rx.clear_caches()
        assert [renderers.render(v) for v in views] == plain and len(made) == 1 and drawn  # ignored: made again
    finally:
        disk.use(None)
        rx.clear_caches()


def test_where_the_layers_are_kept():
    """GAMEMASTER_CACHE_DIR, or beside a SQLite file, or the user's cache for PostgreSQL."""
    from bot.discord_ui.app import render_cache_dir

    assert render_cache_dir("sqlite:////srv/gm/games.sqlite3") == Path("/srv/gm/render-cache")
    assert render_cache_dir("sqlite:///:memory:") is None
    assert render_cache_dir("postgresql://gm@db/gm").name == "gamemaster"
    assert render_cache_dir("postgresql://gm@db/gm", "/var/cache/gm") == Path("/var/cache/gm")
    assert render_cache_dir("sqlite:////srv/gm/games.sqlite3", " OFF ") is None


def test_a_folder_that_cannot_be_written_is_no_fault(tmp_path):
    """A read-only place for the cache: nothing kept, nothing raised (the layer is drawn in
    memory, as without a folder)."""
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    disk.use(blocker / "render-cache")  # cannot be created: a file is in the way
    try:
        disk.store("map-x-en", ["a layer"])
        assert disk.load("map-x-en") is None
        assert not (blocker / "render-cache").exists()
    finally:
        disk.use(None)


def test_zombie_town_palette_and_frames_are_read_back_and_the_boards_are_the_same_bytes(tmp_path, monkeypatch):
    from renderers import zombie_town as zt
    from renderers.zombie_town import art, frame

    views = game_views("zombie_town", 2)  # one English board, one French
    drawn = []
    real = art.draw_board
    monkeypatch.setattr(art, "draw_board", lambda lang: drawn.append(lang) or real(lang))

    def forget() -> None:
        zt.clear_caches()
        frame.palette.cache_clear()
        frame._STATIC.clear()
        drawn.clear()

    try:
        forget()
        plain = [renderers.render(v) for v in views]  # no cache folder
        disk.use(tmp_path)
        for _ in range(2):  # drawn and stored, then read back
            forget()
            assert [renderers.render(v) for v in views] == plain
        assert drawn == []
        assert sorted(p.name.split(".")[0] for p in tmp_path.iterdir()) == [
            "zombie-frame-en", "zombie-frame-fr", "zombie-palette"]
        for path in tmp_path.iterdir():
            path.write_bytes(b"\x80\x05garbage")
        forget()
        assert [renderers.render(v) for v in views] == plain and drawn  # ignored: drawn again
    finally:
        disk.use(None)
        forget()


def test_the_maps_badge_frames_are_read_back_with_the_same_bytes(cache, monkeypatch):
    """The warm-up stores a map's badge frames (supersampled, ~4 ms each); a restart's first
    board reads them instead of drawing them, and draws the same bytes."""
    from renderers.risk_map import canvas

    folder, _ = cache
    made = []
    real = canvas._frame
    spy = lambda *a: made.append(a) or real(*a)  # noqa: E731
    spy.cache_clear = real.cache_clear
    monkeypatch.setattr(canvas, "_frame", spy)

    def forget_badges() -> None:  # the static layers stay (drawn once, ~1 s)
        for held in (canvas._FRAMES, canvas._PARTS, canvas._NEW):
            held.clear()
        real.cache_clear()

    views = game_views(GAME, 2)
    boards = lambda: [renderers.render(v) for v in views]  # noqa: E731
    disk.use(None)
    forget_badges()
    plain = boards()  # no cache folder: drawn, nothing kept
    assert made and not folder.exists()
    disk.use(folder)
    forget_badges()
    assert boards() == plain  # the frames made (the warm-up makes every one), then stored
    from renderers import walking_dead

    with canvas.DRAW_LOCK:
        canvas._keep_parts(walking_dead.map_art("en"))
    assert any(p.name.startswith(f"badges-{GAME}.") for p in folder.iterdir())
    forget_badges()  # a restart
    made.clear()
    assert boards() == plain
    assert made == []  # read from disk, none drawn
    for path in folder.glob("badges-*"):
        path.write_bytes(b"garbage")
    forget_badges()
    assert boards() == plain  # an unreadable file: drawn again
    assert made


def test_risk_express_boards_kept_at_a_stop_are_taken_back_with_the_same_bytes(tmp_path, monkeypatch):
    """What the bot keeps when it stops (the frames as last composed, their pieces): the next
    process's next board of a game in play pastes only what changed, and gives the same
    bytes as a process that drew everything; a file that does not read back is ignored."""
    from renderers import risk_express as rx
    from renderers.risk_express import frame

    views = game_views("risk_express", 8)
    pieces, drawn = [], []
    real = frame._piece
    monkeypatch.setattr(frame, "_piece", lambda *a: pieces.append(a[1]) or real(*a))
    real_base = frame.base_image

    def base_image(*a):
        drawn.append(a[2])
        return real_base(*a)

    base_image.cache_clear = real_base.cache_clear
    monkeypatch.setattr(frame, "base_image", base_image)
    try:
        rx.clear_caches()
        plain = [renderers.render(v) for v in views]  # one process, no cache folder
        disk.use(tmp_path)
        rx.clear_caches()
        assert [renderers.render(v) for v in views[:6]] == plain[:6]  # the process before the stop
        renderers.keep()
        assert [p.name.split(".")[0] for p in tmp_path.glob(f"{frame.KEPT}.*")] == [frame.KEPT]
        rx.clear_caches()  # a restart
        pieces.clear()
        drawn.clear()
        renderers.prepare()
        assert rx.icons.die_icon.entries() and rx.icons.coin_icon.entries()  # the icons taken back
        assert [renderers.render(v) for v in views[6:]] == plain[6:]
        assert len(pieces) <= 3 * 2  # the target, the tray, the header: not every card
        assert drawn == []  # nor the background
        rx.clear_caches()
        pieces.clear()
        assert [renderers.render(v) for v in views[6:]] == plain[6:]  # without them: every card drawn
        assert len(pieces) > 10
        for path in tmp_path.glob(f"{frame.KEPT}.*"):
            path.write_bytes(path.read_bytes()[:1000])  # cut short
        rx.clear_caches()
        renderers.prepare()
        assert [renderers.render(v) for v in views[6:]] == plain[6:]
    finally:
        disk.use(None)
        rx.clear_caches()


def test_a_kept_cache_gives_back_what_it_drew_and_takes_back_another_process_entries():
    from PIL import Image

    from renderers.kit.memo import kept

    calls = []

    @kept(2)
    def icon(size: int, colour: str = "red") -> Image.Image:
        calls.append((size, colour))
        return Image.new("RGB", (size, size), colour)

    a = icon(3)
    assert icon(3) is a and calls == [(3, "red")]  # drawn once
    icon(4), icon(5)  # past maxsize: the least recently used (3) let go
    assert [k for k, _ in icon.entries()] == [(4,), (5,)]
    before = icon.entries()
    icon.cache_clear()
    icon(6)
    icon.take_back(before + [((7,), "not an image")], Image.Image)  # behind what is drawn here
    assert [k for k, _ in icon.entries()] == [(5,), (6,)]
    calls.clear()
    assert icon(5).tobytes() == Image.new("RGB", (5, 5), "red").tobytes() and calls == []


def test_the_maps_panel_pieces_are_read_back_with_the_same_bytes(tmp_path, monkeypatch):
    """A map's panel pieces (its colour lookups, the sprites its panels pasted, keyed by their
    pixels, those icons, the count tiles, the strings laid out) kept by the warm-up or at a stop: the next process's
    first board of the layer reads them instead of making them, and draws the same bytes; a
    file that is not this layer's pieces (garbage, cut short, another layer's, another shape)
    is ignored."""
    from renderers import walking_dead as wd
    from renderers.kit import memo
    from renderers.risk_map import canvas, paint

    views = game_views(GAME, 1)  # an English board (a French one has its own file, the same way)

    def restart() -> None:  # what a new process has: the layers (read from disk), no pieces
        for art in st.built(wd.MAP, wd.DECORATION):
            art.sprites.clear()
        canvas._FRAMES.clear()
        canvas._TILES.clear()
        paint.clear()  # the strings laid out
        for fn in memo.every().values():  # the icons, the count tiles
            fn.cache_clear()

    made = []
    real_quantise, real_tile, real_inks = paint.IndexBox._quantise, canvas.count_tile, paint.Inks.__init__
    monkeypatch.setattr(paint.IndexBox, "_quantise", lambda *a: made.append("sprite") or real_quantise(*a))
    monkeypatch.setattr(canvas, "count_tile", lambda *a: made.append("tile") or real_tile(*a))
    monkeypatch.setattr(paint.Inks, "__init__", lambda *a: made.append("inks") or real_inks(*a))
    real_text = paint._TEXT_DRAW.text
    monkeypatch.setattr(paint._TEXT_DRAW, "text", lambda *a, **k: made.append("text") or real_text(*a, **k))
    try:
        restart()
        plain = [renderers.render(v) for v in views]  # no cache folder
        disk.use(tmp_path)
        restart()
        assert [renderers.render(v) for v in views] == plain
        wd.keep()  # the bot stops
        files = sorted(p.name.split(".")[0] for p in tmp_path.glob("pieces-*"))
        assert files == [f"pieces-{wd.MAP}-en"]
        restart()
        made.clear()
        assert [renderers.render(v) for v in views] == plain  # read back: the same bytes
        assert made == []  # no lookup table, sprite, count tile or string laid out again
        assert canvas.symbol_icon.entries()  # the legend's icons taken back

        def damaged(path) -> list:
            restart()
            made.clear()
            assert [renderers.render(v) for v in views] == plain  # ignored: made again
            return made

        kept = {p: p.read_bytes() for p in tmp_path.glob("pieces-*")}
        for path, data in kept.items():
            path.write_bytes(data[: len(data) // 2])  # cut short
        assert {"inks", "sprite", "tile", "text"} <= set(damaged(path))
        for path in kept:
            path.write_bytes(b"garbage")
        assert {"inks", "sprite", "tile"} <= set(damaged(path))
        (path,) = kept
        other = pickle.loads(kept[path])
        other[2]["palette"] = [0] * 768  # another layer's pieces (its palette): stale
        path.write_bytes(pickle.dumps(other))
        assert "inks" in damaged(path)
        other[2]["palette"] = st.static(wd.MAP, "en", wd.DECORATION).palette
        other[2]["inks"] = "not the tables"  # another shape
        path.write_bytes(pickle.dumps(other))
        assert "inks" in damaged(path)
    finally:
        disk.use(None)
        restart()


def test_the_maps_arrows_are_read_back_with_the_same_bytes(tmp_path, monkeypatch):
    """The warm-up's packed arrows (every border both ways, ~4 s a map to draw) are kept on
    disk: the next process's warm-up reads them instead of drawing them, and a board with an
    attack is the same bytes; a file that does not read back is ignored (drawn again)."""
    from dataclasses import replace

    from renderers import walking_dead as wd
    from renderers.risk_map import arrow, canvas

    art = wd.map_art("en")
    borders = art.meta["borders"][:2]  # two borders (four arrows) stand for the map's
    some = replace(art, meta={**art.meta, "borders": borders})
    view = {**game_views(GAME, 1)[0], "highlight": {"from": borders[0]["a"], "to": borders[0]["b"]}}
    packs = []
    real = canvas.pack_arrows
    monkeypatch.setattr(canvas, "pack_arrows", lambda *a: packs.append(a[1]) or real(*a))
    before = dict(arrow._PACKED)
    try:
        arrow.clear()
        plain = renderers.render(view)  # the arrow drawn for the board
        disk.use(tmp_path)
        arrow.clear()
        canvas._warm_arrows(wd.MAP, some, wd.DECORATION)
        assert len(packs) == 4 and [p.name.split(".")[0] for p in tmp_path.glob("arrows-*")] == [f"arrows-{wd.MAP}"]
        arrow.clear()  # a restart
        packs.clear()
        canvas._warm_arrows(wd.MAP, some, wd.DECORATION)
        assert packs == []  # read back, none drawn
        assert renderers.render(view) == plain
        for path in tmp_path.glob("arrows-*"):
            path.write_bytes(b"garbage")
        arrow.clear()
        canvas._warm_arrows(wd.MAP, some, wd.DECORATION)
        assert len(packs) == 4  # drawn again
        assert renderers.render(view) == plain
    finally:
        disk.use(None)
        arrow.clear()
        arrow._PACKED.update(before)


def test_zombie_town_boards_kept_at_a_stop_are_taken_back_with_the_same_bytes(tmp_path, monkeypatch):
    """Zombie Town's boards as last drawn and their tiles, kept when the bot stops: the next
    process's next board of a game in play draws only the tiles that changed and gives the
    same bytes as a process that drew everything; a file cut short is ignored."""
    import renderers.zombie_town as zt
    from renderers.zombie_town import frame, panels

    views = game_views("zombie_town", 5)
    cut = 3  # the boards the process before the stop drew
    tiles = []
    real = frame.to_palette
    spy = lambda im: tiles.append(im.size) or real(im)  # noqa: E731
    monkeypatch.setattr(frame, "to_palette", spy)
    monkeypatch.setattr(panels, "to_palette", spy)
    from renderers.zombie_town import sprites

    drawn = []  # the sprites drawn (each supersampled and reduced)
    done = sprites._done
    monkeypatch.setattr(sprites, "_done", lambda im, size: drawn.append(size) or done(im, size))

    def restart_and_draw() -> list[bytes]:
        zt.clear_caches()
        tiles.clear()
        drawn.clear()
        return [renderers.render(v) for v in views[cut:]]

    try:
        zt.clear_caches()
        plain = [renderers.render(v) for v in views]  # one process, no cache folder
        without = (restart_and_draw(), len(tiles), len(drawn))
        assert without[0] == plain[cut:]
        disk.use(tmp_path)
        zt.clear_caches()
        assert [renderers.render(v) for v in views[:cut]] == plain[:cut]  # the process before the stop
        renderers.keep()
        assert [p.name.split(".")[0] for p in tmp_path.glob(f"{zt.KEPT}.*")] == [zt.KEPT]
        assert restart_and_draw() == plain[cut:]  # taken back: the same bytes
        assert len(tiles) < without[1] / 2  # only what changed drawn
        assert without[2] > 0 and drawn == []  # the sprites kept with the boards: none drawn again
        for path in tmp_path.glob(f"{zt.KEPT}.*"):
            path.write_bytes(path.read_bytes()[:1000])  # cut short
        assert restart_and_draw() == plain[cut:]
        assert len(tiles) == without[1]
    finally:
        disk.use(None)
        zt.clear_caches()


def test_the_warm_up_draws_no_sample_board_whose_pieces_are_on_disk(tmp_path, monkeypatch):
    """A restart: a language whose panel pieces are on disk gets no sample board from the
    warm-up (its first board reads the pieces back; drawn beside it, the sample held the
    drawing lock and the interpreter); a language without them still gets its own."""
    from renderers import walking_dead as wd
    from renderers.risk_map import canvas

    art = wd.map_art("en")
    drawn: list[str] = []
    monkeypatch.setattr(canvas, "render_map", lambda view, deco: drawn.append(view["lang"]) or b"")
    disk.use(tmp_path)
    try:
        canvas._warm_boards(art, wd.DECORATION)
        assert drawn[:2] == ["en", "fr"] and len(drawn) == 2 + len(wd.DECORATION.warm_views)
        disk.store(f"pieces-{wd.MAP}-en", {"palette": None})
        drawn.clear()
        canvas._warm_boards(art, wd.DECORATION)
        assert drawn == ["fr"]  # the English pieces are on disk; the French are not
        disk.store(f"pieces-{wd.MAP}-fr", {"palette": None})
        drawn.clear()
        canvas._warm_boards(art, wd.DECORATION)
        assert drawn == []
    finally:
        disk.use(None)


def test_zombie_towns_kept_boards_are_taken_back_before_ready(tmp_path, monkeypatch):
    """``renderers.prepare`` (before the bot goes online) takes Zombie Town's kept boards back
    and reads their frames: the first board after ready reads no file, draws only what
    changed, and gives the same bytes; the languages taken back are held in memory."""
    import renderers.zombie_town as zt
    from renderers.zombie_town import frame

    views = game_views("zombie_town", 6)[:3]  # one game's boards in a row, in English
    try:
        zt.clear_caches()
        plain = [renderers.render(v) for v in views]
        disk.use(tmp_path)
        zt.clear_caches()
        renderers.render(views[0])
        renderers.render(views[1])
        renderers.keep()
        zt.clear_caches()  # a restart
        langs = zt.prepare()
        assert langs == ["en"] and frame.taken_languages() == langs
        loads = []
        real = disk.load
        monkeypatch.setattr(disk, "load", lambda name, *a: loads.append(name) or real(name, *a))
        assert renderers.render(views[2]) == plain[2]
        assert loads == [] and frame.taken_languages() == []
    finally:
        disk.use(None)
        zt.clear_caches()
