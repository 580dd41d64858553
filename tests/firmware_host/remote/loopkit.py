"""Boards that play each other through the loopback broker, in one thread: a board
that waits for another's move lets simulated time pass until the guide is lit."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from engine.game import Game
from firmware_host.loops.simulator import Simulation
from firmware_host.remote.address import BrokerAddress
from firmware_host.remote.code import GameCode
from firmware_host.remote.game import RemoteGame
from firmware_host.remote.loopback import LoopbackBroker
from firmware_host.remote.terms import Request
from firmware_host.store.storage import GameStore
from hardware.mock.hands import Noise
from hardware.profile import load_profile
from tests.firmware_host.simkit import track

ADDRESS = BrokerAddress("loopback", 1883)


def board(
    game: Game[Any],
    broker: LoopbackBroker,
    store: GameStore,
    *,
    host: bool,
    code: GameCode | None = None,
    seats: tuple[str, ...] = (),
    others: Sequence[Simulation] = (),
    settings: dict[str, str] | None = None,
    noise: Noise | None = None,
    seed: int = 0,
    resume: bool = True,
) -> Simulation:
    """A simulated board in a remote game (joining lets the ``others`` run meanwhile)."""

    def pump() -> None:
        for other in others:
            other.advance(0.05)

    remote = RemoteGame(
        Request(ADDRESS, host, code, seats, resume),
        link_factory=broker.link_factory,
        join_wait=5.0,
        pump=pump,
    )
    sim = Simulation(
        game,
        load_profile("sim", game),
        store,
        remote=remote,
        settings=settings,
        noise=noise,
        seed=seed,
        resume=resume,
    )
    return track(sim)


def remote_of(sim: Simulation) -> RemoteGame:
    assert isinstance(sim.remote, RemoteGame)
    return sim.remote


def run_all(boards: Sequence[Simulation], seconds: float = 0.2) -> None:
    """Let time pass on every board (each hears what the others said)."""
    for _ in range(3):
        for sim in boards:
            sim.advance(seconds / 3)


def wait_for_guide(sim: Simulation, boards: Sequence[Simulation], limit: int = 50) -> str:
    """Let the boards run until ``sim`` lights the other board's move; its text."""
    for _ in range(limit):
        guide = sim.controller.guide
        if guide is not None:
            return sim.controller.position.move_text(guide.move)
        run_all(boards)
    raise AssertionError(f"no guide: {sim.controller.remote_wait} {sim.notices[-4:]}")


def play_random_game(
    boards: Sequence[Simulation], rng: random.Random, max_plies: int = 400
) -> list[str]:
    """Each board plays its seats' moves at random and the others' moves from its
    guides; the rolls happen at the rolling board. Returns the moves."""
    idle = 0
    while idle < 60:
        run_all(boards)
        if all(b.controller.outcome is not None for b in boards):
            break
        longest = max(len(b.controller.position.move_stack) for b in boards)
        if longest >= max_plies:
            break
        moved = False
        for sim in boards:
            controller = sim.controller
            position = controller.position
            if controller.guide is not None:
                sim.perform(position.move_text(controller.guide.move))
                moved = True
            elif (
                len(position.move_stack) == longest
                and controller.outcome is None
                and position.turn in remote_of(sim).seats
                and position.chance_moves() is None
            ):
                moves = sorted(position.legal_moves(), key=position.move_text)
                sim.perform(position.move_text(rng.choice(moves)))
                moved = True
        idle = 0 if moved else idle + 1
    for _ in range(20):
        run_all(boards)  # a forced move (a pass) is played after a pause
        for sim in boards:
            guide = sim.controller.guide
            if guide is not None:  # the last moves still to play from the guides
                sim.perform(sim.controller.position.move_text(guide.move))
    longest = max(len(b.controller.position.move_stack) for b in boards)
    for sim in boards:
        assert len(sim.controller.position.move_stack) == longest or sim.controller.outcome, (
            sim.controller.remote_wait,
            sim.notices[-4:],
        )
    return texts(boards[0])


def texts(sim: Simulation) -> list[str]:
    position = sim.controller.position.copy()
    moves: list[str] = []
    while position.move_stack:
        move = position.pop()
        moves.append(position.move_text(move))
    return moves[::-1]
