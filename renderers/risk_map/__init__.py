"""The shared renderer of the Risk family's territory maps: the static layer built once
(:mod:`.static`), the panels (:mod:`.panels`), badges and icons (:mod:`.kit`), and the canvas
each turn paints (:mod:`.canvas`)."""
