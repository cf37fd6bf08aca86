"""Risk Peaky Blinders on the shared map engine (:mod:`bot.rules.risk_map`): the engine is in
:mod:`.game` with its parts :mod:`.powers` (power cards) and :mod:`.crown` (the British
Crown), its refusals in :mod:`.messages`, the board's and decks' data in :mod:`.data`, the
typed view in :mod:`.view`."""

from bot.rules.peaky_blinders.game import PeakyBlinders

GAME = PeakyBlinders()

__all__ = ["GAME", "PeakyBlinders"]
