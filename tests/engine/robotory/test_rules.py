"""The rules: placing, eating, chains, refills, the end of the game, the rare pass."""

from __future__ import annotations

import pytest

from engine.errors import GameOverError, IllegalMoveError
from engine.outcome import Termination
from engine.robotory import Chain, Pass, Refill
from engine.robotory.board import CELL_NAMES, NEIGHBOURS
from engine.robotory.rules import generate
from tests.engine.robotory.helpers import (
    DARK_CAMP,
    LIGHT_CAMP,
    START_ROBOTS,
    chains,
    moves,
    position,
    text,
)

# Robots far from each other and from the tokens of each test, unless a test says otherwise.
APART = {"A1": "R", "E1": "W", "C6": "B"}


# --- placing ----------------------------------------------------------------------------


def test_a_token_goes_on_any_free_cell_in_either_camp() -> None:
    pos = position()
    places = {m for m in moves(pos) if "@" in m}
    free = set(CELL_NAMES) - set(START_ROBOTS)
    assert places == {f"{colour}@{cell}" for colour in "wb" for cell in free}
    assert {m[2:] for m in places} & LIGHT_CAMP
    assert {m[2:] for m in places} & DARK_CAMP


def test_placing_takes_the_token_from_the_movers_stock() -> None:
    pos = position()
    pos.push_text("w@E4")
    assert pos.stock(0) == (1, 2) and pos.stock(1) == (2, 2)
    assert pos.tokens("w") == {"E4"}
    pos.push_text("b@A1")
    assert pos.stock(1) == (2, 1)
    assert pos.tokens("b") == {"A1"}
    assert pos.lid() == (10, 10)


def test_only_colours_in_stock_can_be_placed() -> None:
    pos = position(text(START_ROBOTS, light="0w1b"))
    assert {m[0] for m in moves(pos) if "@" in m} == {"b"}
    with pytest.raises(IllegalMoveError, match="light has no white token in stock"):
        pos.parse_move("w@A1")
    empty = position(text(START_ROBOTS, light="0w0b"))
    assert not [m for m in moves(empty) if "@" in m]
    with pytest.raises(IllegalMoveError, match="light has no token in stock: refill first"):
        empty.parse_move("b@A1")


def test_no_token_on_a_robot_or_a_token() -> None:
    pos = position(text({**START_ROBOTS, "A1": "w"}))
    with pytest.raises(IllegalMoveError, match="A1 holds a white token"):
        pos.parse_move("b@A1")
    with pytest.raises(IllegalMoveError, match="B3 holds the red robot"):
        pos.parse_move("b@B3")


# --- eating -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("robot", "edible"),
    [("W", {"w"}), ("B", {"b"}), ("R", {"w", "b"})],
)
def test_each_robot_eats_its_colours(robot: str, edible: set[str]) -> None:
    # the robot on C3, a white token on C4 and a black one on C2; the others far away
    others = {"W": {"A4": "B", "E4": "R"}, "B": {"A4": "W", "E4": "R"}, "R": {"A4": "W", "E4": "B"}}
    pos = position(text({"C3": robot, "C4": "w", "C2": "b", **others[robot]}))
    expected = set()
    if "w" in edible:
        expected.add(f"{robot}:C3-C4")
    if "b" in edible:
        expected.add(f"{robot}:C3-C2")
    assert chains(pos) == expected


def test_the_black_robot_refuses_white_and_the_white_robot_black() -> None:
    pos = position(text({"C3": "B", "C4": "w", "D3": "W", "D2": "b", "A1": "R"}))
    with pytest.raises(IllegalMoveError, match="black robot eats only black tokens; C4 holds"):
        pos.parse_move("B:C3-C4")
    with pytest.raises(IllegalMoveError, match="white robot eats only white tokens; D2 holds"):
        pos.parse_move("W:D3-D2")


def test_a_robot_never_moves_onto_an_empty_cell_or_a_robot() -> None:
    pos = position(text({"C3": "R", "C4": "W", "E4": "B"}))
    assert chains(pos) == set()
    with pytest.raises(IllegalMoveError, match="moves only onto a token it can eat; C2 is empty"):
        pos.parse_move("R:C3-C2")
    with pytest.raises(IllegalMoveError, match="C4 holds the white robot"):
        pos.parse_move("R:C3-C4")


def test_eaten_tokens_leave_the_game() -> None:
    pos = position(text({"C3": "R", "C4": "w", "C5": "b", "A1": "W", "E1": "B"}))
    before = pos.stock(0), pos.stock(1), pos.lid()
    pos.push_text("R:C3-C4-C5")
    assert pos.tokens("w") == pos.tokens("b") == frozenset()
    assert pos.robot_cell("R") == "C5"
    assert (pos.stock(0), pos.stock(1), pos.lid()) == before
    assert "C3" not in pos.layout() and "C4" not in pos.layout()


# --- chains -----------------------------------------------------------------------------


def test_one_two_and_three_step_chains_and_every_prefix() -> None:
    # red on A1; tokens in a line A2 (w), A3 (b), A4 (w); nothing else to eat
    pos = position(text({"A1": "R", "A2": "w", "A3": "b", "A4": "w", "E1": "W", "E4": "B"}))
    # A2 is also next to B2 and B3, which are empty: the chain can only go up column A
    assert chains(pos) == {"R:A1-A2", "R:A1-A2-A3", "R:A1-A2-A3-A4"}
    pos.push_text("R:A1-A2-A3-A4")
    assert pos.robot_cell("R") == "A4"
    assert pos.tokens("w") == pos.tokens("b") == frozenset()


def test_a_chain_stops_at_a_colour_its_robot_cannot_eat() -> None:
    pos = position(text({"A1": "B", "A2": "b", "A3": "w", "A4": "b", "E1": "W", "E4": "R"}))
    assert chains(pos) == {"B:A1-A2"}


def test_a_chain_is_one_robot_only() -> None:
    # the white robot eats A2; the red robot could go on from A3, but not in the same move
    pos = position(text({"A1": "W", "A2": "w", "A4": "R", "A3": "w", "E1": "B"}))
    assert chains(pos) == {"W:A1-A2", "W:A1-A2-A3", "R:A4-A3", "R:A4-A3-A2"}
    with pytest.raises(IllegalMoveError, match="white robot stands on A1, not on A4"):
        pos.parse_move("W:A4-A3")


def test_continuing_is_optional_and_each_stop_is_its_own_move() -> None:
    pos = position(text({"C1": "W", "C2": "w", "C3": "w", "C4": "w", "A1": "R", "E4": "B"}))
    # C2 also touches B1, B2, D1, D2 (empty): the white robot walks up column C
    assert chains(pos) == {"W:C1-C2", "W:C1-C2-C3", "W:C1-C2-C3-C4"}
    pos.push_text("W:C1-C2")
    assert pos.tokens("w") == {"C3", "C4"}
    assert pos.turn == 1


def test_two_orders_of_the_same_steps_are_one_move() -> None:
    # The white robot on A2 with white tokens on A3, B3 and B4 (a rhombus): 10 paths,
    # but A2-A3-B3-B4 and A2-B3-A3-B4 eat the same tokens and end on the same cell.
    pos = position(text({"A2": "W", "A3": "w", "B3": "w", "B4": "w", "E1": "R", "E4": "B"}))
    assert chains(pos) == {
        "W:A2-A3",
        "W:A2-A3-B3",
        "W:A2-A3-B3-B4",
        "W:A2-A3-B4",
        "W:A2-A3-B4-B3",
        "W:A2-B3",
        "W:A2-B3-A3",
        "W:A2-B3-B4",
        "W:A2-B3-B4-A3",
    }
    other_order = pos.parse_move("W:A2-B3-A3-B4")
    assert pos.move_text(other_order) == "W:A2-A3-B3-B4"  # the legal move, in its own order
    assert Chain("W", ("A2", "B3", "A3", "B4")) == Chain("W", ("A2", "A3", "B3", "B4"))
    assert Chain("W", ("A2", "B3", "A3")) != Chain("W", ("A2", "A3", "B3"))


def test_a_chain_must_be_walked_step_by_step() -> None:
    pos = position(text({"A2": "W", "A3": "w", "B3": "w", "B4": "w", "E1": "R", "E4": "B"}))
    with pytest.raises(IllegalMoveError, match="B4 is two cells from A2"):
        pos.parse_move("W:A2-B4-A3")
    with pytest.raises(IllegalMoveError, match="E3 is not next to B4"):
        pos.parse_move("W:A2-B3-B4-E3")


# --- refills ----------------------------------------------------------------------------


def test_no_refill_with_a_full_stock() -> None:
    pos = position()
    assert not [m for m in pos.legal_moves() if isinstance(m, Refill)]
    with pytest.raises(IllegalMoveError, match="only with fewer than 4 tokens in stock"):
        pos.parse_move("refill 1w")


def test_each_colour_combination_is_its_own_refill() -> None:
    pos = position(text(APART, light="1w0b"))
    assert {m for m in moves(pos) if m.startswith("refill")} == {
        "refill 3w",
        "refill 2w1b",
        "refill 1w2b",
        "refill 3b",
    }
    pos.push_text("refill 1w2b")
    assert pos.stock(0) == (2, 2)
    assert pos.lid() == (4, 3)
    assert pos.outcome() is None


def test_a_refill_brings_the_stock_back_to_exactly_four() -> None:
    pos = position(text(APART, light="1w1b"))
    with pytest.raises(IllegalMoveError, match="back to 4: take 2 token"):
        pos.parse_move("refill 1w")
    with pytest.raises(IllegalMoveError, match="back to 4: take 2 token"):
        pos.parse_move("refill 2w1b")


def test_a_short_lid_gives_what_it_has() -> None:
    # light needs three, the lid has two white and one black left... but then the refill
    # would empty it: with 2 white and 5 black, light takes 3 of its choice
    pos = position(text(APART, light="1w0b", lid="2w5b"))
    assert {m for m in moves(pos) if m.startswith("refill")} == {
        "refill 2w1b",
        "refill 1w2b",
        "refill 3b",
    }
    with pytest.raises(IllegalMoveError, match="the lid holds only 2 white token"):
        pos.parse_move("refill 3w")
    # a lid of three, and four wanted: all three
    short = position(text(APART, light="0w0b", lid="1w2b"))
    assert {m for m in moves(short) if m.startswith("refill")} == {"refill 1w2b"}
    with pytest.raises(IllegalMoveError, match="holds only 3 token"):
        short.parse_move("refill 1w1b")


def test_taking_the_last_token_of_a_colour_ends_the_game_at_once() -> None:
    # dark has two robots in its camp (the start's robots)
    pos = position(text(START_ROBOTS, light="1w2b", lid="1w5b"))
    pos.push_text("refill 1w")
    outcome = pos.outcome()
    assert outcome is not None
    assert outcome.termination is Termination.LAST_TOKEN
    assert outcome.winners == {1}
    assert list(pos.legal_moves()) == []
    with pytest.raises(GameOverError):
        pos.parse_move("b@A1")
    pos.pop()
    pos.push_text("refill 1b")
    assert pos.outcome() is None  # black is not the last token: the game goes on


def test_the_winner_has_two_or_three_robots_in_their_own_camp() -> None:
    light_two = {"A1": "W", "B1": "B", "E4": "R"}  # A1, B1 light; E4 dark
    light_three = {"A1": "W", "B1": "B", "C1": "R"}
    dark_three = {"A4": "W", "B5": "B", "E4": "R"}
    for robots, winner in ((light_two, 0), (light_three, 0), (dark_three, 1)):
        pos = position(text(robots, turn="d", dark="0w3b", lid="3w1b"))
        pos.push_text("refill 1b")
        outcome = pos.outcome()
        assert outcome is not None and outcome.winners == {winner}, robots


def test_one_refill_may_take_the_last_token_of_both_colours() -> None:
    pos = position(text({"A1": "W", "B1": "B", "E4": "R"}, dark="0w1b", lid="1w1b", turn="d"))
    assert moves(pos) >= {"refill 1w1b"}
    pos.push_text("refill 1w1b")
    assert pos.lid() == (0, 0)
    outcome = pos.outcome()
    assert outcome is not None and outcome.winners == {0}


def test_a_position_whose_lid_is_out_of_a_colour_is_over() -> None:
    pos = position(text(START_ROBOTS, lid="0w3b"))
    assert pos.outcome() is not None
    assert list(pos.legal_moves()) == []


# --- the pass -----------------------------------------------------------------------------


def test_a_pass_never_arises_in_a_real_position() -> None:
    """With the board full the red robot always has a token next to it (every cell has
    three neighbours or more, and only two other robots), and a stock short of four
    can refill unless the lid is out, which has ended the game: the pass is only there
    for the rule's sake."""
    for red in CELL_NAMES:
        robots = {red: "R"}
        others = [cell for cell in CELL_NAMES if cell != red][:2]
        robots |= {others[0]: "W", others[1]: "B"}
        full = {cell: "wb"[k % 2] for k, cell in enumerate(CELL_NAMES) if cell not in robots}
        pos = position(text({**full, **robots}, light="2w2b", dark="0w0b", lid="1w1b"))
        # (a full board has an enormous number of chains: look at the first move only)
        first = next(pos.legal_moves())
        assert isinstance(first, Chain)
        assert pos.parse_move(f"R:{red}-{next(iter(near_tokens(red, full)))}")


def near_tokens(cell: str, tokens: dict[str, str]) -> set[str]:
    return {CELL_NAMES[n] for n in NEIGHBOURS[CELL_NAMES.index(cell)]} & set(tokens)


def test_with_no_action_at_all_the_turn_passes() -> None:
    # No position of the real board leaves a player without an action, so the pass is
    # shown on the rules function with an arena whose cells have no neighbours: a full
    # board (21 tokens, the robots on A1 A2 A3) and a full stock.
    isolated: list[list[int]] = [[] for _ in CELL_NAMES]
    tokens = ((1 << 24) - 1) & ~0b111
    assert list(generate((tokens, 0), (0, 1, 2), (2, 2), (1, 1), isolated)) == [Pass()]
    assert next(generate((tokens, 0), (0, 1, 2), (2, 2), (1, 1), NEIGHBOURS)) != Pass()


def test_a_pass_switches_the_turn_and_pops_back() -> None:
    pos = position()
    pos.push(Pass())
    assert pos.turn == 1 and pos.move_text(pos.move_stack[-1]) == "pass"
    pos.pop()
    assert pos.text() == position().text()
    with pytest.raises(IllegalMoveError, match="a player who can act may not pass"):
        pos.parse_move("pass")
