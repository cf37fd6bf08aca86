"""Risk: The Walking Dead (issue 8), groundwork: the board and the edition's pure rules.

Not registered yet (no ``GAME``): the engine, a ``MapGame`` edition, comes once the shared map
engine has grown what ``docs/walking_dead.md`` asks of it (the walkers, a faction that is not
a seat; a defender who decides during someone else's turn). Until then these modules are
pure parts it will call: ``board`` (the checked map), ``setup`` and ``opening`` (a mode's
opening), ``deck`` (the action deck), ``invasion`` (the track and the walkers' spawns),
``walkers`` (battles against walkers), ``crates`` (ammunition), ``actions`` (the action cards'
data, turn rules and objectives), ``effects`` (the automatic steps on a board), ``rounds``,
``scoring``, ``odds`` (exact, turning included) and ``conquest`` (the Conquest mode's own
rules and the group leaders' powers).
"""
