"""``python -m bot replay FILE [--out DIR]``: a game exported with ``/game export`` played
again through its engine, offline.

A full export (a game that is over) is replayed action by action from its seed: the tool
says whether every entry gave the public events the file recorded and whether the last
state equals the stored one, and with ``--out`` draws the board **after every turn**
(``turn-0001.png`` …, at most ``--max-pictures``, 100 by default) **and the final board**
(``final.png``). A running game's export holds no seed (see :mod:`bot.export`): it cannot be
replayed, and ``--out`` draws the one board it holds, as the channel saw it (``final.png``).

Exit codes: 0 the replay matches (or a public export was drawn); 1 the replay differs from
the file (a bug report); 2 the file cannot be read or today's rules refuse one of its moves.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from bot.export import Export, ExportError, canonical, load, replay
from bot.rules import GAMES, RuleError

MAX_PICTURES = 100


class ReplayFailed(Exception):
    """The file cannot be read, or today's rules refuse one of its moves (exit code 2)."""


def _draw(export: Export, view: dict[str, Any], path: Path) -> None:
    import renderers

    view = dict(view)
    view["labels"] = export.names
    view["lang"] = export.lang
    path.write_bytes(renderers.render(view))


def replay_file(path: Path, out: Path | None = None, echo: Callable[[str], None] = print,
                max_pictures: int = MAX_PICTURES, gif: Path | None = None, chart: Path | None = None) -> bool:
    """Replay the export at ``path`` (drawing into ``out``, and the game's story into ``gif``
    and ``chart``); True if it matches the file."""
    try:
        export = load(path.read_bytes())
    except OSError as err:
        raise ReplayFailed(f"cannot read {path}: {err.strerror or err}") from err
    except ExportError as err:
        raise ReplayFailed(f"{path}: {err}") from err
    engine = GAMES[export.game]
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
    echo(f"{engine.name}, {len(export.seats)} players, {len(export.log)} log entries, status {export.status}")
    if export.public_only and (gif is not None or chart is not None):
        raise ReplayFailed("a running game's public export holds no seed and no moves: its story cannot be drawn "
                           "(export the game again once it is over)")
    if export.public_only:
        echo("a running game's public export: no seed and no actions, so no replay (the board as exported)")
        if out is not None:
            _draw(export, export.view, out / "final.png")
            echo(f"1 picture written to {out}")
        return True
    pictures, ok, state, last = 0, True, None, 0
    try:
        for step in replay(export):
            state, last = step.state, step.seq
            if not step.events_match:
                ok = False
                echo(f"#{step.seq}: the replay's public events differ from the file's")
            if out is not None and step.new_turn and pictures < max_pictures:
                pictures += 1
                _draw(export, engine.view(state, None), out / f"turn-{pictures:04d}.png")
    except RuleError as err:
        raise ReplayFailed(f"today's rules refuse the entry after #{last}: {err}") from err
    if state is None:
        state = engine.setup(export.seats, export.options, export.seed or 0, export.picks)
    if export.state is not None and canonical(state) != canonical(export.state):
        ok = False
        echo("the replayed final state differs from the stored one")
    if canonical(engine.view(state, None)) != canonical(export.view):
        ok = False
        echo("the replayed board differs from the exported one")
    if out is not None:
        _draw(export, engine.view(state, None), out / "final.png")
        echo(f"{pictures + 1} pictures written to {out}")
    result = engine.outcome(state)
    if result is not None:
        echo(f"result: winners {', '.join(export.names.get(w, w) for w in result['winners']) or 'none'}")
    if gif is not None or chart is not None:
        from bot.story import write_story

        log = [(str(e["seat"]), e["action"]) for e in export.log]
        write_story(export.game, export.seats, export.options, export.seed or 0, log, export.picks, export.names,
                    export.lang, gif, chart, echo)
    echo("the replay matches the file" if ok else "the replay DIFFERS from the file")
    return ok
