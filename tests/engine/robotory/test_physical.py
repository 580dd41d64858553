"""How positions and moves look to the sensors: layouts, stock slots, footprints."""

from __future__ import annotations

import dataclasses

import pytest

from engine.game import Position
from engine.physical import EMPTY, NORTH, PRESENT, SOUTH, Sensing, Stone
from engine.robotory import ROBOTORY, Chain, PlaceToken, Refill
from engine.robotory.board import stock_slots
from tests.engine.robotory.helpers import position, random_games, text

OCC = Sensing.OCCUPANCY
POL = Sensing.POLARITY
CELLS = frozenset(ROBOTORY.cells)
W, B = Stone("w", None), Stone("b", None)


@pytest.mark.parametrize(
    ("white", "black", "slots"),
    [
        (2, 2, (0, 0, 1, 1)),
        (1, 2, (0, None, 1, 1)),
        (4, 0, (0, 0, 0, 0)),
        (0, 4, (1, 1, 1, 1)),
        (1, 0, (0, None, None, None)),
        (0, 1, (None, None, None, 1)),
        (0, 0, (None, None, None, None)),
        (1, 3, (0, 1, 1, 1)),
    ],
)
def test_whites_fill_from_slot_one_and_blacks_from_slot_four(
    white: int, black: int, slots: tuple[int | None, ...]
) -> None:
    assert stock_slots(white, black) == slots


def test_the_slot_a_token_leaves_names_its_colour() -> None:
    """Taking a white token empties the last white slot, a black one the first black
    slot: never the same slot, whatever the stock."""
    for white in range(5):
        for black in range(5 - white):
            before = stock_slots(white, black)
            emptied = set()
            for colour in (0, 1):
                if (white, black)[colour] == 0:
                    continue
                after = stock_slots(white - (colour == 0), black - (colour == 1))
                changed = [k for k in range(4) if before[k] != after[k]]
                assert len(changed) == 1 and after[changed[0]] is None
                assert before[changed[0]] == colour
                emptied.add(changed[0])
            assert len(emptied) == (white > 0) + (black > 0)


def test_the_layout_holds_the_board_and_both_stocks_but_not_the_lid() -> None:
    pos = position(text({"A1": "R", "E1": "W", "C6": "B", "C3": "w"}, light="1w2b", dark="0w0b"))
    assert pos.layout() == {
        "A1": (Stone("R", None),),
        "E1": (Stone("W", None),),
        "C6": (Stone("B", None),),
        "C3": (W,),
        "stock:l:1": (W,),
        "stock:l:3": (B,),
        "stock:l:4": (B,),
    }


def test_the_expected_frame_under_polarity() -> None:
    pos = position(text({"A1": "R", "E1": "W", "C6": "B", "C3": "w", "C4": "b"}))
    frame = pos.expected_frame(POL)
    assert (frame["A1"], frame["E1"], frame["C6"]) == (NORTH, NORTH, SOUTH)
    assert (frame["C3"], frame["C4"], frame["C5"]) == (NORTH, SOUTH, EMPTY)
    assert pos.expected_frame(OCC)["C4"] == PRESENT


def test_a_placement_shows_on_its_cell_and_in_the_slot_it_leaves() -> None:
    pos = position()
    white = pos.footprint(PlaceToken("w", "A1"), OCC)
    black = pos.footprint(PlaceToken("b", "A1"), OCC)
    assert white.changes == (("A1", PRESENT), ("stock:l:2", EMPTY))
    assert black.changes == (("A1", PRESENT), ("stock:l:3", EMPTY))
    board_only = frozenset(ROBOTORY.cells)
    assert white.restricted(board_only) == black.restricted(board_only)  # a prompt
    assert pos.footprint(PlaceToken("w", "A1"), POL).changes[0] == ("A1", NORTH)
    assert pos.footprint(PlaceToken("b", "A1"), POL).changes[0] == ("A1", SOUTH)


def test_a_chain_empties_its_start_and_its_middle_and_hides_its_end() -> None:
    pos = position(text({"C3": "R", "C4": "w", "C5": "b", "A1": "W", "E1": "B"}))
    chain = Chain("R", ("C3", "C4", "C5"))
    footprint = pos.footprint(chain, OCC)
    assert footprint.changes == (("C3", EMPTY), ("C4", EMPTY))
    assert footprint.hidden == footprint.must_touch == {"C5"}
    # under polarity the red robot (north) replacing a black token (south) shows
    polar = pos.footprint(chain, POL)
    assert polar.changes == (("C3", EMPTY), ("C4", EMPTY), ("C5", NORTH))
    assert polar.must_touch == frozenset()
    one = pos.footprint(Chain("R", ("C3", "C4")), POL)
    assert one.changes == (("C3", EMPTY),) and one.must_touch == {"C4"}


def test_a_refill_changes_only_the_stock_slots() -> None:
    pos = position(text({"A1": "R", "E1": "W", "C6": "B"}, light="1w0b"))
    footprint = pos.footprint(Refill(1, 2), OCC)
    assert footprint.changes == (
        ("stock:l:2", PRESENT),
        ("stock:l:3", PRESENT),
        ("stock:l:4", PRESENT),
    )
    assert footprint.restricted(CELLS).changes == ()  # unseen on a board of cells only
    assert pos.footprint(Refill(3, 0), OCC).changes == footprint.changes  # a prompt
    assert pos.footprint(Refill(3, 0), POL).changes != pos.footprint(Refill(1, 2), POL).changes


@pytest.mark.parametrize("sensing", [OCC, POL])
def test_the_direct_footprint_equals_playing_the_move(sensing: Sensing) -> None:
    """The same changes as playing the move; the direct one also names a chain's origin
    (the order of its changes is read from there: ``engine.recognition.change_order.in_order``)."""
    checked = 0
    for pos in random_games(11, 20, place_bias=0.3):
        for move in pos.legal_moves():
            direct = pos.footprint(move, sensing)
            origins = frozenset(move.path[:1]) if isinstance(move, Chain) else frozenset()
            assert direct.origins == origins
            played = Position.footprint(pos, move, sensing)
            assert dataclasses.replace(direct, origins=frozenset()) == played
            checked += 1
    assert checked > 5000


def test_threatened_robots_are_those_the_opponent_can_take_out_of_the_camp() -> None:
    # Light to move. The red robot on B3 (light's camp) can eat the white token on B4
    # (dark's camp): threatened. The black robot on C2 (light's camp) can eat the black
    # token on C3, still in light's camp, then D3 (dark's): threatened through a chain.
    # The white robot on A1 has nothing to eat: safe.
    pieces = {"B3": "R", "B4": "w", "C2": "B", "C3": "b", "D3": "b", "A1": "W"}
    pos = position(text(pieces))
    assert pos.threatened_spots() == {"B3", "C2"}
    # From dark's side the robots in dark's camp: none of them stands there
    assert position(text(pieces, turn="d")).threatened_spots() == frozenset()
    # a robot that can only move within its camp is safe
    inside = {"A1": "R", "A2": "w", "E4": "B", "E1": "W"}
    assert position(text(inside)).threatened_spots() == frozenset()
