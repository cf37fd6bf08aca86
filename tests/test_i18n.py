"""Languages: catalog text filled once (player text is never a template), numbers and
plurals as each language writes them, French names from the rulebooks, French command
and option names that Discord accepts, and French text that names the French commands."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import discord
import pytest
from discord import app_commands

from bot.discord_ui.translator import french, translate, valid_name
from bot.i18n import catalog as merged_catalog
from bot.i18n import count, fill, fmt_num, fmt_pct, lang_of, t, tn
from bot.rules import names as N

ROOT = Path(__file__).resolve().parents[1]
EN = merged_catalog("en")  # the platform's catalog and every game's (bot/games/<id>/locales), merged
FR = merged_catalog("fr")
L = app_commands.TranslationContextLocation


@pytest.mark.parametrize("typed", ["{x}", "{0}", "{", "}", "{territory}", "{0!r}", "{a.b}", "%s", "{{", "x" * 3000])
def test_player_text_is_filled_in_once(typed):
    assert t("err.unknown_territory", "en", territory=typed) == f"There is no territory “{typed}” on this map."
    assert t("err.unknown_territory", "fr", territory=typed) == f"Il n'y a pas de territoire « {typed} » sur cette carte."


def test_a_template_that_does_not_fit_its_params_is_shown_not_raised():
    assert fill("{missing} and {n}", {"n": 3}) == "{missing} and 3"
    assert fill("{0} {", {}) == "{0} {"
    assert fill("{", {"n": 1}) == "{"
    assert fill("{n:>{w}}", {"n": 1}) in ("{n:>{w}}", "1")
    assert t("no.such.key", "fr", n=1) == "no.such.key"


def test_languages_and_locales():
    assert lang_of(discord.Locale.french) == "fr" and lang_of("fr-FR") == "fr" and lang_of("fr") == "fr"
    assert lang_of(discord.Locale.american_english) == "en" and lang_of(None) == "en" and lang_of("de") == "en"


def test_numbers_as_each_language_writes_them():
    assert fmt_pct(0.787, "en") == "78.7%"
    assert fmt_pct(0.787, "fr") == "78,7\u00a0%"
    assert fmt_pct(0.5, discord.Locale.french, 0) == "50\u00a0%"
    assert fmt_pct(None, "fr") == "?"
    assert fmt_num(1234567, "en") == "1,234,567" and fmt_num(1234567, "fr") == "1\u202f234\u202f567"
    assert fmt_num(2.25, "fr", 1) == "2,2" or fmt_num(2.25, "fr", 1) == "2,3"


def test_plurals():
    assert count("member", 1, "en") == "1 member" and count("member", 2, "en") == "2 members"
    assert count("member", 0, "en") == "0 members" and count("member", 0, "fr") == "0 membre"
    assert count("member", 1, "fr") == "1 membre" and count("member", 3, "fr") == "3 membres"
    assert count("territory_card", 1, "fr") == "1 carte Territoire"
    assert tn("pb.ev.retreat", 1, "en", who="Al", territory="Cork") == "↩️ Al retreats: 1 member goes back to Cork."
    assert tn("pb.ev.retreat", 1, "fr", who="Al", territory="Cork") == "↩️ Al se retire : 1 membre retourne sur Cork."
    assert tn("pb.ev.retreat", 4, "fr", who="Al", territory="Cork") == "↩️ Al se retire : 4 membres retournent sur Cork."


def test_singular_variants_have_their_plural_key():
    for key in EN:
        if key.endswith(".one"):
            assert key[:-4] in EN, key


def test_french_names_follow_the_rulebooks():
    assert N.name("risk_express", "card", "usa", "fr") == "États-Unis"
    assert N.name("risk_express", "card", "australia", "fr") == "Australie"
    assert N.name("risk_express", "continent", "north_america", "fr") == "Amérique du Nord"
    assert N.name("risk_express", "card", "usa", "en") == "USA"
    assert N.name("peaky_blinders", "gang", "jewish_gang", "fr") == "le Gang juif"
    assert N.name("peaky_blinders", "gang", "sabinis", "fr") == "les Sabinis"
    assert N.name("peaky_blinders", "gang", "ira", "fr") == "l'IRA"
    assert N.name("peaky_blinders", "region", "scotland", "fr") == "Écosse"
    assert N.name("peaky_blinders", "region", "england", "fr") == "Angleterre"
    # the French rulebook keeps the territories' English names
    assert N.name("peaky_blinders", "territory", "north_west_england", "fr") == "North West England"
    # the one mission the rulebook prints, in its words
    assert N.name("peaky_blinders", "mission", "bad_things_in_birmingham", "fr").startswith(
        "J'ai entendu dire tellement, tellement, tellement de mal")
    assert "West Midlands" in N.name("peaky_blinders", "mission_text", "bad_things_in_birmingham", "fr")
    assert N.name("peaky_blinders", "power_text", "razor_caps", "fr").startswith("Attaque :")
    # our own translations are marked provisional; the rulebook's are not
    assert N.provisional("risk_express", "card", "canada") and not N.provisional("risk_express", "card", "usa")
    # every card, continent, gang and region has a French name
    for kind, keys in (("card", N._english("risk_express")["card"]), ("continent", N._english("risk_express")["continent"])):
        assert all(N.name("risk_express", kind, k, "fr") != k for k in keys)
    for kind in ("gang", "region", "mission", "mission_text", "power", "power_text"):
        for key in N._english("peaky_blinders")[kind]:
            assert N.name("peaky_blinders", kind, key, "fr"), (kind, key)
    assert N.name("peaky_blinders", "territory", "atlantis", "fr") == "atlantis"


def test_names_typed_in_either_language():
    assert N.lookup("risk_express", "card", "etats-unis") == "usa"
    assert N.lookup("risk_express", "card", " USA ") == "usa"
    assert N.lookup("risk_express", "card", "Japon") == "japan"
    assert N.lookup("peaky_blinders", "gang", "Gang juif") == "jewish_gang"
    assert N.lookup("peaky_blinders", "territory", "west midlands") == "west_midlands"
    assert N.lookup("peaky_blinders", "territory", "West_Midlands") == "west_midlands"
    for nasty in ("", "{x}", "x" * 5000, "²"):
        assert N.lookup("peaky_blinders", "territory", nasty) is None


def test_french_command_and_option_names_are_valid_for_discord():
    from bot.config import Settings
    from bot.discord_ui.app import GameMasterBot, game_cogs
    from bot.discord_ui.cogs.game import GameCog
    from bot.discord_ui.games.peaky_blinders import PeakyCog
    from bot.discord_ui.games.risk_express import ExpressCog

    cogs = game_cogs()  # every registered game's, from ADAPTERS
    assert ExpressCog in cogs and PeakyCog in cogs

    async def tree():
        bot = GameMasterBot(Settings(token="x", database_url="sqlite:///:memory:"))
        for cog in (GameCog, *cogs):
            await bot.add_cog(cog(bot))
        return bot.tree.get_commands()

    def leaves(group):  # (its parent, a command): /game mod reset is reset under mod
        for cmd in group.commands:
            if isinstance(cmd, app_commands.Group):
                assert valid_name(translate(cmd.name, L.group_name) or ""), cmd.name
                yield from leaves(cmd)
            else:
                yield cmd.parent, cmd

    untranslated = []
    for top in asyncio.run(tree()):
        assert valid_name(translate(top.name, L.group_name) or top.name)
        for group, cmd in leaves(top):
            fr_name = translate(cmd.name, L.command_name, group.name)
            assert fr_name and valid_name(fr_name), cmd.name
            seen = set()
            for p in cmd.parameters:
                name = translate(p.display_name, L.parameter_name)
                if name is None:
                    untranslated.append(f"/{group.name} {cmd.name} {p.display_name}")
                    continue
                assert valid_name(name), name
                assert name not in seen, (cmd.name, name)
                seen.add(name)
    assert untranslated == []
    # and no translation is left over from a command or option that is gone
    texts = set()
    for top in asyncio.run(tree()):
        texts |= {top.name, top.description}
        texts |= {g.name for g in top.commands if isinstance(g, app_commands.Group)}
        texts |= {g.description for g in top.commands if isinstance(g, app_commands.Group)}
        for group, cmd in leaves(top):
            texts |= {cmd.name, cmd.description, f"{group.name} {cmd.name}"}
            for p in cmd.parameters:
                texts |= {p.display_name, f"option:{p.display_name}", p.description}
                texts |= {c.name for c in p.choices or []}
    assert sorted(set(french()) - texts) == []
    # a word translated one way as a command and another as an option
    assert translate("game", L.group_name) == "partie" and translate("game", L.parameter_name) == "jeu"
    assert translate("from", L.parameter_name) == "depuis"
    # a game's own word for a command name another game translates otherwise
    assert translate("flip", L.command_name) == "retourner" != translate("flip", L.command_name, "leader") == "basculer"
    assert translate("flip", L.command_name, "peaky") == "retourner"
    assert translate("Not A Name", L.parameter_name) is None


def test_french_text_names_the_french_commands():
    """French players see /partie, /express jouer, /peaky placer…: the catalog must not
    send them to English command names."""
    commands = {v for k, v in french().items() if valid_name(v)}
    for key, text in FR.items():
        assert "/game" not in text, key
        for group, sub in re.findall(r"/(express|peaky|partie) ([a-z_]+)", text):
            assert sub in commands, (key, group, sub)
        for option in re.findall(r"`/(?:partie|express|peaky) [a-z_]+ ([a-z_]+):", text):
            assert option in commands, (key, option)


def test_players_never_see_internal_keys():
    for lang, catalog in (("en", EN), ("fr", FR)):
        for key, text in catalog.items():
            assert not re.search(r"'(until|powers|neutral:?|crown|gangs)'", text), (lang, key)
            assert "=on" not in text and "=off" not in text, (lang, key)
            assert "(s)" not in text, (lang, key)
            assert "house card" not in text.lower(), (lang, key)
    slips = ["1 go back", " men ", "1 retournent", "il vaut", "un doit rester garder"]
    for text in [*EN.values(), *FR.values()]:
        assert not any(s in text for s in slips), text


def test_every_option_of_both_games_has_words():
    from bot.rules import GAMES

    for game in GAMES.values():
        for option in game.options:
            key = f"opt.{game.id}.{option.name}"
            assert key in EN and key in FR, key
            values = [True, False] if option.kind == "bool" else list(option.choices or [])
            for value in values:
                word = {True: "true", False: "false"}.get(value, value)
                assert f"{key}.{word}" in EN and f"{key}.{word}" in FR, (key, value)
    assert "pick.peaky_blinders.gang" in EN and "pick.peaky_blinders.gang" in FR
