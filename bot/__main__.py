"""``python -m bot`` runs the bot; ``python -m bot simulate GAME`` plays a game offline;
``python -m bot replay FILE`` replays a game exported with ``/game export``;
``python -m bot copy-db FROM_URL TO_URL`` moves every game to another database;
``python -m bot ratings --rebuild`` recomputes every rating from the stored games. Every
``--help`` shows each option's default."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

TOKEN_HELP = """No Discord token found.

Set DISCORD_TOKEN in the environment or in a .env file (copy .env.example to .env).
To get a token: https://discord.com/developers/applications → New Application →
Bot → Reset Token, then invite the bot with the link shown in README.md.
"""


SETTINGS_HELP = """settings (from the environment, or a .env file in the working directory):
  DISCORD_TOKEN          the bot's token (required)
  DATABASE_URL           default sqlite:///var/gamemaster.sqlite3, a path relative to the
                         working directory (sqlite:////abs/path is absolute; or postgresql://…)
  SYNC_GUILD_ID          default empty: the commands are registered globally
  SYNC_COMMANDS          default 1 (0: keep the commands as last registered)
  LOG_LEVEL              default INFO (DEBUG, INFO, WARNING, ERROR or CRITICAL)
  GAMEMASTER_AI_BUDGET   default 1 (seconds per AI decision at the normal level, 0.05 to 30)
  GAMEMASTER_AI_WORKERS  default process (the AI thinks in worker processes; thread: in the bot's)
  GAMEMASTER_CACHE_DIR   default empty: the boards' layers in render-cache/ beside a SQLite
                         database, ~/.cache/gamemaster for PostgreSQL (off: none)
  SHARD_COUNT, SHARD_IDS default empty: one connection, no shards"""


class HELP(argparse.RawDescriptionHelpFormatter, argparse.ArgumentDefaultsHelpFormatter):
    """Every option's default in ``--help`` (``(default: 3)``); an option whose help says
    its default in words (``default: none``, ``the level's``) is left as it is."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        text = action.help or ""
        if "default" in text or action.default in (None, [], False):
            return text
        return super()._get_help_string(action)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot", description="GameMaster, a Discord game master.",
                                     formatter_class=HELP, epilog=SETTINGS_HELP)
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("run", help="run the bot (the default); settings from the environment or .env",
                   formatter_class=HELP, epilog=SETTINGS_HELP)
    games = sub.add_parser("games", help="the games, as the README's table (from the registry)", formatter_class=HELP)
    games.add_argument("--write", action="store_true", help="refresh the table in README.md")
    sim = sub.add_parser("simulate", help="play a whole game with random legal moves, offline", formatter_class=HELP)
    sim.add_argument("game", help="a game id (`python -m bot games` lists them)")
    sim.add_argument("--players", type=int, default=3, help="how many seats")
    sim.add_argument("--seed", type=int, default=1, help="the deal and the dice: the same seed, the same game")
    sim.add_argument("--out", type=Path, default=None, help="write the board PNG after every turn here (default: none)")
    sim.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                     help="a game option, e.g. continue_attempt=true (repeat for several; default: the game's)")
    sim.add_argument("--lang", choices=("en", "fr"), default="en", help="the language of the narration and boards")
    sim.add_argument("--max-pictures", type=int, default=None, metavar="N",
                     help="with --out: draw at most N turns (default: 100), and the final board")
    sim.add_argument("--replay", type=Path, default=None, metavar="FILE",
                     help="write the game's animated replay (a GIF, one frame per turn) here (default: none)")
    sim.add_argument("--chart", type=Path, default=None, metavar="FILE",
                     help="write the chart of each player's standing turn by turn (a PNG) here (default: none)")
    sim.add_argument("--ai", default=None, metavar="POLICY,POLICY,…",
                     help="who plays each seat, in order: random, greedy, beginner, easy, normal or hard (default: random"
                          " everywhere; a shorter list is repeated)")
    arena = sub.add_parser("arena", help="a match between two policies (AI levels, beginner, greedy, random), offline",
                           formatter_class=HELP)
    arena.add_argument("game", help="a game id (`python -m bot games` lists them)")
    arena.add_argument("--a", default="normal", help="the policy measured")
    arena.add_argument("--b", default="random", help="its opponents' policy")
    arena.add_argument("--games", type=int, default=200, help="how many games")
    arena.add_argument("--players", type=int, default=2, help="seats a game")
    arena.add_argument("--seed", type=int, default=1, help="the match's seed: each game's own is mixed from it and the game's number (--verbose prints it)")
    arena.add_argument("--budget", type=float, default=None, metavar="SECONDS",
                       help="CPU seconds a search may take per decision (default: its level's iterations only)")
    arena.add_argument("--iterations", type=int, default=None, help="samples per decision (default: the level's)")
    arena.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                       help="a game option (repeat for several; default: the game's)")
    arena.add_argument("--verbose", action="store_true", help="a line per game")
    rep = sub.add_parser("replay", help="replay a game exported with /game export, and draw its boards",
                         formatter_class=HELP)
    rep.add_argument("file", type=Path, help="the JSON file /game export gave")
    rep.add_argument("--out", type=Path, default=None,
                     help="write the board after every turn (turn-0001.png …) and the final one (final.png) here"
                          " (default: none)")
    rep.add_argument("--max-pictures", type=int, default=100, metavar="N",
                     help="with --out: draw at most N turns, and the final board")
    rep.add_argument("--gif", type=Path, default=None, metavar="FILE",
                     help="write the game's animated replay (one frame per turn) here (default: none)")
    rep.add_argument("--chart", type=Path, default=None, metavar="FILE",
                     help="write the chart of each player's standing turn by turn here (default: none)")
    copy = sub.add_parser("copy-db", help="copy every game and setting into an empty database, and check each game",
                          formatter_class=HELP)
    copy.add_argument("from_url", metavar="FROM_URL", help="the database to copy (sqlite:///… or postgresql://…)")
    copy.add_argument("to_url", metavar="TO_URL", help="an empty database (created if a new SQLite file)")
    rat = sub.add_parser("ratings", help="the ratings: rebuild them from the stored games (bot stopped or running)",
                         formatter_class=HELP)
    rat.add_argument("--rebuild", action="store_true",
                     help="rate the finished games left unrated, then recompute every rating from the stored"
                          " results, games in the order they ended (default: off: only count what is stored)")
    rat.add_argument("--database", default=None, metavar="URL",
                     help="the database (default: DATABASE_URL from the environment or .env, else"
                          " sqlite:///var/gamemaster.sqlite3)")
    args = parser.parse_args(argv)
    if args.command == "ratings":
        return run_ratings(args)
    if args.command == "copy-db":
        return run_copy_db(args)
    if args.command == "replay":
        return run_replay(args)
    if args.command == "simulate":
        return run_simulate(args)
    if args.command == "arena":
        return run_arena(args)
    if args.command == "games":
        return run_games(args)
    return run_bot()


def parse_options(pairs: list[str]) -> dict[str, object]:
    out: dict[str, object] = {}
    for pair in pairs:
        key, _, value = pair.partition("=")
        low = value.strip().lower()
        out[key.strip()] = True if low in ("1", "true", "on", "yes") else False if low in ("0", "false", "off", "no") else value
    return out


def run_simulate(args: argparse.Namespace) -> int:
    from bot.rules import GAMES, RuleError
    from bot.simulate import MAX_PICTURES, simulate

    if args.game not in GAMES:
        print(f"Unknown game {args.game!r}; known: {', '.join(GAMES)}", file=sys.stderr)
        return 2
    cap = MAX_PICTURES if args.max_pictures is None else args.max_pictures
    if cap < 1:
        print("error: --max-pictures must be at least 1", file=sys.stderr)
        return 2
    try:
        seats_ai = [p.strip() for p in args.ai.split(",")] if args.ai else None
        if seats_ai:
            from bot.arena import check_names

            wrong = check_names(*seats_ai)
            if wrong:
                print(f"error: {wrong}", file=sys.stderr)
                return 2
        simulate(args.game, args.players, args.seed, args.out, parse_options(args.option), lang=args.lang,
                 max_pictures=cap, warn=lambda text: print(text, file=sys.stderr), replay=args.replay,
                 chart=args.chart, ai=seats_ai)
    except BrokenPipeError:  # piped into head: fine
        sys.stderr.close()
        return 0
    except RuleError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    return 0


def run_arena(args: argparse.Namespace) -> int:
    from bot.arena import check_names, play_match
    from bot.rules import GAMES, RuleError

    if args.game not in GAMES:
        print(f"Unknown game {args.game!r}; known: {', '.join(GAMES)}", file=sys.stderr)
        return 2
    wrong = check_names(args.a, args.b)
    if wrong or args.games < 1 or (args.budget is not None and args.budget <= 0):
        print(f"error: {wrong or 'games must be at least 1 and a budget above 0'}", file=sys.stderr)
        return 2
    try:
        match = play_match(args.game, args.a, args.b, args.games, args.players, args.seed,
                           parse_options(args.option), args.budget, args.iterations,
                           echo=print if args.verbose else None)
    except RuleError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    print(match.summary(args.budget))
    return 0


def run_replay(args: argparse.Namespace) -> int:
    from bot.replay import ReplayFailed, replay_file

    if args.max_pictures < 1:
        print("error: --max-pictures must be at least 1", file=sys.stderr)
        return 2
    try:
        return 0 if replay_file(args.file, args.out, max_pictures=args.max_pictures, gif=args.gif,
                                chart=args.chart) else 1
    except ReplayFailed as err:
        print(f"error: {err}", file=sys.stderr)
        return 2


async def replay_check(store: object, row: object) -> str | None:
    """copy-db's check of a copied game: its log replays to its stored state (``None``), or
    what is wrong. A state of an older shape is left to its next move, which rebuilds it."""
    from bot.rules import RuleError
    from bot.rules.base import SCHEMA_VERSION
    from bot.service import GameService

    state = row.state  # type: ignore[attr-defined]
    if state.get("schema", 1) < SCHEMA_VERSION:
        return None
    try:
        replayed = await GameService(store).replay(row)  # type: ignore[arg-type]
    except RuleError as err:
        return f"its log does not replay ({err})"
    return None if replayed == state else "its log replays to another state than the stored one"


def run_copy_db(args: argparse.Namespace) -> int:
    """Copy, then check every game: the copy reads back equal to the original, and its log
    replays to its stored state. A URL's password is never printed."""
    import asyncio

    from bot.store import StoreError, UnsupportedDatabase, copy_database

    try:
        report = asyncio.run(copy_database(args.from_url, args.to_url, replay_check,
                                           progress=lambda line: print(line, file=sys.stderr)))
    except (StoreError, UnsupportedDatabase) as err:
        print(f"error: {err}", file=sys.stderr)
        return 1
    rows = report.rows
    print(f"copied {report.games} games ({report.actions} actions, {rows['clocks']} clocks, {rows['notes']} notes),"
          f" {rows['members']} members' and {rows['guild_settings']} servers' settings;"
          f" {report.checked} games replay to their stored state")
    for problem in report.problems:
        print(f"problem: {problem}", file=sys.stderr)
    return 1 if report.problems else 0


def run_ratings(args: argparse.Namespace) -> int:
    """``ratings``: how many results and ratings are stored; with ``--rebuild``, recompute them."""
    import asyncio
    import os

    from bot.config import Settings, load_dotenv
    from bot.store import StoreError, UnsupportedDatabase, open_store

    load_dotenv()
    url = args.database or os.environ.get("DATABASE_URL", "").strip() or Settings.database_url

    async def work() -> str:
        from bot.service import GameService

        store = await open_store(url)
        try:
            service = GameService(store)
            if args.rebuild:
                done = await service.rebuild_ratings()
                return (f"rebuilt {done.ratings} ratings from {done.games} rated games"
                        f" ({done.rated_now} finished games rated now)")
            return f"{len(await service.rated_games())} rated games stored (--rebuild recomputes the ratings)"
        finally:
            await store.close()

    try:
        print(asyncio.run(work()))
    except (StoreError, UnsupportedDatabase) as err:
        print(f"error: {err}", file=sys.stderr)
        return 1
    return 0


def run_games(args: argparse.Namespace) -> int:
    from bot.readme import games_table, refresh

    if args.write:
        readme = Path(__file__).resolve().parents[1] / "README.md"
        readme.write_text(refresh(readme.read_text(encoding="utf-8")), encoding="utf-8")
    print(games_table())
    return 0


def run_bot() -> int:
    from bot.config import BadSetting, MissingToken, from_env

    try:
        settings = from_env()
    except MissingToken:
        print(TOKEN_HELP, file=sys.stderr)
        return 1
    except BadSetting as err:
        print(f"error: {err}", file=sys.stderr)
        return 1
    from bot.store import UnsupportedDatabase, check_url

    try:
        check_url(settings.database_url)
    except UnsupportedDatabase as err:
        print(f"error: {err}", file=sys.stderr)
        return 1
    from bot.discord_ui.app import run

    return run(settings)


if __name__ == "__main__":
    sys.exit(main())
