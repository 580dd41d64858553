"""The time of the final 切れ負け (issue 62, item 6): a game lost on time says how long
its loser thought on the move never made, in KIF on the ending's line (as Kifu for
Windows writes it) and in CSA as a ``T`` line after ``%TIME_UP``; read back by our
readers, and by cshogi's, which still read the moves and the ending."""

from __future__ import annotations

from pathlib import Path

import cshogi
import cshogi.CSA
import cshogi.KIF
import pytest

from engine.outcome import Outcome, Termination
from engine.shogi.csa import write_csa
from engine.shogi.csa_read import read_csa
from engine.shogi.kif import write_kif
from engine.shogi.kif_read import read_kif
from firmware_host.cli import main
from firmware_host.store.storage import GameStore
from tests.engine.shogi.helpers import position
from tests.firmware_host.store.storekit import run_cli

MOVES = ["7g7f", "3c3d", "2g2f"]
LOST_ON_TIME = Outcome.win(Termination.TIME_FORFEIT, 0)  # gote, to move, ran out


def test_kif_writes_the_time_on_the_ending_line() -> None:
    text = write_kif(
        position(), MOVES, outcome=LOST_ON_TIME, times=(3.0, 5.0, 2.0), ending_time=65.0
    )
    assert "   4 切れ負け        ( 1:05/00:01:10)" in text.splitlines()
    back = read_kif(text)
    assert back.ending_time == 65 and back.outcome == LOST_ON_TIME
    assert back.times == (3.0, 5.0, 2.0)
    parsed = cshogi.KIF.Parser.parse_str(text)
    assert [cshogi.move_to_usi(m) for m in parsed.moves] == MOVES
    assert parsed.win == cshogi.BLACK_WIN


def test_csa_writes_the_time_after_time_up() -> None:
    text = write_csa(position(), MOVES, outcome=LOST_ON_TIME, ending_time=65.0)
    assert text.splitlines()[-2:] == ["%TIME_UP", "T65"]
    back = read_csa(text)
    assert back.ending_time == 65 and back.outcome == LOST_ON_TIME
    parsed = cshogi.CSA.Parser.parse_str(text)[0]
    assert [cshogi.move_to_usi(m) for m in parsed.moves] == MOVES
    assert parsed.endgame == "%TIME_UP"


def test_no_time_is_written_where_none_is_known() -> None:
    assert "切れ負け\n" in write_kif(position(), MOVES, outcome=LOST_ON_TIME)
    assert write_csa(position(), MOVES, outcome=LOST_ON_TIME).endswith("%TIME_UP\n")


def export(capsys: pytest.CaptureFixture[str], folder: Path, fmt: str, *args: str) -> str:
    code = main(["export", "1", "--format", fmt, "--state-dir", str(folder), *args])
    out = capsys.readouterr().out
    assert code == 0
    return out


def test_a_game_lost_on_time_on_the_board_exports_its_last_think(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    store = GameStore(tmp_path / "games.sqlite3")
    game_id = store.new_game("shogi", {}, None, 0.0)
    for ply, move in enumerate(MOVES, start=1):
        store.add_move(game_id, ply, move, 10.0 * ply)
    store.finish(game_id, LOST_ON_TIME, 30.0 + 42.0)
    store.close()
    assert read_kif(export(capsys, tmp_path, "kif")).ending_time == 42
    assert read_csa(export(capsys, tmp_path, "csa")).ending_time == 42


def test_a_game_resigned_on_the_board_has_no_ending_time(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    store = GameStore(tmp_path / "games.sqlite3")
    game_id = store.new_game("shogi", {}, None, 0.0)
    store.add_move(game_id, 1, "7g7f", 1.0)
    store.finish(game_id, Outcome.win(Termination.RESIGNATION, 0), 50.0)
    store.close()
    assert read_kif(export(capsys, tmp_path, "kif")).ending_time is None


def test_a_record_read_in_keeps_its_final_time(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    source = tmp_path / "lost.kif"
    source.write_text(
        write_kif(position(), MOVES, outcome=LOST_ON_TIME, ending_time=65.0), encoding="utf-8"
    )
    code, _out, err = run_cli(
        capsys, monkeypatch, "sim", "shogi", "--record", str(source), "--state-dir", str(tmp_path)
    )
    assert code == 0, err
    kif = export(capsys, tmp_path, "kif", "--sim")
    assert read_kif(kif).ending_time == 65 and read_kif(kif).outcome == LOST_ON_TIME
    assert read_csa(export(capsys, tmp_path, "csa", "--sim")).ending_time == 65
