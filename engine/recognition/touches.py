"""What the hands did to the sensed spots since a position began, as its recognizer
keeps it apart from what it judges.

Three memories, because three questions need them: which spots a move may count as
touched (``touched``: since the pieces last rested as the position, so that touches never
pile up from move to move), which the hands are on now (``now``: since the board last
read as the position, for hints and what a lift could be), and which two moves never
shown apart may share (``handled``: since the last commit, for pairs). The times of each
spot's first change, last landing, first lift and last change order the changes
(``engine.recognition.change_order.in_order``); ``fills`` counts the landings on each cell.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping

from engine.physical import EMPTY, Footprint, Reading, Spot
from engine.recognition.change_order import in_order
from engine.recognition.rereading import Evidence
from engine.recognition.sensors import EPSILON, STOOD, WIDEST, Blur
from engine.recognition.standing import Hands


class Touches:
    """The recognizer's record of the hands (module docstring)."""

    def __init__(self, blur: Blur, on_its_way: float = WIDEST.pass_s) -> None:
        self.blur = blur  # the board's order margin (``engine.recognition.sensors``)
        # the longest a piece on its way reads on a cell (``Timing.on_its_way``)
        self.on_its_way = on_its_way
        self.touched: set[Spot] = set()
        self.now: set[Spot] = set()
        self.handled: set[Spot] = set()
        self.began = 0.0  # when what the hands did for this position began to count
        self.lifted_at: dict[Spot, float] = {}  # a piece first left, since the board matched
        self.lifts: dict[Spot, tuple[float, ...]] = {}  # ... and each time one left since
        self.landings: dict[Spot, tuple[float, ...]] = {}  # each time one came, since
        self.emptied: dict[Spot, tuple[float, ...]] = {}  # each time any spot came to read none
        self.first_at: dict[Spot, float] = {}  # each spot's first change in this position
        self.filled_at: dict[Spot, float] = {}  # a spot last came to read a piece
        self.fills: dict[Spot, int] = {}  # how often each came to read one, this position
        self.changed: dict[Spot, float] = {}  # each spot's last change, ever
        self.last_began = -math.inf  # when the move that made this position began

    def begin(self, kept: frozenset[Spot], now: float, last_began: float = -math.inf) -> None:
        """A new position: only the spots carried over a commit (``kept``) stay touched;
        ``last_began``: when the move just played began (``Hands.since``)."""
        self.began = now
        self.last_began = last_began
        self.touched, self.now, self.handled = set(kept), set(kept), set(kept)
        self.lifted_at = {spot: at for spot, at in self.lifted_at.items() if spot in kept}
        self.lifts = {spot: times for spot, times in self.lifts.items() if spot in kept}
        self.landings = {spot: times for spot, times in self.landings.items() if spot in kept}
        self.emptied = {spot: times for spot, times in self.emptied.items() if spot in kept}
        self.first_at = {spot: at for spot, at in self.first_at.items() if spot in kept}
        self.fills = {spot: count for spot, count in self.fills.items() if spot in kept}

    def began_on(self, spots: Iterable[Spot]) -> float:
        """When the hands first changed any of ``spots`` in this position (-inf: none
        seen): a move's cells, when it began."""
        times = [self.first_at[spot] for spot in spots if spot in self.first_at]
        return min(times, default=-math.inf)

    def adopt(self, evidence: Evidence) -> None:
        """Moves taken back to be read again: what the hands did since their base is what
        they did since this position."""
        self.last_began = -math.inf
        self.touched, self.handled = set(evidence.touched), set(evidence.touched)
        self.now = set(evidence.touched)
        self.lifted_at, self.first_at = dict(evidence.lifted_at), dict(evidence.first_at)
        self.lifts = dict(evidence.lifts)
        self.landings = dict(evidence.landings)
        self.emptied = dict(evidence.lifts)
        self.fills = dict(evidence.fills)
        # the taken-back moves' own touches, made before their base began, are evidence
        # too: the hands began with the first of them (independent hands, Robotory
        # polarity seed 950217: a chain's first step committed, taken back and asked, the
        # answer the other move, then the chain read without its robot's first cell)
        first = (evidence.first_at[spot] for spot in evidence.touched if spot in evidence.first_at)
        self.began = min([evidence.since, *first])

    def saw(
        self,
        changed: Iterable[Spot],
        new: Mapping[Spot, Reading],
        expected: Mapping[Spot, Reading],
        now: float,
        *,
        rested: bool,
    ) -> None:
        """The spots ``changed`` to make ``new``; ``rested``: before it, the pieces had
        rested as the position the settle time (what they touched before is past: a piece
        lifted and put back never blocks the next move; a moment's return, a capture's
        victim set down where the capturer came from, is not, and a commit starts no
        rest: touches carried from move to move would tell later moves apart)."""
        if rested:
            self.touched.clear()
            self.lifted_at.clear()
            self.lifts.clear()
            self.landings.clear()
            self.emptied.clear()
        changed = set(changed)
        self.touched |= changed
        self.now |= changed
        self.handled |= changed
        for spot in changed:
            self.changed[spot] = now
            self.first_at.setdefault(spot, now)
            if new.get(spot, EMPTY) != EMPTY:
                self.filled_at[spot] = now
                self.fills[spot] = self.fills.get(spot, 0) + 1
                self.landings[spot] = (*self.landings.get(spot, ()), now)
                continue
            self.emptied[spot] = (*self.emptied.get(spot, ()), now)
            if expected.get(spot, EMPTY) != EMPTY:
                self.lifted_at.setdefault(spot, now)
                self.lifts[spot] = (*self.lifts.get(spot, ()), now)
        back = all(new.get(s, EMPTY) == expected.get(s, EMPTY) for s in changed)
        if changed and back and all(new.get(s, EMPTY) == r for s, r in expected.items()):
            # back as the position: a piece lifted and put straight back began no move
            # (a move after it is dated from its own first change)
            self.first_at = {s: at for s, at in self.first_at.items() if s not in changed}

    def since(self, spots: Iterable[Spot]) -> float:
        """When the hands began on this position, as a move of ``spots`` shows it: its
        first change may come before the board began the position (several moves read at
        once, when the board caught up with the hands), and what changed after it is
        still evidence for the moves after it."""
        spots = [spot for spot in spots if spot in self.touched]
        starts = [self.first_at.get(spot, self.changed.get(spot, self.began)) for spot in spots]
        return min([self.began, *starts])

    def held(self, spot: Spot) -> float:
        """How long ``spot`` changed over in this position: from its first change to its
        last (a piece set down and taken up again: how long it stood)."""
        return self.changed.get(spot, 0.0) - self.first_at.get(spot, self.changed.get(spot, 0.0))

    def set_down_and_taken_up(
        self, expected: Mapping[Spot, Reading], frame: Mapping[Spot, Reading]
    ) -> frozenset[Spot]:
        """The cells empty in the position (``expected``) and now (``frame``) that held a
        piece ``STOOD`` or longer since: a piece set down and taken up again (a piece
        carried over a cell, or a bounce, reads there for less, or only while it is in
        the air: ``carried_over``)."""
        return frozenset(
            s
            for s in self._filled_between(expected, frame)
            if self._stood(s) and not self._over_in_the_air(s, frame)
        )

    def answered(self, spots: Iterable[Spot]) -> None:
        """A question answered says what the piece set down on ``spots`` was (the way the
        chosen move came, a rest the question asked about): no piece set down and taken
        up there is left for the moves after it to explain. They stay touched."""
        for spot in spots:
            self.fills.pop(spot, None)

    def carried_over(
        self, expected: Mapping[Spot, Reading], frame: Mapping[Spot, Reading]
    ) -> frozenset[Spot]:
        """The cells empty in the position and now that read a piece since, for less than
        ``STOOD``, or for as long as a piece lifted from the board was in the air (it
        left before the cell read a piece, and landed nowhere until it read none): what
        a piece carried low over a cell makes (or a bounce), a hand pausing over it too.
        A piece put there from off the board (a drop, a token placed) begins to read with
        no piece of the board in the air."""
        return frozenset(
            s
            for s in self._filled_between(expected, frame)
            if not self._stood(s) or self._over_in_the_air(s, frame)
        )

    def _over_in_the_air(self, spot: Spot, frame: Mapping[Spot, Reading]) -> bool:
        """Whether a piece that left another cell before ``spot`` read one landed nowhere
        until ``spot`` read none again (a cell it only passed over, reading it a moment,
        is no landing)."""
        began, ended = self.first_at.get(spot), self.changed.get(spot)
        if began is None or ended is None:
            return False
        # a cell whose first change was a piece leaving it (a move committed from it)
        # began to hold the piece set down on it at its next landing: a piece that rested
        # there on its way to another cell, while a question was open, left its own cell
        # after the first change and before that landing (independent hands, Robot Duel
        # seed 792249: a lion set on 2c, the cell the move before had left, moved on to
        # 2d, its rest on 2c left every reading of the moves after the answer unexplained)
        began = min(
            (at for at in self.landings.get(spot, ()) if at >= began - EPSILON), default=began
        )
        if ended - began > self.on_its_way + self.blur.margin:
            # read longer than any piece on its way: set down, whatever was in the air
            # (independent hands, Robot Duel seeds 950062 and 950074: a piece slid to a
            # cell, resting there 1.5 s while the other hand's move landed, read as in the
            # air, and two moves read where four were made)
            return False
        # the landings that stayed (a cell that still reads the piece); a piece slid on to
        # a neighbour reads on both within the sensors' blur, so its landing there as
        # this cell let go is that piece passing on, not another set down meanwhile
        landed = [
            times[-1]
            for other, times in self.landings.items()
            if other != spot
            and times
            and frame.get(other, EMPTY) != EMPTY
            and not (self.blur.neighbours(other, spot) and times[-1] >= ended - self.blur.margin)
        ]
        # ... and its departure from a neighbour may come as this cell begins to read it
        return any(
            left < began + self.blur(spot, other) and not any(left < at <= ended for at in landed)
            for other, times in self.lifts.items()
            if other != spot
            for left in times
        )

    def _filled_between(
        self, expected: Mapping[Spot, Reading], frame: Mapping[Spot, Reading]
    ) -> list[Spot]:
        """The cells empty in the position and now that read a piece since."""
        return [
            spot
            for spot in self.handled
            if expected.get(spot, EMPTY) == EMPTY
            and frame.get(spot, EMPTY) == EMPTY
            and self.fills.get(spot)
        ]

    def _stood(self, spot: Spot) -> bool:
        return self.held(spot) >= STOOD - EPSILON

    def swapped(self) -> frozenset[Spot]:
        """The cells whose piece left and came back since the position began."""
        return frozenset(
            spot for spot, at in self.lifted_at.items() if at > self.began and self.fills.get(spot)
        )

    def still(self, now: float, settle: float) -> bool:
        """No spot changed for the settle time: the pieces rest."""
        return now - max(self.changed.values(), default=now - settle) >= settle - EPSILON

    def quick(self, now: float, tap: float) -> list[Spot]:
        """The pieces lifted no longer than a tap ago (a lift-and-replace asks hints)."""
        return [spot for spot, lifted in self.lifted_at.items() if now - lifted <= tap + EPSILON]

    def hands(self) -> Hands:
        return Hands(
            frozenset(self.handled),
            self.first_at,
            self.fills,
            self.landings,
            self.lifted_at,
            self.changed,
            self.last_began,
        )

    def in_order(self, footprint: Footprint, expected: Mapping[Spot, Reading]) -> bool:
        """Whether the move's changes came in an order it allows, as the board's sensors
        may blur it; ``expected``: the position, whose empty cells a line's earlier
        moves may have set the move's piece on (``_departures``)."""
        return in_order(
            footprint,
            self.filled_at,
            self._departures(expected),
            frozenset(self.handled),
            self.blur,
        )

    def _departures(self, expected: Mapping[Spot, Reading]) -> dict[Spot, float]:
        """When a piece left each spot, for the order of a move from it: the position's
        pieces when they first left (``lifted_at``); on a cell empty in the position
        (a line's earlier move set the piece there), or one whose piece came with a
        move committed after the board began the position (no lift of it on record),
        the piece that left it last, when it left after it came. A lift before that
        was another piece's (one set down there on its way and moved on), and a line's
        next move from that cell is ordered by its own piece's lift as any move is
        (independent hands, Robot Duel seeds 792047 and 792120: a lion or an elephant
        lifted a second after the cell beside it was filled again, read as taking
        there)."""
        departures = dict(self.lifted_at)
        for spot, landed in self.landings.items():
            emptied = self.emptied.get(spot, ())
            if not emptied or not landed:
                continue
            if spot in departures and expected.get(spot, EMPTY) != EMPTY:
                continue
            came = [at for at in landed if at < emptied[-1]]
            if came:
                departures[spot] = min(at for at in emptied if at > came[-1])
        return departures

    def made_on_its_way(self, first: Footprint, reply: Footprint) -> bool:
        """Whether ``reply``, read as the next player's move after ``first``, was done
        before ``first``'s piece came down, on cells ``first`` empties: the same board as
        the mover's piece resting on its way (a robot set on a token's cell it ate, the
        next tokens boxed ahead), its landing a knock elsewhere. The next player waits for
        the piece to come down; a hand walking a piece over its way rests it there."""
        landed = [s for s, reading in first.changes if reading != EMPTY] + sorted(first.hidden)
        emptied = {s for s, reading in first.changes if reading == EMPTY}
        filled = [s for s, reading in reply.changes if reading != EMPTY]
        if not landed or not filled or not set(filled) <= emptied:
            return False
        landing = max(self.filled_at.get(s, -math.inf) for s in landed)
        done = max(self.changed.get(s, -math.inf) for s in reply.changed_spots())
        return done < landing - self.blur.margin

    def back_before_landing(self, footprint: Footprint) -> bool:
        """Whether the move's piece was read back on its cell when the move landed: the
        cell emptied first (a knock), read a piece again before the landing and emptied
        for good only after it, past the blur of two neighbours. A knock never fills
        an empty cell: the piece had not left (``in_order`` takes the first lift). A
        capture lands where its victim stood, as that cell fills again; the piece back
        on its capturer's cell may be that victim, pushed aside there
        (``_victim_laid_there``). A line's inner pieces, changed unseen, order nothing."""
        landed = [s for s, reading in footprint.changes if reading != EMPTY]
        victims = footprint.hidden & footprint.must_touch
        if footprint.hidden - victims or any(s in self.lifted_at for s in landed):
            return False
        landed += sorted(victims)
        times = [self.filled_at[s] for s in landed if s in self.handled and s in self.filled_at]
        if not times:
            return False
        landing = max(times)
        last = max(
            (s for s in landed if s in self.handled and s in self.filled_at),
            key=self.filled_at.__getitem__,
        )
        for start in footprint.starts():
            lifted, back = self.lifted_at.get(start), self.filled_at.get(start)
            gone = self.changed.get(start)
            if lifted is None or back is None or gone is None or start in landed:
                continue
            blur = self.blur(last, start)
            if (
                lifted < back <= landing - blur
                and landing + blur < gone
                and not self._victim_laid_there(victims, start, back)
            ):
                return True  # back on its cell before it landed, gone only after
        return False

    def _victim_laid_there(self, victims: frozenset[Spot], start: Spot, back: float) -> bool:
        """Whether the piece read back on a capture's ``start`` at ``back`` may be its
        victim, pushed off its cell onto the one the capturer left: a victim's cell
        emptied by then (within the blur of the two). One that still held its piece
        then sent no piece there: it was the capturer's own, put back (independent
        hands, Robot Duel seed 890049: sente's lion lifted and set back, then held while
        a question was open, read as taking the tokin whose cell was touched meanwhile
        and gote dropping on the cell it left)."""
        return any(
            at <= back + self.blur(victim, start)
            for victim in victims
            for at in self.emptied.get(victim, ())
        )


def rest_but_knocks(
    changed: Mapping[Spot, float],
    differ: set[Spot],
    rest_from: float,
    timeline: Mapping[Spot, list[tuple[float, bool]]],
) -> float:
    """When a cell that does not read as the position (``differ``) last changed, or one
    that does again but not by a knock: the board rests since then but for knocks put
    back. A knock is a cell off and back while nothing else changed (a piece taken from
    it and another set there, a line of marbles moved on, changes other cells between).
    ``changed``: each spot's last change; ``timeline``: each spot's changes, as the open
    moves' base keeps them; ``rest_from``: the board's last change of all."""
    rest = max((changed.get(spot, rest_from) for spot in differ), default=0.0)
    for spot, at in changed.items():
        if spot in differ or at <= rest:
            continue
        history = timeline.get(spot, [])
        if len(history) < 2 or history[-1][0] != at:
            return rest_from  # no record of it: not known to be a knock
        began = history[-2][0]
        if any(
            began < when < at
            for other, changes in timeline.items()
            if other != spot
            for when, _ in changes
        ):
            rest = max(rest, at)
    return rest
