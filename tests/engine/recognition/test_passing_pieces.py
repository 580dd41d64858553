"""A piece carried over a cell reads there for a moment (its magnet passing the sensor):
it is neither a piece set down nor a sign of what was done first. Event streams from
the drawn soak, times relative to the simulation's clock."""

from __future__ import annotations

from engine.physical import Stone
from engine.registry import find_game
from hardware.mock.hands import Force, HandStep, LiftStone, Noise, PutStone
from tests.firmware_host.simkit import answer_as_played, commits, make_sim


def test_a_drop_carried_over_the_cell_the_reply_lands_on_is_not_read_there() -> None:
    """From the drawn soak (seed 23, Robot Duel move 1672): black dropped a chick on 3c,
    passing over 2b (read there 0.06 s); 3c was knocked, white's lion went 1b-2b, and
    black took the chick up again to move it on. The board read the chick's drop on 2b
    and the lion taking it there, which leaves 3c empty as the board showed it with the
    chick in the air: the record became C*2b 1b2b. The moment on 2b was the record's
    own reply's landing read too early, the record doubtful for it, and 3c's chick,
    standing 0.8 s, was left unexplained by the other reading."""
    sim = make_sim(
        "sim-dobutsu",
        position="g1e/2l/2G/E1L b Cc 7",
        noise=Noise.none(),
        game=find_game("dobutsu"),
    )
    chick, lion = Stone("C", 0), Stone("L", 1)
    t = sim.now + 0.1
    steps = [
        HandStep(t, LiftStone("hand:b:C")),
        HandStep(t + 0.140, Force("2b", 1)),
        HandStep(t + 0.200, Force("2b", None)),
        HandStep(t + 0.205, PutStone("3c", chick, chick)),
        HandStep(t + 0.399, Force("3c", 0)),
        HandStep(t + 0.614, Force("3c", None)),
        HandStep(t + 0.715, LiftStone("1b")),
        HandStep(t + 0.878, PutStone("2b", lion, lion)),
        HandStep(t + 1.027, LiftStone("3c")),
        HandStep(t + 3.565, PutStone("3b", chick, chick)),
    ]
    start = len(sim.notices)
    sim.run(steps)
    sim.settle()
    answer_as_played(sim, ["C*3c", "1b2b", "3c3b"], start)


def test_a_piece_set_down_and_taken_up_is_not_left_out_of_two_moves_read_at_once() -> None:
    """From the drawn soak (seed 29, Robot Duel move 507): black dropped an elephant on
    2b, white took it at once with its lion from 1c, black's lion went 2d-3c, white's
    2b-3b, black's back to 2d, all without a rest. The board read two moves it never saw
    apart, E*3b and 1c-2d taking black's lion (2d off 2.5 s and back), and ended the game
    on them, though 2b, empty before and after, had held a piece for two seconds. Two
    moves read at once that leave out a piece set down and taken up are not a reading;
    since white's lion counts as set down on 2b (it stood there, then was taken, issue
    78's fifth round), the board reads all six moves as they were played."""
    sim = make_sim(
        "sim-dobutsu",
        position="1CG/2c/2l/ELG b E 11",
        noise=Noise.none(),
        game=find_game("dobutsu"),
    )
    elephant, their_elephant = Stone("E", 0), Stone("E", 1)
    lion, their_lion = Stone("L", 0), Stone("L", 1)
    t = sim.now + 0.1
    steps = [
        HandStep(t + 0.000, LiftStone("hand:b:E")),
        HandStep(t + 0.001, Force("hand:b:E", 1)),
        HandStep(t + 0.004, Force("hand:b:E", None)),
        HandStep(t + 0.006, Force("hand:b:E", 1)),
        HandStep(t + 0.010, Force("hand:b:E", None)),
        HandStep(t + 0.074, PutStone("2b", elephant, elephant)),
        HandStep(t + 0.437, LiftStone("2b")),
        HandStep(t + 0.440, Force("2b", 1)),
        HandStep(t + 0.443, Force("2b", None)),
        HandStep(t + 0.445, Force("2b", 1)),
        HandStep(t + 0.447, Force("2b", None)),
        HandStep(t + 0.450, Force("2b", 1)),
        HandStep(t + 0.453, Force("2b", None)),
        HandStep(t + 0.626, PutStone("hand:w:E", elephant, their_elephant)),
        HandStep(t + 0.868, LiftStone("1c")),
        HandStep(t + 0.871, Force("1c", 1)),
        HandStep(t + 0.874, Force("1c", None)),
        HandStep(t + 1.068, PutStone("2b", their_lion, their_lion)),
        HandStep(t + 1.362, Force("2d", 0)),
        HandStep(t + 1.486, Force("2d", None)),
        HandStep(t + 1.713, LiftStone("2d")),
        HandStep(t + 1.717, Force("2d", 1)),
        HandStep(t + 1.717, Force("2d", None)),
        HandStep(t + 1.719, Force("2d", 1)),
        HandStep(t + 1.722, Force("2d", None)),
        HandStep(t + 1.818, PutStone("3c", lion, lion)),
        HandStep(t + 2.175, LiftStone("2b")),
        HandStep(t + 2.176, Force("2b", 1)),
        HandStep(t + 2.178, Force("2b", None)),
        HandStep(t + 2.181, Force("2b", 1)),
        HandStep(t + 2.182, Force("2b", None)),
        HandStep(t + 3.898, PutStone("3b", their_lion, their_lion)),
        HandStep(t + 4.104, LiftStone("3c")),
        HandStep(t + 4.104, Force("3c", 1)),
        HandStep(t + 4.105, Force("3c", None)),
        HandStep(t + 4.106, Force("3c", 1)),
        HandStep(t + 4.110, Force("3c", None)),
        HandStep(t + 4.188, PutStone("2d", lion, lion)),
        HandStep(t + 4.191, Force("2d", 0)),
        HandStep(t + 4.193, Force("2d", None)),
        HandStep(t + 4.194, Force("2d", 0)),
        HandStep(t + 4.196, Force("2d", None)),
        HandStep(t + 4.198, Force("2d", 0)),
        HandStep(t + 4.200, Force("2d", None)),
        HandStep(t + 4.541, LiftStone("hand:w:E")),
        HandStep(t + 4.657, PutStone("3c", their_elephant, their_elephant)),
        HandStep(t + 4.658, Force("3c", 0)),
        HandStep(t + 4.661, Force("3c", None)),
    ]
    notices = sim.run(steps) + sim.settle()
    assert commits(notices) == ["E*2b", "1c2b", "2d3c", "2b3b", "3c2d", "E*3c"]
    assert sim.controller.outcome is None
