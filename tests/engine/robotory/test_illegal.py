"""The mistakes a hand can make, each with the rule it breaks."""

from __future__ import annotations

import time

from engine.physical import EMPTY, PRESENT, Sensing
from engine.robotory import Chain, PlaceToken, Refill
from engine.robotory.illegal import MAX_CHAIN_STARTS
from tests.engine.robotory.helpers import position, random_games, text

# The black robot on C3 with a white token on C4 and a black one on C2 (which touches
# B1, B2, C1, D1, D2); the white robot on E4 and the red one on A4, out of the way.
SCENE = text({"C3": "B", "C4": "w", "C2": "b", "E4": "W", "A4": "R"}, light="0w2b")


def reasons() -> dict[str, str]:
    pos = position(SCENE)
    return {pos.move_text(move): str(why) for move, why in pos.illegal_moves()}


def test_a_robot_onto_a_token_it_cannot_eat() -> None:
    assert reasons()["B:C3-C4"] == "the black robot eats only black tokens; C4 holds a white token"


def test_a_robot_onto_an_empty_cell() -> None:
    assert reasons()["B:C3-D3"] == "a robot moves only onto a token it can eat; D3 is empty"


def test_a_robot_two_cells_away() -> None:
    found = reasons()
    assert found["B:C3-C5"].startswith("a robot steps onto a neighbouring cell; C5 is two cells")
    assert "B:C3-A1" in found  # two away, past B2


def test_a_wrong_step_at_the_end_of_a_legal_chain() -> None:
    found = reasons()
    assert "B:C3-C2" not in found  # legal
    assert found["B:C3-C2-C1"] == "a robot moves only onto a token it can eat; C1 is empty"


def test_a_colour_the_stock_does_not_hold() -> None:
    found = reasons()
    assert found["w@D3"] == "light has no white token in stock"
    assert "b@D3" not in found  # legal
    empty = position(text({"C3": "B", "E4": "W", "A4": "R"}, light="0w0b"))
    why = {empty.move_text(m): str(r) for m, r in empty.illegal_moves()}
    assert why["b@A1"] == why["w@A1"] == "light has no token in stock: refill first"


def test_refills_that_do_not_bring_the_stock_to_four() -> None:
    found = reasons()
    assert found["refill 1w"] == "a refill brings the stock back to 4: take 2 token(s)"
    assert "refill 1w1b" not in found
    # a full stock has no room for a token: no refill can be made by hand at all
    full = position(text({"C3": "B", "E4": "W", "A4": "R"}, light="2w2b"))
    assert not [m for m, _ in full.illegal_moves() if isinstance(m, Refill)]


def test_no_illegal_move_is_legal_and_none_is_a_token_on_a_taken_cell() -> None:
    for pos in random_games(8, 15, place_bias=0.4):
        legal = set(pos.legal_moves())
        occupied = set(pos.layout())
        for move, why in pos.illegal_moves():
            assert move not in legal, (pos.text(), move)
            assert why
            if isinstance(move, PlaceToken):
                assert move.cell not in occupied


def test_an_illegal_chain_has_a_footprint_without_being_played() -> None:
    pos = position(SCENE)
    wrong = Chain("B", ("C3", "C4"))
    footprint = pos.footprint(wrong, Sensing.OCCUPANCY)
    assert footprint.changes == (("C3", EMPTY),)
    assert footprint.must_touch == {"C4"}
    onto_empty = pos.footprint(Chain("B", ("C3", "D3")), Sensing.OCCUPANCY)
    assert onto_empty.changes == (("C3", EMPTY), ("D3", PRESENT))
    assert pos.text() == SCENE
    short = pos.footprint(Refill(1, 0), Sensing.OCCUPANCY)
    assert short.changes == (("stock:l:1", PRESENT),)  # the white run starts at slot 1


def test_generation_is_bounded_on_a_crowded_board() -> None:
    # the red robot amid 20 tokens has hundreds of thousands of chains; the wrong steps
    # are tried from at most MAX_CHAIN_STARTS of them, and the legal moves are never listed
    crowded = "Wwbw/bwbwb/wbRbwb/wbwbw/bwbB 0w0b 0w0b 3w3b l"
    pos = position(crowded)
    started = time.perf_counter()
    found = list(pos.illegal_moves())
    assert time.perf_counter() - started < 1.0
    wrong_chains = [m for m, _ in found if isinstance(m, Chain)]
    assert 0 < len(wrong_chains) <= 3 * (MAX_CHAIN_STARTS + 1) * 18
