"""Pillow renderers: a game's public view → PNG bytes. Pure and deterministic.

One line per game in ``RENDERERS`` (game id → module path, imported on first use); nothing
else here names a game. Every renderer module keeps the same small protocol:

- ``render(view) -> bytes``: the picture; ``view["lang"]`` ("en" or "fr") picks the
  language of every word on the board, and a map game takes ``view["zoom"] = <region id>``
  for a close-up;
- ``zoom_regions() -> list[str]``: the region ids ``view["zoom"]`` takes (none for a game
  without a map);
- ``seat_styles(view) -> {seat: (rgb, shape)}`` (optional): each seat's colour and symbol as
  the board draws them (a map game's factions); without it, the kit's player colours in
  seat order (:func:`seat_styles`);
- ``warm()``: build every static layer and palette now. The bot calls :func:`warm` in a
  worker thread once it is online (it answers commands meanwhile). A board asked for
  meanwhile does not wait for the warming: it builds the layers it needs itself (each is
  built once, under its cache's lock: whichever asks first builds it, the other waits for
  that one layer), and warming never holds the drawing lock for long (a renderer's
  ``warm`` takes it a step at a time: a language's layer, a territory's badges, a board).

The maps' static layers and badge frames and Risk Express's and Zombie Town's palettes and
frames are also kept on disk when the bot says where (:func:`use_cache`:
``GAMEMASTER_CACHE_DIR``, else beside its database; :mod:`renderers.kit.disk`), keyed by the
hash of the data files and the drawing code: a restart reads them back (the same pixels)
instead of drawing them. A renderer may also keep what it drew for the games in play when the
bot stops (``keep()``, Risk Express's boards as last composed and their icons) and take it
back before the next start goes online (``prepare()``): :func:`keep`, :func:`prepare`.

Memory (issue 29): the layers of the :data:`HELD` game-and-language pairs last drawn stay in
memory, and those of any pair drawn in the last :data:`IDLE` seconds; a renderer's ``release(lang)`` lets go of another pair's (``release(None)``: of what
the game's languages share, once none of them is held), which its next board reads back from
the disk (the same pixels): only when the layers are kept on disk, and after the warm-up for
the pairs it built that no board drew since (:func:`_trim`).
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable
from importlib import import_module
from types import ModuleType
from typing import Any

RENDERERS = {
    "risk_express": "renderers.risk_express",
    "peaky_blinders": "renderers.peaky_blinders",
    "zombie_town": "renderers.zombie_town",
    "walking_dead": "renderers.walking_dead",
    "transformers": "renderers.transformers",
}


def _renderer(game_id: str) -> ModuleType:
    return import_module(RENDERERS[game_id])


# game id → held while warm() builds that game's layers; the games done
_WARMING: dict[str, threading.Lock] = {game_id: threading.Lock() for game_id in RENDERERS}
_WARM: set[str] = set()


# The game-and-language pairs whose layers stay in memory: the HELD last drawn, and any drawn
# in the last IDLE seconds (a busy bot's games are never read back on every board). An
# operator's bot draws a few games at a time; a pair let go costs its next board ~10-40 ms
# more (its layers read back from disk, Risk Express's board composed again): at most once
# per IDLE seconds for a pair that comes back.
HELD = 4
IDLE = 60.0
_RECENT: OrderedDict[tuple[str, str], float] = OrderedDict()  # pair → when last drawn, least recent first
_RECENT_LOCK = threading.Lock()
_clock = time.monotonic


def render(view: dict[str, Any]) -> bytes:
    """The board of ``view["game"]`` as PNG bytes (its renderer builds the layers it needs
    and has not yet: a board drawn while :func:`warm` runs waits for no other game's, and
    the warm-up pauses meanwhile: ``kit.warm_step``). The least recent pair's layers are
    let go past :data:`HELD` (:func:`release`)."""
    from renderers.kit import drawing_board

    with drawing_board():
        png = _renderer(view["game"]).render(view)
    _drawn(view["game"], str(view.get("lang") or "en"))
    return png


def _drawn(game_id: str, lang: str) -> None:
    """``(game_id, lang)`` drawn now: the most recent pair; past :data:`HELD`, the least
    recent ones not drawn for :data:`IDLE` seconds released."""
    now = _clock()
    with _RECENT_LOCK:
        key = (game_id, lang)
        _RECENT[key] = now
        _RECENT.move_to_end(key)
        out = []
        while len(_RECENT) > HELD:
            pair, when = next(iter(_RECENT.items()))
            if now - when < IDLE:  # drawn lately: kept (the later ones too)
                break
            out.append(_RECENT.popitem(last=False)[0])
    if out:
        release(out)


def held() -> list[tuple[str, str]]:
    """The pairs whose layers stay in memory, least recent first."""
    with _RECENT_LOCK:
        return list(_RECENT)


def release(pairs: Iterable[tuple[str, str]]) -> bool:
    """Let go of the layers of ``pairs`` (game id, language) not among the pairs held, and
    of a game's shared ones when none of its languages is held, then hand the memory back
    to the system: they are read back from the disk by the next board that needs them. Only
    when the layers are kept on disk (drawn again they would cost up to a second). Whether
    anything was asked of the renderers."""
    from renderers.kit import DRAW_LOCK, disk

    if disk.directory() is None:
        return False
    keep = set(held())
    pairs = [p for p in dict.fromkeys(pairs) if p not in keep and p[0] in RENDERERS]
    if not pairs:
        return False
    with DRAW_LOCK:
        for game_id, lang in pairs:
            own = getattr(_renderer(game_id), "release", None)
            if own is not None:
                own(lang)
        for game_id in dict.fromkeys(g for g, _ in pairs):
            own = getattr(_renderer(game_id), "release", None)
            if own is not None and not any(g == game_id for g, _ in keep):
                own(None)
    _malloc_trim()
    return True


def use_cache(directory: Any) -> None:
    """Keep the maps' static layers on disk in ``directory`` (a path; ``None``: nowhere)."""
    from renderers.kit import disk

    disk.use(directory)


def prepare() -> None:
    """Import every renderer and hash the sources the disk's layers are keyed by, now, and
    take back what the renderers kept of their boards (:func:`keep`): the bot does it before
    going online (~0.1–0.2 s, while nothing else runs), so that the first board after ready
    pays none of it (a renderer's import took 40–100 ms of it)."""
    from PIL import Image

    from renderers.kit import disk

    for game_id in RENDERERS:
        _renderer(game_id)
    Image.preinit()  # Pillow's image formats, which its first save registers (~7 ms)
    if disk.directory() is not None:
        disk.source_key()
        for game_id in RENDERERS:  # the boards as last composed by the process before
            own = getattr(_renderer(game_id), "prepare", None)
            langs = own() if own is not None else None
            with _RECENT_LOCK:  # held, as the least recent: the warm-up leaves them
                for lang in reversed(list(langs or ())):
                    if (game_id, lang) not in _RECENT and len(_RECENT) < HELD:
                        _RECENT[(game_id, lang)] = _clock()
                        _RECENT.move_to_end((game_id, lang), last=False)


def keep() -> None:
    """What a renderer keeps of the boards it drew for the next process (the bot stops):
    a restart's first board of a game in play then costs what its next board would have."""
    from renderers.kit import disk

    if disk.directory() is None:
        return
    for game_id in RENDERERS:
        own = getattr(_renderer(game_id), "keep", None)
        if own is not None:
            own()


def seat_styles(view: dict[str, Any]) -> dict[str, tuple[tuple[int, int, int], str]]:
    """Each seat's colour (RGB) and symbol (a shape name) as the game's board shows them:
    the chart of a game's story draws each player's line with these."""
    own = getattr(_renderer(view["game"]), "seat_styles", None)
    if own is not None:
        return dict(own(view))
    from renderers.kit import PLAYER_COLORS

    seats = list(view.get("seats") or view.get("players") or [])
    return {s: (PLAYER_COLORS[i % len(PLAYER_COLORS)].fill, PLAYER_COLORS[i % len(PLAYER_COLORS)].shape)
            for i, s in enumerate(seats)}


def zoom_regions(game_id: str) -> list[str]:
    """The region ids ``view["zoom"]`` (``/game board zoom:``) takes; none for a game
    without a map."""
    if game_id not in RENDERERS:
        return []
    return list(_renderer(game_id).zoom_regions())


def warm(games: list[str] | tuple[str, ...] | None = None, *, stop: Callable[[], bool] | None = None,
         again: bool = True) -> None:
    """Build ``games``' static layers (every game's by default: each map in each language,
    Risk Express's palettes), so no player waits for them: 5–13 s of CPU for all five on a
    loaded machine, which is why the bot runs it in a worker thread after it is online.
    Safe to call twice or from threads; ``again=False`` leaves the games this process has
    warmed already (the bot's warm-up: the layers of a game are built once per process
    unless a test forgets them). ``stop()`` true between two games ends it early (a bot
    shutting down). Then hands back to the system what building them freed (the drawing's
    full-size RGBA intermediates), so the process keeps only the layers."""
    for game_id in RENDERERS if games is None else games:
        if stop is not None and stop():
            break
        warm_game(game_id, again=again)
    _trim()


def warm_game(game_id: str, *, again: bool = True) -> None:
    """Build one game's static layers (with ``again=False``, not if this process did; a call
    from another thread meanwhile waits for the one under way)."""
    if not again and game_id in _WARM:
        return
    with _WARMING[game_id]:
        if again or game_id not in _WARM:
            _renderer(game_id).warm()
            _WARM.add(game_id)


def is_warm(game_id: str) -> bool:
    return game_id in _WARM


def _trim() -> None:
    import gc

    from renderers.words import LANGS

    # what the warm-up built and no board drew since: on disk now, read back when drawn
    release((g, lang) for g in RENDERERS for lang in LANGS)
    gc.collect()
    _malloc_trim()
    from renderers.kit.text import release_font_pages

    release_font_pages()  # the font files' pages the warm-up read once (read again when used)


def _malloc_trim() -> None:
    """Hand back to the system what the process freed (glibc keeps freed memory otherwise)."""
    try:
        import ctypes

        ctypes.CDLL("libc.so.6").malloc_trim(0)
    except (OSError, AttributeError):  # not glibc: nothing to do
        pass
