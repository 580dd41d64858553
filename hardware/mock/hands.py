"""A player's hands: how a change of position becomes timed physical actions, with noise.

``plan`` turns two layouts into lifts and places (any game: it pairs the stones
that left a spot with the stones that arrived elsewhere). ``Hands.perform``
orders them as a hand may (lifts in any order, a capture's pieces in either
order) and adds what real hands and contacts do: bouncing contacts, a piece slid
across cells, a neighbour knocked and put back, a piece lifted and put back.

One promise keeps the noise fair: a hand never rests in the middle of a move
for as long as the recognizer's settle time. A board that shows a legal move
and then stays still *is* that move; no sensor can tell otherwise.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from engine.game import Layout
from engine.geometry import Geometry
from engine.physical import EMPTY, PRESENT, Reading, Spot, Stone
from hardware.mock.world import CENTRED, Rest, SimulatedWorld


@dataclass(frozen=True, slots=True)
class LiftStone:
    spot: Spot


@dataclass(frozen=True, slots=True)
class PutStone:
    """Put the held stone ``held`` on ``spot`` as ``stone`` (turned or captured), lying
    as ``rest`` says."""

    spot: Spot
    held: Stone
    stone: Stone
    rest: Rest = CENTRED


@dataclass(frozen=True, slots=True)
class Remove:
    """Take a stone off the game into the box."""

    spot: Spot


@dataclass(frozen=True, slots=True)
class Supply:
    """Bring a stone from the box (a promotion piece, a new token)."""

    spot: Spot
    stone: Stone


@dataclass(frozen=True, slots=True)
class Force:
    """A sensor reads ``reading`` whatever stands there (None: it reads true again)."""

    spot: Spot
    reading: Reading | None


@dataclass(frozen=True, slots=True)
class Sense:
    """The fields of the magnets about ``spot`` make its sensors read ``reading``
    (``hardware.mock.physics`` says when): a slid piece on two cells at once, a reed's
    lobe, a piece set down out of its sensor's reach. None: the cell reads its stones
    again (the magnets lie still, and the fields read as the stones do)."""

    spot: Spot
    reading: Reading | None


@dataclass(frozen=True, slots=True)
class Quiet:
    """What ``spot`` would read from now on were no neighbour being knocked (None: what
    it reads): a note for whoever judges the hands (the property tests), which no sensor
    sees and the world ignores."""

    spot: Spot
    reading: Reading | None


HandAction = LiftStone | PutStone | Remove | Supply | Force | Sense | Quiet


@dataclass(frozen=True, slots=True)
class HandStep:
    at: float
    action: HandAction


def apply(world: SimulatedWorld, action: HandAction) -> None:
    """Carry out one action on the world."""
    match action:
        case LiftStone(spot):
            world.lift(spot)
        case PutStone(spot, held, stone, rest):
            world.place_as(spot, held, stone, rest)
        case Remove(spot):
            world.remove(spot)
        case Supply(spot, stone):
            world.bring(spot, stone)
        case Force(spot, reading):
            world.force(spot, reading)
        case Sense(spot, reading):
            world.sense(spot, reading)
        case Quiet():
            pass


@dataclass(frozen=True, slots=True)
class Journey:
    """One stone's journey: from a spot (or the box) to a spot (or the box)."""

    source: Spot | None
    target: Spot | None
    held: Stone
    stone: Stone


def plan(before: Layout, after: Layout, cells: frozenset[Spot] | None = None) -> list[Journey]:
    """Pair the stones that leave spots with the stones that arrive, for any game.

    A stone that stays on the board pairs first with a cell it can have moved to
    (same kind and owner; a promotion turns it over): a bishop that captures a
    bishop and promotes goes to the captured one's cell, not to the stand. Then
    identical stones pair, then stones of the same kind (a capture changes the
    owner), then anything (a pawn exchanged for another piece); the rest go to or
    come from the box. ``cells`` are the board cells (None: every spot).
    """
    removed: list[tuple[Spot, Stone]] = []
    added: list[tuple[Spot, Stone]] = []
    for spot in sorted(before.keys() | after.keys()):
        old = list(before.get(spot, ()))
        new = list(after.get(spot, ()))
        common = 0
        while common < min(len(old), len(new)) and old[common] == new[common]:
            common += 1
        removed += [(spot, stone) for stone in reversed(old[common:])]
        added += [(spot, stone) for stone in new[common:]]

    def on_board(spot: Spot) -> bool:
        return cells is None or spot in cells

    passes: tuple[Callable[[Spot, Stone, Spot, Stone], bool], ...] = (
        lambda s, a, t, b: on_board(s) and on_board(t) and (a.kind, a.owner) == (b.kind, b.owner),
        lambda s, a, t, b: a == b,
        lambda s, a, t, b: a.kind == b.kind,
        lambda s, a, t, b: True,
    )
    transfers: list[Journey] = []
    for same in passes:
        for target, stone in list(added):
            for index, (source, held) in enumerate(removed):
                if source != target and same(source, held, target, stone):
                    transfers.append(Journey(source, target, held, stone))
                    removed.pop(index)
                    added.remove((target, stone))
                    break
    transfers += [Journey(source, None, held, held) for source, held in removed]
    transfers += [Journey(None, target, stone, stone) for target, stone in added]
    return transfers


@dataclass(frozen=True, slots=True)
class Noise:
    """How clumsy the hands and how bouncy the contacts are (probabilities per event)."""

    bounce: float = 0.0
    slide: float = 0.0
    knock: float = 0.0
    second_thoughts: float = 0.0
    shuffle: bool = True
    slide_rest: tuple[float, float] = (0.04, 0.1)  # seconds a slid stone rests on a cell
    slide_in: float = 0.0  # a stone from off the board slid over a neighbour of its cell

    @classmethod
    def none(cls) -> Noise:
        return cls(shuffle=False)

    @classmethod
    def realistic(cls) -> Noise:
        return cls(bounce=0.5, slide=0.3, knock=0.1, second_thoughts=0.1)

    @classmethod
    def heavy(cls) -> Noise:
        """Fast, clumsy hands: a slid stone rests up to 0.2 s on each cell it passes
        (dropped and placed stones too), knocks and second thoughts twice as often."""
        return cls(
            bounce=0.6,
            slide=0.5,
            knock=0.25,
            second_thoughts=0.2,
            slide_rest=(0.06, 0.2),
            slide_in=0.4,
        )


@dataclass
class Hands:
    """Turns plans into timed steps; ``pause`` must stay below the settle time."""

    geometry: Geometry
    noise: Noise = field(default_factory=Noise.none)
    rng: random.Random = field(default_factory=lambda: random.Random(0))
    pause: tuple[float, float] = (0.06, 0.25)
    debounce_window: float = 0.015

    def perform(self, world: SimulatedWorld, after: Layout, start: float) -> list[HandStep]:
        """Timed steps that take the world from its layout to ``after``."""
        before = world.layout()
        transfers = plan(before, after, self._cells)
        actions = self._order(transfers)
        occupied = {spot for spot, stones in before.items() if stones}
        involved = {t.source for t in transfers} | {t.target for t in transfers}
        involved.discard(None)
        sources = {t.held: t.source for t in transfers}
        steps: list[HandStep] = []
        now = start
        if self.rng.random() < self.noise.second_thoughts:
            now = self._second_thoughts(steps, now, sorted(s for s in occupied if s in self._cells))
        if self.rng.random() < self.noise.knock / 2:
            now = self._knock(steps, now, occupied, involved)
        for action in actions:
            now += self.rng.uniform(*self.pause)
            if isinstance(action, PutStone) and self.rng.random() < self.noise.slide:
                now = self._slide(steps, now, sources.get(action.held), action, occupied)
            steps.append(HandStep(now, action))
            if isinstance(action, LiftStone | PutStone) and self.rng.random() < self.noise.bounce:
                self._bounce(steps, now, action.spot, occupied_after=isinstance(action, PutStone))
            if isinstance(action, LiftStone | Remove):
                occupied.discard(action.spot)
            elif isinstance(action, PutStone | Supply):
                occupied.add(action.spot)
        if self.rng.random() < self.noise.knock / 2:
            now = self._knock(steps, now + self.rng.uniform(*self.pause), occupied, involved)
        return sorted(steps, key=lambda step: step.at)

    @property
    def _cells(self) -> frozenset[Spot]:
        return frozenset(place.spot for place in self.geometry.cells)

    def _order(self, transfers: Sequence[Journey]) -> list[HandAction]:
        """Lifts and places in an order a hand could use: a spot is cleared before a
        stone lands on it, and a stone is lifted before it is put down."""
        pending: list[HandAction] = []
        lifts = {t.source: LiftStone(t.source) for t in transfers if t.source is not None}
        for transfer in transfers:
            if transfer.source is None:
                assert transfer.target is not None
                pending.append(Supply(transfer.target, transfer.stone))
            elif transfer.target is None:
                pending.append(Remove(transfer.source))
            else:
                pending.append(PutStone(transfer.target, transfer.held, transfer.stone))
        order: list[HandAction] = []
        lifted: set[Spot] = set()
        remaining_lifts = dict(lifts)
        removes = {a.spot for a in pending if isinstance(a, Remove)}
        for spot in removes:
            remaining_lifts.pop(spot, None)
        queue = pending + list(remaining_lifts.values())
        while queue:
            ready = [a for a in queue if self._ready(a, lifted, transfers, queue)]
            if not ready:  # a cycle cannot happen with one stone per move; be safe
                ready = queue[:1]
            action = self.rng.choice(ready) if self.noise.shuffle else ready[0]
            queue.remove(action)
            order.append(action)
            if isinstance(action, LiftStone | Remove):
                lifted.add(action.spot)
        return order

    @staticmethod
    def _ready(
        action: HandAction, lifted: set[Spot], transfers: Sequence[Journey], queue: list[HandAction]
    ) -> bool:
        if isinstance(action, LiftStone | Remove):
            return True
        spot = action.spot
        # the target must have been cleared of what leaves it
        leaving = [t for t in transfers if t.source == spot]
        if any(t.source not in lifted for t in leaving):
            return False
        if isinstance(action, PutStone):
            return any(
                t.held == action.held and t.source in lifted and t.target == spot for t in transfers
            )
        return True

    # --- noise ---------------------------------------------------------------------

    def _bounce(
        self, steps: list[HandStep], at: float, spot: Spot, *, occupied_after: bool
    ) -> None:
        """A contact chatters for a few milliseconds around a change."""
        glitch = EMPTY if occupied_after else PRESENT
        t = at
        for _ in range(self.rng.randint(1, 3)):
            t += self.rng.uniform(0.0005, self.debounce_window / 4)
            steps.append(HandStep(t, Force(spot, glitch)))
            t += self.rng.uniform(0.0005, self.debounce_window / 4)
            steps.append(HandStep(t, Force(spot, None)))

    def _slide(
        self,
        steps: list[HandStep],
        now: float,
        source: Spot | None,
        action: PutStone,
        occupied: set[Spot],
    ) -> float:
        """The stone travels over the empty cells between where it was and where it lands;
        one brought from off the board (a drop, a placement) may pass over a neighbour."""
        if action.spot not in self._cells:
            return now
        if source is None or source not in self._cells:
            if not self.noise.slide_in or self.rng.random() >= self.noise.slide_in:
                return now
            near = sorted(
                spot
                for spot in self._cells
                if spot not in occupied
                and spot != action.spot
                and self._adjacent(spot, action.spot)
            )
            passed = [self.rng.choice(near)] if near else []
        else:
            passed = self._between(source, action.spot)
        for spot in passed:
            if spot in occupied:
                continue
            steps.append(HandStep(now, Force(spot, PRESENT)))
            now += self.rng.uniform(*self.noise.slide_rest)
            steps.append(HandStep(now, Force(spot, None)))
            now += 0.005
        return now

    def _between(self, source: Spot, target: Spot) -> list[Spot]:
        a, b = self.geometry.place(source), self.geometry.place(target)
        distance = math.hypot(b.x - a.x, b.y - a.y)
        spots = []
        for place in self.geometry.cells:
            if place.spot in (source, target):
                continue
            # close to the segment from a to b, and between its ends
            t = ((place.x - a.x) * (b.x - a.x) + (place.y - a.y) * (b.y - a.y)) / distance**2
            if 0 < t < 1:
                px, py = a.x + t * (b.x - a.x), a.y + t * (b.y - a.y)
                if math.hypot(place.x - px, place.y - py) < 0.3:
                    spots.append((t, place.spot))
        return [spot for _, spot in sorted(spots)]

    def _knock(
        self, steps: list[HandStep], now: float, occupied: set[Spot], involved: set[Spot | None]
    ) -> float:
        """A neighbouring piece is knocked off its spot and put back."""
        near = sorted(
            spot
            for spot in occupied
            if spot in self._cells
            and spot not in involved
            and any(self._adjacent(spot, other) for other in involved if other in self._cells)
        )
        if not near:
            return now
        spot = self.rng.choice(near)
        steps.append(HandStep(now, Force(spot, EMPTY)))
        now += self.rng.uniform(0.05, 0.3)
        steps.append(HandStep(now, Force(spot, None)))
        return now

    def _adjacent(self, a: Spot | None, b: Spot | None) -> bool:
        if a is None or b is None:
            return False
        pa, pb = self.geometry.place(a), self.geometry.place(b)
        return math.hypot(pa.x - pb.x, pa.y - pb.y) < 1.5

    def _second_thoughts(
        self, steps: list[HandStep], now: float, candidates: Sequence[Spot]
    ) -> float:
        """A piece is picked up and put straight back before the real move, held for
        less than the settle time like every other rest of the hand."""
        if not candidates:
            return now
        spot = self.rng.choice(list(candidates))
        steps.append(HandStep(now, Force(spot, EMPTY)))
        now += self.rng.uniform(0.1, 0.35)
        steps.append(HandStep(now, Force(spot, None)))
        return now


def layouts_equal(a: Mapping[Spot, tuple[Stone, ...]], b: Mapping[Spot, tuple[Stone, ...]]) -> bool:
    return {k: v for k, v in a.items() if v} == {k: v for k, v in b.items() if v}
