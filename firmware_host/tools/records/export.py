"""``kiban export``: a stored game in any of its record formats (plain text for every
game; KIF, CSA and a USI ``position`` line for shogi).

The moves are replayed through the rules engine on the way out, so a record that
exports is a game any reader can play through; a seat the computer played is named by
its player (``Kiban level 3``).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.errors import KibanError
from engine.registry import find_game
from engine.said import Said
from firmware_host.opponents.seats import with_computer_names
from firmware_host.store.records import (
    UnknownFormatError,
    find_format,
    formats,
    stored_record,
    variations_note,
)
from firmware_host.store.storage import StoredGame


class ExportError(KibanError, ValueError):
    """A stored game that cannot be exported in the format asked for."""


def export_game(stored: StoredGame, fmt: str, *, encoding: str = "UTF-8") -> str:
    """The text of ``stored`` in ``fmt``; ``encoding`` is the one the text will be saved
    in, which a format may name inside (KIF)."""
    return exported(stored, fmt, encoding=encoding).text


@dataclass(frozen=True, slots=True)
class Exported:
    """A stored game's record in a format, and what the player is told of what the
    format could not hold as it was (its variations: ``variations_note``)."""

    text: str
    note: Said | None = None


def exported(stored: StoredGame, fmt: str, *, encoding: str = "UTF-8") -> Exported:
    """``export_game``'s text, with its note."""
    try:
        record_format = find_format(stored.game, fmt)
    except UnknownFormatError:
        names = ", ".join(f.name for f in formats(stored.game))
        raise ExportError(
            f"game {stored.id} is {stored.game}: its records come as {names}, not {fmt!r}"
        ) from None
    record = with_computer_names(
        find_game(stored.game), stored_record(stored), str(stored.settings.get("opponent", ""))
    )
    return Exported(record_format.write(record, encoding), variations_note(record, record_format))
