"""Risk Transformers (issue 9): the rules' parts, pure and self-contained, for the engine to use.

Not registered yet (no ``GAME``): the board (:mod:`.board`), the components (:mod:`.data`),
the battle (:mod:`.battle`), the robots a turn brings (:mod:`.income`), the transforming
zones (:mod:`.zones`), the calendar, the Matrix and the scores (:mod:`.days`), the sides,
teams and setup (:mod:`.sides`). ``docs/transformers.md`` says what each reads of the
rulebook and what the map engine must grow before a ``MapGame`` edition can use them.
"""
