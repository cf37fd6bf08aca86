"""Benchmark of the Risk-family map renderer on the Peaky Blinders board (issue 12, point 1).

Everything in CPU time (``time.process_time``: the machine is shared), medians, each figure
beside its target:

- **render vs floor**: the median of ``render`` (``renderers.peaky_blinders``) over random
  mid-game views (owners, counts, Crown step and attack arrow differ every call, so no
  per-view cache helps), and the *floor*: the median time to PNG-encode the very same
  output images with the very same settings (each render's ``Image.save`` call is caught
  once, untimed, and replayed: mode, palette, ``compress_level``, ``optimize``). Target:
  render ≤ 1.5 × floor. Also for the French boards, the close-ups and, for information,
  Risk Express (``bench/bench_render_express.py`` is its own bench);
- **size**: the PNGs' median and largest, target ≤ 400 KB;
- **first board after a start**: in fresh processes, ``renderers.warm()`` (after a start:
  the bot runs it after ready, in a worker thread) then the first board, against the next ones: target ≤ 2×;
- **memory**: the process's RSS growth over ``renderers.warm()`` (every game's static
  layers, fonts and sprites), in a fresh process that has imported what the bot imports
  before it (the renderers and the engines, ``bot.rules.names``), after ``malloc_trim``
  (what it keeps, not the transient peak, also shown): target ≤ 50 MB for all games; and
  the map renderer's share, the same over ``renderers.peaky_blinders.warm()`` alone:
  target ≤ 15 MB;
- **first close-up of a region** after a start (it builds the region's layer, once per
  process and language), for information.

Not a test: it never fails.

    .venv/bin/python bench/bench_map_render.py [--runs 60] [--out /tmp/peaky_sample.png]
"""

from __future__ import annotations

import argparse
import copy
import io
import json
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from PIL import Image  # noqa: E402

import renderers  # noqa: E402
from renderers.peaky_blinders import map_art, zoom_regions  # noqa: E402
from renderers.peaky_blinders import render as render_map  # noqa: E402
from renderers.risk_map.static import load_map  # noqa: E402

TARGET_RATIO = 1.5
TARGET_KB = 400.0
TARGET_MP = 1.5
TARGET_FIRST = 2.0
TARGET_MB = 50.0
TARGET_MAP_MB = 15.0


def sample_view(seed: int = 1, players: int = 5, map_id: str = "peaky_blinders") -> dict:
    """A plausible public view: random owners and counts, the Crown somewhere, an attack."""
    rnd = random.Random(seed)
    meta = load_map(map_id)
    gangs = json.loads((ROOT / "data" / map_id / "gangs.json").read_text())["gangs"]
    names = ["Alice", "Bob", "Chloé", "Dmitri", "Eve"]
    factions, labels = {}, {}
    for i, g in enumerate(gangs):
        seat = f"seat-{i + 1}" if i < players else f"neutral:{g['id']}"
        player = seat if i < players else None
        factions[seat] = {"name": g["name"], "leader": g["leader"], "color": g["color"],
                          "player": player, "gang": g["id"]}
        if player:
            labels[seat] = names[i]
    keys = list(factions)
    ids = [t["id"] for t in meta["territories"]]
    territories = {tid: {"owner": rnd.choice(keys), "troops": rnd.choice(
        [1, 1, 2, 3, 4, 5, 7, 9, 12, 18, 25])} for tid in ids}
    src = rnd.choice(ids)
    nbrs = [b["b"] if b["a"] == src else b["a"] for b in meta["borders"] if src in (b["a"], b["b"])]
    return {
        "game": "peaky_blinders", "map": map_id, "turn": rnd.randint(1, 40),
        "phase": rnd.choice(["place", "attack", "battle", "manoeuvre"]),
        "current": keys[rnd.randrange(players)], "labels": labels, "factions": factions,
        "territories": territories,
        "crown": {"step": rnd.randrange(len(meta["crown_route"])),
                  "steps": len(meta["crown_route"])},
        "eliminated": [], "winners": None,
        "highlight": {"from": src, "to": rnd.choice(nbrs)},
    }


def caught_saves(render, view: dict) -> list[tuple[Image.Image, dict[str, Any]]]:
    """The images ``render(view)`` encodes and the settings it encodes them with."""
    got: list[tuple[Image.Image, dict[str, Any]]] = []
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


def encode(saves: list[tuple[Image.Image, dict[str, Any]]]) -> int:
    n = 0
    for im, params in saves:
        buf = io.BytesIO()
        im.save(buf, "PNG", **params)
        n += buf.tell()
    return n


def cpu_ms(fn, *args) -> float:
    t = time.process_time()
    fn(*args)
    return (time.process_time() - t) * 1000


def versus_floor(render, views: list[dict], repeat: int = 1) -> tuple[float, float, list[float]]:
    """Median render and median floor (CPU ms) over ``views``, and the PNGs' sizes (KB);
    render and encode alternate view by view, so load hits both alike."""
    saves = [caught_saves(render, v) for v in views]
    times, floors, sizes = [], [], []
    for _ in range(repeat):
        for v, s in zip(views, saves, strict=True):
            t = time.process_time()
            png = render(v)
            times.append((time.process_time() - t) * 1000)
            floors.append(cpu_ms(encode, s))
            sizes.append(len(png) / 1024)
    return statistics.median(times), statistics.median(floors), sizes


def line(label: str, med: float, floor: float, sizes: list[float] | None = None) -> str:
    r = med / floor
    out = (f"{label:<15}{med:6.1f} ms  floor {floor:5.1f} ms  ratio {r:4.2f}  target ≤ "
           f"{TARGET_RATIO}  {'ok' if r <= TARGET_RATIO else 'MISS'}")
    if sizes:
        out += f"   PNG median {statistics.median(sizes):.0f} KB, max {max(sizes):.0f} KB"
    return out


FRESH = """
import json, resource, sys, time
sys.path.insert(0, %r)
sys.argv = ['bench']
from bench.bench_map_render import sample_view, cpu_ms
import renderers, renderers.peaky_blinders, renderers.risk_express
import bot.rules.names  # the bot has its engines imported before it warms the renderers
from renderers.peaky_blinders import render
views = [sample_view(seed) for seed in range(100, 121)]
def rss():
    with open('/proc/self/statm') as fh:
        return int(fh.read().split()[1]) * resource.getpagesize() / 2**20
import ctypes, gc
def trimmed():
    gc.collect()
    ctypes.CDLL("libc.so.6").malloc_trim(0)  # what warm() keeps, not what it freed
    return rss()
r0 = trimmed()
t = time.process_time(); WARM(); warm = (time.process_time() - t) * 1000
r1 = rss()
r2 = trimmed()
first = cpu_ms(render, views[0])
nxt = sorted(cpu_ms(render, v) for v in views[1:])
zoom = cpu_ms(render, dict(views[1], zoom="england"))
print(json.dumps({"warm": warm, "mb": r1 - r0, "kept": r2 - r0, "first": first,
                  "next": nxt[len(nxt) // 2], "zoom_first": zoom, "rss": r1}))
"""


def fresh_starts(n: int, warm: str = "renderers.warm") -> list[dict[str, float]]:
    """``n`` fresh processes, each timing and measuring ``warm`` then the first boards."""
    out = []
    code = FRESH.replace("WARM()", warm + "()") % str(ROOT)
    for _ in range(n):
        res = subprocess.run([sys.executable, "-c", code], capture_output=True,
                             text=True, check=True, cwd=ROOT)
        out.append(json.loads(res.stdout.strip().splitlines()[-1]))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=60)
    ap.add_argument("--starts", type=int, default=3, help="fresh processes for first/memory")
    ap.add_argument("--out", default="")
    args = ap.parse_args()

    renderers.warm()
    art = map_art()
    w, h = art.size
    mp = w * h / 1e6
    print(f"map            {w}×{h} = {mp:.2f} MP        target ≥ {TARGET_MP} MP   "
          f"{'ok' if mp >= TARGET_MP else 'MISS'}")
    views = [sample_view(seed) for seed in range(args.runs)]
    med, floor, sizes = versus_floor(render_map, views)
    print(line("board", med, floor, sizes))
    kb = max(sizes)
    print(f"PNG size       median {statistics.median(sizes):.0f} KB, max {kb:.0f} KB"
          f"     target ≤ {TARGET_KB:.0f} KB  {'ok' if kb <= TARGET_KB else 'MISS'}")
    fr = [dict(v, lang="fr") for v in views[:20]]
    print(line("French board", *versus_floor(render_map, fr)))
    zooms = [dict(v, zoom=rid) for v in views[:4] for rid in zoom_regions()]
    print(line("close-ups", *versus_floor(render_map, zooms)))
    try:
        from bench.bench_render_express import engine_views
        xv = [v for seed in range(2) for v in engine_views(seed)][:120]
        print(line("Risk Express", *versus_floor(renderers.render, xv)) + "   (info; HD's bench)")
    except Exception as e:  # noqa: BLE001 - information only
        print(f"Risk Express   not measured ({e})")

    starts = fresh_starts(args.starts)
    warm = statistics.median(s["warm"] for s in starts)
    ratio = statistics.median(s["first"] / s["next"] for s in starts)
    first = statistics.median(s["first"] for s in starts)
    nxt = statistics.median(s["next"] for s in starts)
    mb = statistics.median(s["mb"] for s in starts)
    kept = statistics.median(s["kept"] for s in starts)
    print(f"warm()         {warm:.0f} ms CPU once per process, after ready, in a worker thread (the bot answers meanwhile)")
    print(f"first board    {first:.1f} ms after a fresh start + warm(), next ones {nxt:.1f} ms: "
          f"{ratio:.2f}×   target ≤ {TARGET_FIRST:.0f}×  {'ok' if ratio <= TARGET_FIRST else 'MISS'}"
          f"   ({args.starts} starts)")
    print(f"memory         {kept:.1f} MB kept by renderers.warm() (every game's static layers; "
          f"RSS growth after malloc_trim, {mb:.1f} MB before)   target ≤ {TARGET_MB:.0f} MB  "
          f"{'ok' if kept <= TARGET_MB else 'MISS'}")
    mine = fresh_starts(args.starts, "renderers.peaky_blinders.warm")
    kept = statistics.median(s["kept"] for s in mine)
    mb = statistics.median(s["mb"] for s in mine)
    print(f"map share      {kept:.1f} MB kept by renderers.peaky_blinders.warm() alone (the map "
          f"renderer; {mb:.1f} MB before malloc_trim)   target ≤ {TARGET_MAP_MB:.0f} MB  "
          f"{'ok' if kept <= TARGET_MAP_MB else 'MISS'}")
    zf = statistics.median(s["zoom_first"] for s in mine)
    print(f"first close-up {zf:.0f} ms after a fresh start (builds the region's layer, once per "
          f"process and language; the next ones: the close-ups line above)   (info)")
    if args.out:
        Path(args.out).write_bytes(render_map(views[0]))
        print(f"sample         {args.out}")


if __name__ == "__main__":
    main()
