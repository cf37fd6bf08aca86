"""The Discord adapter: the only package (with each game's ``commands`` module) that imports
discord. :mod:`.app` wires the bot; :mod:`.messages` posts a turn (the one path);
:mod:`.buttons` and :mod:`.lobby` hold the buttons and menus with their click handlers;
:mod:`.errors`, :mod:`.pictures`, :mod:`.members` and :mod:`.limits` what they say;
:mod:`.cogs` the platform's slash commands; :mod:`.translator` their French names."""
