"""A question about an earlier ply takes the record back to it (issue 78: a committed move
is replaced only through a prompt that offers it): answered with the record's own move,
the moves committed after it stand again, as they were, not read again from the board."""

from __future__ import annotations

from firmware_host.notices.declared import MoveCommitted
from firmware_host.session.actions import Select
from firmware_host.session.decisions import Ask, PlayAgain
from hardware.mock.hands import Noise
from tests.firmware_host.simkit import make_sim, of


def test_the_record_answered_right_keeps_the_moves_after_it() -> None:
    sim = make_sim("sim", position="2l/3/1L1/3 b - 1", noise=Noise.none())
    controller = sim.controller
    start = controller.position.copy()
    for text in ("2c2b", "1a2a", "2b1b"):  # each played, and the board left to rest
        start.push(start.parse_move(text))
        sim.world.arrange(sim.physical(start.layout()))
        sim.settle()
    assert list(controller.record().moves) == ["2c2b", "1a2a", "2b1b"]
    first = controller.position.copy()
    for _ in range(3):
        first.pop()
    other = first.parse_move("2c1b")
    recorded = first.parse_move("2c2b")
    # the question at ply 1, as a reading again asks it: the record's moves after it go
    controller._apply(PlayAgain(3, (), Ask((other, recorded))), sim.now)
    assert list(controller.record().moves) == []
    notices = sim.send(Select("2c2b"))
    assert [n.move for n in of(MoveCommitted, notices)] == ["2c2b", "1a2a", "2b1b"]
    assert list(controller.record().moves) == ["2c2b", "1a2a", "2b1b"]


def test_another_answer_leaves_the_moves_after_it_to_the_board() -> None:
    sim = make_sim("sim", position="2l/3/1L1/3 b - 1", noise=Noise.none())
    controller = sim.controller
    start = controller.position.copy()
    start.push(start.parse_move("2c2b"))
    sim.world.arrange(sim.physical(start.layout()))
    sim.settle()
    assert list(controller.record().moves) == ["2c2b"]
    before = controller.position.copy()
    before.pop()
    other, recorded = before.parse_move("2c1b"), before.parse_move("2c2b")
    controller._apply(PlayAgain(1, (), Ask((other, recorded))), sim.now)
    notices = sim.send(Select("2c1b"))
    assert [n.move for n in of(MoveCommitted, notices)] == ["2c1b"]
