"""CSA records (versions 2.2 and 3.0) read: the first game of a file, every move replayed
through the rules, so a record that reads can be played."""

from __future__ import annotations

import re
from types import MappingProxyType

from engine.errors import NotationError
from engine.game import Game
from engine.outcome import Outcome, Termination
from engine.record_read import quoted
from engine.shogi.csa import CODES, SIGNS
from engine.shogi.handicaps import START_TEXT
from engine.shogi.moves import board_move, drop_move
from engine.shogi.notation import read_position, write_position
from engine.shogi.position import ShogiPosition
from engine.shogi.record import (
    TIME_CONTROL,
    ShogiRecord,
    handicap_of,
    line_span,
    play,
    read_result_comment,
)
from engine.shogi.tables import (
    BISHOP,
    GOLD,
    HAND_KINDS,
    KING,
    KNIGHT,
    LANCE,
    PAWN,
    PROMOTED,
    ROOK,
    SILVER,
    SIZE,
)

KIND_OF_CODE = MappingProxyType({code: kind for kind, code in CODES.items()})
_MOVE = re.compile(r"^([+-])([0-9])([0-9])([0-9])([0-9])([A-Z]{2})$")
_PIECE_AT = re.compile(r"([0-9])([0-9])([A-Z]{2})")
_CELL = re.compile(r"\*|[+-][A-Z]{2}")
"""A cell of a board line: empty (``*``) or a piece."""
_HEADER_COMMENT = re.compile(r"^([^\s*：](?:[^：]*[^\s：])?)：(.*)$")
"""A KIF header as a CSA comment before the start position, ``'表題：名人戦`` (how Kiban writes a
header CSA has no keyword for, and how tsshogi's example writes ``'戦型：矢倉``): a name,
a full-width colon, its value. The name is whatever KIF's reader takes before the colon
(spaces inside included, ``'対局 ID：12``), neither starting with a star (a program's
comment) nor starting or ending with a space, which KIF's reader strips."""
PIECE_SET = MappingProxyType(
    {PAWN: 18, LANCE: 4, KNIGHT: 4, SILVER: 4, GOLD: 4, BISHOP: 2, ROOK: 2}
)
"""How many of each piece a set holds, the kings apart (in hand order)."""
FOULS = ("%ILLEGAL_MOVE", "%+ILLEGAL_ACTION", "%-ILLEGAL_ACTION")
"""The endings that may follow the illegal move that ended the game, when a writer keeps
it (as ShogiGUI does in KIF, ``kif_read.FOULS``): the move is not played, and its side
loses (``%ILLEGAL_MOVE``) or the side the ending names does; with no ending after it,
its side loses."""


class _Reader:
    def __init__(self, game: Game[ShogiPosition]) -> None:
        self.game = game
        self.players = ["", ""]
        self.board: list[int] | None = None
        self.hands = [0] * 16
        self.turn: int | None = None
        self.position: ShogiPosition | None = None
        self.start_text = ""
        self.moves: list[str] = []
        self.ending: str | None = None
        self.comment: Outcome | None = None
        self.number = 0
        """The line being read."""
        self.position_lines: list[int] = []
        """The lines that gave the start position, to name when it cannot be played."""
        self.comments: list[str] = []
        self.times: list[float | None] = []
        self.ending_time: float | None = None
        self.header: list[str] = []
        self.closing: list[str] = []
        """The comments after the ending (or after a foul), as written."""
        self.rest: int | None = None
        """The side ``00AL`` gives the pieces no other line places (None: no 00AL)."""
        self.foul: str | None = None
        """Why a move could not be played: the foul that ended the game, when one of
        ``FOULS`` or no ending follows it, else the record's fault."""
        self.foul_move = ""
        """That move in USI."""
        self.headers: list[tuple[str, str]] = []
        """The game's information lines (``$EVENT:...`` as ``("$EVENT", ...)``) and the
        header comments before the moves (``'表題：...``), in file order."""

    def read(self, text: str) -> ShogiRecord:
        for number, raw in enumerate(text.lstrip("\ufeff").splitlines(), start=1):
            self.number = number
            where = f"line {number}"
            if raw.strip() == "/":
                break  # the next game of a multi-game file
            if raw.lstrip().startswith("$"):
                self.information(raw.strip())  # its value may hold commas: the line whole
                continue
            # statements are separated by commas; a comment runs to the end of the line
            parts = raw.split(",")
            for index, part in enumerate(parts):
                statement = part.strip()
                if statement.startswith("'"):
                    self.remark(",".join(parts[index:]).strip()[1:])
                    break
                self.statement(statement, where)
        position = self.start(f"line {self.number}", "the end of the record")
        if self.foul is not None and self.ending not in (*FOULS, None):
            raise NotationError(self.foul)
        moves = len(self.moves)
        mapped = _mapped(self.headers)
        other = tuple(
            pair for index, pair in enumerate(self.headers) if index not in mapped.values()
        )
        return ShogiRecord(
            start=self.start_text,
            moves=tuple(self.moves),
            outcome=self.comment if self.comment is not None else self.outcome(position),
            players=(self.players[0], self.players[1]),
            handicap=handicap_of(self.start_text),
            comments=tuple(self.comments[:moves]) if any(self.comments) else (),
            times=tuple(self.times[:moves]) if any(t is not None for t in self.times) else (),
            ending_time=self.ending_time,
            header="\n".join(self.header),
            event=self._value(mapped, "$EVENT"),
            started=self._value(mapped, "$START_TIME") or None,
            time_control=self._value(mapped, "time"),
            suspended=self.ending == "%CHUDAN" and self.comment is None,
            move_limit=self.ending == "%MAX_MOVES" and self.comment is None,
            foul=self.foul_move if self.foul is not None else "",
            other_headers=other,
            closing="\n".join(self.closing),
        )

    def _value(self, mapped: dict[str, int], field: str) -> str:
        return self.headers[mapped[field]][1] if field in mapped else ""

    def information(self, text: str) -> None:
        """A ``$KEYWORD:value`` line: the game's information, kept with its ``$``."""
        keyword, _, value = text[1:].partition(":")
        self.headers.append((f"${keyword.strip()}", value.strip()))

    def remark(self, text: str) -> None:
        """A comment: the Kiban result, or a move's own (``'*`` after the move, as
        GUIs and floodgate write it), or one after the ending (``closing``: floodgate's
        summary and final position), or the game's."""
        found = read_result_comment(text)
        if found is not None:
            self.comment = found
        elif self.ending is not None or self.foul is not None:
            self.closing.append(_starred(text))
        elif (named := _HEADER_COMMENT.match(text)) and not self.position_lines:
            self.headers.append((named.group(1), named.group(2).strip()))
        elif text.startswith("*") and self.moves:
            note = _starred(text).strip()
            before = self.comments[-1]
            self.comments[-1] = f"{before}\n{note}" if before else note
        else:
            self.header.append(_starred(text) if self.position_lines else text)

    def statement(self, text: str, where: str) -> None:
        if text.startswith("T") and text[1:].strip().replace(".", "", 1).isdigit():
            if self.foul is not None:
                return  # the foul's time: the move was never played (as KIF's reader does)
            if self.moves and self.ending is None:
                self.times[-1] = float(text[1:])
            elif self.ending is not None and self.ending_time is None:
                self.ending_time = float(text[1:])  # the ending's own: %TIME_UP, T60
            return
        if not text or text.startswith(("V", "$", "T")):
            return
        if text.startswith("N") and text[1:2] in SIGNS:
            self.players[SIGNS.index(text[1])] = text[2:]
        elif text.startswith("PI"):
            self.initial(text, where)
        elif text.startswith("P") and len(text) > 1 and text[1] in "123456789":
            self.rank(text, where)
        elif text.startswith(("P+", "P-")):
            self.extra(text, where)
        elif text in SIGNS and self.position is None:
            self.turn = SIGNS.index(text)
            self.position_lines.append(self.number)
        elif text.startswith("%"):
            if self.ending is None:
                self.ending = text
        elif text[0] in SIGNS:
            self.move(text, where)
        else:
            raise NotationError(f"{where}: cannot read {quoted(text)}")

    def _board(self, text: str, where: str) -> list[int]:
        if self.position is not None:
            raise NotationError(f"{where}: {quoted(text)} gives the position after the first move")
        self.position_lines.append(self.number)
        if self.board is None:
            self.board = [0] * (SIZE * SIZE)
        return self.board

    def initial(self, text: str, where: str) -> None:
        board = self._board(text, where)
        board[:] = read_position(START_TEXT).board
        for file, rank, code in _PIECE_AT.findall(text[2:]):
            square = _square(file, rank, where)
            if CODES.get(board[square] & 15) != code:
                raise NotationError(
                    f"{where}: PI removes {code} from {file}{rank}, which is not there"
                )
            board[square] = 0

    def rank(self, text: str, where: str) -> None:
        board = self._board(text, where)
        rank = int(text[1]) - 1
        cells = _cells(text[2:])
        for column in range(SIZE):
            cell = cells[3 * column : 3 * column + 3]
            if cell.strip() in ("*", ""):
                board[rank * SIZE + column] = 0
                continue
            kind = KIND_OF_CODE.get(cell[1:])
            if cell[0] not in SIGNS or kind is None:
                raise NotationError(f"{where}: {quoted(cell)} is not a CSA piece (e.g. +FU, -KA)")
            board[rank * SIZE + column] = kind | SIGNS.index(cell[0]) << 4

    def extra(self, text: str, where: str) -> None:
        board = self._board(text, where)
        seat = SIGNS.index(text[1])
        body = text[2:]
        if body.endswith("00AL"):
            if self.rest is not None:
                raise NotationError(f"{where}: a second 00AL: the rest is given once")
            self.rest = seat
            body = body[:-4]
        for file, rank, code in _PIECE_AT.findall(body):
            kind = KIND_OF_CODE.get(code)
            if kind is None:
                raise NotationError(f"{where}: {quoted(code)} is not a CSA piece")
            if file == "0" and rank == "0":
                if kind not in HAND_KINDS:
                    raise NotationError(f"{where}: {code} cannot be in a hand")
                self.hands[seat * 8 + kind] += 1
            else:
                board[_square(file, rank, where)] = kind | seat << 4

    def start(self, where: str, what: str) -> ShogiPosition:
        """The start position, once given; ``what`` (a move, or the end) needs it."""
        if self.position is None:
            if self.board is None:
                raise NotationError(f"{where}: no start position (PI or P1..P9) before {what}")
            if self.turn is None:
                raise NotationError(f"{where}: the side to move (+ or -) is missing before {what}")
            if self.rest is not None:
                self._give_the_rest(self.board, self.rest)
            self.start_text = write_position(self.board, self.hands, self.turn, 1)
            try:
                self.position = self.game.position(self.start_text)
            except NotationError as error:
                span = line_span(self.position_lines)
                raise NotationError(
                    f"{span}: the start position cannot be played: {error}"
                ) from None
        return self.position

    def _give_the_rest(self, board: list[int], seat: int) -> None:
        """``P-00AL``: every piece but the kings that neither the board nor a hand holds
        goes to ``seat``'s hand (the CSA standard's 00AL, "all pieces other than those
        above"; tsshogi counts them the same way once the lines are read)."""
        for kind, count in PIECE_SET.items():
            placed = sum(1 for piece in board if piece and _base(piece & 15) == kind)
            placed += self.hands[kind] + self.hands[8 + kind]
            self.hands[seat * 8 + kind] += max(count - placed, 0)

    def move(self, text: str, where: str) -> None:
        position = self.start(where, repr(text))
        if self.ending is not None:
            return
        if self.foul is not None:
            raise NotationError(self.foul)  # a move after one that could not be played
        match = _MOVE.match(text)
        if match is None:
            raise NotationError(f"{where}: {quoted(text)} is not a CSA move (e.g. +7776FU)")
        sign, from_file, from_rank, to_file, to_rank, code = match.groups()
        if SIGNS.index(sign) != position.turn:
            raise NotationError(f"{where}: {text} is played out of turn")
        kind = KIND_OF_CODE.get(code)
        if kind is None:
            raise NotationError(f"{where}: {quoted(code)} is not a CSA piece")
        target = _square(to_file, to_rank, where)
        if from_file == "0" and from_rank == "0":
            if kind not in HAND_KINDS:
                raise NotationError(f"{where}: {text}: a {code} cannot be dropped")
            move = drop_move(kind, target)
        else:
            origin = _square(from_file, from_rank, where)
            if origin == target:
                raise NotationError(
                    f"{where}: {text} does not move: it starts and ends on {to_file}{to_rank}"
                )
            before = position.piece_at(origin) & 15
            if kind not in (before, before + PROMOTED):
                raise NotationError(
                    f"{where}: {text} says {code}, but {from_file}{from_rank} holds "
                    f"{CODES.get(before, 'nothing')}"
                )
            move = board_move(origin, target, kind != before)
        try:
            played = play(position, move, where, text)
        except NotationError as error:
            if position.outcome() is not None:
                raise
            self.foul = str(error)  # refused, unless a move or another ending follows
            self.foul_move = move.usi()
            return
        self.moves.append(played)
        self.comments.append("")
        self.times.append(None)

    def outcome(self, position: ShogiPosition) -> Outcome | None:
        """What the ending says (a ``Kiban result`` comment, when there is one, says more)."""
        ending = self.ending
        decided = position.outcome()
        turn = position.turn
        if ending is None:
            if self.foul is not None:  # the foul, kept as the last move, ended the game
                return Outcome.win(Termination.ILLEGAL_MOVE, 1 - turn)
            return decided
        if decided is not None and ending in (
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
            # the move limit reached (CSA V3.0): a draw, as cshogi reads it (%JISHOGI for
            # floodgate's max_moves) and tsshogi writes it in KIF (持将棋)
            "%MAX_MOVES": Outcome.draw(Termination.IMPASSE),
            "%KACHI": Outcome.win(Termination.DECLARATION, turn),
            "%+ILLEGAL_ACTION": Outcome.win(Termination.ILLEGAL_MOVE, 1),
            "%-ILLEGAL_ACTION": Outcome.win(Termination.ILLEGAL_MOVE, 0),
            "%ILLEGAL_MOVE": Outcome.win(Termination.ILLEGAL_MOVE, 1 - turn),
        }
        return simple.get(ending)


def _starred(text: str) -> str:
    """A ``'*`` comment's text, its star left out (how Kiban, ShogiHome and the CSA
    standard write a comment: ``'*text``); ``'**`` (an engine's reading) keeps one."""
    return text[1:] if text.startswith("*") else text


def _mapped(headers: list[tuple[str, str]]) -> dict[str, int]:
    """Which of ``headers`` the record's own fields take, by field: the first $EVENT and
    $START_TIME, and the time control, the first $TIME_LIMIT, else V3.0's $TIME, else
    a time control in words (a ``'持ち時間：`` comment, as Kiban writes one)."""
    first: dict[str, int] = {}
    for index, (name, _) in enumerate(headers):
        first.setdefault(name, index)
    mapped: dict[str, int] = {
        field: first[field] for field in ("$EVENT", "$START_TIME") if field in first
    }
    for source in ("$TIME_LIMIT", "$TIME", TIME_CONTROL):
        if source in first:
            mapped["time"] = first[source]
            break
    return mapped


def _cells(text: str) -> str:
    """A board line's cells, three characters each. The standard writes ``" * "`` for an
    empty cell; where mail or a web page squeezed the spaces (``P2 * -HI * * * * * -KA
    *``, as the CSA standard V3.0's own example and its server protocol's page print it,
    and tsshogi reads), the cells are the nine marks the line holds, and only them."""
    found = _CELL.findall(text)
    if len(found) == SIZE and not _CELL.sub("", text).strip():
        return "".join(f" {cell} " if cell == "*" else cell for cell in found)
    return text.ljust(3 * SIZE)


def _base(kind: int) -> int:
    """The piece a promoted one was."""
    return kind - PROMOTED if kind > KING else kind


def _square(file: str, rank: str, where: str) -> int:
    if file == "0" or rank == "0":
        raise NotationError(f"{where}: {file}{rank} is not a square")
    return (int(rank) - 1) * SIZE + (9 - int(file))


def read_csa(text: str, game: Game[ShogiPosition] | None = None) -> ShogiRecord:
    """Read a CSA record (the first game of the file); NotationError names the line at fault.
    The positions are ``game``'s (the registered shogi when None)."""
    return _Reader(game or _shogi()).read(text)


def _shogi() -> Game[ShogiPosition]:
    """Shogi as registered (the package cannot be imported from inside it)."""
    from engine.registry import find_game

    game: Game[ShogiPosition] = find_game("shogi")
    return game
