"""A game's other side is told what it needs of the session's proposals and words (an
``Agreement`` made by the loop after each event); it never reads the consent itself."""

from __future__ import annotations

import ast
from pathlib import Path

from firmware_host.notices.declared import Proposal
from firmware_host.session.consent import Consent, ProposalArrived, Word, WordKind

ROOT = Path(__file__).resolve().parents[3]
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
