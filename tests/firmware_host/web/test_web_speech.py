"""The sentences the page may speak travel in its notice messages."""

from __future__ import annotations

from engine.registry import find_game
from firmware_host.notices.declared import (
    BoardTurned,
    MoveCommitted,
    Refused,
)
from firmware_host.web.session import said


def test_a_notice_carries_its_sentence_and_the_japanese_one_where_it_differs() -> None:
    position = find_game("dobutsu").position()
    position.push_text("2c2b")
    notices = [MoveCommitted(1, "2c2b", 0.0), Refused("no move to suggest now", 0.0)]
    assert said(notices, position) == [
        {"say": "A: chick to 2 b, takes chick", "say_ja": "せんて、ひよこ、に・に"},
        {"say": "refused: no move to suggest now", "say_ja": "できません：no move to suggest now"},
    ]


def test_games_without_japanese_names_and_silent_notices() -> None:
    position = find_game("abalone").position()
    position.push_text("A1B2")
    notices = [MoveCommitted(1, "A1B2", 0.0), BoardTurned(True, 0.0)]
    assert said(notices, position) == [
        {"say": "black pushes three marbles north-east", "say_ja": "くろ、3こ、ほくとう"},
        {},
    ]
    assert said([], position) == []
