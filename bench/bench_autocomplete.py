"""Autocomplete benchmark: ``python bench/bench_autocomplete.py``.

Every autocomplete list of every game command, computed for the worst positions we can
build (not ones a game is likely to reach): huge armies everywhere (counts in the
millions, odds for every target), a front where every target has a different size (one
odds question each), a hand of every territory card (the old trade list searched its
subsets: 2.3 s with 22 cards), every attack power kept, a throw of seven dice that fits
every card. Each figure is the slowest of several runs with the odds caches cleared
before each one, printed beside the target: 50 ms per answer (Discord waits 3 s for
all of it, network included, and the answer runs on the bot's one event loop).

What is timed is what the handler computes (:mod:`bot.discord_ui.choices`): the engine's
legal actions, the seat's view and the list (:func:`bot.games.choices.complete`).
Not a test: nothing here fails CI.
"""

from __future__ import annotations

import copy
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.games import presenter  # noqa: E402
from bot.games.choices import complete  # noqa: E402
from bot.rules import GAMES  # noqa: E402
from bot.rules.risk_map import bounded_odds as odds_tables  # noqa: E402

TARGET_MS = 50.0
RUNS = 5
PEAKY = GAMES["peaky_blinders"]
EXPRESS = GAMES["risk_express"]
NAMES = {"a": "Alice", "b": "Bob", "c": "Carol"}


def setup(game, seats, options=None, seed=1):  # noqa: ANN001, ANN201
    return game.setup(list(seats), game.validate_options(options or {}), seed)


def make_current(state: dict, seat: str) -> None:
    """Make it ``seat``'s turn (the turn keys: ``order`` and ``current``, or older ``cur``)."""
    key = "cur" if "cur" in state else "current"
    state[key] = (state.get("order") or state["seats"]).index(seat)


def peaky_hoard(reserve: int = 0) -> dict:
    """Alice holds all but three territories, a million members on each; Bob and Carol a
    million less one; every card in Alice's hand; every attack power kept. With a
    ``reserve`` she is placing; without, attacking."""
    state = setup(PEAKY, "abc")
    order = PEAKY.board.order
    for i, tid in enumerate(order):
        state["owner"][tid] = "b" if i == 10 else "c" if i in (20, 30) else "a"
        state["troops"][tid] = 1_000_000 - (0 if state["owner"][tid] == "a" else 1)
    make_current(state, "a")
    state["phase"] = "place" if reserve else "attack"
    state["reserve"] = reserve
    state["players"]["a"]["hand"] = list(order)
    state["players"]["a"]["powers"] = [{"id": p, "up": True} for p in PEAKY.data.powers
                                       if PEAKY.data.powers[p].effect.startswith("attack")]
    state["traded"] = False
    return state


def peaky_front() -> dict:
    """Alice and Bob alternate along the map, every army a different size up to 150: the
    targets' odds are all different questions."""
    state = setup(PEAKY, "abc")
    for i, tid in enumerate(PEAKY.board.order):
        state["owner"][tid] = "a" if i % 2 else "b"
        state["troops"][tid] = 40 + 3 * i
    make_current(state, "a")
    state["phase"] = "attack"
    state["reserve"] = 0
    return state


def peaky_battle() -> dict:
    """Alice's attack of a million against a million, pending after its first roll."""
    state = peaky_hoard()
    acts = [a for a in PEAKY.legal_actions(state, "a") if a["type"] == "attack"]
    new, _events = PEAKY.apply(state, "a", {"type": "attack", "from": acts[0]["from"], "to": acts[0]["to"]})
    assert new["phase"] == "battle", new["phase"]
    return new


def peaky_two() -> dict:
    state = setup(PEAKY, "ab")
    state["players"][PEAKY.current(state)]["hand"] = list(PEAKY.board.order)
    return state


def express_worst() -> dict:
    """Every card owned by the other player (a General line each), a throw that fits many."""
    state = setup(EXPRESS, "ab")
    seat = EXPRESS.current(state)
    other = next(s for s in state["seats"] if s != seat)
    state["owners"] = {c: other for c in state["owners"]}
    state["locked"] = []
    state["phase"] = "place"
    state["attempt"] = {"card": None, "filled": {}, "set_aside": 0, "general_needed": False,
                        "tray": ["general", "cavalry", "cavalry", "cannon", "cannon", "soldier3", "soldier3"]}
    return state


def cases():  # noqa: ANN201
    placing, hoard, front, battle = peaky_hoard(1_000_000), peaky_hoard(), peaky_front(), peaky_battle()
    two, exp = peaky_two(), express_worst()
    hoard_src = next(a["from"] for a in PEAKY.legal_actions(hoard, "a") if a["type"] == "attack")
    hoard_dst = next(a["to"] for a in PEAKY.legal_actions(hoard, "a") if a["type"] == "attack" and a["from"] == hoard_src)
    moves = [a for a in PEAKY.legal_actions(front, "a") if a["type"] == "manoeuvre"]
    two_seat = PEAKY.current(two)
    neutral = next((a for a in PEAKY.legal_actions(two, two_seat) if a["type"] == "neutral"), None)
    exp_seat = EXPRESS.current(exp)
    yield "peaky place territory (hoard)", "peaky_blinders", placing, "a", "place", "territory", {}
    yield "peaky place count (1,000,000 left)", "peaky_blinders", placing, "a", "place", "count", {}
    yield "peaky trade cards (all 42 cards)", "peaky_blinders", placing, "a", "trade", "cards", {}
    yield "peaky attack from (hoard)", "peaky_blinders", hoard, "a", "attack", "from", {}
    yield "peaky attack to, no origin (front)", "peaky_blinders", front, "a", "attack", "to", {}
    yield "peaky attack to, no origin (hoard)", "peaky_blinders", hoard, "a", "attack", "to", {}
    yield "peaky attack to (hoard, from given)", "peaky_blinders", hoard, "a", "attack", "to", {"from": hoard_src}
    yield "peaky attack count (1,000,000 v 1,000,000)", "peaky_blinders", hoard, "a", "attack", "count", \
        {"from": hoard_src, "to": hoard_dst}
    if moves:
        yield "peaky manoeuvre from (front)", "peaky_blinders", front, "a", "manoeuvre", "from", {}
        yield "peaky manoeuvre to (front)", "peaky_blinders", front, "a", "manoeuvre", "to", {"from": moves[0]["from"]}
    yield "peaky manoeuvre from (hoard)", "peaky_blinders", hoard, "a", "manoeuvre", "from", {}
    yield "peaky manoeuvre to (hoard)", "peaky_blinders", hoard, "a", "manoeuvre", "to", {"from": hoard_src}
    yield "peaky manoeuvre count (hoard)", "peaky_blinders", hoard, "a", "manoeuvre", "count", \
        {"from": hoard_src, "to": PEAKY.board.order[0]}
    yield "peaky power power (battle)", "peaky_blinders", battle, "a", "power", "power", {}
    if neutral:
        yield "peaky neutral first (two players)", "peaky_blinders", two, two_seat, "neutral", "first", {}
        yield "peaky neutral second (two players)", "peaky_blinders", two, two_seat, "neutral", "second", \
            {"first": neutral["territories"][0]}
    yield "express play card (14 cards, General lines)", "risk_express", exp, exp_seat, "play", "card", {}
    yield "express play line (no card yet)", "risk_express", exp, exp_seat, "play", "line", {}
    yield "express play line (card given)", "risk_express", exp, exp_seat, "play", "line", {"card": "usa"}


def time_case(game_id: str, state: dict, seat: str, command: str, option: str, given: dict) -> tuple[float, int]:
    pres = presenter(game_id)
    worst, size = 0.0, 0
    for run in range(RUNS):
        odds_tables._table.cache_clear()
        odds_tables._transitions.cache_clear()
        fresh = copy.deepcopy(state)
        lang = "fr" if run % 2 else "en"
        start = time.perf_counter()
        game = GAMES[game_id]
        legal = game.legal_actions(fresh, seat)
        out = complete(pres.choices, command, option, legal, game.view(fresh, seat), given, "", lang, NAMES)
        worst = max(worst, time.perf_counter() - start)
        size = len(out)
    return worst * 1000, size


def main() -> None:
    print(f"Autocomplete, slowest of {RUNS} cold runs per list (target ≤ {TARGET_MS:.0f} ms):")
    overall = 0.0
    for label, game_id, state, seat, command, option, given in cases():
        ms, size = time_case(game_id, state, seat, command, option, given)
        overall = max(overall, ms)
        mark = "ok" if ms <= TARGET_MS else "SLOW"
        print(f"  {label:<46} {ms:7.2f} ms  ({size:2d} choices)  {mark}")
    print(f"Worst answer: {overall:.2f} ms (target ≤ {TARGET_MS:.0f} ms) — "
          f"{'within' if overall <= TARGET_MS else 'OVER'} target")


if __name__ == "__main__":
    main()
