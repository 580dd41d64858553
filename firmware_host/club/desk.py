"""Where the room's loop (``organiser.follow``, on its own thread with the broker) and
the organiser's page (on the web server's loop) meet: the loop leaves what it sees as
one frozen value (a ``Glance``) after every batch of messages, and the page's buttons
leave commands for the loop, exactly as typed ones (``organiser.Command``), so the
organiser core alone changes the room and the page never touches its state.

Each alert keeps the moment it was first seen, so the page can say since when and
mark the new ones; the alerts are put most urgent first (``URGENCY``).
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, replace

from engine.said import Said
from firmware_host.club.messages import RoomState
from firmware_host.club.organiser import Command, UndoingBindError
from firmware_host.club.pairings import Round
from firmware_host.club.roster import Alert, AlertKind, Entry
from firmware_host.club.words import Look

URGENCY = (
    AlertKind.OFFLINE,
    AlertKind.FAULT,
    AlertKind.WRONG_GAME,
    AlertKind.OTHER_TABLE,
    AlertKind.UNRECORDED,
    AlertKind.FLAG_FALLEN,
    AlertKind.OUT_OF_STEP,
    AlertKind.SETUP_WRONG,
    AlertKind.UNANSWERED_PROMPT,
    AlertKind.STALLED,
    AlertKind.LOW_BATTERY,
)
"""Most urgent first. A board offline records nothing of its game at all, and a fault
(a sensor, a bus, the store) may be losing it: those first; then a board whose moves are
recorded for no table (bound to a table of another game, playing another table's
game, or taking up a game its table's record has no room left for). A fallen flag ends a game
and needs the arbiter's word now; a board out of step has players waiting for their
board to agree, and so has one whose pieces are not set as its game under way has them;
a question unanswered waits on the players themselves, a table with no move for long
perhaps on nobody (a Robotory refill nobody made); a battery at
``roster.LOW_BATTERY`` still has its last fifth to run."""


@dataclass(frozen=True, slots=True)
class Raised:
    """An alert with the moment it was first seen (seconds since the epoch)."""

    alert: Alert
    since: float


@dataclass(frozen=True, slots=True)
class Question:
    """A binding the room asks the organiser about before making it (``UndoingBindError``):
    the board, the table, and what it would undo, said."""

    board: str
    table: int
    asked: Said


@dataclass(frozen=True, slots=True)
class Note:
    """Something the room told the organiser (a refusal, a table's new game), with when."""

    said: Said
    at: float


NOTES = 12  # the last things told the page shows


@dataclass(frozen=True, slots=True)
class Glance:
    """The room as the loop last saw it: what the page shows of it."""

    round: Round
    entries: tuple[Entry, ...] = ()
    alerts: tuple[Raised, ...] = ()  # most urgent first, then by table
    state: RoomState | None = None  # the organiser's own word: which board is where
    connected: bool = False
    version: int = 0  # goes up with every change the page must redraw
    question: Question | None = None  # a binding asked of the organiser, the latest
    notes: tuple[Note, ...] = ()  # what the room told the organiser, the latest last


def by_urgency(alerts: tuple[Raised, ...]) -> tuple[Raised, ...]:
    """``alerts`` most urgent first, then by table (unbound last), then by board."""

    def rank(raised: Raised) -> tuple[int, bool, int, str]:
        alert = raised.alert
        return (URGENCY.index(alert.kind), alert.table is None, alert.table or 0, alert.board)

    return tuple(sorted(alerts, key=rank))


class Desk:
    """The organiser's desk between the loop and the page (thread-safe)."""

    def __init__(
        self,
        round: Round,
        wake: Callable[[], None] = lambda: None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        """``wake``: wakes the loop (its ``woken.set``); ``clock``: the time now,
        seconds since the epoch (injected in tests)."""
        self._wake = wake
        self._clock = clock
        self._lock = threading.Lock()
        self._glance = Glance(round)
        self._commands: queue.SimpleQueue[Command] = queue.SimpleQueue()

    @property
    def glance(self) -> Glance:
        with self._lock:
            return self._glance

    def see(self, look: Look, state: RoomState, connected: bool) -> None:
        """What the loop sees now (every alert already raised keeps its moment)."""
        with self._lock:
            before = self._glance
            had = frozenset(raised.alert for raised in before.alerts)
            if (look.entries, frozenset(look.alerts), state, connected) == (
                before.entries,
                had,
                before.state,
                before.connected,
            ):
                return
            since = {raised.alert: raised.since for raised in before.alerts}
            now = self._clock()
            alerts = tuple(Raised(alert, since.get(alert, now)) for alert in look.alerts)
            self._glance = replace(
                before,
                entries=look.entries,
                alerts=by_urgency(alerts),
                state=state,
                connected=connected,
                version=before.version + 1,
            )

    def ask(self, question: UndoingBindError) -> None:
        """A binding asked of the organiser: the page offers to make it anyway."""
        asked = Question(question.board, question.table, question.args[0])
        with self._lock:
            self._glance = replace(self._glance, question=asked, version=self._glance.version + 1)

    def note(self, what: Said) -> None:
        """Something the room told the organiser, shown on the page too."""
        with self._lock:
            before = self._glance
            notes = (*before.notes[-(NOTES - 1) :], Note(what, self._clock()))
            self._glance = replace(before, notes=notes, version=before.version + 1)

    def put(self, command: Command) -> None:
        """A command from the page, for the loop's next turn (a binding asked about is
        answered by it: made anyway, or another command)."""
        with self._lock:
            if self._glance.question is not None:
                self._glance = replace(
                    self._glance, question=None, version=self._glance.version + 1
                )
        self._commands.put(command)
        self._wake()

    def commands(self) -> list[Command]:
        """The commands waiting (the loop's ``commands``), each once."""
        got: list[Command] = []
        while not self._commands.empty():
            got.append(self._commands.get_nowait())
        return got
