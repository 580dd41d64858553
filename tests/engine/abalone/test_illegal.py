"""Forbidden moves a hand can make, with the rule each breaks."""

from __future__ import annotations

import pytest

from engine.abalone import AbaloneMove, AbalonePosition
from engine.errors import IllegalMoveError
from engine.physical import Sensing
from tests.engine.abalone.helpers import position, random_games, setup


def reasons(pos: AbalonePosition) -> dict[str, str]:
    return {pos.move_text(move): str(reason) for move, reason in pos.illegal_moves()}


@pytest.mark.parametrize(
    ("pieces", "move", "reason"),
    [
        ({"E4": "b", "E5": "w"}, "E4E5", "1 cannot push 1 (pac)"),
        ({"E3": "b", "E4": "b", "E5": "w", "E6": "w"}, "E3E4", "2 cannot push 2 (pac)"),
        (
            {"E2": "b", "E3": "b", "E4": "b", "E5": "w", "E6": "w", "E7": "w"},
            "E2E3",
            "3 cannot push 3 (pac)",
        ),
        ({"E3": "b", "E4": "b", "E5": "w", "E6": "w", "E7": "w"}, "E3E4", "2 cannot push 3"),
        (
            {"E1": "b", "E2": "b", "E3": "b", "E4": "b", "E5": "w"},
            "E1E2",
            "at most three marbles move; this line has 4",
        ),
        (
            {"E3": "b", "E4": "b", "E5": "w", "E6": "b"},
            "E3E4",
            "the push is blocked by black's own marble on E6: a line with one of the "
            "mover's marbles behind it cannot be pushed",
        ),
        (
            {"C3": "b", "C4": "b", "D5": "w"},
            "C3C4D4",
            "a broadside move never pushes: D5 is not empty (only an in-line move can push)",
        ),
        (
            {"C3": "b", "C4": "b", "C5": "b", "C6": "b"},
            "C3C6D4",
            "at most three marbles move; this line has 4",
        ),
        ({"E5": "w"}, "E5E6", "it is black's turn"),
    ],
)
def test_each_forbidden_move_is_named(pieces: dict[str, str], move: str, reason: str) -> None:
    pos = setup({**pieces, "A1": "b", "I9": "w"})
    assert reasons(pos)[move] == reason


def test_dropping_ones_own_marble_is_not_listed_but_is_named_when_typed() -> None:
    """On an occupancy board it looks exactly like lifting a marble to see its moves."""
    pos = setup({"E7": "b", "E8": "b", "E9": "b", "C3": "b", "C4": "w", "C5": "w", "I5": "w"})
    found = reasons(pos)
    assert "E8E9" not in found and "E7E8" not in found
    assert found["C3C4"] == "1 cannot push 2"  # nothing drops off
    with pytest.raises(IllegalMoveError, match="black cannot push its own marble off the board"):
        pos.parse_move("E8E9")
    blocked = setup({"E6": "b", "E7": "b", "E8": "w", "E9": "b", "I5": "w"})
    assert "E6E7" not in reasons(blocked)  # would drop black's E9
    with pytest.raises(IllegalMoveError, match="blocked by black's own marble on E9"):
        blocked.parse_move("E6E7")


def test_a_pac_at_the_edge_is_listed() -> None:
    pos = setup({"E6": "b", "E7": "b", "E8": "w", "E9": "w", "I5": "w"})
    assert reasons(pos)["E6E7"] == "2 cannot push 2 (pac)"


def test_out_of_turn_names_the_side_to_move() -> None:
    found = reasons(position("wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb w 0 0"))
    assert found["A1B2"] == "it is white's turn"
    assert found["C3D4"] == "it is white's turn"


def test_legal_moves_and_empty_holes_are_never_listed() -> None:
    found = reasons(position())
    assert "A1B2" not in found  # a legal move
    assert "E5E6" not in found  # no marble there
    assert "I5H4" in found  # white's move, out of turn


def test_nothing_once_the_game_is_over() -> None:
    pos = setup({"E7": "b", "E8": "b", "E9": "w", "I5": "w"}, lost=(0, 5))
    pos.push_text("E7E8")
    assert pos.outcome() is not None
    assert list(pos.illegal_moves()) == []


def test_never_a_legal_move_never_twice_never_a_lift_and_bounded() -> None:
    checked = 0
    for pos in random_games(23, 3, 120):
        legal = set(pos.legal_moves())
        listed = [move for move, _ in pos.illegal_moves()]
        assert not legal & set(listed)
        assert len(listed) == len(set(listed))
        assert all(isinstance(move, AbaloneMove) for move in listed)
        assert len(listed) < 400  # lines of four at most, and the opponent's moves
        layout = pos.layout()
        mine = f"gutter:{'bw'[pos.turn]}:"
        for move in listed:  # the mover never drops one of its own marbles off the board
            if layout[move.tail][0].owner != pos.turn:
                continue  # the opponent's moves, out of turn, may push the mover's off
            footprint = pos.footprint(move, Sensing.OCCUPANCY)
            assert not any(spot.startswith(mine) for spot, _ in footprint.changes)
        checked += len(listed)
    assert checked > 20000


def test_every_listed_reason_is_the_one_parse_move_gives() -> None:
    for pos in random_games(29, 2, 60):
        if pos.outcome() is not None:
            continue
        for move, reason in pos.illegal_moves():
            with pytest.raises(ValueError, match="is illegal: " + _escaped(str(reason))):
                pos.parse_move(pos.move_text(move))


def _escaped(text: str) -> str:
    return "".join("\\" + c if c in "()." else c for c in text)
