"""Line numbers for the keys of a TOML file, so that a profile error can name its line.

``tomllib`` parses but forgets where things were. This reads the same text a
second time, line by line, and remembers the line of every table header and
key it can see: plain and dotted keys, quoted keys, arrays of tables, and the
keys of one-line inline tables. That covers the profiles Kiban ships and the
ones people write by hand; a key it cannot place falls back to its table.
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


@dataclass
class SourceMap:
    """Where each key path of one TOML text was written."""

    lines: dict[KeyPath, int] = field(default_factory=dict)

    @classmethod
    def of(cls, text: str) -> SourceMap:
        source = cls()
        table: KeyPath = ()
        array_counts: dict[KeyPath, int] = {}
        for number, line in enumerate(text.splitlines(), start=1):
            stripped = line.strip()
            if not stripped or stripped.startswith("#"):
                continue
            header = _HEADER.match(line)
            if header and not _KEY.match(line):
                path: KeyPath = _split_key(header.group(2))
                if header.group(1) == "[[":
                    index = array_counts.get(path, 0)
                    array_counts[path] = index + 1
                    source.lines.setdefault(path, number)
                    table = (*source._resolve(path, array_counts), index)
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
