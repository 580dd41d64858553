"""The moves from a base to a later position (``engine.recognition.follows``)."""

from __future__ import annotations

import pytest

from engine.dobutsu import DOBUTSU
from engine.dobutsu.board import DobutsuMove
from engine.dobutsu.position import DobutsuPosition
from engine.recognition.follows import moves_from

START = "gle/1c1/1C1/ELG b - 1"
SWAPPED = "elg/1c1/1C1/ELG b - 1"  # another game: white's elephant and giraffe swapped


def _played(text: str, *moves: str) -> DobutsuPosition:
    position = DOBUTSU.position(text, {})
    assert isinstance(position, DobutsuPosition)
    for move in moves:
        position.push(position.parse_move(move))
    return position


def test_a_position_played_on_from_the_base_is_found_without_replaying_its_moves(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A commit asks it of every base the record may be read again from: replaying the
    moves was most of a Chaturaji commit's work (docs/speed.md, issue 61)."""
    base = _played(START)
    position = _played(START, "2c2b", "2a2b")
    pushed: list[DobutsuMove] = []
    push = DobutsuPosition.push

    def counted(self: DobutsuPosition, move: DobutsuMove) -> None:
        pushed.append(move)
        push(self, move)

    monkeypatch.setattr(DobutsuPosition, "push", counted)
    assert moves_from(base, position) == tuple(position.move_stack)
    assert pushed == []
    assert position.text() == _played(START, "2c2b", "2a2b").text()  # left as it was


def test_a_later_position_of_the_same_game_follows_from_an_earlier_one() -> None:
    base = _played(START, "2c2b")
    position = _played(START, "2c2b", "2a2b", "2d1c")
    assert moves_from(base, position) == tuple(position.move_stack[1:])
    assert moves_from(position, base) is None  # behind it


def test_the_same_moves_in_another_game_do_not_follow() -> None:
    assert moves_from(_played(START), _played(SWAPPED, "2d1c")) is None
    assert moves_from(_played(START, "2c2b"), _played(START, "2d1c")) is None  # others
