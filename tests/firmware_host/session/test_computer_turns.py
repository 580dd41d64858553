"""ComputerTurns on its own: for a given state and answer it returns the decision the
controller applies, and keeps what the computer said (no controller is built)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.game import Position
from engine.outcome import Outcome, Termination
from engine.physical import Sensing
from engine.registry import find_game
from engine.said import said, verbatim
from firmware_host.notices.declared import (
    BlunderWarned,
    ComputerMoved,
    HintShown,
    Refused,
    RemoteMoved,
)
from firmware_host.opponents.thinking import Purpose, ThinkRequest, ThinkResult
from firmware_host.session.actions import Hint, MoveNow
from firmware_host.session.computer import Computer
from firmware_host.session.computer_turns import ComputerTurns
from firmware_host.session.decisions import Ask, Light, Now, Say
from firmware_host.session.events import ThoughtArrived
from firmware_host.session.settings import Settings
from firmware_host.session.state import (
    GuideMove,
    Over,
    Playing,
    PlayOnChoice,
    SessionState,
    SettingUp,
    TakebackChoice,
)

GAME = find_game("dobutsu")
SENSING = Sensing.OCCUPANCY
GAME_ID = 7


def turns_for(opponent: str = "", **settings: Any) -> tuple[ComputerTurns, Position[Any]]:
    computer = Computer()
    computer.start(GAME, Settings(opponent=opponent, **settings))
    return ComputerTurns(computer, SENSING), GAME.position()


def now(position: Position[Any], state: SessionState | None = None) -> Now:
    return Now(state if state is not None else Playing(), position, GAME_ID, 3.0)


def asked(turns: ComputerTurns, position: Position[Any], purpose: Purpose) -> ThinkRequest:
    wanted, _ = turns.wanted(Playing(), position, GAME_ID, trusted=True)
    return next(request for request in wanted if request.purpose is purpose)


def test_the_computers_move_is_lit_for_the_position_it_was_chosen_for() -> None:
    turns, position = turns_for("b=level:1")  # sente (seat 0) is the computer
    request = asked(turns, position, Purpose.MOVE)
    decision = turns.decide(
        ThoughtArrived(ThinkResult(request, "2c2b", note=said("n"))), now(position)
    )
    move = position.parse_move("2c2b")
    spots = position.footprint(move, SENSING).spots()
    assert decision == Light(GuideMove(move, spots, 0), (ComputerMoved(0, "2c2b", said("n"), 3.0),))


def test_a_remote_seats_move_is_lit_as_its_board_said_it() -> None:
    turns, position = turns_for("b=remote")
    request = asked(turns, position, Purpose.MOVE)
    decision = turns.answer(ThinkResult(request, "2c2b"), now(position))
    assert isinstance(decision, Light)
    assert decision.said == (RemoteMoved(0, "2c2b", 3.0),)


def test_an_answer_not_asked_now_or_after_the_end_changes_nothing() -> None:
    turns, position = turns_for("b=level:1")
    request = asked(turns, position, Purpose.MOVE)
    over = Over(Outcome.loss(Termination.RESIGNATION, 0, 2))
    assert turns.answer(ThinkResult(request, "2c2b"), now(position, over)) == Say()
    other_game = ThinkResult(replace(request, game_id=8), "2c2b")
    assert turns.answer(other_game, now(position)) == Say()


def test_an_answer_that_cannot_be_played_is_refused() -> None:
    turns, position = turns_for("b=level:1")
    request = asked(turns, position, Purpose.MOVE)
    failed = turns.answer(ThinkResult(request, None, failed=verbatim("broken")), now(position))
    assert failed == Say(
        (Refused(said("the computer could not answer: {error}", error=verbatim("broken")), 3.0),)
    )
    wrong = turns.answer(ThinkResult(request, "9z9z"), now(position))
    assert isinstance(wrong, Say)
    assert isinstance(wrong.notices[0], Refused)


def test_a_hint_is_kept_and_shown_without_changing_the_game() -> None:
    turns, position = turns_for()
    assert turns.decide(Hint(), now(position)) == Say()
    assert turns.computer.hint_asked
    request = asked(turns, position, Purpose.HINT)
    assert turns.answer(ThinkResult(request, "2c2b"), now(position)) == Say(
        (HintShown("2c2b", 3.0),)
    )
    assert turns.computer.hint is not None
    assert position.move_text(turns.computer.hint[0]) == "2c2b"


def test_a_hint_is_refused_while_setting_up_or_when_the_computer_moves() -> None:
    turns, position = turns_for()
    assert turns.hint(now(position, SettingUp())) == Say(
        (Refused(said("no move to suggest now"), 3.0),)
    )
    turns, position = turns_for("b=level:1")
    assert turns.hint(now(position)) == Say((Refused(said("the computer is to move"), 3.0),))
    assert not turns.computer.hint_asked


def test_a_judgement_is_kept_and_nothing_is_said() -> None:
    turns, position = turns_for(coach=True)
    request = asked(turns, position, Purpose.JUDGE)
    values = (("2c2b", 0.5), ("1d1c", -0.1))
    assert turns.answer(ThinkResult(request, "2c2b", 0.5, values), now(position)) == Say()
    assert turns.computer.judgement is not None


def test_move_now_hurries_only_a_computer_thinking() -> None:
    turns, position = turns_for()
    refused = Say((Refused(said("the computer is not thinking"), 3.0),))
    assert turns.decide(MoveNow(), now(position)) == refused
    turns, position = turns_for("b=level:1")
    asked(turns, position, Purpose.MOVE)
    assert turns.decide(MoveNow(), now(position)) == Say()
    assert turns.wanted(Playing(), position, GAME_ID, trusted=True)[1]


def test_nothing_is_asked_before_play_or_from_a_board_not_trusted() -> None:
    turns, position = turns_for("b=level:1")
    assert turns.wanted(SettingUp(), position, GAME_ID, trusted=True) == ((), False)
    assert turns.wanted(Playing(), position, GAME_ID, trusted=False) == ((), False)


def test_a_blunder_by_a_person_offers_a_takeback() -> None:
    turns, position = turns_for(warn=True)
    request = asked(turns, position, Purpose.JUDGE)
    values = (("2c2b", 0.5), ("1d1c", -0.9))
    turns.answer(ThinkResult(request, "2c2b", 0.5, values), now(position))
    decision = turns.warned(0, "1d1c", 3.0)
    assert isinstance(decision, Ask)
    assert decision.choices == (TakebackChoice(1, board_follows=False), PlayOnChoice())
    assert [type(notice) for notice in decision.said] == [BlunderWarned]
    assert turns.warned(0, "2c2b", 3.0) == Say()  # the best move: nothing to warn of
