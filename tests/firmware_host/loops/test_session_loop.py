"""The one session loop: the controller says the board is turned, the loop turns it
(on the bus thread in the runtime), and the runtime and the simulation go through it."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from engine.registry import find_game
from firmware_host.loops.session_loop import SessionLoop, at_once, turn_board
from firmware_host.notices.declared import BoardReady, BoardTurned
from firmware_host.opponents.thinking import Thinker
from firmware_host.session.controller import Controller
from firmware_host.session.events import FrameSeen, TimePassed
from firmware_host.store.journal import Journal
from firmware_host.store.storage import GameStore
from firmware_host.telling import view
from firmware_host.telling.legend import DEFAULT_PALETTE, Legend
from firmware_host.telling.view import status_line
from hardware.board import Board
from hardware.mock.board import SimulatedBoard
from hardware.mock.world import SimulatedWorld
from hardware.orientation import SpotTurn, half_turn
from hardware.profile import load_profile
from tests.firmware_host.loops.runtimekit import runtime_on, until
from tests.firmware_host.loops.test_rotated_board import IN_HAND, rotated_sim, turned
from tests.firmware_host.simkit import of

DOBUTSU = find_game("dobutsu")


def no_thinker(needed: bool) -> Thinker | None:
    return None


@pytest.fixture
def boards() -> Iterator[list[Board]]:
    """The boards a test opens, closed after it (their button threads with them)."""
    opened: list[Board] = []
    yield opened
    for board in opened:
        board.close()


def loop_on_a_board(
    on_bus: Callable[[Callable[[], Any]], object], boards: list[Board]
) -> tuple[SessionLoop[object], SpotTurn, Controller]:
    profile = load_profile("sim", DOBUTSU)
    world = SimulatedWorld(DOBUTSU, profile.sensing)
    board = SimulatedBoard(profile, world).open(lambda role: None)
    boards.append(board)
    assert board.orientation is not None
    journal = Journal(GameStore(":memory:"))
    controller = Controller(DOBUTSU, profile.sensing, profile.sensed_spots, journal)
    controller.board_opened(board.orientation)
    session: SessionLoop[object] = SessionLoop(
        controller,
        journal,
        Legend(DEFAULT_PALETTE),
        board.painter,
        clock=lambda: 0.0,
        on_bus=on_bus,
        thinker=no_thinker,
        turn=board.orientation,
    )
    return session, board.orientation, controller


def turned_start() -> dict[str, Any]:
    expected = DOBUTSU.position(IN_HAND).expected_frame(load_profile("sim", DOBUTSU).sensing)
    mapping = half_turn(DOBUTSU.geometry) or {}
    return {mapping.get(spot, spot): reading for spot, reading in expected.items()}


def test_the_controller_says_the_board_is_turned_and_the_loop_turns_it_on_the_bus(
    boards: list[Board],
) -> None:
    work: list[Callable[[], Any]] = []

    def on_bus(job: Callable[[], Any]) -> None:
        work.append(job)  # held, as the bus thread would run it between two scans

    session, turn, controller = loop_on_a_board(on_bus, boards)
    session.start(resume=False, position=IN_HAND)
    assert controller.orientation is not turn  # the controller turns its own
    work.clear()
    notices = session.handle(FrameSeen(turned_start()), 0.0)
    assert [n.turned for n in of(BoardTurned, notices)] == [True]
    assert controller.orientation is not None and controller.orientation.turned
    assert not turn.turned  # the board's turns only on the bus
    assert len(work) == 1
    work.pop()()
    turned: bool = turn.turned  # read afresh after the bus's work
    assert turned
    # an event that turns nothing asks nothing of the bus
    session.handle(TimePassed(), 1.0)
    assert not work


def test_turn_board_turns_only_to_what_it_is_told() -> None:
    mapping = half_turn(DOBUTSU.geometry) or {}
    turn = SpotTurn(mapping, 2)
    turn_board(turn, False)
    assert not turn.turned
    turn_board(turn, True)
    turn_board(turn, True)
    turned: bool = turn.turned  # read afresh after each turn
    assert turned
    turn_board(turn, False)
    turned = turn.turned
    assert not turned


def test_the_simulation_turns_its_board_through_the_loop() -> None:
    sim = rotated_sim()
    assert sim.controller.orientation is not sim.board.orientation
    sim.settle()
    assert [n.turned for n in of(BoardTurned, sim.notices)] == [True]
    assert sim.board.orientation is not None and sim.board.orientation.turned


def test_the_loop_paints_at_once_without_a_bus(boards: list[Board]) -> None:
    session, _, _ = loop_on_a_board(at_once, boards)
    session.start(resume=False, position=IN_HAND)
    lights, painted = session.paint()
    assert painted is True  # the painter's own answer: the strip was written
    assert lights.spots


def test_painting_the_leds_builds_no_sentence(
    boards: list[Board], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The LEDs show no words: a paint builds the view without the status line, which
    only a screen reads (it asks for the line when it draws)."""
    session, _, controller = loop_on_a_board(at_once, boards)
    session.start(resume=False, position=IN_HAND)
    said: list[str] = []

    def counted(name: str, function: Callable[..., Any]) -> Callable[..., Any]:
        def call(*args: Any, **kwargs: Any) -> Any:
            said.append(name)
            return function(*args, **kwargs)

        return call

    for name in ("status_said", "told"):
        monkeypatch.setattr(view, name, counted(name, getattr(view, name)))
    for _ in range(3):
        lights, _ = session.paint()
        assert lights.spots
    assert said == []
    assert status_line(controller)  # the screen's line is still there when asked for
    assert said == ["status_said", "told"]


def test_the_runtime_turns_the_board_on_the_bus_thread(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    abalone = find_game("abalone")
    profile = load_profile("sim-abalone-polarity", abalone)
    start = turned(abalone, abalone.position().layout())
    runtime, _, heard = runtime_on(profile, tmp_path, abalone, start)
    turns: list[tuple[int, str]] = []
    original = SpotTurn.turn

    def turning(self: SpotTurn) -> None:
        turns.append((id(self), threading.current_thread().name))
        original(self)

    monkeypatch.setattr(SpotTurn, "turn", turning)

    async def play() -> None:
        task = asyncio.create_task(runtime.run(resume=False, handle_signals=False))
        await until(lambda: any(isinstance(n, BoardReady) for n in heard))
        runtime.stopping.set()
        await task

    asyncio.run(play())
    board = runtime.board
    assert board is not None and board.orientation is not None and board.orientation.turned
    own = runtime.controller.orientation
    assert own is not None and own is not board.orientation and own.turned
    main = threading.current_thread().name
    assert turns == [(id(own), main), (id(board.orientation), "kiban-bus")]
