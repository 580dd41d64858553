"""The die as chance moves: rolls, the kind each face moves, lost turns, two dice, no dice."""

from __future__ import annotations

import pytest

from engine.chaturaji import LostTurn, Roll
from engine.errors import IllegalMoveError
from tests.engine.chaturaji.helpers import names, play, position, rolled, text

ARMY = {
    "a1": "kB",
    "b1": "kH",
    "c1": "kE",
    "d1": "kK",
    "d2": "kk",
    "a8": "gK",
    "h8": "rK",
    "h1": "yK",
    "g8": "rH",
}


def test_a_turn_starts_with_a_roll_of_four_equally_likely_faces() -> None:
    pos = position()
    assert list(pos.legal_moves()) == []
    assert pos.chance_moves() == (Roll((2,)), Roll((3,)), Roll((4,)), Roll((5,)))
    assert pos.roll_due
    assert pos.dice() == ()
    pos.push_text("roll 3")
    assert pos.chance_moves() is None
    roll_due: bool = pos.roll_due  # read afresh after the action
    assert not roll_due
    assert pos.dice() == (3,)
    assert pos.text().split()[2] == "3"


@pytest.mark.parametrize(
    ("face", "expected"),
    [
        (2, {"a1c3"}),
        (3, {"b1a3", "b1c3"}),
        (4, {"c1c2", "c1c3", "c1c4", "c1c5", "c1c6", "c1c7", "c1c8"}),
        (5, {"d1e1", "d1e2", "d1c2", "d2d3"}),
    ],
)
def test_each_face_moves_its_kind(face: int, expected: set[str]) -> None:
    pos = rolled(ARMY, str(face))
    assert names(pos) == expected


def test_a_roll_is_undone_like_any_move() -> None:
    pos = position()
    start = pos.text()
    pos.push_text("roll 5")
    pos.push_text("d2d3")
    assert pos.turn == 1 and pos.roll_due
    assert pos.pop() == pos.read_move("d2d3")
    assert pos.pop() == Roll((5,))
    assert pos.text() == start


def test_lost_turn_when_the_rolled_kind_is_missing_or_cannot_move() -> None:
    missing = rolled({"d1": "kK", "d2": "kk", "a8": "gK", "h8": "rK", "h1": "yK"}, "3")
    assert list(missing.legal_moves()) == [LostTurn()]
    blocked = position()
    blocked.push_text("roll 4")  # the elephant on c1 is walled in
    assert names(blocked) == {"pass"}
    blocked.push_text("pass")
    assert blocked.turn == 1
    assert blocked.roll_due
    assert blocked.text().split()[:3] == [*position().text().split()[:1], "g", "?"]


def test_pass_is_illegal_while_a_piece_of_the_rolled_kind_can_move() -> None:
    pos = rolled(ARMY, "3")
    with pytest.raises(IllegalMoveError, match="a turn is lost only when none can move"):
        pos.push_text("pass")


def test_rolls_are_refused_when_no_roll_is_due() -> None:
    pos = rolled(ARMY, "3")
    with pytest.raises(IllegalMoveError):
        pos.push_text("roll 4")
    fresh = position()
    with pytest.raises(IllegalMoveError):
        fresh.push_text("roll 4 5")  # one die by default


def test_the_turn_passes_clockwise() -> None:
    pos = position()
    seen = []
    for _ in range(5):
        seen.append(pos.turn)
        pos.push_text("roll 4")
        pos.push_text("pass")
    assert seen == [0, 1, 2, 3, 0]


def test_first_option_chooses_who_starts() -> None:
    assert position(first="red").turn == 2
    assert position(first="red").text().split()[1] == "r"


# --- two dice ---------------------------------------------------------------------


def test_two_dice_are_the_sixteen_ordered_pairs() -> None:
    pos = position(dice="2")
    chances = pos.chance_moves()
    assert chances is not None and len(chances) == 16 and len(set(chances)) == 16
    assert Roll((3, 5)) in chances and Roll((5, 3)) in chances


def test_two_dice_the_player_chooses_the_order() -> None:
    first = position(dice="2")
    second = position(dice="2")
    first.push_text("roll 5 3")
    second.push_text("roll 3 5")
    assert first.text() == second.text()
    assert first.dice() == (3, 5)
    assert first.text().split()[2] == "35"
    # either kind may go first
    assert {"b1a3", "b1c3", "d2d3", "d1e2"} <= names(first)
    play(first, "d2d3")  # the 5 first; the horse (3) is left
    assert first.dice() == (3,)
    assert first.turn == 0
    assert names(first) == {"b1a3", "b1c3", "b1d2"}
    play(first, "b1c3")
    assert first.turn == 1 and first.roll_due
    play(second, "b1c3")  # or the horse first
    assert second.dice() == (5,)
    assert "d2d3" in names(second)


def test_two_dice_each_move_is_lost_if_it_cannot_be_made() -> None:
    pos = rolled(ARMY, "44", dice="2")
    # the elephant moves up the open c-file; a second elephant move follows
    assert names(pos) == {f"c1c{rank}" for rank in range(2, 9)}
    play(pos, "c1c4")
    assert pos.dice() == (4,)
    assert f"c4c{8}" in names(pos)
    nothing = rolled(ARMY, "3", dice="2")  # after a first move, the horse's die is left
    assert names(nothing) == {"b1a3", "b1c3"}
    lost = rolled({**ARMY, "a3": "kh", "c3": "ke"}, "23", dice="2")  # boat and horse walled
    assert names(lost) == {"pass"}
    play(lost, "pass")
    assert lost.turn == 1 and lost.roll_due  # one pass loses both


def test_two_dice_one_die_lost_the_other_played() -> None:
    pos = rolled({**ARMY, "c3": "ke"}, "24", dice="2")  # the boat (2) is walled in by c3
    assert names(pos) == {"c1c2"}  # only the elephant's moves are offered
    play(pos, "c1c2")
    assert names(pos) == {"pass"}
    play(pos, "pass")
    assert pos.turn == 1


# --- no dice -------------------------------------------------------------------------


def test_without_dice_any_piece_moves_and_no_roll_comes() -> None:
    pos = position(dice="0")
    assert pos.chance_moves() is None
    assert not pos.roll_due
    assert pos.text().split()[2] == "-"
    assert names(pos) == {"a1c3", "b1a3", "b1c3", "d1e1", "d1e2", "a2a3", "b2b3", "c2c3", "d2d3"}
    play(pos, "b1c3")
    assert pos.turn == 1
    assert pos.dice() == ()


def test_without_dice_pass_only_when_nothing_moves() -> None:
    kings = {"a8": "gK", "h8": "rK", "h1": "yK", "g8": "rH"}
    stuck = position(text({**kings, "d4": "kk", "d5": "gE"}, faces="-"), dice="0")
    assert names(stuck) == {"pass"}
    play(stuck, "pass")
    assert stuck.turn == 1
    free = position(text({**kings, "d4": "kk"}, faces="-"), dice="0")
    assert names(free) == {"d4d5"}
    with pytest.raises(IllegalMoveError, match="only when no piece can move"):
        free.push_text("pass")
