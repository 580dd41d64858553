"""A cell read only while a piece was in the air is that piece passing, never a drop
another move placed and took within its flight: the clean rows' Robotory chain, its
tokens boxed first and its robot slid straight over two empty cells to the chain's end."""

from __future__ import annotations

from engine.physical import PRESENT, Stone
from engine.robotory import ROBOTORY
from firmware_host.notices.declared import PromptOpened
from hardware.mock.hands import HandStep, LiftStone, Noise, PutStone, Remove, Sense
from tests.firmware_host.simkit import make_sim, of

ROBOT = Stone("R", None)


def test_a_robot_slid_over_empty_cells_to_its_chains_end_is_the_chain_alone() -> None:
    """Robotory's reed board, clean row seed 1 move 270: the red robot's chain
    B4-C5-C4-C3-C2-D1-C1-B1, its seven tokens boxed first, then the robot slid from B4
    down B3 and B2 to B1, each passed cell reading it for 0.1 s. The board asked the
    chain beside w@B2 and w@B3: a token placed on a passed cell and eaten by the chain
    within the robot's flight (a pair the board never showed apart) explained the passed
    cells. The robot in the air explains them: the chain is committed, nothing asked."""
    sim = make_sim(
        "sim-robotory",
        position="b3/w2R1/bbwbw1/wbW1B/w1b1 2w0b 3w0b 1w3b d",
        noise=Noise.none(),
        game=ROBOTORY,
    )
    t = sim.now + 0.1
    boxed = [
        (0.000, "D1", 0.045),
        (0.083, "C3", 0.019),
        (0.243, "C1", 0.039),
        (0.386, "C4", 0.036),
        (0.629, "C5", 0.022),
        (0.714, "C2", 0.065),
        (0.825, "B1", 0.020),
    ]
    steps = [HandStep(t + at, Remove(spot)) for at, spot, _ in boxed]
    steps += [HandStep(t + at + read, Sense(spot, None)) for at, spot, read in boxed]
    slide = t + 0.944
    steps += [
        HandStep(slide, LiftStone("B4")),
        HandStep(slide + 0.196, Sense("B3", PRESENT)),
        HandStep(slide + 0.296, Sense("B3", None)),
        HandStep(slide + 0.438, Sense("B2", PRESENT)),
        HandStep(slide + 0.531, Sense("B2", None)),
        HandStep(slide + 0.684, Sense("B1", PRESENT)),
        HandStep(slide + 0.712, PutStone("B1", ROBOT, ROBOT)),
        HandStep(slide + 0.712, Sense("B1", None)),
    ]
    notices = sim.run(steps) + sim.settle() + sim.advance(4.0) + sim.settle()
    assert not of(PromptOpened, notices), notices
    assert sim.controller.record().moves[-1] == "R:B4-C5-C4-C3-C2-D1-C1-B1"
