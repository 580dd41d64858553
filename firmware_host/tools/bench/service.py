"""``kiban bench --service``: what the service costs on a board where nothing happens.

Each profile runs in a fresh Python process, as ``kiban run`` would: a ``Runtime``
on a simulated board (the mock chips on real time), the start position set up
and left alone. The child reports

- *ready*: seconds from its first line of Python to systemd's READY (imports,
  the board opened and configured, the game started), and the CPU seconds spent
  by then (which a shared, loaded machine inflates less than the wall time). The
  children run as pip installs the service: with the bytecode of every module
  cached (in a cache directory of their own, written by a first run that is not
  measured), even where ``PYTHONDONTWRITEBYTECODE`` is set;
- *cpu*: the process's CPU time (every thread) over a few idle seconds, as a
  share of one core, and the scans a second it kept up meanwhile (the profile's
  ``scan_hz`` is the target); *scanning* is the part of it the scans themselves
  take (the scanner, the drivers and the mock chips, timed alone at that rate):
  the rest is the service loop's own overhead;
- *calls/scan*: the function calls (Python and built-in) the bus thread makes per
  idle scan, its sleep and wake-up included: a count of the work that does not
  depend on how loaded the machine is, where the CPU share does;
- *rss / uss*: memory at rest, in MiB (2^20 bytes): resident (RSS, the measure of the
  service's goal, ``IDLE_RSS_GOAL_MIB``: 38.1 MiB, issue 14's 40 MB) and the process's
  own pages (USS: RSS less the pages of files it shares, the interpreter's and the C
  libraries', which other programs on the Pi map too, so that its PSS lies between);
  *full gc*: what a full garbage collection costs then (the runtime froze what start-up
  built);
- *frame to LED*: then pieces are lifted and put back every 0.12 s, two of the side to
  move in turn (their moves light up; a piece put back keeps its hints lit, so the
  other piece's lift is what changes the LEDs): from the start of the scan that saw a
  debounced change to the LED strip showing the paint it led to, p50 and p99 (a
  change that changed no LED has no paint and no figure), after ``WARM_UP`` changes
  that are not timed.

The CPU figure includes the mock chips' work, which on the Pi is the kernel's and
the bus's: a ratio between versions of Kiban, not a promise for the Pi. With a
``budget`` (budget.py) the child runs held to a Pi core's share of this
machine's, and its CPU is also given as a share of that Pi core, beside the share a
thread takes that only wakes as often as the idle board scans (*floor*: on a virtual
machine most of the idle cost is waking up, which a Pi's bare metal does far more
cheaply). The quota runs the child in bursts (1 ms of CPU a period), so a change
that comes when the slice is spent waits for the next period, which a slow core
would not: *on the Pi* is the frame to LED as the CPU the process spent from the
scan to the paint, on a core that slow, the time a Pi would take with nothing else
to do.
"""

from __future__ import annotations

import time

STARTED = time.perf_counter()  # before any heavy import: start-to-ready counts them

from firmware_host.tls import import_asyncio_lean  # noqa: E402

import_asyncio_lean()  # as kiban's main does: the service's asyncio, without OpenSSL

import asyncio  # noqa: E402
import contextlib  # noqa: E402
import gc  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
import resource  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import threading  # noqa: E402
from collections import deque  # noqa: E402
from collections.abc import Iterator, Sequence  # noqa: E402
from pathlib import Path  # noqa: E402
from types import FrameType  # noqa: E402
from typing import Any  # noqa: E402

IDLE_RSS_GOAL_MIB = 40e6 / 2**20
"""The idle service's resident memory at most, in MiB: issue 14's "40 MB" (40 x 10^6
bytes) is 38.15 MiB. Every memory figure of the benches and docs is in MiB, so the goal
is stated in MiB too (issue 61: a MiB figure was read against "40" before)."""

WARM_UP = 20
"""Changes made before the frame to LED is timed: a service that has run a while
(Python specialises the code it runs often within its first few runs; the lift's
moves are indexed ahead, between frames, after every move)."""


def _memory_kib() -> dict[str, int]:
    """Resident (``Rss``), proportional (``Pss``) and private (``Private_Clean`` and
    ``Private_Dirty``: the USS) memory now, from /proc (Linux), in KiB; empty where
    unknown."""
    try:
        text = Path("/proc/self/smaps_rollup").read_text(encoding="ascii")
    except OSError:
        return {}
    found = {}
    for line in text.splitlines():
        name, _, value = line.partition(":")
        if value.strip().endswith(" kB"):
            found[name] = int(value.split()[0])
    return {
        "rss": found.get("Rss", 0),
        "pss": found.get("Pss", 0),
        "uss": found.get("Private_Clean", 0) + found.get("Private_Dirty", 0),
    }


async def _measure(
    profile_name: str, game_name: str, seconds: float, state: Path, changes: int
) -> dict[str, Any]:
    from engine.registry import find_game
    from firmware_host.loops.notify import SystemdNotifier
    from firmware_host.loops.runtime import Runtime
    from firmware_host.session.state import Phase
    from firmware_host.store.storage import GameStore
    from firmware_host.telling.legend import DEFAULT_PALETTE
    from hardware.mock.board import SimulatedBoard
    from hardware.mock.clock import SimClock
    from hardware.mock.world import SimulatedWorld
    from hardware.profile import load_profile

    ready: list[float] = []

    class Notifier(SystemdNotifier):
        def ready(self, status: str = "") -> bool:
            ready.extend((time.perf_counter(), time.process_time()))
            return False

    game = find_game(game_name)
    profile = load_profile(profile_name, game)
    world = SimulatedWorld(game, profile.sensing)
    world.arrange(game.position().layout())
    simulated = SimulatedBoard(profile, world, clock=SimClock.real())
    runtime = Runtime(
        game,
        profile,
        GameStore(state / "games.sqlite3"),
        DEFAULT_PALETTE,
        notifier=Notifier({}),
        board_factory=lambda _profile, on_button: simulated.open(on_button),
    )
    task = asyncio.create_task(runtime.run(resume=False, handle_signals=False))
    while runtime.controller.phase is not Phase.PLAY:
        await asyncio.sleep(0.01)
    await asyncio.sleep(1.0)  # the first scans, the first paint, the debouncer settled
    scans, cpu, wall = runtime.scans, time.process_time(), time.perf_counter()
    await asyncio.sleep(seconds)
    scans, cpu = runtime.scans - scans, time.process_time() - cpu
    wall = time.perf_counter() - wall
    calls = await _calls_per_scan(runtime)
    memory = _memory_kib()
    collected = time.perf_counter()
    gc.collect()  # what a full collection costs now (the start-up objects are frozen)
    full_gc = time.perf_counter() - collected
    scan_cpu = await asyncio.wrap_future(runtime.bus_call(_scan_cpu, runtime))
    latencies, work, switches = await _frame_to_led(runtime, simulated, world, changes)
    runtime.stopping.set()
    await task
    return {
        "profile": profile.name if hasattr(profile, "name") else profile_name,
        "game": game_name,
        "scan_hz": profile.scan_hz,
        "ready": ready[0] - STARTED if ready else None,
        "ready_cpu": ready[1] if ready else None,
        "cpu": cpu / wall,
        "scanning": scan_cpu * scans / wall,
        "scans": scans / wall,
        "calls": calls,
        "full_gc_ms": full_gc * 1e3,
        "rss_mib": memory.get("rss", 0) / 1024,
        "pss_mib": memory.get("pss", 0) / 1024,
        "uss_mib": memory.get("uss", 0) / 1024,
        "peak_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
        "latencies": latencies,
        "work": work,
        "switches": switches,
        "idle_hz": profile.idle_hz,
    }


async def _frame_to_led(
    runtime: Any, simulated: Any, world: Any, changes: int, gap: float = 0.12
) -> tuple[list[float], list[float], list[float]]:
    """Seconds from the start of the scan that saw a debounced frame change to the strip
    showing the paint it led to (the last change before the paint, 0.12 s after the one
    before it): two pieces lifted and put back in turn, ``changes`` changes in all; the
    CPU seconds the process spent meanwhile (every thread), which is what a slower core
    would take for it; and the times a thread of the process gave up the CPU meanwhile
    (each a wake-up to come, which this virtual machine charges dearly)."""
    seen: list[tuple[float, float]] = []
    shown: list[tuple[float, float]] = []
    seen_switches: list[float] = []
    shown_switches: list[float] = []
    scanned, show = runtime._scanned, simulated.strip.show
    scanner = runtime.board.scanner
    scan = scanner.scan
    # (monotonic, CPU, switches) as each scan began
    scans: deque[tuple[float, float, int]] = deque(maxlen=8)

    def scanning(*, partial: bool = False) -> Any:
        scans.append((time.monotonic(), time.process_time(), _switches()))
        return scan(partial=partial)

    def recording(events: Any, change: Any, started: float, settled: bool) -> None:
        if change is not None:  # the CPU clock when the scan that saw it began
            began = next((s for s in scans if s[0] >= started), None)
            seen.append((started, began[1] if began else time.process_time()))
            seen_switches.append(began[2] if began else _switches())
        scanned(events, change, started, settled)

    def showing() -> None:
        show()
        shown.append((time.monotonic(), time.process_time()))
        shown_switches.append(_switches())

    setattr(runtime, "_scanned", recording)  # noqa: B010 - the bench listens in
    setattr(scanner, "scan", scanning)  # noqa: B010
    spots = _spots_to_lift(runtime.controller.match.position, simulated.profile)
    stone = None
    for index in range(WARM_UP + changes):
        if index == WARM_UP:
            await asyncio.sleep(0.5)
            setattr(simulated.strip, "show", showing)  # noqa: B010
        spot = spots[index // 2 % len(spots)]
        stone = world.lift(spot) if index % 2 == 0 else world.place(spot, stone)
        await asyncio.sleep(gap)
    await asyncio.sleep(0.5)
    setattr(runtime, "_scanned", scanned)  # noqa: B010
    setattr(simulated.strip, "show", show)  # noqa: B010
    del scanner.scan
    wall = paint_latencies([w for w, _ in seen], [w for w, _ in shown])
    work = paint_latencies(
        [w for w, _ in seen], [w for w, _ in shown], [c for _, c in seen], [c for _, c in shown]
    )
    switches = paint_latencies(
        [w for w, _ in seen], [w for w, _ in shown], seen_switches, shown_switches
    )
    return wall, work, switches


def _switches() -> int:
    """The times the process's threads have given up the CPU (voluntarily or not)."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_nvcsw + usage.ru_nivcsw


def paint_latencies(
    seen: Sequence[float],
    shown: Sequence[float],
    seen_clock: Sequence[float] | None = None,
    shown_clock: Sequence[float] | None = None,
) -> list[float]:
    """For each paint that followed a frame change (``shown``, in order), the time since
    the last change before it (``seen``: when the scans that saw them started); with
    the two ``_clock`` lists, that interval on another clock (the process's CPU time)
    read at the same moments."""
    latencies = []
    previous = float("-inf")
    for index, moment in enumerate(shown):
        causes = [i for i, started in enumerate(seen) if previous < started <= moment]
        if causes:  # else a paint of no frame change (a blink, the clock)
            if seen_clock is None or shown_clock is None:
                latencies.append(moment - seen[causes[-1]])
            else:
                latencies.append(shown_clock[index] - seen_clock[causes[-1]])
        previous = moment
    return latencies


def _spots_to_lift(position: Any, profile: Any) -> list[Any]:
    """Two sensed spots the side to move may lift a piece from (their moves light up),
    else any sensed spots with pieces."""
    from engine.physical import EMPTY

    sensed = profile.sensed_spots
    origins: list[Any] = []
    for move in position.legal_moves():
        for spot, reading in position.footprint(move, profile.sensing).changes:
            if reading == EMPTY and spot in sensed and spot not in origins:
                origins.append(spot)
        if len(origins) == 2:
            return origins
    occupied = [spot for spot, stones in position.layout().items() if stones and spot in sensed]
    return (origins + occupied)[:2]


async def _calls_per_scan(runtime: Any, seconds: float = 1.0) -> float:
    """Calls the bus thread makes per scan while the board rests (counted by a profile
    hook on that thread, after the CPU was measured: the hook slows what it counts)."""
    calls = [0]

    def count(frame: FrameType, event: str, arg: object) -> None:
        if event in ("call", "c_call"):
            calls[0] += 1

    await asyncio.wrap_future(runtime.bus_call(sys.setprofile, count))
    scans = runtime.scans
    await asyncio.sleep(seconds)
    await asyncio.wrap_future(runtime.bus_call(sys.setprofile, None))
    scanned: int = runtime.scans - scans
    return calls[0] / max(1, scanned)


def _scan_cpu(runtime: Any, scans: int = 200) -> float:
    """CPU seconds one scan takes (the scanner and the mock chips), on the bus thread."""
    scanner = runtime.board.scanner
    start = time.thread_time()
    for _ in range(scans):
        scanner.scan()
    return (time.thread_time() - start) / scans


def _child(profile_name: str, game_name: str, seconds: float, changes: int) -> None:
    with tempfile.TemporaryDirectory() as state:
        figures = asyncio.run(_measure(profile_name, game_name, seconds, Path(state), changes))
    print(json.dumps(figures))


def wake_floor(hz: float, seconds: float) -> float:
    """The share of a core a thread takes that only wakes ``hz`` times a second, as the
    bus thread does at rest (a timed wait on a lock): the reference the idle service
    is read against, measured in the same run under the same quota. On a virtual
    machine a wake-up costs far more than on a Pi's bare metal, and the quota's
    share charges it at the Pi's speed."""
    signal = threading.Lock()
    signal.acquire()
    cpu, wall = time.process_time(), time.perf_counter()
    due = wall
    while (now := time.perf_counter()) - wall < seconds:
        due += 1.0 / hz
        signal.acquire(timeout=max(0.0, due - now))
    return (time.process_time() - cpu) / (time.perf_counter() - wall)


def _environment() -> dict[str, str]:
    """The children's environment: bytecode written and read in a cache of the bench's
    own (the source tree is left alone), as an installed service finds it."""
    environment = dict(os.environ)
    environment.pop("PYTHONDONTWRITEBYTECODE", None)
    environment["PYTHONPYCACHEPREFIX"] = str(Path(tempfile.gettempdir()) / "kiban-bench-pycache")
    return environment


def measure(
    profile_name: str,
    game_name: str,
    seconds: float = 3.0,
    *,
    warm: bool = True,
    changes: int = 80,
    join: Path | None = None,
) -> dict[str, Any]:
    """The figures of one profile, measured in a fresh process (after a first one that
    fills the bytecode cache, unless ``warm`` is False); with ``join``, the process
    first writes its pid there (a cgroup's ``cgroup.procs``: a CPU quota)."""
    command = [sys.executable, "-m", "firmware_host.tools.bench.service"]
    environment = _environment()
    if warm:
        warm_up = [*command, profile_name, game_name, "0", "0"]
        subprocess.run(warm_up, capture_output=True, check=True, timeout=120, env=environment)
    command += [profile_name, game_name, str(seconds), str(changes)]
    if join is not None:  # the shell joins the group, then becomes the child
        command = ["sh", "-c", f'echo $$ > "{join}" && exec "$@"', "sh", *command]
    done = subprocess.run(
        command, capture_output=True, text=True, check=True, timeout=900, env=environment
    )
    figures: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return figures


def measure_floor(hz: float, seconds: float, join: Path | None = None) -> float:
    """``wake_floor`` in a fresh process (in the quota's group, with ``join``)."""
    command = [sys.executable, "-m", "firmware_host.tools.bench.service", "--floor"]
    command += [str(hz), str(seconds)]
    if join is not None:
        command = ["sh", "-c", f'echo $$ > "{join}" && exec "$@"', "sh", *command]
    done = subprocess.run(command, capture_output=True, text=True, check=True, timeout=300)
    return float(done.stdout.strip().splitlines()[-1])


def _chosen(names: Sequence[str]) -> list[tuple[str, str]]:
    """(profile, game) of each name: a game on its ``sim`` board, ``PROFILE:GAME``, or a
    bundled profile with its first game; none: every game on its ``sim`` board."""
    from engine.registry import names as game_names
    from hardware.profile import bundled_profiles, load_profile

    bundled = bundled_profiles()
    chosen = []
    for name in names:
        if ":" in name:
            profile, game = name.split(":", 1)
            chosen.append((profile, game))
        elif name in bundled:
            chosen.append((name, load_profile(name).games[0]))
        else:
            chosen.append(("sim", name))
    return chosen or [("sim", game) for game in game_names()]


def _percentiles(values: Sequence[float]) -> tuple[float, float] | None:
    """p50 and p99 (the nearest rank) of ``values``, None when there are none."""
    ordered = sorted(values)
    if not ordered:
        return None
    last = len(ordered) - 1
    return ordered[len(ordered) // 2], ordered[min(last, round(0.99 * last))]


def rss_against_goal(rss_mib: float, goal: float = IDLE_RSS_GOAL_MIB) -> str:
    """``under by 1.2`` or ``OVER by 0.4``: an idle service's RSS against the goal, in MiB."""
    return f"under by {goal - rss_mib:.1f}" if rss_mib <= goal else f"OVER by {rss_mib - goal:.1f}"


def service_lines(
    names: Sequence[str] = (),
    seconds: float | None = None,
    budget: str | None = None,
    changes: int = 80,
) -> Iterator[str]:
    """``names``: games on their ``sim`` board, ``PROFILE:GAME`` or bundled profiles;
    with ``budget`` (``pi4``, ``zero2w``), each held to that Pi core's share of this
    machine's (a cgroup's CPU quota), its idle CPU also read against a thread that
    only wakes as often (``floor``), and its frame change to LED also as the CPU the
    process spent meanwhile on a core that slow (``on the Pi``). ``seconds``: the idle
    window (3 s, or 10 s with a budget); ``changes``: the touches timed to the LEDs."""
    from firmware_host.tools.bench.budget import BUDGETS, core_share, cpu_quota

    chosen = _chosen(names)
    idle = seconds if seconds is not None else (3.0 if budget is None else 10.0)
    quota: contextlib.AbstractContextManager[Path | None] = contextlib.nullcontext()
    share = 1.0
    if budget is not None:
        core = BUDGETS[budget]
        share = core_share(core)
        yield (
            f"budget: {core.label} = {100 * share:.1f}% of a core here "
            f"(n-body: {core.nbody_step * 1e6:.1f} µs a step there, published)"
        )
        quota = cpu_quota(share)
    pi_columns = (
        f" {'of the Pi':>9} {'floor':>7} {'on the Pi p50/p99':>18} {'wakes':>5}" if budget else ""
    )
    yield (
        f"{'service':30} {'scans/s':>12} {'cpu':>9}{pi_columns} {'scanning':>9} "
        f"{'calls/scan':>10} {'frame to LED p50/p99':>21} {'ready (cpu)':>15} "
        f"{'rss / uss':>15} {'full gc':>8}  rss against {IDLE_RSS_GOAL_MIB:.1f} MiB"
    )
    floors: dict[float, float] = {}
    with quota as join:
        for profile_name, game_name in chosen:
            f = measure(profile_name, game_name, idle, changes=changes, join=join)
            ready = (
                f"{f['ready']:5.2f} ({f['ready_cpu']:4.2f}) s"
                if f["ready"] is not None
                else "            -"
            )
            wall = _percentiles(f["latencies"])
            latency = (
                f"{wall[0] * 1e3:6.1f} / {wall[1] * 1e3:6.1f} ms ({len(f['latencies']):2})"
                if wall
                else f"{'-':>21}"
            )
            pi = ""
            if budget is not None:
                hz = f["idle_hz"]
                if hz not in floors:
                    floors[hz] = measure_floor(hz, idle, join)
                work = _percentiles(f["work"])
                on_pi = (
                    f"{work[0] / share * 1e3:5.1f} / {work[1] / share * 1e3:5.1f} ms"
                    if work
                    else f"{'-':>15}"
                )
                of_pi, floor = 100 * f["cpu"] / share, 100 * floors[hz] / share
                wakes = _percentiles(f["switches"])
                woken = f"{wakes[0]:5.0f}" if wakes else f"{'-':>5}"
                pi = f" {of_pi:6.1f} % {floor:5.1f} % {on_pi:>18} {woken}"
            yield (
                f"{profile_name + ' ' + game_name:30} {f['scans']:5.1f}/{f['scan_hz']:<3} Hz "
                f"{100 * f['cpu']:6.2f} %{pi} {100 * f['scanning']:6.2f} % "
                f"{f['calls']:10.1f} {latency} {ready} "
                f"{f['rss_mib']:5.1f} /{f['uss_mib']:5.1f} MiB {f['full_gc_ms']:5.2f} ms  "
                f"{rss_against_goal(f['rss_mib'])}"
            )


if __name__ == "__main__":
    if sys.argv[1] == "--floor":
        print(wake_floor(float(sys.argv[2]), float(sys.argv[3])))
    else:
        _child(sys.argv[1], sys.argv[2], float(sys.argv[3]), int(sys.argv[4]))
