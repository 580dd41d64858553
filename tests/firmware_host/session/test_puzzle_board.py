"""``kiban run --puzzle``: the runtime of a real board (here on a simulated board and
real time) sets the puzzle up and judges the moves the hands play on it."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

from drivers.buttons import ButtonRole
from engine.game import Position
from engine.puzzles import load
from engine.registry import find_game
from firmware_host.notices.declared import (
    FirstPlayerDrawn,
    MoveCommitted,
    Notice,
    PuzzleAsked,
    PuzzleMissed,
    PuzzleSet,
    PuzzleSolved,
)
from firmware_host.session.actions import Press
from firmware_host.session.puzzle import PuzzleRun
from hardware.mock.gestures import Gestures
from hardware.mock.hands import Hands, Noise, apply
from hardware.mock.world import SimulatedWorld
from hardware.profile import load_profile
from tests.firmware_host.loops.runtimekit import runtime_on, until


def _stand_as(world: SimulatedWorld, text: str) -> None:
    """The hands put the pieces where a position has them (what the LEDs guide)."""
    world.arrange(find_game("dobutsu").position(text).layout())


def _moves(heard: list[Notice]) -> list[str]:
    return [n.move for n in heard if isinstance(n, MoveCommitted)]


async def _play(world: SimulatedWorld, position: Position[Any], text: str) -> None:
    """The hands play ``text`` a stone at a time, on real time."""
    hands = Gestures(world, Hands(world.game.geometry, Noise.none(), random.Random(0)))
    for step in hands.play(position, position.parse_move(text), 0.0):
        apply(world, step.action)
        await asyncio.sleep(0.1)


def test_the_real_board_sets_a_puzzle_up_and_judges_it(tmp_path: Path) -> None:
    game = find_game("dobutsu")
    puzzle = next(p for p in load(game) if p.plies == 1 and "*" not in p.solution[0])
    run = PuzzleRun(game, puzzle)
    runtime, simulated, heard = runtime_on(load_profile("sim", game), tmp_path, game)

    async def scenario() -> None:
        task = asyncio.create_task(runtime.run(resume=False, handle_signals=False, puzzle=run))
        await until(lambda: runtime.puzzle is run)
        assert runtime.controller.position.text() == puzzle.position
        _stand_as(simulated.world, puzzle.position)
        await until(lambda: runtime.controller.phase.value == "play")
        position = runtime.controller.position.copy()
        wrong = next(
            m
            for m in position.legal_moves()
            if position.move_text(m) != puzzle.solution[0] and "*" not in position.move_text(m)
        )
        position.push(wrong)
        simulated.world.arrange(position.layout())
        await until(lambda: any(isinstance(n, PuzzleMissed) for n in heard))
        assert not runtime.controller.position.move_stack
        _stand_as(simulated.world, puzzle.position)  # the LEDs guide the piece back
        await until(lambda: runtime.controller.phase.value == "play")
        await _play(simulated.world, runtime.controller.position, puzzle.solution[0])
        await until(lambda: run.solved)
        await until(lambda: any(isinstance(n, PuzzleSolved) for n in heard))
        await until(lambda: _moves(heard)[-1:] == [puzzle.solution[0]])
        assert run.tries == 1
        runtime.stopping.set()
        await task

    asyncio.run(scenario())
    (stored,) = runtime.store.list_games()  # the puzzle's game only: none before it
    assert stored.start == puzzle.position
    assert not [n for n in heard if isinstance(n, FirstPlayerDrawn)]


def test_the_real_boards_puzzle_button_sets_one_up_and_then_the_next(tmp_path: Path) -> None:
    game = find_game("dobutsu")
    runtime, _, heard = runtime_on(load_profile("sim", game), tmp_path, game)

    async def scenario() -> None:
        task = asyncio.create_task(runtime.run(resume=False, handle_signals=False))
        await until(lambda: runtime.controller.game_id > 0)
        notices = await runtime.submit(Press(ButtonRole.PUZZLE))
        first = runtime.puzzle
        assert first is not None and first.puzzle.difficulty == 1
        assert [n.puzzle for n in notices if isinstance(n, PuzzleSet)] == [first.puzzle.id]
        assert any(isinstance(n, PuzzleAsked) for n in notices)
        assert runtime.controller.position.text() == first.puzzle.position
        again = await runtime.submit(Press(ButtonRole.PUZZLE))  # during the run: the next
        second = runtime.puzzle
        assert second is not None and second.puzzle.id != first.puzzle.id
        assert not any(isinstance(n, PuzzleAsked) for n in again)  # nothing asked first
        await until(lambda: any(isinstance(n, PuzzleSet) for n in heard))
        runtime.stopping.set()
        await task

    asyncio.run(scenario())
