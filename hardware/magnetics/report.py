"""The build check's findings for a board, as data a command prints and a test asserts.

``check`` runs every test of ``hardware.magnetics.check`` over a profile's build on each
of its games' boards; ``timing_figures`` are the three figures the recognizer's timing
rests on, which ``kiban build-check --write`` stores in the profile's
``[sensors.timing]``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.geometry import Geometry
from hardware.magnetics.build import Build
from hardware.magnetics.check import (
    FASTEST_MM_S,
    SLOWEST_MM_S,
    CellReport,
    Motion,
    Passage,
    check_cells,
    directions,
    motion,
    passage,
    stances,
)

FIGURE_STEP_MM = 0.1
"""The timing figures are stored to a tenth of a millimetre."""


@dataclass(frozen=True, slots=True)
class BuildCheck:
    """Everything the build check found of one build on one board."""

    build: Build
    cells: tuple[CellReport, ...]
    motion: Motion
    fastest: tuple[Passage, ...]

    @property
    def passes(self) -> bool:
        return all(cell.passes(self.build) for cell in self.cells)

    @property
    def tolerance_mm(self) -> float:
        """The least placement tolerance over the cells."""
        return min(cell.tolerance_mm for cell in self.cells)

    @property
    def dead(self) -> int:
        return sum(1 for cell in self.cells if cell.dead)

    @property
    def phantoms(self) -> int:
        return sum(1 for cell in self.cells if cell.phantom)


def check(build: Build, geometry: Geometry, *, fine: bool = True) -> BuildCheck:
    """The whole check of ``build`` on ``geometry``'s board."""
    cells = tuple(check_cells(build, geometry, fine=fine))
    slow = motion(build, geometry, fine=fine)
    fast = tuple(
        passage(build, step, FASTEST_MM_S, stance)
        for step in directions(geometry)
        for stance in stances(build, fine=False)[:1]
    )
    return BuildCheck(build, cells, slow, fast)


def timing_figures(build: Build, geometries: Sequence[Geometry]) -> dict[str, float]:
    """``overlap_mm``, ``gap_mm`` and ``departs_mm``: the worst over every game's board,
    rounded up to ``FIGURE_STEP_MM``."""
    overlap = gap = departs = 0.0
    for geometry in geometries:
        found = motion(build, geometry, fine=False)
        overlap = max(overlap, found.overlap_mm)
        gap = max(gap, found.gap_mm)
        departs = max(departs, found.departs_mm)
    return {
        "overlap_mm": _up(overlap),
        "gap_mm": _up(gap),
        "departs_mm": _up(departs),
    }


def _up(value: float) -> float:
    steps = value / FIGURE_STEP_MM
    whole = int(steps)
    return round((whole + (1 if steps - whole > 1e-6 else 0)) * FIGURE_STEP_MM, 1)


__all__ = ["SLOWEST_MM_S", "BuildCheck", "check", "timing_figures"]
