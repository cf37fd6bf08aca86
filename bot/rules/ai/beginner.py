"""A plain beginner, to judge the AI seats against a player they were not built with.

Written apart from the AI: it never calls ``Game.evaluate``, the search or any scoring of the
AI's; it reads the public board (who holds what, with how many) and plays the rules of thumb a
beginner is taught. On the map games (Peaky Blinders, Transformers, The Walking Dead):

- **place** on the territory of its own most threatened by enemies next to it (the members
  against it, less its own there), a border that also opens a region it nearly holds first;
- **attack** only at good odds (at least 60 % to take the territory, all members sent), the
  target that completes a region or helps take one first; **keep rolling** while the attack
  still has the odds, else **retreat**; **advance** everything after a conquest unless the
  territory left behind still faces an enemy (then half);
- **manoeuvre** the biggest stack of a territory with no enemy next to it to the most
  threatened border it can reach, once, then end the turn;
- take the extra members it is offered (a trade of cards, a revival), claim territories in
  the region where it already holds most; anything else the game asks (a neutral gang's
  placement, a power, a stance) at random, as a beginner who does not know better.

Risk Express and Zombie Town, whose turns are not a map's, get one ply of greed on what the
public view counts (cards' points, the public scores): again nothing of the AI's evaluation.
"""

from __future__ import annotations

from typing import Any

from bot.rules.ai.beginner_express import express_choice
from bot.rules.ai.policies import GreedyPolicy, public_score
from bot.rules.base import Action, Game, Rng, State
from bot.rules.compact import choose, fill
from bot.rules.risk_map.odds import conquest_probability

__all__ = ["BeginnerPolicy"]

GOOD_ODDS = 0.6  # the chance to take a territory a beginner attacks at, or better
KEEP_ROLLING = 0.5  # the chance it keeps rolling at, once the battle is under way


class BeginnerPolicy:
    """The beginner (see the module's doc): a :class:`bot.rules.play.Policy`."""

    def __init__(self) -> None:
        self._greedy = GreedyPolicy(score=public_score)

    def choose(self, game: Game, state: State, seat: str, legal: list[Action], rng: Rng) -> Action:
        board = getattr(game, "board", None)
        if board is None and {"cards", "continents"} <= game.view(state, seat).keys():
            # a table of country cards (Risk Express): each choice's chance, the cards' points
            return express_choice(game, state, seat, legal, rng)
        if board is None or "troops" not in state or "owner" not in state:
            return self._greedy.choose(game, state, seat, legal, rng)
        forms = game.moving(legal)
        kinds: dict[str, list[Action]] = {}
        for form in forms:
            kinds.setdefault(form["type"], []).append(form)
        return _MapBeginner(game, state, seat, rng).decide(kinds, forms)

    def __repr__(self) -> str:
        return "BeginnerPolicy()"


class _MapBeginner:
    """One decision of the beginner on a map game."""

    def __init__(self, game: Any, state: State, seat: str, rng: Rng) -> None:
        self.game, self.state, self.seat, self.rng = game, state, seat, rng
        self.board = game.board
        self.owner: dict[str, Any] = state["owner"]
        self.troops: dict[str, int] = state["troops"]

    # -- what a beginner sees on the board --------------------------------------------
    def mine(self, t: str) -> bool:
        return self.owner.get(t) == self.seat

    def enemy(self, t: str) -> bool:
        owner = self.owner.get(t)
        return owner is not None and owner != self.seat and self.game.hostile(self.state, self.seat, t)

    def threat(self, t: str) -> int:
        """The members of enemies next to ``t``."""
        return sum(self.troops.get(n, 0) for n in self.board.neighbours(t) if self.enemy(n))

    def region_share(self, t: str) -> float:
        members = self.board.regions[self.board.region_of(t)].territories
        return sum(1 for m in members if self.mine(m)) / len(members)

    def completes_region(self, t: str) -> bool:
        members = self.board.regions[self.board.region_of(t)].territories
        return all(m == t or self.mine(m) for m in members)

    # -- the decision -----------------------------------------------------------------
    def decide(self, kinds: dict[str, list[Action]], forms: list[Action]) -> Action:
        if "roll" in kinds or "retreat" in kinds:
            return self.battle(kinds)
        if "advance" in kinds:
            return self.advance(kinds["advance"][0])
        for kind in ("claim", "place_start"):
            if kind in kinds:
                return self.claim(kinds[kind][0], "territory")
        if "place_rest" in kinds:
            return fill(kinds["place_rest"][0])
        if "trade" in kinds:
            return choose(kinds["trade"][0], lambda n: 0)
        if "revive" in kinds:
            return self.place(kinds["revive"][0])
        if "place" in kinds:
            return self.place(kinds["place"][0])
        if "attack" in kinds:
            attack = self.attack(kinds["attack"])
            if attack is not None:
                return attack
        if "manoeuvre" in kinds:
            move = self.manoeuvre(kinds["manoeuvre"])
            if move is not None:
                return move
        for kind in ("end_turn", "end_attack", "end_placement"):
            if kind in kinds:
                return {"type": kind}
        plain = [f for f in forms if f["type"] not in ("attack", "manoeuvre")] or forms
        form = plain[self.rng.below(len(plain))]
        return choose(form, self.rng.below)

    def battle(self, kinds: dict[str, list[Action]]) -> Action:
        b = self.state.get("battle") or {}
        att = int(b.get("committed", 0))
        dfn = self.troops.get(b.get("to", ""), 0)
        good = att >= 1 and (dfn <= 0 or conquest_probability(att, dfn) >= KEEP_ROLLING)
        if "retreat" in kinds and not good:
            return {"type": "retreat"}
        form = kinds["roll"][0] if "roll" in kinds else kinds["retreat"][0]
        return fill(form, until=False) if "until" in form else fill(form)

    def advance(self, form: Action) -> Action:
        adv = self.state.get("advance") or (self.state.get("fx") or {}).get("advance") \
            or self.state.get("highlight") or {}
        src = adv.get("from")
        hi = form["count"]["max"]
        if src and self.threat(src) > 0:
            return fill(form, count=max(form["count"]["min"], (hi + 1) // 2))
        return fill(form, count=hi)

    def claim(self, form: Action, key: str) -> Action:
        options = form[key] if isinstance(form[key], list) else [form[key]]

        def worth(t: str) -> tuple[float, int]:
            near = sum(1 for n in self.board.neighbours(t) if self.mine(n))
            return self.region_share(t) + 0.1 * near, -self.board.territories[t].index

        return fill(form, **{key: max(options, key=worth)})

    def place(self, form: Action) -> Action:
        options = form["territory"] if isinstance(form["territory"], list) else [form["territory"]]

        def worth(t: str) -> tuple[float, int]:
            threat = self.threat(t)
            if threat == 0:
                opens = any(self.owner.get(n) is not None and not self.mine(n) for n in self.board.neighbours(t))
                return (-100.0 + (1 if opens else 0), -self.board.territories[t].index)
            value = threat - self.troops.get(t, 0)
            if any(self.enemy(n) and self.region_share(n) >= 0.5 for n in self.board.neighbours(t)):
                value += 3
            return value, -self.board.territories[t].index

        return fill(form, territory=max(options, key=worth))

    def attack(self, forms: list[Action]) -> Action | None:
        best: tuple[float, Action] | None = None
        for form in forms:
            src, dst = form["from"], form["to"]
            if isinstance(dst, list) or isinstance(src, list):
                continue
            avail = form["count"]["max"]
            if avail < 1:
                continue
            dfn = self.troops.get(dst, 0)
            p = 1.0 if dfn <= 0 else conquest_probability(avail, dfn)
            if p < GOOD_ODDS:
                continue
            value = p
            if self.completes_region(dst):
                value += 1.0
            elif self.region_share(dst) >= 0.5:
                value += 0.3
            if self.owner.get(dst) in self.state.get("players", {}) and self.troops.get(dst, 0) <= 2:
                value += 0.2
            if best is None or value > best[0]:
                best = (value, form)
        if best is None:
            return None
        return fill(best[1], until=False) if "until" in best[1] else fill(best[1])

    def manoeuvre(self, forms: list[Action]) -> Action | None:
        best: tuple[int, Action, str] | None = None
        for form in forms:
            src = form["from"]
            if self.threat(src) > 0 or form["count"]["max"] < 1:
                continue
            targets = form["to"] if isinstance(form["to"], list) else [form["to"]]
            front = [t for t in targets if self.threat(t) > 0]
            if not front:
                continue
            dst = max(front, key=lambda t: (self.threat(t) - self.troops.get(t, 0), -self.board.territories[t].index))
            if best is None or form["count"]["max"] > best[0]:
                best = (form["count"]["max"], form, dst)
        if best is None:
            return None
        return fill(best[1], to=best[2])
