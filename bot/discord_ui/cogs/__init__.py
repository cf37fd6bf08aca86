"""Slash command groups: ``/game`` for every game's life cycle, one group per game's moves."""
