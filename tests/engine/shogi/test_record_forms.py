"""Forms of KIF, KI2 and CSA that other programs write and other readers take (issue
62): each was refused, or read wrong, before. Where no real record with the form could
be kept under a licence that allows it, a minimal record is written here, and the
comment says which program writes the form and where it is documented."""

from __future__ import annotations

import cshogi
import cshogi.KIF
import pytest

from engine.errors import NotationError
from engine.outcome import Outcome, Termination
from engine.shogi import SHOGI
from engine.shogi.csa import write_csa
from engine.shogi.csa_read import read_csa
from engine.shogi.ki2 import write_ki2
from engine.shogi.ki2_read import read_ki2
from engine.shogi.kif import write_kif
from engine.shogi.kif_read import read_kif
from engine.shogi.record_readers import shogi_readers
from tests.engine.shogi.helpers import position
from tests.engine.shogi.records import final_outcome

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


# Sente drops a second pawn on the 7th file (二歩) at move 11, and the record keeps that
# move. Shogi Club 24 writes the foul, then 反則勝ち for the side to move after it, then
# the winner (mogproject/mog-playground issue 285: "27 ４五桂(37)", "28 反則勝ち",
# "まで27手で後手の勝ち"); ShogiGUI writes the foul, then 反則負け and the loser. tsshogi
# appends such a move unchecked (kakinoki.ts, ignoreValidation; shogihome issue 27), cshogi
# leaves it off the board (KIF.py, board.is_legal) and takes the winner from the result line.
FOUL = (
    "手合割：平手\n先手：a\n後手：b\n手数----指手---------消費時間--\n"
    "   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２六歩(27)\n   4 ８四歩(83)\n"
    "   5 ２五歩(26)\n   6 ８五歩(84)\n   7 ２四歩(25)\n   8 同　歩(23)\n"
    "   9 同　飛(28)\n  10 ８六歩(85)\n  11 ７七歩打   ( 0:01/00:00:05)\n"
    "*二歩\n"
)
FOUL_MOVES = ("7g7f", "3c3d", "2g2f", "8c8d", "2f2e", "8d8e", "2e2d", "2c2d", "2h2d", "8e8f")


@pytest.mark.parametrize(
    "ending",
    [
        "  12 反則勝ち\n*二歩の反則\nまで11手で後手の勝ち\n",  # Shogi Club 24
        "  12 反則負け\nまで11手で先手の反則負け\n",  # ShogiGUI
        "  12 反則勝ち\n",  # no result line: the side to move after the foul wins
        "  12 反則負け\n",  # no result line: the foul's own side loses
    ],
)
def test_a_foul_the_record_keeps_ends_the_game(ending: str) -> None:
    record = read_kif(FOUL + ending)
    assert record.moves == FOUL_MOVES  # the foul (P*7g, a second pawn) is not played
    assert record.outcome == Outcome.win(Termination.ILLEGAL_MOVE, 1)
    assert record.comments == ()  # the foul's comment is not the move before's
    assert len(record.times) in (0, len(FOUL_MOVES))
    parsed = cshogi.KIF.Parser.parse_str(FOUL + ending)
    assert [cshogi.move_to_usi(m) for m in parsed.moves][:10] == list(FOUL_MOVES)


@pytest.mark.parametrize(
    "after",
    [
        "",  # the file ends on the foul
        "*反則手にて終局\n",  # 81Dojo: "the game ended on an illegal move"
        "まで11手で後手の勝ち\n",
    ],
)
def test_a_foul_kept_as_the_last_move_ends_the_game_without_an_ending_word(after: str) -> None:
    """81Dojo keeps the foul as the last move and says so only in a comment; cshogi,
    python-shogi and tsshogi read it as the last move, the game over (issue 81)."""
    record = read_kif(FOUL + after)
    assert record.moves == FOUL_MOVES and record.foul == "P*7g"
    assert record.outcome == Outcome.win(Termination.ILLEGAL_MOVE, 1)
    assert record.closing == ("二歩\n反則手にて終局" if after.startswith("*") else "二歩")
    parsed = cshogi.KIF.Parser.parse_str(FOUL + after)
    assert [cshogi.move_to_usi(m) for m in parsed.moves] == [*FOUL_MOVES, "P*7g"]


@pytest.mark.parametrize("after", ["  12 投了\nまで11手で先手の勝ち\n", "  12 ３三角成(88)\n"])
def test_an_illegal_move_another_ending_or_move_follows_is_still_refused_by_its_line(
    after: str,
) -> None:
    with pytest.raises(NotationError, match=r"^line 15: '７七歩打' cannot be played"):
        read_kif(FOUL + after)


# The same game in CSA: the foul kept as a move (+0077FU, a second pawn on the 7th file),
# then the ending that says a foul ended the game: %ILLEGAL_MOVE (the CSA standard V3.0:
# the side to move, who played it, loses), or %+ILLEGAL_ACTION naming sente as the
# offender. tsshogi reads the foul as its move and the foul as the end (csa.ts).
FOUL_CSA = (
    "V2.2\nN+a\nN-b\nPI\n+\n+7776FU\nT3\n-3334FU\n+2726FU\n-8384FU\n+2625FU\n"
    "-8485FU\n+2524FU\n-2324FU\n+2824HI\n-8586FU\n+0077FU\nT1\n'*二歩\n"
)


@pytest.mark.parametrize("ending", ["%ILLEGAL_MOVE\n", "%+ILLEGAL_ACTION\n'二歩の反則\n"])
def test_a_foul_a_csa_record_keeps_ends_the_game(ending: str) -> None:
    record = read_csa(FOUL_CSA + ending)
    assert record.moves == FOUL_MOVES  # the foul is not played
    assert record.outcome == Outcome.win(Termination.ILLEGAL_MOVE, 1)
    assert record.comments == ()  # the foul's comment is not the move before's
    assert record.times == (3.0, *(None,) * 9)  # the foul's T1 is not the move before's


def test_a_foul_a_csa_record_ends_on_ends_the_game() -> None:
    record = read_csa(FOUL_CSA)
    assert record.moves == FOUL_MOVES and record.foul == "P*7g"
    assert record.outcome == Outcome.win(Termination.ILLEGAL_MOVE, 1)


@pytest.mark.parametrize("after", ["%TORYO\n", "-3322UM\n%ILLEGAL_MOVE\n"])
def test_an_illegal_csa_move_another_ending_or_move_follows_is_still_refused_by_its_line(
    after: str,
) -> None:
    with pytest.raises(NotationError, match=r"^line 17: '\+0077FU' cannot be played"):
        read_csa(FOUL_CSA + after)


# And in KI2, as ShogiGUI and Kifu for Windows write it: the foul among the moves, then
# the result line naming the foul (反則負け for the side that played it, 反則勝ち for the
# other), or the ending written as a move (Shogi DB2's form, △反則勝ち) and the winner.
FOUL_KI2 = (
    "手合割：平手\n先手：a\n後手：b\n"
    "▲７六歩　△３四歩　▲２六歩　△８四歩　▲２五歩　△８五歩\n"
    "▲２四歩　△同　歩　▲同　飛　△８六歩　▲７七歩\n*二歩\n"
)


@pytest.mark.parametrize(
    "ending",
    [
        "まで11手で先手の反則負け\n",
        "まで11手で後手の反則勝ち\n",
        "△反則勝ち\nまで11手で後手の勝ち\n",
    ],
)
def test_a_foul_a_ki2_record_keeps_ends_the_game(ending: str) -> None:
    record = read_ki2(FOUL_KI2 + ending)
    assert record.moves == FOUL_MOVES
    assert record.outcome == Outcome.win(Termination.ILLEGAL_MOVE, 1)
    assert record.comments == ()


@pytest.mark.parametrize("after", ["", "まで11手で後手の勝ち\n", "△３三角成\n"])
def test_an_illegal_ki2_move_no_foul_ending_follows_is_still_refused_by_its_line(
    after: str,
) -> None:
    with pytest.raises(NotationError, match=r"^line 5: ▲７七歩 is not a legal move here"):
        read_ki2(FOUL_KI2 + after)


def test_ki2_lost_on_time() -> None:
    # tsshogi's KI2 writer ends a time loss so (kakinoki.ts), as Kifu for Windows does,
    # and its test "import/ki2/end-of-game" reads "まで105手で時間切れにより先手の勝ち"
    record = read_ki2("▲７六歩 △３四歩\nまで2手で時間切れにより後手の勝ち\n")
    assert record.moves == ("7g7f", "3c3d")
    assert record.outcome == Outcome.win(Termination.TIME_FORFEIT, 1)


def test_a_right_seven_piece_handicap_and_a_mate_problem_named_so_in_kif() -> None:
    # Kakinoki's list of handicaps (kakinoki.o.oo7.jp/kif_format.html) has 右七枚落ち
    record = read_kif("手合割：右七枚落ち\n   1 ３二銀(31)\n")
    assert record.start.startswith("3gkgs2/9/") and record.handicap == "right-7"
    assert record.moves == ("3a3b",)
    with pytest.raises(NotationError, match="unknown handicap"):
        read_kif("手合割：九枚落ち\n")


def test_an_ending_written_as_a_ki2_move_without_a_result_line() -> None:
    assert read_ki2("▲７六歩 △３四歩 ▲投了\n").outcome == Outcome.win(Termination.RESIGNATION, 1)
    with pytest.raises(NotationError, match=r"^line 1: ▲２六歩 is played after the game ended"):
        read_ki2("▲７六歩 △投了 ▲２六歩\n")
    with pytest.raises(NotationError, match=r"^line 2: cannot read '△３四步' as a KI2 move"):
        read_ki2("▲７六歩\n△３四步\n")


# The CSA standard V3.0 ends a game at the move limit with %MAX_MOVES; cshogi reads
# floodgate's max_moves as %JISHOGI, and tsshogi writes MAX_MOVES in KIF as 持将棋.
MAX_MOVES = "V3.0\n$MAX_MOVES:2\nPI\n+\n+7776FU\n-3334FU\n%MAX_MOVES\n"


def test_the_move_limit_is_a_draw() -> None:
    record = read_csa(MAX_MOVES)
    assert record.outcome == Outcome.draw(Termination.IMPASSE) and record.move_limit
    assert not read_csa(MAX_MOVES.replace("%MAX_MOVES", "%JISHOGI")).move_limit


def test_each_writer_writes_the_move_limit_in_its_own_form() -> None:
    record = read_csa(MAX_MOVES)
    start, moves, outcome = SHOGI.position(), record.moves, record.outcome
    csa = write_csa(start, moves, outcome=outcome, move_limit=True)
    assert csa.endswith("-3334FU\n%MAX_MOVES\n") and read_csa(csa).move_limit
    assert write_csa(start, moves, outcome=outcome).endswith("%JISHOGI\n")  # an impasse
    # KIF and KI2 have no word for it: 持将棋, as tsshogi writes CSA's %MAX_MOVES in KIF
    kif = write_kif(start, moves, outcome=outcome, move_limit=True)
    assert kif.endswith("   3 持将棋\nまで2手で持将棋\n")
    ki2 = write_ki2(start, moves, outcome=outcome, move_limit=True)
    assert ki2.endswith("まで2手で持将棋\n")
    assert read_kif(kif).outcome == read_ki2(ki2).outcome == outcome
    # a won game says how it was won, whatever the flag
    won = Outcome.win(Termination.RESIGNATION, 0)
    assert write_csa(start, moves, outcome=won, move_limit=True).endswith("%TORYO\n")


def test_a_squeezed_board_line_that_is_not_nine_cells_is_refused_by_its_line() -> None:
    board = "P1-KY-KE-GI-KI-OU-KI-GI-KE-KY\nP2 * -HI * * * * -KA *\n"
    with pytest.raises(NotationError, match=r"^line 2: .* is not a CSA piece"):
        read_csa(board + "P3-FU-FU-FU-FU-FU-FU-FU-FU-FU\n+\n")


def test_00al_gives_the_rest_whatever_the_line_order() -> None:
    text = "P1 *  *  *  * -OU *  *  *  * \nP-00AL\nP+59OU00FU\n+\n+0055FU\n"
    record = read_csa(text)
    assert record.start == "4k4/9/9/9/9/9/9/9/4K4 b P2r2b4g4s4n4l17p 1"
    assert record.moves == ("P*5e",)
    with pytest.raises(NotationError, match=r"^line 3: a second 00AL"):
        read_csa("P-51OU\nP-00AL\nP+00AL\n+\n")


def test_a_blank_line_inside_a_comment_is_written_and_read_back_in_every_format() -> None:
    # ShogiHome writes * alone between an engine's two readings (its encoding test data)
    comments = ("*評価値=80\n\n#評価値=-60", "読み筋\n")
    moves = ["2g2f", "8c8d"]
    kif = read_kif(write_kif(position(), moves, comments=comments))
    ki2 = read_ki2(write_ki2(position(), moves, comments=comments))
    assert kif.comments == ki2.comments == comments
    assert read_csa(write_csa(position(), moves, comments=comments)).comments == comments


def test_a_resignation_in_a_mated_position_comes_back_from_ki2() -> None:
    # ShogiHome's engines resign when mated (its usi-csa-bridge records): KI2's
    # まで…の勝ち alone would read back as the mate the board shows
    start = "4k4/9/4G4/9/9/9/9/9/4K4 b G 1"
    resigned = Outcome.win(Termination.RESIGNATION, 0)
    assert final_outcome(["G*5b"], start) == Outcome.win(Termination.CHECKMATE, 0)
    text = write_ki2(position(start), ["G*5b"], outcome=resigned)
    assert read_ki2(text).outcome == resigned
    mated = Outcome.win(Termination.CHECKMATE, 0)  # a mate needs no comment to come back
    text = write_ki2(position(start), ["G*5b"], outcome=mated)
    assert read_ki2(text).outcome == mated and "Kiban result" not in text


def test_kif_headers_written_with_a_half_width_colon() -> None:
    # tsshogi's test "import/half-size-colon" reads them so
    text = "手合割:平手\n棋戦:関ヶ原の戦い\n先手:徳川家康\n後手:石田三成\n"
    text += "手数----指手---------消費時間--\n   1 ２六歩(27)   ( 0:00/00:00:00)\n"
    record = read_kif(text)
    assert record.players == ("徳川家康", "石田三成") and record.event == "関ヶ原の戦い"
    assert record.handicap == "none" and record.moves == ("2g2f",)
    titled = read_kif("第1局:関ヶ原\n" + text)  # other words before a colon: no header
    assert titled.players == record.players and titled.event == record.event


DIAGRAM = """  ９ ８ ７ ６ ５ ４ ３ ２ １
+---------------------------+
| ・ ・ ・ ・ ・ ・ ・ ・v玉|一
| ・ ・ ・ ・ ・ ・ ・ ・ ・|二
| ・ ・ ・ ・ ・ ・ ・ ・ 歩|三
| ・ ・ ・ ・ ・ ・ ・ ・ ・|四
| ・ ・ ・ ・ ・ ・ ・ ・ ・|五
| ・ ・ ・ ・ ・ ・ ・ ・ ・|六
| ・ ・ ・ ・ ・ ・ ・ ・ ・|七
| ・ ・ ・ ・ ・ ・ ・ ・ ・|八
| ・ ・ ・ ・ 玉 ・ ・ ・ ・|九
+---------------------------+
"""


def test_a_kif_board_diagram_gives_the_start_under_a_handicap_line() -> None:
    # Kifu for Windows and Kifu for iPhone write 手合割：平手 above a mate problem's diagram
    hands = "後手の持駒：歩十七　香四　桂四　銀四　金三　角二　飛二\n"  # pawns first, as written
    text = "手合割：平手\n" + hands + DIAGRAM + "先手の持駒：金\n手数----指手---------消費時間--\n"
    text += "   1 １二金打\n"
    record = read_kif(text)
    assert record.start == "8k/9/8P/9/9/9/9/9/4K4 b G2r2b3g4s4n4l17p 1"  # SFEN's order
    assert record.handicap is None and record.moves == ("G*1b",)
    assert record.outcome == Outcome.win(Termination.CHECKMATE, 0)
    kif = next(reader for reader in shogi_readers(SHOGI) if reader.name == "kif")
    imported = kif.read(text)  # as a game is read in: from the diagram
    assert imported.start == record.start and dict(imported.options) == {}
