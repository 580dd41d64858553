"""Every export of the real-record corpus read by the programs players open Kiban's files
in (issue 81, item 3): each corpus file read in as a player reads one (``kiban sim
--record``), exported in KIF, KI2 and CSA (``kiban export``), and each export read by
tsshogi (ShogiHome's record library, under node) and cshogi, field by field against what
Kiban read from the file: the start, the moves, the players, each move's time, the
comments (the game's, each move's, the one after the ending), the ending, the event, the
date and the time control, and the variations.

A field a format does not carry is compared as it carries it (KI2 has no times; CSA no
variations, which Kiban writes in words as its moves' comments, test_import_round_trip's
``without_words``), and a reader's known limits are put in the comparison or in the
tables below, each with why; the test checks a table's fields still differ, so no
entry goes stale."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace
from typing import Any

import cshogi
import cshogi.CSA
import cshogi.KI2
import cshogi.KIF
import pytest

from engine.record import Branch
from engine.shogi.ki2_read import MARKS
from engine.shogi.record import ShogiRecord
from tests.engine.shogi.corpus_files import REFUSED, corpus_files, read
from tests.engine.shogi.corpus_oracles import (
    CSHOGI,
    ILLEGAL_ACTION,
    TSSHOGI,
    cshogi_fields,
    tsshogi_fields,
)
from tests.engine.shogi.records import final_outcome
from tests.engine.shogi.tsshogi_runner import tsshogi_read
from tests.firmware_host.store.corpus_exports import CorpusExports
from tests.firmware_host.store.exported_words import split_words

NAMES = [path.name for path in corpus_files() if path.name not in REFUSED]
EXPORTS = ("kif", "ki2", "csa")
CASES = [(name, fmt) for name in NAMES for fmt in EXPORTS]

Differs = dict[tuple[str, str], tuple[frozenset[str], str]]
"""By corpus file and export format: the fields a reader gives otherwise than Kiban,
and why."""


def _differs(*rows: tuple[str, str, str, str]) -> Differs:
    return {(name, fmt): (frozenset(fields.split()), why) for name, fmt, fields, why in rows}


TSSHOGI_DIFFERS: Differs = _differs(
    *(
        (name, "csa", "ending", f"the side that moved last lost by a foul: {ILLEGAL_ACTION}")
        for name in (
            "kifu-for-js-illegal-win.csa",
            "shogihome-bridge-10-record.kifu",
            "tsshogi-csa-white-illegal-action.csa",
        )
    ),
    *(
        (
            name,
            "csa",
            "ending",
            "a game won by default (不戦勝, 不戦敗), which CSA has no word for: Kiban writes "
            "the absent side's %±ILLEGAL_ACTION (the standard's loss by an act other than "
            "a move) beside its own result line; tsshogi reads a foul there, 2.2.0 with "
            f"the winner turned too ({ILLEGAL_ACTION})",
        )
        for name in ("kiban-forfeit-loss.kif", "kiban-forfeit-win.ki2")
    ),
    *(
        (
            "kifu-for-js-7mai.ki2",
            fmt,
            fields,
            f"{TSSHOGI} has no 左七枚落ち: it reads the KIF from the even start, and "
            "refuses the KI2's first move (as it reads the file itself)",
        )
        for fmt, fields in (("kif", "start"), ("ki2", "read"))
    ),
)
"""Where tsshogi's reading of an export differs from what Kiban read from the file."""
DRAWN = (
    "32ryu-cumbersome.kif fu-10.kif hashimoto-sos.kif kanju-kemuri.kif kifu-for-iphone.kif "
    "kobayashi-kinsho196702.ki2 shogidokoro.kif taichitsume.kif"
)
"""The corpus's files (of Kifu for JS) that start from a board diagram, moves after it."""
KIF_DIAGRAM = (
    f"{CSHOGI}'s KIF reader does not read the board diagram Kiban writes for a start that "
    "is no standard opening: it starts from the even start"
)
KI2_DIAGRAM = (
    f"{CSHOGI}'s KI2 reader does not read a board diagram either: from the even start "
    "it finds no piece for a move (IndexError)"
)
PAST_VARIATIONS = (
    f"{CSHOGI}'s KIF reader stops at the result line, and reads on into the variations "
    "(変化) of a game with none (unfinished); its KI2 reader takes a variation's moves "
    "for the next and finds no piece for one (IndexError)"
)
CSHOGI_DIFFERS: Differs = _differs(
    *((f"kifu-for-js-{name}", "kif", "moves start", KIF_DIAGRAM) for name in DRAWN.split()),
    *((f"kifu-for-js-{name}", "ki2", "read", KI2_DIAGRAM) for name in DRAWN.split()),
    *(
        (name, "kif", "moves start", KIF_DIAGRAM)
        for name in ("tsshogi-00al.csa", "tsshogi-handicap-initial-position.kif")
    ),
    *(
        (name, "ki2", "read", KI2_DIAGRAM)
        for name in ("tsshogi-00al.csa", "tsshogi-handicap-initial-position.kif")
    ),
    # ShogiHome's records of games from a position: each move's origin on its even
    # start's board holds the same piece, so cshogi reads the moves, from the wrong start
    *(
        (f"shogihome-bridge-{number}-record.kifu", "kif", "start", KIF_DIAGRAM)
        for number in (3, 4, 6, 7, 18)
    ),
    *(
        (f"shogihome-bridge-{number}-record.kifu", "ki2", "read", KI2_DIAGRAM)
        for number in (6, 7, 18)
    ),
    # no moves to read wrongly: only the start differs
    *(
        (name, fmt, "start", KIF_DIAGRAM if fmt == "kif" else KI2_DIAGRAM)
        for name in (
            "shogihome-bridge-3-record.kifu",
            "shogihome-bridge-4-record.kifu",
            "tsshogi-tsumeshogi.kif",
        )
        for fmt in ("kif", "ki2")
        if (name, fmt) != ("shogihome-bridge-3-record.kifu", "kif")
        and (name, fmt) != ("shogihome-bridge-4-record.kifu", "kif")
    ),
    *(
        (name, fmt, fields, PAST_VARIATIONS)
        for name in (
            "kifu-for-js-fork-notime.kif",
            "kifu-for-js-fork-test.kif",
            "shogihome-input-ki2u-utf8.ki2u",
            "shogihome-output-ki2u-to-kifu-number-suffix-ki2u-utf8-2.kifu",
        )
        for fmt, fields in (("kif", "moves"), ("ki2", "read"))
    ),
    *(
        ("kifu-for-js-7mai.ki2", fmt, "read", f"{CSHOGI} has no 左七枚落ち (KeyError)")
        for fmt in ("kif", "ki2")
    ),
    (
        "kiban-forfeit-loss.kif",
        "ki2",
        "comments",
        f"{CSHOGI}'s KI2 reader knows no result line of a default (its RESULT_RE: "
        "まで2手で不戦敗, as tsshogi writes and reads it), so reads on past it and gives "
        "the comment after the ending to the last move",
    ),
    (
        "tsshogi-csa-standard.csa",
        "csa",
        "comments",
        f"{CSHOGI} decodes a move's ``'**`` comment as ASCII and raises on the Japanese one "
        "the file has (``'**読み筋と評価値``, Electron Shogi's), which Kiban writes as it was",
    ),
    (
        "kifu-for-js-floodgate-aobazero-viper.csa",
        "ki2",
        "read",
        f"{CSHOGI}'s KI2 reader counts a drop among the pieces 上, 引, 寄, 右 and 左 tell "
        "apart, as if it stood on a square: for ▲８五金上 (move 267, the gold on ７六 up; the "
        "one on ８四 could step back, and one could be dropped) it picks the drop, and a "
        "later move finds no piece (IndexError)",
    ),
)
"""Where cshogi's reading of an export differs from what Kiban read from the file."""


@pytest.fixture(scope="module")
def tsshogi(corpus_exports: CorpusExports) -> dict[str, dict[str, Any]]:
    """What tsshogi reads from every export, by ``file:format`` (one node process)."""
    return tsshogi_read({f"{name}:{fmt}": (fmt, corpus_exports[name][fmt]) for name, fmt in CASES})


def as_written(record: ShogiRecord, fmt: str) -> ShogiRecord:
    """What Kiban read from a file, as an export in ``fmt`` carries it: KIF and CSA V2.2
    keep times in whole seconds; KI2 has none (nor a foul, which a KI2 move cannot
    name); CSA no variations."""
    if fmt == "ki2":
        return replace(
            record, times=(), ending_time=None, foul="", branches=_untimed(record.branches)
        )
    whole = replace(
        record,
        times=tuple(_seconds(spent) for spent in record.times),
        ending_time=_seconds(record.ending_time),
        branches=_whole(record.branches),
    )
    return replace(whole, branches=()) if fmt == "csa" else whole


def _seconds(spent: float | None) -> float | None:
    return None if spent is None else float(round(spent))


def _whole(branches: tuple[Branch, ...]) -> tuple[Branch, ...]:
    return tuple(
        replace(
            b,
            times=tuple(_seconds(spent) for spent in b.times),
            ending_time=_seconds(b.ending_time),
            branches=_whole(b.branches),
        )
        for b in branches
    )


def _untimed(branches: tuple[Branch, ...]) -> tuple[Branch, ...]:
    return tuple(
        replace(b, times=(), ending_time=None, foul="", branches=_untimed(b.branches))
        for b in branches
    )


def check(case: tuple[str, str], agree: dict[str, bool], differs: Differs) -> None:
    """Every field agrees, but those the table says differ, which must still differ."""
    expected, _why = differs.get(case, (frozenset(), ""))
    unknown = expected - set(agree)
    assert not unknown, f"{case}: the table names fields never compared: {unknown}"
    disagree = {field for field, same in agree.items() if not same}
    assert disagree == expected, (
        f"{case}: differs in {sorted(disagree)}, the table says {sorted(expected)}"
    )


def _words_out(other: dict[str, Any]) -> dict[str, Any]:
    """tsshogi's reading of a CSA export with the variations in words taken out of its
    comments (the game's and each move's), as Kiban wrote them apart."""
    comments = [split_words(comment)[0] for comment in other["comments"]]
    return {**other, "header": split_words(other["header"])[0], "comments": comments}


@pytest.mark.xdist_group(name="corpus-exports")
@pytest.mark.parametrize(("name", "fmt"), CASES)
def test_tsshogi_reads_each_export_as_kiban_read_the_file(
    tsshogi: dict[str, dict[str, Any]], name: str, fmt: str
) -> None:
    _, record = read(name)
    other = tsshogi[f"{name}:{fmt}"]
    if fmt == "csa" and "error" not in other:
        other = _words_out(other)
    outcome = final_outcome(list(record.moves), record.start)
    agree = tsshogi_fields(as_written(record, fmt), other, fmt, outcome)
    check((name, fmt), agree, TSSHOGI_DIFFERS)


def one_move_a_line(text: str) -> str:
    """A KI2 text with each move on a line of its own: cshogi 1.1.0's KI2 reader reads a
    line's moves after its first from the wrong place (``pos = m.end()`` of a slice) and
    fails on a line of several, as Kifu for Windows, ShogiHome and Kiban write them."""
    marks = re.compile(f"[ 　]*(?=[{MARKS}])")
    lines = []
    for line in text.splitlines():
        if line.lstrip(" 　")[:1] in MARKS:
            lines += [part for part in marks.split(line) if part.strip(" 　")]
        else:
            lines.append(line)
    return "\n".join(lines) + "\n"


@pytest.mark.xdist_group(name="corpus-exports")
@pytest.mark.parametrize(("name", "fmt"), CASES)
def test_cshogi_reads_each_export_as_kiban_read_the_file(
    corpus_exports: CorpusExports, name: str, fmt: str
) -> None:
    _, record = read(name)
    text = corpus_exports[name][fmt]
    try:
        if fmt == "csa":
            parsed = cshogi.CSA.Parser.parse_str(text)[0]
        elif fmt == "ki2":
            parsed = cshogi.KI2.Parser.parse_str(one_move_a_line(text))
        else:
            parsed = cshogi.KIF.Parser.parse_str(text)
    except Exception as error:  # any refusal is cshogi's answer, compared below
        parsed = error
    written = as_written(record, fmt)
    agree = cshogi_fields(written, parsed, fmt)
    if not isinstance(parsed, Exception):
        agree |= cshogi_words(written, parsed, fmt)
    check((name, fmt), agree, CSHOGI_DIFFERS)


def _lines(text: str | None) -> list[str]:
    """A comment's lines as every reader gives them: stripped, the empty ones left out,
    and the stars of an engine's reading (``**``, which cshogi drops) with them."""
    return [line.strip().lstrip("*").strip() for line in (text or "").splitlines() if line.strip()]


def cshogi_words(record: ShogiRecord, parsed: Any, fmt: str) -> dict[str, bool]:
    """The fields cshogi gives beyond ``cshogi_fields``: the comments and the time
    control. cshogi keeps a KIF or KI2 record's comments before the first move and each
    move's (the comment after a KIF ending with the last move's: it reads no special
    move; after a KI2 result line, none: it stops there); of a CSA record, every ``'``
    line as the game's comment, as written, and a move's only from ``'**`` (a comment
    Kiban writes that starts with a star, an engine's reading, is one)."""
    ended = record.outcome is not None or record.suspended
    moves = [_lines(comment) for comment in record.comments]
    note = _lines(record.header)
    closing = _lines(record.closing)
    said = [line for comment in moves for line in comment]
    if fmt == "csa":
        blob = [line[2:] for line in parsed.comment.splitlines() if line.startswith("'*")]
        found = Counter(_lines("\n".join(blob)))
        try:
            found.update(line for comment in parsed.comments for line in _lines(comment))
        except UnicodeDecodeError:  # CSHOGI_DIFFERS says where
            return {"comments": False, "time control": True}
        same = Counter([*note, *said, *closing]) <= found  # the variations in words too
        control = parsed.var_info.get("TIME_LIMIT") or parsed.var_info.get("TIME") or ""
    else:
        theirs = [*_lines(parsed.comment), *(line for c in parsed.comments for line in _lines(c))]
        if not ended:  # the writer makes it the game's comment's last lines
            ours = [*note, *closing, *said]
        elif fmt == "kif":
            ours = [*note, *said, *closing]
        else:
            ours = [*note, *said]
        same = ours == theirs
        control = parsed.var_info.get("持ち時間", "")
    return {"comments": same, "time control": control == record.time_control}
