"""Shogi's records read back: KIF, KI2, CSA and a USI ``position`` line, beside the
writers (``engine.shogi.record_formats``). Told apart by the file's suffix, else by
its first line; KIF takes what the others do not (its first line may be any
comment), and so does KI2, whose moves start with ▲ or △."""

from __future__ import annotations

from types import MappingProxyType

from engine.errors import NotationError, VariantError
from engine.game import Game
from engine.record import ReadRecord, RecordInfo, RecordReader
from engine.shogi.csa_read import read_csa
from engine.shogi.ki2_read import MARKS, read_ki2
from engine.shogi.kif_read import read_kif
from engine.shogi.position import ShogiPosition
from engine.shogi.record import ShogiRecord

USI_WORDS = ("position", "startpos", "sfen")
"""What a USI line's first word is."""
CSA_STARTS = ("V2", "N+", "N-", "PI", "P1", "$", "'", "+", "-")
"""How a CSA file's first line begins."""


def _first_word(line: str) -> str:
    return (line.split(maxsplit=1) or [""])[0]


def shogi_readers(game: Game[ShogiPosition]) -> tuple[RecordReader, ...]:
    """The USI line, CSA, then KIF (which takes any first line), read for ``game``."""

    def kept(shogi: ShogiRecord) -> ReadRecord:
        """A standard opening as the handicap option when the game has it; else the start
        drawn as it stands. All else the record says goes with it (``info_of``)."""
        info = info_of(shogi)
        if shogi.handicap is not None:
            options = {} if shogi.handicap == "none" else {"handicap": shogi.handicap}
            try:
                game.options(options)
                return ReadRecord(MappingProxyType(options), None, shogi.moves, info)
            except VariantError:
                pass  # a standard opening the game's options do not name
        return ReadRecord(MappingProxyType({}), shogi.start, shogi.moves, info)

    def usi(text: str) -> ReadRecord:
        return read_usi_line(text, game)

    return (
        RecordReader("usi", (".usi", ".sfen"), lambda line: _first_word(line) in USI_WORDS, usi),
        RecordReader(
            "csa",
            (".csa",),
            lambda line: line.startswith(CSA_STARTS),
            lambda t: kept(read_csa(t, game)),
        ),
        RecordReader(
            "ki2", (".ki2", ".ki2u"), lambda line: False, lambda t: kept(read_ki2(t, game))
        ),
        RecordReader(
            "kif", (".kif", ".kifu"), lambda line: True, lambda t: kept(kif_or_ki2(t, game))
        ),
    )


def info_of(shogi: ShogiRecord) -> RecordInfo:
    """What a KIF, KI2 or CSA record says beside its moves, as any game's record keeps it."""
    return RecordInfo(
        players=shogi.players if any(shogi.players) else (),
        event=shogi.event,
        started=shogi.started,
        time_control=shogi.time_control,
        note=shogi.header,
        comments=shogi.comments,
        times=shogi.times,
        ending_time=shogi.ending_time,
        outcome=shogi.outcome,
        suspended=shogi.suspended,
        sealed=shogi.sealed,
        move_limit=shogi.move_limit,
        headers=shogi.other_headers,
        closing=shogi.closing,
        foul=shogi.foul,
        branches=shogi.branches,
    )


def kif_or_ki2(text: str, game: Game[ShogiPosition]) -> ShogiRecord:
    """A KIF record, or a KI2 one (its moves after ▲ or △) given without its suffix."""
    marks = tuple(MARKS)
    if any(line.lstrip(" 　").startswith(marks) for line in text.splitlines()):
        return read_ki2(text, game)
    return read_kif(text, game)


def read_usi_line(text: str, game: Game[ShogiPosition]) -> ReadRecord:
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
        return ReadRecord(
            MappingProxyType({}),
            None if position.text() == start else position.text(),
            tuple(moves),
        )
    raise NotationError("the file is empty")
