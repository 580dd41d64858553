"""Sprint's rules: two runners on a track of ten cells, a die, the first to the last cell
wins.

Red's runner starts on s1, blue's on s2. A turn is a roll, then the move it allows: the
runner runs that many cells on to a free cell; with the die's top face its player may
wait instead (nothing moves, which the board cannot see: it is chosen on the page or the
terminal). A runner that can neither run nor wait is blocked, and the turn is lost.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Self

from kiban.game import Game, Layout, NotationError, Options, Outcome, Position, Stone, Termination

TRACK = tuple(f"s{number}" for number in range(1, 11))
"""The track's cells, from the start to the finish."""
FINISH = len(TRACK) - 1
RUNNER = "R"
"""The kind of a runner's stone."""
LETTERS = "rb"
"""The seats' letters in a position's text: red, blue."""


@dataclass(frozen=True, slots=True)
class Roll:
    face: int


@dataclass(frozen=True, slots=True)
class Run:
    cells: int


@dataclass(frozen=True, slots=True)
class Wait:
    pass


@dataclass(frozen=True, slots=True)
class Blocked:
    pass


SprintMove = Roll | Run | Wait | Blocked


@dataclass(frozen=True, slots=True)
class State:
    """What a move changes: where the runners stand, whose turn it is, the roll."""

    runners: tuple[int, int]
    turn: int
    roll: int | None


def read_state(text: str) -> State:
    """A position's text, ``"0/1 r -"``: the runners' cells from 0, the seat to move, the
    roll to use (``-``: a roll is due)."""
    try:
        runners, seat, roll = text.split()
        red, blue = (int(cell) for cell in runners.split("/"))
    except ValueError:
        raise NotationError(f"not a sprint position: {text!r}") from None
    if seat not in LETTERS or not (roll == "-" or roll.isdigit()):
        raise NotationError(f"not a sprint position: {text!r}")
    if not (0 <= red <= FINISH and 0 <= blue <= FINISH) or red == blue:
        raise NotationError(f"the runners are off the track or on one cell: {text!r}")
    return State((red, blue), LETTERS.index(seat), None if roll == "-" else int(roll))


class SprintPosition(Position[SprintMove]):
    def __init__(self, game: Game[Any], options: Options, text: str) -> None:
        super().__init__(game, options)
        self.state = read_state(text)
        self.faces = int(options["die"])
        self._undo: list[State] = []

    @property
    def turn(self) -> int:
        return self.state.turn

    def winner(self) -> int | None:
        return next((seat for seat, cell in enumerate(self.state.runners) if cell == FINISH), None)

    def chance_moves(self) -> tuple[SprintMove, ...] | None:
        if self.state.roll is not None or self.winner() is not None:
            return None
        return tuple(Roll(face) for face in range(1, self.faces + 1))

    def legal_moves(self) -> Iterator[SprintMove]:
        roll = self.state.roll
        if roll is None or self.winner() is not None:
            return
        target = self.state.runners[self.turn] + roll
        runs = target <= FINISH and target not in self.state.runners
        if runs:
            yield Run(roll)
        if roll == self.faces:
            yield Wait()
        elif not runs:
            yield Blocked()

    def push(self, move: SprintMove) -> None:
        self._undo.append(self.state)
        self.move_stack.append(move)
        state = self.state
        match move:
            case Roll(face):
                self.state = State(state.runners, state.turn, face)
            case Run(cells):
                runners = list(state.runners)
                runners[state.turn] += cells
                self.state = State((runners[0], runners[1]), 1 - state.turn, None)
            case Wait() | Blocked():
                self.state = State(state.runners, 1 - state.turn, None)

    def pop(self) -> SprintMove:
        self.state = self._undo.pop()
        return self.move_stack.pop()

    def copy(self) -> Self:
        twin = type(self)(self.game, self.options, self.text())
        twin._undo = list(self._undo)
        twin.move_stack = list(self.move_stack)
        return twin

    def outcome(self) -> Outcome | None:
        winner = self.winner()
        return None if winner is None else Outcome.win(Termination.ENDED_BY_PLAYERS, winner)

    def text(self) -> str:
        red, blue = self.state.runners
        roll = "-" if self.state.roll is None else str(self.state.roll)
        return f"{red}/{blue} {LETTERS[self.turn]} {roll}"

    def move_text(self, move: SprintMove) -> str:
        match move:
            case Roll(face):
                return f"roll {face}"
            case Run(cells):
                return f"run {cells}"
            case Wait():
                return "wait"
            case Blocked():
                return "blocked"

    def read_move(self, text: str) -> SprintMove:
        words = text.split()
        match words:
            case ["roll", face] if face.isdigit():
                return Roll(int(face))
            case ["run", cells] if cells.isdigit():
                return Run(int(cells))
            case ["wait"]:
                return Wait()
            case ["blocked"]:
                return Blocked()
        raise NotationError(f"not a sprint move: {text!r}")

    def layout(self) -> Layout:
        return {TRACK[cell]: (Stone(RUNNER, seat),) for seat, cell in enumerate(self.state.runners)}
