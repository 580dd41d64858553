"""The page reads words, never wire names: every notice's line as the server sends
it, and the status line while the computer thinks says what to press on the page."""

from __future__ import annotations

from typing import Any

from firmware_host.loops.simulator import Simulation
from firmware_host.notices.declared import NOTICES
from firmware_host.telling.language import Language
from firmware_host.web.page_state.messages import Mode, board_message
from firmware_host.web.words.told_for_page import told_for_page
from firmware_host.wire.actions import BY_WIRE
from firmware_host.wire.notice_records import notice_record
from tests.firmware_host.pondering import Pondering
from tests.firmware_host.simkit import make_sim
from tests.firmware_host.telling.test_notices import EXAMPLES
from tests.firmware_host.web.helpers import sim_session, sim_state

Json = dict[str, Any]

WIRE_NAMES = frozenset({notice.wire for notice in NOTICES} | set(BY_WIRE))
"""The names the page and the server use between them: notices' and actions'."""


def wire_words(text: str) -> list[str]:
    """The wire names ``text`` shows as such: a name written as an identifier
    (``computer_move``) anywhere, or a whole text that is only a name (``hint``)."""
    found = [name for name in WIRE_NAMES if "_" in name and name in text]
    if text.strip().lower() in WIRE_NAMES:
        found.append(text.strip())
    return found


def published() -> list[Json]:
    """What the server sends an English page of one example of every kind of notice
    (told at the page's edge)."""
    session = sim_session()
    messages: list[Json] = []
    session.subscribe(messages.append)
    session.publish(list(EXAMPLES))
    game = session.controller.game
    notices = [message for message in messages if message["type"] == "notice"]
    return [told_for_page(notice, Language.ENGLISH, game) for notice in notices]


def thinking() -> Simulation:
    """Robot Duel with the computer to move, thinking (it never answers)."""
    sim = make_sim(settings={"opponent": "w=level:1"}, thinker=Pondering())
    sim.perform("2c2b")
    return sim


def page_messages(sim: Simulation) -> tuple[Json, Json]:
    """The board and the state the server builds for the page of ``sim``: what is said
    in them as values only, told in the page's language at its edge (``for_page``)."""
    board = board_message(sim.game, sim.profile, Mode.SIMULATOR)
    state = sim_state(sim)
    return board, state


def for_page(sim: Simulation, *messages: Json) -> list[Json]:
    """``messages`` of ``sim``'s as the server sends them to an English page."""
    return [told_for_page(message, Language.ENGLISH, sim.game) for message in messages]


def test_every_notice_reaches_the_page_as_a_line_of_words() -> None:
    notices = published()
    sent = {example.wire for example in EXAMPLES if notice_record(example) is not None}
    assert {notice["event"] for notice in notices} == sent
    assert len(sent) >= len(NOTICES) - 2  # all but the two the page learns from the state
    for notice in notices:
        line = notice["line"]
        assert line and not wire_words(line), notice
        assert line != notice["event"]


def test_the_thinking_message_on_the_page_names_its_button() -> None:
    sim = thinking()
    _, built = page_messages(sim)
    assert "message" not in built  # only its value: the edge tells it
    [state] = for_page(sim, built)
    assert state["computer"]["thinking"] is True
    message = state["message"]
    assert "the computer is thinking" in message and "press Move now" in message
    assert "type" not in message and not wire_words(message)
