"""The comment a record has after its ending (issue 62: "nothing lost between import and
export") is read as the ending's, not the game's, and each writer puts it back after the
ending: floodgate's summary and final position after ``%KACHI``, a KIF comment on 投了, a
KI2 comment after the result line."""

from __future__ import annotations

from dataclasses import replace

from engine.outcome import Outcome, Termination
from engine.record import RecordInfo
from engine.shogi import SHOGI
from engine.shogi.csa import write_csa
from engine.shogi.csa_read import read_csa
from engine.shogi.ki2 import write_ki2
from engine.shogi.ki2_read import read_ki2
from engine.shogi.kif import write_kif
from engine.shogi.kif_read import read_kif
from firmware_host.store.records import position_record
from tests.engine.shogi.corpus_files import read

MOVES = ["7g7f", "3c3d", "2g2f"]
RESIGNED = Outcome.win(Termination.RESIGNATION, 0)


def test_floodgates_summary_after_the_ending_stays_after_it_through_csa() -> None:
    _text, record = read("kifu-for-js-floodgate-aobazero-viper.csa")
    assert "summary:kachi:aobazero win:viper lose" in record.closing.splitlines()
    assert record.closing.splitlines()[0] == " -5000 win"  # %KACHI,'* -5000 win
    assert "summary" not in record.header and "P1+NG" not in record.header
    csa = write_csa(
        SHOGI.position(record.start),
        record.moves,
        outcome=record.outcome,
        ending_time=record.ending_time,
        note=record.header,
        closing=record.closing,
    )
    lines = csa.splitlines()
    ending = lines.index("%KACHI")
    assert lines[ending + 1 : ending + 3] == ["T10", "'* -5000 win"]
    assert lines[-1] == "'*$END_TIME:2020/07/19 20:56:29"  # a comment ShogiHome shows
    again = read_csa(csa)
    assert (again.closing, again.header) == (record.closing, record.header)


def test_a_kif_comment_on_the_ending_stays_on_it() -> None:
    text = "手合割：平手\n   1 ７六歩(77)\n   2 投了\n*後手の投了\n*感想戦へ\nまで1手で先手の勝ち\n"
    record = read_kif(text)
    assert record.closing == "後手の投了\n感想戦へ" and record.comments == ()
    kif = write_kif(SHOGI.position(), record.moves, outcome=record.outcome, closing=record.closing)
    assert "   2 投了\n*後手の投了\n*感想戦へ\nまで1手で先手の勝ち\n" in kif
    assert read_kif(kif).closing == record.closing
    csa = write_csa(SHOGI.position(), record.moves, outcome=record.outcome, closing=record.closing)
    assert csa.endswith("%TORYO\n'*後手の投了\n'*感想戦へ\n")  # as ShogiHome reads it
    assert read_csa(csa).closing == record.closing


def test_a_ki2_comment_after_the_result_line_is_not_the_last_moves() -> None:
    record = read_ki2("▲７六歩　△３四歩　▲２六歩\n*最後の手\nまで3手で先手の勝ち\n*総評\n")
    assert record.comments == ("", "", "最後の手") and record.closing == "総評"
    ki2 = write_ki2(
        SHOGI.position(), MOVES, outcome=RESIGNED, comments=record.comments, closing="総評"
    )
    assert ki2.endswith("まで3手で先手の勝ち\n*総評\n")
    assert read_ki2(ki2).closing == "総評"


def test_a_closing_with_no_ending_to_follow_is_written_by_no_writer() -> None:
    for write in (write_kif, write_ki2, write_csa):
        assert "総評" not in write(SHOGI.position(), MOVES, closing="総評")


def test_once_the_ending_no_longer_holds_the_closing_is_the_games_comment() -> None:
    info = RecordInfo(note="序盤", outcome=RESIGNED, closing="総評", comments=("a", "b", "c"))
    assert info.up_to(3, 3) == info
    earlier = info.up_to(2, 3)
    assert (earlier.note, earlier.closing, earlier.outcome) == ("序盤\n総評", "", None)


def test_an_export_with_no_ending_writes_the_closing_as_the_games_comment() -> None:
    position = SHOGI.position()
    for move in MOVES:
        position.push_text(move)
    record = replace(position_record(SHOGI, 1, position, None), note="序盤", closing="総評")
    readers = {"kif": read_kif, "ki2": read_ki2, "csa": read_csa}
    written = {fmt.name: fmt.write(record) for fmt in SHOGI.record_formats()}
    for name, reader in readers.items():
        read_back = reader(written[name])
        assert (read_back.header, read_back.moves) == ("序盤\n総評", tuple(MOVES)), name
