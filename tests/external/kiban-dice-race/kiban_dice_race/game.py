"""Sprint as a ``Game``: its name, seats, option, track and words. Nothing of Kiban's
names it: Kiban finds it by the entry point this package declares (``kiban.games``), and
reads its words from the catalogues beside this module (``locale/<code>.po``)."""

from __future__ import annotations

from pathlib import Path

from kiban.game import (
    BY_SEAT,
    BenchPlan,
    CellCentre,
    CellShape,
    Game,
    Geometry,
    MoveSaid,
    Options,
    OptionSpec,
    PieceWord,
    Seat,
    by_seat,
    labelled,
    move_phrase,
)
from kiban_dice_race.rules import TRACK, Blocked, Roll, Run, SprintPosition, Wait

BOARD = Path(__file__).with_name("sim-sprint.toml")
"""The simulated board this package ships: a strip of reed switches under the track."""

ROLLS = "rolls {face}"
RUNS = "moves {runner} to {cell}"
WAITS = "waits"
BLOCKED = "is blocked and loses the turn"
RUNNER = "runner"
"""The English word for a runner, which the catalogues translate (``msgctxt "piece"``)."""


class SprintGame(Game[SprintPosition]):
    name = "sprint"
    title = "Sprint"
    seats = (Seat("red", "r", "red"), Seat("blue", "b", "blue"))
    option_specs = (
        OptionSpec("die", "2", "the faces of the die: 1 and 2, or 1 to 3", choices=("2", "3")),
    )
    position_class = SprintPosition
    piece_names = (RUNNER,)
    move_msgids = (BY_SEAT, ROLLS, RUNS, WAITS, BLOCKED)

    def build_geometry(self) -> Geometry:
        cells = tuple(CellCentre(cell, index + 0.5, 0.5) for index, cell in enumerate(TRACK))
        return Geometry(CellShape.SQUARE, cells)

    def start_text(self, options: Options) -> str:
        return "0/1 r -"

    def rolls_dice(self, options: Options) -> bool:
        return True

    def bench(self) -> BenchPlan:
        """Nothing to time beyond the common measures; its board is its own profile."""
        return BenchPlan(profile=str(BOARD))

    def move_said(self, position: SprintPosition, text: str) -> MoveSaid:
        match position.read_move(text):
            case Roll(face):
                phrase = move_phrase(ROLLS, face=face)
            case Run(cells):
                cell = TRACK[position.state.runners[position.turn] + cells]
                phrase = move_phrase(RUNS, runner=PieceWord(RUNNER, "the"), cell=cell)
            case Wait():
                phrase = move_phrase(WAITS)
            case Blocked():
                phrase = move_phrase(BLOCKED)
        return MoveSaid(
            by_seat(self.seat_word(position.turn), phrase), phrase, labelled(phrase, text)
        )
