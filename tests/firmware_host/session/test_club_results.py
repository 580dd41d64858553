"""A result entered at a club table (``confirm=on``), on the simulated board: a
resignation or a draw entered from the board's controls waits for the other player's
ok at a prompt, then ends the game and is stored with it; "not agreed" keeps the game
going; without the setting a resignation ends the game at once, as before."""

from __future__ import annotations

from drivers.buttons import ButtonRole
from engine.outcome import Outcome, Termination
from firmware_host.session.actions import AgreeDraw, Resign
from firmware_host.session.consent import Word, WordKind
from firmware_host.session.state import NotAgreedChoice, Phase, Prompting, ResultChoice
from firmware_host.telling.view import message_text
from tests.firmware_host.simkit import make_sim

CLUB = {"confirm": "on"}


def test_a_resignation_waits_for_the_other_players_ok_and_is_stored() -> None:
    sim = make_sim(settings=CLUB)
    sim.advance(0.5)
    sim.send(Resign())
    state = sim.controller.state
    assert isinstance(state, Prompting)
    assert isinstance(state.choices[0], ResultChoice)
    assert isinstance(state.choices[1], NotAgreedChoice)
    assert "resigns" in message_text(sim.controller)
    assert sim.controller.store.load(sim.controller.game_id).outcome is None
    sim.advance(0.5)  # past the glance in which an ok is the hand's habit
    sim.press(ButtonRole.OK)
    lost = Outcome.loss(Termination.RESIGNATION, 0, 2)
    assert sim.controller.phase is Phase.GAME_OVER and sim.controller.outcome == lost
    assert sim.controller.store.load(sim.controller.game_id).outcome == lost


def test_a_draw_not_agreed_keeps_the_game_going() -> None:
    sim = make_sim(settings=CLUB)
    sim.advance(0.5)
    sim.send(AgreeDraw())
    assert isinstance(sim.controller.state, Prompting)
    sim.advance(0.5)
    sim.press(ButtonRole.NEXT)
    sim.press(ButtonRole.OK)
    assert sim.controller.phase is Phase.PLAY
    assert sim.controller.store.load(sim.controller.game_id).outcome is None


def test_a_draw_confirmed_ends_the_game_by_agreement() -> None:
    sim = make_sim(settings=CLUB)
    sim.advance(0.5)
    sim.send(AgreeDraw())
    sim.advance(0.5)
    sim.press(ButtonRole.OK)
    assert sim.controller.outcome == Outcome.draw(Termination.AGREEMENT)


def test_without_a_club_table_a_resignation_ends_the_game_at_once() -> None:
    sim = make_sim()
    sim.advance(0.5)
    sim.send(Resign())
    assert sim.controller.phase is Phase.GAME_OVER


def test_the_confirmed_result_is_told_to_the_spectators() -> None:
    """The word that ended the game is in what the board publishes (``Agreement.word``),
    which the table's live record reads its result from."""
    sim = make_sim(settings=CLUB)
    sim.advance(0.5)
    sim.send(AgreeDraw())
    assert sim.controller.agreement().word is None  # not before it is confirmed
    sim.advance(0.5)
    sim.press(ButtonRole.OK)
    assert sim.controller.agreement().word == Word(WordKind.AGREED, 0)
