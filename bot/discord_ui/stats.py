"""``/game stats``: a member's card (their rating by game, with its uncertainty, and their last
results), privately, in their language; or with ``leaderboard``, the server's best in one game
as a picture in the channel (:mod:`renderers.stats`, drawn in a worker thread), its ranking
also in the picture's description for a screen reader. ``/game settings leaderboard`` keeps
a member out of the leaderboards (their card still shows to themselves). A mixin of the
``/game`` cog; the ratings are :mod:`bot.ratings`'.
"""

from __future__ import annotations

import asyncio

import discord
from discord import app_commands
from discord.app_commands import locale_str as _

from bot.discord_ui import limits
from bot.discord_ui.cogs.groups import GAME_CHOICES, SETTINGS
from bot.discord_ui.pictures import attachment
from bot.discord_ui.protocols import GameBot
from bot.games.base import ALT_MAX
from bot.i18n import fmt_num, lang_of, t, tn
from bot.ratings import Rating, is_ai_player
from bot.rules import GAMES
from bot.service import StatsCard, UserError
from renderers.stats import Line, Words, leaderboard_png


def shown(value: float, lang: str) -> str:
    return fmt_num(value, lang, digits=1)


def player_name(r: Rating, lang: str) -> str:
    """A member's name as last seen in a game; an AI level as "AI (normal)" in ``lang``."""
    if is_ai_player(r.player):
        level = r.player.split(":", 1)[1]
        return t("stats.ai", lang, level=t(f"ai.level.{level}", lang))
    return r.name


def card_text(card: StatsCard, name: str, lang: str) -> str:
    lines = [t("stats.card.title", lang, name=name)]
    if card.hidden:
        lines.append(t("stats.card.hidden", lang))
    if not card.ratings:
        lines.append(t("stats.card.none", lang))
    for game, r in card.ratings:
        lines.append(t("stats.card.game", lang, game=GAMES[game].name, rating=shown(r.ordinal, lang),
                       mu=shown(r.mu, lang), sigma=shown(r.sigma, lang),
                       games=tn("stats.games", r.games, lang), wins=tn("stats.wins", r.wins, lang)))
    if card.recent:
        lines.append(t("stats.card.recent", lang))
    for res in card.recent:
        parts = [t("stats.result.won", lang) if res.won else t("stats.result.place", lang, rank=res.rank, seats=res.seats)]
        if res.ai_turns:
            parts.append(tn("stats.result.ai_turns", res.ai_turns, lang))
        if res.away:
            parts.append(t("stats.result.away", lang))
        lines.append(t("stats.card.result", lang, when=f"<t:{int(res.ended_at)}:d>", game=GAMES[res.game].name,
                       what=" · ".join(parts)))
    if card.ratings:
        lines.append(t("stats.explain", lang))
    return limits.clip_lines(lines)


def board_lines(board: list[Rating], lang: str) -> list[Line]:
    return [Line(i + 1, player_name(r, lang), shown(r.ordinal, lang),
                 f"μ {shown(r.mu, lang)} ± {shown(r.sigma, lang)}",
                 f"{tn('stats.games', r.games, lang)} · {tn('stats.wins', r.wins, lang)}")
            for i, r in enumerate(board)]


def board_alt(game: str, lines: list[Line], lang: str) -> str:
    """The ranking in words (the picture's description), within Discord's limit: whole
    entries only, the last ones left out rather than cut."""
    head = t("stats.board.alt", lang, game=GAMES[game].name)
    if not lines:
        return f"{head} {t('stats.board.empty', lang, game=GAMES[game].name)}"[:ALT_MAX]
    text = head
    for line in lines:
        entry = t("stats.board.entry", lang, rank=line.rank, name=line.name, rating=line.rating, detail=line.detail)
        if len(text) + 1 + len(entry) > ALT_MAX:
            break
        text += " " + entry
    return text


class StatsCommands:
    """``/game stats`` and ``/game settings leaderboard`` (a mixin of the ``/game`` cog)."""

    bot: GameBot

    @app_commands.command(name=_("stats"), description=_("Ratings and recent results; a game's leaderboard"))
    @app_commands.describe(member=_("Whose card (default: yours)"), game=_("Only this game"),
                           leaderboard=_("The server's leaderboard of the game, as a picture"))
    @app_commands.choices(game=GAME_CHOICES)
    async def stats(self, interaction: discord.Interaction, member: discord.User | None = None,
                    game: str | None = None, leaderboard: bool = False) -> None:
        lang = lang_of(interaction.locale)
        if game is not None and game not in GAMES:
            raise UserError("err.unknown_game", "Unknown game '{game}'.", game=str(game)[:40])
        if leaderboard:
            await self._leaderboard(interaction, game)
            return
        who = member or interaction.user
        if who.bot:
            raise UserError("err.stats_bot", "Bots have no stats.")
        if not isinstance(who, discord.Member):  # a user of Discord who is not in this server
            raise UserError("err.stats_not_member", "That user is not a member of this server.")
        card = await self.bot.service.stats_card(interaction.guild_id, str(interaction.user.id), str(who.id), game)
        await interaction.response.send_message(card_text(card, who.display_name, lang), ephemeral=True,
                                                allowed_mentions=discord.AllowedMentions.none())

    async def _leaderboard(self, interaction: discord.Interaction, game: str | None) -> None:
        if game is None:  # the channel's game (or its last one)
            row = await self.bot.service.latest_game(interaction.channel_id)
            if row is None:
                raise UserError("err.stats_pick_game", "Which game's leaderboard? Choose it in the game option.")
            game = row.game
        board = await self.bot.service.leaderboard(interaction.guild_id, game)
        settings = await self.bot.service.settings(interaction.guild_id)
        lang = settings.language or lang_of(interaction.locale)  # the channel's: the server's language
        lines = board_lines(board, lang)
        name = GAMES[game].name
        words = Words(t("stats.board.title", lang, game=name), interaction.guild.name if interaction.guild else "",
                      t("stats.board.rating", lang), t("stats.board.footer", lang),
                      t("stats.board.empty", lang, game=name), t("stats.board.ai", lang))
        await interaction.response.defer()
        png = await asyncio.to_thread(leaderboard_png, lines, words)  # drawing: never on the event loop
        file = attachment(png, f"leaderboard-{game}.png", board_alt(game, lines, lang))
        await interaction.followup.send(file=file, allowed_mentions=discord.AllowedMentions.none())

    @SETTINGS.command(name=_("leaderboard"), description=_("Show or hide yourself in this server's leaderboards"))
    @app_commands.describe(hide=_("True: keep me out of the leaderboards (my card still shows to me)"))
    async def leaderboard_setting(self, interaction: discord.Interaction, hide: bool) -> None:
        await self.bot.service.set_stats_hidden(interaction.guild_id, str(interaction.user.id), hide)
        text = t("stats.hidden.on" if hide else "stats.hidden.off", lang_of(interaction.locale))
        await interaction.response.send_message(text, ephemeral=True)
