"""``kiban replay``: a stream of sensor and button events through the real scanner
debouncer, recognizer and controller, on simulated time.

Each input line is a JSON object with ``t`` (simulated seconds from the start,
the pieces of the start or given position being in place) and one of:
``"spot"`` + ``"reading"`` (that sensor reads so from then on), or an action of
the session's vocabulary (``session/actions.py``) as the web page sends it
(``"type": "resign"``, ``"type": "guide", "move": "2c2b"``). Short forms kept
from the first replay files: ``"button"`` (press it), ``"select"`` (a prompt
choice), ``"guide"`` (a move to play) and ``"command"`` (any action without
parameters: resign, draw, takeback, roll, unguide, a claim). Each output line
is one JSON object for each committed move, prompt, takeback, illegal or
off-guide move, correction, end of game and error.

Times are checked before the board is touched: ``t`` is a finite number of
seconds, never before the previous event's and at most ``MAX_GAP`` (a day) after
it. A line that cannot be read, or whose event is refused, is an ``error`` record
naming the line; ``ReplayTally`` counts them, and ``kiban replay`` exits 1 when
there was any.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from engine.said import N_, Term, said
from firmware_host.loops.sim_time import SimulatedTimeError
from firmware_host.loops.simulator import Simulation
from firmware_host.notices.declared import (
    Notice,
    Refused,
)
from firmware_host.session.actions import (
    Action,
    Press,
    is_game_action,
)
from firmware_host.wire.actions import (
    ActionError,
    from_wire,
)
from firmware_host.wire.json_reader import read_json
from firmware_host.wire.notice_records import notice_record

SHORT_FORMS = {
    "button": ("press", "button"),
    "select": ("select", "choice"),
    "guide": ("guide", "move"),
}
"""A replay key that names an action and its one parameter: ``{"button": "ok"}``."""

MAX_GAP = 24 * 3600.0
"""The longest an event may come after the one before it: a day of simulated time."""


@dataclass
class ReplayTally:
    """How many events a replay read, and the lines it refused or could not read."""

    events: int = 0
    refused: set[int] = field(default_factory=set)

    def summary(self) -> str:
        lines = sorted(self.refused)
        shown = ", ".join(str(line) for line in lines[:10]) + (", ..." if len(lines) > 10 else "")
        return (
            f"{len(lines)} of {self.events} events were refused or unreadable "
            f"(line{'s' if len(lines) > 1 else ''} {shown})"
        )


def replay(
    sim: Simulation, lines: Iterable[str], tally: ReplayTally | None = None
) -> Iterator[dict[str, Any]]:
    """Feed event lines to a simulation; yields the output records in order and
    counts the events and refusals in ``tally``."""
    tally = tally if tally is not None else ReplayTally()
    sim.notices.clear()
    previous = 0.0
    for number, line in enumerate(lines, start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        tally.events += 1
        try:
            event = read_json(line)
            if not isinstance(event, dict):
                raise ValueError("an event is a JSON object")
            at = _time(event)
        except (ValueError, TypeError) as error:
            tally.refused.add(number)
            yield {"line": number, "event": "error", "message": f"unreadable event: {error}"}
            continue
        problem = _out_of_time(at, previous, sim.now)
        if problem is not None:
            tally.refused.add(number)
            yield {"line": number, "event": "error", "message": problem}
            continue
        try:
            notices = sim.advance_to(at)
        except SimulatedTimeError as error:
            tally.refused.add(number)
            yield {"line": number, "event": "error", "message": str(error)}
            continue
        previous = at
        notices += _apply(sim, event, at)
        yield from _records(notices, number, tally)
    # Let the last move settle and be judged.
    timing = sim.controller.timing
    yield from _records(sim.settle(timing.grace + timing.settle + 0.5), None, tally)


def _time(event: dict[str, Any]) -> float:
    """The ``t`` of an event: a finite number of seconds (raises ValueError)."""
    if "t" not in event:
        raise ValueError(
            'the event has no "t": give the seconds since the start, e.g. {"t": 1.5, ...}'
        )
    value = event["t"]
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        raise ValueError(f"t must be a number of seconds, not {value!r}")
    try:
        at = float(value)
    except OverflowError:
        at = math.inf
    except ValueError:
        raise ValueError(f"t must be a number of seconds, not {value!r}") from None
    if not math.isfinite(at):
        raise ValueError(f"t must be a finite number of seconds, not {value!r}")
    return at


def _out_of_time(at: float, previous: float, now: float) -> str | None:
    """Why an event cannot happen at ``at`` after one at ``previous``, or None."""
    if at < now - 1e-9:
        return f"t={at} goes back in time"
    if at - previous > MAX_GAP:
        return (
            f"t={at} is more than a day ({MAX_GAP:g} s) after the previous event "
            f"(t={previous}); a replay keeps its events closer"
        )
    return None


def _records(
    notices: list[Notice], line: int | None, tally: ReplayTally
) -> Iterator[dict[str, Any]]:
    for notice in notices:
        record = notice_record(notice)
        if record is not None:
            if line is not None and record["event"] == "error":
                record["line"] = line
                tally.refused.add(line)
            yield record


def _apply(sim: Simulation, event: dict[str, Any], at: float) -> list[Notice]:
    """Carry out one input event; what it cannot do comes back as a refusal."""
    if "spot" in event and "type" not in event:
        spot, reading = event["spot"], event.get("reading")
        if spot not in sim.game.spots:
            alien = N_("{spot} is not a spot of {game}")
            return [Refused(said(alien, spot=repr(spot), game=Term(sim.game.title)), at)]
        if not isinstance(reading, int) or isinstance(reading, bool) or not 0 <= reading <= 2:
            wrong = "reading of {spot} must be 0, 1 or 2, not {reading}"  # the replay's English
            return [Refused(said(wrong, spot=spot, reading=repr(reading)), at)]
        sim.world.force(spot, reading)
        return []
    try:
        action = _action(event, [claim.name for claim in sim.controller.claims])
    except ActionError as error:
        return [Refused(error.said, at)]
    if action is None:
        needs = "an event needs spot+reading, type, button, select, guide or command"
        return [Refused(said(needs), at)]
    if not is_game_action(action):
        feeds = "a replay feeds the board and its controls, not {action}"
        return [Refused(said(feeds, action=repr(action.wire)), at)]
    if isinstance(action, Press):
        if not sim.hardware.has_button(action.button):
            no_button = "this board has no {button} button"
            return [Refused(said(no_button, button=action.button.value), at)]
        return sim.press(action.button)
    return sim.send(action)


def _action(event: dict[str, Any], claims: list[str]) -> Action | None:
    """The action a line names (``claims``: the game's, each also an action), or None
    when it names none."""
    if "type" in event:
        body = {k: v for k, v in event.items() if k not in ("t", "type")}
        return from_wire(str(event["type"]), body, claims=claims)
    if "command" in event:
        return from_wire(str(event["command"]), {}, claims=claims)
    for key, (name, parameter) in SHORT_FORMS.items():
        if key in event:
            value = event[key]
            text = str(value).lower() if key == "button" else str(value)
            return from_wire(name, {parameter: text})
    return None
