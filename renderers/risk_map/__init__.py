"""The shared renderer of the Risk family's territory maps: the static layer built once
(:mod:`.static`), the panels (:mod:`.panels`), badges and icons (:mod:`.kit`), the canvas
each turn paints (:mod:`.canvas`) and the map's words (:mod:`.words`).

It knows no edition: what an edition adds (a route, marks on badges, a panel, its words,
its factions' colours and symbols) it plugs in as a :class:`.decoration.Decoration`, and
its own module (``renderers/<game>/``) exposes the renderer protocol."""
