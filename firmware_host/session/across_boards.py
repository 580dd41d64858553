"""The controller's collaborator for a game whose seats sit at different boards: a
takeback or a draw is proposed and waits for the other boards' yes, another board's
proposal is asked at a prompt, a word that ended the game at another board ends it
here, and a remote seat's move is played only as its own board told it.

It keeps the proposals and words (``Consent``) and returns a decision
(``decisions.py``) for the controller to apply: it never changes the game itself.
What the game's other side needs of them it gives out as a frozen ``Agreement``
(``agreement``), so the remote and online sides never touch the consent.
"""

from __future__ import annotations

from collections.abc import Hashable

from engine.errors import KibanError
from engine.outcome import Outcome, Termination
from engine.said import N_, Said, said, said_of, verbatim
from firmware_host.notices.declared import (
    Notice,
    Proposal,
    ProposalAnswered,
    ProposalMade,
    Refused,
    ServerRefusedMove,
)
from firmware_host.session.actions import AgreeDraw, Claim, Resign
from firmware_host.session.consent import (
    Agreement,
    ClockTold,
    Consent,
    PeerEnded,
    ProposalArrived,
    ProposalDecided,
    ProposalSettled,
    ProposalWithdrawn,
    ServerEnded,
    ServerFailed,
    ServerRefused,
    Word,
    WordKind,
)
from firmware_host.session.decisions import (
    Ask,
    Decision,
    End,
    Now,
    PlayOn,
    Say,
    TakeBackAgreed,
)
from firmware_host.session.state import (
    AcceptChoice,
    DeclineChoice,
    NotAgreedChoice,
    Over,
    Prompting,
    ResultChoice,
    SessionState,
    guide_of,
)

LOST_BY = {
    WordKind.RESIGN: Termination.RESIGNATION,
    WordKind.FLAG: Termination.TIME_FORFEIT,
    WordKind.ILLEGAL: Termination.ILLEGAL_MOVE,
}
"""How a seat's word ends the game for it (a claim is judged by the game instead)."""


class AcrossBoards:
    """Proposals, answers and ending words across boards (``consent.py``)."""

    def __init__(self, consent: Consent) -> None:
        self.consent = consent
        self.remote: frozenset[int] = frozenset()  # the seats another board plays
        self.computer: frozenset[int] = frozenset()  # the seats the computer plays here
        self.server_clock = False  # an online game: the server's clock decides a flag
        self.confirm = False  # a club table: a result the rules did not decide waits for an ok

    def start(
        self,
        remote: frozenset[int],
        computer: frozenset[int] = frozenset(),
        *,
        server_clock: bool = False,
        confirm: bool = False,
    ) -> None:
        """A new or resumed game, with these seats played at other boards and these by the
        computer here (``server_clock``: on a server that judges the time, byoyomi and all;
        ``confirm``: a club table, where the other player confirms a resignation or a
        draw entered here before it ends the game)."""
        self.remote = remote
        self.computer = computer - remote
        self.server_clock = server_clock
        self.confirm = confirm
        self.consent.start(bool(remote))

    def agreement(self, state: SessionState) -> Agreement:
        """What the game's other side is told of the proposals and words as they stand
        (a frozen value): the consent, and the proposals a prompt asks the person now."""
        asking = _refs(state) if isinstance(state, Prompting) else frozenset()
        return self.consent.agreement(asking)

    def continue_from(self, said_last: int) -> None:
        """After a restart, the other side kept the number of the last proposal this
        board said: the next ones are numbered on from it (unless one is open here)."""
        if self.consent.proposed is None:
            self.consent.continue_from(said_last)

    def flags_here(self, seat: int | None) -> bool:
        """Whether ``seat``'s flag falls by this board's clock: a seat played here,
        unless a server judges the time (its byoyomi, which the clock here lacks)."""
        return self.here(seat) and not self.server_clock

    @property
    def needed(self) -> bool:
        """Whether a takeback or a draw waits for the other boards' word."""
        return self.consent.needed

    def here(self, seat: int | None) -> bool:
        """Whether ``seat`` is played at this board (its clock, its roll, its flag)."""
        return seat not in self.remote

    def decide(
        self,
        event: ProposalArrived
        | ProposalSettled
        | ProposalDecided
        | ProposalWithdrawn
        | PeerEnded
        | ServerEnded
        | ServerFailed
        | ServerRefused
        | Resign
        | AgreeDraw
        | Claim,
        now: Now,
    ) -> Decision:
        """What the game does for another board's word, or a word here that ends the
        game (the other boards hear it, or agree first)."""
        match event:
            case ProposalArrived():
                return self.arrived(event, now)
            case ProposalSettled(number, accepted):
                return self.settled(number, accepted, now)
            case ProposalDecided(ref, accepted):
                return self.decided(ref, accepted, now)
            case ProposalWithdrawn(ref, words):
                return self.withdrawn(ref, words, now)
            case PeerEnded(word):
                return self.peer_ended(word, now)
            case ServerEnded(outcome):
                return Say() if isinstance(now.state, Over) else End(outcome)
            case ServerRefused():
                return self.server_refused(event, now)
            case ServerFailed(words):  # nothing changed: the game goes on
                return Say((Refused(words, now.at),))
            case Resign(seat):
                return self.resign(seat, now)
            case AgreeDraw():
                return self.agree_draw(now)
            case Claim(name):
                return self.claim(name, now)

    # --- moves -----------------------------------------------------------------------

    def untold(self, move: Hashable, now: Now) -> Refused | None:
        """A remote seat's move is played here only as its own board told it (the lit
        guide): a move made here for it first would split the game in two."""
        turn = now.position.turn
        guide = guide_of(now.state)
        if self.here(turn) or (guide is not None and guide.move == move):
            return None
        elsewhere = N_("{seat} plays at another board: its move is lit here when it comes")
        return Refused(said(elsewhere, seat=now.position.game.seat_word(turn)), now.at)

    def clock_counts(self, told: ClockTold, now: Now) -> bool:
        """Whether a remote seat's time told by its own board is for the move it is
        about to play here (in a game still going on)."""
        position = now.position
        to_move = not self.here(told.seat) and told.seat == position.turn
        in_play = not isinstance(now.state, Over)
        return to_move and in_play and told.ply == len(position.move_stack)

    # --- proposals -------------------------------------------------------------------

    def propose(self, kind: Proposal, plies: int, now: Now) -> Decision:
        """A takeback or a draw at a remote game waits for the other board's yes."""
        if isinstance(now.state, Over) and kind is Proposal.DRAW:
            return Say((Refused(said(N_("the game is already over")), now.at),))
        self.consent.propose(kind, plies, len(now.position.move_stack))
        return PlayOn((ProposalMade(kind, now.at),), judge=False)  # a prompt led here: done

    def arrived(self, proposal: ProposalArrived, now: Now) -> Decision:
        """Ask the players here; a proposal for a position the game has left is declined."""
        if proposal.ref in self.consent.answers:
            return Say()
        stale = proposal.ply != len(now.position.move_stack)
        if stale or (proposal.kind is Proposal.DRAW and isinstance(now.state, Over)):
            return self.answer(proposal, False, now.at)
        if isinstance(now.state, Prompting):
            return Say()  # shown, or asked again once the prompt open now is answered
        return Ask((AcceptChoice(proposal), DeclineChoice(proposal)), 1)

    def withdrawn(self, ref: Hashable, words: Said, now: Now) -> Decision:
        """A proposal that no longer stands: its prompt, if open, closes unanswered and
        the game goes on (the board read again: a move lit meanwhile is played)."""
        state = now.state
        if not isinstance(state, Prompting) or ref not in _refs(state):
            return Say()
        return PlayOn((Refused(words, now.at),))

    def answer(self, proposal: ProposalArrived, accepted: bool, at: float) -> Decision:
        """The players here answer; the game changes when the proposer decides (every
        board accepted), so that no board changes it alone."""
        self.consent.answers[proposal.ref] = accepted
        if accepted and proposal.kind is not Proposal.SEAT:  # a seat given needs no decision
            self.consent.accepted[proposal.ref] = proposal
        return PlayOn((ProposalAnswered(proposal.kind, accepted, False, at),))

    def decided(self, ref: Hashable, accepted: bool, now: Now) -> Decision:
        """The board that proposed decided: an accepted proposal changes the game here."""
        proposal = self.consent.accepted.pop(ref, None)
        if proposal is None or not accepted:
            return Say()
        return self._agreed(proposal.kind, proposal.plies, now, ())

    def settled(self, number: int, accepted: bool, now: Now) -> Decision:
        """Every other board answered this board's proposal: it is decided here."""
        proposed = self.consent.proposed
        if proposed is None or proposed.id != number:
            return Say()
        self.consent.proposed = None
        self.consent.decided = (number, accepted)
        said: tuple[Notice, ...] = (ProposalAnswered(proposed.kind, accepted, True, now.at),)
        if not accepted:
            return Say(said)
        return self._agreed(proposed.kind, proposed.plies, now, said)

    def _agreed(self, kind: Proposal, plies: int, now: Now, said: tuple[Notice, ...]) -> Decision:
        if kind is Proposal.DRAW:
            return End(now.position.end_by_agreement(), said)
        return TakeBackAgreed(plies, said)

    # --- words that end the game -----------------------------------------------------

    def said(self, word: Word) -> None:
        """Keep the word that ended the game here, for the other boards (a remote game)
        and for the spectators, whose live record reads the result from it
        (``club/live.py``): a club table's resignation, agreement or flag reaches the
        room whether or not the other player confirms it on the board."""
        self.consent.words = word

    def lost(self, word: Word, now: Now, said: tuple[Notice, ...] = ()) -> End:
        """A seat here lost by its word (resigned, its flag fell, an illegal move): the
        other boards hear it."""
        self.said(word)
        seats = len(now.position.game.seats)
        return End(Outcome.loss(LOST_BY[word.kind], word.seat, seats), said)

    def resigner(self, turn: int, seats: int) -> int | None:
        """The seat Resign pressed with no seat named resigns, ``turn`` to move: the one
        to move when a person plays it here, else the one person (else the one seat) at
        this board; None when several people here could mean another (they say which).
        The page asks "... resigns?" naming it (issue 81: it named the computer's seat
        while the computer's reply was pending)."""
        here = [s for s in range(seats) if self.here(s)]
        people = [s for s in here if s not in self.computer]
        if turn in people:
            return turn
        if len(people or here) == 1:
            return (people or here)[0]
        return None if people else turn

    def resign(self, seat: int | None, now: Now) -> Decision:
        """A resignation: the seat named, else the person at the board (the one to move
        when several people play here), never a seat another board plays. Resign is
        pressed by a person: on the computer's turn it is not the computer giving up."""
        if isinstance(now.state, Over):
            return Say((Refused(said(N_("the game is already over")), now.at),))
        game = now.position.game
        loser = now.position.turn if seat is None else seat
        if not 0 <= loser < len(game.seats):
            return Say((Refused(said(N_("there is no seat {number}"), number=loser), now.at),))
        if seat is None:
            chosen = self.resigner(now.position.turn, len(game.seats))
            if chosen is None:
                ask = N_("{seat} is played by the computer: say which seat resigns")
                return Say((Refused(said(ask, seat=game.seat_word(loser)), now.at),))
            loser = chosen
        if not self.here(loser):
            there = N_("{seat} is played at another board: they resign there")
            return Say((Refused(said(there, seat=game.seat_word(loser)), now.at),))
        word = Word(WordKind.RESIGN, loser)
        if self._confirmed_here(now):
            outcome = Outcome.loss(LOST_BY[word.kind], loser, len(game.seats))
            return self.ask_confirmation(ResultChoice(outcome, word))
        return self.lost(word, now)

    def agree_draw(self, now: Now) -> Decision:
        """The players end the game by agreement (a draw, or the game's own count); at a
        remote game the other board agrees first, at a club table the other player."""
        if self.needed:
            return self.propose(Proposal.DRAW, 0, now)
        turn = now.position.turn
        word = Word(WordKind.AGREED, turn)
        if self._confirmed_here(now):
            outcome = now.position.end_by_agreement()
            return self.ask_confirmation(ResultChoice(outcome, word))
        self.said(word)
        return End(now.position.end_by_agreement())

    def _confirmed_here(self, now: Now) -> bool:
        """Whether a result entered here waits for the other player's ok: at a club table,
        with its players at this board (across boards the other board answers instead)."""
        return self.confirm and not self.needed and not isinstance(now.state, Over)

    def ask_confirmation(self, result: ResultChoice) -> Decision:
        """The result entered is asked of the other player: ok confirms it (selected
        first), not agreed keeps the game going. A prompt open now (a move to choose)
        gives way: the result ends the game from the position as it stands."""
        return Ask((result, NotAgreedChoice()), 0)

    def confirmed(self, result: ResultChoice, now: Now) -> Decision:
        """The other player confirmed the result: the game ends with it, its word kept
        for the spectators (the table's live record reads the result from it)."""
        if result.word is not None:
            self.said(result.word)
        return End(result.outcome)

    def claim(self, name: str, now: Now) -> Decision:
        """A claim that ends the game by the game's own count: the engine judges it."""
        if isinstance(now.state, Over):
            return Say((Refused(said(N_("the game is already over")), now.at),))
        try:
            outcome = now.position.claim(name)
        except KibanError as error:
            return Say((Refused(said_of(error), now.at),))
        self.said(Word(WordKind.CLAIM, now.position.turn, name))
        return End(outcome)

    def peer_ended(self, word: Word, now: Now) -> Decision:
        """Another board's player resigned, claimed, lost on time or by an illegal move:
        the game ends here the same way."""
        if isinstance(now.state, Over):
            return Say()
        lost = LOST_BY.get(word.kind)
        if lost is not None:
            return End(Outcome.loss(lost, word.seat, len(now.position.game.seats)))
        if word.kind is WordKind.AGREED:
            return End(now.position.end_by_agreement())
        try:
            return End(now.position.claim(word.claim))
        except KibanError as error:
            fails = said(N_("the other board's claim fails here: {error}"), error=said_of(error))
            return Say((Refused(fails, now.at),))

    def server_refused(self, refused: ServerRefused, now: Now) -> Decision:
        """The online server refused a move of this board's: the game goes back to
        before it (no yes needed: the server never played it), and the board is set
        up again as the position is, which asks for the move to be taken back."""
        reason = refused.reason
        words = reason if isinstance(reason, Said) else verbatim(reason)
        said = (ServerRefusedMove(refused.server, refused.move, words, now.at),)
        plies = len(now.position.move_stack) - refused.ply
        if plies <= 0:
            return Say(said)
        return TakeBackAgreed(plies, said)


def _refs(prompt: Prompting) -> frozenset[Hashable]:
    """The other side's proposals a prompt asks about."""
    return frozenset(c.proposal.ref for c in prompt.choices if isinstance(c, AcceptChoice))
