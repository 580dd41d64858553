"""Captures and their points, boats that never take boats, and the parade of boats."""

from __future__ import annotations

import pytest

from engine.errors import IllegalMoveError
from tests.engine.chaturaji.helpers import moves_from, names, play, position, rolled, text

KINGS = {"a8": "gK", "h8": "rK", "h1": "yK", "a1": "kK"}


@pytest.mark.parametrize(
    ("victim", "points"),
    [("gb", 1), ("gB", 2), ("gH", 3), ("gE", 4), ("rK", 5)],
)
def test_capture_scores_by_kind(victim: str, points: int) -> None:
    pieces = {**KINGS, "g8": "rH", "d4": "kE", "d6": victim}
    if victim == "rK":
        pieces.pop("h8")
    pos = rolled(pieces, "4")
    play(pos, "d4d6")
    assert pos.scores() == (points, 0, 0, 0)
    assert "d6" in pos.layout() and pos.layout()["d6"][0].kind == "E"
    assert pos.text().split()[3] == f"{points},0,0,0"


def test_scores_accumulate_per_seat() -> None:
    pos = position(text({**KINGS, "g8": "rH", "d4": "kE", "d6": "gH"}, "k", "4", "3,0,2,1"))
    play(pos, "d4d6")
    assert pos.scores() == (6, 0, 2, 1)


def test_a_player_whose_king_was_captured_keeps_playing() -> None:
    pieces = {**KINGS, "g8": "rH", "d4": "kE", "b7": "gb"}
    pieces["d6"] = pieces.pop("a8")  # green's king on d6
    pos = rolled(pieces, "4")
    play(pos, "d4d6")
    assert pos.scores() == (5, 0, 0, 0)
    assert pos.outcome() is None
    assert pos.turn == 1 and pos.in_play(1)
    play(pos, "roll 5")
    assert names(pos) == {"b7c7"}


def test_boat_can_never_capture_a_boat_by_moving() -> None:
    pos = rolled(
        {**KINGS, "g8": "rH", "d4": "kB", "f6": "gB", "b2": "rB", "f2": "yB", "b6": "gb"}, "2"
    )
    assert moves_from(pos, "d4") == {"d4b6"}
    with pytest.raises(IllegalMoveError, match="a boat never captures a boat"):
        pos.push_text("d4f6")


PARADE = {**KINGS, "g8": "rH", "d5": "gB", "e5": "rB", "e4": "yB", "b2": "kB"}


def test_parade_of_boats_captures_the_other_three_and_scores_six() -> None:
    pos = rolled(PARADE, "2")
    assert "b2d4" in names(pos)
    play(pos, "b2d4")
    layout = pos.layout()
    assert layout["d4"][0].kind == "B" and layout["d4"][0].owner == 0
    assert not {"d5", "e5", "e4"} & set(layout)
    assert pos.scores() == (6, 0, 0, 0)


def test_parade_footprint_shows_the_three_boats_leaving() -> None:
    from engine.physical import EMPTY, PRESENT, Sensing

    pos = rolled(PARADE, "2")
    footprint = pos.footprint(pos.read_move("b2d4"), Sensing.OCCUPANCY)
    assert footprint.changes == (
        ("b2", EMPTY),
        ("d4", PRESENT),
        ("d5", EMPTY),
        ("e4", EMPTY),
        ("e5", EMPTY),
    )


def test_parade_is_made_by_the_boat_move_that_completes_the_block() -> None:
    # green's boat completes the block black, red and yellow stand in: green takes three
    pieces = {**KINGS, "g8": "rH", "d4": "kB", "e5": "rB", "e4": "yB", "b7": "gB"}
    pos = rolled(pieces, "2", turn="g")
    play(pos, "b7d5")
    assert pos.scores() == (0, 6, 0, 0)
    assert {cell for cell, stones in pos.layout().items() if stones[0].kind == "B"} == {"d5"}


def test_three_boats_and_a_pawn_make_no_parade() -> None:
    pieces = {**KINGS, "g8": "rH", "d5": "gB", "e5": "rB", "e4": "ye", "b2": "kB"}
    pos = rolled(pieces, "2")
    play(pos, "b2d4")
    assert pos.scores() == (0, 0, 0, 0)
    assert {"d5", "e5", "e4", "d4"} <= set(pos.layout())


def test_two_boats_of_one_seat_never_parade() -> None:
    """Each player has one boat, so four boats of four players is the only parade; a block
    completed by a boat whose neighbours are fewer than three other players does nothing."""
    pieces = {**KINGS, "g8": "rH", "d5": "gB", "e5": "rB", "e4": "kh", "b2": "kB"}
    pos = rolled(pieces, "2")
    play(pos, "b2d4")
    assert pos.scores() == (0, 0, 0, 0)


def test_a_piece_moving_into_a_block_of_boats_is_no_parade() -> None:
    pieces = {**KINGS, "g8": "rH", "d5": "gB", "e5": "rB", "e4": "yB", "c2": "kH"}
    pos = rolled(pieces, "3")
    play(pos, "c2d4")
    assert pos.scores() == (0, 0, 0, 0)
    assert {"d5", "e5", "e4"} <= set(pos.layout())


def test_ranks_weak_pieces_do_not_take_strong_ones() -> None:
    pieces = {**KINGS, "g8": "rH", "d4": "ke", "c5": "gH", "e5": "gb", "b2": "kB"}
    plain = rolled(pieces, "5")
    assert moves_from(plain, "d4") == {"d4d5", "d4c5", "d4e5"}
    ranked = rolled(pieces, "5", ranks="on")
    assert moves_from(ranked, "d4") == {"d4d5", "d4e5"}
    with pytest.raises(IllegalMoveError, match="with ranks, a pawn may not capture a horse"):
        ranked.push_text("d4c5")
    boat = rolled({**KINGS, "g8": "rH", "b2": "kB", "d4": "gE"}, "2", ranks="on")
    assert "b2d4" not in names(boat)
    assert "b2d4" in names(rolled({**KINGS, "g8": "rH", "b2": "kB", "d4": "gE"}, "2"))


def test_ranks_strong_pieces_take_anything() -> None:
    pieces = {**KINGS, "g8": "rH", "d4": "kE", "d6": "gb", "f4": "gB", "d2": "rK"}
    pieces.pop("h8")
    pos = rolled(pieces, "4", ranks="on")
    assert {"d4d6", "d4f4", "d4d2"} <= moves_from(pos, "d4")
