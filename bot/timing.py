"""The clocks of asynchronous play, as plain arithmetic: no I/O, every time passed in.

A game at a table is played at the table's pace, chosen in the lobby beside the game's own
options (the *timing* options, the same for every game): how long a player has for a
decision of their turn (``turn_time``) and for one asked of them outside it, such as a
defender's (``reply_time``); when they are reminded; what happens when the time runs out
(``on_timeout``) and after how many missed turns in a row they leave the game
(``missed_turns``); whether a member's vacation pauses their clocks (``vacations``).

A :class:`Clock` is one seat's clock on its current decision: when it started, its
deadline, the times it reminds at, how many reminders went out. :func:`plan` says, after
an action, which clocks start, which go on and which stop. The scheduler
(:mod:`bot.scheduler`) is the one place that reads the real time.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

HOUR = 3600.0

# Choices as a member reads them in the lobby; the value is how long, in seconds (None: no clock).
TURN_TIMES: dict[str, float | None] = {"1h": HOUR, "6h": 6 * HOUR, "12h": 12 * HOUR, "24h": 24 * HOUR,
                                       "48h": 48 * HOUR, "72h": 72 * HOUR, "none": None}
REPLY_TIMES: dict[str, float | None] = {"15m": HOUR / 4, "1h": HOUR, "6h": 6 * HOUR, "12h": 12 * HOUR,
                                        "24h": 24 * HOUR, "none": None}
# When to remind: "half" is halfway through the clock, a number is seconds before the deadline.
REMINDERS: dict[str, tuple[str | float, ...]] = {"halfway+1h": ("half", HOUR), "halfway": ("half",),
                                                 "1h": (HOUR,), "none": ()}
ON_TIMEOUT = ("skip", "kick", "ai")  # ai: the AI takes the silent seat over (``/game return`` gives it back)
MISSED_TURNS = ("2", "3", "5")
VACATIONS = ("honoured", "ignored")

DEFAULT_TURN_TIME = "24h"
DEFAULT_REPLY_TIME = "1h"
DEFAULT_VACATION_DAYS = 21  # per member and calendar year
MAX_VACATION_DAYS = 14  # in one go


@dataclass(frozen=True)
class TimingOption:
    name: str
    default: str
    choices: tuple[str, ...]


OPTIONS: tuple[TimingOption, ...] = (
    TimingOption("turn_time", DEFAULT_TURN_TIME, tuple(TURN_TIMES)),
    TimingOption("reply_time", DEFAULT_REPLY_TIME, tuple(REPLY_TIMES)),
    TimingOption("reminders", "halfway+1h", tuple(REMINDERS)),
    TimingOption("on_timeout", "skip", ON_TIMEOUT),
    TimingOption("missed_turns", "3", MISSED_TURNS),
    TimingOption("vacations", "honoured", VACATIONS),
)
BY_NAME = {o.name: o for o in OPTIONS}


class BadTiming(ValueError):
    """A timing option that does not exist or a value it does not offer."""

    def __init__(self, option: str, choices: tuple[str, ...] = ()) -> None:
        super().__init__(option)
        self.option = option
        self.choices = choices


def defaults(turn_time: str | None = None, reply_time: str | None = None) -> dict[str, str]:
    """Every timing option at its default (the server's clock defaults when it set them)."""
    out = {o.name: o.default for o in OPTIONS}
    if turn_time in TURN_TIMES:
        out["turn_time"] = turn_time  # type: ignore[assignment]
    if reply_time in REPLY_TIMES:
        out["reply_time"] = reply_time  # type: ignore[assignment]
    return out


def validate(timing: dict[str, Any]) -> dict[str, str]:
    """``timing`` checked option by option, missing ones at their default (``BadTiming``)."""
    out = defaults()
    if not isinstance(timing, dict):
        raise BadTiming("?")
    for key, value in timing.items():
        option = BY_NAME.get(key) if isinstance(key, str) else None
        if option is None:
            raise BadTiming(str(key)[:40])
        if not isinstance(value, str) or value not in option.choices:
            raise BadTiming(option.name, option.choices)
        out[key] = value
    return out


def missed_limit(timing: dict[str, str]) -> int:
    """How many timeouts in a row end a player's part (``on_timeout: kick`` is one)."""
    if timing.get("on_timeout") == "kick":
        return 1
    return int(timing.get("missed_turns", "3"))


@dataclass(frozen=True)
class Clock:
    """One seat's clock on the decision that is theirs now."""

    seat: str
    started: float
    deadline: float
    reminders: tuple[float, ...] = ()  # when to remind, in order, each before the deadline
    sent: int = 0  # reminders already sent
    off_turn: bool = False  # a decision asked outside the seat's turn (a defender's)
    paused_until: float | None = None  # moved on by the member's vacation, which ends then

    @property
    def due(self) -> float:
        """When the scheduler must next look at this clock."""
        return self.reminders[self.sent] if self.sent < len(self.reminders) else self.deadline

    @property
    def reminder_due(self) -> bool:
        """Whether what falls due next is a reminder (else the deadline)."""
        return self.sent < len(self.reminders)


def new_clock(seat: str, now: float, timing: dict[str, str], off_turn: bool = False,
              vacation_until: float | None = None) -> Clock | None:
    """The clock of a decision that becomes ``seat``'s at ``now`` (None: the table plays
    without one). During a vacation the table honours, the clock starts when it ends."""
    seconds = (REPLY_TIMES if off_turn else TURN_TIMES).get(
        timing.get("reply_time" if off_turn else "turn_time", ""), None)
    if seconds is None:
        return None
    start, paused = now, None
    if vacation_until is not None and vacation_until > now and timing.get("vacations", "honoured") == "honoured":
        start, paused = vacation_until, vacation_until
    deadline = start + seconds
    times = set()
    for spec in REMINDERS.get(timing.get("reminders", ""), ()):
        at = start + seconds / 2 if spec == "half" else deadline - float(spec)
        if start < at < deadline:
            times.add(at)
    return Clock(seat, start, deadline, tuple(sorted(times)), 0, off_turn, paused)


def plan(before: list[str], after: list[str], current: str | None, new_turn: bool, finished: bool,
         clocks: dict[str, Clock], now: float, timing: dict[str, str],
         vacations: dict[str, float] | None = None) -> dict[str, Clock | None]:
    """The clocks an action changes: a seat that no longer has a decision loses its clock
    (``None``); a seat a decision has just fallen to gets a new one (a new turn restarts the
    clock of the player whose turn it is); the others go on as they were (left out).

    ``before``/``after``: the seats to act before and after the action; ``current``: whose
    turn it is after it; ``clocks``: the running ones; ``vacations``: members away until when."""
    vacations = vacations or {}
    changes: dict[str, Clock | None] = {}
    if finished:
        return {seat: None for seat in clocks}
    waiting = set(after)
    for seat in clocks:
        if seat not in waiting:
            changes[seat] = None
    for seat in after:
        off_turn = seat != current
        running = clocks.get(seat)
        restart = running is None or seat not in before or (new_turn and not off_turn) or running.off_turn != off_turn
        if restart:
            changes[seat] = new_clock(seat, now, timing, off_turn, vacations.get(seat))
    return changes


def pause(clock: Clock, now: float, until: float) -> Clock:
    """``clock`` paused from ``now`` to ``until`` (a vacation): what was still to come moves
    on by the length of the pause. A clock already paused to a later time is left alone."""
    if until <= now or (clock.paused_until is not None and clock.paused_until >= until):
        return clock
    if clock.paused_until is not None and clock.paused_until > now:
        clock = resume(clock, now)
    gap = until - now
    reminders = tuple(t + gap if i >= clock.sent else t for i, t in enumerate(clock.reminders))
    return replace(clock, deadline=clock.deadline + gap, reminders=reminders, paused_until=until)


def resume(clock: Clock, now: float) -> Clock:
    """``clock`` when the vacation that paused it ends early, at ``now``: what was moved on
    comes back by the part of the pause not taken."""
    if clock.paused_until is None or clock.paused_until <= now:
        return replace(clock, paused_until=None)
    back = clock.paused_until - now
    reminders = tuple(t - back if i >= clock.sent else t for i, t in enumerate(clock.reminders))
    return replace(clock, deadline=clock.deadline - back, reminders=reminders, paused_until=None)


def _ms(t: float | None) -> float | None:
    return None if t is None else round(t, 3)


def to_row(clock: Clock) -> dict[str, Any]:
    """The clock as stored: times to the millisecond (what reads back exactly)."""
    return {"seat": clock.seat, "started": _ms(clock.started), "deadline": _ms(clock.deadline),
            "reminders": [_ms(t) for t in clock.reminders], "sent": clock.sent, "off_turn": clock.off_turn,
            "paused_until": _ms(clock.paused_until), "due": _ms(clock.due)}


def from_row(row: dict[str, Any]) -> Clock:
    return Clock(row["seat"], float(row["started"]), float(row["deadline"]),
                 tuple(float(t) for t in row.get("reminders") or ()), int(row.get("sent") or 0),
                 bool(row.get("off_turn")), row.get("paused_until"))
