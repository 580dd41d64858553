"""How positions and moves look to the sensors."""

from __future__ import annotations

import pytest

from engine.dobutsu import DOBUTSU, DobutsuMove
from engine.errors import IllegalMoveError
from engine.game import Layout, Position
from engine.physical import EMPTY, NORTH, PRESENT, SOUTH, Footprint, Sensing, Stone
from tests.engine.dobutsu.helpers import position, random_games, sfen

OCC = Sensing.OCCUPANCY
POL = Sensing.POLARITY


def test_start_layout() -> None:
    layout = position().layout()
    assert layout == {
        "3a": (Stone("G", 1),),
        "2a": (Stone("L", 1),),
        "1a": (Stone("E", 1),),
        "2b": (Stone("C", 1),),
        "2c": (Stone("C", 0),),
        "3d": (Stone("E", 0),),
        "2d": (Stone("L", 0),),
        "1d": (Stone("G", 0),),
    }


def test_hand_stacks_and_hens_in_the_layout() -> None:
    layout = position(sfen({"2d": "L", "2a": "l"}, hand="2CEg")).layout()
    assert layout["hand:b:C"] == (Stone("C", 0), Stone("C", 0))
    assert layout["hand:b:E"] == (Stone("E", 0),)
    assert layout["hand:w:G"] == (Stone("G", 1),)
    assert "hand:w:C" not in layout
    layout = position(sfen({"2d": "L", "2a": "l", "1b": "+C", "3c": "+c"}, hand="E")).layout()
    assert layout["1b"] == (Stone("C", 0, flipped=True),)
    assert layout["3c"] == (Stone("C", 1, flipped=True),)
    assert not any(
        stone.flipped for spot, stack in layout.items() if "hand" in spot for stone in stack
    )


def test_expected_frame_of_the_start() -> None:
    frame = position().expected_frame(OCC)
    assert set(frame) == set(DOBUTSU.spots)
    assert sorted(spot for spot, reading in frame.items() if reading == PRESENT) == sorted(
        ["3a", "2a", "1a", "2b", "2c", "3d", "2d", "1d"]
    )
    assert all(frame[spot] == EMPTY for spot in DOBUTSU.off_board_spots)


def test_hen_reads_south_under_polarity() -> None:
    pos = position(sfen({"2d": "L", "2a": "l", "1b": "+C"}))
    assert pos.expected_frame(POL)["1b"] == SOUTH
    assert pos.expected_frame(POL)["2d"] == NORTH
    assert pos.expected_frame(OCC)["1b"] == PRESENT


def test_footprint_of_a_simple_move() -> None:
    pos = position()
    assert pos.footprint(DobutsuMove.step("1d", "1c"), OCC) == Footprint(
        (("1c", PRESENT), ("1d", EMPTY))
    )


def test_footprint_of_a_capture() -> None:
    pos = position()
    footprint = pos.footprint(DobutsuMove.step("2c", "2b"), OCC)
    assert footprint.changes == (("2c", EMPTY), ("hand:b:C", PRESENT))
    assert footprint.hidden == {"2b"}
    assert footprint.must_touch == {"2b"}


def test_footprint_of_a_capture_onto_a_full_stand_slot() -> None:
    pos = position(sfen({"2c": "G", "2b": "c", "2d": "L", "1d": "l"}, hand="C"))
    footprint = pos.footprint(DobutsuMove.step("2c", "2b"), OCC)
    assert footprint.changes == (("2c", EMPTY),)
    assert footprint.hidden == {"2b", "hand:b:C"}
    assert footprint.must_touch == {"2b"}  # a stand slot need not be touched


def test_footprint_of_a_drop() -> None:
    last = position(sfen({"2d": "L", "1d": "l"}, hand="C"))
    assert last.footprint(DobutsuMove.put("C", "2b"), OCC) == Footprint(
        (("2b", PRESENT), ("hand:b:C", EMPTY)),
        turnable=frozenset({"2b"}),  # a chick: it has a hen on its back
    )
    two = position(sfen({"2d": "L", "1d": "l"}, hand="2C"))
    footprint = two.footprint(DobutsuMove.put("C", "2b"), OCC)
    assert footprint.changes == (("2b", PRESENT),)
    assert footprint.hidden == {"hand:b:C"}
    assert footprint.must_touch == frozenset()


def test_footprint_of_a_white_drop_uses_whites_stand() -> None:
    pos = position(sfen({"2d": "L", "2a": "l"}, turn="w", hand="e"))
    assert pos.footprint(DobutsuMove.put("E", "2b"), OCC).changes == (
        ("2b", PRESENT),
        ("hand:w:E", EMPTY),
    )


def test_promotion_is_seen_under_polarity_only() -> None:
    pos = position(sfen({"2b": "C", "2d": "L", "1d": "l"}))
    promote = DobutsuMove.step("2b", "2a", promote=True)
    plain = DobutsuMove.step("2b", "2a")
    assert pos.footprint(promote, POL).changes == (("2a", SOUTH), ("2b", EMPTY))
    assert pos.footprint(plain, POL).changes == (("2a", NORTH), ("2b", EMPTY))
    assert pos.footprint(promote, OCC) == pos.footprint(plain, OCC)


def test_promotion_with_capture_flips_the_reading_of_the_target() -> None:
    pos = position(sfen({"2b": "C", "2a": "g", "2d": "L", "1d": "l"}))
    promote = DobutsuMove.step("2b", "2a", promote=True)
    # Under polarity the target goes from 1 (the giraffe) to 2 (the hen).
    assert pos.expected_frame(POL)["2a"] == NORTH
    footprint = pos.footprint(promote, POL)
    assert footprint.changes == (("2a", SOUTH), ("2b", EMPTY), ("hand:b:G", PRESENT))
    assert footprint.hidden == frozenset()
    # Under occupancy the capture is invisible on 2a and must be touched.
    occupancy = pos.footprint(promote, OCC)
    assert occupancy.changes == (("2b", EMPTY), ("hand:b:G", PRESENT))
    assert occupancy.must_touch == {"2a"}


def test_capturing_the_lion_shows_no_stand_change() -> None:
    pos = position("3/1l1/1G1/1L1 b - 1")
    footprint = pos.footprint(DobutsuMove.step("2c", "2b"), OCC)
    assert footprint.changes == (("2c", EMPTY),)
    assert footprint.must_touch == {"2b"}


@pytest.mark.parametrize("sensing", [OCC, POL])
def test_footprint_matches_playing_the_move(sensing: Sensing) -> None:
    """The direct footprint equals the base class's, which plays the move and looks."""
    checked = 0
    for pos in random_games(17, 25, 40):
        layout = pos.layout()
        playable = list(pos.legal_moves())
        playable += [m for m, _ in pos.illegal_moves() if not _flips_a_solid_piece(layout, m)]
        for move in playable:
            assert pos.footprint(move, sensing) == Position.footprint(pos, move, sensing)
            checked += 1
    assert checked > 3000


def _flips_a_solid_piece(layout: Layout, move: DobutsuMove) -> bool:
    """Only a chick has two faces; push cannot show any other piece turned over."""
    if not move.promote:
        return False
    if move.drop is not None:
        return move.drop != "C"
    return layout[move.from_cell or ""][0].kind != "C"


def test_a_flipped_giraffe_has_a_footprint_but_cannot_be_played() -> None:
    pos = position()
    move = DobutsuMove.step("1d", "1c", promote=True)
    assert pos.footprint(move, POL).changes == (("1c", SOUTH), ("1d", EMPTY))
    with pytest.raises(IllegalMoveError, match="giraffe has no other face"):
        pos.push(move)
    assert pos.text() == "gle/1c1/1C1/ELG b - 1"
