"""The fast-hands soak (firmware_host/tools/bench/hands.py): heavily noisy hands and eager
next players over every game; the board records what was played or asks, never a wrong
move. A short run in ``make test``; the soak over more than 10,000 moves in
``make test-slow`` (the figures it prints are the issue's: wrong, missed and prompts per
1,000 moves, per game)."""

from __future__ import annotations

import random
import re

import pytest

from engine.recognition.answers import Timing
from engine.registry import find_game
from firmware_host.notices.declared import MoveCommitted, MovesTakenBack, Notice, PromptOpened
from firmware_host.tools.bench.hands import Players, Tempo, main, soak
from firmware_host.tools.bench.hands_tally import HandsTally
from tests.firmware_host.simkit import make_sim
from tests.registered import boarded_games

SOAK_MOVES = 2100  # per game: five games, 10,500 moves
SOAK_SEED = 3
MISSED_PER_THOUSAND = 2.0


@pytest.mark.parametrize("name", ["dobutsu", "robotory"])
def test_a_short_run_of_fast_clumsy_hands_commits_nothing_wrong(name: str) -> None:
    tally = soak(find_game(name), 120, seed=2)
    assert tally.moves == 120
    assert tally.wrong == 0, tally.notes
    assert tally.missed <= 1, tally.notes
    assert tally.prompts > 0  # occupancy boards ask which piece, which colour


def test_moves_in_drawn_orders_keep_what_the_board_saw_made() -> None:
    """Half the moves in orders drawn from every one a hand may use (seed 3): the
    board once changed a move into the one its piece seemed to go on to although the
    next player's drop had been seen made (a slide over a cell read as a knock), and a
    prompt that kept the record forgot the moves it had seen made after it (issue 44)."""
    tally = soak(find_game("dobutsu"), 40, seed=3, tempo=Tempo(drawn=0.5))
    assert tally.wrong == 0, tally.notes
    assert tally.one_choice == 0


def test_a_board_judging_too_soon_is_caught_committing_wrong_moves() -> None:
    """The tally is no formality: a board that rests 20 ms instead of 0.4 s, and reads
    nothing again after 0.1 s, takes slides and knocks for moves, and the soak counts
    them (resting 50 ms alone no longer does: the record follows the hands)."""
    timing = Timing(settle=0.02, grace=0.5, reread=0.1)
    tally = soak(find_game("dobutsu"), 150, seed=2, timing=timing)
    assert tally.wrong > 0


def test_patient_players_need_no_question_for_moves_the_board_sees() -> None:
    """With no eager next player, Abalone on its occupancy board is played without a
    wrong or missed move."""
    tally = soak(find_game("abalone"), 60, seed=1, tempo=Tempo(eager=0.0))
    assert (tally.wrong, tally.missed) == (0, 0), tally.notes


def test_the_line_gives_the_figures_per_thousand_moves() -> None:
    tally = HandsTally(
        "shogi",
        "sim-shogi",
        moves=2000,
        wrong=0,
        missed=3,
        prompts=250,
        choices=200,
        again=10,
        set_down=4,
        held=6,
        midway=2,
    )
    line = tally.line()
    assert re.search(
        r"2,000 moves +wrong +0.00 +missed +1.50 +prompts +125.0 "
        r"\(real choices +100.0, not real +25.0: timing 15.0, asked again 5.0,"
        r" only set down 2.0, still in the hand 3.0;"
        r" one choice 0, not offering the move 0, asked mid-move 2\)"
        r" +replaced unasked 0 +per 1,000",
        line,
    )


def test_a_question_is_counted_by_what_it_asks() -> None:
    """Real choices (alike to every sensor) apart from the questions that are not: a
    move asked again, a piece only set down or still in the hand, and timing (the rest)."""
    tally = HandsTally("dobutsu", "sim", prompts=9, choices=4, again=2, set_down=1, held=1)
    assert (tally.not_real, tally.timing) == (5, 1)


def test_the_command_prints_a_line_per_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["dobutsu", "--moves", "20", "--seed", "4"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 1 and lines[0].startswith("dobutsu    sim-dobutsu")


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(game.name for game in boarded_games()))
def test_soak_fast_clumsy_hands_over_thousands_of_moves(name: str) -> None:
    """Over 2,100 moves of each game: no wrong commit, at most two missed moves in a
    thousand; the prompts are counted and printed (with -s) with the other figures."""
    tally = soak(find_game(name), SOAK_MOVES, seed=SOAK_SEED)
    print(tally.line())
    assert tally.moves == SOAK_MOVES
    assert tally.wrong == 0, tally.notes
    assert tally.per_thousand(tally.missed) <= MISSED_PER_THOUSAND, tally.notes


def test_the_check_fails_a_game_past_the_limits(capsys: pytest.CaptureFixture[str]) -> None:
    """``--check`` (``make soak-hands``) holds each game to issue 44's limits: no wrong
    move, no one-choice prompt, at most one missed move per 1,000."""
    clean = HandsTally("dobutsu", "sim-dobutsu", moves=2000, missed=2, prompts=50)
    assert clean.within_limits()
    assert not HandsTally("dobutsu", "sim-dobutsu", moves=2000, missed=3).within_limits()
    assert not HandsTally("dobutsu", "sim-dobutsu", moves=2000, wrong=1).within_limits()
    assert not HandsTally("dobutsu", "sim-dobutsu", moves=2000, one_choice=1).within_limits()
    assert not HandsTally("dobutsu", "sim-dobutsu", moves=2000, unoffered=1).within_limits()
    assert not HandsTally("dobutsu", "sim-dobutsu", moves=2000, replaced=1).within_limits()
    assert main(["dobutsu", "--moves", "20", "--seed", "4", "--check"]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 1


def _players_told(notices: list[Notice]) -> HandsTally:
    """What the players at a Dobutsu board count when the board tells ``notices`` (the
    lion 2c2b played, the board's news as given)."""
    sim = make_sim("sim", position="2l/3/1L1/3 b - 1")
    tally = HandsTally("dobutsu", "sim")
    players = Players(sim, random.Random(1), Tempo(), tally)
    players.played = ["2c1b"]
    sim.notices.extend(notices)
    players._read()
    players._check(final=True)
    return tally


def test_a_committed_move_replaced_unasked_is_counted_however_soon() -> None:
    """Issue 78: no amend window. A move the board committed, then took back and replaced
    with no prompt offering it, is counted (even when the replacement is the move
    played); offered at a prompt first, it is a question, not a replacement."""
    unasked = _players_told(
        [MoveCommitted(1, "2c2b", 1.0), MovesTakenBack(1, 1.5), MoveCommitted(1, "2c1b", 1.5)]
    )
    assert (unasked.replaced, unasked.wrong) == (1, 0), unasked.notes
    asked = _players_told(
        [
            MoveCommitted(1, "2c2b", 1.0),
            MovesTakenBack(1, 1.5),
            PromptOpened(("2c1b", "2c2b"), 1.5),
            MoveCommitted(1, "2c1b", 2.0),
        ]
    )
    assert (asked.replaced, asked.wrong, asked.again) == (0, 0, 1), asked.notes
    dropped = _players_told([MoveCommitted(1, "2c1b", 1.0), MovesTakenBack(1, 1.5)])
    assert dropped.replaced == 1, dropped.notes
