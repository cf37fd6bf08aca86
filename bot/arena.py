"""``python -m bot arena GAME --a normal --b random --games 200``: a match between two policies,
offline, and its win rate with a 95 % confidence interval.

Each game seats ``--players`` players: policy A in one seat, policy B in the others, A's seat
moving round the table from game to game (so neither side keeps the first move); game ``k``
is dealt from :func:`game_seed` ``(seed, k)``, a 63-bit mix of the two: the engines' generator
steps by a fixed constant from ``seed × constant``, so the seeds ``s`` and ``s + 1`` give the
same stream shifted by one draw, and a match dealt from consecutive seeds played its games on
one stream of dice (until 2026-11-28: its games were not independent, its intervals too narrow). A shared win (a team game) counts for each winner. Prints
A's wins, its share against the share a seat expects (1 / players), the Wilson interval, and
the search's decision times (p50 and p95 of A's decisions) beside the budget.

:func:`round_robin` plays every pair of policies against each other and rates each policy
as the bot rates its players (:mod:`bot.ratings`), to check that the ratings order the
policies as their win rates do (``bench/bench_ratings.py`` prints both side by side).
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bot import ratings
from bot.rules import GAMES
from bot.rules.ai import POLICIES, make_policy
from bot.rules.base import Action, Game, Rng, State
from bot.rules.play import play_out

__all__ = ["Match", "RoundRobin", "play_match", "round_robin", "wilson"]


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95 % by default)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


class Timed:
    """A policy whose decisions are timed (CPU time of this process), and which stops its
    search at ``budget`` seconds when it has one."""

    def __init__(self, name: str, budget: float | None, iterations: int | None) -> None:
        self.name = name
        self.budget = budget
        self.times: list[float] = []
        self._deadline = 0.0
        stop: Callable[[], bool] | None = (lambda: time.process_time() >= self._deadline) if budget else None
        self.policy = make_policy(name, iterations=iterations, stop=stop) if name not in ("random", "greedy", "beginner") \
            else make_policy(name)
        self.engine_pick = getattr(self.policy, "engine_pick", False)

    def choose(self, game: Game, state: State, seat: str, legal: list[Action], rng: Rng) -> Action:
        start = time.process_time()
        self._deadline = start + (self.budget or 0.0)
        action = self.policy.choose(game, state, seat, legal, rng)
        self.times.append(time.process_time() - start)
        return action


@dataclass
class Match:
    game: str
    players: int
    a: str
    b: str
    games: int = 0
    wins: float = 0.0
    draws: int = 0  # games nobody won (Peaky Blinders' double six at the Crown's end)
    shared: float = 0.0  # of the wins, those shared with another seat (Risk Express's ties)...
    split: float = 0.0  # ... and what they come to counted as a share (1/k of a win each)
    times: list[float] = field(default_factory=list)

    @property
    def share(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def summary(self, budget: float | None = None) -> str:
        lo, hi = wilson(self.wins, self.games)
        line = (f"{self.game} ({self.players} players): {self.a} won {self.wins:g} of {self.games}"
                f" = {100 * self.share:.0f} % (95 % CI {100 * lo:.0f}–{100 * hi:.0f} %; a seat's share:"
                f" {100 / self.players:.0f} %) against {self.b}")
        if self.draws:
            line += f"; {self.draws} of the games not won had no winner at all"
        if self.shared:
            net = self.wins - self.shared + self.split
            line += (f"; {self.shared:g} of the wins shared with another seat: {net:g} of {self.games}"
                     f" = {100 * net / self.games:.0f} % with a shared win as its share")
        if self.times:
            q = sorted(self.times)
            p95 = q[min(len(q) - 1, int(0.95 * len(q)))]
            line += f"; {self.a}'s decisions: p50 {1000 * statistics.median(q):.0f} ms, p95 {1000 * p95:.0f} ms"
            if budget:
                line += f" (budget {1000 * budget:.0f} ms + 10 %: {'met' if p95 <= 1.1 * budget else 'NOT met'})"
        return line


def game_seed(seed: int, k: int) -> int:
    """The seed of a match's game ``k`` (SplitMix64's finaliser over ``seed`` and ``k``): two
    games' streams of dice start ~2^63 draws apart, not one."""
    z = (seed * 0x9E3779B97F4A7C15 + (k + 1) * 0xD1B54A32D192ED03) & 0xFFFFFFFFFFFFFFFF
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
    return (z ^ (z >> 31)) >> 1


def play_match(game_id: str, a: str, b: str, games: int, players: int = 2, seed: int = 1,
               options: dict[str, Any] | None = None, budget: float | None = None,
               iterations: int | None = None, echo: Callable[[str], None] | None = None) -> Match:
    """Play ``games`` games of ``a`` against ``b`` (see the module's doc)."""
    game = GAMES[game_id]
    match = Match(game_id, players, a, b)
    seats = [f"p{i}" for i in range(players)]
    for k in range(games):
        mine = seats[k % players]
        timed = Timed(a, budget, iterations)
        others = Timed(b, budget, iterations)
        policies = {s: (timed if s == mine else others) for s in seats}
        out = play_out(game, seats, game_seed(seed, k), policies, options).run().outcome
        assert out is not None
        winners = out.get("winners") or []
        match.games += 1
        match.wins += 1.0 if mine in winners else 0.0
        if mine in winners and len(winners) > 1:
            match.shared += 1.0
            match.split += 1.0 / len(winners)
        match.draws += not winners
        match.times += timed.times
        if echo is not None:
            echo(f"game {k + 1}/{games} (seed {game_seed(seed, k)}): {a} in {mine}, winners {', '.join(winners) or 'none'}")
    return match


@dataclass
class RoundRobin:
    """Each policy's games, wins and rating after a round robin."""

    game: str
    policies: list[str]
    games: dict[str, int] = field(default_factory=dict)
    wins: dict[str, float] = field(default_factory=dict)
    table: dict[str, ratings.Rating] = field(default_factory=dict)

    def win_rate(self, policy: str) -> float:
        return self.wins.get(policy, 0.0) / self.games[policy] if self.games.get(policy) else 0.0

    def by_rating(self) -> list[str]:
        return sorted(self.policies, key=lambda p: -self.table[p].ordinal)

    def by_win_rate(self) -> list[str]:
        return sorted(self.policies, key=lambda p: -self.win_rate(p))

    def agrees(self, clear: bool = False) -> bool:
        """No two policies ordered one way by their win rates and the other by their ratings
        (policies with the same win rate may come in either order); ``clear``: only the pairs
        whose win rates differ beyond chance (their 95 % Wilson intervals apart)."""
        def apart(p: str, q: str) -> bool:
            return not clear or wilson(self.wins[p], self.games[p])[0] > wilson(self.wins[q], self.games[q])[1]

        return all(self.table[p].ordinal > self.table[q].ordinal for p in self.policies for q in self.policies
                   if self.win_rate(p) > self.win_rate(q) and apart(p, q))

    def summary(self) -> str:
        lines = [f"{self.game}: round robin of {', '.join(self.policies)}, {sum(self.games.values()) // 2} games"]
        for p in self.by_rating():
            r = self.table[p]
            lines.append(f"  {p:>8}: rating {r.ordinal:6.2f} (mu {r.mu:5.2f} ± {r.sigma:4.2f})"
                         f"   won {self.wins[p]:g}/{self.games[p]} = {100 * self.win_rate(p):3.0f} %")
        lines.append(f"  ratings order the policies as their win rates do: {'yes' if self.agrees() else 'NO'}"
                     " (target: yes)")
        lines.append(f"  ... every pair whose win rates differ beyond chance (95 % intervals apart):"
                     f" {'yes' if self.agrees(clear=True) else 'NO'} (target: yes)")
        return "\n".join(lines)


def round_robin(game_id: str, policies: list[str], rounds: int, seed: int = 1,
                options: dict[str, Any] | None = None, iterations: int | None = None) -> RoundRobin:
    """Every pair of ``policies`` plays ``rounds`` two-seat games (seats swapped each game,
    game ``k`` of a pair dealt from :func:`game_seed` ``(seed, k)``), each game rated in the order played, each
    policy a player, as :mod:`bot.ratings` rates a server's games."""
    game = GAMES[game_id]
    out = RoundRobin(game_id, list(policies), dict.fromkeys(policies, 0), dict.fromkeys(policies, 0.0))
    pairs = [(a, b) for i, a in enumerate(policies) for b in policies[i + 1:]]
    for k in range(rounds):
        for a, b in pairs:
            first, second = (a, b) if k % 2 == 0 else (b, a)
            seats = {"p0": first, "p1": second}
            play = play_out(game, list(seats), game_seed(seed, k), {s: Timed(p, None, iterations) for s, p in seats.items()},
                            options)
            play.run()
            results = ratings.results_of(game, play.state, {}, seats, lambda _s: False)
            named = [ratings.Result(r.seat, seats[r.seat], seats[r.seat], r.team, r.rank, r.won) for r in results]
            out.table.update(ratings.rate(out.table, named))
            for r in named:
                out.games[r.player] += 1
                out.wins[r.player] += 1.0 if r.won else 0.0
    return out


def check_names(*names: str) -> str | None:
    for name in names:
        if name not in POLICIES:
            return f"unknown policy {name!r}: one of {', '.join(POLICIES)}"
    return None
