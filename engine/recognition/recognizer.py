"""Seeing moves on a physical board, for every game, from spots and readings alone.

A move is recognised from the *settled* board, never from the order of events:
every debounced frame is diffed against the position's expected frame, and the
legal moves that make exactly that change are looked up (``MoveIndex``). The hand's
path only breaks ties, through the touched set and the order of changes beyond the
sensors' blur (``engine.recognition.overlap``). Fast hands whose moves overlap are
read there too: a move that stands while the next begins, a move and its reply at
rest. When the sensors and their timing cannot tell two readings apart, the answer is
a prompt, never a guess (DESIGN.md, "Recognition").

What the board shows, and what the hands did to show it, is kept by ``engine.recognition.seeing``;
the recognizer judges it. It never changes the position. It answers with an assessment
(``engine.recognition.answers``); the controller commits, prompts or lights the board, then
calls ``reset`` with the new position. This top layer reads a board one legal move
makes; one no single move makes is read beneath it (``engine.recognition.no_single_move``).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TypeVar

from engine.physical import EMPTY, Footprint, Frame, Spot, spots_of
from engine.recognition.answers import (
    Ambiguous,
    Assessment,
    Commit,
    Moving,
    OffGuide,
    OutOfStep,
    Pending,
    Settled,
    Tapped,
    Unplayed,
)
from engine.recognition.move_index import DiffKey, IndexedMove
from engine.recognition.no_single_move import NoSingleMove
from engine.recognition.pushed_aside import pushed_aside
from engine.recognition.sensors import EPSILON
from engine.recognition.shown import (
    set_down_and_gone,
    shown_then_lifted,
    shown_within,
)
from engine.recognition.standing import Standing
from engine.recognition.swaps import passing_on, shown_first_unknown
from engine.recognition.two_as_one import first_set_down_unshown, stood_off_the_way
from engine.recognition.victims import (
    ends_in_the_air,
)

M = TypeVar("M", bound=Hashable)


class Recognizer(NoSingleMove[M]):
    """Turns debounced frames into moves, prompts, hints and corrections."""

    _swaps: tuple[M, ...] = ()  # a move that stands may have come second (``_swapped``)

    def assess(self, now: float, *, confirm: bool = False) -> Assessment[M]:
        """What the board means at ``now``; with ``confirm`` (ok or the clock pressed),
        a move the board shows needs no rest, and one that stands is done."""
        self._swaps = ()
        asked = self._still_asking(now, lambda: self._assess(now, confirm=confirm), confirm=confirm)
        if asked is not None:
            self._note_offered(asked)
            return asked if confirm else self._pushed_aside_waits(asked, now, self.question)
        assessment = self._landing_asked(self._assess(now, confirm=confirm))
        if not confirm:
            assessment = self._capture_or_held(assessment)
            assessment = self._pushed_aside_waits(assessment, now)
        swaps = self._swaps_found()
        if isinstance(assessment, Commit) and not assessment.then and swaps:
            assessment = Ambiguous((*swaps, assessment.move))
        assessment = self._never_replaced_unasked(self._set_down_asked(assessment))
        self._out_of_step = self._out_of_step or isinstance(assessment, OutOfStep)
        self._note_record_asked(assessment)
        self._note_offered(assessment)
        return assessment

    def _swaps_found(self) -> tuple[M, ...]:
        return self._swaps

    def _assess(self, now: float, *, confirm: bool) -> Assessment[M]:
        self._assessed_at = max(self._assessed_at, now)
        forced, due = self._forced, self._forced_at
        if forced is not None and due is not None and now >= due - EPSILON:
            return Commit(forced)
        if self._position is not None:
            asked = self.rereading.still_asked(self._frame, tuple(self._position.move_stack))
            if asked is not None:
                return asked  # a question about the record, the board unchanged since
        diff = self._diff()
        settled = self._rested(now, self._rest_from, self.timing.settle)
        if settled or confirm:
            in_the_air = not confirm and self._open_piece_in_the_air(diff, now)
            reread = None if in_the_air else self._read_again()
            reread = reread or (self._other_landing(diff) if diff else None)
            if reread is not None:
                return reread
        elif diff and self._tail_open and not self._open_piece_in_the_air(diff, now):
            reread = self._read_again_unrested(now)
            if reread is not None:
                return reread
        if not diff:
            if settled:
                self._blind = False  # the board rests as the position: seen whole again
            if self._out_of_step:
                # put right: what the hands did before is no part of the next moves (a
                # cell's first change then is no move's beginning: independent hands,
                # Robotory polarity seed 950226, a drop and the next player's chain 20 ms
                # apart ordered by a box made before the board was put right)
                self._did.begin(frozenset(), self._rest_from)
                self._out_of_step = False
            # moves that leave every reading as it was (a capture, a reply onto the cell
            # and a drop back on the first) are read only as a line the board showed
            # step by step: two such moves never shown apart are two knocks put back
            lines = self.overlap.explaining(self._frame) if not self._blind else []
            if lines and (settled or confirm) and self.guide is None:
                return self._lined(lines)
            asked = self._other_victim() if settled else None
            if asked is not None:
                return asked
            return Tapped(self._tapped) if self._tapped else Settled()
        stood = self._stood(diff, now, confirm=confirm)
        if stood is not None:
            return stood
        candidates = self._candidates(diff)
        if candidates:
            return self._judged(candidates, now, settled=settled, confirm=confirm)
        return self._unmatched(diff, now, settled=settled, confirm=confirm)

    def _judged(
        self, candidates: list[IndexedMove[M]], now: float, *, settled: bool, confirm: bool
    ) -> Assessment[M]:
        """The board shows a move (or several): wait for it to rest, then commit the one
        that fits in the order its changes came, or ask."""
        moves = tuple(candidate.move for candidate in candidates)
        rest = self.timing.settle
        rest_from = self._rest_from
        standing = self.overlap.standing
        if standing is not None and set(moves) <= set(standing.moves):
            # its own spots rest since it was shown: knocks elsewhere since then were
            # nothing its player's hand could be making
            rest_from = min(rest_from, standing.since)
            settled = self._rested(now, rest_from, rest)
        if self._blind and all(
            self._only_empties(c.footprint) and not c.footprint.must_touch <= self._did.touched
            for c in candidates
        ):
            # nobody saw the hands take the piece: one in the air and a capture made
            # unseen read alike, so the players are asked to put it right and play again
            if now - self._changed_at >= self.timing.grace - EPSILON:
                return OutOfStep(self._correction())
            return Moving(self._hints(self._lifted_spots()))
        alone = candidates[0] if len(candidates) == 1 else None
        # a move that may go on (a chain), or that only takes pieces off with the cells it
        # changes unseen untouched (a line slid to push a marble off, which no sensor
        # tells from a marble held in the air), waits longer, or for a confirm; a hand
        # that then goes on with it is read again (``engine.recognition.rereading``)
        self._continuing = alone is not None and (
            self.overlap.goes_on(alone) or self._looks_lifted(alone.footprint)
        )
        # a capture whose victim was pushed aside onto the cell it seems to land on: the
        # board waits as long, shown, but a hand after the wait may still be taking it.
        # So it does for moves it cannot tell apart (a move and its promotion, which no
        # sensor shows) when any may be such a capture: asked at once, the question would
        # offer only the quiet readings while the victim lies there, never the capture
        # played (independent hands, shogi seeds 740024 and 750009: a bishop's capture of
        # a lance pushed onto 8h asked as 4d8h or 4d8h+)
        self._pushed = (
            not self._continuing
            and self.guide is None
            and any(pushed_aside(self.index, c.footprint, self._did) for c in candidates)
            # the board showed the capture whole, then the piece beside it came: a line
            # of it and a reply makes the board too, and is asked at rest, before the
            # hands go on (issue 78: Robot Duel at blitz, a drop 0.7 s after a capture)
            and not any(line[0] not in moves for line in self.overlap.explaining(self._frame))
        )
        longer = self.timing.extend if self._continuing or self._pushed else 0.0
        if alone is not None and self._by_a_piece_there(alone.footprint):
            longer = self.timing.extend  # a neighbour nudged, read on both cells
        if alone is not None and self.guide is None and self._ends_in_the_air(alone):
            longer = self.timing.reread  # its capturer may be in the air
        self._longer_rest = longer
        if longer:
            rest = max(rest, longer)
            settled = self._rested(now, rest_from, rest)
        if not (settled or confirm):
            return Pending(moves, self._rest_deadline(rest_from, rest))
        if self.guide is not None:
            if self.guide in moves:
                return Commit(self.guide)
            return OffGuide(moves, self.guide)
        if not confirm and all(self._looks_lifted(c.footprint) for c in candidates):
            return self._lifted_or_asked(candidates, now)
        ordered = [c for c in candidates if self._in_order(c.footprint)]
        if not ordered:
            # the order of the changes rules out every one (a drop, then a neighbour
            # knocked off its cell, looks like the neighbour moving onto the drop): the
            # moves the board showed whole on the way are asked beside them, or the
            # hands are given time to put the board right
            shown = shown_within(self.overlap, moves, self._diff())
            if len(shown) > 1:
                return Ambiguous(shown)
            return self._asked_at_rest(self._diff()) or OutOfStep(self._correction())
        if len(ordered) > 1:
            shown = tuple(c.move for c in ordered)
            lines = self.overlap.explaining(self._frame)
            # as for one move (``_alone_or_asked``): a line that went on after a pause, or
            # any when each move leaves a cell the hands touched to a knock
            unexplained = not any(self._did.handled <= c.footprint.spots() for c in ordered)
            went_on = [line[0] for line in lines if unexplained or self._paused(line[:1])]
            return Ambiguous((*dict.fromkeys(m for m in went_on if m not in shown), *shown))
        return self._alone_or_asked(ordered[0], self._frame)

    def _lifted_or_asked(self, candidates: Sequence[IndexedMove[M]], now: float) -> Assessment[M]:
        """Moves that only take pieces off, their changed cells untouched (a line slid to
        push a marble off), rested: the same board as the piece held in the air (a line's
        front marble lifted first and held while its player thinks) is asked beside
        them, never committed; once the players say it is in the hand, the board waits
        for it as for any piece held, and ok says the move is made."""
        if not self._held_said:
            starts = candidates[0].footprint.starts()
            lifted = min(self._lifted_spots() or starts, key=self._order.__getitem__)
            moves = tuple(candidate.move for candidate in candidates)
            # a line the board showed that makes it too (a token placed, then eaten by
            # the next chain, its robot read on its landing before it left)
            shown = [line[0] for line in self.overlap.explaining(self._frame)]
            firsts = tuple(dict.fromkeys(move for move in shown if move not in moves))
            return Ambiguous((*firsts, *moves), Unplayed(lifted, held=True))
        if now - self._changed_at >= self.timing.held - EPSILON:
            return OutOfStep(self._correction())
        return Moving(self._hints(self._lifted_spots()), self._remaining(self._diff()))

    def _by_a_piece_there(self, footprint: Footprint) -> bool:
        """A move that only puts a piece on a cell next to one standing, within a hand's
        pause of the last move's landing: the hand leaving may have nudged that piece
        towards the cell, where it reads too (a piece between two cells reads on both)
        until it is set back, and no sensor tells it from a piece put there."""
        if len(footprint.changes) != 1 or footprint.hidden or not self._played_by:
            return False
        spot, reading = footprint.changes[0]
        filled = self._did.filled_at.get(spot)
        landed = max(self._played_by.values())
        if reading == EMPTY or filled is None or filled - landed >= self.timing.pause:
            return False
        blur, position = self._did.blur, self._position
        assert position is not None
        cells = frozenset(position.game.cells)
        return spot in cells and any(
            there != EMPTY and other != spot and other in cells and blur.neighbours(spot, other)
            for other, there in self._expected.items()
        )

    def _ends_in_the_air(self, alone: IndexedMove[M]) -> bool:
        position = self._position
        return position is not None and ends_in_the_air(position, alone, self._did.lifts)

    def _stood(self, diff: DiffKey, now: float, *, confirm: bool) -> Assessment[M] | None:
        """What stands, once its own spots have rested the settle time (or a confirm says
        the move is done), whatever else changed meanwhile: no other move of its last
        player could have made those changes along with it (``_look``). A line is
        committed (its last move asked afterwards if the board cannot tell it); a move
        alone too, unless the same board may be a line; several moves (a promotion,
        which piece was dropped) are asked while the next player goes on. Shown alone,
        the board is judged as any (``_judged``, ``_lined``)."""
        standing = self.overlap.standing
        if standing is None or self._blind:
            return None
        if {spot for spot, _ in diff} == standing.shown:
            return None
        if not confirm and now - standing.since < self.timing.settle - EPSILON:
            return None
        if set_down_and_gone(
            self.overlap, self._frame, standing.spots, self._did.held, self.timing.settle - EPSILON
        ):
            return None
        moves = standing.moves
        begun = {(*standing.line, move) for move in moves}
        for line, at in self.overlap.seen.items():
            if at >= standing.since and line[: len(standing.line) + 1] not in begun:
                return None  # since, the board showed other moves whole: it must settle
        if standing.line:
            return None if self.guide is not None else self._line_stood(standing.line, moves)
        if self.guide is not None:
            return Commit(self.guide) if self.guide in moves else None
        # the board as it would be without what changed since (the next player's move)
        extra = {spot for spot, _ in diff} - standing.shown
        if len(moves) > 1:  # asked, beside moves that may have come first (``swaps``)
            swaps = (m for c in standing.candidates for m in self._swapped(standing, c, extra))
            return Ambiguous(tuple(dict.fromkeys((*swaps, *moves))))
        return self._alone_stood(standing, extra, now, confirm=confirm)

    def _alone_stood(
        self, standing: Standing[M], extra: set[Spot], now: float, *, confirm: bool
    ) -> Assessment[M] | None:
        """A single move that stands, ``extra`` changed since: committed unless its hand or
        its piece may still be at work, or the same board may be more moves."""
        alone = standing.candidates[0]
        hold = None if confirm else self.rereading.held_back(alone.move, now - standing.since)
        if hold is not None:
            self._longer_rest = hold
            return None  # the hand of a move before may be going on: read at rest
        waits = not confirm and self._ends_in_the_air(alone)
        if waits and now - standing.since < self.timing.reread - EPSILON:
            self._longer_rest = self.timing.reread
            return None  # its capturer may be in the air: a knock elsewhere ends no wait
        if not confirm and self._looks_lifted(alone.footprint):
            if now - standing.since < self.timing.extend - EPSILON:
                self._longer_rest = self.timing.extend
                return None  # its piece may be in the hand: a knock elsewhere ends no wait
            return self._lifted_or_asked((alone,), now)
        passing = passing_on(alone, extra, self._frame, self._did, self.timing.order)
        if not confirm and passing is not None and now < passing - EPSILON:
            self._longer_rest = passing - standing.since
            return None  # its piece may be going on, read on both cells as it passes
        part = {**self._frame, **{spot: self._expected.get(spot, EMPTY) for spot in extra}}
        if not confirm and stood_off_the_way(alone.footprint, self._did, self._expected, part):
            # a piece stood off its way and was taken up again, which the move does not
            # explain: more moves than it may have made these cells, read at rest, never
            # committed as standing while the hands go on (independent hands, Robot Duel
            # reed seed 950035: six plies within eight seconds, both hands at work, read
            # as one capture shown 30 ms before the next hand lifted a piece)
            return None
        self._swaps = self._swapped(standing, alone, extra)
        return self._alone_or_asked(alone, part)

    def _line_stood(self, line: tuple[M, ...], moves: tuple[M, ...]) -> Commit[M]:
        """A line that stands, and the move after it if only one: several are asked once
        played; one after which another move may have come first waits (read again)."""
        if len(moves) > 1:
            return Commit(line[0], line[1:])
        if self._refilled_between(line, moves[0]):
            return Commit(line[0], line[1:])  # another move came between: read after it
        return Commit(line[0], (*line[1:], moves[0]))

    def _refilled_between(self, line: tuple[M, ...], move: M) -> bool:
        """Whether a cell ``line`` leaves empty held a piece the settle time after the
        board showed ``line`` whole and before ``move`` landed, and is empty again: a move
        came between (issue 78, Robotory polarity blitz: a token placed where the chain
        ate, then the next token elsewhere, then the first eaten by the next robot, read
        as the chain and the second token, the first after it), so ``move`` is read after
        the line alone, not committed as its next ply."""
        if line not in self.overlap.seen:
            return False
        since = self.overlap.shown(line).first
        after = self.overlap.after(line)
        footprint = after.index.footprint(move)
        did = self._did
        landed = [
            did.filled_at[spot]
            for spot, reading in footprint.changes
            if reading != EMPTY and spot in did.filled_at
        ]
        if not landed:
            return False
        before = min(landed)
        spots = spots_of(self.overlap.footprints(line))
        for spot in spots - footprint.spots():
            filled = did.filled_at.get(spot)
            if (
                filled is not None
                and since < filled < before
                and after.expected.get(spot, EMPTY) == EMPTY
                and self._frame.get(spot, EMPTY) == EMPTY
                and did.changed.get(spot, filled) - filled >= self.timing.settle - EPSILON
            ):
                return True
        return False

    def _swapped(
        self, standing: Standing[M], alone: IndexedMove[M], extra: set[Spot]
    ) -> tuple[M, ...]:
        """The moves that may have been made before the one that stands (``swaps``)."""
        return shown_first_unknown(
            standing,
            alone,
            extra,
            frame=self._frame,
            did=self._did,
            settle=self.timing.settle,
            pairs=lambda: self.overlap.pairs(
                self._frame, self._hands(), lambda _: True, any_turn=True
            ),
            footprint=self.index.footprint,
        )

    def _alone_or_asked(self, only: IndexedMove[M], frame: Frame) -> Assessment[M]:
        """The only move that makes ``frame`` is committed, unless the same board may be a
        line of moves the board showed, begun with another move that went on after a
        pause, or that explains a spot the hands touched and the move does not (a
        capture's cell before a reply landed where the piece could have gone, a move shown
        whose piece stood as this one landed: ``shown_then_taken_up``), or two moves never
        shown apart that do (``Overlap.pairs``: a capture on such a cell and a drop where
        the capturer seemed to land)."""
        unexplained = not self._did.handled <= only.footprint.spots()
        others = [
            line[0]
            for line in self.overlap.explaining(frame)
            if line[0] != only.move and (unexplained or self._paused(line[:1]))
        ]
        if unexplained:
            others += [
                move for move in self._stood_elsewhere(only.footprint, frame) if move != only.move
            ]
            # moves the board showed one after another back to the position (pieces out
            # and back, each player's, while a question was open), the cells the move
            # leaves unexplained among theirs: the move may come after them
            loose = self._did.handled - only.footprint.spots()
            others += [
                line[0]
                for line in self.overlap.explaining(self._expected)
                if line[0] != only.move and loose & spots_of(self.overlap.footprints(line))
            ]
            # a line the board showed whole that goes on with the move, then a piece of
            # it taken up, the loose cells among its own: the move may be the line's
            # later one, the next hand at work from there (independent hands, Robotory
            # polarity seed 950213: w@A2, then W:D3-E3 40 ms after it landed, then the
            # next player's chain boxing the token on A2, read as W:D3-E3 alone)
            others += [
                line[0]
                for line in shown_then_lifted(self.overlap, frame, self._did)
                if only.move in line[1:] and loose & spots_of(self.overlap.footprints(line))
            ]
            # two moves the board never showed apart that make it, the loose cells among
            # theirs: a capture whose cell reads full throughout and the next player's drop
            # where its capturer seemed to land make the same cells as the capturer's quiet
            # move there (independent hands, Robot Duel seed 910088: 2c1b, the giraffe
            # taken first, then C*3c, read as 2c3c after a question's answer, unasked).
            # Only of the whole board: a cell a hand is still at (a knock, read empty) is
            # no capture landed there (``test_hands_go_on``); nor a reply done while the
            # first move's piece was on its way (``Touches.made_on_its_way``): a piece
            # touched and set back, then the next drop, is no move of it that landed
            # after the reply's (harness seed 920012, E touched on 2c, then C*1d asked as
            # 2c1d and C*2c)
            # A cell only a piece in the air read (``Touches.carried_over``: the move's
            # robot slid over it) is explained by the move itself: no pair's drop there,
            # placed and taken within that piece's flight (Robotory's reed clean row: a
            # chain's robot slid B4-B3-B2-B1 over boxed tokens, asked as w@B2 or w@B3)
            pairs = (
                self.overlap.pairs(frame, self._hands(), self._in_order)
                if frame == self._frame
                else []
            )
            landed_loose = loose - self._did.carried_over(self._expected, frame) if pairs else loose
            others += [
                pair[0]
                for pair in pairs
                if pair[0] != only.move
                and landed_loose & spots_of(self.overlap.footprints(pair))
                and not self._made_on_its_way(pair)
            ]
            # the piece set down off its way and taken on by its player's next move, the
            # other player's between, never shown whole (``two_as_one``)
            others += first_set_down_unshown(
                self.index, only.footprint, self._did, self._expected, frame
            )
        if others:
            return Ambiguous((*dict.fromkeys(others), only.move))
        return Commit(only.move)
