"""The engine contract, over every registered game, player count and option that changes
the game: seeded random play (``play_out`` with ``RandomPolicy``), checked at sampled steps.

- the state is JSON and survives a round trip exactly;
- ``replay(seats, options, seed, log)`` rebuilds the state bit for bit;
- a refused action (not your turn, not seated, junk, game over) changes nothing;
- secrets go through one door: ``view(state, seat)`` and ``events_for(events, seat)``. No
  public view, no other seat's view, no public or other seat's event, no public narration
  or status carries a seat's secret.

How secrets are checked. Views: every secret part of the state (listed per game in
``SECRETS``) is changed to another value the game could hold; the public view, every other
seat's view and the public status text must not change (the owner's view must, where the
owner may see it). Events: every leaf of a seat's ``private`` part is replaced by a marker;
no marker may reach ``events_for(events, None)``, another seat's ``events_for`` or the
narration in English and French, and no public field of an event may repeat a private value.
``test_the_checker_catches_*`` plant leaks and show the checks fail on them.
"""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from bot.games import presenter
from bot.rules import GAMES
from bot.rules.ai import RandomPolicy
from bot.rules.base import MAX_TIMEOUTS, SYSTEM, Game, RuleError, State, canonical, clone
from bot.rules.compact import accepts
from bot.rules.events import events_for
from bot.rules.play import play_out
from tests.games.tf_secrets import TF_SECRETS, team_sees
from tests.games.wd_secrets import WD_SECRETS
from tests.rules.zombie_town.zt_secrets import ZT_SECRETS

SEEDS = (1, 7)
SAMPLES = 12  # steps checked in full per game (the first, the last and evenly between)
MAX_STEPS = 250  # a longer game (no Crown: until one gang holds the map) is checked this far
LANGS = ("en", "fr")

# -- what is secret, per game ----------------------------------------------------------------
# A perturbation changes one secret of ``seat`` (or of nobody: ``seat`` None) in a copy of the
# state to another value the game could hold; ``None`` when there is nothing to change now.
# ``owner_sees``: whether the owner's own view shows that secret (so must change with it).
Perturb = Callable[[Game, State, "str | None", random.Random], "State | None"]


def _rng(game: Game, state: State, seat: str | None, r: random.Random) -> State | None:
    """The generator's state: the dice to come, nobody's to know."""
    new = clone(state)
    new["rng"] = (state["rng"] + 1 + r.randrange(1 << 32)) & ((1 << 64) - 1)
    return new


def _pb_hand(game: Game, state: State, seat: str | None, r: random.Random) -> State | None:
    hand = state["players"][seat]["hand"]
    if not hand:
        return None
    others = sorted(set(game.data.razors) - set(hand))  # type: ignore[attr-defined]
    new = clone(state)
    new["players"][seat]["hand"] = [r.choice(others) for _ in hand]
    return new


def _pb_missions(game: Game, state: State, seat: str | None, r: random.Random) -> State | None:
    missions = state["players"][seat]["missions"]
    if all(m["done"] for m in missions):
        return None
    mine = {m["id"] for m in missions}
    others = sorted(set(game.data.missions) - mine)  # type: ignore[attr-defined]
    new = clone(state)
    for m in new["players"][seat]["missions"]:
        if not m["done"]:
            m["id"] = r.choice(others)
    return new


def _pb_face_down(game: Game, state: State, seat: str | None, r: random.Random) -> State | None:
    powers = state["players"][seat]["powers"]
    if all(p["up"] for p in powers):
        return None
    others = sorted(set(game.data.powers) - {p["id"] for p in powers})  # type: ignore[attr-defined]
    new = clone(state)
    for p in new["players"][seat]["powers"]:
        if not p["up"]:
            p["id"] = r.choice(others)
    return new


def _pb_defence(game: Game, state: State, seat: str | None, r: random.Random) -> State | None:
    current = game.defence_order(state, seat)  # type: ignore[attr-defined]
    new = clone(state)
    new["players"][seat]["defence"] = r.choice([o for o in ("always", "save", "never") if o != current])
    return new


def _pb_deck(game: Game, state: State, seat: str | None, r: random.Random) -> State | None:
    """The order of the territory deck (the public sees its size)."""
    if len(set(state["deck"])) < 2:
        return None
    new = clone(state)
    while new["deck"] == state["deck"]:
        r.shuffle(new["deck"])
    return new


def _pb_rewards(game: Game, state: State, seat: str | None, r: random.Random) -> State | None:
    """The reward cards under the neutral gangs (the public sees how many)."""
    if not any(state["neutral_rewards"].values()):
        return None
    cards = sorted(game.data.razors)  # type: ignore[attr-defined]
    new = clone(state)
    for gang, rewards in new["neutral_rewards"].items():
        new["neutral_rewards"][gang] = [r.choice([c for c in cards if c != x]) for x in rewards]
    return new


# game id → (keys the owner's view adds to the public one, [(name, perturb, per seat?, owner sees?)])
SECRETS: dict[str, tuple[set[str], list[tuple[str, Perturb, bool, bool]]]] = {
    "risk_express": (set(), [("rng", _rng, False, False)]),  # open information: dice to come only
    "peaky_blinders": ({"you"}, [
        ("rng", _rng, False, False),
        ("deck order", _pb_deck, False, False),
        ("neutral reward cards", _pb_rewards, False, False),
        ("territory cards in hand", _pb_hand, True, True),
        ("missions not completed", _pb_missions, True, True),
        ("face-down powers", _pb_face_down, True, False),  # nobody looks at them, not even the owner
        ("defence order", _pb_defence, True, True),
    ]),
    "zombie_town": ZT_SECRETS,  # tests/rules/zombie_town/zt_secrets.py
    "walking_dead": WD_SECRETS,  # tests/games/wd_secrets.py
    "transformers": TF_SECRETS,  # tests/games/tf_secrets.py
}

# game id → who besides a secret's owner may see it (state, owner → seats): the teammate in
# Transformers' team game (its hand and standing orders are shared); nobody in any other game,
# whose check stays exactly as strict.
SEES: dict[str, Callable[[State, str], set[str]]] = {
    "transformers": team_sees,
}


def sees(game: Game, state: State, owner: str | None) -> set[str]:
    """The seats other than ``owner`` allowed to see ``owner``'s secret (none for a shared secret)."""
    rule = SEES.get(game.id)
    return rule(state, owner) if rule is not None and owner is not None else set()


def test_every_game_lists_its_secrets() -> None:
    assert set(SECRETS) == set(GAMES)


# -- the checks --------------------------------------------------------------------------------
def seat_names(n: int) -> list[str]:
    return [f"seat{i}" for i in range(n)]


def names_for(seats: list[str]) -> dict[str, str]:
    return {s: f"Player {s}" for s in seats}


def public_texts(game: Game, state: State, names: dict[str, str]) -> list[str]:
    """The public status and prompt: presenters read the public view, as the Discord layer gives it."""
    pres = presenter(game.id)
    public = game.view(state, None)
    return [f(public, names, lang) for lang in LANGS for f in (pres.status, pres.prompt)]


def hand_texts(game: Game, state: State, seat: str, names: dict[str, str]) -> list[str]:
    """What ``/game hand`` tells ``seat`` (only them): its presenter reads ``seat``'s own view."""
    return [presenter(game.id).hand(game.view(state, seat), seat, names, lang) for lang in LANGS]


def view_leaks(game: Game, state: State, r: random.Random,
               view: Callable[[State, str | None], dict[str, Any]] | None = None) -> list[str]:
    """Where a secret of the state shows in a view it must not (empty: none): the public view,
    another seat's view, the public status and prompt, another seat's ``/game hand``."""
    view = view or game.view
    seats = list(state["seats"])
    names = names_for(seats)
    hands = {s: hand_texts(game, state, s, names) for s in seats}
    own_keys, perturbs = SECRETS[game.id]
    problems: list[str] = []
    public = view(state, None)
    json.dumps(public, allow_nan=False)
    views = {s: view(state, s) for s in seats}
    for s, v in views.items():
        extra = set(v) - set(public)
        if extra - own_keys or set(public) - set(v):
            problems.append(f"{s}'s view keys differ from the public ones by {sorted(extra ^ (set(public) - set(v)))}, "
                            f"not only {sorted(own_keys)}")
        for k in set(public) & set(v):
            if v[k] != public[k]:
                problems.append(f"{s}'s view differs from the public one at {k!r}")
    texts = public_texts(game, state, names)
    for what, perturb, per_seat, owner_sees in perturbs:
        for owner in seats if per_seat else [None]:
            changed = perturb(game, state, owner, r)
            if changed is None:
                continue
            if view(changed, None) != public:
                problems.append(f"the public view shows {what} of {owner or 'nobody'}")
            allowed = sees(game, state, owner)
            for s in seats:
                if s != owner and s not in allowed and view(changed, s) != views[s]:
                    problems.append(f"{s}'s view shows {what} of {owner or 'nobody'}")
                if s != owner and s not in allowed and hand_texts(game, changed, s, names) != hands[s]:
                    problems.append(f"{s}'s /game hand shows {what} of {owner or 'nobody'}")
            if owner is not None and owner_sees and view(changed, owner) == views[owner]:
                problems.append(f"{owner}'s own view does not show their {what}")
            if public_texts(game, changed, names) != texts:
                problems.append(f"the public status or prompt shows {what} of {owner or 'nobody'}")
    return problems


def _leaves(value: Any, path: tuple = ()) -> Iterator[tuple[tuple, Any]]:
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _leaves(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _leaves(v, (*path, i))
    else:
        yield path, value


def _parts(value: Any) -> Iterator[Any]:
    """``value`` and every list and dict inside it."""
    yield value
    if isinstance(value, dict):
        for v in value.values():
            yield from _parts(v)
    elif isinstance(value, list):
        for v in value:
            yield from _parts(v)


def _taint(value: Any, mark: str, counter: list[int]) -> Any:
    if isinstance(value, dict):
        return {k: _taint(v, mark, counter) for k, v in value.items()}
    if isinstance(value, list):
        return [_taint(v, mark, counter) for v in value]
    counter[0] += 1
    return f"{mark}{counter[0]}-"


def event_leaks(game: Game, events: list[dict[str, Any]], seats: list[str],
                filt: Callable[[list[dict[str, Any]], str | None], list[dict[str, Any]]] | None = None) -> list[str]:
    """Where a seat's private part of ``events`` reaches someone else (empty: nowhere)."""
    filt = filt or game.events_for
    names = names_for(seats)
    pres = presenter(game.id)
    problems: list[str] = []
    json.dumps(events, allow_nan=False)
    owners = sorted({s for ev in events for s in (ev.get("private") or {})})
    for ev in events:
        private = ev.get("private")
        if private is None:
            continue
        if not isinstance(private, dict) or not set(private) <= set(seats):
            problems.append(f"{ev['type']}: a private part not keyed by seat: {private!r}")
            continue
        secret_parts = [p for part in private.values() for p in _parts(part)
                        if isinstance(p, (list, dict)) and p]
        for k, v in ev.items():
            if k != "private" and any(p in secret_parts for p in _parts(v)):
                problems.append(f"{ev['type']}: public field {k!r} repeats a private value")
    for owner in owners:
        mark = f"SECRET-MARK-{owner}-"
        counter = [0]
        tainted = [{**ev, "private": {**ev["private"], owner: _taint(ev["private"][owner], mark, counter)}}
                   if owner in (ev.get("private") or {}) else ev for ev in events]
        if counter[0] == 0:
            continue  # nothing but empty parts
        public = filt(tainted, None)
        if mark in json.dumps(public):
            problems.append(f"the public events show {owner}'s private part")
        for lang in LANGS:
            if mark in "\n".join(pres.narrate(public, names, lang)):
                problems.append(f"the {lang} narration shows {owner}'s private part")
            if mark in "\n".join(pres.narrate(tainted, names, lang)):  # handed the raw events by mistake
                problems.append(f"the {lang} narration of the raw events shows {owner}'s private part")
        for s in seats:
            seen = json.dumps(filt(tainted, s))
            if s != owner and mark in seen:
                problems.append(f"{s}'s events show {owner}'s private part")
            if s == owner and mark not in seen:
                problems.append(f"{owner}'s own events do not show their private part")
    return problems


JUNK: list[Any] = [None, "roll", 5, [], {}, {"type": None}, {"type": "no_such_move"}, {"type": 7},
                   {"type": "x" * 10_000}]


def refusal_problems(game: Game, state: State, action: dict[str, Any], seat: str) -> list[str]:
    """Refused actions must raise ``RuleError`` and leave the state as it was."""
    before = canonical(state)
    attempts: list[tuple[str, Any]] = [("nobody-seated", action), *[(seat, junk) for junk in JUNK],
                                       (seat, {**action, "no_such_part": 1})]
    attempts += [(s, action) for s in state["seats"]
                 if s not in game.to_act(state) and action["type"] not in game.anytime_actions]
    problems = []
    for who, act in attempts:
        try:
            game.apply(state, who, act)
        except RuleError:
            pass
        except Exception as exc:  # noqa: BLE001 - any other crash is the finding
            problems.append(f"{who} {str(act)[:60]}: {type(exc).__name__}: {exc}")
        else:
            problems.append(f"{who} {str(act)[:60]} was accepted")
        if canonical(state) != before:
            problems.append(f"{who} {str(act)[:60]} changed the state")
            break
    for junk in (None, {}, {"type": "no_such_move"}, {"type": "kick", "seat": "nobody-seated"}):
        try:
            game.apply_system(state, junk)  # type: ignore[arg-type]
        except RuleError:
            pass
        except Exception as exc:  # noqa: BLE001
            problems.append(f"system {junk}: {type(exc).__name__}: {exc}")
        else:
            problems.append(f"system {junk} was accepted")
        if canonical(state) != before:
            problems.append(f"system {junk} changed the state")
            break
    return problems


# -- the games -------------------------------------------------------------------------------
def variants(game: Game) -> list[dict[str, Any]]:
    """The defaults, then each option set to each other value it offers."""
    out: list[dict[str, Any]] = [{}]
    for opt in game.options:
        values = (True, False) if opt.kind == "bool" else opt.choices
        out += [{opt.name: v} for v in values if v != opt.default]
    return out


NAMED = [
    (gid, n, opts, f"{gid}-{n}p-" + ("-".join(f"{k}={v}" for k, v in opts.items()) or "default"))
    for gid, game in GAMES.items()
    for opts in variants(game)
    for n in game.players(opts)  # a mode may narrow the counts (The Walking Dead)
]
# Every case with every seed; the README's run takes one seed a case, the seeds alternating
# from case to case (so each seed still meets every game), the other seeds are ``-m slow``.
SEEDED = [
    pytest.param(gid, n, opts, seed, id=f"{seed}-{name}",
                 marks=() if seed == SEEDS[i % len(SEEDS)] else pytest.mark.slow)
    for i, (gid, n, opts, name) in enumerate(NAMED)
    for seed in SEEDS
]
CASES = [pytest.param(gid, n, opts, id=name) for gid, n, opts, name in NAMED]


@pytest.mark.parametrize(("game_id", "players", "options", "seed"), SEEDED)
def test_contract(game_id: str, players: int, options: dict[str, Any], seed: int) -> None:
    game = GAMES[game_id]
    seats = seat_names(players)
    r = random.Random(f"{game_id}-{players}-{options}-{seed}")
    playout = play_out(game, seats, seed, RandomPolicy(), options)
    start = playout.start
    problems: list[str] = []
    problems += view_leaks(game, start, r)
    problems += event_leaks(game, game.opening_events(start), seats)
    steps = list(itertools.islice(playout, MAX_STEPS))
    assert steps and (len(steps) == MAX_STEPS or game.outcome(playout.state) is not None)
    picked = set(range(0, len(steps), max(1, len(steps) // SAMPLES))) | {len(steps) - 1}
    replay_at = set(sorted(picked)[:: max(1, len(picked) // 3)]) | {len(steps) - 1}
    log = playout.log
    for i, (before, seat, action, after, events) in enumerate(steps):
        problems += [f"step {i}: {p}" for p in event_leaks(game, events, seats)]
        if i not in picked:
            continue
        text = json.dumps(after, allow_nan=False)
        assert json.loads(text) == after and canonical(json.loads(text)) == canonical(after), f"step {i}: JSON"
        if i in replay_at:
            replayed = game.replay(seats, options, seed, log[: i + 1], playout.picks)
            assert canonical(replayed) == canonical(after), f"step {i}: replay differs"
        problems += [f"step {i}: {p}" for p in refusal_problems(game, before, action, seat)]
        problems += [f"step {i}: {p}" for p in view_leaks(game, after, r)]
    final = playout.state
    for s in [*seats, SYSTEM] if game.outcome(final) is not None else []:
        try:
            game.apply(final, s, {"type": "no_such_move"})
        except RuleError:
            continue
        problems.append(f"{s} played after the end")
    assert not problems, "\n".join(problems[:20])


def test_public_events_is_events_for() -> None:
    """Peaky's ``public_events`` (its tests use it) filters exactly like ``events_for``."""
    from bot.rules.peaky_blinders.game import public_events

    events = [{"type": "draw", "seat": "a", "count": 1, "private": {"a": {"cards": ["london"]}}},
              {"type": "turn", "seat": "b"},
              {"type": "defence_order", "seat": "b", "private": {"b": {"order": "save"}}}]
    for seat in (None, "a", "b", "c"):
        assert public_events(events, seat) == events_for(events, seat) == GAMES["peaky_blinders"].events_for(events, seat)
    assert events_for(events, "a")[0] == {"type": "draw", "seat": "a", "count": 1, "mine": {"cards": ["london"]}}
    assert all("private" not in ev and "mine" not in ev for ev in events_for(events, None))


# -- the checker catches planted leaks ---------------------------------------------------------
def _peaky_midgame() -> tuple[Game, State, list[str]]:
    """A Peaky game some turns in, the first seat given two cards from the deck."""
    game = GAMES["peaky_blinders"]
    seats = seat_names(3)
    playout = play_out(game, seats, 3, RandomPolicy())
    state = next(step.after for i, step in enumerate(playout) if i == 20)
    state = clone(state)
    state["players"][seats[0]]["hand"] += [state["deck"].pop(), state["deck"].pop()]
    assert any(not m["done"] for m in state["players"][seats[0]]["missions"])
    return game, state, seats


@pytest.mark.parametrize("leak", ["hand in the public view", "missions in another seat's view",
                                  "defence order in the public view", "deck in the public view",
                                  "a new key in the seat's view"])
def test_the_checker_catches_a_view_leak(leak: str) -> None:
    game, state, seats = _peaky_midgame()
    r = random.Random(1)
    assert view_leaks(game, state, r) == []

    def leaky(st: State, seat: str | None = None) -> dict[str, Any]:
        v = game.view(st, seat)
        if leak == "hand in the public view":
            v["players"][seats[0]]["hand"] = list(st["players"][seats[0]]["hand"])
        elif leak == "missions in another seat's view" and seat == seats[1]:
            v["rival_missions"] = [m["id"] for m in st["players"][seats[0]]["missions"]]
        elif leak == "defence order in the public view":
            v["players"][seats[0]]["defence"] = game.defence_order(st, seats[0])  # type: ignore[attr-defined]
        elif leak == "deck in the public view":
            v["deck_top"] = st["deck"][:1]
        elif leak == "a new key in the seat's view" and seat is not None:
            v["secret_notes"] = {"x": 1}
        return v

    assert view_leaks(game, state, r, leaky), leak


@pytest.mark.parametrize("leak", ["private kept", "other seat's part as mine", "copied into a public field",
                                  "narrated"])
def test_the_checker_catches_an_event_leak(leak: str, monkeypatch: pytest.MonkeyPatch) -> None:
    game = GAMES["peaky_blinders"]
    seats = seat_names(3)
    events = [{"type": "draw", "seat": seats[0], "count": 2, "private": {seats[0]: {"cards": ["london", "camden"]}}}]
    assert event_leaks(game, events, seats) == []
    filt = None
    if leak == "private kept":
        def filt(evs, seat):  # noqa: ANN001, ANN202
            return [dict(ev) for ev in evs]
    elif leak == "other seat's part as mine":
        def filt(evs, seat):  # noqa: ANN001, ANN202
            return [{**{k: v for k, v in ev.items() if k != "private"},
                     **({"mine": next(iter(ev["private"].values()))} if "private" in ev else {})} for ev in evs]
    elif leak == "copied into a public field":
        events = [{**events[0], "cards": ["london", "camden"]}]
    else:
        pres = presenter(game.id)
        original = type(pres).narrate

        def narrate(self, evs, names, locale):  # noqa: ANN001, ANN202
            return original(self, evs, names, locale) + [json.dumps(evs)]

        monkeypatch.setattr(type(pres), "narrate", narrate)
    assert event_leaks(game, events, seats, filt), leak


# -- the turns, the opening, the default action and the timeout, for every game --------------

def turn_problems(game: Game, before: State | None, state: State) -> list[str]:
    """``turn_info`` says what ``to_act`` and ``outcome`` say, and turns only go forward."""
    info = game.turn_info(state)
    over = game.outcome(state) is not None
    problems = []
    if info.over != over:
        problems.append(f"turn_info.over {info.over}, outcome says {over}")
    if over:
        if info.current is not None or info.phase != "over" or game.to_act(state):
            problems.append(f"a finished game still has a turn: {info}")
    else:
        if [info.current] != game.to_act(state)[:1] or info.current in info.out:
            problems.append(f"turn_info.current {info.current}, to_act {game.to_act(state)}, out {info.out}")
        if info.current != game.current(state):
            problems.append("turn_info.current differs from current()")
    if sorted(info.order) != sorted(state["seats"]) or not set(info.out) <= set(info.order):
        problems.append(f"order {info.order} and out {info.out} are not the seats {state['seats']}")
    if before is not None:
        was = game.turn_info(before)
        if info.number < was.number or not set(was.out) <= set(info.out):
            problems.append(f"turns went back: {was} → {info}")
    return problems


@pytest.mark.parametrize(("game_id", "players", "options"), CASES)
def test_turn_info_start_and_default_action(game_id: str, players: int, options: dict[str, Any]) -> None:
    game = GAMES[game_id]
    seats = seat_names(players)
    state, opening = game.start(seats, options, 3)
    assert canonical(state) == canonical(game.setup(seats, options, 3))
    assert opening == game.opening_events(state) and opening  # every game says how it opened
    problems = turn_problems(game, None, state)
    playout = play_out(game, seats, 3, RandomPolicy(), options)
    for i, (before, seat, _action, after, _events) in enumerate(itertools.islice(playout, MAX_STEPS)):
        problems += [f"step {i}: {p}" for p in turn_problems(game, before, after)]
        default = game.default_action(before, seat)
        if not accepts(game.legal_actions(before, seat), default):
            problems.append(f"step {i}: default {default} is not legal")
        try:
            game.apply(before, seat, default)
        except RuleError as err:
            problems.append(f"step {i}: default {default} refused: {err}")
    assert not problems, "\n".join(problems[:20])


@pytest.mark.parametrize(("game_id", "players", "options"), CASES)
def test_timeouts_end_every_game_and_replay(game_id: str, players: int, options: dict[str, Any]) -> None:
    """Timeouts alone finish a game (a seat timing out again and again is kicked); mixed
    with moves they replay exactly from the log (under ``@system``); each timeout plays the
    seat's turn out and never touches the state it was given."""
    game = GAMES[game_id]
    seats = seat_names(players)
    for seed, every in ((5, 1), (6, 3)):  # only timeouts; a timeout every third step
        rnd = random.Random(seed)
        state = game.setup(seats, options, seed)
        log: list[tuple[str, dict[str, Any]]] = []
        for step in range(5_000):
            if game.outcome(state) is not None:
                break
            if step % every == 0:
                seat, frozen = game.current(state), canonical(state)
                after, events = game.apply_system(state, {"type": "timeout"})
                assert canonical(state) == frozen
                assert events[0]["type"] == "timeout" and events[0]["seat"] == seat
                info = game.turn_info(after)
                assert info.over or info.current != seat or info.number > game.turn_info(state).number \
                    or seat in info.out
                assert not turn_problems(game, state, after)
                state = after
                log.append((SYSTEM, {"type": "timeout"}))
            else:
                seat = game.current(state)
                action = game.random_action(state, seat, rnd.randrange)
                state, _ = game.apply(state, seat, action)
                log.append((seat, action))
        assert every > 1 or game.outcome(state) is not None, "timeouts alone did not end the game"
        assert canonical(game.replay(seats, options, seed, log)) == canonical(state)


def test_a_move_of_its_own_ends_a_seats_run_of_timeouts() -> None:
    game = GAMES["risk_express"]
    state = game.setup(["a", "b", "c"], {}, 2)
    seat = game.current(state)
    for _ in range(MAX_TIMEOUTS - 1):  # two timeouts of ``seat``, the others time out too
        while True:
            state, _ = game.apply_system(state, {"type": "timeout"})
            if game.current(state) == seat:
                break
    state, _ = game.apply(state, seat, game.default_action(state, seat))
    while game.current(state) != seat:
        state, _ = game.apply_system(state, {"type": "timeout"})
    state, events = game.apply_system(state, {"type": "timeout"})
    assert events[0] == {"type": "timeout", "seat": seat, "count": 1, "limit": MAX_TIMEOUTS}
    assert seat not in game.turn_info(state).out
