"""Clocks, dice, forced moves, moves the board cannot show, the opening draw: what the
controller does for any game, shown on a toy dice race and on Robot Duel."""

from __future__ import annotations

import pytest

from drivers.buttons import ButtonRole
from engine.outcome import Termination
from engine.physical import Sensing
from engine.recognition.answers import Timing
from engine.registry import find_game
from firmware_host.loops.simulator import Simulation
from firmware_host.notices.declared import (
    FirstPlayerDrawn,
    GameEnded,
    MoveCommitted,
    Notice,
    PromptOpened,
    Refused,
)
from firmware_host.session.actions import (
    AgreeDraw,
    Claim,
    NewGame,
    Press,
    RollDice,
    Select,
    TakeBack,
)
from firmware_host.session.controller import Controller
from firmware_host.session.events import (
    FrameSeen,
    TimePassed,
)
from firmware_host.session.settings import SettingsError
from firmware_host.session.state import GLANCE, Phase
from firmware_host.store.storage import GameStore
from firmware_host.telling.legend import Legend, Meaning
from firmware_host.telling.view import build_view, status_line
from hardware.profile import load_profile
from tests.firmware_host.toy_race import CELLS, RACE

OCCUPANCY = Sensing.OCCUPANCY


def race(
    settings: dict[str, str], position: str | None = None
) -> tuple[Controller, GameStore, list[Notice]]:
    store = GameStore(":memory:")
    controller = Controller(RACE, OCCUPANCY, frozenset(CELLS), store, timing=Timing())
    notices = controller.start(0.0, resume=False, settings=settings, position=position)
    notices += controller.handle(FrameSeen(controller.position.expected_frame(OCCUPANCY)), 0.0)
    return controller, store, notices


def moves(notices: list[Notice]) -> list[str]:
    return [n.move for n in notices if isinstance(n, MoveCommitted)]


def board_shows(controller: Controller, at: float) -> list[Notice]:
    """The players make the move the controller's position expects next (one step)."""
    after = controller.position.copy()
    after.push(next(iter(after.legal_moves())))
    notices = controller.handle(FrameSeen(after.expected_frame(OCCUPANCY)), at)
    return notices + controller.handle(TimePassed(), at + 0.5)


def test_dice_are_rolled_at_once_from_the_seeded_session_source_and_recorded() -> None:
    first, store, notices = race({"seed": "7"})
    rolls = moves(notices)
    assert len(rolls) == 1 and rolls[0].startswith("roll ")
    _, _, again = race({"seed": "7"})
    assert moves(again) == rolls  # same seed, same dice
    assert store.load(first.game_id).moves() == rolls


def test_a_game_replays_exactly_from_its_record_with_the_dice() -> None:
    controller, store, _ = race({"seed": "3"})
    at = 1.0
    while controller.outcome is None and at < 60:
        board_shows(controller, at)
        controller.handle(TimePassed(), at + 2 * Timing().forced)
        at += 4
    record = store.load(controller.game_id).moves()
    assert any(m.startswith("roll") for m in record) and any(m.startswith("step") for m in record)
    replayed = RACE.position()
    for text in record:
        replayed.push_text(text)
    assert replayed.text() == controller.position.text()


def test_with_roll_on_the_button_nothing_is_rolled_until_asked() -> None:
    controller, _, notices = race({"roll": "button", "seed": "1"})
    assert moves(notices) == []
    assert "roll the dice" in status_line(controller, 0.0)
    assert moves(controller.handle(Press(ButtonRole.ROLL), 1.0))[0].startswith("roll")
    refused = controller.handle(RollDice(), 2.0)
    assert isinstance(refused[0], Refused) and "no roll is due" in str(refused[0].reason)


def test_a_forced_move_the_board_cannot_show_is_played_by_itself_after_a_moment() -> None:
    # seat 0 on c1, seat 1 on c2, a 1 rolled: blocked, the turn is lost
    controller, _, notices = race({}, position="0 1 0 1")
    assert moves(notices) == []
    assert controller.forced == "pass"
    assert "only move: pass" in status_line(controller, 0.0)
    assert controller.next_deadline(0.0) == pytest.approx(Timing().forced)
    assert moves(controller.handle(TimePassed(), Timing().forced - 0.1)) == []
    played = moves(controller.handle(TimePassed(), Timing().forced))
    assert played[0] == "pass" and controller.position.turn == 1


def test_moves_the_board_cannot_show_are_offered_at_a_prompt() -> None:
    controller, _, _ = race({}, position="0 3 0 2")  # a 2: step to c3, or wait
    opened = controller.handle(Press(ButtonRole.OK), 1.0)
    assert isinstance(opened[0], PromptOpened) and opened[0].choices == ("wait",)
    assert controller.phase is Phase.PROMPT
    assert moves(controller.handle(Press(ButtonRole.OK), 1.0 + GLANCE)) == ["wait"]


def test_a_move_the_board_cannot_show_may_be_named_without_a_prompt() -> None:
    controller, _, _ = race({}, position="0 3 0 2")
    assert moves(controller.handle(Select("wait"), 1.0)) == ["wait"]
    refused = controller.handle(Select("step 2"), 2.0)  # a board move is made on the board
    assert isinstance(refused[0], Refused)


def robot_duel(
    settings: dict[str, str], store: GameStore | None = None, resume: bool = False
) -> Simulation:
    game = find_game("dobutsu")
    return Simulation(
        game,
        load_profile("sim", game),
        store or GameStore(":memory:"),
        resume=resume,
        options=None,
        settings=settings,
    )


def test_only_the_clock_of_the_player_to_move_runs() -> None:
    sim = robot_duel({"clock": "1m"})
    start = sim.now
    sim.advance(10)
    clock = sim.controller.clock
    assert clock is not None
    a, b = clock.remaining(sim.now)
    assert a == pytest.approx(60 - (sim.now - start), abs=0.05) and b == 60
    sim.perform("2c2b")
    moved_at = sim.now
    sim.advance(5)
    clock = sim.controller.clock
    assert clock is not None
    a2, b2 = clock.remaining(sim.now)
    assert a2 < a and b2 == pytest.approx(60 - (sim.now - moved_at), abs=0.5)
    assert "0:" in status_line(sim.controller, sim.now)  # the clocks are in the status line


def test_the_flag_falls_and_the_opponent_wins() -> None:
    sim = robot_duel({"clock": "5s"})
    notices = sim.advance(6)
    ended = [n for n in notices if isinstance(n, GameEnded)]
    assert len(ended) == 1
    assert ended[0].outcome.termination is Termination.TIME_FORFEIT
    assert ended[0].outcome.winners == frozenset({1})


def test_a_resumed_game_keeps_its_clock() -> None:
    store = GameStore(":memory:")
    sim = robot_duel({"clock": "2m+1"}, store)
    sim.advance(7)
    sim.perform("2c2b")
    sim.advance(3)
    sim.board.close()  # the process stops (its last clock save was at the move)
    unfinished = store.unfinished("dobutsu")
    assert unfinished is not None and unfinished.clock is not None
    saved = unfinished.clock
    resumed = robot_duel({}, store, resume=True)
    clock = resumed.controller.clock
    assert resumed.controller.settings.clock is not None and clock is not None
    assert clock.remaining(resumed.now)[0] == pytest.approx(saved[0])
    assert saved[0] < 120 and saved[1] == 120


def test_the_clock_button_plays_the_move_on_the_board_at_once() -> None:
    sim = robot_duel({})
    sim.world.lift("3d")
    sim.world.place("3c")  # an elephant moves diagonally: no move matches
    sim.advance(0.05)
    assert moves(sim.send(Press(ButtonRole.CLOCK))) == []
    sim.world.lift("3c")
    sim.world.place("3d")
    sim.advance(0.05)
    sim.world.lift("1d")  # the giraffe to 1c
    sim.world.place("1c")
    sim.advance(0.05)  # debounced, not yet settled
    assert moves(sim.send(Press(ButtonRole.CLOCK))) == ["1d1c"]


def test_furigoma_is_drawn_shown_and_stored() -> None:
    sim = robot_duel({"draw": "furigoma", "seed": "5"})
    drawn = [n for n in sim.notices if isinstance(n, FirstPlayerDrawn)]
    assert len(drawn) == 1 and "furigoma:" in drawn[0].draw.description
    view = build_view(sim.controller, sim.now)
    assert len(view.draw) == 5
    lights = Legend().lights(view, sim.now)
    tokin, pawn = Legend().colour(Meaning.TOKIN), Legend().colour(Meaning.PAWN)
    for index, up in enumerate(view.draw, start=1):
        assert lights.indicators[f"furigoma:{index}"] == (tokin if up else pawn)
    stored = sim.controller.store.load(sim.controller.game_id)
    assert stored.settings["draw"] == "furigoma"


def test_claims_a_game_does_not_have_are_refused() -> None:
    sim = robot_duel({})
    for event in (Claim("impasse"), Claim("declare")):
        refused = sim.send(event)
        assert isinstance(refused[0], Refused) and "has no" in str(refused[0].reason)
    assert sim.controller.outcome is None


def test_bad_settings_are_refused_and_change_nothing() -> None:
    sim = robot_duel({})
    game_id = sim.controller.game_id
    for settings in ({"clock": "forever"}, {"roll": "sometimes"}, {"colour": "red"}):
        refused = sim.send(NewGame(settings=settings))
        assert isinstance(refused[0], Refused)
    assert sim.controller.game_id == game_id
    with pytest.raises(SettingsError):
        robot_duel({"seed": "x"})


def test_a_takeback_over_a_roll_keeps_the_dice() -> None:
    controller, _, _ = race({"seed": "11", "roll": "button"})
    first = moves(controller.handle(RollDice(), 1.0))
    assert first and first[0].startswith("roll")
    for round_ in range(10):  # a fresh roll would differ within a few rounds
        controller.handle(TakeBack(), 2.0 + round_)  # the roll is undone ...
        assert controller.position.chance_moves() is not None
        again = moves(controller.handle(RollDice(), 2.5 + round_))
        assert again == first  # ... and rolling again gives the same dice


def test_ending_the_game_from_the_controls_asks_the_game() -> None:
    sim = robot_duel({})
    ended = [n for n in sim.send(AgreeDraw()) if isinstance(n, GameEnded)]
    assert ended[0].outcome.is_draw and ended[0].outcome.termination is Termination.AGREEMENT


def test_shogi_decides_who_starts_by_furigoma_unless_a_handicap_says() -> None:
    shogi = find_game("shogi")
    store = GameStore(":memory:")
    even = Controller(shogi, OCCUPANCY, frozenset(shogi.cells), store)
    drawn = [n for n in even.start(0.0, resume=False) if isinstance(n, FirstPlayerDrawn)]
    assert len(drawn) == 1 and "furigoma" in drawn[0].draw.description
    handicap = Controller(shogi, OCCUPANCY, frozenset(shogi.cells), store)
    notices = handicap.start(0.0, resume=False, options={"handicap": "rook"})
    assert not [n for n in notices if isinstance(n, FirstPlayerDrawn)]
    asked = Controller(shogi, OCCUPANCY, frozenset(shogi.cells), store)
    notices = asked.start(0.0, resume=False, settings={"draw": "none"})
    assert not [n for n in notices if isinstance(n, FirstPlayerDrawn)]


def test_after_a_roll_the_pieces_it_allows_to_move_are_lit() -> None:
    game = find_game("chaturaji")
    sim = Simulation(
        game,
        load_profile("sim", game),
        GameStore(":memory:"),
        resume=False,
        settings={"seed": "4"},
    )
    position = sim.controller.position
    assert position.dice()  # rolled at once
    movable = {position.move_text(m)[:2] for m in position.legal_moves()}
    view = build_view(sim.controller, sim.now)
    assert view.movable == movable and movable
    colour = Legend().colour(Meaning.MOVABLE)
    lit = {
        spot
        for spot in game.cells
        if sim.spot_colour(spot) == (colour.red, colour.green, colour.blue)
    }
    assert lit == movable
