"""What every part of profile reading shares: the error that names file and line, TOML
parsed with that error, and the helpers that check keys and types against the source map."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from engine.errors import KibanError
from hardware.toml_lines import KeyPath, SourceMap


class ProfileError(KibanError, ValueError):
    """A profile that cannot be used; the message starts with ``file:line:``."""

    def __init__(self, source: str, line: int | None, reason: str) -> None:
        self.source = source
        self.line = line
        self.reason = reason
        where = f"{source}:{line}" if line is not None else source
        super().__init__(f"{where}: {reason}")


def read_text(path: Path) -> str:
    """A profile's file, or a file beside it, as text; ProfileError names what is wrong."""
    try:
        data = path.read_bytes()
    except OSError as error:
        raise ProfileError(str(path), None, f"cannot read: {error.strerror}") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise ProfileError(str(path), line, f"not UTF-8 text: {error.reason}") from None


def parse_toml(text: str, source: str) -> dict[str, Any]:
    """The TOML of a profile or a file beside it. Whatever tomllib refuses (or cannot
    finish: nesting too deep for its recursion, a number too long to convert) is a
    ProfileError naming ``source``, and the line when tomllib gives one."""
    try:
        return tomllib.loads(text)
    except RecursionError:
        reason = "arrays or tables nested too deeply"
    except ValueError as error:  # TOMLDecodeError, or int() refusing a very long number
        reason = str(error)
    match = re.search(r"at line (\d+)", reason)
    line = int(match.group(1)) if match else None
    reason = re.sub(r"\s*\(at line \d+, column \d+\)", "", reason)
    raise ProfileError(source, line, f"not valid TOML: {reason}")


class ReaderBase:
    """Walks parsed TOML, failing with the line of whatever is wrong."""

    def __init__(self, data: dict[str, Any], source: str, lines: SourceMap) -> None:
        self.data = data
        self.source = source
        self.lines = lines

    def fail(self, path: KeyPath, reason: str) -> ProfileError:
        return ProfileError(self.source, self.lines.line(path), reason)

    def _only(self, table: Mapping[str, Any], path: KeyPath, known: Sequence[str]) -> None:
        for key in table:
            if key not in known:
                raise self.fail(
                    (*path, key), f"unknown key {key!r} (expected one of: {', '.join(known)})"
                )

    def _get(
        self, table: Mapping[str, Any], path: KeyPath, key: str, kind: type, default: Any = ...
    ) -> Any:
        if key not in table:
            if default is ...:
                where = ".".join(str(p) for p in path) or "the top level"
                raise self.fail(path, f"missing key {key!r} in {where}")
            return default
        value = table[key]
        ok = isinstance(value, kind) and not (kind is int and isinstance(value, bool))
        if kind is float and isinstance(value, int) and not isinstance(value, bool):
            value, ok = float(value), True
        if not ok:
            raise self.fail((*path, key), f"{key} must be {kind_name(kind)}, not {value!r}")
        return value

    def _table_list(self, key: str) -> list[Any]:
        """An array of tables at the top level (``[[key]]``), each checked to be a table."""
        tables: list[Any] = self._get(self.data, (), key, list, [])
        for index, table in enumerate(tables):
            if not isinstance(table, dict):
                raise self.fail((key, index), f"each {key} must be a table, not {table!r}")
        return tables

    def _in_range(
        self, table: Mapping[str, Any], path: KeyPath, key: str, bounds: range, default: Any
    ) -> Any:
        low, high = bounds.start, bounds.stop - 1
        value = self._get(table, path, key, int, default)
        if key in table and not low <= value <= high:
            raise self.fail((*path, key), f"{key} {value} is outside {low}..{high}")
        return value


def kind_name(kind: type) -> str:
    return {
        str: "text",
        int: "a whole number",
        float: "a number",
        bool: "true or false",
        list: "a list",
        dict: "a table",
    }.get(kind, kind.__name__)
