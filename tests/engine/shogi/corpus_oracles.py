"""How Kiban's record of a corpus file is compared with tsshogi's and cshogi's, field by
field, and where each reader legitimately differs from Kiban, file by file, with why.

A field is compared as each reader can give it. Conventions that differ for every file
of a kind are put in the comparison, each said where it is made (a CSA comment's star,
cshogi's DRAW for "no result"); a file that differs otherwise is in a table."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import cshogi

from engine.outcome import Outcome, Termination
from engine.record import Branch
from engine.shogi.record import ShogiRecord
from tests.engine.shogi.corpus_files import REFUSED
from tests.engine.shogi.helpers import position

Differs = dict[str, tuple[frozenset[str], str]]
"""By file: the fields a reader gives otherwise than Kiban, and why."""


def _differs(*rows: tuple[str, str, str]) -> Differs:
    """A table from (file, the fields it differs in, why) rows."""
    return {name: (frozenset(fields.split()), why) for name, fields, why in rows}


TSSHOGI = "tsshogi 2.2.0 (the newest on npm)"
ILLEGAL_ACTION = (
    f"{TSSHOGI} reads %+ILLEGAL_ACTION and %-ILLEGAL_ACTION the wrong way round (the side "
    "named loses, by the CSA standard); tsshogi's commit 8bc0304, 'Fix ILLEGAL_ACTION bug', "
    "turns them as Kiban reads them"
)
TSSHOGI_DIFFERS = _differs(
    *((name, "read", f"Kiban refuses it: {why}") for name, why in REFUSED.items()),
    (
        "kifu-for-js-20081220kyoochi.kif",
        "players info",
        "its lines end in CR CR LF (a line end doubled in transfer): tsshogi keeps a CR at "
        "the end of 後手, 棋戦 and 持ち時間, Kiban ends the line there",
    ),
    (
        "kifu-for-js-7mai.ki2",
        "read",
        f"{TSSHOGI} has no 左七枚落ち: it starts even and refuses gote's first move △８二銀",
    ),
    ("kifu-for-js-illegal-win.csa", "ending", ILLEGAL_ACTION),
    ("tsshogi-csa-black-illegal-action.csa", "ending", ILLEGAL_ACTION),
    ("tsshogi-csa-white-illegal-action.csa", "ending", ILLEGAL_ACTION),
    (
        "kifu-for-js-kobayashi-kinsho196702.ki2",
        "ending",
        "a mate problem's answer ending まで49手詰 (mate by the problem's convention, which "
        "leaves out useless interpositions; by the rules gote may still drop on 8b): tsshogi "
        "keeps it as a special move of that name, Kiban as no ending",
    ),
    (
        "kifu-for-js-shogidokoro.kif",
        "times",
        f"Shogidokoro writes a move's time with spaces around the slash, (00:31 / 00:00:31): "
        f"{TSSHOGI} reads no time from it, Kiban 31 seconds",
    ),
    (
        "kifu-for-js-fork-test.kif",
        "branches",
        "Kifu for JS's test of a broken variation numbers two of its moves 5 (６六歩 then "
        "４二銀(31), gote's silver): tsshogi places a move by its number, so takes the second "
        "for an alternative to the first, a sente move made with gote's silver that it keeps "
        "unchecked; Kiban reads a line's moves in order, the second as move 6, gote's, which "
        "the rules allow",
    ),
    (
        "tsshogi-shogidb2-sennichite.ki2",
        "read",
        f"{TSSHOGI} refuses Shogi DB2's ending written as a move (△千日手), which later "
        "versions read (its test import/ki2/shogidb2)",
    ),
    (
        "tsshogi-shogidb2-toryo.ki2",
        "read",
        f"{TSSHOGI} refuses Shogi DB2's ending written as a move (△投了), which later "
        "versions read (its test import/ki2/shogidb2)",
    ),
)
"""Where tsshogi's reading differs from Kiban's: in each, Kiban's is the right one."""

CSHOGI = "cshogi 1.1.0"
KI2_LINES = (
    f"{CSHOGI}'s KI2 reader reads the moves after a line's first from the wrong place "
    "(``pos = m.end()`` of a slice) and fails (IndexError) on a line of several"
)
DIAGRAM = f"{CSHOGI}'s KIF reader does not read a board diagram: it starts from the even start"
DIAGRAM_MOVES = f"{DIAGRAM}, so moves whose origin is read off the wrong board differ"
INLINE_TIMES = (
    f"{CSHOGI}'s CSA reader reads a time only from a T on a line of its own, none from a "
    "move's own line (+7776FU,T1 as Kifu for Windows writes it, +7776FU  ,T0 as GPS Shogi)"
)
VARIATIONS = f"{CSHOGI}'s KIF reader reads on past the main line into the variations (変化)"
CSHOGI_DIFFERS = _differs(
    *(
        (name, "read", KI2_LINES)
        for name in (
            "kifu-for-js-20091203.ki2",
            "kifu-for-js-8mai-sjis.ki2",
            "kifu-for-js-8mai.ki2",
            "kifu-for-js-chudan.ki2",
            "kifu-for-js-denou3-1.ki2",
            "kifu-for-js-fork.ki2",
            "kifu-for-js-kobayashi-kinsho196702.ki2",
            "kifu-for-js-noeol.ki2",
            "shogihome-book-src01.ki2",
            "shogihome-input-ki2-sjis.ki2",
            "shogihome-input-ki2u-utf8.ki2u",
            "shogihome-output-csa-to-ki2-csa-sjis.ki2",
            "shogihome-output-csa-to-ki2-utf8-csa-sjis.ki2",
            "shogihome-output-sfen-to-ki2-record-000001.ki2u",
            "shogihome-output-sfen-to-ki2-record-000002.ki2u",
            "shogihome-output-sfen-to-ki2-record-000003.ki2u",
            "tsshogi-ki2.ki2",
            "tsshogi-shogidb2-sennichite.ki2",
            "tsshogi-shogidb2-toryo.ki2",
        )
    ),
    *(
        (name, "start", DIAGRAM)
        for name in (
            "kifu-for-js-32ryu-cumbersome.kif",
            "kifu-for-js-kanju-kemuri.kif",
            "shogihome-bridge-3-record.kifu",
            "shogihome-bridge-4-record.kifu",
            "shogihome-bridge-6-record.kifu",
            "shogihome-bridge-7-record.kifu",
            "shogihome-bridge-18-record.kifu",
        )
    ),
    *(
        (name, "start moves", DIAGRAM_MOVES)
        for name in (
            "kifu-for-js-fu-10.kif",
            "kifu-for-js-hashimoto-sos.kif",
            "kifu-for-js-taichitsume.kif",
            "tsshogi-handicap-initial-position.kif",
        )
    ),
    *(
        (name, "times", INLINE_TIMES)
        for name in (
            "kifu-for-js-2005-yamada-gps.csa",
            "kifu-for-js-8mai-hirate.csa",
            "kifu-for-js-8mai.csa",
            "kifu-for-js-chudan.csa",
        )
    ),
    *(
        (name, "moves", VARIATIONS)
        for name in (
            "kifu-for-js-fork-notime.kif",
            "kifu-for-js-fork-test.kif",
            "shogihome-output-ki2u-to-kifu-number-suffix-ki2u-utf8-2.kifu",
        )
    ),
    # (the KIF and KI2 of the nine pawns cshogi refuses too: 手合割 その他, a board diagram)
    ("kifu-for-js-9fu.csa", "read", f"Kiban refuses it: {REFUSED['kifu-for-js-9fu.csa']}"),
    (
        "kifu-for-js-shogidokoro.kif",
        "start moves times",
        f"{DIAGRAM_MOVES}; it reads no time from Shogidokoro's (00:31 / 00:00:31)",
    ),
    ("kifu-for-js-7mai.ki2", "read", f"{CSHOGI} has no 左七枚落ち (KeyError)"),
    ("tsshogi-tsumeshogi.kif", "read", f"{CSHOGI} has no 手合割：詰将棋 (KeyError)"),
    (
        "kifu-for-js-kifu-for-iphone.kif",
        "read",
        f"{CSHOGI} refuses Kifu for iPhone's pieces in hand (ParserException)",
    ),
    (
        "tsshogi-csa-v3-example.csa",
        "read",
        f"{CSHOGI} fails on the CSA V3.0 example (IndexError in its C++ reader)",
    ),
    (
        "kifu-for-js-shogidb2.kifu",
        "moves",
        f"{CSHOGI} misreads Shogi DB2's 同歩(54) (同 without its ideographic space) from "
        "move 44 on",
    ),
    (
        "tsshogi-em-space.kif",
        "moves times",
        f"{CSHOGI} misreads 同銀(79) and 同銀　(79) (同 without its ideographic space) from "
        "move 5 on, and so the moves' times",
    ),
    (
        "tsshogi-kifu-for-android.kif",
        "moves times",
        f"{CSHOGI} misreads Kifu for Android's 同銀(79) (同 without its ideographic space) "
        "from move 5 on, and so the moves' times",
    ),
    (
        "tsshogi-half-size-colon.kif",
        "players",
        f"{CSHOGI} takes no header written with a half-width colon (先手:徳川家康)",
    ),
    (
        "tsshogi-half-width.ki2",
        "moves",
        f"{CSHOGI} reads no move of KI2 with half-width numbers and ▽ (▲26歩 ▽34歩)",
    ),
    (
        "tsshogi-00al.csa",
        "start",
        f"{CSHOGI} leaves out the pieces P-00AL gives gote's hand",
    ),
)
"""Where cshogi's reading differs from Kiban's: in each, Kiban's is the right one."""
CSHOGI_CRASHES = {
    "kifu-for-js-9fu-komabetsu.csa": "cshogi 1.1.0 dies of a segmentation fault on the "
    "start: nine pawns on one file given piece by piece, then pieces in hand (P-00GI...)",
}
"""Files cshogi reads only in a process of its own: reading them kills the process."""


def _lines(comment: str, csa: bool) -> list[str]:
    """A comment's lines, blank ones left out. In CSA, a line's leading stars and spaces
    are left out on both sides: floodgate writes an engine's reading as ``'** 130 7g7f``,
    which Kiban and cshogi keep as ``130 7g7f`` and tsshogi as ``* 130 7g7f``."""
    lines = [line.strip() for line in comment.splitlines()]
    return [line.lstrip("* ") if csa else line for line in lines if line.strip()]


def _milliseconds(seconds: float | None) -> int:
    return 0 if seconds is None else round(seconds * 1000)


_TSSHOGI_ENDINGS = {
    # tsshogi's special move: Kiban's terminations for it, and who wins, by the side to move
    "resign": ({Termination.RESIGNATION}, "other"),
    "timeout": ({Termination.TIME_FORFEIT}, "other"),
    "mate": ({Termination.CHECKMATE}, "other"),
    "foulWin": ({Termination.ILLEGAL_MOVE}, "mover"),
    # a perpetual check is a foul: ShogiHome writes 反則負け after it
    "foulLose": ({Termination.ILLEGAL_MOVE, Termination.PERPETUAL_CHECK}, "other"),
    "enteringOfKing": ({Termination.DECLARATION}, "mover"),
    "impass": ({Termination.IMPASSE}, "none"),
    "repetitionDraw": ({Termination.REPETITION}, "none"),
    "maxMoves": ({Termination.IMPASSE}, "none"),
    "draw": ({Termination.AGREEMENT}, "none"),
    # a game won by default (不戦勝, 不戦敗): the side to move won or lost, as with
    # foulWin (tsshogi names no winner; programs built on it score them so)
    "winByDefault": ({Termination.FORFEIT}, "mover"),
    "loseByDefault": ({Termination.FORFEIT}, "other"),
}
_SUSPENDED = ("interrupt", "any:封じ手")
"""tsshogi's special moves for a game broken off (中断, %CHUDAN) or sealed (封じ手)."""


def _ending_agrees(
    record: ShogiRecord | Branch, other: dict[str, Any], final: Outcome | None
) -> bool:
    """Whether Kiban's outcome is what tsshogi's special move says; with none, what the
    last position itself says (a mate the record leaves unwritten)."""
    special, turn = other["ending"], other["turn"]
    if special is None:
        return record.outcome == final and not record.suspended
    if special in _SUSPENDED:
        return record.outcome is None and record.suspended
    if special == "noMate":  # a mate problem's answer that is no mate (不詰): no result
        return record.outcome is None and not record.suspended
    if special not in _TSSHOGI_ENDINGS or record.outcome is None:
        return False
    terminations, winner = _TSSHOGI_ENDINGS[special]
    seats = {"other": {1 - turn}, "mover": {turn}, "none": set()}[winner]
    return record.outcome.termination in terminations and record.outcome.winners == seats


def _position(sfen: str) -> list[str]:
    """A position's board, side to move and hands, in Kiban's order."""
    return position(sfen).text().split()[:3]


def _path_end(start: str, path: Sequence[str]) -> Outcome | None:
    """What the position after ``path`` from ``start`` says of itself (a mate)."""
    probe = position(start)
    for move in path:
        probe.push_text(move)
    return probe.outcome()


def branches_agree(
    start: str, path: Sequence[str], ours: Sequence[Branch], theirs: list[dict[str, Any]], csa: bool
) -> bool:
    """Whether tsshogi's variations of a line (``path``: the moves from ``start`` to its
    end) are Kiban's, field by field and inside each: alternatives at each move in the
    order both keep them (tsshogi lists a line's by move, Kiban as the record gave them)."""
    mine = sorted(ours, key=lambda branch: branch.ply)
    others = sorted(theirs, key=lambda line: int(line["ply"]))
    if len(mine) != len(others):
        return False
    for branch, other in zip(mine, others, strict=True):
        moves = len(branch.moves)
        before = list(path[: branch.ply - 1])
        line = [*before, *branch.moves]
        comments = branch.comments or ("",) * moves
        times = [_milliseconds(t) for t in branch.times or (None,) * moves]
        same = (
            branch.ply == other["ply"]
            and list(branch.moves) == other["moves"]
            and [_lines(c, csa) for c in comments] == [_lines(c, csa) for c in other["comments"]]
            and times == other["times"]
            and _lines(branch.closing, csa) == _lines(other["closing"], csa)
            and (other["ending"] is None or _milliseconds(branch.ending_time) == other["endingMs"])
            and _ending_agrees(branch, other, _path_end(start, line))
            and branches_agree(start, line, branch.branches, other["branches"], csa)
        )
        if not same:
            return False
    return True


def tsshogi_fields(
    record: ShogiRecord | None, other: dict[str, Any], fmt: str, final: Outcome | None
) -> dict[str, bool]:
    """Field by field, whether tsshogi's reading agrees with Kiban's."""
    if record is None or "error" in other:
        return {"read": record is None and "error" in other}
    csa = fmt == "csa"
    moves = len(record.moves)
    comments = record.comments or ("",) * moves
    header, theirs = _lines(record.header, csa), _lines(other["header"], csa)
    info = (record.event, (record.started or "").strip(), record.time_control)
    # tsshogi files CSA's $EVENT as the title (表題), KIF's 棋戦 as the event; it keeps the
    # space some writers put after $START_TIME: (Kiban does not)
    event = other["title"] if csa else other["event"]
    return {
        "read": True,
        "start": record.start.split()[:3] == other["start"].split()[:3],
        "moves": list(record.moves) == other["moves"],
        "players": list(record.players) == other["players"],
        "times": [_milliseconds(t) for t in record.times or (None,) * moves] == other["times"]
        and _milliseconds(record.ending_time) == other["endingMs"],
        "comments": [_lines(c, csa) for c in comments]
        == [_lines(c, csa) for c in other["comments"]],
        # tsshogi keeps a CSA file's own comments only when they start with '*, as a
        # program's; Kiban keeps every one (a writer's banner, the standard's notes)
        "header": set(theirs) <= set(header) if csa else header == theirs,
        # the comment after the ending: tsshogi's special move's (in CSA, only the
        # lines a program's star starts; Kiban keeps every one, as written)
        "closing": set(_lines(other["closing"], csa)) <= set(_lines(record.closing, csa))
        if csa
        else _lines(record.closing, csa) == _lines(other["closing"], csa),
        "info": info == (event, other["started"].strip(), other["timeLimit"]),
        "ending": _ending_agrees(record, other, final),
        "branches": branches_agree(
            record.start, record.moves, record.branches, other["branches"], csa
        ),
    }


def cshogi_fields(record: ShogiRecord | None, parsed: Any, fmt: str) -> dict[str, bool]:
    """Field by field, whether cshogi's reading (or the exception it raised) agrees."""
    if record is None or isinstance(parsed, Exception):
        return {"read": record is None and isinstance(parsed, Exception)}
    names = [name or "" for name in parsed.names]
    fields = {
        "read": True,
        # the same position: cshogi lists a hand's pieces in an order of its own
        "start": _position(parsed.sfen) == _position(record.start),
        "moves": [cshogi.move_to_usi(move) for move in parsed.moves] == list(record.moves),
        "players": names == list(record.players),
        "ending": _cshogi_ending_agrees(record, parsed),
    }
    if fmt != "ki2":  # KI2 has no times
        # whole seconds, 0 where none is given; cshogi's CSA reader also counts a T after
        # the ending (floodgate's %KACHI then T10), which Kiban keeps as the ending's
        plies = len(record.moves)
        theirs = [int(spent) for spent in parsed.times[:plies]]
        theirs += [0] * (plies - len(theirs))
        fields["times"] = [int(spent or 0) for spent in record.times or (None,) * plies] == theirs
    return fields


DRAWS = ("%SENNICHITE", "%JISHOGI", "%HIKIWAKE", "%MAX_MOVES")
"""The CSA endings that are a draw: only with one of them is cshogi's DRAW a draw (it gives
DRAW for %CHUDAN, %TSUMI and a file without an ending too)."""


def _cshogi_ending_agrees(record: ShogiRecord, parsed: Any) -> bool:
    """cshogi gives a winner (BLACK_WIN, WHITE_WIN) or DRAW, and DRAW doubles as "no
    result": a draw is compared only where its ending says one (DRAWS), and %CHUDAN as
    a game broken off. Its KIF reader takes the winner
    from the result line only (まで…), so a KIF file without one gives None: no claim."""
    winners = {cshogi.BLACK_WIN: {0}, cshogi.WHITE_WIN: {1}}
    outcome = record.outcome
    if parsed.win in winners:
        return outcome is not None and outcome.winners == winners[parsed.win]
    if parsed.endgame == "%CHUDAN":
        return outcome is None and record.suspended
    if parsed.win == cshogi.DRAW and parsed.endgame in DRAWS:
        return outcome is not None and not outcome.winners
    return True
