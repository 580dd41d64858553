"""The round's table and the crosstable: each table's players, result and time used
from the pairings and the live records; scores shared by a game's winners, Chaturaji's
places by its points, the crosstable ranked by score then Buchholz."""

from __future__ import annotations

from fractions import Fraction

from engine.outcome import Outcome, Termination
from firmware_host.club.crosstable import TIE_BREAK, crosstable_csv, standings
from firmware_host.club.live import Ending, LiveGame, Table
from firmware_host.club.pairings import parse_pairings
from firmware_host.club.results import RoundTable, places_of, round_table, shares_of
from firmware_host.remote.messages import BoardState
from firmware_host.session.consent import Word, WordKind
from tests.firmware_host.club.livekit import OPENING, fed

PAIRINGS = """table,black,white,game
3,Sato,Suzuki,shogi
4,Ito,Mori,shogi
6,Anna,Paul,Eva,Luc,chaturaji
"""


def ended(game: str, outcome: Outcome, table: int) -> LiveGame:
    return LiveGame(Table(table), game, (), "", None, (), Ending(outcome, 5.0), 0.0, 5.0)


def resigned(plies: int, loser: int) -> LiveGame:
    record = fed(plies)
    board = "host" if loser == 0 else "join"
    state = BoardState("g1", (loser,), 0, OPENING[:plies], Word(WordKind.RESIGN, loser))
    record.feed(board, 99, state, 2000.0)
    view = record.view()
    assert view is not None
    return view


def test_each_table_has_its_players_result_and_time_used() -> None:
    round = parse_pairings(PAIRINGS, "r1.csv", 1)
    table = round_table(round, {3: resigned(4, 1), 4: fed(2).view()})
    first, second, third = table.tables
    assert first.result == "1-0" and first.termination == "resignation"
    assert [s.player for s in first.seats] == ["Sato", "Suzuki"]
    assert [s.seat for s in first.seats] == ["sente", "gote"]
    assert [s.time_used for s in first.seats] == [10.0, 10.0]  # two moves of 5 s each
    assert second.result == "*" and second.seats[0].score is None  # still being played
    assert third.result == "*" and third.moves == 0  # no game seen at the table yet


def test_a_draw_agreed_at_a_club_table_is_half_a_point_each() -> None:
    record = fed(4)
    record.feed("host", 99, BoardState("g1", (0,), 0, OPENING[:4], Word(WordKind.AGREED, 0)), 9.0)
    round = parse_pairings(PAIRINGS, "r1.csv", 1)
    table = round_table(round, {3: record.view()})
    assert table.tables[0].result == "½-½" and table.tables[0].termination == "agreed"


def test_chaturaji_places_follow_the_points_and_the_winners_share_the_point() -> None:
    won = Outcome(Termination.ARMIES_GONE, frozenset({0}))
    assert places_of(won, (12, 5, 7, 0), 4) == (1, 3, 2, 4)
    tied = Outcome(Termination.ENDED_BY_PLAYERS, frozenset({0, 2}))
    assert places_of(tied, (9, 1, 9, 1), 4) == (1, 3, 1, 3)
    half, none = Fraction(1, 2), Fraction(0)
    assert shares_of(tied, 4) == (half, none, half, none)
    assert shares_of(Outcome.draw(Termination.AGREEMENT), 4) == (Fraction(1, 4),) * 4
    round = parse_pairings(PAIRINGS, "r1.csv", 1)
    table = round_table(round, {6: ended("chaturaji", tied, 6)})
    assert table.tables[2].result == "½-0-½-0"
    assert [s.place for s in table.tables[2].seats] == [1, 3, 1, 3]  # no points: the winners first


def rounds() -> list[RoundTable]:
    one = parse_pairings("1,A,B,shogi\n2,C,D,shogi\n", "r1.csv", 1)
    two = parse_pairings("1,A,C,shogi\n2,D,B,shogi\n", "r2.csv", 2)
    sente, gote = Outcome.win(Termination.RESIGNATION, 0), Outcome.win(Termination.RESIGNATION, 1)
    draw = Outcome.draw(Termination.AGREEMENT)
    return [
        round_table(one, {1: ended("shogi", sente, 1), 2: ended("shogi", gote, 2)}),
        round_table(two, {1: ended("shogi", draw, 1), 2: ended("shogi", draw, 2)}),
    ]


def test_the_crosstable_ranks_by_score_then_buchholz() -> None:
    lines = standings(rounds())
    # A and D: 1½ each; A met B (½) and C (½), D met C (½) and B (½): equal Buchholz 1
    assert [(s.player, s.score, s.place) for s in lines] == [
        ("A", Fraction(3, 2), 1),
        ("D", Fraction(3, 2), 1),
        ("B", Fraction(1, 2), 3),
        ("C", Fraction(1, 2), 3),
    ]
    assert lines[0].tie_break == 1


def test_the_crosstable_csv_names_opponent_colour_result_and_the_tie_break() -> None:
    text = crosstable_csv(rounds())
    lines = text.splitlines()
    assert lines[0] == f"place,player,score,{TIE_BREAK},round 1,round 2"
    assert lines[1] == "1,A,1½,1,B (sente) 1,C (sente) ½"
    assert lines[3] == "3,B,½,3,A (gote) 0,D (gote) ½"
