"""``kiban list`` and ``kiban games --stored``: the stored games of a temporary store."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from engine.outcome import Outcome, Termination
from firmware_host.cli import main
from firmware_host.store.storage import GameStore

WALL = 1_700_000_000.0  # a fixed calendar time, shown in local time


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def fill(path: Path) -> tuple[int, int, int]:
    """Three games: a shogi win against the computer, a dobutsu game with a takeback
    still going, an abandoned abalone game."""
    store = GameStore(path)
    shogi = store.new_game("shogi", {}, None, 0.0, {"opponent": "w=level:3"}, wall=WALL)
    for ply, move in enumerate(["7g7f", "3c3d", "8h2b+"], start=1):
        store.add_move(shogi, ply, move, float(ply))
    store.finish(shogi, Outcome.win(Termination.RESIGNATION, 0), 9.0)
    dobutsu = store.new_game("dobutsu", {}, None, 0.0, {"clock": "10m+30"}, wall=WALL + 3600)
    store.add_move(dobutsu, 1, "b2b3", 1.0)
    store.add_move(dobutsu, 2, "b3b2", 2.0)  # whatever text: only counted
    store.add_takeback(dobutsu, 2, 1, 3.0)
    abalone = store.new_game("abalone", {}, None, 0.0, {}, wall=None)
    store.abandon(abalone, 5.0)
    store.close()
    return shogi, dobutsu, abalone


def rows(out: str) -> dict[str, str]:
    return {line.split()[0]: line for line in out.splitlines()[1:]}


def test_list_names_number_date_players_time_result_and_moves(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    shogi, dobutsu, abalone = fill(tmp_path / "games.sqlite3")
    code, out, err = run(capsys, "list", "--state-dir", str(tmp_path))
    assert code == 0 and err == ""
    heading = out.splitlines()[0].split()
    assert heading == ["#", "date", "game", "players", "time", "result", "moves"]
    lines = rows(out)
    assert list(lines) == [str(abalone), str(dobutsu), str(shogi)]  # the newest first
    shogi_line = lines[str(shogi)]
    assert time.strftime("%Y-%m-%d %H:%M", time.localtime(WALL)) in shogi_line
    assert "[computer level:3]" in shogi_line
    assert "sente vs gote [computer level:3]" in shogi_line
    assert shogi_line.rstrip().endswith(" 3")
    assert "resign" in shogi_line.lower()
    dobutsu_line = lines[str(dobutsu)]
    assert "playing" in dobutsu_line and dobutsu_line.rstrip().endswith(" 1")  # takeback
    assert " 10m+30 " in dobutsu_line  # its clock, as set
    assert "sente vs gote [computer level:3]  -  " in shogi_line  # no clock
    assert "computer" not in dobutsu_line
    assert "abandoned" in lines[str(abalone)]


def test_games_stored_is_the_same_list_and_sim_reads_the_simulators_store(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    fill(tmp_path / "sim.sqlite3")
    code, listed, _ = run(capsys, "list", "--sim", "--state-dir", str(tmp_path))
    assert code == 0
    code, stored, _ = run(capsys, "games", "--stored", "--sim", "--state-dir", str(tmp_path))
    assert code == 0 and stored == listed and len(listed.splitlines()) == 4
    code, limited, _ = run(capsys, "list", "--sim", "--limit", "1", "--state-dir", str(tmp_path))
    assert len(limited.splitlines()) == 2


def test_without_the_boards_store_the_simulators_is_listed_and_named(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    fill(tmp_path / "sim.sqlite3")
    code, out, err = run(capsys, "list", "--state-dir", str(tmp_path))
    assert code == 0 and len(rows(out)) == 3
    assert err.startswith("kiban: no board games here")
    assert f"reading the simulator's games in {tmp_path / 'sim.sqlite3'}" in err


def test_no_store_at_all_says_where_it_looked(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, err = run(capsys, "list", "--state-dir", str(tmp_path))
    assert code == 2 and out == ""
    assert str(tmp_path / "games.sqlite3") in err and str(tmp_path / "sim.sqlite3") in err
    assert len(err.splitlines()) == 1


def test_an_empty_store_says_so(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    GameStore(tmp_path / "games.sqlite3").close()
    code, out, _ = run(capsys, "list", "--state-dir", str(tmp_path))
    assert code == 0 and out.startswith("no games stored")


CORPUS = Path(__file__).parents[3] / "engine" / "shogi" / "corpus"


def test_a_game_read_in_is_listed_as_its_file_has_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Issue 81: a game read in with ``kiban sim --record`` was listed as "sente vs gote",
    "playing", dated the day it was read in, though its exports said the file's."""
    from tests.firmware_host.store.storekit import run_cli

    record = CORPUS / "kifu-for-js-meijinsen-20180508.kif"
    code, _out, err = run_cli(
        capsys, monkeypatch, "sim", "shogi", "--record", str(record), "--state-dir", str(tmp_path)
    )
    assert code == 0, err
    code, out, err = run(capsys, "list", "--sim", "--state-dir", str(tmp_path))
    assert code == 0, err
    line = rows(out)["1"]
    assert "羽生 善治竜王 vs 佐藤 天彦名人" in line
    assert "2018/05/08" in line and "playing" not in line
    assert " 9時間 " in line  # its time control (持ち時間), as written
    assert "sealed" in line  # the file ends on a sealed move (封じ手)


FORFEITS = {
    # the corpus file: what the list says of it, and its moves
    "kiban-forfeit-win.ki2": ("sente wins (forfeit)", "0"),
    "kiban-forfeit-loss.kif": ("gote wins (forfeit)", "2"),
}


@pytest.mark.parametrize("name", FORFEITS)
def test_a_game_won_by_default_is_listed_with_its_winner(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path, name: str
) -> None:
    """Issue 81: a record ending 不戦勝 or 不戦敗 (the other side did not play) was refused;
    read in, the list names who won and how, with or without moves before it."""
    from tests.firmware_host.store.storekit import run_cli

    result, moves = FORFEITS[name]
    record = str(CORPUS / name)
    code, _out, err = run_cli(
        capsys, monkeypatch, "sim", "shogi", "--record", record, "--state-dir", str(tmp_path)
    )
    assert code == 0, err
    code, out, err = run(capsys, "list", "--sim", "--state-dir", str(tmp_path))
    assert code == 0, err
    line = rows(out)["1"]
    assert f" {result} " in line and "先手の人 vs 後手の人" in line
    assert line.split()[-1] == moves
