"""The heavy soak's cases on the widest bundled sensors (a piece between two neighbouring
cells read on both for up to 237 ms: ``engine.recognition.sensors.WIDEST``), replayed
as the hands made them through the real scanner, debouncer, recognizer and controller.
Each fails on the code before its fix."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.abalone import ABALONE
from engine.dobutsu import DOBUTSU
from engine.game import Game
from engine.physical import PRESENT, Stone
from engine.recognition.sensors import WIDEST
from engine.robotory import ROBOTORY
from engine.shogi import SHOGI
from firmware_host.loops.simulator import Simulation
from firmware_host.session.actions import Select
from firmware_host.session.state import HeldChoice, Phase
from firmware_host.store.storage import GameStore
from hardware.mock.hands import (
    Force,
    HandAction,
    HandStep,
    LiftStone,
    Noise,
    PutStone,
    Remove,
    Sense,
)
from hardware.profile import load_profile
from tests.firmware_host.simkit import answer_as_played, commits, prompts, track


def widest_dobutsu(position: str) -> Simulation:
    """A Dobutsu board under the widest sensors, its pieces as ``position`` has them."""
    return widest(DOBUTSU, position)


def widest(game: Game[Any], position: str) -> Simulation:
    """``game``'s simulated board under the widest sensors, set up as ``position``."""
    loaded = replace(load_profile("sim", game), sensor_model=WIDEST)
    sim = track(
        Simulation(
            game,
            loaded,
            GameStore(":memory:"),
            resume=False,
            noise=Noise.none(),
            position=position,
        )
    )
    sim.settle()
    return sim


def test_a_knock_put_back_before_the_lift_is_no_capture_on_sensors_reading_two_cells() -> None:
    """Heavy soak on the widest sensors (a piece between neighbours read on both for
    237 ms), Dobutsu seed 3 move 144: sente dropped a chick on 3a; before the board had
    rested on it, the chick was knocked off and back, and 33 ms later gote's lion was
    lifted from 2a and held 15 s, then set on 3b, sente's chick at once 2b to 2a. The
    knock read as the lion taking 3a (a landing before its lift is what a slid capture
    makes on such sensors): C*3a and 2a3a were committed, and the lion's landing and the
    reply read as sente's move and a drop of the "captured" chick. A capture whose
    victim's cell came back before its capturer left may be a knock: the board asks
    (the capture, or the piece still in the hand) and follows the landing."""
    sim = widest_dobutsu("1le/1C1/g1L/E1G b C 5")
    start = len(sim.notices)
    t = sim.now + 0.1
    lion, chick = Stone("L", 1), Stone("C", 0)
    held = [
        HandStep(t, Sense("hand:b:C", PRESENT)),
        HandStep(t, LiftStone("hand:b:C")),
        HandStep(t + 0.035, Sense("hand:b:C", None)),
        HandStep(t + 0.287, Sense("3a", PRESENT)),
        HandStep(t + 0.321, PutStone("3a", chick, chick)),
        HandStep(t + 0.321, Sense("3a", None)),
        HandStep(t + 0.674, Force("3a", 0)),  # knocked off and back
        HandStep(t + 0.954, Force("3a", None)),
        HandStep(t + 0.987, Sense("2a", PRESENT)),  # gote at once
        HandStep(t + 0.987, LiftStone("2a")),
        HandStep(t + 1.016, Sense("2a", None)),
    ]
    landed = [
        HandStep(t + 16.237, Sense("3b", PRESENT)),
        HandStep(t + 16.265, PutStone("3b", lion, lion)),
        HandStep(t + 16.265, Sense("3b", None)),
        HandStep(t + 16.586, Sense("2b", PRESENT)),  # sente at once
        HandStep(t + 16.586, LiftStone("2b")),
        HandStep(t + 16.609, Sense("2b", None)),
        HandStep(t + 16.843, Sense("2a", PRESENT)),
        HandStep(t + 16.865, PutStone("2a", chick, chick)),
        HandStep(t + 16.865, Sense("2a", None)),
    ]
    notices = sim.run(held) + sim.advance(15.0)  # the lion in the air
    assert "2a3a" not in commits(notices), notices
    notices = sim.run(landed) + sim.settle()
    assert "2a3a" not in commits(notices) and "C*3b" not in commits(notices), notices
    answer_as_played(sim, ["C*3a", "2a3b", "2b2a"], start)


def test_a_piece_set_down_elsewhere_before_the_last_piece_left_is_not_it_moved_on() -> None:
    """Heavy soak on the widest sensors, Dobutsu seed 3 (game 20, ply 8): gote's giraffe
    3b3a, committed; sente dropped a chick on 3c; gote then took the giraffe back from 3a
    towards 3b. For a moment the board showed 3b3c from before the giraffe's move, and
    the record took it silently as the giraffe moved on from 3a, though 3c had filled a
    quarter of a second before 3a let go, two cells away: a piece set down elsewhere
    first is another hand's."""
    sim = widest_dobutsu("1le/gL1/1c1/EG1 w C 8")
    start = len(sim.notices)
    t = sim.now + 0.1
    giraffe, chick = Stone("G", 1), Stone("C", 0)
    steps = [
        HandStep(t, Sense("3b", PRESENT)),
        HandStep(t, LiftStone("3b")),
        HandStep(t + 0.071, Sense("3a", PRESENT)),
        HandStep(t + 0.118, Sense("3b", None)),
        HandStep(t + 0.186, PutStone("3a", giraffe, giraffe)),
        HandStep(t + 0.186, Sense("3a", None)),
        HandStep(t + 1.371, Sense("hand:b:C", PRESENT)),  # sente
        HandStep(t + 1.371, LiftStone("hand:b:C")),
        HandStep(t + 1.407, Sense("hand:b:C", None)),
        HandStep(t + 1.827, Sense("3c", PRESENT)),
        HandStep(t + 1.860, PutStone("3c", chick, chick)),
        HandStep(t + 1.860, Sense("3c", None)),
        HandStep(t + 2.114, Sense("3a", PRESENT)),  # gote at once
        HandStep(t + 2.114, LiftStone("3a")),
        HandStep(t + 2.159, Sense("3a", None)),
        HandStep(t + 2.620, Sense("3b", PRESENT)),
        HandStep(t + 2.663, PutStone("3b", giraffe, giraffe)),
        HandStep(t + 2.663, Sense("3b", None)),
    ]
    notices = sim.run(steps) + sim.settle()
    assert "3b3c" not in commits(notices), notices
    answer_as_played(sim, ["3b3a", "C*3c", "3a3b"], start)


def test_a_drop_made_before_the_last_piece_was_lifted_again_is_no_piece_moved_on() -> None:
    """Heavy soak on the widest sensors, Dobutsu seed 3 move 3613: gote's lion went 2c to
    1b (recorded), sente dropped an elephant on 3c, and gote's lion was lifted again at
    once: the board showed the lion gone from 2c and a piece on 3c, as 2c3c makes it. The
    board took 2c1b back and asked (2c1b or 2c3c), then 0.4 s later, unchanged, committed
    2c3c itself (a question not kept open). But the elephant read on 3c 0.2 s before the
    lion left 1b, two cells away: no lion going on from 1b lands there first (issue 78,
    ``Base._lands_after_leaving``). The board keeps 2c1b and reads the drop, unasked, and
    the lion's capture after it."""
    sim = widest_dobutsu("1cC/1g1/1lG/EL1 w E 20")
    start = len(sim.notices)
    t = sim.now + 0.1
    lion, elephant = Stone("L", 1), Stone("E", 0)
    moves: list[tuple[float, HandAction]] = [
        (0.000, Sense("2c", PRESENT)),
        (0.000, LiftStone("2c")),
        (0.216, Sense("2c", None)),
        (0.272, Sense("1b", PRESENT)),
        (0.482, PutStone("1b", lion, lion)),
        (0.482, Sense("1b", None)),
        (1.586, Sense("hand:b:E", PRESENT)),
        (1.586, LiftStone("hand:b:E")),
        (1.610, Sense("hand:b:E", None)),
        (2.904, Sense("3c", PRESENT)),
        (2.926, PutStone("3c", elephant, elephant)),
        (2.926, Sense("3c", None)),
        (3.129, Sense("1b", PRESENT)),
        (3.129, LiftStone("1b")),
        (3.154, Sense("1b", None)),
    ]
    sim.run([HandStep(t + at, action) for at, action in moves])
    sim.advance(3.0)
    assert commits(sim.notices[start:]) == ["2c1b", "E*3c"]
    assert not prompts(sim.notices[start:])
    t = sim.now + 0.1
    takes: list[tuple[float, HandAction]] = [
        (0.000, Sense("1c", PRESENT)),
        (0.000, LiftStone("1c")),
        (0.093, Sense("1c", None)),
        (0.173, Sense("1c", PRESENT)),
        (0.198, PutStone("1c", lion, lion)),
        (0.198, Sense("1c", None)),
    ]
    sim.run([HandStep(t + at, action) for at, action in takes])
    sim.advance(6.0)
    answer_as_played(sim, ["2c1b", "E*3c", "1b1c"], start)


def test_a_capture_is_not_moved_on_while_its_capturer_stands_on_the_victims_cell() -> None:
    """Heavy soak, Shogi seed 3 move 3454: gote's horse took the pawn on 6c (recorded),
    and 0.36 s later a neighbour's magnet read on 5e for half a second (a gold knocked
    towards it). The board showed 5d empty and a piece on 5e, as 5d5e makes it, and
    the record took 5d6c back for 5d5e unasked: a capture's landing reads a piece
    before and after, and "every change it made is still made" forgot it. The horse
    never left 6c: the board asks, and reads 5d6c again once the knock is gone."""
    sim = widest(
        SHOGI,
        "+P+S1+L1G1+N1/P1+PK5/1+R1+P+P4/1P1+N+b4/5gL2/g3+R1+bk1/s+p+s2n2l/"
        "pp1p1+ppp+p/+p+l+ng+p+p+p+s1 w - 982",
    )
    start = len(sim.notices)
    pawn, horse = Stone("P", 0, True), Stone("B", 1, True)
    steps: list[tuple[float, HandAction]] = [
        (0.000, Sense("6c", PRESENT)),
        (0.000, LiftStone("6c")),
        (0.024, Sense("6c", None)),
        (0.460, Sense("hand:w:P", PRESENT)),
        (0.483, PutStone("hand:w:P", pawn, Stone("P", 1))),
        (0.483, Sense("hand:w:P", None)),
        (0.500, Sense("5d", PRESENT)),
        (0.500, LiftStone("5d")),
        (0.664, Sense("5d", None)),
        (0.706, Sense("6c", PRESENT)),
        (0.865, PutStone("6c", horse, horse)),
        (0.865, Sense("6c", None)),
        (1.229, Sense("5e", PRESENT)),  # a knocked neighbour read there
        (1.732, Sense("5e", None)),
    ]
    t = sim.now + 0.1
    sim.run([HandStep(t + at, action) for at, action in steps])
    sim.advance(3.0)
    assert "5d5e" not in commits(sim.notices[start:])
    answer_as_played(sim, ["5d6c"], start)


def test_a_drop_read_before_the_last_piece_left_a_neighbour_is_asked_not_followed() -> None:
    """Heavy soak, Dobutsu seed 3 (ply 40 of a game): gote's lion went 3b to 2a (recorded),
    sente dropped a giraffe on 2b at once, and 0.2 s later gote took the lion up again
    to move on. 2b read a piece 0.2 s before 2a read empty: within the sensors' blur
    between neighbours, the lion slid from 2a to 2b would read so too. The record
    followed "the lion moved on" (3b2b for 3b2a) unasked; the drop makes the board too,
    so it now asks."""
    sim = widest_dobutsu("2C/l1E/L2/1gE w GC 40")
    start = len(sim.notices)
    lion, giraffe = Stone("L", 1), Stone("G", 0)
    steps: list[tuple[float, HandAction]] = [
        (0.000, Sense("3b", PRESENT)),
        (0.000, LiftStone("3b")),
        (0.049, Sense("3b", None)),
        (0.062, Sense("2a", PRESENT)),
        (0.110, PutStone("2a", lion, lion)),
        (0.110, Sense("2a", None)),
        (0.588, Sense("hand:b:G", PRESENT)),
        (0.588, LiftStone("hand:b:G")),
        (0.616, Sense("hand:b:G", None)),
        (0.820, Sense("2b", PRESENT)),
        (0.847, PutStone("2b", giraffe, giraffe)),
        (0.847, Sense("2b", None)),
        (1.002, Sense("2a", PRESENT)),
        (1.002, LiftStone("2a")),
        (1.047, Sense("2a", None)),
    ]
    t = sim.now + 0.1
    sim.run([HandStep(t + at, action) for at, action in steps])
    sim.advance(3.0)
    assert "3b2b" not in commits(sim.notices[start:])
    answer_as_played(sim, ["3b2a", "G*2b"], start)
    landing: list[tuple[float, HandAction]] = [
        (0.000, Sense("3b", PRESENT)),
        (0.044, PutStone("3b", lion, lion)),
        (0.044, Sense("3b", None)),
    ]
    t = sim.now + 0.1
    sim.run([HandStep(t + at, action) for at, action in landing])
    sim.advance(3.0)
    answer_as_played(sim, ["3b2a", "G*2b", "2a3b"], start)


def test_a_neighbour_nudged_as_the_hand_leaves_is_no_drop() -> None:
    """Heavy soak, Dobutsu seed 3 move 3743: gote's lion went 1b to 2b, and 0.4 s after
    it landed the same hand nudged gote's elephant on 1a towards the empty 2a, where it
    read for 0.7 s before it was set back (a piece between two cells reads on both).
    2a reading a piece made C*2a, and sente holds a chick: the board recorded a drop
    nobody played. A piece put next to another within a hand's pause of the last
    move's landing waits the longer rest, and the nudge set back is no move."""
    sim = widest_dobutsu("g1e/2l/cEL/2G w C 8")
    start = len(sim.notices)
    lion = Stone("L", 1)
    steps: list[tuple[float, HandAction]] = [
        (0.000, Sense("1b", PRESENT)),
        (0.000, LiftStone("1b")),
        (0.027, Sense("1b", None)),
        (0.592, Sense("2b", PRESENT)),
        (0.618, PutStone("2b", lion, lion)),
        (0.618, Sense("2b", None)),
        (1.026, Sense("2a", PRESENT)),  # nudged from 1a
        (1.723, Sense("2a", None)),  # set back
    ]
    t = sim.now + 0.1
    sim.run([HandStep(t + at, action) for at, action in steps])
    sim.advance(3.0)
    answer_as_played(sim, ["1b2b"], start)


def test_a_robot_nudged_as_the_hand_leaves_is_no_token_placed() -> None:
    """Heavy soak, Robotory seed 3 move 1764: light placed a white token on C6, and 0.47 s
    after it landed the red robot on C5 was nudged towards the empty B4 and read there
    for 0.6 s: the board recorded w@B4, a token nobody placed."""
    sim = widest(ROBOTORY, "1w2/bww2/1b1BR1/1wWb1/bw1w 1w0b 1w0b 5w7b l")
    start = len(sim.notices)
    token = Stone("w", None)
    steps: list[tuple[float, HandAction]] = [
        (0.000, Sense("stock:l:1", PRESENT)),
        (0.000, LiftStone("stock:l:1")),
        (0.024, Sense("stock:l:1", None)),
        (0.893, Sense("C6", PRESENT)),
        (0.916, PutStone("C6", token, token)),
        (0.916, Sense("C6", None)),
        (0.917, Force("C6", 0)),
        (0.918, Force("C6", None)),
        (1.388, Sense("B4", PRESENT)),  # nudged from C5
        (1.601, Force("C5", 0)),
        (1.769, Force("C5", None)),
        (1.985, Sense("B4", None)),  # set back
    ]
    t = sim.now + 0.1
    sim.run([HandStep(t + at, action) for at, action in steps])
    sim.advance(3.0)
    answer_as_played(sim, ["w@C6"], start)


def test_a_token_read_only_as_the_robot_passed_over_is_not_placed_and_eaten() -> None:
    """Heavy soak, Robotory seed 3 move 2824: light took C4's and B3's tokens, carried the
    red robot from B5 low over B4 to B3 (B4 read it for 0.13 s), and took C5's token 2.8 s
    later. At rest before that, the board showed what dark's b@B4 and light's chain
    R:B5-B4-C4-B3 make, and recorded both: a token nobody placed. A cell that read a
    piece for less than a piece set down reads (``STOOD``) is what a piece carried over
    it makes; a line that places a piece there and takes it off again is asked, the hand
    perhaps still at work, and the chain is read once C5's token is taken."""
    sim = widest(ROBOTORY, "w1w1/2w1R/1wBww1/w1W1w/w1b1 0w1b 1w0b 3w9b l")
    start = len(sim.notices)
    robot = Stone("R", None)
    steps: list[tuple[float, HandAction]] = [
        (0.000, Force("C3", 0)),  # a knock
        (0.163, Force("C3", None)),
        (0.273, Sense("C4", PRESENT)),
        (0.273, Remove("C4")),
        (0.294, Sense("C4", None)),
        (0.347, Sense("B3", PRESENT)),
        (0.347, Remove("B3")),
        (0.391, Sense("B3", None)),
        (0.504, Sense("B5", PRESENT)),
        (0.504, LiftStone("B5")),
        (0.544, Sense("B4", PRESENT)),
        (0.570, Sense("B5", None)),
        (0.649, Sense("B3", PRESENT)),
        (0.676, Sense("B4", None)),
        (0.714, PutStone("B3", robot, robot)),
        (0.714, Sense("B3", None)),
        (3.501, Sense("C5", PRESENT)),
        (3.501, Remove("C5")),
        (3.548, Sense("C5", None)),
    ]
    t = sim.now + 0.1
    sim.run([HandStep(t + at, action) for at, action in steps])
    sim.advance(3.0)
    assert "b@B4" not in commits(sim.notices[start:])
    answer_as_played(sim, ["R:B5-C5-C4-B3"], start)


def test_a_marble_held_while_the_push_goes_on_is_no_push_off_and_reply() -> None:
    """Heavy soak, Abalone seed 3 move 3490: white took up D3's marble for the push D3E4
    (D3-E4 against black's F5), moved black's F5 on to G6 first, and thought 2.8 s
    before E4 went to F5 and the held marble to E4. At rest meanwhile the board showed
    D3 empty and F5's marble on G6: what white's D3D2 (a marble pushed off, unseen on a
    board that reads only presence) and black's F5G6 make, and it recorded both. A line
    whose first move only takes pieces off, its cells untouched, is a marble in the air
    too: asked, never committed, and the push is read when the hand goes on."""
    sim = widest(ABALONE, "1ww2/1w1wb1/1b5/wb1b3b/2ww3bb/bww4w/2w1wbw/3w2/bbbb1 w 1 0")
    start = len(sim.notices)
    white, black = Stone("w", 1), Stone("b", 0)
    steps: list[tuple[float, HandAction]] = [
        (0.000, Sense("D3", PRESENT)),
        (0.000, LiftStone("D3")),
        (0.034, Sense("D3", None)),
        (0.041, Sense("F5", PRESENT)),
        (0.041, LiftStone("F5")),
        (0.075, Sense("G6", PRESENT)),
        (0.098, Sense("F5", None)),
        (0.131, PutStone("G6", black, black)),
        (0.131, Sense("G6", None)),
        (2.894, Sense("E4", PRESENT)),
        (2.894, LiftStone("E4")),
        (2.949, Sense("F5", PRESENT)),
        (2.985, Sense("E4", None)),
        (3.037, PutStone("F5", white, white)),
        (3.037, Sense("F5", None)),
        (3.060, Sense("E4", PRESENT)),
        (3.093, PutStone("E4", white, white)),
        (3.093, Sense("E4", None)),
    ]
    t = sim.now + 0.1
    sim.run([HandStep(t + at, action) for at, action in steps])
    sim.advance(4.0)
    assert "D3D2" not in commits(sim.notices[start:])
    answer_as_played(sim, ["D3E4"], start)


def test_three_plies_at_once_are_asked_with_the_first_the_board_showed() -> None:
    """Heavy soak, Dobutsu seed 3 (ply 21 of a game): gote's lion took 3d (asked, then
    answered), and both hands went on at once: sente's giraffe took 2b, gote dropped an
    elephant on 2d and sente's lion went 1d to 2c, none of it shown at rest. The board
    read only the moves and pairs that make it and asked 1d2d or "only set down",
    leaving out 2c2b. The lines the board showed step by step are offered too."""
    sim = widest_dobutsu("C1e/1c1/GG1/ElL w - 20")
    start = len(sim.notices)
    lion, elephant, giraffe = Stone("L", 1), Stone("E", 0), Stone("G", 0)
    chick, sente_lion = Stone("C", 1), Stone("L", 0)
    takes: list[tuple[float, HandAction]] = [
        (0.000, Sense("3d", PRESENT)),
        (0.000, LiftStone("3d")),
        (0.088, Sense("3d", None)),
        (0.203, Sense("2d", PRESENT)),
        (0.203, LiftStone("2d")),
        (0.255, Sense("3d", PRESENT)),
        (0.288, Sense("2d", None)),
        (0.337, PutStone("3d", lion, lion)),
        (0.337, Sense("3d", None)),
        (0.575, Sense("hand:w:E", PRESENT)),
        (0.659, PutStone("hand:w:E", elephant, Stone("E", 1))),
        (0.659, Sense("hand:w:E", None)),
        (1.940, Sense("2c", PRESENT)),
        (1.940, LiftStone("2c")),
        (1.968, Sense("2c", None)),
        (2.113, Sense("3b", PRESENT)),
        (2.152, Force("3a", 0)),
        (2.231, Sense("2b", PRESENT)),
        (2.231, LiftStone("2b")),
        (2.284, Sense("2b", None)),
        (2.372, Force("3a", None)),
        (2.413, Sense("3b", None)),
        (2.950, Sense("hand:b:C", PRESENT)),
        (3.001, PutStone("hand:b:C", chick, Stone("C", 0))),
        (3.001, Sense("hand:b:C", None)),
        (3.196, Sense("2b", PRESENT)),
        (3.222, PutStone("2b", giraffe, giraffe)),
        (3.222, Sense("2b", None)),
        (3.463, Sense("hand:w:E", PRESENT)),
        (3.463, LiftStone("hand:w:E")),
        (3.497, Sense("hand:w:E", None)),
    ]
    t = sim.now + 0.1
    sim.run([HandStep(t + at, action) for at, action in takes])
    while sim.controller.phase is not Phase.PROMPT and sim.now < t + 6.0:
        sim.advance(0.01)
    assert sim.controller.prompt_choices == ("2d3d", HeldChoice.NAME)
    sim.send(Select("2d3d"))  # answered at once, as the soak's players did
    white_elephant = Stone("E", 1)
    rest: list[tuple[float, HandAction]] = [
        (0.000, Sense("2d", PRESENT)),
        (0.033, PutStone("2d", white_elephant, white_elephant)),
        (0.033, Sense("2d", None)),
        (0.277, Sense("1d", PRESENT)),
        (0.277, LiftStone("1d")),
        (0.352, Sense("1d", None)),
        (0.527, Sense("2c", PRESENT)),
        (0.638, PutStone("2c", sente_lion, sente_lion)),
        (0.638, Sense("2c", None)),
    ]
    t = sim.now
    sim.run([HandStep(t + at, action) for at, action in rest])
    sim.advance(4.0)
    answer_as_played(sim, ["2d3d", "2c2b", "E*2d", "1d2c"], start)
