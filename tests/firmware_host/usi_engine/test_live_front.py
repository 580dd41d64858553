"""``kiban usi --profile P``'s front on the board's runtime (real time, a simulated
board below it): the GUI's move is lit and waited for, the person's move answered
when the board sees it, ``stop`` answered at once."""

from __future__ import annotations

import asyncio
import queue
from collections.abc import Iterator
from pathlib import Path

from engine.outcome import Termination
from engine.registry import find_game
from firmware_host.opponents.players import Players
from firmware_host.opponents.thinking import InlineThinker
from firmware_host.session.state import Phase
from firmware_host.usi_engine.front import UsiFront
from firmware_host.usi_engine.gui_seat import GuiSeatThinker
from firmware_host.usi_engine.live_board import LiveDriver, converse
from hardware.profile import load_profile
from tests.firmware_host.loops.runtimekit import runtime_on, until


class Lines:
    """The GUI's stream: lines as the test sends them, ended by ``None``."""

    def __init__(self) -> None:
        self.queue: queue.Queue[str | None] = queue.Queue()

    def __iter__(self) -> Iterator[str]:
        while (line := self.queue.get()) is not None:
            yield line

    def send(self, *lines: str) -> None:
        for line in lines:
            self.queue.put(line)


def test_the_real_board_plays_the_guis_move_and_answers_the_persons(tmp_path: Path) -> None:
    game = find_game("dobutsu")
    seat = GuiSeatThinker(InlineThinker(Players()))
    runtime, simulated, _ = runtime_on(load_profile("sim", game), tmp_path, game, thinker=seat)
    said: list[str] = []
    front = UsiFront(LiveDriver(runtime, seat), said.append)
    lines = Lines()
    controller = runtime.controller
    world = simulated.world

    def answers() -> list[str]:
        return [line for line in said if line.startswith("bestmove")]

    async def play() -> None:
        task = asyncio.create_task(converse(runtime, front, lines, signals=False))
        lines.send("usi", "isready", "usinewgame", "position startpos moves 2d1c", "go")
        await until(lambda: "readyok" in said)
        await until(lambda: controller.phase is Phase.GUIDE)  # the GUI's move is lit
        assert controller.guide is not None
        assert controller.position.move_text(controller.guide.move) == "2d1c"
        world.lift("2d")
        await asyncio.sleep(0.1)
        world.place("1c")
        await until(lambda: len(controller.position.move_stack) == 1)
        assert answers() == []  # the person has not moved yet
        world.lift("2a")
        await asyncio.sleep(0.1)
        world.place("1b")
        await until(lambda: bool(answers()))
        assert answers() == ["bestmove 2a1b"]
        lines.send("position startpos moves 2d1c 2a1b 1c2d", "go", "stop")
        await until(lambda: len(answers()) == 2)
        assert answers()[-1] == "bestmove resign"  # nothing played yet: USI wants a move
        lines.send("gameover win", "quit")
        await task

    asyncio.run(play())
    outcome = controller.outcome
    assert outcome is not None and outcome.termination is Termination.RESIGNATION
    assert outcome.winners == frozenset({1})
    assert controller.record().moves[:2] == ("2d1c", "2a1b")
