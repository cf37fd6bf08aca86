"""Zombie Town with Zombie Town 2: Road Rage. The engine is in :mod:`.game`; unregistered
until it is complete (renderer, words and commands come next)."""

from bot.rules.zombie_town.game import ZombieTown

GAME = ZombieTown()

__all__ = ["GAME", "ZombieTown"]
