"""CSA records (version 2.2), written and read.

``V2.2``, the players (``N+``, ``N-``), the start (``PI`` for an even game,
``PI`` with the removed pieces for a handicap, else ``P1``..``P9`` and the hand
lines ``P+00FU``), the side to move, one move per line (``+7776FU``: from,
to, and the piece as it stands after the move), and an ending (``%TORYO``,
``%SENNICHITE``, ``%KACHI`` ...). A mate is written ``%TORYO`` (the mated
player's resignation, as CSA servers record it); perpetual check and illegal
moves are ``%+ILLEGAL_ACTION`` / ``%-ILLEGAL_ACTION`` naming the offender.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from types import MappingProxyType

from engine.errors import NotationError
from engine.outcome import Outcome, Termination
from engine.shogi import SHOGI
from engine.shogi.handicaps import START_TEXT
from engine.shogi.moves import ShogiMove, board_move, drop_move
from engine.shogi.notation import read_position, write_position
from engine.shogi.position import ShogiPosition
from engine.shogi.record import (
    GameRecord,
    handicap_of,
    play,
    read_result_comment,
    result_comment,
    start_of,
)
from engine.shogi.tables import (
    BISHOP,
    DRAGON,
    GOLD,
    HAND_KINDS,
    HORSE,
    KING,
    KNIGHT,
    LANCE,
    PAWN,
    PRO_KNIGHT,
    PRO_LANCE,
    PRO_SILVER,
    PROMOTED,
    ROOK,
    SILVER,
    SIZE,
    TOKIN,
    column_of,
    rank_of,
)

CODES = MappingProxyType(
    {
        PAWN: "FU",
        LANCE: "KY",
        KNIGHT: "KE",
        SILVER: "GI",
        GOLD: "KI",
        BISHOP: "KA",
        ROOK: "HI",
        KING: "OU",
        TOKIN: "TO",
        PRO_LANCE: "NY",
        PRO_KNIGHT: "NK",
        PRO_SILVER: "NG",
        HORSE: "UM",
        DRAGON: "RY",
    }
)
KIND_OF_CODE = MappingProxyType({code: kind for kind, code in CODES.items()})
SIGNS = ("+", "-")

_MOVE = re.compile(r"^([+-])(\d)(\d)(\d)(\d)([A-Z]{2})$")
_PIECE_AT = re.compile(r"(\d)(\d)([A-Z]{2})")


def square_text(square: int) -> str:
    """``77`` for 7g: file digit, then rank digit."""
    return f"{9 - column_of(square)}{rank_of(square) + 1}"


def move_text(position: ShogiPosition, move: ShogiMove) -> str:
    sign = SIGNS[position.turn]
    if move.drop:
        return f"{sign}00{square_text(move.to_square)}{CODES[move.drop]}"
    kind = position.piece_at(move.from_square) & 15
    after = kind + PROMOTED if move.promote else kind
    return f"{sign}{square_text(move.from_square)}{square_text(move.to_square)}{CODES[after]}"


def position_lines(position: ShogiPosition) -> list[str]:
    """``P1``..``P9``, the hands and the side to move."""
    lines = []
    for rank in range(SIZE):
        row = ""
        for column in range(SIZE):
            piece = position.piece_at(rank * SIZE + column)
            row += f"{SIGNS[piece >> 4]}{CODES[piece & 15]}" if piece else " * "
        lines.append(f"P{rank + 1}{row}")
    for seat in (0, 1):
        items = "".join(f"00{CODES[kind]}" * position.in_hand(seat, kind) for kind in HAND_KINDS)
        if items:
            lines.append(f"P{SIGNS[seat]}{items}")
    lines.append(SIGNS[position.turn])
    return lines


def _handicap_lines(sfen: str) -> list[str]:
    """``PI`` and the pieces the handicap removes from the even start, then the side to move."""
    even = read_position(START_TEXT).board
    given = read_position(sfen)
    removed = "".join(
        f"{square_text(square)}{CODES[piece & 15]}"
        for square, piece in enumerate(even)
        if piece and not given.board[square]
    )
    return [f"PI{removed}", SIGNS[given.turn]]


def _ending(outcome: Outcome, turn: int) -> str:
    """The ``%`` line for an outcome; ``turn`` is the player to move."""
    term = outcome.termination
    winner = min(outcome.winners) if len(outcome.winners) == 1 else None
    if term in (Termination.RESIGNATION, Termination.CHECKMATE, Termination.NO_LEGAL_MOVES):
        return "%TORYO"
    if term is Termination.REPETITION:
        return "%SENNICHITE"
    if term is Termination.IMPASSE:
        return "%JISHOGI"
    if term is Termination.TIME_FORFEIT:
        return "%TIME_UP"
    if term is Termination.AGREEMENT:
        return "%HIKIWAKE"
    if term is Termination.DECLARATION and winner == turn:
        return "%KACHI"
    if winner is not None and term in (
        Termination.PERPETUAL_CHECK,
        Termination.ILLEGAL_MOVE,
        Termination.DECLARATION,
    ):
        return f"%{SIGNS[1 - winner]}ILLEGAL_ACTION"
    return "%CHUDAN"


def _exact(outcome: Outcome, turn: int) -> bool:
    """Whether the ending alone gives back ``outcome`` when read."""
    term = outcome.termination
    loser_to_move = outcome.winners == {1 - turn}
    if term in (Termination.RESIGNATION, Termination.TIME_FORFEIT):
        return loser_to_move
    if term is Termination.IMPASSE:
        return not outcome.winners
    if term is Termination.DECLARATION:
        return outcome.winners == {turn}
    return term is not Termination.ENDED_BY_PLAYERS


def write_csa(
    moves: Sequence[str],
    *,
    start: str | None = None,
    handicap: str | None = None,
    outcome: Outcome | None = None,
    players: tuple[str, str] = ("", ""),
    started: str | None = None,
) -> str:
    """A CSA V2.2 record: moves in USI from ``start`` (SFEN) or the ``handicap``
    opening (an even game by default), ended by ``outcome`` (None: unfinished)."""
    sfen = start_of(start, handicap)
    position = SHOGI.position(sfen)
    lines = ["V2.2", f"N+{players[0]}", f"N-{players[1]}"]
    if started:
        lines.append(f"$START_TIME:{started}")
    opening = handicap_of(sfen)
    lines += _handicap_lines(sfen) if opening is not None else position_lines(position)
    for number, text in enumerate(moves, start=1):
        move = position.read_move(text)
        written = move_text(position, move)
        play(position, move, f"move {number}")
        lines.append(written)
    if outcome is not None:
        if not _exact(outcome, position.turn):
            lines.append(f"'{result_comment(outcome)}")
        lines.append(_ending(outcome, position.turn))
    return "\n".join(lines) + "\n"


# --- reading ------------------------------------------------------------------------


class _Reader:
    def __init__(self) -> None:
        self.players = ["", ""]
        self.board: list[int] | None = None
        self.hands = [0] * 16
        self.turn: int | None = None
        self.position: ShogiPosition | None = None
        self.start_text = ""
        self.moves: list[str] = []
        self.ending: str | None = None
        self.comment: Outcome | None = None

    def read(self, text: str) -> GameRecord:
        for number, raw in enumerate(text.lstrip("\ufeff").splitlines(), start=1):
            where = f"line {number}"
            if raw.startswith("'"):
                found = read_result_comment(raw[1:])
                if found is not None:
                    self.comment = found
                continue
            if raw.strip() == "/":
                break  # the next game of a multi-game file
            for statement in raw.split(","):
                self.statement(statement.strip(), where)
        position = self.start("the end")
        return GameRecord(
            start=self.start_text,
            moves=tuple(self.moves),
            outcome=self.outcome(position),
            players=(self.players[0], self.players[1]),
            handicap=handicap_of(self.start_text),
        )

    def statement(self, text: str, where: str) -> None:
        if not text or text.startswith(("V", "$", "T")):
            return
        if text.startswith("N") and text[1:2] in SIGNS:
            self.players[SIGNS.index(text[1])] = text[2:]
        elif text.startswith("PI"):
            self.initial(text, where)
        elif text.startswith("P") and text[1:2] in "123456789":
            self.rank(text, where)
        elif text.startswith(("P+", "P-")):
            self.extra(text, where)
        elif text in SIGNS and self.position is None:
            self.turn = SIGNS.index(text)
        elif text.startswith("%"):
            if self.ending is None:
                self.ending = text
        elif text[0] in SIGNS:
            self.move(text, where)
        else:
            raise NotationError(f"{where}: cannot read {text!r}")

    def _board(self, where: str) -> list[int]:
        if self.position is not None:
            raise NotationError(f"{where}: the position is given after the first move")
        if self.board is None:
            self.board = [0] * (SIZE * SIZE)
        return self.board

    def initial(self, text: str, where: str) -> None:
        board = self._board(where)
        board[:] = read_position(START_TEXT).board
        for file, rank, code in _PIECE_AT.findall(text[2:]):
            square = _square(file, rank, where)
            if CODES.get(board[square] & 15) != code:
                raise NotationError(
                    f"{where}: PI removes {code} from {file}{rank}, which is not there"
                )
            board[square] = 0

    def rank(self, text: str, where: str) -> None:
        board = self._board(where)
        rank = int(text[1]) - 1
        cells = text[2:].ljust(3 * SIZE)
        for column in range(SIZE):
            cell = cells[3 * column : 3 * column + 3]
            if cell.strip() in ("*", ""):
                board[rank * SIZE + column] = 0
                continue
            kind = KIND_OF_CODE.get(cell[1:])
            if cell[0] not in SIGNS or kind is None:
                raise NotationError(f"{where}: {cell!r} is not a CSA piece (e.g. +FU, -KA)")
            board[rank * SIZE + column] = kind | SIGNS.index(cell[0]) << 4

    def extra(self, text: str, where: str) -> None:
        board = self._board(where)
        seat = SIGNS.index(text[1])
        body = text[2:]
        if body.startswith("00AL"):
            raise NotationError(f"{where}: 00AL (all remaining pieces) is not supported")
        for file, rank, code in _PIECE_AT.findall(body):
            kind = KIND_OF_CODE.get(code)
            if kind is None:
                raise NotationError(f"{where}: {code!r} is not a CSA piece")
            if file == "0" and rank == "0":
                if kind not in HAND_KINDS:
                    raise NotationError(f"{where}: {code} cannot be in a hand")
                self.hands[seat * 8 + kind] += 1
            else:
                board[_square(file, rank, where)] = kind | seat << 4

    def start(self, where: str) -> ShogiPosition:
        if self.position is None:
            if self.board is None:
                raise NotationError(f"{where}: no start position (PI or P1..P9) before the moves")
            if self.turn is None:
                raise NotationError(f"{where}: the side to move (+ or -) is missing")
            self.start_text = write_position(self.board, self.hands, self.turn, 1)
            self.position = SHOGI.position(self.start_text)
        return self.position

    def move(self, text: str, where: str) -> None:
        position = self.start(where)
        if self.ending is not None:
            return
        match = _MOVE.match(text)
        if match is None:
            raise NotationError(f"{where}: {text!r} is not a CSA move (e.g. +7776FU)")
        sign, from_file, from_rank, to_file, to_rank, code = match.groups()
        if SIGNS.index(sign) != position.turn:
            raise NotationError(f"{where}: {text} is played out of turn")
        kind = KIND_OF_CODE.get(code)
        if kind is None:
            raise NotationError(f"{where}: {code!r} is not a CSA piece")
        target = _square(to_file, to_rank, where)
        if from_file == "0" and from_rank == "0":
            move = drop_move(kind, target)
        else:
            origin = _square(from_file, from_rank, where)
            before = position.piece_at(origin) & 15
            if kind not in (before, before + PROMOTED):
                raise NotationError(
                    f"{where}: {text} says {code}, but {from_file}{from_rank} holds "
                    f"{CODES.get(before, 'nothing')}"
                )
            move = board_move(origin, target, kind != before)
        self.moves.append(play(position, move, where))

    def outcome(self, position: ShogiPosition) -> Outcome | None:
        if self.comment is not None:
            return self.comment
        ending = self.ending
        decided = position.outcome()
        turn = position.turn
        if ending is None:
            return decided
        if decided is not None and ending in (
            "%TORYO",
            "%TSUMI",
            "%SENNICHITE",
            "%+ILLEGAL_ACTION",
            "%-ILLEGAL_ACTION",
            "%ILLEGAL_MOVE",
        ):
            return decided
        simple = {
            "%TORYO": Outcome.win(Termination.RESIGNATION, 1 - turn),
            "%TSUMI": Outcome.win(Termination.CHECKMATE, 1 - turn),
            "%SENNICHITE": Outcome.draw(Termination.REPETITION),
            "%JISHOGI": Outcome.draw(Termination.IMPASSE),
            "%TIME_UP": Outcome.win(Termination.TIME_FORFEIT, 1 - turn),
            "%HIKIWAKE": Outcome.draw(Termination.AGREEMENT),
            "%KACHI": Outcome.win(Termination.DECLARATION, turn),
            "%+ILLEGAL_ACTION": Outcome.win(Termination.ILLEGAL_MOVE, 1),
            "%-ILLEGAL_ACTION": Outcome.win(Termination.ILLEGAL_MOVE, 0),
            "%ILLEGAL_MOVE": Outcome.win(Termination.ILLEGAL_MOVE, 1 - turn),
        }
        return simple.get(ending)


def _square(file: str, rank: str, where: str) -> int:
    if file == "0" or rank == "0":
        raise NotationError(f"{where}: {file}{rank} is not a square")
    return (int(rank) - 1) * SIZE + (9 - int(file))


def read_csa(text: str) -> GameRecord:
    """Read a CSA record (the first game of the file); NotationError names the line at fault."""
    return _Reader().read(text)
