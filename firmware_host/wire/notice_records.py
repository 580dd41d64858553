"""Notices as JSON records: one line each for logs, replays and the web page.

The same records come out of ``kiban replay``, the service's log and the page's
``notice`` messages, so a game reads the same whichever way it was watched. One set
of rules writes every notice from its declaration (notices/declared.py): ``t`` and
its ``event`` (the class's ``wire`` name) first, then each field but the time under
its wire name, an enum by its name in lower case, a tuple or a set as a list.
"""

from __future__ import annotations

from collections.abc import Set
from dataclasses import fields
from enum import Enum
from typing import Any

from engine.outcome import Outcome
from firmware_host.notices.declared import Notice


def notice_record(notice: Notice) -> dict[str, Any] | None:
    """A notice as a JSON-ready dict (None for the ones a replay does not report)."""
    if not getattr(notice, "recorded", True):
        return None
    record: dict[str, Any] = {"t": round(notice.at, 3), "event": notice.wire}
    for declared in fields(notice):
        if declared.name == "at":
            continue
        value = getattr(notice, declared.name)
        spread: tuple[str, ...] = declared.metadata.get("spread", ())
        if spread:
            record |= {name: wire_value(getattr(value, name)) for name in spread}
        elif value or not declared.metadata.get("omit_empty", False):
            record[declared.metadata.get("wire") or declared.name] = wire_value(value)
    return record


def wire_value(value: object) -> Any:
    """One value as JSON takes it: an enum by its name in lower case, a tuple as a
    list, a set as a sorted list; numbers, text, booleans and None as they are."""
    match value:
        case Enum():
            return value.name.lower()
        case tuple() | list():
            return [wire_value(item) for item in value]
        case Set():
            return sorted(wire_value(item) for item in value)
        case None | bool() | int() | float() | str():
            return value
    raise TypeError(f"no wire form for {type(value).__name__}: {value!r}")


def outcome_record(outcome: Outcome) -> dict[str, Any]:
    return {"termination": wire_value(outcome.termination), "winners": wire_value(outcome.winners)}
