"""The simulated bench of ``kiban doctor --simulate``, ``kiban calibrate --simulate``
and the tests: a simulated board built from the profile (or from a deliberately
miswired one) and ``ScriptedHand``, who hears each ``Ask`` and, a moment later in
simulated time, puts pieces on the simulated world, turns them, lifts them or
presses buttons."""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import Any

from drivers.buttons import ButtonRole
from engine.game import Game
from engine.physical import EMPTY, PRESENT, Reading, Sensing, Spot, Stone
from firmware_host.tools.desk.workbench import Ask, Bench
from hardware.mock.analog import HallModel
from hardware.mock.board import SimulatedBoard
from hardware.mock.bodies import board_of
from hardware.mock.clock import SimClock
from hardware.mock.physics import Board, Body, Turning, surface
from hardware.mock.world import SimulatedWorld
from hardware.profile import Profile


def slide_changes(
    board: Board, path: tuple[Spot, ...], start: float, speed_mm_s: float | None = None
) -> list[tuple[float, Spot, bool]]:
    """When each cell starts (True) and stops (False) reading a piece set down on the
    first cell of ``path`` at ``start`` and, half a second later, slid through the
    centres of the rest at ``speed_mm_s`` (the board's slowest by default): the mock
    world's physics (``hardware.mock.physics``), every sensor reading the piece's field
    along its own axis, so that two neighbours read it at once, or neither does, or a
    reed reads it again past a null, as the board's build makes them."""
    speed = board.model.slowest_mm_s if speed_mm_s is None else speed_mm_s
    rotation = board.rotation(True)
    points = [board.rest(spot) for spot in path]
    moving = surface(board, points, start + 0.5, speed)
    body = Body(board.build.piece.magnet, moving, Turning(rotation, rotation))
    frame = dict.fromkeys(board.sensors, EMPTY) | {path[0]: PRESENT}
    changes, _ = board.sense(frame, [], [body])
    return [(start, path[0], True)] + [
        (at, spot, reading != EMPTY) for at, spot, reading in changes
    ]


def stone_reading(game: Game[Any], face: Reading | None) -> Stone:
    """A stone of ``game`` that reads ``face`` under polarity sensing (any stone for None)."""
    candidates: list[Stone] = [
        stone for stones in game.position().layout().values() for stone in stones
    ]
    candidates += [replace(stone, flipped=not stone.flipped) for stone in candidates]
    for stone in candidates:
        if face is None or game.stack_reading([stone], Sensing.POLARITY) == face:
            return stone
    raise ValueError(f"no stone of {game.name} reads {face}")


class SimDesk:
    """Simulated time with actions scheduled on it; ``sleep`` runs them as time passes."""

    def __init__(self, hardware: SimulatedBoard) -> None:
        self.hardware = hardware
        self.clock = hardware.clock
        self._queue: list[tuple[float, int, Callable[[], None]]] = []
        self._order = itertools.count()

    def now(self) -> float:
        return self.clock.now()

    def at(self, moment: float, action: Callable[[], None]) -> None:
        heapq.heappush(self._queue, (moment, next(self._order), action))

    def sleep(self, seconds: float) -> None:
        end = self.clock.now() + seconds
        while self._queue and self._queue[0][0] <= end:
            moment, _, action = heapq.heappop(self._queue)
            self.clock.advance_to(moment)
            action()
        self.clock.advance_to(end)
        self.hardware.tick(end)


class ScriptedHand:
    """Does what is asked, ``reaction`` seconds later, on the simulated world.

    ``ignore`` lists spots it never puts a piece on (to see a timeout), ``press``
    says which button it presses when asked for one (to test swapped buttons),
    ``batch`` how many spots it covers at once when asked to cover many, ``speed_mm_s``
    how fast it slides a piece when asked to (the board's slowest hand by default).
    """

    def __init__(
        self,
        desk: SimDesk,
        world: SimulatedWorld,
        game: Game[Any],
        *,
        reaction: float = 0.3,
        ignore: Iterable[Spot] = (),
        presses: dict[ButtonRole, ButtonRole | None] | None = None,
        batch: int = 1000,
        speed_mm_s: float | None = None,
    ) -> None:
        self.desk = desk
        self.world = world
        self.game = game
        self.reaction = reaction
        self.ignore = frozenset(ignore)
        self.presses = presses or {}
        self.batch = batch
        self.speed_mm_s = speed_mm_s  # a slide's speed (None: the board's slowest hand)
        self.asks: list[Ask] = []

    def asked(self, ask: Ask, now: float) -> None:
        self.asks.append(ask)
        later = now + self.reaction
        match ask.kind:
            case "clear":
                self.desk.at(later, self._clear)
            case "place" if ask.spot is not None and ask.spot not in self.ignore:
                self.desk.at(later, lambda: self._put(ask.spot, ask.face))  # type: ignore[arg-type]
            case "lift" if ask.spot is not None:
                self.desk.at(later, lambda: self._take(ask.spot))  # type: ignore[arg-type]
            case "place_all":
                self._cover(list(ask.spots), ask.face, later)
            case "slide" if ask.spots:
                self._slide(ask.spots, later)
            case "arrange":
                layout = self.game.position(ask.position).layout()
                self.desk.at(later, lambda: self._arrange(layout))
            case "press" if ask.role is not None:
                role = self.presses.get(ask.role, ask.role)
                if role is not None:
                    self.desk.at(later, lambda: self.desk.hardware.press(role))

    def _slide(self, path: tuple[Spot, ...], start: float) -> None:
        """A piece slid along ``path`` and back, then ok pressed (``slide_changes``)."""
        board = board_of(self.game, self.desk.hardware.profile)
        stone = stone_reading(self.game, None)
        there = slide_changes(board, path, start, self.speed_mm_s)
        back_from = there[-1][0] + self.reaction
        back = slide_changes(board, tuple(reversed(path)), back_from, self.speed_mm_s)
        for moment, spot, present in there + back[1:]:
            if present:
                self.desk.at(moment, lambda spot=spot: self._set_down(spot, stone))  # type: ignore[misc]
            else:
                self.desk.at(moment, lambda spot=spot: self._take(spot))  # type: ignore[misc]
        done = back[-1][0] + self.reaction
        self.desk.at(done, lambda: self._take(path[0]))
        self.desk.at(done, lambda: self.desk.hardware.press(ButtonRole.OK))

    def _arrange(self, layout: Any) -> None:
        self._clear()
        self.world.arrange(layout)

    def _set_down(self, spot: Spot, stone: Stone) -> None:
        self.world.place(spot, stone)

    def _clear(self) -> None:
        for spot in list(self.world.stacks):
            while self.world.stacks.get(spot):
                self.world.remove(spot)

    def _take(self, spot: Spot) -> None:
        while self.world.stacks.get(spot):
            self.world.remove(spot)

    def _put(self, spot: Spot, face: Reading | None) -> None:
        self._take(spot)
        stone = stone_reading(self.game, face)
        self.world.place(spot, stone)

    def _cover(self, spots: list[Spot], face: Reading | None, start: float) -> None:
        """Pieces on ``batch`` spots at a time; each batch lifted before the next (only the
        stones this request put down: a later request may have replaced them)."""
        spots = [spot for spot in spots if spot not in self.ignore]
        stone = stone_reading(self.game, face)
        moment = start
        for first in range(0, len(spots), self.batch):
            group = spots[first : first + self.batch]
            for spot in group:
                self.desk.at(moment, lambda spot=spot: self._put(spot, face))  # type: ignore[misc]
            moment += 1.0
            for spot in group:
                self.desk.at(moment, lambda spot=spot: self._take_back(spot, stone))  # type: ignore[misc]
            moment += self.reaction

    def _take_back(self, spot: Spot, stone: Stone) -> None:
        stack = self.world.stacks.get(spot)
        if stack and stack[-1] == stone:
            self.world.remove(spot)


@dataclass
class SimulatedBench:
    bench: Bench
    hardware: SimulatedBoard
    hand: ScriptedHand
    lines: list[str]


def simulated_bench(
    profile: Profile,
    game: Game[Any],
    *,
    physical: Profile | None = None,
    hall: HallModel | None = None,
    seed: int = 0,
    say: Callable[[str], None] | None = None,
    **hand: Any,
) -> SimulatedBench:
    """A bench over a simulated board with nothing on it and a scripted hand."""
    world = SimulatedWorld(game, profile.sensing)
    hardware = SimulatedBoard(
        profile, world, physical=physical, hall=hall, seed=seed, clock=SimClock()
    )
    desk = SimDesk(hardware)
    scripted = ScriptedHand(desk, world, game, **hand)
    lines: list[str] = []

    def record(line: str) -> None:
        lines.append(line)
        if say is not None:
            say(line)

    bench = Bench(
        profile,
        game,
        hardware.open,
        now=desk.now,
        sleep=desk.sleep,
        say=record,
        helper=scripted,
        timeout=10.0,
    )
    return SimulatedBench(bench, hardware, scripted, lines)
