"""The bench where ``kiban doctor`` and ``kiban calibrate`` work: a board, a clock, a
way to talk, and someone who does what they ask.

On a real board the someone is a person reading the lines printed, and time is
the computer's. With ``--simulate`` (and in tests) it is the scripted hand of
sim_bench.py, on a simulated board: this module never imports the mock layer.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from drivers.buttons import ButtonRole
from drivers.errors import DeviceUnavailableError, LineHolder
from engine.game import Game
from engine.physical import EMPTY, NORTH, SOUTH, Reading, Spot
from hardware.board import Board
from hardware.profile import Profile


@dataclass(frozen=True, slots=True)
class Ask:
    """Something the doctor or the calibration asks of the person at the board.

    ``kind``: ``clear`` (take every piece off), ``place`` (a piece on ``spot``,
    ``face`` up: NORTH, SOUTH or None for any), ``lift`` (take it off again),
    ``place_all`` (pieces ``face`` up on every spot of ``spots``, as many at a
    time as one likes), ``slide`` (a piece slid or rolled along ``spots``, neighbouring
    cells in order, and back, without lifting it; then ok), ``press`` (button ``role``),
    ``arrange`` (the pieces of ``position`` set up, None: the game's start; the
    unattended walk, ``kiban doctor --expect``, asks it of nobody on a real board).
    """

    kind: str
    spot: Spot | None = None
    face: Reading | None = None
    role: ButtonRole | None = None
    spots: tuple[Spot, ...] = ()
    position: str | None = None


class Helper(Protocol):
    def asked(self, ask: Ask, now: float) -> None: ...


@dataclass
class Bench:
    """What a session at the board needs: the board, time, words and buttons."""

    profile: Profile
    game: Game[Any]
    open_board: Callable[[Callable[[ButtonRole], None]], Board]
    now: Callable[[], float] = time.monotonic
    sleep: Callable[[float], None] = time.sleep
    say: Callable[[str], None] = print
    helper: Helper | None = None
    pressed: deque[ButtonRole] = field(default_factory=deque)
    timeout: float = 20.0
    unavailable: tuple[DeviceUnavailableError, ...] = ()
    """Device files of the board that could not be opened, each saying how to fix it."""
    taken: tuple[LineHolder, ...] = ()
    """The header's lines another Kiban process holds (the service), found before the
    board is opened: nothing of it is touched while they are."""

    def ask(self, ask: Ask, words: str) -> None:
        self.say(words)
        if self.helper is not None:
            self.helper.asked(ask, self.now())


def face_name(face: Reading | None) -> str:
    return {NORTH: "north", SOUTH: "south", EMPTY: "empty"}.get(face or EMPTY, "any")
