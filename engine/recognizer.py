"""Seeing moves on a physical board, for every game, from spots and readings alone.

A move is recognised from the *settled* board, never from the order of events:
every debounced frame is diffed against the position's expected frame, and the
legal moves that make exactly that change are looked up (``MoveIndex``, asked
lazily by the spots that changed). The hand's path only breaks ties, through the
touched set. See DESIGN.md, "Recognition".

The recognizer never changes the position. It answers with an assessment; the
controller commits, prompts or lights the board, then calls ``reset`` with the
new position.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from engine.game import Position
from engine.move_index import DiffKey, IndexedMove, MoveIndex
from engine.physical import EMPTY, Footprint, Frame, Reading, Sensing, Spot, frame_diff

M = TypeVar("M", bound=Hashable)

EPSILON = 1e-6  # seconds: times that differ by less are the same instant


@dataclass(frozen=True, slots=True)
class Timing:
    """How long the board must rest before the recognizer acts, in seconds.

    ``settle``: a matching board must stay unchanged this long before a move is
    committed or a prompt shown, so that a hand still moving is not judged.
    ``grace``: an unexplained board is "in progress" this long before the
    correction guide starts. ``tap``: a piece lifted and put back within this
    time asks for its hints. ``extend``: a board that shows a move which another
    legal move continues (a robot that may eat further tokens) must rest this long
    instead, or be confirmed with a button. ``blitz``: a move the board has shown
    this long is committed at once when the other side starts its reply (longer
    than a sliding piece rests on a cell it only passes). ``forced``: the only legal
    move, when the board cannot show it (a lost turn), is announced this long and
    then played, so the players see why the turn passes.
    """

    settle: float = 0.4
    grace: float = 3.0
    tap: float = 1.0
    extend: float = 2.5
    blitz: float = 0.12
    forced: float = 1.5


@dataclass(frozen=True, slots=True)
class Hint:
    """Where the piece on ``spot`` may go: quiet destinations and captures."""

    spot: Spot
    destinations: frozenset[Spot]
    captures: frozenset[Spot]


@dataclass(frozen=True, slots=True)
class Correction:
    """One step back to the expected board: the piece to take away and where one belongs.

    ``take_from`` holds a piece that should not be there (or that shows the
    wrong face); ``put_on`` needs a piece reading ``reading``. Either may be
    None. ``remaining`` counts the spots that differ, this one included.
    """

    take_from: Spot | None
    put_on: Spot | None
    reading: Reading
    remaining: int


# --- assessments: what the board means right now ------------------------------


@dataclass(frozen=True, slots=True)
class Settled:
    """The board shows the position; nothing to do."""


@dataclass(frozen=True, slots=True)
class Tapped:
    """A piece was lifted and put straight back: show where it can go."""

    hints: tuple[Hint, ...]


@dataclass(frozen=True, slots=True)
class Moving:
    """A move is under way; the lifted pieces' destinations are lit.

    ``remaining``: when the board shows the beginning of a move that can only be
    finished one way (a parade of boats still to be taken off), the changes still
    to make, as (spot, reading it must come to).
    """

    hints: tuple[Hint, ...]
    remaining: tuple[tuple[Spot, Reading], ...] = ()


@dataclass(frozen=True, slots=True)
class Pending(Generic[M]):
    """The board shows a move but has not rested for the settle time yet."""

    candidates: tuple[M, ...]
    settles_at: float


@dataclass(frozen=True, slots=True)
class Commit(Generic[M]):
    """Exactly one move fits the settled board: play it."""

    move: M


@dataclass(frozen=True, slots=True)
class Ambiguous(Generic[M]):
    """Several moves fit the settled board: the player must choose (a prompt)."""

    candidates: tuple[M, ...]


@dataclass(frozen=True, slots=True)
class OffGuide(Generic[M]):
    """A legal move was made, but not the one the guide asked for."""

    moves: tuple[M, ...]
    guide: M


@dataclass(frozen=True, slots=True)
class TakebackOffer:
    """The settled board shows the position of ``plies`` moves ago."""

    plies: int


@dataclass(frozen=True, slots=True)
class IllegalMatch(Generic[M]):
    """The settled board shows a move the rules forbid, with the reason."""

    move: M
    reason: str


@dataclass(frozen=True, slots=True)
class OutOfStep:
    """The board has matched nothing for the grace period: guide it back."""

    correction: Correction


Assessment = (
    Settled
    | Tapped
    | Moving
    | Pending[M]
    | Commit[M]
    | Ambiguous[M]
    | OffGuide[M]
    | TakebackOffer
    | IllegalMatch[M]
    | OutOfStep
)


class Recognizer(Generic[M]):
    """Turns debounced frames into moves, prompts, hints and corrections."""

    def __init__(
        self,
        sensing: Sensing,
        sensed: Iterable[Spot],
        timing: Timing | None = None,
    ) -> None:
        self.sensing = sensing
        self.sensed: frozenset[Spot] = frozenset(sensed)
        self.timing = timing or Timing()
        self.guide: M | None = None
        self._position: Position[M] | None = None
        self._order: dict[Spot, int] = {}
        self._expected: dict[Spot, Reading] = {}
        self._history: tuple[dict[Spot, Reading], ...] = ()
        self._index: MoveIndex[M] | None = None
        self._frame: dict[Spot, Reading] = {}
        self._changed_at = 0.0  # the board last changed (corrections wait from it)
        self._rest_from = 0.0  # the board rests since: its last change or silence
        self._touched: set[Spot] = set()
        self._blind = False  # the sensors were silent mid-move: what was touched is unknown
        self._lifted_at: dict[Spot, float] = {}
        self._tapped: tuple[Hint, ...] = ()
        self._assessed_at = 0.0
        self._continuing = False  # the board shows a move a longer one may continue
        self._forced_at: float | None = None  # when the only, unseen move plays
        self._forced: M | None = None
        self._goes_on: dict[M, bool] = {}  # whether a shown move may go on, per position

    # --- position ------------------------------------------------------------

    def reset(self, position: Position[M], history: Sequence[Frame] = (), now: float = 0.0) -> None:
        """Index a new position; ``history`` holds the expected frames of earlier plies,
        the most recent first, for takeback detection."""
        self._position = position
        self._order = {spot: index for index, spot in enumerate(position.game.spots)}
        self._expected = self._sensed_part(position.expected_frame(self.sensing))
        self._history = tuple(self._sensed_part(frame) for frame in history)
        self._index = MoveIndex(position, self.sensing, self.sensed)
        self._goes_on = {}
        only = self._index.only_unseen if position.chance_moves() is None else None
        self._forced = only
        self._forced_at = None if only is None else now + self.timing.forced
        self._touched.clear()
        self._blind = False
        self._lifted_at.clear()
        self._tapped = ()
        self._changed_at = self._rest_from = now
        self._assessed_at = now
        self._continuing = False
        if not self._frame:
            self._frame = dict(self._expected)

    @property
    def expected(self) -> Frame:
        """What the sensed spots must read in the current position."""
        return self._expected

    @property
    def frame(self) -> Frame:
        return self._frame

    @property
    def forced(self) -> M | None:
        """The only legal move, which the board cannot show: it plays by itself."""
        return self._forced

    @property
    def unseen(self) -> tuple[M, ...]:
        """The legal moves the board cannot show (chosen with buttons or on the page)."""
        return () if self._index is None else self._index.unseen

    @property
    def index(self) -> MoveIndex[M]:
        assert self._index is not None, "reset() gives the recognizer its position"
        return self._index

    @property
    def touched(self) -> frozenset[Spot]:
        return frozenset(self._touched)

    def _sensed_part(self, frame: Frame) -> dict[Spot, Reading]:
        return {spot: reading for spot, reading in frame.items() if spot in self.sensed}

    def movable_spots(self) -> frozenset[Spot]:
        """The spots a legal move takes a piece from (after a roll: what may move)."""
        return frozenset(
            spot
            for spot, reading in self._expected.items()
            if reading != EMPTY and self.index.emptying(spot) != []
        )

    # --- frames ----------------------------------------------------------------

    def observe(self, frame: Frame, now: float, *, fresh: bool = False) -> None:
        """Take a new debounced frame of the sensed spots. A ``fresh`` frame, the first
        after the sensors were silent, counts as a change even where it reads as before:
        the board must rest again before anything is decided from it, and the pieces
        touched meanwhile are unknown (they tell no moves apart until the board is back
        to the position)."""
        new = self._sensed_part(frame)
        changed = {spot for spot in self.sensed if new.get(spot, EMPTY) != self._frame.get(spot)}
        if fresh:
            self._rest_from = now
            self._continuing = False
            self._blind = new != self._expected
        if not changed:
            return
        self._frame = new
        self._changed_at = self._rest_from = now
        self._continuing = False
        self._touched |= changed
        for spot in changed:
            if new.get(spot, EMPTY) == EMPTY and self._expected.get(spot, EMPTY) != EMPTY:
                self._lifted_at.setdefault(spot, now)
        if new == self._expected:
            # Back to the position: a quick lift-and-replace asks for its hints.
            quick = [
                spot
                for spot, lifted in self._lifted_at.items()
                if now - lifted <= self.timing.tap + EPSILON
            ]
            self._tapped = self._hints(sorted(quick, key=self._order.__getitem__))
            self._touched.clear()
            self._blind = False
            self._lifted_at.clear()
        else:
            self._tapped = ()

    def next_deadline(self, now: float) -> float | None:
        """When the assessment may change with no new frame: the first of the settle,
        extend, grace and forced-move deadlines not yet judged (it may already be past
        ``now``)."""
        deadlines = [] if self._forced_at is None else [self._forced_at]
        if self._frame != self._expected:
            deadlines.append(self._rest_from + self.timing.settle)
            deadlines.append(self._changed_at + self.timing.grace)
        if self._continuing:
            deadlines.append(self._rest_from + self.timing.extend)
        for deadline in sorted(deadlines):
            if deadline > self._assessed_at + EPSILON:
                return deadline
        return None

    # --- judgement ---------------------------------------------------------------

    def assess(self, now: float) -> Assessment[M]:
        """What the board means at ``now``."""
        self._assessed_at = max(self._assessed_at, now)
        forced, due = self._forced, self._forced_at
        if forced is not None and due is not None and now >= due - EPSILON:
            return Commit(forced)
        diff = frame_diff(self._expected, self._frame)
        if not diff:
            return Tapped(self._tapped) if self._tapped else Settled()
        settled = now - self._rest_from >= self.timing.settle - EPSILON
        candidates = self._candidates(diff)
        if candidates:
            moves = tuple(candidate.move for candidate in candidates)
            rest = self.timing.settle
            self._continuing = len(candidates) == 1 and self._continued(candidates[0])
            if self._continuing:
                rest = max(rest, self.timing.extend)
                settled = now - self._rest_from >= rest - EPSILON
            if not settled:
                return Pending(moves, self._rest_from + rest)
            if self.guide is not None:
                if self.guide in moves:
                    return Commit(self.guide)
                return OffGuide(moves, self.guide)
            if len(moves) == 1:
                return Commit(moves[0])
            return Ambiguous(moves)
        if settled:
            for plies, frame in enumerate(self._history, start=1):
                if frame == self._frame:
                    return TakebackOffer(plies)
            illegal = [
                (candidate, reason)
                for candidate, reason in self.index.illegal(diff)
                if not self._blind
                and candidate.footprint.must_touch <= self._touched
                and not self._looks_lifted(candidate.footprint)
            ]
            if illegal:
                candidate, reason = illegal[0]
                return IllegalMatch(candidate.move, reason)
        if now - self._changed_at >= self.timing.grace - EPSILON:
            return OutOfStep(self._correction())
        return Moving(self._hints(self._lifted_spots()), self._remaining(diff))

    def _candidates(self, diff: DiffKey) -> list[IndexedMove[M]]:
        matching = self.index.matching(diff)
        touched = self._touched
        if self._blind:
            return list(matching)  # any of them may have been made while nobody looked
        possible = [c for c in matching if c.footprint.must_touch <= touched]
        if len(possible) > 1:
            covering = [c for c in possible if touched <= c.footprint.spots()]
            if covering:
                possible = covering
        return possible

    def _continued(self, candidate: IndexedMove[M]) -> bool:
        """Whether the hand may not be done: another legal move keeps every change this
        one shows, and changes further a cell this one landed on: a cell it landed on
        unseen (a robot that ate a token may go on to eat the next; a marble lifted
        for a push-off may be the first of a broadside), or the face of a piece that
        could still be turned over (on a polarity board). A quiet move never continues
        a capture: it leaves the captured cell alone. The game may name the moves that
        go on (a robot steps on from where it stands: ``Position.moves_continuing``),
        else the moves changing the same spots are looked at one by one; the first
        such move answers, and the answer is kept for the position."""
        known = self._goes_on.get(candidate.move)
        if known is None:
            footprint = candidate.footprint
            if not footprint.hidden | footprint.turnable:
                known = False
            else:
                known = any(_continues(footprint, other) for other in self._longer(candidate))
            self._goes_on[candidate.move] = known
        return known

    def _longer(self, candidate: IndexedMove[M]) -> Iterator[Footprint]:
        """The footprints of the moves that may go on with ``candidate``: those the game
        names (``Position.moves_continuing``), else every move changing its spots."""
        assert self._position is not None
        named = self._position.moves_continuing(candidate.move)
        if named is None:
            for other in self.index.stream(candidate.footprint.changed_spots()):
                yield other.footprint
            return
        for move in named:
            yield self.index.footprint(move)

    def _continuations(self, candidate: IndexedMove[M]) -> list[DiffKey] | None:
        """The changes of the moves that may continue ``candidate`` (see ``_continued``);
        None when too many may (a robot among thousands of chains)."""
        footprint = candidate.footprint
        if not footprint.hidden | footprint.turnable:
            return []
        assert self._position is not None
        named = self._position.moves_continuing(candidate.move)
        if named is None:
            others = self.index.changing(footprint.changed_spots())
            if others is None:
                return None
            longer = [other.footprint for other in others]
        else:
            longer = [self.index.footprint(move) for move in named]
        return [other.changes for other in longer if _continues(footprint, other)]

    # --- a move ended by what comes next -------------------------------------------

    def interrupted(self, frame: Frame, now: float) -> M | None:
        """The move the board shows, if ``frame`` (the next one) ends it before it has
        rested: the other side begins its reply (one of its pieces lifted, a drop or a
        placement of its own), or a move that waits for a possible continuation sees a
        change that no continuation could make. The change must come from a cell the
        shown move did not touch and that no longer move the hand may still be making
        involves, so a piece sliding over cells never commits a cell it only passed
        and a move half made is never cut short; the move must have been shown for
        ``Timing.blitz`` at least, and be more than pieces in the air."""
        new = self._sensed_part(frame)
        changed = {s for s in self.sensed if new.get(s, EMPTY) != self._frame.get(s, EMPTY)}
        diff = frame_diff(self._expected, self._frame)
        if not changed or not diff or now - self._rest_from < self.timing.blitz - EPSILON:
            return None
        candidates = self._candidates(diff)
        if len(candidates) != 1 or self.guide not in (None, candidates[0].move):
            return None
        candidate = candidates[0]
        if changed & (self._touched | candidate.footprint.spots()):
            return None
        if self._looks_lifted(candidate.footprint) or changed & self._extended(diff):
            return None
        continuations = self._continuations(candidate)
        if continuations is None:
            return None  # it may go on in too many ways to tell a reply from it
        further = {spot for key in continuations for spot, _ in key}
        if further:
            return None if changed & further else candidate.move
        return candidate.move if self._reply_begins(candidate.move, changed, new) else None

    def _extended(self, diff: DiffKey) -> frozenset[Spot]:
        """The spots of the longer moves the board may still become: every change it
        shows kept, and every spot the hand touched among theirs."""
        longer = self.index.longer(diff)
        if longer is None:
            return self.sensed  # too many to tell: any spot may be theirs
        spots: set[Spot] = set()
        for candidate in longer:
            if self._touched <= candidate.footprint.spots():
                spots |= candidate.footprint.spots()
        return frozenset(spots)

    def _reply_begins(self, move: M, changed: set[Spot], frame: Frame) -> bool:
        """Whether every change is the next side beginning its move: a piece it may move
        lifted (its own, or a shared one), or a stone arriving as one of its moves
        brings it (a drop, a placement)."""
        assert self._position is not None
        after = self._position.copy()
        after.push(move)
        layout = after.layout()
        arrivals = []
        for spot in changed:
            if frame.get(spot, EMPTY) != EMPTY:
                arrivals.append((spot, frame[spot]))
                continue
            stones = layout.get(spot, ())
            if not stones or stones[-1].owner not in (None, after.turn):
                return False
        if not arrivals:
            return True
        arrived = frozenset(spot for spot, _ in arrivals)
        return any(
            all(arrival in after.footprint(reply, self.sensing).changes for arrival in arrivals)
            for reply in after.moves_changing(arrived)
        )

    def _looks_lifted(self, footprint: Footprint) -> bool:
        """A forbidden move that only takes pieces off (a marble pushed off by an equal
        force, on an occupancy board) looks exactly like pieces in the air, unless the
        hand touched a cell whose contents it changes unseen: not named while so."""
        if any(reading != EMPTY for _, reading in footprint.changes):
            return False
        return not (footprint.hidden | footprint.must_touch) & self._touched

    def _remaining(self, diff: DiffKey) -> tuple[tuple[Spot, Reading], ...]:
        """What is left to do when a move has begun to land (a piece arrived) and every
        move the board could be heading for still needs the same further changes (three
        boats to take off after a parade). A piece merely in the air has its hints."""
        shown_spots = {spot for spot, _ in diff}
        arrived = any(reading > self._expected.get(spot, EMPTY) for spot, reading in diff)
        # a touched cell that reads as before: something landed on an occupied cell
        landed_unseen = bool(self._touched - shown_spots)
        if not (arrived or landed_unseen):
            return ()
        shown = set(diff)
        rest: set[tuple[Spot, Reading]] | None = None
        for candidate in self.index.longer(diff) or ():
            key = candidate.footprint.changes
            if candidate.footprint.must_touch <= self._touched:
                missing = set(key) - shown
                rest = missing if rest is None else rest & missing
                if not rest:
                    return ()
        return tuple(sorted(rest)) if rest else ()

    def _lifted_spots(self) -> list[Spot]:
        return [
            spot
            for spot in sorted(self._expected, key=self._order.__getitem__)
            if self._expected[spot] != EMPTY and self._frame.get(spot, EMPTY) == EMPTY
        ]

    def _hints(self, spots: Iterable[Spot]) -> tuple[Hint, ...]:
        hints = []
        assert self._position is not None
        for spot in spots:
            ends = self._position.destinations(spot)  # when the game can say, not list
            if ends is not None:
                hints.append(Hint(spot, ends[0] & self.sensed, ends[1] & self.sensed))
                continue
            candidates = self.index.emptying(spot)
            if not candidates:
                continue
            destinations: set[Spot] = set()
            captures: set[Spot] = set()
            for candidate in candidates:
                footprint = candidate.footprint
                captures |= footprint.must_touch
                for other, reading in footprint.changes:
                    if reading == EMPTY or other == spot:
                        continue
                    if self._expected.get(other, EMPTY) == EMPTY:
                        destinations.add(other)
                    else:  # lands on a piece it changes visibly (a polarity board)
                        captures.add(other)
            hints.append(Hint(spot, frozenset(destinations), frozenset(captures)))
        return tuple(hints)

    def _correction(self) -> Correction:
        order = self._order.__getitem__
        extra = sorted(
            (s for s in self.sensed if self._frame.get(s, EMPTY) and not self._expected.get(s)),
            key=order,
        )
        missing = sorted(
            (s for s in self.sensed if self._expected.get(s) and not self._frame.get(s, EMPTY)),
            key=order,
        )
        wrong_face = sorted(
            (
                s
                for s in self.sensed
                if self._expected.get(s)
                and self._frame.get(s, EMPTY)
                and self._frame.get(s) != self._expected.get(s)
            ),
            key=order,
        )
        remaining = len(extra) + len(missing) + len(wrong_face)
        if wrong_face:
            spot = wrong_face[0]
            return Correction(spot, spot, self._expected[spot], remaining)
        take = extra[0] if extra else None
        put = missing[0] if missing else None
        reading = self._expected.get(put, EMPTY) if put is not None else EMPTY
        return Correction(take, put, reading, remaining)


def _continues(mine: Footprint, theirs: Footprint) -> bool:
    """Whether a move changing ``theirs`` keeps every change of ``mine`` and changes
    further a cell ``mine`` left open: landed on unseen, or a turnable piece."""
    if theirs.changes == mine.changes:
        return False
    shown, after = dict(mine.changes), dict(theirs.changes)
    kept = all(
        after.get(spot) == reading or (spot in mine.turnable and spot in after)
        for spot, reading in mine.changes
    )
    open_cells = mine.hidden | mine.turnable
    return kept and any(spot in after and after[spot] != shown.get(spot) for spot in open_cells)
