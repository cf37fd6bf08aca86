"""The Risk family's shared territory-map engine.

The Risk editions play on one engine: a board loaded and
validated from data (``board``), dice battles with modifiers (``battle``), territory cards and
trade tables (``cards``), and a base game class holding the common turn (``game``) that each
edition subclasses, overriding only what differs (the shape of python-chess's ``variant.py``).
"""
