"""Issue 78's independent hands, Robot Duel: a capture read where the cell it takes on
was filled again well before the capturer's piece left, a wrong record that ends the
game. The order of a move's changes is judged by its own piece's lift: for a piece a
line's earlier move (or a move committed late, with an answer) set on its cell, the
lift after it came, not one of another piece set there first (``Touches.in_order``);
for a capture of the piece the move before set down, that piece's landing there, not
its taker's (``Overlap.pairs``, ``test_set_down_first.py``). Each case is replayed
through the real scanner, debouncer, recognizer and controller from the hands' own
steps, and fails on the code before its fix."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from drivers.buttons import ButtonRole
from engine.physical import Stone
from firmware_host.loops.simulator import Simulation
from firmware_host.session.state import Phase
from hardware.mock.hands import HandStep, LiftStone, PutStone, Remove
from tests.engine.recognition.test_held_in_the_air import dobutsu, record
from tests.firmware_host.simkit import answered_as_played, commits

SENTE_LION, GOTE_LION = Stone("L", 0), Stone("L", 1)
SENTE_ELEPHANT, SENTE_CHICK, GOTE_CHICK = Stone("E", 0), Stone("C", 0), Stone("C", 1)


@dataclass(frozen=True)
class OkPressed:
    """A player presses ok at ``at`` unless a prompt is open (an ok there answers it)."""

    at: float


def played_answering_late(
    sim: Simulation, steps: Sequence[HandStep | float | OkPressed], played: list[str]
) -> list[str]:
    """Runs the hands' steps; at each time given alone the players answer the open
    question (if one is) with the move they played at the ply it asks about, as the
    hands answered late. Then the board rests and what is still open is answered.
    Returns every question asked, as text."""
    asked: list[str] = []

    def answer() -> None:
        asked.extend(answered_as_played(sim, played))

    for step in steps:
        if isinstance(step, HandStep):
            sim.run([step])
        elif isinstance(step, OkPressed):
            sim.advance_to(max(step.at, sim.now))
            if sim.controller.phase is Phase.PLAY:
                sim.press(ButtonRole.OK)
        else:
            sim.advance_to(max(step, sim.now))
            answer()
    for _ in range(len(played) + 1):
        sim.settle()
        sim.advance(3.0)
        answer()
    return asked


def test_a_lion_lifted_after_the_cell_beside_it_was_filled_again_takes_nothing() -> None:
    """Gote's lion set on 3b first (``2a3b`` committed), moved on to 1b, asked; while the
    question is open sente's lion rests on 2c, goes on to 1c and is touched again there
    (1c read empty, then a piece again), and 0.8 s later gote lifts its lion from 1b.
    Answered ``2a1b``, the board read ``2d1c`` and gote's lion taking sente's on 1c: 1c
    read a piece again 0.8 s before gote's lion left 1b, yet no lift of that lion was on
    record (1b was empty in the position the question was asked from), so nothing was
    out of order. A wrong record and a wrong winner (independent hands, seed 792047)."""
    sim = dobutsu("gle/1C1/3/ELG w C 2")
    steps: list[HandStep | float] = [
        HandStep(0.47, LiftStone("2a")),
        HandStep(0.54, PutStone("3b", GOTE_LION, GOTE_LION)),
        HandStep(2.02, LiftStone("3b")),
        HandStep(2.07, PutStone("1b", GOTE_LION, GOTE_LION)),
        HandStep(3.47, LiftStone("2d")),
        HandStep(3.54, PutStone("2c", SENTE_LION, SENTE_LION)),
        HandStep(3.77, LiftStone("2c")),
        HandStep(5.6, PutStone("1c", SENTE_LION, SENTE_LION)),
        HandStep(5.8, LiftStone("1c")),  # touched after
        HandStep(6.96, PutStone("1c", SENTE_LION, SENTE_LION)),
        HandStep(7.74, LiftStone("1b")),
        8.44,
        HandStep(9.4, PutStone("2c", GOTE_LION, GOTE_LION)),
        HandStep(9.9, LiftStone("2b")),
        HandStep(9.95, PutStone("2a", SENTE_CHICK, SENTE_CHICK)),
        HandStep(10.71, LiftStone("2c")),
        HandStep(10.91, PutStone("1b", GOTE_LION, GOTE_LION)),
        HandStep(11.69, LiftStone("1b")),  # touched after
        HandStep(11.79, PutStone("1b", GOTE_LION, GOTE_LION)),
        HandStep(12.54, LiftStone("1c")),
        HandStep(12.59, Remove("1b")),
        HandStep(12.64, PutStone("1b", SENTE_LION, SENTE_LION)),
    ]
    played = ["2a1b", "2d1c", "1b2c", "2b2a", "2c1b", "1c1b"]
    played_answering_late(sim, steps, played)
    assert record(sim) == played
    assert sim.controller.phase is Phase.GAME_OVER


def test_an_elephant_lifted_after_the_lion_beside_it_was_touched_takes_nothing() -> None:
    """Sente's elephant moved 1b2c while a question about gote's lion was open; answered,
    gote's lion set on 2b first, then on 1b, touched again there; 1.3 s later sente's
    elephant takes the chick on 3b, pushing it aside onto 2a. The board read the elephant
    taking gote's lion on 1b (the same cells read pieces): its lift from 2c was taken as
    the first lift on record there, 9 s earlier, of gote's lion set on 2c first while the
    first question was open. A wrong record and a wrong winner (independent hands, seed
    792120)."""
    sim = dobutsu("g1+C/c1E/g1L/El1 w - 14")
    steps: list[HandStep | float] = [
        HandStep(0.16, LiftStone("2d")),
        HandStep(0.22, PutStone("1d", GOTE_LION, GOTE_LION)),
        HandStep(1.63, LiftStone("1c")),
        HandStep(3.24, PutStone("2d", SENTE_LION, SENTE_LION)),
        HandStep(3.69, LiftStone("3b")),  # touched
        HandStep(3.93, PutStone("3b", GOTE_CHICK, GOTE_CHICK)),
        HandStep(4.06, LiftStone("1d")),
        HandStep(4.24, PutStone("2c", GOTE_LION, GOTE_LION)),  # set on 2c first
        HandStep(5.45, LiftStone("2c")),
        HandStep(5.55, PutStone("1c", GOTE_LION, GOTE_LION)),
        HandStep(5.75, LiftStone("1c")),  # touched after
        HandStep(5.88, PutStone("1c", GOTE_LION, GOTE_LION)),
        HandStep(7.29, LiftStone("1b")),
        HandStep(7.66, PutStone("2c", SENTE_ELEPHANT, SENTE_ELEPHANT)),
        HandStep(11.27, LiftStone("1c")),
        HandStep(11.41, PutStone("2b", GOTE_LION, GOTE_LION)),  # set on 2b first
        HandStep(11.64, LiftStone("2b")),
        HandStep(12.2, PutStone("1b", GOTE_LION, GOTE_LION)),
        12.93,
        HandStep(13.16, LiftStone("1b")),  # touched after
        HandStep(13.37, PutStone("1b", GOTE_LION, GOTE_LION)),
        HandStep(14.71, LiftStone("2c")),
        HandStep(14.91, LiftStone("3b")),
        HandStep(14.95, PutStone("2a", GOTE_CHICK, GOTE_CHICK)),  # pushed aside
        HandStep(14.98, PutStone("3b", SENTE_ELEPHANT, SENTE_ELEPHANT)),
        HandStep(15.86, LiftStone("2a")),
        HandStep(15.96, PutStone("hand:b:C", GOTE_CHICK, SENTE_CHICK)),
    ]
    played = ["2d1d", "1c2d", "1d1c", "1b2c", "1c1b", "2c3b"]
    played_answering_late(sim, steps, played)
    assert record(sim) == played
    assert sim.controller.phase is Phase.PLAY


def test_a_question_is_not_settled_by_the_next_captures_victim_lying_aside() -> None:
    """Gote's chick dropped on 1b first, then on 3c (asked, answered ``C*3c``); sente's
    lion takes it on 3c, pushing it aside onto 2c for 1.1 s, asked ``2d2c`` or ``2d3c``.
    0.4 s after the question opened gote's lion takes the chick on 3b, pushing it aside
    onto 2c in turn: the board read ``2d2c`` (sente's lion on 2c, the chick on 3c) and
    the capture on 3b, settling the question 0.5 s later with the choice not played.
    A victim pushed aside onto the cell a choice lands on, empty when it was asked, makes
    that choice's board until a hand takes it up: the question waits for the grace as a
    line whose later move lands there does (independent hands, seed 792010)."""
    sim = dobutsu("gl1/Ce1/3/ELG w c 4")
    steps: list[HandStep | float | OkPressed] = [
        HandStep(0.16, LiftStone("hand:w:C")),
        HandStep(0.3939, PutStone("1b", GOTE_CHICK, GOTE_CHICK)),  # set on 1b first
        HandStep(1.2535, LiftStone("1b")),
        HandStep(1.6895, PutStone("3c", GOTE_CHICK, GOTE_CHICK)),
        OkPressed(1.7351),
        HandStep(1.847, LiftStone("2d")),
        HandStep(2.0611, LiftStone("3c")),
        HandStep(2.1443, PutStone("2c", GOTE_CHICK, GOTE_CHICK)),  # pushed aside
        HandStep(2.1862, PutStone("3c", SENTE_LION, SENTE_LION)),
        HandStep(3.2567, LiftStone("2c")),
        HandStep(3.3567, PutStone("hand:b:C", GOTE_CHICK, SENTE_CHICK)),
        3.4261,
        HandStep(3.8377, LiftStone("2a")),
        HandStep(4.0847, LiftStone("3b")),
        HandStep(4.1473, PutStone("2c", SENTE_CHICK, SENTE_CHICK)),  # pushed aside
        HandStep(4.1872, PutStone("3b", GOTE_LION, GOTE_LION)),
        HandStep(5.4463, LiftStone("2c")),
        HandStep(5.5463, PutStone("hand:w:C", SENTE_CHICK, GOTE_CHICK)),
        OkPressed(5.9193),
        9.42,
        HandStep(9.4396, Remove("3b")),
        HandStep(9.5562, LiftStone("3c")),
        HandStep(9.6315, PutStone("3b", SENTE_LION, SENTE_LION)),
    ]
    played = ["C*3c", "2d3c", "2a3b", "3c3b"]
    played_answering_late(sim, steps, played)
    assert "2d2c" not in commits(sim.notices), sim.notices
    assert record(sim) == played
    assert sim.controller.phase is Phase.GAME_OVER
