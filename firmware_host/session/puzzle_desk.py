"""The puzzle a board is running, and the way every event passes it.

The real board's runtime and the simulator hold their puzzle the same way: a hint
asked during a run is the run's own (the square the answer leaves); the puzzle
button during a run gives the next one; any other event is handled by the session,
then the run judges what it said (a move kept, or taken back with the LEDs' guide);
and a puzzle the board's buttons asked for (``PuzzleAsked``) is set up as a new game.
Each front end only says how an event is carried out on its own clock and loop.

The puzzles themselves (``session/puzzle.py``, the shipped files, the solver) are
imported when a puzzle is first asked for: a board that is only played never holds them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from drivers.buttons import ButtonRole
from engine.said import said_of
from firmware_host.notices.declared import Notice, PuzzleAsked, Refused
from firmware_host.session.actions import Hint, Press
from firmware_host.session.controller import Controller
from firmware_host.session.events import Event

if TYPE_CHECKING:
    from firmware_host.session.puzzle import PuzzleRun

Handle = Callable[[Event], list[Notice]]
"""Carry an event out in the session and give what it said."""


def hint_asked(event: Event, run: PuzzleRun | None) -> bool:
    """A hint asked during a run, from the controls or the hint button: the run's own
    (the square the answer leaves), not the computer's (the whole move)."""
    pressed = isinstance(event, Press) and event.button is ButtonRole.HINT
    return (pressed or isinstance(event, Hint)) and run is not None and not run.left


def next_pressed(event: Event, run: PuzzleRun | None) -> bool:
    """The puzzle button during a run: the next puzzle at once (the run's game is the
    puzzle's, so nothing is given up by it)."""
    pressed = isinstance(event, Press) and event.button is ButtonRole.PUZZLE
    return pressed and run is not None and not run.left


def asked(notices: Sequence[Notice]) -> bool:
    """Whether the session said a puzzle was asked from the board's buttons."""
    return any(isinstance(notice, PuzzleAsked) for notice in notices)


class PuzzleDesk:
    """The run being solved, if any (``run``), between a front end and its session."""

    def __init__(self) -> None:
        self.run: PuzzleRun | None = None

    def passes(
        self, event: Event, at: float, controller: Controller, handle: Handle, answer: Handle
    ) -> list[Notice]:
        """``event`` and all that follows it: ``handle`` carries an event out with what
        follows in the session (the computer's answers), ``answer`` carries out the
        run's own answers to it (a reply lit, a wrong move taken back)."""
        run = self.run
        if run is not None and hint_asked(event, run):
            return run.give_hint(controller, at)
        if next_pressed(event, run):
            return self.asked(controller, at, handle)
        notices = handle(event)
        if run is not None:
            judged = run.follow(notices)
            notices += judged.notices
            for follow in judged.events:
                notices += answer(follow)
        if asked(notices):
            notices += self.asked(controller, at, handle)
        return notices

    def asked(self, controller: Controller, at: float, handle: Handle) -> list[Notice]:
        """The puzzle the board's buttons asked for (``asked_run``), set up; refused
        when the game has none to give."""
        from engine.puzzles import PuzzleError
        from firmware_host.session.puzzle import asked_run

        try:
            run = asked_run(controller.game, self.run)
        except PuzzleError as error:
            return [Refused(said_of(error), at)]
        return self.start(run, at, handle)

    def start(self, run: PuzzleRun, at: float, handle: Handle) -> list[Notice]:
        """Set ``run``'s puzzle up as a new game (the LEDs guide the pieces there) and
        tell its question (``PuzzleSet``); the moves played from then on are judged."""
        self.run = None  # the new game is the puzzle's own: nothing to judge in it
        notices = [*handle(run.start()), run.set_up(at)]
        self.run = run
        return notices

    def begin(self, run: PuzzleRun, at: float) -> list[Notice]:
        """Judge ``run`` from now on, its game being the one the board started with
        (``PuzzleRun.opening``), and tell its question (``PuzzleSet``)."""
        self.run = run
        return [run.set_up(at)]
