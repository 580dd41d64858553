"""What a KIF, KI2 or CSA record says beside its moves (issue 62, item 1): the event,
when the game began, the time control and whether it was broken off are read, and both
writers write them back, so a record read in and exported again says them too. A time
nobody measured is written as nothing, never as zero."""

from __future__ import annotations

from pathlib import Path

import cshogi
import cshogi.CSA
import cshogi.KIF
import pytest

from engine.outcome import Outcome, Termination
from engine.shogi import SHOGI
from engine.shogi.csa import time_control_lines, write_csa
from engine.shogi.csa_read import read_csa
from engine.shogi.ki2_read import read_ki2
from engine.shogi.kif import write_kif
from engine.shogi.kif_read import read_kif
from engine.shogi.record_readers import info_of

CORPUS = Path(__file__).parent / "corpus"
MOVES = ["7g7f", "3c3d", "2g2f"]


def test_kif_headers_of_a_title_game_are_read() -> None:
    record = read_kif((CORPUS / "kifu-for-js-meijinsen-20180508.kif").read_text("utf-8"))
    assert record.event == "第76期名人戦七番勝負第３局"
    assert record.started == "2018/05/08 09:00"
    assert record.time_control == "9時間"
    assert record.suspended and record.outcome is None  # ended by a sealed move, 封じ手


def test_csa_information_lines_are_read() -> None:
    record = read_csa((CORPUS / "kifu-for-js-example.csa").read_text("utf-8"))
    assert record.event == "13th World Computer Shogi Championship"
    assert record.started == "2003/05/03 10:30:00"
    assert record.time_control == "00:25+00"
    assert record.suspended  # %CHUDAN
    v3 = read_csa((CORPUS / "tsshogi-csa-v3-example.csa").read_text("utf-8"))
    assert v3.time_control == "900+0+5"  # V3.0's $TIME


def test_a_csa_event_with_a_comma_is_read_whole() -> None:
    record = read_csa("V2.2\nN+a\nN-b\n$EVENT:Meijin, game 3\nPI\n+\n+7776FU\n")
    assert record.event == "Meijin, game 3" and record.moves == ("7g7f",)


def test_ki2_headers_are_kifs() -> None:
    record = read_ki2((CORPUS / "kifu-for-js-chudan.ki2").read_text("utf-8"))
    assert record.started == "2014/10/12 14:46:51" and record.players == ("sente", "gote")
    assert record.suspended  # 中断


@pytest.mark.parametrize(
    ("time_control", "line"),
    [
        ("00:25+00", "$TIME_LIMIT:00:25+00"),
        ("900+0+5", "$TIME:900+0+5"),
        # KIF's words as $TIME_LIMIT's value, which ShogiHome reads whatever its form (it
        # skipped the comment '持ち時間：9時間 Kiban wrote: issue 81); the comment still reads
        ("9時間", "$TIME_LIMIT:9時間"),
        ("", None),
    ],
)
def test_csa_writes_a_time_control_in_its_own_form_else_in_words(
    time_control: str, line: str | None
) -> None:
    assert time_control_lines(time_control) == ([] if line is None else [line])
    text = write_csa(SHOGI.position(), MOVES, time_control=time_control)
    assert read_csa(text).time_control == time_control
    assert read_csa(f"'持ち時間：9時間\n{text}").time_control == (time_control or "9時間")
    assert [cshogi.move_to_usi(m) for m in cshogi.CSA.Parser.parse_str(text)[0].moves] == MOVES


@pytest.mark.parametrize("writer", ["kif", "csa"])
def test_the_facts_written_are_read_back(writer: str) -> None:
    facts = {
        "players": ("羽生 善治", "佐藤 天彦"),
        "started": "2018/05/08 09:00",
        "event": "名人戦, 第3局",
        "time_control": "9時間",
        "note": "the game's own comment\nover two lines",
        "comments": ("", "a comment", ""),
        "times": (None, 5.0, None),
    }
    position = SHOGI.position()
    if writer == "kif":
        text = write_kif(position, MOVES, **facts)  # type: ignore[arg-type]
        record = read_kif(text)
        parsed = cshogi.KIF.Parser.parse_str(text)
    else:
        text = write_csa(position, MOVES, **facts)  # type: ignore[arg-type]
        record = read_csa(text)
        parsed = cshogi.CSA.Parser.parse_str(text)[0]
    info = info_of(record)
    assert info.players == facts["players"] and info.started == facts["started"]
    assert (info.event, info.time_control, info.note) == ("名人戦, 第3局", "9時間", facts["note"])
    assert info.comments == facts["comments"] and info.times == facts["times"]
    assert [cshogi.move_to_usi(m) for m in parsed.moves] == MOVES
    assert list(parsed.names) == list(facts["players"])


def test_a_time_not_known_is_written_as_nothing() -> None:
    kif = write_kif(SHOGI.position(), MOVES, times=(None, 0.0, None))
    lines = [line for line in kif.splitlines() if line.strip()[:1].isdigit()]
    assert lines[0].endswith("(77)") and lines[2].endswith("(27)")  # no time after the move
    assert lines[1].endswith("( 0:00/00:00:00)")  # a time of 0, measured
    assert read_kif(kif).times == (None, 0, None)
    csa = write_csa(SHOGI.position(), MOVES, times=(None, 0.0, None))
    assert csa.count("\nT") == 1 and read_csa(csa).times == (None, 0.0, None)


@pytest.mark.parametrize("writer", ["kif", "csa"])
def test_a_game_broken_off_is_written_so_and_an_ended_one_by_its_ending(writer: str) -> None:
    position = SHOGI.position()
    if writer == "kif":
        broken = read_kif(write_kif(position, MOVES, suspended=True))
        resigned = Outcome.win(Termination.RESIGNATION, 0)
        ended = read_kif(write_kif(position, MOVES, outcome=resigned, suspended=True))
    else:
        broken = read_csa(write_csa(position, MOVES, suspended=True))
        resigned = Outcome.win(Termination.RESIGNATION, 0)
        ended = read_csa(write_csa(position, MOVES, outcome=resigned, suspended=True))
    assert broken.suspended and broken.outcome is None
    assert not ended.suspended and ended.outcome == resigned
