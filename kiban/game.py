"""What a game's package may use of Kiban: the game and position contract and what its
declarations are made of, under one name that stays when Kiban's own modules move.

Each name is Kiban's own object (``kiban.game.Game is engine.game.Game``), so a game
made of these is a game to every part of Kiban. docs/games.md explains each; ``__all__``
is the whole promise (tests/kiban/test_public_names.py holds docs/games.md to it).
"""

from __future__ import annotations

from engine.bench import BenchPlan, BenchPosition
from engine.claims import ClaimRule
from engine.errors import IllegalMoveError, KibanError, NotationError, VariantError
from engine.game import Game, Layout, Position
from engine.geometry import CellCentre, CellShape, Geometry, Seat, square_grid
from engine.look import Drawing, Look, PieceLook
from engine.opening import FirstPlayerDraw
from engine.options import Options, OptionSpec
from engine.outcome import Outcome, Termination
from engine.physical import Spot, Stone
from engine.policy import IllegalMovePolicy
from engine.puzzle_kinds import Goal, PuzzleKind
from engine.said import (
    BY_SEAT,
    N_,
    NP_,
    MoveSaid,
    PieceWord,
    Plural,
    Said,
    SeatWord,
    by_seat,
    labelled,
    move_phrase,
    move_plural,
    said,
)

__all__ = [
    "BY_SEAT",
    "NP_",
    "N_",
    "BenchPlan",
    "BenchPosition",
    "CellCentre",
    "CellShape",
    "ClaimRule",
    "Drawing",
    "FirstPlayerDraw",
    "Game",
    "Geometry",
    "Goal",
    "IllegalMoveError",
    "IllegalMovePolicy",
    "KibanError",
    "Layout",
    "Look",
    "MoveSaid",
    "NotationError",
    "OptionSpec",
    "Options",
    "Outcome",
    "PieceLook",
    "PieceWord",
    "Plural",
    "Position",
    "PuzzleKind",
    "Said",
    "Seat",
    "SeatWord",
    "Spot",
    "Stone",
    "Termination",
    "VariantError",
    "by_seat",
    "labelled",
    "move_phrase",
    "move_plural",
    "said",
    "square_grid",
]
