"""``kiban bench --service --budget PI --counted``: a touch to the LEDs and the idle
board on a Pi core, counted rather than timed under a quota.

The quota bench (service.py) times the service on this virtual machine held to
a Pi core's share; this machine's wake-ups (30-110 us of CPU each) then weigh like a
Pi's milliseconds. This bench counts instead, under callgrind, with the Pi's own
caches simulated, and reads the counts on the Pi's core (pi_cores.py: instructions,
first-level misses, memory misses):

* each decision of bench_decision's fixed sequence (a frame change handled, the store
  and computer, the view, the legend and the paint), counted one by one
  (``--dump-after``);
* one idle scan's Python (bench_decision ``idle --split`` less the simulation's share,
  counted inside ``context_run``; the wrapper's own calls stay in, so it is an upper
  bound; the simulation is the kernel's and the chips' work on a Pi, which
  touch_path.py puts back as ioctls and bus time);
* the calibration's n-body step, counted alike, which gives the core's cost of an
  instruction.

From those and the board's own plan (bench_boards: its bus time at the rate the setup
sets, its ioctls, whether every source signals its changes) touch_path.py builds the
path from a touch to the LEDs: the wait for the scan, the confirming scans, the
decision and its hand-offs, contention, the LED write. The row gives that path's p99
(the waits at their longest), the frame-change-to-LED part alone (what this bench
gave before), the board's scans a second at rest and its idle share of the core; a
board that cannot wake on change says what a 20 ms touch would cost it at rest. The
touch's p99 is also read against the 20 ms with the chain's error (chain.py): met only
with the error as its margin, which no Zero 2 W figure has while the sysbench link is
unbounded ("not shown to hold").
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

from firmware_host.tools.bench.chain import Estimate, pi_chain
from firmware_host.tools.bench.decision import IDLE_SCANS
from firmware_host.tools.bench.pi_cores import CORES, Counts, PiCore
from firmware_host.tools.bench.touch_path import (
    INTERRUPT_PYTHON,
    PI_BUSES,
    Board,
    floor,
    idle_share,
    path,
    rest_rate,
    spread_scan,
)
from firmware_host.tools.bench.touch_path import Path as TouchPath

NBODY_STEPS = (400, 1200)
"""Two step counts whose difference gives one step's work (start-up apart)."""

TARGET = 0.020
"""A touch shown within 20 ms."""

IDLE_TARGET = 0.02
"""At rest, at most 2% of the core."""

_EVENTS = re.compile(r"^events:\s*(.+)$", re.MULTILINE)
_SUMMARY = re.compile(r"^(?:summary|totals):\s*([\d ]+)$", re.MULTILINE)
_CONTEXT_RUN = re.compile(r"^(.*)\S*context\.c:context_run\s", re.MULTILINE)
_NUMBER = re.compile(r"([\d,]+) \(")


class ValgrindMissingError(RuntimeError):
    """No valgrind on this machine (Debian's package ``valgrind``)."""


def counts_of(events: Sequence[str], values: Sequence[int]) -> Counts:
    """callgrind's events as instructions, first-level and last-level misses."""
    found = dict(zip(events, values, strict=False))
    return Counts(
        found.get("Ir", 0),
        found.get("I1mr", 0) + found.get("D1mr", 0) + found.get("D1mw", 0),
        found.get("ILmr", 0) + found.get("DLmr", 0) + found.get("DLmw", 0),
    )


def _callgrind(
    arguments: Sequence[str], out: Path, core: PiCore, *, each: bool = False
) -> list[Counts]:
    """The work counted inside ``operator.call`` while ``arguments`` (a Python module's
    command line) runs, the core's caches simulated; with ``each``, one a call."""
    valgrind = shutil.which("valgrind")
    if valgrind is None:
        raise ValgrindMissingError("counting needs valgrind (Debian package valgrind)")
    command = [
        valgrind,
        "--tool=callgrind",
        "--cache-sim=yes",
        *core.caches,
        "--collect-atstart=no",
        "--toggle-collect=_operator_call",
        f"--callgrind-out-file={out}",
    ]
    if each:
        command.append("--dump-after=_operator_call")
    subprocess.run(
        [*command, sys.executable, *arguments], capture_output=True, check=True, timeout=3600
    )
    if not each:
        return [_summary(out)]
    dumps = sorted(out.parent.glob(out.name + ".*"), key=lambda path: int(path.suffix[1:]))
    return [_summary(dump) for dump in dumps]


def _summary(dump: Path) -> Counts:
    text = dump.read_text(encoding="utf-8", errors="replace")
    events, total = _EVENTS.search(text), _SUMMARY.search(text)
    if events is None or total is None:
        raise RuntimeError(f"{dump}: no instruction total")
    return counts_of(events.group(1).split(), [int(value) for value in total.group(1).split()])


def _context_run(dump: Path) -> Counts:
    """The inclusive counts of ``context_run``: the simulation's share of a split run."""
    done = subprocess.run(
        ["callgrind_annotate", "--inclusive=yes", str(dump)],
        capture_output=True,
        text=True,
        check=True,
    )
    events = _EVENTS.search(dump.read_text(encoding="utf-8", errors="replace"))
    match = _CONTEXT_RUN.search(done.stdout)
    if events is None or match is None:
        return Counts(0)
    values = [int(number.replace(",", "")) for number in _NUMBER.findall(match.group(1))]
    return counts_of(events.group(1).split(), values)


def nbody_step(work: Path, core: PiCore) -> Counts:
    """One step of bench_budget's n-body, counted here with ``core``'s caches."""
    module = ["-m", "firmware_host.tools.bench.counted", "--nbody"]
    few, many = (
        _callgrind([*module, str(steps)], work / f"nbody-{steps}", core)[0] for steps in NBODY_STEPS
    )
    return (many - few).scaled(1 / (NBODY_STEPS[1] - NBODY_STEPS[0]))


@dataclass(frozen=True, slots=True)
class Counted:
    """One board's work, counted with a core's caches, and what its path needs."""

    profile: str
    game: str
    decisions: tuple[Counts, ...]
    scan_service: Counts
    scan_simulation: Counts
    board: Board


def board_facts(profile_name: str, game_name: str) -> Board:
    """The board's plan on a Pi 1-4's adapter (bench_boards) and its profile."""
    from engine.registry import find_game
    from firmware_host.tools.bench.boards import scan_cost
    from hardware.frontends.serial_scanner import SerialScannerSpec
    from hardware.profile import load_profile

    profile = load_profile(profile_name, find_game(game_name))
    cost = scan_cost(profile, "pi4", scans=32)
    rate = cost.plan.needed_rate() or 400_000
    return Board(
        wakes_on_change=cost.wakes_on_change,
        serial=profile.part(SerialScannerSpec) is not None,
        scan_hz=profile.scan_hz,
        idle_hz=profile.idle_hz,
        debounce=profile.debounce_scans,
        bus_time=cost.seconds(rate),
        bus_calls=cost.ioctls + cost.spi_transfers,
        sleeps=cost.sleeps,
        leds=profile.leds.count,
        touch_bus_time=cost.touch_seconds(rate),
        touch_bus_calls=(cost.ioctls if cost.touch_ioctls is None else cost.touch_ioctls)
        + cost.spi_transfers,
        confirm_bus_time=cost.confirm_seconds(rate),
        confirm_bus_calls=(cost.ioctls if cost.confirm_ioctls is None else cost.confirm_ioctls)
        + cost.spi_transfers,
    )


def count_board(profile: str, game: str, work: Path, core: PiCore) -> Counted:
    """One board's decisions, one by one, and its idle scan, split."""
    work.mkdir(parents=True, exist_ok=True)
    module = ["-m", "firmware_host.tools.bench.decision", profile, game]
    decisions = _callgrind([*module, "decide"], work / f"{profile}-decide", core, each=True)
    split_out = work / f"{profile}-split"
    whole = _callgrind([*module, "idle", "--split"], split_out, core)[0]
    simulation = _context_run(split_out)
    service = whole - simulation  # the wrapper's own calls stay in: an upper bound
    return Counted(
        profile,
        game,
        tuple(count for count in decisions if count.instructions > 0),
        Counts(
            *(
                max(0.0, part)
                for part in (service.instructions, service.l1_misses, service.l2_misses)
            )
        ).scaled(1 / IDLE_SCANS),
        simulation.scaled(1 / IDLE_SCANS),
        board_facts(profile, game),
    )


def _nearest_rank(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def counted_lines(names: Sequence[str], budget_name: str, jobs: int = 2) -> Iterator[str]:
    """The table: each board's touch to LED and idle share on ``budget``'s core (``jobs``
    boards counted at once: the counts do not depend on the load)."""
    from firmware_host.tools.bench.service import _chosen

    core = CORES[budget_name]
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        step = nbody_step(work, core)
        yield (
            f"counted: {core.label}: {core.per_instruction(step) * 1e9:.2f} ns an instruction, "
            f"{core.l1_miss * 1e9:.0f} ns an L1 miss, {core.l2_miss * 1e9:.0f} ns an L2 miss "
            f"(n-body: {step.instructions:,.0f} instructions and {step.l1_misses:.0f} L1 misses "
            f"a step here, {core.nbody_step * 1e6:.1f} us there)"
        )
        yield (
            f"{'service':<30} {'wakes':>5} {'decision p50/p99':>17} "
            f"{'touch to LED p99 = wait + scans + decide + rest':>49} {'frame to LED':>12} "
            f"{'at rest':>8} {'idle':>7}  20 ms goal (± chain)  note"
        )
        chosen = _chosen(names)
        with ThreadPoolExecutor(max_workers=jobs) as pool:  # each board a valgrind process
            boards = pool.map(
                lambda board: count_board(board[0], board[1], work / board[0], core), chosen
            )
            for counted in boards:
                yield counted_line(counted, core, step)


def counted_line(counted: Counted, core: PiCore, nbody: Counts) -> str:
    """One board's row on ``core`` (``nbody``: the calibration's step counted alike)."""
    board = counted.board
    scan = core.seconds(counted.scan_service, nbody)
    interrupt = core.seconds(Counts(INTERRUPT_PYTHON), nbody)
    decisions = [
        core.seconds(decision + counted.scan_service, nbody) for decision in counted.decisions
    ]
    p50, p99 = (_nearest_rank(decisions, share) for share in (0.5, 0.99))
    worst = path(board, decision=p99, scan_python=scan, interrupt_python=interrupt, core=core.name)
    idle = idle_share(board, scan, core.name)
    scans = worst.first_scan + worst.confirm
    rest = worst.handoffs + worst.contention + worst.paint
    note = "" if board.wakes_on_change else _rest_cost(board, worst, scan, core.name, p99)
    # The chain's error on the whole path, the waits too: a margin wider than the CPU's
    # share needs, never narrower (chain.py).
    touch = Estimate(worst.touch_to_led, pi_chain(core.name).error)
    note = f"{touch.verdict(TARGET).value} ({touch.text(1e3, 1)} ms)  {note}"
    return (
        f"{counted.profile + ' ' + counted.game:<30} {'yes' if board.wakes_on_change else 'no':>5} "
        f"{p50 * 1e3:7.2f} /{p99 * 1e3:6.2f} ms "
        f"{worst.touch_to_led * 1e3:7.1f} = {worst.wait * 1e3:5.1f} + {scans * 1e3:5.1f} + "
        f"{worst.decision * 1e3:5.1f} + {rest * 1e3:4.1f} ms "
        f"{worst.frame_to_led * 1e3:8.1f} ms {rest_rate(board):5.1f}/s {idle * 100:5.2f} %  {note}"
    ).rstrip()


def _rest_cost(board: Board, worst: TouchPath, scan: float, core: str, decision: float) -> str:
    """What a polled board at rest would pay to show a touch within ``TARGET``; where
    no rate would do, the least any order of its scans could take (``floor``)."""
    after_wait = worst.touch_to_led - worst.wait
    if after_wait >= TARGET:
        least = floor(board, decision=decision, scan_python=scan, core=core)
        return (
            f"polled: over {TARGET * 1e3:.0f} ms even at full rate; "
            f"{least * 1e3:.1f} ms at least in any order of its scans"
            + _spread_cost(board, scan, core, decision)
        )
    rate = 1 / (TARGET - after_wait)
    if rate > board.scan_hz:
        return (
            f"polled: {TARGET * 1e3:.0f} ms needs {rate:.0f} scans/s at rest, "
            f"over its {board.scan_hz:.0f}"
        )
    share = idle_share(board, scan, core, rate=rate)
    return (
        f"polled: {TARGET * 1e3:.0f} ms needs {rate:.0f} scans/s at rest, {share * 100:.2f} % idle"
    )


def _spread_cost(board: Board, scan: float, core: str, decision: float) -> str:
    """What the same chips spread over both of a Pi's buses would take at least (no
    confirming scan), and what scanning often enough for it costs the core at rest (every
    transaction still one ioctl of the core's)."""
    if board.bus_calls <= 1:
        return ""
    least = floor(board, decision=decision, scan_python=scan, core=core, buses=PI_BUSES)
    text = f"; over {PI_BUSES} buses {least * 1e3:.1f} ms at least"
    if least >= TARGET:
        return text
    # A sensor touched just after it was read is seen at its next read: at rest too, the
    # reads of one sensor may be at most what the decision, hand-offs and strip leave apart.
    period = TARGET - (least - spread_scan(board, scan, core, PI_BUSES))
    share = idle_share(board, scan, core, rate=1 / period)
    return text + f", needing {1 / period:.0f} scans/s at rest: {share * 100:.0f} % of the core"


def main(argv: Sequence[str] | None = None) -> None:
    """``--nbody STEPS``: the calibration's steps inside ``operator.call`` (counted)."""
    import operator

    from firmware_host.tools.bench.budget import nbody

    arguments = list(sys.argv[1:] if argv is None else argv)
    if arguments[:1] == ["--nbody"]:
        operator.call(nbody, int(arguments[1]))


if __name__ == "__main__":
    main()
