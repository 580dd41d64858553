"""``kiban replay``: a stream of sensor and button events through the real scanner
debouncer, recognizer and controller, on simulated time.

Each input line is a JSON object with ``t`` (simulated seconds from the start,
the pieces of the start or given position being in place) and one of:
``"spot"`` + ``"reading"`` (that sensor reads so from then on), ``"button"``,
``"select"`` (a prompt choice), ``"command"`` (resign, draw, takeback) or
``"guide"`` (a move to play). Each output line is one JSON object for each
committed move, prompt, takeback, illegal or off-guide move, correction, end of
game and error.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import Any

from drivers.buttons import ButtonRole
from firmware_host.boards.simulator import Simulation
from firmware_host.session.events import (
    AgreeDraw,
    Chosen,
    Event,
    ImpasseAgreed,
    Notice,
    PlayGuide,
    Refused,
    Resign,
    RollDice,
    TakeBack,
    WinDeclared,
)
from firmware_host.session.notices import notice_record

COMMANDS = {
    "resign": Resign,
    "draw": AgreeDraw,
    "takeback": TakeBack,
    "roll": RollDice,
    "impasse": ImpasseAgreed,
    "declare": WinDeclared,
}


def replay(sim: Simulation, lines: Iterable[str]) -> Iterator[dict[str, Any]]:
    """Feed event lines to a simulation; yields the output records in order."""
    sim.notices.clear()
    for number, line in enumerate(lines, start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        try:
            event = json.loads(line)
            if not isinstance(event, dict):
                raise ValueError("an event is a JSON object")
            at = float(event["t"])
        except (ValueError, KeyError, TypeError) as error:
            yield {"line": number, "event": "error", "message": f"unreadable event: {error}"}
            continue
        if at < sim.now - 1e-9:
            yield {"line": number, "event": "error", "message": f"t={at} goes back in time"}
            continue
        notices = sim.advance_to(at)
        notices += _apply(sim, event, at)
        yield from _records(notices, number)
    # Let the last move settle and be judged.
    timing = sim.controller.timing
    yield from _records(sim.settle(timing.grace + timing.settle + 0.5), None)


def _records(notices: list[Notice], line: int | None) -> Iterator[dict[str, Any]]:
    for notice in notices:
        record = notice_record(notice)
        if record is not None:
            if line is not None and record["event"] == "error":
                record["line"] = line
            yield record


def _apply(sim: Simulation, event: dict[str, Any], at: float) -> list[Notice]:
    """Carry out one input event; what it cannot do comes back as a refusal."""
    if "spot" in event:
        spot, reading = event["spot"], event.get("reading")
        if spot not in sim.game.spots:
            return [Refused(f"{spot!r} is not a spot of {sim.game.name}", at)]
        if not isinstance(reading, int) or isinstance(reading, bool) or not 0 <= reading <= 2:
            return [Refused(f"reading of {spot} must be 0, 1 or 2, not {reading!r}", at)]
        sim.world.force(spot, reading)
        return []
    if "button" in event:
        try:
            role = ButtonRole(str(event["button"]).lower())
        except ValueError:
            return [Refused(f"no button called {event['button']!r}", at)]
        if not sim.hardware.has_button(role):
            return [Refused(f"this board has no {role.value} button", at)]
        return sim.press(role)
    command: Event
    if "select" in event:
        command = Chosen(str(event["select"]), at)
    elif "guide" in event:
        command = PlayGuide(str(event["guide"]), at)
    elif "command" in event:
        kind = COMMANDS.get(str(event["command"]))
        if kind is None:
            names = ", ".join(COMMANDS)
            return [Refused(f"unknown command {event['command']!r} (commands: {names})", at)]
        command = kind(at)
    else:
        return [Refused("an event needs spot+reading, button, select, guide or command", at)]
    return sim.send(command)
