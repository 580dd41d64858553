"""The decision's and the idle scan's work, counted in instructions, not timed.

The wall-clock bench (``kiban bench --service``) needs a quiet machine; this one does
not. It drives one board's session on simulated time the way the runtime does (a
scan; a frame change it saw handled by the session loop, then the store, the computer
and the paint) through a fixed sequence: pieces of the side to move lifted and put
back, two in turn, then a move played and committed; and, the board at rest, a fixed
number of idle scans. Run it under callgrind, which counts only what runs inside
``operator.call`` (each decision, and the idle scans)::

    valgrind --tool=callgrind --collect-atstart=no --toggle-collect=_operator_call \\
        python -m firmware_host.tools.bench.decision sim-shogi shogi decide

``decide`` counts the decisions (divide by the changes it prints), ``idle`` the idle
scans. The counts include the simulated strip's, bus's and chips' work, which on a Pi
are the kernel's and the chips'. ``idle --split`` runs each call into the simulation
(the world's tick, the bus and its prepared transactions, the pins' levels, the clock's
sleep) inside ``contextvars.Context.run``, so that ``callgrind_annotate --inclusive=yes``
gives the simulation's share as ``context_run``'s inclusive count; the service's own is
the count without ``--split`` less that share.
"""

from __future__ import annotations

import argparse
import contextlib
import contextvars
import gc
import operator
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

WARM_UP_ROUNDS = 3
"""Rounds of lifts before counting: Python specialises the code it runs often."""

ROUNDS = 5
"""Rounds counted: each lifts and puts back two pieces (four frame changes)."""

IDLE_SCANS = 200
"""Idle scans counted, the board at rest."""

DICE_SEED = 1
"""The session's dice, seeded: a game with dice (Chaturaji) plays the same rolls in
every run, so two runs count the same decisions. Unseeded, the rolls changed the
commit's work from run to run (chaturaji-reference's two commits, counted in
CPython bytecodes over five seeds on eced076: 56,700-66,000 and 67,400-84,200), and with
them the decision's p99, the largest of its 24 decisions (docs/speed.md, eighteenth
round)."""


PARTS = {
    "handle": "handle",
    "follow": "follow",
    "lights": "legend.lights",
    "paint": "painter.paint",
    "observe": "controller.recognizer.observe",
    "assess": "controller.recognizer.assess",
}
"""Parts of each decision ``decide`` may count alone (else all of it, or ``view``, or
any attribute path from the session loop): the controller's handling of the event,
what follows it (store, computer), the legend's lights, the painter, the recognizer's
steps."""


def _count_only(part: str, session: Any, counting: list[bool]) -> None:
    """Put one part of the session loop's work inside ``operator.call`` (while
    ``counting[0]``)."""
    from firmware_host.loops import session_loop

    def counted(function: Callable[..., Any]) -> Callable[..., Any]:
        def call(*args: Any, **kwargs: Any) -> Any:
            if counting[0]:
                return operator.call(function, *args, **kwargs)
            return function(*args, **kwargs)

        return call

    if part == "view":
        session_loop.build_view = counted(session_loop.build_view)  # type: ignore[attr-defined]
        return
    owner = session
    *path, name = PARTS.get(part, part).split(".")
    for step in path:
        owner = getattr(owner, step)
    setattr(owner, name, counted(getattr(owner, name)))


def _through_context(function: Callable[..., Any]) -> Callable[..., Any]:
    """``function`` run inside a fresh ``contextvars.Context`` (``context_run`` in C, which
    nothing else in a scan calls, so callgrind counts what runs inside it)."""

    def call(*args: Any, **kwargs: Any) -> Any:
        return contextvars.Context().run(function, *args, **kwargs)

    return call


@contextlib.contextmanager
def _split_simulation(sim: Any) -> Iterator[None]:
    """Every entry from the service into the simulated hardware (the I2C bus, the SPI
    devices, a serial scanner's port and firmware, the pins, the clock) runs through
    ``_through_context`` (what a Pi's kernel and chips would do instead), until the
    end."""
    from hardware.mock import bus
    from hardware.mock.clock import SimClock
    from hardware.mock.pins import SimulatedPin
    from hardware.mock.serial_device import SimulatedSerialPort
    from hardware.mock.spi import SimulatedSpiDev

    entries: list[tuple[Any, str]] = [
        (bus.SimulatedI2CBus, name)
        for name in (
            "read_byte",
            "write_byte",
            "read_byte_data",
            "write_byte_data",
            "read_i2c_block_data",
            "write_i2c_block_data",
            "i2c_rdwr",
        )
    ]
    entries += [(bus._Prepared, "__call__"), (SimulatedPin, "_set_state"), (SimClock, "sleep")]
    entries += [(SimulatedSpiDev, name) for name in ("xfer2", "readbytes", "writebytes2")]
    entries += [(SimulatedSerialPort, name) for name in ("read", "write")]
    saved = [(owner, name, owner.__dict__.get(name)) for owner, name in entries]
    for owner, name in entries:
        setattr(owner, name, _through_context(getattr(owner, name)))
    # A serial port's in_waiting runs the simulated firmware's pass: a property.
    waiting = SimulatedSerialPort.__dict__["in_waiting"]
    saved.append((SimulatedSerialPort, "in_waiting", waiting))
    SimulatedSerialPort.in_waiting = property(_through_context(waiting.fget))  # type: ignore[method-assign,assignment]
    sim.hardware.tick = _through_context(sim.hardware.tick)
    try:
        yield
    finally:
        del sim.hardware.tick
        for owner, name, own in saved:
            if own is None:
                delattr(owner, name)
            else:
                setattr(owner, name, own)


class _Drive:
    """One board's session on simulated time, scanned and decided as the runtime does."""

    def __init__(self, sim: Any, whole: bool) -> None:
        """``whole``: each counted decision runs inside ``operator.call``."""
        self.sim, self.whole = sim, whole
        self.counting = [False]
        self.counted = {"changes": 0, "commits": 0, "timers": 0, "idle_scans": 0}

    def decide(self, event: Any, at: float) -> None:
        session = self.sim.session
        session.handle(event, at)
        session.follow(self.sim._at_once)
        self.sim.lights, _ = session.paint()

    def decided(self, event: Any, at: float) -> None:
        if self.counting[0] and self.whole:
            operator.call(self.decide, event, at)
        else:
            self.decide(event, at)

    def scan_for(self, seconds: float) -> None:
        """Scan at the full rate, deciding what changes and what is due."""
        from firmware_host.session.events import FrameSeen, TimePassed

        sim, counting = self.sim, self.counting[0]
        end = sim.now + seconds
        while sim.now < end:
            sim.now += sim.period
            sim.hardware.tick(sim.now)
            change = sim.board.scanner.scan()
            if change is not None:
                self.decided(FrameSeen(change.frame), sim.now)
                self.counted["changes"] += counting
            deadline = sim.controller.next_deadline(sim.now)
            if deadline is not None and deadline <= sim.now + 1e-9:
                before = sim.controller.position.layout()
                self.decided(TimePassed(), sim.now)
                committed = sim.controller.position.layout() != before
                self.counted["commits" if committed else "timers"] += counting

    def lifts(self, spots: list[Any]) -> None:
        """Each spot's piece lifted and put back, one after the other."""
        for spot in spots:
            stone = self.sim.world.lift(spot)
            self.scan_for(0.12)
            self.sim.world.place(spot, stone)
            self.scan_for(0.12)

    def play(self) -> None:
        """The first legal move played by the hands, and committed."""
        from hardware.mock.hands import apply

        sim = self.sim
        position = sim.controller.position.copy()
        position.push(next(iter(position.legal_moves())))
        for step in sim.hands.perform(sim.world, sim.physical(position.layout()), sim.now):
            self.scan_for(max(0.0, step.at - sim.now))
            apply(sim.world, step.action)
        self.scan_for(sim.controller.timing.settle + 0.3)

    def idle(self, hz: float) -> None:
        """``IDLE_SCANS`` scans of the board at rest, at ``hz``."""
        sim = self.sim
        for _ in range(IDLE_SCANS):
            sim.now += 1.0 / hz
            sim.hardware.tick(sim.now)
            if sim.board.scanner.scan() is not None:
                raise RuntimeError("the board changed while it rested")
        self.counted["idle_scans"] = IDLE_SCANS


def run(
    profile_name: str, game_name: str, mode: str, part: str = "all", split: bool = False
) -> dict[str, int]:
    """Drive the session; what was counted (decisions by kind, or idle scans); ``split``:
    the simulation's work inside ``context_run`` (see the module's note)."""
    from engine.registry import find_game
    from firmware_host.loops.simulator import Simulation
    from firmware_host.store.storage import GameStore
    from firmware_host.tools.bench.service import _spots_to_lift
    from hardware.profile import load_profile

    game = find_game(game_name)
    profile = load_profile(profile_name, game)
    with tempfile.TemporaryDirectory() as state:
        sim = Simulation(
            game,
            profile,
            GameStore(Path(state) / "games.sqlite3"),
            settings={"seed": str(DICE_SEED)},
        )
        sim.settle()
        gc.collect()  # as the runtime does once started: what start-up built stays
        gc.freeze()  # out of the full collections (else one lands in a decision)
        try:
            drive = _Drive(sim, whole=mode == "decide" and part == "all")
            if mode == "decide" and part != "all":  # only one part inside operator.call
                _count_only(part, sim.session, drive.counting)
            spots = _spots_to_lift(sim.controller.match.position, profile)
            for round_ in range(WARM_UP_ROUNDS + ROUNDS):
                drive.counting[0] = round_ >= WARM_UP_ROUNDS
                drive.lifts(spots)
            drive.play()
            drive.counting[0] = False
            drive.scan_for(1.0)
            if mode == "idle":
                with _split_simulation(sim) if split else contextlib.nullcontext():
                    operator.call(drive.idle, profile.idle_hz)
        finally:
            sim.close()
            gc.unfreeze()
    return drive.counted


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("profile")
    parser.add_argument("game")
    parser.add_argument("mode", choices=("decide", "idle"))
    parser.add_argument("--part", default="all", help="count one part of each decision")
    parser.add_argument(
        "--split",
        action="store_true",
        help="run the simulation's work inside context_run, to count it apart",
    )
    args = parser.parse_args(argv)
    print(run(args.profile, args.game, args.mode, args.part, args.split))


if __name__ == "__main__":
    main()
