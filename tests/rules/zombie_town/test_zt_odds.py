"""Zombie Town's fight odds (:mod:`bot.rules.zombie_town.odds`) against a naive enumeration of
the physical cards written apart from it, and against the engine itself: every order of a
small combat deck played through ``apply``, the fights won counted."""

from __future__ import annotations

from itertools import permutations

import pytest

from bot.rules.base import clone
from bot.rules.zombie_town import GAME
from bot.rules.zombie_town.odds import attack_odds, deck_of, duel, fight_odds, versus_zombie
from tests.rules.zombie_town.zt_helpers import (
    act,
    clear_zombies,
    give,
    me,
    others,
    put,
    started,
    zombies,
)

FULL = [v for v in range(1, 7) for _ in range(5)]  # the box's 30 combat cards


def naive_draws(deck: list[int], discard: list[int], draws: tuple[int, ...]) -> dict[tuple[int, ...], float]:
    """Each physical card on top equally likely, the discard shuffled back when the deck is empty."""
    out: dict[tuple[int, ...], float] = {}

    def go(deck, discard, drawn, p):
        if len(drawn) == sum(draws):
            at, key = 0, []
            for n in draws:
                key.append(max(drawn[at:at + n]))
                at += n
            out[tuple(key)] = out.get(tuple(key), 0.0) + p
            return
        if not deck:
            deck, discard = discard, []
        for i, card in enumerate(deck):
            go(deck[:i] + deck[i + 1:], [*discard, card], [*drawn, card], p / len(deck))

    go(list(deck), list(discard), [], 1.0)
    return out


def rest(deck: list[int]) -> list[int]:
    left = list(FULL)
    for v in deck:
        left.remove(v)
    return left


def left_of(deck: list[int]):
    return deck_of({v: deck.count(v) for v in range(1, 7)})


@pytest.mark.parametrize(("deck", "draws", "bonus"), [
    (FULL, 1, 0), (FULL, 2, 1), (FULL, 1, 2), ([1, 1, 2, 6], 2, 0), ([3], 2, 0), ([5, 1], 2, 1)])
def test_against_a_zombie_the_naive_enumeration(deck, draws, bonus):
    naive = sum(p for (card,), p in naive_draws(deck, rest(deck), (draws,)).items() if card + bonus >= 4)
    assert versus_zombie(left_of(deck), draws, bonus) == pytest.approx(naive, abs=1e-12)


@pytest.mark.parametrize(("deck", "mine", "theirs"), [
    (FULL, (1, 0), (1, 0)), (FULL, (2, 1), (1, 1)), ([2, 6, 4], (2, 0), (2, 1)), ([6], (1, 0), (2, 0))])
def test_between_players_the_naive_enumeration(deck, mine, theirs):
    win = tie = 0.0
    for (a, b), p in naive_draws(deck, rest(deck), (mine[0], theirs[0])).items():
        win += p if a + mine[1] > b + theirs[1] else 0
        tie += p if a + mine[1] == b + theirs[1] else 0
    got = duel(left_of(deck), mine[0], mine[1], theirs[0], theirs[1])
    assert got == pytest.approx((win, tie, 1 - win - tie), abs=1e-12)


def test_fights_that_cannot_be_lost_or_won():
    assert versus_zombie(deck_of(), 1, 3) == 1.0  # 1 + 3 reaches 4 whatever is drawn
    assert versus_zombie(left_of([1, 2, 1]), 1, 0) == 0.0  # only 1s and 2s left, no bonus
    assert duel(left_of([1, 1, 1]), 1, 0, 1, 0) == (0.0, 1.0, 0.0)  # the same card each: a tie


def _zombie_fight(deck: list[int]):
    state = started()
    clear_zombies(state)
    seat = me(state)
    put(state, seat, "E5")
    zombies(state, "E5", 1)
    give(state, seat, "pistol_1")
    state, _ = act(state, {"type": "equip", "card": "pistol_1"})
    state["combat"], state["combat_discard"] = list(deck), rest(deck)
    return state, seat


def _engine_rate(state, seat, action, won) -> float:
    """Every order of the combat deck played through the engine: the share of fights won."""
    orders = list(permutations(state["combat"]))
    wins = 0
    for order in orders:
        s = clone(state)
        s["combat"] = list(order)
        _, events = GAME.apply(s, seat, action)
        wins += won(events)
    return wins / len(orders)


@pytest.mark.parametrize("weapon", ["pistol_1", "none"])
def test_the_shown_chance_is_what_the_engine_plays(weapon):
    """Every order of a five-card deck (the pistol draws two; the gun's bonus, the Brawler's
    or none): the zombie killed as often as the view's chance says, exactly."""
    state, seat = _zombie_fight([1, 2, 3, 2, 5])
    chance = fight_odds(GAME.view(state, seat), seat, "self", weapon)
    rate = _engine_rate(state, seat, {"type": "fight", "fighter": "self", "weapon": weapon},
                        lambda ev: next(e for e in ev if e["type"] == "zombie_fight")["won"])
    assert chance == pytest.approx(rate, abs=1e-12) and 0 < chance < 1


def test_an_attack_shows_what_the_engine_plays():
    """A player attacked on the same square fights back with their best weapon: win, tie and
    loss as the engine plays every order of a four-card deck."""
    state = started()
    clear_zombies(state)
    mine, other = me(state), others(state)[0]
    put(state, mine, "E5")
    put(state, other, "E5")
    deck = [4, 1, 6, 3]
    state["combat"], state["combat_discard"] = list(deck), rest(deck)
    action = {"type": "attack", "target": other, "fighter": "self", "weapon": "none"}
    win, tie, loss = attack_odds(GAME.view(state, mine), mine, other, "self", "none")

    def winner(ev):
        return next(e for e in ev if e["type"] == "player_fight")["winner"]

    assert win == pytest.approx(_engine_rate(state, mine, action, lambda ev: winner(ev) == mine), abs=1e-12)
    assert tie == pytest.approx(_engine_rate(state, mine, action, lambda ev: winner(ev) is None), abs=1e-12)
    assert win + tie + loss == pytest.approx(1.0)


def test_the_fight_choices_carry_the_chance_in_the_asked_language():
    """The public button (the game's language) and /zt fight's and /zt attack's choices (the
    member's) show the chance to win, within Discord's limits."""
    from bot.games import presenter
    from bot.games.choices import complete

    pres = presenter("zombie_town")
    state, seat = _zombie_fight([1, 2, 3, 2, 5])
    other = others(state)[0]
    put(state, other, "E5")
    public, mine = GAME.view(state), GAME.view(state, seat)
    legal = GAME.legal_actions(state, seat)
    fights = [a for a in legal if a["type"] == "fight"]
    assert fights
    for lang, word in (("en", "to win"), ("fr", "de gagner")):
        for action in fights:
            label = pres.action_label(action, public, lang)
            p = fight_odds(public, seat, action["fighter"], action["weapon"])
            assert word in label and f"{round(100 * p)}" in label and len(label) <= 80, label
    names = {s: s.upper() for s in state["order"]}
    shown = complete(pres.choices, "fight", "with", legal, mine, {}, "", "fr", names)
    assert shown and all("de gagner" in label for label, _ in shown)
    targets = complete(pres.choices, "attack", "target", legal, mine, {}, "", "en", names)
    assert targets and all("to win" in label for label, _ in targets)
    withs = complete(pres.choices, "attack", "with", legal, mine, {"target": other}, "", "en", names)
    assert withs and all("to win" in label and len(label) <= 100 for label, _ in withs)
