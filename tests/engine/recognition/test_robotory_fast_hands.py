"""Robotory's heavy soak cases replayed as the hands made them: the soak's steps (with
their bounces and knocks) through the real scanner, debouncer, recognizer and controller,
on simulated time. Each asserts what the board must never do: record a move nobody
played, or ask a question whose choices leave out what was played."""

from __future__ import annotations

from drivers.buttons import ButtonRole
from engine.physical import PRESENT, Stone
from engine.robotory import ROBOTORY
from firmware_host.loops.simulator import Simulation
from firmware_host.notices.declared import IllegalShown
from firmware_host.session.actions import Select
from firmware_host.session.state import Phase
from hardware.mock.hands import Force, HandStep, LiftStone, Noise, PutStone, Remove, Sense
from tests.firmware_host.simkit import answer_as_played, commits, make_sim, of, prompts

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


def robotory_at(position: str) -> Simulation:
    """The simulated Robotory board at ``position``, its hands quiet but for the steps."""
    return make_sim("sim-robotory", position=position, noise=Noise.none(), game=ROBOTORY)


def _boxed_for_the_next_robot(t: float, lifted: float) -> list[HandStep]:
    """w@C4, then light's R:B3-B4 and dark's W:D3-C4 (drawn soak, seed 17 move 1188):
    dark boxes C4's token 0.26 s after the red robot landed and lifts the white robot
    from D3 ``lifted`` seconds after that, setting it on C4 0.21 s later."""
    boxed = t + 1.817
    return [
        HandStep(t + 0.119, LiftStone("stock:d:1")),
        HandStep(t + 0.122, Force("stock:d:1", 1)),
        HandStep(t + 0.123, Force("stock:d:1", None)),
        HandStep(t + 0.235, PutStone("C4", STONES["w"], STONES["w"])),
        HandStep(t + 1.235, LiftStone("B3")),
        HandStep(t + 1.236, Force("B3", 1)),
        HandStep(t + 1.237, Force("B3", None)),
        HandStep(t + 1.24, Force("B3", 1)),
        HandStep(t + 1.242, Force("B3", None)),
        HandStep(t + 1.264, Remove("B4")),
        HandStep(t + 1.555, PutStone("B4", STONES["R"], STONES["R"])),
        HandStep(t + 1.558, Force("B4", 0)),
        HandStep(t + 1.56, Force("B4", None)),
        HandStep(t + 1.563, Force("B4", 0)),
        HandStep(t + 1.564, Force("B4", None)),
        HandStep(boxed, Remove("C4")),  # dark's hand: the token its robot will eat
        HandStep(boxed + lifted, LiftStone("D3")),
        HandStep(boxed + lifted + 0.208, PutStone("C4", STONES["W"], STONES["W"])),
    ]


def test_a_token_boxed_for_the_next_robot_is_not_the_chain_eating_it() -> None:
    """Drawn soak, Robotory seed 17 move 1188: light's R:B3-B4, then dark boxed C4's token
    0.26 s after the robot landed and lifted the white robot from D3 0.2 s later, to set it
    on C4. The red robot could have eaten C4 on its way (R:B3-C4-B4: tokens are boxed in
    any order), so the board showed that chain whole, and it stood the settle time while
    the white robot was in the air: R:B3-C4-B4 was committed, then read again as W:D3-C4
    and R:B3-B4. The token boxed may as well be the next player's move begun (a robot
    that eats it lifted since): the chain does not stand alone, the board is read whole."""
    sim = robotory_at("4/b1Rb1/5w/2W2/2Bw 1w0b 1w0b 10w10b d")
    start = len(sim.notices)
    notices = sim.run(_boxed_for_the_next_robot(sim.now + 0.1, 0.2)) + sim.settle()
    assert "R:B3-C4-B4" not in commits(notices), notices
    answer_as_played(sim, ["w@C4", "R:B3-B4", "W:D3-C4"], start)


def test_a_chain_that_took_in_the_next_players_boxed_token_is_read_again() -> None:
    """The same hands, dark's hand resting 0.5 s between boxing C4's token and lifting
    the white robot: the board rested showing R:B3-C4-B4 and committed it, then saw the
    white robot land on C4, which that chain had eaten, and named W:D3-C4 illegal. No
    reading keeps the chain; R:B3-B4, shown whole before the token was boxed, and W:D3-C4
    make the board: the record followed them, unasked. Now R:B3-C4-B4 is not committed at
    rest: its robot, beside C4 which that chain emptied, may walk on there
    (``overlap.walks_on``, issue 78), so the board waits, and reads the moves as played
    (the white robot dated from the token boxed, not from the token placed on C4 a move
    before, so in that order), nothing committed replaced."""
    sim = robotory_at("4/b1Rb1/5w/2W2/2Bw 1w0b 1w0b 10w10b d")
    start = len(sim.notices)
    notices = sim.run(_boxed_for_the_next_robot(sim.now + 0.1, 0.5)) + sim.settle()
    assert not of(IllegalShown, notices), notices
    assert sim.controller.phase is Phase.PLAY
    assert list(sim.controller.record().moves) == ["w@C4", "R:B3-B4", "W:D3-C4"], notices
    assert commits(sim.notices[start:]) == ["w@C4", "R:B3-B4", "W:D3-C4"]
    assert not prompts(sim.notices[start:])


def test_a_chain_waited_for_is_no_knock_when_its_victim_was_boxed_at_the_lift() -> None:
    """Drawn soak, Robotory seed 19 move 1730: dark's B:C5-D5, its token boxed 0.14 s after
    the robot left C5 (within ``MOMENT`` of the lift: a knock of the lifting hand reads
    so), committed after the 2.5 s wait; 1.6 s later light boxed C6's token and stepped
    the robot on, B:D5-C6. The board read the chain again as B:C5-C6-D5: the capture taken
    for a knock, the robot landing elsewhere (``other_landings``), though that chain eats
    D5 too. A move that takes the recorded victim as well says it was no knock; the chain
    was given its time, so the hand after it is the next player's."""
    sim = robotory_at("4/5/wb2Bb/1WR1b/4 0w0b 1w0b 6w6b d")
    start = len(sim.notices)
    t = sim.now + 0.1
    steps = [
        HandStep(t + 0.131, LiftStone("C5")),
        HandStep(t + 0.269, Remove("D5")),
        HandStep(t + 0.477, PutStone("D5", STONES["B"], STONES["B"])),
        HandStep(t + 4.724, Remove("C6")),
        HandStep(t + 5.604, LiftStone("D5")),
        HandStep(t + 5.76, PutStone("C6", STONES["B"], STONES["B"])),
    ]
    notices = sim.run(steps) + sim.settle()
    assert commits(notices) == ["B:C5-D5", "B:D5-C6"], notices
    answer_as_played(sim, ["B:C5-D5", "B:D5-C6"], start)


def test_a_chain_seen_landing_is_no_robot_gone_back_when_a_token_fills_a_cell_it_ate() -> None:
    """Drawn soak, Robotory seed 23 move 981: dark's R:B3-A3-A2-A1 (its three tokens boxed
    first, the robot set on A1 where a token was), light's w@A2 0.37 s later on a cell the
    chain ate, dark's b@B3 where the robot left. The board reads the same as R:B3-A3-A2
    then w@B3 (A1's token boxed and put back), and it committed that: the longer chain,
    shown less than a step before A2 filled, was taken for a robot in the air over A1
    that then landed on A2 (pieces do not go back). But A1 was seen emptied and filled
    again as the robot landed, where a robot in the air leaves the token alone: both
    chains stay readings, and the board asks."""
    sim = robotory_at("w1w1/2RB1/1b4/2W1b/4 2w0b 0w1b 10w10b l")
    start = len(sim.notices)
    t = sim.now + 0.1
    steps = [
        HandStep(t + 0.138, LiftStone("stock:l:2")),
        HandStep(t + 0.328, PutStone("A2", STONES["w"], STONES["w"])),
        HandStep(t + 0.332, Force("A2", 0)),
        HandStep(t + 0.336, Force("A2", None)),
        HandStep(t + 0.337, Force("A2", 0)),
        HandStep(t + 0.34, Force("A2", None)),
        HandStep(t + 0.604, Remove("A1")),  # the chain's tokens boxed first
        HandStep(t + 0.737, Remove("A3")),
        HandStep(t + 0.921, Remove("A2")),
        HandStep(t + 1.096, LiftStone("B3")),
        HandStep(t + 1.205, PutStone("A1", STONES["R"], STONES["R"])),
        HandStep(t + 1.206, Force("A1", 0)),
        HandStep(t + 1.208, Force("A1", None)),
        HandStep(t + 1.211, Force("A1", 0)),
        HandStep(t + 1.214, Force("A1", None)),
        HandStep(t + 1.36, Force("B4", 0)),
        HandStep(t + 1.517, LiftStone("stock:l:1")),
        HandStep(t + 1.554, Force("B4", None)),
        HandStep(t + 1.572, PutStone("A2", STONES["w"], STONES["w"])),  # where it ate
        HandStep(t + 1.901, LiftStone("stock:d:4")),
        HandStep(t + 2.173, Force("C4", 1)),
        HandStep(t + 2.312, Force("C4", None)),
        HandStep(t + 2.317, PutStone("B3", STONES["b"], STONES["b"])),
    ]
    notices = sim.run(steps) + sim.settle()
    assert commits(notices) == ["w@A2"], notices
    assert sim.controller.prompt_choices == ("R:B3-A3-A2", "R:B3-A3-A2-A1")
    answer_as_played(sim, ["w@A2", "R:B3-A3-A2-A1", "w@A2", "b@B3"], start)


def test_a_token_knocked_after_the_next_move_is_not_placed_after_it() -> None:
    """Drawn soak, Robotory seed 23 move 1608 (with the three fixes above): light's w@D2,
    committed as dark's hand stepped the black robot B4-A4; then a knock took D2's token
    off for 0.2 s. The base of the open moves had seen B:B4-A4 whole while D2 was off,
    then D2 filled: the line B:B4-A4 and a token placed on D2, which needs no knock, so
    the record became B:B4-A4 by light and asked dark's colour on D2. But that token
    stood on D2 a second before the robot was lifted: set down before the move it would
    follow, which no knock makes (a knock fills no empty cell). The record stands."""
    sim = robotory_at("b1wb/3B1/5w/3W1/1R1b 4w0b 2w1b 3w1b l")
    start = len(sim.notices)
    t = sim.now + 0.1
    steps = [
        HandStep(t + 0.202, LiftStone("stock:l:4")),
        HandStep(t + 0.235, PutStone("D2", STONES["w"], STONES["w"])),
        HandStep(t + 0.241, Force("E2", 0)),
        HandStep(t + 0.497, Force("E2", None)),
        HandStep(t + 0.532, LiftStone("B4")),
        HandStep(t + 0.533, Force("B4", 1)),
        HandStep(t + 0.536, Force("B4", None)),
        HandStep(t + 0.668, Remove("A4")),
        HandStep(t + 0.759, PutStone("A4", STONES["B"], STONES["B"])),
        HandStep(t + 0.762, Force("A4", 0)),
        HandStep(t + 0.765, Force("A4", None)),
        HandStep(t + 0.767, Force("A4", 0)),
        HandStep(t + 0.769, Force("A4", None)),
        HandStep(t + 1.097, Force("D2", 0)),  # the knock, after the robot landed
        HandStep(t + 1.301, Force("D2", None)),
        HandStep(t + 1.518, LiftStone("stock:l:3")),
        HandStep(t + 1.742, PutStone("B1", STONES["w"], STONES["w"])),
    ]
    notices = sim.run(steps) + sim.settle()
    assert commits(notices) == ["w@D2", "B:B4-A4", "w@B1"], notices
    answer_as_played(sim, ["w@D2", "B:B4-A4", "w@B1"], start)


def test_a_chain_whose_last_token_was_boxed_as_the_robot_rested_is_among_the_choices() -> None:
    """Drawn soak, Robotory seed 23 move 1491: light's B:C4-D3-D4-E3, its last token (D4)
    boxed 0.07 s after the robot landed on E3, then dark's b@D4 on that cell 0.38 s later.
    The board reads the same as B:C4-D3-E3 or B:C4-D3-D4 with D4 or E3 knocked off and
    back, and asked between those two only: the chain shown whole was taken for a robot
    gone back (its robot was seen landing on E3), and a line was offered only after a
    pause. Each single move leaves a cell the hands touched to a knock: the chain and the
    token placed, shown one after the other, are among the choices."""
    sim = robotory_at("bw1R/1w3/bb1B1b/1Wbb1/b3 0w2b 0w2b 10w2b d")
    start = len(sim.notices)
    t = sim.now + 0.1
    steps = [
        HandStep(t + 0.173, LiftStone("stock:d:3")),
        HandStep(t + 0.281, PutStone("E3", STONES["b"], STONES["b"])),
        HandStep(t + 0.535, Force("C1", 0)),
        HandStep(t + 0.673, Force("C1", None)),
        HandStep(t + 0.796, Remove("D3")),
        HandStep(t + 0.948, LiftStone("C4")),
        HandStep(t + 0.95, Force("C4", 1)),
        HandStep(t + 0.953, Force("C4", None)),
        HandStep(t + 1.046, Remove("E3")),
        HandStep(t + 1.147, PutStone("E3", STONES["B"], STONES["B"])),
        HandStep(t + 1.15, Force("E3", 0)),
        HandStep(t + 1.153, Force("E3", None)),
        HandStep(t + 1.219, Remove("D4")),  # the chain's last token, the robot at rest
        HandStep(t + 1.533, LiftStone("stock:d:4")),
        HandStep(t + 1.601, PutStone("D4", STONES["b"], STONES["b"])),
        HandStep(t + 1.602, Force("D4", 0)),
        HandStep(t + 1.604, Force("D4", None)),
    ]
    notices = sim.run(steps) + sim.settle()
    assert commits(notices) == ["b@E3"], notices
    assert "B:C4-D3-D4-E3" in sim.controller.prompt_choices
    answer_as_played(sim, ["b@E3", "B:C4-D3-D4-E3", "b@D4"], start)


def test_a_long_chain_then_a_token_on_a_cell_it_ate_is_among_the_choices() -> None:
    """Drawn soak, Robotory seed 19 move 423: light's W:D3-D4-E4-D5-C5-B5, every token
    boxed while the robot was in the air (the last as it landed), then dark's w@E4 0.56 s
    later on a cell it ate. The board asked between two shorter chains that leave E4 or
    B5 to a knock, not the chain it had shown whole: it must be among the choices."""
    sim = robotory_at("b2b/b1R1w/bw1Bwb/1bWww/bbww 0w0b 3w0b 2w6b l")
    start = len(sim.notices)
    t = sim.now + 0.1
    steps = [
        HandStep(t + 0.173, Force("E1", 0)),
        HandStep(t + 0.502, Force("E1", None)),
        HandStep(t + 1.248, LiftStone("D3")),
        HandStep(t + 1.539, Remove("C5")),
        HandStep(t + 1.646, Remove("E4")),
        HandStep(t + 1.883, Remove("B5")),
        HandStep(t + 2.154, Remove("D4")),
        HandStep(t + 2.413, Remove("D5")),
        HandStep(t + 2.422, PutStone("B5", STONES["W"], STONES["W"])),
        HandStep(t + 2.734, LiftStone("stock:d:3")),
        HandStep(t + 2.829, Force("D4", 1)),
        HandStep(t + 2.976, Force("D4", None)),
        HandStep(t + 2.981, PutStone("E4", STONES["w"], STONES["w"])),  # where it ate
        HandStep(t + 2.982, Force("E4", 0)),
        HandStep(t + 2.986, Force("E4", None)),
    ]
    notices = sim.run(steps) + sim.settle()
    # the chain rested 0.4 s before the next hand: committed then, or not yet
    assert commits(notices) in ([], ["W:D3-D4-E4-D5-C5-B5"]), notices
    assert "W:D3-D4-E4-D5-C5-B5" in sim.controller.prompt_choices
    answer_as_played(sim, ["W:D3-D4-E4-D5-C5-B5", "w@E4"], start)


def test_four_moves_never_at_rest_read_from_a_chain_seen_landing() -> None:
    """Drawn soak, Robotory seed 19 move 1282: dark's W:E2-D3-D4-E3, light's b@D4 0.25 s
    later on a cell it ate, dark's w@B4, light's B:C4-D4 eating that token, the board
    never at rest. The chain shown whole was dropped as a robot gone back when D4 filled
    (the board then looks like W:E2-D3-E3, or W:E2-D3-D4), though its robot was seen
    landing on E3: with it gone, nothing read the board, and the four moves were missed.
    Only the chain then the three moves makes the board (the black robot eats only the
    black token placed on D4)."""
    sim = robotory_at("ww1w/b4/w2B1R/2ww1/bWw1 0w1b 1w0b 3w9b d")
    start = len(sim.notices)
    t = sim.now + 0.1
    steps = [
        HandStep(t + 0.316, Force("E2", 0)),
        HandStep(t + 0.526, Force("E2", None)),
        HandStep(t + 0.526, Force("C4", 0)),
        HandStep(t + 0.736, Force("C4", None)),
        HandStep(t + 0.802, Remove("E3")),
        HandStep(t + 0.991, LiftStone("E2")),
        HandStep(t + 1.221, Remove("D3")),
        HandStep(t + 1.38, Remove("D4")),
        HandStep(t + 1.531, PutStone("E3", STONES["W"], STONES["W"])),
        HandStep(t + 1.75, LiftStone("stock:l:4")),
        HandStep(t + 1.777, PutStone("D4", STONES["b"], STONES["b"])),  # where it ate
        HandStep(t + 1.965, LiftStone("stock:d:1")),
        HandStep(t + 2.106, Force("B3", 1)),
        HandStep(t + 2.172, Force("B3", None)),
        HandStep(t + 2.177, PutStone("B4", STONES["w"], STONES["w"])),
        HandStep(t + 2.535, LiftStone("C4")),
        HandStep(t + 2.622, Remove("D4")),
        HandStep(t + 2.884, PutStone("D4", STONES["B"], STONES["B"])),
    ]
    sim.run(steps)
    sim.settle()
    answer_as_played(sim, ["W:E2-D3-D4-E3", "b@D4", "w@B4", "B:C4-D4"], start)


def test_a_token_slid_over_a_cell_another_hand_then_fills_is_not_taken_for_the_first() -> None:
    """Drawn hands, both players at once (the quick profile, robotory-both): light's token
    slid from the lid over A3 on its way to A2 (A3 read it from 0.30 s to 0.40 s), and
    dark set its own token on A3 10 ms after it left. A3 never read empty: the board saw
    w@A3 at 0.30 s and w@A2 at 0.43 s, and once committed w@A3 first. The move shown
    first stood alone less than the settle time before the other began: either may have
    been made first, and the board asks."""
    sim = robotory_at("b2R/5/1B4/5/Wb1w 3w0b 2w0b 5w8b d")
    start = len(sim.notices)
    t = sim.now
    sim.world.held.extend([STONES["w"], STONES["w"]])
    steps = [
        HandStep(t + 0.30, Force("A3", 1)),  # light's token passing over A3
        HandStep(t + 0.40, Force("A3", None)),
        HandStep(t + 0.40, PutStone("A2", STONES["w"], STONES["w"])),
        HandStep(t + 0.41, PutStone("A3", STONES["w"], STONES["w"])),
    ]
    sim.run(steps)
    sim.settle()
    assert sim.controller.phase is Phase.PROMPT
    answer_as_played(sim, ["w@A2", "w@A3"], start)


def test_a_piece_lifted_and_put_back_before_a_move_does_not_date_the_next_players() -> None:
    """Drawn hands, both players at once (the quick profile, robotory-both): the mover
    lifted B1's token and put it straight back, then walked the white robot D3-C3 while
    the next player's hand began R:B2-B1-C1 0.2 s after it. The pair was read in the other
    order: the red chain, eating B1, was dated from B1's first change, the put-back token.
    A cell back as the position with the whole board began no move."""
    sim = robotory_at("4/wR3/bww3/2W2/b2B 2w0b 0w0b 6w7b d")
    start = len(sim.notices)
    t = sim.now
    steps = [
        HandStep(t + 0.38, Force("B1", 0)),  # lifted and put straight back
        HandStep(t + 0.45, Force("B1", None)),
        HandStep(t + 0.47, LiftStone("D3")),
        HandStep(t + 0.69, LiftStone("B2")),  # the next player's hand
        HandStep(t + 0.73, Remove("C3")),
        HandStep(t + 1.03, PutStone("C3", STONES["W"], STONES["W"])),
        HandStep(t + 1.11, Remove("C1")),
        HandStep(t + 1.16, PutStone("C1", STONES["R"], STONES["R"])),
        HandStep(t + 1.17, Remove("B1")),
    ]
    sim.run(steps)
    sim.settle()
    answer_as_played(sim, ["W:D3-C3", "R:B2-B1-C1"], start)
    assert list(sim.controller.record().moves) == ["W:D3-C3", "R:B2-B1-C1"]


def test_a_robot_moved_on_after_a_pause_reading_on_two_cells_is_asked_about() -> None:
    """Heavy soak on the widest sensors, seed 3 move 643: dark walked B:C4-C5, the board
    waited for the chain to go on, and 1.27 s later light moved the robot on (C6's token
    boxed, the robot slid from C5 to C6, read on C6 24 ms before C5 let go). The board
    went back to showing B:C4-C5 for that moment, so C6's change looked made before it,
    the two moves were no line, and the board recorded B:C4-C5-C6. A chain the board
    showed at rest longer than a step, then gone on with, is asked about."""
    sim = make_sim(
        "sim-robotory",
        position="bw2/5/1R1Bbb/1W1w1/4 0w0b 0w0b 10w10b d",
        noise=Noise.none(),
        game=ROBOTORY,
    )
    start = len(sim.notices)
    t = sim.now + 0.1
    robot = STONES["B"]
    steps = [
        HandStep(t, Sense("C4", PRESENT)),
        HandStep(t, LiftStone("C4")),
        HandStep(t + 0.009, Sense("C5", PRESENT)),
        HandStep(t + 0.009, Remove("C5")),
        HandStep(t + 0.031, Sense("C4", None)),
        HandStep(t + 0.064, Sense("C5", None)),
        HandStep(t + 0.374, Sense("C5", PRESENT)),
        HandStep(t + 0.404, PutStone("C5", robot, robot)),
        HandStep(t + 0.404, Sense("C5", None)),
        HandStep(t + 0.405, Force("C5", 0)),
        HandStep(t + 0.406, Force("C5", None)),
        HandStep(t + 1.671, Sense("C6", PRESENT)),  # the next player
        HandStep(t + 1.671, Remove("C6")),
        HandStep(t + 1.736, Sense("C6", None)),
        HandStep(t + 1.798, Sense("C5", PRESENT)),
        HandStep(t + 1.798, LiftStone("C5")),
        HandStep(t + 1.835, Sense("C6", PRESENT)),
        HandStep(t + 1.859, Sense("C5", None)),
        HandStep(t + 1.894, PutStone("C6", robot, robot)),
        HandStep(t + 1.894, Sense("C6", None)),
    ]
    notices = sim.run(steps) + sim.settle()
    assert "B:C4-C5-C6" not in commits(notices), notices
    assert ("B:C4-C5", "B:C4-C5-C6") in prompts(notices), notices
    answer_as_played(sim, ["B:C4-C5", "B:C5-C6"], start)


def test_a_token_placed_then_eaten_by_the_next_chain_is_among_the_choices() -> None:
    """Heavy soak on the widest sensors, seed 3 move 935: light set w@B4, and 0.34 s
    later dark's hand boxed it and A3's token and slid the robot from B3 to A3 (the chain
    R:B3-B4-A3). The board at rest reads R:B3-A3 alone too, and asked only that (or the
    robot still in the hand): the move played was never offered. A reply that only boxes
    the piece the first move set down needs no second landing there."""
    sim = make_sim(
        "sim-robotory",
        position="w1b1/2R2/b2Bw1/2Ww1/2b1 1w0b 0w1b 10w10b l",
        noise=Noise.none(),
        game=ROBOTORY,
    )
    start = len(sim.notices)
    t = sim.now + 0.1
    robot, white = STONES["R"], STONES["w"]
    steps = [
        HandStep(t, Sense("stock:l:1", PRESENT)),
        HandStep(t, LiftStone("stock:l:1")),
        HandStep(t + 0.035, Sense("stock:l:1", None)),
        HandStep(t + 0.653, Sense("B4", PRESENT)),
        HandStep(t + 0.686, PutStone("B4", white, white)),
        HandStep(t + 0.686, Sense("B4", None)),
        HandStep(t + 1.024, Sense("B4", PRESENT)),  # the next player
        HandStep(t + 1.024, Remove("B4")),
        HandStep(t + 1.056, Sense("B4", None)),
        HandStep(t + 1.239, Sense("A3", PRESENT)),
        HandStep(t + 1.239, Remove("A3")),
        HandStep(t + 1.296, Sense("A3", None)),
        HandStep(t + 1.483, Sense("B3", PRESENT)),
        HandStep(t + 1.483, LiftStone("B3")),
        HandStep(t + 1.552, Sense("A3", PRESENT)),
        HandStep(t + 1.596, Sense("B3", None)),
        HandStep(t + 1.661, PutStone("A3", robot, robot)),
        HandStep(t + 1.661, Sense("A3", None)),
    ]
    notices = sim.run(steps) + sim.settle()
    assert commits(notices) == [], notices
    answer_as_played(sim, ["w@B4", "R:B3-B4-A3"], start)


def _chain_b3_b2(sim: Simulation) -> list[HandStep]:
    """R:B3-B2 as a hand makes it: the token eaten, the robot set on its cell."""
    t = sim.now + 0.1
    return [
        HandStep(t, Remove("B2")),
        HandStep(t + 0.2, LiftStone("B3")),
        HandStep(t + 0.4, PutStone("B2", STONES["R"], STONES["R"])),
    ]


def test_a_chain_that_may_eat_on_waits_on_a_polarity_board_too() -> None:
    """bench-hands, sim-robotory-polarity brisk seed 1 move 9: R:B3-B2 with C3's token
    in reach, and the next player eager to move the same robot on to C3. A Hall board
    reads the robot on B2 where a reed board reads only "a piece": the board took that
    for a chain that could not go on, committed it at the usual rest, and read the next
    player's R:B2-C3, begun as it did, as the mover's R:B3-B2-C3. The rules say the
    chain may go on whatever the sensors show, so the board waits as it does on reeds
    (the next player presses ok or waits longer than a step), and each player's move is
    recorded as made."""
    sim = make_sim("sim-robotory-polarity", noise=Noise.none(), game=ROBOTORY)
    for move in ("b@C1", "w@D4", "b@B2", "w@C3", "w@D1"):
        sim.perform(move)
    start = len(sim.notices)
    notices = sim.run(_chain_b3_b2(sim))
    landed = sim.now
    notices += sim.advance_to(landed + 1.0)  # past the rest a move that cannot go on gets
    assert commits(notices) == [], notices
    notices += sim.press(ButtonRole.OK)
    notices += sim.settle()
    assert commits(notices) == ["R:B3-B2"], notices
    notices += sim.perform("R:B2-C3")
    assert commits(sim.notices[start:]) == ["R:B3-B2", "R:B2-C3"]
