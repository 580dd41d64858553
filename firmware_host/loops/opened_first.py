"""A board opened before anything else is made.

``kiban run`` opens its board before its game store: a board that cannot be opened
(no I2C on a laptop, a group missing) stops the command with nothing created, so
``kiban list`` and ``kiban export`` still find the simulator's games where no board
ever ran. The runtime then takes the board already open instead of opening one
(``OpenedFirst.factory`` is its board factory), and the buttons pressed from then
on reach the runtime's own handler.
"""

from __future__ import annotations

from collections.abc import Callable

from drivers.buttons import ButtonRole
from hardware import board
from hardware.board import Board
from hardware.profile import Profile

Opener = Callable[[Profile, Callable[[ButtonRole], None]], Board]


class OpenedFirst:
    """``profile``'s board, open; its buttons go to whoever ``factory`` gave it to."""

    def __init__(self, profile: Profile, opener: Opener | None = None) -> None:
        """``opener``: how the board is opened (the real board's, ``open_board``)."""
        self._handler: Callable[[ButtonRole], None] | None = None
        self.board = (opener or board.open_board)(profile, self._pressed)

    def _pressed(self, role: ButtonRole) -> None:
        """A button pressed before the runtime runs is nobody's: it is let go."""
        if self._handler is not None:
            self._handler(role)

    def factory(self, profile: Profile, on_button: Callable[[ButtonRole], None]) -> Board:
        """The runtime's board factory: the board opened already, its buttons now
        ``on_button``'s."""
        self._handler = on_button
        return self.board

    def close(self) -> None:
        """Let the board go when nothing took it (the store could not be opened)."""
        if self._handler is None:
            self.board.close()
