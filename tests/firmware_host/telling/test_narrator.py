"""What the board and the page would say: each game's moves in its own terms, the
prompts, the refusals and the clock warnings, as exact sentences."""

from __future__ import annotations

from typing import Any

import pytest

from engine.errors import NotationError
from engine.game import Position
from engine.outcome import Outcome, Termination
from engine.registry import find_game
from engine.said import said as message
from engine.said import verbatim
from firmware_host.notices.declared import (
    BlunderWarned,
    BoardTurned,
    ComputerMoved,
    FaultCleared,
    FaultShown,
    FaultSource,
    GameEnded,
    GameStarted,
    HintShown,
    IllegalShown,
    MoveCommitted,
    MovesTakenBack,
    Notice,
    OffGuideShown,
    PromptOpened,
    Refused,
)
from firmware_host.session.clock import GameClock, TimeControl
from firmware_host.telling.language import Language
from firmware_host.telling.narrator import (
    Narrator,
    clock_sentences,
    clock_warning,
    next_warning,
    warning_due,
)
from firmware_host.telling.speech_settings import SpeechMode

ENGLISH = Narrator()
JAPANESE = Narrator(Language.JAPANESE)


def played(game: str, moves: list[str], start: str | None = None) -> Position[Any]:
    position: Position[Any] = find_game(game).position(start)
    for move in moves:
        position.push_text(move)
    return position


def said(
    moves: list[str], game: str, start: str | None = None, *, japanese: bool = False
) -> list[str | None]:
    """What the narrator says of each move, told after all of them were played (as
    the board tells it: the position is the one after the batch)."""
    position = played(game, moves, start)
    notices = [MoveCommitted(ply, move, 0.0) for ply, move in enumerate(moves, start=1)]
    return list((JAPANESE if japanese else ENGLISH).sentences(notices, position))


# --- moves: each game's words are its own (tests/engine/<game>/test_spoken.py) ----------


def test_a_batch_of_moves_is_said_from_the_position_before_each() -> None:
    assert said(["2c2b", "2a2b", "C*2c", "3a3b"], "dobutsu") == [
        "A: chick to 2 b, takes chick",
        "B: lion to 2 b, takes chick",
        "A: drops chick on 2 c",
        "B: giraffe to 3 b",
    ]
    assert said(["2c2b", "2a2b", "C*2c"], "dobutsu", japanese=True) == [
        "せんて、に に ひよこ",
        "ごて、に に らいおん",
        "せんて、に さん ひよこ うつ",
    ]
    assert said(["C3D3"], "abalone", japanese=True) == ["くろ、1こ、ほくせい"]


# --- the other notices ---------------------------------------------------------------


def test_a_promotion_prompt_asks_promote_or_not() -> None:
    position = played("shogi", [], "4k4/9/9/4S4/9/9/9/9/4K4 b - 1")
    prompt = PromptOpened(("5d5c+", "5d5c"), 0.0)
    assert ENGLISH.sentences([prompt], position) == ("which move? promote or not",)


def test_other_prompts_list_their_choices() -> None:
    position = played("dobutsu", [])
    choices = PromptOpened(("2c2b", "1d1c"), 0.0)
    assert ENGLISH.sentences([choices], position) == (
        "which move? chick to 2 b, takes chick, or giraffe to 1 c",
    )
    blunder: list[Notice] = [
        BlunderWarned("2c2b", message("gives away material"), 0.0),
        PromptOpened(("takeback", "play on"), 0.0),
    ]
    assert ENGLISH.sentences(blunder, position) == (
        "careful: that move gives away material",
        "take it back, or play on?",
    )


def test_illegal_moves_refusals_and_faults_say_why() -> None:
    position = played("shogi", [])
    notices: list[Notice] = [
        IllegalShown("7g7e", message("the pawn moves one square straight forward"), 0.0),
        Refused(message("the computer is to move"), 0.0),
        FaultShown(message("{chip} does not answer", chip="sensor chip 0x20"), 0.0),
        FaultCleared(0.0),
        FaultShown(verbatim("the disk is full"), 0.0, FaultSource.STORE),
        BoardTurned(True, 0.0),
    ]
    assert ENGLISH.sentences(notices, position) == (
        "illegal: the pawn moves one square straight forward",
        "refused: the computer is to move",
        "fault: sensor chip 0x20 does not answer",
        "the board answers again",
        "not saved: the disk is full",
        None,
    )


def test_the_computer_the_hint_and_the_guide_are_said_as_moves() -> None:
    position = played("shogi", ["7g7f"])
    notices: list[Notice] = [
        ComputerMoved(1, "3c3d", None, 0.0),
        HintShown("3c3d", 0.0),
        OffGuideShown(("8c8d",), "3c3d", 0.0),
    ]
    assert ENGLISH.sentences(notices, position) == (
        "the computer plays pawn to 3 four: play it on the board",
        "hint: pawn to 3 four",
        "not that move: play pawn to 3 four",
    )


def test_takebacks_and_the_end_of_the_game() -> None:
    game = find_game("shogi")
    position = played("shogi", ["7g7f"])
    outcome = Outcome.win(Termination.RESIGNATION, 0)
    notices: list[Notice] = [
        MoveCommitted(2, "3c3d", 0.0),
        MovesTakenBack(1, 0.0),
        GameEnded(outcome, game.describe_outcome(outcome), 0.0),
    ]
    assert ENGLISH.sentences(notices, position) == (
        "gote: pawn to 3 four",
        "took back one move",
        f"game over: {game.describe_outcome(outcome)} — press ok for a new game",
    )


def test_moves_before_a_new_game_are_said_as_written() -> None:
    position = played("dobutsu", [])
    notices: list[Notice] = [MoveCommitted(5, "2c2b", 0.0), GameStarted(2, "dobutsu", False, 0.0)]
    assert ENGLISH.sentences(notices, position) == ("2c2b", None)


def test_a_move_that_cannot_be_read_is_an_error_not_a_silence() -> None:
    position = played("shogi", [])
    with pytest.raises(NotationError):
        ENGLISH.sentences([MoveCommitted(1, "9z9y", 0.0)], position)


def test_the_setting_picks_the_narrator() -> None:
    assert Narrator.of(SpeechMode.OFF) is None
    assert Narrator.of(SpeechMode.ON) == ENGLISH
    assert Narrator.of(SpeechMode.JAPANESE) == JAPANESE


# --- clock warnings --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("before", "after", "warning"),
    [
        (61.0, 60.0, 60.0),
        (60.0, 59.0, None),
        (31.0, 29.5, 30.0),
        (65.0, 9.0, 10.0),
        (9.0, 1.0, None),
    ],
)
def test_a_clock_warns_as_it_passes_each_mark(
    before: float, after: float, warning: float | None
) -> None:
    assert clock_warning(before, after) == warning


def test_the_next_warning_is_due_when_the_clock_reaches_it() -> None:
    assert next_warning(75.0) == 15.0
    assert next_warning(60.0) == 30.0
    assert next_warning(10.0) is None


def test_clock_sentences_name_the_seat() -> None:
    position = played("dobutsu", [])
    assert clock_sentences(position, (61.0, 45.0), (59.0, 45.0)) == ("A: one minute left",)
    assert clock_sentences(position, (300.0, 12.0), (300.0, 9.9)) == ("B: 10 seconds left",)
    assert clock_sentences(position, (300.0, 31.0), (299.0, 30.5)) == ()


def test_the_board_wakes_when_the_running_clock_reaches_a_warning() -> None:
    clock = GameClock(TimeControl(100.0), 2)
    assert warning_due(clock, 0.0) is None  # no clock runs yet
    clock.start(0, 0.0)
    assert warning_due(clock, 0.0) == 40.0  # at 60 s left
    assert warning_due(clock, 45.0) == 70.0  # 55 s left: at 30 s left
    assert warning_due(clock, 95.0) is None  # under ten seconds: nothing more to say
    assert warning_due(None, 0.0) is None
