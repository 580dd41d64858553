"""Records from the world, read in full: KIF, CSA and KI2 files other programs and
people wrote (tests/engine/shogi/corpus/README.md says whose, under which licence),
each move replayed through the rules, with the names, the start (a handicap, a board
diagram), the comments, the times and the ending; each also read by an independent
reader (cshogi, python-shogi) where one reads it. KI2 is read against cshogi's KI2
writer over seeded random games, every ambiguity among them."""

from __future__ import annotations

import random

import cshogi
import cshogi.CSA
import cshogi.KI2
import cshogi.KIF
import pytest
import shogi.KIF

from engine.errors import NotationError
from engine.outcome import Outcome, Termination
from engine.shogi import SHOGI
from engine.shogi.csa_read import read_csa
from engine.shogi.handicaps import ALL_HANDICAPS
from engine.shogi.ki2_read import read_ki2
from engine.shogi.kif_read import read_kif
from engine.shogi.record import handicap_of
from engine.shogi.record_readers import shogi_readers
from tests.engine.shogi.corpus_files import CORPUS, REFUSED, corpus_files, read

EVEN = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"
LICENCES = ("MIT", "BSD", "Apache", "CC0", "CC-BY", "public domain")
"""The licences a corpus file may come under: those that allow it to be kept here."""
EIGHT = "3gkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"


def test_every_file_of_the_corpus_is_read_and_has_its_licence_noted() -> None:
    noted = (CORPUS / "README.md").read_text(encoding="utf-8")
    rows = {line.split("`")[1]: line for line in noted.splitlines() if line.startswith("| `")}
    files = corpus_files()
    assert len(files) >= 156
    assert sorted(rows) == [path.name for path in files]  # a row for each file, no more
    for path in files:
        licence = rows[path.name].rstrip(" |").rsplit("|", 1)[1].strip()
        assert licence.startswith(LICENCES), path.name
        if path.name in REFUSED:
            with pytest.raises(NotationError, match="cannot be played"):
                read(path.name)
            continue
        _text, record = read(path.name)
        # a problem may have no moves, and so may a game won by default
        forfeit = record.outcome is not None and record.outcome.termination is Termination.FORFEIT
        assert record.moves or record.start != EVEN or forfeit, path.name
        assert record.handicap == handicap_of(record.start), path.name


def test_a_floodgate_record_with_a_comment_among_statements() -> None:
    text, record = read("kifu-for-js-floodgate-aobazero-viper.csa")
    assert "%KACHI,'* -5000 win" in text  # the line that was refused
    assert record.players == ("aobazero", "viper")
    assert record.start == EVEN and record.handicap == "none"
    assert len(record.moves) == 400
    assert record.outcome == Outcome.win(Termination.DECLARATION, 0)  # aobazero declared
    assert record.times[:4] == (10.0, 0.0, 10.0, 0.0)
    # the move's own '** line: a comment ('*) that is an engine's reading (*)
    assert record.comments[0] == "* 130 7g7f 8c8d 7i6h 3c3d"
    assert "Max_Moves:512" in record.header
    parsed = cshogi.CSA.Parser.parse_str(text)[0]
    assert [cshogi.move_to_usi(m) for m in parsed.moves] == list(record.moves)
    assert parsed.win == cshogi.BLACK_WIN and parsed.endgame == "%KACHI"
    # cshogi takes the line's stars and space off, Kiban only the comment's own star
    assert list(parsed.comments) == [c.lstrip("* ") for c in record.comments]
    # (cshogi also counts the T line after the ending, the declaration's own time)
    assert list(parsed.times[:400]) == [int(t or 0) for t in record.times]


def test_the_csa_standards_own_example() -> None:
    text, record = read("kifu-for-js-example.csa")
    assert record.players == ("NAKAHARA", "YONENAGA")
    assert record.moves == ("2g2f", "3c3d") and record.outcome is None  # %CHUDAN
    assert record.times == (12.0, 6.0)
    assert "棋譜ファイルの例" in record.header
    parsed = cshogi.CSA.Parser.parse_str(text)[0]
    assert [cshogi.move_to_usi(m) for m in parsed.moves] == list(record.moves)


def test_a_title_game_to_its_sealed_move() -> None:
    text, record = read("kifu-for-js-meijinsen-20180508.kif")
    assert record.players == ("羽生 善治竜王", "佐藤 天彦名人")
    assert record.start == EVEN and len(record.moves) == 52
    assert record.outcome is None  # sealed (封じ手): interrupted, not over
    assert record.suspended and record.sealed
    assert record.times[:4] == (0, 60, 180, 60)
    parsed = cshogi.KIF.Parser.parse_str(text)
    assert [cshogi.move_to_usi(m) for m in parsed.moves] == list(record.moves)
    other = shogi.KIF.Parser.parse_str(text)[0]
    assert other["moves"] == list(record.moves) and other["names"] == list(record.players)


def test_a_shogidokoro_diagram_with_pieces_in_hand_to_a_mate() -> None:
    _text, record = read("kifu-for-js-shogidokoro.kif")
    assert record.start.startswith("4+B2n1/7k1/6pp1/7gp/4P3P/9/9/9/9 b ")
    assert len(record.moves) == 19 and record.moves[0] == "R*5b"
    assert record.outcome == Outcome.win(Termination.CHECKMATE, 0)
    assert record.times[0] == 31


@pytest.mark.parametrize(
    ("name", "start", "moves", "players", "handicap"),
    [
        ("kifu-for-js-chudan.ki2", EVEN, ["7g7f", "3c3d", "8h2b+"], ("sente", "gote"), "none"),
        ("kifu-for-js-fuujite.ki2", EIGHT, ["6a7b", "7g7f"], ("shitate", "uwate"), "8"),
        (
            "kifu-for-js-8mai.ki2",
            EIGHT,
            ["6a7b", "7g7f", "4a3b", "2g2f", "6c6d", "2f2e", "6d6e", "2e2d", "2c2d", "2h2d"],
            ("shitate", "uwate"),
            "8",
        ),
    ],
)
def test_ki2_records_interrupted_sealed_and_handicapped(
    name: str, start: str, moves: list[str], players: tuple[str, str], handicap: str
) -> None:
    _text, record = read(name)
    assert record.start == start and record.handicap == handicap
    assert list(record.moves[: len(moves)]) == moves
    assert record.players == players
    assert record.outcome is None  # 中断, 封じ手: not over
    assert record.suspended  # each ends 中断 or 封じ手
    assert record.sealed == (name == "kifu-for-js-fuujite.ki2")


def test_ki2_moves_as_cshogi_writes_them_every_ambiguity_included() -> None:
    for seed in range(40):
        rng = random.Random(seed)
        board = cshogi.Board()
        written: list[str] = []
        played: list[str] = []
        for _ in range(150):
            legal = list(board.legal_moves)
            if not legal:
                break
            move = rng.choice(legal)
            written.append(cshogi.KI2.move_to_ki2(move, board))
            played.append(cshogi.move_to_usi(move))
            board.push(move)
        lines = [" ".join(written[i : i + 6]) for i in range(0, len(written), 6)]
        record = read_ki2("手合割：平手\n先手：a\n後手：b\n\n" + "\n".join(lines) + "\n")
        assert list(record.moves) == played, seed


def test_a_gps_line_of_statements_with_a_time_and_a_comment() -> None:
    text = "V2.2\nN+gps\nN-b\nPI\n+\n+7776FU ,T0 ,'T0\n-3334FU,T12\n%TORYO\n"
    record = read_csa(text)
    assert record.moves == ("7g7f", "3c3d")
    assert record.times == (0.0, 12.0)
    assert record.outcome == Outcome.win(Termination.RESIGNATION, 1)  # sente to move resigns


def test_toryo_is_a_resignation_even_where_the_board_shows_a_mate() -> None:
    mate = "V2.2\nP1 *  *  *  *  *  *  *  * -OU\nP2 *  *  *  *  *  *  *  *  * \n"
    mate += "P3 *  *  *  *  *  * +KE+KI * \n" + "".join(
        f"P{rank} *  *  *  *  *  *  *  *  * \n" for rank in range(4, 9)
    )
    mate += "P9 *  *  *  * +OU *  *  *  * \nP+00KI\n+\n+0012KI\n%TORYO\n"
    assert read_csa(mate).outcome == Outcome.win(Termination.RESIGNATION, 0)


def test_an_ideographic_space_before_the_square_of_origin() -> None:
    text, record = read("tsshogi-em-space.kif")
    assert "同銀　(79)" in text and "同銀(54)" not in text
    assert len(record.moves) == 24 and record.moves[4] == "7i8h"
    assert record.moves[23] == "5d4e" and record.times[:2] == (6, 0)


def test_a_mate_problem_whose_handicap_says_tsume_shogi() -> None:
    text, record = read("tsshogi-tsumeshogi.kif")
    assert "手合割：詰将棋" in text
    assert record.start == "9/7S1/5P1k1/7pP/6P2/9/2B6/9/9 b 2rb4g3s4n4l14p 1"
    assert record.moves == () and record.handicap is None


def test_ki2_with_half_width_numbers_and_white_triangles() -> None:
    text, record = read("tsshogi-half-width.ki2")
    assert text.startswith("▲26歩 ▽34歩")
    assert len(record.moves) == 19
    assert record.moves[0] == "2g2f" and record.moves[-1] == "4i5h"  # ▲58金右


@pytest.mark.parametrize(
    ("name", "plies", "outcome"),
    [
        ("tsshogi-shogidb2-toryo.ki2", 8, Outcome.win(Termination.RESIGNATION, 1)),
        ("tsshogi-shogidb2-sennichite.ki2", 9, Outcome.draw(Termination.REPETITION)),
    ],
)
def test_ki2_whose_ending_is_written_as_a_move(name: str, plies: int, outcome: Outcome) -> None:
    # Shogi DB2 writes △投了 and △千日手 among the moves, the mark not always the mover's
    _text, record = read(name)
    assert len(record.moves) == plies and record.outcome == outcome


def test_a_left_seven_piece_handicap() -> None:
    _text, record = read("kifu-for-js-7mai.ki2")
    assert record.start == "2sgkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"
    assert record.handicap == "left-7" and record.moves == ("7a8b", "7g7f")
    assert record.players == ("shitate", "uwate") and record.outcome is None


def test_the_csa_standard_v3_example_with_its_board_squeezed_to_one_space_a_cell() -> None:
    text, record = read("tsshogi-csa-v3-example.csa")
    assert "P2 * -HI * * * * * -KA *\n" in text and text.startswith("'CSA encoding=UTF-8")
    assert record.start == EVEN and record.players == ("先手", "後手")
    assert record.moves == ("2g2f", "3c3d") and record.times == (0.0, 6.123)
    assert record.outcome is None  # %CHUDAN


def test_the_rest_of_the_pieces_given_to_gote_with_00al() -> None:
    text, record = read("tsshogi-00al.csa")
    assert "P-00AL" in text
    assert record.start == "7n1/6gk1/6gpN/9/9/6b1P/9/9/9 b 2R2Gb4s2n4l16p 1"
    assert len(record.moves) == 11 and record.outcome == Outcome.win(Termination.CHECKMATE, 0)


def test_headers_written_with_a_half_width_colon() -> None:
    text, record = read("tsshogi-half-size-colon.kif")
    assert "先手:徳川家康" in text and "先手：" not in text
    assert record.players == ("徳川家康", "石田三成") and record.event == "関ヶ原の戦い"
    assert len(record.moves) == 3
    # a line of other words with a half-width colon stays no header
    titled = read_kif("第1局:関ヶ原\n" + text)
    assert titled.players == record.players and titled.moves == record.moves


def test_a_diagrams_pieces_in_hand_are_written_in_sfens_order() -> None:
    text, record = read("kifu-for-js-32ryu-cumbersome.kif")
    assert "後手の持駒：歩十七　香三　桂四　銀四　金四" in text  # listed pawns first
    assert record.start == "7kl/5+R1b1/5K1p1/6+R2/9/8b/9/9/9 b 4g4s4n3l17p 1"


@pytest.mark.parametrize(
    ("name", "named"),
    [
        ("kifu-for-js-kifu-for-iphone.kif", "平手"),
        ("tsshogi-handicap-initial-position.kif", "角落ち"),
    ],
)
def test_a_board_diagram_gives_the_start_whatever_the_handicap_line_says(
    name: str, named: str
) -> None:
    text, record = read(name)
    assert f"手合割：{named}" in text and "+---------------------------+" in text
    assert record.handicap is None and record.start == read_kif(text).start
    board = record.start.split(maxsplit=1)[0]
    assert board not in (EVEN.split(maxsplit=1)[0], ALL_HANDICAPS["bishop"].split(maxsplit=1)[0])
    kif = next(reader for reader in shogi_readers(SHOGI) if reader.name == "kif")
    imported = kif.read(text)  # as a game is read in: the diagram, not the named opening
    assert imported.start == record.start and dict(imported.options) == {}
