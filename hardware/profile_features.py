"""Settings a feature of the program keeps in a board's profile: a top-level table
that is not the board's own (``[speech]``, ``[remote]``).

The board's sections (its sensors, LEDs, buttons, scan) are read here in hardware/;
a feature's are read by the feature itself, which declares its ``FeatureSection`` (its
table's name, how to read it, what holds without it). Whoever composes the program
passes the sections to the loader, so hardware/ never imports a feature, and a table
no one declared is refused with its file and line like any other mistake.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from hardware.profile_base import ReaderBase
from hardware.toml_lines import KeyPath

T = TypeVar("T")


class FeatureReader(ReaderBase):
    """A feature's table of a profile, with the checks that name the file and line."""

    def __init__(self, reader: ReaderBase, name: str) -> None:
        super().__init__(reader.data, reader.source, reader.lines)
        self.path: KeyPath = (name,)
        self.table: Mapping[str, Any] = self._get(self.data, (), name, dict)

    def key(self, key: str) -> KeyPath:
        """Where ``key`` of this table is, for ``fail``."""
        return (*self.path, key)

    def only(self, known: Sequence[str]) -> None:
        """Refuse any key of the table but ``known``."""
        self._only(self.table, self.path, known)

    def get(self, key: str, kind: type, default: Any = ...) -> Any:
        """The value of ``key``, of type ``kind`` (``default`` when absent; required without)."""
        return self._get(self.table, self.path, key, kind, default)

    def in_range(self, key: str, bounds: range, default: Any) -> Any:
        """A whole number of ``key`` within ``bounds``."""
        return self._in_range(self.table, self.path, key, bounds, default)


@dataclass(frozen=True, slots=True)
class FeatureSection(Generic[T]):
    """A feature's top-level table: ``read`` turns it into the feature's settings (a
    frozen value), failing with ``reader.fail``; ``default`` holds when it is absent."""

    name: str
    read: Callable[[FeatureReader], T]
    default: T


@dataclass(frozen=True, slots=True)
class FeatureSettings:
    """The settings each feature read from a profile, by its table's name."""

    read: tuple[tuple[str, Any], ...] = ()

    def of(self, section: FeatureSection[T]) -> T:
        """The feature's settings: as read, or its default when the profile has none."""
        for name, value in self.read:
            if name == section.name:
                settings: T = value
                return settings
        return section.default


NO_FEATURES = FeatureSettings()
"""A profile read with no feature's table."""


def read_features(reader: ReaderBase, sections: Sequence[FeatureSection[Any]]) -> FeatureSettings:
    """Each declared feature's table of the profile ``reader`` walks, read by its feature."""
    names = [section.name for section in sections]
    if len(set(names)) != len(names):
        raise ValueError(f"a feature's table is declared twice: {', '.join(names)}")
    return FeatureSettings(
        tuple(
            (section.name, section.read(FeatureReader(reader, section.name)))
            for section in sections
            if section.name in reader.data
        )
    )
