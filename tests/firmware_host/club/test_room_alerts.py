"""What needs the organiser beyond a board's own health (issue 79): a table with no move
for its game's stated time, a board bound to a table of another game, a board playing
another table's game, and a game under way whose pieces are not set as it has them."""

from __future__ import annotations

from pathlib import Path

from firmware_host.cli.room_parser import stall_text
from firmware_host.club.board import ClubBoard
from firmware_host.club.board_side import SETUP_SECONDS
from firmware_host.club.live_tables import StallTimes
from firmware_host.club.messages import Birth
from firmware_host.club.organiser import Organiser
from firmware_host.club.pairings import Pairing, Round
from firmware_host.club.roster import AlertKind
from firmware_host.club.words import alert_said
from firmware_host.remote.identity import BoardKey
from firmware_host.remote.loopback import LoopbackBroker
from firmware_host.session.state import Phase
from firmware_host.telling.language import Language
from firmware_host.telling.rendering import told
from tests.firmware_host.club.hallkit import HallBoard, LoopHall, run

ROUND = Round(1, (Pairing(1, ("Aiko", "Jan"), "dobutsu"), Pairing(2, ("Ann", "Bo"), "shogi")))


def test_a_table_with_no_move_for_its_games_time_is_told_and_cleared_by_a_move(
    tmp_path: Path,
) -> None:
    """Issue 79: a Robotory table waited at a refill for over 10 minutes ("nothing needs
    you")."""
    broker = LoopbackBroker()
    clock = [1_000_000.0]
    stall = StallTimes.given(parse_stall(["20", "robot-duel=5"]))  # as --stall says it
    hall = LoopHall(broker, ROUND, clock, stall)
    board = HallBoard(broker, hall.organiser.room, "dobutsu", tmp_path / "b")
    run(hall, [board], 0.3, clock)
    hall.send(*hall.organiser.bind(board.board, 1))
    run(hall, [board], 1.0, clock)
    assert hall.live.alerts() == ()  # no move yet: the round may not have begun
    board.sim.perform("2c2b")
    run(hall, [board], 1.0, clock)
    assert (stall.minutes("dobutsu"), stall.minutes("shogi")) == (5.0, 20.0)
    clock[0] += 5 * 60 - 5
    assert hall.live.alerts() == ()
    clock[0] += 10
    (alert,) = hall.live.alerts()
    assert (alert.kind, alert.table, alert.board) == (AlertKind.STALLED, 1, board.board)
    assert told(alert_said(alert), Language.ENGLISH) == "table 1: no move for 5 minutes"
    board.sim.perform("2a2b")
    run(hall, [board], 1.0, clock)
    assert hall.live.alerts() == ()


def parse_stall(given: list[str]) -> list[tuple[str | None, float]]:
    return [stall_text(text) for text in given]


def test_a_board_bound_to_a_table_of_another_game_is_told() -> None:
    organiser = Organiser(BoardKey.new(), ROUND)
    board = ClubBoard(organiser.room, "b1", BoardKey.new())
    organiser.receive(*board.birth(Birth("dobutsu", None, None)))
    topic, payload, _ = organiser.bind("b1", 1)[0]
    organiser.receive(topic, payload)
    assert organiser.roster.alerts() == ()
    organiser.receive(*board.birth(Birth("shogi", 1, None)))  # started again as shogi
    assert [a.kind for a in organiser.roster.alerts()] == [AlertKind.WRONG_GAME]
    other = f"{organiser.room}:1:2:1"
    organiser.receive(*board.birth(Birth("dobutsu", 1, None, playing=other)))
    assert [a.kind for a in organiser.roster.alerts()] == [AlertKind.OTHER_TABLE]
    organiser.receive(*board.birth(Birth("dobutsu", 1, None, playing=organiser.game_key(1))))
    assert organiser.roster.alerts() == ()


def test_a_game_taken_up_whose_pieces_stay_wrong_is_told(tmp_path: Path) -> None:
    broker = LoopbackBroker()
    clock = [1_000_000.0]
    hall = LoopHall(broker, ROUND, clock)
    board = HallBoard(broker, hall.organiser.room, "dobutsu", tmp_path / "b")
    run(hall, [board], 0.3, clock)
    hall.send(*hall.organiser.bind(board.board, 1))
    run(hall, [board], 1.0, clock)
    for move in ("2c2b", "2a2b", "2d2c"):
        board.sim.perform(move)
        run(hall, [board], 1.0, clock)
    board.power_cut()
    board.restart(store_lost=True)  # the game taken up from the room's record
    run(hall, [board], 2.0, clock)
    controller = board.sim.controller
    assert phase_of(board) is Phase.SETUP  # the pieces stand as a new game's
    run(hall, [board], SETUP_SECONDS - 5, clock)
    assert AlertKind.SETUP_WRONG not in {a.kind for a in hall.organiser.roster.alerts()}
    run(hall, [board], 6.0, clock)
    assert AlertKind.SETUP_WRONG in {a.kind for a in hall.organiser.roster.alerts()}
    board.sim.world.arrange(board.sim.physical(controller.position.layout()))
    run(hall, [board], 1.0, clock)
    assert phase_of(board) is Phase.PLAY
    assert AlertKind.SETUP_WRONG not in {a.kind for a in hall.organiser.roster.alerts()}


def phase_of(board: HallBoard) -> Phase:
    return board.sim.controller.phase
