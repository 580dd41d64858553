"""Hexapawn as a ``Game``: its name, seats, board, words, puzzles and board profile.
Nothing of Kiban's names it: Kiban finds it by the entry point this package declares,
and reads its words, puzzles and levels from the files beside this module."""

from __future__ import annotations

from pathlib import Path

from kiban.game import (
    BY_SEAT,
    BenchPlan,
    CellShape,
    Drawing,
    Game,
    Geometry,
    Goal,
    Look,
    MoveSaid,
    Options,
    PieceLook,
    PieceWord,
    PuzzleKind,
    Seat,
    by_seat,
    labelled,
    move_phrase,
    square_grid,
)
from kiban_hexapawn.rules import FILES, PAWN, RANKS, HexapawnPosition

BOARD = Path(__file__).with_name("sim-hexapawn.toml")
"""Its simulated board: a reed switch under each of the nine cells."""
STEPS = "{piece} to {cell}"
TAKES = "{piece} takes on {cell}"
PAWN_WORD = "pawn"
"""The English word for a pawn, which the catalogues translate (``msgctxt "piece"``)."""


class HexapawnGame(Game[HexapawnPosition]):
    name = "hexapawn"
    title = "Hexapawn"
    seats = (Seat("white", "w", "#f4f1e8"), Seat("black", "b", "#2b2b2b"))
    position_class = HexapawnPosition
    piece_names = (PAWN_WORD,)
    move_msgids = (BY_SEAT, STEPS, TAKES)
    puzzle_kinds = (PuzzleKind("win", Goal.WIN, (1, 3), "win in {moves} of your moves"),)
    look = Look(pieces={PAWN: PieceLook(Drawing.MARBLE)})

    def build_geometry(self) -> Geometry:
        return Geometry(CellShape.SQUARE, square_grid(FILES, RANKS))

    def start_text(self, options: Options) -> str:
        return "bbb/.../www w"

    def bench(self) -> BenchPlan:
        return BenchPlan(profile=str(BOARD))

    def move_said(self, position: HexapawnPosition, text: str) -> MoveSaid:
        move = position.read_move(text)
        msgid = TAKES if move.target in position.pawns else STEPS
        phrase = move_phrase(msgid, piece=PieceWord(PAWN_WORD, "the"), cell=move.target)
        return MoveSaid(
            by_seat(self.seat_word(position.turn), phrase), phrase, labelled(phrase, text)
        )
