"""KIF records: written, read back, and read by cshogi's and python-shogi's parsers."""

from __future__ import annotations

import re

import cshogi
import cshogi.KIF
import pytest
import shogi.KIF

from engine.errors import NotationError
from engine.outcome import Outcome, Termination
from engine.shogi import HANDICAPS
from engine.shogi.kif import write_kif
from engine.shogi.kif_read import read_kif
from tests.engine.shogi.helpers import RICHEST, START, position
from tests.engine.shogi.records import ENDINGS, final_outcome, random_game

PERPETUAL = "8k/9/6R2/9/9/9/9/9/4K4 b - 1"
CHECKS = ["3c1c", "1a2a", "1c2c", "2a1a", "2c1c", "1a2a", "1c2c", "2a1a", "2c1c"]
CHECKS += ["1a2a", "1c2c", "2a1a", "2c1c"]


@pytest.mark.parametrize("handicap", sorted(HANDICAPS))
def test_games_round_trip_and_cshogi_reads_the_same_moves(handicap: str) -> None:
    moves = random_game(len(handicap), 150, handicap=handicap)
    outcome = final_outcome(moves, handicap=handicap) or Outcome.win(Termination.RESIGNATION, 1)
    text = write_kif(
        position(handicap=handicap), moves, outcome=outcome, players=("Hanako", "Taro")
    )
    record = read_kif(text)
    assert list(record.moves) == moves
    assert record.start == HANDICAPS[handicap]
    assert record.handicap == handicap
    assert record.outcome == outcome
    assert record.players == ("Hanako", "Taro")
    parsed = cshogi.KIF.Parser.parse_str(text)
    assert [cshogi.move_to_usi(m) for m in parsed.moves] == moves
    assert parsed.sfen.split()[:3] == HANDICAPS[handicap].split()[:3]
    assert parsed.names == ["Hanako", "Taro"]


def test_python_shogi_reads_the_same_moves() -> None:
    moves = random_game(5, 120)
    text = write_kif(position(), moves, outcome=Outcome.win(Termination.RESIGNATION, 0))
    parsed = shogi.KIF.Parser.parse_str(text)[0]
    assert parsed["moves"] == moves


@pytest.mark.parametrize("outcome", ENDINGS, ids=str)
def test_every_ending_round_trips(outcome: Outcome | None) -> None:
    moves = random_game(9, 40)
    record = read_kif(write_kif(position(), moves, outcome=outcome))
    assert record.outcome == outcome


def test_cshogi_agrees_on_who_won() -> None:
    wins = {0: cshogi.BLACK_WIN, 1: cshogi.WHITE_WIN}
    moves = random_game(9, 40)  # gote to move at the end
    for outcome in ENDINGS:
        if outcome is None or len(outcome.winners) != 1:
            continue
        if outcome.termination in (Termination.IMPASSE, Termination.ILLEGAL_MOVE):
            continue  # cshogi reads neither a won impasse nor the offender of 反則
        parsed = cshogi.KIF.Parser.parse_str(write_kif(position(), moves, outcome=outcome))
        assert parsed.win == wins[min(outcome.winners)], outcome


def test_sennichite_and_perpetual_check_come_from_the_position() -> None:
    outcome = final_outcome(CHECKS, PERPETUAL)
    assert outcome == Outcome.win(Termination.PERPETUAL_CHECK, 1)
    text = write_kif(position(PERPETUAL), CHECKS, outcome=outcome)
    assert "反則勝ち" in text  # gote, to move, wins by sente's foul
    assert read_kif(text).outcome == outcome
    shuffle = ["5i4h", "5a4b", "4h5i", "4b5a"] * 3
    text = write_kif(position(), shuffle, outcome=final_outcome(shuffle))
    assert "千日手" in text
    assert read_kif(text).outcome == Outcome.draw(Termination.REPETITION)


def test_checkmate_is_written_as_tsumi() -> None:
    start = "8k/9/6NG1/9/9/9/9/9/4K4 b G 1"
    outcome = final_outcome(["G*1b"], start)
    assert outcome == Outcome.win(Termination.CHECKMATE, 0)
    text = write_kif(position(start), ["G*1b"], outcome=outcome)
    assert "   2 詰み" in text and "まで1手で先手の勝ち" in text
    assert read_kif(text).outcome == outcome


def test_a_custom_start_is_written_as_a_board_diagram() -> None:
    moves = random_game(4, 40, RICHEST)
    text = write_kif(position(RICHEST), moves)
    assert "手合割" not in text
    assert "| 飛 ・ ・ ・ ・ ・ ・ ・ ・|一" in text
    assert "後手の持駒：金三　桂三　歩十七" in text
    assert "先手の持駒：飛　角　金　銀　桂　香　歩" in text
    record = read_kif(text)
    assert record.start.split()[:3] == RICHEST.split()[:3]
    assert list(record.moves) == moves
    gote_first = "4k4/9/9/9/9/9/9/9/4K4 w 2P 1"
    record = read_kif(write_kif(position(gote_first), ["5a4b"]))
    assert record.start == gote_first and record.moves == ("5a4b",)


def test_hand_written_kif_with_every_notation_is_read() -> None:
    text = "\n".join(
        [
            "# a comment line",
            "開始日時：2024/05/01 10:00:00",
            "手合割：平手",
            "先手：Hanako",
            "後手：Taro",
            "手数----指手---------消費時間--",
            "   1 ７六歩(77)   ( 0:01/00:00:01)",
            "   2 ３四歩(33)   ( 0:02/00:00:02)",
            "   3 ２二角成(88)",
            "*a comment on the move",
            "   4 同　銀(31)",
            "   5 ４五角打",
            "   6 ５二金(41)",
            "   7 ６三角不成(45)",
            "   8 同　金(52)",
            "   9 投了",
            "まで8手で後手の勝ち",
            "",
            "変化：3手",
            "   3 ７八銀(79)",
        ]
    )
    record = read_kif(text)
    assert record.moves == ("7g7f", "3c3d", "8h2b+", "3a2b", "B*4e", "4a5b", "4e6c", "5b6c")
    assert record.outcome == Outcome.win(Termination.RESIGNATION, 1)
    assert record.players == ("Hanako", "Taro")
    assert record.start == START


PROMOTED = "4k4/9/9/3+L+N+S+B+R1/4+P4/9/9/9/4K4 b - 1"
PROMOTED_MOVES = ["5e4e", "5a4a", "6d5c", "4a3a", "5d4c", "3a4a", "4d3c", "4a3a", "3d1b"]
PROMOTED_MOVES += ["3a4a", "2d1c", "4a3a"]


def test_promoted_pieces_are_named_as_kakinoki_does_and_read_in_every_spelling() -> None:
    text = write_kif(position(PROMOTED), PROMOTED_MOVES)
    for written in ("４五と(55)", "５三成香(64)", "４三成桂(54)", "３三成銀(44)", "１二馬(34)"):
        assert written in text
    assert "１三龍(24)" in text and "| ・ ・ ・ 杏 圭 全 馬 龍 ・|四" in text
    assert read_kif(text).moves == tuple(PROMOTED_MOVES)
    other = text.replace("成香(", "杏(").replace("成桂(", "圭(").replace("龍(", "竜(")
    other = other.replace("４一玉", "４一王")
    assert read_kif(other).moves == tuple(PROMOTED_MOVES)


@pytest.mark.parametrize(
    ("body", "message"),
    [
        # the move in the record's own words, not in USI (7g7e)
        ("   1 ７五歩(77)\n   2 ３四歩(33)", "line 2: '７五歩(77)' cannot be played"),
        ("   1 同　歩(77)", "line 2: '同　歩(77)': 同 (same square)"),  # no \u3000
        ("   1 ７六銀(77)", "moves a 銀, but ７七 holds 歩"),
        ("   1 同　歩(77)", "同 (same square) on the first move"),
        ("   1 ７六歩", "does not say where the piece came from"),
        ("   1 ７六歩成打", "a dropped piece cannot promote"),
        ("   1 blah", "is not a KIF move"),
    ],
)
def test_bad_records_are_refused_with_the_line(body: str, message: str) -> None:
    with pytest.raises(NotationError, match=re.escape(message)):
        read_kif("手合割：平手\n" + body + "\n")


def test_an_unknown_handicap_is_refused() -> None:
    with pytest.raises(NotationError, match="unknown handicap"):
        read_kif("手合割：九枚落ち\n")
