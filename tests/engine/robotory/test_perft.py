"""Move counts: golden numbers from the start, tiny positions counted by hand, and the
engine against a naive referee written apart from it."""

from __future__ import annotations

import pytest

from engine.robotory import Chain, PlaceToken, Refill
from tests.engine.perft_data import perft_case
from tests.engine.robotory.helpers import moves, position, random_games, text
from tests.engine.robotory.oracle import State

# From the start (docs/robotory.md, "Move counts"):
#  depth 1: 21 free cells x 2 colours = 42 placements (no token to eat, a full stock).
#  depth 2: after each placement, dark places on 20 free cells x 2 colours = 40, or a
#    robot eats the new token: the red robot (B3) from its 5 free neighbours for either
#    colour (10), the black one (C4) from 4 free neighbours for black (4), the white one
#    (D3) from 5 for white (5): 42 x 40 + 19 = 1699.
#  depth 3: light holds three tokens of both colours and may refill one (1w or 1b).
#    After the 19 robot moves: 21 free cells x 2 + 2 refills = 44 each (836).
#    After the 1680 double placements: 19 x 2 + 2 = 40 each (67200), plus the chains:
#    one step onto either token, 19 x 40 for the first one and 19 x 40 for the second
#    (1520), and two steps when the tokens touch and one robot eats both colours:
#    144 for red (18 token pairs next to it x 4 colour pairs x 2 orders of placing),
#    32 for black (16 pairs, both black), 36 for white (18 pairs, both white): 212.
#    67200 + 836 + 1520 + 212 = 69768.
# The counts, and depth 4 (this engine, confirmed by the naive referee), are data:
# tests/engine/robotory/perft.json, to which tests/engine/test_contract.py holds both the engine
# and the naive referee (tests/engine/robotory/oracle.py).


def test_the_reference_numbers_are_the_hand_count() -> None:
    assert perft_case("robotory", "start").series()[:3] == [42, 1699, 69768]


# --- tiny positions counted by hand ---------------------------------------------------


def test_hand_count_red_robot_and_an_empty_stock() -> None:
    # Red on A3 with a white token on B3 and a black one on B4 (B3 and B4 touch, and
    # both touch A3); the white robot on E1 and the black on E4 have nothing to eat.
    # Light's stock is empty: no placement, and a refill of four from a full lid.
    #   chains: A3-B3, A3-B3-B4, A3-B4, A3-B4-B3                          4
    #   refills: 4w, 3w1b, 2w2b, 1w3b, 4b                                  5
    pos = position(text({"A3": "R", "B3": "w", "B4": "b", "E1": "W", "E4": "B"}, light="0w0b"))
    assert moves(pos) == {
        "R:A3-B3",
        "R:A3-B3-B4",
        "R:A3-B4",
        "R:A3-B4-B3",
        "refill 4w",
        "refill 3w1b",
        "refill 2w2b",
        "refill 1w3b",
        "refill 4b",
    }
    assert pos.perft(1) == 9


def test_hand_count_the_rhombus_of_white_tokens() -> None:
    # The white robot on A2, white tokens on A3, B3, B4; light holds four white tokens.
    #   placements: 24 - 3 robots - 3 tokens = 18 free cells, white only     18
    #   chains: 10 paths, of which A2-A3-B3-B4 and A2-B3-A3-B4 are one move    9
    #   refills: none (a full stock)                                           0
    pos = position(
        text({"A2": "W", "A3": "w", "B3": "w", "B4": "w", "E1": "R", "E4": "B"}, light="4w0b")
    )
    legal = list(pos.legal_moves())
    assert sum(isinstance(m, PlaceToken) for m in legal) == 18
    assert sum(isinstance(m, Chain) for m in legal) == 9
    assert sum(isinstance(m, Refill) for m in legal) == 0
    assert pos.perft(1) == 27


def test_hand_count_two_plies_to_the_end_of_the_lid() -> None:
    # One white and one black token left on the lid; light holds 2w1b, dark 0w3b... the
    # position has the robots apart with nothing to eat and the board empty.
    # Light: placements 21 x 2 = 42; refills of one: 1w or 1b (each ends the game) = 2.
    # After a placement (42), dark: placements 20 x 1 (black only) = 20, plus the chains
    # onto the new token. The red robot on A1 touches A2 B1 B2; the white one on E1
    # touches D1 D2 E2; the black on C6 touches B5 C5 D5:
    #   w on A2 B1 B2: red eats (3); w on D1 D2 E2: white eats (3)            6
    #   b on A2 B1 B2: red eats (3); b on B5 C5 D5: black eats (3)             6
    # plus dark's refill of one (1w or 1b, each the last of its colour)       2 x 42
    # depth 2 = 42 x 20 + 12 + 84 = 936; the two refills of light end the game: 0.
    pos = position(text({"A1": "R", "E1": "W", "C6": "B"}, light="2w1b", dark="0w3b", lid="1w1b"))
    assert pos.perft(1) == 44
    assert pos.perft(2) == 42 * 20 + 12 + 84


# --- the engine against the naive referee -----------------------------------------------


def successor_texts(pos_text: str) -> tuple[set[State], int]:
    pos = position(pos_text)
    states = set()
    legal = list(pos.legal_moves())
    for move in legal:
        pos.push(move)
        states.add(State.from_text(pos.text()))
        pos.pop()
    return states, len(legal)


def agree(seed: int, games: int, place_bias: float) -> int:
    checked = 0
    for pos in random_games(seed, games, place_bias):
        mine, count = successor_texts(pos.text())
        theirs = State.from_text(pos.text()).successors()
        assert count == len(mine), pos.text()  # no two moves lead to the same position
        assert mine == theirs, pos.text()
        outcome = pos.outcome()
        state = State.from_text(pos.text())
        assert (outcome is not None) == state.over()
        if outcome is not None:
            assert outcome.winners == {state.winner()}
        checked += 1
    return checked


def test_the_engine_agrees_with_the_naive_referee_over_random_games() -> None:
    assert agree(seed=1, games=25, place_bias=0.3) > 500


@pytest.mark.slow
def test_the_engine_agrees_with_the_naive_referee_over_many_random_games() -> None:
    assert agree(seed=2, games=400, place_bias=0.3) > 10000
