"""Policies that play a seat through the engine contract only (``legal_actions``, ``apply``,
``view``, ``outcome``): random play, a one-ply greedy player, and, later, the search the AI
seats build on. Each is a :class:`bot.rules.play.Policy` for :func:`bot.rules.play.play_out`."""

from bot.rules.ai.policies import GreedyPolicy, RandomPolicy, public_score

__all__ = ["GreedyPolicy", "RandomPolicy", "public_score"]
