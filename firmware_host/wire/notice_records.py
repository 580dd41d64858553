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

from engine.errors import KibanError
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


def notice_record(notice: Notice, *, every: bool = False) -> dict[str, Any] | None:
    """A notice as a JSON-ready dict (None for the ones a replay does not report, unless
    ``every``: the service's journal tells them too, the game started and the board set
    up, so that its reader knows the board is playing)."""
    if not every and not getattr(notice, "recorded", True):
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


class SaidRecordError(KibanError, ValueError):
    """A record that is not what ``said_record`` writes: it says what is wrong where."""


def said_from_record(record: object) -> Said:
    """The ``Said`` a record of ``said_record`` holds, exactly (its inverse): so that the
    page's edge tells in a page's language what the builders wrote once as a value.
    Anything else (a key too many or missing, a value of the wrong type) is refused."""
    fields_of = _keys(record, "a said record", {"msgid", "values"}, {"plural", "context"})
    msgid, values = fields_of["msgid"], fields_of["values"]
    plural, context = fields_of.get("plural"), fields_of.get("context")
    if not isinstance(msgid, str):
        raise SaidRecordError(f"a said record's msgid is text, not {msgid!r}")
    if not isinstance(values, dict) or not all(isinstance(name, str) for name in values):
        raise SaidRecordError(f"a said record's values are an object, not {values!r}")
    for name, text in (("plural", plural), ("context", context)):
        if name in fields_of and not isinstance(text, str):
            raise SaidRecordError(f"a said record's {name} is text, not {text!r}")
    filled = tuple((name, _value_from(value)) for name, value in values.items())
    return Said(msgid, filled, plural, context)


def _keys(record: object, what: str, needed: Set[str], optional: Set[str]) -> dict[str, Any]:
    """``record`` as an object with every ``needed`` key and no key but those and the
    ``optional`` ones."""
    if not isinstance(record, dict):
        raise SaidRecordError(f"{what} is an object, not {record!r}")
    keys = set(record)
    if not needed <= keys or not keys <= needed | optional:
        raise SaidRecordError(f"{what} has the keys {sorted(needed)}, not {sorted(keys)}")
    return record


_VALUE_KINDS = ("seat", "seats", "piece", "spot", "term", "either", "number")
"""The key that names what a typed value of a said record is (``_said_value``)."""


def _value_from(value: Any) -> Value:
    """One value of a said record, read back as ``_said_value`` wrote it."""
    if isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool)):
        return value
    if isinstance(value, dict) and "msgid" in value:
        return said_from_record(value)
    if not isinstance(value, dict):
        raise SaidRecordError(f"no said value is written {value!r}")
    kind = next((key for key in _VALUE_KINDS if key in value), None)
    match kind:
        case "seat":
            return _seat(value)
        case "seats":
            seats = _keys(value, "seats", {"seats", "joiner"}, set())
            return Seats(tuple(_seat(one) for one in _list(seats["seats"])), _text(seats["joiner"]))
        case "piece":
            piece = _keys(value, "a piece", {"piece", "article"}, set())
            return PieceWord(_text(piece["piece"]), _text(piece["article"]))
        case "spot":
            return SpotWord(_text(_keys(value, "a spot", {"spot"}, set())["spot"]))
        case "term":
            return Term(_text(_keys(value, "a term", {"term"}, set())["term"]))
        case "either":
            either = _keys(value, "a choice", {"either", "joiner"}, set())
            words = tuple(_value_from(word) for word in _list(either["either"]))
            return Either(words, _text(either["joiner"]))
        case "number":
            return CountWord(_count(_keys(value, "a number", {"number"}, set())["number"]))
    raise SaidRecordError(f"no said value is written {value!r}")


def _seat(value: Any) -> SeatWord:
    seat = _keys(value, "a seat", {"seat", "english"}, set())
    return SeatWord(_count(seat["seat"]), _text(seat["english"]))


def _text(value: Any) -> str:
    if not isinstance(value, str):
        raise SaidRecordError(f"text was expected, not {value!r}")
    return value


def _count(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise SaidRecordError(f"a whole number was expected, not {value!r}")
    return value


def _list(value: Any) -> list[Any]:
    if not isinstance(value, list):
        raise SaidRecordError(f"a list was expected, not {value!r}")
    return value


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
