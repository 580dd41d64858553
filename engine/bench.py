"""What a game asks of ``kiban bench`` besides the common measures, declared as data.

The engine imports only the standard library, so a game names the libraries it
wants to be compared with (by module, never importing them) and the notable
positions worth timing; the bench tool runs them the same way for every game.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Protocol


@dataclass(frozen=True, slots=True)
class BenchReference:
    """Another implementation of the game's rules to time against Kiban's.

    ``module`` is imported by name and ``board`` is the class in it, built from a
    position in the game's notation (or with no argument: the start). Its boards
    offer python-chess's API: ``legal_moves``, ``push`` and ``pop``. ``perft_depth``
    is the depth its perft is timed at (a slow library says all at a shallow one).
    """

    label: str
    module: str
    board: str
    perft_depth: int


@dataclass(frozen=True, slots=True)
class BenchPosition:
    """A position worth timing on its own: indexing all its moves for the recognizer.

    ``moves`` is how many legal moves it has (the tests hold the rules to it);
    ``note`` what the time is held against (a budget), or empty.
    """

    text: str
    moves: int
    note: str = ""


@dataclass(frozen=True, slots=True)
class BenchPlan:
    """A game's part of the bench: its notable positions, the libraries to compare with,
    and the perft depth Kiban's own move generation is timed at for them; ``played``: the
    worst positions for recognition, where moves are played by a simulated hand through
    the controller (the start is always played too), on the board profile ``profile``
    (one that sees colours where occupancy would ask for a prompt); ``whole_games``: a
    data file in the game's package listing positions of real games, one a line in the
    game's notation, on which move generation is timed against the first reference
    interleaved (the comparison a goal is set by), or empty."""

    positions: tuple[BenchPosition, ...] = ()
    references: tuple[BenchReference, ...] = ()
    perft_depth: int = 3
    played: tuple[BenchPosition, ...] = ()
    profile: str = "sim"
    whole_games: str = ""


class ReferenceBoard(Protocol):
    """A reference library's board, as python-chess has it."""

    @property
    def legal_moves(self) -> Iterable[Any]: ...

    def push(self, move: Any) -> Any: ...

    def pop(self) -> Any: ...


def board_perft(board: ReferenceBoard, depth: int) -> int:
    """Leaf nodes ``depth`` plies deep on a reference library's board, to hold Kiban's
    own ``Position.perft`` against (in the bench, and as a test oracle)."""
    moves = list(board.legal_moves)
    if depth == 1:
        return len(moves)
    total = 0
    for move in moves:
        board.push(move)
        total += board_perft(board, depth - 1)
        board.pop()
    return total
