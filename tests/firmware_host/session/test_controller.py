"""The game session end to end: how games end, the controls, refusals and bus faults,
on the simulated board with its real drivers."""

from __future__ import annotations

from typing import ClassVar

import pytest

from drivers.buttons import ButtonRole
from engine.dobutsu.game import DobutsuGame
from engine.options import Options, OptionSpec
from engine.outcome import Outcome, Termination
from engine.policy import IllegalMovePolicy
from firmware_host.loops.simulator import Simulation
from firmware_host.notices.declared import (
    BoardReady,
    FaultCleared,
    FaultShown,
    GameEnded,
    GameStarted,
    IllegalShown,
    MoveCommitted,
    MovesTakenBack,
    Notice,
    Refused,
    SeatsChosen,
)
from firmware_host.session.actions import (
    AgreeDraw,
    Guide,
    NewGame,
    Resign,
    Select,
    TakeBack,
    Unguide,
)
from firmware_host.session.state import Phase
from firmware_host.store.storage import GameStatus
from firmware_host.telling.legend import BLINK_PERIOD, Meaning
from firmware_host.telling.view import status_line
from hardware.mock.hands import Noise
from tests.firmware_host.simkit import (
    GAME,
    HAND_DELAY,
    START,
    capture_by_hand,
    commits,
    indicator,
    lit,
    make_sim,
    move_by_hand,
    of,
    prompts,
    rgb,
    track,
)


def stored_outcome(sim: Simulation) -> tuple[GameStatus, Outcome | None]:
    stored = sim.controller.store.load(sim.controller.game_id)
    return stored.status, stored.outcome


def assert_ended(sim: Simulation, notices: list[Notice], outcome: Outcome) -> None:
    ended = of(GameEnded, notices)
    assert [notice.outcome for notice in ended] == [outcome]
    assert sim.controller.phase is Phase.GAME_OVER
    assert sim.controller.outcome == outcome
    assert stored_outcome(sim) == (GameStatus.OVER, outcome)


def set_up(sim: Simulation) -> list[Notice]:
    """The players put the pieces of the new game in place."""
    sim.world.arrange(sim.controller.position.layout())
    return sim.settle()


# --- the end of a game, through the physical board --------------------------------------


@pytest.mark.parametrize("captured_first", [True, False], ids=["lion-first", "own-first"])
def test_capturing_the_lion_wins(captured_first: bool) -> None:
    sim = make_sim(position="1l1/1G1/3/1L1 b - 1")
    notices = capture_by_hand(sim, "2b", "2a", captured_first=captured_first)
    assert commits(notices) == ["2b2a"]
    assert_ended(sim, notices, Outcome.win(Termination.KING_CAPTURED, 0))
    assert "A (sente) wins" in str(of(GameEnded, notices)[0].description)
    # the winner's seat is lit, the board judges nothing more
    assert indicator(sim, "turn:0") is not None
    assert not commits(move_by_hand(sim, "2d", "1c"))


@pytest.mark.parametrize("profile", ["sim", "sim-dobutsu-polarity", "sim-dobutsu-stands"])
def test_a_lion_on_the_far_rank_unattacked_wins_by_try(profile: str) -> None:
    sim = make_sim(profile, position="3/L2/2l/3 b - 1")
    notices = sim.perform("3b3a")
    assert commits(notices) == ["3b3a"]
    assert_ended(sim, notices, Outcome.win(Termination.TRY, 0))


def test_a_lion_on_an_attacked_far_square_does_not_win_and_can_be_taken() -> None:
    sim = make_sim(position="3/Ll1/3/3 b - 1")
    notices = sim.perform("3b3a")
    assert commits(notices) == ["3b3a"]
    assert not of(GameEnded, notices)
    notices = capture_by_hand(sim, "2b", "3a", captured_first=False)
    assert commits(notices) == ["2b3a"]
    assert_ended(sim, notices, Outcome.win(Termination.KING_CAPTURED, 1))


def test_a_position_repeated_draws() -> None:
    sim = make_sim(options={"repetition": "3"}, noise=Noise.realistic(), seed=5)
    cycle = ["1d1c", "3a3b", "1c1d", "3b3a"]
    for text in cycle + cycle[:-1]:
        notices = sim.perform(text)
        assert commits(notices) == [text]
        assert not of(GameEnded, notices)
    notices = sim.perform(cycle[-1])
    assert commits(notices) == [cycle[-1]]
    assert_ended(sim, notices, Outcome.draw(Termination.REPETITION))
    assert str(of(GameEnded, notices)[0].description) == "draw (repetition)"


def test_ok_after_the_end_starts_a_new_game_with_the_same_options() -> None:
    sim = make_sim(position="3/L2/2l/3 b - 1", options={"repetition": "3"})
    sim.perform("3b3a")
    old = sim.controller.game_id
    assert sim.controller.phase is Phase.GAME_OVER
    notices = sim.press(ButtonRole.OK)
    started = of(GameStarted, notices)
    assert len(started) == 1 and started[0].game_id != old and not started[0].resumed
    phase: Phase = sim.controller.phase  # read afresh after the action
    assert phase is Phase.SETUP
    assert sim.controller.position.text() == START
    assert sim.controller.position.options["repetition"] == "3"
    # eight spots to fix (3a is right already): lit one at a time, the piece to take
    # away first (see test_setup_guide.py)
    assert lit(sim, Meaning.FILL) == set()
    assert lit(sim, Meaning.REMOVE) == {"1c"}
    assert stored_outcome(sim)[0] is GameStatus.PLAYING
    assert sim.controller.store.load(old).status is GameStatus.OVER
    notices = set_up(sim)
    assert of(BoardReady, notices)
    phase_set_up: Phase = sim.controller.phase  # read afresh after the action
    assert phase_set_up is Phase.PLAY
    assert commits(sim.perform("1d1c")) == ["1d1c"]


# --- the controls ------------------------------------------------------------------------


def test_resigning_loses() -> None:
    sim = make_sim()
    sim.perform("1d1c")
    notices = sim.send(Resign())  # B is to move and resigns
    assert_ended(sim, notices, Outcome.win(Termination.RESIGNATION, 0))
    assert of(Refused, sim.send(Resign()))
    assert of(Refused, sim.send(AgreeDraw()))
    assert stored_outcome(sim) == (GameStatus.OVER, Outcome.win(Termination.RESIGNATION, 0))


def test_a_named_seat_resigns() -> None:
    sim = make_sim()
    notices = sim.send(Resign(seat=1))
    assert_ended(sim, notices, Outcome.win(Termination.RESIGNATION, 0))
    sim = make_sim()
    notices = sim.send(Resign(seat=7))
    assert of(Refused, notices)
    assert sim.controller.phase is Phase.PLAY


def test_an_agreed_draw() -> None:
    sim = make_sim()
    notices = sim.send(AgreeDraw())
    assert_ended(sim, notices, Outcome.draw(Termination.AGREEMENT))
    assert of(Refused, sim.send(Guide("1d1c")))


def test_a_new_game_with_options_abandons_the_old_one() -> None:
    sim = make_sim()
    sim.perform("1d1c")
    old = sim.controller.game_id
    promoting = "l2/1C1/3/2L b - 1"
    notices = sim.send(NewGame(variants={"promotion": "mandatory"}, position=promoting))
    assert [n.game_id != old for n in of(GameStarted, notices)] == [True]
    assert sim.controller.store.load(old).status is GameStatus.ABANDONED
    stored = sim.controller.store.load(sim.controller.game_id)
    assert dict(stored.options) == {"promotion": "mandatory"}
    assert stored.start == promoting
    assert sim.controller.phase is Phase.SETUP
    assert of(BoardReady, set_up(sim))
    notices = sim.perform("2b2a+")  # mandatory: no prompt
    assert commits(notices) == ["2b2a+"]
    assert not prompts(notices)


def test_a_new_game_on_a_board_already_set_up_is_ready_at_once() -> None:
    sim = make_sim()
    old = sim.controller.game_id
    notices = sim.send(NewGame(variants={"repetition": "5"}))
    assert [type(n) for n in notices] == [GameStarted, SeatsChosen, BoardReady]
    assert sim.controller.game_id != old
    assert sim.controller.phase is Phase.PLAY
    assert commits(sim.perform("1d1c")) == ["1d1c"]


def test_a_takeback_from_the_controls_on_a_board_already_put_back() -> None:
    sim = make_sim()
    sim.perform("1d1c")
    move_by_hand(sim, "1c", "1d")  # offers the takeback; the controls confirm it
    notices = sim.send(TakeBack())
    assert [type(n) for n in notices] == [MovesTakenBack, BoardReady]
    assert sim.controller.phase is Phase.PLAY
    assert commits(sim.perform("2d3c")) == ["2d3c"]


@pytest.mark.parametrize(
    "event",
    [
        NewGame(variants={"promotion": "sometimes"}),
        NewGame(variants={"colour": "blue"}),
        NewGame(position="not a position"),
        NewGame(game="no-such-game"),
    ],
    ids=["bad-value", "unknown-option", "bad-position", "unknown-game"],
)
def test_a_new_game_that_cannot_start_is_refused(event: NewGame) -> None:
    sim = make_sim()
    sim.perform("1d1c")
    before = (sim.controller.game_id, sim.controller.position.text(), sim.controller.phase)
    notices = sim.send(event)
    assert [type(n) for n in notices] == [Refused]
    assert (sim.controller.game_id, sim.controller.position.text(), sim.controller.phase) == before
    assert stored_outcome(sim)[0] is GameStatus.PLAYING
    assert commits(sim.perform("3a3b")) == ["3a3b"]


def test_takeback_from_the_controls() -> None:
    sim = make_sim()
    sim.perform("1d1c")
    notices = sim.send(TakeBack())
    assert of(MovesTakenBack, notices) == [MovesTakenBack(1, sim.now)]
    assert sim.controller.phase is Phase.SETUP
    assert of(BoardReady, move_by_hand(sim, "1c", "1d"))
    assert of(Refused, sim.send(TakeBack()))  # nothing left to take back


def test_a_takeback_after_the_end_reopens_the_game() -> None:
    sim = make_sim(position="3/L2/2l/3 b - 1")
    sim.perform("3b3a")
    assert stored_outcome(sim)[0] is GameStatus.OVER
    notices = move_by_hand(sim, "3a", "3b")  # the lion goes back: the board shows ply 0
    assert not of(MovesTakenBack, notices)
    # after the end nothing is judged; the controls take the move back
    notices = sim.send(TakeBack())
    assert [type(n) for n in notices] == [MovesTakenBack, BoardReady]  # the board is already back
    assert stored_outcome(sim) == (GameStatus.PLAYING, None)
    assert sim.controller.outcome is None
    assert sim.controller.phase is Phase.PLAY
    assert commits(sim.perform("3b3a")) == ["3b3a"]


# --- refusals change nothing -------------------------------------------------------------


def test_a_choice_with_no_prompt_open_is_refused() -> None:
    sim = make_sim()
    notices = sim.send(Select("1d1c"))
    assert [type(n) for n in notices] == [Refused]
    assert isinstance(notices[0], Refused) and "no prompt" in str(notices[0].reason)
    assert sim.controller.position.text() == START
    assert sim.controller.store.load(sim.controller.game_id).moves() == []


def test_a_choice_that_is_not_offered_is_refused_and_the_prompt_stays() -> None:
    sim = make_sim(position="l2/3/3/2L b EG 1")
    sim.perform("G*2b")
    assert sim.controller.prompt_choices == ("E*2b", "G*2b")
    for text in ("G*1b", "C*2b", "takeback", "nonsense"):
        notices = sim.send(Select(text))
        assert [type(n) for n in notices] == [Refused]
        assert isinstance(notices[0], Refused) and "E*2b, G*2b" in str(notices[0].reason)
        assert sim.controller.phase is Phase.PROMPT
        assert sim.controller.prompt_choices == ("E*2b", "G*2b")
    assert not commits(sim.notices)
    assert commits(sim.send(Select("G*2b"))) == ["G*2b"]


@pytest.mark.parametrize("text", ["1d2c", "2b2c", "9z9y", "", "L*2b"])
def test_a_guide_that_is_not_a_legal_move_is_refused(text: str) -> None:
    sim = make_sim()
    notices = sim.send(Guide(text))
    assert [type(n) for n in notices] == [Refused]
    assert sim.controller.phase is Phase.PLAY
    assert sim.controller.recognizer.guide is None
    assert not lit(sim, Meaning.GUIDE)
    assert commits(sim.perform("1d1c")) == ["1d1c"]


def test_a_guide_can_be_cleared() -> None:
    sim = make_sim()
    sim.send(Guide("2c2b"))
    assert lit(sim, Meaning.GUIDE) == {"2c", "2b"}
    sim.send(Unguide())
    assert not lit(sim, Meaning.GUIDE)
    assert commits(sim.perform("1d1c")) == ["1d1c"]


# --- an option the controller knows for every game: illegal=loses ------------------------


class StrictDobutsu(DobutsuGame):
    """Robot Duel with the `illegal` option other games have (Dobutsu itself has none)."""

    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        *DobutsuGame.option_specs,
        OptionSpec("illegal", "refuse", "what an illegal move does", choices=("refuse", "loses")),
    )

    def illegal_policy(self, options: Options) -> IllegalMovePolicy:
        return IllegalMovePolicy(options["illegal"])


@pytest.mark.parametrize("rule", ["refuse", "loses"])
def test_an_illegal_move_loses_when_the_variant_says_so(rule: str) -> None:
    sim = make_sim(position="gle/1c1/3/ELG b C 1", options={"illegal": rule}, game=StrictDobutsu())
    notices = move_by_hand(sim, "1d", "2c")
    assert [n.move for n in of(IllegalShown, notices)] == ["1d2c"]
    assert not commits(notices)
    if rule == "loses":
        assert_ended(sim, notices, Outcome.win(Termination.ILLEGAL_MOVE, 1))
    else:
        assert not of(GameEnded, notices)
        assert sim.controller.phase is Phase.PLAY


# --- bus faults ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("profile", "address"),
    [("sim", 0x20), ("sim-dobutsu-polarity", 0x21), ("sim-dobutsu-stands", 0x21)],
)
def test_a_chip_that_vanishes_mid_move_pauses_the_game(profile: str, address: int) -> None:
    sim = make_sim(profile)
    bus = sim.hardware.buses[1]
    sim.world.lift("2d")  # the lion...
    sim.advance(HAND_DELAY)
    bus.vanish(address)
    notices = sim.advance(0.05)
    faults = of(FaultShown, notices)
    assert len(faults) == 1
    assert f"0x{address:02x}" in str(faults[0].message)
    assert "MCP23017" in str(faults[0].message)
    # the fault blinks on the status LED: lit in one half of each blink
    shown = {indicator(sim, "status")}
    sim.advance(BLINK_PERIOD)
    shown.add(indicator(sim, "status"))
    assert shown == {rgb(sim, Meaning.FAULT), None}
    assert "waiting for the board" in status_line(sim.controller)
    sim.world.place("1c")  # ...lands while the chip is silent
    notices = sim.advance(5.0)
    assert not commits(notices)
    assert not of(FaultShown, notices)  # said once
    assert sim.controller.next_deadline(sim.now) is None
    bus.restore(address)
    notices = sim.settle()
    assert [type(n) for n in notices[:1]] == [FaultCleared]
    assert commits(notices) == ["2d1c"]
    assert indicator(sim, "status") != rgb(sim, Meaning.FAULT)


def test_a_fault_at_the_start_defers_the_setup() -> None:
    sim = make_sim()
    sim.hardware.buses[1].vanish(0x20)
    assert of(FaultShown, sim.advance(0.1))
    notices = sim.send(NewGame())
    assert [type(n) for n in notices] == [GameStarted, SeatsChosen]  # a silent board: not judged
    assert not sim.advance(1.0)
    assert sim.controller.phase is Phase.SETUP
    sim.hardware.buses[1].restore(0x20)
    notices = sim.settle()
    assert [type(n) for n in notices] == [FaultCleared, BoardReady]
    phase: Phase = sim.controller.phase  # read afresh after the action
    assert phase is Phase.PLAY


def test_the_game_is_stored_before_anything_else() -> None:
    sim = make_sim()
    store = sim.controller.store
    notices = sim.perform("1d1c")
    committed = of(MoveCommitted, notices)[0]
    record = store.load(sim.controller.game_id).records[-1]
    assert (record.ply, record.move, record.at) == (committed.ply, committed.move, committed.at)


def test_games_resume_from_the_store() -> None:
    sim = make_sim()
    for text in ("1d1c", "3a3b"):
        sim.perform(text)
    resumed = track(Simulation(GAME, sim.profile, sim.controller.store, resume=True))
    assert [(n.game_id, n.resumed) for n in of(GameStarted, resumed.notices)] == [
        (sim.controller.game_id, True)
    ]
    assert resumed.controller.position.text() == sim.controller.position.text()
    # the resumed board stands as the game left it: play goes on, takebacks too
    resumed.settle()
    assert resumed.controller.phase is Phase.PLAY
    notices = move_by_hand(resumed, "3b", "3a") + resumed.advance(resumed.controller.timing.grace)
    assert prompts(notices) == [("takeback", "play on")]
