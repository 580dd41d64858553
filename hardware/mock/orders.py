"""Every order and pace a hand can make a move in, drawn rather than listed.

``Hands`` (hands.py) plays the habits we thought of. This module draws from every
way a pair of hands can take the stones from one layout to the next: which stone
goes where (a line of marbles moved one by one, front first or back first, or its
last marble leapfrogged to the front), the order of every lift and landing that two
hands allow (a capture's victim first or last, a robot walked over the tokens it
eats), the cells a sliding stone passes, contacts that bounce, a neighbour knocked
and put back, pauses from a few milliseconds to seconds, and a stone held in the air
for long. A second move may be interleaved with the first: the next player's hand on
the board before the mover's has left.

Every choice goes through a ``Chooser``: hypothesis's draws in the property tests, so
that a failure shrinks to the fewest and shortest steps, or a seeded
``random.Random`` in the soak (``RandomChooser``).

``Pacer`` times the acts with the sensor changes listed here (a slid stone forced to
read on the cells it passes, a knock forced empty): the hands of issue 44, kept for the
failures shrunk with them. ``hardware.mock.moving.BodyPacer`` times the same acts as
bodies moving over the board's sensors (``hardware.mock.physics``), where a stone may
read on two cells at once or on none: the hands the property tests and the bench use.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Any, Protocol, TypeVar

from engine.game import Game, Layout
from engine.geometry import Geometry
from engine.physical import EMPTY, PRESENT, Spot, Stone
from engine.recognition.answers import Timing
from hardware.mock.hands import Force, HandAction, HandStep, LiftStone, PutStone, Remove, Supply

T = TypeVar("T")


class Chooser(Protocol):
    """Where the randomness of a hand comes from."""

    def chance(self, probability: float) -> bool:
        """True with ``probability`` (never for 0, always for 1)."""
        ...

    def index(self, count: int) -> int:
        """One of ``0 .. count - 1`` (``count`` at least 1)."""
        ...

    def seconds(self, low: float, high: float) -> float:
        """A time from ``low`` to ``high``."""
        ...


@dataclass(frozen=True, slots=True)
class RandomChooser:
    """Draws from a seeded ``random.Random`` (the soak, the benchmark)."""

    rng: random.Random

    def chance(self, probability: float) -> bool:
        return probability > 0 and self.rng.random() < probability

    def index(self, count: int) -> int:
        return self.rng.randrange(count)

    def seconds(self, low: float, high: float) -> float:
        return self.rng.uniform(low, high)


@dataclass(frozen=True, slots=True)
class Habits:
    """How a hand may behave, as the shares of moves that show each habit.

    ``step``: the pause between two actions of a hand; ``hesitate`` (a share of the
    pauses) a longer one; ``hold`` a stone held in the air that long (a share of the
    moves). ``touch``: the share of unseen cells the hand touches (a marble of a line
    moved on its own rather than slid; a cell whose piece is replaced is always
    touched). ``slide``: a stone slid over the cells between; ``waypoint``: a stone
    set down on a cell of the move on its way (a robot walked over the tokens it
    eats); ``bounce``: a contact chatters; ``knock``: a neighbour is knocked off its
    cell and put back; ``dither``: a stone lifted and put straight back first.
    ``waypoint_rest``: the longest a hand rests a stone on a cell of its way before it
    goes on: less than the wait a board shows for a move that may go on (a robot that
    may eat on: ``Timing.extend`` from its landing, the robot's cell blinking); a player
    who rests longer has ended the move, and its next step is the next player's
    (docs/robotory.md).
    ``swap_gap``: a cell a stone left stays empty at least this long before another
    lands there, and a stone set down stays this long before it is taken again (no hand
    swaps two pieces faster; a sensor must see each state for its debounce time, or no
    board could tell a capture from a piece in the air).

    With bodies (``hardware.mock.moving``): ``slide`` is the share of a stone's ways from
    cell to cell slid over the surface, ``roll`` the share rolled (a marble along its
    groove; ``marbles``), ``together`` the share of lines and broadsides whose stones a
    hand moves at once. A slide or roll runs at ``surface_mm_s`` (from the slowest a
    sensor model assumes to a brisk flick), a lift goes up and down at ``vertical_mm_s``
    and is carried ``carry_height_mm`` above the board at ``carry_mm_s``; a knock moves a
    neighbour ``knock_mm`` at ``knock_mm_s``. A stone is set down anywhere within
    ``placement`` of the build's placement tolerance of its cell's centre, turned as its
    players turn it; a rolled ball slips a share ``slip`` of its way (a weighted marble
    pushed along its groove partly slides; a free one rolls).
    """

    step: tuple[float, float] = (0.005, 0.3)
    hesitate: tuple[float, float] = (0.3, 3.0)
    hesitate_share: float = 0.1
    hold: float = 15.0
    hold_share: float = 0.0
    touch: float = 0.5
    slide: float = 0.3
    slide_rest: tuple[float, float] = (0.005, 0.2)
    waypoint: float = 0.2
    bounce: float = 0.3
    bounce_window: float = 0.015
    knock: float = 0.1
    knock_rest: tuple[float, float] = (0.02, 0.3)
    dither: float = 0.05
    swap_gap: float = 0.05
    waypoint_rest: float = Timing().extend - Timing().settle
    roll: float = 0.0
    together: float = 0.7
    surface_mm_s: tuple[float, float] = (40.0, 400.0)
    vertical_mm_s: tuple[float, float] = (80.0, 500.0)
    carry_height_mm: tuple[float, float] = (3.0, 60.0)
    carry_mm_s: tuple[float, float] = (150.0, 900.0)
    knock_mm: tuple[float, float] = (1.0, 20.0)
    knock_mm_s: tuple[float, float] = (30.0, 300.0)
    placement: float = 1.0
    slip: tuple[float, float] = (0.0, 0.5)

    @classmethod
    def brisk(cls) -> Habits:
        """Every order, but never a pause as long as the settle time within a move."""
        return cls(hesitate_share=0.0)

    @classmethod
    def clean(cls) -> Habits:
        """Every order of lifts and landings at a steady pace, with no noise."""
        return cls(hesitate_share=0.0, slide=0.0, waypoint=0.0, bounce=0.0, knock=0.0, dither=0.0)

    def marbles(self) -> Habits:
        """The same hands on Abalone, where a marble is mostly rolled along its groove
        (lifted only when it has to jump), and a line mostly pushed as one."""
        return replace(self, roll=0.8, slide=0.1)

    def of(self, game: Game[Any]) -> Habits:
        """These hands on ``game`` (its pieces are played as they are made to be: a game
        whose pieces roll, ``Game.rolls``, has them rolled)."""
        return self.marbles() if game.rolls else self


class Way(Enum):
    """How a stone goes from cell to cell: lifted, slid over the surface, or rolled (a
    marble along its groove: slid, as the sensors see it)."""

    LIFT = "lift"
    SLIDE = "slide"
    ROLL = "roll"


@dataclass(frozen=True, slots=True)
class Journey:
    """One stone's way: from ``source`` (None: the box) to ``target`` (None: the box),
    set down on ``waypoints`` on its way; it leaves as ``held`` and lands as ``stone``,
    by ``way``."""

    source: Spot | None
    target: Spot | None
    held: Stone
    stone: Stone
    waypoints: tuple[Spot, ...] = ()
    way: Way = Way.LIFT


@dataclass(frozen=True, slots=True)
class Act:
    """One action of one hand, with what it expects to find: ``hand`` is 0 or 1."""

    hand: int
    action: HandAction
    expects: Stone | None = None  # the stone a lift or a removal takes
    stop: bool = False  # a stone set down on its way, or lifted from there
    group: int | None = None  # stones slid or rolled in one motion: their lifts, then puts
    trip: int | None = None  # the journey it belongs to (a stone's lifts and landings)


def _unblock(queues: list[list[list[Act]]]) -> bool:
    """A plan no order can carry out as drawn, loosened: a waypoint never cleared is
    skipped (the stone goes on without its stops still to come; one already set down on
    a stop is lifted from there as planned), else a motion whose cells are never all
    free at once is made stone by stone, lifted (a swap no hand slides)."""
    skipped = False
    for queue in queues:
        for chain in queue:
            if chain and chain[0].stop and isinstance(chain[0].action, PutStone):
                chain[:] = [act for act in chain if not act.stop]
                skipped = True
    if skipped:
        return True
    for queue in queues:
        for chain in queue:
            if chain and chain[0].group is not None:
                chain[:] = [replace(act, group=None) for act in chain]
                return True
    return False


def stacks_of(layout: Layout) -> dict[Spot, list[Stone]]:
    return {spot: list(stones) for spot, stones in layout.items() if stones}


def journeys(
    before: Layout,
    after: Layout,
    touchable: Iterable[Spot],
    *,
    chooser: Chooser,
    habits: Habits,
    cells: frozenset[Spot],
) -> list[Journey]:
    """Pair the stones that leave spots with the stones that arrive, in any way a hand
    may: a stone that reads the same before and after on a ``touchable`` spot (a marble
    of a pushed line) is lifted and another put there in ``habits.touch`` of the
    cases; stones alike pair at random (so a line moves one by one, or its last marble
    jumps to the front); a stone turned or taken by the other side pairs with its own
    kind first, as ``plan`` does."""
    removed: list[tuple[Spot, Stone]] = []
    added: list[tuple[Spot, Stone]] = []
    touched = {spot for spot in sorted(touchable) if chooser.chance(habits.touch)}
    for spot in sorted(set(before) | set(after)):
        old, new = list(before.get(spot, ())), list(after.get(spot, ()))
        common = 0
        while common < min(len(old), len(new)) and old[common] == new[common]:
            common += 1
        if spot in touched and common == len(old) == len(new) and old:
            common -= 1  # the same kind of stone, but another one: lifted and replaced
        removed += [(spot, stone) for stone in reversed(old[common:])]
        added += [(spot, stone) for stone in new[common:]]

    def on_board(spot: Spot) -> bool:
        return spot in cells

    alike = (
        lambda s, a, t, b: on_board(s) and on_board(t) and (a.kind, a.owner) == (b.kind, b.owner),
        lambda s, a, t, b: a == b,
        lambda s, a, t, b: a.kind == b.kind,
        lambda s, a, t, b: True,
    )
    result: list[Journey] = []
    order = list(added)
    _shuffle(order, chooser)
    for same in alike:
        for target, stone in list(order):
            fits = [
                i
                for i, (source, held) in enumerate(removed)
                if source != target and same(source, held, target, stone)
            ]
            if not fits:
                continue
            source, held = removed.pop(fits[chooser.index(len(fits))])
            order.remove((target, stone))
            result.append(Journey(source, target, held, stone))
    for target, stone in list(order):  # a touched stone lifted and put straight back
        back = [i for i, (source, held) in enumerate(removed) if (source, held) == (target, stone)]
        if back:
            removed.pop(back[0])
            order.remove((target, stone))
            result.append(Journey(target, target, stone, stone))
    result += [Journey(source, None, held, held) for source, held in removed]
    result += [Journey(None, target, stone, stone) for target, stone in order]
    return result


def _shuffle(items: list[T], chooser: Chooser) -> None:
    for i in range(len(items) - 1, 0, -1):
        j = chooser.index(i + 1)
        items[i], items[j] = items[j], items[i]


def with_waypoints(
    trips: Sequence[Journey],
    before: Layout,
    after: Layout,
    *,
    chooser: Chooser,
    habits: Habits,
    cells: frozenset[Spot],
) -> list[Journey]:
    """Some stones set down on their way on board cells the move empties (a robot walked
    over the tokens it eats, nearest first or in any order)."""
    emptied = sorted(
        spot for spot in before if spot in cells and before[spot] and not after.get(spot)
    )
    result = []
    for trip in trips:
        if trip.source is None or trip.target is None or not chooser.chance(habits.waypoint):
            result.append(trip)
            continue
        stops = [spot for spot in emptied if spot not in (trip.source, trip.target)]
        chosen = [spot for spot in stops if chooser.chance(0.6)]
        if not chosen:
            result.append(trip)
            continue
        _shuffle(chosen, chooser)
        result.append(Journey(trip.source, trip.target, trip.held, trip.stone, tuple(chosen)))
    return result


def acts_of(trips: Sequence[Journey], hand: int) -> list[list[Act]]:
    """Each journey as the actions one hand takes, in the order the journey needs them."""
    chains: list[list[Act]] = []
    for trip in trips:
        if trip.source is None:
            assert trip.target is not None
            chains.append([Act(hand, Supply(trip.target, trip.stone))])
        elif trip.target is None:
            chains.append([Act(hand, Remove(trip.source), trip.held)])
        else:
            number = len(chains)
            chain = [Act(hand, LiftStone(trip.source), trip.held, trip=number)]
            for stop in trip.waypoints:
                put = PutStone(stop, trip.held, trip.held)
                chain.append(Act(hand, put, stop=True, trip=number))
                chain.append(Act(hand, LiftStone(stop), trip.held, stop=True, trip=number))
            chain.append(Act(hand, PutStone(trip.target, trip.held, trip.stone), trip=number))
            chains.append(chain)
    return chains


@dataclass
class Table:
    """The stones as the hands find them while the actions are ordered."""

    stacks: dict[Spot, list[Stone]]
    cells: frozenset[Spot]
    held: list[list[Stone]] = field(default_factory=lambda: [[], []])

    def can(self, act: Act) -> bool:
        action = act.action
        if isinstance(action, LiftStone | Remove):
            stack = self.stacks.get(action.spot)
            return stack is not None and bool(stack) and stack[-1] == act.expects
        if isinstance(action, PutStone):
            if action.held not in self.held[act.hand]:
                return False
            return not (action.spot in self.cells and self.stacks.get(action.spot))
        assert isinstance(action, Supply)
        return not (action.spot in self.cells and self.stacks.get(action.spot))

    def do(self, act: Act) -> None:
        action = act.action
        if isinstance(action, LiftStone):
            self.held[act.hand].append(self.stacks[action.spot].pop())
        elif isinstance(action, Remove):
            self.stacks[action.spot].pop()
        elif isinstance(action, PutStone):
            self.held[act.hand].remove(action.held)
            self.stacks.setdefault(action.spot, []).append(action.stone)
        elif isinstance(action, Supply):
            self.stacks.setdefault(action.spot, []).append(action.stone)


def ordered(
    hands: Sequence[Sequence[list[Act]]],
    before: Layout,
    cells: frozenset[Spot],
    chooser: Chooser,
    sensed: frozenset[Spot] | None = None,
) -> list[Act]:
    """One order of every action that the hands allow: each journey's actions in turn,
    a stone landing only on a cell already cleared, a lift only of the stone the plan
    means to move. ``hands[1]``, when given, is another move planned on the board the
    first leaves: it begins only once the first has begun where a sensor sees it (on
    ``sensed``, every spot by default: the next player's hand is never seen before the
    mover's), and each of its actions waits until the stones it needs are where it
    expects them. A chain whose acts share a ``group`` (stones slid or rolled in one
    motion) runs whole once every stone it moves is free to go, nothing in between."""
    table = Table(stacks_of(before), cells)
    queues = [[list(chain) for chain in chains] for chains in hands]
    result: list[Act] = []
    begun = False  # the first hand was seen at work
    moving: tuple[int, int] | None = None  # a motion under way: its hand and chain

    def clearing(hand: int, spot: Spot, besides: list[Act] | None = None) -> bool:
        """Whether the hand has still to take a stone off ``spot`` (its move lands there
        only once it has: a capture lands on the piece it took, not before)."""
        return any(
            isinstance(act.action, LiftStone | Remove) and act.action.spot == spot
            for chain in queues[hand]
            if chain is not besides
            for act in chain
        )

    def free(hand: int, chain: list[Act]) -> bool:
        """Whether a motion can run whole now: its stones where it expects them, and every
        cell it lands on clear (or left by a stone of the same motion)."""
        sources = {act.action.spot for act in chain if isinstance(act.action, LiftStone)}
        for act in chain:
            spot = act.action.spot
            if isinstance(act.action, LiftStone):
                if not table.can(act):
                    return False
            elif spot not in sources and (
                (spot in cells and table.stacks.get(spot)) or clearing(hand, spot, chain)
            ):
                return False
        return True

    def can_go(hand: int, chain: list[Act]) -> bool:
        if chain[0].group is not None:
            return free(hand, chain)
        return table.can(chain[0]) and not (
            isinstance(chain[0].action, PutStone | Supply)
            and not chain[0].stop
            and clearing(hand, chain[0].action.spot)
        )

    while any(chain for queue in queues for chain in queue):
        ready = (
            [moving]
            if moving is not None
            else [
                (hand, index)
                for hand, queue in enumerate(queues)
                for index, chain in enumerate(queue)
                if chain and (hand == 0 or begun) and can_go(hand, chain)
            ]
        )
        if not ready:
            if not _unblock(queues):
                raise ValueError(f"no order of these actions is possible: {queues}")
            continue
        hand, index = ready[chooser.index(len(ready))]
        chain = queues[hand][index]
        act = chain.pop(0)
        moving = (hand, index) if chain and chain[0].group is not None else None
        table.do(act)
        result.append(act)
        begun = begun or (hand == 0 and (sensed is None or act.action.spot in sensed))
    return result


@dataclass
class Pacer:
    """Times a list of actions as a hand makes them, with the noise it brings."""

    geometry: Geometry
    chooser: Chooser
    habits: Habits
    steps: list[HandStep] = field(default_factory=list)
    hands: dict[int, int] = field(default_factory=dict)  # id of a hand's step: its hand

    @property
    def cells(self) -> frozenset[Spot]:
        return frozenset(place.spot for place in self.geometry.cells)

    def pause(self) -> float:
        habits = self.habits
        if self.chooser.chance(habits.hesitate_share):
            return self.chooser.seconds(*habits.hesitate)
        return self.chooser.seconds(*habits.step)

    def timed(
        self, acts: Sequence[Act], before: Layout, start: float, *, hold_at: int | None = None
    ) -> float:
        """Append the timed steps of ``acts`` from ``start``; returns when the last landed.
        ``hold_at``: the action before which a stone in the air is held ``habits.hold``."""
        habits, chooser = self.habits, self.chooser
        occupied = {spot for spot, stones in before.items() if stones}
        sources: dict[tuple[int, Stone], Spot] = {}
        now = start
        emptied: dict[Spot, float] = {}
        landed: dict[Spot, float] = {}
        involved = {act.action.spot for act in acts}
        if chooser.chance(habits.dither):
            now = self._dither(now, sorted(occupied & self.cells))
        for number, act in enumerate(acts):
            now += self.pause()
            if number == hold_at:
                now += habits.hold
            action = act.action
            if isinstance(action, PutStone | Supply) and action.spot in emptied:
                now = max(now, emptied[action.spot] + habits.swap_gap)
            if isinstance(action, LiftStone | Remove) and action.spot in landed:
                now = max(now, landed[action.spot] + habits.swap_gap)
            if isinstance(action, PutStone) and chooser.chance(habits.slide):
                origin = sources.get((act.hand, action.held))
                now = self._slide(now, origin, action.spot, occupied)
            self.steps.append(HandStep(now, action))
            self.hands[id(self.steps[-1])] = act.hand
            if isinstance(action, LiftStone | PutStone) and chooser.chance(habits.bounce):
                self._bounce(now, action.spot, landed=isinstance(action, PutStone))
            if isinstance(action, LiftStone):
                sources[(act.hand, act.expects or Stone("?", None))] = action.spot
                occupied.discard(action.spot)
                emptied[action.spot] = now
            elif isinstance(action, Remove):
                occupied.discard(action.spot)
                emptied[action.spot] = now
            else:
                occupied.add(action.spot)
                landed[action.spot] = now
            if chooser.chance(habits.knock / max(len(acts), 1)):
                self._knock(now + chooser.seconds(0.0, 0.1), occupied, involved)
        return now

    def _slide(self, now: float, source: Spot | None, target: Spot, occupied: set[Spot]) -> float:
        """The stone passes over the empty cells between where it was and where it lands
        (one brought from off the board passes over an empty neighbour of its cell)."""
        cells = self.cells
        if target not in cells:
            return now
        if source is None or source not in cells:
            near = sorted(spot for spot in cells - occupied - {target} if self._near(spot, target))
            passed = [near[self.chooser.index(len(near))]] if near else []
        else:
            passed = between(self.geometry, source, target)
        for spot in passed:
            if spot in occupied:
                continue
            self.steps.append(HandStep(now, Force(spot, PRESENT)))
            now += self.chooser.seconds(*self.habits.slide_rest)
            self.steps.append(HandStep(now, Force(spot, None)))
            now += 0.005
        return now

    def _bounce(self, at: float, spot: Spot, *, landed: bool) -> None:
        """A contact chatters for a few milliseconds after a change."""
        glitch = EMPTY if landed else PRESENT
        t = at
        for _ in range(1 + self.chooser.index(3)):
            t += self.chooser.seconds(0.0005, self.habits.bounce_window / 4)
            self.steps.append(HandStep(t, Force(spot, glitch)))
            t += self.chooser.seconds(0.0005, self.habits.bounce_window / 4)
            self.steps.append(HandStep(t, Force(spot, None)))

    def _knock(self, at: float, occupied: set[Spot], involved: set[Spot]) -> None:
        """A neighbour of the move is knocked off its cell and put back."""
        near = sorted(
            spot
            for spot in occupied & self.cells
            if spot not in involved
            and any(self._near(spot, other) for other in involved if other in self.cells)
        )
        if not near:
            return
        spot = near[self.chooser.index(len(near))]
        self.steps.append(HandStep(at, Force(spot, EMPTY)))
        self.steps.append(
            HandStep(at + self.chooser.seconds(*self.habits.knock_rest), Force(spot, None))
        )

    def _dither(self, now: float, spots: Sequence[Spot]) -> float:
        """A stone lifted and put straight back before the move."""
        if not spots:
            return now
        spot = spots[self.chooser.index(len(spots))]
        now += self.pause()
        self.steps.append(HandStep(now, Force(spot, EMPTY)))
        now += self.chooser.seconds(0.05, 0.35)
        self.steps.append(HandStep(now, Force(spot, None)))
        return now

    def _near(self, a: Spot, b: Spot) -> bool:
        pa, pb = self.geometry.place(a), self.geometry.place(b)
        return math.hypot(pa.x - pb.x, pa.y - pb.y) < 1.5


def between(geometry: Geometry, source: Spot, target: Spot) -> list[Spot]:
    """The cells on the straight way from ``source`` to ``target``, in order."""
    a, b = geometry.place(source), geometry.place(target)
    length = math.hypot(b.x - a.x, b.y - a.y)
    if length == 0:
        return []
    passed = []
    for place in geometry.cells:
        if place.spot in (source, target):
            continue
        t = ((place.x - a.x) * (b.x - a.x) + (place.y - a.y) * (b.y - a.y)) / length**2
        if 0 < t < 1:
            px, py = a.x + t * (b.x - a.x), a.y + t * (b.y - a.y)
            if math.hypot(place.x - px, place.y - py) < 0.3:
                passed.append((t, place.spot))
    return [spot for _, spot in sorted(passed)]
