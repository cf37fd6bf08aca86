"""Every game's board renderer, figure by figure beside its target (issue 12, point 1):
``python bench/bench_render_memory.py [--boards 40] [--starts 3] [--games id,id]``.

The five games' renderers (the registered ones through ``renderers.RENDERERS``, the others,
The Walking Dead and Transformers until they are registered, through their modules
``renderers.<id>``), on views of the engines' own seeded random games (boards of every phase,
English and French alternately):

- **memory** (fresh processes, what the bot has imported before it warms its renderers:
  the engines, Pillow, discord.py, the names), for every game alone and for all five
  together: the RSS a renderer keeps after ``malloc_trim`` once imported, once warmed and
  once it has drawn the boards, and of it the anonymous memory (the renderers' own: images,
  caches, Python objects), beside the target ≤ 50 MB for ALL games' static layers together;
  the rest of the RSS is files mapped: FreeType maps a font file once per face (size), so
  ~2 MB of font files showed as ~16 MB of RSS (the same pages; printed once counted too);
  ``renderers._trim`` (after the warm-up) releases those pages (``kit.text.release_font_pages``),
  so what is counted here is the pages the boards read again since (and the interpreter's own
  files mapped since the start: ~0.1 MB);
  as the bot has them: the layers kept on disk (a cache folder of the process's own, as
  beside the bot's database), the warm-up through ``renderers.warm`` and the boards through
  ``renderers.render``, so the steady state of ``renderers.HELD``: the layers of the 4
  game-and-language pairs last drawn held, the others let go (read back from disk when drawn
  again; in the bot once they have not been drawn for ``renderers.IDLE`` = 60 s, here at
  once); each game's boards drawn in turn, English then French, so the pairs held are the
  last games': measured in both orders (the target for each), and for information with
  every pair held (a bot drawing every game and language within the minute);
  for information the Python heap (``tracemalloc``, in a second process: tracing inflates
  RSS) and the pixel buffers of every live Pillow image (Pillow allocates them outside
  tracemalloc's view);
- **render / floor**: the median CPU time of ``render(view)`` (each view once, in order, as a
  channel's boards are drawn) against the issue's floor (issue 29): the PNG decoded back to
  its image (same mode, same palette) and encoded with ``compress_level=1, optimize=False``,
  alternated view by view — target ≤ 1.5×; for information, the floor with the renderer's
  own settings (each render's ``Image.save`` call caught and replayed);
- **size**: the PNGs' median and largest — target ≤ 400 KB;
- **first board after a start**: fresh processes, ``warm()`` at start-up (before going
  online), then the first board of a new game against the median of the next ones —
  target ≤ 2× (the median of ``--starts`` processes).

CPU time (``time.process_time``) and medians: the machine is shared, wall clock is noise.
Not a test: nothing here fails.
"""

from __future__ import annotations

import argparse
import copy
import io
import json
import statistics
import subprocess
import sys
import time
from importlib import import_module
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

TARGET_MB = 50.0
TARGET_RATIO = 1.5
TARGET_KB = 400.0
TARGET_FIRST = 2.0
GAMES = ("risk_express", "peaky_blinders", "zombie_town", "walking_dead", "transformers")
NAMES = ["Alice", "Bob", "Chloé", "Dmitri the Unstoppable", "Ěva", "Frank"]
PLAYERS = {"risk_express": (4, 3), "peaky_blinders": (5, 3), "zombie_town": (6, 3),
           "walking_dead": (3, 4), "transformers": (4, 2)}
MAX_ACTIONS = 4000  # a long random game (Conquest) is cut: its boards are sampled


def engine(game_id: str) -> Any:
    return import_module(f"bot.rules.{game_id}").GAME


def renderer(game_id: str) -> Any:
    return import_module(f"renderers.{game_id}")


def game_views(game_id: str, boards: int, seed0: int = 0) -> list[dict[str, Any]]:
    """``boards`` public views of seeded random games as a channel sees them: a run of
    consecutive boards from the middle of each game (the caches hold what they would hold
    in play), one game in English, the next in French, and so on."""
    from bot.rules.ai import RandomPolicy
    from bot.rules.play import play_out

    game = engine(game_id)
    out: list[dict[str, Any]] = []
    seed = seed0
    while len(out) < boards:
        n = PLAYERS[game_id][seed % 2]
        seats = [f"s{i}" for i in range(n)]
        steps = [s.after for s in play_out(game, seats, seed, RandomPolicy(), max_actions=MAX_ACTIONS)]
        run = min(len(steps), max(1, boards // 2), boards - len(out))
        start = max(0, len(steps) // 2 - run // 2)
        for state in steps[start:start + run]:
            view = game.view(state, None)
            view["labels"] = dict(zip(seats, NAMES, strict=False))
            view["lang"] = "fr" if (seed - seed0) % 2 else "en"
            out.append(view)
        seed += 1
    return out


# ----------------------------------------------------------------------------- memory

MEMORY = r"""
import ctypes, gc, json, sys, time
sys.path.insert(0, {root!r}); sys.path.insert(0, {bench!r})
import bench_render_memory as b
games = {games!r}
views = {{g: b.game_views(g, {boards}) for g in games}}
import bot.rules, bot.rules.names, renderers  # the bot has these before it warms
try:
    import discord  # noqa: F401  (aiohttp, ssl, hashlib: libraries the bot has loaded)
except ImportError:
    pass
from PIL import Image, ImageDraw, ImageFont, PngImagePlugin
TRACE = {trace}
if TRACE:
    import tracemalloc
    tracemalloc.start()
def rss():  # (all, anonymous) MB resident, after what malloc can hand back
    gc.collect()
    ctypes.CDLL("libc.so.6").malloc_trim(0)
    got = {{}}
    with open("/proc/self/status") as f:
        for line in f:
            k, _, v = line.partition(":")
            got[k] = int(v.split()[0]) / 1024 if k in ("RssAnon", "RssFile", "RssShmem") else 0
    with open("/proc/self/smaps_rollup") as f:  # each page once, however often mapped
        for line in f:
            k, _, v = line.partition(":")
            if k == "Pss_File":
                got[k] = int(v.split()[0]) / 1024
    return got["RssAnon"] + got["RssFile"] + got["RssShmem"], got["RssAnon"], got["Pss_File"]
def heap():
    return tracemalloc.get_traced_memory()[0] / 2**20 if TRACE else 0.0
def images():
    return sum(im.im.size[0] * im.im.size[1] * (1 if im.im.mode in ("P", "L", "1") else 4)
               for im in gc.get_objects() if isinstance(im, Image.Image) and getattr(im, "im", None)
               is not None) / 2**20
out = {{}}
(r0, a0, f0), h0 = rss(), heap()
def at():
    r, a, f = rss()
    return r - r0, a - a0, heap() - h0, f - f0
import shutil, tempfile
cache = tempfile.mkdtemp(prefix="bench-render-cache-")
renderers.use_cache(cache)  # the bot keeps the layers on disk (beside its database)
renderers.IDLE = {idle}  # 0: the pairs past renderers.HELD let go at once (a bot's steady state once they idle)
mods = {{}}
for g in games:
    mods[g] = b.renderer(g)
out["import"] = at()
renderers.warm(games)  # as the bot does after ready (then renderers._trim)
out["warm"] = at()
for g in games:  # through the bot's own call: the pairs past renderers.HELD let go
    for v in views[g]:
        renderers.render(v)
out["boards"] = at()
out["images"] = images()
out["held"] = renderers.held()
shutil.rmtree(cache, ignore_errors=True)
print(json.dumps(out))
"""


def memory(games: tuple[str, ...], boards: int, trace: bool, idle: bool = True) -> dict[str, Any]:
    """``idle``: the pairs past ``renderers.HELD`` idle (let go at once: ``renderers.IDLE =
    0``); else every pair drawn in the last ``renderers.IDLE`` seconds held (all of them
    here: a busy bot drawing every game)."""
    code = MEMORY.format(root=str(ROOT), bench=str(ROOT / "bench"), games=list(games),
                         boards=boards, trace=trace, idle="0.0" if idle else "renderers.IDLE")
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    if res.returncode:
        raise RuntimeError(res.stderr.strip().splitlines()[-1] if res.stderr else "failed")
    return json.loads(res.stdout.strip().splitlines()[-1])


# ----------------------------------------------------------------------------- speed


def caught_saves(render: Any, view: dict[str, Any]) -> list[tuple[Any, dict[str, Any]]]:
    """The images ``render(view)`` encodes and the settings it encodes them with."""
    from PIL import Image

    got: list[tuple[Any, dict[str, Any]]] = []
    real = Image.Image.save

    def save(im, fp, format=None, **params):  # noqa: A002
        got.append((im.copy(), dict(params)))
        return real(im, fp, format, **params)

    Image.Image.save = save
    try:
        render(copy.deepcopy(view))
    finally:
        Image.Image.save = real
    return got


def encode(saves: list[tuple[Any, dict[str, Any]]]) -> None:
    for im, params in saves:
        im.save(io.BytesIO(), "PNG", **params)


def encode_fastest(saves: list[tuple[Any, dict[str, Any]]]) -> None:
    """The issue's floor (issue 29): the same images, same mode, ``compress_level=1``,
    ``optimize=False``."""
    for im, _params in saves:
        im.save(io.BytesIO(), "PNG", compress_level=1, optimize=False)


def cpu_ms(fn: Any, *args: Any) -> float:
    t = time.process_time()
    fn(*args)
    return (time.process_time() - t) * 1000


def versus_floor(render: Any, views: list[dict[str, Any]]
                 ) -> tuple[float, float, float, list[float]]:
    """Each view rendered once, in order (the caches hold what they would in play: a board
    is drawn after the one before it, never twice): the median render, the median of the
    issue's floor (the very PNG decoded back to its image, same mode and palette, encoded
    with ``compress_level=1, optimize=False``, :func:`encode_fastest`) alternated view by
    view (load hits both alike), then the median floor with the renderer's own settings
    (its ``Image.save`` calls caught in a second pass and replayed), all CPU ms; and the
    PNGs' sizes (KB)."""
    from PIL import Image

    times, floors, sizes = [], [], []
    for v in views:
        t = time.process_time()
        png = render(v)
        times.append((time.process_time() - t) * 1000)
        im = Image.open(io.BytesIO(png))
        im.load()
        floors.append(cpu_ms(encode_fastest, [(im, {})]))
        sizes.append(len(png) / 1024)
    own = [cpu_ms(encode, caught_saves(render, v)) for v in views]
    return statistics.median(times), statistics.median(floors), statistics.median(own), sizes


FIRST = r"""
import json, sys, time
sys.path.insert(0, {root!r}); sys.path.insert(0, {bench!r})
import bench_render_memory as b
new = b.opening_views({game!r}, 41, 50)  # a new game: its first board, then the next ones
later = b.game_views({game!r}, 21, 70)  # a game in progress (a restart mid-game)
import bot.rules, bot.rules.names, renderers
mod = b.renderer({game!r})
t = time.process_time(); mod.warm(); renderers._trim(); warm = time.process_time() - t
first_ms = b.cpu_ms(mod.render, new[0])
nxt = sorted(b.cpu_ms(mod.render, v) for v in new[1:])
mid_ms = b.cpu_ms(mod.render, later[0])
mid_nxt = sorted(b.cpu_ms(mod.render, v) for v in later[1:])
print(json.dumps({{"warm": warm * 1000, "first": first_ms, "next": nxt[len(nxt) // 2],
                  "mid": mid_ms, "mid_next": mid_nxt[len(mid_nxt) // 2]}}))
"""


def opening_views(game_id: str, boards: int, seed: int) -> list[dict[str, Any]]:
    """The first ``boards`` public views of a new seeded random game, in English."""
    from bot.rules.ai import RandomPolicy
    from bot.rules.play import play_out

    game = engine(game_id)
    seats = [f"s{i}" for i in range(PLAYERS[game_id][0])]
    p = play_out(game, seats, seed, RandomPolicy(), max_actions=MAX_ACTIONS)
    states = [p.state]
    for step in p:
        states.append(step.after)
        if len(states) >= boards:
            break
    out = []
    for state in states:
        view = game.view(state, None)
        view["labels"] = dict(zip(seats, NAMES, strict=False))
        view["lang"] = "en"
        out.append(view)
    return out


def first_board(game: str) -> dict[str, float]:
    code = FIRST.format(root=str(ROOT), bench=str(ROOT / "bench"), game=game)
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                         check=True)
    return json.loads(res.stdout.strip().splitlines()[-1])


def mark(ok: bool) -> str:
    return "ok" if ok else "MISSED"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--boards", type=int, default=40, help="boards per game")
    ap.add_argument("--starts", type=int, default=3, help="fresh processes for the first board")
    ap.add_argument("--games", default=",".join(GAMES))
    ap.add_argument("--memory-only", action="store_true")
    ap.add_argument("--speed-only", action="store_true")
    ap.add_argument("--together-only", action="store_true", help="memory: all games together only")
    args = ap.parse_args()
    games = tuple(g for g in args.games.split(",") if g)

    if not args.speed_only:
        print(f"Memory (fresh processes; RSS kept after malloc_trim; {args.boards} boards a game)")
        import renderers

        print(f"  (the bot's steady state: the layers of the {renderers.HELD} game-and-language pairs "
              f"last drawn held, the others idle for {renderers.IDLE:.0f} s let go, read back from the "
              f"disk cache when drawn again; each game drawn in turn, English then French)")
        rows = [] if args.together_only else [(g, (g,)) for g in games]
        if len(games) > 1:  # the pairs held are the last games': each order, the worse counts
            rows += [("all together", games), ("all, reversed", games[::-1])]
        for label, gs in rows:
            m = memory(gs, args.boards, False)
            t = memory(gs, args.boards, True) if label != "all, reversed" else None
            kept = m["boards"][0]
            target = f"target ≤ {TARGET_MB:.0f} MB (all games)   {mark(kept <= TARGET_MB)}" \
                if len(gs) > 1 or len(games) == 1 else "(share)"
            print(f"  {label:<15} import {m['import'][0]:5.1f}  warm {m['warm'][0]:5.1f}  "
                  f"+ boards {kept:5.1f} MB RSS   {target}")
            print(f"  {'':<15} held: " + ", ".join(f"{g} {lang}" for g, lang in m["held"]))
            anon = m["boards"][1]
            print(f"  {'':<15} of which anonymous {anon:5.1f} MB   target ≤ {TARGET_MB:.0f} MB   "
                  f"{mark(anon <= TARGET_MB)}" + (f"   (the renderers' own memory: Python heap "
                  f"{t['boards'][2]:.1f} MB, Pillow images {t['images']:.1f} MB)" if t else ""))
            print(f"  {'':<15} and files mapped {kept - anon:5.1f} MB: the font files' pages the boards read "
                  f"since the warm-up released them, once per face")
        if len(games) > 1:
            m = memory(games, args.boards, False, idle=False)
            print(f"  {'every pair held':<15} + boards {m['boards'][0]:5.1f} MB RSS, anonymous "
                  f"{m['boards'][1]:5.1f} MB   (information: a bot drawing every game and language "
                  f"within {renderers.IDLE:.0f} s lets nothing go)")
    if args.memory_only:
        return
    print("Speed (CPU time, medians)")
    for g in games:
        mod = renderer(g)
        mod.warm()
        views = game_views(g, args.boards)
        med, floor1, floor, sizes = versus_floor(mod.render, views)
        big = max(sizes)
        print(f"  {g:<15} render {med:6.1f} ms  floor {floor1:5.1f} ms (compress_level=1, optimize=False) "
              f"= {med / floor1:4.2f}×  target ≤ {TARGET_RATIO}×  {mark(med / floor1 <= TARGET_RATIO)}")
        if floor > 0.05:
            print(f"  {'':<15} floor with the renderer's own settings {floor:5.1f} ms = {med / floor:4.2f}×   "
                  f"(information)")
        else:
            print(f"  {'':<15} (the renderer writes its PNG itself, band by band: kit.png.banded_png)")
        print(f"  {'':<15} PNG median {statistics.median(sizes):4.0f} KB, largest {big:4.0f} KB, "
              f"{sum(sizes) * 1024 / len(sizes):.0f} bytes a board (mean of {len(sizes)})   "
              f"target ≤ {TARGET_KB:.0f} KB  {mark(big <= TARGET_KB)}")
        if args.starts <= 0:
            continue
        starts = [first_board(g) for _ in range(args.starts)]
        fr = statistics.median(s["first"] / s["next"] for s in starts)
        first = statistics.median(s["first"] for s in starts)
        nxt = statistics.median(s["next"] for s in starts)
        warm = statistics.median(s["warm"] for s in starts)
        print(f"  {'':<15} first board {first:6.1f} ms vs next {nxt:5.1f} ms = {fr:4.2f}×  target ≤ "
              f"{TARGET_FIRST:.0f}×  {mark(fr <= TARGET_FIRST)}   (a new game after warm() at start-up, "
              f"{warm:.0f} ms; median of {args.starts} processes)")
        mid = statistics.median(s["mid"] / s["mid_next"] for s in starts)
        print(f"  {'':<15} a game in progress after a restart: its first board "
              f"{statistics.median(s['mid'] for s in starts):6.1f} ms vs next "
              f"{statistics.median(s['mid_next'] for s in starts):5.1f} ms = {mid:4.2f}×   (information)")


if __name__ == "__main__":
    main()
