"""The computer in a session: its seats' moves lit as the move to play, hints, the
coach's colours and the warning, on the simulated board with a player whose answers
the test knows."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from drivers.buttons import ButtonRole
from engine.search.types import WIN
from firmware_host.loops.simulator import Simulation
from firmware_host.notices.declared import (
    BlunderWarned,
    ComputerMoved,
    HintShown,
    MoveCommitted,
    OffGuideShown,
    Refused,
)
from firmware_host.opponents.seats import OpponentError, parse_opponents
from firmware_host.opponents.thinking import InlineThinker, Purpose, ThinkResult
from firmware_host.session.actions import Hint, MoveNow, Select, TakeBack
from firmware_host.session.events import ThoughtArrived
from firmware_host.session.settings import SettingsError
from firmware_host.session.state import Phase
from firmware_host.telling.legend import Meaning
from firmware_host.telling.view import message_text
from tests.firmware_host.opponents.fakes import Always, ListedPlayer
from tests.firmware_host.simkit import GAME, commits, lit, make_sim, of


def sim_with(settings: Mapping[str, str], values: Mapping[str, float] | None = None) -> Simulation:
    player = ListedPlayer(dict(values or {}))
    return make_sim(settings=settings, thinker=InlineThinker(Always(player)))


def test_the_computers_move_is_lit_and_only_it_is_accepted() -> None:
    sim = sim_with({"opponent": "w=level:1"})
    notices = sim.perform("2c2b")
    moved = of(ComputerMoved, notices)
    # the listed player plays the first of 1a2b 2a1b 2a2b 2a3b 3a3b
    assert [(n.seat, n.move) for n in moved] == [(1, "1a2b")]
    assert sim.controller.phase is Phase.GUIDE
    assert lit(sim, Meaning.GUIDE) == {"1a", "2b"}
    assert of(OffGuideShown, sim.perform("3a3b"))  # another legal move is flagged
    assert len(sim.controller.position.move_stack) == 1
    # the hands put the piece back and play the lit move
    assert commits(sim.perform("1a2b")) == ["1a2b"]


def test_the_person_plays_the_computers_move_and_play_goes_on() -> None:
    sim = sim_with({"opponent": "w=level:1"})
    sim.perform("2c2b")
    assert commits(sim.perform("1a2b")) == ["1a2b"]
    assert sim.controller.phase is Phase.PLAY
    assert sim.controller.position.turn == 0
    assert not lit(sim, Meaning.GUIDE)


def test_the_computer_moves_first_when_its_seat_starts() -> None:
    sim = sim_with({"opponent": "b=random"})
    assert sim.controller.guide is not None
    assert sim.controller.position.move_text(sim.controller.guide.move) == "1d1c"


def test_a_takeback_forgets_the_move_chosen_for_the_position_left() -> None:
    sim = sim_with({"opponent": "w=level:1"})
    sim.perform("2c2b")
    assert sim.controller.guide is not None
    sim.send(TakeBack())
    assert sim.controller.position.move_stack == []
    assert sim.controller.guide is None  # the person is to move again: nothing is lit


def test_an_answer_for_a_position_the_game_has_left_is_dropped() -> None:
    sim = sim_with({"opponent": "w=level:1"})
    sim.perform("2c2b")
    guide = sim.controller.guide
    assert guide is not None
    stale = ThinkResult(
        sim.controller.computer._requests[Purpose.MOVE], "3a3b"
    )  # the request answered already; the move now lit stays
    sim.perform("1a2b")
    assert sim.send(ThoughtArrived(stale)) == []
    assert sim.controller.guide is None


def test_a_hint_lights_the_best_move_and_the_player_may_ignore_it() -> None:
    sim = sim_with({}, {"1d1c": 0.3})
    notices = sim.send(Hint())
    assert [n.move for n in of(HintShown, notices)] == ["1d1c"]
    assert lit(sim, Meaning.HINT) == {"1d", "1c"}
    assert "(hint: 1d1c)" in message_text(sim.controller)
    assert commits(sim.perform("2c2b")) == ["2c2b"]  # not flagged: a hint is not a guide
    assert not lit(sim, Meaning.HINT)


def test_the_next_button_outside_a_prompt_asks_for_a_hint() -> None:
    sim = sim_with({}, {"2d3c": 0.3})
    notices = sim.press(ButtonRole.NEXT)
    assert [n.move for n in of(HintShown, notices)] == ["2d3c"]


def test_no_hint_is_given_for_the_computers_own_turn() -> None:
    sim = sim_with({"opponent": "b=level:1"})
    assert [type(n) for n in sim.send(Hint())] == [Refused]


def test_move_now_is_refused_when_the_computer_is_not_thinking() -> None:
    sim = sim_with({})
    assert [type(n) for n in sim.send(MoveNow())] == [Refused]


def test_the_coach_colours_each_destination_of_a_lifted_piece() -> None:
    # the giraffe on 1d may go to 1c; the elephant... values: 1d1c best, 2d1c losing
    sim = sim_with({"coach": "on"}, {"1d1c": 0.4, "2d1c": -0.5, "2d3c": 0.35})
    sim.lift("2d")  # the lion: 1c and 3c
    sim.advance(0.3)
    assert lit(sim, Meaning.LOSING) == {"1c"}
    assert lit(sim, Meaning.GOOD) == {"3c"}
    sim.place("2d")
    sim.advance(0.3)
    sim.lift("1d")
    sim.advance(0.3)
    assert lit(sim, Meaning.BEST) == {"1c"}


def test_without_the_coach_destinations_keep_one_colour() -> None:
    sim = sim_with({}, {"1d1c": 0.4, "2d1c": -0.5})
    sim.lift("2d")
    sim.advance(0.3)
    assert lit(sim, Meaning.DESTINATION) == {"1c", "3c"}
    assert not lit(sim, Meaning.LOSING)


def test_a_blunder_offers_a_takeback_that_guides_the_pieces_back() -> None:
    sim = sim_with({"warn": "on"}, {"1d1c": 0.4, "2d1c": -WIN})
    notices = sim.perform("2d1c")
    assert [(n.move, str(n.reason)) for n in of(BlunderWarned, notices)] == [
        ("2d1c", "loses the game")
    ]
    assert sim.controller.prompt_choices == ("takeback", "play on")
    sim.send(Select("takeback"))
    assert sim.controller.position.move_stack == []
    assert sim.controller.phase is Phase.SETUP  # the lion is guided back to 2d
    assert lit(sim, Meaning.FILL) == {"2d"}


def test_play_on_keeps_the_move_warned_about() -> None:
    sim = sim_with({"warn": "on"}, {"1d1c": 0.4, "2d1c": -0.4})
    notices = sim.perform("2d1c")
    assert [str(n.reason) for n in of(BlunderWarned, notices)] == ["gives away material"]
    sim.send(Select("play on"))
    assert sim.controller.phase is Phase.PLAY
    assert len(sim.controller.position.move_stack) == 1


def test_a_good_move_is_not_warned_about() -> None:
    sim = sim_with({"warn": "on"}, {"1d1c": 0.4, "2d3c": 0.35})
    notices = sim.perform("2d3c")
    assert not of(BlunderWarned, notices)
    assert [type(n) for n in notices if isinstance(n, MoveCommitted)] == [MoveCommitted]


def test_opponents_are_read_against_the_game() -> None:
    assert {seat: spec.text() for seat, spec in parse_opponents(GAME, "w=level:3").items()} == {
        1: "level:3"
    }
    assert parse_opponents(GAME, "gote=engine:2, 0=random")[0].text() == "random"
    for bad, said in [
        ("x=level:3", "no seat 'x'"),
        ("w=level:11", "from 1 to 10"),
        ("w=strong", "is not one of"),
        ("w", "SEAT=PLAYER"),
        ("w=random,w=level:2", "given twice"),
    ]:
        with pytest.raises(OpponentError, match=said):
            parse_opponents(GAME, bad)


def test_a_bad_opponent_setting_is_refused_before_the_game_starts() -> None:
    with pytest.raises(SettingsError, match="no seat"):
        sim_with({"opponent": "q=level:2"})
