"""A game's other side is told what it needs of the session's proposals and words (the
frozen ``Agreement`` the controller gives out, handed to it by the loop after each
event); neither it nor anything else outside the session reads the consent itself."""

from __future__ import annotations

import ast
from collections.abc import Callable
from pathlib import Path
from typing import Any

from drivers.led_strip import LedStrip
from engine.game import Game
from engine.registry import find_game
from firmware_host.loops.session_loop import SessionLoop, at_once
from firmware_host.notices.declared import Notice, Proposal, ProposalAnswered, ProposalMade
from firmware_host.opponents.thinking import Thinker
from firmware_host.session.actions import AgreeDraw, Select
from firmware_host.session.consent import (
    Agreement,
    Consent,
    ProposalArrived,
    ProposalSettled,
    Proposed,
    Word,
    WordKind,
)
from firmware_host.session.controller import Controller
from firmware_host.session.events import Event
from firmware_host.store.journal import Journal
from firmware_host.store.storage import GameStore
from firmware_host.telling.legend import DEFAULT_PALETTE, Legend
from hardware.mock.strip import SimulatedPixelStrip
from hardware.painter import LedPainter
from hardware.profile import load_profile

ROOT = Path(__file__).resolve().parents[3]
DOBUTSU = find_game("dobutsu")
SIDES = (ROOT / "firmware_host" / "remote", ROOT / "firmware_host" / "online")


def consent_reads(source: str, name: str = "<source>") -> list[int]:
    """The lines of ``source`` that read an attribute named ``consent``."""
    return sorted(
        node.lineno
        for node in ast.walk(ast.parse(source, name))
        if isinstance(node, ast.Attribute) and node.attr == "consent"
    )


def test_the_check_sees_a_read() -> None:
    assert consent_reads("x = controller.consent.answers\ny = agreement.answers\n") == [1]


def test_no_side_reads_the_sessions_consent() -> None:
    problems = [
        f"{path.relative_to(ROOT)}:{line}"
        for folder in SIDES
        for path in sorted(folder.rglob("*.py"))
        for line in consent_reads(path.read_text(encoding="utf-8"), str(path))
    ]
    assert not problems, "a side reads the consent instead of being told:\n" + "\n".join(problems)


def test_an_agreement_is_what_the_consent_was_when_it_was_told() -> None:
    consent = Consent()
    consent.start(needed=True)
    proposed = consent.propose(Proposal.DRAW, 0, 4)
    consent.answers[("b", 1)] = True
    arrived = ProposalArrived(Proposal.TAKEBACK, 1, 3, 1, ("b", 2))
    consent.accepted[("b", 2)] = arrived
    told = consent.agreement(frozenset({("b", 3)}))
    consent.answers[("b", 4)] = False
    consent.words = Word(WordKind.RESIGN, 0)
    consent.proposed = None
    assert told.proposed == proposed
    assert dict(told.answers) == {("b", 1): True}
    assert told.accepted == frozenset({("b", 2)})
    assert told.word is None
    assert told.heard(("b", 1)) and told.heard(("b", 3))
    assert not told.heard(("b", 4))


# --- the contract: the loop tells the side, the side never asks the session ----------


PRODUCT = tuple(ROOT / package for package in ("engine", "drivers", "hardware", "firmware_host"))
SESSION = ROOT / "firmware_host" / "session"


def test_nothing_outside_the_session_reads_a_consent() -> None:
    problems = [
        f"{path.relative_to(ROOT)}:{line}"
        for folder in PRODUCT
        for path in sorted(folder.rglob("*.py"))
        if not path.is_relative_to(SESSION)
        for line in consent_reads(path.read_text(encoding="utf-8"), str(path))
    ]
    assert not problems, "the session's consent read from outside:\n" + "\n".join(problems)


class ToldSide:
    """A game's other side that keeps what it is told, and says what ``says`` gives it
    for each agreement (as the remote and online sides answer from their peers)."""

    wakes = False

    def __init__(self, said_last: int | None, says: Callable[[Agreement], list[Event]]) -> None:
        self.said_last = said_last
        self.says = says
        self.told: list[Agreement] = []

    def plan(self, game: Game[Any], journal: Journal, **start: Any) -> Any:
        raise NotImplementedError  # the test starts the loop itself

    def attach(self, controller: Controller) -> int | None:
        return self.said_last

    def poll(self, controller: Controller, agreement: Agreement, at: float) -> list[Event]:
        self.told.append(agreement)
        return self.says(agreement)

    def on_news(self, wake: Callable[[], None]) -> None:
        pass

    def thinker(self, inner: Thinker) -> Thinker:
        return inner

    def close(self) -> None:
        pass


def told_loop(side: ToldSide) -> tuple[SessionLoop[object], Controller]:
    profile = load_profile("sim", DOBUTSU)
    journal = Journal(GameStore(":memory:"))
    controller = Controller(DOBUTSU, profile.sensing, profile.sensed_spots, journal)
    session: SessionLoop[object] = SessionLoop(
        controller,
        journal,
        Legend(DEFAULT_PALETTE),
        LedPainter(LedStrip(SimulatedPixelStrip(profile.leds.count)), profile.leds),
        clock=lambda: 1.0,
        on_bus=at_once,
        thinker=lambda needed: None,
        remote=side,
    )
    session.start(resume=False, settings={"opponent": "w=remote"})
    return session, controller


def test_a_side_learns_of_a_proposal_and_its_answer_by_being_told() -> None:
    def settles(agreement: Agreement) -> list[Event]:
        proposed = agreement.proposed
        return [] if proposed is None else [ProposalSettled(proposed.id, True)]

    side = ToldSide(said_last=4, says=settles)
    session, controller = told_loop(side)

    def deliver(event: Event) -> list[Notice]:
        return session.handle(event, 1.0)

    notices = session.respond(AgreeDraw(), 1.0, deliver)
    assert [type(n) for n in notices if isinstance(n, ProposalMade | ProposalAnswered)] == [
        ProposalMade,
        ProposalAnswered,
    ]
    proposed = side.told[-1].proposed
    assert proposed == Proposed(5, Proposal.DRAW, 0, 0)  # numbered on past the one kept
    assert controller.outcome is not None  # the other board said yes: a draw
    session.follow(deliver)
    last = side.told[-1]
    assert last.proposed is None and last.decided == (5, True)


def test_a_side_is_told_a_proposal_is_asked_then_answered() -> None:
    ref = ("b", 7)
    arrived = ProposalArrived(Proposal.TAKEBACK, 1, 0, 1, ref)
    side = ToldSide(said_last=None, says=lambda agreement: [])
    session, controller = told_loop(side)

    def deliver(event: Event) -> list[Notice]:
        return session.handle(event, 1.0)

    session.respond(arrived, 1.0, deliver)
    asked = side.told[-1]
    assert asked.heard(ref) and ref in asked.asking and ref not in asked.answers
    session.respond(Select("decline"), 1.0, deliver)
    answered = side.told[-1]
    assert dict(answered.answers) == {ref: False} and not answered.asking
    assert asked.asking == frozenset({ref})  # what was told earlier does not change
    assert controller.agreement() == answered
