"""A toy dice race, for testing what the controller does for any game with dice and
with moves the board cannot show. Not a Kiban game: it lives only in the tests.

Two tokens run along cells c1..c8 (seat 0 from c1, seat 1 from c2). A turn: roll 1
or 2, then step that far onto an empty cell. Blocked, the turn is lost ("pass",
which the board cannot show). With a 2 a player may also "wait" (nothing moves).
Reaching c8 wins.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Self

from engine.errors import NotationError
from engine.game import Game, Layout, Position
from engine.geometry import CellCentre, CellShape, Geometry, Seat
from engine.options import Options
from engine.outcome import Outcome, Termination
from engine.physical import Stone

CELLS = tuple(f"c{i}" for i in range(1, 9))
TITLES = MappingProxyType(
    {
        "ja": "おもちゃのきょうそう",
        "pl": "Wyścig zabawkowy",
        "cs": "Hračkový závod",
        "fr": "Course jouet",
    }
)
"""Its title in each language (its catalogue's one entry)."""


@dataclass(frozen=True, slots=True)
class RaceMove:
    kind: str  # roll, step, pass, wait
    value: int = 0


class RacePosition(Position[RaceMove]):
    def __init__(self, game: RaceGame, options: Options, tokens: tuple[int, int] = (0, 1)):
        super().__init__(game, options)
        self.tokens = list(tokens)
        self.roll: int | None = None
        self._turn = 0
        self._undo: list[tuple[list[int], int | None, int]] = []

    @property
    def turn(self) -> int:
        return self._turn

    def chance_moves(self) -> tuple[RaceMove, ...] | None:
        if self.roll is not None or self.outcome() is not None:
            return None
        return (RaceMove("roll", 1), RaceMove("roll", 2))

    def legal_moves(self) -> Iterator[RaceMove]:
        if self.roll is None or self.outcome() is not None:
            return
        target = self.tokens[self._turn] + self.roll
        if target < len(CELLS) and target not in self.tokens:
            yield RaceMove("step", self.roll)
        elif self.roll == 1:
            yield RaceMove("pass")
        if self.roll == 2:
            yield RaceMove("wait")

    def push(self, move: RaceMove) -> None:
        self._undo.append((list(self.tokens), self.roll, self._turn))
        self.move_stack.append(move)
        if move.kind == "roll":
            self.roll = move.value
            return
        if move.kind == "step":
            self.tokens[self._turn] += move.value
        self.roll = None
        self._turn = 1 - self._turn

    def pop(self) -> RaceMove:
        self.tokens, self.roll, self._turn = self._undo.pop()
        return self.move_stack.pop()

    def copy(self) -> Self:
        other = type(self)(self.game, self.options, (self.tokens[0], self.tokens[1]))  # type: ignore[arg-type]
        other.roll, other._turn = self.roll, self._turn
        other._undo = [(list(t), r, s) for t, r, s in self._undo]
        other.move_stack = list(self.move_stack)
        return other

    def outcome(self) -> Outcome | None:
        for seat, token in enumerate(self.tokens):
            if token == len(CELLS) - 1:
                return Outcome.win(Termination.ENDED_BY_PLAYERS, seat)
        return None

    def text(self) -> str:
        return f"{self.tokens[0]} {self.tokens[1]} {self._turn} {self.roll or 0}"

    def move_text(self, move: RaceMove) -> str:
        return f"{move.kind} {move.value}" if move.kind in ("roll", "step") else move.kind

    def read_move(self, text: str) -> RaceMove:
        words = text.split()
        counted = words[:1] in (["roll"], ["step"])
        if not words or words[0] not in ("roll", "step", "pass", "wait"):
            raise NotationError(f"not a race move: {text!r}")
        if len(words) != (2 if counted else 1) or (counted and not words[1].isdigit()):
            raise NotationError(f"not a race move: {text!r}")
        return RaceMove(words[0], int(words[1]) if counted else 0)

    def layout(self) -> Layout:
        return {CELLS[token]: (Stone("T", seat),) for seat, token in enumerate(self.tokens)}


class RaceGame(Game[RacePosition]):
    name = "race"
    title = "Toy race"
    seats = (Seat("first", "a", "black"), Seat("second", "b", "white"))

    def build_geometry(self) -> Geometry:
        return Geometry(
            CellShape.SQUARE, tuple(CellCentre(c, i + 0.5, 0.5) for i, c in enumerate(CELLS))
        )

    def position(
        self, text: str | None = None, options: Mapping[str, str] | None = None
    ) -> RacePosition:
        position = RacePosition(self, self.options(options))
        if text:
            a, b, turn, roll = (int(x) for x in text.split())
            position.tokens = [a, b]
            position._turn = turn
            position.roll = roll or None
        return position

    def start_text(self, options: Options) -> str:
        return "0 1 0 0"

    def catalogue(self, language: str) -> str | None:
        """Its title in its own words, as a catalogue of its own: a game may bring its
        words with it (the rest is told in English)."""
        title = TITLES.get(language)
        return None if title is None else f'msgid "Toy race"\nmsgstr "{title}"\n'

    def rolls_dice(self, options: Options) -> bool:
        return True

    def label(self, stone: Stone) -> str:
        return "AB"[stone.owner or 0]


RACE = RaceGame()
