"""KIF, the Japanese text record (Kakinoki's format), written.

Written the way the common GUIs and libraries read it: a ``手合割`` line for
an even or handicap game (a board diagram for any other start), the players,
one move per line (``   1 ７六歩(77)``, ``同　歩(23)``, ``５五角打``, ``成``),
a special move for the ending (``投了``, ``千日手``, ``持将棋`` ...) and the
result line (``まで64手で先手の勝ち``). A move that stays unpromoted where it
could promote is written without ``不成``, since some readers (cshogi) do not
know that word; ``kif_read`` accepts it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from types import MappingProxyType

from engine.outcome import Outcome, Termination
from engine.record import Branch
from engine.shogi.moves import ShogiMove
from engine.shogi.position import ShogiPosition
from engine.shogi.record import (
    KIF_NAMES,
    TIME_CONTROL,
    branch_points,
    comment_lines,
    handicap_of,
    marked,
    play,
    result_comment,
)
from engine.shogi.tables import (
    BISHOP,
    DRAGON,
    GOLD,
    HAND_KINDS,
    HORSE,
    KING,
    KNIGHT,
    LANCE,
    PAWN,
    PRO_KNIGHT,
    PRO_LANCE,
    PRO_SILVER,
    ROOK,
    SILVER,
    SIZE,
    TOKIN,
    column_of,
    rank_of,
)

DIGITS = "１２３４５６７８９"
NUMERALS: tuple[str, ...] = ("", "一", "二", "三", "四", "五", "六", "七", "八", "九", "十")
NUMERALS += tuple("十" + n for n in NUMERALS[1:9])  # 十一 .. 十八

PIECES = MappingProxyType(
    {
        PAWN: "歩",
        LANCE: "香",
        KNIGHT: "桂",
        SILVER: "銀",
        GOLD: "金",
        BISHOP: "角",
        ROOK: "飛",
        KING: "玉",
        TOKIN: "と",
        PRO_LANCE: "成香",
        PRO_KNIGHT: "成桂",
        PRO_SILVER: "成銀",
        HORSE: "馬",
        DRAGON: "龍",
    }
)
"""How a move names the piece it moves."""
BOARD_PIECES = MappingProxyType(
    dict(PIECES) | {PRO_LANCE: "杏", PRO_KNIGHT: "圭", PRO_SILVER: "全"}
)
"""How a board diagram names a piece (one character each)."""
KIND_OF_NAME = MappingProxyType(
    {name: kind for kind, name in (*PIECES.items(), *BOARD_PIECES.items())}
    | {"王": KING, "竜": DRAGON}
)
"""Every name a record or a diagram gives a piece, to its kind (王 and 竜 as written for 玉
and 龍)."""
HANDICAP_NAMES = MappingProxyType(
    {
        "none": "平手",
        "lance": "香落ち",
        "right-lance": "右香落ち",
        "bishop": "角落ち",
        "rook": "飛車落ち",
        "rook-lance": "飛香落ち",
        "2": "二枚落ち",
        "3": "三枚落ち",
        "4": "四枚落ち",
        "5": "五枚落ち",
        "left-5": "左五枚落ち",
        "6": "六枚落ち",
        "left-7": "左七枚落ち",
        "right-7": "右七枚落ち",
        "8": "八枚落ち",
        "10": "十枚落ち",
    }
)


def square_name(square: int) -> str:
    """``７六`` for 7f."""
    return DIGITS[8 - column_of(square)] + NUMERALS[rank_of(square) + 1]


def move_text(position: ShogiPosition, move: ShogiMove, previous: int | None) -> str:
    """A move in KIF: destination (or 同), piece, 成, then 打 or the square it left."""
    target = "同　" if previous == move.to_square else square_name(move.to_square)
    if move.drop:
        return f"{target}{PIECES[move.drop]}打"
    piece = position.piece_at(move.from_square) & 15
    file = 9 - column_of(move.from_square)
    rank = rank_of(move.from_square) + 1
    return f"{target}{PIECES[piece]}{'成' if move.promote else ''}({file}{rank})"


def side_names(handicap: str | None) -> tuple[str, str]:
    return ("下手", "上手") if handicap not in (None, "none") else ("先手", "後手")


def _hand_text(position: ShogiPosition, seat: int) -> str:
    items = []
    for kind in HAND_KINDS:
        count = position.in_hand(seat, kind)
        if count:
            items.append(PIECES[kind] + (NUMERALS[count] if count > 1 else ""))
    return "　".join(items) if items else "なし"


def board_diagram(position: ShogiPosition) -> list[str]:
    """The position as a KIF board diagram (BOD)."""
    lines = [f"後手の持駒：{_hand_text(position, 1)}", "  ９ ８ ７ ６ ５ ４ ３ ２ １"]
    lines.append("+---------------------------+")
    for rank in range(SIZE):
        row = ""
        for column in range(SIZE):
            piece = position.piece_at(rank * SIZE + column)
            if not piece:
                row += " ・"
            else:
                row += ("v" if piece >> 4 else " ") + BOARD_PIECES[piece & 15]
        lines.append(f"|{row}|{NUMERALS[rank + 1]}")
    lines.append("+---------------------------+")
    lines.append(f"先手の持駒：{_hand_text(position, 0)}")
    if position.turn == 1:
        lines.append("後手番")
    return lines


def ending(outcome: Outcome, turn: int, sides: tuple[str, str], plies: int) -> list[str]:
    """The special move and the result line for an outcome; ``turn`` is the player to move."""
    term = outcome.termination
    winner = min(outcome.winners) if len(outcome.winners) == 1 else None
    won = f"まで{plies}手で{sides[winner]}の勝ち" if winner is not None else ""
    if term is Termination.RESIGNATION:
        return ["投了", won]
    if term in (Termination.CHECKMATE, Termination.NO_LEGAL_MOVES):
        return ["詰み", won]
    if term is Termination.REPETITION:
        return ["千日手", f"まで{plies}手で千日手"]
    if term is Termination.IMPASSE:
        return ["持将棋", won or f"まで{plies}手で持将棋"]
    if term is Termination.TIME_FORFEIT:
        return ["切れ負け", won]
    if term is Termination.FORFEIT and winner is not None:
        return ["不戦勝" if winner == turn else "不戦敗", won]
    if term is Termination.DECLARATION and winner == turn:
        return ["入玉勝ち", f"まで{plies}手で{sides[turn]}の入玉勝ち"]
    if winner is not None and term in (
        Termination.PERPETUAL_CHECK,
        Termination.ILLEGAL_MOVE,
        Termination.DECLARATION,
    ):
        if winner == turn:
            return ["反則勝ち", f"まで{plies}手で{sides[turn]}の反則勝ち"]
        return ["反則負け", f"まで{plies}手で{sides[turn]}の反則負け"]
    return ["中断", f"まで{plies}手で中断"]


def exact(outcome: Outcome, turn: int) -> bool:
    """Whether the KIF ending alone gives back ``outcome`` when read."""
    term = outcome.termination
    if term is Termination.DECLARATION:
        return outcome.winners == {turn}
    if term is Termination.FORFEIT:
        return len(outcome.winners) == 1  # no word for both sides absent
    return term not in (Termination.AGREEMENT, Termination.ENDED_BY_PLAYERS)


def _clock(spent: float, total: float) -> str:
    """A move's time and its side's total, as KIF writes them: ``( 0:03/00:00:03)``."""
    seconds, whole = round(spent), round(total)
    hours, rest = divmod(whole, 3600)
    return f"({seconds // 60:>2}:{seconds % 60:02}/{hours:02}:{rest // 60:02}:{rest % 60:02})"


def header_lines(
    start: ShogiPosition,
    *,
    encoding: str,
    started: str | None,
    event: str,
    time_control: str,
    players: tuple[str, str],
    headers: Sequence[tuple[str, str]] = (),
) -> list[str]:
    """The headers KIF and KI2 share, up to the players: the encoding line, 開始日時,
    棋戦 and 持ち時間 when known, the record's other ``headers`` (``kif_header``), the
    手合割 (a board diagram for any other start), as Kifu for Windows orders them; a
    field whose name another header has too is written after the last of those, as the
    one readers take (kif_read's ``LAST_WINS``, tsshogi)."""
    opening = handicap_of(start.text())
    sides = side_names(opening)
    lines = [f"#KIF version=2.0 encoding={encoding}"]
    fields = [("開始日時", started or ""), ("棋戦", event), (TIME_CONTROL, time_control)]
    written = [kif_header(name, value) for name, value in headers]
    names = [KIF_NAMES.get(name, name) for name, _ in headers]
    # a header of a field's name (a time control's note in words, 持ち時間：…) goes
    # before the field's own line, which readers take as the last of its name
    after = {name: max(i for i, n in enumerate(names) if n == name) for name in set(names)}
    moved = sorted(
        ((after[name], f"{name}：{value}") for name, value in fields if value and name in after),
        reverse=True,
    )
    for index, line in moved:  # the last first: each insert leaves the others' places
        written.insert(index + 1, line)
    lines += [f"{name}：{value}" for name, value in fields if value and name not in after]
    lines += written
    if opening is not None:
        lines.append(f"手合割：{HANDICAP_NAMES[opening]}")
    else:
        lines += board_diagram(start)
    lines += [f"{sides[0]}：{players[0]}", f"{sides[1]}：{players[1]}"]
    return lines


def kif_header(name: str, value: str) -> str:
    """A header line, ``場所：東京``. A CSA keyword (``$SITE``) is written as the KIF
    header it is where KIF has one (``KIF_NAMES``), else by its CSA name, ``$`` and all
    (``$NOTE：...``): KIF has no word for it, and the ``$`` keeps saying whose it is, so
    that the CSA writer makes it the ``$NOTE`` line it was again."""
    return f"{KIF_NAMES.get(name, name)}：{value}"


def write_kif(
    start: ShogiPosition,
    moves: Sequence[str],
    *,
    outcome: Outcome | None = None,
    players: tuple[str, str] = ("", ""),
    started: str | None = None,
    encoding: str = "UTF-8",
    comments: Sequence[str] = (),
    times: Sequence[float | None] = (),
    event: str = "",
    time_control: str = "",
    note: str = "",
    suspended: bool = False,
    sealed: bool = False,
    move_limit: bool = False,
    ending_time: float | None = None,
    headers: Sequence[tuple[str, str]] = (),
    closing: str = "",
    foul: str = "",
    branches: Sequence[Branch] = (),
) -> str:
    """A KIF record of a game: moves in USI from ``start`` (not changed; a handicap
    opening is named, any other start drawn), ended by ``outcome`` (None: unfinished,
    or broken off when ``suspended``: 中断, or 封じ手 when ``sealed``; a draw by the move
    limit, ``move_limit``, is 持将棋, KIF having no word of its own for it, as tsshogi
    writes CSA's %MAX_MOVES). ``encoding`` is
    only named in the first line; the caller encodes the text. ``comments``: one per
    move ("" for none), each written under its move on lines that start with ``*``
    (KIF's comment on the move above); ``note``, the game's own, before the first move.
    ``times``: each move's time in seconds (None: not known, and nothing is written),
    written after it as ``( m:ss/hh:mm:ss)``: the move's, then its side's total so far.
    ``event`` and ``time_control`` are the 棋戦 and 持ち時間 headers, written when
    known; ``headers``, the record's others as ``(name, value)`` (``kif_header``).
    ``ending_time``: the time the side to move spent before the game ended or was
    broken off (the last, unfinished move of a game lost on time; the think before a
    sealed move), written after the ending as a move's is. ``closing``: the comment
    after the ending, on ``*`` lines under it (the ending's comment, as ShogiHome and
    tsshogi keep it), before the result line. ``foul``: the illegal move (USI) that ended
    the game, when the record kept it and ``outcome`` is its side's loss: written as the
    last move, then 反則勝ち and the result naming the other side (Shogi Club 24's form,
    which cshogi and tsshogi read as the move, then the other side's win). ``branches``:
    the variations (``Branch``), after the main line, each as ``変化：N手`` and its moves
    numbered from N, ended as a line is (``branch_points`` gives their order), and a
    move with an alternative written after it marked ``+``, as Kifu for Windows writes
    them."""
    position = start.copy()
    sides = side_names(handicap_of(position.text()))
    lines = header_lines(
        position,
        encoding=encoding,
        started=started,
        event=event,
        time_control=time_control,
        players=players,
        headers=headers,
    )
    lines.append("手数----指手---------消費時間--")
    lines += comment_lines("*", note)
    at = _Cursor(1, None, [0.0, 0.0], marked(branches))
    lines += _move_lines(position, at, moves, comments, times)
    lines += _end_lines(
        position, at, sides, LineEnd(outcome, suspended, sealed, ending_time, closing, foul)
    )
    for point in branch_points(start, moves, times, branches):
        branch = point.branch
        at = _Cursor(branch.ply, point.previous, _totals(point.times), point.marked)
        end = LineEnd(
            branch.outcome, branch.suspended, False, branch.ending_time, branch.closing, branch.foul
        )
        lines += ["", f"変化：{branch.ply}手"]
        lines += _move_lines(point.position, at, branch.moves, branch.comments, branch.times)
        lines += _end_lines(point.position, at, sides, end)
    return "\n".join(lines) + "\n"


@dataclass(frozen=True, slots=True)
class LineEnd:
    """How a line of moves ends, as a record has it (``write_kif``'s arguments of the
    same names; a variation's from its ``Branch``)."""

    outcome: Outcome | None
    suspended: bool = False
    sealed: bool = False
    ending_time: float | None = None
    closing: str = ""
    foul: str = ""


@dataclass
class _Cursor:
    """Where a line being written stands: its next move's number, where the move before
    it went (for 同), each side's time so far (sente's, gote's: by the moves' numbers),
    and the numbers of the moves that have an alternative written after them."""

    number: int
    previous: int | None
    totals: list[float]
    marked: frozenset[int]

    def mark(self, line: str, timed: bool) -> str:
        """A move line, marked ``+`` when its move has an alternative written after it,
        as Kifu for Windows marks it: after its time (``timed``), else after a space,
        the move's own word staying whole."""
        if self.number not in self.marked:
            return line
        return f"{line}+" if timed else f"{line} +"


def _totals(times: Sequence[float | None]) -> list[float]:
    """Each side's time so far after moves of ``times`` (numbered from 1)."""
    return [sum(t for t in times[side::2] if t is not None) for side in (0, 1)]


def _move_lines(
    position: ShogiPosition,
    at: _Cursor,
    moves: Sequence[str],
    comments: Sequence[str],
    times: Sequence[float | None],
) -> list[str]:
    """A line's moves, played on ``position`` from where ``at`` stands (both move on)."""
    lines = []
    for index, text in enumerate(moves):
        number = at.number
        move = position.read_move(text)
        written = move_text(position, move, at.previous)
        play(position, move, f"move {number}")
        spent = times[index] if index < len(times) else None
        if spent is not None:
            at.totals[(number - 1) % 2] += spent
            written = f"{written:<12}{_clock(spent, at.totals[(number - 1) % 2])}"
        lines.append(at.mark(f"{number:>4} {written}", spent is not None))
        lines += comment_lines("*", comments[index] if index < len(comments) else "")
        at.previous = move.to_square
        at.number += 1
    return lines


def _end_lines(
    position: ShogiPosition, at: _Cursor, sides: tuple[str, str], end: LineEnd
) -> list[str]:
    """How a line ends, after its last move (``write_kif`` says how each ending is
    written)."""
    lines: list[str] = []
    plies = at.number - 1
    outcome = end.outcome
    if end.foul and outcome == Outcome.win(Termination.ILLEGAL_MOVE, 1 - position.turn):
        written = move_text(position, position.read_move(end.foul), at.previous)
        lines += [f"{plies + 1:>4} {written}", *comment_lines("*", end.closing)]
        lines += [
            f"{plies + 2:>4} 反則勝ち",
            f"まで{plies + 1}手で{sides[1 - position.turn]}の反則勝ち",
        ]
    elif outcome is not None:
        special, result = ending(outcome, position.turn, sides, plies)
        if end.ending_time is not None:
            total = at.totals[plies % 2] + end.ending_time
            special = f"{special:<12}{_clock(end.ending_time, total)}"
        lines.append(at.mark(f"{plies + 1:>4} {special}", end.ending_time is not None))
        if not exact(outcome, position.turn):
            lines.append(f"#{result_comment(outcome)}")  # a line other readers skip
        lines += comment_lines("*", end.closing)
        if result:
            lines.append(result)
    elif end.suspended:
        word = "封じ手" if end.sealed else "中断"
        broken = word
        if end.ending_time is not None:
            total = at.totals[plies % 2] + end.ending_time
            broken = f"{broken:<12}{_clock(end.ending_time, total)}"
        lines.append(at.mark(f"{plies + 1:>4} {broken}", end.ending_time is not None))
        lines += [*comment_lines("*", end.closing), f"まで{plies}手で{word}"]
    return lines
