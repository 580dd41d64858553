"""abalone-boai (Scriptim's "Abalone BoAI", MIT, on PyPI) as an independent test oracle.

Only its rules are used: ``Game.move`` on a copy for each candidate line and
direction, exactly as its own ``generate_legal_moves`` does. Two things are
changed around it, neither touching a rule: its pure helper functions
(``neighbor``, ``line_from_to``, ``line_to_edge``) are memoized, and a game is
copied by copying its board rows instead of ``deepcopy``, which together make it
about fifteen times faster; and ``colorama.init`` is kept from wrapping the test
process's standard output when the package is imported.
"""

from __future__ import annotations

import functools
from collections import Counter
from typing import Any
from unittest import mock

with mock.patch("colorama.init"):
    import abalone.game as boai_game
import abalone.utils as boai_utils
from abalone.enums import Direction, InitialPosition, Marble, Player, Space

_neighbor = functools.lru_cache(maxsize=None)(boai_utils.neighbor)
_line_from_to = functools.lru_cache(maxsize=None)(boai_utils.line_from_to)
_line_to_edge = functools.lru_cache(maxsize=None)(boai_utils.line_to_edge)
boai_utils.neighbor = _neighbor
boai_game.neighbor = _neighbor
boai_utils.line_from_to = _line_from_to
boai_game.line_from_to = _line_from_to
boai_game.line_to_edge = lambda space, direction: list(_line_to_edge(space, direction))

SPACES = tuple(space for space in Space if space is not Space.OFF)
NAMES = tuple("".join(space.value) for space in SPACES)
LETTER = {Marble.BLACK: "b", Marble.WHITE: "w", Marble.BLANK: "."}
MARBLE = {"b": Marble.BLACK, "w": Marble.WHITE, ".": Marble.BLANK}
LAYOUTS = {
    "standard": InitialPosition.DEFAULT,
    "belgian": InitialPosition.BELGIAN_DAISY,
    "german": InitialPosition.GERMAN_DAISY,
}


class Oracle:
    """One oracle position; ``key()`` is every hole's letter (b, w or .) from A1 to I9."""

    def __init__(self, game: Any) -> None:
        self.game = game

    @classmethod
    def start(cls, layout: str) -> Oracle:
        return cls(boai_game.Game(LAYOUTS[layout], Player.BLACK))

    @classmethod
    def from_key(cls, key: str, turn: int) -> Oracle:
        game = boai_game.Game(InitialPosition.DEFAULT, Player.BLACK if turn == 0 else Player.WHITE)
        for space, letter in zip(SPACES, key, strict=True):
            game.set_marble(space, MARBLE[letter])
        return cls(game)

    def key(self) -> str:
        # The board rows run from I down to A, each from its lowest diagonal: read
        # backwards row by row, that is hole order from A1.
        return "".join(LETTER[marble] for row in reversed(self.game.board) for marble in row)

    def key_by_space(self) -> str:
        """The same key through the oracle's public ``get_marble`` (slow; checks ``key``)."""
        return "".join(LETTER[self.game.get_marble(space)] for space in SPACES)

    @property
    def turn(self) -> int:
        return 0 if self.game.turn is Player.BLACK else 1

    def _copy(self) -> Any:
        clone = boai_game.Game.__new__(boai_game.Game)
        clone.board = [row[:] for row in self.game.board]
        clone.turn = self.game.turn
        return clone

    def successors(self) -> dict[str, Oracle]:
        """The position after each legal move, by key (the side to move switched)."""
        found: dict[str, Oracle] = {}
        counts: Counter[str] = Counter()
        for marbles in self.game.generate_own_marble_lines():
            for direction in Direction:
                clone = self._copy()
                try:
                    clone.move(marbles, direction)
                except boai_game.IllegalMoveException:
                    continue
                clone.switch_player()
                after = Oracle(clone)
                found[after.key()] = after
                counts[after.key()] += 1
        self.duplicates = sum(count - 1 for count in counts.values())
        return found


def oracle_perft(options: dict[str, str], start: str | None, depth: int) -> int:
    """The oracle's count of the contract's perft case (``tests/engine/<game>/perft.json``)
    from a starting layout, by its successors."""
    assert start is None, "the oracle starts from a layout"

    def count(oracle: Oracle, left: int) -> int:
        children = oracle.successors()
        if left == 1:
            return len(children)
        return sum(count(child, left - 1) for child in children.values())

    return count(Oracle.start(options.get("layout", "standard")), depth)
