"""``python -m bot``: the token check, the settings, and the offline simulator."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from PIL import Image

from bot.config import Settings, load_dotenv

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str, env: dict[str, str] | None = None, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    base = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN",)}
    base["PYTHONPATH"] = str(ROOT)
    return subprocess.run([sys.executable, "-m", "bot", *args], capture_output=True, text=True,
                          env={**base, **(env or {})}, cwd=cwd, timeout=120)


def test_without_a_token_it_exits_at_once_saying_how_to_get_one(tmp_path):
    result = run(cwd=tmp_path)  # no .env there
    assert result.returncode == 1
    assert "DISCORD_TOKEN" in result.stderr and "discord.com/developers" in result.stderr


def test_settings_never_show_the_token(monkeypatch, tmp_path):
    settings = Settings(token="super-secret-token-123")
    assert "super-secret" not in repr(settings) and "super-secret" not in str(settings)
    env = tmp_path / ".env"
    env.write_text("# comment\nexport DISCORD_TOKEN='abc.def'\nDATABASE_URL=sqlite:///x.db\n")
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.delenv("DATABASE_URL", raising=False)
    load_dotenv(env)
    assert os.environ["DISCORD_TOKEN"] == "abc.def" and os.environ["DATABASE_URL"] == "sqlite:///x.db"


def test_env_example_lists_every_setting():
    text = (ROOT / ".env.example").read_text()
    for key in ("DISCORD_TOKEN", "DATABASE_URL", "SYNC_GUILD_ID", "SYNC_COMMANDS", "LOG_LEVEL"):
        assert f"\n{key}=" in text


def test_simulate_plays_a_whole_game_and_draws_every_turn(tmp_path):
    result = run("simulate", "risk_express", "--players", "4", "--seed", "3", "--out", str(tmp_path),
                 "--max-pictures", "1000")  # every turn, however long the game
    assert result.returncode == 0, result.stderr
    assert "Game over" in result.stdout and "Result after" in result.stdout
    pictures = sorted(tmp_path.glob("*.png"))
    turns = result.stdout.count("**Turn ")
    assert len(pictures) >= turns  # one per turn, plus the opening board
    with Image.open(pictures[-1]) as img:
        assert img.format == "PNG"


def test_simulate_is_deterministic_and_refuses_unknown_games():
    a = run("simulate", "risk_express", "--players", "2", "--seed", "11", "--option", "continue_attempt=true")
    b = run("simulate", "risk_express", "--players", "2", "--seed", "11", "--option", "continue_attempt=true")
    assert a.returncode == 0 and a.stdout == b.stdout
    bad = run("simulate", "chess")
    assert bad.returncode == 2 and "Unknown game" in bad.stderr
    bad = run("simulate", "risk_express", "--players", "9")
    assert bad.returncode == 2 and "2–6 players" in bad.stderr


def test_without_network_the_bot_says_so_in_one_line(monkeypatch, tmp_path, capsys):
    """No route to Discord: one line on stderr, exit 1, no traceback, no token."""
    import discord

    from bot.__main__ import run_bot

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "secret-token-for-the-test")
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path}/x.sqlite3")
    monkeypatch.setenv("SYNC_COMMANDS", "0")
    monkeypatch.setattr(discord.http.Route, "BASE", "http://127.0.0.1:9/api/v10")  # nothing listens there
    assert run_bot() == 1
    err = capsys.readouterr().err
    lines = [line for line in err.splitlines() if line.strip() and "Cannot reach Discord" in line]
    assert len(lines) == 1, err
    assert "Traceback" not in err and "secret-token" not in err


def test_simulate_caps_the_pictures_and_speaks_french(tmp_path):
    result = run("simulate", "risk_express", "--players", "2", "--seed", "5", "--out", str(tmp_path),
                 "--max-pictures", "3", "--lang", "fr")
    assert result.returncode == 0, result.stderr
    pictures = sorted(p.name for p in tmp_path.glob("*.png"))
    assert len(pictures) == 4 and "final.png" in pictures  # three turns and the final board
    assert "warning: 3 pictures written" in result.stderr
    english = run("simulate", "risk_express", "--players", "2", "--seed", "5")
    assert english.stdout != result.stdout  # the narration follows --lang


def test_an_unsupported_database_url_is_refused_before_connecting(tmp_path):
    result = run(env={"DISCORD_TOKEN": "x", "DATABASE_URL": "mysql://me:hunter2@db/gm"}, cwd=tmp_path)
    assert result.returncode == 1 and "unsupported database URL scheme 'mysql'" in result.stderr
    assert "hunter2" not in result.stderr and "Traceback" not in result.stderr


def test_the_readme_lists_every_registered_game():
    """The README's table is the registry's (python -m bot games --write refreshes it)."""
    from bot.readme import games_block
    from bot.rules import GAMES

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert games_block() in readme
    for game in GAMES.values():
        assert f"`{game.id}`" in games_block()


def test_simulate_seats_the_named_policies_and_plays_to_the_end():
    result = run("simulate", "risk_express", "--players", "2", "--ai", "easy,random", "--seed", "3")
    assert result.returncode == 0, result.stderr
    assert "P1 (easy)" in result.stdout and "P2 (random)" in result.stdout  # who plays each seat, named
    assert "Result after" in result.stdout.splitlines()[-1] and "winners" in result.stdout.splitlines()[-1]
    wrong = run("simulate", "risk_express", "--ai", "normal,smart")
    assert wrong.returncode == 2 and "unknown policy 'smart'" in wrong.stderr


def test_arena_plays_a_match_and_prints_the_win_rate_with_its_interval():
    result = run("arena", "risk_express", "--a", "easy", "--b", "random", "--games", "2", "--iterations", "4",
                 "--verbose")  # easy: no endgame table to solve, the CLI is what is tested
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    from bot.arena import game_seed

    assert [line.split(":")[0] for line in lines[:2]] == [f"game 1/2 (seed {game_seed(1, 0)})",
                                                          f"game 2/2 (seed {game_seed(1, 1)})"]
    assert "easy in p0" in lines[0] and "easy in p1" in lines[1]  # A's seat goes round the table
    assert "risk_express (2 players): easy won" in lines[-1] and "95 % CI" in lines[-1]
    assert "a seat's share: 50 %" in lines[-1] and "against random" in lines[-1]
    for args, says in ((("--a", "smart"), "unknown policy 'smart'"), (("--players", "9"), "needs 2–6 players"),
                       (("--games", "0"), "games must be at least 1")):
        refused = run("arena", "risk_express", "--games", "1", *args)
        assert refused.returncode == 2 and says in refused.stderr and not refused.stdout


def test_a_match_s_games_are_dealt_from_streams_of_dice_far_apart():
    """The engines' generator from seeds s and s + 1 is one stream shifted by one draw: a
    match's games get mixed seeds, none of whose first 2,000 draws meets another's."""
    from bot.arena import game_seed
    from bot.rules.rng import Rng

    def draws(seed: int, n: int) -> list[int]:
        rng = Rng.from_seed(seed)
        return [rng.next64() for _ in range(n)]

    assert draws(8, 5)[1:] == draws(9, 5)[:4]  # what the mixing is for
    seeds = [game_seed(7, k) for k in range(20)]
    assert len(set(seeds)) == 20 and all(0 <= s < 2**63 for s in seeds)
    assert game_seed(7, 3) == game_seed(7, 3) != game_seed(8, 3)
    seen: set[int] = set()
    for s in seeds:
        stream = set(draws(s, 2000))
        assert not stream & seen
        seen |= stream


def test_a_match_says_how_many_games_nobody_won():
    from bot.arena import Match

    match = Match("peaky_blinders", 2, "normal", "random", games=20, wins=19.0, draws=1)
    assert "won 19 of 20 = 95 %" in match.summary() and "1 of the games not won had no winner" in match.summary()
    assert "no winner" not in Match("peaky_blinders", 2, "normal", "random", games=2, wins=2.0).summary()
    assert "shared" not in Match("risk_express", 2, "hard", "beginner", games=2, wins=2.0).summary()
    tied = Match("risk_express", 2, "hard", "beginner", games=10, wins=7.0, shared=2.0, split=1.0).summary()
    assert "won 7 of 10 = 70 %" in tied and "2 of the wins shared with another seat: 6 of 10 = 60 %" in tied


def test_every_bad_setting_is_one_line_naming_it(tmp_path):
    """A comment, a typo or an unknown level: one sentence naming the setting, no traceback,
    nothing started (no database file made)."""
    bad = {"SYNC_GUILD_ID": "123 # my server", "LOG_LEVEL": "verbose", "SYNC_COMMANDS": "maybe",
           "SHARD_COUNT": "many", "GAMEMASTER_AI_BUDGET": "fast", "DATABASE_URL": "mysql://db/gm"}
    clean = {key: "" for key in bad} | {"DISCORD_TOKEN": "x", "DATABASE_URL": f"sqlite:///{tmp_path}/gm.sqlite3"}
    for key, value in bad.items():
        result = run(env={**clean, key: value}, cwd=tmp_path)
        assert result.returncode == 1, (key, result.stderr)
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and key in lines[0] and "Traceback" not in result.stderr, (key, result.stderr)
    assert list(tmp_path.iterdir()) == []


def test_settings_are_read_and_checked(monkeypatch, tmp_path):
    from bot.config import BadSetting, from_env

    (tmp_path / ".env").write_text("DISCORD_TOKEN=abc  # the bot's\nSYNC_GUILD_ID=123 # my server\n"
                                   "LOG_LEVEL='debug'\nSYNC_COMMANDS=off\t# not now\nDATABASE_URL=\n")
    for key in ("DISCORD_TOKEN", "SYNC_GUILD_ID", "LOG_LEVEL", "SYNC_COMMANDS", "DATABASE_URL",
                "SHARD_COUNT", "SHARD_IDS", "GAMEMASTER_AI_BUDGET"):
        monkeypatch.delenv(key, raising=False)
    monkeypatch.chdir(tmp_path)
    settings = from_env()
    assert (settings.token, settings.sync_guild_id, settings.log_level, settings.sync_commands) == \
        ("abc", 123, "DEBUG", False)
    assert settings.database_url == "sqlite:///var/gamemaster.sqlite3"
    for key, value, word in (("LOG_LEVEL", "verbose", "LOG_LEVEL"), ("SYNC_GUILD_ID", "my server", "SYNC_GUILD_ID"),
                             ("SYNC_GUILD_ID", "-5", "SYNC_GUILD_ID"), ("SYNC_COMMANDS", "2", "SYNC_COMMANDS")):
        monkeypatch.setenv(key, value)
        try:
            from_env()
        except BadSetting as err:
            assert word in str(err) and "\n" not in str(err)
        else:
            raise AssertionError(f"{key}={value} accepted")
        monkeypatch.delenv(key)
    monkeypatch.setenv("LOG_LEVEL", "warn")
    assert from_env().log_level == "WARNING"


def test_every_help_shows_the_defaults(capsys):
    """Each option with a default says it in ``--help``; ``run`` lists the settings."""
    import pytest

    from bot.__main__ import main

    expected = {"simulate": ["--players PLAYERS     how many seats (default: 3)", "(default: 1)", "(default: en)",
                             "(default: 100)"],
                "arena": ["(default: normal)", "(default: random)", "(default: 200)", "(default: 2)"],
                "replay": ["(default: 100)"],
                "run": ["LOG_LEVEL              default INFO", "GAMEMASTER_AI_BUDGET   default 1",
                        "relative to the", "DATABASE_URL           default sqlite:///var/gamemaster.sqlite3"]}
    for command, parts in expected.items():
        with pytest.raises(SystemExit):
            main([command, "--help"])
        text = capsys.readouterr().out
        for part in parts:
            assert part in text, (command, part)
        assert "(default: None)" not in text and "(default: [])" not in text and "(default: False)" not in text


def test_every_setting_is_documented_where_an_operator_looks():
    """Each setting ``from_env`` reads is in .env.example, the README's settings table and
    ``python -m bot run --help``, with the defaults the code has."""
    import re

    from bot.__main__ import SETTINGS_HELP
    from bot.config import Settings

    read = set(re.findall(r'os\.environ\.get\("([A-Z_]+)"', (ROOT / "bot/config.py").read_text(encoding="utf-8")))
    assert {"DISCORD_TOKEN", "DATABASE_URL", "LOG_LEVEL", "GAMEMASTER_AI_BUDGET"} <= read
    example = (ROOT / ".env.example").read_text(encoding="utf-8")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    table = readme.split("### Settings", 1)[1].split("\n### ", 1)[0]
    for key in read:
        assert f"\n{key}=" in example, key
        assert f"`{key}`" in table, key
        assert key in SETTINGS_HELP, key
    assert f"`{Settings.database_url}`" in table and "relative to the working directory" in table
    assert Settings.database_url in SETTINGS_HELP and f"default {Settings.log_level}" in SETTINGS_HELP


def test_the_readme_reads_in_a_newcomers_order_and_starts_every_game():
    from bot.discord_ui.cogs.registry import game_cogs, group_name
    from bot.games import presenter

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    order = ["## The two commands", "## The Discord application", "## Your first game", "## Commands",
             "## How to play", "## Running it: the operator's part", "### Settings", "### Logs",
             "### Keeping the games in PostgreSQL", "### Scale-out"]
    places = [readme.index(heading) for heading in order]
    assert places == sorted(places)
    first = readme.split("## Your first game", 1)[1].split("\n## ", 1)[0]
    for game_id, cog in game_cogs().items():
        row = next(line for line in first.splitlines()
                   if line.startswith("|") and f"`/game new game:{presenter(game_id).name('en')}`" in line)
        assert f"`/{group_name(cog)} " in row, game_id


def test_ratings_rebuild_from_the_command_line(tmp_path, capsys):
    """``python -m bot ratings --rebuild`` recomputes the ratings from the stored results (here
    one game's, its ratings lost), and ``--help`` says each option's default."""
    import asyncio

    from bot.__main__ import main
    from bot.store import ResultRow, open_store

    url = f"sqlite:///{tmp_path}/r.sqlite3"

    async def prepare() -> None:
        store = await open_store(url)
        row = await store.create_lobby(1, 7, "risk_express", "1", {}, 5)
        row = await store.update_game(row, players=["1", "2"], status="finished", state={"n": 0})
        await store.record_results(row.id, [ResultRow(row.id, s, s, f"P{s}", 7, "risk_express", i, i + 1, i == 0,
                                                      None, 0, False, 2, 10.0) for i, s in enumerate("12")], [])
        await store.close()

    async def ratings() -> list:
        store = await open_store(url)
        try:
            return await store.ratings(7)
        finally:
            await store.close()

    asyncio.run(prepare())
    assert main(["ratings", "--database", url]) == 0 and asyncio.run(ratings()) == []
    assert main(["ratings", "--rebuild", "--database", url]) == 0
    assert "rebuilt 2 ratings from 1 rated games" in capsys.readouterr().out
    rated = {r.player: r for r in asyncio.run(ratings())}
    assert rated["1"].mu > 25 > rated["2"].mu and rated["1"].wins == 1
    assert main(["ratings", "--database", "nosuch://x"]) == 1
    result = run("ratings", "--help")
    assert "--rebuild" in result.stdout and "default" in result.stdout
