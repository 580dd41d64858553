"""A puzzle from the board's own buttons, on the simulated board: the puzzle button (or
hint held) sets one up, the next press during a run gives the next, one a step harder
after a solved one, and a game under way is asked about first, never given up unasked."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from drivers.buttons import LONG_PRESS, ButtonRole
from engine.game import Game
from engine.puzzles import PuzzleError, load
from engine.registry import find_game
from firmware_host.loops.simulator import Simulation
from firmware_host.notices.declared import (
    GameStarted,
    HintShown,
    Notice,
    PromptOpened,
    PuzzleAsked,
    PuzzleSet,
    Refused,
)
from firmware_host.session import puzzle as puzzles_run
from firmware_host.session.puzzle import PuzzleRun, asked_run
from firmware_host.session.state import GLANCE, Phase
from firmware_host.store.storage import GameStatus, GameStore
from firmware_host.telling.notices import notice_sentence
from hardware.profile import load_profile

GAME = find_game("dobutsu")
PUZZLES = load(GAME)
HINT_GPIO, PUZZLE_GPIO = 19, 26


def _sim(*buttons: ButtonRole) -> Simulation:
    """The simulated Robot Duel board with a hint button, and ``buttons`` besides."""
    profile = load_profile("sim", GAME)
    gpios = {ButtonRole.HINT: HINT_GPIO, ButtonRole.PUZZLE: PUZZLE_GPIO}
    wired = profile.buttons + tuple((role, gpios[role]) for role in (ButtonRole.HINT, *buttons))
    return Simulation(GAME, replace(profile, buttons=wired), GameStore(":memory:"), resume=False)


def _started(notices: list[Notice]) -> bool:
    return any(isinstance(notice, GameStarted) for notice in notices)


def _moved(sim: Simulation) -> None:
    """A move of the game in progress, played by the hands."""
    sim.settle()
    position = sim.controller.position
    sim.perform(position.move_text(next(iter(position.legal_moves()))))
    assert len(sim.controller.position.move_stack) == 1


def test_a_press_of_puzzle_sets_up_the_easiest_puzzle_at_first() -> None:
    sim = _sim(ButtonRole.PUZZLE)
    notices = sim.press(ButtonRole.PUZZLE)
    assert any(isinstance(notice, PuzzleAsked) for notice in notices) and _started(notices)
    run = sim.puzzle
    assert run is not None and not run.left and run.puzzle.difficulty == 1
    assert sim.controller.position.text() == run.puzzle.position
    assert sim.controller.phase is Phase.SETUP  # the LEDs guide the pieces there
    told = [n for n in notices if isinstance(n, PuzzleSet)]
    assert [n.puzzle for n in told] == [run.puzzle.id]  # its question is told, and said
    asked = run.question.rsplit("): ", 1)[1]  # "win in 1 of your moves"
    seat = GAME.seats[GAME.position(run.puzzle.position).turn].name
    assert notice_sentence(told[0], None) == f"a puzzle: {seat} to move: {asked}"


def test_hint_held_sets_up_a_puzzle_and_a_short_press_still_asks_for_a_hint() -> None:
    sim = _sim()
    _moved(sim)
    sim.settle()
    hinted = sim.press(ButtonRole.HINT, held=0.2)
    assert sim.puzzle is None and not _started(hinted)
    assert any(isinstance(notice, HintShown) for notice in sim.advance(1.0) + hinted)
    fresh = _sim()  # no move played yet: nothing to ask about first
    notices = fresh.press(ButtonRole.HINT, held=LONG_PRESS + 0.1)
    assert _started(notices) and fresh.puzzle is not None


def test_during_a_run_the_press_gives_the_next_puzzle_as_hard() -> None:
    sim = _sim(ButtonRole.PUZZLE)
    sim.press(ButtonRole.PUZZLE)
    first = sim.puzzle
    assert first is not None
    notices = sim.press(ButtonRole.PUZZLE)
    assert _started(notices) and not any(isinstance(n, PromptOpened) for n in notices)
    second = sim.puzzle
    assert second is not None and second is not first
    assert second.puzzle.id != first.puzzle.id
    assert second.puzzle.difficulty == first.puzzle.difficulty


def test_a_solved_puzzle_is_followed_by_one_a_step_harder_up_to_the_hardest() -> None:
    hardest = max(puzzle.difficulty for puzzle in PUZZLES)
    assert asked_run(GAME, None).puzzle.difficulty == 1
    for puzzle in (
        min(PUZZLES, key=lambda p: p.difficulty),
        max(PUZZLES, key=lambda p: p.difficulty),
    ):
        unsolved = PuzzleRun(GAME, puzzle)
        assert asked_run(GAME, unsolved).puzzle.difficulty == puzzle.difficulty
        solved = PuzzleRun(GAME, puzzle, solved=True)
        assert asked_run(GAME, solved).puzzle.difficulty == min(puzzle.difficulty + 1, hardest)


def test_a_game_under_way_is_asked_about_before_a_puzzle_gives_it_up() -> None:
    sim = _sim(ButtonRole.PUZZLE)
    _moved(sim)
    game_id = sim.controller.game_id
    asked = sim.press(ButtonRole.PUZZLE)
    assert not _started(asked) and sim.puzzle is None
    assert [n.choices for n in asked if isinstance(n, PromptOpened)] == [("puzzle", "play on")]
    assert sim.controller.phase is Phase.PROMPT
    sim.advance(GLANCE)  # the prompt read
    sim.press(ButtonRole.NEXT)  # to play on
    kept = sim.press(ButtonRole.OK)
    assert not _started(kept) and sim.puzzle is None
    assert sim.controller.game_id == game_id and len(sim.controller.position.move_stack) == 1
    phase: Phase = sim.controller.phase  # read afresh after the action
    assert phase is Phase.PLAY
    sim.press(ButtonRole.PUZZLE)
    sim.advance(GLANCE)  # the prompt read
    chosen = sim.press(ButtonRole.OK)  # the puzzle, selected first
    puzzle: PuzzleRun | None = sim.puzzle  # read afresh after the action
    assert _started(chosen) and puzzle is not None
    assert sim.controller.game_id != game_id
    assert sim.journal.store.load(game_id).status is GameStatus.ABANDONED  # kept, given up


def test_a_puzzle_that_cannot_be_had_is_refused_and_the_game_stays(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def none(game: Game[Any], last: PuzzleRun | None) -> PuzzleRun:
        raise PuzzleError(f"{game.name} ships no puzzles")

    monkeypatch.setattr(puzzles_run, "asked_run", none)  # the desk asks it when asked
    sim = _sim(ButtonRole.PUZZLE)
    game_id = sim.controller.game_id
    refused = sim.press(ButtonRole.PUZZLE)
    assert [str(n.reason) for n in refused if isinstance(n, Refused)] == [
        "dobutsu ships no puzzles"
    ]
    assert sim.puzzle is None and sim.controller.game_id == game_id


def test_the_hint_button_during_a_puzzle_lights_the_puzzles_own_hint() -> None:
    sim = _sim(ButtonRole.PUZZLE)
    sim.press(ButtonRole.PUZZLE)
    run = sim.puzzle
    assert run is not None
    sim.world.arrange(sim.controller.position.layout())  # the hands set it up as lit
    sim.settle()
    assert sim.controller.phase is Phase.PLAY
    hinted = sim.press(ButtonRole.HINT)
    assert [n.move for n in hinted if isinstance(n, HintShown)] == [run.puzzle.solution[0]]
    lit = sim.controller.computer.hint
    assert lit is not None
    assert lit[1] == run.hint_spots(sim.controller.position, sim.profile.sensing)  # the square


def test_playing_on_at_the_prompt_of_a_game_being_set_up_goes_back_to_its_set_up(
    tmp_path: Path,
) -> None:
    profile = load_profile("sim", GAME)
    wired = replace(profile, buttons=(*profile.buttons, (ButtonRole.PUZZLE, PUZZLE_GPIO)))
    played = Simulation(GAME, wired, GameStore(tmp_path / "games.db"), resume=False)
    _moved(played)
    played.close()
    sim = Simulation(GAME, wired, GameStore(tmp_path / "games.db"), pieces={})  # resumed
    sim.settle()
    assert sim.controller.phase is Phase.SETUP and sim.controller.position.move_stack
    asked = sim.press(ButtonRole.PUZZLE)
    assert any(isinstance(n, PromptOpened) for n in asked) and sim.puzzle is None
    sim.advance(GLANCE)  # the prompt read
    sim.press(ButtonRole.NEXT)
    sim.press(ButtonRole.OK)  # play on: the LEDs go on guiding the set-up
    sim.settle(3.0)
    assert sim.controller.phase is Phase.SETUP and sim.puzzle is None
