"""What the service needs from a store, whatever the database: the rows it hands back and
the ``GameStore`` protocol every backend implements (SQLite, PostgreSQL).

The contract a backend keeps: every accepted action is one transaction (append to the log,
write the new state with ``version = version + 1 WHERE version = old``); a write whose
version check fails raises ``Conflict`` and writes nothing; a channel has at most one game
in ``lobby`` or ``running``.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

ACTIVE = ("lobby", "running")
Shards = tuple[int, tuple[int, ...]]  # (shard count, the shard ids a process serves)
DEFAULT_LOBBY_IDLE_DAYS = 7


class StoreError(Exception):
    pass


class UnsupportedDatabase(ValueError):
    """A database URL no backend here can open (or whose driver is not installed)."""


class Conflict(StoreError):
    """Somebody else changed the game first (version check), or a channel already has one."""


class StoreUnavailable(StoreError):
    """The database could not be reached, or the connection was lost in the middle of a
    call, or it did not answer in time: the action was not written (a transaction is whole
    or nothing) and may be tried again; the store reconnects by itself."""


@dataclass
class GameRow:
    id: int
    channel_id: int
    guild_id: int | None
    game: str
    status: str
    host_id: str
    options: dict[str, Any]
    players: list[str]
    seed: int
    state: dict[str, Any] | None
    version: int
    lobby_message_id: int | None
    prompt_message_id: int | None
    names: dict[str, str]
    created_at: float
    updated_at: float
    turn_started_at: float | None
    lang: str = "en"
    seats: list[str] | None = None
    picks: dict[str, dict[str, str]] = field(default_factory=dict)
    announced_version: int = 0
    timing: dict[str, str] = field(default_factory=dict)  # the table's clocks (bot.timing)
    clocks: dict[str, dict[str, Any]] = field(default_factory=dict)  # running, by seat (as read)
    away: dict[str, float] = field(default_factory=dict)  # players' vacations: until when (past ones too)
    ai: dict[str, str] = field(default_factory=dict)  # the seats the AI plays: seat → level
    story_message_id: int | None = None  # the story's post, once sent (edited, never sent twice)
    story_posted: float | None = None  # when the story's files were posted (a finished game without: owed)
    seen: dict[str, int] = field(default_factory=dict)  # a person's seat → the version after their last decision told


@dataclass
class ActionRow:
    seq: int
    seat: str
    action: dict[str, Any]
    events: list[dict[str, Any]]
    created_at: float
    version: int | None = None  # the game's version after this action (None before migration 2)
    undone_at: float | None = None  # when it was taken back (undo, rollback); the log keeps it


@dataclass(frozen=True)
class GuildSettings:
    moderator_role_id: int | None = None
    language: str | None = None
    lobby_idle_days: int = DEFAULT_LOBBY_IDLE_DAYS
    turn_time: str | None = None  # the default clock of a new game's turns (bot.timing)
    reply_time: str | None = None  # and of a decision asked outside one's turn
    vacation_days: int | None = None  # a member's vacation days per year


@dataclass(frozen=True)
class MemberSettings:
    """A member's own settings in a server: where reminders reach them, their vacation."""

    notify: str = "channel"  # "channel", "dm" or "off"
    lang: str | None = None  # their language, for a reminder by DM
    away_from: float | None = None
    away_until: float | None = None
    away_year: int | None = None  # the calendar year ``away_days`` counts in
    away_days: float = 0.0  # vacation days taken in ``away_year``
    hidden: bool = False  # kept out of the server's leaderboards (their own card still shows)


@dataclass(frozen=True)
class Commit:
    """One accepted action to write (see ``GameStore.commit_actions``)."""

    row: GameRow
    seat: str
    action: dict[str, Any]
    events: list[dict[str, Any]]
    new_state: dict[str, Any]
    status: str
    new_turn: bool
    players: list[str] | None = None
    clocks: dict[str, dict[str, Any] | None] | None = None


@dataclass(frozen=True)
class DueClock:
    """A clock whose next reminder or deadline has come (``clock``: its row)."""

    game_id: int
    channel_id: int
    guild_id: int | None
    clock: dict[str, Any]


@dataclass(frozen=True)
class Note:
    """What the log shows beside the actions: a reminder sent, an undo, a rollback."""

    at: float
    kind: str
    seat: str | None
    data: dict[str, Any]


@dataclass(frozen=True)
class ResultRow:
    """One seat's place in one rated game (migration 8): the facts ratings are built from."""

    game_id: int
    seat: str
    player: str  # a member's id, or an AI level (``ai:normal``)
    name: str
    guild_id: int
    game: str
    team: int
    rank: int  # 1: won
    won: bool
    score: float | None
    ai_turns: int  # turns the AI played for the member
    away: bool  # the member was on vacation while it ran
    seats: int  # seats at the table
    ended_at: float


@dataclass(frozen=True)
class RatingRow:
    """A player's rating in one server and game, as kept (``ratings``, migration 8)."""

    guild_id: int
    game: str
    player: str
    name: str
    mu: float
    sigma: float
    games: int
    wins: int
    updated_at: float


@runtime_checkable
class GameStore(Protocol):
    """Every call the service makes on its store."""

    clock: Callable[[], float]

    async def close(self) -> None: ...

    # -- reading ----------------------------------------------------------------------
    async def active_game(self, channel_id: int) -> GameRow | None:
        """The channel's game in ``lobby`` or ``running``, if any."""
        ...

    async def latest_game(self, channel_id: int) -> GameRow | None:
        """The active game, or else the last one played in this channel."""
        ...

    async def get_game(self, game_id: int) -> GameRow | None: ...

    async def actions(self, game_id: int, last: int | None = None, after_version: int | None = None,
                      undone: bool = False, after_seq: int | None = None,
                      before_seq: int | None = None, first: int | None = None) -> list[ActionRow]:
        """The log in order: all of it, its ``last`` entries, or those that took the game
        past ``after_version``; actions taken back only if ``undone``; only those after
        ``after_seq`` and before ``before_seq`` when given; only the ``first`` of them when
        given. A long log is parsed in a worker thread (never on the event loop), the
        garbage collector paused meanwhile."""
        ...

    def action_pages(self, game_id: int, undone: bool = False, page: int = 2000) -> AsyncIterator[list[ActionRow]]:
        """The whole log a page at a time (keyset pagination on ``seq``): one page in memory."""
        ...

    async def snapshot(self, game_id: int, before_seq: int) -> tuple[int, str] | None:
        """The game's last snapshot before action ``before_seq``: (the seq of the action that
        began its turn, the state after it as stored JSON), or None. Snapshots are written
        at each turn's start while a game runs (see migration 7)."""
        ...

    async def announcements(self, game_id: int) -> tuple[int, int | None, list[ActionRow]]:
        """In one read, without the state: the version the channel has been shown, the
        live choices' message, and the actions committed since that version."""
        ...

    async def guild_settings(self, guild_id: int | None) -> GuildSettings: ...

    async def idle_lobbies(self, now: float) -> list[GameRow]:
        """Lobbies untouched for longer than their server's ``lobby_idle_days``."""
        ...

    # -- writing ----------------------------------------------------------------------
    async def create_lobby(
        self, channel_id: int, guild_id: int | None, game: str, host_id: str,
        options: dict[str, Any], seed: int, names: dict[str, str] | None = None, lang: str = "en",
        timing: dict[str, str] | None = None,
    ) -> GameRow:
        """A new lobby; ``Conflict`` if the channel already has an active game."""
        ...

    async def reset_game(self, row: GameRow, seed: int,
                         start: Callable[[int], dict[str, Any]] | None = None) -> GameRow:
        """End ``row`` and open its successor in one transaction (started at once with
        ``start(seed)`` when given)."""
        ...

    async def update_game(self, row: GameRow, clocks: dict[str, dict[str, Any] | None] | None = None,
                          **changes: Any) -> GameRow:
        """Change some fields with a version check (``Conflict`` if ``row`` is stale), and
        clocks as ``commit_action`` does; a game that finishes or ends loses its clocks."""
        ...

    async def commit_action(
        self, row: GameRow, seat: str, action: dict[str, Any], events: list[dict[str, Any]],
        new_state: dict[str, Any], status: str, new_turn: bool, players: list[str] | None = None,
        clocks: dict[str, dict[str, Any] | None] | None = None,
    ) -> GameRow:
        """Append one action and write the state it led to, as one transaction, with the
        clocks it starts or stops (seat → clock row, or ``None``). Returns the row as
        written, holding ``new_state`` itself (the state is not read back)."""
        ...

    async def take_back(self, row: GameRow, seqs: list[int], new_state: dict[str, Any], status: str,
                        clocks: dict[str, dict[str, Any] | None] | None, note: tuple[str, str | None, dict[str, Any]],
                        players: list[str] | None = None) -> GameRow:
        """Mark actions taken back and write the state the rest of the log gives, as one
        transaction with a version check; the log notes it."""
        ...

    async def commit_actions(self, commits: list[Commit], all_or_nothing: bool = False) -> list[GameRow | None]:
        """Several games' actions in one transaction, each with its version check: a game
        that moved meanwhile is left out (``None``) unless ``all_or_nothing``."""
        ...

    async def games(self, game_ids: list[int]) -> list[GameRow]:
        """Several games by id, in one read."""
        ...

    async def owed_stories(self) -> list[GameRow]:
        """Finished games whose story is not posted yet (oldest first; an index read)."""
        ...

    async def note_messages(self, game_id: int, **message_ids: int | None) -> None:
        """Remember the lobby, prompt or story message, or when the story was posted
        (bookkeeping: the version is left alone)."""
        ...

    async def mark_announced(self, game_id: int, version: int, seen: tuple[str, int] | None = None,
                             **message_ids: int | None) -> None:
        """The channel has been shown the game up to ``version`` (and these messages noted);
        ``seen``: (seat, version) of a decision just told, kept in ``GameRow.seen``."""
        ...

    async def set_guild_settings(self, guild_id: int, **fields: Any) -> GuildSettings: ...

    # -- asynchronous play: clocks, members, notes ---------------------------------------
    async def next_due(self, *, shards: Shards | None = None) -> float | None:
        """When the first clock of all falls due (an index read, never a scan); with
        ``shards``, of the games of those shards only."""
        ...

    async def due_clocks(self, now: float, limit: int = 500, *, shards: Shards | None = None) -> list[DueClock]:
        """The clocks due at ``now``, earliest first (of ``shards``' games only, if given)."""
        ...

    async def set_clocks(self, game_id: int, changes: dict[str, dict[str, Any] | None],
                         expected: dict[str, dict[str, Any]] | None = None) -> bool:
        """Change clocks in one transaction, only if those in ``expected`` are unchanged."""
        ...

    async def clocks_of_members(self, guild_id: int, user_id: str) -> list[tuple[int, dict[str, Any]]]: ...

    async def games_without_clocks(self) -> list[int]: ...

    async def games_with_ai(self) -> list[int]:
        """Running games with a seat the AI plays."""
        ...

    async def member(self, guild_id: int | None, user_id: str) -> MemberSettings: ...

    async def set_member(self, guild_id: int, user_id: str, **fields: Any) -> MemberSettings: ...

    async def set_vacation(self, guild_id: int, user_id: str, moves: dict[int, tuple[dict[str, Any], dict[str, Any]]],
                           **fields: Any) -> int:
        """A vacation taken or ended in one transaction: the member's clocks moved (game id →
        (new clock, clock as read); one changed since is left alone) and the member's row
        (``fields`` as :meth:`set_member`). Returns how many clocks moved."""
        ...

    async def add_note(self, game_id: int, kind: str, seat: str | None, data: dict[str, Any] | None = None) -> None: ...

    async def notes(self, game_id: int) -> list[Note]: ...

    # -- ratings and history (migration 8) -------------------------------------------------
    async def record_results(self, game_id: int, results: list[ResultRow], ratings: list[RatingRow]) -> bool:
        """A rated game's results and the ratings they led to, in one transaction, once: a
        game whose results are already stored is left as it is (``False``)."""
        ...

    async def ratings(self, guild_id: int, game: str | None = None,
                      players: list[str] | None = None) -> list[RatingRow]:
        """The ratings of a server (of one game, of some players), by game then player."""
        ...

    async def results(self, guild_id: int, player: str, limit: int = 5, game: str | None = None) -> list[ResultRow]:
        """A player's last results in a server (of one game), the latest first."""
        ...

    async def all_results(self) -> list[ResultRow]:
        """Every result, games by when they ended then by id (a rebuild's order)."""
        ...

    async def replace_ratings(self, ratings: list[RatingRow]) -> None:
        """Every rating replaced by these, in one transaction (a rebuild)."""
        ...

    async def unrated_games(self) -> list[int]:
        """Finished games with no stored result, oldest first."""
        ...

    async def hidden_members(self, guild_id: int) -> set[str]:
        """The members of a server kept out of its leaderboards."""
        ...
