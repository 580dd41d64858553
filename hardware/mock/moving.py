"""The drawn hands of ``orders`` moving stones as bodies over the board's sensors.

``orders`` draws which stone goes where and in which order the hands lift and land
them, ``ways`` how each travels (lifted and carried, slid over the surface, a marble
rolled along its groove, a line of marbles or a broadside pushed as one); this module
times each journey as a path in space (``hardware.mock.physics``). The cells'
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
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace

from engine.game import Layout
from engine.geometry import Geometry
from engine.physical import EMPTY, NORTH, PRESENT, SOUTH, Reading, Spot, Stone
from hardware.magnetics.build import Body as BodyKind
from hardware.magnetics.magnets import Magnet, Pose
from hardware.magnetics.vectors import UP, Rotation, Vec, about, compose, taking
from hardware.mock.hands import (
    HandAction,
    HandStep,
    LiftStone,
    PutStone,
    Quiet,
    Remove,
    Sense,
    Supply,
)
from hardware.mock.orders import (
    Act,
    Chooser,
    Habits,
    Pacer,
    Table,
    ordered,
    stacks_of,
)
from hardware.mock.physics import (
    ASIDE,
    Board,
    Body,
    Lift,
    Path,
    Turning,
    at_rest,
    knocked,
    surface,
)
from hardware.mock.ways import hold_point, plan_bodies
from hardware.mock.world import CENTRED, Rest

SETTLED = 1e-6
"""Seconds after the last stone came to rest that the cells go back to reading their
stones (after, never at the same instant as, the hands' last step)."""

AWAY_MM = 10.0
"""How far past its release distance a stone taken to the box, or brought from it,
comes: out of every sensor's reach."""


@dataclass
class BodyPacer(Pacer):
    """Times a list of acts as a hand moves the stones as bodies over ``board``'s
    sensors: each stone's way is a path in space (``Body``), its magnet turning as the
    stone turns, and once every way is known the board's sensors read them all at once,
    their fields added with those of the stones at rest (``Board.sense``). Contact bounce
    stays a forced chatter of the contacts. ``steps`` may come out of time order: sort
    them by time."""

    board: Board | None = None
    rests: Mapping[Spot, Rest] = field(default_factory=dict)
    north: Callable[[Stone], bool] = lambda stone: not stone.flipped
    frame: Mapping[Spot, Reading] | None = None  # what the board reads as the hands begin
    final_frame: dict[Spot, Reading] = field(default_factory=dict)  # ... once they are done

    @property
    def lying(self) -> dict[Spot, Rest]:
        """How the stones lie once the hands are done."""
        return dict(self._lying)

    def timed(
        self, acts: Sequence[Act], before: Layout, start: float, *, hold_at: int | None = None
    ) -> float:
        assert self.board is not None, "a BodyPacer needs the board's sensors"
        habits, chooser = self.habits, self.chooser
        self._table = Table(stacks_of(before), self.cells)
        self._before = before
        self._emptied: dict[Spot, float] = {}  # when a cell's sensor let go of its stone
        self._landed: dict[Spot, float] = {}
        self._bodies: list[tuple[Spot | None, Body]] = []  # each way, and the cell it left
        # the ways that set a stone down on each cell, until a later way takes it up
        self._resting: dict[Spot, list[int]] = {}
        self._hand_of: dict[int, int | None] = {}  # each way's hand (None: a knock)
        self._knocks: list[int] = []  # which of them are knocked neighbours
        self._logical: list[tuple[float, Spot]] = []  # when the hands changed a cell
        self._lying: dict[Spot, Rest] = dict(self.rests)  # how each stone lies now
        # the stones in the air, by hand and journey: where from, since when, how
        self._carried: dict[tuple[int, int], tuple[Spot, float, Lift, Rest]] = {}
        involved = {act.action.spot for act in acts}
        now = start
        if chooser.chance(habits.dither):
            occupied = sorted(spot for spot, stones in before.items() if stones)
            now = self._dither(now, [spot for spot in occupied if spot in self.cells])
        # each hand at its own pace: an act begins a pause after its own hand's last act
        # ended, and not before the act before it in the order began (a stone rolled by
        # one hand keeps the other neither waiting nor resting)
        last, busy = now, {0: now, 1: now}
        resting: dict[int, float] = {}  # a hand's stone set down on its way: since when
        index = 0
        while index < len(acts):
            act = acts[index]
            pause = self.pause()
            if act.hand in resting:
                pause = min(
                    pause, max(0.0, resting[act.hand] + habits.waypoint_rest - busy[act.hand])
                )
            now = max(last + 0.001, busy[act.hand] + pause)
            if index == hold_at:
                now += habits.hold
            if act.group is None:
                last = busy[act.hand] = self._one(act, now)
                index += 1
                if act.stop and isinstance(act.action, PutStone):
                    resting[act.hand] = last
                elif act.stop:
                    resting.pop(act.hand, None)
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
        for key in sorted(self._carried):
            spot, since, lift, rest = self._carried[key]
            stone = self._held_from(spot)
            if stone is not None and spot in self.board.places:
                rotation = self._rotation(rest, stone)
                self._add(
                    spot,
                    stone,
                    lift.rise(self.board, spot, since, rest.offset_mm),
                    Turning(rotation, rotation),
                    key[0],
                )
        self._sense()
        return max(busy.values())

    def _held_from(self, spot: Spot) -> Stone | None:
        """The stone a hand took up from ``spot`` and still holds."""
        stones = self._before.get(spot)
        return stones[-1] if stones else None

    # --- the hand's own steps --------------------------------------------------------

    def _emit(self, at: float, action: HandAction, hand: int | None) -> None:
        self.steps.append(HandStep(at, action))
        if hand is not None:
            self.hands[id(self.steps[-1])] = hand
        if isinstance(action, LiftStone | PutStone | Remove | Supply):
            self._logical.append((at, action.spot))

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

    def _magnet(self, spot: Spot, stone: Stone) -> tuple[Rest, Rotation]:
        """How a stone on ``spot`` lies, and its magnet's turn."""
        board = self.board
        assert board is not None
        rest = self._lying.get(spot, CENTRED)
        return rest, self._rotation(rest, stone)

    def _rotation(self, rest: Rest, stone: Stone) -> Rotation:
        board = self.board
        assert board is not None
        if rest.rotation is not None:
            return rest.rotation
        return board.rotation(self.north(stone))

    def _landing(self, spot: Spot, stone: Stone, rolled: bool) -> Rest:
        """How a stone comes to lie on ``spot``: somewhere within the placement
        tolerance of its centre (a ball in its hole: the build's own tolerance), turned as
        its players turn it (a flat piece: one of its yaws, give or take its slack; a
        ball set down by hand: any way; a rolled one: as its roll leaves it, None here)."""
        board, chooser, habits = self.board, self.chooser, self.habits
        assert board is not None
        if spot not in board.sensors:
            return CENTRED
        build = board.build
        radius = build.tolerance_mm * habits.placement * math.sqrt(chooser.seconds(0.0, 1.0))
        angle = chooser.seconds(0.0, 2 * math.pi)
        offset = (radius * math.cos(angle), radius * math.sin(angle))
        piece = build.piece
        if piece.body is BodyKind.FLAT:
            yaw = piece.yaws[chooser.index(len(piece.yaws))]
            yaw += chooser.seconds(-piece.yaw_slack, piece.yaw_slack)
            return Rest(offset, build.rest_rotation(yaw, self.north(stone)))
        if piece.body is BodyKind.WEIGHTED_BALL or rolled:
            return Rest(offset, None)
        turn = taking(UP, lattice_point(chooser))
        return Rest(offset, compose(piece.mounted(), turn))

    def _one(self, act: Act, now: float) -> float:
        """A lift, a landing, a stone to or from the box: carried through the air."""
        board, action, hand = self.board, act.action, act.hand
        assert board is not None
        places, gap = board.places, self.habits.swap_gap
        if isinstance(action, LiftStone | Remove):
            spot = action.spot
            t = max(now, self._landed.get(spot, -math.inf) + gap)
            stone = self._table.stacks[spot][-1]
            lift = self._lift()
            rest = self._lying.pop(spot, CENTRED)
            self._emit(t, action, hand)
            released = t
            if spot in places:
                rotation = self._rotation(rest, stone)
                if isinstance(action, LiftStone) and act.trip is not None:
                    up = lift.rise(board, spot, t, rest.offset_mm)
                else:
                    away = board.above(spot, board.release_mm + AWAY_MM, rest.offset_mm)
                    up = at_rest(board.rest(spot, rest.offset_mm), t).then(away, lift.vertical_mm_s)
                    self._add(spot, stone, up, Turning(rotation, rotation), hand)
                gone = board.first_reading(
                    spot, Body(board.build.piece.magnet, up, Turning(rotation, rotation)), False
                )
                released = up.end if gone is None else gone
                if isinstance(action, LiftStone) and act.trip is not None:
                    # no other stone comes down on the cell before this one is aside
                    aside = ASIDE * board.build.pitch_mm / lift.carry_mm_s
                    released = max(released, up.end + aside)
            if isinstance(action, LiftStone) and act.trip is not None:
                self._carried[(hand, act.trip)] = (spot, t, lift, rest)
            self._emptied[spot] = released
            self._bounced(released, spot, landed=False)
            self._table.do(act)
            return t
        assert isinstance(action, PutStone | Supply)
        spot = action.spot
        held = action.held if isinstance(action, PutStone) else action.stone
        landing_stone = action.stone
        carried = None if act.trip is None else self._carried.pop((hand, act.trip), None)
        # a stone from the box, or from a place never seen lifted, comes from above
        if carried is None:
            source, t0, lift, rest = None, now, self._lift(), CENTRED
        else:
            source, t0, lift, rest = carried
        landing = self._landing(spot, landing_stone, rolled=False)
        t = max(now, t0 + lift.least(board, source, spot))
        path = None
        before = self._rotation(rest, held)
        after = self._rotation(landing, landing_stone)
        for _ in range(3):  # later, until the cell it lands on was seen empty long enough
            path = self._carry(action, lift, source, (t0, t), (rest, landing))
            comes = t
            if path is not None:
                top = path.legs[1].t0 if len(path.legs) > 1 else path.start
                turning = Turning(before, after, swap=top)
                first = board.first_reading(
                    spot, Body(board.build.piece.magnet, path, turning), True
                )
                comes = t if first is None else first
            late = self._gap(spot, 0.0) - comes
            if late <= 1e-9:
                break
            t += late
        if path is not None:
            top = path.legs[1].t0 if len(path.legs) > 1 else path.start
            turning = Turning(before, after, swap=top)
            self._add(source if source in places else None, held, path, turning, hand)
            self._rests_on(spot)
        put = replace(action, rest=landing) if isinstance(action, PutStone) else action
        self._emit(t, put, hand)
        self._lying[spot] = landing
        self._landed[spot] = t
        self._bounced(t, spot, landed=True)
        self._table.do(act)
        return t

    def _carry(
        self,
        action: PutStone | Supply,
        lift: Lift,
        source: Spot | None,
        times: tuple[float, float],
        ends: tuple[Rest, Rest],
    ) -> Path | None:
        """The way through the air of a stone lifted at ``times[0]`` and landing at
        ``times[1]``, lying as ``ends`` say where it leaves and where it lands."""
        t0, t = times
        rest, landing = ends
        board = self.board
        assert board is not None
        spot = action.spot
        if isinstance(action, Supply) and spot in board.places:
            height = board.release_mm + AWAY_MM
            path = at_rest(
                board.above(spot, height, landing.offset_mm), t - height / lift.vertical_mm_s
            )
            return path.then(board.rest(spot, landing.offset_mm), lift.vertical_mm_s)
        return lift.carried(board, source, spot, t0, t, start=rest.offset_mm, end=landing.offset_mm)

    def _add(
        self,
        left: Spot | None,
        stone: Stone,
        path: Path,
        turning: Turning,
        hand: int | None = None,
    ) -> None:
        """A way of a stone's; where it left a cell this move's hands set it down on
        before, it is the same stone: it lay there from its landing to this way's start
        (the earlier way ends there, this one appears there)."""
        board = self.board
        assert board is not None
        magnet = board.build.piece.magnet
        body = Body(magnet, path, turning)
        # the latest way that set a stone down there before this one takes it up (the
        # next player's capturer may be planned first, landing there later)
        landed = [
            index
            for index in (self._resting.get(left, []) if left is not None else [])
            if self._bodies[index][1].path.end <= path.start + 1e-9
        ]
        if left is not None and landed:
            earlier = max(landed, key=lambda index: self._bodies[index][1].path.end)
            self._resting[left].remove(earlier)
            before = self._bodies[earlier][1]
            self._bodies[earlier] = (
                self._bodies[earlier][0],
                replace(before, vanishes=path.start),
            )
            body = replace(body, appears=before.path.end)
        self._bodies.append((left, body))
        self._hand_of[len(self._bodies) - 1] = hand

    def _rests_on(self, spot: Spot) -> None:
        """The last way added sets its stone down on ``spot``."""
        self._resting.setdefault(spot, []).append(len(self._bodies) - 1)

    def _motion(self, motion: Sequence[Act], now: float) -> tuple[float, float]:
        """Stones slid or rolled over the surface in one motion, from cell to cell, all
        at one speed: they start as soon as each comes into reach of its new cell
        ``swap_gap`` after that cell's last stone left. Returns when they start and when
        they come to rest."""
        board, chooser, habits = self.board, self.chooser, self.habits
        assert board is not None
        places = board.places
        lifts = [act for act in motion if isinstance(act.action, LiftStone)]
        puts = [act for act in motion if isinstance(act.action, PutStone)]
        sources = {act.action.spot for act in lifts}
        speed = chooser.seconds(*habits.surface_mm_s)
        slip = chooser.seconds(*habits.slip)
        reach = board.model.departs_mm
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
        build = board.build
        for lift, put in pairs:
            assert isinstance(put.action, PutStone)
            held, stone = put.action.held, put.action.stone
            source, target = lift.action.spot, put.action.spot
            rest = self._lying.pop(source, CENTRED)
            before = self._rotation(rest, held)
            self._emit(t, lift.action, lift.hand)
            self._table.do(lift)
            landing = self._landing(target, stone, rolled=True)
            path = surface(
                board,
                (board.rest(source, rest.offset_mm), board.rest(target, landing.offset_mm)),
                t,
                speed,
            )
            if build.piece.rolls:
                free = Body(
                    build.piece.magnet, path, Turning(before, before, rolls=True, slip=slip)
                )
                after = free.moving(board).pose_at(path.end).rotation
                rights = build.piece.body is BodyKind.WEIGHTED_BALL
                if rights:
                    after = board.rotation(self.north(stone))  # it rights itself at rest
                landing = Rest(landing.offset_mm, after)
                turning = Turning(before, after, rolls=True, slip=slip, rights=rights)
                self._add(source, held, path, turning, lift.hand)
                self._rests_on(target)
            else:
                after = before
                if self.north(stone) != self.north(held):
                    # promoted on its way: the hand turns it over as it comes to rest
                    after = compose(before, about((1.0, 0.0, 0.0), math.pi))
                landing = Rest(landing.offset_mm, after)
                turning = Turning(before, after, swap=path.end)
                self._add(source, held, path, turning, lift.hand)
                self._rests_on(target)
            self._emptied[source] = t + min(reach, path.travelled(path.end)) / speed
            self._bounced(self._emptied[source], source, landed=False)
            self._emit(path.end, replace(put.action, rest=landing), put.hand)
            self._lying[target] = landing
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
        back: its own sensor and its neighbours' read what its field then makes them."""
        board, chooser, habits = self.board, self.chooser, self.habits
        assert board is not None
        stacks = self._table.stacks
        near = sorted(
            spot
            for spot in self.cells
            if stacks.get(spot)
            and spot not in involved
            and spot in board.sensors
            and any(self._near(spot, other) for other in involved if other in self.cells)
        )
        if not near:
            return
        spot = near[chooser.index(len(near))]
        stone = stacks[spot][-1]
        rest, rotation = self._magnet(spot, stone)
        pitch = board.build.pitch_mm
        low, high = habits.knock_mm
        path = knocked(
            board,
            board.rest(spot, rest.offset_mm),
            chooser.seconds(0.0, 2 * math.pi),
            min(chooser.seconds(low, high), 0.8 * pitch),
            at,
            speed_mm_s=chooser.seconds(*habits.knock_mm_s),
            rest_s=chooser.seconds(*habits.knock_rest),
            lifted_mm=chooser.seconds(0.0, 10.0) if chooser.chance(0.3) else 0.0,
        )
        self._add(spot, stone, path, Turning(rotation, rotation))
        self._knocks.append(len(self._bodies) - 1)
        self._rests_on(spot)

    # --- what the sensors read -------------------------------------------------------------

    def _sense(self) -> None:
        """Every cell's readings while the bodies move, their fields added with those of
        the stones at rest (``_settle`` then ends them)."""
        board = self.board
        assert board is not None
        self.final_frame = dict(self.frame) if self.frame is not None else {}
        if not self._bodies:
            return
        moving_from = {left for left, _ in self._bodies if left is not None}
        still = []
        for spot, stones in self._before.items():
            if not stones or spot in moving_from or spot not in board.sensors:
                continue
            rest, rotation = self._magnet_before(spot, stones[-1])
            still.append(
                (board.build.piece.magnet, Pose(board.rest(spot, rest.offset_mm), rotation))
            )
        frame = {
            spot: self.frame.get(spot, EMPTY) if self.frame is not None else self._reads(spot)
            for spot in board.sensors
        }
        changes, _ = board.sense(frame, still, [body for _, body in self._bodies])
        notes = self._quiet(frame, still, changes) if self._knocks else []
        # a knock's note goes before the change it explains, its end after: a judge of
        # the hands sees both at once
        for at, spot, quiet in notes:
            if quiet is not None:
                self.steps.append(HandStep(at, Quiet(spot, quiet)))
        for at, spot, reading in changes:
            self._emit(at, Sense(spot, reading), self._whose(spot, at))
        for at, spot, quiet in notes:
            if quiet is None:
                self.steps.append(HandStep(at, Quiet(spot, None)))
        self._settle(frame, changes)

    def _settle(
        self, frame: Mapping[Spot, Reading], changes: Sequence[tuple[float, Spot, Reading]]
    ) -> None:
        """After each of the hands' own changes of a cell, what it reads then (a lift or a
        landing tells the world about the stones, not the sensors); once every stone lies
        still and the hands' last step is done, each cell back to reading its stones
        where they read alike (a dead piece or a phantom keeps what the fields say)."""
        board = self.board
        assert board is not None
        end = max([body.path.end for _, body in self._bodies] + [when for when, _ in self._logical])
        end += SETTLED
        timeline = sorted(changes, key=lambda change: change[0])
        for when, spot in sorted(self._logical):
            if spot not in board.sensors:
                continue
            now = frame.get(spot, EMPTY)
            for at, where, reading in timeline:
                if at > when:
                    break
                if where == spot:
                    now = reading
            self.steps.append(HandStep(when, Sense(spot, now)))
        readings = dict(frame)
        for _, spot, reading in timeline:
            readings[spot] = reading
        self.final_frame = readings
        touched = {spot for _, spot, _ in changes} | {spot for _, spot in self._logical}
        for spot in sorted(touched & board.sensors.keys()):
            lying = self._table.stacks.get(spot)
            stones_read = self._stone_reading(lying[-1]) if lying else EMPTY
            lasting = None if readings[spot] == stones_read else readings[spot]
            self.steps.append(HandStep(end, Sense(spot, lasting)))

    def _quiet(
        self,
        frame: Mapping[Spot, Reading],
        still: Sequence[tuple[Magnet, Pose]],
        changes: Sequence[tuple[float, Spot, Reading]],
    ) -> list[tuple[float, Spot, Reading | None]]:
        """Where the knocked neighbours alone make a cell read otherwise, what it would
        read without them (``Quiet``; None once it reads alike again): the knock is noise,
        not the hands' move."""
        board = self.board
        assert board is not None
        rest = [body for index, (_, body) in enumerate(self._bodies) if index not in self._knocks]
        resting = [*still]
        for index in self._knocks:
            moving = self._bodies[index][1].moving(board)
            resting.append((moving.magnet, moving.pose_at(moving.start)))
        quiet, _ = board.sense(frame, resting, rest) if rest else ([], {})
        real: dict[Spot, Reading] = dict(frame)
        alone: dict[Spot, Reading] = dict(frame)
        differ: set[Spot] = set()
        notes: list[tuple[float, Spot, Reading | None]] = []
        events = sorted(
            [(at, spot, reading, True) for at, spot, reading in changes]
            + [(at, spot, reading, False) for at, spot, reading in quiet],
            key=lambda event: event[0],
        )
        index = 0
        while index < len(events):
            at = events[index][0]
            touched: set[Spot] = set()
            while index < len(events) and events[index][0] == at:
                _, spot, reading, is_real = events[index]
                (real if is_real else alone)[spot] = reading
                touched.add(spot)
                index += 1
            for spot in sorted(touched):
                if real.get(spot, EMPTY) != alone.get(spot, EMPTY):
                    notes.append((at, spot, alone.get(spot, EMPTY)))
                    differ.add(spot)
                elif spot in differ:
                    notes.append((at, spot, None))
                    differ.discard(spot)
        return notes

    def _whose(self, spot: Spot, at: float) -> int | None:
        """The hand whose stone made ``spot`` change at ``at``: the nearest stone on its
        way there (a knocked neighbour's is nobody's)."""
        board = self.board
        assert board is not None
        x, y = board.places[spot]
        best: tuple[float, int | None] = (board.near_mm, None)
        for index, (_, body) in enumerate(self._bodies):
            if index in self._knocks or not (body.path.start <= at <= body.path.end):
                continue
            px, py, pz = body.path.at(at)
            distance = math.dist((px, py, pz), (x, y, 0.0))
            if distance <= best[0]:
                best = (distance, self._hand_of.get(index))
        return best[1]

    def _magnet_before(self, spot: Spot, stone: Stone) -> tuple[Rest, Rotation]:
        rest = self.rests.get(spot, CENTRED)
        return rest, self._rotation(rest, stone)

    def _reads(self, spot: Spot) -> Reading:
        stones = self._before.get(spot)
        return self._stone_reading(stones[-1]) if stones else EMPTY

    def _stone_reading(self, stone: Stone) -> Reading:
        """What a stone alone reads, as the board's sensing tells it."""
        board = self.board
        assert board is not None
        if not board.build.polar:
            return PRESENT
        return NORTH if self.north(stone) else SOUTH


def lattice_point(chooser: Chooser) -> Vec:
    """A direction drawn uniformly over the sphere."""
    z = chooser.seconds(-1.0, 1.0)
    angle = chooser.seconds(0.0, 2 * math.pi)
    r = math.sqrt(max(1.0 - z * z, 0.0))
    return (r * math.cos(angle), r * math.sin(angle), z)


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
    rests: Mapping[Spot, Rest] | None = None,
    frame: Mapping[Spot, Reading] | None = None,
    north: Callable[[Stone], bool] | None = None,
) -> list[HandStep]:
    """One hand taking the stones from ``before`` to ``after`` as bodies over ``board``'s
    sensors, in an order, a pace and ways drawn from every one it may use (the bench's
    drawn moves); sorted by time. ``rests``: how the stones lie as the hands begin,
    ``frame``: what the board reads then, ``north``: whether a stone shows its north
    pole (the game's reading under polarity sensing)."""
    cells = frozenset(place.spot for place in geometry.cells)
    chains = plan_bodies(before, after, touchable, geometry, chooser=chooser, habits=habits)
    acts = ordered([chains], before, cells, chooser, sensed)
    hold_at = hold_point(acts, chooser) if hold else None
    pacer = BodyPacer(
        geometry,
        chooser,
        habits,
        board=board,
        rests=rests or {},
        frame=frame,
        north=north or (lambda stone: not stone.flipped),
    )
    pacer.timed(acts, before, start, hold_at=hold_at)
    return sorted(pacer.steps, key=lambda step: step.at)
