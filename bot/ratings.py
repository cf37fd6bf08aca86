"""Ratings: who placed where in a finished game, and what that does to each player's rating.

Pure (no store, no clock): the service calls :func:`results_of` when a game ends and
:func:`rate` with the players' ratings as stored; ``python -m bot ratings --rebuild`` calls
:func:`replay` over every stored result. The same function in the same order (games by the
time they ended, then by id) gives the same numbers to the last bit, so a rebuild equals the
ratings kept game by game.

The model is OpenSkill's Plackett-Luce (Weng and Lin's Bayesian approximation, the
``openskill`` package): made for free-for-all tables of any size and for teams (Transformers'
four-player game, two against two), with ties. A rating is a mean ``mu`` and an uncertainty
``sigma``; what is shown and ranked is the conservative ``ordinal`` ``mu - 3 sigma`` (a newcomer
starts at 0 and climbs as the uncertainty shrinks). Each AI level is rated like a player,
``ai:easy``, ``ai:normal``, ``ai:hard``: two seats of one level in a game both play at the
level's rating, which takes the better-placed seat's update.

A game is rated when it finished by the rules (not abandoned, not ended by a moderator), in a
server, with at least two people (AI seats aside) and at least two sides.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from openskill.models import PlackettLuce

from bot.rules.base import Game

MODEL = PlackettLuce()
MU: float = MODEL.mu  # 25
SIGMA: float = MODEL.sigma  # 25/3
AI_PREFIX = "ai:"
MIN_PEOPLE = 2


def ai_player(level: str) -> str:
    """The pseudo-member an AI level is rated as."""
    return f"{AI_PREFIX}{level}"


def is_ai_player(player: str) -> bool:
    return player.startswith(AI_PREFIX)


@dataclass(frozen=True)
class Result:
    """One seat's place in one finished game."""

    seat: str
    player: str  # a member's id, or an AI level's pseudo-member (``ai:normal``)
    name: str  # as the game named the seat when it ended
    team: int  # 0, 1 … (a free-for-all: one per seat)
    rank: int  # 1: won; equal ranks tie
    won: bool
    score: float | None = None
    ai_turns: int = 0  # turns the AI played for the member (a moderator handed the seat over)
    away: bool = False  # the member took a vacation while the game ran


@dataclass(frozen=True)
class Rating:
    player: str
    name: str
    mu: float = MU
    sigma: float = SIGMA
    games: int = 0
    wins: int = 0

    @property
    def ordinal(self) -> float:
        """The conservative rating shown and ranked: ``mu - 3 sigma``."""
        return self.mu - 3 * self.sigma


def placements(engine: Game, state: dict[str, Any]) -> list[tuple[str, int, int, bool, float | None]]:
    """(seat, team, rank, won, score) of every seat of a finished game, best first. Sides
    come from the engine (:meth:`ai_side`: a team game's teams; else each seat alone). A side
    ranks by: won; then its score (summed over a team) when the game counts one for every
    seat; then how long it stayed in (still in at the end, or out later, is better). Equal
    keys tie."""
    out = engine.outcome(state)
    if out is None:
        raise ValueError("the game is not over")
    info = engine.turn_info(state)
    seats = list(info.order)
    winners = set(out.get("winners") or [])
    raw = out.get("scores") or {}
    scores = {s: float(raw[s]) for s in seats if isinstance(raw.get(s), (int, float))}
    counted = len(scores) == len(seats)
    side_of = getattr(engine, "ai_side", None)
    sides = side_of(state) if side_of is not None else {}
    teams: list[tuple[str, ...]] = []
    for seat in seats:
        side = tuple(s for s in seats if s in (sides.get(seat) or (seat,)))
        if seat not in side:
            side = (seat,)
        if side not in teams:
            teams.append(side)
    gone = list(info.out)
    survived = {s: gone.index(s) if s in gone else len(seats) for s in seats}

    def key(team: tuple[str, ...]) -> tuple[float, float, float]:
        won = any(s in winners for s in team)
        return (0.0 if won else 1.0, -sum(scores[s] for s in team) if counted else 0.0,
                -max(survived[s] for s in team))

    ordered = sorted(range(len(teams)), key=lambda i: (key(teams[i]), i))
    rows = []
    rank = 0
    for place, i in enumerate(ordered):
        if place == 0 or key(teams[i]) != key(teams[ordered[place - 1]]):
            rank = place + 1
        for seat in teams[i]:
            rows.append((seat, i, rank, seat in winners, scores.get(seat)))
    return rows


def results_of(engine: Game, state: dict[str, Any], ai: Mapping[str, str], names: Mapping[str, str],
               is_ai_seat: Callable[[str], bool], ai_turns: Mapping[str, int] | None = None,
               away: Iterable[str] = ()) -> list[Result]:
    """Every seat's :class:`Result` (best first). ``ai``: the seats the AI plays at the end
    (seat → level); a seat the lobby gave the AI is its level's pseudo-member, a member's
    seat handed over stays the member's (``ai_turns`` says how many turns the AI played it)."""
    ai_turns = ai_turns or {}
    away = set(away)
    out = []
    for seat, team, rank, won, score in placements(engine, state):
        lobby_ai = is_ai_seat(seat)
        player = ai_player(ai.get(seat, "normal")) if lobby_ai else seat
        out.append(Result(seat, player, names.get(seat, seat), team, rank, won, score,
                          0 if lobby_ai else int(ai_turns.get(seat, 0)), not lobby_ai and seat in away))
    return out


def people(results: Sequence[Result]) -> int:
    return len({r.player for r in results if not is_ai_player(r.player)})


def is_rated(status: str, guild_id: int | None, results: Sequence[Result]) -> bool:
    """Finished by the rules, in a server, two people or more, two sides or more."""
    return (status == "finished" and guild_id is not None and people(results) >= MIN_PEOPLE
            and len({r.team for r in results}) >= 2)


def rate(table: Mapping[str, Rating], results: Sequence[Result]) -> dict[str, Rating]:
    """The new ratings of the players of one game (``table``: their ratings before it; a
    player not in it starts fresh). Games and wins count once per player."""
    results = sorted(results, key=lambda r: (r.rank, r.team))
    teams: dict[int, list[Result]] = {}
    for r in results:
        teams.setdefault(r.team, []).append(r)
    order = list(teams)
    before = {r.player: table.get(r.player) or Rating(r.player, r.player if is_ai_player(r.player) else r.name)
              for r in results}
    match = [[MODEL.rating(mu=before[r.player].mu, sigma=before[r.player].sigma) for r in teams[t]] for t in order]
    ranks = [min(r.rank for r in teams[t]) for t in order]
    after = MODEL.rate(match, ranks=ranks)
    new: dict[str, Rating] = {}
    for t, rated in zip(order, after, strict=True):
        for r, value in zip(teams[t], rated, strict=True):
            if r.player in new:  # a second seat of one AI level: the better-placed one counted
                continue
            old = before[r.player]
            new[r.player] = replace(old, name=r.name if not is_ai_player(r.player) else old.name,
                                    mu=value.mu, sigma=value.sigma, games=old.games + 1,
                                    wins=old.wins + (1 if any(x.won for x in results if x.player == r.player) else 0))
    return new


def replay(games: Iterable[Sequence[Result]], table: dict[str, Rating] | None = None) -> dict[str, Rating]:
    """The ratings after ``games`` (each one game's results, in the order they ended), from
    ``table`` (default: nobody rated yet). One server and one game's ratings at a time."""
    table = dict(table or {})
    for results in games:
        table.update(rate(table, results))
    return table


def leaderboard(table: Iterable[Rating], hidden: Iterable[str] = ()) -> list[Rating]:
    """``table`` ranked: the ordinal, then more games, then the name; hidden members left out."""
    gone = set(hidden)
    return sorted((r for r in table if r.player not in gone),
                  key=lambda r: (-r.ordinal, -r.games, r.name.casefold(), r.player))
