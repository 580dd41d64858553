"""Every rule clause on hand-made positions: moves, sumito, pac, blocked pushes, the win."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.abalone import AbaloneMove, Direction
from engine.errors import GameOverError, IllegalMoveError
from engine.outcome import Outcome, Termination
from tests.engine.abalone.helpers import aba, after, marbles_moved, position, setup, text

FAR = {"I9": "w", "A1": "b"}  # keep both sides on the board, out of the way


def test_the_standard_start_has_44_moves() -> None:
    pos = position()
    moves = list(pos.legal_moves())
    assert len(moves) == len(set(moves)) == 44
    counts = Counter(marbles_moved(pos, move) for move in moves)
    assert counts == {1: 14, 2: 20, 3: 10}


def test_a_lone_marble_moves_one_hole_any_way() -> None:
    pos = setup({"E5": "b", "I9": "w"})
    assert aba(pos) == {"E5E6", "E5F6", "E5F5", "E5E4", "E5D4", "E5D5"}


def test_a_marble_on_the_edge_never_leaves_the_board() -> None:
    pos = setup({"A1": "b", "I9": "w"})
    assert aba(pos) == {"A1A2", "A1B1", "A1B2"}


def test_in_line_moves_of_two_and_three() -> None:
    pos = setup({"E3": "b", "E4": "b", "E5": "b", **FAR})
    moves = aba(pos)
    assert {"E3E4", "E4E5", "E5E6"} <= moves  # three, two and one marble east
    assert {"E5E4", "E4E3", "E3E2"} <= moves  # and west
    assert text({"E4": "b", "E5": "b", "E6": "b", **FAR}, "w") == after(pos, "E3E4").text()
    assert text({"E3": "b", "E5": "b", "E6": "b", **FAR}, "w") == after(pos, "E4E5").text()


def test_four_in_a_row_move_three_at_most() -> None:
    pos = setup({"E2": "b", "E3": "b", "E4": "b", "E5": "b", **FAR})
    moves = aba(pos)
    assert "E2E3" not in moves  # would move four
    assert "E3E4" in moves  # the front three
    assert "E5E4" not in moves and "E4E3" in moves


@pytest.mark.parametrize(
    ("pieces", "move", "result", "lost"),
    [
        # 2 push 1
        ({"E3": "b", "E4": "b", "E5": "w"}, "E3E4", {"E4": "b", "E5": "b", "E6": "w"}, 0),
        # 3 push 1
        (
            {"E2": "b", "E3": "b", "E4": "b", "E5": "w"},
            "E2E3",
            {"E3": "b", "E4": "b", "E5": "b", "E6": "w"},
            0,
        ),
        # 3 push 2
        (
            {"E2": "b", "E3": "b", "E4": "b", "E5": "w", "E6": "w"},
            "E2E3",
            {"E3": "b", "E4": "b", "E5": "b", "E6": "w", "E7": "w"},
            0,
        ),
        # 2 push 1 off the edge
        ({"E7": "b", "E8": "b", "E9": "w"}, "E7E8", {"E8": "b", "E9": "b"}, 1),
        # 3 push 1 off
        (
            {"E6": "b", "E7": "b", "E8": "b", "E9": "w"},
            "E6E7",
            {"E7": "b", "E8": "b", "E9": "b"},
            1,
        ),
        # 3 push 2 off: the front one drops, the other moves on
        (
            {"E5": "b", "E6": "b", "E7": "b", "E8": "w", "E9": "w"},
            "E5E6",
            {"E6": "b", "E7": "b", "E8": "b", "E9": "w"},
            1,
        ),
        # a diagonal 2 push 1, and a diagonal push off at the top corner
        ({"A1": "b", "B2": "b", "C3": "w"}, "A1B2", {"B2": "b", "C3": "b", "D4": "w"}, 0),
        ({"G7": "b", "H8": "b", "I9": "w"}, "G7H8", {"H8": "b", "I9": "b"}, 1),
    ],
)
def test_every_sumito(pieces: dict[str, str], move: str, result: dict[str, str], lost: int) -> None:
    keep = {"A5": "b", "I5": "w"}  # one more marble each, out of the way
    pos = setup({**pieces, **keep})
    assert move in aba(pos)
    played = after(pos, move)
    assert played.text() == text({**result, **keep}, "w", (0, lost))
    assert played.lost(1) == lost and played.lost(0) == 0


def test_white_pushes_black_off_too() -> None:
    pos = setup({"A3": "w", "A2": "w", "A1": "b", "I9": "w"}, "w")
    played = after(pos, "A3A2")
    assert played.text() == text({"A2": "w", "A1": "w", "I9": "w"}, "b", (1, 0))
    assert played.lost(0) == 1


@pytest.mark.parametrize(
    ("pieces", "move"),
    [
        ({"E4": "b", "E5": "w"}, "E4E5"),  # 1 against 1
        ({"E3": "b", "E4": "b", "E5": "w", "E6": "w"}, "E3E4"),  # 2 against 2
        ({"E2": "b", "E3": "b", "E4": "b", "E5": "w", "E6": "w", "E7": "w"}, "E2E3"),  # 3 - 3
        ({"E3": "b", "E4": "b", "E5": "w", "E6": "w", "E7": "w"}, "E3E4"),  # 2 against 3
        ({"E7": "b", "E8": "w", "E9": "w"}, "E7E8"),  # 1 against 2, at the edge
    ],
)
def test_pac_and_inferior_numbers_cannot_push(pieces: dict[str, str], move: str) -> None:
    pos = setup({**pieces, "A1": "b", "I5": "w"})
    assert move not in aba(pos)


@pytest.mark.parametrize(
    ("pieces", "move"),
    [
        ({"E3": "b", "E4": "b", "E5": "w", "E6": "b"}, "E3E4"),
        ({"E2": "b", "E3": "b", "E4": "b", "E5": "w", "E6": "b"}, "E2E3"),
        ({"E2": "b", "E3": "b", "E4": "b", "E5": "w", "E6": "w", "E7": "b"}, "E2E3"),
    ],
)
def test_a_line_with_the_movers_marble_behind_it_cannot_be_pushed(
    pieces: dict[str, str], move: str
) -> None:
    pos = setup({**pieces, "A1": "b", "I5": "w"})
    assert move not in aba(pos)
    # the same push with a hole instead of one's own marble is fine
    freed = {hole: m for hole, m in pieces.items() if hole != max(pieces)}
    assert move in aba(setup({**freed, "A1": "b", "I5": "w"}))


def test_a_push_needs_a_hole_or_the_edge_behind_the_pushed_line() -> None:
    pos = setup({"E2": "b", "E3": "b", "E4": "b", "E5": "w", "E7": "w", "A1": "b"})
    assert "E2E3" in aba(pos)  # E6 is empty: the white on E7 is not part of the pushed line
    assert after(pos, "E2E3").text() == text(
        {"E3": "b", "E4": "b", "E5": "b", "E6": "w", "E7": "w", "A1": "b"}, "w"
    )


def test_own_marbles_cannot_be_pushed_off() -> None:
    pos = setup({"E8": "b", "E9": "b", "I5": "w"})
    moves = aba(pos)
    assert "E8E9" not in moves and "E9E8" in moves


def test_broadside_moves_need_every_destination_empty() -> None:
    line = {"E4": "b", "E5": "b", "I9": "w", "A1": "b"}
    pos = setup(line)
    assert "E4E5F5" in aba(pos)  # north-east: E4 to F5, E5 to F6
    assert after(pos, "E4E5F5").text() == text({"F5": "b", "F6": "b", "I9": "w", "A1": "b"}, "w")
    for blocker in ("F5", "F6"):
        for colour in ("w", "b"):
            assert "E4E5F5" not in aba(setup({**line, blocker: colour})), (blocker, colour)


def test_a_broadside_never_pushes_even_with_superiority() -> None:
    pos = setup({"E3": "b", "E4": "b", "E5": "b", "F5": "w", **FAR})
    moves = aba(pos)
    assert "E3E5F4" not in moves
    assert "E3E5D3" in moves  # south-east is free: E3 to D3, E4 to D4, E5 to D5


def test_broadside_of_three_and_both_names_of_one_move() -> None:
    pos = setup({"C3": "b", "C4": "b", "C5": "b", **FAR})
    assert "C3C5D4" in aba(pos)
    assert pos.read_move("C5C3D6") == pos.read_move("C3C5D4")
    assert after(pos, "C5C3D6").text() == text({"D4": "b", "D5": "b", "D6": "b", **FAR}, "w")


def test_six_marbles_pushed_off_win() -> None:
    pos = setup({"E7": "b", "E8": "b", "E9": "w", "I5": "w"}, lost=(0, 5))
    assert pos.outcome() is None
    pos.push_text("E7E8")
    assert pos.lost(1) == 6
    assert pos.outcome() == Outcome.win(Termination.MARBLES_PUSHED_OFF, 0)
    assert list(pos.legal_moves()) == []
    with pytest.raises(GameOverError):
        pos.parse_move("I5I6")
    pos.pop()
    assert pos.outcome() is None


def test_white_wins_by_six_too() -> None:
    pos = setup({"A3": "w", "A2": "w", "A1": "b", "E5": "b"}, "w", (5, 0))
    pos.push_text("A3A2")
    assert pos.outcome() == Outcome.win(Termination.MARBLES_PUSHED_OFF, 1)


def test_a_side_with_no_move_loses() -> None:
    pos = setup({"A1": "b", "A2": "w", "B1": "w", "B2": "w"})
    assert list(pos.legal_moves()) == []
    assert pos.outcome() == Outcome.win(Termination.NO_LEGAL_MOVES, 1)


def test_parse_move_names_the_broken_rule() -> None:
    pos = setup({"E3": "b", "E4": "b", "E5": "w", "E6": "w", "I5": "w"})
    with pytest.raises(IllegalMoveError, match="2 cannot push 2 \\(pac\\)"):
        pos.parse_move("E3E4")
    with pytest.raises(IllegalMoveError, match="it is black's turn"):
        pos.parse_move("E6E7")
    with pytest.raises(IllegalMoveError, match="no marble to move on D4"):
        pos.parse_move("D4D5")
    with pytest.raises(IllegalMoveError, match="only black's own marbles move together"):
        pos.parse_move("E4E5F5")
    assert pos.parse_move("E3D3") == AbaloneMove("E3", Direction.SE)


def test_push_pop_of_a_push_off_restores_the_position() -> None:
    pos = setup({"E5": "b", "E6": "b", "E7": "b", "E8": "w", "E9": "w", "I5": "w"}, lost=(2, 3))
    before = pos.text()
    pos.push_text("E5E6")
    assert pos.lost(1) == 4
    assert pos.pop() == AbaloneMove("E5", Direction.E)
    assert pos.text() == before
