"""The simulated board, live: the simulation's clock follows the event loop's.

One driver task owns the simulation (and so the controller). It scans at the
profile's rate while readings change, sleeps until the controller's next
deadline or the next blink of a blinking LED, and wakes at once for a command
from the page. Simulated time is the loop's time minus a fixed origin, so a
settle time or a correction guide takes as long in the browser as on a real
board; if the loop falls behind, the simulation catches up scan by scan, so
what it decides does not depend on how busy the computer is.

Commands that move pieces become timed steps of the simulated hands, the
terminal's too (``hardware/mock/gestures.py``: a capture takes the captured piece
where the rules send it a moment before the capturing piece lands, as a hand
does), run by the driver at their times. While steps are under way, further
commands wait for them.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.errors import KibanError
from engine.game import Game, Layout
from engine.puzzles import PuzzleError
from engine.recognition.answers import Timing
from engine.record import RecordInfo
from engine.registry import find_game
from engine.said import said_of
from firmware_host.loops.profiles import load_profile
from firmware_host.loops.remote_side import RemoteSide
from firmware_host.loops.simulator import Simulation
from firmware_host.notices.declared import (
    GameStarted,
    MoveCommitted,
    MovesTakenBack,
    Notice,
)
from firmware_host.online.link import ClientFactory, OnlineLink
from firmware_host.online.seat import OnlineSeat
from firmware_host.online.starting import Found
from firmware_host.opponents.players import Players
from firmware_host.opponents.worker import ProcessThinker
from firmware_host.remote.game import RemoteGame
from firmware_host.remote.link import Link
from firmware_host.remote.terms import JOIN_WAIT, LinkFactory
from firmware_host.session.actions import (
    Download,
    FlipPiece,
    LiftPiece,
    MovePiece,
    NewGame,
    OnlineAction,
    OnlineCancel,
    OnlineStart,
    PlacePiece,
    PlayRemote,
    Press,
    Speak,
    StartPuzzle,
    is_game_action,
)
from firmware_host.session.controller import Controller
from firmware_host.session.events import Event, TimePassed
from firmware_host.session.new_seats import with_starting_seats
from firmware_host.session.puzzle import PuzzleRun, new_run
from firmware_host.session.state import Phase
from firmware_host.store.journal import Journal
from firmware_host.store.storage import GameStore
from firmware_host.telling.legend import PALETTES, Legend
from firmware_host.web.gate.commands import Request
from firmware_host.web.gate.pairing import Pairing, PairingLegend, pairing_indicator
from firmware_host.web.page_state.messages import Json, Mode, MoveList, state_message
from firmware_host.web.sessions.remote_play import discard, refusal, remote_request
from firmware_host.web.sessions.session import (
    Session,
    answer,
    error,
    ok,
    record_message,
    simulated_profiles,
)
from firmware_host.wire.actions import Problem
from hardware.mock.gestures import GestureError, Gestures
from hardware.mock.hands import HandStep, Noise, apply
from hardware.profile import Profile

log = logging.getLogger(__name__)


def _hands_of(sim: Simulation) -> Gestures:
    """The simulated hands on ``sim``'s world, the terminal's too."""
    return Gestures(sim.world, sim.hands, orientation=sim.board.orientation)


@dataclass(frozen=True, slots=True)
class _Job:
    request: Request
    reply: asyncio.Future[Json]


class SimSession(Session):
    """A live simulation for the web page."""

    mode = Mode.SIMULATOR

    def __init__(
        self,
        game: Game[Any],
        store: GameStore,
        *,
        profile: str = "sim",
        palette: str = "default",
        options: Mapping[str, str] | None = None,
        position: str | None = None,
        moves: Sequence[str] = (),
        record: RecordInfo | None = None,
        pieces: Layout | None = None,
        resume: bool = True,
        noise: Noise | None = None,
        seed: int = 0,
        timing: Timing | None = None,
        pairing: Pairing | None = None,
        profiles: Mapping[str, tuple[str, ...]] | None = None,
        settings: Mapping[str, str] | None = None,
        remote: RemoteSide | None = None,
        link_factory: LinkFactory = Link,
        join_wait: float = JOIN_WAIT,
        state_dir: Path | None = None,
        puzzle: PuzzleRun | None = None,
    ) -> None:
        """``remote``: the game is played with other boards over a broker (or on a
        server such as lishogi). ``puzzle``: the first game is this puzzle's.
        ``link_factory`` and ``join_wait``: how a remote game asked for from the page
        reaches its broker, and how long joining waits for the host's board.
        ``state_dir``: where the page's "Play online" dialog keeps the lishogi token."""
        super().__init__(
            simulated_profiles() if profiles is None else profiles, state_dir=state_dir
        )
        self.store = store
        self.journal = Journal(store)  # one for every simulation: nothing waiting is lost
        self._link_factory = link_factory
        self._join_wait = join_wait
        self._spectator_store: GameStore | None = None  # a watched game's, kept apart
        self._noise = noise
        self._seed = seed
        self._timing = timing
        self._pairing = pairing
        self._palette = palette
        self._profile_name = profile
        self.sim = self._build(
            game,
            profile,
            options,
            position,
            resume=resume,
            settings=settings,
            moves=moves,
            record=record,
            pieces=pieces,
            remote=remote,
            puzzle=puzzle,
        )
        self.remote = remote if isinstance(remote, RemoteGame) else None  # across boards
        self.watching = self.remote is not None and self.remote.request.watch  # a spectator
        self._moves = MoveList()
        self._steps: deque[HandStep] = deque()
        self._jobs: asyncio.Queue[_Job] = asyncio.Queue()
        self._origin = 0.0
        self._loop: asyncio.AbstractEventLoop | None = None
        self._task: asyncio.Task[None] | None = None
        self._hands = _hands_of(self.sim)

    def publish(self, notices: list[Notice]) -> None:
        """After a move, the simulated hands tidy what no sensor sees (a piece promoted at
        a prompt is turned over), so the page shows the pieces as the game has them."""
        if any(isinstance(notice, MoveCommitted) for notice in notices):
            self.sim.tidy()
        super().publish(notices)

    def _build(
        self,
        game: Game[Any],
        profile_name: str,
        options: Mapping[str, str] | None,
        position: str | None,
        *,
        resume: bool,
        settings: Mapping[str, str] | None = None,
        moves: Sequence[str] = (),
        record: RecordInfo | None = None,
        pieces: Layout | None = None,
        remote: RemoteSide | None = None,
        journal: Journal | None = None,
        puzzle: PuzzleRun | None = None,
    ) -> Simulation:
        """``moves``: a record's, played before the board is set up (``record``: what it
        said beside them); ``pieces``: how the simulated pieces stand at first (default:
        as the game has them); ``journal``: where the game is kept (default: the store)."""
        sim = Simulation(
            game,
            load_profile(profile_name, game),
            self.journal if journal is None else journal,
            options=options,
            position=position,
            moves=moves,
            record=record,
            pieces=pieces,
            resume=resume,
            settings=settings,
            timing=self._timing,
            noise=self._noise,
            seed=self._seed,
            palette=PALETTES[self._palette],
            thinker=ProcessThinker(Players),  # the page keeps real time: never wait for it
            remote=remote,
            puzzle=puzzle,
        )
        sim.legend = self._legend(sim.legend, sim.board.painter.indicators)
        return sim

    def _legend(self, base: Legend, indicators: frozenset[str]) -> Legend:
        pairing = self._pairing
        indicator = pairing_indicator(indicators)
        if pairing is None or pairing.code is None or indicator is None:
            return base
        return PairingLegend(base, pairing, indicator)

    # --- the session -----------------------------------------------------------------

    @property
    def controller(self) -> Controller:
        return self.sim.controller

    @property
    def profile(self) -> Profile:
        return self.sim.profile

    def _build_state(self) -> Json:
        sim = self.sim
        return state_message(
            sim.controller,
            sim.board.painter.pixels,
            mode=self.mode,
            moves=self._moves,
            pieces=sim.world.layout(),
            held=tuple(sim.world.held),
            now=self.now() if self._loop is not None else sim.now,
            palette=self._palette,
            remote=self.remote,
        )

    async def start(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._origin = self._loop.time() - self.sim.now
        self.publish(list(self.sim.notices))
        self._task = asyncio.create_task(self._drive(), name="kiban-simulation")

    async def stop(self) -> None:
        await self.online_starter.close()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        while not self._jobs.empty():
            job = self._jobs.get_nowait()
            if not job.reply.done():
                job.reply.cancel()
        self.sim.close()
        self.journal.shutdown()
        self._close_spectator_store()

    async def execute(self, request: Request) -> Json:
        reply: asyncio.Future[Json] = asyncio.get_running_loop().create_future()
        self._jobs.put_nowait(_Job(request, reply))
        return await reply

    # --- time ------------------------------------------------------------------------

    def now(self) -> float:
        """Simulated time: the loop's time since the simulation's start."""
        assert self._loop is not None
        return self._loop.time() - self._origin

    async def _drive(self) -> None:
        """The only task that touches the simulation and its controller."""
        getter: asyncio.Future[_Job] | None = None
        try:
            while True:
                self._step()
                timeout = self._timeout()
                if self._steps:
                    await asyncio.sleep(timeout or 0.0)
                    continue
                if getter is None:
                    getter = asyncio.ensure_future(self._jobs.get())
                done, _ = await asyncio.wait({getter}, timeout=timeout)
                if not done:
                    continue
                job = getter.result()
                getter = None
                if job.reply.done():
                    continue  # its sender went away
                self._step()
                if isinstance(job.request.action, PlayRemote):
                    answer = await self._answer_remote(job.request, job.request.action)
                else:
                    answer = self._answer(job.request)
                self._step()
                job.reply.set_result(answer)
        finally:
            if getter is not None:
                getter.cancel()

    def _step(self) -> None:
        try:
            self._catch_up()
        except Exception:  # a bug must not stop the board: say so and go on
            log.exception("the simulation failed to catch up")

    def _answer(self, request: Request) -> Json:
        try:
            return self._carry_out(request)
        except KibanError as problem:
            return error(Problem.INVALID, str(problem), request_id=request.id)
        except Exception as problem:  # the driver must outlive a bug in one command
            log.exception("command %s failed", request.action)
            return error(Problem.INTERNAL, f"internal error: {problem}", request_id=request.id)

    def _catch_up(self) -> None:
        """Run due hand steps at their times, then scan up to now, and publish."""
        now = self.now()
        notices: list[Notice] = []
        while self._steps and self._steps[0].at <= now:
            step = self._steps.popleft()
            notices += self.sim.advance_to(step.at)
            try:
                apply(self.sim.world, step.action)
            except KibanError as problem:
                log.warning("the simulated hand could not do %s: %s", step.action, problem)
        notices += self.sim.advance_to(now)
        if self.watching:
            self._play_guide()
        self.publish(notices)

    def _play_guide(self) -> None:
        """A spectator's hands play each move the boards played, as it arrives."""
        guide = self.controller.guide
        if guide is None or self._steps:
            return
        self._steps.extend(self._hands.play(self.controller.position, guide.move, self.sim.now))

    def _timeout(self) -> float | None:
        wake = self.sim.next_wake()
        if self._steps:
            first = self._steps[0].at
            wake = first if wake is None else min(wake, first)
        if wake is None:
            return None
        return max(0.001, wake - self.now())

    def _gesture(self, request: Request, plan: Callable[[float], list[HandStep]]) -> Json:
        """The hands' steps of one gesture, planned from the end of any already under
        way; a gesture the hands cannot make is refused, naming the word at fault."""
        start = max(self.sim.now, self._steps[-1].at if self._steps else 0.0)
        try:
            steps = plan(start)
        except GestureError as refused:
            said = said_of(refused)
            return error(Problem.INVALID, said, request_id=request.id, field=refused.part)
        self._steps.extend(steps)
        return ok(request)

    # --- commands ----------------------------------------------------------------------

    def _send(self, event: Event, request: Request) -> Json:
        notices = self.sim.send(event)
        self._follow(notices)
        self.publish(notices)
        return answer(request, notices)

    def _follow(self, notices: list[Notice]) -> None:
        """The simulated hands keep the pieces with the game: a new game is set up at
        once, and pieces go back after a takeback from the controls."""
        for notice in notices:
            if isinstance(notice, GameStarted):
                self._steps.clear()
                self.sim.world.arrange(self.controller.position.layout())
                # The controller judges a set-up board only when a frame or a tick
                # comes; when the pieces already stand right no frame will.
                notices += self.sim.send(TimePassed())
            elif isinstance(notice, MovesTakenBack) and self.controller.phase is Phase.SETUP:
                layout = self.controller.position.layout()
                self._steps.extend(self._hands.bring_to(layout, self.sim.now))

    def online_seat(self) -> object:
        return self.sim.remote

    def puzzle_run(self) -> PuzzleRun | None:
        return self.sim.puzzle

    def _carry_out(self, request: Request) -> Json:
        command = request.action
        if isinstance(command, OnlineStart | OnlineCancel):
            return self.online_start(request, command)
        if isinstance(command, OnlineAction):
            return self.online(request, command)
        if self.watching and not isinstance(command, Download | NewGame | PlayRemote | Speak):
            return error(
                Problem.NOT_ALLOWED,
                "this page follows a game played at other boards: it cannot change it "
                "(a new game here stops following it)",
                request_id=request.id,
            )
        match command:
            case LiftPiece(spot):
                return self._gesture(request, lambda at: self._hands.lift(spot, at))
            case PlacePiece(spot, held):
                position = self.controller.position
                return self._gesture(
                    request, lambda at: self._hands.place(position, spot, at, held=held)
                )
            case MovePiece(source, target):
                position = self.controller.position
                return self._gesture(
                    request, lambda at: self._hands.move(position, source, target, at)
                )
            case FlipPiece(spot):
                return self._gesture(request, lambda at: self._hands.flip(spot, at))
            case Press(button):
                notices = self.sim.press(button)
                self._follow(notices)
                self.publish(notices)
                return answer(request, notices)
            case Download(name):
                return record_message(request, self.controller, name)
            case StartPuzzle(difficulty):
                return self._puzzle(difficulty, request)
            case NewGame():
                return self._new_game(command, request)
            case _ if is_game_action(command):
                return self._send(command, request)
        return ok(request)

    def _puzzle(self, difficulty: int | None, request: Request) -> Json:
        """A puzzle of this game: set up by the LEDs, its moves judged (``session.puzzle``)."""
        try:
            run = new_run(self.sim.game, difficulty)
        except PuzzleError as err:
            return error(Problem.INVALID, str(err), request_id=request.id)
        notices = self.sim.start_puzzle(run)
        self._follow(notices)
        self.publish(notices)
        return answer(request, notices)

    def _new_game(self, command: NewGame, request: Request) -> Json:
        game = find_game(command.game) if command.game is not None else self.sim.game
        profile = command.profile or (
            self._profile_name if game is self.sim.game else self.profiles[game.name][0]
        )
        if command.palette is not None:
            self._palette = command.palette
        self.sim.puzzle = None  # a game, not the puzzle: nothing more is judged
        if game is self.sim.game and profile == self._profile_name and not self.watching:
            self.sim.legend = self._legend(
                Legend(PALETTES[self._palette]), self.sim.board.painter.indicators
            )
            return self._send(
                NewGame(None, dict(command.variants), command.position, command.session), request
            )
        starting = self.sim.controller.starting_seats or ""  # the page's session goes on
        sim = self._build(
            game,
            profile,
            command.variants,
            command.position,
            resume=False,
            settings=with_starting_seats(game, command.session, starting),
        )
        sim.controller.seat_at_start(starting, carried=True)
        self._replace(sim, None)
        self._profile_name = profile
        return ok(request)

    def _replace(self, sim: Simulation, spectator_store: GameStore | None) -> None:
        """Play ``sim`` from now on: the game left is abandoned (a remote game ends with
        its board), and a watched game's store is let go."""
        old = self.sim
        if old.controller.phase is not Phase.GAME_OVER:
            old.journal.abandon(old.controller.game_id, old.now)
        old.close()
        sim.send(Speak(old.controller.speaking))  # the session's switch stays as it was
        if old.journal is not self.journal:
            old.journal.shutdown()
        self._close_spectator_store()
        self._spectator_store = spectator_store
        self.sim = sim
        self.remote = sim.remote if isinstance(sim.remote, RemoteGame) else None
        self.watching = self.remote is not None and self.remote.watching
        self._steps.clear()
        self._hands = _hands_of(sim)
        assert self._loop is not None
        self._origin = self._loop.time() - sim.now
        self.publish(list(sim.notices))

    def _close_spectator_store(self) -> None:
        if self._spectator_store is not None:
            self._spectator_store.close()
            self._spectator_store = None

    def _elsewhere(
        self,
        dropped: tuple[str, ...],
        options: Mapping[str, str] | None,
        remote: RemoteSide,
        journal: Journal | None = None,
    ) -> Callable[[], Simulation]:
        """A board of this game and profile whose opponent is elsewhere (``remote``),
        with this session's settings but ``dropped``: built off the event loop."""
        current = self.controller
        kept = {k: v for k, v in current.settings.stored().items() if k not in dropped}
        build = functools.partial(self._build, current.game, self._profile_name, options, None)
        return functools.partial(build, resume=False, settings=kept, remote=remote, journal=journal)

    # --- a game on lishogi, started from the page --------------------------------------

    async def play_online(self, found: Found, make: ClientFactory) -> None:
        """Play the game lishogi named: a board whose opponent is lishogi (built off the
        event loop: the seat waits for lishogi's gameFull), then wake the driver."""
        seat = OnlineSeat(OnlineLink(make, found.game_id), found.account)
        kept = ("opponent", "remote", "online", "clock", "draw")
        build = self._elsewhere(kept, None, seat)
        try:
            sim = await asyncio.to_thread(build)
        except BaseException:
            seat.close()
            raise
        self._replace(sim, None)
        woken: asyncio.Future[Json] = asyncio.get_running_loop().create_future()
        woken.set_result({})  # a job already answered: the driver only wakes for it
        self._jobs.put_nowait(_Job(Request(None, OnlineCancel()), woken))

    # --- a game with other boards ------------------------------------------------------

    async def _answer_remote(self, request: Request, command: PlayRemote) -> Json:
        try:
            return await self._play_remote(request, command)
        except asyncio.CancelledError:
            raise
        except Exception as problem:  # the driver must outlive a bug in one command
            log.exception("command %s failed", command)
            return error(Problem.INTERNAL, f"internal error: {problem}", request_id=request.id)

    async def _play_remote(self, request: Request, command: PlayRemote) -> Json:
        """Host, join or watch a remote game of this game. Joining waits for the host's
        board (up to ``join_wait``): the new simulation is built off the event loop,
        so the page and the other clients stay live meanwhile. A spectator's game is
        kept in a store of its own, never in the player's."""
        wanted = remote_request(command)
        spectator_store = GameStore(":memory:") if wanted.watch else None
        journal = None if spectator_store is None else Journal(spectator_store)
        remote = RemoteGame(wanted, link_factory=self._link_factory, join_wait=self._join_wait)
        current = self.controller
        options = dict(current.position.options.non_default(current.game.option_specs))
        build = self._elsewhere(("opponent", "remote"), options, remote, journal)
        task = asyncio.ensure_future(asyncio.to_thread(build))
        try:
            sim = await asyncio.shield(task)
        except asyncio.CancelledError:  # the session stops: the board built is let go
            task.add_done_callback(lambda done: discard(done, spectator_store))
            raise
        except (KibanError, OSError) as problem:  # no such game, no seat, no broker
            reached = remote.link is not None and remote.link.connects > 0
            remote.close()
            if spectator_store is not None:
                spectator_store.close()
            return error(
                Problem.REFUSED, refusal(wanted, problem, reached=reached), request_id=request.id
            )
        self._replace(sim, spectator_store)
        reply = ok(request)
        reply["code"] = str(remote.watch_code if remote.watching else remote.code)
        reply["role"] = None if remote.setting is None else remote.setting.role.value
        return reply
