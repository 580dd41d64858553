"""``kiban sim shogi --record FILE`` then ``kiban export N`` (issue 62, item 1): what the
file said comes back, the players' names, each move's time (none where the file gives
none, never 0:00), the comments, the ending and the day the game was played; played on,
the game keeps them where they still hold. Each test failed before the store kept them."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from engine.outcome import Outcome, Termination
from engine.search.types import Quality
from engine.shogi import SHOGI
from engine.shogi.csa_read import read_csa
from engine.shogi.ki2_read import read_ki2
from engine.shogi.kif_read import read_kif
from firmware_host.store.records import position_record
from firmware_host.store.review_notes import MoveNote, with_comments
from firmware_host.store.storage import GameStore
from tests.firmware_host.store.storekit import run_cli

CORPUS = Path(__file__).parents[2] / "engine" / "shogi" / "corpus"
TITLE_GAME = CORPUS / "kifu-for-js-meijinsen-20180508.kif"
FLOODGATE = CORPUS / "kifu-for-js-floodgate-aobazero-viper.csa"

TIME = re.compile(r"\(\s*\d+:\d\d/")
"""A move's time in a KIF move line."""

Run = tuple[pytest.CaptureFixture[str], pytest.MonkeyPatch, Path]


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Run:
    return capsys, monkeypatch, tmp_path


def sim(run: Run, record: Path, *more: str, typed: str = "quit\n") -> str:
    """``kiban sim shogi --record RECORD`` in the test's state folder; what it said."""
    capsys, monkeypatch, folder = run
    code, out, err = run_cli(
        capsys,
        monkeypatch,
        "sim",
        "shogi",
        "--record",
        str(record),
        "--state-dir",
        str(folder),
        *more,
        typed=typed,
    )
    assert code == 0, err
    return out


def export(run: Run, fmt: str, game: int = 1) -> str:
    capsys, monkeypatch, folder = run
    code, out, err = run_cli(
        capsys, monkeypatch, "export", str(game), "--format", fmt, "--state-dir", str(folder)
    )
    assert code == 0, err
    return out


def move_lines(kif: str) -> list[str]:
    return [line for line in kif.splitlines() if line[:4].strip().isdigit()]


def test_the_players_names_come_back(cli: Run) -> None:
    sim(cli, TITLE_GAME)
    kif = export(cli, "kif")
    assert "先手：羽生 善治竜王\n後手：佐藤 天彦名人\n" in kif
    assert "N+羽生 善治竜王\nN-佐藤 天彦名人\n" in export(cli, "csa")


def test_each_moves_time_is_the_files_and_none_is_written_where_it_gives_none(
    cli: Run, tmp_path: Path
) -> None:
    sim(cli, TITLE_GAME)
    kif = export(cli, "kif")
    assert move_lines(kif)[1].endswith("( 1:00/00:01:00)")  # the file's, not 0:00
    assert read_kif(kif).times[:5] == (0, 60, 180, 60, 300)
    ki2 = tmp_path / "timeless"
    ki2.mkdir()
    sim((cli[0], cli[1], ki2), CORPUS / "tsshogi-shogidb2-toryo.ki2")
    kif = export((cli[0], cli[1], ki2), "kif")
    assert not any(TIME.search(line) for line in move_lines(kif))
    assert "0:00" not in kif and not read_kif(kif).times  # KI2 gives no times
    csa = export((cli[0], cli[1], ki2), "csa")
    assert "\nT" not in csa


def test_the_comments_and_the_ending_come_back(cli: Run) -> None:
    sim(cli, FLOODGATE)
    csa = export(cli, "csa")
    assert "%KACHI\nT10\n" in csa  # the declaration's time, as floodgate's
    assert "'** 130 7g7f 8c8d 7i6h 3c3d\n" in csa
    record = read_csa(csa)
    assert record.outcome == Outcome.win(Termination.DECLARATION, 0)
    assert record.comments[0] == "* 130 7g7f 8c8d 7i6h 3c3d"  # an engine's reading
    kif = export(cli, "kif")
    assert "\n 401 入玉勝ち        ( 0:10/" in kif and "** 130 7g7f 8c8d 7i6h 3c3d\n" in kif


@pytest.mark.parametrize(
    ("name", "kif_ending", "csa_ending"),
    [
        ("tsshogi-shogidb2-toryo.ki2", "投了", "%TORYO"),
        ("tsshogi-shogidb2-sennichite.ki2", "千日手", "%SENNICHITE"),
        ("kifu-for-js-chudan.ki2", "中断", "%CHUDAN"),
        ("kifu-for-js-fuujite.ki2", "封じ手", "%CHUDAN"),  # CSA has no sealed move
    ],
)
def test_the_ending_line_comes_back(cli: Run, name: str, kif_ending: str, csa_ending: str) -> None:
    sim(cli, CORPUS / name)
    kif = export(cli, "kif")
    assert kif.splitlines()[-2].split()[-1] == kif_ending
    assert export(cli, "csa").rstrip().endswith(csa_ending)


def test_a_game_lost_on_time_keeps_its_ending(cli: Run, tmp_path: Path) -> None:
    record = tmp_path / "flagged.kif"
    record.write_text(
        "開始日時：2021/03/04 05:06:07\n手合割：平手\n先手：a\n後手：b\n"
        "手数----指手---------消費時間--\n"
        "   1 ７六歩(77)   ( 0:05/00:00:05)\n   2 ３四歩(33)   ( 0:09/00:00:09)\n"
        "   3 切れ負け   ( 1:00/00:01:05)\nまで2手で後手の勝ち\n",
        encoding="utf-8",
    )
    sim(cli, record)
    kif = export(cli, "kif")
    # the file's time on the move sente never made (its total: 0:05 + 1:00)
    assert "\n   3 切れ負け        ( 1:00/00:01:05)\n" in kif
    assert read_kif(kif).outcome == Outcome.win(Termination.TIME_FORFEIT, 1)
    assert export(cli, "csa").rstrip().endswith("%TIME_UP\nT60")


def test_the_date_is_the_files_never_the_days_it_was_read_in(cli: Run) -> None:
    sim(cli, TITLE_GAME)
    assert "開始日時：2018/05/08 09:00\n" in export(cli, "kif")
    assert "$START_TIME:2018/05/08 09:00\n" in export(cli, "csa")
    sim(cli, CORPUS / "kifu-for-js-shogidokoro.kif", "--new")  # a file with no date
    assert "開始日時" not in export(cli, "kif", game=2)
    assert "$START_TIME" not in export(cli, "csa", game=2)
    assert "[Date" not in export(cli, "txt", game=2)


def test_the_event_and_the_time_control_come_back(cli: Run) -> None:
    sim(cli, TITLE_GAME)
    kif = export(cli, "kif")
    assert "棋戦：第76期名人戦七番勝負第３局\n" in kif and "持ち時間：9時間\n" in kif
    sim(cli, CORPUS / "kifu-for-js-example.csa", "--new")
    csa = export(cli, "csa", game=2)
    assert "$EVENT:13th World Computer Shogi Championship\n" in csa
    assert "$TIME_LIMIT:00:25+00\n" in csa


def test_every_other_header_comes_back_and_across_formats_as_the_other_names_it(
    cli: Run,
) -> None:
    sim(cli, TITLE_GAME)
    kif, csa = export(cli, "kif"), export(cli, "csa")
    assert "戦型：角換わりその他\n" in kif and "振り駒：なし\n" in kif
    assert "場所：奈良県奈良市「法相宗大本山　興福寺」\n" in kif
    assert "$OPENING:角換わりその他\n" in csa
    assert "$SITE:奈良県奈良市「法相宗大本山　興福寺」\n" in csa
    assert "'振り駒：なし\n" in csa  # CSA has no keyword for it: a comment
    sim(cli, CORPUS / "kifu-for-js-example.csa", "--new")
    assert "$SITE:KAZUSA ARC\n$END_TIME:2003/05/03 11:11:05\n" in export(cli, "csa", game=2)
    assert "場所：KAZUSA ARC\n" in export(cli, "kif", game=2)


def test_a_game_played_on_keeps_the_files_word_where_it_still_holds(cli: Run) -> None:
    # two moves read in, then one played here: its time is measured, and the file's
    # ending (a resignation after the second move) no longer holds
    out = sim(
        cli,
        CORPUS / "tsshogi-shogidb2-toryo.ki2",
        "--from-move",
        "2",
        typed="move 2g 2f\nmove 3c 3d\nplay 7g7f\nquit\n",  # set up, then a move
    )
    assert "move 3: 7g7f" in out
    kif = export(cli, "kif")
    lines = move_lines(kif)
    assert [bool(TIME.search(line)) for line in lines] == [False, False, True]  # measured
    assert "投了" not in kif and "まで" not in kif
    assert "開始日時" not in kif  # the file gives no date


def test_from_move_keeps_the_moves_before_without_the_ending(cli: Run) -> None:
    sim(cli, FLOODGATE, "--from-move", "4")
    csa = export(cli, "csa")
    record = read_csa(csa)
    assert record.moves == ("7g7f", "4a3b", "2g2f", "8c8d")
    assert record.times == (10.0, 0.0, 10.0, 0.0) and record.outcome is None
    assert "%" not in csa and record.players == ("aobazero", "viper")


def test_the_comment_after_the_ending_comes_back_after_it(cli: Run) -> None:
    sim(cli, FLOODGATE)
    csa = export(cli, "csa")
    assert "%KACHI\nT10\n'* -5000 win\n" in csa
    assert csa.endswith(
        "'*summary:kachi:aobazero win:viper lose\n'*$END_TIME:2020/07/19 20:56:29\n"
    )
    record = read_csa(csa)
    assert "summary" not in record.header and "summary" in record.closing
    assert read_kif(export(cli, "kif")).closing == record.closing


def test_once_the_ending_is_gone_the_comment_after_it_is_the_games(cli: Run) -> None:
    sim(cli, FLOODGATE, "--from-move", "4")
    record = read_csa(export(cli, "csa"))
    assert record.outcome is None and record.closing == ""
    assert record.header.splitlines()[-1] == "$END_TIME:2020/07/19 20:56:29"  # kept, not lost


def test_a_game_drawn_by_the_move_limit_exports_it(cli: Run) -> None:
    record = cli[2] / "max.csa"
    record.write_text("V3.0\nPI\n+\n+7776FU\n-3334FU\n%MAX_MOVES\n", encoding="utf-8")
    sim(cli, record)
    assert export(cli, "csa").endswith("-3334FU\n%MAX_MOVES\n")
    assert "   3 持将棋\nまで2手で持将棋\n" in export(cli, "kif")


def test_a_resumed_game_read_in_keeps_what_the_file_said(cli: Run) -> None:
    sim(cli, TITLE_GAME)
    capsys, monkeypatch, folder = cli
    code, out, err = run_cli(capsys, monkeypatch, "sim", "shogi", "--state-dir", str(folder))
    assert code == 0 and "resumed" in out, err
    assert "先手：羽生 善治竜王" in export(cli, "kif")


def test_the_record_the_page_downloads_says_it_too(cli: Run) -> None:
    out = sim(cli, TITLE_GAME, typed="download kif\nquit\n")
    assert "先手：羽生 善治竜王" in out and "( 1:00/00:01:00)" in out


def test_a_store_without_what_a_file_said_exports_as_before(tmp_path: Path) -> None:
    store = GameStore(tmp_path / "sim.sqlite3")
    game = store.new_game("shogi", {}, None, 0.0, {"draw": "none", "roll": "auto"})
    store.add_move(game, 1, "7g7f", 3.0)
    store.close()
    from firmware_host.tools.records.export import export_game

    store = GameStore(tmp_path / "sim.sqlite3", read_only=True)
    kif = export_game(store.load(game), "kif")
    store.close()
    assert move_lines(kif)[0].endswith("( 0:03/00:00:03)")  # measured on the board


def test_a_review_adds_to_a_moves_comment_and_never_replaces_it() -> None:
    position = SHOGI.position()
    position.push_text("7g7f")
    record = dataclasses.replace(
        position_record(SHOGI, 1, position, None), comments=("the file's",)
    )
    noted = with_comments(record, [MoveNote(1, Quality.DOUBTFUL, 0.5, "2g2f")])
    assert noted.comments == ("the file's\ndoubtful; better 2g2f",)


CYCLE = ("2h3h", "8b7b", "3h2h", "7b8b")


@pytest.mark.parametrize(
    ("typed", "more", "kif_ending", "csa_ending"),
    [
        ([f"play {move}" for move in CYCLE * 3], (), "千日手", "%SENNICHITE"),
        (["play 7g7f", "wait 100"], ("--clock", "1m"), "切れ負け", "%TIME_UP"),
    ],
    ids=["repetition", "time"],
)
def test_a_game_ended_in_the_sim_exports_its_ending(
    cli: Run, typed: list[str], more: tuple[str, ...], kif_ending: str, csa_ending: str
) -> None:
    capsys, monkeypatch, folder = cli
    code, out, err = run_cli(
        capsys,
        monkeypatch,
        "sim",
        "shogi",
        "--state-dir",
        str(folder),
        *more,
        typed="\n".join([*typed, "quit"]) + "\n",
    )
    assert code == 0 and "game over" in out, err
    assert export(cli, "kif").splitlines()[-2].split()[1] == kif_ending
    # a game lost on time has the loser's time on the move never made after it (T60)
    assert csa_ending in export(cli, "csa").splitlines()[-2:]


HENKA = CORPUS / "kifu-for-js-henka.kif"
"""Kifu for Windows V6.39's record with variations: of moves 3 (two), 2 and 1, and one
inside the last."""


def test_the_files_variations_are_kept_and_written_back(cli: Run) -> None:
    sim(cli, HENKA)
    original = read_kif(HENKA.read_bytes().decode("shift_jis"))
    assert len(original.branches) == 4
    assert read_kif(export(cli, "kif")).branches == original.branches
    assert [b.moves for b in read_ki2(export(cli, "ki2")).branches] == [
        b.moves for b in original.branches
    ]


def test_a_variation_stays_while_the_moves_before_it_are_the_files(cli: Run) -> None:
    # move 3 played here, not the file's: its alternatives in the file stay alternatives
    sim(
        cli,
        HENKA,
        "--from-move",
        "2",
        typed="move 7g 7f\nmove 8c 8d\nplay 6g6f\nquit\n",  # set up, then a move of our own
    )
    record = read_kif(export(cli, "kif"))
    assert record.moves == ("7g7f", "8c8d", "6g6f")
    assert [branch.ply for branch in record.branches] == [3, 3, 2, 1]


def test_from_move_keeps_only_the_variations_of_the_moves_kept(cli: Run) -> None:
    sim(cli, HENKA, "--from-move", "1")
    record = read_kif(export(cli, "kif"))
    assert record.moves == ("7g7f",)
    assert [branch.ply for branch in record.branches] == [2, 1]  # those of moves 3 are gone


def test_the_player_is_told_what_a_format_leaves_of_the_variations(cli: Run) -> None:
    sim(cli, HENKA)
    capsys, monkeypatch, folder = cli
    said = {}
    for fmt in ("kif", "ki2", "csa", "txt", "sfen"):
        code, _out, err = run_cli(
            capsys, monkeypatch, "export", "1", "--format", fmt, "--state-dir", str(folder), "--sim"
        )
        assert code == 0
        said[fmt] = err
    assert said["kif"] == said["ki2"] == ""  # kept as variations
    assert said["csa"] == (
        "kiban: CSA has no form for variations: the record's 5 variations are written in "
        "words, as comments on the moves they are played instead of\n"
    )
    assert (
        "5 variations are left out" in said["txt"] and "5 variations are left out" in said["sfen"]
    )


def test_the_terminals_download_says_it_too(cli: Run) -> None:
    out = sim(cli, HENKA, typed="download txt\nquit\n")
    assert "plain text (headers and moves) has no form for variations" in out


def test_the_terminal_says_it_shows_the_main_line_of_a_record_with_variations(cli: Run) -> None:
    """Issue 81, item 2: the terminal cannot show a record's variations (its review steps
    through the main line): the player is told how many the game keeps, and where."""
    out = sim(cli, HENKA)
    assert (
        "the record's 5 variations are kept with the game, in its KIF and KI2 downloads and "
        "on the page's review; the terminal shows the main line"
    ) in out
    plain = sim(cli, CORPUS / "kifu-for-js-no-henka.kif")
    assert "variation" not in plain
