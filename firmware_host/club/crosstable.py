"""The crosstable over a tournament's rounds: the players by score, one column per round
with whom they met, in which seat (their colour) and their share of the game.

Pure: it is made from the rounds' tables (``results.py``), and written as CSV text for
a spreadsheet. A player is known by their name as the pairings spell it.

Ties are broken by Buchholz, the sum of the final scores of every opponent met (at a
four-seat table, the other three): FIDE Handbook C.07, Tie-Break Regulations, article
8.1 ("Buchholz"), unmodified (no cut), since a club's few rounds leave little to cut.
Equal on both, players stand in the order of their names.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from firmware_host.club.results import RoundTable, TableResult, score_text

TIE_BREAK = "Buchholz (FIDE Handbook C.07 art. 8.1)"
"""The tie-break the crosstable ranks by after the score, as its column names it."""


@dataclass(frozen=True, slots=True)
class Meeting:
    """One player's game in one round."""

    round: int
    table: int
    opponents: tuple[str, ...]  # the other seats' players, in seat order
    seat: str  # the player's own seat (their colour)
    score: Fraction | None  # their share (None: the game goes on)


@dataclass(frozen=True, slots=True)
class Standing:
    """A player's line of the crosstable."""

    place: int
    player: str
    score: Fraction
    tie_break: Fraction
    meetings: tuple[Meeting | None, ...]  # by round, None where they did not play


def standings(rounds: Sequence[RoundTable]) -> tuple[Standing, ...]:
    """Every player of ``rounds`` by score, then Buchholz, then name; places shared
    by those equal on both."""
    numbers = sorted({round.number for round in rounds})
    met: dict[str, dict[int, Meeting]] = {}
    for round in rounds:
        for table in round.tables:
            for meeting_of in _meetings(round.number, table):
                player, meeting = meeting_of
                met.setdefault(player, {})[round.number] = meeting
    scores = {player: _total(games.values()) for player, games in met.items()}
    buchholz = {
        player: sum(
            (scores.get(opponent, Fraction(0)) for m in games.values() for opponent in m.opponents),
            Fraction(0),
        )
        for player, games in met.items()
    }
    order = sorted(met, key=lambda p: (-scores[p], -buchholz[p], p))
    lines: list[Standing] = []
    for index, player in enumerate(order):
        same = lines and (lines[-1].score, lines[-1].tie_break) == (
            scores[player],
            buchholz[player],
        )
        place = lines[-1].place if same else index + 1
        meetings = tuple(met[player].get(number) for number in numbers)
        lines.append(Standing(place, player, scores[player], buchholz[player], meetings))
    return tuple(lines)


def _meetings(number: int, table: TableResult) -> list[tuple[str, Meeting]]:
    players = [seat.player for seat in table.seats]
    return [
        (
            seat.player,
            Meeting(
                number,
                table.table,
                tuple(p for other, p in enumerate(players) if other != index),
                seat.seat,
                seat.score,
            ),
        )
        for index, seat in enumerate(table.seats)
        if seat.player
    ]


def _total(meetings: Iterable[Meeting]) -> Fraction:
    return sum((m.score or Fraction(0) for m in meetings), Fraction(0))


def meeting_text(meeting: Meeting | None) -> str:
    """A round's cell: ``Jan Novák (gote) 1``; several opponents joined by ``/``; ``*``
    for a game still going on; empty where the player did not play."""
    if meeting is None:
        return ""
    score = "*" if meeting.score is None else score_text(meeting.score)
    return f"{' / '.join(meeting.opponents)} ({meeting.seat}) {score}"


def crosstable_csv(rounds: Sequence[RoundTable]) -> str:
    """The crosstable as CSV: place, player, score, the tie-break, then a column per
    round (``round 1``, ...)."""
    numbers = sorted({round.number for round in rounds})
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["place", "player", "score", TIE_BREAK, *(f"round {n}" for n in numbers)])
    for line in standings(rounds):
        writer.writerow(
            [
                line.place,
                line.player,
                score_text(line.score),
                score_text(line.tie_break),
                *(meeting_text(meeting) for meeting in line.meetings),
            ]
        )
    return out.getvalue()


def round_csv(table: RoundTable) -> str:
    """The round's table as CSV: a line per seat of each table (table, game, result,
    how it ended, moves, then the seat, its player, share, place, points, time used)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(
        [
            "table",
            "game",
            "result",
            "ended by",
            "moves",
            "seat",
            "player",
            "score",
            "place",
            "points",
            "time used (s)",
        ]
    )
    for result in table.tables:
        for seat in result.seats:
            writer.writerow(
                [
                    result.table,
                    result.game,
                    result.result,
                    result.termination,
                    result.moves,
                    seat.seat,
                    seat.player,
                    "" if seat.score is None else score_text(seat.score),
                    "" if seat.place is None else seat.place,
                    "" if seat.points is None else seat.points,
                    "" if seat.time_used is None else f"{seat.time_used:.0f}",
                ]
            )
    return out.getvalue()
