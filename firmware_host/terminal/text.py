"""Lines that fit the terminal: text wrapped at its width, counted in the characters
one sees (colour codes take no room), never cut."""

from __future__ import annotations

import re
import textwrap
import unicodedata
from collections.abc import Sequence

WIDTH = 80
"""The width when the terminal's own is not known (a pipe, a test)."""

_ESCAPES = re.compile(r"\x1b\[[0-9;]*m")


def visible(text: str) -> str:
    """``text`` as it shows: without its colour codes."""
    return _ESCAPES.sub("", text)


def columns(text: str) -> int:
    """How many columns ``text`` takes on a terminal: a wide character (kana, kanji)
    takes two."""
    return sum(2 if unicodedata.east_asian_width(char) in "WF" else 1 for char in text)


def _wrap_wide(text: str, width: int, indent: str, hanging: str) -> list[str]:
    """``text`` with wide characters in lines of at most ``width`` columns: broken at
    a space where there is one, else between any two characters (as Japanese is)."""
    lines: list[str] = []
    line = indent
    for char in " ".join(text.split()):
        if columns(line) + columns(char) > width and line.strip():
            lines.append(line.rstrip())
            line = hanging
        if not (char == " " and line == hanging):
            line += char
    lines.append(line.rstrip())
    return lines


def wrap(text: str, width: int, indent: str = "", hanging: str = "  ") -> list[str]:
    """Plain ``text`` in lines of at most ``width`` columns, the first after
    ``indent``, the others after ``hanging``; a word longer than a line is broken."""
    if columns(text) != len(text):
        return _wrap_wide(text, max(width, len(hanging) + 10), indent, hanging)
    return textwrap.wrap(
        text,
        max(width, len(hanging) + 10),
        initial_indent=indent,
        subsequent_indent=hanging,
        break_on_hyphens=False,
    ) or [indent.rstrip()]


def wrap_parts(
    parts: Sequence[str], width: int, lead: str, hanging: str, gap: str = "  "
) -> list[str]:
    """``parts`` (each perhaps in colour) in lines of at most ``width`` visible
    characters after ``lead`` on the first line and ``hanging`` on the others; a
    part is never split."""
    lines: list[str] = []
    line, size = lead, columns(visible(lead))
    fresh = True
    for part in parts:
        length = columns(visible(part))
        extra = length if fresh else len(gap) + length
        if not fresh and size + extra > width:
            lines.append(line)
            line, size, fresh = hanging, len(hanging), True
            extra = length
        line += part if fresh else gap + part
        size += extra
        fresh = False
    lines.append(line)
    return lines
