"""What a Raspberry Pi core makes of work counted here: instructions and cache misses.

A Pi runs Kiban's Python slower than this machine by more than its clock: the
decision code touches far more memory per instruction than a benchmark's tight loop,
and a Cortex-A53 (Zero 2 W) or A72 (Pi 4) pays for every miss of its small caches.
So work is counted under callgrind with the Pi's own caches simulated (their sizes
from Linux's device trees, ``bcm2837.dtsi`` and ``bcm2711.dtsi``), and read as

    seconds = instructions x c + first-level misses x (an L2 hit) + L2 misses x (memory)

The per-instruction cost ``c`` comes from the calibration's n-body step (bench_budget),
counted the same way here (52,000 instructions and about 90 first-level misses a
step, none from memory) against its time on the Pi:

* Pi 4: 31.65 us a step, published ("Performance Analysis of Languages on Raspberry
  Pi", chaitanyamehta.github.io) for a Pi 4 Model B Rev 1.1 and a CPython before 3.11
  (the page names none; that board ran Raspbian Buster's 3.7 or Bullseye's 3.9).
  Every CPython from 3.7 to 3.10 counts 102,000-109,000 instructions a step here
  against 3.11's 52,000, and runs it 1.56 times slower on this machine (measured
  side by side, docs/speed.md): the step on a Pi 4 under 3.11 is taken as 31.65 /
  1.56 = 20.3 us, the slower of the two readings (20.3 by time, 16.1 by instructions).
* Zero 2 W: 3.0 times a Pi 4's (sysbench's single-core test: 1477.83 events/s on a
  Pi 4, 687.45 on a Pi 3 B+'s 1.4 GHz Cortex-A53, so about 491 at the Zero 2 W's
  1 GHz; leoncode.co.uk).

The miss penalties: a Cortex-A53 pays 13 cycles for an L1 miss served by its L2 and
124 for an L2 miss (Hennessy and Patterson, Computer Architecture: A Quantitative
Approach, 6th ed., 2.6, the Cortex-A53's memory hierarchy), 13 ns and 124 ns at the
Zero 2 W's 1 GHz. For the Pi 4's Cortex-A72 no measured figure was found: the A53's
nanoseconds are used, which its out-of-order core partly hides, so its reading is
the pessimistic one. A count that has no cache simulation falls back on the
n-body rate alone (the misses of a tight loop), as the budget did before.
"""

from __future__ import annotations

from dataclasses import dataclass

PI4_NBODY_PUBLISHED = 158.26 / 5_000_000
"""Seconds a step on a Pi 4, as published (a CPython before 3.11)."""

OLD_PYTHON_SLOWER = 1.56
"""How much slower CPython 3.7 runs bench_budget's n-body than 3.11 on this machine
(6.64 against 4.25 us a step, best of five each); by instructions it is 1.96 (102,111
against 52,080 a step, callgrind)."""

ZERO2W_PER_PI4 = 1477.83 / (687.45 / 1.4)
"""sysbench's single-core events a second, a Pi 4 over a 1 GHz Cortex-A53."""


@dataclass(frozen=True, slots=True)
class Counts:
    """Work as callgrind counts it: instructions, first-level misses (instruction and
    data, read and write: each served by the L2) and last-level misses (memory)."""

    instructions: float
    l1_misses: float = 0.0
    l2_misses: float = 0.0

    def __add__(self, other: Counts) -> Counts:
        return Counts(
            self.instructions + other.instructions,
            self.l1_misses + other.l1_misses,
            self.l2_misses + other.l2_misses,
        )

    def __sub__(self, other: Counts) -> Counts:
        return Counts(
            self.instructions - other.instructions,
            self.l1_misses - other.l1_misses,
            self.l2_misses - other.l2_misses,
        )

    def scaled(self, factor: float) -> Counts:
        return Counts(self.instructions * factor, self.l1_misses * factor, self.l2_misses * factor)


@dataclass(frozen=True, slots=True)
class PiCore:
    """One core of a Raspberry Pi: its caches for callgrind, what a miss costs there,
    and how long the calibration's n-body step takes there under CPython 3.11."""

    name: str
    label: str
    nbody_step: float
    l1_miss: float
    """Seconds an L1 miss costs (served by the L2)."""
    l2_miss: float
    """Seconds an L2 miss costs (served by memory)."""
    caches: tuple[str, ...]
    """callgrind's options simulating its L1 instruction, L1 data and L2 caches."""

    def per_instruction(self, nbody: Counts) -> float:
        """Seconds an instruction takes there, its misses apart, from one n-body step
        counted here with its caches simulated."""
        misses = nbody.l1_misses * self.l1_miss + nbody.l2_misses * self.l2_miss
        return (self.nbody_step - misses) / nbody.instructions

    def seconds(self, work: Counts, nbody: Counts) -> float:
        """How long ``work`` takes on this core (``nbody``: one step counted alike)."""
        return (
            work.instructions * self.per_instruction(nbody)
            + work.l1_misses * self.l1_miss
            + work.l2_misses * self.l2_miss
        )


PI4_NBODY_STEP = PI4_NBODY_PUBLISHED / OLD_PYTHON_SLOWER

CORES = {
    "pi4": PiCore(
        "pi4",
        "a Raspberry Pi 4 core (Cortex-A72, 1.5 GHz)",
        PI4_NBODY_STEP,
        l1_miss=13e-9,
        l2_miss=124e-9,
        caches=("--I1=49152,3,64", "--D1=32768,2,64", "--LL=1048576,16,64"),
    ),
    "zero2w": PiCore(
        "zero2w",
        "a Raspberry Pi Zero 2 W core (Cortex-A53, 1 GHz)",
        PI4_NBODY_STEP * ZERO2W_PER_PI4,
        l1_miss=13e-9,
        l2_miss=124e-9,
        caches=("--I1=32768,2,64", "--D1=32768,4,64", "--LL=524288,16,64"),
    ),
}
