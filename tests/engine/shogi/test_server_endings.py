"""The endings big servers write (issue 81, item 1): 81Dojo's English ``Time-up``, its
other special moves and its comments that end a record, and a foul kept as the last
move with or without its 反則 marker. The form is 81Dojo's client's own (its KIF
writer, ``EightyOneShogi.as`` ``_formatKIF`` and ``Movement.as``'s special move names:
``194  Time-up   ( 0:0/)``, ``反則手``, ``連続王手の千日手``, ``27点宣言勝ち``,
``接続切れ``); cshogi and python-shogi, read beside Kiban, take the same moves."""

from __future__ import annotations

import cshogi
import cshogi.KIF
import pytest
import shogi.KIF

from engine.errors import NotationError
from engine.outcome import Outcome, Termination
from engine.registry import find_game
from engine.shogi.csa import write_csa
from engine.shogi.csa_read import read_csa
from engine.shogi.kif import write_kif
from engine.shogi.kif_read import read_kif

DOJO = (
    "#KIF version=2.0 encoding=UTF-8\r\n開始日時：2020/12/31\r\n場所：81Dojo (ver.2016/03/20)\r\n"
    "持ち時間：0分+10秒\r\n手合割：平手\r\n先手：KikiNoOmata\r\n後手：XiaoNoOmata\r\n"
    "手数----指手---------消費時間--\r\n"
    "   1 ７六歩(77)   ( 0:2/)\r\n   2 ３四歩(33)   ( 0:5/)\r\n   3 ７五歩(76)   ( 0:2/)\r\n"
)
MOVES = ("7g7f", "3c3d", "7f7e")
SHOGI = find_game("shogi")


def oracles(text: str) -> tuple[list[str], list[str]]:
    """The moves cshogi and python-shogi read."""
    parsed = cshogi.KIF.Parser.parse_str(text)
    other = shogi.KIF.Parser.parse_str(text)[0]
    return [cshogi.move_to_usi(move) for move in parsed.moves], list(other["moves"])


@pytest.mark.parametrize(
    ("ending", "outcome", "suspended"),
    [
        # gote, to move, ran out of time: the English word 81Dojo writes in its KIF
        ("   4  Time-up   ( 0:0/)\r\n", Outcome.win(Termination.TIME_FORFEIT, 0), False),
        ("*時間切れにて終局\r\n", Outcome.win(Termination.TIME_FORFEIT, 0), False),
        ("   4 反則手   ( 0:1/)\r\n", Outcome.win(Termination.ILLEGAL_MOVE, 0), False),
        ("   4 27点宣言勝ち   ( 0:1/)\r\n", Outcome.win(Termination.DECLARATION, 1), False),
        ("   4 連続王手の千日手   ( 0:1/)\r\n", Outcome.win(Termination.PERPETUAL_CHECK, 1), False),
        ("   4 接続切れ   ( 0:1/)\r\n", None, True),  # which side dropped it is not said
        ("*接続切れにて終局\r\n", None, True),
        ("   4 詰   ( 0:1/)\r\n", Outcome.win(Termination.CHECKMATE, 0), False),  # tsshogi's
    ],
)
def test_81dojos_endings_are_read(ending: str, outcome: Outcome | None, suspended: bool) -> None:
    record = read_kif(DOJO + ending)
    assert record.moves == MOVES
    assert (record.outcome, record.suspended) == (outcome, suspended)
    assert oracles(DOJO + ending) == (list(MOVES), list(MOVES))


def test_time_up_keeps_its_time_and_comes_back_in_kif_and_csa() -> None:
    record = read_kif(DOJO + "   4  Time-up   ( 0:7/)\r\n")
    assert record.ending_time == 7
    start = SHOGI.position(record.start)
    for text, reader in (
        (write_kif(start, record.moves, outcome=record.outcome, ending_time=7), read_kif),
        (write_csa(start, record.moves, outcome=record.outcome, ending_time=7), read_csa),
    ):
        back = reader(text)
        assert (back.moves, back.outcome, back.ending_time) == (MOVES, record.outcome, 7)


KING_JUMP = "   4 ５三玉(51)   ( 0:1/)\r\n"
"""Gote's king two squares forward: no piece moves so, a foul that ends the game."""


@pytest.mark.parametrize("marker", ["*反則手にて終局\r\n", ""])
def test_a_foul_kept_as_the_last_move_is_kept_as_the_foul_and_its_ending(marker: str) -> None:
    text = DOJO + KING_JUMP + marker
    record = read_kif(text)
    assert record.moves == MOVES and record.foul == "5a5c"
    assert record.outcome == Outcome.win(Termination.ILLEGAL_MOVE, 0)
    cshogi_moves, _ = oracles(text)
    assert cshogi_moves == [*MOVES, "5a5c"]  # the foul as the last move, as Kiban keeps it
    start = SHOGI.position(record.start)
    kif = write_kif(start, record.moves, outcome=record.outcome, foul=record.foul)
    assert "   4 ５三玉(51)\n   5 反則勝ち\nまで4手で先手の反則勝ち\n" in kif
    csa = write_csa(start, record.moves, outcome=record.outcome, foul=record.foul)
    assert csa.endswith("-5153OU\n%-ILLEGAL_ACTION\n")
    for back in (read_kif(kif), read_csa(csa)):
        assert (back.moves, back.foul, back.outcome) == (MOVES, "5a5c", record.outcome)
    parsed = cshogi.KIF.Parser.parse_str(kif)
    assert ([cshogi.move_to_usi(m) for m in parsed.moves], parsed.win) == (
        [*MOVES, "5a5c"],
        cshogi.BLACK_WIN,
    )


def test_a_foul_another_move_follows_is_refused_in_the_records_own_words() -> None:
    with pytest.raises(NotationError) as caught:
        read_kif(DOJO + KING_JUMP + "   5 ２六歩(27)\r\n")
    assert str(caught.value).startswith("line 12: '５三玉(51)' cannot be played: it is not a legal")


def test_a_move_after_mate_says_mate() -> None:
    empty = "P{} *  *  *  *  *  *  *  *  * \n"
    board = (
        "P1 *  *  *  *  *  *  *  * -OU\nP2 *  *  *  *  *  * +KI *  * \n"
        "P3 *  *  *  *  *  *  * +FU+FU\n"
        + "".join(empty.format(rank) for rank in range(4, 9))
        + "P9 *  *  *  *  *  *  *  * +OU\nP-00AL\n+\n+3222KI\n-1122OU\n"
    )
    with pytest.raises(
        NotationError, match=r"'-1122OU' cannot be played: the game is over \(checkmate\)"
    ):
        read_csa(board)


def test_a_full_width_space_is_shown_as_it_is() -> None:
    with pytest.raises(NotationError) as caught:
        read_kif("手合割：平手\n   1 同　歩(77)\n")
    assert "'同　歩(77)'" in str(caught.value) and "\\u3000" not in str(caught.value)
