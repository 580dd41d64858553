"""``kiban export``: stored shogi games as KIF, CSA and USI position lines; the shogi CLI."""

from __future__ import annotations

from pathlib import Path

import cshogi
import cshogi.CSA
import cshogi.KIF
import pytest

from engine.outcome import Outcome, Termination
from engine.shogi import HANDICAPS, SHOGI
from engine.shogi.csa_read import read_csa
from engine.shogi.ki2_read import read_ki2
from engine.shogi.kif_read import read_kif
from firmware_host.cli import main
from firmware_host.store.storage import GameStore

MOVES = ["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"]
RICHEST = "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def stored_game(
    folder: Path,
    moves: list[str],
    *,
    game: str = "shogi",
    options: dict[str, str] | None = None,
    start: str | None = None,
    outcome: Outcome | None = None,
    name: str = "games.sqlite3",
) -> int:
    store = GameStore(folder / name)
    game_id = store.new_game(game, options or {}, start, 0.0)
    for ply, move in enumerate(moves, start=1):
        store.add_move(game_id, ply, move, float(ply))
    if outcome is not None:
        store.finish(game_id, outcome, 99.0)
    store.close()
    return game_id


def test_kif_export_reads_back_and_cshogi_reads_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    outcome = Outcome.win(Termination.RESIGNATION, 0)
    game_id = stored_game(tmp_path, MOVES, outcome=outcome)
    code, out, _ = run(
        capsys, "export", str(game_id), "--format", "kif", "--state-dir", str(tmp_path)
    )
    assert code == 0
    record = read_kif(out)
    assert list(record.moves) == MOVES and record.outcome == outcome
    assert [cshogi.move_to_usi(m) for m in cshogi.KIF.Parser.parse_str(out).moves] == MOVES


def test_csa_export_of_a_handicap_game(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    moves = ["5a4b", "7g7f", "4b3b"]
    game_id = stored_game(tmp_path, moves, options={"handicap": "lance"})
    code, out, _ = run(
        capsys, "export", str(game_id), "--format", "csa", "--state-dir", str(tmp_path)
    )
    assert code == 0
    assert "PI11KY\n-\n" in out
    record = read_csa(out)
    assert list(record.moves) == moves and record.start == HANDICAPS["lance"]
    assert record.outcome is None
    assert [cshogi.move_to_usi(m) for m in cshogi.CSA.Parser.parse_str(out)[0].moves] == moves


def test_sfen_export_is_a_usi_position_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    reply = sorted(SHOGI.position(f"{RICHEST} moves S*3e").legal_moves(), key=str)[0].usi()
    game_id = stored_game(tmp_path, ["S*3e", reply], start=RICHEST)
    code, out, _ = run(
        capsys, "export", str(game_id), "--format", "sfen", "--state-dir", str(tmp_path)
    )
    assert code == 0
    assert out == f"position sfen {RICHEST} moves S*3e {reply}\n"
    final = SHOGI.position(out.strip())
    assert len(final.move_stack) == 2


def test_takebacks_and_a_start_with_moves_are_followed(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    store = GameStore(tmp_path / "games.sqlite3")
    game_id = store.new_game("shogi", {}, "startpos moves 7g7f", 0.0)
    store.add_move(game_id, 1, "3c3d", 1.0)
    store.add_move(game_id, 2, "2g2f", 2.0)
    store.add_takeback(game_id, 2, 1, 3.0)
    store.add_move(game_id, 2, "6g6f", 4.0)
    store.close()
    code, out, _ = run(
        capsys, "export", str(game_id), "--format", "sfen", "--state-dir", str(tmp_path)
    )
    assert code == 0
    assert out.split() == [
        "position",
        "sfen",
        *SHOGI.position().text().split(),
        "moves",
        "7g7f",
        "3c3d",
        "6g6f",
    ]


@pytest.mark.parametrize(
    ("suffix", "encoding"),
    [(".kif", "cp932"), (".kifu", "utf-8"), (".ki2", "cp932"), (".ki2u", "utf-8")],
)
def test_kif_files_are_written_in_the_encoding_their_name_asks_for(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, suffix: str, encoding: str
) -> None:
    game_id = stored_game(tmp_path, MOVES)
    target = tmp_path / f"game{suffix}"
    code, out, _ = run(
        capsys,
        "export",
        str(game_id),
        "--format",
        suffix[1:4],
        "--state-dir",
        str(tmp_path),
        "--output",
        str(target),
    )
    assert (code, out) == (0, "")
    text = target.read_bytes().decode(encoding)
    assert list((read_kif if suffix.startswith(".kif") else read_ki2)(text).moves) == MOVES
    assert ("Shift_JIS" if encoding == "cp932" else "UTF-8") in text.splitlines()[0]
    if suffix.startswith(".ki2"):
        return  # cshogi reads KI2 one move a line only (tests/engine/shogi/test_ki2_write.py)
    parsed = cshogi.KIF.Parser.parse_file(str(target))
    assert [cshogi.move_to_usi(m) for m in parsed.moves] == MOVES


def test_without_the_boards_store_the_simulators_is_read_and_named(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    game_id = stored_game(tmp_path, ["7g7f"], name="sim.sqlite3")
    code, out, err = run(
        capsys, "export", str(game_id), "--format", "sfen", "--state-dir", str(tmp_path)
    )
    assert code == 0 and out.endswith("moves 7g7f\n")
    assert err == (
        f"kiban: no board games here ({tmp_path / 'games.sqlite3'} does not exist):"
        f" reading the simulator's games in {tmp_path / 'sim.sqlite3'}\n"
    )
    board = stored_game(tmp_path, ["2g2f"])  # a board's store now: it is the one read
    code, out, err = run(
        capsys, "export", str(board), "--format", "sfen", "--state-dir", str(tmp_path)
    )
    assert (code, err) == (0, "") and out.endswith("moves 2g2f\n")
    code, out, _ = run(
        capsys, "export", str(game_id), "--format", "sfen", "--sim", "--state-dir", str(tmp_path)
    )
    assert code == 0 and out.endswith("moves 7g7f\n")


def test_unknown_ids_and_other_games_are_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    stored_game(tmp_path, MOVES)
    code, _, err = run(capsys, "export", "99", "--format", "kif", "--state-dir", str(tmp_path))
    assert code == 2 and "no game 99" in err
    robot = stored_game(tmp_path, ["2c2b"], game="dobutsu")
    code, _, err = run(
        capsys, "export", str(robot), "--format", "kif", "--state-dir", str(tmp_path)
    )
    assert code == 2 and f"game {robot} is dobutsu: its records come as txt, not 'kif'" in err
    code, out, _ = run(capsys, "export", str(robot), "--state-dir", str(tmp_path))
    assert code == 0 and '[Kiban "dobutsu"]' in out  # every game exports as plain text


def test_perft_and_moves_work_for_shogi(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "perft", "shogi", "3")
    assert (code, out.strip()) == (0, "25470")
    code, out, _ = run(capsys, "perft", "japanese-chess", "2", "--variant", "handicap=bishop")
    assert (code, out.strip()) == (0, str(SHOGI.position(None, {"handicap": "bishop"}).perft(2)))
    code, out, _ = run(capsys, "moves", "shogi", "--position", RICHEST)
    assert code == 0 and len(out.split()) == 593 and "P*5e" in out.split()
    code, _, err = run(capsys, "moves", "shogi", "--position", "9/9 b - 1")
    assert code == 2 and "9 ranks" in err


def test_records_carry_the_date_the_game_began(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    game_id = stored_game(tmp_path, MOVES)
    code, out, _ = run(
        capsys, "export", str(game_id), "--format", "kif", "--state-dir", str(tmp_path)
    )
    assert code == 0
    started = next(line for line in out.splitlines() if line.startswith("開始日時："))
    assert started[len("開始日時：") :][:4].isdigit()  # a calendar year, not a clock count
    assert cshogi.KIF.Parser.parse_str(out).moves  # and readers still take it
    code, out, _ = run(
        capsys, "export", str(game_id), "--format", "csa", "--state-dir", str(tmp_path)
    )
    assert "$START_TIME:" in out and list(cshogi.CSA.Parser.parse_str(out)[0].moves)
