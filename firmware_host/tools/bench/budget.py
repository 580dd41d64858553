"""``kiban bench --service --budget PI``: the service on this machine held to what one
core of a Raspberry Pi does, by a CPU quota.

No Pi is at hand, so the bench measures how much slower a Pi core is than this
machine's and gives the service that share of a core: a cgroup's CPU quota
(cgroup v1 ``cpu.cfs_quota_us`` or v2 ``cpu.max``). The quota is given in the
finest slices the kernel allows (1 ms of CPU a period), so the service runs in
bursts of a fast core rather than steadily on a slow one: a frame change that
arrives while its slice is spent waits for the next period, which a slow core
would not (the latencies measured are pessimistic by up to a period).

Calibration, against published figures (docs/speed.md):

* Raspberry Pi 4 (Cortex-A72 at 1.5 GHz, performance governor): 158.26 s for five
  million steps of the n-body problem in CPython (the Computer Language Benchmarks
  Game's problem: five bodies, pairwise forces), 31.65 µs a step, from "Performance
  Analysis of Languages on Raspberry Pi" (chaitanyamehta.github.io). The same steps
  are timed here (``nbody``, written for this bench after the problem's definition).
* Raspberry Pi Zero 2 W (Cortex-A53 at 1 GHz): no published Python figure was
  found; sysbench's single-core CPU test gives 1477.83 events/s on a Pi 4 and
  687.45 on a Pi 3 B+ (the same Cortex-A53, at 1.4 GHz; leoncode.co.uk, "Raspberry
  Pi CPU Benchmarks"), so at 1 GHz about 491: a Zero 2 W core is taken as 3.0
  times slower than a Pi 4's.
"""

from __future__ import annotations

import contextlib
import math
import os
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

PI4_NBODY_STEP = 158.26 / 5_000_000  # seconds a step on a Pi 4, as published
ZERO2W_PER_PI4 = 1477.83 / (687.45 / 1.4)  # sysbench: a Pi 4 core over a 1 GHz Cortex-A53


@dataclass(frozen=True, slots=True)
class Budget:
    """A Pi core, as seconds a step of the n-body problem takes on it."""

    name: str
    label: str
    nbody_step: float


BUDGETS = {
    "pi4": Budget("pi4", "a Raspberry Pi 4 core", PI4_NBODY_STEP),
    "zero2w": Budget("zero2w", "a Raspberry Pi Zero 2 W core", PI4_NBODY_STEP * ZERO2W_PER_PI4),
}

_SOLAR_MASS = 4 * math.pi * math.pi
_DAYS_PER_YEAR = 365.24
# Sun, Jupiter, Saturn, Uranus, Neptune: position (AU), velocity (AU/day), mass (solar masses).
_BODIES = (
    ((0.0, 0.0, 0.0), (0.0, 0.0, 0.0), 1.0),
    ((4.841, -1.160, -0.104), (0.001660, 0.007699, -0.0000690), 0.000954),
    ((8.343, 4.125, -0.403), (-0.002767, 0.004998, 0.0000230), 0.000286),
    ((12.894, -15.111, -0.223), (0.002964, 0.002378, -0.0000296), 0.0000437),
    ((15.380, -25.919, 0.179), (0.002680, 0.001628, -0.0000952), 0.0000515),
)


def nbody(steps: int, dt: float = 0.01) -> float:
    """Seconds of CPU for ``steps`` steps of five bodies under their mutual gravity
    (every pair's pull on both, then every body moved), in plain Python."""
    bodies = [
        [*position, *(v * _DAYS_PER_YEAR for v in velocity), mass * _SOLAR_MASS]
        for position, velocity, mass in _BODIES
    ]
    pairs = [(a, b) for index, a in enumerate(bodies) for b in bodies[index + 1 :]]
    start = time.process_time()
    for _ in range(steps):
        for a, b in pairs:
            dx, dy, dz = a[0] - b[0], a[1] - b[1], a[2] - b[2]
            distance2 = dx * dx + dy * dy + dz * dz
            magnitude = dt / (distance2 * math.sqrt(distance2))
            a_pull, b_pull = b[6] * magnitude, a[6] * magnitude
            a[3] -= dx * a_pull
            a[4] -= dy * a_pull
            a[5] -= dz * a_pull
            b[3] += dx * b_pull
            b[4] += dy * b_pull
            b[5] += dz * b_pull
        for body in bodies:
            body[0] += dt * body[3]
            body[1] += dt * body[4]
            body[2] += dt * body[5]
    return time.process_time() - start


def core_share(budget: Budget, steps: int = 200_000) -> float:
    """The share of one of this machine's cores that does what ``budget``'s core does
    (the best of three timings here, against the published figure)."""
    here = min(nbody(steps) for _ in range(3)) / steps
    return min(1.0, here / budget.nbody_step)


class QuotaUnavailableError(RuntimeError):
    """No cgroup CPU controller this process may write (run the bench as root)."""


CGROUP_ROOT = Path("/sys/fs/cgroup")
MIN_QUOTA_US = 1000  # the kernel's smallest quota and period


@contextlib.contextmanager
def cpu_quota(share: float, root: Path = CGROUP_ROOT) -> Iterator[Path]:
    """A new cgroup holding its processes to ``share`` of one core, in slices of 1 ms;
    yields the file a process writes its pid to, to join it."""
    period = max(MIN_QUOTA_US, round(MIN_QUOTA_US / share))
    quota = max(MIN_QUOTA_US, round(share * period))
    name = f"kiban-bench-{os.getpid()}"
    v1 = root / "cpu"
    if (v1 / "cpu.cfs_quota_us").exists():
        group = v1 / name
        settings = {"cpu.cfs_period_us": str(period), "cpu.cfs_quota_us": str(quota)}
    elif "cpu" in _read(root / "cgroup.controllers").split():
        group = root / name
        settings = {"cpu.max": f"{quota} {period}"}
    else:
        raise QuotaUnavailableError(f"no cgroup CPU controller under {root}")
    try:
        group.mkdir()
        for key, value in settings.items():
            (group / key).write_text(value)
    except OSError as error:
        with contextlib.suppress(OSError):
            group.rmdir()
        raise QuotaUnavailableError(f"cannot set a CPU quota in {group}: {error}") from error
    try:
        yield group / "cgroup.procs"
    finally:
        with contextlib.suppress(OSError):
            group.rmdir()  # empty again once its processes ended


def _read(path: Path) -> str:
    try:
        return path.read_text()
    except OSError:
        return ""
