"""The Risk family's shared territory-map engine.

The Risk editions play on one engine: a board loaded and validated from data (``board``),
dice battles with modifiers (``battle``, exact odds in ``odds``), territory cards and trade
tables (``cards``), and a base game class holding the common turn (``game``) that each
edition subclasses, overriding only what differs (the shape of python-chess's
``variant.py``). The class is in parts named for what they hold: ``attack`` (declare, roll,
conquer, eliminate), ``moderation`` (skip, kick, timeout and the default action),
``defence`` (standing orders), ``messages`` (the refusals). It knows no edition: an edition
passes its rulebook's counts, names and extras in.
"""
