"""``kiban bench --service --budget PI --counted``: the service's work on a Pi core,
counted in instructions rather than timed under a quota.

The quota bench (bench_service.py) times the service on this virtual machine held to
a Pi core's share. On this machine a thread's wake-up costs 30-110 µs of CPU (a bare
thread waking 10 times a second: 111 µs a wake), which the quota then charges at the
Pi's speed, 27 times slower on a Zero 2 W: the six wake-ups between a frame change's
scan and its paint alone come to 10-18 ms of "Pi time", most of the 15 ms the quota
bench reads as the median. This bench leaves the host's wake-ups out and counts the
work itself, under callgrind, which counts the same whatever the load:

* the Pi's speed: the n-body steps the calibration times (bench_budget.py) counted
  here, per step, against the published seconds a step on a Pi 4 (31.65 µs), a Zero
  2 W 3.0 times slower: instructions of this machine's CPython a Pi core runs a
  second. (This machine runs n-body and the decision code at the same rate, about
  6.5 G instructions a second, so the conversion holds across the two kinds of code.)
* each decision of bench_decision's fixed sequence (a frame change handled, the store
  and computer, the view, the legend and the paint), counted one by one
  (``--dump-after``), plus one scan's service work: the frame change to LED on that
  core, as p50, p99 and the largest;
* the idle scan's service work (the run's total less the simulation's, counted apart
  inside ``context_run``; bench_decision ``--split``), at the board's idle rate, as a
  share of that core; the simulation's share (the bus's and chips' models, on a Pi
  the kernel's and the chips') is given apart.

Left out, on both figures: the kernel's work for the wake-ups (six a change, one an
idle scan) and for the ioctls, which a Pi's bare metal pays at tens of microseconds
each at most; and a cold cache after rest, which makes the first instructions after a
wake-up slower than n-body's steady loop. So this bench is the optimistic bound and
the quota bench the pessimistic one; docs/speed.md reads the two together.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from firmware_host.tools.bench_budget import BUDGETS, PI4_NBODY_STEP, Budget
from firmware_host.tools.bench_decision import IDLE_SCANS

NBODY_STEPS = (400, 1200)
"""Two step counts whose difference gives one step's instructions (start-up apart)."""

_SUMMARY = re.compile(r"^(?:summary|totals):\s*(\d+)", re.MULTILINE)
_CONTEXT_RUN = re.compile(r"^\s*([\d,]+)\s*\([^)]*\)\s+\S*context\.c:context_run\s", re.MULTILINE)


class ValgrindMissingError(RuntimeError):
    """No valgrind on this machine (Debian's package ``valgrind``)."""


@dataclass(frozen=True, slots=True)
class Counted:
    """One board's work, in instructions of this machine's CPython."""

    profile: str
    game: str
    decisions: tuple[int, ...]
    scan_service: float
    scan_simulation: float
    idle_hz: float


def _callgrind(arguments: Sequence[str], out: Path, *, each: bool = False) -> list[int]:
    """Instructions counted inside ``operator.call`` while ``arguments`` (a Python
    module's command line) runs; with ``each``, one count a call, in order."""
    valgrind = shutil.which("valgrind")
    if valgrind is None:
        raise ValgrindMissingError("counting needs valgrind (Debian package valgrind)")
    command = [
        valgrind,
        "--tool=callgrind",
        "--collect-atstart=no",
        "--toggle-collect=_operator_call",
        f"--callgrind-out-file={out}",
    ]
    if each:
        command.append("--dump-after=_operator_call")
    subprocess.run(
        [*command, sys.executable, *arguments], capture_output=True, check=True, timeout=1800
    )
    if not each:
        return [_summary(out)]
    dumps = sorted(out.parent.glob(out.name + ".*"), key=lambda path: int(path.suffix[1:]))
    return [_summary(dump) for dump in dumps]


def _summary(dump: Path) -> int:
    match = _SUMMARY.search(dump.read_text(encoding="utf-8", errors="replace"))
    if match is None:
        raise RuntimeError(f"{dump}: no instruction total")
    return int(match.group(1))


def _context_run(dump: Path) -> int:
    """The inclusive count of ``context_run``: the simulation's share of a split run."""
    done = subprocess.run(
        ["callgrind_annotate", "--inclusive=yes", str(dump)],
        capture_output=True,
        text=True,
        check=True,
    )
    match = _CONTEXT_RUN.search(done.stdout)
    return int(match.group(1).replace(",", "")) if match else 0


def nbody_step_instructions(work: Path) -> float:
    """Instructions one step of bench_budget's n-body takes here."""
    module = ["-m", "firmware_host.tools.bench_counted", "--nbody"]
    few, many = (
        _callgrind([*module, str(steps)], work / f"nbody-{steps}")[0] for steps in NBODY_STEPS
    )
    return (many - few) / (NBODY_STEPS[1] - NBODY_STEPS[0])


def count_board(profile: str, game: str, work: Path) -> Counted:
    """One board's decisions, one by one, and its idle scan, split."""
    from engine.registry import find_game
    from hardware.profile import load_profile

    work.mkdir(parents=True, exist_ok=True)
    module = ["-m", "firmware_host.tools.bench_decision", profile, game]
    decisions = _callgrind([*module, "decide"], work / f"{profile}-decide", each=True)
    whole = _callgrind([*module, "idle"], work / f"{profile}-idle")[0]
    split_out = work / f"{profile}-split"
    _callgrind([*module, "idle", "--split"], split_out)
    simulation = _context_run(split_out)
    return Counted(
        profile,
        game,
        tuple(count for count in decisions if count > 0),
        max(0, whole - simulation) / IDLE_SCANS,
        simulation / IDLE_SCANS,
        load_profile(profile, find_game(game)).idle_hz,
    )


def _nearest_rank(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def counted_lines(names: Sequence[str], budget_name: str, jobs: int = 2) -> Iterator[str]:
    """The table: each board's frame change to LED and idle share on ``budget``'s core
    (``jobs`` boards counted at once: the counts do not depend on the load)."""
    from firmware_host.tools.bench_service import _chosen

    budget: Budget = BUDGETS[budget_name]
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        step = nbody_step_instructions(work)
        rate = step / budget.nbody_step
        yield (
            f"counted: {budget.label} runs {rate / 1e9:.3f} G instructions of this machine's "
            f"CPython a second (n-body: {step:,.0f} a step here, {budget.nbody_step * 1e6:.1f} µs "
            f"a step there; a Pi 4's published {PI4_NBODY_STEP * 1e6:.2f} µs)"
        )
        yield (
            f"{'service':<32} {'decisions':>9} {'instructions p50/p99/max':>26} "
            f"{'on the Pi p50/p99/max':>24} {'idle scan (service+sim)':>26} {'idle of the Pi':>15}"
        )
        chosen = _chosen(names)
        with ThreadPoolExecutor(max_workers=jobs) as pool:  # each board a valgrind process
            boards = pool.map(
                lambda board: count_board(board[0], board[1], work / board[0]), chosen
            )
            for counted in boards:
                yield _counted_line(counted, rate)


def _counted_line(counted: Counted, rate: float) -> str:
    """One board's row: the frame change to LED and the idle share on a core that runs
    ``rate`` instructions a second."""
    scan = counted.scan_service
    paths = [count + scan for count in counted.decisions]
    p50, p99, most = (_nearest_rank(paths, share) for share in (0.5, 0.99, 1.0))
    idle = counted.scan_service * counted.idle_hz / rate
    with_sim = (counted.scan_service + counted.scan_simulation) * counted.idle_hz / rate
    return (
        f"{counted.profile + ' ' + counted.game:<32} {len(paths):>9} "
        f"{p50 / 1e6:7.2f} /{p99 / 1e6:6.2f} /{most / 1e6:6.2f} M "
        f"{p50 / rate * 1e3:7.2f} /{p99 / rate * 1e3:6.2f} /{most / rate * 1e3:6.2f} ms "
        f"{scan / 1e3:9.0f} k +{counted.scan_simulation / 1e3:7.0f} k "
        f"{idle * 100:6.2f} % ({with_sim * 100:5.2f} %)"
    )


def main(argv: Sequence[str] | None = None) -> None:
    """``--nbody STEPS``: the calibration's steps inside ``operator.call`` (counted)."""
    import operator

    from firmware_host.tools.bench_budget import nbody

    arguments = list(sys.argv[1:] if argv is None else argv)
    if arguments[:1] == ["--nbody"]:
        operator.call(nbody, int(arguments[1]))


if __name__ == "__main__":
    main()
