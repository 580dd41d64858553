"""The one pair of simulated hands the front ends share: a typed or dragged command
(lift, place, move, turn over, drop, play a move) becomes timed hand steps.

The terminal (``firmware_host/terminal/app.py``) and the page
(``firmware_host/web/sessions/simulated.py``) both call ``Gestures``; each runs the
steps its own way (the terminal at once through ``Simulation.run``, the page on
the event loop's clock), but what a hand does, and how fast, is decided here.

Where a captured piece goes is read from the rules, as the front ends did before
(``capture_destination``): a piece put on an occupied cell first takes the piece
there where a legal move making that capture sends it (a stand, turned to its
new owner, or the box); when no legal move makes it, the hand keeps the piece,
so the player can put it back (a piece thrown into the box could not be).

**One timing** (``Pace``). The two front ends used to differ: the terminal let the
board settle between the lift and the place of one ``move`` (the board saw a
piece held up for the whole settle time) and waited 0.1 s after a capture; the
page ran a move as one gesture, 0.08 s between its actions, and turned a piece
over by lifting it and putting it down. A player's move is one gesture that
never rests as long as the settle time (the promise ``hands.py`` keeps for the
noisy hands too), so both now run every gesture at ``Pace.human()``: 0.08 s
between its actions, whole moves (``play``) at the same step. The terminal still
lets the board settle after each command, since its commands are typed apart;
``Pace.instant()`` is for tests that look at the world alone.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from engine.game import Layout, Position
from engine.physical import Spot, Stone
from engine.said import N_, NP_, Said, SpotWord, Term, plural_said, said
from hardware.mock.hands import HandAction, Hands, HandStep, LiftStone, PutStone, Remove
from hardware.mock.world import SimulatedWorld, WorldError
from hardware.orientation import SpotTurn

NOT_HELD = NP_(
    "the hand holds {count} piece (0); there is no piece {held}",
    "the hand holds {count} pieces (0 to {last}); there is no piece {held}",
)
"""Why the hand cannot put down the piece it was told to: it holds fewer, numbered
from 0."""


def _not_held(count: int, held: int) -> Said:
    return plural_said(NOT_HELD, count=count, last=count - 1, held=held)


class GestureError(WorldError):
    """A gesture the hand cannot make; ``part`` names the word of the command at fault
    (``spot``, ``from``, ``held``), for a front end that points at it."""

    def __init__(self, message: str | Said, part: str = "spot") -> None:
        super().__init__(message)
        self.part = part


@dataclass(frozen=True, slots=True)
class CaptureDestination:
    """Where a captured stone goes: onto ``spot`` as ``stone`` (a stand, turned to its
    new owner), or into the box when ``spot`` is None."""

    spot: Spot | None = None
    stone: Stone | None = None


def capture_destination(
    position: Position[Any], mover: Stone, origin: Spot | None, target: Spot
) -> CaptureDestination | None:
    """Where the stone on ``target`` goes when ``mover`` (from ``origin``, if known)
    lands there, as a legal move that takes it says; None when no legal move does."""
    before = position.layout()
    probe = position.copy()
    for move in list(probe.legal_moves()):
        probe.push(move)
        try:
            after = probe.layout()
        finally:
            probe.pop()
        arrived = after.get(target, ())
        if not arrived or (arrived[-1].kind, arrived[-1].owner) != (mover.kind, mover.owner):
            continue
        if arrived == before.get(target, ()):
            continue
        if origin is not None and after.get(origin, ()) == before.get(origin, ()):
            continue
        for spot, stones in after.items():
            if spot != target and len(stones) > len(before.get(spot, ())):
                return CaptureDestination(spot, stones[-1])
        return CaptureDestination()
    return None


@dataclass(frozen=True, slots=True)
class Pace:
    """Seconds between one action of a gesture and the next: below the settle time, so
    a gesture is seen whole."""

    step: float

    @classmethod
    def human(cls) -> Pace:
        return cls(0.08)

    @classmethod
    def instant(cls) -> Pace:
        return cls(0.0)


@dataclass
class Gestures:
    """The hands of a simulated board's player. Each method plans one gesture against
    the world as it stands and returns its steps from ``start``; the caller runs
    them. ``orientation``: the board's half turn, so a game's layout is put where
    the pieces physically stand."""

    world: SimulatedWorld
    hands: Hands
    pace: Pace = field(default_factory=Pace.human)
    orientation: SpotTurn | None = None
    _lifted: list[tuple[Stone, Spot]] = field(default_factory=list)
    """Each stone lifted and where from: a stone put down on a cell may capture there."""

    # --- gestures --------------------------------------------------------------------

    def lift(self, spot: Spot, start: float) -> list[HandStep]:
        """Take the top stone of ``spot`` into the hand."""
        self._check(spot)
        stack = self.world.stacks.get(spot)
        if not stack:
            raise GestureError(said(N_("there is nothing on {spot} to lift"), spot=SpotWord(spot)))
        self._forget_put_down()
        self._lifted.append((stack[-1], spot))
        return self._timed(start, [LiftStone(spot)])

    def place(
        self,
        position: Position[Any],
        spot: Spot,
        start: float,
        *,
        held: int | None = None,
        turned: bool = False,
    ) -> list[HandStep]:
        """Put down the stone lifted last, or the hand's stone ``held`` (0 first),
        turned over when ``turned``; a stone on the cell is taken first."""
        hand = self.world.held
        if not hand:
            raise GestureError(
                said(N_("the hand holds nothing to place on {spot}"), spot=SpotWord(spot))
            )
        if held is not None and not 0 <= held < len(hand):
            raise GestureError(_not_held(len(hand), held), "held")
        self._check(spot)
        stone = hand[len(hand) - 1 if held is None else held]
        origin = self._origin(stone)
        return self._timed(start, self._put(position, stone, origin, spot, turned=turned))

    def move(
        self,
        position: Position[Any],
        source: Spot,
        target: Spot,
        start: float,
        *,
        turned: bool = False,
    ) -> list[HandStep]:
        """Lift the top stone of ``source`` and put it on ``target`` in one gesture."""
        for spot, part in ((source, "from"), (target, "to")):
            self._check(spot, part)
        stack = self.world.stacks.get(source)
        if not stack:
            raise GestureError(
                said(N_("there is nothing on {spot} to move"), spot=SpotWord(source)), "from"
            )
        mover = stack[-1]
        actions: list[HandAction | None] = [LiftStone(source)]
        if source == target:
            actions.append(PutStone(target, mover, _turned(mover, turned)))
        else:
            actions += self._put(position, mover, source, target, turned=turned)
        return self._timed(start, actions)

    def flip(self, spot: Spot, start: float) -> list[HandStep]:
        """Turn the top stone of ``spot`` over: lifted, and put down the other face up."""
        self._check(spot)
        stack = self.world.stacks.get(spot)
        if not stack:
            raise GestureError(
                said(N_("there is nothing on {spot} to turn over"), spot=SpotWord(spot))
            )
        stone = stack[-1]
        return self._timed(start, [LiftStone(spot), PutStone(spot, stone, _turned(stone, True))])

    def drop(
        self, position: Position[Any], kind: str, target: Spot, start: float
    ) -> list[HandStep]:
        """Take a stone of ``kind`` from a stand of the side to move and put it on
        ``target``."""
        self._check(target, "to")
        for place in position.game.geometry.off_board:
            stack = self.world.stacks.get(place.spot)
            if (
                stack
                and stack[-1].kind.upper() == kind.upper()
                and stack[-1].owner == position.turn
            ):
                return self.move(position, place.spot, target, start)
        raise GestureError(
            said(N_("no {kind} on the stand of the side to move"), kind=kind), "kind"
        )

    def play(self, position: Position[Any], move: Any, start: float) -> list[HandStep]:
        """A whole legal move: every stone it moves, captures, pushes or brings, at
        this pace and with the noise of ``hands``."""
        after = position.copy()
        after.push(move)
        return self.bring_to(after.layout(), start)

    def bring_to(self, layout: Layout, start: float) -> list[HandStep]:
        """Move the stones until they stand as a game's ``layout`` (a move, a takeback)."""
        step = (self.pace.step, self.pace.step)
        paced = replace(self.hands, pause=step)  # the same rng: one stream of noise
        return paced.perform(self.world, self.physical(layout), start)

    def physical(self, layout: Layout) -> Layout:
        """Where a game's layout stands on the board (across the half turn, if any)."""
        turn = self.orientation
        if turn is None or not turn.turned:
            return layout
        return {turn.spot(spot): stones for spot, stones in layout.items()}

    # --- the parts of a gesture ----------------------------------------------------------

    def _put(
        self,
        position: Position[Any],
        mover: Stone,
        origin: Spot | None,
        target: Spot,
        *,
        turned: bool,
    ) -> list[HandAction | None]:
        """Put a held stone on ``target``; a stone on a board cell there is first taken
        where the rules send it (else into the hand). None is a beat of the hand."""
        actions: list[HandAction | None] = []
        occupant = self.world.stacks.get(target)
        if occupant and target in frozenset(self.world.game.cells):
            victim = occupant[-1]
            destination = capture_destination(
                position,
                mover,
                None if origin is None else self._across(origin),
                self._across(target),
            )
            if destination is not None and destination.spot is not None:
                assert destination.stone is not None
                stand = self._across(destination.spot)
                actions += [LiftStone(target), PutStone(stand, victim, destination.stone)]
            elif destination is not None:
                actions += [Remove(target), None]
            else:  # no rule takes it: the hand keeps it, to be put down anywhere
                self._lifted.append((victim, target))
                actions += [LiftStone(target), None]
        actions.append(PutStone(target, mover, _turned(mover, turned)))
        return actions

    def _timed(self, start: float, actions: list[HandAction | None]) -> list[HandStep]:
        """The actions a step apart from ``start``; None holds a step with nothing."""
        return [
            HandStep(start + index * self.pace.step, action)
            for index, action in enumerate(actions)
            if action is not None
        ]

    def _check(self, spot: Spot, part: str = "spot") -> None:
        if spot not in self.world.game.spots:
            alien = said(
                N_("{spot} is not a spot of {game}"),
                spot=repr(spot),
                game=Term(self.world.game.title),
            )
            raise GestureError(alien, part)

    def _across(self, spot: Spot) -> Spot:
        """A spot across the board's half turn, either way (the turn is its own inverse):
        where the pieces stand as the game names it, and back."""
        if self.orientation is None:
            return spot
        return self.orientation.spot(spot)

    def _origin(self, stone: Stone) -> Spot | None:
        """Where the held ``stone`` was lifted from (forgotten now that it is put down)."""
        self._forget_put_down()
        for index in range(len(self._lifted) - 1, -1, -1):
            if self._lifted[index][0] == stone:
                return self._lifted.pop(index)[1]
        return None

    def _forget_put_down(self) -> None:
        """Keep only the stones the hand still holds (a new game empties the hand)."""
        held = list(self.world.held)
        kept: list[tuple[Stone, Spot]] = []
        for stone, spot in reversed(self._lifted):
            if stone in held:
                held.remove(stone)
                kept.append((stone, spot))
        self._lifted = kept[::-1]


def _turned(stone: Stone, turned: bool) -> Stone:
    return replace(stone, flipped=not stone.flipped) if turned else stone
