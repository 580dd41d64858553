"""Hexapawn's rules. White's three pawns start on rank 1, black's on rank 3; white moves
first. A pawn steps one cell forward onto an empty cell, or takes an enemy pawn one cell
diagonally forward. A side wins by bringing a pawn to the far rank, and also when the
other side has no move on its turn (all its pawns taken or blocked).

A position's text is the ranks from 3 down to 1, a cell each (``w``, ``b`` or ``.``),
then the side to move: the start is ``bbb/.../www w``. A move is its cells, ``b1b2``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Self

from kiban.game import (
    N_,
    Game,
    Layout,
    NotationError,
    Options,
    Outcome,
    PieceWord,
    Position,
    Said,
    Stone,
    Termination,
    said,
)

FILES = ("a", "b", "c")
RANKS = ("3", "2", "1")
"""The ranks from the top of the board as drawn (black's side) down to white's."""
LETTERS = "wb"
"""Each seat's letter in a position's text: white, black."""
PAWN = "P"
"""A pawn's stone kind."""
FORWARD = (1, -1)
"""The way each seat's pawns go, in ranks: white up, black down."""
STRAIGHT = N_("a {piece} takes diagonally forward, never straight ahead")
SIDEWAYS = N_("a {piece} moves diagonally only to take")


@dataclass(frozen=True, slots=True)
class Step:
    """A pawn's move from one cell to another (a step, or a capture)."""

    source: str
    target: str


def cell(file: int, rank: int) -> str:
    return f"{FILES[file]}{rank}"


def read_board(text: str) -> tuple[dict[str, int], int]:
    """The pawns of a position's text by cell (their seat) and the seat to move."""
    try:
        rows, mover = text.split()
    except ValueError:
        raise NotationError(f"not a hexapawn position: {text!r}") from None
    ranks = rows.split("/")
    if mover not in LETTERS or len(ranks) != 3 or any(len(row) != 3 for row in ranks):
        raise NotationError(f"not a hexapawn position: {text!r}")
    pawns: dict[str, int] = {}
    for rank, row in zip(RANKS, ranks, strict=True):
        for file, letter in zip(FILES, row, strict=True):
            if letter in LETTERS:
                pawns[f"{file}{rank}"] = LETTERS.index(letter)
            elif letter != ".":
                raise NotationError(f"not a hexapawn position: {text!r}")
    return pawns, LETTERS.index(mover)


class HexapawnPosition(Position[Step]):
    def __init__(self, game: Game[Any], options: Options, text: str) -> None:
        super().__init__(game, options)
        self.pawns, self._turn = read_board(text)
        self._undo: list[tuple[dict[str, int], int]] = []

    @property
    def turn(self) -> int:
        return self._turn

    def _steps(self, seat: int) -> Iterator[Step]:
        """Every move of ``seat``'s pawns the rules allow, whoever is to move."""
        for source, owner in sorted(self.pawns.items()):
            if owner != seat:
                continue
            file, rank = FILES.index(source[0]), int(source[1]) + FORWARD[seat]
            if not 1 <= rank <= 3:
                continue
            ahead = cell(file, rank)
            if ahead not in self.pawns:
                yield Step(source, ahead)
            for side in (file - 1, file + 1):
                if 0 <= side < 3 and self.pawns.get(cell(side, rank)) == 1 - seat:
                    yield Step(source, cell(side, rank))

    def legal_moves(self) -> Iterator[Step]:
        if self.winner() is None:
            yield from self._steps(self._turn)

    def illegal_moves(self) -> Iterator[tuple[Step, Said]]:
        """A pawn set straight ahead onto a pawn, or diagonally onto an empty cell."""
        if self.winner() is not None:
            return
        piece = PieceWord("pawn")  # the sentences say their own article
        for source, owner in sorted(self.pawns.items()):
            if owner != self._turn:
                continue
            file, rank = FILES.index(source[0]), int(source[1]) + FORWARD[owner]
            if not 1 <= rank <= 3:
                continue
            if cell(file, rank) in self.pawns:
                yield Step(source, cell(file, rank)), said(STRAIGHT, piece=piece)
            for side in (file - 1, file + 1):
                if 0 <= side < 3 and cell(side, rank) not in self.pawns:
                    yield Step(source, cell(side, rank)), said(SIDEWAYS, piece=piece)

    def winner(self) -> int | None:
        """The seat that has won: a pawn on its far rank, or the other side unable to move."""
        for spot, seat in self.pawns.items():
            if spot[1] == ("3" if seat == 0 else "1"):
                return seat
        if next(self._steps(self._turn), None) is None:
            return 1 - self._turn
        return None

    def push(self, move: Step) -> None:
        self._undo.append((dict(self.pawns), self._turn))
        self.move_stack.append(move)
        self.pawns[move.target] = self.pawns.pop(move.source)
        self._turn = 1 - self._turn

    def pop(self) -> Step:
        self.pawns, self._turn = self._undo.pop()
        return self.move_stack.pop()

    def copy(self) -> Self:
        twin = type(self)(self.game, self.options, self.text())
        twin._undo = [(dict(pawns), turn) for pawns, turn in self._undo]
        twin.move_stack = list(self.move_stack)
        return twin

    def outcome(self) -> Outcome | None:
        winner = self.winner()
        if winner is None:
            return None
        reached = any(spot[1] == ("3" if seat == 0 else "1") for spot, seat in self.pawns.items())
        return Outcome.win(Termination.TRY if reached else Termination.NO_LEGAL_MOVES, winner)

    def text(self) -> str:
        rows = (
            "".join(
                LETTERS[self.pawns[f"{file}{rank}"]] if f"{file}{rank}" in self.pawns else "."
                for file in FILES
            )
            for rank in RANKS
        )
        return f"{'/'.join(rows)} {LETTERS[self._turn]}"

    def move_text(self, move: Step) -> str:
        return f"{move.source}{move.target}"

    def read_move(self, text: str) -> Step:
        cells = {f"{file}{rank}" for file in FILES for rank in RANKS}
        word = text.strip()
        if len(word) != 4 or word[:2] not in cells or word[2:] not in cells:
            raise NotationError(f"not a hexapawn move: {text!r}")
        return Step(word[:2], word[2:])

    def layout(self) -> Layout:
        return {spot: (Stone(PAWN, seat),) for spot, seat in self.pawns.items()}

    def evaluate(self) -> tuple[float, ...]:
        """Each side's pawns and how far they have come (white's ranks up, black's
        down), as a share of a win (1): a pawn is worth 0.1, a rank gained 0.02."""
        scores = [0.0, 0.0]
        for spot, seat in self.pawns.items():
            advance = int(spot[1]) - 1 if seat == 0 else 3 - int(spot[1])
            scores[seat] += 0.1 + 0.02 * advance
        return (scores[0] - scores[1], scores[1] - scores[0])

    def capture_value(self, move: Step) -> int:
        return 1 if move.target in self.pawns else 0
