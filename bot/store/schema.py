"""The numbered migrations, one list for both backends.

``MIGRATIONS`` is written in SQLite's dialect (the scripts SQLite databases have always
run). PostgreSQL runs the same list through :func:`postgres_script`: the types are widened
where the dialects disagree (``INTEGER`` holds 64 bits in SQLite, so it is ``BIGINT``;
``REAL`` is a double, so ``DOUBLE PRECISION``; ``INTEGER PRIMARY KEY AUTOINCREMENT`` is
``BIGSERIAL PRIMARY KEY``), and the few statements that need another function (SQLite's
``json_extract``) have their PostgreSQL text in ``POSTGRES_OVERRIDES``. A migration added
here runs on both; a test checks each PostgreSQL database migrates to the same columns.
"""

from __future__ import annotations

import re

MIGRATIONS: list[str] = [
    # 1: the first schema
    """
    CREATE TABLE games (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        channel_id INTEGER NOT NULL,
        guild_id INTEGER,
        game TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('lobby', 'running', 'finished', 'ended')),
        host_id TEXT NOT NULL,
        options TEXT NOT NULL,
        players TEXT NOT NULL,
        seed INTEGER NOT NULL,
        state TEXT,
        version INTEGER NOT NULL DEFAULT 0,
        lobby_message_id INTEGER,
        prompt_message_id INTEGER,
        names TEXT NOT NULL DEFAULT '{}',
        created_at REAL NOT NULL,
        updated_at REAL NOT NULL,
        turn_started_at REAL
    );
    CREATE UNIQUE INDEX games_one_active_per_channel
        ON games(channel_id) WHERE status IN ('lobby', 'running');
    CREATE INDEX games_by_channel ON games(channel_id, id);
    CREATE TABLE actions (
        game_id INTEGER NOT NULL REFERENCES games(id),
        seq INTEGER NOT NULL,
        seat TEXT NOT NULL,
        action TEXT NOT NULL,
        events TEXT NOT NULL,
        created_at REAL NOT NULL,
        PRIMARY KEY (game_id, seq)
    );
    CREATE TABLE guild_settings (
        guild_id INTEGER PRIMARY KEY,
        moderator_role_id INTEGER,
        updated_at REAL NOT NULL
    );
    """,
    # 2: the game's language, the seats at start (replay after kicks), lobby picks, what was
    # posted (a move committed but never announced is posted later), server settings
    """
    ALTER TABLE games ADD COLUMN lang TEXT NOT NULL DEFAULT 'en';
    ALTER TABLE games ADD COLUMN seats TEXT;
    ALTER TABLE games ADD COLUMN picks TEXT NOT NULL DEFAULT '{}';
    ALTER TABLE games ADD COLUMN announced_version INTEGER NOT NULL DEFAULT 0;
    UPDATE games SET announced_version = version;
    UPDATE games SET seats = json_extract(state, '$.seats') WHERE state IS NOT NULL;
    ALTER TABLE actions ADD COLUMN version INTEGER;
    ALTER TABLE guild_settings ADD COLUMN language TEXT;
    ALTER TABLE guild_settings ADD COLUMN lobby_idle_days INTEGER;
    CREATE INDEX games_lobbies ON games(status, updated_at) WHERE status = 'lobby';
    """,
    # 3: asynchronous play. A game's timing options (its clocks, chosen in the lobby; games
    # from before play on without a clock); the running clocks, one per seat with a decision,
    # found by when they fall due; members' reminder channel and vacations; the server's
    # clock defaults; what the log shows beside the actions (reminders sent, undos).
    """
    ALTER TABLE games ADD COLUMN timing TEXT NOT NULL DEFAULT '{}';
    UPDATE games SET timing = '{"turn_time":"none","reply_time":"none"}';
    CREATE TABLE clocks (
        game_id INTEGER NOT NULL REFERENCES games(id),
        seat TEXT NOT NULL,
        started REAL NOT NULL,
        deadline REAL NOT NULL,
        reminders TEXT NOT NULL DEFAULT '[]',
        sent INTEGER NOT NULL DEFAULT 0,
        off_turn INTEGER NOT NULL DEFAULT 0,
        paused_until REAL,
        due REAL NOT NULL,
        PRIMARY KEY (game_id, seat)
    );
    CREATE INDEX clocks_due ON clocks(due);
    CREATE TABLE members (
        guild_id INTEGER NOT NULL,
        user_id TEXT NOT NULL,
        notify TEXT NOT NULL DEFAULT 'channel',
        away_from REAL,
        away_until REAL,
        away_year INTEGER,
        away_days REAL NOT NULL DEFAULT 0,
        updated_at REAL NOT NULL,
        PRIMARY KEY (guild_id, user_id)
    );
    ALTER TABLE guild_settings ADD COLUMN turn_time TEXT;
    ALTER TABLE guild_settings ADD COLUMN reply_time TEXT;
    ALTER TABLE guild_settings ADD COLUMN vacation_days INTEGER;
    CREATE TABLE notes (
        game_id INTEGER NOT NULL REFERENCES games(id),
        at REAL NOT NULL,
        kind TEXT NOT NULL,
        seat TEXT,
        data TEXT NOT NULL DEFAULT '{}'
    );
    CREATE INDEX notes_by_game ON notes(game_id, at);
    """,
    # 4: undo and rollback: an action taken back stays in the log, marked with when; a
    # member's language, for what reaches them outside an interaction (a reminder by DM)
    """
    ALTER TABLE actions ADD COLUMN undone_at REAL;
    ALTER TABLE members ADD COLUMN lang TEXT;
    """,
    # 5: AI seats: seat → its level, for the seats the AI plays (added to the lobby, or a
    # member's seat handed to it by a moderator)
    """
    ALTER TABLE games ADD COLUMN ai TEXT NOT NULL DEFAULT '{}';
    """,
    # 6: a move rewrites its game's row (state, version, updated_at): no index may hold a
    # column a move changes, so that PostgreSQL updates the row in place (a "HOT" update: no
    # new entry in every index, ~10 % less WAL a move, a shorter tail under load). The idle
    # lobbies were indexed by updated_at; they are few, found by status alone and filtered.
    """
    DROP INDEX games_lobbies;
    CREATE INDEX games_lobbies ON games(guild_id) WHERE status = 'lobby';
    """,
    # 7: undo and rollback in constant time (issue 29): the state at each turn's start (after
    # the action ``seq`` that began it), written with that action; an undo or a rollback
    # replays from the nearest one before what it takes back, not from the seed. A game's
    # snapshots go when it finishes or ends (nothing is taken back then), and those after an
    # action taken back go with it.
    """
    CREATE TABLE snapshots (
        game_id INTEGER NOT NULL REFERENCES games(id),
        seq INTEGER NOT NULL,
        state TEXT NOT NULL,
        PRIMARY KEY (game_id, seq)
    );
    """,
    # 8: ratings and history (issue 31). ``results``: each seat's place in a rated game, the
    # facts the ratings are computed from (``python -m bot ratings --rebuild`` recomputes
    # ``ratings`` from them alone, games by ``ended_at`` then id); ``ratings``: each player's
    # (a member, or an AI level as ``ai:normal``) rating per server and game, kept up to date
    # as games end. A member may keep out of the leaderboards (``hidden``).
    """
    CREATE TABLE results (
        game_id INTEGER NOT NULL REFERENCES games(id),
        seat TEXT NOT NULL,
        player TEXT NOT NULL,
        name TEXT NOT NULL,
        guild_id INTEGER NOT NULL,
        game TEXT NOT NULL,
        team INTEGER NOT NULL,
        rank INTEGER NOT NULL,
        won INTEGER NOT NULL,
        score REAL,
        ai_turns INTEGER NOT NULL DEFAULT 0,
        away INTEGER NOT NULL DEFAULT 0,
        seats INTEGER NOT NULL,
        ended_at REAL NOT NULL,
        PRIMARY KEY (game_id, seat)
    );
    CREATE INDEX results_by_player ON results(guild_id, player, ended_at);
    CREATE TABLE ratings (
        guild_id INTEGER NOT NULL,
        game TEXT NOT NULL,
        player TEXT NOT NULL,
        name TEXT NOT NULL,
        mu REAL NOT NULL,
        sigma REAL NOT NULL,
        games INTEGER NOT NULL,
        wins INTEGER NOT NULL,
        updated_at REAL NOT NULL,
        PRIMARY KEY (guild_id, game, player)
    );
    ALTER TABLE members ADD COLUMN hidden INTEGER NOT NULL DEFAULT 0;
    """,
    # 9: the story owed at a game's end (issue 29), durable: a finished game whose story is
    # not yet posted is owed it (its status, written with its last move, is the note, in the
    # same transaction as the end); the story's first message, noted once sent, is edited on a
    # retry rather than a second one posted; ``story_posted`` once the files are in it. Games
    # over before this migration owe nothing.
    """
    ALTER TABLE games ADD COLUMN story_message_id INTEGER;
    ALTER TABLE games ADD COLUMN story_posted REAL;
    UPDATE games SET story_posted = updated_at WHERE status IN ('finished', 'ended');
    CREATE INDEX games_stories_owed ON games(id) WHERE status = 'finished' AND story_posted IS NULL;
    """,
    # 10: what each person last saw: seat → the game's version after their last decision told in
    # the channel (written with the announcement), so that « since your last move » survives a
    # restart (the state then is replayed from the nearest snapshot). Games from before: {}.
    """
    ALTER TABLE games ADD COLUMN seen TEXT NOT NULL DEFAULT '{}';
    """,
]

# Statements PostgreSQL runs after a migration's own (SQLite has no such setting).
POSTGRES_ONLY: dict[int, list[str]] = {
    # room in each page of games for the next version of its rows: an in-place update needs it
    6: ["ALTER TABLE games SET (fillfactor = 70)"],
}


# The statements whose PostgreSQL text is not the SQLite one with its types translated.
POSTGRES_OVERRIDES: dict[str, str] = {
    "UPDATE games SET seats = json_extract(state, '$.seats') WHERE state IS NOT NULL":
        "UPDATE games SET seats = (state::json -> 'seats')::text WHERE state IS NOT NULL",
}

_TYPES = [
    (re.compile(r"\bINTEGER PRIMARY KEY AUTOINCREMENT\b"), "BIGSERIAL PRIMARY KEY"),
    (re.compile(r"\bINTEGER\b"), "BIGINT"),
    (re.compile(r"\bREAL\b"), "DOUBLE PRECISION"),
]


def statements(script: str) -> list[str]:
    """A migration's statements (none of them holds a ``;`` in a literal)."""
    return [" ".join(s.split()) for s in script.split(";") if s.strip()]


def postgres_statement(statement: str) -> str:
    statement = " ".join(statement.split())
    if statement in POSTGRES_OVERRIDES:
        return POSTGRES_OVERRIDES[statement]
    for pattern, replacement in _TYPES:
        statement = pattern.sub(replacement, statement)
    return statement


def postgres_script(number: int) -> list[str]:
    """Migration ``number`` (from 1) as PostgreSQL statements."""
    return [postgres_statement(s) for s in statements(MIGRATIONS[number - 1])] + POSTGRES_ONLY.get(number, [])
