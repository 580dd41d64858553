"""``kiban bench --levels [GAMES]``: each level's time per move on a Raspberry Pi 4 and
a Zero 2 W, at the strength the calibration table measured (its nodes, no deadline).

Each level of each game plays the same few seeded positions (a start, and middle
games reached by seeded random moves that lose nothing at once) as ``kiban match``'s
seat ``level:N`` plays them, timed here. A Pi is not timed: each game's own search is
counted once, a short search of its top level under callgrind with the Pi core's
caches simulated (pi_cores.py: instructions and misses read on the core), and the
same search is timed here in the same run; the ratio of the two (the Pi's seconds
for one of this machine's) turns every level's time here into the Pi's. So the
figures are as good as the calibration (pi_cores.py says what is published, what is
estimated), and a busy machine slows the level and the sample alike. Each Pi figure is
given with its chain's error (chain.py: the calibration's links and the spread of this
run's sample timings), and a goal is met only when the figure with its error is under it.

On a Raspberry Pi (``measured``: the core the bench runs on, report.py finds it) nothing
is counted: the times taken are the Pi's own, and a Pi 4's are read against the goals
as they are.
"""

from __future__ import annotations

import math
import operator
import random
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.game import Game
from engine.search import Limits, loses_at_once
from engine.search.levels import LEVELS
from firmware_host.tools.bench.chain import Chain, Estimate, pi_chain, timing_link
from firmware_host.tools.bench.pi_cores import CORES, Counts
from firmware_host.tools.bench.random_play import awaiting_a_move

POSITIONS = 4
"""Positions each level plays a move in: the start and three middle games."""

SAMPLE_NODES = 2_000
"""Nodes (or playouts) of the counted sample search."""

GOALS = {1: 1.0, 2: 1.0, 3: 1.0, 4: 1.0, 5: 1.0, 10: 10.0}
"""The most a move may take on a Pi 4, by level (issue 48): levels 1-5 a second,
level 10 ten seconds."""


def positions(game: Game[Any], count: int = POSITIONS, seed: int = 48) -> list[Any]:
    """The start and ``count - 1`` middle games reached by seeded random moves that
    lose nothing at once (dice rolled as they come), none over and none awaiting a roll
    (a game over sooner gives the last position before its end)."""
    rng = random.Random(f"{game.name}:{seed}")
    start = game.position()
    rolls = start.chance_moves()
    if rolls is not None:  # a dice game's first roll: the level moves after it
        start.push(rng.choice(rolls))
    found = [start]
    while len(found) < count:
        found.append(awaiting_a_move(game, rng, rng.randrange(10, 40), _safe))
    return found


def _safe(position: Any, moves: list[Any]) -> list[Any]:
    """The moves that lose nothing at once, or all where every move does."""
    return [move for move in moves if not loses_at_once(position, move)] or moves


def _player(game: Game[Any], number: int, seed: int) -> Any:
    from firmware_host.opponents.players import Players
    from firmware_host.tools.play.match import make_player

    return make_player(
        f"level:{number}", game, game.options(None), random.Random(f"{seed}:{number}"), Players()
    )


def _sample(game: Game[Any], position: Any = None) -> tuple[Any, Any, Limits]:
    """The counted sample: the top level's search, cut at ``SAMPLE_NODES``, in the first
    middle game (a player, the position, the limits); ``position``: that middle game
    found already (finding it plays seeded games, slow under callgrind)."""
    limits = Limits(deadline=math.inf, max_nodes=SAMPLE_NODES)
    found = positions(game)[1] if position is None else position
    return _player(game, len(LEVELS), 0), found, limits


def _timed_sample(game: Game[Any], repeats: int = 3) -> tuple[float, ...]:
    """CPU seconds here of the sample search, ``repeats`` times, after one run to warm it
    up: the best is the figure, the spread is a link of the chain."""
    player, position, limits = _sample(game)
    player.analyse(position, limits=limits)
    timed = []
    for _ in range(repeats):
        player, position, limits = _sample(game, position)
        start = time.process_time()
        player.analyse(position, limits=limits)
        timed.append(time.process_time() - start)
    return tuple(timed)


@dataclass(frozen=True, slots=True)
class LevelTimes:
    """One level's moves in one game: seconds of CPU here, and nodes."""

    game: str
    level: int
    seconds: tuple[float, ...]
    nodes: tuple[int, ...]


def level_times(game: Game[Any], number: int) -> LevelTimes:
    """Level ``number``'s move in each of the bench's positions, timed here."""
    seconds, nodes = [], []
    for index, position in enumerate(positions(game)):
        player = _player(game, number, index)
        start = time.process_time()
        found = player.analyse(position, limits=Limits(deadline=math.inf))
        seconds.append(time.process_time() - start)
        nodes.append(found.nodes)
    return LevelTimes(game.name, number, tuple(seconds), tuple(nodes))


@dataclass(frozen=True, slots=True)
class PiRatio:
    """A Pi core's seconds for one of this machine's in a game's search, and the chain
    that figure hangs on (the run's sample timings joined to it)."""

    ratio: float
    chain: Chain


def pi_seconds_per_second(
    game: Game[Any], work: Path, nbody: dict[str, Counts]
) -> dict[str, PiRatio]:
    """For each Pi core, its seconds for one of this machine's in ``game``'s search:
    the sample counted with the core's caches (``nbody``: the calibration's step counted
    alike), over the sample timed here (best of three, whose spread joins the chain)."""
    from firmware_host.tools.bench.counted import _callgrind

    timed = _timed_sample(game)
    here = min(timed)
    ratios = {}
    for name, core in CORES.items():
        counted = _callgrind(
            ["-m", "firmware_host.tools.bench.levels", "--sample", game.name],
            work / f"{game.name}-{name}",
            core,
        )[0]
        chain = pi_chain(name).joined((timing_link(timed),))
        ratios[name] = PiRatio(core.seconds(counted, nbody[name]) / here, chain)
    return ratios


def level_lines(
    names: Sequence[str] = (), top: int | None = None, measured: str | None = None
) -> Iterator[str]:
    """The table: each level's time per move here and on each Pi, by game; ``top``: levels
    1 to ``top`` only; ``measured``: this machine is that Pi core (``pi4``, ``zero2w``,
    ``pi``: another), timed as it is and nothing counted."""
    from engine.registry import find_game, games

    chosen = [find_game(name) for name in names] if names else list(games())
    numbers = range(1, min(top or len(LEVELS), len(LEVELS)) + 1)
    if measured is not None:
        yield from _measured_lines(chosen, numbers, measured)
        return
    yield (
        f"{'game':<10} {'level':>5} {'nodes/move':>10} {'here mean/max':>15} "
        f"{'Pi 4 mean/max (± chain)':>27} {'Zero 2 W mean/max':>19}  goal (Pi 4)"
    )
    from firmware_host.tools.bench.counted import nbody_step

    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        nbody = {name: nbody_step(work, core) for name, core in CORES.items()}
        for game in chosen:
            (work / game.name).mkdir()
            ratio = pi_seconds_per_second(game, work / game.name, nbody)
            for number in numbers:
                yield _line(level_times(game, number), ratio)


def _verdict(most: Estimate, level: int) -> str:
    """``met (10 s)``, ``not shown to hold (10 s)``, ``missed (10 s)``; none without a goal."""
    goal = GOALS.get(level)
    return "" if goal is None else f"{most.verdict(goal).value} ({goal:g} s)"


def _line(times: LevelTimes, ratio: dict[str, PiRatio]) -> str:
    mean = sum(times.seconds) / len(times.seconds)
    most = max(times.seconds)
    nodes = sum(times.nodes) / len(times.nodes)
    pi4, zero = ratio["pi4"], ratio["zero2w"]
    on_pi4 = Estimate(most * pi4.ratio, pi4.chain.error)
    return (
        f"{times.game:<10} {times.level:>5} {nodes:>10.0f} "
        f"{mean * 1e3:6.0f} /{most * 1e3:6.0f} ms "
        f"{mean * pi4.ratio:6.2f} /{on_pi4.text():>13} s "
        f"{mean * zero.ratio:7.2f} /{most * zero.ratio:7.2f} s  {_verdict(on_pi4, times.level)}"
    ).rstrip()


def _measured_lines(chosen: Sequence[Game[Any]], numbers: range, core: str) -> Iterator[str]:
    """The table on a Raspberry Pi itself: each level's time per move as taken here, a
    Pi 4's read against the goals with no error but the run's own."""
    yield (
        f"{'game':<10} {'level':>5} {'nodes/move':>10} {'measured mean/max':>19}  "
        f"goal (Pi 4, measured on {core})"
    )
    for game in chosen:
        for number in numbers:
            times = level_times(game, number)
            mean = sum(times.seconds) / len(times.seconds)
            most = max(times.seconds)
            nodes = sum(times.nodes) / len(times.nodes)
            verdict = _verdict(Estimate(most, 0.0), number) if core == "pi4" else ""
            yield (
                f"{game.name:<10} {number:>5} {nodes:>10.0f} {mean:8.3f} /{most:8.3f} s  {verdict}"
            ).rstrip()


def main(argv: Sequence[str] | None = None) -> None:
    """``--sample GAME``: the counted sample search, inside ``operator.call``."""
    from engine.registry import find_game

    arguments = list(sys.argv[1:] if argv is None else argv)
    if arguments[:1] == ["--sample"]:
        game = find_game(arguments[1])
        player, position, limits = _sample(game)
        player.analyse(position, limits=limits)  # warmed up, as timed here
        player, position, limits = _sample(game, position)
        operator.call(player.analyse, position, limits=limits)


if __name__ == "__main__":
    main()
