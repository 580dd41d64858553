"""A room of simulated tables told to live records as their boards would tell them: each
table's host board plays every seat, its state after each move carrying the clocks."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from engine.registry import find_game
from firmware_host.club.live import LiveRecord, Table
from firmware_host.remote.messages import BoardState, GameSpec

KEY = "cd" * 32
CLOCK = "5m byo 10s"
FULL = 310.0  # seconds until the flag at the start of CLOCK


def lines(game_name: str, plies: int, options: dict[str, str]) -> tuple[str, ...]:
    """Up to ``plies`` moves of ``game_name`` from its start, drawn at random with a
    fixed seed (any legal game will do; the page draws what the rules made of it)."""
    position = find_game(game_name).position(None, options)
    texts: list[str] = []
    chance = random.Random(64)
    for _ in range(plies):
        if position.outcome() is not None:
            break
        move = chance.choice(sorted(position.legal_moves(), key=position.move_text))
        texts.append(position.move_text(move))
        position.push(move)
    return tuple(texts)


@dataclass
class SimTable:
    """One table: its record, the moves it will play, how many it has played."""

    record: LiveRecord
    game: str
    line: tuple[str, ...]
    played: int = 0
    seq: int = 1
    options: dict[str, str] = field(default_factory=dict)
    clocks: list[float] = field(default_factory=list)

    def play(self, at: float, spent: float = 4.0) -> str:
        """The next move, made at ``at`` after ``spent`` seconds of its seat's clock."""
        seats = len(find_game(self.game).seats)
        if not self.clocks:
            self.clocks = [FULL] * seats
        seat = self._turn()
        self.clocks[seat] -= spent
        self.played += 1
        self.seq += 1
        moves = self.line[: self.played]
        state = BoardState("g", tuple(range(seats)), 0, moves, clock=tuple(self.clocks))
        self.record.feed("host", self.seq, state, at)
        return moves[-1]

    def _turn(self) -> int:
        position = find_game(self.game).position(None, self.options)
        for text in self.line[: self.played]:
            position.push_text(text)
        turn: int = position.turn
        return turn


def sim_table(
    number: int, game: str, players: tuple[str, ...], at: float, **options: str
) -> SimTable:
    record = LiveRecord(Table(number, players, "Club cup"))
    spec = GameSpec(
        "g", game, tuple(options.items()), "", (), (("clock", CLOCK),), "host", (),
        keys=(("host", KEY),),
    )  # fmt: skip
    record.feed("host", 1, spec, at)
    return SimTable(record, game, lines(game, 40, options), options=options)


def room(at: float) -> dict[int, SimTable]:
    """Three tables: shogi, Abalone (hexagons), four-seat Chaturaji (without dice: a
    roll is the board's to make, and any legal game will do)."""
    return {
        1: sim_table(1, "shogi", ("Sato", "Suzuki"), at),
        2: sim_table(2, "abalone", ("Ada", "Bo"), at),
        3: sim_table(3, "chaturaji", ("Ann", "Ben", "Cy", "Di"), at, dice="0"),
    }
