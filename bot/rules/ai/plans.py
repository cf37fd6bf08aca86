"""The map games' AI: plans played out through the reply (issue 28, point 2).

A decision on a map game (Peaky Blinders, Transformers, The Walking Dead) is made among the
moves of a few *styles* of play, the AI's own rules of thumb (:class:`Style`: how good the
odds must be to attack, how long to keep rolling, where to place: the most threatened border
or the springboard of the best attack). Each style's move is tried on samples of the hidden
state (:meth:`bot.rules.base.Game.sample_state`); after it the same style plays the rest of
the seat's turn, then every opponent plays its next turn (the steady style: a reasonable
opponent, not a random one), and only then is the position judged by the game's evaluation
(:meth:`~bot.rules.base.Game.evaluate`), when the seat is about to move again. Every
candidate meets the same samples and the same dice (common random numbers), so the
difference between two candidates is theirs, not the dice's.

So the AI sees what its move leads to once the others have answered: an attack at poor odds
that leaves a border bare, members piled where no enemy comes, a conquest not followed up.
Decisions the styles do not make (a power, a stance, a leader, a card to play) go to the
sampled search (:class:`bot.rules.ai.search.SearchPolicy`), as before.

Written for this AI, apart from the beginner (:mod:`bot.rules.ai.beginner`) it is judged
against: it reads none of it. Pure: its randomness comes from the ``rng`` it is given.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import bot.rules.turns as turns
from bot.rules.base import Action, Game, Rng, RuleError, State, canonical
from bot.rules.compact import choose, fill
from bot.rules.risk_map.appraise import adjacency, take_chance

__all__ = ["CORE", "STYLES", "PlanPolicy", "Style", "plays_plans", "race"]

# the kinds of decision the styles make: a map turn's own (placing, attacking, rolling,
# advancing, manoeuvring, ending a phase); the rest go to the search
CORE = frozenset({"claim", "place_start", "place_rest", "place", "attack", "roll", "retreat", "advance", "manoeuvre", "end_attack", "end_turn",
                  "end_placement"})
ENDS = ("end_placement", "end_attack", "end_turn")
EXTRA = 3  # other kinds of choice tried beside the styles' moves at one decision
END_WIDE = 3  # the steady style's next best choices tried, at most, where a game is played out to its end


def plays_plans(game: Game, state: State) -> str | None:
    """How far ``game``'s plans are played out (``"turn"``: to the seat's next turn,
    ``"end"``: to the game's end), or None where the styles do not play (a game without a map,
    a mode that keeps the search)."""
    plans = getattr(game, "ai_plans", None)
    if plans is None or "troops" not in state or "owner" not in state:
        return None
    return plans(state)


def _fill(form: Action, **wanted: Any) -> Action:
    """:func:`bot.rules.compact.fill`, a battle's rolls one at a time (``until`` false: the
    style decides after each roll whether to go on)."""
    if isinstance(form.get("until"), list) and "until" not in wanted:
        wanted["until"] = False
    return fill(form, **wanted)


@dataclass(frozen=True)
class Style:
    """A way to play a map turn.

    ``odds``: the least chance to take a territory (everything sent) worth an attack;
    ``keep``: the least chance, once a battle is on, to keep rolling; ``spear``: how much a
    placement looks for the best attack it makes possible, against the border it guards
    (0: guard only); ``cover``: after a conquest, how much of the threat on the territory
    left behind stays there (0: everything advances); ``strike`` (None: never): the least
    chance at which the turn's attacks go first at the biggest rival stack in reach, and a
    battle against a rival's stack is fought to the last member sent."""

    name: str
    odds: float
    keep: float
    spear: float
    cover: float
    strike: float | None = None

    def act(self, game: Any, state: State, seat: str, forms: list[Action], rng: Rng) -> Action:
        """This style's move among ``forms`` (the moving legal forms)."""
        return _Turn(self, game, state, seat).act(forms, rng)


STEADY = Style("steady", odds=0.6, keep=0.5, spear=0.5, cover=0.5)
STYLES = (
    STEADY,
    Style("bold", odds=0.45, keep=0.35, spear=1.5, cover=0.0),
    Style("careful", odds=0.75, keep=0.6, spear=0.0, cover=1.0),
)
# where the game asks for it (:meth:`MapGame.ai_strike`: Survival, a seat not moving last in
# the round) a turn's attacks start with the strike at the biggest rival stack in reach, played
# without play-outs (:meth:`PlanPolicy.choose`), and this fourth style is among the candidates
# of the other decisions (the battles: fought on; the placements: steady's)
STRIKER = Style("striker", odds=0.6, keep=0.5, spear=0.5, cover=0.5, strike=0.2)


def styles_for(game: Game, state: State, seat: str) -> tuple[Style, ...]:
    """The styles whose moves are a decision's candidates: :data:`STYLES`, and the striker
    where the game asks for it."""
    strike = getattr(game, "ai_strike", None)
    return (*STYLES, STRIKER) if strike is not None and strike(state, seat) else STYLES


class _Turn:
    """One decision of a style: what it reads of the board."""

    def __init__(self, style: Style, game: Any, state: State, seat: str) -> None:
        self.style, self.game, self.state, self.seat = style, game, state, seat
        self.board = game.board
        self.owner: dict[str, Any] = state["owner"]
        self.troops: dict[str, int] = state["troops"]
        self.adj = adjacency(self.board, game.closed(state))
        self.players = set(turns.still_in(state))
        self.friends = set(game.ai_side(state).get(seat, (seat,)))

    def hostile(self, t: str) -> bool:
        o = self.owner.get(t)
        return o is not None and o not in self.friends and self.game.hostile(self.state, self.seat, t)

    def rival(self, t: str) -> bool:
        """Whether ``t`` is held by a player of another side (not the walkers, not a neutral)."""
        o = self.owner.get(t)
        return o in self.players and o not in self.friends

    def threat(self, t: str) -> int:
        """The biggest enemy stack (a player's) next to ``t``."""
        top = 0
        for n in self.adj[t]:
            o = self.owner.get(n)
            if o in self.players and o not in self.friends and self.troops.get(n, 0) > top:
                top = self.troops[n]
        return top

    def danger(self, t: str, extra: int = 0) -> float:
        """The chance ``t`` falls to the biggest enemy stack next to it, with ``extra`` more."""
        threat = self.threat(t)
        return take_chance(threat - 1, self.troops.get(t, 0) + extra) if threat > 1 else 0.0

    def worth(self, t: str) -> float:
        """A territory's worth to whoever holds it: 1, more where it completes or keeps a region."""
        region = self.board.regions[self.board.region_of(t)]
        members = region.territories
        holder = self.owner.get(t)
        held = sum(1 for m in members if self.owner.get(m) == holder)
        return 1.0 + region.bonus * held / len(members)

    def share(self, t: str) -> float:
        members = self.board.regions[self.board.region_of(t)].territories
        return sum(1 for m in members if self.owner.get(m) in self.friends) / len(members)

    # -- the decision -----------------------------------------------------------------
    def act(self, forms: list[Action], rng: Rng) -> Action:
        kinds: dict[str, list[Action]] = {}
        for form in forms:
            kinds.setdefault(form["type"], []).append(form)
        if "roll" in kinds or "retreat" in kinds:
            return self.battle(kinds)
        if "advance" in kinds:
            return self.advance(kinds["advance"][0])
        if "claim" in kinds:
            return self.claim(kinds["claim"][0])
        if "place_start" in kinds:
            return self.place(kinds["place_start"][0])
        if "place_rest" in kinds:
            return {"type": "place_rest"}
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
        for kind in ENDS:
            if kind in kinds:
                return {"type": kind}
        form = forms[rng.below(len(forms))]
        return choose(form, rng.below)

    def battle(self, kinds: dict[str, list[Action]]) -> Action:
        b = self.state.get("battle") or {}
        sent = int(b.get("committed", 0))
        dst = b.get("to", "")
        go = sent >= 1 and (dst not in self.troops or self.chance(dst, sent) >= self.style.keep
                            or (self.style.strike is not None and self.rival(dst)))
        if "retreat" in kinds and not go:
            return {"type": "retreat"}
        return _fill(kinds["roll"][0] if "roll" in kinds else kinds["retreat"][0])

    def advance(self, form: Action) -> Action:
        adv = self.state.get("advance") or (self.state.get("fx") or {}).get("advance") or {}
        src = adv.get("from")
        lo, hi = form["count"]["min"], form["count"]["max"]
        if not src or self.style.cover <= 0:
            return _fill(form, count=hi)
        threat = self.threat(src)
        if threat <= 1:
            return _fill(form, count=hi)
        stay = int(self.style.cover * threat)  # left behind, against the stack next to it
        return _fill(form, count=max(lo, min(hi, hi - stay)))

    def chance(self, dst: str, sent: int) -> float:
        """The chance ``sent`` members take ``dst`` (the edition's dice: :meth:`ai_take_chance`)."""
        return self.game.ai_take_chance(self.state, dst, sent)

    def claim(self, form: Action, top: int = 1) -> Any:
        """The territory to claim (``top`` > 1: the best ``top``, best first)."""
        options = form["territory"] if isinstance(form["territory"], list) else [form["territory"]]
        strategic = set(getattr(self.game, "strategic", ()) or ())

        def value(t: str) -> tuple[float, int]:
            near = sum(1 for n in self.adj[t] if self.owner.get(n) in self.friends)
            return (self.share(t) + 0.1 * near + (0.5 if t in strategic else 0.0),
                    -self.board.territories[t].index)

        if top > 1:
            return [_fill(form, territory=t) for t in sorted(options, key=value, reverse=True)[:top]]
        return _fill(form, territory=max(options, key=value))

    def place(self, form: Action, top: int = 1) -> Any:
        """Where to place (``top`` > 1: the best ``top`` placements, best first)."""
        options = form["territory"] if isinstance(form["territory"], list) else [form["territory"]]
        count = form["count"]["max"] if isinstance(form.get("count"), dict) else 1

        def value(t: str) -> tuple[float, int]:
            guard = (self.danger(t) - self.danger(t, count)) * self.worth(t)
            spear = 0.0
            if self.style.spear:
                stack = self.troops.get(t, 0) + count - 1
                for n in self.adj[t]:
                    if self.hostile(n):
                        gain = self.chance(n, stack) * self.worth(n)
                        gain *= 1.0 + self.share(n)
                        spear = max(spear, gain)
            near = 0.01 * sum(1 for n in self.adj[t] if self.hostile(n))
            return guard + self.style.spear * spear + near, -self.board.territories[t].index

        if top > 1:
            return [_fill(form, territory=t, count=count) for t in sorted(options, key=value, reverse=True)[:top]]
        return _fill(form, territory=max(options, key=value), count=count)

    def stronghold(self, form: Action) -> Action:
        """A starting member on the stronghold: the biggest stack of one's own that faces a
        territory to take (the first: the one facing most), so that the first turn strikes
        from one stack with everything rather than from many with a few each."""
        options = form["territory"] if isinstance(form["territory"], list) else [form["territory"]]
        count = form["count"]["max"] if isinstance(form.get("count"), dict) else 1

        def value(t: str) -> tuple[bool, float, int]:
            facing = sum(1 for n in self.adj[t] if self.hostile(n))
            return facing > 0, self.troops.get(t, 0) + 0.5 * facing, -self.board.territories[t].index

        return _fill(form, territory=max(options, key=value), count=count)

    def attack(self, forms: list[Action], top: int = 1) -> Any:
        """The attack to make, or None (``top`` > 1: the best ``top``, best first)."""
        if self.style.strike is not None and top == 1:
            strike = self.strike(forms)
            if strike is not None:
                return strike
        best: tuple[float, Action] | None = None
        ranked: list[tuple[float, Action]] = []
        for form in forms:
            src, dst = form["from"], form["to"]
            if isinstance(dst, list) or isinstance(src, list):
                continue
            sent = form["count"]["max"]
            if sent < 1:
                continue
            p = self.chance(dst, sent)
            if p < self.style.odds:
                continue
            value = p * self.worth(dst) * (1.0 + self.share(dst))
            if self.owner.get(dst) in self.players:
                value += 0.2 * p  # a player's territory: its loss is theirs too
            ranked.append((value, form))
            if best is None or value > best[0]:
                best = (value, form)
        if top > 1:
            ranked.sort(key=lambda vf: -vf[0])
            return [_fill(f) for _, f in ranked[:top]]
        return None if best is None else _fill(best[1])

    def strike(self, forms: list[Action]) -> Action | None:
        """The attack, with everything, on the biggest rival stack in reach at the style's
        ``strike`` chance or better (ties: the most sent), or None."""
        best: tuple[tuple[int, int, int], Action] | None = None
        for form in forms:
            src, dst = form["from"], form["to"]
            if isinstance(dst, list) or isinstance(src, list) or not self.rival(dst):
                continue
            sent = form["count"]["max"]
            if sent < 1 or self.chance(dst, sent) < (self.style.strike or 0.0):
                continue
            key = (self.troops.get(dst, 0), sent, -self.board.territories[dst].index)
            if best is None or key > best[0]:
                best = (key, form)
        return None if best is None else _fill(best[1])

    def manoeuvre(self, forms: list[Action]) -> Action | None:
        best: tuple[float, Action, str, int] | None = None
        for form in forms:
            src = form["from"]
            hi = form["count"]["max"]
            if hi < 1 or self.threat(src) > 1:
                continue
            if any(self.hostile(n) for n in self.adj[src]) and self.style.cover > 0:
                continue  # a territory facing a neutral or the walkers keeps its members
            targets = form["to"] if isinstance(form["to"], list) else [form["to"]]
            front = [t for t in targets if self.threat(t) > 1]
            if not front:
                continue
            dst = max(front, key=lambda t: ((self.danger(t) - self.danger(t, hi)) * self.worth(t),
                                            -self.board.territories[t].index))
            gain = (self.danger(dst) - self.danger(dst, hi)) * self.worth(dst)
            if best is None or gain > best[0]:
                best = (gain, form, dst, hi)
        if best is None or best[0] <= 0.01:
            return None
        return _fill(best[1], to=best[2], count=best[3])


def _rollout(game: Game, state: State, seat: str, style: Style, rng: Rng, reply: bool | str,
             cap: int = 400) -> State:
    """Play on after a candidate: ``style`` for the rest of ``seat``'s turn, then (``reply``)
    the others' next turns in the steady style, until ``seat`` is about to move again
    (``reply`` ``"end"``: on to the game's end, ``seat`` in the steady style from its next
    turn)."""
    start = state["turn"]
    for _ in range(cap):
        mover = game.to_move(state)
        if mover is None:
            break
        if turns.current_seat(state) == seat:
            if state["turn"] != start:
                if reply != "end":
                    break
                style = STEADY
        elif not reply:
            break
        forms = game.moving(game.legal_actions(state, mover))
        if not forms:
            break
        core = [f for f in forms if f["type"] in CORE]
        try:
            if core:
                action = (style if mover == seat else STEADY).act(game, state, mover, core, rng)
            else:
                action = choose(forms[rng.below(len(forms))], rng.below)
            state = game.apply_legal(state, mover, action)[0]
        except RuleError:  # a style's pick the rules refuse (should not happen): the engine's own
            moved = game.random_move(state, mover, rng.below)
            if moved is None:
                break
            state = moved[1]
    return state


MARGIN = 0.05  # a finished game's worth per point of lead at the final count, beside the win


def judge(game: Game, state: State, seat: str) -> float:
    """The worth of where a play-out stopped: the game's evaluation, and on a finished game
    with a final count, the lead in points too (a game won by 10 is a safer choice than one
    won by 1: a few samples tell them apart where wins alone would not)."""
    value = game.evaluate(state, seat)
    out = game.outcome(state)
    scores = out.get("scores") if out else None
    if isinstance(scores, dict) and seat in scores:
        others = [float(v) for s, v in scores.items() if s != seat]
        value += MARGIN * (float(scores[seat]) - max(others, default=0.0))
    return value


def race(n: int, budget: int, draw: Callable[[], Any], worth: Callable[[Any, int], float],
         stop: Callable[[], bool] | None = None) -> int:
    """The best of ``n`` candidates by successive halving: every candidate still in plays a
    batch of draws (the same draws for each: common random numbers), the better half by their
    sum goes on, until one is left or ``budget`` play-outs are spent; each round's batch is
    what the budget left allows for the rounds still to come (``len(alive) × rounds`` play-outs
    a draw), so the last two candidates meet the most draws. ``draw()`` makes a draw,
    ``worth(draw, i)`` plays candidate ``i`` on it; ``stop()`` (the caller's clock) ends it
    between two draws, the best so far chosen. Ties go to the earlier candidate."""
    alive = list(range(n))
    total = [0.0] * n
    spent = 0
    while len(alive) > 1:
        rounds = (len(alive) - 1).bit_length()  # halvings still to come, this one included
        batch = max(1, (budget - spent) // (len(alive) * rounds))
        for k in range(batch):
            if (spent or k) and stop is not None and stop():
                return max(alive, key=lambda i: (total[i], -i))
            drawn = draw()
            for i in alive:
                total[i] += worth(drawn, i)
            spent += len(alive)
        if spent >= budget:
            break
        alive.sort(key=lambda i: (-total[i], i))
        alive = sorted(alive[: (len(alive) + 1) // 2])
    return max(alive, key=lambda i: (total[i], -i))


class PlanPolicy:
    """The map games' AI (see the module's doc): a :class:`bot.rules.play.Policy`.

    ``samples``: samples each candidate is played on (the budget when ``stop`` does not end
    it first); ``reply``: play the opponents' next turn before judging (or on to the game's
    end where the game says so: :meth:`MapGame.ai_plans`); ``fallback``: the
    policy for the decisions the styles do not make; ``race``: where a game is played out to
    its end, the play-outs a decision spends, per candidate (``race`` × the candidates in
    all), spread by successive halving (:func:`race`) rather than ``samples`` each evenly
    (0: evenly)."""

    def __init__(self, fallback: Any, samples: int = 8, reply: bool | str = True,
                 stop: Callable[[], bool] | None = None, searched: bool = False, wide: int = 0,
                 race: int = 0) -> None:
        self.race = race
        self.searched = searched
        self.wide = wide
        self.samples = samples
        self.fallback = fallback
        self.reply = reply
        self.stop = stop

    def choose(self, game: Game, state: State, seat: str, legal: list[Action], rng: Rng) -> Action:
        forms = game.moving(legal)
        core = [f for f in forms if f["type"] in CORE]
        how = plays_plans(game, state)
        if not core or how is None:
            return self.fallback.choose(game, state, seat, legal, rng)
        start = next((f for f in core if f["type"] == "place_start"), None)
        stronghold = getattr(game, "ai_stronghold", None)
        if start is not None and stronghold is not None and stronghold(state):
            return _Turn(STEADY, game, state, seat).stronghold(start)
        styles = styles_for(game, state, seat)
        if STRIKER in styles and not any(f["type"] in ("roll", "retreat", "advance") for f in core):
            # the rival moving after the seat will have the last word: its biggest stack is struck
            # first, by rule (as the first mover's candidate judged by play-outs it won 20 of 37
            # first-mover games against 17 of the same 37; by rule 28 of 46 against 18: docs/ai.md)
            struck = _Turn(STRIKER, game, state, seat).strike([f for f in core if f["type"] == "attack"])
            if struck is not None:
                return struck
        reply: bool | str = self.reply and ("end" if how == "end" else True)
        cap = 4000 if reply == "end" else 400
        cands: list[tuple[Action, Style]] = []
        seen: set[str] = set()

        def offer(action: Action, style: Style) -> None:
            key = canonical(action)
            if key not in seen:
                seen.add(key)
                cands.append((action, style))

        for style in styles:
            offer(style.act(game, state, seat, core, rng), style)
        # played out to the end, each sample says more by luck: fewer candidates, lest the one
        # chosen be the luckiest (Survival, hard against the beginner, seeds 801+: 4 of 10 with
        # 5 extra candidates and the search's pick; see docs/ai.md)
        racing = reply == "end" and self.race > 0
        wide = min(self.wide, END_WIDE) if reply == "end" else self.wide
        if wide:  # the steady style's next best placements and attacks, played on steadily
            turn = _Turn(STEADY, game, state, seat)
            kinds = {f["type"] for f in core}
            if "claim" in kinds:
                for action in turn.claim(next(f for f in core if f["type"] == "claim"), wide):
                    offer(action, STEADY)
            elif kinds & {"place", "place_start"} and not kinds & {"roll", "retreat", "advance"}:
                form = next(f for f in core if f["type"] in ("place", "place_start"))
                for action in turn.place(form, wide):
                    offer(action, STEADY)
            elif "attack" in kinds and not kinds & {"roll", "retreat", "advance"}:
                for action in turn.attack([f for f in core if f["type"] == "attack"], wide):
                    offer(action, STEADY)
        # the other choices offered beside the turn's own (a power, a card, a transformation):
        # one of each kind, played on in the steady style
        others = [f for f in forms if f["type"] not in CORE]
        rng.shuffle(others)
        for form in others[:EXTRA]:
            offer(choose(form, rng.below), STEADY)
        if self.searched and reply != "end":  # the sampled search's own pick, judged the same way
            offer(self.fallback.choose(game, state, seat, legal, rng), STEADY)
        if len(cands) == 1:
            return cands[0][0]

        def worth(draw: tuple[State, int, int], i: int) -> float:
            """Candidate ``i`` on one draw (a sample of the hidden state, its dice, the
            play-out's picks: every candidate meets the same), played out and judged."""
            sample, dice, picks = draw
            action, style = cands[i]
            try:
                after = game.apply_legal({**sample, "rng": dice}, seat, action)[0]
                return judge(game, _rollout(game, after, seat, style, Rng(picks), reply, cap), seat)
            except RuleError:
                return -1.0

        def draw() -> tuple[State, int, int]:
            sample = game.sample_state(state, seat, rng)
            return sample, rng.next64(), rng.next64()

        if racing:
            return cands[race(len(cands), self.race * len(cands), draw, worth, self.stop)][0]
        total = [0.0] * len(cands)
        for k in range(self.samples):
            if k and self.stop is not None and self.stop():
                break
            drawn = draw()
            for i in range(len(cands)):
                total[i] += worth(drawn, i)
        best = max(range(len(cands)), key=lambda i: total[i])
        return cands[best][0]

    def __repr__(self) -> str:
        return f"PlanPolicy(samples={self.samples}, reply={self.reply}, race={self.race})"
