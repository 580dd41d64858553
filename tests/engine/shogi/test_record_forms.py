"""Forms of KIF, KI2 and CSA that other programs write and other readers take (issue
62): each was refused, or read wrong, before. Where no real record with the form could
be kept under a licence that allows it, a minimal record is written here, and the
comment says which program writes the form and where it is documented."""

from __future__ import annotations

from engine.shogi.kif_read import read_kif

EVEN = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"


def test_81dojo_move_times_with_single_digits_are_read() -> None:
    # 81Dojo writes a move's time and the total without padding, "(0:2/0:0:2)"; python-shogi
    # tests it (tests/test_kif.py, TEST_KIF_81DOJO) and cshogi's KIF parser reads any digits
    # between the colons. An older 81Dojo leaves the total out, "( 0:3/)" (mogproject's
    # mog-core-scala tests). Minutes past an hour stay minutes, as Kifu for Windows writes
    # them, or come as hours.
    text = (
        "#KIF version=2.0 encoding=UTF-8\n開始日時：2020/12/31\n場所：81Dojo\n"
        "持ち時間：0分+10秒\n手合割：平手\n先手：a\n後手：b\n"
        "手数----指手---------消費時間--\n"
        "1   ７六歩(77)   (0:2/0:0:2)\n"
        "2   ３四歩(33)   (0:15/0:0:15)\n"
        "3   ２六歩(27)   ( 0:3/)\n"
        "4   ８四歩(83)   (61:05/1:01:20)\n"
        "5   ２五歩(26)   (1:00:07/1:00:12)\n"
        "6   投了   (0:5/0:0:22)\n"
    )
    record = read_kif(text)
    assert record.moves == ("7g7f", "3c3d", "2g2f", "8c8d", "2f2e")
    assert record.times == (2, 15, 3, 61 * 60 + 5, 3607)
