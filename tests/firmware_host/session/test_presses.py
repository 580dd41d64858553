"""Presses on its own: what each of the board's buttons means in each state, as the
decision the controller applies (no controller is built)."""

from __future__ import annotations

from typing import Any

from drivers.buttons import ButtonRole
from engine.game import Position
from engine.outcome import Outcome, Termination
from engine.physical import Sensing
from engine.registry import find_game
from engine.robotory.moves import Refill
from engine.said import said
from firmware_host.notices.declared import Refused
from firmware_host.session.across_boards import AcrossBoards
from firmware_host.session.actions import Guide, NewGame, TakeBack, Unguide
from firmware_host.session.computer import Computer
from firmware_host.session.computer_turns import ComputerTurns
from firmware_host.session.consent import Consent
from firmware_host.session.decisions import (
    Again,
    Ask,
    Confirm,
    Light,
    NewGameAsked,
    Now,
    Play,
    PlayOn,
    PuzzleWanted,
    Roll,
    Say,
    Step,
    TakeBackChosen,
)
from firmware_host.session.presses import Presses, Showing
from firmware_host.session.prompts import Prompts
from firmware_host.session.settings import RollMode, Settings
from firmware_host.session.state import (
    GuideMove,
    Over,
    Playing,
    PlayOnChoice,
    Prompting,
    PuzzleChoice,
    SessionState,
    SettingUp,
    TakebackChoice,
)

GAME = find_game("dobutsu")
AT = 5.0


def presses() -> Presses:
    boards = AcrossBoards(Consent())
    boards.start(frozenset())
    computer = Computer()
    computer.start(GAME, Settings())
    turns = ComputerTurns(computer, Sensing.OCCUPANCY)
    return Presses(Prompts(boards), turns, boards, Sensing.OCCUPANCY)


def now(state: SessionState, position: Position[Any] | None = None) -> Now:
    return Now(state, position if position is not None else GAME.position(), 1, AT)


def test_a_prompts_buttons_are_the_prompts() -> None:
    prompt = Prompting((TakebackChoice(1), TakebackChoice(2)), 0)
    assert presses().press(ButtonRole.NEXT, now(prompt), Showing()) == Step(1)


def test_ok_after_the_end_starts_another_game_and_nothing_else_does() -> None:
    over = Over(Outcome.loss(Termination.RESIGNATION, 0, 2))
    assert presses().press(ButtonRole.OK, now(over), Showing()) == Again()
    for role in set(ButtonRole) - {ButtonRole.PUZZLE}:
        if role is not ButtonRole.OK:
            assert presses().press(role, now(over), Showing()) == Say()
        assert presses().press(role, now(SettingUp()), Showing()) == Say()


def test_the_puzzle_button_asks_first_while_a_game_is_under_way() -> None:
    chooser, position = presses(), GAME.position()
    over = Over(Outcome.loss(Termination.RESIGNATION, 0, 2))
    for state in (over, SettingUp(), Playing()):
        assert chooser.press(ButtonRole.PUZZLE, now(state, position), Showing()) == PuzzleWanted()
    position.push(next(iter(position.legal_moves())))
    asking = chooser.press(ButtonRole.PUZZLE, now(Playing(), position), Showing())
    assert asking == Ask((PuzzleChoice(), PlayOnChoice()))
    prompt = Prompting((PuzzleChoice(), PlayOnChoice()), 1)
    assert chooser.press(ButtonRole.PUZZLE, now(prompt, position), Showing()) == PuzzleWanted()
    assert chooser.press(ButtonRole.OK, now(prompt, position), Showing()) == PlayOn(())
    chosen = Prompting((PuzzleChoice(), PlayOnChoice()), 0)
    assert chooser.press(ButtonRole.OK, now(chosen, position), Showing()) == PuzzleWanted()
    other = Prompting((TakebackChoice(1), PlayOnChoice()), 0)
    assert chooser.press(ButtonRole.PUZZLE, now(other, position), Showing()) == Say()


def test_back_takes_a_move_back_and_clock_confirms_what_the_board_shows() -> None:
    chooser = presses()
    assert chooser.press(ButtonRole.BACK, now(Playing()), Showing()) == TakeBackChosen(1, False)
    assert chooser.press(ButtonRole.CLOCK, now(Playing()), Showing()) == Confirm()
    assert chooser.press(ButtonRole.OK, now(Playing()), Showing()) == Confirm(ButtonRole.OK)
    assert chooser.press(ButtonRole.REFILL, now(Playing()), Showing()) == Confirm(ButtonRole.REFILL)


def test_ok_plays_a_lit_move_the_board_cannot_show() -> None:
    position = GAME.position()
    move = next(iter(position.legal_moves()))
    lit = Playing(GuideMove(move, frozenset()))
    assert presses().press(ButtonRole.OK, now(lit, position), Showing(unseen=(move,))) == Play(move)


def test_after_a_confirm_the_moves_the_board_cannot_show_are_asked_at_rest() -> None:
    chooser, position = presses(), GAME.position()
    moves = tuple(sorted(list(position.legal_moves())[:2], key=position.move_text, reverse=True))
    at_rest = Showing(unseen=moves, at_rest=True)
    asked = chooser.after_confirm(ButtonRole.REFILL, False, now(Playing(), position), at_rest)
    assert asked == Ask(tuple(sorted(moves, key=position.move_text)))
    moving = Showing(unseen=moves, at_rest=False)
    assert chooser.after_confirm(ButtonRole.REFILL, False, now(Playing()), moving) is None
    # ok that played a move, or came a moment after one, is done
    assert chooser.after_confirm(ButtonRole.OK, True, now(Playing()), at_rest) is None
    late = Showing(unseen=moves, at_rest=True, just_committed=True)
    assert chooser.after_confirm(ButtonRole.OK, False, now(Playing()), late) is None


def test_a_roll_only_when_due_and_by_itself_only_when_automatic() -> None:
    chooser = presses()
    assert chooser.roll(AT, Showing(), asked=True) == Say((Refused(said("no roll is due"), AT),))
    assert chooser.roll(AT, Showing(), asked=False) == Say()
    assert chooser.roll(AT, Showing(roll_due=True), asked=False) == Roll()
    by_button = Showing(roll_due=True, roll=RollMode.BUTTON)
    assert chooser.roll(AT, by_button, asked=False) == Say()
    assert chooser.roll(AT, by_button, asked=True) == Roll()
    assert chooser.press(ButtonRole.ROLL, now(Playing()), by_button) == Roll()


def test_a_new_game_is_checked_before_the_game_in_progress_is_given_up() -> None:
    chooser = presses()
    asked = chooser.ask(NewGame("shogi", {}, None, {"clock": "5m"}), now(Playing()), Showing())
    assert asked == NewGameAsked(find_game("shogi"), {}, None, {"clock": "5m"})
    refused = chooser.ask(NewGame(None, {"nope": "1"}, None, {}), now(Playing()), Showing())
    assert isinstance(refused, Say) and isinstance(refused.notices[0], Refused)


def test_a_guide_lights_a_legal_move_and_unguide_puts_it_out() -> None:
    chooser, position = presses(), GAME.position()
    text = position.move_text(next(iter(position.legal_moves())))
    lit = chooser.ask(Guide(text), now(Playing(), position), Showing())
    assert isinstance(lit, Light) and lit.guide is not None
    assert lit.guide.move == position.parse_move(text) and lit.guide.spots
    assert isinstance(chooser.ask(Guide("zz9"), now(Playing()), Showing()), Say)
    over = Over(Outcome.loss(Termination.RESIGNATION, 0, 2))
    assert chooser.ask(Guide(text), now(over), Showing()) == Say(
        (Refused(said("the game is over"), AT),)
    )
    assert chooser.ask(Unguide(), now(Playing()), Showing()) == Light(None)
    assert chooser.ask(TakeBack(), now(Playing()), Showing()) == TakeBackChosen(1, False)


def test_refill_pressed_with_one_way_to_refill_plays_it_and_ok_still_asks() -> None:
    """A refill asked for by its button, made the only way it can be, is played: a
    question of one choice asks nothing (the slow Robotory soak, seed 30). Ok asks:
    it may only say the move shown is done."""
    position = find_game("robotory").position()
    refill, black, white = Refill(1, 1), Refill(0, 1), Refill(1, 0)
    state = now(Playing(), position)
    showing = Showing(unseen=(refill,), at_rest=True)
    assert presses().unseen(ButtonRole.REFILL, state, showing) == Play(refill)
    assert presses().unseen(ButtonRole.OK, state, showing) == Ask((refill,))
    both = Showing(unseen=(white, black), at_rest=True)
    assert presses().unseen(ButtonRole.REFILL, state, both) == Ask((black, white))
