"""KI2 records read: the form most published professional games take. The headers,
board diagram, comments and result are KIF's (``kif_read``); the moves are written
as players say them, several to a line, with no square of origin:

    ▲７六歩    △３四歩    ▲２二角成  △同　銀

A move names its target (``同`` for the previous move's) and its piece, and only
where two pieces of that kind could go there, which one: ``右``/``左`` (the one on
the mover's right or left), ``直`` (straight ahead), ``上``/``引``/``寄`` (moving
forward, back, or sideways); then ``成``/``不成`` or ``打`` (a drop). Each move is
found among the legal moves, so a record that reads is a game that can be played,
and a move that fits none, or several, is named with its line.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from engine.errors import NotationError
from engine.game import Game
from engine.outcome import Outcome, Termination
from engine.record_read import quoted
from engine.shogi.kif import KIND_OF_NAME
from engine.shogi.kif_read import (
    ENDINGS,
    FORFEITS,
    FOULS,
    SUSPENDED,
    _Reader,
    _shogi,
    _square,
    read_result,
)
from engine.shogi.moves import ShogiMove
from engine.shogi.position import ShogiPosition
from engine.shogi.record import ShogiRecord, play
from engine.shogi.tables import SIZE

MARKS = "▲△▼▽☗☖"
"""What starts a KI2 move: ▲ (or ▼, ☗) for sente, △ (or ▽, ☖) for gote; ▼▽ as some
writers put them (tsshogi's test "import/ki2/half-size-number", shogihome issue 552)."""
SENTE_MARKS = "▲▼☗"
_PIECE = "|".join(sorted(KIND_OF_NAME, key=len, reverse=True))
_MOVE = re.compile(
    rf"([{MARKS}])(?:(同)[\s　]*|([１-９1-9])([一二三四五六七八九１-９1-9]))({_PIECE})"
    r"([右左直]?)([上引寄]?)(成|不成|打)?"
)
_ENDING = re.compile(rf"[{MARKS}]({'|'.join(sorted(ENDINGS, key=len, reverse=True))})")
"""An ending written as a move, ``△投了`` (Shogi DB2): its mark is not always the side
to move's, so only the word is read."""


class _Ki2Reader(_Reader):
    """KIF's reader, its move lines read as KI2's."""

    def foul_ends(self) -> bool:
        """A KI2 move that fits no legal move is not taken for a foul unless the record
        says one ended the game: KI2 does not say which move it was."""
        return False

    def line(self, line: str, where: str) -> None:
        stripped = line.strip()
        if stripped[:1] and stripped[0] in MARKS:
            self.kif = True
            self.moves_line(stripped, where)
            return
        if stripped.startswith("まで"):
            self.kif = True
            self.result = read_result(stripped) or self.result
            return
        super().line(line, where)

    def moves_line(self, text: str, where: str) -> None:
        at = 0
        while at < len(text):
            if text[at] in " 　\t":
                at += 1
                continue
            found = _MOVE.match(text, at) or _ENDING.match(text, at)
            if found is None:
                rest = text[at:].strip(" 　")
                raise NotationError(f"{where}: cannot read {quoted(rest)} as a KI2 move")
            if found.re is _MOVE:
                self.ki2_move(found, where)
            else:
                self.start(where)
                if self.ending is not None or self.result is not None:
                    raise NotationError(f"{where}: {found.group(0)} after the game ended")
                if self.foul is not None and found.group(1) not in FOULS:
                    raise NotationError(self.foul)
                self.ending = found.group(1)
            at = found.end()

    def ki2_move(self, found: re.Match[str], where: str) -> None:
        mark, same, file, rank, name, side, motion, how = found.groups()
        written = found.group(0)
        position = self.start(where)
        if self.ending is not None or self.result is not None:
            raise NotationError(f"{where}: {written} is played after the game ended")
        if self.foul is not None:
            raise NotationError(self.foul)  # a move after one that could not be played
        if (mark in SENTE_MARKS) != (position.turn == 0):  # △ first in a handicap game: gote
            raise NotationError(f"{where}: {written} is played out of turn")
        if same:
            if self.previous is None:
                raise NotationError(f"{where}: {written}: 同 (same square) on the first move")
            target = self.previous
        else:
            target = _square(file, rank)
        kind = KIND_OF_NAME[name]
        try:
            move = _chosen(position, target, kind, side + motion, how or "", at=(written, where))
            played = play(position, move, where, written)
        except NotationError as error:
            if position.outcome() is not None:
                raise
            # refused, unless the result says a foul ended the game (the writer kept it)
            self.foul = str(error)
            return
        self.moves.append(played)
        self.comments.append("")
        self.times.append(None)
        self.previous = target

    def outcome(self, position: ShogiPosition) -> Outcome | None:
        """What ``まで N手で ...`` says: the winner (by resignation, unless the last
        position is mate; on time, 時間切れにより; by declaration, 入玉勝ち), a
        repetition, an impasse, a game won by default (不戦勝, 不戦敗: the side named,
        else the side to move, won or lost so), or an unfinished game (中断, a sealed
        move 封じ手); an ending word with no side named (``まで3手で詰``, ``まで13手で投了``,
        ``まで0手で不戦勝``, as Kifu for Windows and tsshogi write a variation's end and
        tsshogi a default) says what it says in KIF.
        Without one, an ending written as a move says it as in KIF, and so does a foul the
        record keeps (its side loses, or the side the result names)."""
        if self.foul is not None:
            return super().outcome(position)
        if self.result is None:
            return position.outcome() if self.ending is None else super().outcome(position)
        side, verdict = self.result.side, self.result.verdict
        decided = position.outcome()
        if verdict in SUSPENDED:
            return None
        if verdict == "千日手":
            return Outcome.draw(Termination.REPETITION)
        if verdict == "持将棋":
            return Outcome.draw(Termination.IMPASSE)
        if side is None and verdict in ENDINGS:  # まで3手で詰, 投了: as KIF's ending says it
            return self.ended_by(verdict, position)
        if side is None:
            raise NotationError(f"line {self.number}: cannot read the result {quoted(verdict)}")
        seat = 0 if side in ("先手", "下手") else 1
        winner = seat if verdict.endswith(("勝ち", "不戦勝")) else 1 - seat
        if verdict in FORFEITS:  # まで0手で先手の不戦勝: won by default, whatever the board
            return Outcome.win(Termination.FORFEIT, winner)
        if decided is not None and decided.winners == {winner}:
            return decided
        if verdict == "入玉勝ち":
            return Outcome.win(Termination.DECLARATION, winner)
        if verdict in {"反則勝ち", "反則負け"}:
            return Outcome.win(Termination.ILLEGAL_MOVE, winner)
        if verdict == "切れ負け" or self.result.time_up:
            return Outcome.win(Termination.TIME_FORFEIT, winner)
        return Outcome.win(Termination.RESIGNATION, winner)


def _chosen(
    position: ShogiPosition, target: int, kind: int, words: str, how: str, *, at: tuple[str, str]
) -> ShogiMove:
    """The one legal move a KI2 move means (``at``: as written, and where)."""
    written, where = at
    legal: Sequence[ShogiMove] = [m for m in position.legal_moves() if m.to_square == target]
    if how == "打":
        drops = [m for m in legal if m.drop == kind]
        return _one(drops, written, where)
    board = [
        m
        for m in legal
        if not m.drop
        and position.piece_at(m.from_square) & 15 == kind
        and m.promote == (how == "成")
    ]
    if not board and not how:  # a drop needs no 打 when no piece could move there
        board = [m for m in legal if m.drop == kind]
    return _one(_told_apart(position, board, words), written, where)


def _told_apart(position: ShogiPosition, moves: list[ShogiMove], words: str) -> list[ShogiMove]:
    """The moves among ``moves`` that ``words`` (右左直上引寄) leave, seen from the
    mover's side: forward is towards the other side, right is the mover's right."""
    sign = 1 if position.turn == 0 else -1

    def ahead(move: ShogiMove) -> int:  # ranks gained towards the other side
        return sign * (move.from_square // SIZE - move.to_square // SIZE)

    def rightwards(move: ShogiMove) -> int:  # columns to the mover's right of the target
        return sign * (move.from_square % SIZE - move.to_square % SIZE)

    chosen = list(moves)
    for word in words:
        if word == "上":
            chosen = [m for m in chosen if ahead(m) > 0]
        elif word == "引":
            chosen = [m for m in chosen if ahead(m) < 0]
        elif word == "寄":
            chosen = [m for m in chosen if ahead(m) == 0]
        elif word == "直":
            chosen = [m for m in chosen if ahead(m) > 0 and rightwards(m) == 0]
        elif word in "右左" and chosen:
            side = [rightwards(m) for m in chosen]
            best = max(side) if word == "右" else min(side)
            chosen = [m for m, where in zip(chosen, side, strict=True) if where == best]
    return chosen


def _one(moves: Sequence[ShogiMove], written: str, where: str) -> ShogiMove:
    if len(moves) == 1:
        return moves[0]
    if not moves:
        raise NotationError(f"{where}: {written} is not a legal move here")
    raise NotationError(
        f"{where}: {written} could be {len(moves)} moves; say which (右, 左, 上...)"
    )


def read_ki2(text: str, game: Game[ShogiPosition] | None = None) -> ShogiRecord:
    """Read a KI2 record (main line only); NotationError names the line at fault.
    The positions are ``game``'s (the registered shogi when None)."""
    return _Ki2Reader(game or _shogi()).read(text)
