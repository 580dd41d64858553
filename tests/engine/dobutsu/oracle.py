"""A deliberately naive second implementation of the rules, used only to check the engine.

It shares no code with ``engine.dobutsu``: a dict board keyed by (file, rank)
numbers, directions derived from the rules text, every state copied on each
move. Slow and obvious on purpose.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

FILES = (3, 2, 1)  # left to right as A sees the board
RANKS = "abcd"  # top to bottom

Square = tuple[int, int]  # (file number, rank index 0..3 from the top)
Piece = tuple[str, int]  # (one of "L", "E", "G", "C", "H"; seat)

KING_DIRS = [(df, dr) for df in (-1, 0, 1) for dr in (-1, 0, 1) if (df, dr) != (0, 0)]


def directions(kind: str, seat: int) -> list[tuple[int, int]]:
    """(file change, rank change); A's forward is towards rank a (rank index down)."""
    forward = -1 if seat == 0 else 1
    if kind == "L":
        return KING_DIRS
    if kind == "E":
        return [(df, dr) for df, dr in KING_DIRS if df != 0 and dr != 0]
    if kind == "G":
        return [(df, dr) for df, dr in KING_DIRS if (df == 0) != (dr == 0)]
    if kind == "C":
        return [(0, forward)]
    if kind == "H":
        return [(df, dr) for df, dr in KING_DIRS if not (dr == -forward and df != 0)]
    raise ValueError(kind)


def name(square: Square) -> str:
    return f"{square[0]}{RANKS[square[1]]}"


def on_board(square: Square) -> bool:
    return 1 <= square[0] <= 3 and 0 <= square[1] <= 3


def far_rank(seat: int) -> int:
    return 0 if seat == 0 else 3


@dataclass
class Naive:
    board: dict[Square, Piece]
    hands: list[Counter[str]]
    turn: int
    mandatory: bool = False
    repetition: int = 4
    seen: Counter[str] = field(default_factory=Counter)

    @classmethod
    def from_sfen(cls, text: str, mandatory: bool = False, repetition: int = 4) -> Naive:
        rows, side, hand = text.split()[:3]
        board: dict[Square, Piece] = {}
        for rank, row in enumerate(rows.split("/")):
            column = 0
            promoted = False
            for char in row:
                if char.isdigit():
                    column += int(char)
                elif char == "+":
                    promoted = True
                else:
                    kind = "H" if promoted else char.upper()
                    board[(FILES[column], rank)] = (kind, 0 if char.isupper() else 1)
                    column += 1
                    promoted = False
        hands: list[Counter[str]] = [Counter(), Counter()]
        count = ""
        for char in "" if hand == "-" else hand:
            if char.isdigit():
                count += char
            else:
                hands[0 if char.isupper() else 1][char.upper()] += int(count or 1)
                count = ""
        state = cls(board, hands, "bw".index(side), mandatory, repetition)
        state.seen[state.key()] += 1
        return state

    def key(self) -> str:
        return self.sfen_board() + " " + "bw"[self.turn] + " " + self.sfen_hand()

    def sfen_board(self) -> str:
        rows = []
        for rank in range(4):
            row, gap = "", 0
            for file in FILES:
                piece = self.board.get((file, rank))
                if piece is None:
                    gap += 1
                    continue
                row += str(gap) if gap else ""
                gap = 0
                letter = "+C" if piece[0] == "H" else piece[0]
                row += letter if piece[1] == 0 else letter.lower()
            rows.append(row + (str(gap) if gap else ""))
        return "/".join(rows)

    def sfen_hand(self) -> str:
        out = ""
        for seat in (0, 1):
            for kind in "GEC":
                count = self.hands[seat][kind]
                letter = kind if seat == 0 else kind.lower()
                out += (str(count) if count > 1 else "") + letter if count else ""
        return out or "-"

    def attacked_by(self, target: Square, seat: int) -> bool:
        for square, (kind, owner) in self.board.items():
            if owner != seat:
                continue
            for df, dr in directions(kind, owner):
                if (square[0] - df, square[1] + dr) == target:
                    return True
        return False

    def raw_moves(self) -> list[str]:
        moves = []
        for square, (kind, owner) in self.board.items():
            if owner != self.turn:
                continue
            for df, dr in directions(kind, owner):
                # files count down to the right, so a step right lowers the file number
                target = (square[0] - df, square[1] + dr)
                if not on_board(target):
                    continue
                if target in self.board and self.board[target][1] == owner:
                    continue
                text = name(square) + name(target)
                if kind == "C" and target[1] == far_rank(owner):
                    moves.append(text + "+")
                    if self.mandatory:
                        continue
                moves.append(text)
        for kind in ("C", "E", "G"):
            if self.hands[self.turn][kind] > 0:
                for file in FILES:
                    for rank in range(4):
                        if (file, rank) not in self.board:
                            moves.append(f"{kind}*{name((file, rank))}")
        return moves

    def outcome(self) -> tuple[str, int | None] | None:
        lions = {owner: square for square, (kind, owner) in self.board.items() if kind == "L"}
        if self.turn not in lions:
            return ("king captured", 1 - self.turn)
        for seat in (1 - self.turn, self.turn):
            if lions[seat][1] == far_rank(seat) and not self.attacked_by(lions[seat], 1 - seat):
                return ("try", seat)
        if self.seen[self.key()] >= self.repetition:
            return ("repetition", None)
        if not self.raw_moves():
            return ("no legal moves", 1 - self.turn)
        return None

    def legal_moves(self) -> list[str]:
        return [] if self.outcome() is not None else self.raw_moves()

    def play(self, move: str) -> Naive:
        board = dict(self.board)
        hands = [Counter(self.hands[0]), Counter(self.hands[1])]
        promote = move.endswith("+")
        body = move.rstrip("+")
        target = (int(body[-2]), RANKS.index(body[-1]))
        if "*" in body:
            hands[self.turn][body[0]] -= 1
            board[target] = (body[0], self.turn)
        else:
            origin = (int(body[0]), RANKS.index(body[1]))
            kind, owner = board.pop(origin)
            if target in board:
                taken = board[target][0]
                if taken != "L":
                    hands[owner]["C" if taken == "H" else taken] += 1
            board[target] = ("H" if promote else kind, owner)
        state = Naive(board, hands, 1 - self.turn, self.mandatory, self.repetition)
        state.seen = Counter(self.seen)
        state.seen[state.key()] += 1
        return state

    def perft(self, depth: int) -> int:
        moves = self.legal_moves()
        if depth == 1:
            return len(moves)
        return sum(self.play(move).perft(depth - 1) for move in moves)


def oracle_perft(options: dict[str, str], start: str | None, depth: int) -> int:
    """The naive count of the contract's perft case (``tests/engine/<game>/perft.json``)."""
    mandatory = options.get("promotion") == "mandatory"
    return Naive.from_sfen(start or "gle/1c1/1C1/ELG b - 1", mandatory=mandatory).perft(depth)
