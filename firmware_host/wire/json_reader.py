"""JSON from outside (the page's messages, replay lines), read safely.

Python's ``json`` parses nested arrays and objects by recursion, so a line of a few
thousand ``[`` ends in ``RecursionError``, which no caller expects. ``read_json``
measures the nesting first, in one pass that skips over strings, and refuses what
is deeper than ``max_depth``; it refuses the non-standard constants ``NaN`` and
``Infinity`` too. Every refusal is a ``MalformedJsonError`` (also a ``ValueError``)
saying what is wrong, so a caller has one error to answer.
"""

from __future__ import annotations

import json
import re
from typing import Any

from engine.errors import KibanError

MAX_DEPTH = 32
"""Arrays and objects inside one another: more than any message of ours needs."""

_MARK = re.compile(r'["\[\]{}]')
"""Where a string or a bracket starts."""

_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
"""A whole string, skipped so that the brackets inside it do not count."""


class MalformedJsonError(KibanError, ValueError):
    """Text that is not JSON, or JSON nested deeper than the reader allows."""


def read_json(text: str | bytes, *, max_depth: int = MAX_DEPTH) -> Any:
    """The value of a JSON text; ``MalformedJsonError`` if it is not JSON, nests
    deeper than ``max_depth``, or uses ``NaN``/``Infinity``."""
    if isinstance(text, bytes | bytearray):
        try:
            text = bytes(text).decode(json.detect_encoding(text))
        except UnicodeDecodeError as error:
            raise MalformedJsonError(f"not text in a Unicode encoding: {error}") from None
    _check_depth(text, max_depth)
    try:
        return json.loads(text, parse_constant=_refuse_constant)
    except MalformedJsonError:
        raise
    except (ValueError, RecursionError) as error:
        raise MalformedJsonError(str(error)) from None


def _check_depth(text: str, max_depth: int) -> None:
    """One pass over the text, each character looked at once."""
    depth = 0
    position = 0
    while (found := _MARK.search(text, position)) is not None:
        mark, position = found.group(), found.end()
        if mark == '"':
            string = _STRING.match(text, found.start())
            if string is None:
                return  # a string that never ends: json says so, and where
            position = string.end()
        elif mark in ("[", "{"):
            depth += 1
            if depth > max_depth:
                raise MalformedJsonError(
                    f"nested deeper than {max_depth} levels (char {found.start()})"
                )
        else:
            depth -= 1


def _refuse_constant(name: str) -> Any:
    raise MalformedJsonError(f"{name} is not a JSON number")
