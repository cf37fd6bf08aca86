"""Risk Express's counting: the points each player scores, and the AI's guess of a position
(:meth:`bot.rules.base.Game.evaluate`). The engine takes both as its own methods."""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import cache
from typing import Any

import bot.rules.turns as turns
from bot.rules.base import State
from bot.rules.risk_express.ai import turn_weights
from bot.rules.risk_express.cards import board, load_cards
from bot.rules.risk_express.endgame import chance_to_win
from bot.rules.risk_express.odds import fresh, throw_chances

ORDER, CONTINENT, _, MEMBERS = board()
INDEX = {c: i for i, c in enumerate(ORDER)}

__all__ = ["DEPTHS", "evaluate", "evaluation", "scores"]


def scores(state: State) -> dict[str, int]:
    """Card points, except that a locked continent scores its back value instead."""
    return {s: int(v) for s, v in _points(state["owners"], state["locked"], turns.still_in(state)).items()}


def _points(owners: dict[str, str | None], locked: list[str], seats: list[str]) -> dict[str, float]:
    data = load_cards()
    cards, continents = data["cards"], data["continents"]
    out = dict.fromkeys(seats, 0.0)
    for cid, owner in owners.items():
        if owner in out and cards[cid]["continent"] not in locked:
            out[owner] += cards[cid]["points"]
    for cont in locked:
        owner = owners[MEMBERS[cont][0]]
        if owner in out:
            out[owner] += continents[cont]["value"]
    return out


def _standing(owners: dict[str, str | None], locked: list[str], seats: list[str]) -> dict[str, float]:
    """Each seat's guess of a position with nobody attacking: its lead in points over the best
    other (a locked continent at its value) over the points on the table; once every card is
    taken (the game over), the result (:func:`_won`)."""
    points = _points(owners, locked, seats)
    if all(o is not None for o in owners.values()):
        best = max(points.values())
        winners = [s for s in seats if points[s] == best]
        return {s: _won(s, winners) for s in seats}
    table = 20.0 + sum(points.values())
    out = {}
    for s in seats:
        others = max((v for t, v in points.items() if t != s), default=0.0)
        out[s] = 0.9 * (points[s] - others) / table
    return out


# The chance that the seat about to start a turn wins a 2-seat game (issue 28): a logistic
# fit, per count of cards unowned (6: six or more), on its lead in points in locked continents
# and in open cards, and a constant (the move's worth), from 600 self-play games of the AI's
# own simple policy (`bench/fit_express_leaf.py 600 28`; never the beginner's). A lead of 5
# with one card left: 0.74, where the standing's lead over the points on the table says 0.09.
LEAF = {1: (0.192, 0.166, 0.096), 2: (0.136, 0.167, 0.137), 3: (0.119, 0.109, 0.099), 4: (0.107, 0.102, 0.103),
        5: (0.1, 0.163, 0.127), 6: (0.09, 0.088, 0.088)}


def _won(seat: str, winners: list[str]) -> float:
    """A finished game on the scale of a chance to win (2 × the share of a win − 1): 1 won
    alone, -1 lost, a win shared by ``k`` seats its share, 2/k − 1 (a tie of two: 0, as
    likely a win as a loss). Issue 28: a tie counted 1/k (a two-seat tie 0.5, three
    quarters of a win), so the AI settled for ties it could have broken."""
    return 2.0 / len(winners) - 1.0 if seat in winners else -1.0


def _leaf(owners: dict[str, str | None], locked: list[str], seats: list[str], mover: str,
          leaf: str) -> dict[str, float]:
    """The look-ahead's guess of a position it sees no further: ``""`` the standing
    (:func:`_standing`); ``"fit"`` the fitted chance to win (:func:`_chance_to_win`);
    ``"solved"`` the endgame solved where one card is left unowned (:func:`.endgame.chance_to_win`;
    ``"solved2"``: one or two), else the fitted chance (both on the scale of a chance to win)."""
    if not leaf:
        return _standing(owners, locked, seats)
    if leaf.startswith("solved"):
        v = chance_to_win(owners, locked, seats, mover, 2 if leaf == "solved2" else 1)
        if v is not None:
            other = seats[1 - seats.index(mover)]
            return {mover: v, other: -v}
    return _chance_to_win(owners, locked, seats, mover)


def _chance_to_win(owners: dict[str, str | None], locked: list[str], seats: list[str],
                   mover: str) -> dict[str, float]:
    """:data:`LEAF`'s guess of a 2-seat position where ``mover`` starts a turn, on the
    standing's scale (2 × the chance to win − 1); with more seats, or the game over, the
    standing. Memoised (the look-ahead's leaves repeat)."""
    if len(seats) != 2 or None not in owners.values():
        return _standing(owners, locked, seats)
    key = (tuple(owners.values()), tuple(locked), mover)
    found = _LEAVES.get(key)
    if found is not None:
        return found
    other = seats[1 - seats.index(mover)]
    safe = open_ = 0.0
    unowned = 0
    for cid, owner in owners.items():
        if owner is None:
            unowned += 1
        elif CONTINENT[cid] not in locked:
            open_ += _POINTS[cid] if owner == mover else -_POINTS[cid]
    for cont in locked:
        safe += _VALUES[cont] if owners[MEMBERS[cont][0]] == mover else -_VALUES[cont]
    a, b, c = LEAF[min(6, unowned)]
    x = max(-30.0, min(30.0, a * safe + b * open_ + c))
    v = 2.0 / (1.0 + math.exp(-x)) - 1.0
    out = {mover: v, other: -v}
    if len(_LEAVES) > 200_000:
        _LEAVES.clear()
    _LEAVES[key] = out
    return out


_LEAVES: dict[tuple[Any, ...], dict[str, float]] = {}
_POINTS = {cid: c["points"] for cid, c in load_cards()["cards"].items()}
_VALUES = {cont: c["value"] for cont, c in load_cards()["continents"].items()}


def _conquered(owners: dict[str, str | None], locked: list[str], card: str,
               seat: str) -> tuple[dict[str, str | None], list[str]]:
    owners = {**owners, card: seat}
    cont = CONTINENT[card]
    if all(owners[c] == seat for c in MEMBERS[cont]):
        locked = [*locked, cont]
    return owners, locked


def _next(order: list[str], seats: list[str], mover: str) -> str:
    """The seat whose turn follows ``mover``'s (the seats still in, in turn order)."""
    i = order.index(mover)
    for k in range(1, len(order) + 1):
        nxt = order[(i + k) % len(order)]
        if nxt in seats:
            return nxt
    return mover


def _turns(owners: dict[str, str | None], locked: list[str], seats: list[str], order: list[str], mover: str,
           depth: int, exact: int = 99, leaf: str = "") -> dict[str, float]:
    """Each seat's guess of a position where ``mover`` starts a turn, seen ``depth`` turns
    ahead: the mover goes for the card whose chance (:func:`.odds.fresh`) times what it brings
    them, the turns after judged the same way, is best; each outcome (taken, or not) at its
    chance. Depth 0: the leaf (:func:`_leaf`). So a lead left open to a steal, or a last card left within
    the other's reach while behind, shows before the other has played. At ``depth`` ≥
    ``exact`` the turn is played exactly instead (:func:`.ai.turn_weights`: the card chosen on
    the first throw that fills a line, seeing the dice). Memoised by the position (a search
    asks for the same few hundred thousands of times); walked on tuples (:func:`_walk`)."""
    return _walk(tuple(owners.values()), tuple(locked), tuple(seats), tuple(order), mover, depth, exact, leaf)


def _walk(own: tuple[str | None, ...], locked: tuple[str, ...], seats: tuple[str, ...], order: tuple[str, ...],
          mover: str, depth: int, exact: int, leaf: str) -> dict[str, float]:
    """:func:`_turns` with the owners as a tuple in ``ORDER`` (the state's own order): the same
    values, to the bit, at a third of the cost (no dict copied per card tried)."""
    exact_here = depth >= exact
    key = (own, locked, seats, mover, depth, exact if exact_here else 99, leaf)
    found = _TURNS.get(key)
    if found is not None:
        return found
    if None not in own:
        return _standing(dict(zip(ORDER, own, strict=True)), list(locked), list(seats))
    if depth <= 0:  # memoised too: the leaves repeat, and solving one costs more than reading it
        out = _leaf(dict(zip(ORDER, own, strict=True)), list(locked), list(seats), mover, leaf)
        _keep(key, out)
        return out
    nxt = _next(list(order), list(seats), mover)
    kept = _walk(own, locked, seats, order, nxt, depth - 1, exact, leaf)
    best, out = kept[mover], kept
    if exact_here:
        afters: dict[int, dict[str, float]] = {}
        gains: dict[int, tuple[float, bool]] = {}
        for i, owner in enumerate(own):
            if owner == mover or _CONT[i] in locked:
                continue
            after = _walk(*_taken(own, locked, i, mover), seats, order, nxt, depth - 1, exact, leaf)
            afters[i] = after
            gains[i] = (after[mover] - kept[mover], owner is not None)
        weights = turn_weights(gains)
        out = {s: kept[s] + sum(w * (afters[ci][s] - kept[s]) for ci, w in weights.items()) for s in seats}
    else:
        chances = _fresh_all()
        for i, owner in enumerate(own):
            if owner == mover or _CONT[i] in locked:
                continue
            chance = chances[i][owner is not None]
            after = _walk(*_taken(own, locked, i, mover), seats, order, nxt, depth - 1, exact, leaf)
            worth = chance * after[mover] + (1 - chance) * kept[mover]
            if worth > best:
                best, out = worth, {s: chance * after[s] + (1 - chance) * kept[s] for s in seats}
    _keep(key, out)
    return out


def _taken(own: tuple[str | None, ...], locked: tuple[str, ...], i: int,
           seat: str) -> tuple[tuple[str | None, ...], tuple[str, ...]]:
    """:func:`_conquered` on tuples: card ``i`` taken by ``seat``, its continent locked if whole."""
    own = (*own[:i], seat, *own[i + 1:])
    if all(own[j] == seat for j in _SAME[i]):
        locked = (*locked, _CONT[i])
    return own, locked


_CONT = tuple(CONTINENT[c] for c in ORDER)
_SAME = tuple(tuple(INDEX[m] for m in MEMBERS[CONTINENT[c]]) for c in ORDER)


@cache
def _fresh_all() -> tuple[tuple[float, float], ...]:
    """Per card in ``ORDER``: :func:`.odds.fresh` unowned and owned by another (built once)."""
    return tuple((fresh(c, False), fresh(c, True)) for c in ORDER)


def _keep(key: tuple[Any, ...], out: dict[str, float]) -> None:
    if len(_TURNS) > 200_000:
        _TURNS.clear()
    _TURNS[key] = out


_TURNS: dict[tuple[Any, ...], dict[str, float]] = {}


# the turns each level of the AI sees after the one under way (:func:`evaluate`'s ``depth``).
# Even for normal and hard: a look-ahead that ends on the opponents' turn gives them the last
# word and the AI none (against the beginner, 2 seats, matches 8102-8104, 180 games: normal
# won 65 % at depth 2, 36 % at 1, 42 % at 3 (120 games); hard 50 % at depth 3, 59 % at 2 and
# 63 % at 4 (120 games)). Easy keeps 1: a level that loses to the beginner more often than not.
# Normal sees four since the eighth session (docs/ai.md: it thought for 8 ms of its 1 s; hard's
# look-ahead with the one-card endgame won 71 % of 120 new games against the beginner where
# normal's two turns won 62 % of 200).
DEPTHS = {"easy": 1, "normal": 4, "hard": 4}
# from which depth left a level plays the turns ahead exactly (:func:`.ai.turn_weights`); 99: never
EXACT = {"easy": 99, "normal": 3, "hard": 3}
# (depth, exact) of a level with more than two seats where it differs: normal's four turns were
# measured on two seats only, and with three a turn ahead costs half as much again per seat (a
# 3-seat game's first decisions took minutes), so normal keeps its two turns there
MANY: dict[str, tuple[int, int]] = {"normal": (2, 99)}
# the leaf of each level's look-ahead (:func:`_leaf`): "" the standing, "fit" the fitted chance to
# win (:data:`LEAF`), "solved" the endgame solved with one card left (:mod:`.endgame`), else the fit;
# "solved2": one or two cards left (docs/ai.md, seventh session: normal vs beginner 137 of 200 with
# "solved", 125 with the standing, 122 with the fit, same games; hard vs beginner 47 of 60 with
# "solved2", 40.5 with "solved", same games)
LEAVES: dict[str, str] = {"normal": "solved", "hard": "solved2"}
# with two seats, hard plays the solved game instead (:data:`.solved.SOLVED`)


def evaluation(game: Any, level: str | None) -> Callable[[State, str], float]:
    """The evaluation the search of ``level`` judges with (:meth:`bot.rules.base.Game.search_evaluation`)."""
    depth = DEPTHS.get(level or "", 2)  # a search outside the levels: two turns, as normal saw until the eighth session
    exact = EXACT.get(level or "", 99)
    leaf = LEAVES.get(level or "", "")
    many = MANY.get(level or "")
    if many is None:
        return lambda state, seat: evaluate(game, state, seat, depth, exact, leaf)
    return lambda state, seat: evaluate(game, state, seat, *(many if len(state["order"]) > 2 else (depth, exact)), leaf)


def evaluate(game: Any, state: State, seat: str, depth: int = 2, exact: int = 99, leaf: str = "") -> float:
    """The AI's guess: if a throw waits for a player to move, the conquest it may lead to at
    its exact chance (:func:`.odds.success`): the player fills the line that is worth most to
    them, each outcome (the card taken, or not) judged as the next seat's turn begins, with
    the turns after seen ``depth`` turns ahead (:func:`_turns`); with no throw waiting, the standing
    of the position (:func:`_standing`). Issue 28: before the reply, a turn that ended was
    judged with the next seat's throw in it and one still under way without, so the end of a
    turn looked worse than its middle."""
    result = state["result"]
    if result is not None:
        return _won(seat, result["winners"])
    seats = turns.still_in(state)
    owners, locked = state["owners"], state["locked"]
    if seat not in seats:  # kicked out
        return -1.0
    att, mover = state.get("attempt"), game.to_move(state)
    if not att or not att.get("tray") or mover not in seats:
        return _standing(owners, locked, seats)[seat]
    order = state["order"]
    nxt = _next(order, seats, mover)
    kept = _turns(owners, locked, seats, order, nxt, depth, exact, leaf)
    best, value = -2.0, kept[seat]
    taken: dict[str, dict[str, float]] = {}
    for (card, *_), chance in throw_chances(state):
        after = taken.get(card)
        if after is None:
            after = taken[card] = _turns(*_conquered(owners, locked, card, mover), seats, order, nxt, depth, exact, leaf)
        worth = chance * after[mover] + (1 - chance) * kept[mover]
        if worth > best:
            best, value = worth, chance * after[seat] + (1 - chance) * kept[seat]
    return value
