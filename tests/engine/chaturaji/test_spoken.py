"""Chaturaji's moves said aloud: the dice, a lost turn, a piece's step and capture."""

from __future__ import annotations

from tests.engine.spoken_moves import said


def test_chaturaji_says_rolls_lost_turns_and_captures() -> None:
    moves = ["roll 3", "b1c3", "roll 4", "pass"]
    assert said(moves, "chaturaji") == [
        "black rolls 3",
        "black: horse b1 to c3",
        "green rolls 4",
        "green cannot move: the die is lost",
    ]
    capture = ["roll 3", "b1c3", "roll 5", "b7c7", "roll 2", "h8f6", "roll 5", "g1f1"]
    assert said([*capture, "roll 3", "c3b5"], "chaturaji")[-2:] == [
        "black rolls 3",
        "black: horse c3 to b5, takes green's pawn",
    ]


def test_chaturaji_says_the_polish_rule_books_terms() -> None:
    capture = ["roll 3", "b1c3", "roll 5", "b7c7", "roll 2", "h8f6", "roll 5", "g1f1"]
    assert said([*capture, "roll 3", "c3b5"], "chaturaji", language="pl")[-2:] == [
        "czarny rzuca kością: 3",  # seeds/002: rzut kością, koń, bije
        "czarny: koń z c3 na b5, bije: zielony, pion",
    ]
