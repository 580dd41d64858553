"""A round's table for the organiser: each table's players, result and time used, read
from the round's pairings and the tables' live records (``live.py``), as values.

Pure: nothing here reads a clock, a file or the broker. A game is worth one point,
shared by its winners (a win 1-0, a draw ½-½; a Chaturaji game's equal top scores or a
team's two partners share it, and a four-seat draw gives each a quarter): Kiban's own
convention, so that a crosstable adds rounds of any of its games alike. A game that
counts points (Chaturaji: pawn 1 ... king 5, docs/shared rules ``chaturaji.md``,
"Scoring") also gives each seat its points and its place, the highest first and equal
points sharing a place.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from engine.errors import KibanError
from engine.game import Position
from engine.outcome import Outcome
from engine.registry import find_game
from firmware_host.club.live import LiveGame
from firmware_host.club.pairings import Pairing, Round

ABANDONED = "abandoned by the organiser"
"""How a game the organiser abandoned ended (``kiban room``'s ``abandon TABLE``): every
seat scores nothing, as a game forfeited by both."""


@dataclass(frozen=True, slots=True)
class SeatResult:
    """One seat of a table's game as the round's table shows it."""

    player: str
    seat: str  # the seat's name in its game (sente, black, green, ...): its colour
    score: Fraction | None  # its share of the game's point (None: not finished)
    place: int | None  # 1 for the first; None while the game goes on
    points: int | None  # the game's own count (Chaturaji's), None where it has none
    time_used: float | None  # seconds its moves took, as the board timed them


@dataclass(frozen=True, slots=True)
class TableResult:
    """A table of the round: its game, how it ended (``termination``: "" while it goes
    on), and every seat in seat order."""

    table: int
    game: str
    seats: tuple[SeatResult, ...]
    termination: str = ""
    moves: int = 0

    @property
    def finished(self) -> bool:
        return bool(self.termination)

    @property
    def result(self) -> str:
        """``1-0``, ``0-1``, ``½-½`` for two seats; each seat's share in seat order for
        more (``½-0-½-0``); ``*`` while the game goes on."""
        if not self.finished:
            return "*"
        return "-".join(score_text(seat.score or Fraction(0)) for seat in self.seats)


@dataclass(frozen=True, slots=True)
class RoundTable:
    """The round's table: every table paired, in table order."""

    number: int
    tables: tuple[TableResult, ...]


def round_table(round: Round, games: Mapping[int, LiveGame | None]) -> RoundTable:
    """The table of ``round`` from each table's live game as it stands (a table with no
    game yet shows its players and no result)."""
    return RoundTable(
        round.number,
        tuple(table_result(pairing, games.get(pairing.table)) for pairing in round.pairings),
    )


def table_result(pairing: Pairing, view: LiveGame | None) -> TableResult:
    """One table: the pairing's players by seat, with the game's result and times."""
    game = find_game(pairing.game)
    names = tuple(seat.name for seat in game.seats)
    if view is None or view.game != pairing.game:
        seats = tuple(
            SeatResult(player, name, None, None, None, None)
            for player, name in zip(pairing.players, names, strict=True)
        )
        return TableResult(pairing.table, pairing.game, seats)
    position = replayed(view)
    outcome = None if view.ending is None else view.ending.outcome
    counts = position.scores() if position is not None else ()
    shares = shares_of(outcome, len(names))
    places = places_of(outcome, counts, len(names))
    if view.abandoned and outcome is None:  # the organiser's word: nobody scores
        shares, places = (Fraction(0),) * len(names), None
    used = time_used(view, len(names))
    seats = tuple(
        SeatResult(
            pairing.players[seat],
            names[seat],
            None if shares is None else shares[seat],
            None if places is None else places[seat],
            counts[seat] if counts else None,
            used[seat],
        )
        for seat in range(len(names))
    )
    termination = "" if outcome is None else outcome.termination.value
    if view.abandoned and outcome is None:
        termination = ABANDONED
    return TableResult(pairing.table, pairing.game, seats, termination, len(view.moves))


def replayed(view: LiveGame) -> Position[Any] | None:
    """The game's position after its moves (None when a move cannot be played: the
    live record plays only legal ones, so only a record mended by hand)."""
    position: Position[Any] = find_game(view.game).position(view.start or None, dict(view.options))
    try:
        for move in view.moves:
            position.push_text(move.text)
    except KibanError:
        return None
    return position


def shares_of(outcome: Outcome | None, seats: int) -> tuple[Fraction, ...] | None:
    """Each seat's share of the game's one point: its winners share it, a draw shares it
    among every seat (None: not finished)."""
    if outcome is None:
        return None
    sharing = outcome.winners or frozenset(range(seats))
    share = Fraction(1, len(sharing))
    return tuple(share if seat in sharing else Fraction(0) for seat in range(seats))


def places_of(
    outcome: Outcome | None, counts: tuple[int, ...], seats: int
) -> tuple[int, ...] | None:
    """Each seat's place: the winners first, then by the game's own points where it
    counts them; seats equal on both share a place (1, 2, 2, 4)."""
    if outcome is None:
        return None
    winners = outcome.winners or frozenset(range(seats))

    def key(seat: int) -> tuple[bool, int]:
        return seat in winners, counts[seat] if counts else 0

    return tuple(1 + sum(key(other) > key(seat) for other in range(seats)) for seat in range(seats))


def time_used(view: LiveGame, seats: int) -> tuple[float | None, ...]:
    """Each seat's time: the sum of its moves' times, where the board told them (None
    for a seat none of whose moves' times are known)."""
    used: list[float | None] = [None] * seats
    for move in view.moves:
        if move.spent is not None and move.seat < seats:
            used[move.seat] = round((used[move.seat] or 0.0) + move.spent, 3)
    return tuple(used)


def score_text(score: Fraction) -> str:
    """A score as a crosstable writes it: ``1``, ``½``, ``2½``, else two decimals."""
    whole, part = divmod(score, 1)
    if part == 0:
        return str(int(whole))
    if part == Fraction(1, 2):
        return f"{int(whole) or ''}½"
    return f"{float(score):.2f}"
