"""CSA records: written, read back, and read by cshogi's parser."""

from __future__ import annotations

import re

import cshogi
import cshogi.CSA
import pytest

from engine.errors import NotationError
from engine.outcome import Outcome, Termination
from engine.shogi import HANDICAPS
from engine.shogi.csa import write_csa
from engine.shogi.csa_read import read_csa
from tests.engine.shogi.helpers import RICHEST, START, position
from tests.engine.shogi.records import ENDINGS, final_outcome, random_game

WINS = {0: cshogi.BLACK_WIN, 1: cshogi.WHITE_WIN}


@pytest.mark.parametrize("handicap", sorted(HANDICAPS))
def test_games_round_trip_and_cshogi_reads_the_same_moves(handicap: str) -> None:
    moves = random_game(len(handicap) + 20, 150, handicap=handicap)
    outcome = final_outcome(moves, handicap=handicap) or Outcome.win(Termination.RESIGNATION, 1)
    text = write_csa(
        position(handicap=handicap), moves, outcome=outcome, players=("Hanako", "Taro")
    )
    record = read_csa(text)
    assert list(record.moves) == moves
    assert record.start == HANDICAPS[handicap]
    assert record.handicap == handicap
    assert record.outcome == outcome
    assert record.players == ("Hanako", "Taro")
    parsed = cshogi.CSA.Parser.parse_str(text)[0]
    assert [cshogi.move_to_usi(m) for m in parsed.moves] == moves
    assert parsed.sfen.split()[:2] == HANDICAPS[handicap].split()[:2]
    assert parsed.names == ["Hanako", "Taro"]


def test_handicaps_are_written_as_pi_with_the_removed_pieces() -> None:
    assert "PI11KY\n-\n" in write_csa(position(handicap="lance"), [])
    assert "PI82HI22KA\n-\n" in write_csa(position(handicap="2"), [])
    assert "PI\n+\n" in write_csa(position(), [])


def test_a_custom_start_is_written_rank_by_rank_with_the_hands() -> None:
    moves = random_game(6, 40, RICHEST)
    text = write_csa(position(RICHEST), moves)
    assert "P1+HI *  *  *  *  *  *  *  * \n" in text
    assert "P+00HI00KA00KI00GI00KE00KY00FU\n" in text
    record = read_csa(text)
    assert record.start.split()[:3] == RICHEST.split()[:3]
    assert list(record.moves) == moves
    parsed = cshogi.CSA.Parser.parse_str(text)[0]
    assert [cshogi.move_to_usi(m) for m in parsed.moves] == moves


@pytest.mark.parametrize("outcome", ENDINGS, ids=str)
def test_every_ending_round_trips(outcome: Outcome | None) -> None:
    moves = random_game(9, 41)
    assert read_csa(write_csa(position(), moves, outcome=outcome)).outcome == outcome


def test_cshogi_agrees_on_who_won() -> None:
    for plies in (40, 41):
        moves = random_game(9, plies)
        for outcome in ENDINGS:
            if outcome is None or len(outcome.winners) != 1:
                continue
            if outcome.termination is Termination.IMPASSE:
                continue  # %JISHOGI is a draw to CSA; Kiban keeps the winner in a comment
            text = write_csa(position(), moves, outcome=outcome)
            if "'Kiban result" in text:
                continue  # CSA's ending alone cannot say this one
            parsed = cshogi.CSA.Parser.parse_str(text)[0]
            assert parsed.win == WINS[min(outcome.winners)], (outcome, text[-40:])


def test_mate_perpetual_check_and_sennichite() -> None:
    start = "8k/9/6NG1/9/9/9/9/9/4K4 b G 1"
    mate = final_outcome(["G*1b"], start)
    text = write_csa(position(start), ["G*1b"], outcome=mate)
    # the CSA standard's mate, which ShogiHome reads as one (it read %TORYO, which Kiban
    # wrote with a comment of its own beside it, as a resignation: issue 81)
    assert text.endswith("+0012KI\n%TSUMI\n")
    assert read_csa(text).outcome == mate
    resigned = text.replace("%TSUMI", "%TORYO")
    assert read_csa(resigned).outcome == Outcome.win(Termination.RESIGNATION, 0)  # as recorded
    perpetual = "8k/9/6R2/9/9/9/9/9/4K4 b - 1"
    checks = ["3c1c", "1a2a", "1c2c", "2a1a", "2c1c", "1a2a", "1c2c", "2a1a", "2c1c"]
    checks += ["1a2a", "1c2c", "2a1a", "2c1c"]
    outcome = final_outcome(checks, perpetual)
    text = write_csa(position(perpetual), checks, outcome=outcome)
    assert text.endswith("%+ILLEGAL_ACTION\n")  # sente, who checked every time, loses
    assert read_csa(text).outcome == Outcome.win(Termination.PERPETUAL_CHECK, 1)
    assert cshogi.CSA.Parser.parse_str(text)[0].win == cshogi.WHITE_WIN


def test_hand_written_csa_is_read() -> None:
    text = "\n".join(
        [
            "' a CSA file",
            "V2.2",
            "N+Hanako",
            "N-Taro",
            "$EVENT:test",
            "PI",
            "+",
            "+7776FU,T3",
            "-3334FU",
            "T5",
            "+8822UM",
            "-3122GI",
            "+0045KA",
            "%TORYO",
        ]
    )
    record = read_csa(text)
    assert record.moves == ("7g7f", "3c3d", "8h2b+", "3a2b", "B*4e")
    assert record.outcome == Outcome.win(Termination.RESIGNATION, 0)
    assert record.start == START


def test_a_position_given_piece_by_piece_is_read() -> None:
    text = "V2.2\nP-51OU\nP+59OU00FU00FU\n+\n+0055FU\n"
    record = read_csa(text)
    assert record.start == "4k4/9/9/9/9/9/9/9/4K4 b 2P 1"
    assert record.moves == ("P*5e",)


@pytest.mark.parametrize(
    ("body", "message"),
    [
        # the move in the record's own words, not in USI (7g7e)
        ("PI\n+\n+7775FU\n-3334FU\n", "line 4: '+7775FU' cannot be played"),
        ("PI\n+\n-3334FU\n", "played out of turn"),
        ("PI\n+\n+7776GI\n", "says GI, but 77 holds FU"),
        ("+7776FU\n", "no start position"),
        ("PI\n+7776FU\n", "the side to move (+ or -) is missing"),
        ("PI\n+\n+7776XX\n", "'XX' is not a CSA piece"),
        ("PI\n+\n+776FU\n", "is not a CSA move"),
        ("PI99KA\n+\n", "PI removes KA from 99"),
        ("PI\n+\n?\n", "cannot read '?'"),
    ],
)
def test_bad_records_are_refused_with_the_line(body: str, message: str) -> None:
    with pytest.raises(NotationError, match=re.escape(message)):
        read_csa("V2.2\n" + body)
