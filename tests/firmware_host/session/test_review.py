"""Reviewing a finished game: each step lights the move shown (from and to) in the
last-move colour, and nothing of the game or its record changes."""

from __future__ import annotations

from firmware_host.loops.simulator import Simulation
from firmware_host.notices.declared import (
    Refused,
    ReviewShown,
)
from firmware_host.session.actions import (
    NewGame,
    Resign,
    Review,
)
from firmware_host.session.state import Phase
from firmware_host.store.storage import GameStatus
from firmware_host.telling.legend import Meaning
from firmware_host.telling.view import status_line
from firmware_host.wire.actions import (
    from_wire,
    from_words,
)
from tests.firmware_host.simkit import lit, make_sim, of

MOVES = ("2c2b", "1a2b", "1d1c", "2b3c")


def finished(sim: Simulation) -> list[str]:
    for move in MOVES:
        sim.perform(move)
    sim.send(Resign())
    assert sim.controller.phase is Phase.GAME_OVER
    return sim.controller.store.load(sim.controller.game_id).moves()


def step(sim: Simulation, text: str, game: int | None = None) -> ReviewShown:
    shown = of(ReviewShown, sim.send(Review(text, game)))
    assert len(shown) == 1
    return shown[0]


def test_each_step_lights_the_move_it_shows_and_changes_nothing() -> None:
    sim = make_sim()
    stored = finished(sim)
    controller = sim.controller
    text = controller.position.text()
    last = set(controller.last_move)
    assert lit(sim, Meaning.LAST_MOVE) == last
    shown = step(sim, "first")
    assert (shown.ply, shown.plies, shown.move) == (0, 4, None)
    assert lit(sim, Meaning.LAST_MOVE) == set()
    assert step(sim, "back").ply == 0  # no step before the start
    assert step(sim, "next").move == "2c2b"
    assert lit(sim, Meaning.LAST_MOVE) == {"2c", "2b"}
    shown = step(sim, "3")
    assert shown.move == "1d1c" and lit(sim, Meaning.LAST_MOVE) == {"1d", "1c"}
    assert "review of game" in status_line(controller)
    assert step(sim, "back").move == "1a2b"
    assert lit(sim, Meaning.LAST_MOVE) >= {"1a", "2b"}
    assert step(sim, "last").ply == 4 and lit(sim, Meaning.LAST_MOVE) == last
    assert step(sim, "next").ply == 4  # none after the last
    # the game, its position and its record are as they were
    assert controller.position.text() == text
    again = controller.store.load(controller.game_id)
    assert again.moves() == stored and again.status is GameStatus.OVER


def test_steps_that_cannot_be_taken_are_refused() -> None:
    sim = make_sim()
    refused = of(Refused, sim.send(Review("next")))
    assert refused and "once the game is over" in str(refused[0].reason)
    finished(sim)
    assert "has 4 moves, not 9" in of(Refused, sim.send(Review("9")))[0].reason.__str__()
    assert (
        "first, back, next, last" in of(Refused, sim.send(Review("sideways")))[0].reason.__str__()
    )
    assert "no game 99" in of(Refused, sim.send(Review("first", 99)))[0].reason.__str__()


def test_a_stored_game_is_reviewed_by_its_number_and_a_new_game_ends_the_review() -> None:
    sim = make_sim()
    finished(sim)
    first = sim.controller.game_id
    sim.send(NewGame(None, {}, None, {}))
    sim.world.arrange(sim.controller.position.layout())
    sim.settle()
    sim.perform("2c2b")
    sim.send(Resign())
    shown = step(sim, "2", first)
    assert (shown.game_id, shown.move, shown.plies) == (first, "1a2b", 4)
    assert step(sim, "next").game_id == first  # the steps go on in the game reviewed
    sim.send(NewGame(None, {}, None, {}))
    assert sim.controller.review is None and "review" not in status_line(sim.controller)


def test_the_terminal_and_the_page_name_the_action_alike() -> None:
    assert from_words(["review", "next"]) == Review("next")
    assert from_wire("review", {"step": "3", "game_id": 2}) == Review("3", 2)
