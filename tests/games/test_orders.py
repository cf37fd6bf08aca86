"""Standing orders as each game declares them for clicks (:mod:`bot.games.orders`): every value
of every order open to a seat is an action its engine accepts (the typed command's), read back
from the seat's own view as the current one, the order's other parts left as they were; every
word in both catalogs; a menu within Discord's limits (5 menus, 25 values)."""

from __future__ import annotations

from bot.games import ADAPTERS, orders
from bot.games.orders import open_orders, order_action
from bot.i18n import text_of
from bot.rules import GAMES

SEATS = {"transformers": ["1", "2"]}
PICKS = {"transformers": {"1": {"leader": "bumblebee"}}}  # the rally is Bumblebee's


def test_every_order_value_is_an_action_the_engine_takes_and_reads_back():
    tried = set()
    for game_id in ADAPTERS:
        declared = orders(game_id)
        engine = GAMES[game_id]
        for seed in (1, 2):
            state = engine.setup(SEATS.get(game_id, ["1", "2", "3"]), {}, seed, picks=PICKS.get(game_id))
            for seat in state["seats"]:
                shown = open_orders(declared, engine.legal_actions(state, seat))
                assert len(shown) <= 5
                mine = engine.view(state, seat)
                for n in shown:
                    order = declared[n]
                    assert order.current(mine) == order.default and len(order.values) <= 25
                    for value in order.values:
                        if value == order.current(mine):
                            continue
                        after, _events = engine.apply(state, seat, order_action(declared, n, value, mine))
                        seen = engine.view(after, seat)
                        assert order.current(seen) == value, (game_id, order, value)
                        assert all(o.current(seen) == o.current(mine) for o in declared if o is not order)
                        tried.add((game_id, order.kind, order.part))
    assert tried == {(g, o.kind, o.part) for g in ADAPTERS for o in orders(g)}  # every part
    assert {g for g, _k, _p in tried} == {"peaky_blinders", "walking_dead", "transformers", "zombie_town"}


def test_every_order_reads_in_both_languages():
    for game_id in ADAPTERS:
        for order in orders(game_id):
            for lang in ("en", "fr"):
                assert text_of(order.title, lang), (order.title, lang)
                for value in order.values:
                    assert order.words(value, lang) != order.label.format(value), (order, value, lang)
    assert text_of("orders.button", "fr") == "⚙️ Consignes"
