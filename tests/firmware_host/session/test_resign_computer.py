"""Resign against the computer, on the simulated board: the person at the board
resigns (never the computer's seat, even on its turn), the game ends at once, and the
computer's move, still thought about or chosen and not yet played, is forgotten: no
"thinking", no Move now, no guide light on the status LED."""

from __future__ import annotations

from engine.outcome import Outcome, Termination
from firmware_host.loops.simulator import Simulation
from firmware_host.notices.declared import GameEnded
from firmware_host.opponents.thinking import InlineThinker, Purpose, ThinkRequest
from firmware_host.session.actions import MoveNow, Resign
from firmware_host.session.state import Phase
from firmware_host.telling.language import Language
from firmware_host.telling.legend import Meaning
from firmware_host.telling.view import build_view, message_text
from firmware_host.web.words.told_for_page import told_for_page
from tests.firmware_host.opponents.fakes import Always, ListedPlayer
from tests.firmware_host.pondering import Pondering
from tests.firmware_host.simkit import indicator, lit, make_sim, of, rgb
from tests.firmware_host.web.helpers import sim_state

PERSON_LOST = Outcome.loss(Termination.RESIGNATION, 0, 2)  # b (sente) plays here, w is the computer


class Listening(Pondering):
    """Thinks and never answers; keeps what the session last asked of it."""

    def __init__(self) -> None:
        self.asked: tuple[ThinkRequest, ...] = ()

    def want(self, requests: tuple[ThinkRequest, ...]) -> None:
        self.asked = requests


def status_colours(sim: Simulation) -> set[tuple[int, int, int] | None]:
    """The status LED over two seconds (it blinks while the computer thinks)."""
    seen = set()
    for _ in range(20):
        sim.advance(0.1)
        seen.add(indicator(sim, "status"))
    return seen


def assert_over_and_quiet(sim: Simulation) -> None:
    controller = sim.controller
    assert controller.phase is Phase.GAME_OVER and controller.outcome == PERSON_LOST
    assert controller.guide is None and not lit(sim, Meaning.GUIDE)
    assert not build_view(controller, sim.now).thinking
    message = message_text(controller)
    assert message.startswith("game over") and "thinking" not in message
    state = told_for_page(sim_state(sim), Language.ENGLISH, sim.game)
    assert state["computer"]["thinking"] is False  # the page offers no Move now
    assert "Move now" not in state["message"]
    assert rgb(sim, Meaning.GUIDE) not in status_colours(sim)
    wanted, hurry = controller.thinking()
    assert not hurry and all(request.purpose is not Purpose.MOVE for request in wanted)


def test_resigning_while_the_computer_thinks_resigns_the_person_and_stops_it() -> None:
    thinker = Listening()
    sim = make_sim(settings={"opponent": "w=level:1"}, thinker=thinker)
    sim.perform("2c2b")
    assert [request.purpose for request in thinker.asked] == [Purpose.MOVE]
    assert rgb(sim, Meaning.GUIDE) in status_colours(sim)  # thinking, as the page says
    notices = sim.send(Resign())  # on the computer's turn
    assert [notice.outcome for notice in of(GameEnded, notices)] == [PERSON_LOST]
    assert thinker.asked == ()  # the search is called off
    assert_over_and_quiet(sim)
    assert of(GameEnded, sim.advance(5.0)) == []
    assert sim.controller.outcome == PERSON_LOST
    sim.send(MoveNow())
    assert sim.controller.outcome == PERSON_LOST


def test_resigning_with_the_computers_reply_lit_resigns_the_person_and_forgets_it() -> None:
    sim = make_sim(
        settings={"opponent": "w=level:1"}, thinker=InlineThinker(Always(ListedPlayer({})))
    )
    sim.perform("2c2b")
    assert sim.controller.guide is not None and lit(sim, Meaning.GUIDE) == {"1a", "2b"}
    notices = sim.send(Resign())
    assert [notice.outcome for notice in of(GameEnded, notices)] == [PERSON_LOST]
    assert_over_and_quiet(sim)
    sim.perform("1a2b")  # the hands play the forgotten reply: the game stays over
    assert sim.controller.outcome == PERSON_LOST
    assert len(sim.controller.position.move_stack) == 1


def test_the_person_resigns_on_their_own_turn_too() -> None:
    sim = make_sim(settings={"opponent": "w=level:1"}, thinker=Listening())
    notices = sim.send(Resign())
    assert [notice.outcome for notice in of(GameEnded, notices)] == [PERSON_LOST]
