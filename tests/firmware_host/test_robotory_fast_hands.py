"""Robotory's heavy soak cases replayed as the hands made them: the soak's steps (with
their bounces and knocks) through the real scanner, debouncer, recognizer and controller,
on simulated time. Each asserts what the board must never do: record a move nobody
played, or ask a question whose choices leave out what was played."""

from __future__ import annotations

from engine.physical import Stone
from engine.robotory import ROBOTORY
from firmware_host.session.actions import Select
from firmware_host.session.state import Phase
from hardware.mock.hands import Force, HandStep, LiftStone, Noise, PutStone, Remove
from tests.firmware_host.simkit import answer_as_played, commits, make_sim

STONES = {letter: Stone(letter, None) for letter in "wbRBW"}


def test_a_move_shown_only_while_a_knock_hid_an_earlier_token_does_not_stand() -> None:
    """Heavy soak, Robotory seed 3 move 1908: b@E1 asked (which colour) while the next
    player put b@B4; answered, then R:B3-A2 and B:C4-B4-C5 at once. As the robot landed
    on A2 a knock took B4's token off for 0.25 s: the board showed R:B3-A2 alone, and
    since B4 came back as something the next player's hand might be doing, it committed
    R:B3-A2 in b@B4's place (then B:C4-C5: a ply lost, every later move by the wrong
    side). B4 coming back is the knock put back: the move was never shown whole."""
    sim = make_sim(
        "sim-robotory",
        position="1b2/w1R2/3Bb1/1wW1w/4 0w1b 1w1b 10w10b d",
        noise=Noise.none(),
        game=ROBOTORY,
    )
    start = len(sim.notices)
    t = sim.now + 0.1
    before_answer = [
        HandStep(t + 0.047, LiftStone("stock:d:4")),
        HandStep(t + 0.148, PutStone("E1", STONES["b"], STONES["b"])),
        HandStep(t + 0.344, LiftStone("stock:l:4")),
        HandStep(t + 0.345, Force("stock:l:4", 1)),
        HandStep(t + 0.349, Force("stock:l:4", None)),
        HandStep(t + 0.547, PutStone("B4", STONES["b"], STONES["b"])),
        HandStep(t + 0.55, Force("B4", 0)),
        HandStep(t + 0.55, Force("B4", None)),
        HandStep(t + 0.554, Force("B4", 0)),
        HandStep(t + 0.556, Force("B4", None)),
        HandStep(t + 0.557, Force("B4", 0)),
        HandStep(t + 0.558, Force("B4", None)),
    ]
    after_answer = [
        HandStep(t + 0.931, Remove("A2")),
        HandStep(t + 1.061, LiftStone("B3")),
        HandStep(t + 1.064, Force("B3", 1)),
        HandStep(t + 1.066, Force("B3", None)),
        HandStep(t + 1.069, Force("B3", 1)),
        HandStep(t + 1.07, Force("B3", None)),
        HandStep(t + 1.131, PutStone("A2", STONES["R"], STONES["R"])),
        HandStep(t + 1.133, Force("A2", 0)),
        HandStep(t + 1.134, Force("A2", None)),
        HandStep(t + 1.136, Force("A2", 0)),
        HandStep(t + 1.137, Force("A2", None)),
        HandStep(t + 1.139, Force("A2", 0)),
        HandStep(t + 1.142, Force("A2", None)),
        HandStep(t + 1.266, Force("B4", 0)),  # the knock, as the robot landed
        HandStep(t + 1.442, Remove("C5")),
        HandStep(t + 1.515, Force("B4", None)),
        HandStep(t + 1.636, LiftStone("C4")),
        HandStep(t + 1.704, PutStone("C5", STONES["B"], STONES["B"])),
        HandStep(t + 1.706, Force("C5", 0)),
        HandStep(t + 1.708, Force("C5", None)),
        HandStep(t + 1.711, Force("C5", 0)),
        HandStep(t + 1.714, Force("C5", None)),
        HandStep(t + 1.925, Remove("B4")),
    ]
    notices = sim.run(before_answer)
    notices += sim.advance_to(t + 0.93)
    assert sim.controller.phase is Phase.PROMPT, notices
    assert sim.controller.prompt_choices == ("b@E1", "w@E1")
    notices += sim.send(Select("b@E1"))
    notices += sim.run(after_answer) + sim.settle()
    assert "R:B3-A2" not in commits(notices)[:2], notices  # never in b@B4's place
    answer_as_played(sim, ["b@E1", "b@B4", "R:B3-A2", "B:C4-B4-C5"], start)


def test_a_token_set_where_a_chain_ate_keeps_the_chain_among_the_readings() -> None:
    """Heavy soak, Robotory seed 3 move 511: w@A4, then the chain
    R:A2-B3-B4-C5-D5-C6-B5-A4 (shown whole for 2.4 s: it could go on), then w@D5 on a
    cell it ate and b@B1. D5 filled made the board look like the chain ending on D5, so
    the chain shown before was dropped as a robot gone back, and the board asked again
    and again about two chains nobody played. A chain shown longer than a step, and shown
    going on (a token on the cell it left) as the board shows more, stays a reading."""
    sim = make_sim(
        "sim-robotory",
        position="1Rw1/2bwb/4ww/w3w/bWB1 2w0b 0w3b 1w3b l",
        noise=Noise.none(),
        game=ROBOTORY,
    )
    start = len(sim.notices)
    t = sim.now + 0.1
    steps = [
        HandStep(t + 0.147, Force("A3", 0)),
        HandStep(t + 0.231, Force("A3", None)),
        HandStep(t + 0.334, LiftStone("stock:l:2")),
        HandStep(t + 0.338, Force("stock:l:2", 1)),
        HandStep(t + 0.34, Force("stock:l:2", None)),
        HandStep(t + 0.341, Force("stock:l:2", 1)),
        HandStep(t + 0.342, Force("stock:l:2", None)),
        HandStep(t + 0.343, Force("stock:l:2", 1)),
        HandStep(t + 0.344, Force("stock:l:2", None)),
        HandStep(t + 0.432, PutStone("A4", STONES["w"], STONES["w"])),
        HandStep(t + 0.434, Force("A4", 0)),
        HandStep(t + 0.436, Force("A4", None)),
        HandStep(t + 0.703, Remove("A4")),  # the chain's tokens boxed, the last first
        HandStep(t + 0.894, Remove("B4")),
        HandStep(t + 1.004, Remove("C5")),
        HandStep(t + 1.156, Remove("C6")),
        HandStep(t + 1.353, LiftStone("A2")),
        HandStep(t + 1.355, Force("A2", 1)),
        HandStep(t + 1.359, Force("A2", None)),
        HandStep(t + 1.362, Force("A2", 1)),
        HandStep(t + 1.364, Force("A2", None)),
        HandStep(t + 1.482, Remove("D5")),
        HandStep(t + 1.726, Remove("B3")),
        HandStep(t + 1.928, Remove("B5")),
        HandStep(t + 2.001, PutStone("A4", STONES["R"], STONES["R"])),
        HandStep(t + 2.003, Force("A4", 0)),
        HandStep(t + 2.006, Force("A4", None)),
        HandStep(t + 2.007, Force("A4", 0)),
        HandStep(t + 2.009, Force("A4", None)),
        HandStep(t + 2.238, Force("A3", 0)),
        HandStep(t + 2.476, Force("A3", None)),
        HandStep(t + 4.125, LiftStone("stock:l:1")),
        HandStep(t + 4.125, Force("stock:l:1", 1)),
        HandStep(t + 4.128, Force("stock:l:1", None)),
        HandStep(t + 4.361, PutStone("D5", STONES["w"], STONES["w"])),  # where the chain ate
        HandStep(t + 4.363, Force("D5", 0)),
        HandStep(t + 4.367, Force("D5", None)),
        HandStep(t + 4.484, Force("D5", 0)),
        HandStep(t + 4.792, Force("D5", None)),
        HandStep(t + 4.993, LiftStone("stock:d:2")),
        HandStep(t + 5.163, Force("A1", 1)),
        HandStep(t + 5.262, Force("A1", None)),
        HandStep(t + 5.267, PutStone("B1", STONES["b"], STONES["b"])),
        HandStep(t + 5.268, Force("B1", 0)),
        HandStep(t + 5.269, Force("B1", None)),
    ]
    notices = sim.run(steps) + sim.settle()
    assert commits(notices) == ["w@A4"], notices  # the rest is asked: a chain or the token
    answer_as_played(sim, ["w@A4", "R:A2-B3-B4-C5-D5-C6-B5-A4", "w@D5", "b@B1"], start)


def test_a_chain_waited_for_is_done_when_the_next_hand_boxes_a_token_it_could_eat() -> None:
    """Drawn soak, Robotory seed 7 move 1869: light's R:C5-D5 was committed after the
    board waited 2.5 s for it to go on; 0.6 s later dark boxed C6's token and, 2.4 s
    after, stepped the robot D5-C6. The record became R:C5-C6-D5, then R:C5-D5-C6: the
    rule that a hand resuming after the wait (and after ``REACTION``) is the next
    player's held only while some reading kept the record, and a move only begun keeps
    none."""
    sim = make_sim(
        "sim-robotory",
        position="b2w/w4/1w1BRw/w1w1b/3W 0w0b 0w0b 2w10b l",
        noise=Noise.none(),
        game=ROBOTORY,
    )
    robot = STONES["R"]
    t = sim.now + 0.1
    steps = [
        HandStep(t + 0.062, LiftStone("C5")),
        HandStep(t + 0.302, Remove("D5")),
        HandStep(t + 0.5, PutStone("D5", robot, robot)),
        HandStep(t + 0.504, Force("D5", 0)),
        HandStep(t + 0.508, Force("D5", None)),
        HandStep(t + 3.611, Remove("C6")),
        HandStep(t + 5.976, LiftStone("D5")),
        HandStep(t + 6.029, PutStone("C6", robot, robot)),
    ]
    notices = sim.run(steps) + sim.settle()
    assert commits(notices) == ["R:C5-D5", "R:D5-C6"]
    record = sim.controller.position
    assert [record.move_text(m) for m in record.move_stack] == ["R:C5-D5", "R:D5-C6"]
    assert sim.controller.phase is Phase.PLAY
