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
from collections.abc import Hashable, Iterable, Iterator
from dataclasses import dataclass
from typing import Generic, TypeVar

from engine.game import Position
from engine.physical import EMPTY, Footprint, Reading, Sensing, Spot
from engine.said import Said

M = TypeVar("M", bound=Hashable)

DiffKey = tuple[tuple[Spot, Reading], ...]

MANY = 128
"""Moves that change the same spots beyond which the index stops listing them: the
hand has only begun (a robot lifted among thousands of chains), and the recognizer
answers without the list (it waits, and hints from ``Position.destinations``)."""


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
        self._changing: dict[frozenset[Spot], tuple[IndexedMove[M], ...] | None] = {}
        self._exact: dict[DiffKey, tuple[IndexedMove[M], ...]] = {}
        self._unseen: tuple[M, ...] | None = None
        self._illegal: dict[frozenset[Spot], list[tuple[IndexedMove[M], Said]]] = {}
        self._only: tuple[M | None] | None = None

    def reaches(self, start: Spot, spots: frozenset[Spot]) -> bool:
        """Whether a legal move from ``start`` changes any of ``spots``."""
        return any(
            start in footprint.starts() and footprint.spots() & spots
            for footprint in map(self.footprint, self.position.legal_moves())
        )

    def footprint(self, move: M) -> Footprint:
        """What ``move`` changes on the sensed spots (built once per move)."""
        footprint = self._footprints.get(move)
        if footprint is None:
            footprint = self.position.footprint(move, self.sensing).restricted(self.sensed)
            self._footprints[move] = footprint
            self.footprints_built += 1
        return footprint

    def changing(self, spots: frozenset[Spot]) -> tuple[IndexedMove[M], ...] | None:
        """The legal moves whose sensed changes include every one of ``spots``; None when
        there are more than ``MANY``."""
        if spots in self._changing:
            return self._changing[spots]
        # narrow the answer for fewer spots when there is one, else ask the position
        wider = [key for key in self._changing if key < spots and self._changing[key]]
        if wider:
            pool: Iterable[M] = (c.move for c in self._changing[max(wider, key=len)] or ())
        else:
            pool = self.position.moves_changing(spots)
        found: list[IndexedMove[M]] = []
        for move in pool:
            footprint = self.footprint(move)
            if spots <= footprint.changed_spots():
                found.append(IndexedMove(move, footprint))
                if len(found) > MANY:
                    break
        result = None if len(found) > MANY else tuple(found)
        self._changing[spots] = result
        return result

    def stream(self, spots: frozenset[Spot]) -> Iterator[IndexedMove[M]]:
        """The moves of ``changing``, one by one and without a limit, for a question the
        first of them may answer."""
        known = self._changing.get(spots)
        if known is not None:
            yield from known
            return
        for move in self.position.moves_changing(spots):
            footprint = self.footprint(move)
            if spots <= footprint.changed_spots():
                yield IndexedMove(move, footprint)

    def matching(self, diff: DiffKey) -> list[IndexedMove[M]]:
        """The legal moves that change exactly what ``diff`` shows."""
        if not diff:
            return []
        exact = self._exact.get(diff)
        if exact is None:
            exact = tuple(
                IndexedMove(move, footprint)
                for move in self.position.moves_showing(diff)
                if (footprint := self.footprint(move)).changes == diff
            )
            self._exact[diff] = exact
        return list(exact)

    def longer(self, diff: DiffKey) -> list[IndexedMove[M]] | None:
        """The legal moves that make every change of ``diff``, and more (None: too many
        to list)."""
        every = self.changing(changed_spots(diff))
        if every is None:
            return None
        shown = set(diff)
        return [
            c
            for c in every
            if len(c.footprint.changes) > len(diff) and shown <= set(c.footprint.changes)
        ]

    def emptying(self, spot: Spot) -> list[IndexedMove[M]] | None:
        """The legal moves that take the piece on ``spot`` away (None: too many to list)."""
        every = self.changing(frozenset((spot,)))
        if every is None:
            return None
        return [c for c in every if (spot, EMPTY) in c.footprint.changes]

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

    def illegal(self, diff: DiffKey) -> list[tuple[IndexedMove[M], Said]]:
        """The forbidden moves that would change exactly what ``diff`` shows, with why."""
        spots = changed_spots(diff)
        known = self._illegal.get(spots)
        if known is None:
            known = []
            for move, reason in self.position.illegal_moves_changing(spots):
                footprint = self.position.footprint(move, self.sensing).restricted(self.sensed)
                if footprint.changed_spots() == spots:
                    known.append((IndexedMove(move, footprint), reason))
            self._illegal[spots] = known
        return [(c, reason) for c, reason in known if c.footprint.changes == diff]
