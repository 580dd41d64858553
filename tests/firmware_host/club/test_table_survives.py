"""A table's game survives its board (issue 79): a board restarted mid-round (a power
cut, ``quit``) takes its game up again and the room loses none of it; a board whose
store is gone, or a spare board, takes it up from the room's record; every ending
reaches the room; and no bind ever puts one table's game under another table's names.

Each test runs the room's loop (the organiser and its live tables) and simulated club
boards on the loopback broker, turn by turn."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.outcome import Termination
from firmware_host.club.export import export_round
from firmware_host.club.export_room import gathered_round
from firmware_host.club.pairings import Pairing, Round
from firmware_host.club.roster import AlertKind
from firmware_host.club.words import Look, changes
from firmware_host.notices.declared import RoomTold
from firmware_host.remote.loopback import LoopbackBroker
from firmware_host.session.actions import AgreeDraw, Resign
from firmware_host.session.state import Phase
from firmware_host.store.records import move_times
from firmware_host.store.store_file import GameStatus
from firmware_host.telling.language import Language
from firmware_host.telling.rendering import told
from tests.firmware_host.club.hallkit import HallBoard, LoopHall, run
from tests.firmware_host.remote.loopkit import ADDRESS

ROUND = Round(
    1,
    (
        Pairing(1, ("Aiko", "Jan"), "shogi"),
        Pairing(2, ("Marie", "Kenji"), "shogi", (("handicap", "bishop"),)),
        Pairing(3, ("Hana", "Luc"), "shogi"),
    ),
)
EVEN = ("7g7f", "3c3d", "2g2f", "8c8d", "2f2e", "8d8e")
BISHOP = ("3c3d", "7g7f", "8c8d", "2g2f")  # a bishop handicap: white (the giver) first


def hall_of(tmp_path: Path, *games: str) -> tuple[LoopHall, list[HallBoard], list[float]]:
    broker = LoopbackBroker()
    clock = [1_000_000.0]
    hall = LoopHall(broker, ROUND, clock)
    boards = [
        HallBoard(broker, hall.organiser.room, game, tmp_path / f"board-{n}")
        for n, game in enumerate(games, start=1)
    ]
    run(hall, boards, 0.3, clock)
    return hall, boards, clock


def bound_and_playing(hall: LoopHall, board: HallBoard, table: int, clock: list[float]) -> None:
    hall.send(*hall.organiser.bind(board.board, table))
    run(hall, [board], 0.5, clock)
    controller = board.sim.controller
    if controller.phase is Phase.SETUP:  # the players set the pairing's game up
        board.sim.world.arrange(board.sim.physical(controller.position.layout()))
        run(hall, [board], 1.0, clock)
    assert controller.phase is Phase.PLAY


def play(hall: LoopHall, board: HallBoard, moves: tuple[str, ...], clock: list[float]) -> None:
    for move in moves:
        board.sim.perform(move)
        run(hall, [board], 3.0, clock)  # each move thought over for three seconds


@pytest.mark.parametrize("how", ["power cut", "quit"])
def test_a_board_restarted_mid_round_takes_its_game_up_and_the_room_loses_nothing(
    tmp_path: Path, how: str
) -> None:
    """Issue 79: the restarted board said "resumed game 2", then started a new game
    for its pairing and marked the old one abandoned; the live files, the round's table
    and the export dropped to 0 moves."""
    hall, (board,), clock = hall_of(tmp_path, "shogi")
    bound_and_playing(hall, board, 1, clock)
    play(hall, board, EVEN[:4], clock)
    assert hall.moves(1) == list(EVEN[:4])
    game_id = board.sim.controller.game_id
    before = hall.view(1)
    assert before is not None
    if how == "power cut":
        board.power_cut()
    else:
        board.quit()
    run(hall, [], 1.0, clock)
    board.restart()
    run(hall, [board], 1.0, clock)
    assert board.sim.controller.game_id == game_id  # its own game, not a new one
    assert board.sim.controller.position.move_stack  # its moves
    assert hall.moves(1) == list(EVEN[:4])  # nothing dropped from the room's record
    stored = {g.id: g.status for g in board.sim.journal.store.list_games()}
    assert stored[game_id] is GameStatus.PLAYING and max(stored) == game_id  # none after
    told_room = [
        told(n.what, Language.ENGLISH) for n in board.sim.notices if isinstance(n, RoomTold)
    ]
    assert told_room == [
        "table 1's game is taken up again at move 5: the pieces stand as it has them before"
        " play goes on"
    ]
    lines = [told(line, Language.ENGLISH) for line in changes(Look(), hall.organiser.look())]
    assert any("its game resumed at move 5" in line for line in lines), lines
    play(hall, board, EVEN[4:], clock)
    after = hall.view(1)
    assert after is not None
    assert [m.text for m in after.moves] == list(EVEN)
    assert [m.spent for m in after.moves[:4]] == [m.spent for m in before.moves]
    assert all(m.spent is not None for m in after.moves)
    # the round gathered from the room alone, after the restart: every move's time as the
    # board's store has it (the restarted host names its moves before its state's times)
    room = hall.organiser.room
    games = gathered_round(ADDRESS, room, 5.0, link_factory=hall.broker.link_factory).games
    gathered = games[1]
    assert gathered is not None
    kept = board.sim.journal.store.load(game_id)
    assert [m.spent for m in gathered.moves] == [
        None if t is None else round(t, 3) for t in move_times(kept)
    ]
    assert all(m.spent is not None for m in gathered.moves)


def test_a_board_whose_store_is_gone_takes_the_game_up_from_the_rooms_record(
    tmp_path: Path,
) -> None:
    hall, (board,), clock = hall_of(tmp_path, "shogi")
    bound_and_playing(hall, board, 1, clock)
    play(hall, board, EVEN[:4], clock)
    before = hall.view(1)
    assert before is not None
    board.power_cut()
    board.restart(store_lost=True)
    run(hall, [board], 2.0, clock)
    controller = board.sim.controller
    assert controller.settings.club == hall.organiser.game_key(1)
    # the new game here begins where the recorded one stood; the board holds it until
    # the pieces stand so (they do: the world is as the game was left)
    assert controller.position.played().start == controller.position.text()
    told_room = [
        told(n.what, Language.ENGLISH) for n in board.sim.notices if isinstance(n, RoomTold)
    ]
    assert told_room == [
        "table 1's game is under way: this board takes it up as the room recorded it"
    ]
    board.sim.world.arrange(board.sim.physical(controller.position.layout()))
    run(hall, [board], 1.0, clock)
    assert controller.phase is Phase.PLAY
    play(hall, board, EVEN[4:], clock)
    after = hall.view(1)
    assert after is not None
    assert [m.text for m in after.moves] == list(EVEN)  # one game: recorded, then here
    assert [m.spent for m in after.moves[:4]] == [m.spent for m in before.moves]
    assert len(hall.organiser.state().table(1).records) == 2


def test_a_spare_board_bound_anyway_takes_the_game_up_and_the_old_board_is_not_recorded(
    tmp_path: Path,
) -> None:
    hall, (first, spare), clock = hall_of(tmp_path, "shogi", "shogi")
    bound_and_playing(hall, first, 1, clock)
    play(hall, first, EVEN[:2], clock)
    hall.send(*hall.organiser.bind(spare.board, 1, anyway=True))
    run(hall, [first, spare], 2.0, clock)
    controller = spare.sim.controller
    spare.sim.world.arrange(spare.sim.physical(controller.position.layout()))
    run(hall, [first, spare], 1.0, clock)
    first.sim.perform("2g2f")  # the old board, no longer bound: played on nobody's table
    play(hall, spare, ("2g2f", "8c8d"), clock)
    assert hall.moves(1) == list(EVEN[:4])


def test_a_wrong_bind_never_puts_one_tables_game_under_another(tmp_path: Path) -> None:
    """Issue 79: ``bind <table 2's board> 1`` left table 2 with no board, then table
    1's live KIF and export carried table 2's handicap game under table 1's names."""
    hall, (one, two), clock = hall_of(tmp_path, "shogi", "shogi")
    bound_and_playing(hall, one, 1, clock)
    bound_and_playing(hall, two, 2, clock)
    play(hall, one, EVEN[:2], clock)
    play(hall, two, BISHOP[:2], clock)
    hall.send(*hall.organiser.bind(two.board, 1, anyway=True))
    for _ in range(30):
        run(hall, [one, two], 0.1, clock)
        view = hall.view(1)
        assert view is not None
        assert dict(view.options).get("handicap") is None  # never table 2's game
        assert [m.text for m in view.moves] == list(EVEN[:2])
        assert hall.moves(2) == list(BISHOP[:2])  # table 2 keeps what it recorded
    kinds = {a.kind for a in hall.organiser.roster.alerts()}
    assert AlertKind.OTHER_TABLE not in kinds  # the board took table 1's game up


def test_a_board_bound_to_a_table_with_no_game_yet_never_brings_its_own(tmp_path: Path) -> None:
    """The same, at a table that has recorded nothing yet: until the board plays the
    table's own game, nothing of its game (table 2's) is recorded there."""
    hall, (two,), clock = hall_of(tmp_path, "shogi")
    bound_and_playing(hall, two, 2, clock)
    play(hall, two, BISHOP[:2], clock)
    hall.send(*hall.organiser.bind(two.board, 3, anyway=True))
    births = []
    for _ in range(40):  # scan by scan: the room sees each birth the board says
        two.sim.advance(two.sim.period)
        hall.turn()
        births.append(hall.organiser.roster.birth_of(two.board))
        view = hall.view(3)  # table 2's game is never table 3's: its own new game, or none
        assert view is None or (not view.options and not view.moves), view
    # the board said it was at table 3 while its game was still table 2's
    assert any(
        b is not None and b.table == 3 and b.playing != hall.organiser.game_key(3) for b in births
    )
    controller = two.sim.controller
    two.sim.world.arrange(two.sim.physical(controller.position.layout()))
    run(hall, [two], 1.0, clock)
    play(hall, two, EVEN[:1], clock)
    view = hall.view(3)
    assert view is not None and dict(view.options).get("handicap") is None
    assert [m.text for m in view.moves] == list(EVEN[:1])
    assert hall.moves(2) == list(BISHOP[:2])


@pytest.mark.parametrize(
    ("ending", "termination"),
    [("resign", Termination.RESIGNATION), ("draw", Termination.AGREEMENT)],
)
def test_every_ending_reaches_the_room_without_confirm(
    tmp_path: Path, ending: str, termination: Termination
) -> None:
    """Issue 79: a resignation never reached the room unless the board ran
    ``--setting confirm=on``: the board said game over, the room showed the player "to
    move" and exported ``*``."""
    hall, (board,), clock = hall_of(tmp_path, "shogi")
    bound_and_playing(hall, board, 1, clock)
    play(hall, board, EVEN[:3], clock)
    board.sim.send(Resign() if ending == "resign" else AgreeDraw())
    run(hall, [board], 1.0, clock)
    assert board.sim.controller.phase is Phase.GAME_OVER
    view = hall.view(1)
    assert view is not None and view.ending is not None
    assert view.ending.outcome.termination is termination
    if ending == "resign":
        assert view.ending.outcome.winners == frozenset({0})  # gote resigned on its turn


def test_a_fallen_flag_reaches_the_room(tmp_path: Path) -> None:
    broker_hall, _, clock = hall_of(tmp_path)
    board = HallBoard(
        broker_hall.broker,
        broker_hall.organiser.room,
        "shogi",
        tmp_path / "clocked",
        settings={"clock": "20s"},
    )
    run(broker_hall, [board], 0.3, clock)
    bound_and_playing(broker_hall, board, 1, clock)
    play(broker_hall, board, EVEN[:1], clock)
    run(broker_hall, [board], 25.0, clock)
    view = broker_hall.view(1)
    assert view is not None and view.ending is not None
    assert view.ending.outcome.termination is Termination.TIME_FORFEIT


def test_a_new_game_at_a_table_keeps_the_game_before_in_the_export(tmp_path: Path) -> None:
    """The organiser's ``new`` starts the table's game again; the game before is not
    dropped: it stays in the room's state and the export (abandoned), beside the new."""
    hall, (board,), clock = hall_of(tmp_path, "shogi")
    bound_and_playing(hall, board, 1, clock)
    play(hall, board, EVEN[:2], clock)
    hall.send(hall.organiser.new_game(1))
    run(hall, [board], 1.0, clock)
    controller = board.sim.controller
    board.sim.world.arrange(board.sim.physical(controller.position.layout()))
    run(hall, [board], 1.0, clock)
    assert controller.settings.club.endswith(":1:1:2")  # the table's second game
    play(hall, board, EVEN[:1], clock)
    assert hall.moves(1) == list(EVEN[:1])
    (before,) = hall.live.earlier()[1]
    old = before.view()
    assert old is not None and [m.text for m in old.moves] == list(EVEN[:2]) and old.abandoned
    room = hall.organiser.room
    gathered = gathered_round(ADDRESS, room, 5.0, link_factory=hall.broker.link_factory)
    export_round(tmp_path / "out", gathered.round, gathered.games, earlier=gathered.earlier)
    folder = tmp_path / "out" / "round-1"
    assert (folder / "table-1-earlier-1.csa").exists() and (folder / "table-1.csa").exists()
    csa = (folder / "table-1-earlier-1.csa").read_text()
    assert [line for line in csa.splitlines() if line[:1] in "+-" and len(line) == 7] == [
        "+7776FU",
        "-3334FU",
    ]


def test_a_clocked_game_taken_up_goes_on_with_the_clocks_it_had(tmp_path: Path) -> None:
    broker = LoopbackBroker()
    clock = [1_000_000.0]
    hall = LoopHall(broker, ROUND, clock)
    board = HallBoard(
        broker, hall.organiser.room, "shogi", tmp_path / "b", settings={"clock": "5m"}
    )
    run(hall, [board], 0.3, clock)
    bound_and_playing(hall, board, 1, clock)
    play(hall, board, EVEN[:3], clock)  # three seconds a move, and the hands' second
    recorded = hall.view(1)
    assert recorded is not None and recorded.control is not None
    left = recorded.clocks
    assert all(t < 300.0 for t in left)  # both players have used time
    board.power_cut()
    board.restart(store_lost=True)
    run(hall, [board], 2.0, clock)
    controller = board.sim.controller
    assert controller.settings.club == hall.organiser.game_key(1)
    assert controller.clock is not None
    now = board.sim.now
    assert controller.clock.remaining(now) == pytest.approx(left, abs=0.01)
