"""End to end: games played by clicks alone, as on a phone (issue: a turn is one message).

Every game and mode, from ``/game new`` and the lobby's buttons and menus, by players who
never type a move: each decision is a click on the turn message (a move's button, a chain's
menus and count buttons) or in the private message "Your cards…" opens. Along the way:
no click is refused, a turn is one message (new channel posts per turn: median ≤ 2; the turn
message is edited in place while its player goes on), and a person is mentioned at most once
between two of their own decisions. To the end of every game by clicks (from a state 30 random
moves before an end): ``-m slow``.
"""

from __future__ import annotations

import random
import statistics

import pytest

from bot.rules import GAMES
from tests.discord_ui.clicker import click_decision, told
from tests.discord_ui.e2e import make_bot, row_of
from tests.discord_ui.test_e2e_walking_dead import set_options

TABLES = [
    ("risk_express", [], 3),
    ("peaky_blinders", [], 2),
    ("peaky_blinders", [], 3),
    ("walking_dead", [], 2),
    ("walking_dead", ["mode=conquest"], 3),
    ("transformers", [], 2),
    ("transformers", ["setup=place"], 2),
    ("zombie_town", [], 3),
]
IDS = [f"{g}-{'-'.join(o) or 'default'}-{n}" for g, o, n in TABLES]
# the README's run: one table a game and mode, but those clicked elsewhere in it (Survival: the
# rounds test; Risk Express: the rematch test clicks a game to its end, test_e2e_express plays
# one by buttons; Transformers: the round of claims); every table to its end: -m slow
FAST = [TABLES[1], TABLES[4], TABLES[7]]
FAST_IDS = [IDS[TABLES.index(x)] for x in FAST]


async def near_the_end(fake, bot, table, left: int, seed: int, by_service: bool = True) -> None:
    """The game played on at random by the engine to ``left`` moves before its end, stored in
    place of the state; then, ``by_service``, those last moves made through the service (the same
    moves: the dice are in the state) and told in the channel as any move is, else the state
    shown in the channel for clicks to go on from."""
    from bot.discord_ui.messages import post_turn

    row = await told(fake, bot, table)
    engine = GAMES[row.game]
    rng = random.Random(seed)
    history = [(row.state, None, None)]
    state = row.state
    while engine.outcome(state) is None:
        seat = engine.to_act(state)[0]
        action = engine.random_action(state, seat, rng.randrange)
        history.append((state, seat, action))
        state, _events = engine.apply(state, seat, action)
    cut = min(len(history) - 1, max(1, len(history) - left))
    row = await bot.service.store.update_game(row, state=history[cut][0])
    channel = await bot.channel_of(table.id)
    if not by_service:
        await post_turn(channel, None, row, None, bot=bot, with_board=True)
        return
    for _state, seat, action in history[cut:]:
        played = await bot.service.act(table.id, seat, action)
        await post_turn(channel, None, played.row, played, bot=bot)


async def play_by_clicks(fake, tmp_path, game_id, options, n, decisions, seed=3, locale="en-US",
                         left: int | None = None, after=None, by_service: bool = True):
    """A table of ``n`` people opened and started by ``/game new`` and the lobby's buttons, then
    ``decisions`` decisions (or the whole game) made by clicks. Returns the figures."""
    guild = fake.add_guild("Clicks", locale=locale)
    table = guild.add_text_channel("table")
    people = [guild.add_member(f"P{i}") for i in range(n)]
    users = {str(u.id): u for u in people}
    rnd = random.Random(seed)
    async with fake.run(make_bot(f"sqlite:///{tmp_path}/clicks.sqlite3", seed=seed)) as bot:
        res = await fake.slash(people[0], table, "game", "new", options={"game": game_id}, locale=locale)
        assert not res.ephemeral, res.content
        await set_options(fake, res.message, people[0], options)
        for user in people[1:]:
            joined = await fake.click(user, fake.message(res.message.id), label="Join" if locale == "en-US" else None) \
                if locale == "en-US" else await fake.slash(user, table, "game", "join", locale=locale)
            assert joined.ephemeral or "✓" in joined.content or joined.content, joined.content
        start = next(c for c in fake.message(res.message.id).custom_ids if c.endswith(":start"))
        await fake.click(people[0], fake.message(res.message.id), start, locale=locale)
        await fake.settle()
        if left is not None:
            await near_the_end(fake, bot, table, left, seed, by_service)
        engine = GAMES[game_id]
        posts_per_turn: list[int] = []
        pings_between: list[int] = []
        since_decision = {s: 0 for s in users}
        turn_seat, turn_posts = None, 0
        made = 0
        stats: dict = {}
        while made < decisions:
            row = await told(fake, bot, table)  # everything of the last decision posted
            if row is None or row.status != "running":
                break
            seat = engine.to_act(row.state)[0]
            if seat != turn_seat:
                if turn_seat is not None:
                    posts_per_turn.append(turn_posts)
                turn_seat, turn_posts = seat, 0
            pings_between.append(since_decision[seat])
            since_decision[seat] = 0
            mark = fake.mark()
            assert await click_decision(fake, bot, table, users, rnd, stats)
            await told(fake, bot, table)
            made += 1
            for record in fake.records[mark:]:
                if record.channel_id != table.id or record.flags & 64:
                    continue
                if record.action == "create" or (record.action == "edit" and record.kind == "followup"
                                                 and not record.interaction_id):
                    turn_posts += 1
                for pinged in record.pinged:
                    if str(pinged) in since_decision:
                        since_decision[str(pinged)] += 1
        row = await row_of(bot, table) or await bot.service.store.latest_game(table.id)
        out = {"posts": posts_per_turn, "pings": pings_between, "made": made, "row": row, "clicks": stats,
               "fake": fake, "table": table, "bot": bot, "guild": guild}
        if after is not None:
            await after(out)
        return out


@pytest.mark.parametrize(("game_id", "options", "n"), FAST, ids=FAST_IDS)
async def test_a_player_who_only_clicks(fake, tmp_path, game_id, options, n):
    out = await play_by_clicks(fake, tmp_path, game_id, options, n, decisions=10)
    assert out["made"] >= 8, out["made"]
    assert out["posts"], "no turn was completed"
    assert statistics.median(out["posts"]) <= 2, out["posts"]
    assert max(out["pings"]) <= 1, out["pings"]


@pytest.mark.slow
@pytest.mark.parametrize(("game_id", "options", "n"), TABLES, ids=IDS)
async def test_a_player_who_only_clicks_finishes_the_game(fake, tmp_path, game_id, options, n):
    # the opening by clicks is the fast test's; here from 30 random moves before an end, by clicks to it
    out = await play_by_clicks(fake, tmp_path, game_id, options, n, decisions=3_000, seed=5, left=30,
                               by_service=False)
    row = out["row"]
    assert row.status == "finished", (out["made"], row.status)
    assert statistics.median(out["posts"]) <= 2, out["posts"]
    assert max(out["pings"]) <= 1, out["pings"]


async def test_the_end_of_a_game_and_its_rematch(fake, tmp_path):
    """A Risk Express game clicked to its end (from a few moves before it): the last post says
    who won and every score sorted with what it counts, and offers a Rematch; a stranger's
    click on it is refused privately; a player's opens a lobby with the same people and options."""

    async def rematch(out):
        row, table, guild = out["row"], out["table"], out["guild"]
        assert row.status == "finished", out["made"]
        final = [m for m in fake.channel_messages(table) if any(c.startswith("gmrm:") for c in m.custom_ids)]
        assert final, [m.content[-200:] for m in fake.channel_messages(table)[-2:]]
        text = final[-1].content
        assert "Game over" in text and "wins" in text and "Points (cards taken)" in text, text[-400:]
        ranked = sorted(GAMES["risk_express"].outcome(row.state)["scores"].values(), reverse=True)
        shown = [int(part.rsplit(" ", 1)[1]) for part in text.split("Points (cards taken)**: ")[1].split(" · ")]
        assert shown == ranked, (shown, ranked)
        rematch_id = next(c for c in final[-1].custom_ids if c.startswith("gmrm:"))
        res = await fake.click(guild.add_member("Stranger"), final[-1], rematch_id)
        assert res.ephemeral and "Only a player" in res.content, res.content
        member = guild.member(int(row.players[0]))
        res = await fake.click(member, final[-1], rematch_id)
        assert not res.ephemeral and "Risk Express" in res.content and "Players: 2" in res.content.replace(
            "Players (2", "Players: 2"), res.content
        lobby = await out["bot"].service.store.latest_game(table.id)
        assert lobby.status == "lobby" and sorted(lobby.players) == sorted(row.players)
        assert lobby.options == row.options and lobby.id != row.id
        res = await fake.click(member, final[-1], rematch_id)  # a lobby is open: that game is not the last
        assert res.ephemeral, res.content

    out = await play_by_clicks(fake, tmp_path, "risk_express", [], 2, decisions=0, seed=4, left=3, after=rematch)
    assert out["row"].status == "finished"


async def test_status_shows_a_player_only_their_own_prompt(fake, tmp_path):
    """/game status: the player to act is shown what they are asked; the others (and a French
    member) are not shown a prompt that is not theirs."""
    from bot.games import presenter

    async def status(out):
        row, table, guild = out["row"], out["table"], out["guild"]
        engine = GAMES[row.game]
        seat = engine.to_act(row.state)[0]
        prompt = presenter(row.game).prompt(engine.view(row.state, None), row.names, "en")
        assert prompt
        mine = await fake.slash(guild.member(int(seat)), table, "game", "status")
        other = next(p for p in row.players if p != seat)
        theirs = await fake.slash(guild.member(int(other)), table, "game", "status")
        assert mine.ephemeral and prompt in mine.content, mine.content
        assert theirs.ephemeral and prompt not in theirs.content, theirs.content
        french = await fake.slash(guild.member(int(other)), table, "game", "status", locale="fr")
        fr_prompt = presenter(row.game).prompt(engine.view(row.state, None), row.names, "fr")
        assert fr_prompt not in french.content

    await play_by_clicks(fake, tmp_path, "risk_express", [], 2, decisions=0, after=status)


async def test_a_french_table_plays_by_clicks_in_french(fake, tmp_path):
    """A French server: the turn messages, the chains' buttons and menus and the answers are
    French; the clicks play as anywhere else."""

    async def french(out):
        table = out["table"]
        shown = [m for m in fake.channel_messages(table)]
        text = "\n".join(m.content for m in shown)
        assert "à vous de jouer" in text, text[-600:]
        labels = [c.get("label") or c.get("placeholder") or "" for m in shown for row in m.components
                  for c in row.get("components", [])]
        assert any(x in labels for x in ("➕ Placer", "⚔️ Attaquer", "🂠 Vos cartes…")) or any(
            " ?" in x for x in labels), labels

    out = await play_by_clicks(fake, tmp_path, "walking_dead", [], 2, decisions=8, locale="fr", after=french)
    assert out["made"] >= 6


async def test_a_round_of_claims_is_one_message_and_one_board(fake, tmp_path):
    """The Walking Dead's claims, three people: a round of claims is one message (edited as each
    claims) and one board; each next claimer is mentioned once, by a short message that goes
    once they have claimed; « Pick for me » claims for them."""

    async def rounds(out):
        table = out["table"]
        boards = [r for r in fake.records if r.channel_id == table.id and r.action == "create" and r.attachments]
        live = [m for m in fake.channel_messages(table) if "your turn to choose" in m.content]
        assert len(live) <= 1  # the mentions of the round's hand-overs go once their seat has played
        made = out["made"]
        assert len(boards) <= 2 + made // 3 + 1, (len(boards), made)  # the start, then one a round
        assert max(out["pings"]) <= 1

    out = await play_by_clicks(fake, tmp_path, "walking_dead", [], 3, decisions=9, after=rounds)
    assert out["made"] == 9
