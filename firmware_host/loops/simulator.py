"""The whole product on simulated hardware and simulated time.

Real drivers, scanner, debouncer, recognizer, controller, legend and painter run
unchanged; below them the mock layer stands in for chips, strip and buttons, and a
simulated world of pieces drives the chip inputs. Time is simulated: the board is
scanned at the profile's rate, and stretches where nothing can change are skipped,
so a long noisy game runs in a blink and always the same way. Each event goes
through the ``SessionLoop`` the runtime uses too, on simulated time and with no bus
thread (hardware work runs at once). The game store is written through a
``Journal``: a store that cannot take a record (a full disk) shows a fault and the
game goes on, its records kept until they can be written (tried again at each event
and every ``Journal.retry_every`` seconds).
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from drivers.buttons import ButtonRole
from drivers.errors import BusError
from engine.game import Game, Layout
from engine.physical import Spot
from engine.recognition.answers import Pending, Timing
from engine.record import RecordInfo
from firmware_host.loops.remote_side import RemoteSide
from firmware_host.loops.scanning import CONFIRM_WAIT, CONFIRMING, Cadence, ScanWatch
from firmware_host.loops.session_loop import SessionLoop, at_once, next_blink
from firmware_host.loops.sim_time import check_target, check_wait
from firmware_host.notices.declared import Notice
from firmware_host.opponents.players import Players
from firmware_host.opponents.thinking import InlineThinker, Thinker
from firmware_host.session.actions import Press
from firmware_host.session.controller import Controller
from firmware_host.session.events import (
    Event,
    FrameSeen,
    TimePassed,
)
from firmware_host.session.puzzle import PuzzleRun
from firmware_host.session.puzzle_desk import PuzzleDesk
from firmware_host.store.journal import Journal, journal_of
from firmware_host.store.storage import GameStore
from firmware_host.telling.legend import DEFAULT_PALETTE, Legend, Lights, Palette
from hardware.mock.analog import HallModel
from hardware.mock.board import SimulatedBoard
from hardware.mock.hands import Hands, HandStep, Noise, apply
from hardware.mock.world import SimulatedWorld
from hardware.profile import Profile


class Simulation:
    """A simulated board with a game session on it."""

    def __init__(
        self,
        game: Game[Any],
        profile: Profile,
        store: GameStore | Journal,
        *,
        options: Mapping[str, str] | None = None,
        position: str | None = None,
        moves: Sequence[str] = (),
        record: RecordInfo | None = None,
        resume: bool = True,
        timing: Timing | None = None,
        noise: Noise | None = None,
        seed: int = 0,
        palette: Palette = DEFAULT_PALETTE,
        pieces: Layout | None = None,
        settings: Mapping[str, str] | None = None,
        physical: Profile | None = None,
        hall: HallModel | None = None,
        thinker: Thinker | None = None,
        remote: RemoteSide | None = None,
        puzzle: PuzzleRun | None = None,
    ) -> None:
        """``pieces``: how the stones stand when the program starts (by default, as
        the started or resumed game has them). ``physical``: the wiring as it really
        is, when a test builds a miswired board; ``hall``: how alike analog Hall
        sensors are. ``thinker``: where the computer thinks (by default at once, in
        simulated time: a worker process would make a run depend on real time).
        ``remote``: the game is played with other boards over a broker, or on a server
        such as lishogi (it decides whether the game is resumed, hosted or joined).
        ``puzzle``: the first game is this puzzle's (no other game started before it).
        ``record``: what the record ``moves`` were read from said beside them."""
        self.game = game
        self.profile = profile
        self.world = SimulatedWorld(game, profile.sensing)
        self.hardware = SimulatedBoard(profile, self.world, physical=physical, hall=hall, seed=seed)
        self._pressed: list[ButtonRole] = []
        self.board = self.hardware.open(self._pressed.append)
        self.journal = journal_of(store)
        self.controller = Controller(
            game,
            profile.sensing,
            profile.sensed_spots,
            self.journal,
            timing=profile.timing(timing),  # the order margin of the board's own sensors
        )
        self.controller.board_opened(self.board.orientation)
        self.legend = Legend(palette)
        self.hands = Hands(game.geometry, noise or Noise.none(), random.Random(seed))
        self.period = 1.0 / profile.scan_hz
        self.cadence = Cadence(self.period, 1.0 / profile.idle_hz)
        """When the runtime scans again: a reading on its way is confirmed sooner than a
        period later, so the simulation does so too (the debouncer's timing is the
        board's, not a multiple of the profile's period)."""
        self._took = 0.0
        """How long the last scan kept the bus, on the hardware's clock."""
        self.now = 0.0
        self.notices: list[Notice] = []
        self.lights: Lights | None = None
        self.watch = ScanWatch()
        self._scanned_version = -1
        self.thinker: Thinker = thinker if thinker is not None else InlineThinker(Players())
        self.remote = remote
        self.desk = PuzzleDesk()
        """The puzzle being solved, if any: it judges the moves played."""
        if remote is not None:
            given = tuple(moves)
            plan = remote.plan(
                game,
                self.journal,
                options=options,
                position=position,
                moves=moves,
                settings=settings,
            )
            resume, options, position = plan.resume, plan.options, plan.position
            moves, settings = plan.moves, plan.settings
            if tuple(moves) != given:
                record = None  # the game the other boards play, not the record's
            self.thinker = remote.thinker(self.thinker)
        start: dict[str, Any] = {
            "resume": resume,
            "options": options,
            "position": position,
            "settings": settings,
            "moves": moves,
            "record": record,
        }
        if puzzle is not None:
            start = puzzle.opening(settings)
        self.session: SessionLoop[object] = SessionLoop(
            self.controller,
            self.journal,
            self.legend,
            self.board.painter,
            clock=lambda: self.now,
            on_bus=at_once,
            thinker=lambda needed: self.thinker,
            remote=remote,
            turn=self.board.orientation,
            rounds=4,
        )
        """The one sequence after every event, on simulated time, with no bus thread."""
        # a damaged store replaced, a store that cannot take the new game
        self.notices += self.session.start(**start)
        if puzzle is not None:
            self.notices += self.desk.begin(puzzle, self.now)
        self.world.arrange(self.controller.position.layout() if pieces is None else pieces)
        self._step()

    # --- time ------------------------------------------------------------------------

    @property
    def puzzle(self) -> PuzzleRun | None:
        """The puzzle being solved, if any."""
        return self.desk.run

    @puzzle.setter
    def puzzle(self, run: PuzzleRun | None) -> None:
        self.desk.run = run

    def _handle(self, event: Event) -> list[Notice]:
        """An event and all that follows it (the computer's answers handled at once, and
        a puzzle's judgement of the moves played: its hint lights the answer's square)."""
        notices = self.desk.passes(event, self.now, self.controller, self._followed, self._at_once)
        self.notices += notices
        return notices

    def _followed(self, event: Event) -> list[Notice]:
        """An event and what the other boards or the computer answer to it, now."""
        return self.session.handle(event, self.now) + self.session.follow(self._at_once)

    def start_puzzle(self, run: PuzzleRun) -> list[Notice]:
        """Set ``run``'s puzzle up as a new game: the LEDs guide the pieces there, and the
        question is told (``PuzzleSet``)."""
        notices = self.desk.start(run, self.now, self._followed)
        self.notices += notices
        self._paint()
        return notices

    def _at_once(self, event: Event) -> list[Notice]:
        """What the other boards or the computer said, handled now (simulated time
        waits for nobody)."""
        return self.session.handle(event, self.now)

    def _deadline(self) -> float | None:
        """The controller's next deadline, or the store's next try if sooner."""
        return self.session.deadline(self.now)

    def _step(self) -> list[Notice]:
        """One scan period: sense, decide, paint."""
        notices: list[Notice] = []
        self.hardware.tick(self.now)
        self._scanned_version = self.world.version
        try:
            change = self.board.scanner.scan()
            self._took = max(0.0, self.hardware.clock.now() - self.now)
        except BusError as error:
            # a failed scan takes the time its driver waited for an answer
            self.now = max(self.now, self.hardware.clock.now())
            for event in self.watch.failed(error):
                notices += self._handle(event)
            change = None
        else:
            for event in self.watch.answered():
                notices += self._handle(event)
        if change is not None:
            notices += self._handle(FrameSeen(change.frame, change.unseen))
        deadline = self.controller.next_deadline(self.now)
        if deadline is not None and deadline <= self.now + 1e-9:
            notices += self._handle(TimePassed())
        notices += self._drain_buttons()
        follow = self.session.follow(self._at_once)
        self.notices += follow
        self._paint()
        return notices + follow

    def _drain_buttons(self) -> list[Notice]:
        notices: list[Notice] = []
        while self._pressed:
            notices += self._handle(Press(self._pressed.pop(0)))
        return notices

    def _paint(self) -> None:
        self.lights, _ = self.session.paint()

    def _quiet(self) -> bool:
        return (
            self.world.version == self._scanned_version
            and self.board.scanner.debouncer.settled
            and not self.watch.faulted
        )

    def _next_scan(self) -> float:
        """When the next scan is, as the runtime has them: a period on, or while a
        reading is on its way at the confirming scans' shorter pace (``Cadence.confirm``).
        Once it has settled the scans fall back onto the beat of the period, so that a
        time a caller names on that beat (a replay's, a test's) is a time it scans at;
        times are kept to the nanosecond, so that a second after a scan on the beat is a
        scan on the beat too."""
        if self.board.scanner.debouncer.settled or self.watch.faulted:
            return self._beat(math.floor(self.now / self.period + 1e-6) + 1)
        return round(self.now + self.cadence.confirm(self._took), 9)

    def _beat(self, count: int) -> float:
        return round(count * self.period, 9)

    def advance_to(self, until: float) -> list[Notice]:
        """Scan at the runtime's pace until ``until``, skipping stretches where
        nothing can change (a time already passed does nothing). A time that is not
        finite or lies beyond the horizon raises ``SimulatedTimeError``."""
        check_target(until)
        notices: list[Notice] = []
        while (at := self._next_scan()) <= until + 1e-9:
            if self._quiet():
                deadline = self._deadline()
                target = until if deadline is None else min(until, deadline)
                at = max(at, self._beat(math.floor(target / self.period + 1e-6)))
            self.now = at
            notices += self._step()
        return notices

    def next_wake(self) -> float | None:
        """When the simulation next has something to do if nobody touches it: the
        next scan while a reading is changing, the controller's next deadline, the
        next toggle of a blinking LED; None when it may sleep until touched. It is
        always at least one scan period ahead, so that a caller keeping real time
        (the web companion) never spins."""
        soon = self.now + self.period
        if not self._quiet():
            return soon
        wakes = []
        deadline = self._deadline()
        if deadline is not None:
            wakes.append(max(deadline, soon))
        if self.thinker.busy or self.remote is not None:
            wakes.append(self.now + max(self.period, 0.05))  # an answer may come any time
        if self.lights is not None and self.lights.blinking:
            toggle = next_blink(self.now)
            wakes.append(max(toggle + self.period, soon))  # a scan at or after the toggle
        return min(wakes) if wakes else None

    def advance(self, seconds: float) -> list[Notice]:
        """Let ``seconds`` pass; ``SimulatedTimeError`` if not finite, negative or too far."""
        check_wait(seconds)
        return self.advance_to(self.now + seconds)

    def settle(self, limit: float | None = None) -> list[Notice]:
        """Let the board rest until the controller has nothing left to decide (at most
        ``limit`` seconds; by default long enough for a move that a longer one could
        continue, but short of the grace period that starts corrections, and as long as a
        move the board shows waits for its own rest: a capture that would end the game
        may have its capturer still in the air)."""
        timing = self.controller.timing
        pending = limit is None
        if limit is None:
            limit = min(max(timing.settle, timing.extend) + 0.1, timing.grace - 0.05)
        end = self.now + limit
        notices = self.advance(self.board.scanner.debouncer.scans * self.period * 2)
        while True:
            shown = self.controller.assessment
            if pending and isinstance(shown, Pending):
                end = max(end, shown.settles_at + self.period)
            if self.now >= end:
                break
            deadline = self.controller.next_deadline(self.now)
            waiting = self.watch.faulted or not self.controller.trust.trusted
            if deadline is None and (waiting or not self._quiet()):
                # the game waits for the chip, or a reading is still settling: keep scanning
                deadline = self.now + 5 * self.period
            if deadline is None or deadline > end:
                break
            notices += self.advance_to(max(deadline, self.now) + self.period)
        return notices

    # --- hands ---------------------------------------------------------------------

    def run(self, steps: Iterable[HandStep]) -> list[Notice]:
        """Carry out timed world actions, scanning in between."""
        notices: list[Notice] = []
        for step in steps:
            notices += self.advance_to(max(step.at, self.now))
            apply(self.world, step.action)
        return notices

    def perform(self, move_text: str) -> list[Notice]:
        """The hands play a move as the rules have it (with the noise of ``hands``);
        the board is then left to settle."""
        position = self.controller.position.copy()
        position.push(position.parse_move(move_text))
        steps = self.hands.perform(self.world, self.physical(position.layout()), self.now)
        notices = self.run(steps)
        return notices + self.settle()

    def physical(self, layout: Layout) -> Layout:
        """Where the stones of a game's layout stand on the board (across the half
        turn when the board was set up the other way round)."""
        turn = self.board.orientation
        if turn is None or not turn.turned:
            return layout
        return {turn.spot(spot): stones for spot, stones in layout.items()}

    def lift(self, spot: Spot) -> None:
        self.world.lift(spot)

    def place(self, spot: Spot) -> None:
        self.world.place(spot)

    def press(self, role: ButtonRole, held: float = 0.0) -> list[Notice]:
        """Press a button and let it go ``held`` seconds later (the board scanned
        meanwhile): hint held long enough asks for a puzzle (``drivers.buttons.HELD``)."""
        notices: list[Notice] = []
        if role in CONFIRMING:
            # the press applies to the board once the sensors have caught up with it
            end = self.now + CONFIRM_WAIT
            while not self._quiet() and not self.watch.faulted and self.now < end:
                self.now = self._next_scan()
                notices += self._step()
        self.hardware.hold(role)
        if held > 0:
            notices += self.advance(held)
        self.hardware.release(role)
        notices += self._drain_buttons()
        self._paint()  # as after every event: the LEDs follow at once (Runtime does so)
        return notices

    def send(self, event: Event) -> list[Notice]:
        """An event from the controls (the terminal, a replay, the web page), now."""
        notices = self._handle(event)
        self._paint()
        return notices

    def tidy(self) -> None:
        """Do what a player's hands do unseen after a move: turn over a piece promoted at a
        prompt, give a captured piece its new owner. Only stones no sensor can tell
        apart are touched, so recognition never depends on it; the screens call it."""
        expected = self.controller.position.layout()
        world = self.world.layout()
        sensed = self.profile.sensed_spots
        for spot in expected.keys() | world.keys():
            want, have = expected.get(spot, ()), world.get(spot, ())
            if want == have:
                continue
            same_reading = self.game.stack_reading(want, self.world.sensing) == (
                self.game.stack_reading(have, self.world.sensing)
            )
            if spot not in sensed or same_reading:
                self.world.restack(spot, want)

    def close(self) -> None:
        """Let go of the board's buttons and stop the computer's worker, if any."""
        self.thinker.close()
        self.board.close()

    # --- looking ---------------------------------------------------------------------

    def spot_colour(self, spot: Spot) -> tuple[int, int, int] | None:
        """The colour the strip shows at a spot (its first LED), None when dark or unlit."""
        leds = self.board.painter.leds_of(spot)
        if not leds:
            return None
        colour = self.board.painter.pixels[leds[0]]
        if colour.red == colour.green == colour.blue == 0:
            return None
        return (colour.red, colour.green, colour.blue)
