"""Every header a KIF, KI2 or CSA record has is kept (issue 62, "every field the file
had"): those the record's own fields do not take (場所, 終了日時, 表題, a writer's own
``対局ID``, CSA's ``$SITE``, ``$END_TIME``, ``$NOTE``) come out of the readers as
``(name, value)`` pairs in file order."""

from __future__ import annotations

from engine.shogi import SHOGI
from engine.shogi.csa import write_csa
from engine.shogi.csa_read import read_csa
from engine.shogi.ki2 import write_ki2
from engine.shogi.ki2_read import read_ki2
from engine.shogi.kif import write_kif
from engine.shogi.kif_read import read_kif
from tests.engine.shogi.corpus_files import CORPUS, text_of

MOVES = ["7g7f", "3c3d", "2g2f"]

KIF = """\
# ---- Kifu for Windows V7 ----
開始日時：2014/03/16 09:00
終了日時：2014/03/16 18:04
表題：棋王戦
棋戦：第３９期棋王戦
持ち時間：各４時間
場所:富山県黒部市
note: a half-width colon after a name not KIF's is no header
対局ID：2674
記録ID：
手合割：平手
先手：渡辺明
後手：三浦弘行
手数----指手---------消費時間--
   1 ７六歩(77)
   2 ３四歩(33)
"""


def test_kif_keeps_every_header_its_fields_do_not_take_in_file_order() -> None:
    record = read_kif(KIF)
    assert record.other_headers == (
        ("終了日時", "2014/03/16 18:04"),
        ("表題", "棋王戦"),
        ("場所", "富山県黒部市"),
        ("対局ID", "2674"),
        ("記録ID", ""),
    )
    assert (record.event, record.started, record.time_control) == (
        "第３９期棋王戦",
        "2014/03/16 09:00",
        "各４時間",
    )
    assert record.players == ("渡辺明", "三浦弘行")


def test_the_last_header_of_an_event_date_or_time_control_is_the_field_the_others_kept() -> None:
    """As tsshogi reads them (issue 81: a CSA record's $TIME, converted, stands beside
    its note of the same name, 持ち時間：フイッシャー方式…, and both writers put the
    field's own last); the players and the start stay the first's."""
    record = read_kif(
        "棋戦：名人戦\n持ち時間：各9時間\n棋戦：順位戦\n先手：甲\n先手：乙\n手合割：平手\n"
        "   1 ７六歩(77)\n"
    )
    assert (record.event, record.time_control, record.players[0]) == ("順位戦", "各9時間", "甲")
    assert record.other_headers == (("棋戦", "名人戦"), ("先手", "乙"))


def test_ki2_keeps_its_headers_as_kif_does() -> None:
    record = read_ki2("場所：東京\n終了日時：2020/01/01\n手合割：平手\n▲７六歩　△３四歩\n")
    assert record.other_headers == (("場所", "東京"), ("終了日時", "2020/01/01"))


CSA = """\
V2.2
N+Sente
N-Gote
$EVENT:13th World Computer Shogi Championship
$SITE:KAZUSA ARC
$START_TIME:2003/05/03 10:30:00
$END_TIME:2003/05/03 11:11:05
$TIME_LIMIT:00:25+00
$NOTE:a note
'戦型：矢倉
'an ordinary comment: the game's own
PI
+
+7776FU
-3334FU
%TORYO
"""


def test_csa_keeps_its_information_lines_with_their_dollar_and_header_comments() -> None:
    record = read_csa(CSA)
    assert record.other_headers == (
        ("$SITE", "KAZUSA ARC"),
        ("$END_TIME", "2003/05/03 11:11:05"),
        ("$NOTE", "a note"),
        ("戦型", "矢倉"),
    )
    assert record.event == "13th World Computer Shogi Championship"
    assert record.time_control == "00:25+00"
    assert record.header == "an ordinary comment: the game's own"


def test_a_csa_time_control_in_words_beside_its_own_form_is_kept_as_a_header() -> None:
    record = read_csa("V2.2\n$TIME:900+0+5\n'持ち時間：各15分\nPI\n+\n+7776FU\n")
    assert record.time_control == "900+0+5"
    assert record.other_headers == (("持ち時間", "各15分"),)


HEADERS = (("場所", "東京"), ("表題", "棋王戦"), ("$NOTE", "a note"), ("$END_TIME", "18:04"))


def test_kif_writes_the_headers_after_its_own_and_before_the_handicap() -> None:
    start = SHOGI.position()
    kif = write_kif(start, MOVES, event="棋王戦", time_control="各４時間", headers=HEADERS)
    lines = kif.splitlines()
    at = lines.index("場所：東京")
    assert lines[at - 2 : at + 5] == [
        "棋戦：棋王戦",
        "持ち時間：各４時間",
        "場所：東京",
        "表題：棋王戦",
        "$NOTE：a note",  # no KIF name: its CSA one, so that CSA writes it as it was
        "終了日時：18:04",  # CSA's $END_TIME as KIF names it
        "手合割：平手",
    ]
    assert read_kif(kif).other_headers == (
        ("場所", "東京"),
        ("表題", "棋王戦"),
        ("$NOTE", "a note"),
        ("終了日時", "18:04"),
    )
    assert read_ki2(write_ki2(start, MOVES, headers=HEADERS)).other_headers == (
        read_kif(kif).other_headers
    )


def test_csa_writes_its_keywords_as_its_own_lines_and_kifs_other_headers_as_comments() -> None:
    csa = write_csa(SHOGI.position(), MOVES, headers=HEADERS)
    assert "$SITE:東京\n'表題：棋王戦\n$NOTE:a note\n$END_TIME:18:04\nPI\n" in csa
    assert read_csa(csa).other_headers == (
        ("$SITE", "東京"),
        ("表題", "棋王戦"),
        ("$NOTE", "a note"),
        ("$END_TIME", "18:04"),
    )


def test_a_kif_header_beside_the_csa_keyword_for_it_stays_a_comment() -> None:
    both = (("戦型", "矢倉"), ("$OPENING", "YAGURA"))
    csa = write_csa(SHOGI.position(), MOVES, headers=both)
    assert "'戦型：矢倉\n$OPENING:YAGURA\n" in csa
    assert read_csa(csa).other_headers == both


def test_a_title_games_headers_come_back_through_csa() -> None:
    record = read_kif(text_of(CORPUS / "kifu-for-js-kiou201403160101.kif"))
    assert ("場所", "富山県黒部市・宇奈月国際会館セレネ") in record.other_headers
    position = SHOGI.position()
    csa = write_csa(position, record.moves, headers=record.other_headers)
    kif = write_kif(position, record.moves, headers=read_csa(csa).other_headers)
    assert read_kif(kif).other_headers == record.other_headers


def test_a_note_line_that_looks_like_a_header_stays_the_notes_in_csa() -> None:
    csa = write_csa(SHOGI.position(), MOVES, note="放送日：2010/02/13", headers=HEADERS[1:2])
    record = read_csa(csa)
    assert record.header == "放送日：2010/02/13"
    assert record.other_headers == (("表題", "棋王戦"),)


def test_a_kif_header_whose_name_has_spaces_comes_back_through_csa_as_a_header() -> None:
    named = read_kif("対局 ID：12\n大会　名：第１回 大会\n手合割：平手\n   1 ７六歩(77)\n")
    assert named.other_headers == (("対局 ID", "12"), ("大会　名", "第１回 大会"))
    csa = write_csa(SHOGI.position(), named.moves, headers=named.other_headers)
    assert "'対局 ID：12\n'大会　名：第１回 大会\nPI\n" in csa
    record = read_csa(csa)
    assert record.other_headers == named.other_headers and record.header == ""
    kif = write_kif(SHOGI.position(), record.moves, headers=record.other_headers)
    assert read_kif(kif).other_headers == named.other_headers


def test_a_comment_that_only_looks_like_a_header_is_the_games_own() -> None:
    for comment in ("'*評価値：120", "' 先頭に空白：あり", "'末尾に空白 ：あり"):
        record = read_csa(f"V2.2\n{comment}\nPI\n+\n+7776FU\n")
        assert record.other_headers == () and record.header == comment[1:], comment
