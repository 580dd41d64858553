"""KI2 written: each move as published games write it, checked against the Japan Shogi
Association's notation rules (棋譜の表記方法: motion first, then place, 直 for a piece
stepping straight up, 打 only where a board piece could go too) in positions worked by
hand, against cshogi's KI2 writer over the corpus and seeded random games, and read
back by cshogi's KI2 reader and by our own."""

from __future__ import annotations

import re
from typing import Any

import cshogi
import cshogi.KI2
import pytest

from engine.outcome import Outcome, Termination
from engine.shogi.ki2 import ki2_move, write_ki2
from engine.shogi.ki2_read import read_ki2
from tests.engine.shogi.corpus_files import REFUSED, corpus_files, read
from tests.engine.shogi.helpers import position, sfen
from tests.engine.shogi.records import ENDINGS, final_outcome, random_game
from tests.engine.shogi.test_real_records import EVEN
from tests.engine.shogi.tsshogi_runner import tsshogi_read

STANDARD = [
    path.name
    for path in corpus_files()
    if path.name not in REFUSED and read(path.name)[1].start == EVEN
]


def written(start: str, move: str, previous: int | None = None) -> str:
    pos = position(start)
    return ki2_move(pos, pos.read_move(move), previous)


DRAGONS = sfen({"5a": "k", "2b": "+R", "1c": "+R", "5i": "K"})
GOLDS_IN_A_ROW = sfen({"9a": "k", "6c": "G", "5c": "G", "4c": "G", "5i": "K"})
GOLDS_SPREAD = sfen({"9a": "k", "5a": "G", "6b": "G", "6c": "G", "4c": "G", "5i": "K"})
GOTE_GOLDS = sfen({"1a": "k", "6g": "g", "5g": "g", "4g": "g", "1i": "K"}, turn="w")


@pytest.mark.parametrize(
    ("start", "move", "text"),
    [
        # Wikipedia's 棋譜 figure: both dragons go back to 2四, told apart by place
        (DRAGONS, "1c2d", "▲２四龍右"),
        (DRAGONS, "2b2d", "▲２四龍左"),
        # three golds abreast going up: place alone, 直 for the one straight below
        (GOLDS_IN_A_ROW, "6c5b", "▲５二金左"),
        (GOLDS_IN_A_ROW, "5c5b", "▲５二金直"),
        (GOLDS_IN_A_ROW, "4c5b", "▲５二金右"),
        # motion alone when it tells; place among those moving alike, then motion
        (GOLDS_SPREAD, "5a5b", "▲５二金引"),
        (GOLDS_SPREAD, "6b5b", "▲５二金寄"),
        (GOLDS_SPREAD, "4c5b", "▲５二金右"),
        (GOLDS_SPREAD, "6c5b", "▲５二金左上"),
        # gote's right is sente's left
        (GOTE_GOLDS, "4g5h", "△５八金左"),
        (GOTE_GOLDS, "5g5h", "△５八金直"),
        (GOTE_GOLDS, "6g5h", "△５八金右"),
        # 打 only where a board piece could go too; 成 and 不成 wherever it could promote
        (sfen({"5a": "k", "5i": "K", "4i": "S"}, hand="S"), "S*4h", "▲４八銀打"),
        (sfen({"5a": "k", "5i": "K", "4i": "S"}, hand="S"), "4i4h", "▲４八銀"),
        (sfen({"5a": "k", "5i": "K", "4i": "S"}, hand="S"), "S*1e", "▲１五銀"),
        (sfen({"5a": "k", "5i": "K", "5d": "S"}), "5d5c", "▲５三銀不成"),
        (sfen({"5a": "k", "5i": "K", "5d": "S"}), "5d5c+", "▲５三銀成"),
        (sfen({"5a": "k", "5i": "K", "5d": "S"}), "5d4e", "▲４五銀"),
        (sfen({"5a": "k", "5i": "K", "1b": "P"}), "1b1a+", "▲１一歩成"),
        (sfen({"5a": "k", "5i": "K", "5c": "+S"}), "5c5b", "▲５二成銀"),
        # the twin on 2g goes up to 2c, this one back
        ("7+R1/4k4/9/9/9/9/4K2+Rb/9/9 b - 1", "2a2c", "▲２三龍引"),
    ],
)
def test_a_move_names_only_what_tells_it_apart(start: str, move: str, text: str) -> None:
    assert written(start, move) == text
    assert list(read_ki2(f"{_diagram(start)}\n{text}\n").moves) == [move]


def _diagram(start: str) -> str:
    """A KI2 header holding ``start``, as the writer draws it."""
    return write_ki2(position(start), []).rstrip("\n")


def test_same_square_is_written_dou_with_its_space() -> None:
    pos = position()
    pos.push_text("7g7f")
    pos.push_text("3c3d")
    pos.push_text("8h2b+")
    assert ki2_move(pos, pos.read_move("3a2b"), pos.read_move("8h2b+").to_square) == "△同　銀"


def _as_cshogi_writes(moves: list[str], start: str = EVEN) -> list[tuple[str, str, bool]]:
    """Each move as we write it and as cshogi's KI2 writer does (the space after 同 left
    out), and whether a piece that cannot legally move there (pinned) stands where
    cshogi's writer still counts it."""
    pos, board = position(start), cshogi.Board(start)
    previous: int | None = None
    pairs = []
    for text in moves:
        move, theirs = pos.read_move(text), board.move_from_usi(text)
        rivals = {
            m
            for m in board.pseudo_legal_moves
            if cshogi.move_to(m) == cshogi.move_to(theirs)
            and not cshogi.move_is_drop(m)
            and cshogi.move_from(m) != cshogi.move_from(theirs)
        }
        pinned = any(not board.is_legal(m) for m in rivals)
        ours = ki2_move(pos, move, previous).replace("同　", "同")
        pairs.append((ours, cshogi.KI2.move_to_ki2(theirs, board).replace("同　", "同"), pinned))
        pos.push(move)
        board.push(theirs)
        previous = move.to_square
    return pairs


def _agree(pairs: list[tuple[str, str, bool]]) -> None:
    """cshogi's writer counts pseudo-legal rivals, ours legal ones: where a rival is
    pinned, cshogi says more than the rules need and we say less, both read the same."""
    for ours, theirs, pinned in pairs:
        assert ours == theirs or (pinned and theirs.startswith(ours)), (ours, theirs)


def _one_a_line(text: str) -> str:
    """The moves one to a line, as cshogi's writer puts them: its reader reads past the
    first move of a line from the wrong place (cshogi 1.1.0, ``pos = m.end()`` of a
    slice), so it is handed the same moves, split at each mark (a comment's marks, as
    in Piyo Shogi's ``*#推奨定跡: ▲２六歩   ▲７六歩``, left where they are)."""
    return "\n".join(
        line if line.startswith("*") else re.sub(r"[ 　]*([▲△])", r"\n\1", line)
        for line in text.split("\n")
    )


@pytest.mark.parametrize("name", STANDARD)
def test_every_standard_start_game_of_the_corpus_in_ki2(name: str) -> None:
    _text, record = read(name)
    moves = list(record.moves)
    _agree(_as_cshogi_writes(moves))
    text = write_ki2(
        position(record.start),
        moves,
        outcome=record.outcome,
        players=(record.players[0], record.players[1]),
        comments=record.comments,
        event=record.event,
        time_control=record.time_control,
        started=record.started,
        suspended=record.suspended,
    )
    back = read_ki2(text)
    assert back.moves == record.moves and back.players == record.players
    assert back.outcome == record.outcome and back.suspended == record.suspended
    assert back.comments == record.comments
    assert (back.event, back.time_control, back.started) == (
        record.event,
        record.time_control,
        record.started,
    )
    if name == "kifu-for-js-floodgate-aobazero-viper.csa":
        # move 267, ▲８五金上 (7f8e: the gold going up, the other at 8四 going back),
        # as cshogi's own writer writes it too: cshogi's reader counts sente's gold in
        # hand among the golds it tells apart by rank, reads the drop G*8e, and a later
        # move then fits nothing
        before = position()
        for move in moves[:266]:
            before.push_text(move)
        misread = cshogi.KI2.Parser.parse_move_str("▲８五金上", cshogi.Board(before.text()))
        assert moves[266] == "7f8e" and [cshogi.move_to_usi(m) for m in misread] == ["G*8e"]
        with pytest.raises(IndexError):
            cshogi.KI2.Parser.parse_str(_one_a_line(text))
        return
    parsed = cshogi.KI2.Parser.parse_str(_one_a_line(text))
    assert [cshogi.move_to_usi(m) for m in parsed.moves] == moves
    assert parsed.names == list(record.players)


def test_seeded_random_games_as_cshogis_writer_writes_them_and_read_back() -> None:
    for seed in range(40):
        moves = random_game(seed, 200)
        _agree(_as_cshogi_writes(moves))
        outcome = final_outcome(moves)
        assert list(read_ki2(write_ki2(position(), moves, outcome=outcome)).moves) == moves


@pytest.mark.parametrize("outcome", ENDINGS)
def test_every_ending_reads_back(outcome: Outcome | None) -> None:
    moves = random_game(7, 30)
    back = read_ki2(write_ki2(position(), moves, outcome=outcome))
    assert back.outcome == outcome


def test_the_ending_is_the_result_line() -> None:
    moves = ["7g7f", "3c3d"]
    lost_on_time = Outcome.win(Termination.TIME_FORFEIT, 1)
    text = write_ki2(position(), moves, outcome=lost_on_time, players=("a", "b"))
    assert text.splitlines()[-1] == "まで2手で時間切れにより後手の勝ち"
    assert "▲７六歩　　△３四歩" in text and "切れ負け" not in text
    resigned = write_ki2(position(), moves, outcome=Outcome.win(Termination.RESIGNATION, 1))
    assert resigned.splitlines()[-1] == "まで2手で後手の勝ち"
    assert write_ki2(position(), moves, suspended=True).splitlines()[-1] == "まで2手で中断"
    parsed = cshogi.KI2.Parser.parse_str(_one_a_line(resigned))
    assert parsed.win == cshogi.WHITE_WIN and parsed.endgame == "%TORYO"


def test_a_handicap_game_names_its_handicap_and_gote_moves_first() -> None:
    eight = "3gkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"
    moves = random_game(3, 40, eight)
    text = write_ki2(position(eight), moves, players=("shitate", "uwate"))
    assert "手合割：八枚落ち" in text and "下手：shitate" in text
    assert text.splitlines()[4].startswith("△")
    back = read_ki2(text)
    assert list(back.moves) == moves and back.players == ("shitate", "uwate")


def test_a_comment_ends_its_line_of_moves() -> None:
    moves = random_game(5, 14)
    comments = [""] * 14
    comments[2] = "a thought"
    text = write_ki2(position(), moves, comments=comments)
    lines = text.splitlines()
    at = lines.index("*a thought")
    assert lines[at - 1].count("▲") + lines[at - 1].count("△") == 3
    assert read_ki2(text).comments == tuple(comments)


PINNED = [
    # the dragon on 2g is pinned (gote's bishop on 1h, sente's king on 5d): it cannot
    # go to 2c, but it reaches it, so 引 tells the one on 2a
    (sfen({"2a": "+R", "2g": "+R", "5d": "K", "1h": "b", "9i": "k"}), "2a2c", "▲２三龍引"),
    # the gold on 6d is pinned on the diagonal from 3a's bishop to 7e's king: 寄
    (sfen({"7e": "K", "6d": "G", "7c": "G", "3a": "b", "1i": "k"}), "7c6c", "▲６三金寄"),
    # the gold on 6d is pinned on the file from 6a's lance to 6g's king: 右
    (sfen({"6g": "K", "6d": "G", "4d": "G", "6a": "l", "1i": "k"}), "4d5c", "▲５三金右"),
]


@pytest.fixture(scope="module")
def pinned_read() -> dict[str, dict[str, Any]]:
    """What tsshogi reads from each pinned case's KI2, with its word and without."""
    texts = {}
    for index, (start, move, text) in enumerate(PINNED):
        record = write_ki2(position(start), [move])
        texts[f"{index}"] = ("ki2", record)
        texts[f"{index} bare"] = ("ki2", record.replace(text, text[:-1]))
    return tsshogi_read(texts)


@pytest.mark.parametrize(("index", "case"), list(enumerate(PINNED)))
def test_a_pinned_twin_is_told_apart_as_cshogi_writes_it_and_tsshogi_needs_it(
    pinned_read: dict[str, dict[str, Any]], index: int, case: tuple[str, str, str]
) -> None:
    """Issue 81: the word was left out where the twin may not move there (tsshogi then
    refused 3 of 262 KI2 exports); it names the move among the pieces that reach the
    square, as the Japan Shogi Association's rules and cshogi's writer do."""
    start, move, text = case
    pos = position(start)
    assert sum(1 for m in pos.legal_moves() if m.to_square == pos.read_move(move).to_square) == 1
    assert written(start, move) == text
    board = cshogi.Board(start)
    assert cshogi.KI2.move_to_ki2(board.move_from_usi(move), board) == text
    assert pinned_read[f"{index}"]["moves"] == [move]
    bare = pinned_read[f"{index} bare"]  # without its word, tsshogi does not read the move
    assert "error" in bare or bare["moves"] != [move]
