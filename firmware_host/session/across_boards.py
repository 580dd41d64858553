"""The controller's part in a game whose seats sit at different boards: a takeback or
a draw is proposed and waits for the other boards' yes, another board's proposal is
asked at a prompt, a word that ended the game at another board ends it here, and a
remote seat's move is played only as its own board told it.

A part of ``Controller`` (``session_part.py``).
"""

from __future__ import annotations

from collections.abc import Hashable

from engine.errors import KibanError
from engine.outcome import Outcome, Termination
from firmware_host.notices.declared import (
    Notice,
    PromptOpened,
    Proposal,
    ProposalAnswered,
    ProposalMade,
    Refused,
)
from firmware_host.session.consent import (
    ProposalArrived,
    Word,
    WordKind,
)
from firmware_host.session.session_part import SessionPart
from firmware_host.session.state import (
    AcceptChoice,
    DeclineChoice,
    Over,
    Prompting,
    guide_of,
)


class AcrossBoards(SessionPart):
    """Proposals, answers and ending words across boards (``consent.py``)."""

    def _untold(self, move: Hashable, at: float) -> Refused | None:
        """A remote seat's move is played here only as its own board told it (the lit
        guide): a move made here for it first would split the game in two."""
        turn = self.position.turn
        guide = guide_of(self.state)
        if turn not in self.computer.remote or (guide is not None and guide.move == move):
            return None
        name = self.game.seats[turn].name
        return Refused(f"{name} plays at another board: its move is lit here when it comes", at)

    def _propose(self, kind: Proposal, plies: int, at: float) -> list[Notice]:
        """A takeback or a draw at a remote game waits for the other board's yes."""
        if isinstance(self.state, Over) and kind is Proposal.DRAW:
            return [Refused("the game is already over", at)]
        self.consent.propose(kind, plies, len(self.position.move_stack))
        if isinstance(self.state, Prompting):
            self._enter(self._playing())  # the prompt that led here is done
        return [ProposalMade(kind, at)]

    def _proposal_arrived(self, proposal: ProposalArrived, at: float) -> list[Notice]:
        """Ask the players here; a proposal for a position the game has left is declined."""
        if proposal.ref in self.consent.answers:
            return []
        stale = proposal.ply != len(self.position.move_stack)
        if stale or (proposal.kind is Proposal.DRAW and isinstance(self.state, Over)):
            return self._answer(proposal, False, at)
        if isinstance(self.state, Prompting):
            return []  # shown, or asked again once the prompt open now is answered
        choices = (AcceptChoice(proposal), DeclineChoice(proposal))
        self._enter(Prompting(choices, 1, guide_of(self.state)))
        return [PromptOpened(self.prompt_choices, at)]

    def _answer(self, proposal: ProposalArrived, accepted: bool, at: float) -> list[Notice]:
        """The players here answer; the game changes when the proposer decides (every
        board accepted), so that no board changes it alone."""
        self.consent.answers[proposal.ref] = accepted
        if accepted:
            self.consent.accepted[proposal.ref] = proposal
        if isinstance(self.state, Prompting):
            self._enter(self._playing())
        return [ProposalAnswered(proposal.kind, accepted, False, at), *self._judge(at)]

    def _decided(self, ref: Hashable, accepted: bool, at: float) -> list[Notice]:
        proposal = self.consent.accepted.pop(ref, None)
        if proposal is None or not accepted:
            return []
        return self._agreed(proposal.kind, proposal.plies, at)

    def _settled(self, number: int, accepted: bool, at: float) -> list[Notice]:
        proposed = self.consent.proposed
        if proposed is None or proposed.id != number:
            return []
        self.consent.proposed = None
        self.consent.decided = (number, accepted)
        notices: list[Notice] = [ProposalAnswered(proposed.kind, accepted, True, at)]
        if accepted:
            notices += self._agreed(proposed.kind, proposed.plies, at)
        return notices

    def _agreed(self, kind: Proposal, plies: int, at: float) -> list[Notice]:
        if kind is Proposal.DRAW:
            return self._end(self.position.end_by_agreement(), at)
        return self._take_back(plies, at, board_follows=False, agreed=True)

    def _say(self, word: Word) -> None:
        """Keep the word that ended the game here, for the other boards (a remote game)."""
        if self.consent.needed:
            self.consent.words = word

    def _peer_ended(self, word: Word, at: float) -> list[Notice]:
        """Another board's player resigned, claimed, lost on time or by an illegal move:
        the game ends here the same way."""
        if isinstance(self.state, Over):
            return []
        lost = {
            WordKind.RESIGN: Termination.RESIGNATION,
            WordKind.FLAG: Termination.TIME_FORFEIT,
            WordKind.ILLEGAL: Termination.ILLEGAL_MOVE,
        }.get(word.kind)
        if lost is not None:
            seats = len(self.game.seats)
            return self._end(Outcome.loss(lost, word.seat, seats), at)
        try:
            outcome = self.position.claim(word.claim)
        except KibanError as error:
            return [Refused(f"the other board's claim fails here: {error}", at)]
        return self._end(outcome, at)
