"""A round exported into a directory and read back by independent readers: cshogi reads
each shogi table's KIF and CSA with the players' names from the pairings, the moves and
the result; the other games are written in their own record; the crosstable CSV is read
by Python's csv reader and adds up every round exported there."""

from __future__ import annotations

import csv
import io
import time
import zipfile
from pathlib import Path
from typing import Any

import cshogi
import cshogi.CSA
import cshogi.KIF

from engine.outcome import Outcome, Termination
from engine.registry import find_game
from firmware_host.cli.main import main
from firmware_host.club.export import export_round, round_archive
from firmware_host.club.export_room import gathered_round
from firmware_host.club.live import Ending, LiveGame, Table
from firmware_host.club.pairings import parse_pairings
from firmware_host.remote.loopback import LoopbackBroker
from firmware_host.remote.messages import BoardState
from firmware_host.session.actions import Resign
from firmware_host.session.consent import Word, WordKind
from firmware_host.store.records import move_times
from tests.firmware_host.club.hallkit import HallBoard, LoopHall, run
from tests.firmware_host.club.livekit import OPENING, fed
from tests.firmware_host.remote.loopkit import ADDRESS

SHOGI = find_game("shogi")
MOVES = ("7g7f", "3c3d", "2g2f", "8c8d")

ROOM_ROUND = parse_pairings("3,Sato,Suzuki,shogi\n4,Jan Novák,Marie,shogi\n", "r1.csv", 1)
PAIRINGS = """table,black,white,game
3,佐藤,鈴木,shogi
4,Jan Novák,Marie Dupont,shogi
5,Hana,Luc,abalone
"""


def resigned(plies: int) -> LiveGame:
    """Gote resigns on its turn (CSA's %TORYO is the side to move's: an odd ply)."""
    record = fed(plies)
    state = BoardState("g1", (1,), 0, OPENING[:plies], Word(WordKind.RESIGN, 1))
    record.feed("join", 99, state, 2000.0)
    view = record.view()
    assert view is not None
    return view


def abalone() -> LiveGame:
    won = Outcome.win(Termination.RESIGNATION, 0)
    return LiveGame(Table(5), "abalone", (), "", None, (), Ending(won, 1.0), 0.0, 1.0)


def test_cshogi_reads_every_shogi_table_with_names_moves_and_result(tmp_path: Path) -> None:
    round = parse_pairings(PAIRINGS, "r1.csv", 1)
    export_round(tmp_path, round, {3: resigned(15), 4: resigned(9), 5: abalone()}, "Club cup")
    folder = tmp_path / "round-1"
    kif = cshogi.KIF.Parser.parse_file(str(folder / "table-3.kif"))  # Shift_JIS holds the names
    csa = cshogi.CSA.Parser.parse_file(str(folder / "table-3.csa"))[0]
    assert kif.names == csa.names == ["佐藤", "鈴木"]
    assert [cshogi.move_to_usi(m) for m in kif.moves] == list(OPENING[:15])
    assert [cshogi.move_to_usi(m) for m in csa.moves] == list(OPENING[:15])
    assert kif.win == csa.win == cshogi.BLACK_WIN  # gote resigned
    assert csa.endgame == "%TORYO"
    assert csa.times[:2] == [5, 5]
    # a name Shift_JIS cannot hold: the KIF is written in UTF-8, as a .kifu
    kifu = cshogi.KIF.Parser.parse_str((folder / "table-4.kifu").read_text(encoding="utf-8"))
    assert kifu.names == ["Jan Novák", "Marie Dupont"] and len(kifu.moves) == 9
    assert not (folder / "table-4.kif").exists()
    assert "Hana" in (folder / "table-5.txt").read_text(encoding="utf-8")


def test_the_crosstable_adds_the_rounds_exported(tmp_path: Path) -> None:
    one = parse_pairings(PAIRINGS, "r1.csv", 1)
    export_round(tmp_path, one, {3: resigned(15), 5: abalone()})
    two = parse_pairings("3,鈴木,Hana,shogi\n", "r2.csv", 2)
    export_round(tmp_path, two, {3: resigned(3)})
    with (tmp_path / "crosstable.csv").open(encoding="utf-8", newline="") as file:
        rows = list(csv.DictReader(file))
    by_player = {row["player"]: row for row in rows}
    assert by_player["佐藤"]["score"] == "1" and by_player["佐藤"]["round 2"] == ""
    assert by_player["鈴木"]["score"] == "1"
    assert by_player["鈴木"]["round 1"] == "佐藤 (gote) 0"
    assert by_player["鈴木"]["round 2"] == "Hana (sente) 1"
    assert by_player["Jan Novák"]["round 1"] == "Marie Dupont (sente) *"
    with (tmp_path / "round-2" / "table.csv").open(encoding="utf-8", newline="") as file:
        table = list(csv.DictReader(file))
    assert [(r["player"], r["result"], r["score"]) for r in table] == [
        ("鈴木", "1-0", "1"),
        ("Hana", "1-0", "0"),
    ]


def test_a_round_played_on_boards_is_gathered_from_the_room_alone_and_exported(
    tmp_path: Path,
) -> None:
    """Issue 79: the export needed a ``--watch TABLE=CODE`` per table (codes shown
    nowhere), wrote ``*`` for finished games without them, the export's time as
    開始日時, only the times of the moves seen in its last 3 s, and 0 as time used.
    Gathered from the room's state alone now, long after the moves: every move has the
    time its board gave it, the game its board's start, the round table its result."""
    broker = LoopbackBroker()
    clock = [1_000_000.0]
    hall = LoopHall(broker, ROOM_ROUND, clock)
    boards = [HallBoard(broker, hall.organiser.room, "shogi", tmp_path / f"b{n}") for n in (1, 2)]
    run(hall, boards, 0.3, clock)
    for board, table in zip(boards, (3, 4), strict=True):
        hall.send(*hall.organiser.bind(board.board, table))
        run(hall, boards, 0.5, clock)
        sim = board.sim
        sim.world.arrange(sim.physical(sim.controller.position.layout()))
    run(hall, boards, 1.0, clock)
    for ply, move in enumerate(MOVES):
        for board in boards:
            board.sim.perform(move)
        run(hall, boards, 4.0 + ply, clock)  # unclocked: 4 s, 5 s, 6 s, 7 s a move
    boards[0].sim.send(Resign())  # sente resigns on its turn
    run(hall, boards, 1.0, clock)
    room = hall.organiser.room
    heard = gathered_round(ADDRESS, room, 5.0, link_factory=broker.link_factory)
    gathered, games = heard.round, heard.games
    assert gathered == ROOM_ROUND
    export_round(tmp_path / "out", gathered, games, "Club cup")
    folder = tmp_path / "out" / "round-1"
    csa = cshogi.CSA.Parser.parse_file(str(folder / "table-3.csa"))[0]
    assert [cshogi.move_to_usi(m) for m in csa.moves] == list(MOVES)
    assert csa.names == ["Sato", "Suzuki"]
    assert csa.win == cshogi.WHITE_WIN and csa.endgame == "%TORYO"
    kif = cshogi.KIF.Parser.parse_file(str(folder / "table-3.kif"))
    assert kif.times[:4] == list(csa.times[:4])
    view = games[3]
    assert view is not None
    stored = boards[0].sim.journal.store.load(boards[0].sim.controller.game_id)
    spent = [m.spent for m in view.moves]
    assert spent == [round(t, 3) for t in move_times(stored) if t is not None]  # the board's
    assert [round_off(t) for t in spent[1:]] == [5, 6, 7]  # the wait, then the hands' second
    kif_text = (folder / "table-3.kif").read_text(encoding="cp932")
    started = time.strftime("%Y/%m/%d", time.localtime(view.started))
    assert f"開始日時：{started}" in kif_text
    assert stored.created_wall is not None and abs(view.started - stored.created_wall) < 1e-3
    with (folder / "table.csv").open(encoding="utf-8", newline="") as file:
        rows = {(r["table"], r["seat"]): r for r in csv.DictReader(file)}
    assert rows[("3", "sente")]["result"] == "0-1"
    assert int(rows[("3", "gote")]["time used (s)"]) >= 10
    assert rows[("4", "sente")]["result"] == "*"


def round_off(seconds: float | None) -> int:
    assert seconds is not None
    return round(seconds)


def test_kiban_room_export_needs_the_room_said_on_the_broker(tmp_path: Path, capsys: Any) -> None:
    out = tmp_path / "out"
    argv = ["room", "export", "--broker", "127.0.0.1:1", "--state-dir", str(tmp_path / "state")]
    assert main([*argv, "--to", str(out), "--wait", "0"]) == 2
    assert "said nothing on mqtt://127.0.0.1:1" in capsys.readouterr().err
    assert not out.exists()


def test_the_rounds_archive_holds_its_files_and_the_crosstable() -> None:
    round = parse_pairings(PAIRINGS, "r1.csv", 1)
    body = round_archive(round, {3: resigned(15), 5: abalone()}, "Club cup")
    with zipfile.ZipFile(io.BytesIO(body)) as archive:
        names = set(archive.namelist())
        assert {"round-1/table-3.kif", "round-1/table-3.csa", "round-1/table-5.txt"} <= names
        assert {"round-1/table.csv", "round-1/results.json", "crosstable.csv"} <= names
        kif = cshogi.KIF.Parser.parse_str(archive.read("round-1/table-3.kif").decode("cp932"))
    assert kif.names == ["佐藤", "鈴木"]
