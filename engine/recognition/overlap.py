"""Moves that overlap in time: what fast hands did, read from the board, never guessed.

The recognizer (``engine.recognition.recognizer``) keeps one ``Overlap`` per position. Two
ideas here; whether a move the board showed whole still stands while the board goes on
elsewhere is its own (``engine.recognition.standing_judgement``, which ``Overlap``
inherits), and so is which two moves the hands made at once, the board never showing the
first whole (``engine.recognition.never_shown_apart``, inherited too):

- **Moves one after another.** A board no single move explains may be several moves,
  each shown whole on the board before the next player began (a *line*: the board
  showed the first move exactly, then the first and the second, ...; a move never
  shown whole may hide another). The only line that makes the board is committed,
  every move in order; several commit what they share and ask for the move where
  they part. A move that went on after a pause longer than a step (``Timing.pause``)
  may as well have been the next player's: the board asks whether it went on. The
  other way round, a piece the players share moved on (a robot's chain stepped on
  after a pause) may be one hand's move the board showed as both players' steps: the
  lines that make those steps one move are read beside the line shown (``merged``).
- **The order of changes** breaks ties only, and only by ``MARGIN``: a move whose
  every landing came well before its first piece left (a neighbour knocked off its
  cell after a drop looks like that neighbour moving there) is not what happened.
  When the order rules out every reading of a settled board, the board asks.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from typing import TypeVar

from engine.game import Position
from engine.physical import EMPTY, Footprint, Reading, Sensing, Spot, frame_diff
from engine.recognition.answers import Ambiguous, Commit, Timing
from engine.recognition.board_plies import (
    UNSENSED,
    Foresight,
    board_plies,
    play_line,
    unforeseen,
)
from engine.recognition.change_order import (
    carries_on,
    goes_on,
    lines_from,
)
from engine.recognition.move_index import IndexedMove, MoveIndex
from engine.recognition.never_shown_apart import NeverShownApart
from engine.recognition.sensors import EPSILON, Blur
from engine.recognition.standing import After, Carried, Knocked, Shown, Standing, shared
from engine.recognition.standing_judgement import StandingJudgement

M = TypeVar("M", bound=Hashable)

DEPTH = 8
"""The longest line of moves read from one board: more moves overlapping than that is
out of step (and put right as any unexplained board). Each move of a line was shown
whole, step by step, so the bound is on the hands' pace, not the evidence: a question
answered about the first of four moves made while it was open (two pieces out and back)
reads them and the move after (issue 78, Robot Duel at blitz); two drops at once that no
sensor tells apart (which piece went where) are read on until a later move shows which,
six plies on with both players' hands never resting (Robot Duel's Hall boards at blitz).
``LINES`` bounds the work either way."""

LINES = 64
"""The most lines kept per position: a bound on the work, met when pieces are carried over
many cells (each token set down in either colour a line); the oldest go first."""


@dataclass
class Overlap(StandingJudgement[M], NeverShownApart[M]):
    """What the board showed since the position began, for moves that overlap."""

    position: Position[M]
    index: MoveIndex[M]
    sensing: Sensing
    sensed: frozenset[Spot]
    expected: dict[Spot, Reading]  # what the sensed spots read in the position
    seen: dict[tuple[M, ...], float] = field(default_factory=dict)  # last shown
    first: dict[tuple[M, ...], float] = field(default_factory=dict)  # first shown
    standing: Standing[M] | None = None
    knocked: Knocked[M] | None = None
    ended: dict[tuple[M, ...], float] = field(default_factory=dict)  # stopped showing
    # last shown before it last stopped showing (then shown again)
    before_gap: dict[tuple[M, ...], float] = field(default_factory=dict)
    current: frozenset[tuple[M, ...]] = frozenset()  # the lines the board shows now
    began: dict[tuple[M, ...], float] = field(default_factory=dict)  # its last showing began
    handled: dict[tuple[M, ...], frozenset[Spot]] = field(default_factory=dict)  # when first shown
    done: set[tuple[M, ...]] = field(default_factory=set)  # said done as shown (``said_done``)
    _afters: dict[tuple[M, ...], After[M]] = field(default_factory=dict)
    _goes_on: dict[M, bool] = field(default_factory=dict)  # whether a shown move may go on
    _merged: dict[tuple[M, ...], tuple[tuple[M, ...], ...]] = field(default_factory=dict)
    dice: Foresight[M] = unforeseen  # the rolls the session will make (``board_plies``)
    pause: float = Timing().pause  # a move shown longer than a step before it went on
    blur: Blur = field(default_factory=lambda: Blur(Timing().order))  # ``sensors``

    def __post_init__(self) -> None:
        self._afters[()] = After(self.expected, self.index)

    def goes_on(self, candidate: IndexedMove[M]) -> bool:
        """Whether the hand may not be done: another legal move keeps every change this
        one shows, and changes further a cell this one landed on: a cell it landed on
        unseen (a robot that ate a token may go on to eat the next; a marble lifted
        for a push-off may be the first of a broadside), or the face of a piece that
        could still be turned over (on a polarity board); or it moves more pieces of a
        line this one began (``_line_goes_on``). A quiet move never continues
        a capture: it leaves the captured cell alone. The game may name the moves that
        go on (a robot steps on from where it stands: ``Position.moves_continuing``):
        then any of them answers, on every sensor; else the moves changing the same
        spots are looked at one by one; the first such move answers, and the answer is
        kept for the position."""
        known = self._goes_on.get(candidate.move)
        if known is None:
            footprint = candidate.footprint
            named = self.position.moves_continuing(candidate.move)
            if named is not None:
                # the rules say the hand may go on (a robot steps on to eat), whatever
                # the sensors show of the cell it stands on: a polarity board reads the
                # robot there, and the chain going on empties it, yet it is the same hand
                known = next(iter(named), None) is not None
                known = known or walks_on(self.index, self.expected, footprint)
            else:
                known = bool(footprint.hidden | footprint.turnable) and any(
                    goes_on(footprint, other) for other in self._longer(candidate)
                )
                known = known or self._line_goes_on(footprint)
            self._goes_on[candidate.move] = known
        return known

    def _line_goes_on(self, footprint: Footprint) -> bool:
        """Whether another legal move takes this one further with more of its player's
        pieces (``carries_on``: a line of marbles moved a marble at a time). Its hand may
        not be done: the board waits (``Timing.extend``, or ok) rather than commit it and
        ask again when the line goes on (issue 78)."""
        if not lines_from(footprint):
            return False
        fills = frozenset(spot for spot, reading in footprint.changes if reading != EMPTY)
        return any(carries_on(footprint, other.footprint) for other in self.index.stream(fills))

    def _longer(self, candidate: IndexedMove[M]) -> Iterator[Footprint]:
        """The footprints of the moves that may go on with ``candidate`` when the game
        names none: every move changing its spots."""
        for other in self.index.stream(candidate.footprint.changed_spots()):
            yield other.footprint

    def forget(self) -> None:
        """The sensors were silent: what the board showed meanwhile is unknown."""
        self.seen.clear()
        self.first.clear()
        self.ended.clear()
        self.before_gap.clear()
        self.began.clear()
        self.handled.clear()
        self.done.clear()
        self.current = frozenset()
        self.standing = None
        self.knocked = None

    def look(
        self,
        frame: Mapping[Spot, Reading],
        now: float,
        changed: Mapping[Spot, float],
        touched: frozenset[Spot],
        in_order: Callable[[Footprint], bool],
        *,
        diff: tuple[tuple[Spot, Reading], ...] | None = None,
    ) -> list[tuple[M, ...]]:
        """The lines ``frame`` shows whole: a line seen before, or one followed by a legal
        move making the rest of the changes in the order they came, every cell it must
        touch touched (``touched``: since the position began; after a line, changed
        since the board last showed it, as ``changed`` has each spot's last change).
        They are remembered as seen. ``diff``: ``frame_diff(expected, frame)``, when the
        caller has it."""
        showing: list[tuple[M, ...]] = []
        for line in [(), *sorted(self.live(), key=len)]:
            after = self.after(line)
            rest = diff if not line and diff is not None else frame_diff(after.expected, frame)
            if not rest:
                if line:
                    showing.append(line)
                continue
            if len(line) >= DEPTH:
                continue
            # a cell changed as the board went back to the line (a robot read on its next
            # cell before it left its own) was changed after it was first made: counted
            shown = self.before_gap.get(line, self.seen.get(line))
            since = touched if shown is None else {s for s, at in changed.items() if at > shown}
            for candidate in after.index.matching(rest):
                footprint = candidate.footprint
                if footprint.must_touch <= since and in_order(footprint):
                    showing.append((*line, candidate.move))
        for line in showing:
            if line not in self.seen and len(self.seen) >= LINES:
                self._forget_oldest(frozenset(showing))
            if line in self.seen or len(self.seen) < LINES:
                if line in self.ended:
                    self.before_gap[line] = self.seen[line]
                if line not in self.current:
                    self.began[line] = now
                self.seen[line] = now
                self.first.setdefault(line, now)
                self.handled.setdefault(line, touched)
                self.ended.pop(line, None)
        for line in self.current - set(showing):
            self.ended[line] = now
        self.current = frozenset(showing)
        return showing

    def _forget_oldest(self, showing: frozenset[tuple[M, ...]]) -> None:
        """Make room for a line the board shows now: of the longest lines it does not
        show, the one it showed longest ago goes (lines of pieces carried over cells, each
        dropped piece in two colours, can fill the room; what the board shows now must
        never be left out, nor the shorter lines every longer one is read on from)."""
        stale = [(-len(line), at, line) for line, at in self.seen.items() if line not in showing]
        if stale:
            *_, line = min(stale, key=lambda item: item[:2])
            del self.seen[line]
            for kept in (self.first, self.ended, self.before_gap, self.began):
                kept.pop(line, None)
            self.handled.pop(line, None)
            self.done.discard(line)

    def carried(
        self,
        move: M,
        touched: frozenset[Spot],
        changed: Mapping[Spot, float],
        since: float,
        frame: Mapping[Spot, Reading],
    ) -> Carried[M]:
        """What the next position keeps when ``move`` is committed: the touched spots it
        does not explain, and its own that changed after it was first shown whole (what
        the next player did meanwhile; all touched spots when the board never showed it
        alone), and the lines it began. A spot last changed before the hands began on
        this position (``since``) is past: a knock put back during the move before is no
        evidence for the move after next. One of another move that reads otherwise than
        the position after ``move`` (``frame``, the board now) is the next moves' still,
        whenever it changed: the next player's hand on the board first, both hands at
        once (independent hands, shogi reed seed 950123: gote's 5a lifted 60 ms before
        sente's 3i3h began, the pair after it out of step once answered)."""
        own = self.index.footprint(move).spots()
        after = self.after((move,)).expected
        touched = frozenset(
            s
            for s in touched
            if changed.get(s, since) >= since
            or (s not in own and frame.get(s, EMPTY) != after.get(s, EMPTY))
        )
        seen = self.seen
        lines = tuple(
            replace(self.shown(line), line=line[1:])
            for line in seen
            if line[0] == move and line[1:]
        )
        if self.dice is not unforeseen and board_plies(self.position.copy(), self.dice) == (move,):
            # the roll the board made by itself: the lines were read through it
            lines = (*lines, *(self.shown(line) for line in seen if line[0] != move))
        lines = (*lines, *self._same_board(move, lines))
        # the spots it leaves alone, and its own spots changed since it was first shown
        # whole (the next player's hand may have made the board show it again for a
        # moment: a victim set down where the capturer came from)
        shown = self.first.get((move,), seen.get((move,)))
        if shown is None:
            return Carried(touched, lines)
        later = frozenset(s for s in touched if s not in own or changed.get(s, 0.0) > shown)
        return Carried(later, lines)

    def _same_board(self, move: M, lines: tuple[Shown[M], ...]) -> tuple[Shown[M], ...]:
        """The lines shown after other moves that leave the board as ``move`` does (a
        chain read as two steps, answered as one), that go on legally from it: the same
        hands made them (issue 78's independent hands: a chain answered late, the next
        robot's two moves read as one chain from it)."""
        target = self.after((move,)).expected
        known = {shown.line for shown in lines}
        found: list[Shown[M]] = []
        for line in self.seen:
            if line[0] == move:
                continue
            for cut in range(1, len(line)):
                rest = line[cut:]
                if rest in known or self.after(line[:cut]).expected != target:
                    continue
                if self._legal_from((), (move, *rest)):
                    found.append(replace(self.shown(line), line=rest))
                    known.add(rest)
        return tuple(found)

    def lined(self, lines: list[tuple[M, ...]], pause: float) -> Ambiguous[M] | Commit[M]:
        """A board no single move explains, read as moves one after another: the only
        line is played, every move; several play the moves they share and ask for the
        one where they part (the rest is read once it is chosen). A line that begins by
        going on from a move the board showed longer than a step (``pause``) is asked too
        (``went_on``): the next player may have gone on with it."""
        firsts = tuple(dict.fromkeys(line[0] for line in lines))
        went_on = self.went_on(firsts, pause)
        if went_on:
            return Ambiguous((*went_on, *firsts))
        if len(lines) == 1:
            return Commit(lines[0][0], lines[0][1:])
        common = shared(lines)
        if common:
            return Commit(common[0], common[1:])
        return Ambiguous(firsts)

    def merged(self, line: tuple[M, ...]) -> tuple[tuple[M, ...], ...]:
        """The lines that make the same board as ``line`` with moves of it in a row made
        as one hand's move going on (``Position.moves_continuing``: a robot's chain
        stepped on after pauses, which the board showed as both players' steps), legal
        to their end. The hands' steps alone do not tell whose a step was
        (independent hands, Robotory reed seed 950838: a chain of three steps made while
        a question was open, recorded as three chains of both players)."""
        known = self._merged.get(line)
        if known is not None:
            return known
        found: dict[tuple[M, ...], None] = {}
        for at in range(len(line) - 1):
            start, move = line[:at], line[at]
            position = self.after(start).index.position  # built once, not copied
            for end in range(at + 2, len(line) + 1):
                going_on = position.moves_continuing(move)
                if going_on is None:
                    break
                # the board after the steps joined so far, as the line made it
                target = self.after(line[:end]).expected
                ways = (m for m in going_on if self.after((*start, m)).expected == target)
                joined = next(ways, None)
                if joined is None:
                    break
                move, rest = joined, line[end:]
                if self._legal_from(start, (move, *rest)):
                    found[(*start, move, *rest)] = None
        self._merged[line] = known = tuple(found)
        return known

    def _legal_from(self, start: tuple[M, ...], line: tuple[M, ...]) -> bool:
        """Whether ``line`` may be played after ``start`` (a roll made first, if due)."""
        position = self.exactly_after(start)
        for step in line:
            if not position.is_legal(step):
                board_plies(position, self.dice)  # a move made before the roll
            if not position.is_legal(step):
                return False
            position.push(step)
        return True

    def went_on(self, firsts: tuple[M, ...], pause: float) -> tuple[M, ...]:
        """The moves the board showed alone for ``pause`` or longer that one of ``firsts``
        goes on from: the next player may have gone on with them."""
        return tuple(
            dict.fromkeys(
                line[0]
                for line in self.seen
                if len(line) == 1
                and line[0] not in firsts
                and self.went_on_after_rest(line, pause)
                and any(
                    goes_on(self.index.footprint(line[0]), self.index.footprint(first))
                    for first in firsts
                )
            )
        )

    def shown(self, line: tuple[M, ...]) -> Shown[M]:
        last = self.seen[line]
        first = self.first.get(line, last)
        return Shown(line, first, last, self.ended.get(line), line in self.done)

    def said_done(self) -> None:
        """The players say the move the board shows is done (ok, the clock or refill)
        while a question before it is open, so it cannot be played yet: each line the
        board shows now ends there, as one shown longer than a step does (``held``). A
        shared robot walked on at once after that press is the next player's as likely
        as the chain going on, and is asked (issue 78's independent hands, Robotory seed
        800004: the chain walked on 0.1 s after the ok was recorded as one, unasked)."""
        self.done |= self.current

    def rested_while_asked(self, now: float, settle: float) -> None:
        """A question is open: the lines the board has shown at rest since ``settle``
        before ``now`` end there, as those the players say are done (``said_done``).
        While it asks, the board shows no wait for a chain that may go on, and ok would
        answer the question: a shared robot walked on within a step's pause is the next
        player's as likely as the chain going on, and is asked (independent hands,
        Robotory seeds 950831 and 950229: a chain's next step, 0.6 s after the first
        landed while a question was open, its player kept from pressing ok, recorded as
        one chain)."""
        self.done |= {
            line for line in self.current if now - self.began.get(line, now) >= settle - EPSILON
        }

    def went_on_after_rest(self, line: tuple[M, ...], pause: float) -> bool:
        """Whether the board showed ``line`` longer than a step (``pause``) before it went
        on, or the players said it was done as it showed it (``said_done``): a move going
        on from it may be the next player's."""
        return line in self.done or self.held(line) >= pause

    def behind(self, moves: tuple[M, ...]) -> tuple[Shown[M], ...]:
        """The lines the board showed from this position, each after ``moves`` (the
        moves that led here, taken back to be read again): what a position before them
        keeps of what the board showed (``Carried``)."""
        return tuple(
            replace(self.shown(line), line=(*moves, *line))
            for line in self.seen
            if len(moves) + len(line) <= DEPTH
        )

    def remember(self, shown: Shown[M]) -> None:
        """A line carried over a commit (``Carried``)."""
        self.seen[shown.line] = shown.last
        self.first[shown.line] = shown.first
        if shown.done:
            self.done.add(shown.line)
        if shown.ended is None:
            self.current |= {shown.line}
        else:
            self.ended[shown.line] = shown.ended

    def held(self, line: tuple[M, ...]) -> float:
        """How long the board showed ``line`` whole before going on from it."""
        return self.shown(line).held() if line in self.seen else 0.0

    def live(self) -> list[tuple[M, ...]]:
        """The lines seen that the board has not since contradicted: at the first move
        where a line shown later parts from it, that move is not one it goes on from (a
        robot seen moving on to a knocked cell, then seen where it was, did not move on:
        pieces do not go back)."""
        seen = self.seen
        return [
            line
            for line, at in seen.items()
            if not any(
                later > at and self._went_back(line, other, later) for other, later in seen.items()
            )
        ]

    def _went_back(self, line: tuple[M, ...], other: tuple[M, ...], later: float) -> bool:
        """Whether ``other``, shown at ``later``, shows where it parts from ``line`` a move
        that ``line``'s move there goes on from. Not when the board showed ``line``'s move
        longer than a step and, at ``later`` too, a line going on from it: the cell its
        piece moved on from filled again by the next player (a token set where a robot
        ate), not the piece gone back (the board asks)."""
        step = len(shared((line, other)))
        if step >= min(len(line), len(other)):
            return False
        index = self.after(line[:step]).index
        if not goes_on(index.footprint(other[step]), index.footprint(line[step])):
            return False
        if self._blinked(other[: step + 1]):
            return False
        made = line[: step + 1]
        further = index.footprint(line[step]).hidden - index.footprint(other[step]).spots()
        if further & self.handled.get(made, frozenset()):
            return False  # seen landing there (a cell off and on again): no piece in the air
        if self.held(made) < self.pause:
            return True
        if further and further <= self._reached(other, step + 1):
            # ``other`` takes the piece on there too, by another way: the next player's
            # move going on from it began where the board cannot see (a shared robot's
            # next token boxed before the robot was lifted; independent hands, Robotory
            # reed seed 950809, read as one chain through that token's cell)
            return False
        return not any(
            len(shown) > len(made) and shown[: len(made)] == made and at >= later
            for shown, at in self.seen.items()
        )

    def _reached(self, line: tuple[M, ...], start: int) -> set[Spot]:
        """The spots ``line``'s moves from ``start`` on change or must touch."""
        spots: set[Spot] = set()
        for at in range(start, len(line)):
            spots |= self.after(line[:at]).index.footprint(line[at]).spots()
        return spots

    def _blinked(self, line: tuple[M, ...]) -> bool:
        """Whether the board showed ``line`` last for less than the sensors' order margin,
        and no longer does: a piece read another way for a blink as a hand turns it
        taking it up (shogi, a promoted lance read unpromoted for 24 ms as the capturer's
        hand turned it over; issue 78, the mux board at blitz), which shows no move."""
        began, ended = self.began.get(line), self.ended.get(line)
        return began is not None and ended is not None and ended - began < self.blur.margin

    def explaining(self, frame: Mapping[Spot, Reading], longer: int = 2) -> list[tuple[M, ...]]:
        """The live lines that make exactly ``frame``, of ``longer`` moves or more, and
        the lines that make it with moves of theirs in a row made as one (``merged``)."""
        lines = [
            line
            for line in self.live()
            if len(line) >= longer and not frame_diff(self.after(line).expected, frame)
        ]
        known = set(lines)
        for line in list(lines):
            for other in self.merged(line):
                if other not in known and len(other) >= longer:
                    known.add(other)
                    lines.append(other)
        return lines

    def after(self, line: tuple[M, ...]) -> After[M]:
        """The position after ``line``, its expected frame and index (built once)."""
        known = self._afters.get(line)
        if known is None:
            position = self.position.copy()
            play_line(position, line, self.dice)
            plies = board_plies(position, self.dice)
            index = MoveIndex(position, self.sensing, self.sensed)
            expected = {
                spot: reading
                for spot, reading in position.expected_frame(self.sensing).items()
                if spot in self.sensed
            }
            known = After(expected, index, plies)
            self._afters[line] = known
        return known

    def exactly_after(self, line: tuple[M, ...]) -> Position[M]:
        """The position after ``line`` and the board's plies within it, not those after
        its end (a copy): where a record that goes on from it is played."""
        position = self.position.copy()
        play_line(position, line, self.dice)
        return position

    def afters_beyond(self, line: tuple[M, ...]) -> dict[tuple[M, ...], After[M]]:
        """What ``after`` built of the lines that begin with ``line``, by what follows it."""
        n = len(line)
        return {known[n:]: after for known, after in self._afters.items() if known[:n] == line}

    def footprints(self, line: tuple[M, ...]) -> list[Footprint]:
        """The footprint of each move of ``line``, in the position it was made in (a ply
        the board plays by itself, written in the line, changes nothing sensed)."""
        found = []
        for step, move in enumerate(line):
            after = self.after(line[:step])
            if not after.plies:
                found.append(after.index.footprint(move))
            elif move == after.plies[0]:
                found.append(UNSENSED)
            else:  # a line that parts from the board's plies (another roll written in it)
                exact = self.exactly_after(line[:step])
                found.append(exact.footprint(move, self.sensing).restricted(self.sensed))
        return found


def walks_on(index: MoveIndex[M], expected: Mapping[Spot, Reading], footprint: Footprint) -> bool:
    """Whether the piece a move set down may still walk on to a cell the same move
    emptied, making another legal move from the same origin of the same cells (a
    Robotory robot set on a token's cell on its way, the next token boxed ahead of it:
    the hand walks it on). Issue 78: a hand that boxed a token first and then walked the
    robot was read as the chain ending where the robot paused, committed, and replaced
    unasked 3 s later; the board waits instead (``Timing.extend``, or ok)."""
    starts = footprint.starts()
    landed = [spot for spot in footprint.hidden if spot not in starts]
    landed += [spot for spot, reading in footprint.changes if reading != EMPTY]
    emptied = [
        spot
        for spot, reading in footprint.changes
        if reading == EMPTY and spot not in starts and expected.get(spot, EMPTY) != EMPTY
    ]
    if len(landed) != 1 or not emptied or not starts:
        return False
    end = landed[0]
    after = dict(expected)
    after.update(footprint.changes)
    for spot in emptied:
        walked = {**after, end: EMPTY, spot: after.get(end, expected.get(end, EMPTY))}
        for candidate in index.matching(frame_diff(dict(expected), walked)):
            if candidate.footprint.starts() == starts:
                return True
    return False
