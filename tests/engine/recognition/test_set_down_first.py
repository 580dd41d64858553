"""Issue 78's independent hands: a drop or a move set down on one cell first, resting
there, then moved on to another, read as a move to the first cell and a later move that
the board never showed at rest. Each case is replayed through the real scanner,
debouncer, recognizer and controller from the hands' own steps, and fails on the code
before its fix; the players answer every question with the move they played."""

from __future__ import annotations

import pytest

from engine.physical import Stone
from firmware_host.loops.simulator import Simulation
from firmware_host.session.actions import Select
from firmware_host.session.state import Phase
from hardware.mock.hands import HandStep, LiftStone, PutStone, Remove
from tests.engine.recognition.test_held_in_the_air import dobutsu, record
from tests.firmware_host.simkit import answered_as_played, commits, prompts

SENTE_LION, GOTE_LION = Stone("L", 0), Stone("L", 1)
SENTE_ELEPHANT, SENTE_CHICK, GOTE_CHICK = Stone("E", 0), Stone("C", 0), Stone("C", 1)


def played_answering(sim: Simulation, steps: list[HandStep], played: list[str]) -> list[str]:
    """Runs the hands' steps, answering each question as it opens with the move the
    hands played at the ply it asks about (none asked ahead of the hands), then lets the
    board rest and answers what is still open. Returns every question asked, as text."""
    asked: list[str] = []

    def answer() -> None:
        asked.extend(answered_as_played(sim, played))

    for step in steps:
        sim.run([step])
        answer()
    for _ in range(len(played) + 1):
        sim.settle()
        sim.advance(3.0)
        answer()
    return asked


def chick_set_on_1a_then_1b(rests: float, taken_after: float) -> list[HandStep]:
    """Gote's chick dropped on 1a, resting ``rests`` seconds (committed), moved on to 1b
    and touched again there; ``taken_after`` seconds later sente's lion on 2c takes it,
    the victim lifted first (independent hands, Robot Duel seed 710096)."""
    t = 0.1
    return [
        HandStep(t, LiftStone("hand:w:C")),
        HandStep(t + 1.69, PutStone("1a", GOTE_CHICK, GOTE_CHICK)),
        HandStep(t + 1.69 + rests, LiftStone("1a")),
        HandStep(t + 2.04 + rests, PutStone("1b", GOTE_CHICK, GOTE_CHICK)),
        HandStep(t + 2.32 + rests, LiftStone("1b")),  # touched after
        HandStep(t + 2.42 + rests, PutStone("1b", GOTE_CHICK, GOTE_CHICK)),
        HandStep(t + 2.42 + rests + taken_after, LiftStone("1b")),
        HandStep(t + 2.47 + rests + taken_after, LiftStone("2c")),
        HandStep(t + 2.74 + rests + taken_after, PutStone("hand:b:C", GOTE_CHICK, SENTE_CHICK)),
        HandStep(t + 2.79 + rests + taken_after, PutStone("1b", SENTE_LION, SENTE_LION)),
    ]


def test_a_drop_set_down_committed_and_moved_on_is_asked_not_read_as_a_capture() -> None:
    """Gote's chick dropped on 1a rests 0.9 s (``C*1a`` committed), is moved on to 1b, and
    sente's lion takes it there. The board asked which piece sente dropped on 1b (a drop
    then ``1a1b``, the chick taking it), then committed ``2c1b`` and ``1a1b`` unasked: the
    chick taking sente's lion, a game ended that was not. From before ``C*1a`` the board
    reads ``C*1b``, but that reading left 1a's rest unexplained (no flight of a drop, whose
    piece comes from a stand no sensor reads): a drop's piece may be set down on its way,
    on a cell it left before it landed. The board asks ``C*1a`` or ``C*1b``."""
    sim = dobutsu("1l1/3/1L1/EEG w GCc 14")
    asked = played_answering(sim, chick_set_on_1a_then_1b(0.94, 0.53), ["C*1b", "2c1b"])
    assert asked == ["C*1a C*1b"]
    assert record(sim) == ["C*1b", "2c1b"]
    assert sim.controller.phase is Phase.PLAY


@pytest.mark.parametrize(("rests", "taken_after"), [(0.6, 0.53), (0.94, 1.5), (1.5, 3.0)])
def test_a_drop_moved_on_is_never_read_as_the_chick_taking_the_lion(
    rests: float, taken_after: float
) -> None:
    """The same hands at other paces: the chick resting on 1a longer or shorter, sente's
    lion taking it at once or after the board rested. Never the wrong record."""
    sim = dobutsu("1l1/3/1L1/EEG w GCc 14")
    played_answering(sim, chick_set_on_1a_then_1b(rests, taken_after), ["C*1b", "2c1b"])
    assert record(sim) == ["C*1b", "2c1b"]


def lion_set_on_3c_then_takes(
    *, via_3a: bool, touch: bool, lies: float, drop_first: bool
) -> list[HandStep]:
    """Gote's lion lifted from 3b (set on 3a first with ``via_3a``), resting on 3c 2-3 s;
    sente's elephant dropped on 2a (set on 1b first with ``drop_first``), gote's chick on
    2d touched with ``touch``; then gote's lion takes sente's on 2b, pushing it aside onto
    1b where it lies ``lies`` seconds (independent hands, Robot Duel seed 710054)."""
    t = 0.5
    steps = [
        HandStep(t - 0.39, LiftStone("2b")),  # sente's last move touched after it
        HandStep(t - 0.24, PutStone("2b", SENTE_LION, SENTE_LION)),
        HandStep(t, LiftStone("3b")),
    ]
    if via_3a:
        steps += [
            HandStep(t + 1.78, PutStone("3a", GOTE_LION, GOTE_LION)),
            HandStep(t + 2.45, LiftStone("3a")),
        ]
    steps += [
        HandStep(t + (2.61 if via_3a else 1.78), PutStone("3c", GOTE_LION, GOTE_LION)),
        HandStep(t + 2.88, LiftStone("hand:b:E")),
    ]
    if drop_first:
        steps += [
            HandStep(t + 3.42, PutStone("1b", SENTE_ELEPHANT, SENTE_ELEPHANT)),
            HandStep(t + 3.65, LiftStone("1b")),
        ]
    steps.append(HandStep(t + 4.10, PutStone("2a", SENTE_ELEPHANT, SENTE_ELEPHANT)))
    if touch:
        steps += [
            HandStep(t + 4.19, LiftStone("2d")),
            HandStep(t + 4.38, PutStone("2d", GOTE_CHICK, GOTE_CHICK)),
        ]
    steps += [
        HandStep(t + 4.64, LiftStone("3c")),
        HandStep(t + 4.79, LiftStone("2b")),  # the victim pushed aside
        HandStep(t + 4.89, PutStone("1b", SENTE_LION, SENTE_LION)),
        HandStep(t + 4.96, PutStone("2b", GOTE_LION, GOTE_LION)),
        HandStep(t + 4.96 + lies, Remove("1b")),
    ]
    return steps


def test_a_move_set_down_whose_piece_stood_as_the_line_landed_is_asked() -> None:
    """Gote's lion set on 3a, then on 3c (2 s), sente's elephant set on 1b, then dropped on
    2a, gote's chick on 2d touched, then gote's lion takes sente's on 2b, the victim lying
    1.2 s on 1b. With 3c lifted, the board showed ``3b2a`` for 0.15 s, and once the victim
    lay on 1b, committed ``3b2a`` and asked which piece sente dropped on 1b: a line whose
    first move landed on 2a while the piece on 3c, shown there as ``3b3c``, stood from
    before until after it (one piece is never on two cells). A line's first move is asked
    beside such moves as a move alone is (``shown_then_taken_up``)."""
    sim = dobutsu("3/lL1/1c1/EcG w GE 10")
    steps = lion_set_on_3c_then_takes(via_3a=True, touch=True, lies=1.23, drop_first=True)
    notices = sim.run(steps[:-1]) + sim.settle()
    assert "3b2a" not in commits(notices), notices
    assert ("3b2a", "3b3c") in prompts(notices), notices
    sim.run(steps[-1:])
    sim.send(Select("3b3c"))
    played_answering(sim, [], ["3b3c", "E*2a", "3c2b"])
    assert record(sim) == ["3b3c", "E*2a", "3c2b"]
    assert sim.controller.phase is Phase.GAME_OVER


@pytest.mark.parametrize("via_3a", [True, False])
@pytest.mark.parametrize("touch", [True, False])
@pytest.mark.parametrize("lies", [0.3, 1.23])
@pytest.mark.parametrize("drop_first", [True, False])
def test_a_lion_set_down_and_gone_on_is_never_read_as_moved_to_the_drop(
    via_3a: bool, touch: bool, lies: float, drop_first: bool
) -> None:
    """The same hands in other orders and paces: with or without the rest on 3a, the
    drop's rest on 1b and the touch on 2d, the victim lying a short or a long while.
    Never the wrong record: every question answered with the move played, the board
    records the three moves."""
    sim = dobutsu("3/lL1/1c1/EcG w GE 10")
    steps = lion_set_on_3c_then_takes(via_3a=via_3a, touch=touch, lies=lies, drop_first=drop_first)
    played_answering(sim, steps, ["3b3c", "E*2a", "3c2b"])
    assert record(sim) == ["3b3c", "E*2a", "3c2b"]


def lion_set_on_1c_then_taken_on_2c(
    rests: float, reply_after: float, lies: float
) -> list[HandStep]:
    """Gote's lion lifted from 2d, resting ``rests`` seconds on 1c (committed there),
    moved on to 2c; ``reply_after`` seconds after it landed sente's lion on 3b takes it
    there, pushing it back onto 1c, where it lies ``lies`` seconds before the hand boxes
    it (independent hands, Robot Duel seed 790006)."""
    t = 0.1
    moved_on = t + 1.42 + rests
    reply = moved_on + reply_after
    return [
        HandStep(t, LiftStone("2d")),
        HandStep(t + 1.02, PutStone("1c", GOTE_LION, GOTE_LION)),
        HandStep(t + 1.02 + rests, LiftStone("1c")),
        HandStep(moved_on, PutStone("2c", GOTE_LION, GOTE_LION)),
        HandStep(reply, LiftStone("3b")),
        HandStep(reply + 0.23, LiftStone("2c")),  # the victim pushed aside...
        HandStep(reply + 0.31, PutStone("1c", GOTE_LION, GOTE_LION)),  # ...back onto 1c
        HandStep(reply + 0.36, PutStone("2c", SENTE_LION, SENTE_LION)),
        HandStep(reply + 0.36 + lies, Remove("1c")),
    ]


def test_a_lion_moved_on_and_pushed_back_where_it_rested_is_asked() -> None:
    """Gote's lion rests 0.55 s on 1c (``2d1c`` committed), is moved on to 2c, and 0.13 s
    later sente's lion takes it there, pushing it back onto 1c before it is boxed. The
    board at rest (1c empty) read from the record as gote's lion lifted from 1c, a move
    under way that proves nothing of the moves before it, so the board never read again
    from before ``2d1c``: it asked where that lion went, ``2d2c`` never offered, and kept
    a wrong record. The board had shown the lion moved on to 2c, alone, before the reply
    began: the piece gone from 1c is no move under way. The board asks ``2d1c`` or
    ``2d2c``, then reads the capture that ends the game."""
    sim = dobutsu("g1E/LC1/c2/ElG w - 12")
    steps = lion_set_on_1c_then_taken_on_2c(0.55, 0.13, 0.57)
    asked = played_answering(sim, steps, ["2d2c", "3b2c"])
    assert asked == ["2d1c 2d2c"]
    assert record(sim) == ["2d2c", "3b2c"]
    assert sim.controller.phase is Phase.GAME_OVER


@pytest.mark.parametrize("rests", [0.55, 1.2])
@pytest.mark.parametrize("reply_after", [0.1, 0.13, 0.3])
@pytest.mark.parametrize("lies", [0.3, 1.4])
def test_a_lion_moved_on_and_pushed_back_where_it_rested_is_never_kept_there(
    rests: float, reply_after: float, lies: float
) -> None:
    """The same hands at other paces: the lion resting on 1c longer, the reply later, the
    victim lying on 1c a short or a long while. Never the wrong record."""
    sim = dobutsu("g1E/LC1/c2/ElG w - 12")
    steps = lion_set_on_1c_then_taken_on_2c(rests, reply_after, lies)
    played_answering(sim, steps, ["2d2c", "3b2c"])
    assert record(sim) == ["2d2c", "3b2c"]
    assert sim.controller.phase is Phase.GAME_OVER


def test_a_lion_lifted_after_the_reply_asks_nothing_of_its_move() -> None:
    """Clean play beside it: gote's lion set on 1c (committed), sente's lion 3b2c, then
    gote lifts its lion from 1c and holds it, thinking. The board showed no move of the
    lion on from 1c before the reply: nothing asks about ``2d1c``."""
    sim = dobutsu("g1E/LC1/c2/ElG w - 12")
    t = 0.1
    steps = [
        HandStep(t, LiftStone("2d")),
        HandStep(t + 0.5, PutStone("1c", GOTE_LION, GOTE_LION)),
        HandStep(t + 1.4, LiftStone("3b")),
        HandStep(t + 1.8, PutStone("2c", SENTE_LION, SENTE_LION)),
        HandStep(t + 2.6, LiftStone("1c")),  # held, thinking
    ]
    notices = sim.run(steps) + sim.settle() + sim.advance(1.5)
    assert commits(notices) == ["2d1c", "3b2c"], notices
    assert not any("2d1c" in choices for choices in prompts(notices)), notices
    assert record(sim) == ["2d1c", "3b2c"]


def lion_set_on_2b_then_taken_on_2a(
    rests: float, reply_after: float, lies: float
) -> list[HandStep]:
    """Gote's lion lifted from 3a, resting ``rests`` seconds on 2b (committed there),
    moved on to 2a; ``reply_after`` seconds after it landed sente's lion on 3b takes it
    there, pushing it aside onto 3a (the cell it came from), where it lies ``lies``
    seconds before the hand boxes it (independent hands, Robot Duel seed 793033)."""
    t = 0.1
    moved_on = t + 0.75 + rests
    reply = moved_on + reply_after
    return [
        HandStep(t, LiftStone("3a")),
        HandStep(t + 0.7, PutStone("2b", GOTE_LION, GOTE_LION)),
        HandStep(t + 0.7 + rests, LiftStone("2b")),
        HandStep(moved_on, PutStone("2a", GOTE_LION, GOTE_LION)),
        HandStep(reply, LiftStone("3b")),
        HandStep(reply + 0.09, LiftStone("2a")),  # the victim pushed aside...
        HandStep(reply + 0.17, PutStone("3a", GOTE_LION, GOTE_LION)),  # ...onto 3a
        HandStep(reply + 0.2, PutStone("2a", SENTE_LION, SENTE_LION)),
        HandStep(reply + 0.2 + lies, Remove("3a")),
    ]


def test_a_lion_moved_on_and_taken_is_never_read_as_taking_its_taker() -> None:
    """Gote's lion rests 0.46 s on 2b (``3a2b`` committed), is moved on to 2a, and 0.33 s
    later sente's lion takes it there, pushing it aside onto 3a for 1.2 s. The board read
    the two moves after ``3a2b`` never shown apart (``Overlap.pairs``): sente's lion
    ``3b2a``, then gote's lion ``2b2a`` taking it, a wrong record and a wrong winner. The
    piece on 2a came down 0.3 s before sente's lion left 3b, so it was not that lion: the
    pair is out of order. The board asks ``3a2a`` or ``3a2b``, the committed move among
    the choices, then reads the capture that ends the game."""
    sim = dobutsu("l1e/L2/1CG/E2 w Gc 14")
    steps = lion_set_on_2b_then_taken_on_2a(0.46, 0.33, 1.2)
    asked = played_answering(sim, steps, ["3a2a", "3b2a"])
    assert asked[0] == "3a2a 3a2b"
    assert record(sim) == ["3a2a", "3b2a"]
    assert sim.controller.phase is Phase.GAME_OVER
    outcome = sim.controller.position.outcome()
    assert outcome is not None
    assert outcome.winners == frozenset({0})


@pytest.mark.parametrize("rests", [0.46, 1.0])
@pytest.mark.parametrize("reply_after", [0.2, 0.33, 0.8])
@pytest.mark.parametrize("lies", [0.1, 0.5, 1.5])
def test_a_lion_moved_on_and_taken_is_never_the_taker_taken(
    rests: float, reply_after: float, lies: float
) -> None:
    """The same hands at other paces: the lion resting on 2b longer, the reply sooner or
    later, the victim lying on 3a a moment or a long while. Never the wrong record."""
    sim = dobutsu("l1e/L2/1CG/E2 w Gc 14")
    steps = lion_set_on_2b_then_taken_on_2a(rests, reply_after, lies)
    played_answering(sim, steps, ["3a2a", "3b2a"])
    assert record(sim) == ["3a2a", "3b2a"]
    assert sim.controller.phase is Phase.GAME_OVER
