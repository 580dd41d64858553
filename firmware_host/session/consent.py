"""What needs the other side's word when the players sit at different boards.

At one table a takeback or a draw is agreed by the people there; across boards one
board's player proposes and another board's player accepts or declines on their
own board, and only then does either board change the game. A resignation or a
claim made on one board is told to the others, which end the game the same way.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from types import MappingProxyType

from engine.outcome import Outcome
from engine.said import Said
from firmware_host.notices.declared import Proposal


@dataclass(frozen=True, slots=True)
class Proposed:
    """This board's open proposal: ``ply`` is the move it was made at (a takeback of
    ``plies`` moves from there)."""

    id: int
    kind: Proposal
    plies: int
    ply: int


class WordKind(Enum):
    RESIGN = "resign"
    CLAIM = "claim"
    FLAG = "flag"  # the seat's own board saw its time run out
    ILLEGAL = "illegal"  # an illegal move lost at the seat's own board (shogi's rule)
    AGREED = "agreed"  # the players at a club table agreed the game's end (a draw, a count)


@dataclass(frozen=True, slots=True)
class Word:
    """A person's word that ended the game (a resignation, a claim), told to the others."""

    kind: WordKind
    seat: int
    claim: str = ""


# --- events from the other boards ------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ProposalArrived:
    """Another board's player proposes a draw or a takeback; ``ref`` names it in the answer."""

    kind: Proposal
    plies: int
    ply: int
    seat: int
    ref: Hashable


@dataclass(frozen=True, slots=True)
class ProposalWithdrawn:
    """A proposal asked here no longer stands (a request for a seat whose own board is
    back): its prompt closes unanswered, with ``words`` saying why, so that a question
    that lost its reason never holds the game."""

    ref: Hashable
    words: Said


@dataclass(frozen=True, slots=True)
class ProposalSettled:
    """Every other board accepted this board's proposal, or one declined it: this board
    decides (and says so, for the others to follow)."""

    id: int
    accepted: bool


@dataclass(frozen=True, slots=True)
class ProposalDecided:
    """The board that proposed decided: every board accepted (the game changes here
    too), or one declined."""

    ref: Hashable
    accepted: bool


@dataclass(frozen=True, slots=True)
class ClockTold:
    """The time ``seat``'s own board left it after its move at ``ply``: its clock here
    takes that time and stops (the hands here playing the move cost nobody time)."""

    ply: int
    seat: int
    remaining: float


@dataclass(frozen=True, slots=True)
class PeerEnded:
    """Another board's player ended the game by their word."""

    word: Word


@dataclass(frozen=True, slots=True)
class ServerEnded:
    """The server hosting an online game ended it (a resignation, a flag, a draw, an
    abort): the game ends here the same way, with the server's result."""

    outcome: Outcome


@dataclass(frozen=True, slots=True)
class ServerFailed:
    """The server hosting an online game did not do what the players asked of it (a
    resignation, an abort, a draw, a chat line), or what the game asked (the chat said
    while the link was down), in words that say which and why: told; the game goes on."""

    words: Said


@dataclass(frozen=True, slots=True)
class ServerRefused:
    """The server hosting an online game refused the move this board played at ``ply``
    (``server``: its name, for the words): the move is taken back here, and the board
    asks for it to be taken back by hand."""

    server: str
    ply: int
    move: str
    reason: str | Said  # the server's own words, or Kiban's (a record that differs)


@dataclass(frozen=True, slots=True)
class Agreement:
    """What a game's other side (another board, a server) is told after every event, in
    place of reading the session's consent: this board's open proposal, its answers to
    the others' proposals, those it accepted and waits to hear decided, how its own
    last proposal ended, the word that ended the game here, and the proposals a prompt
    asks the person now (asked once: not to be asked again while they are shown)."""

    proposed: Proposed | None = None
    answers: Mapping[Hashable, bool] = field(default_factory=lambda: MappingProxyType({}))
    accepted: frozenset[Hashable] = frozenset()
    decided: tuple[int, bool] | None = None
    word: Word | None = None
    asking: frozenset[Hashable] = frozenset()

    def heard(self, ref: Hashable) -> bool:
        """Whether the proposal ``ref`` was answered here, or is being asked now."""
        return ref in self.answers or ref in self.asking


@dataclass(slots=True)
class Consent:
    """One game's proposals and words across boards (empty when every seat is here)."""

    needed: bool = False
    proposed: Proposed | None = None
    answers: dict[Hashable, bool] = field(default_factory=dict)  # ours, to the others'
    accepted: dict[Hashable, ProposalArrived] = field(default_factory=dict)  # until decided
    decided: tuple[int, bool] | None = None  # this board's last proposal, as it ended
    words: Word | None = None  # the word that ended the game here
    _next: int = 1

    def start(self, needed: bool) -> None:
        self.needed = needed
        self.proposed = None
        self.answers.clear()
        self.accepted.clear()
        self.decided = None
        self.words = None

    def propose(self, kind: Proposal, plies: int, ply: int) -> Proposed:
        self.proposed = Proposed(self._next, kind, plies, ply)
        self._next += 1
        return self.proposed

    def continue_from(self, last_id: int) -> None:
        """After a restart: proposals are numbered on from the last one said."""
        self._next = max(self._next, last_id + 1)

    def agreement(self, asking: frozenset[Hashable] = frozenset()) -> Agreement:
        """What the other side is told of it now (``asking``: the proposals a prompt
        shows the person)."""
        return Agreement(
            self.proposed,
            MappingProxyType(dict(self.answers)),
            frozenset(self.accepted),
            self.decided,
            self.words,
            asking,
        )
