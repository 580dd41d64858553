"""Record files' bytes read as text: the encoding found (a byte order mark, the one the
record declares, else UTF-8, Shift_JIS or EUC-JP by which decodes without noise), so an
EUC-JP record is read as one and not as Shift_JIS."""

from __future__ import annotations

import codecs

import pytest

from engine.record_text import declared_encoding, decode_record, noise
from engine.shogi.csa_read import read_csa
from engine.shogi.kif_read import read_kif

# A CSA record as a Unix machine keeps it (EUC-JP, no encoding line): the standard's own
# example (tests/engine/shogi/corpus/kifu-for-js-example.csa), its players' names in kanji.
# In EUC-JP these bytes decode as Shift_JIS without an error, into half-width katakana.
CSA = "V2.2\nN+中原誠\nN-米長邦雄\nPI\n+\n+2726FU\nT12\n-3334FU\nT6\n%TORYO\n"
NAMES = ("中原誠", "米長邦雄")
# A KIF without the #KIF line that would name its encoding, as Kifu for Windows wrote them
# before version 2.0 of the format (kakinoki.o.oo7.jp/kif_format.html).
KIF = (
    "開始日時：2024/05/01\n手合割：平手\n先手：羽生善治\n後手：藤井聡太\n"
    "手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 投了\n"
)


@pytest.mark.parametrize("codec", ["utf-8", "cp932", "euc_jp"])
def test_each_encoding_is_found_without_a_declaration(codec: str) -> None:
    assert decode_record(CSA.encode(codec)) == CSA
    assert read_csa(decode_record(CSA.encode(codec))).players == NAMES
    assert read_kif(decode_record(KIF.encode(codec))).players == ("羽生善治", "藤井聡太")


def test_euc_jp_read_as_shift_jis_is_noise() -> None:
    # why the noise decides: EUC-JP decodes as cp932 without an error, the names garbled
    garbled = CSA.encode("euc_jp").decode("cp932")
    assert read_csa(garbled).players == ("ﾃ貂ｶﾀｿ", "ﾊﾆﾄｹﾋｮﾍｺ")
    assert noise(garbled) > 0 and noise(CSA) == 0


@pytest.mark.parametrize(
    ("first", "codec"),
    [
        ("#KIF version=2.0 encoding=UTF-8", "utf-8"),  # the KIF header Kiban writes
        ("#KIF version=2.0 encoding=Shift_JIS", "cp932"),  # Kifu for Windows V7
        ("'CSA encoding=SHIFT_JIS", "cp932"),  # the CSA standard V3.0, section 2.2
        ("'encoding=Shift_JIS", "cp932"),  # Kifu for Windows' CSA (json-kifu-format tests)
        ("'encoding=EUC-JP", "euc_jp"),
    ],
)
def test_a_declared_encoding_is_read(first: str, codec: str) -> None:
    data = f"{first}\n{CSA}".encode(codec)
    assert declared_encoding(data) == codec
    assert decode_record(data) == f"{first}\n{CSA}"


def test_a_declaration_the_bytes_belie_gives_way() -> None:
    # a UTF-8 file under a Shift_JIS header (a file converted and its header kept)
    text = f"#KIF version=2.0 encoding=Shift_JIS\n{KIF}"
    assert decode_record(text.encode("utf-8")) == text


def test_a_byte_order_mark_decides() -> None:
    assert decode_record(codecs.BOM_UTF8 + KIF.encode("utf-8")) == KIF
    assert decode_record(KIF.encode("utf-16")) == KIF


def test_bytes_no_encoding_decodes_are_read_with_the_fewest_replacements() -> None:
    text = decode_record(KIF.encode("utf-8") + b"\xff\xfe\xff")
    assert text.startswith(KIF) and text.count("\ufffd") <= 3
