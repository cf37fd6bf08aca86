"""« Since your last move » (issue: a turn is one message): what a player is told when the
decision comes back to them, from the public views then and now, in every game."""

from __future__ import annotations

import io
import random

from PIL import Image, ImageChops

import renderers
from bot.discord_ui.messages import tail_of
from bot.games import presenter
from bot.rules import GAMES

NAMES = {"1": "Ann", "2": "Ben", "3": "Cat"}


def played_on(game_id: str, opts: dict, moves: int, seed: int = 2):
    game = GAMES[game_id]
    state = game.setup(["1", "2", "3"], opts, seed)
    rng = random.Random(seed)
    before = game.view(state, None)
    for _ in range(moves):
        if game.outcome(state) is not None:
            break
        seat = game.to_act(state)[0]
        state, _ = game.apply(state, seat, game.random_action(state, seat, rng.randrange))
    return before, game.view(state, None)


def test_a_map_game_says_what_was_lost_and_taken_and_marks_it():
    pres = presenter("peaky_blinders")
    before, after = played_on("peaky_blinders", {}, 0)
    after = {**after, "territories": {k: dict(v) for k, v in after["territories"].items()}}
    mine = [t for t, x in before["territories"].items() if x["owner"] == "1"][:3]
    for tid in mine:
        after["territories"][tid]["owner"] = "2"
    lines, marks = pres.since(pres.since_memo(before), pres.since_memo(after), "1", NAMES, "en")
    assert sorted(marks) == sorted(mine)
    assert lines[0].startswith("📰") and "ringed in red" in lines[0]
    assert any(line.startswith("🔻 you lost") for line in lines) and any("Ben took" in line for line in lines)
    assert len(lines) <= pres.SINCE_LINES
    fr, _ = pres.since(pres.since_memo(before), pres.since_memo(after), "1", NAMES, "fr")
    assert "Depuis votre dernier coup" in fr[0] and "vous avez perdu" in fr[1]


def test_nothing_changed_says_nothing():
    for game_id in ("peaky_blinders", "risk_express", "zombie_town", "walking_dead", "transformers"):
        pres = presenter(game_id)
        view = GAMES[game_id].view(GAMES[game_id].setup(["1", "2", "3"] if game_id != "transformers" else ["1", "2"],
                                                        {}, 1), None)
        assert pres.since(pres.since_memo(view), pres.since_memo(view), "1", NAMES, "en") == ([], [])


def test_cards_and_scores_in_risk_express_and_zombie_town():
    for game_id in ("risk_express", "zombie_town"):
        pres = presenter(game_id)
        before, after = played_on(game_id, {}, 400)
        lines, marks = pres.since(pres.since_memo(before), pres.since_memo(after), "1", NAMES, "en")
        assert lines and lines[0].startswith("📰"), (game_id, lines)
        assert any(line.startswith("📊") for line in lines), lines  # the scores moved
        if game_id == "risk_express":
            assert marks and all(isinstance(m, str) for m in marks)  # cards taken


def test_the_lines_belong_to_the_prompt_of_the_turn_message():
    content = "Ann attacks Kerry.\n📰 **Since your last move:**\n🔻 you lost Cork\n👉 <@1>, your move.\nPlace 3."
    assert tail_of(content, []) == "📰 **Since your last move:**\n🔻 you lost Cork\n👉 <@1>, your move.\nPlace 3."


def test_the_board_rings_what_changed():
    view = GAMES["walking_dead"].view(GAMES["walking_dead"].setup(["1", "2"], {}, 3), None)
    some = [t for t, x in view["territories"].items() if x.get("owner")][:2]
    plain = Image.open(io.BytesIO(renderers.render(view))).convert("RGB")
    ringed_bytes = renderers.render({**view, "changed": some})
    assert renderers.render({**view, "changed": some}) == ringed_bytes  # deterministic
    ringed = Image.open(io.BytesIO(ringed_bytes)).convert("RGB")
    box = ImageChops.difference(plain, ringed).getbbox()
    assert box is not None and (box[2] - box[0]) * (box[3] - box[1]) < plain.width * plain.height // 4


def test_risk_express_rings_the_cards_taken_and_stays_pixel_exact():
    game = GAMES["risk_express"]
    state = game.setup(["1", "2"], {}, 3)
    rng = random.Random(3)
    for _ in range(150):
        seat = game.to_act(state)[0]
        state, _ = game.apply(state, seat, game.random_action(state, seat, rng.randrange))
    view = game.view(state, None)
    owned = [c["id"] for c in view["cards"] if c.get("owner")][:3]
    assert owned
    plain, ringed = renderers.render(view), renderers.render({**view, "changed": owned})
    assert plain != ringed and renderers.render({**view, "changed": owned}) == ringed
    # the palette frame against the reference drawing, rings included: test_frame.py


def test_zombie_town_says_where_zombies_came_and_rings_those_squares():
    game, pres = GAMES["zombie_town"], presenter("zombie_town")
    state = game.setup(["1", "2", "3"], {}, 3)
    rng = random.Random(3)
    for _ in range(60):
        seat = game.to_act(state)[0]
        state, _ = game.apply(state, seat, game.random_action(state, seat, rng.randrange))
    before = game.view(state, None)
    for _ in range(80):
        seat = game.to_act(state)[0]
        state, _ = game.apply(state, seat, game.random_action(state, seat, rng.randrange))
    after = game.view(state, None)
    lines, marks = pres.since(pres.since_memo(before), pres.since_memo(after), "1", NAMES, "en")
    came = [sq for sq, n in (after["zombies"] or {}).items() if n > (before["zombies"] or {}).get(sq, 0)]
    assert came and set(came) <= set(marks) and len(marks) == len(set(marks))
    assert any(line.startswith("🧟") for line in lines) and "ringed in red" in lines[0]
    assert renderers.render({**after, "changed": marks}) != renderers.render(after)
    fr, _ = pres.since(pres.since_memo(before), pres.since_memo(after), "1", NAMES, "fr")
    assert any("zombie" in line and "venu" in line for line in fr), fr
