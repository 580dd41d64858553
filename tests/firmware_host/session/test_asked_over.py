"""A question about an earlier ply takes the record back to it (issue 78: a committed move
is replaced only through a prompt that offers it): answered with the record's own move,
the moves committed after it stand again, as they were, not read again from the board."""

from __future__ import annotations

from firmware_host.loops.simulator import Simulation
from firmware_host.notices.declared import MoveCommitted, PromptOpened
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


def _asked_with_the_lion_moved_on() -> Simulation:
    """2c2b, 1a2a, 2b1b played and committed, then asked about at ply 1 (the record's
    moves taken back to be asked over), the lion meanwhile taken up from 1b and set down
    on 3b, where it could have gone from 2b."""
    sim = make_sim("sim", position="2l/3/1L1/3 b - 1", noise=Noise.none())
    controller = sim.controller
    start = controller.position.copy()
    for text in ("2c2b", "1a2a", "2b1b"):
        start.push(start.parse_move(text))
        sim.world.arrange(sim.physical(start.layout()))
        sim.settle()
    assert list(controller.record().moves) == ["2c2b", "1a2a", "2b1b"]
    first = controller.position.copy()
    for _ in range(3):
        first.pop()
    other, recorded = first.parse_move("2c1b"), first.parse_move("2c2b")
    controller._apply(PlayAgain(3, (), Ask((other, recorded))), sim.now)
    moved = first.copy()
    for text in ("2c2b", "1a2a", "2b3b"):
        moved.push(moved.parse_move(text))
    sim.world.arrange(sim.physical(moved.layout()))
    sim.advance(0.2)
    return sim


def test_a_move_after_it_whose_piece_the_board_shows_elsewhere_is_asked() -> None:
    """Independent hands, Robot Duel seed 950030: a drop laid on a wrong cell longer than
    the settle time was committed, then carried to its cell as a question about the ply
    before it opened; answered with the record's move, the drop stood again as it was, on
    the cell the board no longer showed it on. A move after the answer whose landing the
    board shows empty, its piece where it could have gone instead, is asked about, the
    committed move among the choices (never replaced unasked, never played against the
    board)."""
    sim = _asked_with_the_lion_moved_on()
    controller = sim.controller
    notices = sim.send(Select("2c2b"))
    assert [n.move for n in of(MoveCommitted, notices)] == ["2c2b", "1a2a"]
    assert [sorted(n.choices) for n in of(PromptOpened, notices)] == [["2b1b", "2b3b"]]
    assert list(controller.record().moves) == ["2c2b", "1a2a"]
    # the record's move chosen: it stands again, as the players say
    notices = sim.send(Select("2b1b"))
    assert [n.move for n in of(MoveCommitted, notices)] == ["2b1b"]
    assert list(controller.record().moves) == ["2c2b", "1a2a", "2b1b"]


def test_the_move_the_board_shows_instead_is_played_when_chosen() -> None:
    sim = _asked_with_the_lion_moved_on()
    controller = sim.controller
    sim.send(Select("2c2b"))
    notices = sim.send(Select("2b3b"))
    assert [n.move for n in of(MoveCommitted, notices)] == ["2b3b"]
    assert list(controller.record().moves) == ["2c2b", "1a2a", "2b3b"]
