"""The legal moves of one position by the change they make to the sensed spots, built
as the board asks for them.

Recognition needs, for the spots the hands changed, the moves that change every one
of them: to match the board, to hint where a lifted piece may go, to know whether a
move may still go on. ``Position.moves_changing`` answers that from the pieces on
those spots, so the cost follows what the hands did, not how many moves the position
has (a crowded Robotory board has hundreds of thousands of chains; a lift touches
only those of the lifted robot). A game that keeps the default answers with every
legal move, and pays once per position what an index built up front would.
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from collections.abc import Hashable, Iterable, Iterator
from dataclasses import dataclass
from typing import Generic, TypeVar

from engine.game import Position
from engine.physical import EMPTY, Footprint, Reading, Sensing, Spot

M = TypeVar("M", bound=Hashable)

DiffKey = tuple[tuple[Spot, Reading], ...]


@dataclass(frozen=True, slots=True)
class IndexedMove(Generic[M]):
    """A legal (or illegal) move and what it changes on the sensed spots."""

    move: M
    footprint: Footprint


def changed_spots(diff: DiffKey) -> frozenset[Spot]:
    return frozenset(spot for spot, _ in diff)


class MoveIndex(Generic[M]):
    """Moves of ``position`` by the sensed spots they change, asked for lazily."""

    def __init__(self, position: Position[M], sensing: Sensing, sensed: frozenset[Spot]) -> None:
        self.position = position
        self.sensing = sensing
        self.sensed = sensed
        self.footprints_built = 0  # work done so far: what tests count, never time
        self._footprints: dict[M, Footprint] = {}
        self._changing: dict[frozenset[Spot], tuple[IndexedMove[M], ...]] = {}
        self._unseen: tuple[M, ...] | None = None
        self._illegal: dict[DiffKey, list[tuple[IndexedMove[M], str]]] | None = None
        self._only: tuple[M | None] | None = None

    def footprint(self, move: M) -> Footprint:
        """What ``move`` changes on the sensed spots (built once per move)."""
        footprint = self._footprints.get(move)
        if footprint is None:
            footprint = self.position.footprint(move, self.sensing).restricted(self.sensed)
            self._footprints[move] = footprint
            self.footprints_built += 1
        return footprint

    def changing(self, spots: frozenset[Spot]) -> tuple[IndexedMove[M], ...]:
        """The legal moves whose sensed changes include every one of ``spots``."""
        known = self._changing.get(spots)
        if known is not None:
            return known
        # narrow the answer for fewer spots when there is one, else ask the position
        wider = [key for key in self._changing if key < spots]
        if wider:
            pool: Iterable[M] = (c.move for c in self._changing[max(wider, key=len)])
        else:
            pool = self.position.moves_changing(spots)
        found = []
        for move in pool:
            footprint = self.footprint(move)
            if spots <= footprint.changed_spots():
                found.append(IndexedMove(move, footprint))
        result = tuple(found)
        self._changing[spots] = result
        return result

    def matching(self, diff: DiffKey) -> list[IndexedMove[M]]:
        """The legal moves that change exactly what ``diff`` shows."""
        if not diff:
            return []
        return [c for c in self.changing(changed_spots(diff)) if c.footprint.changes == diff]

    def longer(self, diff: DiffKey) -> Iterator[IndexedMove[M]]:
        """The legal moves that make every change of ``diff``, and more."""
        shown = set(diff)
        for candidate in self.changing(changed_spots(diff)):
            key = candidate.footprint.changes
            if len(key) > len(diff) and shown <= set(key):
                yield candidate

    def emptying(self, spot: Spot) -> list[IndexedMove[M]]:
        """The legal moves that take the piece on ``spot`` away (its hints)."""
        return [
            c for c in self.changing(frozenset((spot,))) if (spot, EMPTY) in c.footprint.changes
        ]

    @property
    def unseen(self) -> tuple[M, ...]:
        """The legal moves that change nothing sensed (a refill, a lost turn, a promotion
        by exchange): they come from buttons or the web page, never from the board."""
        if self._unseen is None:
            every_cell = self.sensed >= frozenset(self.position.game.cells)
            pool = self.position.moves_off_board() if every_cell else self.position.legal_moves()
            self._unseen = tuple(move for move in pool if not self.footprint(move).changes)
        return self._unseen

    @property
    def only_unseen(self) -> M | None:
        """The only legal move, when the board cannot show it (a lost turn)."""
        if self._only is None:
            moves = list(itertools.islice(self.position.legal_moves(), 2))
            alone = len(moves) == 1 and not self.footprint(moves[0]).changes
            self._only = (moves[0] if alone else None,)
        return self._only[0]

    def illegal(self, diff: DiffKey) -> list[tuple[IndexedMove[M], str]]:
        """The forbidden moves that would change exactly what ``diff`` shows, with why."""
        if self._illegal is None:
            index: dict[DiffKey, list[tuple[IndexedMove[M], str]]] = defaultdict(list)
            for move, reason in self.position.illegal_moves():
                footprint = self.position.footprint(move, self.sensing).restricted(self.sensed)
                if footprint.changes:
                    index[footprint.changes].append((IndexedMove(move, footprint), reason))
            self._illegal = dict(index)
        return self._illegal.get(diff, [])
