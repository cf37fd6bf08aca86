"""Persistence: the ``GameStore`` protocol and its backends, chosen by ``open_store(url)``.

Only the service (``bot.service``) talks to a store; the Discord layer goes through the
service. ``sqlite:`` URLs and plain paths open the SQLite backend (``bot.store.sqlite``), the
default, which needs nothing installed; ``postgresql://`` (or ``postgres://``) URLs open the
PostgreSQL one (``bot.store.postgres``, with the extra ``gamemaster[postgres]``: asyncpg,
imported only then).
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Any, NoReturn

from bot.store.protocol import (
    ACTIVE,
    DEFAULT_LOBBY_IDLE_DAYS,
    ActionRow,
    Commit,
    Conflict,
    DueClock,
    GameRow,
    GameStore,
    GuildSettings,
    MemberSettings,
    Note,
    RatingRow,
    ResultRow,
    StoreError,
    StoreUnavailable,
    UnsupportedDatabase,
)
from bot.store.sqlite import MIGRATIONS, SqliteStore, Store, database_path

__all__ = [
    "ACTIVE", "DEFAULT_LOBBY_IDLE_DAYS", "MIGRATIONS", "SCHEMES", "ActionRow", "Commit", "Conflict", "DueClock",
    "GameRow", "GameStore", "GuildSettings", "MemberSettings", "Note", "RatingRow", "ResultRow", "SqliteStore", "Store", "StoreError",
    "StoreUnavailable", "UnsupportedDatabase",
    "copy_database", "database_path", "open_store", "scheme_of",
]

SCHEMES = ("sqlite", "postgresql", "postgres")  # a plain file path (or ":memory:") is SQLite too
POSTGRES = ("postgresql", "postgres")

_SCHEME = re.compile(r"^([A-Za-z][A-Za-z0-9+.\-]+):")


def scheme_of(url: str) -> str | None:
    """The URL's scheme in lower case, or ``None`` for a plain path (``var/gm.db``,
    ``/abs/gm.db``, ``:memory:``)."""
    match = _SCHEME.match(url.strip())
    return match.group(1).lower() if match else None


def check_url(url: str) -> None:
    """Refuse a URL no backend can open (before anything connects anywhere)."""
    scheme = scheme_of(url.strip())
    if scheme not in (None, *SCHEMES):
        _refuse(scheme)


async def open_store(url: str, clock: Callable[[], float] = time.time) -> GameStore:
    """Open (and migrate) the store behind ``url``: ``sqlite:///relative.db``,
    ``sqlite:////abs/path.db``, ``sqlite:///:memory:`` or a plain path give SQLite;
    ``postgresql://…`` gives PostgreSQL; any other scheme is refused with the list of
    supported ones."""
    url = url.strip()
    scheme = scheme_of(url)
    if scheme is None:
        return await SqliteStore.open(url, clock)
    if scheme == "sqlite":
        return await SqliteStore.open("sqlite:" + url[len(scheme) + 1:], clock)
    if scheme in POSTGRES:
        from bot.store.postgres import PostgresStore

        return await PostgresStore.open(url, clock)
    _refuse(scheme)


def _refuse(scheme: str | None) -> NoReturn:
    # Only the scheme is quoted: the rest of a URL may hold a password.
    raise UnsupportedDatabase(
        f"unsupported database URL scheme {scheme!r}: DATABASE_URL must be a sqlite: URL "
        "(sqlite:///relative/path.sqlite3, sqlite:////absolute/path.sqlite3), a plain file path, "
        "or a postgresql:// URL (postgresql://user:password@host:5432/dbname)")


async def copy_database(from_url: str, to_url: str, check: Any = None,
                        progress: Callable[[str], None] = lambda _: None) -> Any:
    """``python -m bot copy-db``: every game and setting of ``from_url`` into the empty store
    behind ``to_url`` (created and migrated if new), each game then verified
    (:mod:`bot.store.copy`; ``check(store, row)`` replays a game). Returns the report."""
    from bot.store.copy import CopyRefused, copy_stores

    if from_url.strip() == to_url.strip():
        raise CopyRefused("FROM_URL and TO_URL are the same database")
    source = await open_store(from_url)
    try:
        target = await open_store(to_url)
        try:
            return await copy_stores(source, target, check, progress)
        finally:
            await target.close()
    finally:
        await source.close()
