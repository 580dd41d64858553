"""A board no single legal move makes from the position: an earlier position (a move
taken back), moves one after another (lines the board showed, two moves never shown
apart), a move landed where no sensor saw, a capture whose capturer is still held, a
forbidden move, a move still in progress, or a board out of step.

Apart from the recognizer's main path (a board one move makes, judged by its hands)
because every answer here weighs several readings of the same cells against each other
and against time: which to play, which to ask, and how long to wait before either.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TypeVar

from engine.physical import EMPTY
from engine.recognition.answers import (
    Ambiguous,
    Assessment,
    Commit,
    IllegalMatch,
    Moving,
    OutOfStep,
    TakebackOffer,
    Unplayed,
)
from engine.recognition.line_judgement import LineJudgement
from engine.recognition.move_index import DiffKey
from engine.recognition.pushed_aside import laid_aside
from engine.recognition.sensors import EPSILON
from engine.recognition.shown import shown_then_lifted
from engine.recognition.two_as_one import first_from_a_refilled_cell
from engine.recognition.victims import (
    begun_unseen,
    begun_unseen_in_turn,
    landed_unseen,
    landed_unseen_after_a_touch,
    parked_capture,
    shown_then_unseen,
)

M = TypeVar("M", bound=Hashable)


class NoSingleMove(LineJudgement[M]):
    """Reads, asks or waits on a board no single move makes."""

    def _unmatched(
        self, diff: DiffKey, now: float, *, settled: bool, confirm: bool
    ) -> Assessment[M]:
        """A board no single move makes: an earlier position, moves one after another,
        a forbidden move, a move still in progress, or a board out of step."""
        reading_lines = not self._blind and self.guide is None
        lines = self.overlap.explaining(self._frame) if reading_lines else []
        shown = bool(lines)
        waiting: list[tuple[M, ...]] = []
        earlier = self._earlier(diff, now, lines) if settled else None
        if earlier is not None:
            return earlier
        if (settled or confirm) and not self._blind:
            # the lines the board showed step by step, and two moves it never showed
            # apart (the next player's hand on the board before the mover's left): a
            # mover's hand that went on after the reply may be either
            pairs, waiting = self._pairs_at_rest(now, confirm=confirm, fallback=not lines)
            lifted = self._lifted_after_shown(pairs) if pairs and not lines else []
            if lifted:
                # a line the board showed, then a piece taken up: the hand may be at work
                # on the next move, so two moves read whole at rest wait for it
                if confirm or now - self._changed_at >= self.timing.grace - EPSILON:
                    return Ambiguous(tuple(dict.fromkeys((*lifted, *(p[0] for p in pairs)))))
                pairs = []
            lines = [*lines, *(pair for pair in pairs if pair not in lines)]
        if (settled or confirm) and lines:
            decided = (None if shown else self._begun_apart(lines)) or self._lined(lines)
            if isinstance(decided, Commit) and any(
                (decided.move, *decided.then)[:2] != pair for pair in waiting
            ):
                # two moves never shown apart, the reply done before the mover's piece came
                # down, make the board as well as the line played: the hand may still be on
                # its way, so nothing is played before the grace, then both are asked
                # (issue 78, the long profile's abalone-both: a broadside's second marble
                # rolled 0.2 s after the reply, read as the mover's next move)
                return Moving(self._hints(self._lifted_spots()), self._remaining(diff))
            return decided
        parked = self._parked(diff) if confirm or settled else None
        if parked is not None and confirm:
            return Commit(parked)  # the player says it is done: its piece is not in the air
        if parked is not None and not self._held_said:
            # the same board as the capturer held in the air: asked, the piece's origin lit
            origin = min(self.index.footprint(parked).starts(), key=self._order.__getitem__)
            return Ambiguous((parked,), Unplayed(origin, held=True))
        if settled:
            illegal = [
                (candidate, reason)
                for candidate, reason in self.index.illegal(diff)
                if not self._blind
                and candidate.footprint.must_touch <= self._did.touched
                and not self._looks_lifted(candidate.footprint)
            ]
            # a legal move makes the board too, but for a cell it changes that no sensor
            # saw touched (a robot set on its victim's cell as the hand took the token,
            # one magnet taking over from the other, while a neighbour's reading dropped
            # under the passing magnet: issue 78, Robotory reed brisk), or a line begun by
            # such a move does (a robot walked on from where it landed unseen): asked
            # after the grace, never called illegal
            if illegal and not (
                reading_lines
                and (
                    landed_unseen(self.index.matching(diff), self._did, self._in_order)
                    or begun_unseen(self.overlap, self._frame, self._did, self._in_order)
                )
            ):
                candidate, reason = illegal[0]
                return IllegalMatch(candidate.move, reason)
        waited = now - self._changed_at
        unseen = self._unseen_asked(diff, confirm=confirm, rested=waited if settled else 0.0)
        if unseen is not None and reading_lines:
            return unseen
        held = self._in_hand(diff)
        if waited >= (self.timing.held if held else self.timing.grace) - EPSILON:
            asked = self._asked_at_rest(diff) if settled else None
            if asked is not None:
                return asked
            self.overlap.forget()  # the players put the board right: what it showed is past
            return OutOfStep(self._correction())
        return Moving(self._hints(self._lifted_spots()), self._remaining(diff))

    def _earlier(
        self, diff: DiffKey, now: float, lines: list[tuple[M, ...]]
    ) -> TakebackOffer[M] | Moving | None:
        """A board at rest as an earlier position: a move taken back, or the next
        player's capture of the piece just moved with its victim taken up first (at the
        clean pace, every such capture whose hand paused the settle time: 7.7 questions in
        1,000 on Robot Duel's reed board). A takeback is no hurry: the board offers it
        after the grace, the hand given its time, or at once beside lines it showed; the
        other lines that make the board (two moves never shown apart) are offered too."""
        for plies, frame in enumerate(self._history, start=1):
            if frame != self._frame:
                continue
            if lines or now - self._changed_at >= self.timing.grace - EPSILON:
                firsts = [line[0] for line in (*lines, *self._forward())]
                return TakebackOffer(plies, tuple(dict.fromkeys(firsts)))
            return Moving(self._hints(self._lifted_spots()), self._remaining(diff))
        return None

    def _begun_apart(self, pairs: list[tuple[M, ...]]) -> Ambiguous[M] | None:
        """Two moves never shown apart that make the same board as a line begun by a
        move that landed unseen, its moves one after another
        (``victims.begun_unseen_in_turn``): the first robot's chain may have ended where
        no sensor saw, so the board asks by the first moves."""
        firsts = tuple(dict.fromkeys(pair[0] for pair in pairs))
        begun = begun_unseen_in_turn(self.overlap, self._frame, self._did, self._in_order)
        apart = [line[0] for line in begun if line[0] not in firsts]
        return Ambiguous(tuple(dict.fromkeys((*firsts, *apart)))) if apart else None

    def _pairs_at_rest(
        self, now: float, *, confirm: bool, fallback: bool
    ) -> tuple[list[tuple[M, ...]], list[tuple[M, ...]]]:
        """Two moves the board never showed apart that make it (``Overlap.pairs``), but
        those that leave a piece set down unexplained; a reply done before the mover's
        piece came down, where it passed, is the same board as that piece resting on its
        way (a knock read as its landing), and one that lands a piece where a victim
        pushed aside lies (``pushed_aside.laid_aside``): the board waits for the hand until the
        grace (heavy soak, Robotory move 1160). Returns the pairs read now and those
        waiting for the grace."""
        pairs = self.overlap.pairs(
            self._frame, self._hands(), self._in_order, self.guide, fallback=fallback
        )
        pairs = [pair for pair in pairs if not self._leaves_set_down(pair)]
        if confirm or now - self._changed_at >= self.timing.grace - EPSILON:
            return pairs, []
        waiting = [
            pair
            for pair in pairs
            if self._made_on_its_way(pair) or laid_aside(self.overlap.footprints(pair), self._did)
        ]
        return [pair for pair in pairs if pair not in waiting], waiting

    def _lifted_after_shown(self, pairs: list[tuple[M, ...]]) -> tuple[M, ...]:
        """The first moves of the lines the board showed whole, then pieces taken up
        since (``shown_then_lifted``), that ``pairs`` part from at their first move."""
        firsts = {pair[0] for pair in pairs}
        shown = shown_then_lifted(self.overlap, self._frame, self._did)
        return tuple(dict.fromkeys(line[0] for line in shown if line[0] not in firsts))

    def _unseen_asked(
        self, diff: DiffKey, *, confirm: bool, rested: float
    ) -> Commit[M] | Ambiguous[M] | None:
        """A board a move makes but for a cell it changes unseen that no sensor saw
        touched (``victims.landed_unseen``), or two moves whose second did so
        (``Overlap.pairs``, ``unseen``): played when the player says the move is done
        (ok, the clock), asked once the board has rested ``Timing.grace`` (``rested``:
        how long), the piece perhaps in the hand."""
        if not confirm and rested < self.timing.grace - EPSILON:
            return None
        unseen = landed_unseen(self.index.matching(diff), self._did, self._in_order)
        if unseen:
            starts = self.index.footprint(unseen[0]).starts()
            # as for a move seen landing (``_alone_or_asked``): a line the board showed
            # longer than a step, then gone on from unseen, may be the next player's move
            # (a shared robot walked on 2 s after a chain's last step: issue 78, Robotory
            # polarity brisk)
            went_on = shown_then_unseen(self.overlap, self._frame, self._did, self._in_order)
            touched = landed_unseen_after_a_touch(
                self.index.matching(diff), self._did, self._in_order
            )
            unseen = tuple(
                dict.fromkeys(
                    [*(line[0] for line in went_on if self._paused(line[:1])), *unseen, *touched]
                )
            )
        else:
            # two moves, the reply set on the first's piece as it left (both players'
            # hands at once): asked by the first, the reply's piece perhaps in the hand
            pairs = self.overlap.pairs(self._frame, self._hands(), self._in_order, unseen=True)
            if pairs:
                unseen = tuple(dict.fromkeys(pair[0] for pair in pairs))
                first, reply = pairs[0][:2]
                starts = self.overlap.after((first,)).index.footprint(reply).starts()
            else:
                # a line begun by a move that landed unseen, the next hands at once; or
                # one the board showed, then a move that landed unseen: asked by its first
                begun = begun_unseen(self.overlap, self._frame, self._did, self._in_order)
                shown = shown_then_unseen(self.overlap, self._frame, self._did, self._in_order)
                if not begun and not shown:
                    return None
                unseen = tuple(dict.fromkeys(line[0] for line in (*begun, *shown)))
                if begun:
                    starts = self.index.footprint(unseen[0]).starts()
                else:
                    line = shown[0]
                    starts = self.overlap.after(line[:-1]).index.footprint(line[-1]).starts()
        if confirm:  # its piece is not in the air
            return Commit(unseen[0]) if len(unseen) == 1 else Ambiguous(unseen)
        if self._held_said:
            return None  # the players said it is in the hand: the board waits for it
        origin = min(starts, key=self._order.__getitem__)
        return Ambiguous(unseen, Unplayed(origin, held=True))

    def _asked_at_rest(self, diff: DiffKey) -> Ambiguous[M] | None:
        """A board at rest that a legal move, two moves, a line the board showed step by
        step, or a line begun unseen make from the position is asked about, never out of
        step, whatever order its changes came in: the order only breaks ties, and sensors
        may blur it further than their model says (a slower roll, a marble read on two
        holes longer). A move alone is asked beside its landing only set down."""
        if self._blind or self.guide is not None:
            return None
        singles = [candidate.move for candidate in self._candidates(diff)]
        pairs = self.overlap.pairs(self._frame, self._hands(), lambda _: True, any_turn=True)
        pairs = [pair for pair in pairs if not self._leaves_set_down(pair)]
        shown = [line[0] for line in self.overlap.explaining(self._frame)]
        # a line begun by a move that landed unseen (a robot set on a token, one magnet
        # taking over), the next players' moves made on it (heavy soak, Robotory 2681)
        begun = [
            line[0] for line in begun_unseen(self.overlap, self._frame, self._did, self._in_order)
        ]
        # one player's two moves read as one, the other's between (``two_as_one``): the
        # first may have come from a cell the pair leaves alone (independent hands, shogi
        # reed seed 950123: 3i3h, the reply, 4i3i, asked as 4i3h or "only set down")
        instead = [
            move
            for pair in pairs
            for move in first_from_a_refilled_cell(
                self.index, self.overlap.footprints(pair), self._did, self._expected, self._frame
            )
        ]
        firsts = tuple(
            dict.fromkeys([*singles, *(pair[0] for pair in pairs), *instead, *shown, *begun])
        )
        if not firsts:
            return None
        if len(firsts) > 1:
            return Ambiguous(firsts)
        landed = sorted(
            (spot for spot, reading in diff if reading != EMPTY), key=self._order.__getitem__
        )
        if landed:
            return Ambiguous(firsts, Unplayed(landed[0]))
        lifted = self._lifted_spots() or sorted(self.index.footprint(firsts[0]).starts())
        return Ambiguous(firsts, Unplayed(min(lifted, key=self._order.__getitem__), held=True))

    def _parked(self, diff: DiffKey) -> M | None:
        if self._blind or self.guide is not None:
            return None
        return parked_capture(self.index.matching(diff), self._did)
