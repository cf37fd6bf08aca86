"""The rating model (:mod:`bot.ratings`): places from a game's outcome, OpenSkill's update for
a free-for-all, a team game and ties, what is not rated, and a replay that equals the updates
made game by game."""

from __future__ import annotations

from openskill.models import PlackettLuce

from bot.ratings import (
    MU,
    Rating,
    is_rated,
    leaderboard,
    placements,
    rate,
    replay,
    results_of,
)
from bot.rules.turns import TurnInfo


class Ended:
    """A finished game as the engine contract shows it: outcome, turns, sides."""

    def __init__(self, order, winners, scores=None, out=(), sides=None):
        self.order, self.winners, self.scores, self.out, self.sides = order, winners, scores, out, sides

    def outcome(self, state):
        return {"winners": list(self.winners), "scores": self.scores}

    def turn_info(self, state):
        return TurnInfo(9, None, "over", tuple(self.order), tuple(self.out), True)

    def ai_side(self, state):
        return self.sides or {s: (s,) for s in self.order}


def ai_seat(seat: str) -> bool:
    return seat.startswith("ai")


def test_a_free_for_all_ranks_the_winner_then_who_stayed_longest():
    game = Ended(["a", "b", "c"], ["a"], out=["c", "b"])  # c went out first
    assert [(s, rank) for s, _t, rank, _w, _s in placements(game, {})] == [("a", 1), ("b", 2), ("c", 3)]
    results = results_of(game, {}, {}, {"a": "Ann", "b": "Bob", "c": "Cid"}, ai_seat)
    new = rate({}, results)
    expected = PlackettLuce().rate([[PlackettLuce().rating()] for _ in range(3)], ranks=[1, 2, 3])
    assert [new[p].mu for p in "abc"] == [t[0].mu for t in expected]
    assert new["a"].mu > MU > new["c"].mu and new["a"].mu > new["b"].mu > new["c"].mu
    assert (new["a"].wins, new["b"].wins, new["a"].games) == (1, 0, 1)
    assert new["a"].sigma < Rating("a", "Ann").sigma  # a game played: less uncertain


def test_scores_rank_the_losers_when_every_seat_has_one():
    game = Ended(["a", "b", "c"], ["c"], scores={"a": 3, "b": 9, "c": 12})
    assert [s for s, *_ in placements(game, {})] == ["c", "b", "a"]


def test_a_team_game_moves_teammates_together():
    sides = {"a": ("a", "c"), "c": ("a", "c"), "b": ("b", "d"), "d": ("b", "d")}
    game = Ended(["a", "b", "c", "d"], ["a", "c"], scores={"a": 5, "b": 9, "c": 7, "d": 1}, sides=sides)
    places = {s: (team, rank) for s, team, rank, _w, _s in placements(game, {})}
    assert places["a"][0] == places["c"][0] != places["b"][0] == places["d"][0]
    assert (places["a"][1], places["b"][1]) == (1, 2)  # the winners first, whatever the seats' scores
    new = rate({}, results_of(game, {}, {}, {}, ai_seat))
    assert new["a"].mu == new["c"].mu > MU > new["b"].mu == new["d"].mu


def test_a_tie_moves_the_tied_seats_alike():
    game = Ended(["a", "b", "c"], ["a"], scores={"a": 10, "b": 4, "c": 4})
    ranks = {s: rank for s, _t, rank, _w, _s in placements(game, {})}
    assert ranks == {"a": 1, "b": 2, "c": 2}
    new = rate({}, results_of(game, {}, {}, {}, ai_seat))
    assert new["b"].mu == new["c"].mu < MU


def test_what_is_not_rated():
    game = Ended(["1", "ai1", "ai2"], ["1"])
    alone = results_of(game, {}, {"ai1": "easy", "ai2": "hard"}, {}, ai_seat)
    assert not is_rated("finished", 5, alone)  # one person and AI seats
    two = results_of(Ended(["1", "2", "ai1"], ["ai1"]), {}, {"ai1": "normal"}, {}, ai_seat)
    assert is_rated("finished", 5, two)
    assert not is_rated("ended", 5, two)  # ended by a moderator or abandoned
    assert not is_rated("finished", None, two)  # outside a server
    together = results_of(Ended(["1", "2"], ["1", "2"], sides={"1": ("1", "2"), "2": ("1", "2")}), {}, {}, {}, ai_seat)
    assert not is_rated("finished", 5, together)  # one side only: nobody to be rated against


def test_each_ai_level_is_a_player_rated_once_a_game():
    game = Ended(["1", "ai1", "2", "ai2"], ["ai1"], out=["2", "ai2", "1"])
    results = results_of(game, {}, {"ai1": "normal", "ai2": "normal"}, {"ai1": "AI 1 (normal)"}, ai_seat)
    assert [r.player for r in results] == ["ai:normal", "1", "ai:normal", "2"]
    new = rate({}, results)
    assert set(new) == {"ai:normal", "1", "2"}
    assert (new["ai:normal"].games, new["ai:normal"].wins, new["ai:normal"].name) == (1, 1, "ai:normal")
    assert new["ai:normal"].mu > MU  # the better-placed seat's update


def test_a_member_seat_the_ai_played_stays_the_members_and_says_so():
    game = Ended(["1", "2"], ["2"])
    results = results_of(game, {}, {"2": "normal"}, {}, ai_seat, ai_turns={"2": 4}, away=["1"])
    by = {r.seat: r for r in results}
    assert by["2"].player == "2" and by["2"].ai_turns == 4 and by["1"].away


def test_replaying_the_games_equals_the_updates_made_one_by_one():
    games = [results_of(Ended(list(seats), [w], out=[s for s in seats if s != w]), {}, {}, {}, ai_seat)
             for seats, w in ((("a", "b", "c"), "a"), (("b", "c"), "c"), (("a", "c", "d"), "d"), (("a", "b"), "b"))]
    table: dict[str, Rating] = {}
    for results in games:
        table.update(rate(table, results))
    assert replay(games) == table
    assert replay(reversed(games)) != table  # the order counts: a rebuild keeps the games' order
    ranked = leaderboard(table.values(), hidden={"d"})
    assert "d" not in [r.player for r in ranked]
    assert [r.ordinal for r in ranked] == sorted((r.ordinal for r in ranked), reverse=True)


def test_a_seeded_round_robin_rates_the_policies_in_the_order_of_their_win_rates():
    """The arena's figure, small: random, beginner and easy, two games a pair of Risk Express
    (``bench/bench_ratings.py`` plays the full round robin)."""
    from bot.arena import round_robin

    done = round_robin("risk_express", ["random", "beginner", "easy"], rounds=2, seed=1)
    assert sum(done.games.values()) == 12 and done.agrees() and done.agrees(clear=True)
    assert done.by_rating()[-1] == "random" and done.win_rate("easy") > done.win_rate("random")
    assert "ratings order the policies as their win rates do: yes" in done.summary()


def test_transformers_four_player_game_is_rated_as_two_teams():
    from bot.rules import GAMES
    from bot.rules.ai import RandomPolicy
    from bot.rules.play import play_out

    game = GAMES["transformers"]
    play = play_out(game, ["p0", "p1", "p2", "p3"], 3, RandomPolicy(), None)
    play.run()
    results = results_of(game, play.state, {}, {}, ai_seat)
    teams = {}
    for r in results:
        teams.setdefault(r.team, set()).add(r.seat)
    assert sorted(map(sorted, teams.values())) == [["p0", "p2"], ["p1", "p3"]]  # the engine's sides
    new = rate({}, results)
    winners = [r.player for r in results if r.won]
    assert len(winners) == 2 and new[winners[0]].mu == new[winners[1]].mu > MU
