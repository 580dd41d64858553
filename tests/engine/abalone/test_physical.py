"""How positions and moves look to the sensors, and what the LEDs are told to show."""

from __future__ import annotations

import itertools

import pytest

from engine.abalone import ABALONE, AbaloneMove
from engine.game import Layout, Position
from engine.physical import EMPTY, NORTH, PRESENT, SOUTH, Footprint, Sensing, Stone
from tests.engine.abalone.helpers import HOLES, position, random_games, setup, step

OCC = Sensing.OCCUPANCY
POL = Sensing.POLARITY
B, W = Stone("b", 0), Stone("w", 1)
CELLS = frozenset(HOLES)


def test_start_layout_and_frames() -> None:
    pos = position()
    layout = pos.layout()
    assert len(layout) == 28
    assert layout["A1"] == (B,) and layout["I9"] == (W,) and "E5" not in layout
    assert not any(spot.startswith("gutter") for spot in layout)
    frame = pos.expected_frame(OCC)
    assert set(frame) == set(ABALONE.spots)
    assert sum(1 for r in frame.values() if r == PRESENT) == 28
    polar = pos.expected_frame(POL)
    assert polar["A1"] == NORTH and polar["I9"] == SOUTH and polar["E5"] == EMPTY


def test_lost_marbles_fill_their_gutter_slots_in_order() -> None:
    pos = setup({"E5": "b", "E6": "w"}, lost=(2, 5))
    layout = pos.layout()
    assert [s for s in layout if s.startswith("gutter")] == [
        "gutter:b:1", "gutter:b:2",
        "gutter:w:1", "gutter:w:2", "gutter:w:3", "gutter:w:4", "gutter:w:5",
    ]  # fmt: skip
    assert layout["gutter:b:2"] == (B,) and layout["gutter:w:5"] == (W,)
    assert pos.expected_frame(POL)["gutter:w:1"] == SOUTH


def test_footprint_of_an_in_line_move() -> None:
    pos = setup({"E3": "b", "E4": "b", "E5": "b", "I9": "w"})
    footprint = pos.footprint(pos.read_move("E3E4"), OCC)
    assert footprint == Footprint((("E3", EMPTY), ("E6", PRESENT)), frozenset({"E4", "E5"}))
    assert footprint.must_touch == frozenset()


def test_footprint_of_a_broadside_move() -> None:
    pos = setup({"C3": "b", "C4": "b", "C5": "b", "I9": "w"})
    footprint = pos.footprint(pos.read_move("C3C5D4"), OCC)
    assert footprint.changes == (
        ("C3", EMPTY), ("C4", EMPTY), ("C5", EMPTY),
        ("D4", PRESENT), ("D5", PRESENT), ("D6", PRESENT),
    )  # fmt: skip
    assert footprint.hidden == footprint.must_touch == frozenset()


def test_footprint_of_a_push() -> None:
    pos = setup({"E2": "b", "E3": "b", "E4": "b", "E5": "w", "E6": "w", "I9": "w"})
    move = pos.read_move("E2E3")
    occupancy = pos.footprint(move, OCC)
    assert occupancy.changes == (("E2", EMPTY), ("E7", PRESENT))
    assert occupancy.hidden == {"E3", "E4", "E5", "E6"}  # they roll; only E5 changes colour
    assert occupancy.must_touch == frozenset()
    polarity = pos.footprint(move, POL)
    assert polarity.changes == (("E2", EMPTY), ("E5", NORTH), ("E7", SOUTH))
    assert polarity.hidden == {"E3", "E4", "E6"}


@pytest.mark.parametrize(("lost", "slot"), [(0, "gutter:w:1"), (3, "gutter:w:4")])
def test_footprint_of_a_push_off(lost: int, slot: str) -> None:
    pos = setup({"E6": "b", "E7": "b", "E8": "w", "E9": "w", "I5": "w"}, lost=(0, lost))
    move = pos.read_move("E6E7")
    footprint = pos.footprint(move, OCC)
    assert footprint.changes == (("E6", EMPTY), (slot, PRESENT))
    assert footprint.hidden == {"E7", "E8", "E9"}
    assert footprint.must_touch == frozenset()
    # a board without sensed gutters sees only the rear hole empty
    assert footprint.restricted(CELLS).changes == (("E6", EMPTY),)
    assert pos.footprint(move, POL).changes == (("E6", EMPTY), ("E8", NORTH), (slot, SOUTH))


def test_two_push_offs_from_one_marble_differ_only_in_what_they_hide() -> None:
    pos = setup({"E7": "b", "E8": "b", "E9": "w", "F8": "b", "G9": "w", "I5": "w"})
    along_row, up_diagonal = pos.read_move("E7E8"), pos.read_move("E7F8")
    assert {along_row, up_diagonal} <= set(pos.legal_moves())
    row, diagonal = pos.footprint(along_row, OCC), pos.footprint(up_diagonal, OCC)
    assert row.restricted(CELLS).changes == diagonal.restricted(CELLS).changes == (("E7", EMPTY),)
    assert row.changes == diagonal.changes  # the same gutter slot fills
    assert row.hidden == {"E8", "E9"} and diagonal.hidden == {"F8", "G9"}
    assert pos.footprint(along_row, POL).changes != pos.footprint(up_diagonal, POL).changes


@pytest.mark.parametrize("sensing", [OCC, POL])
def test_footprint_agrees_with_playing_the_move(sensing: Sensing) -> None:
    """Same changes as the base class, which plays the move and compares layouts; the
    hidden holes are those plus the holes whose marble rolled on unchanged."""
    checked = 0
    for pos in random_games(17, 2, 50):
        for move in pos.legal_moves():
            mine = pos.footprint(move, sensing)
            played = Position.footprint(pos, move, sensing)
            assert mine.changes == played.changes
            assert played.hidden <= mine.hidden
            assert mine.must_touch == frozenset()
            checked += 1
    assert checked > 3000


def test_footprint_of_forbidden_moves_is_physical() -> None:
    """Forbidden moves too: each marble the hand moves pushes whatever stands before it."""
    checked = 0
    for pos in random_games(19, 1, 60):
        frames = {sensing: pos.expected_frame(sensing) for sensing in (OCC, POL)}
        for move, _ in pos.illegal_moves():
            after = naive_push(pos.layout(), move)
            for sensing, before in frames.items():
                footprint = pos.footprint(move, sensing)
                assert footprint.changes == diff(before, after, sensing), pos.move_text(move)
                assert footprint.must_touch == frozenset()
                assert footprint.spots() <= set(ABALONE.spots)
            checked += 1
    assert checked > 3000


def naive_push(layout: Layout, move: AbaloneMove) -> dict[str, tuple[Stone, ...]]:
    """Shift the row of marbles before each moved marble one hole on, by hand."""
    board = {spot: stones[0] for spot, stones in layout.items() if spot in CELLS}
    gutters = {spot: stones for spot, stones in layout.items() if spot not in CELLS}
    hand = [move.tail]
    if move.end is not None:
        hand = [ABALONE.cells[i] for i in move.holes]
    new = dict(board)
    for start in hand:
        run = [start]
        nxt = step(start, move.direction.name)
        while nxt is not None and nxt in board:
            run.append(nxt)
            nxt = step(nxt, move.direction.name)
        if nxt is None:
            off = board[run[-1]]
            letter = off.kind
            count = sum(1 for s in gutters if s.startswith(f"gutter:{letter}:"))
            if count < 6:
                gutters[f"gutter:{letter}:{count + 1}"] = (off,)
        else:
            new[nxt] = board[run[-1]]
        for earlier, later in itertools.pairwise(run):
            new[later] = board[earlier]
        del new[start]
    return {**{s: (stone,) for s, stone in new.items()}, **gutters}


def diff(before: dict[str, int], after: Layout, sensing: Sensing) -> tuple[tuple[str, int], ...]:
    readings = {spot: ABALONE.stack_reading(after.get(spot, ()), sensing) for spot in before}
    return tuple(sorted((s, r) for s, r in readings.items() if r != before[s]))


# --- the LEDs --------------------------------------------------------------------------


def test_threatened_marbles_are_those_the_opponent_can_push_off() -> None:
    pos = setup({"E7": "w", "E8": "w", "E9": "b", "A1": "b", "A2": "w", "B1": "w", "B2": "b"})
    assert pos.threatened_spots() == {"E9"}  # black to move; A1 is safe (1 cannot push 1)
    assert pos.attacked_spots(1) == {"E9"}
    assert pos.attacked_spots(0) == frozenset()


def test_only_the_front_marble_of_a_pushed_line_is_threatened() -> None:
    pos = setup({"E5": "w", "E6": "w", "E7": "w", "E8": "b", "E9": "b"})
    assert pos.threatened_spots() == {"E9"}
    blocked = setup({"E5": "w", "E6": "w", "E7": "b", "E8": "b", "E9": "b", "I5": "w"})
    assert blocked.threatened_spots() == frozenset()  # 2 cannot push 3


def test_attacked_spots_of_the_mover_and_the_threats_it_faces() -> None:
    pos = setup({"E7": "b", "E8": "b", "E9": "w", "A3": "w", "A2": "w", "A1": "b"})
    assert pos.attacked_spots(0) == {"E9"}  # black could push E9 off
    assert pos.threatened_spots() == {"A1"}  # and white threatens A1
    assert pos.attacked_spots(1) == {"A1"}
