"""The heavy soak's cases on the widest bundled sensors (a piece between two neighbouring
cells read on both for up to 237 ms: ``engine.recognition.sensors.WIDEST``), replayed
as the hands made them through the real scanner, debouncer, recognizer and controller.
Each fails on the code before its fix."""

from __future__ import annotations

from dataclasses import replace

from engine.dobutsu import DOBUTSU
from engine.physical import Footprint, Stone
from engine.recognition.change_order import moved_on
from engine.recognition.sensors import WIDEST, Blur
from firmware_host.loops.simulator import Simulation
from firmware_host.store.storage import GameStore
from hardware.mock.hands import Force, HandStep, LiftStone, Noise, PutStone, Reach
from hardware.profile import load_profile
from tests.firmware_host.simkit import answer_as_played, commits, track


def widest_dobutsu(position: str) -> Simulation:
    """A Dobutsu board under the widest sensors, its pieces as ``position`` has them."""
    loaded = replace(load_profile("sim", DOBUTSU), sensor_model=WIDEST)
    sim = track(
        Simulation(
            DOBUTSU,
            loaded,
            GameStore(":memory:"),
            resume=False,
            noise=Noise.none(),
            position=position,
        )
    )
    sim.settle()
    return sim


def test_a_piece_set_down_elsewhere_first_is_not_the_last_piece_moved_on() -> None:
    """``moved_on``: a landing two cells from where the last move's piece lay, made a
    quarter of a second before that piece left, is another hand's; one made after it
    left (or within the sensors' blur, between neighbours) is the piece moved on."""
    to_3a = Footprint(changes=(("3b", 0), ("3a", 1)))
    to_3c = Footprint(changes=(("3b", 0), ("3c", 1)))
    blur = Blur(WIDEST.order_margin, DOBUTSU.geometry)
    early = {"3a": [(1.0, True), (2.25, False)], "3c": [(2.0, True)]}
    assert not moved_on(to_3a, to_3c, early, blur)
    after = {"3a": [(1.0, True), (2.0, False)], "3c": [(2.25, True)]}
    assert moved_on(to_3a, to_3c, after, blur)


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
        HandStep(t, Reach("hand:b:C", chick, reads=True)),
        HandStep(t, LiftStone("hand:b:C")),
        HandStep(t + 0.035, Reach("hand:b:C", chick, reads=False)),
        HandStep(t + 0.287, Reach("3a", chick, reads=True)),
        HandStep(t + 0.321, PutStone("3a", chick, chick)),
        HandStep(t + 0.321, Reach("3a", chick, reads=False)),
        HandStep(t + 0.674, Force("3a", 0)),  # knocked off and back
        HandStep(t + 0.954, Force("3a", None)),
        HandStep(t + 0.987, Reach("2a", lion, reads=True)),  # gote at once
        HandStep(t + 0.987, LiftStone("2a")),
        HandStep(t + 1.016, Reach("2a", lion, reads=False)),
    ]
    landed = [
        HandStep(t + 16.237, Reach("3b", lion, reads=True)),
        HandStep(t + 16.265, PutStone("3b", lion, lion)),
        HandStep(t + 16.265, Reach("3b", lion, reads=False)),
        HandStep(t + 16.586, Reach("2b", chick, reads=True)),  # sente at once
        HandStep(t + 16.586, LiftStone("2b")),
        HandStep(t + 16.609, Reach("2b", chick, reads=False)),
        HandStep(t + 16.843, Reach("2a", chick, reads=True)),
        HandStep(t + 16.865, PutStone("2a", chick, chick)),
        HandStep(t + 16.865, Reach("2a", chick, reads=False)),
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
        HandStep(t, Reach("3b", giraffe, reads=True)),
        HandStep(t, LiftStone("3b")),
        HandStep(t + 0.071, Reach("3a", giraffe, reads=True)),
        HandStep(t + 0.118, Reach("3b", giraffe, reads=False)),
        HandStep(t + 0.186, PutStone("3a", giraffe, giraffe)),
        HandStep(t + 0.186, Reach("3a", giraffe, reads=False)),
        HandStep(t + 1.371, Reach("hand:b:C", chick, reads=True)),  # sente
        HandStep(t + 1.371, LiftStone("hand:b:C")),
        HandStep(t + 1.407, Reach("hand:b:C", chick, reads=False)),
        HandStep(t + 1.827, Reach("3c", chick, reads=True)),
        HandStep(t + 1.860, PutStone("3c", chick, chick)),
        HandStep(t + 1.860, Reach("3c", chick, reads=False)),
        HandStep(t + 2.114, Reach("3a", giraffe, reads=True)),  # gote at once
        HandStep(t + 2.114, LiftStone("3a")),
        HandStep(t + 2.159, Reach("3a", giraffe, reads=False)),
        HandStep(t + 2.620, Reach("3b", giraffe, reads=True)),
        HandStep(t + 2.663, PutStone("3b", giraffe, giraffe)),
        HandStep(t + 2.663, Reach("3b", giraffe, reads=False)),
    ]
    notices = sim.run(steps) + sim.settle()
    assert "3b3c" not in commits(notices), notices
    answer_as_played(sim, ["3b3a", "C*3c", "3a3b"], start)
