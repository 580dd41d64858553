"""Prompts on its own: what a prompt's buttons and a named choice mean, as the
decision the controller applies (no controller is built)."""

from __future__ import annotations

from typing import Any

from drivers.buttons import ButtonRole
from engine.game import Position
from engine.registry import find_game
from engine.said import said
from firmware_host.notices.declared import Proposal, ProposalAnswered, Refused
from firmware_host.session.across_boards import AcrossBoards
from firmware_host.session.consent import Consent, ProposalArrived
from firmware_host.session.decisions import Now, Play, PlayOn, Say, Step, TakeBackChosen
from firmware_host.session.prompts import Prompts, choice_texts
from firmware_host.session.state import (
    AcceptChoice,
    DeclineChoice,
    Playing,
    PlayOnChoice,
    Prompting,
    SessionState,
    SettingUp,
    TakebackChoice,
)

GAME = find_game("dobutsu")
AT = 4.0


def prompts() -> tuple[Prompts, AcrossBoards]:
    boards = AcrossBoards(Consent())
    boards.start(frozenset({1}))
    return Prompts(boards), boards


def now(state: SessionState, position: Position[Any] | None = None) -> Now:
    return Now(state, position if position is not None else GAME.position(), 1, AT)


def test_next_and_back_step_the_selection_and_ok_takes_it() -> None:
    chooser, _ = prompts()
    position = GAME.position()
    move = position.parse_move("2c2b")
    prompt = Prompting((TakebackChoice(1), move), 1)
    assert chooser.press(ButtonRole.NEXT, now(prompt)) == Step(1)
    assert chooser.press(ButtonRole.BACK, now(prompt)) == Step(-1)
    assert chooser.press(ButtonRole.OK, now(prompt)) == Play(move)
    assert chooser.press(ButtonRole.CLOCK, now(prompt)) is None  # not the prompt's
    assert chooser.press(ButtonRole.OK, now(Playing())) is None  # no prompt open


def test_each_choice_does_what_it_names() -> None:
    chooser, boards = prompts()
    taken = chooser.accept(TakebackChoice(2, board_follows=False), now(Playing()))
    assert taken == TakeBackChosen(2, board_follows=False)
    assert chooser.accept(PlayOnChoice(), now(Playing())) == PlayOn(())
    proposal = ProposalArrived(Proposal.DRAW, 0, 0, 1, "r")
    answered = chooser.accept(DeclineChoice(proposal), now(Playing()))
    assert answered == PlayOn((ProposalAnswered(Proposal.DRAW, False, False, AT),))
    assert boards.consent.answers == {"r": False}


def test_a_choice_is_named_by_its_text() -> None:
    chooser, boards = prompts()
    proposal = ProposalArrived(Proposal.DRAW, 0, 0, 1, "r")
    prompt = Prompting((AcceptChoice(proposal), DeclineChoice(proposal)), 1)
    assert choice_texts(prompt, GAME.position()) == ("accept", "decline")
    assert isinstance(chooser.choose(" accept ", now(prompt)), PlayOn)
    assert boards.consent.accepted == {"r": proposal}
    refused = chooser.choose("maybe", now(prompt))
    assert refused == Say(
        (
            Refused(
                said(
                    "{choice} is not one of the choices ({choices})",
                    choice="'maybe'",
                    choices="accept, decline",
                ),
                AT,
            ),
        )
    )


def test_without_a_prompt_only_a_move_the_board_cannot_show_is_named() -> None:
    chooser, _ = prompts()
    position = GAME.position()
    move = position.parse_move("2c2b")
    assert chooser.choose("2c2b", now(Playing(), position), (move,)) == Play(move)
    assert chooser.choose("2c2b", now(Playing(), position)) == Say(
        (Refused(said("no prompt is open for {choice}", choice="'2c2b'"), AT),)
    )
    assert isinstance(chooser.choose("2c2b", now(SettingUp(), position), (move,)), Say)
    assert choice_texts(Playing(), position) == ()
