"""AI seats, the use cases (a mixin of :class:`bot.service.GameService`).

A seat the AI plays is in the game row's ``ai`` (seat → level): a seat added to the lobby
(``ai1``, ``ai2``…, named "AI 1 (normal)" in the game's language), or a member's seat a
moderator handed to the AI until the member takes it back (``/game return``). When such a
seat is to act, :meth:`AiCases.play_ai` asks :func:`bot.rules.ai.decide` in a worker process
(:class:`bot.ai_pool.AiPool`, ``GAMEMASTER_AI_WORKERS=process``) or a worker thread (never on
the event loop), with the seat's view only, and commits the action like a person's:
one transaction, the log records it under the seat, so the game replays exactly. A game
whose seats are all AIs does not start: nobody would watch it.
"""

from __future__ import annotations

from typing import Any

from bot.ai_pool import AiPool, decide_in_thread
from bot.i18n import t
from bot.rules import GAMES, RuleError
from bot.rules.ai import LEVELS
from bot.service_types import Played, UserError
from bot.store import GameRow

# the search's time per decision, by level, as a share of the budget (``GAMEMASTER_AI_BUDGET``)
LEVEL_SHARE = {"easy": 0.25, "normal": 1.0, "hard": 3.0}
DEFAULT_LEVEL = "normal"
MASK = (1 << 63) - 1


def is_ai_seat(seat: str) -> bool:
    """A seat the lobby gave the AI (``ai1``…): never a Discord member (their ids are numbers)."""
    return seat.startswith("ai") and seat[2:].isdigit()


def ai_name(n: int, level: str, lang: str) -> str:
    return t("ai.name", lang, n=n, level=t(f"ai.level.{level}", lang))


class AiCases:
    """The AI seats' use cases; the host class gives ``lock``, ``game``, ``running``,
    ``active_game``, ``check_host_lobby``, ``_commit`` and ``store``."""

    ai_budget: float = 1.0  # seconds a normal AI thinks per decision (the bot sets it from its settings)
    ai_pool: AiPool | None = None  # the worker processes (the bot's setting); None: a thread

    # -- the lobby ------------------------------------------------------------------------
    async def add_ai(self: Any, channel_id: int, user_id: str, is_moderator: bool, level: str = DEFAULT_LEVEL,
                     game_id: int | None = None) -> GameRow:
        """A seat for the AI in the lobby (the host or a moderator), at ``level``."""
        if level not in LEVELS:
            raise UserError("err.ai_level", "The AI plays at easy, normal or hard.")
        async with self.lock(channel_id):
            row = await self.game(channel_id)
            self.check_host_lobby(row, user_id, is_moderator, game_id)
            engine = GAMES[row.game]
            if len(row.players) >= engine.max_players:
                raise UserError("err.lobby_full", "The game is full ({max} players).", max=engine.max_players)
            n = next(i for i in range(1, 100) if f"ai{i}" not in row.players)
            seat = f"ai{n}"
            if self.ai_pool is not None:  # a worker started now, not by the AI's first decision
                self.ai_pool.warm()
            return await self.store.update_game(row, players=[*row.players, seat],
                                                names={**row.names, seat: ai_name(n, level, row.lang)},
                                                ai={**row.ai, seat: level})

    async def remove_ai(self: Any, channel_id: int, user_id: str, is_moderator: bool,
                        game_id: int | None = None) -> GameRow:
        """The lobby's last AI seat removed (the host or a moderator)."""
        async with self.lock(channel_id):
            row = await self.game(channel_id)
            self.check_host_lobby(row, user_id, is_moderator, game_id)
            seats = [p for p in row.players if is_ai_seat(p)]
            if not seats:
                raise UserError("err.no_ai", "There is no AI in this game.")
            gone = seats[-1]
            return await self.store.update_game(row, players=[p for p in row.players if p != gone],
                                                ai={s: v for s, v in row.ai.items() if s != gone},
                                                picks={p: v for p, v in row.picks.items() if p != gone})

    # -- a member's seat -------------------------------------------------------------------
    async def hand_to_ai(self: Any, channel_id: int, is_moderator: bool, target: str,
                         level: str = DEFAULT_LEVEL) -> GameRow:
        """A moderator hands a member's seat to the AI (the member keeps it: ``/game return``)."""
        if not is_moderator:
            raise UserError("err.mod_only", "Only a moderator can do that.")
        if level not in LEVELS:
            raise UserError("err.ai_level", "The AI plays at easy, normal or hard.")
        async with self.lock(channel_id):
            row = await self.running(channel_id)
            if row.status != "running" or row.state is None:
                raise UserError("err.game_over", "This game is over.")
            engine = GAMES[row.game]
            if target not in row.players or not engine.active(row.state, target):
                raise UserError("err.target_not_player", "That member is not playing in this game.")
            if target in row.ai:
                raise UserError("err.already_ai", "The AI already plays that seat.")
            if self.ai_pool is not None:
                self.ai_pool.warm()
            return await self.store.update_game(row, ai={**row.ai, target: level})

    async def return_seat(self: Any, channel_id: int, user_id: str) -> GameRow:
        """``/game return``: a member takes back the seat the AI played for them."""
        async with self.lock(channel_id):
            row = await self.running(channel_id)
            if user_id not in row.ai:
                raise UserError("err.not_with_ai", "The AI is not playing your seat.")
            return await self.store.update_game(row, ai={s: v for s, v in row.ai.items() if s != user_id})

    async def waiting_on_ai(self: Any) -> list[int]:
        """The channels whose game waits for a seat the AI plays (after a restart: a crash
        between two of its moves leaves the next one to play)."""
        out = []
        for game_id in await self.store.games_with_ai():
            row = await self.store.get_game(game_id)
            if row is not None and self.ai_to_move(row):
                out.append(row.channel_id)
        return out

    # -- playing ---------------------------------------------------------------------------
    @staticmethod
    def ai_to_move(row: GameRow) -> str | None:
        """The AI seat the game waits for, if it waits for one."""
        if row.status != "running" or row.state is None or not row.ai:
            return None
        seat = GAMES[row.game].to_move(row.state)
        return seat if seat in row.ai else None

    async def play_ai(self: Any, channel_id: int) -> Played | None:
        """One decision of the AI seat the game waits for (None if it waits for a person),
        thought out in a worker process (or thread) within the seat's time, and committed as its move."""
        async with self.lock(channel_id):
            row = await self.active_game(channel_id)
            if row is None:
                return None
            seat = self.ai_to_move(row)
            if seat is None:
                return None
            assert row.state is not None
            engine = GAMES[row.game]
            level = row.ai[seat]
            budget = self.ai_budget * LEVEL_SHARE.get(level, 1.0)
            seed = (row.seed * 1_000_003 + row.version) & MASK
            state = row.state
            think = self.ai_pool.decide if self.ai_pool is not None else decide_in_thread
            action = await think(row.game, state, seat, level, seed, budget)
            try:
                new_state, events = engine.apply(state, seat, action)
            except RuleError as err:  # a bug in the AI: said, not played
                raise UserError.from_rule(err) from err
            if not is_ai_seat(seat) and (engine.turn_info(new_state).current != seat or engine.outcome(new_state)):
                # a member's seat the AI played to its turn's end: their history says so
                await self.store.add_note(row.id, "ai_turn", seat)
            return await self._commit(row, seat, action, new_state, events)
