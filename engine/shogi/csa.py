"""CSA records (version 2.2), written.

``V2.2``, the players (``N+``, ``N-``), the start (``PI`` for an even game,
``PI`` with the removed pieces for a handicap, else ``P1``..``P9`` and the hand
lines ``P+00FU``), the side to move, one move per line (``+7776FU``: from,
to, and the piece as it stands after the move), and an ending (``%TORYO``,
``%SENNICHITE``, ``%KACHI`` ...). A mate is written ``%TSUMI``; an illegal move that
lost the side to move the game ``%ILLEGAL_MOVE``, and a perpetual check or a foul of
the other side ``%+ILLEGAL_ACTION`` / ``%-ILLEGAL_ACTION`` naming the offender.

A record's other headers (``ShogiRecord.other_headers``) are written before the start
position: a CSA keyword as its own ``$`` line, a KIF header CSA has a keyword for
(``CSA_KEYS``) as that keyword, and any other KIF header, whatever its name (``表題``,
``対局 ID`` with its space), as the comment ``'名前：値``: the name as KIF's reader gives
it (no colon in it, no space at either end), a full-width colon, the value. CSA has no
line for such a header and its readers skip a comment; ``csa_read`` takes every comment of
that form before the start position back as the header it was, and the game's own
comment is written after the start position, where no comment is taken for a header.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from types import MappingProxyType

from engine.outcome import Outcome, Termination
from engine.record import Branch
from engine.shogi.handicaps import START_TEXT
from engine.shogi.ki2 import variation_lines
from engine.shogi.moves import ShogiMove
from engine.shogi.notation import read_position
from engine.shogi.position import ShogiPosition
from engine.shogi.record import (
    CSA_KEYS,
    comment_lines,
    handicap_of,
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
    PROMOTED,
    ROOK,
    SILVER,
    SIZE,
    TOKIN,
    column_of,
    rank_of,
)

CODES = MappingProxyType(
    {
        PAWN: "FU",
        LANCE: "KY",
        KNIGHT: "KE",
        SILVER: "GI",
        GOLD: "KI",
        BISHOP: "KA",
        ROOK: "HI",
        KING: "OU",
        TOKIN: "TO",
        PRO_LANCE: "NY",
        PRO_KNIGHT: "NK",
        PRO_SILVER: "NG",
        HORSE: "UM",
        DRAGON: "RY",
    }
)
SIGNS = ("+", "-")
COMMENT = "'*"
"""How a comment is written, the game's, a move's and the one after the ending alike:
``'*`` lines, which ShogiHome (tsshogi) reads as the comment of the game, the move or
the ending (a ``'`` line without the star it skips; ``'**`` it shows as an engine's
reading), and the CSA standard V3.0 calls a comment; cshogi and Kiban read them."""


def square_text(square: int) -> str:
    """``77`` for 7g: file digit, then rank digit."""
    return f"{9 - column_of(square)}{rank_of(square) + 1}"


def move_text(position: ShogiPosition, move: ShogiMove) -> str:
    sign = SIGNS[position.turn]
    if move.drop:
        return f"{sign}00{square_text(move.to_square)}{CODES[move.drop]}"
    kind = position.piece_at(move.from_square) & 15
    after = kind + PROMOTED if move.promote else kind
    return f"{sign}{square_text(move.from_square)}{square_text(move.to_square)}{CODES[after]}"


def position_lines(position: ShogiPosition) -> list[str]:
    """``P1``..``P9``, the hands and the side to move."""
    lines = []
    for rank in range(SIZE):
        row = ""
        for column in range(SIZE):
            piece = position.piece_at(rank * SIZE + column)
            row += f"{SIGNS[piece >> 4]}{CODES[piece & 15]}" if piece else " * "
        lines.append(f"P{rank + 1}{row}")
    for seat in (0, 1):
        items = "".join(f"00{CODES[kind]}" * position.in_hand(seat, kind) for kind in HAND_KINDS)
        if items:
            lines.append(f"P{SIGNS[seat]}{items}")
    lines.append(SIGNS[position.turn])
    return lines


def _handicap_lines(sfen: str) -> list[str]:
    """``PI`` and the pieces the handicap removes from the even start, then the side to move."""
    even = read_position(START_TEXT).board
    given = read_position(sfen)
    removed = "".join(
        f"{square_text(square)}{CODES[piece & 15]}"
        for square, piece in enumerate(even)
        if piece and not given.board[square]
    )
    return [f"PI{removed}", SIGNS[given.turn]]


def _ending(outcome: Outcome, turn: int) -> str:
    """The ``%`` line for an outcome; ``turn`` is the player to move."""
    term = outcome.termination
    winner = min(outcome.winners) if len(outcome.winners) == 1 else None
    if term in (Termination.CHECKMATE, Termination.NO_LEGAL_MOVES):
        return "%TSUMI"  # the CSA standard V3.0's; ShogiHome reads it as the mate it is
    if term is Termination.RESIGNATION:
        return "%TORYO"
    if term is Termination.REPETITION:
        return "%SENNICHITE"
    if term is Termination.IMPASSE:
        return "%JISHOGI"
    if term is Termination.TIME_FORFEIT:
        return "%TIME_UP"
    if term is Termination.AGREEMENT:
        return "%HIKIWAKE"
    if term is Termination.DECLARATION and winner == turn:
        return "%KACHI"
    if term is Termination.FORFEIT and winner is not None:
        # CSA has no word for a default: the standard's loss by an act other than a
        # move, the absent side's (read so by cshogi and tsshogi from 2.3.2), beside
        # Kiban's result line (``_exact``)
        return f"%{SIGNS[1 - winner]}ILLEGAL_ACTION"
    if winner is not None and term in (
        Termination.PERPETUAL_CHECK,
        Termination.ILLEGAL_MOVE,
        Termination.DECLARATION,
    ):
        if term is not Termination.DECLARATION and winner == 1 - turn:
            # the side to move lost by its foul (a perpetual check it gave among them):
            # the CSA standard's %ILLEGAL_MOVE, which cshogi and tsshogi read so
            # (tsshogi 2.2.0 reads %±ILLEGAL_ACTION the wrong way round)
            return "%ILLEGAL_MOVE"
        return f"%{SIGNS[1 - winner]}ILLEGAL_ACTION"
    return "%CHUDAN"


def _exact(outcome: Outcome, turn: int) -> bool:
    """Whether the ending alone gives back ``outcome`` when read."""
    term = outcome.termination
    loser_to_move = outcome.winners == {1 - turn}
    if term in (Termination.RESIGNATION, Termination.TIME_FORFEIT, Termination.CHECKMATE):
        return loser_to_move
    if term is Termination.NO_LEGAL_MOVES:
        return False  # written %TSUMI, which reads back as a mate
    if term is Termination.IMPASSE:
        return not outcome.winners
    if term is Termination.DECLARATION:
        return outcome.winners == {turn}
    return term not in (Termination.ENDED_BY_PLAYERS, Termination.FORFEIT)


def write_csa(
    start: ShogiPosition,
    moves: Sequence[str],
    *,
    outcome: Outcome | None = None,
    players: tuple[str, str] = ("", ""),
    started: str | None = None,
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
    """A CSA V2.2 record: moves in USI from ``start`` (not changed; a handicap opening
    is written as such), ended by ``outcome`` (None: unfinished, or broken off when
    ``suspended``: %CHUDAN, which a sealed move is too: CSA has no word of its own for
    one, so ``sealed`` changes nothing here); a draw by impasse that ``move_limit`` says
    was the move limit's is ``%MAX_MOVES``. ``comments``: one per move ("" for none),
    each on ``'*`` lines after its move (``COMMENT``); ``note``, the game's own, on
    ``'*`` lines after the start position (before it stand the headers written as
    comments, ``csa_header_lines``: a line of the note that looks like one,
    ``'*放送日：2010/02/13``, stays the note's). ``branches``: CSA has no form for a
    variation, so each is written in words as KI2 writes it (``variation_lines``) on
    ``'*`` lines after the comment of the move it is an alternative to (the last move's,
    for one played instead of the ending; the game's, with no moves): a reader shows it
    as that move's comment, and reads it back as one.
    ``times``: each move's time in seconds (None: not known, and no ``T`` line), a
    ``T`` line after it. ``event`` is $EVENT; ``time_control`` is written as
    $TIME_LIMIT or $TIME when it has their form, else in words (``time_control_lines``).
    ``ending_time``: the time the side to move spent before the game ended or was
    broken off (the last, unfinished move of a game lost on time), a ``T`` line after
    the ending's. ``headers``: the record's others as ``(name, value)``
    (``csa_header_lines``). ``closing``: the comment after the ending, on ``'`` lines
    after it (and its ``T``), as written (floodgate's summary): where ``csa_read`` finds
    it again. ``foul``: the illegal move (USI) that ended the game, when the record kept
    it and ``outcome`` is its side's loss: written as the last move, then
    ``%+ILLEGAL_ACTION`` or ``%-ILLEGAL_ACTION`` naming its side (as the CSA standard
    V3.0 has a server write a foul)."""
    position = start.copy()
    sfen = position.text()
    lines = ["V2.2", f"N+{players[0]}", f"N-{players[1]}"]
    if event:
        lines.append(f"$EVENT:{event}")
    if started:
        lines.append(f"$START_TIME:{started}")
    lines += time_control_lines(time_control)
    lines += csa_header_lines(headers)
    opening = handicap_of(sfen)
    lines += _handicap_lines(sfen) if opening is not None else position_lines(position)
    variations = variation_lines(start, moves, branches)
    if len(moves) + 1 in variations:  # alternatives to the ending: the last move's
        variations.setdefault(len(moves), []).extend(variations.pop(len(moves) + 1))
    lines += comment_lines(COMMENT, note)
    lines += [f"{COMMENT}{line}" for line in variations.get(0, [])]
    for number, text in enumerate(moves, start=1):
        move = position.read_move(text)
        written = move_text(position, move)
        play(position, move, f"move {number}")
        lines.append(written)
        spent = times[number - 1] if number <= len(times) else None
        if spent is not None:
            lines.append(f"T{round(spent)}")
        lines += comment_lines(COMMENT, comments[number - 1] if number <= len(comments) else "")
        lines += [f"{COMMENT}{line}" for line in variations.get(number, [])]
    if foul and outcome == Outcome.win(Termination.ILLEGAL_MOVE, 1 - position.turn):
        written = move_text(position, position.read_move(foul))
        ended = [
            written,
            f"%{SIGNS[position.turn]}ILLEGAL_ACTION",
            *comment_lines(COMMENT, closing),
        ]
        return "\n".join([*lines, *ended]) + "\n"
    if outcome is not None:
        if not _exact(outcome, position.turn):
            lines.append(f"'{result_comment(outcome)}")
        drawn = outcome == Outcome.draw(Termination.IMPASSE)
        lines.append("%MAX_MOVES" if move_limit and drawn else _ending(outcome, position.turn))
    elif suspended:
        lines.append("%CHUDAN")
    if ending_time is not None and (outcome is not None or suspended):
        lines.append(f"T{round(ending_time)}")
    if outcome is not None or suspended:
        lines += comment_lines(COMMENT, closing)
    return "\n".join(lines) + "\n"


_TIME_LIMIT = re.compile(r"^\d+:\d\d\+\d+$")
"""CSA V2.2's time control, ``$TIME_LIMIT:00:25+00`` (hours:minutes of main time, then
seconds a move once it is spent)."""
_TIME = re.compile(r"^\d+(?:\.\d+)?\+\d+(?:\.\d+)?\+\d+(?:\.\d+)?$")
"""CSA V3.0's, ``$TIME:900+0+5`` (seconds of main time, of byoyomi, of increment); the
readers of V2.2 skip a ``$`` line they do not know."""


def csa_header_lines(headers: Sequence[tuple[str, str]]) -> list[str]:
    """A record's other headers, in their order: a CSA keyword as its own line
    (``$SITE:KAZUSA ARC``), a KIF header CSA has a keyword for as that keyword
    (``CSA_KEYS``: 場所 as ``$SITE``) unless the record has the keyword itself (a file
    that wrote both, ``'戦型：矢倉`` beside ``$OPENING:YAGURA``), and any other KIF
    header as a comment, ``'表題：棋王戦``: CSA has no line for it, a comment is what
    its readers skip, and ``csa_read`` takes it back as the header it was."""
    own = {name for name, _ in headers if name.startswith("$")}
    lines = []
    for name, value in headers:
        key = name if name.startswith("$") else CSA_KEYS.get(name)
        if key is not None and (key == name or key not in own):
            lines.append(f"{key}:{value}")
        else:
            lines.append(f"'{name}：{value}")
    return lines


def time_control_lines(time_control: str) -> list[str]:
    """The time control as CSA has it: $TIME in V3.0's form, else $TIME_LIMIT, in its
    form or as KIF's words (``９時間``): ShogiHome (tsshogi) reads either line's value
    whatever its form, as its time control, and skips a comment (Kiban wrote KIF's words
    as a ``'持ち時間：`` comment, which ``csa_read`` still reads)."""
    if not time_control:
        return []
    if _TIME.match(time_control):
        return [f"$TIME:{time_control}"]
    return [f"$TIME_LIMIT:{time_control}"]
