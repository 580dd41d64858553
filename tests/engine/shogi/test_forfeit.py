"""A game won by default (issue 81): KIF's special moves 不戦勝 (the side to move won, the
other did not play) and 不戦敗 (it lost), and KI2's ``まで0手で不戦勝``, read with or
without moves before them and whichever side is to move, as tsshogi reads them (its
``WIN_BY_DEFAULT`` and ``LOSE_BY_DEFAULT``: the side to move's win and loss, as for its
``FOUL_WIN``); written back in KIF and KI2 in the same words, and in CSA, which has no
word for a default, as the absent side's ``%±ILLEGAL_ACTION`` beside Kiban's own
result line (cshogi reads the winner from it, and from KIF's result line)."""

from __future__ import annotations

from typing import Any

import cshogi
import cshogi.CSA
import cshogi.KIF
import pytest
import shogi.KIF

from engine.outcome import Outcome, Termination
from engine.registry import find_game
from engine.shogi.csa import write_csa
from engine.shogi.csa_read import read_csa
from engine.shogi.ki2 import write_ki2
from engine.shogi.ki2_read import read_ki2
from engine.shogi.kif import write_kif
from engine.shogi.kif_read import read_kif
from engine.shogi.record import ShogiRecord
from tests.engine.shogi.corpus_oracles import tsshogi_fields
from tests.engine.shogi.records import final_outcome
from tests.engine.shogi.tsshogi_runner import tsshogi_read

SHOGI = find_game("shogi")
EVEN = "手合割：平手\n先手：来た人\n後手：来なかった人\n手数----指手---------消費時間--\n"
BISHOP = "手合割：角落ち\n下手：来た人\n上手：来なかった人\n手数----指手---------消費時間--\n"
"""A bishop handicap: gote (上手) moves first."""
MOVE = "   1 ７六歩(77)   ( 0:03/00:00:03)\n"


def won(seat: int) -> Outcome:
    return Outcome.win(Termination.FORFEIT, seat)


KIF_CASES = {
    # name: (text, moves, outcome)
    "even-win": (EVEN + "   1 不戦勝\n", (), won(0)),
    "even-loss": (EVEN + "   1 不戦敗   ( 0:00/00:00:00)\n", (), won(1)),
    "moved-win": (EVEN + MOVE + "   2 不戦勝   ( 0:00/00:00:00)\n", ("7g7f",), won(1)),
    "moved-loss": (EVEN + MOVE + "   2 不戦敗\nまで1手で先手の勝ち\n", ("7g7f",), won(0)),
    "gote-first-win": (BISHOP + "   1 不戦勝\n", (), won(1)),
    "gote-first-loss": (BISHOP + "   1 不戦敗\nまで0手で下手の勝ち\n", (), won(0)),
}
KI2_CASES = {
    "even-win": ("手合割：平手\n\nまで0手で不戦勝\n", (), won(0)),
    "even-loss": ("手合割：平手\n\nまで0手で不戦敗\n", (), won(1)),
    "moved-win": ("手合割：平手\n▲７六歩\nまで1手で不戦勝\n", ("7g7f",), won(1)),
    "moved-loss": ("手合割：平手\n▲７六歩\nまで1手で不戦敗\n", ("7g7f",), won(0)),
    "gote-first-win": ("手合割：角落ち\n\nまで0手で不戦勝\n", (), won(1)),
}
KI2_NAMED = {
    # the side named, not the side to move (tsshogi reads these as words it does not know)
    "named-win": ("手合割：平手\n▲７六歩\nまで1手で先手の不戦勝\n", ("7g7f",), won(0)),
    "named-loss": ("手合割：平手\n▲７六歩\nまで1手で先手の不戦敗\n", ("7g7f",), won(1)),
    # written as a move, as Shogi DB2 writes 投了 (tsshogi skips the word: no ending)
    "as-a-move": ("手合割：平手\n▲７六歩 △不戦勝\n", ("7g7f",), won(1)),
}


@pytest.fixture(scope="module")
def tsshogi() -> dict[str, dict[str, Any]]:
    """What tsshogi reads from each KIF and KI2 case (one node process)."""
    texts = {f"kif:{name}": ("kif", case[0]) for name, case in KIF_CASES.items()}
    texts |= {f"ki2:{name}": ("ki2", case[0]) for name, case in KI2_CASES.items()}
    return tsshogi_read(texts)


def agrees(record: ShogiRecord, other: dict[str, Any], fmt: str) -> None:
    fields = tsshogi_fields(record, other, fmt, final_outcome(list(record.moves), record.start))
    assert all(fields.values()), fields


@pytest.mark.xdist_group(name="tsshogi")
@pytest.mark.parametrize("name", KIF_CASES)
def test_kif_reads_a_default_as_tsshogi_does(name: str, tsshogi: dict[str, dict[str, Any]]) -> None:
    text, moves, outcome = KIF_CASES[name]
    record = read_kif(text)
    assert (record.moves, record.outcome, record.suspended) == (moves, outcome, False)
    assert tsshogi[f"kif:{name}"]["ending"] in ("winByDefault", "loseByDefault")
    agrees(record, tsshogi[f"kif:{name}"], "kif")
    # cshogi and python-shogi skip the word, and read the same moves
    parsed = cshogi.KIF.Parser.parse_str(text)
    assert [cshogi.move_to_usi(move) for move in parsed.moves] == list(moves)
    assert shogi.KIF.Parser.parse_str(text)[0]["moves"] == list(moves)


@pytest.mark.xdist_group(name="tsshogi")
@pytest.mark.parametrize("name", KI2_CASES)
def test_ki2_reads_a_default_as_tsshogi_does(name: str, tsshogi: dict[str, dict[str, Any]]) -> None:
    text, moves, outcome = KI2_CASES[name]
    record = read_ki2(text)
    assert (record.moves, record.outcome, record.suspended) == (moves, outcome, False)
    assert tsshogi[f"ki2:{name}"]["ending"] in ("winByDefault", "loseByDefault")
    agrees(record, tsshogi[f"ki2:{name}"], "ki2")


@pytest.mark.parametrize("name", KI2_NAMED)
def test_ki2_reads_a_default_that_names_its_side_or_stands_as_a_move(name: str) -> None:
    text, moves, outcome = KI2_NAMED[name]
    record = read_ki2(text)
    assert (record.moves, record.outcome) == (moves, outcome)


ROUND_TRIPS = [(moves, seat) for moves in ((), ("7g7f",), ("7g7f", "3c3d")) for seat in (0, 1)]


@pytest.mark.parametrize(("moves", "seat"), ROUND_TRIPS)
def test_every_format_writes_a_default_back(moves: tuple[str, ...], seat: int) -> None:
    start = SHOGI.position(None)
    outcome = won(seat)
    to_move = len(moves) % 2
    word = "不戦勝" if seat == to_move else "不戦敗"
    side = ("先手", "後手")[seat]
    kif = write_kif(start, moves, outcome=outcome, players=("A", "B"))
    assert f"{len(moves) + 1:>4} {word}\nまで{len(moves)}手で{side}の勝ち\n" in kif
    assert "Kiban result" not in kif  # the special move says it all
    ki2 = write_ki2(start, moves, outcome=outcome, players=("A", "B"))
    assert ki2.endswith(f"まで{len(moves)}手で{word}\n") and "Kiban result" not in ki2
    csa = write_csa(start, moves, outcome=outcome, players=("A", "B"))
    absent = "+-"[1 - seat]
    assert csa.endswith(f"'Kiban result: FORFEIT {seat}\n%{absent}ILLEGAL_ACTION\n")
    for text, reader in ((kif, read_kif), (ki2, read_ki2), (csa, read_csa)):
        back = reader(text)
        assert (back.moves, back.outcome, back.players) == (moves, outcome, ("A", "B"))
    # cshogi takes the winner from KIF's result line and from CSA's %±ILLEGAL_ACTION
    winner = (cshogi.BLACK_WIN, cshogi.WHITE_WIN)[seat]
    assert cshogi.KIF.Parser.parse_str(kif).win == winner
    assert cshogi.CSA.Parser.parse_str(csa)[0].win == winner


@pytest.mark.xdist_group(name="tsshogi")
def test_tsshogi_reads_the_kif_and_ki2_written_as_the_same_default() -> None:
    start = SHOGI.position(None)
    texts: dict[str, tuple[str, str]] = {}
    records: dict[str, ShogiRecord] = {}
    for moves, seat in ROUND_TRIPS:
        for fmt, writer, reader in (("kif", write_kif, read_kif), ("ki2", write_ki2, read_ki2)):
            name = f"{fmt}:{len(moves)}:{seat}"
            text = writer(start, moves, outcome=won(seat), players=("A", "B"))
            texts[name] = (fmt, text)
            records[name] = reader(text)
    read = tsshogi_read(texts)
    for name, record in records.items():
        assert read[name]["ending"] in ("winByDefault", "loseByDefault"), name
        agrees(record, read[name], texts[name][0])


def test_both_sides_absent_has_no_word_and_keeps_kibans_line() -> None:
    """No format has a word for a default both sides lost: KIF and KI2 write it broken
    off (中断) and CSA %CHUDAN, each beside Kiban's result line, which reads it back."""
    start = SHOGI.position(None)
    nobody = Outcome.draw(Termination.FORFEIT)
    for writer, reader in ((write_kif, read_kif), (write_ki2, read_ki2), (write_csa, read_csa)):
        text = writer(start, ("7g7f",), outcome=nobody)
        assert "Kiban result: FORFEIT -" in text
        assert reader(text).outcome == nobody
