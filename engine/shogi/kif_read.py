"""KIF records read: a record any common GUI writes (``kif`` writes them), its main line
and its variations, every move replayed through the rules, so a record that reads can
be played.

A variation (``変化：N手``) gives moves instead of move N of the line read just before it
or of a line that one branches from (Kifu for Windows writes them depth first, the
last branch point first; tsshogi and json-kifu-format read them so): each is read from
the position before that move, and kept as a ``Branch`` of the line whose move it
replaces."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from types import MappingProxyType

from engine.errors import NotationError
from engine.game import Game
from engine.outcome import Outcome, Termination
from engine.record import Branch
from engine.record_read import quoted, shortened
from engine.shogi.handicaps import ALL_HANDICAPS
from engine.shogi.kif import (
    BOARD_PIECES,
    DIGITS,
    HANDICAP_NAMES,
    KIND_OF_NAME,
    NUMERALS,
    square_name,
)
from engine.shogi.kif_diagram import diagram_sfen
from engine.shogi.moves import board_move, drop_move
from engine.shogi.position import ShogiPosition
from engine.shogi.record import (
    TIME_CONTROL,
    ShogiRecord,
    handicap_of,
    line_span,
    play,
    read_result_comment,
)
from engine.shogi.tables import (
    HAND_KINDS,
    SIZE,
)

HANDICAP_OF_NAME = MappingProxyType({name: key for key, name in HANDICAP_NAMES.items()})

FORFEITS = ("不戦勝", "不戦敗")
"""Kifu for Windows' endings of a game won by default, the other side absent: 不戦勝 the
side to move won, 不戦敗 it lost (its special moves, as tsshogi reads them: its
``WIN_BY_DEFAULT`` and ``LOSE_BY_DEFAULT``, which ShogiHome's users of it score for the
side to move and against it), with or without moves before the word."""
ENDINGS = (
    "中断",
    "封じ手",  # a sealed move: the game is interrupted until the next day's play
    "投了",
    "持将棋",
    "千日手",
    "詰み",
    "詰",  # tsshogi reads it as 詰み
    "不詰",  # a mate problem's answer that is no mate: the record says no result
    "切れ負け",
    "反則勝ち",
    "反則負け",
    "入玉勝ち",
    *FORFEITS,
    *("Time-up", "反則手", "連続王手の千日手", "27点宣言勝ち", "接続切れ"),
)
"""The special moves that end a record. The last five are 81Dojo's (its client's KIF,
``Movement.as``'s special move names): a loss on time written in English (``194
Time-up   ( 0:0/)``), an illegal move, a perpetual check (the checking side loses), a
27-point declaration, and a dropped connection (which side dropped it the record does
not say: Kiban keeps the game as broken off)."""
SUSPENDED = ("中断", "封じ手", "接続切れ")
"""The endings that say the game was broken off, not ended."""
ENDING_REMARKS = MappingProxyType({"時間切れにて終局": "Time-up", "接続切れにて終局": "接続切れ"})
"""81Dojo's comments that end a record which has no ending line ("the game ended on
time", "... on a dropped connection"), by the ending each says; its third,
``*反則手にて終局``, follows the foul it ended on (``FOULS``)."""
NO_HANDICAP = ("その他", "詰将棋")
"""What 手合割 says where the board diagram gives the start: その他 ("other", Kakinoki's
word), 詰将棋 (a mate problem: Mynavi's book data, Todai Shogi 6; shogihome issue 741)."""
HEADER_WORDS = frozenset(
    (
        *("開始日時", "終了日時", "対局日", "表題", "棋戦", "戦型", "持ち時間", "秒読み"),
        *("消費時間", "場所", "掲載", "備考", "記録係", "先手", "後手", "下手", "上手"),
        *("先手省略名", "後手省略名", "手合割", "先手の持駒", "後手の持駒", "下手の持駒"),
        *("上手の持駒", "作者", "作品名", "作品番号", "発表誌", "発表年月", "出典", "手数"),
        *("完全性", "分類", "受賞"),
    )
)
"""KIF's header words. Written with a half-width colon (``先手:徳川家康``, tsshogi's test
"import/half-size-colon"), one is read as with KIF's own full-width colon; any other
line with a half-width colon is left alone (a title, a note)."""
MAPPED = frozenset(
    (
        *("棋戦", "開始日時", TIME_CONTROL, "手合割", "先手", "後手", "下手", "上手"),
        *("先手の持駒", "後手の持駒", "下手の持駒", "上手の持駒"),
    )
)
"""The headers the record's own fields hold (the start, the players, the event, the
date, the time control): one of each is read into them (``LAST_WINS`` says which), and
any other header, or another of one of these, is kept as it stands
(``ShogiRecord.other_headers``)."""
LAST_WINS = frozenset(("棋戦", "開始日時", TIME_CONTROL))
"""The headers of which the last one written is the field, as tsshogi reads them (a
CSA record's time control converted, ``持ち時間：900+0+5``, can stand beside a note of
the same name, a note in words ``持ち時間：…``, and Kiban's writers put the field's own
last); of the others (the players, the handicap, the hands), the first."""
FOULS = ("反則勝ち", "反則負け")
"""The endings that may follow the illegal move that ended the game, when a writer keeps
it: 反則勝ち as the side to move after it (Shogi Club 24), 反則負け as the side that
played it (ShogiGUI); as the special move, or in KI2 the result line's verdict. A foul
kept as the last move with no ending after it (81Dojo writes only the comment
``*反則手にて終局``, "the game ended on an illegal move") ended the game all the same:
its side lost, as cshogi, python-shogi and tsshogi read it."""

_PIECE_NAMES = "|".join(sorted(KIND_OF_NAME, key=len, reverse=True))
_MOVE = re.compile(
    rf"^(?:同[\s　]*|([１-９1-9])([一二三四五六七八九1-9]))({_PIECE_NAMES})"
    r"(成|不成)?(打|\(\s*([1-9])([1-9])\s*\))?$"
)
_MOVE_LINE = re.compile(r"^\s*([0-9]+)\s+(同[\s　]*\S+|\S+)(?:\s+.*)?$")
_SPACED_ORIGIN = re.compile(r"(?<=[^\s\d])[ 　]+(?=\(\s*[1-9][1-9]\s*\))")
"""Spaces between a move's piece and its square of origin, ``同銀　(79)``: some writers
pad the piece to two characters there (tsshogi's test "emSpaceAfterPieceType")."""
_CLOCK = re.compile(r"\(\s*(?:(\d+):)?(\d+):(\d{1,2})\s*/")
"""A move's time, then its side's total: ``( 0:03/00:00:03)`` as Kifu for Windows writes
it (minutes past the hour stay minutes), ``(0:2/0:0:2)`` or ``( 1:6/)`` as 81Dojo does
(digits unpadded, the total left out), and hours first where a writer gives them."""
BRANCH = re.compile(r"^[ 　]*変化[：:][ 　]*([0-9]+)[ 　]*手")
"""The line that starts a variation, ``変化：3手`` (KI2 as Kifu for Windows writes it:
``変化：   3手``)."""
RESULT = re.compile(
    r"^[\s　]*まで、?(\d+)手で(時間切れにより)?(?:(先手|後手|下手|上手)の(\S+?)|(\S+?))[\s　]*$"
)
"""The result line: ``まで64手で先手の勝ち``, ``まで2手で時間切れにより後手の勝ち`` (Kifu for
Windows and tsshogi after a time loss), ``まで19手で中断``."""


@dataclass(frozen=True, slots=True)
class ResultLine:
    """What a result line says: the side it names (None: none), its verdict, and whether
    the game was lost on time."""

    side: str | None
    verdict: str
    time_up: bool = False


def read_result(text: str) -> ResultLine | None:
    """The result line ``text`` is, or None."""
    found = RESULT.match(text)
    if found is None:
        return None
    return ResultLine(found.group(3), found.group(4) or found.group(5), bool(found.group(2)))


@dataclass
class _Line:
    """A line of moves read, the main line or a variation, as the record goes on: its
    first move's number, the line it branches from (None: the main line), and what it
    holds (``Branch``'s fields)."""

    first: int
    parent: _Line | None
    moves: tuple[str, ...]
    comments: tuple[str, ...]
    times: tuple[float | None, ...]
    outcome: Outcome | None
    suspended: bool
    ending_time: float | None
    closing: str
    foul: str
    sealed: bool = False
    branches: list[_Line] = field(default_factory=list)

    def path(self) -> list[str]:
        """The moves from the game's start to the line's last."""
        if self.parent is None:
            return list(self.moves)
        return self.parent.path()[: self.first - 1] + list(self.moves)

    def owner(self, ply: int) -> _Line:
        """The line on this one's path whose move ``ply`` a variation replaces: an
        alternative to a variation's own first move is one more of its line's."""
        line = self
        while line.parent is not None and ply <= line.first:
            line = line.parent
        return line

    def frozen(self) -> Branch:
        return Branch(
            ply=self.first,
            moves=self.moves,
            comments=self.comments,
            times=self.times,
            outcome=self.outcome,
            suspended=self.suspended,
            ending_time=self.ending_time,
            closing=self.closing,
            foul=self.foul,
            branches=tuple(line.frozen() for line in self.branches),
        )


class _Reader:
    """Reads one KIF text, line by line, into a record."""

    def __init__(self, game: Game[ShogiPosition]) -> None:
        self.game = game
        self.headers: dict[str, str] = {}
        self.other_headers: list[tuple[str, str]] = []
        self.number = 0
        """The line being read."""
        self.diagram: list[tuple[int, str]] = []
        """The ranks of a board diagram, each with its line."""
        self.hands: dict[int, tuple[int, str]] = {}
        """Each side's pieces in hand as a header gives them, with its line."""
        self.gote_first = False
        self.handicap: str | None = None
        self.position: ShogiPosition | None = None
        self.moves: list[str] = []
        self.previous: int | None = None
        self.ending: str | None = None
        self.result: ResultLine | None = None
        self.comment: Outcome | None = None
        self.start_text = ""
        self.kif = False
        """Whether anything only KIF has was read (a header, a board, a move)."""
        self.skipped: tuple[int, str] | None = None
        """The first line no reader needs, to name when nothing else was read."""
        self.comments: list[str] = []
        self.times: list[float | None] = []
        self.ending_time: float | None = None
        self.preface: list[str] = []
        self.closing: list[str] = []
        """The comments after the ending, a foul or the result line."""
        self.foul: str | None = None
        """Why the last move could not be played: the foul that ended the game, when
        nothing but 反則勝ち, 反則負け, a comment or the result follows it (the writer kept
        the illegal move), else the record's fault."""
        self.foul_move = ""
        """That move in USI."""
        self.main: _Line | None = None
        """The main line, once a variation follows it."""
        self.current: _Line | None = None
        """The line read last, once a variation follows the main line: the next
        variation branches from its path."""
        self.branching: tuple[_Line, int] | None = None
        """The variation being read: the line it branches from, and its first move's
        number."""
        self.lead: list[str] = []
        """A variation's comments before its first move (its first move's, then)."""

    def read(self, text: str) -> ShogiRecord:
        for number, raw in enumerate(text.lstrip("\ufeff").splitlines(), start=1):
            line = raw.rstrip()
            self.number = number
            found = BRANCH.match(line)
            if found is not None:
                self.branch(int(found.group(1)), f"line {number}")
                continue
            self.line(line, f"line {number}")
        if not self.kif:
            # a file of other words (or none) would otherwise read as a game with no moves
            if self.skipped is None:
                raise NotationError(f"line {max(self.number, 1)}: the record is empty")
            number, line = self.skipped
            raise NotationError(
                f"line {number}: {shortened(line)} is not KIF, and no KIF header, board or"
                " move follows"
            )
        if self.branching is not None:
            self._branched()
        main = self.main or self._finished(1, None)
        return ShogiRecord(
            start=self.start_text,
            moves=main.moves,
            outcome=main.outcome,
            players=(self._player(0), self._player(1)),
            # a board diagram gives the start whatever 手合割 says (Kifu for Windows writes
            # 手合割：平手 above a mate problem's diagram): a standard opening only if it is one
            handicap=handicap_of(self.start_text) if self.diagram else self.handicap,
            comments=main.comments,
            times=main.times,
            ending_time=main.ending_time,
            header="\n".join(self.preface),
            event=self.headers.get("棋戦", ""),
            started=self.headers.get("開始日時") or None,
            time_control=self.headers.get(TIME_CONTROL, ""),
            suspended=main.suspended,
            sealed=main.sealed,
            foul=main.foul,
            branches=tuple(line.frozen() for line in main.branches),
            other_headers=self._others(),
            closing=main.closing,
        )

    def _others(self) -> tuple[tuple[str, str], ...]:
        """The headers the record's fields do not hold, in file order: of ``LAST_WINS``'s,
        all but the last of each."""
        last = {key: index for index, (key, _) in enumerate(self.other_headers)}
        return tuple(
            (key, value)
            for index, (key, value) in enumerate(self.other_headers)
            if key not in LAST_WINS or index != last[key]
        )

    def _finished(self, first: int, parent: _Line | None) -> _Line:
        """The line just read, whole: its moves, their comments and times, and how it
        ended."""
        if self.foul is not None and self._said() not in FOULS and not self.foul_ends():
            raise NotationError(self.foul)
        position = self.start(f"line {self.number}")
        moves = len(self.moves)
        comments = list(self.comments)
        closing = list(self.closing)
        if self.lead:  # a variation's comment before its first move
            if comments:
                comments[0] = "\n".join([*self.lead, comments[0]]).strip("\n")
            else:
                closing = [*self.lead, *closing]
        outcome = self.comment if self.comment is not None else self.outcome(position)
        return _Line(
            first=first,
            parent=parent,
            moves=tuple(self.moves),
            comments=tuple(comments[:moves]) if any(comments) else (),
            times=tuple(self.times[:moves]) if any(t is not None for t in self.times) else (),
            outcome=outcome,
            suspended=self.suspended(),
            # the time before an ending that says nothing (不詰) is no ending's
            ending_time=self.ending_time if outcome or self.suspended() else None,
            closing="\n".join(closing),
            foul=self.foul_move if self.foul is not None else "",
            sealed=self.suspended() and self._said() == "封じ手",
        )

    def branch(self, ply: int, where: str) -> None:
        """``変化：N手``: the line read so far is whole, and a variation begins, from the
        position before move ``ply`` of the line read last (or of one it branches from)."""
        if self.main is None:
            if self.position is None and not self.moves:
                return  # before the moves: a header's line (tsshogi skips it too)
            self.main = self.current = self._finished(1, None)
        elif self.branching is not None:
            self._branched()
        assert self.current is not None  # the main line at least
        line = self.current.owner(ply)
        last = line.first + len(line.moves) - 1
        if not line.first < ply <= last + 1 and not (line.parent is None and ply == 1):
            raise NotationError(
                f"{where}: a variation of move {ply}, where the line it follows has moves "
                f"{line.first} to {last}"
            )
        position = self.game.position(self.start_text)
        previous: int | None = None
        for text in line.path()[: ply - 1]:
            move = position.parse_move(text)
            position.push(move)
            previous = move.to_square
        self._line_from(position, previous)
        self.branching = (line, ply)

    def _branched(self) -> None:
        """The variation just read, kept with the line it branches from."""
        assert self.branching is not None
        parent, ply = self.branching
        line = self._finished(ply, parent)
        parent.branches.append(line)
        self.current = line
        self.branching = None

    def _line_from(self, position: ShogiPosition, previous: int | None) -> None:
        """Begin reading a line of moves from ``position`` (``previous``: where the move
        before it went, for 同)."""
        self.position = position
        self.previous = previous
        self.moves, self.comments, self.times = [], [], []
        self.ending = None
        self.result = None
        self.comment = None
        self.ending_time = None
        self.closing = []
        self.foul = None
        self.foul_move = ""
        self.lead = []

    def foul_ends(self) -> bool:
        """Whether the foul kept as the last move ended the game with no ending word
        after it (a comment or a result line may follow)."""
        return self.ending is None

    def suspended(self) -> bool:
        """Whether the record says the game was broken off (中断, a sealed move 封じ手),
        as its ending or, in KI2, its result line alone."""
        return self._said() in SUSPENDED and self.comment is None

    def _said(self) -> str | None:
        """How the record ends in words: its ending, or in KI2 its result line alone."""
        if self.ending is not None:
            return self.ending
        return self.result.verdict if self.result else None

    def remark(self, text: str) -> None:
        """A comment: the Kiban result, or one after the ending (the ending's own, as
        ShogiHome and tsshogi keep it; one after a foul or the result line too), or the
        comment of the move above it (the game's before the first move)."""
        found = read_result_comment(text)
        if found is not None:
            self.comment = found
        elif text.strip() in ENDING_REMARKS and self.ending is None and self.foul is None:
            self.start(f"line {self.number}")
            self.ending = ENDING_REMARKS[text.strip()]
            self.closing.append(text)
        elif self.ending is not None or self.foul is not None or self.result is not None:
            self.closing.append(text)
        elif self.moves:
            before = self.comments[-1]
            self.comments[-1] = f"{before}\n{text}" if before else text
        elif self.main is not None:
            self.lead.append(text)  # a variation's, before its first move
        else:
            self.preface.append(text)

    def _player(self, seat: int) -> str:
        keys = ("先手", "下手") if seat == 0 else ("後手", "上手")
        return next((self.headers[k] for k in keys if k in self.headers), "")

    def start(self, where: str) -> ShogiPosition:
        """The start position (read when a move or the end needs it)."""
        if self.position is None:
            try:
                self.position = self.game.position(self._start_text())
            except NotationError as error:
                lines = [number for number, _ in self.diagram]
                lines += [number for number, _ in self.hands.values()]
                span = line_span(lines) if lines else where
                raise NotationError(
                    f"{span}: the start position cannot be played: {error}"
                ) from None
            # the position's own text: the hands in SFEN's order (rook first), not the
            # order the diagram's header lists them in (歩十七　香三 ... as Electron Shogi writes)
            self.start_text = self.position.text()
        return self.position

    def _start_text(self) -> str:
        if self.diagram:
            return diagram_sfen(self.diagram, self.hands, gote_first=self.gote_first)
        if self.handicap is None:
            self.handicap = "none"
        return ALL_HANDICAPS[self.handicap]

    def line(self, line: str, where: str) -> None:  # noqa: C901 - a reader of a notation: a branch per kind of KIF line
        stripped = line.strip()
        if not stripped:
            return
        if stripped[0].isascii() and stripped[0].isdigit():
            stripped = _SPACED_ORIGIN.sub("", stripped)
        key, colon, value = stripped.partition(":")
        if colon and key.strip() in HEADER_WORDS:
            stripped = f"{key}：{value}"
        self.kif = self._known(stripped)
        if stripped[0] == "#" and (found := read_result_comment(stripped[1:])) is not None:
            self.comment = found  # Kiban's result, on a line other readers skip
            return
        if stripped[0] in "#&":
            return
        if stripped[0] == "*":
            self.remark(stripped[1:])
            return
        if stripped.startswith("|"):
            if self.position is not None:
                raise NotationError(
                    f"{where}: a board diagram after the first move: {quoted(stripped)}"
                )
            self.diagram.append((self.number, stripped))
            return
        if stripped in ("後手番", "上手番"):
            self.gote_first = True
            return
        if stripped in ("先手番", "下手番") or stripped.startswith(("+--", "９ ")):
            return
        if stripped.startswith("手数") and "指手" in stripped:
            return
        if "：" in stripped and not _MOVE_LINE.match(stripped):
            key, value = stripped.split("：", 1)
            self.header(key.strip(), value.strip("　 "), where)
            return
        if stripped.startswith("まで"):
            self.result = read_result(stripped) or self.result
            return
        match = _MOVE_LINE.match(stripped)
        if match is None:
            if stripped[0].isascii() and stripped[0].isdigit():
                raise NotationError(f"{where}: cannot read the move line {quoted(stripped)}")
            if self.skipped is None:
                self.skipped = (self.number, stripped)
            return  # a line no reader needs (a title, a time control, a note)
        played, ended = len(self.moves), self.ending is not None
        self.move(match.group(2), where)
        clock = _CLOCK.search(stripped)
        if clock is None:
            return
        hours, minutes, seconds = (int(part or 0) for part in clock.groups())
        if len(self.moves) > played:
            self.times[-1] = (hours * 60 + minutes) * 60 + seconds
        elif not ended and self.ending is not None:  # the ending's own: 切れ負け ( 1:00/)
            self.ending_time = (hours * 60 + minutes) * 60 + seconds

    def _known(self, stripped: str) -> bool:
        """Whether KIF was read by now, this line included: a comment, a header, a
        board or a side to move, the moves' heading, a move or the result."""
        return self.kif or (
            stripped[0] in "#*|"
            or "：" in stripped
            or stripped in ("後手番", "上手番", "先手番", "下手番")
            or stripped.startswith(("+--", "手数", "まで"))
            or _MOVE_LINE.match(stripped) is not None
        )

    def header(self, key: str, value: str, where: str) -> None:
        if key in LAST_WINS:  # kept in order; the last is the field (``_others``)
            self.other_headers.append((key, value))
            self.headers[key] = value
            return
        if key not in MAPPED or key in self.headers:
            self.other_headers.append((key, value))
            return
        if key == "手合割":
            if value not in HANDICAP_OF_NAME:
                if value in NO_HANDICAP:
                    return
                raise NotationError(f"{where}: unknown handicap {quoted(value)}")
            self.handicap = HANDICAP_OF_NAME[value]
        elif key in ("先手の持駒", "下手の持駒"):
            self.hands[0] = (self.number, value)
        elif key in ("後手の持駒", "上手の持駒"):
            self.hands[1] = (self.number, value)
        self.headers[key] = value

    def move(self, body: str, where: str) -> None:
        if self.ending is not None:
            return  # nothing is played after the game ended
        position = self.start(where)
        if self.foul is not None and body not in FOULS:
            raise NotationError(self.foul)  # a move, or another ending, after the foul
        if body in ENDINGS:
            self.ending = body
            return
        match = _MOVE.match(body)
        if match is None:
            raise NotationError(f"{where}: {quoted(body)} is not a KIF move")
        file, rank, name, promotion, how, from_file, from_rank = match.groups()
        if file is None:
            if self.previous is None:
                raise NotationError(f"{where}: {quoted(body)}: 同 (same square) on the first move")
            target = self.previous
        else:
            target = _square(file, rank)
        kind = KIND_OF_NAME[name]
        if how == "打":
            if promotion:
                raise NotationError(f"{where}: a dropped piece cannot promote ({body})")
            if kind not in HAND_KINDS:
                raise NotationError(f"{where}: {quoted(body)} drops a {name}, which no hand holds")
            move = drop_move(kind, target)
        elif from_file is None:
            raise NotationError(f"{where}: {quoted(body)} does not say where the piece came from")
        else:
            origin = _square(from_file, from_rank)
            if origin == target:
                raise NotationError(
                    f"{where}: {quoted(body)} does not move: it starts where it ends"
                )
            piece = position.piece_at(origin)
            if piece & 15 != kind:
                raise NotationError(
                    f"{where}: {quoted(body)} moves a {name}, but {square_name(origin)} holds "
                    f"{BOARD_PIECES.get(piece & 15, 'nothing')}"
                )
            move = board_move(origin, target, promotion == "成")
        try:
            played = play(position, move, where, body)
        except NotationError as error:
            if position.outcome() is not None:
                raise
            self.foul = str(error)  # refused, unless a move or another ending follows
            self.foul_move = move.usi()
            return
        self.moves.append(played)
        self.comments.append("")
        self.times.append(None)
        self.previous = target

    def outcome(self, position: ShogiPosition) -> Outcome | None:
        """What the ending says (a ``Kiban result`` comment, when there is one, says more)."""
        named = self._named_winner()
        if self.foul is not None:  # the side that played the foul loses, whichever word
            turn = position.turn
            return Outcome.win(Termination.ILLEGAL_MOVE, 1 - turn if named is None else named)
        return self.ended_by(self.ending, position, named)

    def ended_by(
        self, ending: str | None, position: ShogiPosition, named: int | None = None
    ) -> Outcome | None:
        """What an ending word says, after ``position`` (``named``: the winner a result
        line names)."""
        decided = position.outcome()
        turn = position.turn
        if ending is None or ending in (*SUSPENDED, "不詰"):
            return decided if ending is None else None
        if decided is not None and ending in (
            *("詰み", "詰", "千日手", "反則勝ち", "反則負け", "反則手", "連続王手の千日手"),
        ):
            return decided
        if ending == "投了":
            return Outcome.win(Termination.RESIGNATION, 1 - turn if named is None else named)
        if ending in ("詰み", "詰"):
            return Outcome.win(Termination.CHECKMATE, 1 - turn)
        if ending == "連続王手の千日手":  # the side that gave the checks, the one that moved
            return Outcome.win(Termination.PERPETUAL_CHECK, turn)
        if ending == "千日手":
            return Outcome.draw(Termination.REPETITION)
        if ending == "持将棋":
            if named is None:
                return Outcome.draw(Termination.IMPASSE)
            return Outcome.win(Termination.IMPASSE, named)
        if ending in ("切れ負け", "Time-up"):
            return Outcome.win(Termination.TIME_FORFEIT, 1 - turn if named is None else named)
        if ending == "不戦勝":
            return Outcome.win(Termination.FORFEIT, turn if named is None else named)
        if ending == "不戦敗":
            return Outcome.win(Termination.FORFEIT, 1 - turn if named is None else named)
        if ending in ("入玉勝ち", "27点宣言勝ち"):
            return Outcome.win(Termination.DECLARATION, turn)
        if ending == "反則手":  # 81Dojo: the side to move played an illegal move and lost
            return Outcome.win(Termination.ILLEGAL_MOVE, 1 - turn)
        winner = turn if ending == "反則勝ち" else 1 - turn
        return Outcome.win(Termination.ILLEGAL_MOVE, winner)

    def _named_winner(self) -> int | None:
        if self.result is None or self.result.side is None:
            return None
        side, verdict = self.result.side, self.result.verdict
        seat = 0 if side in ("先手", "下手") else 1
        if verdict in ("勝ち", "入玉勝ち", "反則勝ち", "不戦勝"):
            return seat
        if verdict in ("反則負け", "不戦敗"):
            return 1 - seat
        return None


def _square(file: str, rank: str) -> int:
    """A square as written: its file a digit (half- or full-width), its rank a kanji
    numeral or a digit (KI2 as Kifu for Windows and ShogiGUI take it: ``７六``, ``７６``,
    ``76``; shogihome issue 552)."""
    return (_number(rank) - 1) * SIZE + (9 - _number(file))


def _number(digit: str) -> int:
    if digit.isascii():
        return int(digit)
    if digit in DIGITS:
        return DIGITS.index(digit) + 1
    return NUMERALS.index(digit)


def read_kif(text: str, game: Game[ShogiPosition] | None = None) -> ShogiRecord:
    """Read a KIF record (main line only); NotationError names the line at fault.
    The positions are ``game``'s (the registered shogi when None)."""
    return _Reader(game or _shogi()).read(text)


def _shogi() -> Game[ShogiPosition]:
    """Shogi as registered (the package cannot be imported from inside it)."""
    from engine.registry import find_game

    game: Game[ShogiPosition] = find_game("shogi")
    return game
