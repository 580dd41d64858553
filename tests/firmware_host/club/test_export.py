"""A round exported into a directory and read back by independent readers: cshogi reads
each shogi table's KIF and CSA with the players' names from the pairings, the moves and
the result; the other games are written in their own record; the crosstable CSV is read
by Python's csv reader and adds up every round exported there."""

from __future__ import annotations

import csv
from pathlib import Path
from typing import Any

import cshogi
import cshogi.CSA
import cshogi.KIF

from engine.outcome import Outcome, Termination
from engine.registry import find_game
from firmware_host.cli.main import main
from firmware_host.club.export import export_round
from firmware_host.club.export_watch import watched_round
from firmware_host.club.live import Ending, LiveGame, Table
from firmware_host.club.pairings import parse_pairings
from firmware_host.remote.loopback import LoopbackBroker
from firmware_host.remote.messages import BoardState
from firmware_host.session.consent import Word, WordKind
from firmware_host.store.storage import GameStore
from tests.firmware_host.club.livekit import OPENING, fed
from tests.firmware_host.remote.loopkit import ADDRESS, board, remote_of, run_all

SHOGI = find_game("shogi")
MOVES = ("7g7f", "3c3d", "2g2f", "8c8d")

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


def test_a_round_played_on_boards_is_gathered_by_watch_code_and_exported(tmp_path: Path) -> None:
    """Two simulated boards play through a loopback broker; the export follows the table
    by its watch code, as a spectator does, and cshogi reads the moves and the names."""
    broker = LoopbackBroker()
    host = board(SHOGI, broker, GameStore(tmp_path / "host.sqlite3"), host=True)
    joiner = board(
        SHOGI,
        broker,
        GameStore(tmp_path / "join.sqlite3"),
        host=False,
        code=remote_of(host).code,
        others=[host],
    )
    boards = [host, joiner]
    run_all(boards)
    for ply, move in enumerate(MOVES):
        mover, other = (host, joiner) if ply % 2 == 0 else (joiner, host)
        mover.perform(move)
        run_all(boards)
        other.perform(move)
        run_all(boards)
    round = parse_pairings("1,Sato,Suzuki,shogi\n", "r1.csv", 1)
    codes = {1: remote_of(host).watch_code}
    games = watched_round(round, codes, ADDRESS, 0.0, link_factory=broker.link_factory)
    export_round(tmp_path / "out", round, games)
    csa = cshogi.CSA.Parser.parse_file(str(tmp_path / "out" / "round-1" / "table-1.csa"))[0]
    assert [cshogi.move_to_usi(m) for m in csa.moves] == list(MOVES)
    assert csa.names == ["Sato", "Suzuki"]


def test_kiban_room_export_writes_the_round_and_says_so(tmp_path: Path, capsys: Any) -> None:
    pairings = tmp_path / "round1.csv"
    pairings.write_text(PAIRINGS, encoding="utf-8")
    out = tmp_path / "out"
    argv = ["room", "export", "--broker", "localhost", "--pairings", str(pairings)]
    assert main([*argv, "--to", str(out), "--wait", "0"]) == 0
    assert "round 1 exported to" in capsys.readouterr().out
    assert (out / "crosstable.csv").exists() and (out / "round-1" / "table.csv").exists()
    assert main([*argv, "--to", str(out), "--watch", "9=K7QM2-XRDP9"]) == 2  # no table 9
