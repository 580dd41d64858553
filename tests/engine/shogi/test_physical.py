"""How positions and moves look to sensors, and where the spots lie."""

from __future__ import annotations

import pytest

from engine.game import Position
from engine.geometry import CellShape
from engine.physical import EMPTY, NORTH, PRESENT, SOUTH, Footprint, Sensing, Stone
from engine.shogi import SHOGI, ShogiMove
from engine.shogi.moves import board_move
from tests.engine.shogi.helpers import RICHEST, position, random_positions, sfen

OCC = Sensing.OCCUPANCY
POL = Sensing.POLARITY


def test_cells_and_stands() -> None:
    geometry = SHOGI.geometry
    assert geometry.shape is CellShape.SQUARE
    assert len(SHOGI.cells) == 81
    assert SHOGI.cells[:3] == ("9a", "8a", "7a") and SHOGI.cells[-1] == "1i"
    assert geometry.place("9a").x < geometry.place("1a").x
    assert geometry.place("9a").y < geometry.place("9i").y
    stands = {f"hand:{side}:{kind}" for side in "bw" for kind in "RBGSNLP"}
    assert set(SHOGI.off_board_spots) == stands
    # sente's stand at the bottom right, gote's at the top left
    assert all(geometry.place(f"hand:b:{k}").x > geometry.width for k in "RBGSNLP")
    assert all(geometry.place(f"hand:b:{k}").y > geometry.height / 2 for k in "SNLP")
    assert all(geometry.place(f"hand:w:{k}").x < 0 for k in "RBGSNLP")
    assert all(geometry.place(f"hand:w:{k}").y < geometry.height / 2 for k in "SNLP")


def test_zones_are_named_regions() -> None:
    assert SHOGI.geometry.region("zone:0") == {f + r for f in "987654321" for r in "abc"}
    assert SHOGI.geometry.region("zone:1") == {f + r for f in "987654321" for r in "ghi"}


def test_seats_and_labels() -> None:
    assert [(s.name, s.letter, s.colour) for s in SHOGI.seats] == [
        ("sente", "b", "black"),
        ("gote", "w", "white"),
    ]
    assert SHOGI.label(Stone("P", 0)) == "P"
    assert SHOGI.label(Stone("R", 1, flipped=True)) == "+r"


def test_start_layout() -> None:
    layout = position().layout()
    assert len(layout) == 40
    assert layout["5i"] == (Stone("K", 0),) and layout["5a"] == (Stone("K", 1),)
    assert layout["8h"] == (Stone("B", 0),) and layout["8b"] == (Stone("R", 1),)
    assert not any(spot.startswith("hand") for spot in layout)


def test_stand_slots_hold_stacks_of_unpromoted_stones() -> None:
    layout = position("4k4/9/9/9/9/9/9/9/4K4 b 3P2Lr 1").layout()
    assert layout["hand:b:P"] == (Stone("P", 0),) * 3
    assert layout["hand:b:L"] == (Stone("L", 0),) * 2
    assert layout["hand:w:R"] == (Stone("R", 1),)
    assert "hand:b:R" not in layout


def test_promoted_pieces_read_south_under_polarity() -> None:
    pos = position(sfen({"5i": "K", "5a": "k", "3c": "+P", "7d": "+r"}, hand="P"))
    polarity = pos.expected_frame(POL)
    occupancy = pos.expected_frame(OCC)
    assert polarity["3c"] == SOUTH and polarity["7d"] == SOUTH and polarity["5i"] == NORTH
    assert occupancy["3c"] == PRESENT and occupancy["7d"] == PRESENT
    assert polarity["hand:b:P"] == NORTH and polarity["hand:w:P"] == EMPTY
    assert set(occupancy) == set(SHOGI.spots)


def test_expected_frames_equal_the_base_class_reckoning() -> None:
    for pos in random_positions(21, games=3, plies=100, captures=0.7):
        for sensing in (OCC, POL):
            assert pos.expected_frame(sensing) == Position.expected_frame(pos, sensing)


def test_footprints_of_a_move_a_capture_a_drop_and_a_promotion() -> None:
    pos = position()
    turnable = frozenset({"7f"})  # a pawn: its tokin side may still come up
    assert pos.footprint(pos.read_move("7g7f"), OCC) == Footprint(
        (("7f", PRESENT), ("7g", EMPTY)), turnable=turnable
    )
    pos.push_text("7g7f")
    pos.push_text("3c3d")
    capture = pos.read_move("8h2b+")
    assert pos.footprint(capture, OCC) == Footprint(
        (("8h", EMPTY), ("hand:b:B", PRESENT)), frozenset({"2b"}), frozenset({"2b"})
    )
    assert pos.footprint(capture, POL) == Footprint(
        (("2b", SOUTH), ("8h", EMPTY), ("hand:b:B", PRESENT)),
        turnable=frozenset({"2b"}),  # the bishop's face still decides: promoted or not
    )
    pos.push(capture)
    pos.push_text("3a2b")
    drop = pos.read_move("B*4e")
    assert pos.footprint(drop, OCC) == Footprint(
        (("4e", PRESENT), ("hand:b:B", EMPTY)), turnable=frozenset({"4e"})
    )


def test_a_drop_from_a_stack_changes_the_slot_invisibly() -> None:
    pos = position("4k4/9/9/9/9/9/9/9/4K4 b 2P 1")
    footprint = pos.footprint(pos.read_move("P*5e"), OCC)
    assert footprint == Footprint(
        (("5e", PRESENT),), frozenset({"hand:b:P"}), turnable=frozenset({"5e"})
    )
    assert footprint.must_touch == frozenset()


def _compare_with_base(pos: Position[ShogiMove], moves: list[ShogiMove]) -> int:
    for move in moves:
        for sensing in (OCC, POL):
            assert pos.footprint(move, sensing) == Position.footprint(pos, move, sensing), move
    return len(moves)


def test_footprints_equal_the_base_class_default_over_random_positions() -> None:
    compared = 0
    for pos in random_positions(22, games=4, plies=120, captures=0.6):
        compared += _compare_with_base(pos, list(pos.legal_moves()))
    compared += _compare_with_base(position(RICHEST), list(position(RICHEST).legal_moves()))
    assert compared > 20_000


def test_footprints_of_illegal_moves_equal_the_default_where_it_can_play_them() -> None:
    # The default plays the move, which needs a move the board can represent:
    # the own piece unturned, or turned from its unpromoted face.
    compared = 0
    for pos in random_positions(23, games=2, plies=60, captures=0.6):
        moves = [
            move
            for move, _ in pos.illegal_moves()
            if not move.drop
            and pos.piece_at(move.from_square) >> 4 == pos.turn
            and (not move.promote or pos.piece_at(move.from_square) & 15 in (1, 2, 3, 4, 6, 7))
        ]
        compared += _compare_with_base(pos, moves[::7])
    assert compared > 1000


def test_a_turned_piece_shows_south_and_a_turned_drop_too() -> None:
    pos = position(sfen({"5i": "K", "5a": "k", "5e": "G"}, hand="S"))
    gold = pos.footprint(board_move(40, 31, promote=True), POL)
    assert ("5d", SOUTH) in gold.changes
    drop = pos.read_move("S*3e+")
    assert pos.footprint(drop, POL).changes == (("3e", SOUTH), ("hand:b:S", EMPTY))


def test_footprints_refuse_moves_no_hand_can_make() -> None:
    pos = position()
    with pytest.raises(ValueError, match="no piece on 5e"):
        pos.footprint(pos.read_move("5e5d"), OCC)
    with pytest.raises(ValueError, match="no such piece in hand"):
        pos.footprint(pos.read_move("P*5e"), OCC)


def test_teaching_spots() -> None:
    pos = position(sfen({"5i": "K", "5a": "k", "5c": "r", "2h": "G", "3f": "b"}))
    assert pos.check_spots() == {"5i"}
    assert "2h" not in pos.threatened_spots()  # the bishop on 3f does not reach 2h
    assert pos.threatened_spots() >= {"5i"}
    assert {"5d", "5h", "4c"} <= pos.attacked_spots(1)
    assert "5i" not in position().check_spots()
