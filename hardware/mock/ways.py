"""The way each stone of a drawn move travels, for the hands that move stones as bodies
(``hardware.mock.moving``): ``orders`` draws which stone goes where and in which order;
this draws whether a stone is lifted and carried, slid over the surface or rolled along
its groove, and whether stones that make the same step (a line of marbles, a broadside)
are pushed as one motion. How long each way takes, and what the sensors read of it, is
the pacer's (``moving.BodyPacer``).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import replace

from engine.game import Layout
from engine.geometry import Geometry
from engine.physical import Spot
from hardware.mock.hands import LiftStone, PutStone
from hardware.mock.orders import (
    Act,
    Chooser,
    Habits,
    Journey,
    Way,
    acts_of,
    between,
    journeys,
    with_waypoints,
)


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
