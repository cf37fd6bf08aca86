"""The story of a game in pictures (issue "The story of a game"): the chart of who led when
(:mod:`.chart`) and the animated replay of the board (:mod:`.animation`). Pure: the boards
come in as the renderers drew them, the words already in the game's language."""

from renderers.story.animation import MAX_BYTES, animate
from renderers.story.chart import Words, chart_png

__all__ = ["MAX_BYTES", "Words", "animate", "chart_png"]
