"""A naive Robotory referee, written apart from the engine, for checking it.

It keeps a position as plain Python values (a dict of cell names to pieces),
finds the neighbours from the rules' doubled coordinates typed in afresh, walks
every path of a robot without any pruning, and says what a player can do as the
set of positions the turn can lead to: two moves are different exactly when they
lead to different positions, which is how the engine's moves must count.
"""

from __future__ import annotations

from dataclasses import dataclass

COORDINATES = {
    **{f"A{k + 1}": (0, y) for k, y in enumerate((2, 4, 6, 8))},
    **{f"B{k + 1}": (1, y) for k, y in enumerate((1, 3, 5, 7, 9))},
    **{f"C{k + 1}": (2, y) for k, y in enumerate((0, 2, 4, 6, 8, 10))},
    **{f"D{k + 1}": (3, y) for k, y in enumerate((1, 3, 5, 7, 9))},
    **{f"E{k + 1}": (4, y) for k, y in enumerate((2, 4, 6, 8))},
}
AT = {xy: name for name, xy in COORDINATES.items()}
NEXT_TO = {
    name: {
        AT[(x + dx, y + dy)]
        for dx, dy in ((0, 2), (0, -2), (1, 1), (1, -1), (-1, 1), (-1, -1))
        if (x + dx, y + dy) in AT
    }
    for name, (x, y) in COORDINATES.items()
}
LIGHT_CAMP = {name for name, (x, y) in COORDINATES.items() if x + y <= 6}
EATS = {"W": {"w"}, "B": {"b"}, "R": {"w", "b"}}
ORDER = ("A", "B", "C", "D", "E")


@dataclass(frozen=True)
class State:
    board: frozenset[tuple[str, str]]  # (cell, piece)
    stocks: tuple[tuple[int, int], tuple[int, int]]  # light, dark: (white, black)
    lid: tuple[int, int]
    turn: int  # 0 light, 1 dark

    @classmethod
    def from_text(cls, text: str) -> State:
        board_text, light, dark, lid, side = text.split()
        board = set()
        for letter, column in zip(ORDER, board_text.split("/"), strict=True):
            row = 1
            for char in column:
                if char.isdigit():
                    row += int(char)
                else:
                    board.add((f"{letter}{row}", char))
                    row += 1
        return cls(frozenset(board), (counts(light), counts(dark)), counts(lid), "ld".index(side))

    def cells(self) -> dict[str, str]:
        return dict(self.board)

    def over(self) -> bool:
        return self.lid[0] == 0 or self.lid[1] == 0

    def winner(self) -> int:
        robots = [cell for cell, piece in self.board if piece in "WBR"]
        return 0 if sum(cell in LIGHT_CAMP for cell in robots) >= 2 else 1

    def successors(self) -> set[State]:
        """Every position one legal turn leads to."""
        if self.over():
            return set()
        found: set[State] = set()
        cells = self.cells()
        white, black = self.stocks[self.turn]
        for colour, have in (("w", white), ("b", black)):
            if have:
                for cell in COORDINATES:
                    if cell not in cells:
                        new = dict(cells)
                        new[cell] = colour
                        stock = (white - 1, black) if colour == "w" else (white, black - 1)
                        found.add(self._after(new, stock, self.lid))
        for origin, robot in cells.items():
            if robot in EATS:
                for end, eaten in walks(cells, origin, EATS[robot]):
                    new = {c: p for c, p in cells.items() if c not in eaten and c != origin}
                    new[end] = robot
                    found.add(self._after(new, (white, black), self.lid))
        held = white + black
        if held < 4:
            take = min(4 - held, self.lid[0] + self.lid[1])
            for w in range(take + 1):
                b = take - w
                if w <= self.lid[0] and b <= self.lid[1]:
                    lid = (self.lid[0] - w, self.lid[1] - b)
                    found.add(self._after(cells, (white + w, black + b), lid))
        if not found:
            found.add(self._after(cells, (white, black), self.lid))
        return found

    def _after(self, cells: dict[str, str], stock: tuple[int, int], lid: tuple[int, int]) -> State:
        stocks = (stock, self.stocks[1]) if self.turn == 0 else (self.stocks[0], stock)
        return State(frozenset(cells.items()), stocks, lid, 1 - self.turn)

    def perft(self, depth: int) -> int:
        if depth == 0:
            return 1
        return sum(child.perft(depth - 1) for child in self.successors())


def counts(text: str) -> tuple[int, int]:
    white, rest = text.split("w")
    return int(white), int(rest.rstrip("b"))


def walks(cells: dict[str, str], origin: str, food: set[str]) -> list[tuple[str, frozenset[str]]]:
    """(end, cells eaten) of every path of one or more steps onto edible tokens."""
    out = []

    def go(here: str, eaten: frozenset[str]) -> None:
        for step in sorted(NEXT_TO[here]):
            if step not in eaten and cells.get(step) in food:
                now = eaten | {step}
                out.append((step, now))
                go(step, now)

    go(origin, frozenset())
    return out


def oracle_perft(options: dict[str, str], start: str | None, depth: int) -> int:
    """The naive count of the contract's perft case (``tests/engine/<game>/perft.json``)."""
    return State.from_text(start or "4/2R2/3B2/2W2/4 2w2b 2w2b 10w10b l").perft(depth)
