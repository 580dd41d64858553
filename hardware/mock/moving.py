"""The drawn hands of ``orders`` moving stones as bodies over the board's sensors.

``orders`` draws which stone goes where and in which order the hands lift and land
them; this module decides how each stone travels (lifted and carried, slid over the
surface, a marble rolled along its groove, a line of marbles or a broadside pushed as
one) and times the journey as a path in space (``hardware.mock.physics``). The cells'
sensors then read what the path makes them read: a rolled marble on its old and new
hole at once, a low carry on the cells it passes, a knocked neighbour letting go of its
own sensor and brushing the next. None of that is a list of habits: it follows from the
board's ``SensorModel`` and the speeds drawn.

The world's bookkeeping stays logical: a stone leaves its stack when the hand takes
it (``LiftStone``) and joins the new one when it comes to rest (``PutStone``); in
between, ``Reach`` steps say which sensors its magnet is within reach of.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from engine.game import Layout
from engine.geometry import Geometry
from engine.physical import EMPTY, Spot, Stone
from hardware.mock.hands import (
    Force,
    HandAction,
    HandStep,
    LiftStone,
    PutStone,
    Reach,
    Remove,
    Supply,
)
from hardware.mock.orders import (
    Act,
    Chooser,
    Habits,
    Journey,
    Pacer,
    Table,
    Way,
    acts_of,
    between,
    journeys,
    ordered,
    stacks_of,
    with_waypoints,
)
from hardware.mock.physics import (
    Board,
    Change,
    Lift,
    Path,
    at_rest,
    knocked,
    sensor_changes,
    surface,
)

AWAY_MM = 10.0
"""How far past its release distance a stone taken to the box, or brought from it,
comes: out of every sensor's reach."""


def with_ways(
    trips: Sequence[Journey],
    before: Layout,
    after: Layout,
    *,
    chooser: Chooser,
    habits: Habits,
    geometry: Geometry,
) -> list[Journey]:
    """How each stone travels: from cell to cell, over no other stone's cell, it is
    rolled (``habits.roll``) or slid (``habits.slide``); otherwise, and always off the
    board or with stops on its way, it is lifted."""
    cells = frozenset(place.spot for place in geometry.cells)
    ends = {trip.source for trip in trips} | {trip.target for trip in trips}
    result = []
    for trip in trips:
        way = Way.LIFT
        source, target = trip.source, trip.target
        if (
            source is not None
            and target is not None
            and source in cells
            and target in cells
            and source != target
            and not trip.waypoints
            and all(
                not before.get(spot) and not after.get(spot) and spot not in ends
                for spot in between(geometry, source, target)
            )
        ):
            if chooser.chance(habits.roll):
                way = Way.ROLL
            elif chooser.chance(habits.slide):
                way = Way.SLIDE
        result.append(replace(trip, way=way))
    return result


def motion_acts(
    trips: Sequence[Journey], hand: int, *, chooser: Chooser, habits: Habits, geometry: Geometry
) -> list[list[Act]]:
    """Each journey as the acts of one hand, as ``acts_of`` makes them; a stone slid or
    rolled is one motion (its lift and its landing a chain of one ``group``), and stones
    slid the same one step (a line of marbles, a broadside) are pushed as one motion
    in ``habits.together`` of the cases."""
    chains = acts_of([trip for trip in trips if trip.way is Way.LIFT], hand)
    steps: dict[tuple[float, float], list[Journey]] = {}
    for trip in trips:
        if trip.way is not Way.LIFT:
            assert trip.source is not None and trip.target is not None
            a, b = geometry.place(trip.source), geometry.place(trip.target)
            steps.setdefault((round(b.x - a.x, 3), round(b.y - a.y, 3)), []).append(trip)
    number = 1000 * hand
    for step, alike in sorted(steps.items()):
        one = len(alike) > 1 and math.hypot(*step) < 1.5 and chooser.chance(habits.together)
        for motion in [alike] if one else [[trip] for trip in alike]:
            number += 1
            chains.append(_motion_chain(motion, hand, number))
    return chains


def _motion_chain(motion: Sequence[Journey], hand: int, group: int) -> list[Act]:
    """The lifts of a motion's stones, then their landings, as one chain."""
    lifts, puts = [], []
    for trip in motion:
        assert trip.source is not None and trip.target is not None
        lifts.append(Act(hand, LiftStone(trip.source), trip.held, group=group))
        puts.append(Act(hand, PutStone(trip.target, trip.held, trip.stone), group=group))
    return lifts + puts


def plan_bodies(
    before: Layout,
    after: Layout,
    touchable: Iterable[Spot],
    geometry: Geometry,
    *,
    chooser: Chooser,
    habits: Habits,
    hand: int = 0,
) -> list[list[Act]]:
    """One hand's acts taking the stones from ``before`` to ``after``: ``orders``'
    journeys and waypoints, then the way each stone travels."""
    cells = frozenset(place.spot for place in geometry.cells)
    trips = journeys(before, after, touchable, chooser=chooser, habits=habits, cells=cells)
    trips = with_waypoints(trips, before, after, chooser=chooser, habits=habits, cells=cells)
    trips = with_ways(trips, before, after, chooser=chooser, habits=habits, geometry=geometry)
    return motion_acts(trips, hand, chooser=chooser, habits=habits, geometry=geometry)


def hold_point(acts: Sequence[Act], chooser: Chooser) -> int | None:
    """Before which act a stone in the air is held ``habits.hold``: one that follows a
    lift (never in the middle of a slide: a stone at rest between two cells is no
    position)."""
    lifts = [
        i + 1
        for i, act in enumerate(acts[:-1])
        if isinstance(act.action, LiftStone) and act.group is None
    ]
    return lifts[chooser.index(len(lifts))] if lifts else None


@dataclass
class BodyPacer(Pacer):
    """Times a list of acts as a hand moves the stones as bodies over ``board``'s
    sensors: each sensor's readings come from the paths (``Reach``), and contact bounce
    and a knocked neighbour from the same sensors. ``steps`` may come out of time order
    (a carried stone's readings are known once its landing is): sort them by time."""

    board: Board | None = None

    def timed(
        self, acts: Sequence[Act], before: Layout, start: float, *, hold_at: int | None = None
    ) -> float:
        assert self.board is not None, "a BodyPacer needs the board's sensors"
        habits, chooser = self.habits, self.chooser
        self._table = Table(stacks_of(before), self.cells)
        self._emptied: dict[Spot, float] = {}  # when a cell's sensor let go of its stone
        self._landed: dict[Spot, float] = {}
        # the stones in the air, by hand and journey: where from, since when, how
        self._carried: dict[tuple[int, int], tuple[Spot, float, Lift]] = {}
        involved = {act.action.spot for act in acts}
        now = start
        if chooser.chance(habits.dither):
            occupied = sorted(spot for spot, stones in before.items() if stones)
            now = self._dither(now, [spot for spot in occupied if spot in self.cells])
        # each hand at its own pace: an act begins a pause after its own hand's last act
        # ended, and not before the act before it in the order began (a stone rolled by
        # one hand keeps the other neither waiting nor resting)
        last, busy = now, {0: now, 1: now}
        index = 0
        while index < len(acts):
            act = acts[index]
            now = max(last + 0.001, busy[act.hand] + self.pause())
            if index == hold_at:
                now += habits.hold
            if act.group is None:
                last = busy[act.hand] = self._one(act, now)
                index += 1
            else:
                motion = [act]
                while index + len(motion) < len(acts) and acts[index + len(motion)].group == (
                    act.group
                ):
                    motion.append(acts[index + len(motion)])
                last, busy[act.hand] = self._motion(motion, now)
                index += len(motion)
            if chooser.chance(habits.knock / max(len(acts), 1)):
                self._knock_body(busy[act.hand] + chooser.seconds(0.0, 0.1), involved)
        return max(busy.values())

    # --- the hand's own steps --------------------------------------------------------

    def _emit(self, at: float, action: HandAction, hand: int | None) -> None:
        self.steps.append(HandStep(at, action))
        if hand is not None:
            self.hands[id(self.steps[-1])] = hand

    def _reaches(self, changes: Sequence[Change], stone: Stone, hand: int | None) -> set[Spot]:
        """The changes as ``Reach`` steps; the sensors still reading at the end."""
        on: set[Spot] = set()
        for at, spot, reads in changes:
            self._emit(at, Reach(spot, stone, reads), hand)
            (on.add if reads else on.discard)(spot)
        return on

    def _lift(self) -> Lift:
        habits, chooser = self.habits, self.chooser
        return Lift(
            vertical_mm_s=chooser.seconds(*habits.vertical_mm_s),
            height_mm=chooser.seconds(*habits.carry_height_mm),
            carry_mm_s=chooser.seconds(*habits.carry_mm_s),
        )

    def _gap(self, spot: Spot, ahead: float) -> float:
        """The earliest a stone may come into reach of ``spot``'s sensor ``ahead`` of its
        landing: the cell stays empty ``swap_gap`` after its last stone left it."""
        left = self._emptied.get(spot)
        return -math.inf if left is None else left + self.habits.swap_gap - ahead

    def _one(self, act: Act, now: float) -> float:
        """A lift, a landing, a stone to or from the box: carried through the air."""
        board, action, hand = self.board, act.action, act.hand
        assert board is not None
        places, model, gap = board.places, board.model, self.habits.swap_gap
        if isinstance(action, LiftStone | Remove):
            spot = action.spot
            t = max(now, self._landed.get(spot, -math.inf) + gap)
            stone = self._table.stacks[spot][-1]
            lift = self._lift()
            if spot in places:
                self._emit(t, Reach(spot, stone, True), hand)
            self._emit(t, action, hand)
            released = t
            if isinstance(action, LiftStone) and act.trip is not None:
                self._carried[(hand, act.trip)] = (spot, t, lift)
                released = t + (lift.released(board) if spot in places else 0.0)
            elif spot in places:
                away = board.above(spot, model.release_mm + AWAY_MM)
                gone = at_rest(board.rest(spot), t).then(away, lift.vertical_mm_s)
                self._reaches(sensor_changes(model, places, gone), stone, hand)
                released = t + lift.released(board)
            self._emptied[spot] = released
            self._bounced(released, spot, landed=False)
            self._table.do(act)
            return t
        assert isinstance(action, PutStone | Supply)
        spot = action.spot
        held = action.held if isinstance(action, PutStone) else action.stone
        carried = None if act.trip is None else self._carried.pop((hand, act.trip), None)
        # a stone from the box, or from a place never seen lifted, comes from above
        source, t0, lift = (None, now, self._lift()) if carried is None else carried
        t = max(now, t0 + lift.least(board, source, spot))
        for _ in range(3):  # later, until the cell it lands on was seen empty long enough
            path = self._carry(action, lift, source, t0, t)
            changes = [] if path is None else sensor_changes(model, places, path)
            comes = next((at for at, near, reads in changes if near == spot and reads), t)
            late = self._gap(spot, 0.0) - comes
            if late <= 1e-9:
                break
            t += late
        on: set[Spot] = set()
        if path is not None:
            first = path.legs[0].start
            if source not in places:  # from the box or an unsensed tray: no lift seen
                for near in sorted(p for p in places if board.reads_at_rest(p, first)):
                    self._emit(path.start, Reach(near, held, True), hand)
            on = self._reaches(changes, held, hand)
        self._emit(t, action, hand)
        for near in sorted(on | ({spot} if spot in places else set())):
            self._emit(t, Reach(near, held, False), hand)
        self._landed[spot] = t
        self._bounced(t, spot, landed=True)
        self._table.do(act)
        return t

    def _carry(
        self, action: PutStone | Supply, lift: Lift, source: Spot | None, t0: float, t: float
    ) -> Path | None:
        """The way through the air of a stone landing at ``t`` (lifted at ``t0``)."""
        board = self.board
        assert board is not None
        spot = action.spot
        if isinstance(action, Supply) and spot in board.places:
            height = board.model.release_mm + AWAY_MM
            path = at_rest(board.above(spot, height), t - height / lift.vertical_mm_s)
            return path.then(board.rest(spot), lift.vertical_mm_s)
        return lift.carried(board, source, spot, t0, t)

    def _motion(self, motion: Sequence[Act], now: float) -> tuple[float, float]:
        """Stones slid or rolled over the surface in one motion, from cell to cell, all
        at one speed: they start as soon as each comes into reach of its new cell
        ``swap_gap`` after that cell's last stone left. Returns when they start and when
        they come to rest."""
        board, chooser, habits = self.board, self.chooser, self.habits
        assert board is not None
        model, places = board.model, board.places
        lifts = [act for act in motion if isinstance(act.action, LiftStone)]
        puts = [act for act in motion if isinstance(act.action, PutStone)]
        sources = {act.action.spot for act in lifts}
        speed = chooser.seconds(*habits.surface_mm_s)
        reach = model.reach_mm(model.operate_mm)
        pairs: list[tuple[Act, Act]] = []
        left = list(lifts)
        for put in puts:
            assert isinstance(put.action, PutStone)
            lift = next(act for act in left if act.expects == put.action.held)
            left.remove(lift)
            pairs.append((lift, put))
        t = now
        for lift, put in pairs:
            source, target = lift.action.spot, put.action.spot
            t = max(t, self._landed.get(source, -math.inf) + habits.swap_gap)
            if target not in sources:
                distance = math.dist(places[source], places[target])
                t = max(t, self._gap(target, max(distance - reach, 0.0) / speed))
        end = t
        for lift, put in pairs:
            assert isinstance(put.action, PutStone)
            stone = put.action.held
            source, target = lift.action.spot, put.action.spot
            self._emit(t, Reach(source, stone, True), lift.hand)
            self._emit(t, lift.action, lift.hand)
            self._table.do(lift)
            path = surface(board, (source, target), t, speed)
            changes = sensor_changes(model, places, path)
            on = self._reaches(changes, stone, lift.hand)
            gone = [at for at, spot, reads in changes if spot == source and not reads]
            self._emptied[source] = gone[0] if gone else path.end
            self._bounced(self._emptied[source], source, landed=False)
            self._emit(path.end, put.action, put.hand)
            for near in sorted(on | {target}):
                self._emit(path.end, Reach(near, stone, False), put.hand)
            self._landed[target] = path.end
            end = max(end, path.end)
        for _, put in pairs:
            self._table.do(put)
            self._bounced(end, put.action.spot, landed=True)
        return t, end

    # --- noise, from the same sensors ----------------------------------------------------

    def _bounced(self, at: float, spot: Spot, *, landed: bool) -> None:
        if spot in self.cells and self.chooser.chance(self.habits.bounce):
            self._bounce(at, spot, landed=landed)

    def _knock_body(self, at: float, involved: set[Spot]) -> None:
        """A neighbour of the move is knocked a few millimetres (or tipped up) and set
        back: its own sensor lets go only if the knock takes it past release, and an
        empty cell it comes near reads it meanwhile."""
        board, chooser, habits = self.board, self.chooser, self.habits
        assert board is not None
        stacks = self._table.stacks
        near = sorted(
            spot
            for spot in self.cells
            if stacks.get(spot)
            and spot not in involved
            and any(self._near(spot, other) for other in involved if other in self.cells)
        )
        if not near:
            return
        spot = near[chooser.index(len(near))]
        stone = stacks[spot][-1]
        pitch = board.model.pitch_mm
        low, high = habits.knock_mm
        path = knocked(
            board,
            spot,
            chooser.seconds(0.0, 2 * math.pi),
            min(chooser.seconds(low, high), 0.8 * pitch),
            at,
            speed_mm_s=chooser.seconds(*habits.knock_mm_s),
            rest_s=chooser.seconds(*habits.knock_rest),
            lifted_mm=chooser.seconds(0.0, 10.0) if chooser.chance(0.3) else 0.0,
        )
        for when, where, reads in sensor_changes(board.model, board.places, path):
            if where == spot:
                self.steps.append(HandStep(when, Force(spot, None if reads else EMPTY)))
            elif where in self.cells and not stacks.get(where) and where not in involved:
                self.steps.append(HandStep(when, Reach(where, stone, reads)))


def physical_steps(
    before: Layout,
    after: Layout,
    touchable: frozenset[Spot],
    board: Board,
    geometry: Geometry,
    *,
    chooser: Chooser,
    habits: Habits,
    start: float,
    sensed: frozenset[Spot] | None = None,
    hold: bool = False,
) -> list[HandStep]:
    """One hand taking the stones from ``before`` to ``after`` as bodies over ``board``'s
    sensors, in an order, a pace and ways drawn from every one it may use (the bench's
    drawn moves); sorted by time."""
    cells = frozenset(place.spot for place in geometry.cells)
    chains = plan_bodies(before, after, touchable, geometry, chooser=chooser, habits=habits)
    acts = ordered([chains], before, cells, chooser, sensed)
    hold_at = hold_point(acts, chooser) if hold else None
    pacer = BodyPacer(geometry, chooser, habits, board=board)
    pacer.timed(acts, before, start, hold_at=hold_at)
    return sorted(pacer.steps, key=lambda step: step.at)
