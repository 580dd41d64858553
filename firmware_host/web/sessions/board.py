"""A real board's session for the web page: the page is its control panel.

The runtime stays the single writer: every command becomes an event on its
queue, and the page is told of every change through the runtime's observers.
Pieces are moved by hand on a real board, so the commands that move simulated
pieces are refused before they get here (``commands.check``).
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

from engine.puzzles import PuzzleError
from firmware_host.loops.runtime import Runtime
from firmware_host.loops.speaker import Announcer
from firmware_host.notices.declared import (
    GameStarted,
    Notice,
)
from firmware_host.online.link import ClientFactory, OnlineLink
from firmware_host.online.seat import OnlineSeat
from firmware_host.online.starting import Found
from firmware_host.remote.game import RemoteGame
from firmware_host.session.actions import (
    Download,
    NewGame,
    OnlineAction,
    OnlineCancel,
    OnlineStart,
    PlayRemote,
    StartPuzzle,
    is_game_action,
)
from firmware_host.session.controller import Controller
from firmware_host.session.events import TimePassed
from firmware_host.session.puzzle import PuzzleRun, new_run
from firmware_host.telling.legend import PALETTES
from firmware_host.web.gate.commands import Request
from firmware_host.web.gate.pairing import Pairing, PairingLegend, pairing_indicator
from firmware_host.web.page_state.messages import Json, Mode, MoveList, state_message
from firmware_host.web.sessions.session import Session, answer, error, record_message
from firmware_host.wire.actions import Problem
from hardware.profile import Profile

REMOTE_AT_START = (
    "a real board plays across boards from the start of its service: put a [remote] "
    "table in the board's profile, or start it with "
    "kiban run --remote URL --host-game|--join CODE"
)


def _loop_time() -> float:
    """The runtime's time: its event loop's clock (monotonic, as the loop's is)."""
    try:
        return asyncio.get_running_loop().time()
    except RuntimeError:  # not on the loop (a test reading the state): the same clock
        return time.monotonic()


class BoardSession(Session):
    """The web page of a board the runtime runs."""

    mode = Mode.BOARD

    def __init__(
        self, runtime: Runtime, pairing: Pairing | None = None, *, state_dir: Path | None = None
    ) -> None:
        super().__init__(dict.fromkeys(runtime.profile.games, ()), state_dir=state_dir)
        self.runtime = runtime
        self._moves = MoveList()
        self._pairing = pairing
        indicator = pairing_indicator(
            frozenset(name for name, _ in runtime.profile.leds.indicators)
        )
        if pairing is not None and pairing.code is not None and indicator is not None:
            runtime.legend = PairingLegend(runtime.legend, pairing, indicator)
        runtime.observers.append(self.publish)

    @property
    def controller(self) -> Controller:
        return self.runtime.controller

    @property
    def profile(self) -> Profile:
        return self.runtime.profile

    def _build_state(self) -> Json:
        board = self.runtime.board
        pixels = board.painter.pixels if board is not None else ()
        return state_message(
            self.controller,
            pixels,
            mode=self.mode,
            moves=self._moves,
            pieces=self.controller.position.layout(),
            now=_loop_time(),
            palette=self.runtime.legend.palette.name,
            remote=self.runtime.remote if isinstance(self.runtime.remote, RemoteGame) else None,
        )

    def online_seat(self) -> object:
        return self.runtime.remote

    def puzzle_run(self) -> PuzzleRun | None:
        return self.runtime.puzzle

    def voiced(self) -> bool:
        return any(isinstance(observer, Announcer) for observer in self.runtime.observers)

    async def start(self) -> None:
        """Nothing to start: the runtime runs the board."""

    async def stop(self) -> None:
        """The runtime puts the LEDs out when it stops; a search for a game ends."""
        await self.online_starter.close()

    async def execute(self, request: Request) -> Json:
        action = request.action
        if isinstance(action, Download):
            return record_message(request, self.controller, action.format)
        if isinstance(action, OnlineStart | OnlineCancel):
            return self.online_start(request, action)
        if isinstance(action, OnlineAction):
            return self.online(request, action)
        if isinstance(action, PlayRemote):
            return error(Problem.NOT_ALLOWED, REMOTE_AT_START, request_id=request.id)
        if isinstance(action, StartPuzzle):
            try:
                run = new_run(self.runtime.game, action.difficulty)
            except PuzzleError as err:
                return error(Problem.INVALID, str(err), request_id=request.id)
            return answer(request, await self.runtime.start_puzzle(run))
        if not is_game_action(action):
            return error(
                Problem.NOT_ALLOWED, "only the simulator moves pieces", request_id=request.id
            )
        if isinstance(action, NewGame) and action.palette is not None:
            self.runtime.legend.palette = PALETTES[action.palette]
        notices: list[Notice] = await self.runtime.submit(action)
        if any(isinstance(notice, GameStarted) for notice in notices):
            # The controller judges a set-up board only when a frame or a tick comes;
            # when the pieces already stand right no frame will.
            notices += await self.runtime.submit(TimePassed())
        return answer(request, notices)

    # --- a game on lishogi, started from the page --------------------------------------

    async def play_online(self, found: Found, make: ClientFactory) -> None:
        """Play the game lishogi named on this board, lishogi the opponent's seat (as
        ``kiban run --online lishogi`` seats it): the seat joins off the event loop
        (it waits for lishogi's gameFull), then the runtime starts its game between two
        events, the game left kept in the store."""
        seat = OnlineSeat(OnlineLink(make, found.game_id), found.account)
        kept = ("opponent", "remote", "online", "clock", "draw")
        current = self.controller.settings.stored().items()
        settings = {k: v for k, v in current if k not in kept}
        try:
            await asyncio.to_thread(seat.join)
            notices = await self.runtime.seat_remote(seat, settings=settings)
        except BaseException:
            if self.runtime.remote is not seat:  # the runtime did not take it
                seat.close()
            raise
        if any(isinstance(notice, GameStarted) for notice in notices):
            # as after a new game: the pieces may already stand right (no frame comes)
            await self.runtime.submit(TimePassed())
