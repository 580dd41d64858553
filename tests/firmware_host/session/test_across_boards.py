"""AcrossBoards on its own: for a given state and word from another board it returns
the decision the controller applies, and keeps the proposals and words (no controller
is built)."""

from __future__ import annotations

from typing import Any

from engine.game import Position
from engine.outcome import Outcome, Termination
from engine.registry import find_game
from engine.said import said
from firmware_host.notices.declared import (
    IllegalShown,
    Proposal,
    ProposalAnswered,
    ProposalMade,
    Refused,
)
from firmware_host.session.across_boards import AcrossBoards
from firmware_host.session.actions import AgreeDraw, Claim, Resign
from firmware_host.session.consent import (
    ClockTold,
    Consent,
    PeerEnded,
    ProposalArrived,
    ProposalDecided,
    ProposalSettled,
    Word,
    WordKind,
)
from firmware_host.session.decisions import Ask, End, Now, PlayOn, Say, TakeBackAgreed
from firmware_host.session.state import (
    AcceptChoice,
    DeclineChoice,
    GuideMove,
    Over,
    Playing,
    Prompting,
    SessionState,
)

GAME = find_game("dobutsu")
AT = 5.0


def boards(remote: frozenset[int] = frozenset({1})) -> AcrossBoards:
    """Sente (seat 0) plays here, gote (seat 1) at another board."""
    across = AcrossBoards(Consent())
    across.start(remote)
    return across


def now(position: Position[Any] | None = None, state: SessionState | None = None) -> Now:
    position = position if position is not None else GAME.position()
    return Now(state if state is not None else Playing(), position, 1, AT)


def played(*texts: str) -> Position[Any]:
    position: Position[Any] = GAME.position()
    for text in texts:
        position.push(position.parse_move(text))
    return position


OVER = Over(Outcome.loss(Termination.RESIGNATION, 0, 2))


def test_a_remote_seats_move_is_played_only_as_its_board_told_it() -> None:
    across = boards()
    position = played("2c2b")  # gote, played at another board, is to move
    move = position.parse_move("1a2b")
    refused = across.untold(move, now(position))
    assert isinstance(refused, Refused)
    guide = GuideMove(move, frozenset())
    assert across.untold(move, now(position, Playing(guide))) is None  # lit: told
    start = GAME.position()
    assert across.untold(start.parse_move("2c2b"), now(start)) is None  # a move here


def test_a_proposal_waits_for_the_other_board_and_ends_a_prompt() -> None:
    across = boards()
    decision = across.propose(Proposal.TAKEBACK, 1, now(played("2c2b")))
    assert decision == PlayOn((ProposalMade(Proposal.TAKEBACK, AT),), judge=False)
    proposed = across.consent.proposed
    assert proposed is not None
    assert (proposed.kind, proposed.plies, proposed.ply) == (Proposal.TAKEBACK, 1, 1)
    assert across.propose(Proposal.DRAW, 0, now(state=OVER)) == Say(
        (Refused(said("the game is already over"), AT),)
    )


def test_another_boards_proposal_is_asked_and_a_stale_one_declined() -> None:
    across = boards()
    proposal = ProposalArrived(Proposal.DRAW, 0, 0, 1, "r1")
    decision = across.decide(proposal, now())
    assert decision == Ask((AcceptChoice(proposal), DeclineChoice(proposal)), 1)
    stale = ProposalArrived(Proposal.TAKEBACK, 1, 3, 1, "r2")
    declined = across.decide(stale, now())
    assert declined == PlayOn((ProposalAnswered(Proposal.TAKEBACK, False, False, AT),))
    assert across.consent.answers == {"r2": False}
    assert across.decide(stale, now()) == Say()  # answered once
    prompt = Prompting((AcceptChoice(proposal),))
    assert across.decide(ProposalArrived(Proposal.DRAW, 0, 0, 1, "r3"), now(state=prompt)) == Say()


def test_an_accepted_proposal_changes_the_game_only_when_the_proposer_decides() -> None:
    across = boards()
    proposal = ProposalArrived(Proposal.DRAW, 0, 0, 1, "r1")
    answered = across.answer(proposal, True, AT)
    assert answered == PlayOn((ProposalAnswered(Proposal.DRAW, True, False, AT),))
    assert across.consent.accepted == {"r1": proposal}
    decided = across.decide(ProposalDecided("r1", True), now())
    assert decided == End(GAME.position().end_by_agreement())
    assert across.consent.accepted == {}
    assert across.decide(ProposalDecided("r1", True), now()) == Say()  # once


def test_this_boards_proposal_settled_takes_back_or_is_declined() -> None:
    across = boards()
    position = played("2c2b")
    across.propose(Proposal.TAKEBACK, 1, now(position))
    assert across.decide(ProposalSettled(99, True), now(position)) == Say()  # not ours
    decision = across.decide(ProposalSettled(1, True), now(position))
    assert decision == TakeBackAgreed(1, (ProposalAnswered(Proposal.TAKEBACK, True, True, AT),))
    assert across.consent.proposed is None
    assert across.consent.decided == (1, True)
    across.propose(Proposal.DRAW, 0, now(position))
    declined = across.decide(ProposalSettled(2, False), now(position))
    assert declined == Say((ProposalAnswered(Proposal.DRAW, False, True, AT),))


def test_another_boards_word_ends_the_game_here_the_same_way() -> None:
    across = boards()
    flag = PeerEnded(Word(WordKind.FLAG, 1))
    assert across.decide(flag, now()) == End(Outcome.loss(Termination.TIME_FORFEIT, 1, 2))
    assert across.decide(flag, now(state=OVER)) == Say()
    claim = across.decide(PeerEnded(Word(WordKind.CLAIM, 1, "nonsense")), now())
    assert isinstance(claim, Say)
    assert isinstance(claim.notices[0], Refused)


def test_the_one_seat_here_resigns_and_its_word_is_kept() -> None:
    across = boards()
    position = played("2c2b")  # the remote seat is to move
    resigned = across.decide(Resign(), now(position))
    assert resigned == End(Outcome.loss(Termination.RESIGNATION, 0, 2))
    assert across.consent.words == Word(WordKind.RESIGN, 0)
    refused = across.decide(Resign(1), now(position))
    assert isinstance(refused, Say)
    notice = refused.notices[0]
    assert isinstance(notice, Refused)
    assert "another board" in str(notice.reason)
    assert across.decide(Resign(5), now()) == Say(
        (Refused(said("there is no seat {number}", number=5), AT),)
    )


def test_a_game_at_one_board_keeps_its_word_for_the_spectators() -> None:
    """A club table's board plays every seat: the word that ended its game is kept all
    the same, since its live record reads the result from it (issue 79: a resignation
    without ``confirm=on`` never reached the room)."""
    across = boards(frozenset())
    assert not across.needed
    lost = across.lost(Word(WordKind.ILLEGAL, 0), now(), (IllegalShown("x", said("y"), AT),))
    assert lost == End(
        Outcome.loss(Termination.ILLEGAL_MOVE, 0, 2), (IllegalShown("x", said("y"), AT),)
    )
    assert across.consent.words == Word(WordKind.ILLEGAL, 0)


def test_a_remote_seats_told_time_counts_for_its_move_to_come() -> None:
    across = boards()
    position = played("2c2b")
    assert across.clock_counts(ClockTold(1, 1, 30.0), now(position))
    assert not across.clock_counts(ClockTold(0, 1, 30.0), now(position))  # another move
    assert not across.clock_counts(ClockTold(1, 0, 30.0), now(position))  # a seat here
    assert not across.clock_counts(ClockTold(1, 1, 30.0), now(position, OVER))
    assert across.here(0)
    assert not across.here(1)


def test_a_draw_agreed_ends_the_game_here_or_is_proposed_across_boards() -> None:
    assert boards(frozenset()).decide(AgreeDraw(), now()) == End(GAME.position().end_by_agreement())
    proposed = boards().decide(AgreeDraw(), now())
    assert proposed == PlayOn((ProposalMade(Proposal.DRAW, AT),), judge=False)


def test_a_claim_is_judged_by_the_game_and_its_word_kept() -> None:
    across = boards()
    refused = across.decide(Claim("nonsense"), now())
    assert isinstance(refused, Say)
    assert [type(notice) for notice in refused.notices] == [Refused]
    assert across.decide(Claim("nonsense"), now(state=OVER)) == Say(
        (Refused(said("the game is already over"), AT),)
    )
    assert across.consent.words is None


def test_resign_on_the_computers_turn_resigns_the_person_here() -> None:
    across = AcrossBoards(Consent())
    across.start(frozenset(), frozenset({1}))  # gote is the computer's, at this board
    position = played("2c2b")  # the computer is to move
    assert across.decide(Resign(), now(position)) == End(
        Outcome.loss(Termination.RESIGNATION, 0, 2)
    )
    assert across.decide(Resign(1), now(position)) == End(  # named: that seat
        Outcome.loss(Termination.RESIGNATION, 1, 2)
    )


def test_resign_on_the_computers_turn_with_two_people_here_asks_which() -> None:
    chaturaji = find_game("chaturaji")
    position = chaturaji.position()
    turn = position.turn
    across = AcrossBoards(Consent())
    across.start(frozenset(), frozenset({turn}))  # the computer is to move; three people here
    refused = across.decide(Resign(), now(position))
    assert isinstance(refused, Say) and isinstance(refused.notices[0], Refused)
    assert refused.notices[0].reason.msgid == (
        "{seat} is played by the computer: say which seat resigns"
    )
    seats = len(chaturaji.seats)
    loser = (turn + 1) % seats
    assert across.decide(Resign(loser), now(position)) == End(
        Outcome.loss(Termination.RESIGNATION, loser, seats)
    )
