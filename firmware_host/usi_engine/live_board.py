"""The real board as a USI engine (``kiban usi --profile P``): the board's runtime on
asyncio and real time, the GUI's lines read on a thread of their own and handled on
the runtime's loop, between two of its events (nothing else writes the session).

A ``go`` waits: the answer is written when the person's move is committed (or the
game ends another way), seen by an observer of the runtime after each event.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Coroutine, Iterable
from dataclasses import dataclass
from typing import IO, Any

from engine.game import Game
from firmware_host.loops.runtime import Runtime
from firmware_host.notices.declared import Notice
from firmware_host.session.events import Event, TimePassed
from firmware_host.store.storage import GameStore
from firmware_host.usi_engine.commands import Result
from firmware_host.usi_engine.endings import draw_agreed, ending
from firmware_host.usi_engine.front import UsiFront
from firmware_host.usi_engine.gui_seat import BoardGame, GuiSeatThinker, PlayGuiMove, Restart
from firmware_host.usi_engine.serve import line_writer
from firmware_host.usi_engine.settings import RESIGN, answer_of, game_settings


@dataclass(frozen=True, slots=True)
class Waiting:
    """A ``go`` not yet answered: the person's turn began at ply ``before``."""

    answer: Callable[[str], None]
    before: int
    person: int


class LiveDriver:
    """Drives a ``Runtime`` whose thinker is ``seat`` (the GUI's seat); called on the
    runtime's loop only."""

    def __init__(self, runtime: Runtime, seat: GuiSeatThinker) -> None:
        self.runtime = runtime
        self.seat = seat
        self._waiting: Waiting | None = None
        self._gui_seat = 1  # until the first game: the GUI plays the second seat
        self._tasks: set[asyncio.Task[list[Notice]]] = set()
        runtime.observers.append(self._seen)

    @property
    def game(self) -> Game[Any]:
        return self.runtime.game

    def board_game(self) -> BoardGame:
        controller = self.runtime.controller
        record = controller.record()
        over = controller.outcome is not None
        return BoardGame(record.start, record.moves, controller.position.turn, over)

    def _now(self) -> float:
        return asyncio.get_running_loop().time()

    def _submit(self, event: Event) -> None:
        """The event queued like any other (the LEDs follow once it is handled)."""
        self._later(self.runtime.submit(event))

    def _later(self, work: Coroutine[Any, Any, list[Notice]]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def restart(self, step: Restart) -> None:
        self.stop()
        self.seat.forget()
        self._gui_seat = step.gui_seat
        settings = game_settings(self.game, step.gui_seat)
        self.runtime.controller.restart(self._now(), step.start, step.moves, settings)
        self._submit(TimePassed())

    def play_gui_move(self, step: PlayGuiMove) -> None:
        self.seat.tell(step)
        self._submit(TimePassed())  # the session asks the GUI's seat, and lights its move

    def go(self, answer: Callable[[str], None]) -> None:
        """The person's move is the first of their seat's from now on (a GUI's move
        still to be played on the board comes first)."""
        position = self.runtime.controller.position
        person = (self._gui_seat + 1) % len(self.game.seats)
        self._waiting = Waiting(answer, len(position.move_stack), person)
        self._seen([])

    def _seen(self, notices: list[Notice]) -> None:
        """After each event: the person's move (or the end of the game) answers a ``go``."""
        waiting = self._waiting
        if waiting is None:
            return
        answer = answer_of(self.runtime.controller, waiting.before, waiting.person)
        if answer is not None:
            self._waiting = None
            waiting.answer(answer)

    def stop(self) -> None:
        waiting, self._waiting = self._waiting, None
        if waiting is not None:
            waiting.answer(RESIGN)

    def end(self, result: Result, gui_seat: int) -> None:
        self.stop()
        event = ending(result, gui_seat, self.runtime.controller)
        if event is not None:
            self._later(self._end(event))

    async def _end(self, event: Event) -> list[Notice]:
        """The game ended as the GUI says; a draw is proposed, then agreed by its seat."""
        notices = await self.runtime.submit(event)
        agreed = draw_agreed(self.runtime.controller)
        return notices + (await self.runtime.submit(agreed) if agreed is not None else [])

    def close(self) -> None:
        """Stop the board once what the GUI said last is handled (its ``gameover``)."""
        self.stop()
        pending = tuple(self._tasks)
        if not pending:
            self.runtime.stopping.set()
            return

        async def closing() -> list[Notice]:
            await asyncio.gather(*pending, return_exceptions=True)
            self.runtime.stopping.set()
            return []

        self._later(closing())


def serve_board(
    game: Game[Any], profile_name: str, store: GameStore, lines: IO[str], out: IO[str]
) -> int:
    """Run the real board and answer the GUI until ``quit`` or the end of its stream."""
    from firmware_host.loops.profiles import load_profile
    from firmware_host.opponents.players import Players
    from firmware_host.opponents.thinking import InlineThinker
    from firmware_host.telling.legend import DEFAULT_PALETTE

    profile = load_profile(profile_name, game)
    seat = GuiSeatThinker(InlineThinker(Players()))
    runtime = Runtime(game, profile, store, DEFAULT_PALETTE, thinker=seat)
    front = UsiFront(LiveDriver(runtime, seat), line_writer(out))
    asyncio.run(converse(runtime, front, lines))
    return 0


async def converse(
    runtime: Runtime, front: UsiFront, lines: Iterable[str], *, signals: bool = True
) -> None:
    """Run the board; once its game has started, hand it the GUI's lines (read on a
    thread of their own) until ``quit`` or their end, which stop it. ``signals``:
    SIGTERM and SIGINT stop it too (the main thread only)."""
    loop = asyncio.get_running_loop()
    started = asyncio.Event()

    def first(_: list[Notice]) -> None:
        started.set()  # the game has started: the GUI's lines can be handled

    def handle(line: str | None) -> None:
        if line is None or not front.line(line):
            front.close()

    def read() -> None:
        for line in lines:
            loop.call_soon_threadsafe(handle, line)
        loop.call_soon_threadsafe(handle, None)

    runtime.observers.insert(0, first)
    board = loop.create_task(
        runtime.run(resume=False, settings={"draw": "none"}, handle_signals=signals)
    )
    await asyncio.wait([board, loop.create_task(started.wait())], return_when="FIRST_COMPLETED")
    if not board.done():
        threading.Thread(target=read, name="usi-lines", daemon=True).start()
    await board
