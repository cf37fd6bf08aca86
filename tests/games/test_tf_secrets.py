"""Risk Transformers' secrets (tests/games/tf_secrets.py) checked on seeded games before
registration, the contract's way with teams: a perturbed secret changes no public view, status
or prompt, nor the view or /game hand of any seat but its owner and the owner's teammate; the
owner and the teammate do see it."""

from __future__ import annotations

import random

import pytest

from bot.games.transformers import PRESENTER as P
from bot.rules import GAMES
from bot.rules.base import clone
from bot.rules.transformers import GAME
from tests.games.tf_secrets import TF_SECRETS, team_sees

NAMES = {"0": "Ann", "1": "Bob", "2": "Cid", "3": "Dee"}


def _states(players: int, seed: int, every: int = 7):
    rnd = random.Random(seed)
    state, _ = GAME.start([str(i) for i in range(players)], {}, seed)
    for n in range(400):
        if GAME.outcome(state):
            return
        seat = GAME.to_act(state)[0]
        if n % every == 0:
            yield state
        state, _ = GAME.apply(state, seat, GAME.random_action(state, seat, rnd.randrange))


def _public(state):
    view = GAME.view(state, None)
    return view, P.status(view, NAMES, "en"), P.prompt(view, NAMES, "en")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_secrets_reach_only_their_owner_and_teammate(players: int) -> None:
    r = random.Random(players)
    own_keys, perturbs = TF_SECRETS
    checked = 0
    for state in _states(players, players + 10):
        seats = list(state["seats"])
        public = _public(state)
        views = {s: GAME.view(state, s) for s in seats}
        for v in views.values():
            assert set(v) - set(public[0]) <= own_keys
        for what, perturb, per_seat, owner_sees in perturbs:
            for owner in seats if per_seat else [None]:
                if what == "stance" and state["battle"] is not None:
                    continue  # in a battle the stance is in force: its dice are shown, as thrown dice are
                changed = perturb(GAME, state, owner, r)
                if changed is None:
                    continue
                checked += 1
                assert _public(changed) == public, (what, owner)
                mates = team_sees(state, owner) if owner else set()
                for s in seats:
                    new = GAME.view(changed, s)
                    hand = P.hand(new, s, NAMES, "en")
                    if s == owner or s in mates:
                        if owner_sees and what != "stance" or (what == "stance" and s == owner):
                            assert new != views[s], (what, owner, s)
                    else:
                        assert new == views[s], (what, owner, s)
                        assert hand == P.hand(views[s], s, NAMES, "en"), (what, owner, s)
    assert checked > 20


def test_status_and_prompt_read_every_phase() -> None:
    import re

    raw = re.compile(r"\btf\.[a-z_]+\.[a-z_.]+")
    seen = set()
    for players in (2, 4):
        for state in _states(players, 3, every=1):
            seen.add(state["phase"])
            view = GAME.view(state, None)
            for lang in ("en", "fr"):
                text = P.status(view, NAMES, lang) + P.prompt(view, NAMES, lang)
                assert not raw.search(text), text
    assert {"place", "attack", "battle", "manoeuvre"} <= seen


def test_the_contract_lets_the_teammate_see_and_nobody_else() -> None:
    """The contract's team-aware leak check (tests/rules/test_contract.py ``sees``): a hand shown
    to the owner's teammate is allowed; the same hand shown to an opponent is a leak; and the
    rule is Transformers' only (another game is as strict as before)."""
    from tests.rules.test_contract import sees, view_leaks

    seats = ["s0", "s1", "s2", "s3"]
    state, _ = GAME.start(seats, {}, 5)
    state = clone(state)
    state["players"]["s0"]["hand"] = [state["deck"].pop(), state["deck"].pop()]
    mate = next(s for s in state["teams"]["s0"] if s != "s0")
    foe = next(s for s in seats if s not in state["teams"]["s0"])
    assert sees(GAME, state, "s0") == {mate} and sees(GAMES["peaky_blinders"], state, "s0") == set()
    assert view_leaks(GAME, state, random.Random(1)) == []

    def leaky(st, seat=None):
        v = GAME.view(st, seat)
        if seat == foe:
            v = {**v, "teammate": {"seat": "s0", "cards": list(st["players"]["s0"]["hand"])}}
        return v

    problems = view_leaks(GAME, state, random.Random(1), leaky)
    assert any(f"{foe}'s view shows cards in hand of s0" in p for p in problems), problems
    assert not any(f"{mate}'s view shows cards in hand of s0" in p for p in problems), problems
