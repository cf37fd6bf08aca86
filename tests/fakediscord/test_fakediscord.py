"""The fake Discord against a tiny real discord.py bot: commands, autocomplete, deferral with a
PNG, persistent and dynamic buttons, a modal, a restart, and Discord's rules the fake enforces."""

from __future__ import annotations

import asyncio
import io
import re
from dataclasses import dataclass

import aiohttp
import discord
import pytest
from discord import app_commands
from PIL import Image

from . import Channel, FakeDiscord, Guild, Member

CARDS = ["Alaska", "Alberta", "Argentina", "Brazil", "China"]


def png_bytes() -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (32, 16), (200, 30, 30)).save(buffer, format="PNG")
    return buffer.getvalue()


class PressView(discord.ui.View):
    """Persistent: no timeout, fixed custom_id, registered again by every new client."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Press", custom_id="demo:press", style=discord.ButtonStyle.primary)
    async def press(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        assert interaction.message is not None
        await interaction.response.edit_message(content=f"pressed by {interaction.user.display_name}")
        await interaction.followup.send("you pressed", ephemeral=True)


class VoteButton(discord.ui.DynamicItem[discord.ui.Button], template=r"demo:vote:(?P<n>\d+)"):
    def __init__(self, n: int) -> None:
        super().__init__(discord.ui.Button(label=f"Vote {n}", custom_id=f"demo:vote:{n}"))
        self.n = n

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str]) -> VoteButton:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        assert interaction.message is not None
        await interaction.message.edit(content=f"votes: {self.n + 1}",
                                       view=discord.ui.View(timeout=None).add_item(VoteButton(self.n + 1)))
        await interaction.response.send_message(f"voted {self.n}", ephemeral=True)


class AskModal(discord.ui.Modal, title="Question"):
    answer = discord.ui.TextInput(label="Answer", custom_id="demo:answer")

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"answer: {self.answer.value}")


def make_bot(*, members: bool = False) -> discord.Client:
    intents = discord.Intents.default()
    intents.members = members
    client = discord.Client(intents=intents, guild_ready_timeout=0.05)
    tree = app_commands.CommandTree(client)
    demo = app_commands.Group(name="demo", description="Demo commands")
    admin = app_commands.Group(name="admin", description="Moderators only", parent=demo)

    @demo.command(description="Echo a card")
    async def echo(interaction: discord.Interaction, card: str) -> None:
        await interaction.response.send_message(f"echo {card}")

    @echo.autocomplete("card")
    async def echo_card(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=c, value=c) for c in CARDS if c.lower().startswith(current.lower())]

    @demo.command(description="Only you can see it")
    async def secret(interaction: discord.Interaction) -> None:
        text = "secret" if interaction.locale is not discord.Locale.french else "secret (fr)"
        perms = interaction.permissions
        await interaction.response.send_message(
            f"{text} guild={interaction.guild_locale} manage={perms.manage_channels}", ephemeral=True)

    @demo.command(description="Draw the board")
    async def board(interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        png = await asyncio.to_thread(png_bytes)
        embed = discord.Embed(title="Board").set_image(url="attachment://board.png")
        await interaction.followup.send(embed=embed, file=discord.File(io.BytesIO(png), "board.png"))

    @demo.command(description="Post the buttons")
    async def post(interaction: discord.Interaction) -> None:
        assert isinstance(interaction.channel, discord.TextChannel)
        await interaction.response.send_message("posting", ephemeral=True)
        await interaction.channel.send("Press it", view=PressView())
        await interaction.channel.send("votes: 0", view=discord.ui.View(timeout=None).add_item(VoteButton(0)))

    @demo.command(description="Ask a question")
    async def ask(interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(AskModal())

    @demo.command(description="Who is it")
    async def whois(interaction: discord.Interaction, who: discord.Member, times: int = 1) -> None:
        roles = ",".join(r.name for r in who.roles if not r.is_default())
        await interaction.response.send_message(f"{who.display_name} [{roles}] x{times}")

    @demo.command(description="Where are we")
    async def where(interaction: discord.Interaction, place: discord.TextChannel | discord.Thread,
                    loud: bool = False) -> None:
        here = type(interaction.channel).__name__
        await interaction.response.send_message(f"{here} -> {place.name} loud={loud}")

    @demo.command(description="Open a thread for a game")
    async def thread(interaction: discord.Interaction, name: str) -> None:
        assert isinstance(interaction.channel, discord.TextChannel)
        await interaction.response.defer(ephemeral=True, thinking=True)
        thread = await interaction.channel.create_thread(name=name, type=discord.ChannelType.public_thread)
        await thread.send(f"welcome to {thread.name}")
        await interaction.user.send("your secret card")
        await interaction.followup.send(f"opened {thread.mention}", ephemeral=False)

    @demo.command(description="Pick a colour")
    async def pick(interaction: discord.Interaction) -> None:
        view = discord.ui.View()
        select = discord.ui.Select(custom_id="demo:colour", options=[
            discord.SelectOption(label=c, value=c) for c in ("red", "blue", "green")], max_values=2)

        async def chosen(inner: discord.Interaction) -> None:
            await inner.response.defer()
            await inner.edit_original_response(content=f"chose {'+'.join(select.values)}", view=None)

        select.callback = chosen
        view.add_item(select)
        await interaction.response.send_message("pick", view=view)

    @demo.command(description="Raises")
    async def broken(interaction: discord.Interaction) -> None:
        raise ZeroDivisionError("boom")

    @demo.command(description="Never answers")
    async def silent(interaction: discord.Interaction) -> None:
        return None

    @demo.command(description="Answers too late")
    async def slow(interaction: discord.Interaction) -> None:
        await asyncio.sleep(0.3)
        await interaction.response.send_message("too late")

    @admin.command(description="Reset everything")
    @app_commands.checks.has_permissions(manage_channels=True)
    async def reset(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("reset done", ephemeral=True)

    @reset.error
    async def reset_error(interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        await interaction.response.send_message("moderators only", ephemeral=True)

    tree.add_command(demo)

    async def setup_hook() -> None:
        client.add_view(PressView())
        client.add_dynamic_items(VoteButton)
        await tree.sync()

    client.setup_hook = setup_hook
    return client


@dataclass
class Env:
    guild: Guild
    table: Channel
    alice: Member
    mod: Member


@pytest.fixture
async def fake():
    async with FakeDiscord() as fake:
        yield fake


@pytest.fixture
def env(fake: FakeDiscord) -> Env:
    guild = fake.add_guild("Friends", locale="fr")
    return Env(guild, guild.add_text_channel("table"), guild.add_member("alice", nick="Alice"),
               guild.add_moderator("mod"))


async def test_commands_are_registered_and_cached_guilds(fake: FakeDiscord, env: Env) -> None:
    async with fake.run(make_bot(members=True)) as bot:
        assert fake.sessions[0].compression == "zlib-stream"
        assert [c["name"] for c in fake.commands[None]] == ["demo"]
        guild = bot.get_guild(env.guild.id)
        assert guild is not None and guild.get_channel(env.table.id).name == "table"
        assert guild.get_member(env.mod.id).guild_permissions.manage_channels
        assert bot.user is not None and bot.user.id == fake.bot.id
        assert {m.name for m in await guild.chunk()} == {"GameMaster", "owner", "alice", "mod"}
        assert (await guild.fetch_member(env.alice.id)).nick == "Alice"
        assert (await bot.fetch_channel(env.table.id)).name == "table"
    assert fake.unknown_routes == [] and fake.discord_errors == []


async def test_ephemeral_reply_locale_and_permissions(fake: FakeDiscord, env: Env) -> None:
    async with fake.run(make_bot()):
        res = await fake.slash(env.alice, env.table, "demo", "secret", locale="fr")
        assert res.ephemeral and res.callback_type == 4
        assert res.content == "secret (fr) guild=fr manage=False"
        res = await fake.slash(env.mod, env.table, "demo", "secret")
        assert res.content == "secret guild=fr manage=True"
        denied = await fake.slash(env.alice, env.table, "demo", "admin", "reset")
        assert denied.ephemeral and denied.content == "moderators only"
        done = await fake.slash(env.mod, env.table, "demo", "admin", "reset")
        assert done.content == "reset done"


async def test_options_resolve_members_and_are_checked(fake: FakeDiscord, env: Env) -> None:
    async with fake.run(make_bot()):
        res = await fake.slash(env.alice, env.table, "demo", "whois", options={"who": env.mod, "times": 2})
        assert res.content == "mod [Moderator] x2" and not res.ephemeral
        assert res.message.kind == "response" and res.message.interaction_id == res.id
        with pytest.raises(ValueError, match="missing required option 'who'"):
            await fake.slash(env.alice, env.table, "demo", "whois")
        with pytest.raises(TypeError):
            await fake.slash(env.alice, env.table, "demo", "whois", options={"who": env.mod, "times": "2"})
        with pytest.raises(ValueError, match="no subcommand"):
            await fake.slash(env.alice, env.table, "demo", "nope")


async def test_autocomplete(fake: FakeDiscord, env: Env) -> None:
    async with fake.run(make_bot()):
        choices = await fake.autocomplete(env.alice, env.table, "demo", "echo",
                                          options={"card": "al"}, focused="card")
        assert [c["value"] for c in choices] == ["Alaska", "Alberta"]
        res = await fake.slash(env.alice, env.table, "demo", "echo", options={"card": "Brazil"})
        assert res.content == "echo Brazil"


async def test_defer_then_followup_with_png(fake: FakeDiscord, env: Env) -> None:
    async with fake.run(make_bot()):
        res = await fake.slash(env.alice, env.table, "demo", "board")
        assert res.callback_type == 5 and not res.ephemeral
        assert not res.message.loading and res.followups == []  # the followup filled the deferral
        [(name, data)] = res.files
        assert name == "board.png" and data == png_bytes()
        assert res.embeds[0]["image"]["url"] == "attachment://board.png"
        assert [r.action for r in res.records] == ["create", "edit"]
        url = res.message.attachments[0].url  # the attachment's URL serves the bytes
        async with aiohttp.ClientSession() as http, http.get(url) as got:
            assert await got.read() == data


async def test_persistent_button_and_dynamic_item(fake: FakeDiscord, env: Env) -> None:
    async with fake.run(make_bot()):
        mark = fake.mark()
        res = await fake.slash(env.alice, env.table, "demo", "post")
        assert res.ephemeral and res.content == "posting"
        press = await fake.wait_message(env.table, lambda m: m.content == "Press it", since=mark)
        votes = await fake.wait_message(env.table, lambda m: m.content.startswith("votes"), since=mark)
        assert press.kind == "channel" and press.custom_ids == ["demo:press"]

        click = await fake.click(env.alice, press, "demo:press")
        assert click.callback_type == 7 and click.message is press
        assert press.content == "pressed by Alice"
        [reply] = await click.wait_followups(1)
        assert reply.ephemeral and reply.content == "you pressed"

        click = await fake.click(env.mod, votes, label="Vote 0")
        assert click.ephemeral and click.content == "voted 0"
        await fake.wait_message(env.table, lambda m: m.id == votes.id and m.content == "votes: 1")
        assert votes.custom_ids == ["demo:vote:1"]
        assert [m.content for m in fake.channel_messages(env.table)] == ["pressed by Alice", "votes: 1"]


async def test_channel_options_threads_and_dms(fake: FakeDiscord, env: Env) -> None:
    old = env.guild.add_thread(env.table, "old game")
    async with fake.run(make_bot()):
        res = await fake.slash(env.alice, env.table, "demo", "where", options={"place": old, "loud": True})
        assert res.content == "TextChannel -> old game loud=True"
        res = await fake.slash(env.alice, old, "demo", "where", options={"place": env.table})
        assert res.content == "Thread -> table loud=False"

        res = await fake.slash(env.alice, env.table, "demo", "thread", options={"name": "risk #1"})
        assert res.callback_type == 5 and res.ephemeral  # the followup keeps the deferral's visibility
        [thread] = [c for c in fake.world.channels.values() if c.name == "risk #1"]
        assert res.content == f"opened {thread.mention}" and thread.is_thread
        assert [m.content for m in fake.channel_messages(thread)] == ["welcome to risk #1"]
        dm = fake.world.dm_channel(env.alice.user)
        assert [m.content for m in fake.channel_messages(dm)] == ["your secret card"]
        res = await fake.slash(env.alice, thread, "demo", "where", options={"place": thread})
        assert res.content == "Thread -> risk #1 loud=False"  # the bot got THREAD_CREATE


async def test_select_and_deferred_update(fake: FakeDiscord, env: Env) -> None:
    async with fake.run(make_bot()):
        res = await fake.slash(env.alice, env.table, "demo", "pick")
        with pytest.raises(ValueError, match="not within"):
            await fake.select(env.alice, res.message, "demo:colour", ["pink"])
        picked = await fake.select(env.alice, res.message, "demo:colour", ["red", "blue"])
        assert picked.callback_type == 6 and picked.message is res.message
        assert res.content == "chose red+blue" and res.components == []


async def test_modal(fake: FakeDiscord, env: Env) -> None:
    async with fake.run(make_bot()):
        opened = await fake.slash(env.alice, env.table, "demo", "ask")
        assert opened.callback_type == 9 and opened.modal["title"] == "Question"
        res = await fake.submit_modal(env.alice, opened, {"demo:answer": "42"})
        assert res.content == "answer: 42"


async def test_restart_keeps_persistent_buttons_working(fake: FakeDiscord, env: Env) -> None:
    async with fake.run(make_bot()):
        mark = fake.mark()
        await fake.slash(env.alice, env.table, "demo", "post")
        press = await fake.wait_message(env.table, lambda m: m.content == "Press it", since=mark)
        votes = await fake.wait_message(env.table, lambda m: m.content == "votes: 0", since=mark)
    assert fake.live_session is None
    async with fake.run(make_bot()):  # a brand-new client instance, same fake
        click = await fake.click(env.mod, press, "demo:press")
        assert press.content == "pressed by mod"
        assert (await click.wait_followups())[0].content == "you pressed"
        click = await fake.click(env.alice, votes, "demo:vote:0")
        assert click.content == "voted 0"
    assert len(fake.sessions) == 2 and fake.discord_errors == []


async def test_dropped_connection_resumes_and_replays_missed_events(fake: FakeDiscord, env: Env) -> None:
    async with fake.run(make_bot()) as bot:
        await fake.disconnect()
        lounge = env.guild.add_text_channel("lounge")  # while down
        res = await fake.slash(env.alice, lounge, "demo", "where", options={"place": lounge}, timeout=3)
        assert res.content == "TextChannel -> lounge loud=False"
        assert bot.get_channel(lounge.id) is not None
        assert [s.session_id for s in fake.sessions] == [fake.sessions[0].session_id] * 2


async def test_discord_rules_and_clear_failures(fake: FakeDiscord, env: Env) -> None:
    fake.response_deadline = 0.1
    async with fake.run(make_bot()):
        with pytest.raises(AssertionError, match=r"(?s)waiting for the bot to answer /demo silent.*Last requests"):
            await fake.slash(env.alice, env.table, "demo", "silent", timeout=0.3)
        with pytest.raises(AssertionError, match="after the 0.1s deadline"):
            await fake.slash(env.alice, env.table, "demo", "slow")
        await fake.wait_until(lambda: len(fake.discord_errors) == 1, "the bot to log the 404")
        error = fake.discord_errors[0].exc_info[1]
        assert isinstance(error.original, discord.NotFound) and error.original.code == 10062
        with pytest.raises(AssertionError, match=r"(?s)logged an error instead of answering /demo broken"
                                                 r".*ZeroDivisionError"):
            await fake.slash(env.alice, env.table, "demo", "broken")

        async with aiohttp.ClientSession() as http:
            async with http.get(f"{fake.api_url}/nope/123") as got:
                assert got.status == 404 and await got.json() == {"message": "404: Not Found", "code": 0}
            ephemeral = (await fake.slash(env.alice, env.table, "demo", "secret")).message
            url = f"{fake.api_url}/channels/{env.table.id}/messages/{ephemeral.id}"
            async with http.get(url, headers={"Authorization": "Bot x"}) as got:
                assert got.status == 404 and (await got.json())["code"] == 10008
        assert fake.unknown_routes == ["GET /api/v10/nope/123"]


async def test_close_leaves_nothing_running() -> None:
    fake = FakeDiscord()
    await fake.start()
    fake.add_guild().add_text_channel("t")
    async with fake.run(make_bot()):
        pass
    await fake.close()
    assert discord.http.Route.BASE == "https://discord.com/api/v10"
    others = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
    assert others == []
