"""A puzzle played end to end on the simulated board, by the simulated hands: the set-up
guide brings the pieces to the puzzle, a wrong move is said and taken back, the right
moves are kept and the other side's replies are lit as the moves to play."""

from __future__ import annotations

from typing import Any

import pytest

from drivers.buttons import ButtonRole
from engine.game import Game
from engine.puzzles import Puzzle, load
from engine.registry import games
from firmware_host.loops.simulator import Simulation
from firmware_host.notices.declared import (
    BlunderWarned,
    HintShown,
    MoveCommitted,
    Notice,
    PromptOpened,
    PuzzleMissed,
    PuzzleSolved,
)
from firmware_host.session.actions import Hint, Select
from firmware_host.session.puzzle import PuzzleRun
from firmware_host.session.state import Phase
from firmware_host.store.storage import GameStore
from hardware.mock.gestures import Gestures, Pace
from hardware.profile import load_profile

SHIPPING = [game for game in games() if load(game)]


def _longest(game: Game[Any]) -> Puzzle:
    """The puzzle with the longest line (the replies are lit too)."""
    return max(load(game), key=lambda puzzle: (len(puzzle.solution), puzzle.id))


def _hands(sim: Simulation) -> Gestures:
    return Gestures(sim.world, sim.hands, Pace.instant())


def _play(sim: Simulation, text: str) -> list[Notice]:
    """The hands play ``text``; where the board cannot tell it (which piece was dropped,
    a refill of the stock), the player confirms it and names it at the prompt."""
    notices = sim.perform(text)
    if not any(isinstance(n, MoveCommitted | PromptOpened) for n in notices):
        notices += sim.advance(1.0)  # an ok at once would be taken for the last move's
        notices += sim.press(ButtonRole.OK)  # a move no sensor sees (a refill): confirmed
    if any(isinstance(n, PromptOpened) for n in notices):
        notices += sim.send(Select(text))
    return notices


def _bring(sim: Simulation, *, clear_first: bool = False) -> None:
    """The player follows the LEDs until the board stands as the game has it (for a whole
    new position, clearing the board first and placing every piece as lit)."""
    if clear_first:
        sim.run(_hands(sim).bring_to({}, sim.now))
    sim.run(_hands(sim).bring_to(sim.controller.position.layout(), sim.now))
    sim.settle()


@pytest.mark.parametrize("game", SHIPPING, ids=lambda game: game.name)
def test_a_puzzle_is_set_up_judged_and_solved_on_the_simulated_board(game: Game[Any]) -> None:
    puzzle = _longest(game)
    sim = Simulation(game, load_profile("sim", game), GameStore(":memory:"), resume=False)
    run = PuzzleRun(game, puzzle)
    sim.start_puzzle(run)
    assert sim.controller.position.text() == puzzle.position
    assert sim.controller.phase is Phase.SETUP  # the LEDs guide the set-up
    _bring(sim, clear_first=True)
    phase: Phase = sim.controller.phase  # read afresh after the action
    assert phase is Phase.PLAY

    hinted = sim.send(Hint())  # the square the answer's piece leaves is lit
    assert [n.move for n in hinted if isinstance(n, HintShown)] == [puzzle.solution[0]]
    lit = sim.controller.computer.hint
    assert lit is not None and lit[1]
    assert lit[1] == run.hint_spots(sim.controller.position, sim.profile.sensing)

    position = sim.controller.position
    wrong = next(m for m in position.legal_moves() if position.move_text(m) != puzzle.solution[0])
    notices = _play(sim, position.move_text(wrong))
    assert [n.move for n in notices if isinstance(n, PuzzleMissed)] == [position.move_text(wrong)]
    assert not any(isinstance(n, BlunderWarned) for n in notices)  # no takeback offered
    assert not sim.controller.position.move_stack  # taken back
    assert run.tries == 1
    sim.tidy()
    _bring(sim)  # the LEDs guide the piece back

    solved: list[tuple[int, PuzzleSolved]] = []
    for index, text in enumerate(puzzle.solution):
        if index % 2:
            guide = sim.controller.guide
            assert guide is not None
            assert sim.controller.position.move_text(guide.move) == text
        notices = _play(sim, text)
        played = [n.move for n in notices if isinstance(n, MoveCommitted)]
        assert played[:1] == [text]  # (a roll of the dice may follow)
        assert not any(isinstance(n, BlunderWarned | PuzzleMissed) for n in notices)
        solved += [(index, n) for n in notices if isinstance(n, PuzzleSolved)]
        sim.tidy()
    assert run.solved
    last = len(puzzle.solution) - 1
    assert [(i, n.puzzle, n.tries) for i, n in solved] == [(last, puzzle.id, 1)]  # once, at the end
    sim.close()


def test_a_hint_names_the_answer_and_the_square_it_leaves() -> None:
    game = SHIPPING[0]
    puzzle = load(game)[0]
    run = PuzzleRun(game, puzzle)
    position = game.position(puzzle.position, dict(puzzle.options))
    hint = run.hint(position)
    assert hint is not None
    assert hint.move == puzzle.solution[0]
    sensing = load_profile("sim", game).sensing
    assert run.hint_spots(position, sensing) <= frozenset(game.spots)
