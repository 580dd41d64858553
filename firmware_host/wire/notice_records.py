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
from engine.said import (
    CountWord,
    Either,
    PieceWord,
    Said,
    Seats,
    SeatWord,
    SpotWord,
    Term,
    Value,
)
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
        name = declared.metadata.get("wire") or declared.name
        if spread:
            record |= {name: wire_value(getattr(value, name)) for name in spread}
        elif isinstance(value, Said):
            record[name] = str(value)  # the English, as the log and a replay read it
            record[f"{name}_said"] = said_record(value)
        elif value or not declared.metadata.get("omit_empty", False):
            record[name] = wire_value(value)
    return record


def said_record(said: Said) -> dict[str, Any]:
    """What is said as JSON: its msgid and each value typed by what it is (a seat by
    its index, a piece by the game's English word, a word of Kiban's by its msgid, a
    nested message, a move by its words in each language), so that whoever reads it
    tells it in its own language; a game's own phrase, its context too)."""
    record = {"msgid": said.msgid, "values": {name: _said_value(v) for name, v in said.values}}
    if said.plural is not None:
        record["plural"] = said.plural  # words about a count: its ``count`` picks the form
    if said.context is not None:
        record["context"] = said.context  # the game's own words (its moves'), in its catalogue
    return record


def _said_value(value: Value) -> Any:
    match value:
        case Said():
            return said_record(value)
        case SeatWord(index, english):
            return {"seat": index, "english": english}
        case Seats(seats, joiner):
            return {"seats": [_said_value(seat) for seat in seats], "joiner": joiner}
        case PieceWord(english, article):
            return {"piece": english, "article": article}
        case SpotWord(spot):
            return {"spot": spot}
        case Term(msgid):
            return {"term": msgid}
        case Either(words, joiner):
            return {"either": [_said_value(word) for word in words], "joiner": joiner}
        case CountWord(count):
            return {"number": count}
        case str() | int():
            return value
    raise TypeError(f"no wire form for {value!r}")  # pragma: no cover - every Value is above


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
