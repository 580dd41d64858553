"""``kiban bench``: how fast recognition and repainting are, measured, never asserted.

Shared machines are noisy, so every time is also given as a ratio to a fixed
pure-Python reference workload timed in the same run: the ratios are what to
compare between runs and machines. The budget (DESIGN.md) is a frame change
recognised and repainted in a few milliseconds on a laptop.

Besides the common measures, each game's own part (``Game.bench``: notable
positions, other libraries of its rules) is run the same way for every game.
The libraries are test oracles, never part of the product: they are imported
here only, by name, and skipped with a note when they are not installed.
"""

from __future__ import annotations

import importlib
import random
import resource
import time
import tracemalloc
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from engine.bench import BenchPlan, board_perft
from engine.game import Game, Position
from engine.physical import Sensing
from engine.recognition.recognizer import Recognizer
from engine.registry import find_game, games
from firmware_host.loops.simulator import Simulation
from firmware_host.store.storage import GameStore
from firmware_host.telling.legend import Legend
from firmware_host.telling.view import build_view
from firmware_host.tools.bench.interleaved import interleaved, whole_game_positions
from firmware_host.tools.bench.play import play_lines
from firmware_host.tools.bench.random_play import awaiting_a_move
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
    with a move to make (where the dice are due, they have been rolled). Moves are
    chosen in the order of their text, so the positions do not change with the order
    a move generator hands them out in."""
    return _played(game, count, seed, (0, 30), lambda position, moves: moves)


def _captures(position: Position[Any], moves: Sequence[Any]) -> list[Any]:
    """The moves onto a cell holding an enemy piece the mover attacks (none in a game
    without attacks), in the order of ``moves``."""
    seat = position.turn
    layout = position.layout()
    targets = [
        spot
        for spot in position.attacked_spots(seat)
        if any(stone.owner is not None and stone.owner != seat for stone in layout.get(spot, ()))
    ]
    found: set[Any] = set()
    for spot in targets:
        found.update(position.moves_changing(frozenset({spot})))
    return [move for move in moves if move in found]


LATE_SEED = 1
"""The late middle games are the same in every run, whatever the sample's seed."""


def late_positions(game: Game[Any], count: int, seed: int) -> list[Position[Any]]:
    """Late middle games: positions 40 to 120 plies into seeded random games that take
    whenever they can (so the hands fill and the kings stand bare), each with a move
    to make. Moves are chosen in the order of their text, as in ``sample_positions``."""
    return _played(
        game, count, seed, (40, 120), lambda position, moves: _captures(position, moves) or moves
    )


def _played(
    game: Game[Any],
    count: int,
    seed: int,
    plies: tuple[int, int],
    prefer: Callable[[Position[Any], list[Any]], Sequence[Any]],
) -> list[Position[Any]]:
    """``count`` positions of seeded random games ``plies`` (from, to) long, each move
    chosen among those ``prefer`` keeps, each position with a move to make."""
    rng = random.Random(seed)
    return [awaiting_a_move(game, rng, rng.randint(*plies), prefer) for _ in range(count)]


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

    recognizer: Recognizer[Any] = Recognizer(
        profile.sensing, profile.sensed_spots, profile.timing()
    )
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
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
    return [
        f"{game.name:10} {'simulated session, peak traced':32} {peak / 2**20:9.2f} MiB",
        f"{'process':10} {'resident (max RSS)':32} {rss:9.1f} MiB",
    ]


def _line(game: Game[Any], name: str, seconds: float, unit: str, note: str) -> str:
    value, scale = _scaled(seconds)
    return f"{game.name:10} {name:32} {value:9.2f} {scale}/{unit:9} {note}"


def _drop_kept_moves(position: Position[Any]) -> None:
    """A push and a pop: a position that keeps its generated moves (shogi) drops them."""
    move = next(position.legal_moves())
    position.push(move)
    position.pop()


Pushes = Iterator[tuple[Position[Any], Any]]
"""Positions, each with a move to push and pop (which drops the moves it keeps)."""


def _push_pop(pushes: Pushes) -> None:
    position, move = next(pushes)
    position.push(move)
    position.pop()


def _push_pop_generate(pushes: Pushes) -> int:
    position, move = next(pushes)
    position.push(move)
    position.pop()
    return len(list(position.legal_moves()))


def fresh_generation(positions: Sequence[Position[Any]], minimum: float) -> tuple[float, float]:
    """(generation, push and pop): seconds to enumerate a position's legal moves afresh,
    cycling over ``positions``, and the time of the push and pop that make it afresh
    (timed alone, then taken off, so that the first is the generation only)."""
    pairs = [(position, next(position.legal_moves())) for position in positions]
    both = timed(partial(_push_pop_generate, _cycle(pairs)), minimum=minimum)
    push_pop = timed(partial(_push_pop, _cycle(pairs)), minimum=minimum)
    return max(both - push_pop, both / 100), push_pop


def _fresh_index(position: Position[Any], recognizer: Recognizer[Any]) -> None:
    _drop_kept_moves(position)
    recognizer.reset(position)


def _footprints(position: Position[Any]) -> None:
    for move in position.legal_moves():
        position.footprint(move, Sensing.OCCUPANCY)


def _library_moves(boards: Iterator[Any]) -> int:
    return len(list(next(boards).legal_moves))


def game_lines(
    game: Game[Any], sample: Sequence[Position[Any]], *, minimum: float = 0.2
) -> list[str]:
    """The game's own part of the bench (``Game.bench``): each notable position indexed
    for the recognizer, against its budget; then Kiban against each library the game
    names, in the same run. Every time is per operation; the ratio says how many times
    Kiban's time the library needs (below 1: the library is faster)."""
    plan = game.bench()
    lines: list[str] = []
    recognizer: Recognizer[Any] = Recognizer(Sensing.OCCUPANCY, frozenset(game.cells))
    for notable in plan.positions:
        position = game.position(notable.text)
        count = len(list(position.legal_moves()))
        index = timed(partial(_fresh_index, position, recognizer), minimum=minimum)
        name = f"index {count} moves (moves+fp+reset)"
        lines.append(_line(game, name, index, "position", notable.note))
        footprints = timed(partial(_footprints, position), minimum=minimum)
        lines.append(_line(game, f"{count} footprints", footprints, "position", ""))
    if plan.references:
        lines += _comparison(game, plan, sample, minimum)
    return lines


def _comparison(
    game: Game[Any], plan: BenchPlan, sample: Sequence[Position[Any]], minimum: float
) -> list[str]:
    """Kiban's move generation against each library's, position set by position set
    (each notable position; the random sample; as many late middle games); against the
    first library, interleaved, on the game's whole games (``interleaved``); then perft
    from the start."""
    libraries: list[tuple[str, Callable[..., Any] | None]] = []
    lines: list[str] = []
    for reference in plan.references:
        try:
            module = importlib.import_module(reference.module)
        except ImportError:
            lines.append(f"{game.name:10} {reference.label} is not installed: comparison skipped")
            libraries.append((reference.label, None))
            continue
        libraries.append((reference.label, getattr(module, reference.board)))
    sets = [(f"legal moves ({n.moves})", [game.position(n.text)]) for n in plan.positions]
    sets.append(("legal moves", list(sample)))
    sets.append(("legal moves, late games", late_positions(game, len(sample), LATE_SEED)))
    for title, positions in sets:
        ours, push_pop = fresh_generation(positions, minimum)
        count = sum(len(list(position.legal_moves())) for position in positions)
        rate = count / len(positions) / ours / 1e6
        note = f"1.000 x kiban, {rate:.2f} M moves/s"
        lines.append(_line(game, f"{title}: kiban", ours, "position", note))
        if title.startswith("legal moves") and len(positions) > 1:
            lines.append(_line(game, "push+pop (not in the above)", push_pop, "position", ""))
        for label, board_class in libraries:
            if board_class is None:
                continue
            boards = [board_class(position.text()) for position in positions]
            theirs = timed(partial(_library_moves, _cycle(boards)), minimum=minimum)
            note = f"{theirs / ours:.3f} x kiban"
            lines.append(_line(game, f"{title}: {label}", theirs, "position", note))
    label, board_class = libraries[0]
    if plan.whole_games and board_class is not None:
        whole = whole_game_positions(game, plan.whole_games)
        lines.append(interleaved(whole, board_class, minimum=minimum).line(game.name, label))
    lines += _perft_comparison(game, plan, libraries, minimum)
    return lines


def _perft_comparison(
    game: Game[Any],
    plan: BenchPlan,
    libraries: list[tuple[str, Callable[..., Any] | None]],
    minimum: float,
) -> list[str]:
    start = game.position()
    depth = plan.perft_depth
    our_perft = timed(partial(start.perft, depth), minimum=minimum) / start.perft(depth)
    lines = [_line(game, f"perft {depth} per node: kiban", our_perft, "node", "1.000 x kiban")]
    for reference, (label, board_class) in zip(plan.references, libraries, strict=True):
        if board_class is None:
            continue
        if reference.perft_depth == depth:
            mine = our_perft
        else:
            mine = timed(partial(start.perft, reference.perft_depth), minimum=minimum)
            mine /= start.perft(reference.perft_depth)
        board = board_class()
        their_nodes = board_perft(board, reference.perft_depth)
        per_node = timed(partial(board_perft, board, reference.perft_depth), minimum=minimum)
        per_node /= their_nodes
        name = f"perft {reference.perft_depth} per node: {label}"
        lines.append(_line(game, name, per_node, "node", f"{per_node / mine:.3f} x kiban"))
    return lines


def run(names: Sequence[str], positions: int = 50, seed: int = 1) -> list[str]:
    chosen = [find_game(name) for name in names] if names else list(games())
    lines = [f"{'game':10} {'measure':32} {'time':>12}           {'/ reference':>12}"]
    reference = timed(reference_workload)
    value, scale = _scaled(reference)
    lines.append(f"{'-':10} {'reference workload':32} {value:9.2f} {scale}/run       1.000 ref")
    for game in chosen:
        lines += [measure.line() for measure in bench_game(game, positions, seed)]
        if game.bench().positions or game.bench().references:
            lines += game_lines(game, sample_positions(game, positions, seed))
    for game in chosen:
        lines += play_lines(game, reference)
    for game in chosen:
        lines += memory_report(game)
    return lines
