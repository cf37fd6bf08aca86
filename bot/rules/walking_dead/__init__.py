"""Risk: The Walking Dead (issue 8): the engine, a ``MapGame`` edition (:mod:`.game`), and its
pure parts: ``board`` (the checked map), ``setup`` and ``opening`` (a mode's opening),
``claims`` (the opening's claims), ``deck`` (the action deck), ``invasion`` (the track and the
walkers' spawns), ``walkers`` (battles against walkers), ``fight`` (a roll's modifiers on the
map engine), ``crates`` (ammunition), ``actions`` (the action cards' data, turn rules and
objectives), ``effects`` (the automatic steps on a board), ``turn`` and ``rounds`` (a turn, the
rounds, the end), ``scoring``, ``odds`` (exact, turning included), ``orders`` (standing defence
orders), ``conquest`` (the Conquest mode's own rules and the group leaders' powers) and ``view``.

Not registered yet (no presenter or Discord commands): ``GAME`` is the engine the registry's
line will name.
"""

from bot.rules.walking_dead.game import WalkingDead

GAME = WalkingDead()

__all__ = ["GAME", "WalkingDead"]
