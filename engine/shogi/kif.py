"""KIF, the Japanese text record (Kakinoki's format), written and read.

Written the way the common GUIs and libraries read it: a ``手合割`` line for
an even or handicap game (a board diagram for any other start), the players,
one move per line (``   1 ７六歩(77)``, ``同　歩(23)``, ``５五角打``, ``成``),
a special move for the ending (``投了``, ``千日手``, ``持将棋`` ...) and the
result line (``まで64手で先手の勝ち``). A move that stays unpromoted where it
could promote is written without ``不成``, since some readers (cshogi) do not
know that word; the reader accepts it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from types import MappingProxyType

from engine.errors import NotationError
from engine.outcome import Outcome, Termination
from engine.shogi import SHOGI
from engine.shogi.handicaps import ALL_HANDICAPS
from engine.shogi.moves import ShogiMove, board_move, drop_move
from engine.shogi.position import ShogiPosition
from engine.shogi.record import (
    GameRecord,
    handicap_of,
    play,
    read_result_comment,
    result_comment,
    start_of,
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
        "8": "八枚落ち",
        "10": "十枚落ち",
    }
)
HANDICAP_OF_NAME = MappingProxyType({name: key for key, name in HANDICAP_NAMES.items()})

ENDINGS = (
    "中断",
    "投了",
    "持将棋",
    "千日手",
    "詰み",
    "切れ負け",
    "反則勝ち",
    "反則負け",
    "入玉勝ち",
)

_PIECE_NAMES = "|".join(sorted(KIND_OF_NAME, key=len, reverse=True))
_MOVE = re.compile(
    rf"^(?:同[\s　]*|([１-９1-9])([一二三四五六七八九1-9]))({_PIECE_NAMES})"
    r"(成|不成)?(打|\(\s*([1-9])([1-9])\s*\))?$"
)
_MOVE_LINE = re.compile(r"^\s*([0-9]+)\s+(同[\s　]*\S+|\S+)(?:\s+.*)?$")
_RESULT = re.compile(r"^[\s　]*まで、?(\d+)手で(?:(先手|後手|下手|上手)の(\S+?)|(\S+?))[\s　]*$")


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


def _side_names(handicap: str | None) -> tuple[str, str]:
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


def _ending(outcome: Outcome, turn: int, sides: tuple[str, str], plies: int) -> list[str]:
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


def _exact(outcome: Outcome, turn: int) -> bool:
    """Whether the KIF ending alone gives back ``outcome`` when read."""
    term = outcome.termination
    if term is Termination.DECLARATION:
        return outcome.winners == {turn}
    return term not in (Termination.AGREEMENT, Termination.ENDED_BY_PLAYERS)


def write_kif(
    moves: Sequence[str],
    *,
    start: str | None = None,
    handicap: str | None = None,
    outcome: Outcome | None = None,
    players: tuple[str, str] = ("", ""),
    started: str | None = None,
    encoding: str = "UTF-8",
) -> str:
    """A KIF record of a game: moves in USI from ``start`` (SFEN) or the ``handicap``
    opening (an even game by default), ended by ``outcome`` (None: unfinished).
    ``encoding`` is only named in the first line; the caller encodes the text."""
    sfen = start_of(start, handicap)
    position = SHOGI.position(sfen)
    opening = handicap_of(sfen)
    sides = _side_names(opening)
    lines = [f"#KIF version=2.0 encoding={encoding}"]
    if started:
        lines.append(f"開始日時：{started}")
    if opening is not None:
        lines.append(f"手合割：{HANDICAP_NAMES[opening]}")
    else:
        lines += board_diagram(position)
    lines += [f"{sides[0]}：{players[0]}", f"{sides[1]}：{players[1]}"]
    lines.append("手数----指手---------消費時間--")
    previous: int | None = None
    for number, text in enumerate(moves, start=1):
        move = position.read_move(text)
        written = move_text(position, move, previous)
        play(position, move, f"move {number}")
        lines.append(f"{number:>4} {written}")
        previous = move.to_square
    if outcome is not None:
        plies = len(moves)
        special, result = _ending(outcome, position.turn, sides, plies)
        lines.append(f"{plies + 1:>4} {special}")
        if not _exact(outcome, position.turn):
            lines.append(f"*{result_comment(outcome)}")
        if result:
            lines.append(result)
    return "\n".join(lines) + "\n"


# --- reading ------------------------------------------------------------------------


class _Reader:
    """Reads one KIF text, line by line, into a record."""

    def __init__(self) -> None:
        self.headers: dict[str, str] = {}
        self.diagram: list[str] = []
        self.hands: dict[int, str] = {}
        self.gote_first = False
        self.handicap: str | None = None
        self.position: ShogiPosition | None = None
        self.moves: list[str] = []
        self.previous: int | None = None
        self.ending: str | None = None
        self.result: tuple[str | None, str] | None = None
        self.comment: Outcome | None = None
        self.start_text = ""

    def read(self, text: str) -> GameRecord:
        for number, raw in enumerate(text.lstrip("\ufeff").splitlines(), start=1):
            line = raw.rstrip()
            if line.startswith("変化："):
                break  # variations follow the main line; only the main line is read
            self.line(line, f"line {number}")
        position = self.start()
        return GameRecord(
            start=self.start_text,
            moves=tuple(self.moves),
            outcome=self.outcome(position),
            players=(self._player(0), self._player(1)),
            handicap=self.handicap,
        )

    def _player(self, seat: int) -> str:
        keys = ("先手", "下手") if seat == 0 else ("後手", "上手")
        return next((self.headers[k] for k in keys if k in self.headers), "")

    def start(self) -> ShogiPosition:
        if self.position is None:
            self.start_text = self._start_text()
            self.position = SHOGI.position(self.start_text)
        return self.position

    def _start_text(self) -> str:
        if self.diagram:
            return self._diagram_sfen()
        if self.handicap is None:
            self.handicap = "none"
        return ALL_HANDICAPS[self.handicap]

    def line(self, line: str, where: str) -> None:
        stripped = line.strip()
        if not stripped or stripped[0] in "#&":
            return
        if stripped[0] == "*":
            found = read_result_comment(stripped[1:])
            if found is not None:
                self.comment = found
            return
        if stripped.startswith("|"):
            if self.position is not None:
                raise NotationError(f"{where}: a board diagram after the first move")
            self.diagram.append(stripped)
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
            match = _RESULT.match(stripped)
            if match:
                self.result = (match.group(2), match.group(3) or match.group(4))
            return
        match = _MOVE_LINE.match(stripped)
        if match is None:
            if stripped[0].isascii() and stripped[0].isdigit():
                raise NotationError(f"{where}: cannot read the move line {stripped!r}")
            return  # a line no reader needs (a title, a time control, a note)
        self.move(match.group(2), where)

    def header(self, key: str, value: str, where: str) -> None:
        if key == "手合割":
            if value not in HANDICAP_OF_NAME:
                if value == "その他":
                    return
                raise NotationError(f"{where}: unknown handicap {value!r}")
            self.handicap = HANDICAP_OF_NAME[value]
        elif key in ("先手の持駒", "下手の持駒"):
            self.hands[0] = value
        elif key in ("後手の持駒", "上手の持駒"):
            self.hands[1] = value
        self.headers[key] = value

    def move(self, body: str, where: str) -> None:
        if self.ending is not None:
            return  # nothing is played after the game ended
        position = self.start()
        if body in ENDINGS:
            self.ending = body
            return
        match = _MOVE.match(body)
        if match is None:
            raise NotationError(f"{where}: {body!r} is not a KIF move")
        file, rank, name, promotion, how, from_file, from_rank = match.groups()
        if file is None:
            if self.previous is None:
                raise NotationError(f"{where}: 同 (same square) on the first move")
            target = self.previous
        else:
            target = _square(file, rank)
        kind = KIND_OF_NAME[name]
        if how == "打":
            if promotion:
                raise NotationError(f"{where}: a dropped piece cannot promote ({body})")
            move = drop_move(kind, target)
        elif from_file is None:
            raise NotationError(f"{where}: {body!r} does not say where the piece came from")
        else:
            origin = _square(from_file, from_rank)
            piece = position.piece_at(origin)
            if piece & 15 != kind:
                raise NotationError(
                    f"{where}: {body!r} moves a {name}, but {square_name(origin)} holds "
                    f"{BOARD_PIECES.get(piece & 15, 'nothing')}"
                )
            move = board_move(origin, target, promotion == "成")
        self.moves.append(play(position, move, where))
        self.previous = target

    def _diagram_sfen(self) -> str:
        if len(self.diagram) != SIZE:
            raise NotationError(f"a KIF board diagram has 9 ranks, not {len(self.diagram)}")
        rows = []
        for line in self.diagram:
            cells = line[1:].split("|")[0]
            if len(cells) != 2 * SIZE:
                raise NotationError(f"cannot read the board diagram rank {line!r}")
            row, gap = "", 0
            for index in range(SIZE):
                mark, name = cells[2 * index], cells[2 * index + 1]
                if name == "・":
                    gap += 1
                    continue
                kind = KIND_OF_NAME.get(name)
                if kind is None:
                    raise NotationError(f"{name!r} in the board diagram is not a piece")
                if gap:
                    row, gap = row + str(gap), 0
                letter = _sfen_letter(kind)
                row += letter.lower() if mark == "v" else letter
            rows.append(row + (str(gap) if gap else ""))
        hands = _hand_sfen(self.hands.get(0, "なし"), 0) + _hand_sfen(self.hands.get(1, "なし"), 1)
        return f"{'/'.join(rows)} {'w' if self.gote_first else 'b'} {hands or '-'} 1"

    def outcome(self, position: ShogiPosition) -> Outcome | None:
        if self.comment is not None:
            return self.comment
        ending = self.ending
        decided = position.outcome()
        turn = position.turn
        named = self._named_winner()
        if ending is None or ending == "中断":
            return decided if ending is None else None
        if decided is not None and ending in ("投了", "詰み", "千日手", "反則勝ち", "反則負け"):
            return decided
        if ending == "投了":
            return Outcome.win(Termination.RESIGNATION, 1 - turn if named is None else named)
        if ending == "詰み":
            return Outcome.win(Termination.CHECKMATE, 1 - turn)
        if ending == "千日手":
            return Outcome.draw(Termination.REPETITION)
        if ending == "持将棋":
            if named is None:
                return Outcome.draw(Termination.IMPASSE)
            return Outcome.win(Termination.IMPASSE, named)
        if ending == "切れ負け":
            return Outcome.win(Termination.TIME_FORFEIT, 1 - turn if named is None else named)
        if ending == "入玉勝ち":
            return Outcome.win(Termination.DECLARATION, turn)
        winner = turn if ending == "反則勝ち" else 1 - turn
        return Outcome.win(Termination.ILLEGAL_MOVE, winner)

    def _named_winner(self) -> int | None:
        if self.result is None or self.result[0] is None:
            return None
        side, verdict = self.result
        seat = 0 if side in ("先手", "下手") else 1
        if verdict in ("勝ち", "入玉勝ち", "反則勝ち"):
            return seat
        if verdict == "反則負け":
            return 1 - seat
        return None


def _square(file: str, rank: str) -> int:
    file_number = int(file) if file.isdigit() and file.isascii() else DIGITS.index(file) + 1
    rank_number = int(rank) if rank.isascii() else NUMERALS.index(rank)
    return (rank_number - 1) * SIZE + (9 - file_number)


def _sfen_letter(kind: int) -> str:
    letters = {PAWN: "P", LANCE: "L", KNIGHT: "N", SILVER: "S", GOLD: "G", BISHOP: "B"}
    letters |= {ROOK: "R", KING: "K"}
    if kind in letters:
        return letters[kind]
    return "+" + letters[kind - 8]


def _hand_sfen(text: str, seat: int) -> str:
    if text in ("なし", ""):
        return ""
    result = ""
    for item in text.replace(" ", "　").split("　"):
        if not item:
            continue
        kind = KIND_OF_NAME.get(item[0])
        if kind is None or kind not in HAND_KINDS:
            raise NotationError(f"{item!r} is not a piece in hand")
        count = NUMERALS.index(item[1:]) if item[1:] else 1
        letter = _sfen_letter(kind)
        result += (str(count) if count > 1 else "") + (letter if seat == 0 else letter.lower())
    return result


def read_kif(text: str) -> GameRecord:
    """Read a KIF record (main line only); NotationError names the line at fault."""
    return _Reader().read(text)
