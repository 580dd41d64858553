"""Games read from a record file, to play on from (``kiban sim --record``).

Shogi records come as KIF, CSA or a USI ``position`` line; every game's as the plain
text ``kiban export`` writes. The format is told by the file's extension, else by
its first line. A record is replayed through the rules as it is read; the game then
starts from the record's start with the moves up to the one chosen already played,
so that takebacks can go back into them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from types import MappingProxyType
from typing import Any

from engine.errors import KibanError, NotationError, VariantError
from engine.game import Game
from engine.record_read import read_plain_text


class RecordFileError(KibanError, ValueError):
    """A record file that cannot be read or played; the message names the file and,
    when it can, the line."""


@dataclass(frozen=True, slots=True)
class Imported:
    """A game to start from a record: its options, its start (None: the game's usual
    start under those options) and the moves to play from there."""

    options: Mapping[str, str]
    start: str | None
    moves: tuple[str, ...]

    def up_to(self, ply: int | None) -> Imported:
        """The game as it stood after ``ply`` moves (None: after the last)."""
        if ply is None:
            return self
        if not 0 <= ply <= len(self.moves):
            raise RecordFileError(
                f"the record has {len(self.moves)} moves: choose a move from 0 to"
                f" {len(self.moves)}, not {ply}"
            )
        return replace(self, moves=self.moves[:ply])


SHOGI_FORMATS = {".kif": "kif", ".kifu": "kif", ".csa": "csa", ".usi": "usi", ".sfen": "usi"}


def read_record_file(path: Path, game: Game[Any]) -> Imported:
    """The game ``path`` records; RecordFileError naming the file (and the line)."""
    try:
        data = path.read_bytes()
    except OSError as error:
        raise RecordFileError(f"cannot read {path}: {error.strerror}") from None
    text = _decode(data)
    if not text.strip():
        raise RecordFileError(f"{path} is empty: there is no record in it to play on from")
    try:
        return read_record(text, game, path.suffix.lower())
    except (NotationError, VariantError) as error:
        raise RecordFileError(f"{path}: {error}") from None


def _decode(data: bytes) -> str:
    """UTF-8 (with or without its mark), else Shift_JIS: what KIF files come in."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("cp932", errors="replace")


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
        )
    if game.name != "shogi":
        raise NotationError(f"line 1: a {game.name} record is plain text, beginning with [Game")
    kind = SHOGI_FORMATS.get(suffix) or _shogi_kind(first)
    if kind == "usi":
        return _usi(text, game)
    from engine.shogi.csa_read import read_csa
    from engine.shogi.kif_read import read_kif

    shogi = read_csa(text) if kind == "csa" else read_kif(text)
    if shogi.handicap is not None:
        options = {} if shogi.handicap == "none" else {"handicap": shogi.handicap}
        try:
            game.options(options)
            return Imported(MappingProxyType(options), None, shogi.moves)
        except VariantError:
            pass  # a standard opening the game's options do not name: drawn as it stands
    return Imported(MappingProxyType({}), shogi.start, shogi.moves)


def _shogi_kind(first: str) -> str:
    word = (first.split(maxsplit=1) or [""])[0]
    if word in ("position", "startpos", "sfen"):
        return "usi"
    if word.startswith(("V2", "N+", "N-", "PI", "P1", "$", "'", "+", "-")):
        return "csa"
    return "kif"


def _usi(text: str, game: Game[Any]) -> Imported:
    """A USI ``position`` line (the first line that is not empty)."""
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        words = line.split()
        if words[:1] == ["position"]:
            words = words[1:]
        if words[:1] == ["sfen"]:
            words = words[1:]
        try:
            position = game.position(" ".join(words))
        except ValueError as error:
            raise NotationError(f"line {number}: {error}") from None
        played = []
        while position.move_stack:
            played.append(position.pop())
        moves = []
        for move in reversed(played):
            moves.append(position.move_text(move))
            position.push(move)
        start = game.position().text()
        while position.move_stack:
            position.pop()
        return Imported(
            MappingProxyType({}),
            None if position.text() == start else position.text(),
            tuple(moves),
        )
    raise NotationError("the file is empty")
