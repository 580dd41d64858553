"""Games read from a record file, to play on from (``kiban sim --record``).

Every game's records come as the plain text ``kiban export`` writes; a game may read
formats of its own besides (``Game.record_readers``: shogi's KIF, CSA, USI line). The
format is told by the file's extension, else by its first line. A record is replayed
through the rules as it is read; the game then starts from the record's start with the
moves up to the one chosen already played, so that takebacks can go back into them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from types import MappingProxyType
from typing import Any

from engine.errors import KibanError, NotationError, VariantError
from engine.game import Game
from engine.record import RecordInfo
from engine.record_read import read_plain_text
from engine.record_text import decode_record


class RecordFileError(KibanError, ValueError):
    """A record file that cannot be read or played; the message names the file and,
    when it can, the line."""


@dataclass(frozen=True, slots=True)
class Imported:
    """A game to start from a record: its options, its start (None: the game's usual
    start under those options), the moves to play from there, and what else the record
    said (None: no record, a game set up by ``--position`` or from the usual start)."""

    options: Mapping[str, str]
    start: str | None
    moves: tuple[str, ...]
    info: RecordInfo | None = None

    def up_to(self, ply: int | None) -> Imported:
        """The game as it stood after ``ply`` moves (None: after the last): the record's
        ending goes only with its last move."""
        if ply is None:
            return self
        if not 0 <= ply <= len(self.moves):
            raise RecordFileError(
                f"the record has {len(self.moves)} moves: choose a move from 0 to"
                f" {len(self.moves)}, not {ply}"
            )
        info = None if self.info is None else self.info.up_to(ply, len(self.moves))
        return replace(self, moves=self.moves[:ply], info=info)


def read_record_file(path: Path, game: Game[Any]) -> Imported:
    """The game ``path`` records; RecordFileError naming the file (and the line)."""
    try:
        data = path.read_bytes()
    except OSError as error:
        raise RecordFileError(f"cannot read {path}: {error.strerror}") from None
    text = decode_record(data)
    if not text.strip():
        raise RecordFileError(f"{path} is empty: there is no record in it to play on from")
    try:
        return read_record(text, game, path.suffix.lower())
    except (NotationError, VariantError) as error:
        raise RecordFileError(f"{path}: {error}") from None


def read_record(text: str, game: Game[Any], suffix: str = "") -> Imported:
    """The game ``text`` records; ``suffix`` (``.kif``) names its format when known."""
    first = next((line.strip() for line in text.splitlines() if line.strip()), "")
    if first.startswith("["):
        record = read_plain_text(text, game)
        options = record.options.non_default(game.option_specs)
        return Imported(
            MappingProxyType(dict(options)),
            None if record.standard_start else record.start,
            record.moves,
            record.info,
        )
    readers = game.record_readers()
    if not readers:
        raise NotationError(f"line 1: a {game.name} record is plain text, beginning with [Game")
    reader = next((r for r in readers if suffix in r.suffixes), None)
    if reader is None:
        reader = next((r for r in readers if r.sniff(first)), None)
    if reader is None:
        known = ", ".join(r.name for r in readers)
        raise NotationError(f"line 1: not a record: plain text begins with [Game; or {known}")
    read = reader.read(text)
    return Imported(MappingProxyType(dict(read.options)), read.start, read.moves, read.info)
