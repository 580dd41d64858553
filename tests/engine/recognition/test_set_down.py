"""A capture's victim laid a while where its capturer came from, on a board that does
not sense the hands' stands: it reads as the next player's drop there. Found by the
drawn soak (seed 5, move 465): the board recorded the drop, a move nobody played. It
now asks (the drop, or only set down), and the question closes when the piece is taken
up; the players may also answer it. Laid there before the capturer landed and taken
off after, it reads as the capturer still in the air: the board asks that too (the
capture, or still in the hand)."""

from __future__ import annotations

from drivers.buttons import ButtonRole
from engine.physical import Stone
from firmware_host.notices.declared import MoveCommitted, PromptOpened
from firmware_host.session.actions import Select
from firmware_host.session.state import HeldChoice, Phase, SetDownChoice
from hardware.mock.hands import HandStep, LiftStone, PutStone
from tests.engine.recognition.test_held_in_the_air import dobutsu, record
from tests.firmware_host.simkit import commits, drop_by_hand, of, prompts

# gote's lion on 2a may take sente's chick on 2b; sente holds a chick in hand
BEFORE = "1le/gC1/2G/EL1 w C 4"
GOTE_LION, SENTE_CHICK = Stone("L", 1), Stone("C", 0)


def lion_takes_and_parks(sim_at: float) -> list[HandStep]:
    """The soak's hands: the lion and the victim taken up, the lion set on 2b and the
    victim laid on 2a a moment later (next to the lion: as a piece nudged there may
    read, so the board rests the longer time before it asks)."""
    t = sim_at + 0.1
    return [
        HandStep(t, LiftStone("2a")),
        HandStep(t + 0.15, LiftStone("2b")),
        HandStep(t + 0.45, PutStone("2b", GOTE_LION, GOTE_LION)),
        HandStep(t + 0.50, PutStone("2a", SENTE_CHICK, SENTE_CHICK)),
    ]


def test_a_victim_laid_where_its_capturer_came_from_is_asked_about_not_dropped() -> None:
    sim = dobutsu(BEFORE)
    notices = sim.run(lion_takes_and_parks(sim.now)) + sim.advance(3.0)
    assert commits(notices) == ["2a2b"]
    assert prompts(notices) == [("C*2a", SetDownChoice.NAME)]
    assert sim.controller.phase is Phase.PROMPT
    # the piece goes on to gote's stand: the question closes, nothing more was played
    notices = sim.run([HandStep(sim.now + 0.4, LiftStone("2a"))]) + sim.advance(2.0)
    assert commits(notices) == [] and record(sim) == ["2a2b"]
    phase: Phase = sim.controller.phase  # read afresh after the action
    assert phase is Phase.PLAY


def test_only_set_down_keeps_the_record_until_the_piece_is_taken_up() -> None:
    sim = dobutsu(BEFORE)
    sim.run(lion_takes_and_parks(sim.now))
    sim.advance(3.0)
    notices = sim.send(Select(SetDownChoice.NAME)) + sim.advance(5.0)
    assert commits(notices) == [] and not prompts(notices)
    assert sim.controller.phase is Phase.PLAY  # the piece lies there: no correction
    notices = sim.run([HandStep(sim.now + 0.2, LiftStone("2a"))]) + sim.advance(1.0)
    assert commits(notices) == [] and record(sim) == ["2a2b"]
    # then sente plays on as usual, on the cell the piece lay on too
    notices = drop_by_hand(sim, "C", "2a")
    assert commits(notices) == ["C*2a"] and record(sim) == ["2a2b", "C*2a"]


def test_the_drop_when_chosen_is_played() -> None:
    sim = dobutsu(BEFORE)
    sim.run(lion_takes_and_parks(sim.now))
    sim.advance(3.0)
    notices = sim.send(Select("C*2a"))
    assert commits(notices) == ["C*2a"] and record(sim) == ["2a2b", "C*2a"]


def _lion_takes(sim_at: float) -> list[HandStep]:
    t = sim_at + 0.1
    return [
        HandStep(t, LiftStone("2a")),
        HandStep(t + 0.15, LiftStone("2b")),
        HandStep(t + 0.45, PutStone("2b", GOTE_LION, GOTE_LION)),
    ]


def test_a_drop_there_after_the_capture_rested_is_asked_about_too() -> None:
    """The soak's hands lay the victim after a hesitation of seconds (seed 3, move 2125:
    the capture rested 0.75 s, the victim lay 2.3 s and the board recorded a drop nobody
    played): no pause tells the hand that took it from the next player's."""
    sim = dobutsu(BEFORE)
    notices = sim.run(_lion_takes(sim.now)) + sim.advance(0.5)
    assert commits(notices) == ["2a2b"]
    # laid 0.85 s after the capture landed: past a hand's pause (0.8 s), so no nudge
    notices = sim.run([HandStep(sim.now + 0.35, PutStone("2a", SENTE_CHICK, SENTE_CHICK))])
    notices += sim.advance(1.5)
    assert commits(notices) == [] and prompts(notices) == [("C*2a", SetDownChoice.NAME)]
    notices = sim.send(Select("C*2a"))
    assert commits(notices) == ["C*2a"] and record(sim) == ["2a2b", "C*2a"]


def test_a_drop_there_longer_after_than_a_piece_is_held_is_the_next_players() -> None:
    sim = dobutsu(BEFORE)
    notices = sim.run(_lion_takes(sim.now)) + sim.advance(0.5)
    assert commits(notices) == ["2a2b"]
    sim.advance(sim.controller.timing.held)
    notices = drop_by_hand(sim, "C", "2a")
    assert commits(notices) == ["C*2a"] and not prompts(notices)
    assert [n.move for n in of(MoveCommitted, notices)] == ["C*2a"]
    assert not of(PromptOpened, notices)


def test_still_in_the_hand_is_not_asked_again_until_the_board_changes() -> None:
    sim = dobutsu("gle/1c1/1C1/ELG b - 1")  # sente's chick on 2c may take gote's on 2b
    t = sim.now
    steps = [
        HandStep(t + 0.10, LiftStone("2b")),
        HandStep(t + 0.20, LiftStone("2c")),
        HandStep(t + 0.30, PutStone("2c", Stone("C", 1), Stone("C", 1))),
        HandStep(t + 0.35, PutStone("2b", SENTE_CHICK, SENTE_CHICK)),
        HandStep(t + 2.30, LiftStone("2c")),
    ]
    notices = sim.run(steps) + sim.advance(3.0)
    assert prompts(notices) == [("2c2b", HeldChoice.NAME)]
    notices = sim.send(Select(HeldChoice.NAME)) + sim.advance(5.0)
    assert commits(notices) == [] and not prompts(notices)
    assert sim.controller.phase is Phase.PLAY
    notices = sim.press(ButtonRole.OK) + sim.settle()  # the player says it is done
    assert commits(notices) == ["2c2b"]
