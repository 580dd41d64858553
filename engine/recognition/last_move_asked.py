"""The record's last move asked about again, from what the next hands show of it.

Where the sensors see only whether a cell holds a piece, a committed move's capture may
have been a knock as its capturer was lifted (the real landing, later, looks like a
knock), a neighbour it could have taken may swap after it, the next player's drop may
land where its piece could have landed, or a piece set down where it left may be its
victim laid there on the way to the hand. None of these is told apart by any sensor or
pause, and the record is never changed unasked (``engine.recognition.never_replaced``):
the board asks about the last move again, the recorded move among the choices
(docs/architecture.md, "Fast hands"). The reading of moves is
``engine.recognition.recognizer``'s."""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import TypeVar

from engine.physical import EMPTY, Reading, Spot
from engine.recognition.answers import Ambiguous, Assessment, Commit, Reread, Unplayed
from engine.recognition.board_plies import before as board_plies_before
from engine.recognition.move_index import DiffKey, MoveIndex
from engine.recognition.open_question import OpenQuestion
from engine.recognition.sensors import EPSILON
from engine.recognition.victims import (
    came_back_before_lift,
    knocked_at_lift,
    landings_filled_by,
    landings_gone_on,
    on_its_way,
    other_landings,
    other_victims,
    plies_back,
    set_down_where_it_left,
)

M = TypeVar("M", bound=Hashable)


class LastMoveAsked(OpenQuestion[M]):
    """The recognizer's questions about the record's last move (module docstring)."""

    def set_down_elsewhere(self, move: M) -> tuple[M, ...]:
        """The moves of ``move``'s piece that the board shows made instead, ``move``'s own
        landing showing none (``set_down_elsewhere``): a committed move that a question
        about an earlier ply took back is played again as it was only while the board
        still shows it; otherwise it is asked, beside these."""
        return set_down_elsewhere(self.index, self._expected, self._frame, move)

    def _capture_or_held(self, assessment: Assessment[M]) -> Assessment[M]:
        """A capture whose victim's cell read a piece again before its capturer left is
        the same board as the capturer lifted and held after a knock put back: asked
        (``came_back_before_lift``), never committed; said held, the board waits."""
        if not isinstance(assessment, Commit) or assessment.then or self._held_said:
            return assessment
        footprint, did, base = self.index.footprint(assessment.move), self._did, self.rereading.base
        # a victim's cell read empty since the open moves' base (its piece was taken off)
        timeline = {} if base is None else base.timeline
        touched = frozenset(s for s in did.touched if any(not r for _, r in timeline.get(s, [])))
        if self.guide is not None or not came_back_before_lift(
            footprint, did.lifts, did.changed, touched
        ):
            return assessment
        origin = min(footprint.starts(), key=self._order.__getitem__)
        return Ambiguous((assessment.move,), Unplayed(origin, held=True))

    def _landing_asked(self, assessment: Assessment[M]) -> Assessment[M]:
        """The next player's drop about to be played on a cell the last move's piece could
        have landed on, that move's capture read from a knock as it was lifted: the
        drop's landing may be the capturer's (``engine.recognition.victims.landings_filled_by``). At
        rest the board asks (``_other_landing``); the next player's hand at work after it
        must not close the question, so it is asked here too. So is one on a cell the last
        move emptied on its way (a robot's chain that ate it): that move's piece may have
        ended there, its last victim's cell a knock put back while the piece was in the
        air (the long property profile, Robotory: R:D5-C6 read as R:D5-C6-B5 and w@C6)."""
        if not isinstance(assessment, Commit) or self.guide is not None or self._blind:
            return assessment
        position = self._position
        assert position is not None
        if not self._may_be_knock() and not (
            self._victims_open and on_its_way(position, self.sensing, self.sensed, assessment.move)
        ):
            return assessment
        others = landings_filled_by(position, self.sensing, self.sensed, assessment.move, self._did)
        if not others:
            return assessment
        return self._last_asked(others)

    def _last_move(self) -> tuple[M, int]:
        """The record's last move the board shows, and how many plies back it is (with
        the rolls and lost turns after it)."""
        position = self._position
        assert position is not None
        back = plies_back(position, self.sensing, self.sensed)
        return position.move_stack[-back], back

    def _last_asked(self, others: tuple[M, ...]) -> Reread[M]:
        """The record's last move asked about again, among ``others`` and itself (once:
        the answer is the record); the question stays open while the board is
        unchanged."""
        assert self._position is not None
        self._victims_open = False
        last, back = self._last_move()
        choices = tuple(dict.fromkeys((*others, last)))
        stack = tuple(self._position.move_stack)
        self.rereading.asking(self._frame, stack[:-back], choices)
        return Reread(back, (), choices)

    def _may_be_knock(self) -> bool:
        """Whether the last move's capture may be a knock as its capturer was lifted
        (``engine.recognition.victims.knocked_at_lift``, judged once per move)."""
        position = self._position
        if not self.may_land_elsewhere or self._blind or self.guide is not None:
            return False
        assert position is not None
        if self._knock is None:  # once per move: the position copied, its last undone
            self._knock = knocked_at_lift(position, self.sensing, self.sensed, self._lifts)
        return self._knock

    def _set_down_asked(self, assessment: Assessment[M]) -> Assessment[M]:
        """A piece put where a capture's piece just left (a drop, a token placed) may be
        its victim, laid there on the way to the hand or the box: no sensor tells them
        apart, nor any pause (a hand lays it after a hesitation of seconds, a next
        player drops at once). So a line is committed up to the capture, and a piece put
        there within the time a player may hold one (``Timing.held``) is asked about."""
        if not isinstance(assessment, Commit) or self.guide is not None or self._blind:
            return assessment
        position = self._position
        assert position is not None
        line = (assessment.move, *assessment.then)
        after = position.copy()
        for done, move in enumerate(line):
            board_plies_before(after, move, self.rereading.dice)
            found = set_down_where_it_left(after, self.sensing, self.sensed, move)
            # the capture's landing: as it was played, or as the board shows it now
            landings = self._played_by if not done else self._did.changed
            if found is not None and self._laid_at_once(*found, landings, after=not done):
                if done:
                    return Commit(line[0], line[1:done])  # the rest is asked after it
                return Ambiguous((move,), Unplayed(found[0]))
            after.push(move)
        return assessment

    def _laid_at_once(
        self, spot: Spot, landed: frozenset[Spot], landings: Mapping[Spot, float], *, after: bool
    ) -> bool:
        """Whether ``spot`` last filled after the last landing on ``landed`` (the
        capture's cells), within ``held`` of it; the capture recorded (``after``), for the
        first time since (one laid there and taken up again was the victim on its way)."""
        landing = max((landings.get(cell, 0.0) for cell in landed), default=0.0)
        filled = self._did.filled_at.get(spot)
        if filled is None or (after and self._did.fills.get(spot, 0) > 1):
            return False
        return -EPSILON <= filled - landing < self.timing.held - EPSILON

    def _other_victim(self) -> Reread[M] | None:
        """At rest as the record: a cell swapped since the last move that its piece could
        have taken instead (``engine.recognition.victims``) is asked about, that capture first."""
        position = self._position
        if not self._victims_open or self._blind or self.guide is not None or position is None:
            return None
        others = other_victims(position, self.sensing, self.sensed, self._did)
        if not others:
            return None
        return self._last_asked(others)

    def _other_landing(self, diff: DiffKey) -> Reread[M] | None:
        """At rest, a board the last move's piece makes from the position before it, the
        recorded capture read from a knock as it was lifted (``engine.recognition.victims``): played
        instead of it, or asked beside the next player's moves that make it too."""
        position = self._position
        if not self._may_be_knock():
            return None
        assert position is not None
        others = other_landings(position, self.sensing, self.sensed, self._frame, self._did)
        if not others:  # or one of them, then the next player's move at once: asked
            gone_on = landings_gone_on(position, self.sensing, self.sensed, self._frame, self._did)
            return self._last_asked(gone_on) if gone_on else None
        # the recorded capture is offered too: it was committed, and only the players may
        # say it was a knock (issue 78: never replaced unasked)
        return self._last_asked(others)


def set_down_elsewhere(
    index: MoveIndex[M],
    expected: Mapping[Spot, Reading],
    frame: Mapping[Spot, Reading],
    move: M,
) -> tuple[M, ...]:
    """The moves of the position (``index``'s; ``expected`` its frame) that set the
    piece ``move`` sets down on another cell, from the same cells (a drop or a token:
    from off the board, reading alike), whose every change ``frame`` shows, when a cell
    ``move`` lands on shows no longer what it set there: its piece was taken up from
    where it landed and set down where it could have gone instead (a drop laid on a
    wrong cell longer than the settle time, committed, then carried to its cell as a
    question about the ply before it opened: independent hands, Robot Duel seed
    950030). No sensor tells that hand from a move made and the piece moved on by a
    next move; the players are asked."""
    footprint = index.footprint(move)
    landings = {spot: reading for spot, reading in footprint.changes if reading != EMPTY}
    if not landings or all(frame.get(spot, EMPTY) == r for spot, r in landings.items()):
        return ()
    pieces = sorted(landings.values())
    starts = footprint.starts()
    filled = sorted(
        spot
        for spot, reading in frame.items()
        if reading != EMPTY and expected.get(spot, EMPTY) == EMPTY and spot not in landings
    )
    found: list[M] = []
    for spot in filled:
        for candidate in index.changing(frozenset((spot,))) or ():
            theirs = candidate.footprint
            if candidate.move == move or theirs.starts() != starts or theirs.hidden:
                continue
            if sorted(r for _, r in theirs.changes if r != EMPTY) != pieces:
                continue
            if all(frame.get(cell, EMPTY) == reading for cell, reading in theirs.changes):
                found.append(candidate.move)
    return tuple(dict.fromkeys(found))
