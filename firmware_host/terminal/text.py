"""Lines that fit the terminal: text wrapped at its width, counted in the characters
one sees (colour codes take no room), never cut."""

from __future__ import annotations

import re
import textwrap
from collections.abc import Sequence

WIDTH = 80
"""The width when the terminal's own is not known (a pipe, a test)."""

_ESCAPES = re.compile(r"\x1b\[[0-9;]*m")


def visible(text: str) -> str:
    """``text`` as it shows: without its colour codes."""
    return _ESCAPES.sub("", text)


def wrap(text: str, width: int, indent: str = "", hanging: str = "  ") -> list[str]:
    """Plain ``text`` in lines of at most ``width`` characters, the first after
    ``indent``, the others after ``hanging``; a word longer than a line is broken."""
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
    line, size = lead, len(visible(lead))
    fresh = True
    for part in parts:
        length = len(visible(part))
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
