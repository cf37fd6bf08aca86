"""``/game …``: the life cycle every game shares (lobby, status, board), with the
moderators' commands under ``/game mod …`` and the settings under ``/game settings …``
(:mod:`.groups`: Discord's ceiling is 25 subcommands a level).

What the channel reads is in the game's language (``row.lang``); what only the member
sees (ephemeral answers) is in the member's own language (``interaction.locale``).
"""

from __future__ import annotations

import contextlib
import time
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot import timing
from bot.discord_ui import ai, clocks, limits, lobby, members, messages, orders, pictures, takeback
from bot.discord_ui.cogs.groups import GAME_CHOICES, MODERATION, SETTINGS
from bot.discord_ui.cogs.help import help_text
from bot.discord_ui.export import ExportCommands
from bot.discord_ui.protocols import GameBot
from bot.discord_ui.stats import StatsCommands
from bot.discord_ui.story import StoryCommands
from bot.games import presenter
from bot.i18n import lang_of, t
from bot.rules import GAMES
from bot.service import UserError

# Each language under its own name, whatever the member's client language.
LANGUAGE_CHOICES = [app_commands.Choice(name="English", value="en"), app_commands.Choice(name="Français", value="fr")]
TURN_TIME_CHOICES = [app_commands.Choice(name=v, value=v) for v in timing.TURN_TIMES]
REPLY_TIME_CHOICES = [app_commands.Choice(name=v, value=v) for v in timing.REPLY_TIMES]
DM_QUIET = 3600.0  # seconds before a member's next direct message is answered again


def private(interaction: discord.Interaction) -> str:
    """The member's own language, for what only they see."""
    return lang_of(interaction.locale)


class GameCog(clocks.ClockCommands, takeback.TakeBackCommands, ExportCommands, StoryCommands, StatsCommands, ai.AiCommands,
              commands.GroupCog, group_name=_("game"), group_description=_("Play board games in this channel")):
    # /game mod … and /game settings … (the mixins' commands join them too)
    mod = MODERATION
    settings = SETTINGS

    def __init__(self, bot: GameBot) -> None:
        self.bot = bot
        self._dm_answered: dict[int, float] = {}  # member -> when their DM was last answered
        super().__init__()

    @property
    def service(self):  # noqa: ANN201
        return self.bot.service

    # -- a direct message to the bot ---------------------------------------------------
    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        """Someone writes to the bot in private: one line saying where it plays (in both
        languages: a message carries no locale), at most once an hour per member."""
        if message.guild is not None or message.author.bot:
            return
        now = time.monotonic()
        if now - self._dm_answered.get(message.author.id, -DM_QUIET) < DM_QUIET:
            return
        self._dm_answered[message.author.id] = now
        text = f"{t('err.not_in_dm', 'en')} · {t('err.not_in_dm', 'fr')}"
        with contextlib.suppress(discord.HTTPException):  # a member who closed their DMs
            await message.reply(text, mention_author=False)

    # -- lobby ------------------------------------------------------------------------
    @app_commands.command(name=_("new"), description=_("Open a new game in this channel"))
    @app_commands.describe(game=_("Which game"),
                           language=_("The game's language in the channel (default: the server's, else yours)"),
                           bots=_("AI players to add to the lobby (0–5)"), level=_("How well the AI plays"))
    @app_commands.choices(game=GAME_CHOICES, language=LANGUAGE_CHOICES, level=ai.LEVEL_CHOICES)
    async def new(self, interaction: discord.Interaction, game: str, language: str | None = None,
                  bots: app_commands.Range[int, 0, 5] = 0, level: str = "normal") -> None:
        """The game's options are chosen in the lobby (a menu per option), not here:
        Discord allows 25 parameters, and every game has its own. ``bots``: AI seats."""
        if game not in GAMES:
            raise UserError("err.unknown_game", "Unknown game '{game}'.", game=game)
        if bots >= GAMES[game].max_players:  # the opener keeps a seat: checked before anything is made
            raise UserError("err.lobby_full", "The game is full ({max} players).", max=GAMES[game].max_players)
        row = await self.service.new_game(interaction.channel_id, interaction.guild_id, str(interaction.user.id),
                                          game, {}, interaction.user.display_name,
                                          lang=language, locale=interaction.locale)
        for _i in range(bots):
            row = await self.service.add_ai(interaction.channel_id, str(interaction.user.id), False, level)
        await lobby.post_lobby(interaction, row)

    @app_commands.command(name=_("join"), description=_("Join the game being set up in this channel"))
    async def join(self, interaction: discord.Interaction) -> None:
        row = await self.service.join(interaction.channel_id, str(interaction.user.id), interaction.user.display_name)
        await self._lobby_changed(interaction, row, t("lobby.you_joined", private(interaction)))

    @app_commands.command(name=_("leave"), description=_("Leave the game being set up in this channel"))
    async def leave(self, interaction: discord.Interaction) -> None:
        row = await self.service.leave(interaction.channel_id, str(interaction.user.id))
        await self._lobby_changed(interaction, row, t("lobby.you_left", private(interaction)))

    @app_commands.command(name=_("start"), description=_("Start the game (host or moderator)"))
    async def start(self, interaction: discord.Interaction) -> None:
        row = await self.service.start(interaction.channel_id, str(interaction.user.id),
                                       await self.bot.is_moderator(interaction))
        await interaction.response.defer(thinking=True)
        await lobby.refresh_lobby(self.bot, row)
        await messages.post_start(interaction, row)

    async def _lobby_changed(self, interaction: discord.Interaction, row: Any, note: str) -> None:
        await interaction.response.send_message(note, ephemeral=True)
        await lobby.refresh_lobby(self.bot, row)

    # -- looking ----------------------------------------------------------------------
    @app_commands.command(name=_("status"), description=_("Whose turn it is, the phase and the scores"))
    async def status(self, interaction: discord.Interaction) -> None:
        row = await self.service.game_or_last(interaction.channel_id)
        lang = private(interaction)
        if row.state is None:
            await interaction.response.send_message(lobby.lobby_text(row, lang), ephemeral=True,
                                                    allowed_mentions=discord.AllowedMentions.none())
            return
        public = GAMES[row.game].view(row.state, None)
        pres = presenter(row.game)
        text = pres.status(public, members.names_for(row), lang)
        if row.status == "running":  # what the player to act is asked: said to them alone
            prompt = pres.prompt(public, members.names_for(row), lang)
            mine = str(interaction.user.id) in GAMES[row.game].to_act(row.state)
            if prompt and mine:
                text = f"{text}\n{prompt}"
        lines = [t("status.header", lang, game=presenter(row.game).name(lang))]
        if row.status in ("finished", "ended"):
            lines.append(t("status.over", lang))
            outcome = GAMES[row.game].outcome(row.state)
            if outcome is not None:  # every winner, a three-way tie included
                names = members.names_for(row)
                winners = [names.get(w, w) for w in outcome.get("winners") or []]
                lines.append(t("status.winners", lang, winners=", ".join(winners)) if winners
                             else t("status.no_winner", lang))
        lines.append(text)
        if row.status == "running":
            lines += clocks.status_lines(row, await self.service.seat_clocks(row), lang)
        await interaction.response.send_message(limits.clip("\n".join(x for x in lines if x)), ephemeral=True,
                                                allowed_mentions=discord.AllowedMentions.none())

    async def zoom_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        row = await self.service.latest_game(interaction.channel_id)
        if row is None:
            return []
        lang = private(interaction)
        needle = (current or "").strip().lower()
        out = []
        for region in pictures.zoom_regions(row.game):
            name = pictures.region_name(row.game, region, lang)
            if not needle or needle in name.lower() or needle in region.lower():
                out.append(app_commands.Choice(name=limits.clip(name, limits.CHOICE_NAME), value=region[:100]))
        return out[:25]

    @app_commands.command(name=_("board"), description=_("Post the current board picture"))
    @app_commands.describe(zoom=_("A close-up of one region"))
    @app_commands.autocomplete(zoom=zoom_autocomplete)
    async def board(self, interaction: discord.Interaction, zoom: str | None = None) -> None:
        row = await self.service.game_or_last(interaction.channel_id)
        if row.state is None:
            raise UserError("err.not_started", "The game has not started yet: join it, then the host starts it with /game start.")
        if zoom is not None:
            regions = pictures.zoom_regions(row.game)
            by_name = {pictures.region_name(row.game, r, lang).lower(): r for r in regions for lang in ("en", "fr")}
            zoom = zoom if zoom in regions else by_name.get(zoom.strip().lower())
            if zoom is None:
                raise UserError("err.bad_zoom", "Pick a region from the list.")
        await interaction.response.defer(thinking=True)
        file = await pictures.board_file(row, zoom)
        await interaction.followup.send(file=file)

    @app_commands.command(name=_("hand"), description=_("Your secret information (only you see it)"))
    async def hand(self, interaction: discord.Interaction) -> None:
        row = await self.service.running(interaction.channel_id)
        seat = await self.service.seat_of(row, str(interaction.user.id))
        assert row.state is not None
        text = presenter(row.game).hand(GAMES[row.game].view(row.state, seat), seat, members.names_for(row),
                                        private(interaction))
        standing = orders.orders_button(row, private(interaction))  # change them by clicks
        kwargs: dict[str, Any] = {"view": discord.ui.View(timeout=None).add_item(standing)} if standing else {}
        await interaction.response.send_message(limits.clip(text), ephemeral=True,
                                                allowed_mentions=discord.AllowedMentions.none(), **kwargs)

    @app_commands.command(name=_("log"), description=_("The last moves of this game"))
    @app_commands.describe(n=_("How many moves (1–50)"))
    async def log(self, interaction: discord.Interaction, n: app_commands.Range[int, 1, 50] = 10) -> None:
        row = await self.service.game_or_last(interaction.channel_id)
        lang = private(interaction)
        actions = await self.service.log(row, last=n, undone=True)
        pres = presenter(row.game)
        names = members.names_for(row)
        lines = []
        if row.state is not None and (not actions or (actions[0].seq == 1 and len(actions) < n)):
            opening = messages.opening_lines(row, lang)
            if opening:
                lines.append("`#0` " + " ".join(opening))
        since = actions[0].created_at if actions and actions[0].seq > 1 else 0.0  # the notes among these moves
        notes = [n for n in await self.service.notes(row) if n.at >= since]
        for entry in actions:
            while notes and notes[0].at < entry.created_at:
                note = clocks.note_line(row, notes.pop(0), lang)
                if note:
                    lines.append(note)
            narrated = [x for x in pres.narrate(entry.events, names, lang) if x]
            if narrated and entry.undone_at is not None:  # taken back: kept, struck through
                lines.append(f"`#{entry.seq}` ~~" + " ".join(narrated) + "~~ " + t("log.undone", lang))
            elif narrated:  # a move with nothing public to tell (a secret draw) gets no empty line
                lines.append(f"`#{entry.seq}` " + " ".join(narrated))
        lines += [x for x in (clocks.note_line(row, n, lang) for n in notes) if x]
        text = limits.clip_lines(lines) if lines else t("log.empty", lang)
        await interaction.response.send_message(text, ephemeral=True, allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name=_("rules"), description=_("A short summary of this channel's game"))
    @app_commands.describe(game=_("Which game (default: this channel's)"))
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(self, interaction: discord.Interaction, game: str | None = None) -> None:
        if game is None:
            row = await self.service.latest_game(interaction.channel_id)
            if row is None:
                raise UserError("err.no_game_rules", "There is no game here: pick one, e.g. /game rules game:Risk Express.")
            game = row.game
        await limits.send_parts(interaction, presenter(game).rules(private(interaction)), ephemeral=True)

    @app_commands.command(name=_("help"), description=_("How to use the game master"))
    async def help(self, interaction: discord.Interaction) -> None:
        tree = interaction.client.tree  # type: ignore[attr-defined]  # the bot's, as synced
        await limits.send_parts(interaction, help_text(tree, private(interaction)), ephemeral=True)

    # -- ending and moderation --------------------------------------------------------
    @app_commands.command(name=_("end"), description=_("End this channel's game (host or moderator)"))
    async def end(self, interaction: discord.Interaction) -> None:
        row = await self.service.end(interaction.channel_id, str(interaction.user.id),
                                     await self.bot.is_moderator(interaction))
        await interaction.response.send_message(t("game.ended", row.lang, who=interaction.user.display_name),
                                                allowed_mentions=discord.AllowedMentions.none())
        await lobby.refresh_lobby(self.bot, row)
        if row.prompt_message_id:
            await self.bot.strip_buttons(row.channel_id, row.prompt_message_id)

    @MODERATION.command(name=_("reset"), description=_("Moderators: restart this game from the beginning"))
    async def reset(self, interaction: discord.Interaction) -> None:
        old = await self.service.game(interaction.channel_id)
        row = await self.service.reset(interaction.channel_id, await self.bot.is_moderator(interaction))
        if old.prompt_message_id:
            await self.bot.strip_buttons(old.channel_id, old.prompt_message_id)
        ended = await self.service.get_game(old.id)
        if ended is not None:  # the old lobby's message says closed, its buttons gone
            await lobby.refresh_lobby(self.bot, ended)
        if row.status == "lobby":
            await lobby.post_lobby(interaction, row)
            return
        await interaction.response.defer(thinking=True)
        await messages.post_start(interaction, row, "game.reset", who=interaction.user.display_name)

    @MODERATION.command(name=_("kick"), description=_("Moderators: remove a player from this game"))
    @app_commands.describe(player=_("The player to remove"))
    async def kick(self, interaction: discord.Interaction, player: discord.User) -> None:
        result = await self.service.kick(interaction.channel_id, await self.bot.is_moderator(interaction),
                                         str(player.id))
        if not hasattr(result, "events"):  # a lobby
            await interaction.response.send_message(t("lobby.kicked", result.lang, who=player.display_name),
                                                    allowed_mentions=discord.AllowedMentions.none())
            await lobby.refresh_lobby(self.bot, result)
            return
        await messages.defer_and_post(interaction, result, thinking=True)

    @MODERATION.command(name=_("skip"), description=_("Moderators: skip the current player's turn"))
    async def skip(self, interaction: discord.Interaction) -> None:
        played = await self.service.skip(interaction.channel_id, await self.bot.is_moderator(interaction))
        await messages.defer_and_post(interaction, played, thinking=True)

    @SETTINGS.command(name=_("server"),
                      description=_("Server settings: moderator role, language, idle lobbies (Manage Server)"))
    @app_commands.describe(moderator_role=_("Members with this role may moderate games"),
                           clear_moderator_role=_("Remove the moderator role (Manage Channels only, then)"),
                           language=_("The language of new games on this server"),
                           lobby_idle_days=_("Close a lobby nobody starts after this many days (1–90)"),
                           turn_time=_("Default time per turn of new games"),
                           reply_time=_("Default time for a decision outside one's turn"),
                           vacation_days=_("Vacation days per member and year (0–366)"))
    @app_commands.choices(language=LANGUAGE_CHOICES, turn_time=TURN_TIME_CHOICES, reply_time=REPLY_TIME_CHOICES)
    async def server_settings(self, interaction: discord.Interaction, moderator_role: discord.Role | None = None,
                       language: str | None = None,
                       lobby_idle_days: app_commands.Range[int, 1, 90] | None = None,
                       clear_moderator_role: bool | None = None, turn_time: str | None = None,
                       reply_time: str | None = None,
                       vacation_days: app_commands.Range[int, 0, 366] | None = None) -> None:
        perms = interaction.permissions
        current = await self.service.update_settings(
            interaction.guild_id, bool(perms.manage_guild or perms.administrator),
            moderator_role_id=moderator_role.id if moderator_role else None, language=language,
            lobby_idle_days=lobby_idle_days, clear_moderator_role=bool(clear_moderator_role),
            turn_time=turn_time, reply_time=reply_time, vacation_days=vacation_days)
        lang = private(interaction)
        role = f"<@&{current.moderator_role_id}>" if current.moderator_role_id else t("settings.no_role", lang)
        language_name = dict((c.value, c.name) for c in LANGUAGE_CHOICES).get(current.language or "",
                                                                             t("settings.no_language", lang))
        table = timing.defaults(current.turn_time, current.reply_time)
        allowance = timing.DEFAULT_VACATION_DAYS if current.vacation_days is None else current.vacation_days
        clock = t("settings.clocks", lang, turn=clocks.timing_label("turn_time", table["turn_time"], lang),
                  reply=clocks.timing_label("reply_time", table["reply_time"], lang), days=allowance)
        await interaction.response.send_message(
            t("settings.summary", lang, role=role, language=language_name, days=current.lobby_idle_days) + "\n" + clock,
            ephemeral=True, allowed_mentions=discord.AllowedMentions.none())
