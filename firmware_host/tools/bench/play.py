"""``kiban bench``: what a frame change and a commit cost in each game's worst positions,
through the real controller, legend and painter (on a simulated board).

For the start and each position the game's bench plan plays (``BenchPlan.played``, on
its ``profile``), random legal
moves are made as a hand makes them: the piece lifted (a frame change), the move shown
(a frame change), the board left to rest (the commit, with the next position's lookups
and the repaint); the move is then taken back and the board put back, unmeasured.
CPU time of this thread, as percentiles; full garbage collections are timed through
``gc.callbacks``; the recognizer's memory is traced for the worst position. Times are
also given as ratios to the reference workload measured in the same run.
"""

from __future__ import annotations

import gc
import random
import time
import tracemalloc
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from engine.game import Game, Position
from engine.physical import EMPTY, Frame, Sensing, Spot
from firmware_host.loops.simulator import Simulation
from firmware_host.notices.declared import (
    MoveCommitted,
    Notice,
)
from firmware_host.session.actions import TakeBack
from firmware_host.session.events import (
    Event,
    FrameSeen,
    TimePassed,
)
from firmware_host.store.storage import GameStore
from hardware.profile import load_profile

SAMPLE = 400
"""Legal moves drawn from each position, of which the bench plays those the board shows
on its own."""


@dataclass(frozen=True, slots=True)
class Spread:
    """Percentiles of a list of CPU times, in seconds."""

    p50: float
    p99: float
    worst: float

    @classmethod
    def of(cls, times: Sequence[float]) -> Spread:
        ordered = sorted(times)
        if not ordered:
            return cls(0.0, 0.0, 0.0)

        def at(share: float) -> float:
            return ordered[min(len(ordered) - 1, int(share * len(ordered)))]

        return cls(at(0.5), at(0.99), ordered[-1])

    def text(self, reference: float) -> str:
        ms = f"{self.p50 * 1e3:6.2f} {self.p99 * 1e3:6.2f} {self.worst * 1e3:6.2f} ms"
        return f"{ms}  p99 {self.p99 / reference:6.3f} ref"


@dataclass
class GcWatch:
    """The pauses of full collections while it is installed."""

    pauses: list[float]
    _started: float = 0.0

    def __call__(self, phase: str, info: dict[str, Any]) -> None:
        if info.get("generation") != 2:
            return
        if phase == "start":
            self._started = time.perf_counter()
        else:
            self.pauses.append(time.perf_counter() - self._started)


def _send(sim: Simulation, event: Event, at: float) -> list[Notice]:
    """An event at ``at``, handled and painted as the runtime does."""
    sim.now = at
    return sim.send(event)


def _cpu(action: Callable[[], list[Notice]]) -> tuple[float, list[Notice]]:
    start = time.thread_time()
    notices = action()
    return time.thread_time() - start, notices


def _unambiguous(
    position: Position[Any], sensing: Sensing, sensed: frozenset[Spot], rng: random.Random
) -> list[Any]:
    """Legal moves the board shows on their own (no prompt needed), drawn at random: a
    sample of ``SAMPLE`` of the legal moves, listed on a copy (a position may keep the
    moves it listed, and the one played must not), each kept if no other legal move
    shows the same changes (asked with ``moves_showing``, not by listing them all)."""
    probe = position.copy()
    sample: list[Any] = []
    for seen, move in enumerate(probe.legal_moves()):
        if seen < SAMPLE:
            sample.append(move)
        elif (slot := rng.randrange(seen + 1)) < SAMPLE:
            sample[slot] = move
    shown = []
    for move in sample:
        changes = probe.footprint(move, sensing).restricted(sensed).changes
        if not changes:
            continue
        same = {
            other
            for other in probe.moves_showing(changes)
            if probe.footprint(other, sensing).restricted(sensed).changes == changes
        }
        if same == {move}:
            shown.append(move)
    return shown


def _frames(position: Position[Any], move: Any, sensing: Sensing) -> list[Frame]:
    """The frames a hand shows making ``move``: the piece lifted (the first spot the
    move empties), the pieces it takes lifted too (the cells a capture must touch),
    then the move."""
    expected = position.expected_frame(sensing)
    footprint = position.footprint(move, sensing)
    emptied = [spot for spot, reading in footprint.changes if reading == EMPTY]
    lifted = {**expected, emptied[0]: EMPTY} if emptied else dict(expected)
    frames = [lifted]
    if footprint.must_touch:
        frames.append({**lifted, **dict.fromkeys(footprint.must_touch, EMPTY)})
    after = position.copy()
    after.push(move)
    return [*frames, after.expected_frame(sensing)]


def play_costs(
    game: Game[Any], text: str | None, moves: int, seed: int
) -> tuple[list[float], list[float], list[float]]:
    """CPU seconds of frame changes, commits, and full collections, over ``moves``
    random moves from the position ``text``."""
    profile = load_profile(game.bench().profile, game)
    sim = Simulation(game, profile, GameStore(":memory:"), resume=False, position=text)
    sim.settle()
    controller = sim.controller
    sensing = profile.sensing
    rng = random.Random(seed)
    changes: list[float] = []
    commits: list[float] = []
    watch = GcWatch([])
    shown: tuple[str, list[Any]] = ("", [])
    try:
        for _ in range(moves):
            position = controller.position
            if position.outcome() is not None or position.chance_moves():
                break
            if shown[0] != position.text():  # the moves are taken back: listed once
                if watch in gc.callbacks:
                    gc.callbacks.remove(watch)
                legal = _unambiguous(position, sensing, profile.sensed_spots, rng)
                shown = (position.text(), legal)
                gc.collect()
                gc.callbacks.append(watch)
            legal = shown[1]
            if not legal:
                break
            move = rng.choice(legal)
            start, now = position.expected_frame(sensing), sim.now
            for frame in _frames(position, move, sensing):
                now += 0.05
                spent, _ = _cpu(partial(_send, sim, FrameSeen(frame), now))
                changes.append(spent)
            now += controller.timing.settle + 0.01
            spent, notices = _cpu(partial(_send, sim, TimePassed(), now))
            if any(isinstance(notice, MoveCommitted) for notice in notices):
                commits.append(spent)
                _send(sim, TakeBack(), now + 0.01)
            _send(sim, FrameSeen(start), now + 0.02)
    finally:
        if watch in gc.callbacks:
            gc.callbacks.remove(watch)
        sim.close()
    return changes, commits, watch.pauses


def index_memory(game: Game[Any], text: str | None) -> float:
    """Bytes the recognizer holds after a lift and a move shown, traced."""
    profile = load_profile(game.bench().profile, game)
    sim = Simulation(game, profile, GameStore(":memory:"), resume=False, position=text)
    sim.settle()
    position = sim.controller.position
    sensing = profile.sensing
    shown = (m for m in position.copy().legal_moves() if position.footprint(m, sensing).changes)
    first = next(shown, None)
    if first is None:
        return 0.0
    tracemalloc.start()
    try:
        before, _ = tracemalloc.get_traced_memory()
        for frame in _frames(position, first, sensing):
            _send(sim, FrameSeen(frame), sim.now + 0.05)
        current, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
        sim.close()
    return float(current - before)


def play_lines(game: Game[Any], reference: float, moves: int = 40, seed: int = 1) -> list[str]:
    """The game's frame-change and commit spreads at the start and in its worst positions."""
    texts: list[tuple[str, str | None]] = [("start", None)]
    texts += [(f"{notable.moves:,} moves", notable.text) for notable in game.bench().played]
    lines = []
    for label, text in texts:
        changes, commits, pauses = play_costs(game, text, moves, seed)
        memory = index_memory(game, text)
        name = f"{game.name:10} "
        lines.append(f"{name}{'frame change, ' + label:32} {Spread.of(changes).text(reference)}")
        lines.append(f"{name}{'commit, ' + label:32} {Spread.of(commits).text(reference)}")
        worst_gc = max(pauses, default=0.0)
        lines.append(
            f"{name}{'recognizer memory, ' + label:32} {memory / 2**20:6.2f} MiB"
            f"   full GC {len(pauses)} x, worst {worst_gc * 1e3:.2f} ms"
        )
    return lines
