"""What follows every event on a board, real or simulated: one sequence for both.

The controller handles the event; a board it found turned is turned (the scanner
and the painter read it the controller's way from then on); the store writes what
was committed; the other boards and the computer hear what the game wants and
say what they answer; then the legend lights the view and the painter shows it.

Two things differ between the runtime and the simulation, and are given: the
clock (the asyncio loop's time, or simulated time), and how work on the board's
hardware is run (``on_bus``: on the bus thread, between two scans, or at once on
the caller's thread). What the other boards and the computer answer is handed to
``deliver``: the runtime queues it as events of their own, the simulation
handles it at once.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import Any, Generic, TypeVar

from firmware_host.loops.remote_side import InRoom, RemoteSide
from firmware_host.notices.declared import BoardTurned, Notice
from firmware_host.opponents.thinking import Thinker
from firmware_host.session.controller import Controller
from firmware_host.session.events import Event, ThoughtArrived
from firmware_host.store.journal import Journal
from firmware_host.telling.legend import BLINK_PERIOD, Legend, Lights
from firmware_host.telling.view import build_view
from hardware.orientation import SpotTurn
from hardware.painter import LedPainter

__all__ = ["SessionLoop", "at_once", "next_blink", "turn_board"]

Done = TypeVar("Done")
T = TypeVar("T")

OnBus = Callable[[Callable[[], Any]], Done]
"""Runs a piece of hardware work where the board's hardware is driven; what it gives
back (a future on the bus thread, or the work's own result) is the caller's."""

Deliver = Callable[[Event], list[Notice]]
"""Passes on an event the other boards or the computer brought, and gives back the
notices it brought at once (none when it is queued)."""


def at_once(work: Callable[[], T]) -> T:
    """Hardware work on the caller's thread (the simulation has no bus thread)."""
    return work()


def turn_board(turn: SpotTurn, turned: bool) -> None:
    """Turn the board's half turn to how the controller found the board (on the thread
    that scans and paints: the scanner follows it at its next scan, the painter at
    its next paint)."""
    if turn.turned != turned:
        turn.turn()


def next_blink(now: float) -> float:
    """When a blinking LED next toggles."""
    return (int(now / BLINK_PERIOD) + 1) * BLINK_PERIOD


class SessionLoop(Generic[Done]):
    """The controller, the store, the other boards, the computer and the LEDs, in the
    one order every event goes through them."""

    def __init__(
        self,
        controller: Controller,
        journal: Journal,
        legend: Legend,
        painter: LedPainter,
        *,
        clock: Callable[[], float],
        on_bus: OnBus[Done],
        thinker: Callable[[bool], Thinker | None],
        remote: RemoteSide | None = None,
        turn: SpotTurn | None = None,
        rounds: int = 1,
    ) -> None:
        """``thinker(needed)``: the computer, or None while nothing needs it (a worker
        process starts only once it is needed). ``remote``: the remote game, if the
        game is played with other boards. ``turn``: the board's half turn, which the
        scanner and the painter read; only this loop turns it. ``rounds``: how often
        the computer is asked again in one go while it answers (more than once only
        when its answers are handled at once: a hint once its seat has moved)."""
        self.controller = controller
        self.journal = journal
        self.legend = legend
        self.painter = painter
        self.clock = clock
        self.on_bus = on_bus
        self.thinker = thinker
        self.remote = remote
        self.turn = turn
        self.rounds = rounds

    def start(self, **start: Any) -> list[Notice]:
        """Start (or resume) the game, write what waits in the store, and publish the
        game to the other boards."""
        notices = self._turned(self.controller.start(self.clock(), **start))
        notices += self.journal.tick(self.clock())  # a damaged store replaced, a full disk
        if self.remote is not None:
            said_last = self.remote.attach(self.controller)
            if said_last is not None:
                self.controller.proposals_said(said_last)
        return notices

    def handle(self, event: Event, at: float) -> list[Notice]:
        """The controller decides; a board it found turned is turned."""
        return self._turned(self.controller.handle(event, at))

    def follow(self, deliver: Deliver) -> list[Notice]:
        """What comes after every event: the store's news, then the other boards and
        the computer."""
        notices = self.journal.tick(self.clock())
        return notices + self.think(deliver)

    def respond(self, event: Event, at: float, deliver: Deliver) -> list[Notice]:
        """An event and all that follows it."""
        notices = self.handle(event, at)
        return notices + self.follow(deliver)

    def think(self, deliver: Deliver) -> list[Notice]:
        """Hear the other boards, tell the computer what the game wants of it, and pass
        on their answers (again, up to ``rounds`` times, while answers come)."""
        notices: list[Notice] = []
        for _ in range(self.rounds):
            if self.remote is not None:
                told = self.controller.agreement()
                for event in self.remote.poll(self.controller, told, self.clock()):
                    notices += deliver(event)
                if isinstance(self.remote, InRoom):
                    notices += self.remote.told()
            wanted, hurry = self.controller.thinking()
            thinker = self.thinker(bool(wanted))
            if thinker is None:
                break
            thinker.want(wanted)
            if hurry:
                thinker.hurry()
            results = thinker.results()
            if not results:
                break
            for result in results:
                notices += deliver(ThoughtArrived(result))
        return notices

    def deadline(self, now: float) -> float | None:
        """The controller's next deadline, or the store's next try if sooner."""
        due = [self.controller.next_deadline(now), self.journal.next_retry()]
        if isinstance(self.remote, InRoom):
            due.append(self.remote.lit_until())
        return min((d for d in due if d is not None), default=None)

    def paint(self) -> tuple[Lights, Done]:
        """Light the view as it is now and show it on the board."""
        now = self.clock()
        view = build_view(self.controller, now)
        if isinstance(self.remote, InRoom):
            view = replace(view, called=self.remote.called(now))
        lights = self.legend.lights(view, now)
        return lights, self.on_bus(partial(self.painter.paint, lights.spots, lights.indicators))

    def _turned(self, notices: list[Notice]) -> list[Notice]:
        """Turn the board as the controller says it found it (on the bus, before the
        next paint)."""
        turn = self.turn
        if turn is not None:
            for notice in notices:
                if isinstance(notice, BoardTurned):
                    self.on_bus(partial(turn_board, turn, notice.turned))
        return notices
