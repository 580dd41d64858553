"""Empty seats and frozen armies (the other options have their own test files:
dice in test_chaturaji_dice, ranks in test_chaturaji_captures, goal in test_chaturaji_teams)."""

from __future__ import annotations

import pytest

from engine.errors import IllegalMoveError
from tests.engine.chaturaji.helpers import names, play, position, text


def test_an_empty_seat_has_no_pieces_and_never_moves() -> None:
    pos = position(seats="black,red,yellow")
    layout = pos.layout()
    assert len(layout) == 24
    assert not any(stones[0].owner == 1 for stones in layout.values())
    assert not pos.in_play(1)
    turns = []
    for _ in range(4):
        turns.append(pos.turn)
        play(pos, "roll 4", "pass")
    assert turns == [0, 2, 3, 0]


def test_two_seats_face_to_face() -> None:
    pos = position(seats="black,red")
    assert pos.perft(2) == 100
    assert pos.text().split()[0] == "4rKrErHrB/4rkrerhrb/8/8/8/8/kbkhkekk4/kBkHkEkK4"


NO_DICE = {"dice": "0", "frozen": "on"}
FROZEN = {"a1": "kK", "d4": "kE", "d6": "gK", "d7": "gH", "c5": "gE", "h8": "rK", "g8": "rH"}


def test_frozen_a_player_whose_king_is_captured_is_frozen() -> None:
    pos = position(text(FROZEN, faces="-"), seats="black,green,red", **NO_DICE)
    play(pos, "d4d6")
    assert "frozen:g" in pos.text()
    assert not pos.in_play(1)
    assert pos.turn == 2  # green is skipped: its horse and elephant stay on the board
    assert {"d7", "c5"} <= set(pos.layout())
    play(pos, "h8h7")
    assert pos.turn == 0
    assert "d6d7" in names(pos)  # frozen pieces can still be captured


def test_frozen_pieces_are_named_when_moved() -> None:
    pieces = {**FROZEN}
    del pieces["d6"]
    pos = position(text(pieces, faces="-", extras="frozen:g"), seats="black,green,red", **NO_DICE)
    with pytest.raises(IllegalMoveError, match="frozen since its king was captured"):
        play(pos, "d7b6")


def test_without_frozen_a_kingless_player_plays_on() -> None:
    pos = position(text(FROZEN, faces="-"), seats="black,green,red", dice="0")
    play(pos, "d4d6")
    assert pos.turn == 1
    assert "d7b6" in names(pos)


def test_frozen_pieces_do_not_move_under_command_either() -> None:
    pieces = {"a1": "kK", "d4": "kE", "c3": "rE", "a8": "gK", "b7": "gH", "h1": "yK", "h2": "yH"}
    pos = position(
        text(pieces, faces="-", extras="command:k,frozen:r"),
        mode="teams",
        dice="0",
        frozen="on",
    )
    assert not any(name.startswith("c3") for name in names(pos))
    assert any(name.startswith("d4") for name in names(pos))
