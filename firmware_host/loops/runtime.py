"""The real board on real time: what ``kiban run`` and the service execute.

One asyncio loop owns the controller, and takes each event through the
``SessionLoop`` the simulation uses too (handle, store, the other boards and the
computer, view, legend, paint), with the loop's clock and the bus thread. Every
blocking hardware call runs on one bus thread (``BusThread``), which scans on its
own steady timer and hands the loop only what changed (a frame, a fault, a scan a
held confirm waits for), so an unchanged board costs a scan and no hand-off;
gpiozero callbacks only enqueue buttons. A bus fault pauses the game (the status LED
says so) and scanning retries with backoff until the chip answers again
(``ScanWatch``, shared with the simulation). When every sensor chip raises an
interrupt line, the runtime scans when one fires and otherwise only every
``IDLE_POLL`` seconds, which recovers from an interrupt that was missed; lines the
kernel takes away are told and claimed again, the sensors polled meanwhile
(firmware_host/loops/line_news.py). SIGTERM turns the LEDs off and closes the buses.

The other side of a game played elsewhere (another board, lishogi) is given at start,
or handed over while the board runs (``seat_remote``: a lishogi game the page found),
swapped by the decision loop between two events, so no restart is needed.

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
import time
from collections.abc import Callable, Coroutine, Mapping
from concurrent.futures import Future
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from drivers.buttons import ButtonRole
from drivers.errors import BusError
from engine.errors import KibanError
from engine.game import Game
from firmware_host.loops.bus_thread import BusThread
from firmware_host.loops.line_news import LineNews
from firmware_host.loops.notify import SystemdNotifier
from firmware_host.loops.scanning import (
    BACKOFF,
    CONFIRM_WAIT,
    CONFIRMING,
    Cadence,
    ScanWatch,
)
from firmware_host.loops.session_loop import SessionLoop, next_blink
from firmware_host.loops.settling import settle
from firmware_host.notices.declared import Notice
from firmware_host.opponents.thinking import Thinker
from firmware_host.session.actions import Press
from firmware_host.session.controller import Controller
from firmware_host.session.events import Event, FrameSeen, Stamped, TimePassed
from firmware_host.session.puzzle_desk import PuzzleDesk
from firmware_host.session.state import Phase
from firmware_host.store.journal import Journal
from firmware_host.store.storage import GameStore
from firmware_host.telling.legend import Legend, Palette
from firmware_host.wire.notice_records import notice_record
from hardware.board import Board, open_board
from hardware.profile import Profile
from hardware.scanner import FrameChange

if TYPE_CHECKING:
    from firmware_host.loops.remote_side import RemoteSide, StartPlan
    from firmware_host.session.puzzle import PuzzleRun  # imported when a puzzle is asked for

log = logging.getLogger(__name__)

__all__ = ["BACKOFF", "IDLE_POLL", "BoardStoppedError", "Runtime", "Submission"]

IDLE_POLL = 0.25  # seconds between scans of an interrupt-driven board at rest
THINK_POLL = 0.05  # seconds between looks for the computer's answer while it thinks
REMOTE_POLL = 1.0  # a remote game's slow look round (a restarted host's grace); news wakes

BoardFactory = Callable[[Profile, Callable[[ButtonRole], None]], Board]


class BoardStoppedError(KibanError, RuntimeError):
    """A task of the runtime failed (the log has its traceback): the board stopped."""


@dataclass(frozen=True, slots=True)
class Submission:
    """An event whose notices someone awaits (the web page: was it refused?)."""

    event: Event
    at: float
    reply: asyncio.Future[list[Notice]]


@dataclass(frozen=True, slots=True)
class Seating:
    """A game whose other side is ``remote`` from now on, started as ``plan`` says
    (``Runtime.seat_remote``): the decision loop swaps the seat between two events."""

    remote: RemoteSide
    plan: StartPlan
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
        thinker: Thinker | None = None,
        remote: RemoteSide | None = None,
    ) -> None:
        """``thinker``: where the computer thinks; by default a worker process, started
        the first time a computer seat, a hint or the coach needs it. ``remote``: the
        game is played with other boards over a broker, or on a server such as lishogi."""
        self.game = game
        self.profile = profile
        self.store = store
        self.legend = Legend(palette)
        self.notifier = notifier or SystemdNotifier()
        self.queue: asyncio.Queue[Stamped | Submission | Seating] = asyncio.Queue()
        self.observers: list[Callable[[list[Notice]], None]] = []
        """Called after each event is handled and the LEDs painted (the web page)."""
        self.deadlines: list[Callable[[float], float | None]] = []
        """More times the decision loop wakes (and tells the observers), given now: the
        speaker's clock warnings."""
        self.stopping = asyncio.Event()
        self._bus: BusThread | None = None
        self._board: Board | None = None
        self.board_factory = board_factory
        self.journal = Journal(store)
        sensing, sensed = profile.sensing, profile.sensed_spots  # the board's own timing:
        self.controller = Controller(game, sensing, sensed, self.journal, timing=profile.timing())
        self.heartbeat = 0.0  # when the decision loop last came round (the loop's time)
        self._failed: str | None = None  # the task that failed, if one did
        self.watch = ScanWatch()
        self.scans = 0
        self._held: list[tuple[ButtonRole, float]] = []  # confirms waiting for the sensors
        self._wake_poll: Callable[[], None] = lambda: None
        self._scan_failure: asyncio.Future[None] | None = None
        self._session: SessionLoop[Future[Any]] | None = None  # made once the board is open
        self._computer = thinker  # the computer itself, without the remote seats
        self._thinker = thinker  # the computer, the remote seats answered elsewhere
        self.remote = remote
        self.desk = PuzzleDesk()
        """The puzzle being solved, if any, and how each event passes it."""
        self._news: Callable[[], None] = lambda: None  # wakes the loop (once it runs)
        if remote is not None:
            self._thinker = remote.thinker(self.computer)

    @property
    def computer(self) -> Thinker:
        """The computer (a worker process, started once something asks it to think)."""
        if self._computer is None:
            from firmware_host.opponents.players import Players
            from firmware_host.opponents.worker import ProcessThinker

            self._computer = ProcessThinker(Players)
        return self._computer

    @property
    def thinker(self) -> Thinker:
        if self._thinker is None:
            self._thinker = self.computer
        return self._thinker

    def _thinker_if(self, needed: bool) -> Thinker | None:
        """The computer, started only once something needs it."""
        return self.thinker if needed or self._thinker is not None else None

    def _later(self, event: Event) -> list[Notice]:
        """What the other boards or the computer said: an event of its own, queued."""
        self.queue.put_nowait(Stamped(event, asyncio.get_running_loop().time()))
        return []

    def _log(self, notices: list[Notice]) -> None:
        for notice in notices:
            record = notice_record(notice, every=True)
            if record is not None:
                log.info("%s", record)

    @property
    def board(self) -> Board | None:
        return self._board

    def bus_call(self, function: Callable[..., Any], *args: Any) -> Future[Any]:
        """Run ``function(*args)`` on the bus thread, between two scans (a bench, a
        test); only while the runtime runs."""
        if self._bus is None:
            raise RuntimeError("the runtime is not running")
        return self._bus.call(function, *args)

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
        puzzle: PuzzleRun | None = None,
    ) -> None:
        """Open the board, play until SIGTERM/SIGINT (or ``stopping``), then put the
        LEDs out and release the hardware; ``puzzle``: set up and judged from the start."""
        loop = asyncio.get_running_loop()
        if handle_signals:
            for signum in (signal.SIGTERM, signal.SIGINT):
                loop.add_signal_handler(signum, self.stopping.set)

        def on_button(role: ButtonRole) -> None:
            loop.call_soon_threadsafe(self._pressed, role, loop)

        bus = self._bus = BusThread()
        try:
            board: Board = await asyncio.wrap_future(
                bus.call(self.board_factory, self.profile, on_button)
            )
        except BaseException:
            bus.shutdown()
            raise
        self._board = board
        self.controller.board_opened(board.orientation)
        session = self._session = SessionLoop(
            self.controller,
            self.journal,
            self.legend,
            board.painter,
            clock=loop.time,
            on_bus=bus.call,
            thinker=self._thinker_if,
            remote=self.remote,
            turn=board.orientation,
        )
        try:
            # what the other side says wakes the decision loop (from its own thread)
            def news() -> None:
                loop.call_soon_threadsafe(self._enqueue, TimePassed(), loop)

            self._news = news
            if self.remote is not None:
                self.remote.on_news(news)
            notices = session.start(**await self._start(resume, options, settings, puzzle))
            if puzzle is not None:
                notices += self.desk.begin(puzzle, loop.time())
            self._log(notices)
            self._tell(notices)
            settle()  # start-up's garbage freed, what it built kept out of full collections
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
            if self._thinker is not None:
                self._thinker.close()
            self.journal.shutdown()
            bus.stop_scanning()
            try:
                await asyncio.wrap_future(bus.call(board.close))
            finally:
                bus.shutdown()
            if handle_signals:
                for signum in (signal.SIGTERM, signal.SIGINT):
                    loop.remove_signal_handler(signum)
        if self._failed is not None:
            failed = self._failed
            raise BoardStoppedError(f"the board stopped: its {failed} task failed (see the log)")

    async def _start(
        self,
        resume: bool,
        options: Mapping[str, str] | None,
        settings: Mapping[str, str] | None,
        puzzle: PuzzleRun | None,
    ) -> dict[str, Any]:
        """How the session starts (``Controller.start``'s words): a puzzle's game as the
        first, never after another; a game whose other side is played elsewhere as the
        remote side plans it (hosted, joined or resumed), asked off the loop."""
        if puzzle is not None:
            return puzzle.opening(settings)
        if self.remote is None:
            return {"resume": resume, "options": options, "settings": settings}
        plan = await asyncio.to_thread(
            self.remote.plan, self.game, self.journal, options=options, settings=settings
        )
        return {
            "resume": plan.resume,
            "options": plan.options,
            "settings": plan.settings,
            "position": plan.position,
            "moves": plan.moves,
        }

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
        """Scan on the bus thread until cancelled; a scan that fails with anything but
        a bus error fails this task (and so stops the board)."""
        assert self._board is not None and self._bus is not None
        board, bus = self._board, self._bus
        failure: asyncio.Future[None] = loop.create_future()
        self._scan_failure = failure
        step = self._scan_step(loop, board, 1.0 / self.profile.scan_hz, failure)
        self._wake_poll = bus.wake
        news = LineNews(board.lines, loop, lambda event: self._enqueue(event, loop), bus.wake)
        board.lines.listen(news.heard)
        if board.interrupt_driven:
            board.wake.append(bus.wake)  # on gpiozero's thread: only wakes the bus thread
        bus.start_scanning(step)
        try:
            await failure
        finally:
            bus.stop_scanning()

    def _scan_step(
        self,
        loop: asyncio.AbstractEventLoop,
        board: Board,
        period: float,
        failure: asyncio.Future[None],
    ) -> Callable[[], float]:
        """One scan, on the bus thread: it hands the loop only what changed and says
        when the next scan is due."""
        scanner = board.scanner
        interrupts = board.interrupt_driven
        watch = self.watch
        post = loop.call_soon_threadsafe
        cadence = Cadence(period, 1.0 / self.profile.idle_hz)

        def failed(error: BaseException) -> None:
            if not failure.done():
                failure.set_exception(error)

        def step() -> float:
            started = time.monotonic()  # the loop's clock (asyncio uses time.monotonic)
            # Confirming a reading on its way reads only the chips that hold it while no
            # line is down: any other change is held by its chip until read (below).
            partial = interrupts and not scanner.debouncer.settled and not board.interrupt_pending()
            try:
                change = scanner.scan(partial=partial)
            except BusError as error:
                self.scans += 1
                events = watch.failed(error)
                if events:
                    post(self._scanned, events, None, started, False)
                return watch.delay(period)
            except Exception as error:
                self.scans += 1
                post(failed, error)
                return 1.0
            self.scans += 1
            events = watch.answered()
            holding = bool(self._held)
            settled = scanner.debouncer.settled
            if events or change is not None or holding:
                post(self._scanned, events, change, started, settled)
            if events or change is not None or holding or not settled:
                cadence.stirred(started)
            if not settled:  # a reading on its way: confirmed at once, not a period later
                return cadence.confirm(time.monotonic() - started)
            if holding:
                return period  # scan on until the board is at rest
            if interrupts and settled and not board.interrupt_pending():
                return IDLE_POLL  # at rest: until a chip signals a change, or slowly anyway
            return cadence.next(started)

        return step

    def _scanned(
        self, events: list[Event], change: FrameChange | None, started: float, settled: bool
    ) -> None:
        """What a scan found, on the loop's thread."""
        now = asyncio.get_running_loop().time()
        for event in events:
            self.queue.put_nowait(Stamped(event, now))
        if change is not None:
            self.queue.put_nowait(Stamped(FrameSeen(change.frame, change.unseen), now))
        self._release(started, settled, now)

    def _deadline(self, session: SessionLoop[Any], now: float, blinking: bool) -> float | None:
        """When the decision loop has something to do without a new event."""
        due = [session.deadline(now)]
        if self._thinker is not None and self._thinker.busy:
            due.append(now + THINK_POLL)  # look for the computer's answer
        if self.remote is not None:
            due.append(now + REMOTE_POLL)
        if blinking:
            due.append(next_blink(now))
        due += [deadline(now) for deadline in self.deadlines]
        return min((d for d in due if d is not None), default=None)

    async def _decide(self, loop: asyncio.AbstractEventLoop) -> None:
        """The decision loop: each event through the one session loop, painted on the
        bus thread before anyone hears of it."""
        session = self._session
        assert session is not None
        blinking = False
        beat = self.notifier.watchdog_interval
        while True:
            now = self.heartbeat = loop.time()
            deadline = self._deadline(session, now, blinking)
            timeout = None if deadline is None else max(0.0, deadline - now)
            only_beat = beat is not None and (timeout is None or timeout > beat / 2)
            if only_beat and beat is not None:
                timeout = beat / 2  # come round in time for the watchdog
            if timeout != 0 and self.queue.empty() and self.controller.warm():
                await asyncio.sleep(0)  # a step of the next lift's work; events first
                continue
            try:
                if self.queue.empty():  # no task a time round, as wait_for would make
                    async with asyncio.timeout(timeout):
                        item = await self.queue.get()
                else:
                    item = self.queue.get_nowait()
            except TimeoutError:
                if only_beat:
                    continue
                item = Stamped(TimePassed(), loop.time())
            reply = item.reply if isinstance(item, Submission | Seating) else None
            try:
                if isinstance(item, Seating):
                    notices = self._seated(session, item)
                else:
                    notices = self._puzzled(session, item.event, item.at)
            except Exception as error:
                if reply is not None and not reply.done():
                    reply.set_exception(error)
                raise
            self._log(notices)
            lights, painted = session.paint()
            blinking = lights.blinking
            await asyncio.wrap_future(painted)
            if reply is not None and not reply.done():
                reply.set_result(notices)
            self._tell(notices)

    def _puzzled(self, session: SessionLoop[Future[Any]], event: Event, at: float) -> list[Notice]:
        """An event and what follows it: the computer's answers queued, and the puzzle's
        judgement of the moves played carried out (``PuzzleDesk``)."""

        def answer(follow: Event) -> list[Notice]:
            return session.handle(follow, at)

        return self.desk.passes(event, at, self.controller, self._followed(session, at), answer)

    def _followed(
        self, session: SessionLoop[Future[Any]], at: float
    ) -> Callable[[Event], list[Notice]]:
        """Carry an event out at ``at``, queueing the computer's and other boards' answers."""
        return lambda event: session.handle(event, at) + session.follow(self._later)

    @property
    def puzzle(self) -> PuzzleRun | None:
        """The puzzle being solved, if any: it judges the moves played."""
        return self.desk.run

    async def seat_remote(
        self,
        remote: RemoteSide,
        *,
        options: Mapping[str, str] | None = None,
        settings: Mapping[str, str] | None = None,
    ) -> list[Notice]:
        """Play a new game whose other side is ``remote`` (a lishogi game the page
        found) from now on, without a restart: the game in progress is given up and
        kept in the store as a new game keeps it, and the seat played until now is let
        go. ``remote`` plans on the loop, so it must already know its game (an
        ``OnlineSeat`` joined); a plan it refuses raises here and nothing changes."""
        loop = asyncio.get_running_loop()
        if self._session is None:
            raise RuntimeError("the runtime is not running")
        plan = remote.plan(self.controller.game, self.journal, options=options, settings=settings)
        reply: asyncio.Future[list[Notice]] = loop.create_future()
        self.queue.put_nowait(Seating(remote, plan, loop.time(), reply))
        return await reply

    def _seated(self, session: SessionLoop[Future[Any]], seating: Seating) -> list[Notice]:
        """Swap the other side for ``seating``'s and start its game (on the loop)."""
        if seating.reply.cancelled():
            return []  # who asked has gone (a search cancelled): nothing changes
        plan, at, controller = seating.plan, seating.at, self.controller
        if not plan.resume and controller.phase is not Phase.GAME_OVER:
            self.journal.abandon(controller.game_id, at)  # as a new game leaves it
        old, remote = self.remote, seating.remote
        self.desk.run = None
        self.remote = session.remote = remote
        self._thinker = remote.thinker(self.computer)
        remote.on_news(self._news)
        if old is not None and old is not remote:
            old.close()
        notices = session.start(
            resume=plan.resume,
            options=plan.options,
            settings=plan.settings,
            position=plan.position,
            moves=plan.moves,
        )
        return notices + session.follow(self._later)

    async def start_puzzle(self, run: PuzzleRun) -> list[Notice]:
        """Set ``run``'s puzzle up as a new game (the LEDs guide the pieces there); the
        moves played from then on are judged against its answer."""
        self.desk.run = None
        notices = await self.submit(run.start())
        told = run.set_up(asyncio.get_running_loop().time())
        self.desk.run = run
        self._log([told])
        self._tell([told])
        return [*notices, told]

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
