"""The odds shown in Risk Express and Zombie Town against the engine itself:
``python bench/bench_odds_express_zt.py [--throws 100000] [--positions 20]``.

For each of 20 set positions per game it prints the exact chance the labels show, the rate
the engine gives over simulated throws (the real ``apply`` with a fresh seed each time; in
Zombie Town the hidden order of the combat deck drawn again each time, what the figure
conditions on), and the gap, beside the target: within 0.5 % of 100,000 throws. Then the
time to label a set of choices from a cold cache, beside its target (< 3 ms). Not a test:
nothing here fails CI (the slow tests run a small version).

* Risk Express: a first throw (half the positions with the opponent owning every card: a
  General owed; some a line already filled and fewer dice), the option with the best chance
  filled, then each throw filled with the best line, as the chance assumes; a conquest counts.
* Zombie Town: a fight against a zombie or an attack on a player on the same square, with
  part of the combat deck already drawn (the reshuffle reached in some), bare-handed, the
  starting gun or a pistol (two draws).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import _path  # noqa: F401

from bot.rules import GAMES
from bot.rules.base import clone

TARGET_GAP = 0.005
TARGET_LABELS = 0.003

express = GAMES["risk_express"]
zt = GAMES["zombie_town"]


# -- Risk Express ------------------------------------------------------------------------
def express_position(i: int):
    from bot.rules.risk_express.odds import throw_chances

    state, _ = express.start(["a", "b"], seed=100 + i)
    state = clone(state)
    seat = express.to_move(state)
    if i % 2:  # the opponent owns every card: each one needs a General too
        other = "b" if seat == "a" else "a"
        state["owners"] = {c: other for c in state["owners"]}
    if i % 4 >= 2:  # a line already filled: the attempt goes on with fewer dice
        (card, line, *_), _p = max(throw_chances(state), key=lambda o: o[1])
        state = express.apply(state, seat, {"type": "fill", "card": card, "line": line})[0]
        if express.to_move(state) != seat or state["owners"][card] == seat:
            return express_position(i + 40)
    options = throw_chances(state)
    if not options:
        return express_position(i + 40)
    (card, line, *_), _p = random.Random(i).choice(options)  # any option of the throw, not only the best
    return state, seat, {"type": "fill", "card": card, "line": line}


def express_exact(state, seat, action) -> float:
    from bot.rules.risk_express.odds import view_chance

    return view_chance(express.view(state), action["card"], action["line"])


def express_trial(state, seat, action, seed: int) -> bool:
    from bot.rules.risk_express.odds import throw_chances

    s = dict(state)
    s["rng"] = seed
    card = action["card"]
    while True:
        s = express.apply(s, seat, action)[0]
        if s["owners"][card] == seat:
            return True
        if express.to_move(s) != seat or s.get("attempt") is None or s["attempt"]["card"] != card:
            return False
        (c, line, *_), _p = max(throw_chances(s), key=lambda o: o[1])
        action = {"type": "fill", "card": c, "line": line}


# -- Zombie Town -------------------------------------------------------------------------
def zt_position(i: int):
    state = zt.setup(["ann", "bob", "cat"], {"road_rage": True}, 200 + i)
    while state["phase"] == "deal":
        seat = zt.current(state)
        state, _ = zt.apply(state, seat, zt.default_action(state, seat))
    if state["phase"] != "act":  # e.g. an agenda to redraw first: another seed
        return zt_position(i + 40)
    state = clone(state)
    seat = zt.current(state)
    state["box"] += sum(state["zombies"].values())
    state["zombies"] = {}
    me = state["players"][seat]
    me["pos"] = "E5"
    drawn = (i * 7) % 31  # part of the combat deck drawn already (29-30: the reshuffle is near)
    state["combat_discard"] = state["combat_discard"] + state["combat"][len(state["combat"]) - drawn:]
    state["combat"] = state["combat"][:len(state["combat"]) - drawn]
    if i % 3 == 2:  # a pistol: two cards, the better kept
        me["weapons"].append({"card": "pistol_1", "ammo": 2})
    weapon = ("none", me["weapons"][0]["card"], "pistol_1")[i % 3]
    if i % 2:  # an attack on a player on the same square
        target = next(s for s in state["order"] if s != seat)
        state["players"][target]["pos"] = "E5"
        state["players"][target]["car"] = None
        return state, seat, {"type": "attack", "target": target, "fighter": "self", "weapon": weapon}
    state["box"] -= 1
    state["zombies"]["E5"] = 1
    return state, seat, {"type": "fight", "fighter": "self", "weapon": weapon}


def zt_exact(state, seat, action) -> float:
    from bot.rules.zombie_town.odds import attack_odds, fight_odds

    view = zt.view(state, seat)
    if action["type"] == "fight":
        return fight_odds(view, seat, action["fighter"], action["weapon"])
    return attack_odds(view, seat, action["target"], action["fighter"], action["weapon"])[0]


def zt_trial(state, seat, action, seed: int) -> bool:
    s = clone(state)
    s["rng"] = seed
    deck = list(s["combat"])
    random.Random(seed).shuffle(deck)  # the hidden order, drawn again
    s["combat"] = deck
    _, events = zt.apply(s, seat, action)
    for e in events:
        if e["type"] == "zombie_fight":
            return e["won"]
        if e["type"] == "player_fight":
            return e["winner"] == seat
    raise AssertionError("no fight")


def run(name, position, exact, trial, positions: int, throws: int, first: int = 0) -> int:
    print(f"\n{name}: exact vs {throws:,} simulated throws (target: gap <= {100 * TARGET_GAP:.1f} %)")
    bad = 0
    for i in range(first, positions):
        state, seat, action = position(i)
        p = exact(state, seat, action)
        wins = sum(trial(state, seat, action, 1_000_003 * i + k) for k in range(throws))
        rate = wins / throws
        gap = abs(rate - p)
        bad += gap > TARGET_GAP
        what = f"{action['type']} {action.get('card', action.get('weapon'))} {action.get('line', '')}".strip()
        print(f"  {i:2d} {what:28s} exact {100 * p:7.3f} %  simulated {100 * rate:7.3f} %  "
              f"gap {100 * gap:5.3f} %  {'ok' if gap <= TARGET_GAP else 'OVER'}")
    print(f"  {positions - first - bad}/{positions - first} within {100 * TARGET_GAP:.1f} %")
    return bad


def label_times() -> None:
    """A set of labels from a cold cache: every fill of a first throw (Express), every
    fighter of a fight and every target of an attack (Zombie Town)."""
    from bot.games import presenter
    from bot.rules.risk_express import odds as re_odds
    from bot.rules.zombie_town import odds as zt_odds

    times = {"risk_express": [], "zombie_town": []}
    for i in range(10):
        state, seat, _ = express_position(4 * i)  # a first throw, nothing owned
        legal = express.legal_actions(state, seat)
        re_odds.success.cache_clear()
        start = time.perf_counter()
        view = express.view(state)  # the chances are worked out with the view
        pres = presenter("risk_express")
        [pres.action_label(a, view, "en") for a in legal]
        times["risk_express"].append(time.perf_counter() - start)
        state, seat, _ = zt_position(i)
        legal = [a for a in zt.legal_actions(state, seat) if a["type"] in ("fight", "attack")]
        view = zt.view(state, seat)
        zt_odds.kept.cache_clear()
        start = time.perf_counter()
        pres = presenter("zombie_town")
        for a in legal:
            if a["type"] == "fight":
                pres.action_label(a, view, "en")
            else:
                for target in a["target"]:
                    zt_odds.attack_odds(view, seat, target, a["fighter"], a["weapon"])
        times["zombie_town"].append(time.perf_counter() - start)
    print(f"\nA set of labels from a cold cache (target < {1000 * TARGET_LABELS:.0f} ms; warm: microseconds)")
    for game, found in times.items():
        print(f"  {game:13s} median {1000 * statistics.median(found):6.2f} ms  worst {1000 * max(found):6.2f} ms"
              + ("  (the view's chances, in a worker thread)" if game == "risk_express" else ""))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--throws", type=int, default=100_000, help="simulated throws per position (default: 100000)")
    parser.add_argument("--positions", type=int, default=20, help="positions per game (default: 20)")
    parser.add_argument("--game", choices=("risk_express", "zombie_town", "both"), default="both",
                        help="which game to simulate (default: both)")
    parser.add_argument("--first", type=int, default=0, help="the first position (default: 0)")
    parser.add_argument("--no-labels", action="store_true", help="skip the label timings")
    args = parser.parse_args()
    if not args.no_labels:
        label_times()
    if args.game in ("risk_express", "both"):
        run("Risk Express", express_position, express_exact, express_trial, args.positions, args.throws, args.first)
    if args.game in ("zombie_town", "both"):
        run("Zombie Town", zt_position, zt_exact, zt_trial, args.positions, args.throws, args.first)


if __name__ == "__main__":
    main()
