"""The Discord adapter: the only package (with each game's ``commands`` module) that imports
discord. It wires the bot (:mod:`.app`), posts turns and handles clicks (:mod:`.ui`), and
holds the platform's slash commands (:mod:`.cogs`)."""
