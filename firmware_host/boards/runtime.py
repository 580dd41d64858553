"""The real board on real time: what ``kiban run`` and the service execute.

One asyncio loop owns the controller. Sensor polling runs blocking bus calls on
one worker thread and only enqueues frames; gpiozero callbacks only enqueue
buttons. A bus fault pauses the game (the status LED says so) and scanning
retries with backoff until the chip answers again (``ScanWatch``, shared with
the simulation). When every sensor chip raises an interrupt line, the runtime
scans when one fires and otherwise only every ``IDLE_POLL`` seconds, which
recovers from an interrupt that was missed. SIGTERM turns the LEDs off and
closes the buses.

The game store is written through a ``Journal``: when it cannot take a record (a
full disk) the status LED, the log and the pages say so, the game goes on, and
the records are written in order once the store takes them again (tried at each
event and every ``Journal.retry_every`` seconds).

systemd's watchdog hears from the decision loop only: the loop stamps a heartbeat
each time round and wakes at least twice per watchdog interval; the watchdog task
pings only while the heartbeat is fresh, so a loop that hangs is restarted. A
task that fails is logged with its traceback and stops the runtime
(``BoardStoppedError``): the service exits with an error and systemd starts it again,
rather than keep a board that no longer decides anything.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
from collections.abc import Callable, Coroutine, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from drivers.buttons import ButtonRole
from drivers.errors import BusError
from engine.errors import KibanError
from engine.game import Game
from firmware_host.boards.notify import SystemdNotifier
from firmware_host.boards.scanning import BACKOFF, CONFIRM_WAIT, CONFIRMING, ScanWatch
from firmware_host.session.actions import Press
from firmware_host.session.controller import Controller
from firmware_host.session.events import Event, FrameSeen, Notice, Stamped, TimePassed
from firmware_host.session.journal import Journal
from firmware_host.session.legend import BLINK_PERIOD, Legend, Palette
from firmware_host.session.notices import notice_record
from firmware_host.session.storage import GameStore
from firmware_host.session.view import build_view
from hardware.board import Board, open_board
from hardware.profile import Profile

log = logging.getLogger(__name__)

__all__ = ["BACKOFF", "IDLE_POLL", "BoardStoppedError", "Runtime", "Submission"]

IDLE_POLL = 0.25  # seconds between scans of an interrupt-driven board at rest

BoardFactory = Callable[[Profile, Callable[[ButtonRole], None]], Board]


class BoardStoppedError(KibanError, RuntimeError):
    """A task of the runtime failed (the log has its traceback): the board stopped."""


@dataclass(frozen=True, slots=True)
class Submission:
    """An event whose notices someone awaits (the web page: was it refused?)."""

    event: Event
    at: float
    reply: asyncio.Future[list[Notice]]


class Runtime:
    """Runs one controller against one real board."""

    def __init__(
        self,
        game: Game[Any],
        profile: Profile,
        store: GameStore,
        palette: Palette,
        *,
        notifier: SystemdNotifier | None = None,
        board_factory: BoardFactory = open_board,
    ) -> None:
        self.game = game
        self.profile = profile
        self.store = store
        self.legend = Legend(palette)
        self.notifier = notifier or SystemdNotifier()
        self.queue: asyncio.Queue[Stamped | Submission] = asyncio.Queue()
        self.observers: list[Callable[[list[Notice]], None]] = []
        """Called after each event is handled and the LEDs painted (the web page)."""
        self.stopping = asyncio.Event()
        self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="kiban-bus")
        self._board: Board | None = None
        self.board_factory = board_factory
        self.journal = Journal(store)
        self.controller = Controller(game, profile.sensing, profile.sensed_spots, self.journal)
        self.heartbeat = 0.0  # when the decision loop last came round (the loop's time)
        self._failed: str | None = None  # the task that failed, if one did
        self.watch = ScanWatch()
        self.scans = 0
        self._held: list[tuple[ButtonRole, float]] = []  # confirms waiting for the sensors
        self._wake_poll: Callable[[], None] = lambda: None

    def _log(self, notices: list[Notice]) -> None:
        for notice in notices:
            record = notice_record(notice)
            if record is not None:
                log.info("%s", record)

    @property
    def board(self) -> Board | None:
        return self._board

    async def submit(self, event: Event) -> list[Notice]:
        """Queue an event like any other, happening now, and wait for the notices it
        brings."""
        loop = asyncio.get_running_loop()
        reply: asyncio.Future[list[Notice]] = loop.create_future()
        self.queue.put_nowait(Submission(event, loop.time(), reply))
        return await reply

    async def run(
        self,
        resume: bool = True,
        *,
        handle_signals: bool = True,
        options: Mapping[str, str] | None = None,
        settings: Mapping[str, str] | None = None,
    ) -> None:
        """Open the board, play until SIGTERM/SIGINT (or ``stopping``), then put the
        LEDs out and release the hardware."""
        loop = asyncio.get_running_loop()
        if handle_signals:
            for signum in (signal.SIGTERM, signal.SIGINT):
                loop.add_signal_handler(signum, self.stopping.set)

        def on_button(role: ButtonRole) -> None:
            loop.call_soon_threadsafe(self._pressed, role, loop)

        self._board = await loop.run_in_executor(
            self._worker, self.board_factory, self.profile, on_button
        )
        self.controller.orientation = self._board.orientation
        try:
            now = loop.time()
            notices = self.controller.start(now, resume=resume, options=options, settings=settings)
            notices += self.journal.tick(now)  # a damaged store replaced, a full disk
            self._log(notices)
            self._tell(notices)
            self.notifier.ready(f"playing {self.game.name}")
            self.heartbeat = loop.time()
            tasks = [
                asyncio.create_task(self._guard("poll", self._poll(loop))),
                asyncio.create_task(self._guard("decide", self._decide(loop))),
            ]
            if self.notifier.watchdog_interval:
                tasks.append(asyncio.create_task(self._watchdog(loop)))
            await self.stopping.wait()
            for task in tasks:
                task.cancel()
            for task in tasks:
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        finally:
            self.notifier.stopping()
            self.journal.shutdown()
            board = self._board
            await loop.run_in_executor(self._worker, board.close)
            self._worker.shutdown(wait=True)
            if handle_signals:
                for signum in (signal.SIGTERM, signal.SIGINT):
                    loop.remove_signal_handler(signum)
        if self._failed is not None:
            failed = self._failed
            raise BoardStoppedError(f"the board stopped: its {failed} task failed (see the log)")

    async def _guard(self, name: str, work: Coroutine[Any, Any, None]) -> None:
        """Run one of the runtime's loops; if it fails, log why and stop the runtime (the
        watchdog stops with it), never leaving a board that looks alive but is not."""
        try:
            await work
            log.error("the %s task ended: the board stops", name)  # it never should
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("the %s task failed: the board stops", name)
        self._failed = name
        self.stopping.set()

    def _pressed(self, role: ButtonRole, loop: asyncio.AbstractEventLoop) -> None:
        """A button, on the loop's thread: a confirm waits for the sensors (``_release``)."""
        if role in CONFIRMING:
            self._held.append((role, loop.time()))
            self._wake_poll()
        else:
            self._enqueue(Press(role), loop)

    def _release(self, scanned_from: float, settled: bool, now: float) -> None:
        """Hand on the confirms pressed before a scan that found the board at rest (or
        held for CONFIRM_WAIT): they apply to the whole move the hand made."""
        while self._held:
            role, pressed = self._held[0]
            if not (settled and pressed <= scanned_from) and now - pressed < CONFIRM_WAIT:
                return
            self._held.pop(0)
            self.queue.put_nowait(Stamped(Press(role), now))

    def _enqueue(self, event: Event, loop: asyncio.AbstractEventLoop) -> None:
        """Queue an event that happens now (on the loop's thread)."""
        self.queue.put_nowait(Stamped(event, loop.time()))

    async def _poll(self, loop: asyncio.AbstractEventLoop) -> None:
        assert self._board is not None
        board = self._board
        scanner = board.scanner
        period = 1.0 / self.profile.scan_hz
        woken = asyncio.Event()
        interrupts = board.interrupt_driven

        def wake() -> None:  # on gpiozero's thread: only hand it to the loop
            loop.call_soon_threadsafe(woken.set)

        self._wake_poll = woken.set

        if interrupts:
            board.wake.append(wake)
        while True:
            woken.clear()
            started = loop.time()
            try:
                change = await loop.run_in_executor(self._worker, scanner.scan)
            except BusError as error:
                for event in self.watch.failed(error):
                    self.queue.put_nowait(Stamped(event, loop.time()))
                await asyncio.sleep(self.watch.delay(period))
                continue
            finally:
                self.scans += 1
            for event in self.watch.answered():
                self.queue.put_nowait(Stamped(event, loop.time()))
            if change is not None:
                self.queue.put_nowait(Stamped(FrameSeen(change.frame), loop.time()))
            self._release(started, scanner.debouncer.settled, loop.time())
            if self._held:
                await asyncio.sleep(period)  # scan on until the board is at rest
                continue
            if interrupts and scanner.debouncer.settled and not board.interrupt_pending():
                # At rest: sleep until a chip signals a change, or poll slowly anyway.
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(woken.wait(), IDLE_POLL)
                continue
            await asyncio.sleep(period)

    def _deadline(self, now: float, blinking: bool) -> float | None:
        """When the decision loop has something to do without a new event."""
        due = [self.controller.next_deadline(now), self.journal.next_retry()]
        if blinking:
            due.append((int(now / BLINK_PERIOD) + 1) * BLINK_PERIOD)
        return min((d for d in due if d is not None), default=None)

    async def _decide(self, loop: asyncio.AbstractEventLoop) -> None:
        assert self._board is not None
        painter = self._board.painter
        blinking = False
        beat = self.notifier.watchdog_interval
        while True:
            now = self.heartbeat = loop.time()
            deadline = self._deadline(now, blinking)
            timeout = None if deadline is None else max(0.0, deadline - now)
            only_beat = beat is not None and (timeout is None or timeout > beat / 2)
            if only_beat and beat is not None:
                timeout = beat / 2  # come round in time for the watchdog
            try:
                item = await asyncio.wait_for(self.queue.get(), timeout)
            except TimeoutError:
                if only_beat:
                    continue
                item = Stamped(TimePassed(), loop.time())
            reply = item.reply if isinstance(item, Submission) else None
            try:
                notices = self.controller.handle(item.event, item.at)
            except Exception as error:
                if reply is not None and not reply.done():
                    reply.set_exception(error)
                raise
            notices += self.journal.tick(loop.time())
            self._log(notices)
            now = loop.time()
            lights = self.legend.lights(build_view(self.controller, now), now)
            blinking = lights.blinking
            await loop.run_in_executor(self._worker, painter.paint, lights.spots, lights.indicators)
            if reply is not None and not reply.done():
                reply.set_result(notices)
            self._tell(notices)

    def _tell(self, notices: list[Notice]) -> None:
        """The observers (the web page): one that fails is logged, the board goes on."""
        for observer in self.observers:
            try:
                observer(notices)
            except Exception:
                log.exception("an observer of the board failed")

    async def _watchdog(self, loop: asyncio.AbstractEventLoop) -> None:
        """Tell systemd the board is alive while the decision loop comes round."""
        interval = self.notifier.watchdog_interval or 1.0
        stuck = False
        while True:
            late = loop.time() - self.heartbeat
            if late <= interval:
                self.notifier.watchdog()
                stuck = False
            elif not stuck:
                stuck = True
                log.error("the decision loop has not come round for %.1f s: no watchdog ping", late)
            await asyncio.sleep(interval)
