"""Variations kept (issue 81, item 2): KIF's and KI2's ``変化：N手`` read into the record's
branches, each from the position before the move it replaces, in the depth-first order
Kifu for Windows writes them (the corpus's own files: Kifu for Windows' fork.kif, henka.kif
and fork.ki2, tsshogi's ki2); written back in KIF and KI2 as those programs write them,
and in CSA, which has no form for them, in words as the moves' comments. The corpus test
(test_corpus_oracles.py) compares every file's variations with tsshogi's, field by
field."""

from __future__ import annotations

import pytest

from engine.errors import NotationError
from engine.outcome import Outcome, Termination
from engine.record import Branch, BranchCount
from engine.registry import find_game
from engine.shogi.csa import write_csa
from engine.shogi.csa_read import read_csa
from engine.shogi.ki2 import write_ki2
from engine.shogi.ki2_read import read_ki2
from engine.shogi.kif import write_kif
from engine.shogi.kif_read import read_kif
from tests.engine.shogi.corpus_files import read

SHOGI = find_game("shogi")
HEADER = "手合割：平手\n先手：a\n後手：b\n手数----指手---------消費時間--\n"


def test_kifu_for_windows_variations_are_read_depth_first_from_the_last_branch_point() -> None:
    _, record = read("kifu-for-js-fork.kif")
    assert record.moves == ("7g7f", "3c3d", "2g2f")
    assert record.outcome == Outcome.win(Termination.RESIGNATION, 0)
    assert [(branch.ply, branch.moves) for branch in record.branches] == [
        (3, ("7f7e",)),
        (2, ("8c8d", "7i6h")),
        (1, ("2g2f", "3c3d", "2f2e")),
    ]
    third, second, first = record.branches
    assert (third.suspended, third.times, third.ending_time) == (True, (1,), 0)
    assert second.outcome == Outcome.draw(Termination.IMPASSE)
    # 変化：3手 after the 2手 variation replaces that variation's move 3, not the main line's
    assert [(inner.ply, inner.moves, inner.outcome) for inner in second.branches] == [
        (3, ("2g2f",), Outcome.win(Termination.TIME_FORFEIT, 0))
    ]
    assert first.outcome == Outcome.win(Termination.ILLEGAL_MOVE, 1)  # 後手の反則勝ち
    assert [inner.ply for inner in first.branches] == [3, 2]
    assert [inner.ply for inner in first.branches[1].branches] == [3]
    assert BranchCount.of(record.branches) == BranchCount(7, 11)


def test_alternatives_to_one_move_are_siblings_each_with_its_own_comments() -> None:
    _, record = read("kifu-for-js-henka.kif")
    assert len(record.moves) == 12 and record.suspended
    plies = [branch.ply for branch in record.branches]
    assert plies == [3, 3, 2, 1]  # ６八銀 and ６八飛 both instead of the main line's ２六歩
    assert record.branches[1].moves[0] == "2h6h"
    deep = record.branches[3]
    assert deep.comments[2] == "コメント"
    assert [(inner.ply, inner.moves[0]) for inner in deep.branches] == [(2, "3c3d")]


def test_ki2_variations_and_their_result_lines() -> None:
    _, record = read("kifu-for-js-fork.ki2")
    assert [(branch.ply, branch.moves) for branch in record.branches] == [
        (3, ("7f7e",)),
        (2, ("8c8d", "7i6h")),
        (1, ("2g2f", "3c3d", "2f2e")),
    ]
    mated = record.branches[2].branches[1]  # まで3手で詰: a mate said, though none is shown
    assert mated.outcome == Outcome.win(Termination.CHECKMATE, 0)
    _, tsshogi = read("tsshogi-ki2.ki2")
    assert tsshogi.suspended and len(tsshogi.moves) == 19
    (branch,) = tsshogi.branches
    assert branch.ply == 10 and branch.moves[0] == "2b3c"  # △３三角 instead of △４二銀
    assert branch.outcome == Outcome.win(Termination.RESIGNATION, 0)  # まで13手で投了


def test_a_variation_line_before_the_moves_is_a_header_and_is_skipped() -> None:
    """ShogiHome once wrote a header line beginning 変化： (its issue 570); tsshogi skips it."""
    text = "変化：ある日の研究\n" + HEADER + "   1 ７六歩(77)\n   2 ３四歩(33)\n"
    assert read_kif(text).moves == ("7g7f", "3c3d")


def test_a_variation_of_a_move_the_line_does_not_reach_is_refused_with_its_line() -> None:
    text = HEADER + "   1 ７六歩(77)\n   2 ３四歩(33)\n\n変化：5手\n   5 ２六歩(27)\n"
    with pytest.raises(NotationError, match=r"line 8: a variation of move 5, .* moves 1 to 2"):
        read_kif(text)


def test_a_variations_comment_before_its_first_move_is_that_moves() -> None:
    text = HEADER + "   1 ７六歩(77)\n   2 ３四歩(33)\n\n変化：2手\n*別の手\n   2 ８四歩(83)\n"
    record = read_kif(text)
    assert record.header == "" and record.comments == ()
    assert record.branches[0].comments == ("別の手",)


@pytest.mark.parametrize(
    "name", ["kifu-for-js-fork.kif", "kifu-for-js-henka.kif", "kifu-for-js-doh-branch.kifu"]
)
def test_kif_writes_the_variations_back_as_kifu_for_windows_does(name: str) -> None:
    text, record = read(name)
    written = write_kif(
        SHOGI.position(record.start),
        record.moves,
        outcome=record.outcome,
        comments=record.comments,
        times=record.times,
        suspended=record.suspended,
        ending_time=record.ending_time,
        branches=record.branches,
    )
    assert read_kif(written).branches == record.branches
    # the headings in the file's own order, and the moves with an alternative after them
    assert [line for line in written.splitlines() if line.startswith("変化")] == [
        line.strip().replace("：   ", "：") for line in text.splitlines() if line.startswith("変化")
    ]
    marked = [line.split()[0] for line in written.splitlines() if line.endswith("+")]
    theirs = [line.split()[0] for line in text.splitlines() if line.rstrip().endswith("+")]
    assert marked == theirs


def test_a_variation_without_times_is_marked_apart_from_its_move() -> None:
    branch = Branch(2, ("8c8d",))
    written = write_kif(SHOGI.position(), ["7g7f", "3c3d"], branches=[branch])
    assert "   2 ３四歩(33) +" in written  # ３四歩(33)+ would not be a KIF move
    assert read_kif(written).branches == (branch,)


def test_ki2_writes_the_variations_back() -> None:
    _, record = read("kifu-for-js-fork.ki2")
    written = write_ki2(
        SHOGI.position(record.start), record.moves, outcome=record.outcome, branches=record.branches
    )
    assert "変化：2手\n△８四歩　　▲６八銀\nまで3手で持将棋" in written
    assert read_ki2(written).branches == record.branches


def test_csa_has_no_form_for_variations_and_writes_them_in_words_on_their_move() -> None:
    branch = Branch(2, ("8c8d", "7i6h"), comments=("", "研究"), outcome=None, suspended=True)
    ending = Branch(3, ("2g2f",))  # played instead of the resignation: the last move's
    written = write_csa(
        SHOGI.position(),
        ["7g7f", "3c3d"],
        outcome=Outcome.win(Termination.RESIGNATION, 1),
        comments=("", "本譜"),
        branches=[branch, ending],
    )
    record = read_csa(written)
    assert record.branches == ()
    assert record.comments[0] == ""
    assert record.comments[1].split("\n") == [
        "本譜",
        "変化：2手",
        "△８四歩　　▲６八銀",
        "研究",  # written indented, "　研究": the reader strips a comment's line
        "まで3手で中断",
        "変化：3手",
        "▲２六歩",
    ]
