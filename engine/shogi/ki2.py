"""KI2, the form most published games take, written: KIF's headers, then the moves as
players say them, several to a line, with no square of origin (``▲７六歩　△３四歩``).

A move names only what the reader needs to find it (the Japan Shogi Association's
notation rules, www.shogi.or.jp/faq/kihuhyouki.html, read with the Japanese Wikipedia's
article on game records; ``ki2_read`` reads it back):

- its target, or ``同`` for the previous move's, and the piece as it stood;
- when more than one piece of that kind could go there, the motion (``上`` forward,
  ``寄`` sideways, ``引`` back) if that alone tells them apart; else the place
  (``右``/``左``, seen from the mover; ``直`` for a piece stepping straight forward,
  never for a dragon or a horse); else the place among those moving alike, then the
  motion (``左上``);
- ``成`` or ``不成`` wherever the move could promote, and ``打`` for a drop only where a
  piece on the board could go there too.

The game's end is the result line (``まで64手で先手の勝ち``; on time,
``時間切れにより``), which is how KI2 says it: no special move is written. Times are
not KI2's and are left out; a comment breaks the line of moves, under its move.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.outcome import Outcome, Termination
from engine.record import Branch
from engine.shogi.kif import PIECES, LineEnd, ending, header_lines, side_names, square_name
from engine.shogi.moves import ShogiMove
from engine.shogi.position import ShogiPosition
from engine.shogi.record import branch_points, comment_lines, handicap_of, play, result_comment
from engine.shogi.tables import DRAGON, HORSE, SIZE

PER_LINE = 6
"""Moves to a line, as Kifu for Windows writes them."""
WIDTH = 6
"""Each move padded to this many characters, so the columns line up."""


def _motion(ahead: int) -> str:
    return "上" if ahead > 0 else "引" if ahead < 0 else "寄"


def _place(move: ShogiMove, others: Sequence[int], right_of: dict[int, int]) -> str:
    """``右`` or ``左`` if ``move``'s piece stands furthest that way among itself and
    ``others`` (their origins), else ""."""
    mine = right_of[move.from_square]
    theirs = [right_of[square] for square in others]
    if all(mine > other for other in theirs):
        return "右"
    if all(mine < other for other in theirs):
        return "左"
    return ""


def telling_words(position: ShogiPosition, move: ShogiMove) -> str:
    """What tells ``move`` (from the board) from the moves of the other pieces of its
    kind that reach its target: "" when none does. A twin that is pinned, or may not
    move for the check, counts (``▲２三龍引``, not ``▲２三龍``): the Japan Shogi
    Association's notation names a move by the pieces that reach the square, and cshogi
    and tsshogi write it so; tsshogi refuses the move without the word."""
    piece = position.piece_at(move.from_square)
    kind = piece & 15
    target = move.to_square
    origins = {move.from_square} | {
        square
        for square in range(SIZE * SIZE)
        if position.piece_at(square) == piece and position.attacks_of(square) >> target & 1
    }
    others = [square for square in origins if square != move.from_square]
    if not others:
        return ""
    sign = 1 if position.turn == 0 else -1
    ahead = {s: sign * (s // SIZE - target // SIZE) for s in origins}
    right_of = {s: sign * (s % SIZE - target % SIZE) for s in origins}
    motion = _motion(ahead[move.from_square])
    alike = [s for s in others if _motion(ahead[s]) == motion]
    if not alike:
        return motion
    if kind not in (DRAGON, HORSE) and right_of[move.from_square] == 0 and motion == "上":
        return "直"  # only one piece can step straight up to a square
    place = _place(move, others, right_of)
    if place:
        return place
    return _place(move, alike, right_of) + motion


def ki2_move(position: ShogiPosition, move: ShogiMove, previous: int | None) -> str:
    """A move in KI2, its mark first: ``▲７六歩``, ``△同　銀``, ``▲５二金左上成``."""
    mark = "▲" if position.turn == 0 else "△"
    target = "同　" if previous == move.to_square else square_name(move.to_square)
    legal = [m for m in position.legal_moves() if m.to_square == move.to_square]
    if move.drop:
        board = any(
            not m.drop and position.piece_at(m.from_square) & 15 == move.drop for m in legal
        )
        return f"{mark}{target}{PIECES[move.drop]}{'打' if board else ''}"
    piece = position.piece_at(move.from_square) & 15
    words = telling_words(position, move)
    either = {m.promote for m in legal if m.from_square == move.from_square}
    promotion = "成" if move.promote else "不成" if True in either else ""
    return f"{mark}{target}{PIECES[piece]}{words}{promotion}"


def _exact(outcome: Outcome, turn: int) -> bool:
    """Whether KI2's result line alone gives back ``outcome`` when read: it names a
    winner and how only for these endings (a won 持将棋, a perpetual check, an agreed
    draw need Kiban's result comment beside it)."""
    term = outcome.termination
    if term is Termination.DECLARATION:
        return outcome.winners == {turn}
    if term is Termination.IMPASSE:
        return not outcome.winners
    if term is Termination.FORFEIT:
        return len(outcome.winners) == 1
    return term in (
        Termination.RESIGNATION,
        Termination.CHECKMATE,
        Termination.NO_LEGAL_MOVES,
        Termination.REPETITION,
        Termination.TIME_FORFEIT,
        Termination.ILLEGAL_MOVE,
    )


def _read_as_the_position(outcome: Outcome, position: ShogiPosition) -> bool:
    """Whether a won game's result line would be read back as the last position's own
    ending rather than ``outcome``: the reader takes まで…の勝ち for the mate the board
    shows, so a resignation in a mated position (ShogiHome's engines resign there) needs
    Kiban's result comment to come back as one."""
    decided = position.outcome()
    if _mated(outcome, position.turn):
        return False  # まで…手で詰 reads back as the mate, shown or not
    return (
        len(outcome.winners) == 1
        and decided is not None
        and decided.winners == outcome.winners
        and decided != outcome
    )


def _result_line(outcome: Outcome, turn: int, sides: tuple[str, str], plies: int) -> str:
    """KI2's result line: KIF's, but a game lost on time says so (the special move
    切れ負け, which KIF has, is not written in KI2), a mate is 詰 (``_mated``), and a
    game won by default is KIF's special move with no side named, ``まで0手で不戦勝``
    (the side to move won; 不戦敗, it lost), as tsshogi writes and reads it (it reads
    ``…先手の不戦勝`` as a word it does not know)."""
    winners = outcome.winners
    if outcome.termination is Termination.TIME_FORFEIT and len(winners) == 1:
        return f"まで{plies}手で時間切れにより{sides[min(winners)]}の勝ち"
    if outcome.termination is Termination.FORFEIT and len(winners) == 1:
        return f"まで{plies}手で{'不戦勝' if winners == {turn} else '不戦敗'}"
    if _mated(outcome, turn):
        return f"まで{plies}手で詰"
    return ending(outcome, turn, sides, plies)[1]


def _mated(outcome: Outcome, turn: int) -> bool:
    """Whether ``outcome`` is the side to move mated, which KI2 says ``まで…手で詰`` as
    Kifu for Windows writes it (tsshogi reads it as the mate; ``まで…手で先手の勝ち`` it
    reads as a resignation, and so would Kiban where the board shows no mate)."""
    mates = (Termination.CHECKMATE, Termination.NO_LEGAL_MOVES)
    return outcome.termination in mates and outcome.winners == {1 - turn}


def write_ki2(
    start: ShogiPosition,
    moves: Sequence[str],
    *,
    outcome: Outcome | None = None,
    players: tuple[str, str] = ("", ""),
    started: str | None = None,
    encoding: str = "UTF-8",
    comments: Sequence[str] = (),
    event: str = "",
    time_control: str = "",
    note: str = "",
    suspended: bool = False,
    sealed: bool = False,
    move_limit: bool = False,
    headers: Sequence[tuple[str, str]] = (),
    closing: str = "",
    foul: str = "",
    branches: Sequence[Branch] = (),
) -> str:
    """A KI2 record of a game: moves in USI from ``start`` (not changed), ended by
    ``outcome`` (None: unfinished, or broken off when ``suspended``: 中断, or 封じ手 when
    ``sealed``). The other
    arguments are ``write_kif``'s; a move's comment ends its line of moves, and
    ``closing``, the comment after the ending, follows the result line. ``foul`` is not
    written: a KI2 move is found among the legal ones, and an illegal one is none of
    them; the result line says the foul (反則負け) without it. ``branches``: the
    variations, after the main line, each as ``変化：N手``, its moves and its result line,
    in KIF's order (``branch_points``), as Kifu for Windows and tsshogi write them."""
    del foul
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
    lines += comment_lines("*", note)
    lines += _move_lines(position, 1, None, moves, comments)
    lines += _end_lines(
        position, len(moves), sides, LineEnd(outcome, suspended, sealed, closing=closing)
    )
    for point in branch_points(start, moves, (), branches):
        branch = point.branch
        lines += ["", f"変化：{branch.ply}手"]
        lines += _move_lines(
            point.position, branch.ply, point.previous, branch.moves, branch.comments
        )
        end = LineEnd(branch.outcome, branch.suspended, closing=branch.closing)
        lines += _end_lines(point.position, branch.last, sides, end)
    return "\n".join(lines) + "\n"


def _move_lines(
    position: ShogiPosition,
    first: int,
    previous: int | None,
    moves: Sequence[str],
    comments: Sequence[str],
) -> list[str]:
    """A line's moves from move number ``first``, played on ``position`` (``previous``:
    where the move before went, for 同), ``PER_LINE`` to a line, a comment ending its
    line of moves."""
    lines: list[str] = []
    row: list[str] = []
    for index, text in enumerate(moves):
        move = position.read_move(text)
        row.append(ki2_move(position, move, previous))
        play(position, move, f"move {first + index}")
        previous = move.to_square
        comment = comments[index] if index < len(comments) else ""
        if comment or len(row) == PER_LINE or index == len(moves) - 1:
            lines.append("".join(f"{written:　<{WIDTH}}" for written in row[:-1]) + row[-1])
            row = []
            lines += comment_lines("*", comment)
    return lines


def _end_lines(
    position: ShogiPosition, plies: int, sides: tuple[str, str], end: LineEnd
) -> list[str]:
    """The result line of a line ``plies`` moves long (its foul not written: KI2 cannot
    say which move it was), and the comment after it."""
    lines: list[str] = []
    outcome = end.outcome
    if outcome is not None:
        if not _exact(outcome, position.turn) or _read_as_the_position(outcome, position):
            lines.append(f"#{result_comment(outcome)}")  # a line other readers skip
        result = _result_line(outcome, position.turn, sides, plies)
        if result:
            lines.append(result)
    elif end.suspended:
        lines.append(f"まで{plies}手で{'封じ手' if end.sealed else '中断'}")
    if outcome is not None or end.suspended:
        lines += comment_lines("*", end.closing)
    return lines


def variation_lines(
    start: ShogiPosition, moves: Sequence[str], branches: Sequence[Branch]
) -> dict[int, list[str]]:
    """The variations as words for a format that has no form for them (CSA), by the
    main line's move each is an alternative to (one past the last: to its ending): for
    each, its KI2 block (``変化：N手``, its moves, its result line), then those of the
    variations inside it, in KIF's order; a move's comment indented, and Kiban's own
    result line, which is for readers of KI2, left out."""
    sides = side_names(handicap_of(start.text()))
    tops = {id(branch) for branch in branches}
    found: dict[int, list[str]] = {}
    top = 0
    for point in branch_points(start, moves, (), branches):
        branch = point.branch
        if id(branch) in tops:
            top = branch.ply
        position = point.position
        block = [f"変化：{branch.ply}手"]
        block += _move_lines(position, branch.ply, point.previous, branch.moves, branch.comments)
        end = LineEnd(branch.outcome, branch.suspended, closing=branch.closing)
        block += _end_lines(position, branch.last, sides, end)
        found.setdefault(top, []).extend(
            f"　{line[1:]}" if line.startswith("*") else line
            for line in block
            if not line.startswith("#")
        )
    return found
