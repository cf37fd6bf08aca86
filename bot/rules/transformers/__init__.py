"""Risk Transformers (issue 9) on the shared map engine (:mod:`bot.rules.risk_map`).

The engine is :mod:`.game` (``Transformers``, a ``MapGame`` edition) with its parts
:mod:`.fight` (phase 3) and :mod:`.phases` (phases 1, 2 and 4, the legal forms), its
refusals in :mod:`.messages` and its view in :mod:`.view`; the pure rules it uses: the board
(:mod:`.board`), the components (:mod:`.data`), the battle (:mod:`.battle`), the income
(:mod:`.income`), the transforming zones (:mod:`.zones`), the leaders (:mod:`.leaders`), the
sides (:mod:`.sides`), the calendar (:mod:`.days`) and the setup (:mod:`.setup`).
``docs/transformers.md`` says what each reads of the rulebook. Not registered yet (no
presenter or Discord commands): ``bot.rules.__init__`` does not list it.
"""

from bot.rules.transformers.game import Transformers

GAME = Transformers()

__all__ = ["GAME", "Transformers"]
