"""The engine against cshogi (a test oracle only) over positions reached by seeded random play.

Random play is biased towards captures, drops and promotions, so that hands fill
up and checks, pins, drops and promotion choices come up all the time; some games
start with every piece but the kings in hand.
"""

from __future__ import annotations

import cshogi
import pytest

from engine.shogi import ShogiPosition
from engine.shogi.tables import CELL_NAMES as SQUARE
from tests.engine.shogi.helpers import RICHEST, START, random_positions

HAND_STARTS = [
    "4k4/9/9/9/9/9/9/9/4K4 b 2R2B4G4S4N4L9P9p 1",
    "4k4/9/9/9/9/9/9/9/4K4 w RB2G2S2N2L9Prb2g2s2n2l9p 1",
    RICHEST,
]


def agree(pos: ShogiPosition, board: cshogi.Board) -> None:
    if pos.repetitions() >= 4:  # sennichite: cshogi's move list knows no repetition
        assert not list(pos.legal_moves())
        return
    ours = {pos.move_text(move) for move in pos.legal_moves()}
    theirs = {cshogi.move_to_usi(move) for move in board.legal_moves}
    assert ours == theirs, (pos.text(), sorted(ours ^ theirs))
    assert pos.is_check() == board.is_check(), pos.text()
    assert pos.text().split()[:2] == board.sfen().split()[:2]


def differential(seed: int, games: int, plies: int, start: str | None, captures: float) -> int:
    checked = 0
    board = cshogi.Board()
    played = 0
    for pos in random_positions(seed, games, plies, captures=captures, start=start):
        if not pos.move_stack:
            board.set_sfen(pos.text())
            played = 0
        else:
            for move in pos.move_stack[played:]:
                board.push_usi(move.usi())
            played = len(pos.move_stack)
        agree(pos, board)
        checked += 1
    return checked


@pytest.mark.parametrize(
    ("seed", "start", "captures"),
    [
        (1, START, 0.0),
        (2, START, 0.8),
        (3, HAND_STARTS[0], 0.5),
        (4, HAND_STARTS[1], 0.5),
        (5, HAND_STARTS[2], 0.3),
    ],
)
def test_legal_moves_agree_with_cshogi(seed: int, start: str, captures: float) -> None:
    assert differential(seed, games=14, plies=160, start=start, captures=captures) >= 1000


def test_the_random_positions_come_to_uchifuzume() -> None:
    """The differential is only as good as its positions: pawn-drop mates do occur."""
    refused = 0
    for pos in random_positions(3, games=14, plies=160, captures=0.5, start=HAND_STARTS[0]):
        turn, king = pos.turn, pos.king_square(1 - pos.turn)
        front = king + (9 if turn == 0 else -9)
        if not (pos.in_hand(turn, 1) and 0 <= front < 81) or pos.piece_at(front):
            continue
        drop = pos.read_move(f"P*{SQUARE[front]}")
        reasons = {move: str(reason) for move, reason in pos.illegal_moves()}
        if reasons.get(drop, "").startswith("uchifuzume"):
            refused += 1
            theirs = {cshogi.move_to_usi(m) for m in cshogi.Board(pos.text()).legal_moves}
            assert drop.usi() not in theirs
    assert refused >= 10


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(10, 20))
def test_legal_moves_agree_with_cshogi_at_length(seed: int) -> None:
    start = (START, *HAND_STARTS)[seed % 4]
    assert differential(seed, games=60, plies=300, start=start, captures=0.6) > 8000
