"""BoardReading on its own: for a reading of the board and the session as it is, it
returns the decision the controller applies, and says each reading once (no
controller is built)."""

from __future__ import annotations

from typing import Any

from engine.game import Position
from engine.outcome import Outcome, Termination
from engine.physical import Sensing
from engine.recognition.answers import (
    Ambiguous,
    Commit,
    Correction,
    IllegalMatch,
    OffGuide,
    OutOfStep,
    Settled,
    TakebackOffer,
)
from engine.registry import find_game
from engine.said import said
from firmware_host.notices.declared import (
    IllegalShown,
    OffGuideShown,
    OutOfStepShown,
    Refused,
)
from firmware_host.session.across_boards import AcrossBoards
from firmware_host.session.board_reading import BoardReading
from firmware_host.session.computer import Computer
from firmware_host.session.consent import Consent
from firmware_host.session.decisions import Ask, Correct, End, Follow, Now, PlayShown, Say
from firmware_host.session.settings import Settings
from firmware_host.session.state import (
    Playing,
    PlayOnChoice,
    Prompting,
    SessionState,
    TakebackChoice,
)

DOBUTSU = find_game("dobutsu")
SHOGI = find_game("shogi")
AT = 2.0


def reading(opponent: str = "", game: Any = DOBUTSU) -> BoardReading:
    computer = Computer()
    computer.start(game, Settings(opponent=opponent))
    boards = AcrossBoards(Consent())
    boards.start(computer.remote)
    return BoardReading(boards, computer, Sensing.OCCUPANCY)


def now(position: Position[Any], state: SessionState | None = None) -> Now:
    return Now(state if state is not None else Playing(), position, 1, AT)


def test_a_move_that_fits_is_played_with_the_replies_the_board_showed() -> None:
    position = DOBUTSU.position()
    move, reply = position.parse_move("2c2b"), position.read_move("1a2b")
    decision = reading().decide(Commit(move, (reply,)), now(position), {}, None)
    assert decision == PlayShown(move, (reply,))


def test_a_remote_seats_move_made_here_first_is_refused_once() -> None:
    board = reading("w=remote")
    position = DOBUTSU.position()
    position.push(position.parse_move("2c2b"))  # gote, at another board, to move
    move = position.parse_move("1a2b")
    first = board.decide(Commit(move), now(position), {}, None)
    assert isinstance(first, Say)
    assert [type(notice) for notice in first.notices] == [Refused]
    assert board.decide(Commit(move), now(position), {}, None) == Say()  # said once
    board.forget()
    assert board.decide(Commit(move), now(position), {}, None) == first
    assert board.decide(Commit(move), now(position), {}, move) == Say()  # it comes by itself


def test_several_moves_are_asked_unless_that_prompt_is_open() -> None:
    position = DOBUTSU.position()
    moves = (position.parse_move("1d1c"), position.parse_move("2c2b"))
    in_order = tuple(sorted(moves, key=position.move_text))
    decision = reading().decide(Ambiguous(moves), now(position), {}, None)
    assert isinstance(decision, Ask)
    assert decision.choices == in_order
    open_now = Prompting(in_order)
    assert reading().decide(Ambiguous(moves), now(position, open_now), {}, None) == Say()


def test_an_earlier_board_offers_a_takeback() -> None:
    decision = reading().decide(TakebackOffer(1), now(DOBUTSU.position()), {}, None)
    assert decision == Ask((TakebackChoice(1), PlayOnChoice()), 0)


def test_an_illegal_move_is_named_once_and_play_goes_on() -> None:
    board = reading()
    position = DOBUTSU.position()
    move = position.parse_move("2c2b")
    illegal = IllegalMatch(move, said("why"))
    shown = Follow((IllegalShown("2c2b", said("why"), AT),))
    assert board.decide(illegal, now(position), {}, None) == shown
    assert board.decide(illegal, now(position), {}, None) == Follow()


def test_an_illegal_move_loses_where_the_rules_say_so() -> None:
    board = reading(game=SHOGI)
    position = SHOGI.position(options={"illegal": "loses"})
    move = next(iter(position.legal_moves()))
    text = position.move_text(move)
    decision = board.decide(IllegalMatch(move, said("why")), now(position), {}, None)
    lost = Outcome.loss(Termination.ILLEGAL_MOVE, 0, 2)
    assert decision == End(lost, (IllegalShown(text, said("why"), AT),))
    computer_seat = reading("b=level:1", game=SHOGI)  # a hand playing the computer's move
    assert isinstance(
        computer_seat.decide(IllegalMatch(move, said("why")), now(position), {}, None), Follow
    )


def test_a_move_other_than_the_lit_one_is_named_and_a_lost_board_is_guided_back() -> None:
    position = DOBUTSU.position()
    move, lit = position.parse_move("1d1c"), position.parse_move("2c2b")
    off = reading().decide(OffGuide((move,), lit), now(position), {}, None)
    assert off == Follow((OffGuideShown(("1d1c",), "2c2b", AT),))
    correction = Correction(None, None, 1, 1)
    lost = reading().decide(OutOfStep(correction), now(position), {}, None)
    assert lost == Correct(correction, (OutOfStepShown(correction, AT),))


def test_a_settled_board_plays_on_and_is_said_afresh_after() -> None:
    board = reading()
    position = DOBUTSU.position()
    illegal = IllegalMatch(position.parse_move("2c2b"), said("why"))
    board.decide(illegal, now(position), {}, None)
    assert board.decide(Settled(), now(position), {}, None) == Follow()
    assert board.decide(illegal, now(position), {}, None) != Follow()  # said again
