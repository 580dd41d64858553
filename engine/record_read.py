"""Reading back the plain-text records ``write_plain_text`` writes, for every game.

Headers in brackets name the game, its options and its start; numbered lines hold
the moves. A move's text may hold spaces (``roll 3``, ``refill 3w``), so the moves of
a line are read against the position they are played on: at each point the longest
run of words that is a legal move there. Every move is replayed through the rules,
so a record that reads is a game that can be played; what cannot be read is named
by its line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from engine.errors import GameOverError, NotationError
from engine.game import Game, Position
from engine.options import Options
from engine.record import OTHER_HEADER, RecordInfo

_QUOTED = r'"((?:[^"\\]|\\.)*)"'
_HEADER = re.compile(rf"^\[(\w+)\s+{_QUOTED}(?:\s+{_QUOTED})?\]\s*$")
"""``[Name "value"]``; a record's other header takes two, ``[Header "場所" "東京"]``."""
_MOVES = re.compile(r"^(\d+)\.\s*(.*)$")
MAX_WORDS = 4
"""The most words one move's text takes (``roll 3`` takes two)."""


@dataclass(frozen=True, slots=True)
class PlainRecord:
    """A plain-text record read and replayed: the game, the position it started from,
    the moves in the game's notation."""

    game: str
    options: Options
    start: str
    standard_start: bool
    moves: tuple[str, ...]
    info: RecordInfo = field(default_factory=RecordInfo)


def _unquote(text: str) -> str:
    return re.sub(r"\\(.)", r"\1", text)


def read_headers(text: str) -> dict[str, str]:
    """The bracketed headers at the top of a plain-text record (its other headers,
    ``[Header "name" "value"]``, apart: ``other_headers``)."""
    return {name: values[0] for name, values in _header_lines(text) if name != OTHER_HEADER}


def other_headers(text: str) -> tuple[tuple[str, str], ...]:
    """The record's other headers, ``(name, value)`` in their order."""
    return tuple(
        (values[0], values[1]) for name, values in _header_lines(text) if name == OTHER_HEADER
    )


def _header_lines(text: str) -> list[tuple[str, tuple[str, ...]]]:
    """Each header line's name and quoted values, checked: an other header has two, any
    other one."""
    lines = []
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if not stripped.startswith("["):
            break
        found = _HEADER.match(stripped)
        two = found is not None and found.group(3) is not None
        if found is None or two != (found.group(1) == OTHER_HEADER):
            raise NotationError(
                f'line {number}: a header must read [Name "value"] (or [{OTHER_HEADER}'
                f' "name" "value"]): {line!r}'
            )
        values = (found.group(2), *((found.group(3),) if two else ()))
        lines.append((found.group(1), tuple(_unquote(value) for value in values)))
    return lines


def read_plain_text(text: str, game: Game[Any]) -> PlainRecord:
    """The record of ``game`` in ``text``; NotationError naming the line of what
    cannot be read or played."""
    headers = read_headers(text)
    named = headers.get("Kiban")
    if named is not None and named != game.name:
        raise NotationError(f"the Kiban header: this is a record of {named}, not of {game.name}")
    options = game.options(_options(headers.get("Options", "")))
    start_text = headers.get("Start")
    try:
        position = game.position(start_text, options)
    except (NotationError, ValueError) as error:
        raise NotationError(f"the Start header: {error}") from None
    start = position.text()
    moves: list[str] = []
    lines = text.splitlines()
    results = _results(headers)
    heading = next(
        (i for i, line in enumerate(lines) if not line.strip().startswith("[")), len(lines)
    )
    for number, line in enumerate(lines[heading:], start=heading + 1):
        found = _MOVES.match(line.strip())
        if found is None:
            if line.strip() and line.strip() not in results:
                raise NotationError(
                    f"line {number}: {shortened(line.strip())} is neither a numbered line"
                    " of moves nor the result"
                )
            continue
        words = found.group(2).split()
        while words:
            taken = _take(position, words, number)
            moves.append(" ".join(words[:taken]))
            del words[:taken]
    return PlainRecord(
        game.name,
        options,
        start,
        start == game.position(None, options).text(),
        tuple(moves),
        _info(headers, len(game.seats), other_headers(text)),
    )


def _info(headers: dict[str, str], seats: int, others: tuple[tuple[str, str], ...]) -> RecordInfo:
    """What the headers say of the game beside its moves (``record.facts``), and the
    record's other headers (``OTHER_HEADER``)."""
    players = tuple(headers.get(f"Player{seat + 1}", "") for seat in range(seats))
    return RecordInfo(
        players=players if any(players) else (),
        event=headers.get("Event", ""),
        started=headers.get("Date"),
        time_control=headers.get("TimeControl", ""),
        headers=others,
    )


def _results(headers: dict[str, str]) -> frozenset[str]:
    """The lines a record may hold besides headers and moves: its result, as the Result
    header gives it, or as results are usually written."""
    return frozenset({"*", "1-0", "0-1", "1/2-1/2", headers.get("Result", "*")})


def quoted(text: str) -> str:
    """A piece of a file quoted in an error as the file has it: a full-width space or
    letter shown as itself (``'同　歩'``, where ``repr`` writes ``'同\\u3000歩'``), only a
    control character escaped."""
    shown = "".join(
        char if char.isprintable() or char == "\u3000" else repr(char)[1:-1] for char in text
    )
    return f"'{shown}'"


def shortened(text: str, most: int = 40) -> str:
    """A line of a file quoted in an error (``quoted``): its start when it is long."""
    return quoted(text) if len(text) <= most else quoted(text[:most]) + "..."


def _options(text: str) -> dict[str, str]:
    pairs = {}
    for word in text.split():
        key, sep, value = word.partition("=")
        if not sep:
            raise NotationError(f"the Options header: {word!r} is not NAME=VALUE")
        pairs[key] = value
    return pairs


def _take(position: Position[Any], words: list[str], number: int) -> int:
    """Play the longest run of ``words`` that is a legal move; how many words it took."""
    first_error: Exception | None = None
    for count in range(min(MAX_WORDS, len(words)), 0, -1):
        try:
            position.push_text(" ".join(words[:count]))
        except (ValueError, GameOverError) as error:  # NotationError, IllegalMoveError
            first_error = error if count == 1 else first_error
            continue
        return count
    raise NotationError(
        f"line {number}: {words[0]!r} cannot be played after move {len(position.move_stack)}:"
        f" {first_error}"
    )
