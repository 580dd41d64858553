"""A slow, naive Chaturaji referee for the individual game, written apart from the engine:
it reads the position text itself, keeps the board as a dict, and spells every rule out
directly. The tests compare the engine with it move by move over random games."""

from __future__ import annotations

from dataclasses import dataclass

FILES = "abcdefgh"
SEATS = "kgry"
FORWARD = {"k": (0, 1), "g": (1, 0), "r": (0, -1), "y": (-1, 0)}
VALUE = {"P": 1, "B": 2, "H": 3, "E": 4, "K": 5}
FACE = {2: {"B"}, 3: {"H"}, 4: {"E"}, 5: {"K", "P"}}
PAWN_ORIGIN = {"b": "B", "h": "H", "e": "E", "k": "K"}


@dataclass
class Piece:
    seat: str
    kind: str  # K E H B P
    origin: str = ""  # for a pawn: the kind it may become


Cell = tuple[int, int]


def name(cell: Cell) -> str:
    return f"{FILES[cell[0]]}{cell[1] + 1}"


def on_board(x: int, y: int) -> bool:
    return 0 <= x < 8 and 0 <= y < 8


class Naive:
    """One position: the board, whose turn, the die showing, the scores."""

    def __init__(self, text: str, ranks: bool = False) -> None:
        fields = text.split()
        self.board: dict[Cell, Piece] = {}
        for row, rank in enumerate(fields[0].split("/")):
            y, x, i = 7 - row, 0, 0
            while i < len(rank):
                if rank[i].isdigit():
                    x += int(rank[i])
                    i += 1
                    continue
                seat, letter = rank[i], rank[i + 1]
                if letter in PAWN_ORIGIN:
                    self.board[(x, y)] = Piece(seat, "P", PAWN_ORIGIN[letter])
                else:
                    self.board[(x, y)] = Piece(seat, letter)
                x += 1
                i += 2
        self.turn = fields[1]
        self.dice = [] if fields[2] in "?-" else [int(c) for c in fields[2]]
        self.scores = dict(zip(SEATS, (int(s) for s in fields[3].split(",")), strict=True))
        self.ranks = ranks

    def last_line(self, seat: str, cell: Cell) -> bool:
        dx, dy = FORWARD[seat]
        x, y = cell
        return (
            (dy == 1 and y == 7)
            or (dy == -1 and y == 0)
            or (dx == 1 and x == 7)
            or (dx == -1 and x == 0)
        )

    def lost(self, seat: str, kind: str) -> bool:
        return not any(p.seat == seat and p.kind == kind for p in self.board.values())

    def promotes(self, piece: Piece, cell: Cell) -> bool:
        """A pawn on its last line may become the kind it stood in front of, once lost."""
        return (
            piece.kind == "P"
            and self.last_line(piece.seat, cell)
            and self.lost(piece.seat, piece.origin)
        )

    def may_take(self, piece: Piece, target: Cell) -> bool:
        victim = self.board.get(target)
        if victim is None:
            return True
        if victim.seat == piece.seat:
            return False
        if piece.kind == "B" and victim.kind == "B":
            return False
        weak, strong = piece.kind in "PB", victim.kind in "HEK"
        return not (self.ranks and weak and strong)

    def targets(self, cell: Cell, piece: Piece) -> list[Cell]:
        x, y = cell
        found: list[Cell] = []
        if piece.kind == "K":
            steps = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]
            found = [(x + dx, y + dy) for dx, dy in steps if on_board(x + dx, y + dy)]
        elif piece.kind == "H":
            jumps = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]
            found = [(x + dx, y + dy) for dx, dy in jumps if on_board(x + dx, y + dy)]
        elif piece.kind == "B":
            jumps = [(2, 2), (2, -2), (-2, 2), (-2, -2)]
            found = [(x + dx, y + dy) for dx, dy in jumps if on_board(x + dx, y + dy)]
        elif piece.kind == "E":
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                nx, ny = x + dx, y + dy
                while on_board(nx, ny):
                    found.append((nx, ny))
                    if (nx, ny) in self.board:
                        break
                    nx, ny = nx + dx, ny + dy
        else:
            dx, dy = FORWARD[piece.seat]
            ahead = (x + dx, y + dy)
            if on_board(*ahead) and ahead not in self.board:
                found.append(ahead)
            side = (dy, dx)  # perpendicular to forward
            for sign in (1, -1):
                diagonal = (x + dx + sign * side[0], y + dy + sign * side[1])
                if on_board(*diagonal) and diagonal in self.board:
                    found.append(diagonal)
        return [t for t in found if self.may_take(piece, t)]

    def legal(self) -> set[str]:
        kinds: set[str] = set()
        for face in self.dice:
            kinds |= FACE[face]
        moves: set[str] = set()
        for cell, piece in self.board.items():
            if piece.seat != self.turn or piece.kind not in kinds:
                continue
            for target in self.targets(cell, piece):
                moves.add(name(cell) + name(target))
                if self.promotes(piece, target):
                    moves.add(f"{name(cell)}{name(target)}={piece.origin}")
            if self.promotes(piece, cell):
                moves.add(f"{name(cell)}={piece.origin}")
        return moves or {"pass"}

    def board_after(self, move: str) -> tuple[dict[str, str], dict[str, int]]:
        """The board (cell -> seat and kind) and scores once ``move`` is played."""
        board = {name(c): p.seat + p.kind for c, p in self.board.items()}
        scores = dict(self.scores)
        if move == "pass":
            return board, scores
        if move[2] == "=":
            board[move[:2]] = self.turn + move[3]
            return board, scores
        origin, target = move[:2], move[2:4]
        piece = board.pop(origin)
        victim = board.get(target)
        if victim:
            scores[self.turn] += VALUE[victim[1]]
        board[target] = piece[0] + move[5] if "=" in move else piece
        if piece[1] == "B":
            tx, ty = FILES.index(target[0]), int(target[1]) - 1
            for left in (tx - 1, tx):
                for bottom in (ty - 1, ty):
                    block = [
                        (left, bottom),
                        (left + 1, bottom),
                        (left, bottom + 1),
                        (left + 1, bottom + 1),
                    ]
                    if not all(on_board(*c) for c in block):
                        continue
                    stones = [board.get(name(c), "") for c in block]
                    if all(s.endswith("B") for s in stones) and len({s[0] for s in stones}) == 4:
                        for c in block:
                            if name(c) != target:
                                del board[name(c)]
                                scores[self.turn] += 2
        return board, scores
