"""What shogi's move generator holds at rest (docs/speed.md, "Sixteenth round").

Every shogi board's idle service holds these tables (the recognizer indexes the
position's moves while the board waits), and they are most of what a shogi board holds
over another game's: the shogi boards stood over the service's 38.1 MiB line (issue
14's 40 MB, ``IDLE_RSS_GOAL_MIB``) by about that much until ``asyncio`` left ``ssl`` out
(docs/speed.md, "Seventeenth round"), and are under it by 1.5-2.1 MiB since. Counted
here by walking what the modules' names reach, each object once, as ``sys.getsizeof``
gives it, so the figure depends on the interpreter's object sizes (CPython 3.11's, the
Pi's) and on nothing the machine is doing.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from types import MappingProxyType, ModuleType

from engine.shogi import attacks, drops, movegen, moves, rays, sensing, tables

HELD_MIB = 3.80
"""What the tables held at the sixteenth round, counted so on CPython 3.11: 3.79 MiB (3.91
before it). A change that adds to them adds to every shogi board's idle memory, under the line
by 1.5 MiB at the least: the bound makes it a decision, taken with the service bench's
table measured again."""


def _held(modules: Iterable[ModuleType]) -> int:
    """Bytes reachable from the modules' names (not from their functions and classes),
    each object counted once; a mapping proxy counts with the dict behind it."""
    seen: set[int] = set()
    total = 0
    for module in modules:
        stack: list[object] = [
            value
            for value in vars(module).values()
            if not isinstance(value, ModuleType | type) and not callable(value)
        ]
        while stack:
            item = stack.pop()
            if id(item) in seen:
                continue
            seen.add(id(item))
            total += sys.getsizeof(item)
            if isinstance(item, MappingProxyType):
                inner = item.copy()  # a copy is its size: the proxy's own dict is no bigger
                total += sys.getsizeof(inner)
                stack += [*inner.keys(), *inner.values()]
            elif isinstance(item, dict):
                stack += [*item.keys(), *item.values()]
            elif isinstance(item, tuple | list | frozenset | set):
                stack += item
    return total


def test_the_move_generators_tables_do_not_grow() -> None:
    held = _held((tables, moves, rays, attacks, drops, movegen, sensing)) / 2**20
    assert held <= HELD_MIB, f"shogi's tables hold {held:.2f} MiB"


def test_a_table_by_top_keeps_equal_rows_once() -> None:
    """The pieces that step alike (a gold and the promoted small pieces) share one row
    of steps, by square and by top alike."""
    gold = movegen.STEP_TOP[tables.GOLD]
    for kind in (tables.TOKIN, tables.PRO_LANCE, tables.PRO_KNIGHT, tables.PRO_SILVER):
        assert movegen.STEP_TOP[kind] is gold
    assert len({id(row) for row in movegen.STEP_TOP}) == len(set(movegen.STEP_TOP))


def test_between_by_top_reads_as_between_two_squares() -> None:
    """Kept by top only: the squares strictly between two on one line, none otherwise."""
    between = tables.BETWEEN_TOP
    assert between[0 + 1][8 + 1] == sum(1 << square for square in range(1, 8))  # 9a..1a
    assert between[0 + 1][80 + 1] == sum(1 << (10 * step) for step in range(1, 8))  # 9a..1i
    assert between[0 + 1][1 + 1] == 0  # neighbours
    assert between[0 + 1][11 + 1] == 0  # not on one line (9a, 7b)
    assert len(between) == len(between[1]) == tables.SQUARES + 1
