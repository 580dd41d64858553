"""``kiban bench``: how fast recognition and repainting are, measured, never asserted.

Shared machines are noisy, so every time is also given as a ratio to a fixed
pure-Python reference workload timed in the same run: the ratios are what to
compare between runs and machines. The budget (DESIGN.md) is a frame change
recognised and repainted in a few milliseconds on a laptop.
"""

from __future__ import annotations

import random
import resource
import time
import tracemalloc
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from engine.game import Game, Position
from engine.recognizer import Recognizer
from engine.registry import find_game, games
from firmware_host.boards.simulator import Simulation
from firmware_host.session.legend import Legend
from firmware_host.session.storage import GameStore
from firmware_host.session.view import build_view
from hardware.profile import load_profile


@dataclass(frozen=True, slots=True)
class Measure:
    game: str
    name: str
    seconds: float  # per operation
    unit: str
    reference: float  # seconds of the reference workload in this run

    @property
    def ratio(self) -> float:
        return self.seconds / self.reference

    def line(self) -> str:
        value, scale = _scaled(self.seconds)
        timing = f"{value:9.2f} {scale}/{self.unit:9}"
        return f"{self.game:10} {self.name:32} {timing} {self.ratio:9.3f} ref"


def _scaled(seconds: float) -> tuple[float, str]:
    if seconds >= 1e-3:
        return seconds * 1e3, "ms"
    return seconds * 1e6, "µs"


def reference_workload() -> None:
    """A fixed mix of what the engine does most: tuples, dicts, small loops."""
    table: dict[tuple[int, int], int] = {}
    for i in range(2000):
        key = (i % 97, i // 97)
        table[key] = table.get(key, 0) + i
    sorted(table.items())


def timed(operation: Callable[[], object], *, minimum: float = 0.2) -> float:
    """Seconds per call: the best of three batches of at least ``minimum`` seconds."""
    count = 1
    while True:
        start = time.perf_counter()
        for _ in range(count):
            operation()
        elapsed = time.perf_counter() - start
        if elapsed >= minimum / 3:
            break
        count *= 2
    best = elapsed / count
    for _ in range(2):
        start = time.perf_counter()
        for _ in range(count):
            operation()
        best = min(best, (time.perf_counter() - start) / count)
    return best


def sample_positions(game: Game[Any], count: int, seed: int) -> list[Position[Any]]:
    """Positions reached by seeded random play, from the opening to the middle game, each
    with a move to make (where the dice are due, they have been rolled)."""
    rng = random.Random(seed)
    positions: list[Position[Any]] = []
    while len(positions) < count:
        position = game.position()
        for _ in range(rng.randint(0, 30)):
            moves = position.chance_moves() or list(position.legal_moves())
            if not moves:
                break
            position.push(rng.choice(moves))
        rolls = position.chance_moves()
        if rolls and position.outcome() is None:
            position.push(rng.choice(rolls))
        if position.outcome() is None and any(True for _ in position.legal_moves()):
            positions.append(position)
    return positions


def _cycle(items: Sequence[Any]) -> Iterator[Any]:
    while True:
        yield from items


def bench_game(
    game: Game[Any], positions: int, seed: int, *, minimum: float = 0.2
) -> list[Measure]:
    reference = timed(reference_workload, minimum=minimum)
    profile = load_profile("sim", game)
    sample = sample_positions(game, positions, seed)
    measures: list[Measure] = []

    def add(name: str, seconds: float, unit: str) -> None:
        measures.append(Measure(game.name, name, seconds, unit, reference))

    cycle = _cycle(sample)
    # On a copy: a position may keep its moves once generated (shogi does).
    add(
        "legal moves (copy+generate)",
        timed(lambda: list(next(cycle).copy().legal_moves()), minimum=minimum),
        "position",
    )

    recognizer: Recognizer[Any] = Recognizer(profile.sensing, profile.sensed_spots)
    cycle = _cycle(sample)
    add(
        "recognizer index",
        timed(lambda: recognizer.reset(next(cycle)), minimum=minimum),
        "position",
    )

    # A frame change: the board shows a legal move; observe, assess.
    cases = []
    for position in sample:
        move = next(iter(position.legal_moves()))
        after = position.copy()
        after.push(move)
        cases.append((position, after.expected_frame(profile.sensing)))
    frames = _cycle(cases)

    def recognise() -> None:
        position, frame = next(frames)
        recognizer.reset(position)
        recognizer.observe(frame, 1.0)
        recognizer.assess(2.0)

    add("frame change: index+assess", timed(recognise, minimum=minimum), "change")

    sim = Simulation(game, profile, GameStore(":memory:"), resume=False)
    legend = Legend()
    view = build_view(sim.controller)
    painter = sim.board.painter
    add(
        "repaint (legend+painter)",
        timed(lambda: painter.paint(*_lights(legend, view)), minimum=minimum),
        "frame",
    )
    scanner = sim.board.scanner
    add("scan pass (mock bus)", timed(scanner.scan, minimum=minimum), "scan")
    start = sample[0]
    depth = 1
    while timed(partial(start.perft, depth), minimum=minimum / 4) < minimum / 4 and depth < 6:
        depth += 1
    nodes = start.perft(depth)
    per_node = timed(partial(start.perft, depth), minimum=minimum) / max(nodes, 1)
    add(f"perft {depth} per node", per_node, "node")
    return measures


def _lights(legend: Legend, view: Any) -> tuple[Any, Any]:
    lights = legend.lights(view, 0.0)
    return lights.spots, lights.indicators


def memory_report(game: Game[Any]) -> list[str]:
    tracemalloc.start()
    sim = Simulation(game, load_profile("sim", game), GameStore(":memory:"), resume=False)
    for _ in range(10):
        moves = list(sim.controller.position.legal_moves())
        if not moves or sim.controller.outcome is not None:
            break
        sim.perform(sim.controller.position.move_text(moves[0]))
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return [
        f"{game.name:10} {'simulated session, peak traced':32} {peak / 1e6:9.2f} MB",
        f"{'process':10} {'resident (max)':32} {rss:9.1f} MB",
    ]


def run(names: Sequence[str], positions: int = 50, seed: int = 1) -> list[str]:
    chosen = [find_game(name) for name in names] if names else list(games())
    lines = [f"{'game':10} {'measure':32} {'time':>12}           {'/ reference':>12}"]
    reference = timed(reference_workload)
    value, scale = _scaled(reference)
    lines.append(f"{'-':10} {'reference workload':32} {value:9.2f} {scale}/run       1.000 ref")
    for game in chosen:
        lines += [measure.line() for measure in bench_game(game, positions, seed)]
        if game.name == "shogi":
            from firmware_host.tools.bench_shogi import shogi_lines

            lines += shogi_lines(sample_positions(game, positions, seed))
    for game in chosen:
        lines += memory_report(game)
    return lines
