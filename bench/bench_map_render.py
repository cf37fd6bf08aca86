"""Benchmark of the Risk-family map renderer on the Peaky Blinders board.

Prints the median time of the board's ``render`` (``renderers.peaky_blinders``) over random
mid-game views (different owners, counts, Crown step and attack arrow every call, so no
per-view cache helps), the PNG size and the picture's megapixels, beside the targets; the
cost of ``renderers.warm()`` (the static layers, built once at start-up) and of the first
render after it, which must be about what later ones cost; French boards and the
close-ups of each region too.
Not a test: it never fails.

    .venv/bin/python bench/bench_map_render.py [--runs 60] [--out /tmp/peaky_sample.png]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import renderers  # noqa: E402
from renderers.peaky_blinders import map_art, zoom_regions  # noqa: E402
from renderers.peaky_blinders import render as render_map  # noqa: E402
from renderers.risk_map.static import load_map  # noqa: E402

TARGET_MS = 20.0
TARGET_KB = 400.0
TARGET_MP = 1.5


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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=60)
    ap.add_argument("--out", default="")
    args = ap.parse_args()

    t0 = time.perf_counter()
    renderers.warm()
    warm_ms = (time.perf_counter() - t0) * 1000
    art = map_art()
    views = [sample_view(seed) for seed in range(args.runs)]
    t = time.perf_counter()
    render_map(views[0])
    first = (time.perf_counter() - t) * 1000
    times, sizes = [], []
    for v in views[1:]:
        t = time.perf_counter()
        png = render_map(v)
        times.append((time.perf_counter() - t) * 1000)
        sizes.append(len(png) / 1024)
    fr = []
    for v in views[1:21]:
        v = dict(v, lang="fr")
        t = time.perf_counter()
        render_map(v)
        fr.append((time.perf_counter() - t) * 1000)
    zoom, zkb = [], []
    for rid in zoom_regions():
        t = time.perf_counter()
        png = render_map(dict(views[1], zoom=rid))
        zoom.append((time.perf_counter() - t) * 1000)
        zkb.append(len(png) / 1024)
    w, h = art.size
    mp = w * h / 1e6
    med, kb = statistics.median(times), statistics.median(sizes)
    print(f"map            {w}×{h} = {mp:.2f} MP        target ≥ {TARGET_MP} MP   "
          f"{'ok' if mp >= TARGET_MP else 'MISS'}")
    print(f"warm()         {warm_ms:.0f} ms once per process, at start-up (every static layer)")
    print(f"first render   {first:.1f} ms after warm()   (later ones: median {med:.1f})")
    print(f"render median  {med:.1f} ms (p90 {sorted(times)[int(len(times) * .9)]:.1f})"
          f"   target ≤ {TARGET_MS:.0f} ms   {'ok' if med <= TARGET_MS else 'MISS'}")
    print(f"French median  {statistics.median(fr):.1f} ms")
    print(f"close-ups      {statistics.median(zoom):.1f} ms median, {max(zkb):.0f} KB max")
    print(f"PNG median     {kb:.0f} KB (max {max(sizes):.0f})          target ≤ {TARGET_KB:.0f} KB"
          f"  {'ok' if max(sizes) <= TARGET_KB else 'MISS'}")
    if args.out:
        Path(args.out).write_bytes(render_map(views[0]))
        print(f"sample         {args.out}")


if __name__ == "__main__":
    main()
