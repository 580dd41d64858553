"""``kiban run`` opens its board before anything else: the runtime takes the open board,
and the buttons pressed from then on reach the runtime's handler."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from drivers.buttons import ButtonRole
from firmware_host.loops.opened_first import OpenedFirst
from hardware.profile import Profile


class FakeBoard:
    def __init__(self, press: Callable[[ButtonRole], None]) -> None:
        self.press = press
        self.closed = 0

    def close(self) -> None:
        self.closed += 1


def opened() -> tuple[OpenedFirst, FakeBoard]:
    made: list[FakeBoard] = []

    def opener(profile: Profile, on_button: Callable[[ButtonRole], None]) -> Any:
        made.append(FakeBoard(on_button))
        return made[-1]

    first = OpenedFirst(Profile.__new__(Profile), opener)
    return first, made[0]


def test_the_runtime_takes_the_open_board_and_its_buttons() -> None:
    first, board = opened()
    board.press(ButtonRole.OK)  # nobody listens yet: let go
    pressed: list[ButtonRole] = []
    taken: object = first.factory(Profile.__new__(Profile), pressed.append)  # a Board, typed
    assert taken is board
    board.press(ButtonRole.NEXT)
    assert pressed == [ButtonRole.NEXT]
    first.close()  # the runtime closes what it took
    assert board.closed == 0


def test_a_board_nothing_took_is_closed() -> None:
    first, board = opened()
    first.close()
    assert board.closed == 1
