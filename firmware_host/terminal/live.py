"""The terminal on real time: while the player thinks or types, the simulated board
goes on, so the clocks run, a forced move is played by itself and a clock that
falls ends the game without anyone pressing return.

The simulation's time follows the wall clock while nobody types; a command that
lets time pass at once (``wait``, the settling after a move) moves the simulation
ahead, and the wall clock is followed again from there. While the terminal's hand
holds a piece (``lift``, then ``place`` typed later) time stands still: a typed
move is one gesture, and typing it slowly must not look like a board left out of
step.

A game played with another board goes on when the input ends (a script piped in, or
no input at all): the other board's moves keep coming and are drawn, until the game
is over. Input that is not a terminal is then read the same way, on real time, since
the other board does not wait for the next line. Nobody types then, so nobody would
play a lit move on the simulated board: the terminal's hands play it (a computer
seat's answer, the other board's move), as a spectator's page does, and the game
goes on between the computer seats and the other boards.
"""

from __future__ import annotations

import os
import select
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import IO, Protocol

from firmware_host.loops.simulator import Simulation
from firmware_host.notices.declared import Notice
from firmware_host.telling.language import Language
from firmware_host.telling.view import Surface, message_text

PROMPT = "> "
IDLE = 0.05
"""Seconds between two looks when nothing is due and nobody can type (a piece left in
the hand when the input ended: the other board's news is still heard)."""


class TerminalBoard(Protocol):
    """What the loop asks of the terminal's board (terminal/app.py's, which imports
    this loop: named here by what it does, not imported back)."""

    @property
    def sim(self) -> Simulation: ...

    @property
    def out(self) -> IO[str]: ...

    @property
    def language(self) -> Language: ...

    def draw(self) -> None:
        """Draw the board, its status and clocks."""

    def report(self, notices: list[Notice]) -> None:
        """Say what happened."""

    def execute(self, line: str) -> bool:
        """Run a typed line; False: the session ends."""


class LineSource(Protocol):
    """Where typed lines come from."""

    def read_line(self, timeout: float | None) -> str | None:
        """The next line ('' at the end of input), or None when ``timeout`` seconds
        passed first (None: wait as long as it takes)."""


class NoLines:
    """No input at all (standard input closed, or ended): the loop only waits."""

    def read_line(self, timeout: float | None) -> str | None:
        time.sleep(IDLE if timeout is None else timeout)
        return None


class SelectLines:
    """Lines from a terminal, waited for with ``select`` so that time can pass. The
    bytes are read from the descriptor and kept here, not in the stream's buffer,
    which ``select`` cannot see: lines pasted at once are all read at once."""

    def __init__(self, stream: IO[str]) -> None:
        self._fd = stream.fileno()
        self._pending = b""
        self._ended = False

    def read_line(self, timeout: float | None) -> str | None:
        deadline = None if timeout is None else time.monotonic() + timeout
        while b"\n" not in self._pending and not self._ended:
            left = None if deadline is None else max(0.0, deadline - time.monotonic())
            ready, _, _ = select.select([self._fd], [], [], left)
            if not ready:
                return None
            chunk = os.read(self._fd, 4096)
            self._ended = not chunk
            self._pending += chunk
        line, newline, self._pending = self._pending.partition(b"\n")
        return (line + newline).decode("utf-8", errors="replace")


def run_live(
    board: TerminalBoard,
    lines: LineSource,
    clock: Callable[[], float] = time.monotonic,
    *,
    echo: bool = False,
) -> int:
    """Read commands while the simulation keeps real time; redraw when something
    happened by itself (a move played, the status changed). When the input ends, a
    game with another board goes on until it is over (``plays_on``); else the loop
    ends with the input. ``echo``: each line is written after the prompt, as typed
    (input that is not a terminal, which shows nothing of it)."""
    sim = board.sim
    offset = clock() - sim.now  # the wall clock's reading at simulated time 0
    shown = _redraw(board)
    played = Played()
    while True:
        if isinstance(lines, NoLines) and not plays_on(board):
            board.out.write("\n")
            return 0
        holding = bool(sim.world.held)
        wake = None if holding else sim.next_wake()
        timeout = None if wake is None else max(0.0, wake + offset - clock())
        line = lines.read_line(timeout)
        if line == "" and plays_on(board):
            lines = NoLines()  # the other board's moves still come
            line = None
        notices = [] if holding else sim.advance_to(max(sim.now, clock() - offset))
        if isinstance(lines, NoLines) and not holding and plays_on(board):
            played = _play_lit(board, played)
            if played.notices:
                notices += played.notices
                offset = clock() - sim.now  # the hands' move let simulated time run ahead
        if line is None:
            if notices or _status(board) != shown:
                board.out.write("\n")
                board.report(notices)
                shown = _redraw(board)
            continue
        board.report(notices)
        if echo and line:
            board.out.write(line.rstrip() + "\n")
        if not line or not board.execute(line):
            return 0
        offset = clock() - sim.now  # a command may have let simulated time run ahead
        shown = _redraw(board)


def plays_on(board: TerminalBoard) -> bool:
    """Whether the board goes on without input: a game with another board (whose
    moves still come, and a computer seat's answers) that is not over yet."""
    sim = board.sim
    return sim.remote is not None and sim.controller.outcome is None


@dataclass(frozen=True, slots=True)
class Played:
    """What the hands last played of a lit move, and what that said: a lit move the
    board would not take is tried once, not again at every look."""

    tried: tuple[int, Hashable] | None = None
    notices: tuple[Notice, ...] = ()


def _play_lit(board: TerminalBoard, last: Played) -> Played:
    """With nobody typing, the hands play the move lit on the board (a computer seat's
    answer, another board's move), once for each lit move and ply."""
    sim = board.sim
    guide = sim.controller.guide
    if guide is None:
        return Played(last.tried)
    position = sim.controller.position
    tried = (len(position.move_stack), guide.move)
    if tried == last.tried:
        return Played(tried)
    return Played(tried, tuple(sim.perform(position.move_text(guide.move))))


def _redraw(board: TerminalBoard) -> str:
    """Draw the board and the prompt; returns the status drawn (without the clocks,
    whose every second is no news)."""
    board.draw()
    board.out.write(PROMPT)
    board.out.flush()
    return _status(board)


def _status(board: TerminalBoard) -> str:
    """The status line as the board draws it, in its language."""
    return message_text(board.sim.controller, surface=Surface.TERMINAL, language=board.language)
