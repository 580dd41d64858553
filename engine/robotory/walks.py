"""The chain that eats exactly a given set of cells and ends on a given one, found by a
search over those cells alone (a long chain shown at once names both: the emptied
cells, and the robot's end where it reads unlike the token it ate).

It is a Hamiltonian-path search from the robot's cell through the cells to eat, in
cell order, so that the first walk found is the smallest: the one the legal moves
list (``rules.chain_paths``). Three checks, each on the cells still to eat, cut the
walks that cannot finish before they are followed: they stay connected (a cell whose
uneaten neighbours touch one another can be eaten without splitting them, the common
case, so the full check runs seldom), none but the end has a single way in, and the
end is entered last. A state (cells left, robot's cell) that failed once is not tried
again.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.robotory.board import CELL_COORDINATES, CELLS, NEIGHBOUR_MASKS, NEIGHBOURS

_AT = {coordinates: index for index, coordinates in enumerate(CELL_COORDINATES)}
_RING = ((0, 2), (1, 1), (1, -1), (0, -2), (-1, -1), (-1, 1))
"""The six neighbours of a cell in turn around it: each touches the next."""


def _runs(cell: int, around: int) -> int:
    """How many separate arcs the cells of ``around`` make in the ring of ``cell``."""
    x, y = CELL_COORDINATES[cell]
    ring = []
    for dx, dy in _RING:
        other = _AT.get((x + dx, y + dy))
        ring.append(other is not None and bool(around >> other & 1))
    if all(ring):
        return 1
    return sum(1 for k in range(6) if ring[k] and not ring[k - 1])


def _subsets(mask: int) -> list[int]:
    found, sub = [], mask
    while True:
        found.append(sub)
        if not sub:
            return found
        sub = (sub - 1) & mask


SAFE: tuple[frozenset[int], ...] = tuple(
    frozenset(sub for sub in _subsets(NEIGHBOUR_MASKS[cell]) if _runs(cell, sub) <= 1)
    for cell in range(CELLS)
)
"""SAFE[cell]: the sets of its neighbours that touch one another in one arc; taking
``cell`` out of a connected set whose cells around it are such a set leaves it
connected."""


def connected(cells: int) -> bool:
    """Whether the cells of a (non-empty) mask are one connected group."""
    low = cells & -cells
    reached = frontier = low
    while frontier:
        grow = 0
        while frontier:
            bit = frontier & -frontier
            grow |= NEIGHBOUR_MASKS[bit.bit_length() - 1]
            frontier ^= bit
        frontier = grow & cells & ~reached
        reached |= frontier
    return reached == cells


@dataclass(frozen=True, slots=True)
class WalkFound:
    """The smallest walk found (None: there is none), and how many states the search
    looked at (the work the tests count)."""

    path: tuple[int, ...] | None
    explored: int


def walk_to(origin: int, need: int, end: int) -> WalkFound:  # noqa: C901 - the rules of a game: a branch per rule, as the rulebook reads
    """The smallest walk (in cell order) from ``origin`` that steps on every cell of
    ``need`` once and on no other, ending on ``end`` (a cell of ``need``)."""
    end_bit = 1 << end
    if not need & end_bit or need >> origin & 1 or not connected(need):
        return WalkFound(None, 0)
    opened = need | 1 << origin
    rest, single = need & ~end_bit, 0
    while rest:
        bit = rest & -rest
        if (NEIGHBOUR_MASKS[bit.bit_length() - 1] & opened).bit_count() <= 1:
            single += 1
        rest ^= bit
    if single or not NEIGHBOUR_MASKS[origin] & need:
        return WalkFound(None, 1)  # the first look was enough
    failed: set[int] = set()
    path = [origin]
    explored = [1]

    def follow(cell: int, rest: int, before: int) -> bool:
        """From ``cell`` (stepped onto from ``before``), through every cell of ``rest``."""
        if not rest:
            return True
        key = rest << 5 | cell
        if key in failed:
            return False
        explored[0] += 1
        # leaving ``before`` took a way in from its neighbours: one left with a single
        # way in (the end aside) cannot be walked through
        opened = rest | 1 << cell
        near = NEIGHBOUR_MASKS[before] & rest & ~end_bit
        while near:
            bit = near & -near
            if (NEIGHBOUR_MASKS[bit.bit_length() - 1] & opened).bit_count() <= 1:
                failed.add(key)
                return False
            near ^= bit
        for step in NEIGHBOURS[cell]:
            bit = 1 << step
            if not rest & bit:
                continue
            left = rest ^ bit
            if left:
                if step == end:
                    continue
                around = NEIGHBOUR_MASKS[step] & left
                if not around or (around not in SAFE[step] and not connected(left)):
                    continue
            path.append(step)
            if follow(step, left, cell):
                return True
            path.pop()
        failed.add(key)
        return False

    found = follow(origin, need, origin)
    return WalkFound(tuple(path) if found else None, explored[0])
