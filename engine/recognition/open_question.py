"""Invariant four of recognition: a question stays open until it is answered or the board
at rest has exactly one reading among its moves (docs/recognition.md). The hands do not
wait for a prompt: the next player's hand is often at work before the question is read,
a piece of a move offered may be in a hand, a reply may be under way. Closing a question
on such a board, or settling it on a reading made while the hands were still at work,
lost the move played (issue 78's independent hands); so the open question is judged
here, apart from the reading of moves (``engine.recognition.recognizer``), with what the
board was when it was asked."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TypeVar

from engine.physical import EMPTY, Frame
from engine.recognition.answers import Ambiguous, Assessment, Commit, Reread, TakebackOffer
from engine.recognition.never_replaced import NeverReplaced
from engine.recognition.pushed_aside import laid_aside
from engine.recognition.sensors import EPSILON
from engine.recognition.standing import shared

M = TypeVar("M", bound=Hashable)


class OpenQuestion(NeverReplaced[M]):
    """The recognizer's keeping of an open question (module docstring)."""

    # a question about the record: its choices, and the committed move it asks about
    _record_asked: tuple[frozenset[M], M] | None = None
    _asked_of: tuple[tuple[M, ...], Frame] | None = None  # a question, and the board then
    # the moves the recognizer last offered (an ambiguous assessment), and the board then
    _offered: tuple[frozenset[M], Frame] | None = None

    def _note_offered(self, assessment: Assessment[M]) -> None:
        """Kept when ``assessment`` offers moves: the board a prompt of them is asked of
        (``_asked_board``)."""
        if isinstance(assessment, Ambiguous):
            self._offered = (frozenset(assessment.candidates), self._frame)

    def _note_record_asked(self, assessment: Assessment[M]) -> None:
        """Kept when ``assessment`` asks about the record: the committed move at the ply
        it asks about, which only the players may take out of the record."""
        if not isinstance(assessment, Reread) or not assessment.choices:
            return
        if self._position is None:
            return
        stack = self._position.move_stack
        ply = len(stack) - assessment.back + len(assessment.moves)
        if assessment.back and ply < len(stack):
            self._record_asked = (frozenset(assessment.choices), stack[ply])

    def _still_asking(
        self, now: float, read: Callable[[], Assessment[M]], *, confirm: bool
    ) -> Assessment[M] | None:
        """A question the players have not answered (``question``: the moves a prompt
        offers for the next ply) stays open while the hands go on (the next player's hand
        already at work), until it is answered or the board at rest has exactly one
        reading among its moves (issue 78: a question closed by the next hand, or settled
        by the board committing another choice, lost the move played). A question about
        a move the board had committed is the players' alone to answer: the board at rest
        only ever asks it anew, the committed move still among the choices, when the hand
        went on to another move. None: no question, or one the board no longer bears on
        (it shows the position again, nothing of the question makes it): read as ever."""
        question = self.question
        if question is None:
            self._record_asked = self._asked_of = None
            return None
        if self._position is not None and not self._blind:
            self.overlap.rested_while_asked(now, self.timing.settle)
        if self._asked_of is None or self._asked_of[0] != question:
            self._asked_of = (question, self._asked_board(question))
        asked_of = self._asked_of[1]
        rested = self._rested(now, self._rest_from, self.timing.settle)
        asked = self._record_asked
        if asked is not None and asked[0] == frozenset(question):
            taken_up = tuple(move for move in question if self._lifted_since_asked(move))
            waiting = not confirm and now - self._changed_at < self.timing.grace - EPSILON
            if not rested or (taken_up and waiting):
                # a choice's piece taken up since the question was asked is on its way
                # back, or on to where it was meant to go: no board before it comes
                # down bears on the question (independent hands, Robot Duel seed 793046:
                # 3c2d or 3c3b asked, the lion lifted from 3b and set back, asked anew
                # with it in the air as 3c2d or a capture on 2c, 3c3b dropped)
                return Ambiguous(question)
            return self._record_asked_anew(question, asked[1], read(), taken_up)
        if self.guide is not None or self._blind or not self._diff():
            return None
        if not rested or self._frame == asked_of:
            # the hands are at work, or the board is as it was asked of: the question stays
            return Ambiguous(question)
        every = [line for line in self._readings_here() if line]
        readings = [line for line in every if line[0] in question]
        waiting = not confirm and now - self._changed_at < self.timing.grace - EPSILON
        if waiting and any(self._waits_for_the_hand(line) for line in readings):
            # a reading the board would wait for the grace for, read alone: it must not
            # answer the question before the hand is done either
            return Ambiguous(question)
        # a move whose piece reads gone from where it was set down may be in a hand (the
        # next player's capture of it under way, its victim not yet on the stand): no
        # board at rest reads it until that hand is done, so the board does not yet bear
        # on it (independent hands, Robot Duel seed 710075: dropped from the question
        # while the capture's victim was lifted, then the question settled without it)
        held = [move for move in question if self._lifted_since_asked(move)]
        if not readings:
            if len(held) == len(question) or (every and self._refilled_since_asked(question)):
                # its piece is in the hand (a token touched again while the next player
                # has played), or a cell its moves emptied reads a piece again, which no
                # sensor tells from its own piece set back: what the board reads now is
                # offered beside it, never instead of it (a hand that returns it would
                # find the move not offered)
                return Ambiguous(tuple(dict.fromkeys((*question, *(line[0] for line in every)))))
            return None
        unoffered = tuple(dict.fromkeys(line[0] for line in every if line[0] not in question))
        if unoffered:
            # the board at rest also reads lines that begin with a move the question does
            # not offer: it has more than one reading, whatever the offered moves' lines
            # agree on. Such a line comes when a hand changed the board the question was
            # not asked of: a token set down while a question before it was open, lifted as
            # the question was asked and set back (Robotory seed 820007: settled on the
            # later token, the first lost), or the next chain's token boxed first, which a
            # chain through that cell reads the same (Robotory seed 820001: settled on two
            # chains). Those moves are offered beside the question, never instead of it
            # (its moves not read now may be waiting for a piece in the hand)
            return Ambiguous((*question, *unoffered))
        firsts = {line[0] for line in readings}
        common = shared(readings)
        if common and firsts.issuperset(held):
            return Commit(common[0], common[1:])
        return Ambiguous(tuple(move for move in question if move in firsts or move in held))

    def _asked_board(self, question: tuple[M, ...]) -> Frame:
        """The board ``question`` was asked of: the board when the recognizer offered its
        moves; for moves the board cannot show (a refill, asked by ok or refill on a
        board at rest) the position itself. It is first judged only with the hands'
        next frame, which would pass for the board asked of, and what that frame did
        was never read: a move made then (issue 78's independent hands, Robotory seed
        710031: a token placed while the refill was asked, the prompt open for ever), a
        piece set back then (seed 820007: a token set down while the question before
        was open, in the hand when its successor was asked, set back as the question's
        first frame, so never offered). A question the recognizer did not offer (the
        session's own) is asked of the board at its first judgement."""
        unseen = self.unseen
        if all(move in unseen for move in question):
            return self._expected
        offered = self._offered
        if offered is not None and offered[0] == frozenset(question):
            return offered[1]
        return self._frame

    def _waits_for_the_hand(self, line: tuple[M, ...]) -> bool:
        """Whether a later move of ``line`` lands where a victim pushed aside lies
        (``pushed_aside.laid_aside``), or is a reply done before the first move's piece came
        down (``Touches.made_on_its_way``): as ``_pairs_at_rest`` for two moves, the hand
        may still be at work, and until the grace the same board may be another line (a
        promotion asked, the next capture's victim pushed aside onto the cell the
        unpromoted pawn would let a gold step to: issue 78's independent hands, shogi
        seed 710033, settled unpromoted with the next move read as that step)."""
        if len(line) == 2 and self._made_on_its_way(line):
            return True
        return laid_aside(self.overlap.footprints(line)[1:], self._did) or self._asked_landing_laid(
            line
        )

    def _asked_landing_laid(self, line: tuple[M, ...]) -> bool:
        """Whether ``line``'s first move (one the question offers) lands where a victim
        pushed aside lies (``pushed_aside.laid_aside``) on a cell that read no piece when the
        question was asked: the next capture's victim, pushed onto the cell another
        choice lands on, makes that choice's board until a hand takes it up (independent
        hands, Robot Duel seed 792010: 2d2c or 2d3c asked, gote's lion taking on 3b
        pushed its victim onto 2c, settled 2d2c 0.5 s later)."""
        asked = self._asked_of[1] if self._asked_of is not None else self._frame
        footprint = self.overlap.footprints(line[:1])[0]
        landed = frozenset(
            spot
            for spot, reading in footprint.changes
            if reading != EMPTY and asked.get(spot, EMPTY) == EMPTY
        )
        return bool(landed) and laid_aside([footprint], self._did, landed)

    def _refilled_since_asked(self, question: tuple[M, ...]) -> bool:
        """Whether a cell every move of ``question`` empties, empty when it was asked,
        reads a piece again: the board may be read as if the question's piece never
        moved, but so does the next player's capture that pushed its victim aside onto
        that cell, the question's move played before it (independent hands, Robot Duel
        seed 910047: 3c3b asked, then E*3d and 2d3d with the elephant pushed onto 3c,
        read as 2d3d alone and committed, the question closed: a wrong record)."""
        asked_of = self._asked_of[1] if self._asked_of is not None else None
        if asked_of is None:
            return False
        left = frozenset.intersection(
            *(
                frozenset(
                    spot for spot, reading in self.index.footprint(move).changes if reading == EMPTY
                )
                for move in question
            )
        )
        frame = self._frame
        return any(
            asked_of.get(spot, EMPTY) == EMPTY and frame.get(spot, EMPTY) != EMPTY for spot in left
        )

    def _lifted_since_asked(self, move: M) -> bool:
        """Whether ``move`` set a piece on a cell that read it when the question was
        asked and reads empty now: the piece may be in a hand."""
        asked_of = self._asked_of[1] if self._asked_of is not None else None
        if asked_of is None:
            return False
        frame = self._frame
        return any(
            frame.get(spot, EMPTY) == EMPTY
            for spot, reading in self.index.footprint(move).changes
            if reading != EMPTY and asked_of.get(spot, EMPTY) == reading
        )

    def _record_asked_anew(
        self,
        question: tuple[M, ...],
        recorded: M,
        reading: Assessment[M],
        held: tuple[M, ...] = (),
    ) -> Ambiguous[M]:
        """The board at rest while a question about the committed ``recorded`` is open:
        asked anew when it reads another move than those offered (the hand went on: a
        slide passing its cells), ``recorded`` always among the choices, and so are the
        choices whose piece was taken up since it was asked (``held``: it may still be
        in the hand, past the grace); else the same. ``reading``: the board read as if
        nothing were asked (a takeback offered: the lines it offers beside)."""
        if isinstance(reading, Commit):
            shown: tuple[M, ...] = (reading.move,)
        elif isinstance(reading, Ambiguous | Reread):
            shown = reading.candidates if isinstance(reading, Ambiguous) else reading.choices
        elif isinstance(reading, TakebackOffer):
            # the board as an earlier position, or lines it showed that make it too: a
            # move the question asks about, taken at once by the next player, its victim
            # pushed aside and taken up (independent hands, Robot Duel seed 881040: E*3c
            # committed, moved on to 1c and taken by the giraffe on 1d, asked E*2c or E*3c
            # while the elephant lay on 2c; once it went, E*1c was never offered)
            shown = reading.moves
        else:
            shown = ()
        if not shown or set(shown) <= set(question):
            return Ambiguous(question)
        choices = tuple(dict.fromkeys((*shown, recorded, *held)))
        self._record_asked = (frozenset(choices), recorded)
        return Ambiguous(choices)

    def _made_on_its_way(self, pair: tuple[M, ...]) -> bool:
        """Whether ``pair``'s reply was made while the first move's piece was still on its
        way (``Touches.made_on_its_way``): the hand may be at work yet."""
        first, reply = pair
        after = self.overlap.after((first,)).index
        return self._did.made_on_its_way(self.index.footprint(first), after.footprint(reply))
