"""What KIF and CSA records share: the record read, handicap names, outcomes in words.

A record is a start position, the moves in USI, and how the game ended. Both
formats write a handicap game by naming its standard opening and any other
start by drawing the board; both readers replay every move through the rules
engine, so a record that reads is a game that can be played.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from types import MappingProxyType

from engine.errors import GameOverError, IllegalMoveError, NotationError
from engine.outcome import Outcome, Termination
from engine.record import Branch
from engine.record_read import quoted
from engine.shogi.handicaps import ALL_HANDICAPS
from engine.shogi.moves import ShogiMove
from engine.shogi.position import ShogiPosition


@dataclass(frozen=True, slots=True)
class ShogiRecord:
    """A game as a KIF or CSA record holds it (what the readers return)."""

    start: str
    """The start position in SFEN."""
    moves: tuple[str, ...]
    """The moves in USI."""
    outcome: Outcome | None
    players: tuple[str, str] = ("", "")
    handicap: str | None = None
    """The handicap option value when the start is a standard opening ("none" for an even game)."""
    comments: tuple[str, ...] = ()
    """Each move's comment, in move order ("" for none; as long as ``moves`` when any)."""
    times: tuple[float | None, ...] = ()
    """Each move's time in seconds, when the record keeps it (None for a move without)."""
    ending_time: float | None = None
    """The time the side to move spent before the game ended, when the record gives it
    (KIF's on its ending line, CSA's ``T`` after ``%TIME_UP``): a game lost on time's
    last, unfinished move."""
    header: str = ""
    """The comments before the first move (the game's own)."""
    event: str = ""
    """The event (KIF 棋戦, CSA $EVENT)."""
    started: str | None = None
    """When the game began, as written (KIF 開始日時, CSA $START_TIME)."""
    time_control: str = ""
    """The time control as written (KIF 持ち時間, CSA $TIME_LIMIT or V3.0's $TIME)."""
    suspended: bool = False
    """The record says the game was broken off, not ended (KIF 中断 or 封じ手, CSA %CHUDAN)."""
    sealed: bool = False
    """Broken off by a sealed move (KIF and KI2 封じ手): play resumes with it opened."""
    move_limit: bool = False
    """The game was drawn by the move limit (CSA V3.0's ``%MAX_MOVES``): the outcome is a
    draw by impasse, as cshogi reads it and as KIF writes it (持将棋, tsshogi's word for
    it), and CSA's writer says ``%MAX_MOVES`` again."""
    closing: str = ""
    """The comments after the ending (KIF's on its special move or after the result line,
    CSA's after the ``%`` line: floodgate's summary), as written, not the game's own."""
    foul: str = ""
    """The illegal move that ended the game, in USI, when the record keeps it (81Dojo
    writes it and ``*反則手にて終局``; ShogiGUI and Shogi Club 24 write it before
    反則負け or 反則勝ち): not played (``moves`` stop before it), its side lost (the
    outcome says so). "" when the record has none, or cannot say which move it was (KI2,
    whose moves are found among the legal ones)."""
    branches: tuple[Branch, ...] = ()
    """The variations (KIF's and KI2's ``変化：N手``), their moves in USI, as the
    record gives them (``engine.record.Branch``)."""
    other_headers: tuple[tuple[str, str], ...] = ()
    """Every other header the record has, ``(name, value)`` in file order (場所, 表題,
    終了日時, a writer's own ``対局ID``): kept so that an export says them again. A KIF
    name stands as written; a CSA keyword keeps its ``$`` (``$SITE``), so that a pair
    says which format's it is and each writer knows how to write it (``CSA_KEYS``)."""


def handicap_of(sfen: str) -> str | None:
    """The name of the standard opening an SFEN shows (ignoring the move number), or None."""
    fields = sfen.split()[:3]
    for name, text in ALL_HANDICAPS.items():
        if text.split()[:3] == fields:
            return name
    return None


def play(position: ShogiPosition, move: ShogiMove, where: str, written: str = "") -> str:
    """Play a record's move on ``position`` (checked); NotationError saying where if refused,
    naming the move as the record wrote it (``written``: ``１七玉(28)``, ``+2817OU``;
    its USI when not given) and, after the game ended, how it ended (a mate)."""
    text = move.usi()
    named = quoted(written) if written else text
    ended = position.outcome()
    if ended is not None:
        raise NotationError(
            f"{where}: {named} cannot be played: the game is over ({ended.termination.value})"
        )
    try:
        position.push(position.parse_move(text))
    except (IllegalMoveError, NotationError, GameOverError) as error:
        reason = str(error)
        if written and reason.startswith(f"{text} "):  # "2h1g is illegal: ...", said again
            reason = f"it{reason[len(text) :]}"
        raise NotationError(f"{where}: {named} cannot be played: {reason}") from None
    return text


def line_span(lines: Sequence[int]) -> str:
    """Where a part of a record stands: ``line 4``, ``lines 4-12``."""
    first, last = min(lines, default=0), max(lines, default=0)
    return f"line {first}" if first == last else f"lines {first}-{last}"


KIBAN_RESULT = "Kiban result:"
"""A line the writers add when the format's own ending cannot say exactly how the game
ended (an agreed draw, a failed declaration), where other programs do not show it: in
KIF and KI2 a ``#`` line (a line their readers skip; it was a ``*`` comment, which
ShogiHome showed, and is still read so), in CSA a ``'`` comment without a star (which
ShogiHome skips). The readers honour it."""


def result_comment(outcome: Outcome) -> str:
    winners = ",".join(str(seat) for seat in sorted(outcome.winners)) or "-"
    return f"{KIBAN_RESULT} {outcome.termination.name} {winners}"


def read_result_comment(text: str) -> Outcome | None:
    """The outcome of a ``Kiban result:`` comment, or None if the text is not one
    (a comment that only looks like one, naming no termination or seats 0 and 1, is
    an ordinary comment)."""
    body = text.strip()
    if not body.startswith(KIBAN_RESULT):
        return None
    parts = body[len(KIBAN_RESULT) :].split()
    if len(parts) != 2 or parts[0] not in Termination.__members__:
        return None
    seats = [] if parts[1] == "-" else parts[1].split(",")
    if not set(seats) <= {"0", "1"}:
        return None
    return Outcome(Termination[parts[0]], frozenset(int(seat) for seat in seats))


TIME_CONTROL = "持ち時間"
"""KIF's word for the time control; a CSA record says a time control of other words
(not $TIME_LIMIT's form nor $TIME's) in a comment that starts with it, ``'持ち時間：9時間``."""


def comment_lines(mark: str, comment: str) -> list[str]:
    """A comment as a record's comment lines, each starting with ``mark`` (``*`` in
    KIF, ``'`` in CSA); a comment of several lines keeps them, a blank one too (the
    readers keep one: ShogiHome writes ``*`` alone between an engine's two readings),
    and a comment of nothing but spaces writes no line."""
    if not comment.strip():
        return []
    return [f"{mark}{line}" for line in comment.split("\n")]


CSA_KEYS = MappingProxyType({"場所": "$SITE", "終了日時": "$END_TIME", "戦型": "$OPENING"})
"""The KIF headers CSA has a keyword for (the CSA standard V3.0's ``$`` lines), beside
those mapped into the record's own fields (棋戦 $EVENT, 開始日時 $START_TIME, 持ち時間
$TIME_LIMIT): each format's writer writes the other's name as its own."""
KIF_NAMES = MappingProxyType({key: name for name, key in CSA_KEYS.items()})
"""The CSA keywords KIF has a header for, by keyword."""


@dataclass(frozen=True, slots=True)
class BranchPoint:
    """A variation as a writer meets it (``branch_points``): the branch, the position
    before its first move (a copy of its own), where the move before it went (for 同),
    the times of the moves before it on its way from the start (a KIF total counts
    them), and the numbers of its moves that have an alternative written after them
    (KIF's ``+``)."""

    branch: Branch
    position: ShogiPosition
    previous: int | None
    times: tuple[float | None, ...]
    marked: frozenset[int]


def marked(branches: Sequence[Branch]) -> frozenset[int]:
    """The numbers of a line's moves that have an alternative (``branches``)."""
    return frozenset(branch.ply for branch in branches)


def branch_points(
    start: ShogiPosition,
    moves: Sequence[str],
    times: Sequence[float | None],
    branches: Sequence[Branch],
) -> list[BranchPoint]:
    """Every variation of a game (its main line: ``moves`` from ``start``, not
    changed, with their ``times``) in the order KIF and KI2 write them, as Kifu for
    Windows and tsshogi do: depth first, a line's last branch point first, the
    alternatives to one move in their order, each followed by its own."""
    points: list[BranchPoint] = []
    _points(
        start,
        1,
        previous=None,
        before=(),
        moves=moves,
        times=times,
        branches=branches,
        points=points,
    )
    return points


def _points(
    base: ShogiPosition,
    first: int,
    *,
    previous: int | None,
    before: tuple[float | None, ...],
    moves: Sequence[str],
    times: Sequence[float | None],
    branches: Sequence[Branch],
    points: list[BranchPoint],
) -> None:
    """The branch points of the line whose first move is number ``first``, played from
    ``base`` (not changed; ``previous`` and ``before`` as ``BranchPoint`` has them)."""
    for ply in sorted({branch.ply for branch in branches}, reverse=True):
        position = base.copy()
        last = previous
        for index, text in enumerate(moves[: ply - first]):
            move = position.read_move(text)
            play(position, move, f"move {first + index}")
            last = move.to_square
        own = tuple(times[: ply - first]) + (None,) * max(ply - first - len(times), 0)
        line_times = (*before, *own)
        group = [branch for branch in branches if branch.ply == ply]
        for index, branch in enumerate(group):
            later = {branch.ply} if index < len(group) - 1 else set()
            points.append(
                BranchPoint(
                    branch, position.copy(), last, line_times, marked(branch.branches) | later
                )
            )
            _points(
                position,
                ply,
                previous=last,
                before=line_times,
                moves=branch.moves,
                times=branch.times,
                branches=branch.branches,
                points=points,
            )
