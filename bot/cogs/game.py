"""``/game …``: the life cycle every game shares (lobby, status, board, moderation)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.app_commands import locale_str as _
from discord.ext import commands

from bot import ui
from bot.games import presenter
from bot.i18n import t
from bot.rules import GAMES
from bot.service import UserError

if TYPE_CHECKING:
    from bot.app import GameMasterBot

GAME_CHOICES = [app_commands.Choice(name=g.name, value=g.id) for g in GAMES.values()]


def option_values(game_id: str, **given: Any) -> dict[str, Any]:
    """Keep the options the host set; refuse the ones this game does not have."""
    engine = GAMES[game_id]
    known = {o.name for o in engine.options}
    out = {}
    for key, value in given.items():
        if value is None:
            continue
        if key not in known:
            raise UserError("err.option_not_for", "Option {option} does not apply to {game}.",
                            option=key, game=engine.name)
        out[key] = value
    return out


class GameCog(commands.GroupCog, group_name=_("game"), group_description=_("Play board games in this channel")):
    def __init__(self, bot: GameMasterBot) -> None:
        self.bot = bot
        super().__init__()

    @property
    def service(self):  # noqa: ANN201
        return self.bot.service

    # -- lobby ------------------------------------------------------------------------
    @app_commands.command(name=_("new"), description=_("Open a new game in this channel"))
    @app_commands.describe(game=_("Which game"), continue_attempt=_("Risk Express: continue the previous player's failed attempt"),
                           crown=_("Peaky Blinders: play with the British Crown (default on)"),
                           gangs=_("Peaky Blinders: which gang each player leads (default: in joining order)"),
                           beaten_stops_attacks=_("Peaky Blinders: losing every member sent ends your attacks (default on)"))
    @app_commands.choices(game=GAME_CHOICES, gangs=[app_commands.Choice(name=_("in joining order"), value="seat_order"),
                                                    app_commands.Choice(name=_("at random"), value="random")])
    @app_commands.guild_only()
    async def new(self, interaction: discord.Interaction, game: str,
                  continue_attempt: bool | None = None, crown: bool | None = None, gangs: str | None = None,
                  beaten_stops_attacks: bool | None = None) -> None:
        if game not in GAMES:
            raise UserError("err.unknown_game", "Unknown game '{game}'.", game=game)
        options = option_values(game, continue_attempt=continue_attempt, crown=crown, gangs=gangs,
                                beaten_stops_attacks=beaten_stops_attacks)
        row = await self.service.new_game(interaction.channel_id, interaction.guild_id, str(interaction.user.id),
                                          game, options, interaction.user.display_name)
        locale = interaction.guild_locale or interaction.locale
        await interaction.response.send_message(ui.lobby_text(row, locale), view=ui.lobby_view(row, locale),
                                                allowed_mentions=discord.AllowedMentions.none())
        message = await interaction.original_response()
        await self.service.store.note_messages(row.id, lobby_message_id=message.id)

    @app_commands.command(name=_("join"), description=_("Join the game being set up in this channel"))
    async def join(self, interaction: discord.Interaction) -> None:
        row = await self.service.join(interaction.channel_id, str(interaction.user.id), interaction.user.display_name)
        await self._lobby_changed(interaction, row, t("lobby.you_joined", interaction.locale))

    @app_commands.command(name=_("leave"), description=_("Leave the game being set up in this channel"))
    async def leave(self, interaction: discord.Interaction) -> None:
        row = await self.service.leave(interaction.channel_id, str(interaction.user.id))
        await self._lobby_changed(interaction, row, t("lobby.you_left", interaction.locale))

    @app_commands.command(name=_("start"), description=_("Start the game (host or moderator)"))
    async def start(self, interaction: discord.Interaction) -> None:
        row = await self.service.start(interaction.channel_id, str(interaction.user.id),
                                       await self.bot.is_moderator(interaction))
        locale = interaction.guild_locale or interaction.locale
        await interaction.response.defer(thinking=True)
        await self._refresh_lobby(row, locale)
        await ui.post_turn(None, interaction, row, None, locale, extra=[t("game.started", locale)])

    async def _lobby_changed(self, interaction: discord.Interaction, row: Any, note: str) -> None:
        await interaction.response.send_message(note, ephemeral=True)
        await self._refresh_lobby(row, interaction.guild_locale or interaction.locale)

    async def _refresh_lobby(self, row: Any, locale: Any) -> None:
        if not row.lobby_message_id:
            return
        channel = self.bot.get_channel(row.channel_id)
        if channel is None:
            return
        try:
            await channel.get_partial_message(row.lobby_message_id).edit(  # type: ignore[union-attr]
                content=ui.lobby_text(row, locale), view=ui.lobby_view(row, locale))
        except discord.HTTPException:
            pass

    # -- looking ----------------------------------------------------------------------
    @app_commands.command(name=_("status"), description=_("Whose turn it is, the phase and the scores"))
    async def status(self, interaction: discord.Interaction) -> None:
        row = await self.service.game(interaction.channel_id)
        locale = interaction.locale
        if row.status == "lobby":
            await interaction.response.send_message(ui.lobby_text(row, locale), ephemeral=True,
                                                    allowed_mentions=discord.AllowedMentions.none())
            return
        assert row.state is not None
        text = presenter(row.game).status(row.state, ui.names_for(row), locale)
        header = t("status.header", locale, game=presenter(row.game).name(locale))
        await interaction.response.send_message(ui.clip(f"{header}\n{text}"), ephemeral=True)

    @app_commands.command(name=_("board"), description=_("Post the current board picture"))
    async def board(self, interaction: discord.Interaction) -> None:
        row = await self.service.running(interaction.channel_id)
        await interaction.response.defer(thinking=True)
        file = await ui.board_file(row)
        await interaction.followup.send(file=file)

    @app_commands.command(name=_("hand"), description=_("Your secret information (only you see it)"))
    async def hand(self, interaction: discord.Interaction) -> None:
        row = await self.service.running(interaction.channel_id)
        seat = await self.service.seat_of(row, str(interaction.user.id))
        assert row.state is not None
        text = presenter(row.game).hand(row.state, seat, ui.names_for(row), interaction.locale)
        await interaction.response.send_message(ui.clip(text), ephemeral=True)

    @app_commands.command(name=_("log"), description=_("The last moves of this game"))
    @app_commands.describe(n=_("How many moves (1–50)"))
    async def log(self, interaction: discord.Interaction, n: app_commands.Range[int, 1, 50] = 10) -> None:
        row = await self.bot.service.store.latest_game(interaction.channel_id)
        if row is None:
            raise UserError("err.no_game", "There is no game in this channel. Start one with /game new.")
        actions = await self.service.store.actions(row.id, last=n)
        pres = presenter(row.game)
        names = ui.names_for(row)
        lines = []
        for entry in actions:
            narrated = pres.narrate(entry.events, names, interaction.locale)
            lines.append(f"`#{entry.seq}` " + " ".join(narrated))
        text = "\n".join(lines) if lines else t("log.empty", interaction.locale)
        await interaction.response.send_message(ui.clip(text), ephemeral=True)

    @app_commands.command(name=_("rules"), description=_("A short summary of this channel's game"))
    @app_commands.describe(game=_("Which game (default: this channel's)"))
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(self, interaction: discord.Interaction, game: str | None = None) -> None:
        if game is None:
            row = await self.service.store.latest_game(interaction.channel_id)
            if row is None:
                raise UserError("err.no_game_rules", "There is no game here: pick one, e.g. /game rules game:Risk Express.")
            game = row.game
        await interaction.response.send_message(ui.clip(presenter(game).rules(interaction.locale)), ephemeral=True)

    @app_commands.command(name=_("help"), description=_("How to use the game master"))
    async def help(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(ui.clip(t("help.text", interaction.locale)), ephemeral=True)

    # -- ending and moderation --------------------------------------------------------
    @app_commands.command(name=_("end"), description=_("End this channel's game (host or moderator)"))
    async def end(self, interaction: discord.Interaction) -> None:
        row = await self.service.end(interaction.channel_id, str(interaction.user.id),
                                     await self.bot.is_moderator(interaction))
        locale = interaction.guild_locale or interaction.locale
        await interaction.response.send_message(t("game.ended", locale, who=interaction.user.mention))
        await self._refresh_lobby(row, locale)
        if row.prompt_message_id:
            await self.bot.strip_buttons(row.channel_id, row.prompt_message_id)

    @app_commands.command(name=_("reset"), description=_("Moderators: restart this game from the beginning"))
    async def reset(self, interaction: discord.Interaction) -> None:
        old = await self.service.game(interaction.channel_id)
        row = await self.service.reset(interaction.channel_id, await self.bot.is_moderator(interaction))
        locale = interaction.guild_locale or interaction.locale
        if old.prompt_message_id:
            await self.bot.strip_buttons(old.channel_id, old.prompt_message_id)
        if row.status == "lobby":
            await interaction.response.send_message(ui.lobby_text(row, locale), view=ui.lobby_view(row, locale),
                                                    allowed_mentions=discord.AllowedMentions.none())
            message = await interaction.original_response()
            await self.service.store.note_messages(row.id, lobby_message_id=message.id)
            return
        await interaction.response.defer(thinking=True)
        await ui.post_turn(None, interaction, row, None, locale,
                           extra=[t("game.reset", locale, who=interaction.user.mention)])

    @app_commands.command(name=_("kick"), description=_("Moderators: remove a player from this game"))
    @app_commands.describe(player=_("The player to remove"))
    async def kick(self, interaction: discord.Interaction, player: discord.User) -> None:
        result = await self.service.kick(interaction.channel_id, await self.bot.is_moderator(interaction),
                                         str(player.id))
        locale = interaction.guild_locale or interaction.locale
        if not hasattr(result, "events"):  # a lobby
            await interaction.response.send_message(t("lobby.kicked", locale, who=player.mention),
                                                    allowed_mentions=discord.AllowedMentions.none())
            await self._refresh_lobby(result, locale)
            return
        await interaction.response.defer(thinking=True)
        await ui.post_turn(None, interaction, result.row, result, locale)

    @app_commands.command(name=_("skip"), description=_("Moderators: skip the current player's turn"))
    async def skip(self, interaction: discord.Interaction) -> None:
        played = await self.service.skip(interaction.channel_id, await self.bot.is_moderator(interaction))
        await interaction.response.defer(thinking=True)
        await ui.post_turn(None, interaction, played.row, played, interaction.guild_locale or interaction.locale)

    @app_commands.command(name=_("settings"), description=_("Moderators: set the role that may moderate games"))
    @app_commands.describe(moderator_role=_("Members with this role may moderate games (empty: Manage Channels only)"))
    @app_commands.guild_only()
    async def settings(self, interaction: discord.Interaction, moderator_role: discord.Role | None = None) -> None:
        perms = interaction.permissions
        if not (perms.manage_channels or perms.administrator or perms.manage_guild):
            raise UserError("err.settings_perm", "Only members with Manage Channels can change the settings.")
        assert interaction.guild_id is not None
        await self.service.store.set_moderator_role(interaction.guild_id, moderator_role.id if moderator_role else None)
        key = "settings.role_set" if moderator_role else "settings.role_cleared"
        await interaction.response.send_message(
            t(key, interaction.locale, role=moderator_role.mention if moderator_role else ""), ephemeral=True)
