"""Line numbers for the keys of a TOML file, so that a profile error can name its line.

``tomllib`` parses but forgets where things were. This reads the same text a
second time, line by line, and remembers the line of every table header and
key it can see: plain and dotted keys, quoted keys, arrays of tables, and the
keys of one-line inline tables. The lines inside a multi-line array or string
belong to the value that opened them, never to a key or a header. That covers
the profiles Kiban ships and the ones people write by hand; a key it cannot
place falls back to its table.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

KeyPath = tuple[str | int, ...]

_HEADER = re.compile(r"^\s*(\[\[?)\s*(.+?)\s*\]\]?\s*(#.*)?$")
_KEY = re.compile(
    r"""^\s*((?:"[^"]*"|'[^']*'|[A-Za-z0-9_\-]+)(?:\s*\.\s*(?:"[^"]*"|'[^']*'|[A-Za-z0-9_\-]+))*)\s*="""
)
_INLINE_KEY = re.compile(r"""(?:^|[{,])\s*("[^"]*"|'[^']*'|[A-Za-z0-9_\-]+)\s*=""")


def _split_key(text: str) -> tuple[str, ...]:
    parts = re.findall(r""""[^"]*"|'[^']*'|[A-Za-z0-9_\-]+""", text)
    return tuple(part[1:-1] if part[0] in "\"'" else part for part in parts)


def _value_state(text: str, depth: int, quote: str | None) -> tuple[int, str | None]:
    """How a value stands after ``text``: its open bracket depth and the delimiter of a
    multi-line string still open (brackets in strings and comments do not count)."""
    i = 0
    while i < len(text):
        if quote is not None:
            if text.startswith(quote, i):
                i += len(quote)
                quote = None
            elif text[i] == "\\" and quote[0] == '"':
                i += 2
            else:
                i += 1
            continue
        char = text[i]
        if char == "#":
            break
        if text.startswith(('"""', "'''"), i):
            quote = text[i : i + 3]
            i += 3
            continue
        if char in "\"'":
            quote = char  # a one-line string: it ends on this line in valid TOML
        elif char in "[{":
            depth += 1
        elif char in "]}":
            depth -= 1
        i += 1
    if quote is not None and len(quote) == 1:
        quote = None
    return depth, quote


@dataclass
class SourceMap:
    """Where each key path of one TOML text was written."""

    lines: dict[KeyPath, int] = field(default_factory=dict)

    @classmethod
    def of(cls, text: str) -> SourceMap:
        source = cls()
        table: KeyPath = ()
        array_counts: dict[KeyPath, int] = {}
        depth, quote = 0, None  # inside a multi-line array or string
        for number, line in enumerate(text.splitlines(), start=1):
            if depth > 0 or quote is not None:
                depth, quote = _value_state(line, depth, quote)
                continue
            stripped = line.strip()
            if not stripped or stripped.startswith("#"):
                continue
            header = _HEADER.match(line)
            if header and not _KEY.match(line):
                path: KeyPath = _split_key(header.group(2))
                if header.group(1) == "[[":
                    # Counted per resolved path: each element of an outer array has
                    # its own nested array ([[adc]] then [[adc.mux]] twice, again).
                    resolved = source._resolve(path, array_counts)
                    index = array_counts.get(resolved, 0)
                    array_counts[resolved] = index + 1
                    source.lines.setdefault(resolved, number)
                    table = (*resolved, index)
                else:
                    table = source._resolve(path, array_counts)
                source.lines.setdefault(table, number)
                continue
            key = _KEY.match(line)
            if not key:
                continue
            full = (*table, *_split_key(key.group(1)))
            source.lines.setdefault(full, number)
            rest = line[key.end() :]
            depth, quote = _value_state(rest, 0, None)
            if rest.lstrip().startswith("{"):
                for inner in _INLINE_KEY.finditer(rest.lstrip()[1:]):
                    source.lines.setdefault((*full, *_split_key(inner.group(1))), number)
        return source

    def _resolve(self, path: KeyPath, array_counts: dict[KeyPath, int]) -> KeyPath:
        """Sub-tables of an array of tables belong to its latest element."""
        resolved: list[str | int] = []
        for position, part in enumerate(path):
            resolved.append(part)
            count = array_counts.get(tuple(resolved))
            if count is not None and position < len(path) - 1:
                resolved.append(count - 1)
        return tuple(resolved)

    def line(self, path: KeyPath) -> int | None:
        """The line of ``path``, or of its nearest enclosing table that was written."""
        probe = tuple(path)
        while probe:
            if probe in self.lines:
                return self.lines[probe]
            probe = probe[:-1]
        return None
