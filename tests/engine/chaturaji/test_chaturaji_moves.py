"""Each piece's moves from hand-made positions, for the seats whose turn it is."""

from __future__ import annotations

import pytest

from tests.engine.chaturaji.helpers import moves_from, names, rolled

# Kings far from the action, and a horse so that not only kings are left: every
# position below is a game in progress.
KINGS = {"a8": "gK", "h8": "rK", "h1": "yK", "g8": "rH"}


def test_king_steps_one_square_in_any_direction() -> None:
    pos = rolled({**KINGS, "d4": "kK"}, "5")
    assert moves_from(pos, "d4") == {
        "d4" + c for c in ("c3", "d3", "e3", "c4", "e4", "c5", "d5", "e5")
    }
    corner = rolled({**KINGS, "a1": "kK"}, "5")
    assert moves_from(corner, "a1") == {"a1a2", "a1b1", "a1b2"}


def test_king_is_not_protected_by_any_check_rule() -> None:
    """No check: a king may step next to an enemy king, and kings are captured like pieces."""
    pos = rolled({**KINGS, "d4": "kK", "e6": "gE", "c7": "gH"}, "5")
    assert "d4d5" in moves_from(pos, "d4")  # attacked by the elephant and horse: allowed
    pos = rolled({"a8": "gK", "h1": "yK", "g8": "rH", "d4": "kK", "e5": "rK"}, "5")
    assert "d4e5" in moves_from(pos, "d4")  # a king takes a king


def test_elephant_slides_along_ranks_and_files_until_blocked() -> None:
    pos = rolled({**KINGS, "a1": "kK", "d4": "kE", "d6": "gb", "b4": "kh", "d2": "rh"}, "4")
    # up to d6 (capture), left to c4 (own pawn on b4), right to h4, down to d2 (capture)
    expected = {"d5", "d6", "c4", "e4", "f4", "g4", "h4", "d3", "d2"}
    assert moves_from(pos, "d4") == {"d4" + c for c in expected}


def test_elephant_does_not_jump() -> None:
    pos = rolled({**KINGS, "a1": "kE", "a2": "kb", "b1": "kK"}, "4")
    assert moves_from(pos, "a1") == set()
    assert names(pos) == {"pass"}


def test_horse_jumps_like_a_knight() -> None:
    # a wall of pawns (of several seats, each seat has one pawn of each origin) all round
    ring = ("c3", "d3", "e3", "c4", "e4", "c5", "d5", "e5")
    wall = dict(zip(ring, ["yh", "yb", "ye", "rb", "rh", "re", "gb", "ge"], strict=True))
    pos = rolled({**KINGS, "a1": "kK", "d4": "kH", **wall}, "3")
    expected = {"b3", "b5", "c2", "c6", "e2", "e6", "f3", "f5"}
    assert moves_from(pos, "d4") == {"d4" + c for c in expected}
    edge = rolled({**KINGS, "a1": "kK", "b1": "kH"}, "3")
    assert moves_from(edge, "b1") == {"b1a3", "b1c3", "b1d2"}


def test_boat_moves_exactly_two_squares_diagonally_jumping() -> None:
    pos = rolled({**KINGS, "a1": "kK", "d4": "kB", "c5": "gb", "e3": "kh"}, "2")
    # it jumps over c5 (enemy) and e3 (own); never one square, never three
    assert moves_from(pos, "d4") == {"d4b2", "d4b6", "d4f2", "d4f6"}
    edge = rolled({**KINGS, "a2": "kK", "a1": "kB"}, "2")
    assert moves_from(edge, "a1") == {"a1c3"}


def test_boat_captures_what_is_not_a_boat() -> None:
    pos = rolled({**KINGS, "a1": "kK", "d4": "kB", "f6": "rE", "b2": "gB"}, "2")
    assert moves_from(pos, "d4") == {"d4f6", "d4b6", "d4f2"}  # b2 holds a boat: no capture


@pytest.mark.parametrize(
    ("turn", "pawn", "ahead", "diagonals"),
    [
        ("k", "d4", "d5", ("c5", "e5")),
        ("g", "d4", "e4", ("e5", "e3")),
        ("r", "d4", "d3", ("c3", "e3")),
        ("y", "d4", "c4", ("c5", "c3")),
    ],
)
def test_pawn_steps_forward_and_captures_diagonally_forward(
    turn: str, pawn: str, ahead: str, diagonals: tuple[str, str]
) -> None:
    kings = {"a1": "kK", "a8": "gK", "h8": "rK", "h1": "yK"}
    enemy = "g" if turn != "g" else "r"
    behind = {"k": "d3", "g": "c4", "r": "d5", "y": "e4"}[turn]
    targets = {cell: enemy + letter for cell, letter in zip(diagonals, "bh", strict=True)}
    pos = rolled({**kings, pawn: turn + "e", **targets, behind: enemy + "e"}, "5", turn=turn)
    # forward one square; captures on both forward diagonals; never backwards, never two
    assert moves_from(pos, pawn) == {pawn + ahead, pawn + diagonals[0], pawn + diagonals[1]}


def test_pawn_is_blocked_by_any_piece_straight_ahead() -> None:
    pos = rolled({**KINGS, "a1": "kK", "d4": "ke", "d5": "gb"}, "5")
    assert moves_from(pos, "d4") == set()
    own = rolled({**KINGS, "a1": "kK", "d4": "ke", "d5": "kh"}, "5")
    assert moves_from(own, "d4") == set()


def test_pawn_does_not_capture_an_empty_diagonal_or_straight_ahead() -> None:
    pos = rolled({**KINGS, "a1": "kK", "d2": "ke"}, "5")
    assert moves_from(pos, "d2") == {"d2d3"}  # no double step, no diagonal move


def test_no_piece_captures_its_own_side() -> None:
    pos = rolled(
        {**KINGS, "a1": "kK", "d4": "kE", "d5": "kh", "c4": "kb", "e4": "kB", "d3": "kH"}, "4"
    )
    assert moves_from(pos, "d4") == set()


def test_pieces_of_other_seats_do_not_move_on_blacks_turn() -> None:
    pos = rolled({**KINGS, "a1": "kK", "d4": "gE", "e4": "rE", "f4": "yE", "c1": "kE"}, "4")
    assert {name[:2] for name in names(pos)} == {"c1"}
