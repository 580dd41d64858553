"""Every header a KIF, KI2 or CSA record has is kept (issue 62, "every field the file
had"): those the record's own fields do not take (場所, 終了日時, 表題, a writer's own
``対局ID``, CSA's ``$SITE``, ``$END_TIME``, ``$NOTE``) come out of the readers as
``(name, value)`` pairs in file order."""

from __future__ import annotations

from engine.shogi.csa_read import read_csa
from engine.shogi.ki2_read import read_ki2
from engine.shogi.kif_read import read_kif

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


def test_a_second_header_of_a_field_is_kept_not_read_over_the_first() -> None:
    record = read_kif("棋戦：名人戦\n棋戦：順位戦\n手合割：平手\n   1 ７六歩(77)\n")
    assert record.event == "名人戦"
    assert record.other_headers == (("棋戦", "順位戦"),)


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
