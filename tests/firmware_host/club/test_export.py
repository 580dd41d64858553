"""A round exported into a directory and read back by independent readers: cshogi reads
each shogi table's KIF and CSA with the players' names from the pairings, the moves and
the result; the other games are written in their own record; the crosstable CSV is read
by Python's csv reader and adds up every round exported there."""

from __future__ import annotations

import csv
from pathlib import Path

import cshogi
import cshogi.CSA
import cshogi.KIF

from engine.outcome import Outcome, Termination
from firmware_host.club.export import export_round
from firmware_host.club.live import Ending, LiveGame, Table
from firmware_host.club.pairings import parse_pairings
from firmware_host.remote.messages import BoardState
from firmware_host.session.consent import Word, WordKind
from tests.firmware_host.club.livekit import OPENING, fed

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
