"""Two moves read at once out of turn only when both hands were on the board at once
(``Overlap.pairs``, issue 78's fifth round of independent hands)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.dobutsu import DOBUTSU
from engine.dobutsu.board import DobutsuMove
from engine.physical import EMPTY, Reading, Sensing, Spot
from engine.recognition.answers import Timing
from engine.recognition.open_moves import Base, fresh_base
from engine.recognition.sensors import Blur
from engine.recognition.standing import Hands


def _base() -> tuple[Base[DobutsuMove], dict[Spot, Reading]]:
    """The open moves' base of a Robot Duel position, sente to move, and the board's cells
    as it expects them (the pieces in hand stand where no sensor reads them)."""
    position = DOBUTSU.position("gle/1c1/1C1/ELG b - 1", {})
    sensing = Sensing.OCCUPANCY
    expected = {
        spot: reading
        for spot, reading in position.expected_frame(sensing).items()
        if not spot.startswith("hand")
    }
    base = fresh_base(
        position,
        sensing=sensing,
        sensed=frozenset(expected),
        expected=expected,
        now=0.0,
        blur=Blur(Timing().order),
    )
    return base, expected


def _pairs_read(reply_done: float) -> tuple[list[tuple[str, ...]], list[tuple[str, ...]]]:
    """Sente's chick takes on 2b (its victim lifted at 1.9 s, the chick off 2c at 2.0 s,
    down on 2b at 2.3 s) and gote's lion goes 2a to 1b, lifted at 1.0 s and last
    changed at ``reply_done``: the pairs read at rest as the fallback reads them, and
    those kept to ask (``any_turn``)."""
    base, expected = _base()
    frame = {**expected, "2c": EMPTY, "2a": EMPTY, "1b": expected["2a"]}
    hands = Hands(
        touched=frozenset({"2a", "1b", "2b", "2c"}),
        first_at={"2a": 1.0, "1b": min(1.2, reply_done), "2b": 1.9, "2c": 2.0},
        fills={"1b": 1, "2b": 1},
        landings={"1b": (reply_done,), "2b": (2.3,)},
        lifted_at={"2a": 1.0, "2b": 1.9, "2c": 2.0},
        last_at={"2a": 1.0, "1b": reply_done, "2b": 2.3, "2c": 2.0},
    )

    def named(pairs: Sequence[tuple[object, ...]]) -> list[tuple[str, ...]]:
        return [tuple(str(move) for move in pair) for pair in pairs]

    fallback = base.overlap.pairs(frame, hands, lambda footprint: True)
    asked = base.overlap.pairs(frame, hands, lambda footprint: True, any_turn=True)
    return named(fallback), named(asked)


def test_a_reply_made_whole_before_the_move_it_follows_began_is_no_pair_to_commit() -> None:
    """Independent hands, Abalone seed 950327: a line's first marble committed as the next
    player touched a marble, its second rolled on; read as the next player's move and
    then the mover's, out of turn, and committed as two moves nobody made. Gote's lion
    set down on 1b 0.7 s before sente's chick was first seen to move: no hands were on
    the board at once, so that order is not what they did; the pair is only asked."""
    fallback, asked = _pairs_read(reply_done=1.2)
    assert fallback == []
    assert asked == [("2c2b", "2a1b")]


def test_a_reply_still_landing_as_the_move_began_is_both_hands_at_once() -> None:
    """The same lion set down on 1b as sente's chick left 2c: both hands on the board at
    once, the pair read out of turn as before."""
    fallback, asked = _pairs_read(reply_done=2.0)
    assert fallback == [("2c2b", "2a1b")]
    assert asked == fallback


def test_a_capture_of_the_piece_just_moved_is_never_whole_before_it_arrived() -> None:
    """The long profile's both-hands case (Dobutsu): gote's lion lifted off 2a before
    sente's chick took on 2b, then set down on 2b to take the chick. The lion's own cell
    was done changing before the chick moved, but its landing is on the chick's cell, so
    the reply was not made before: both hands at once, the pair kept as before."""
    base, expected = _base()
    frame = {**expected, "2c": EMPTY, "2a": EMPTY}
    hands = Hands(
        touched=frozenset({"2a", "2b", "2c"}),
        first_at={"2a": 1.0, "2b": 1.9, "2c": 2.0},
        fills={"2b": 2},
        landings={"2b": (2.3, 2.7)},
        lifted_at={"2a": 1.0, "2b": 1.9, "2c": 2.0},
        last_at={"2a": 1.0, "2b": 2.7, "2c": 2.0},
    )
    fallback = base.overlap.pairs(frame, hands, lambda footprint: True)
    assert [tuple(str(move) for move in pair) for pair in fallback] == [("2c2b", "2a2b")]
