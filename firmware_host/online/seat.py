"""The opponent's seat of a game played on lishogi: it plays like another board's seat.

The controller stays the only writer of the game. lishogi's moves reach it as a
remote seat's answers (``ElsewhereThinker``: the move lit as the move to play, waited
for on the board); each move the board commits for our side goes to the outbox.
What lishogi says (a refused move, the game's end, a draw offer, a command it did
not carry out) reaches it as events from ``poll``, and what the players here say (a
resignation, a draw offer, an answer to one) is told it after each event (an
``Agreement``) and sent.

The local record equals lishogi's: the opponent's moves come only from lishogi's
list, ours go in order and once (``Outbox``), a refused one is taken back here, and
the game ends here only once the board has caught up with lishogi's moves.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from engine.game import Game, Position
from engine.outcome import Outcome, Termination
from engine.said import N_, Said, said, verbatim
from firmware_host.notices.declared import Proposal
from firmware_host.online.client import LishogiClient
from firmware_host.online.errors import OnlineError
from firmware_host.online.link import Heard, OnlineLink
from firmware_host.online.messages import (
    ChatLine,
    Clocks,
    GameFull,
    GameState,
    GameStatus,
    Side,
)
from firmware_host.online.notation import all_from_server, from_server, game_of, to_server
from firmware_host.online.outbox import RecordMismatchError, moves_to_play
from firmware_host.online.trouble import TOKEN_REFUSED, Asked, paused, token_refused
from firmware_host.opponents.elsewhere import ElsewhereThinker
from firmware_host.opponents.thinking import Thinker
from firmware_host.session.consent import (
    Agreement,
    ClockTold,
    ProposalArrived,
    ProposalSettled,
    ServerEnded,
    ServerFailed,
    ServerRefused,
    WordKind,
)
from firmware_host.session.controller import Controller
from firmware_host.session.events import Event
from firmware_host.store.journal import Journal

SERVER = "lishogi"
JOIN_WAIT = 20.0  # seconds to wait for the game as lishogi has it, at start

TERMINATIONS: Mapping[GameStatus, Termination] = {
    GameStatus.MATE: Termination.CHECKMATE,
    GameStatus.RESIGN: Termination.RESIGNATION,
    GameStatus.STALEMATE: Termination.NO_LEGAL_MOVES,
    GameStatus.TIMEOUT: Termination.TIME_FORFEIT,
    GameStatus.OUT_OF_TIME: Termination.TIME_FORFEIT,
    GameStatus.NO_START: Termination.TIME_FORFEIT,
    GameStatus.DRAW: Termination.AGREEMENT,
    GameStatus.REPETITION: Termination.REPETITION,
    GameStatus.PERPETUAL_CHECK: Termination.PERPETUAL_CHECK,
    GameStatus.IMPASSE_27: Termination.IMPASSE,
    GameStatus.TRY_RULE: Termination.TRY,
    GameStatus.ROYALS_LOST: Termination.KING_CAPTURED,
}
"""How lishogi's statuses end the game here; any other (an abort, a cheat) is ended
by the players."""


class OnlineGameError(OnlineError):
    """An online game that cannot be played here: not found, not ours, another game."""


@dataclass(frozen=True, slots=True)
class StartPlan:
    """How the controller starts (what ``Controller.start`` is given)."""

    resume: bool
    options: Mapping[str, str] | None
    position: str | None
    moves: tuple[str, ...]
    settings: Mapping[str, str]


def outcome_of(state: GameState) -> Outcome:
    """lishogi's end of the game as an outcome (sente is seat 0, gote seat 1)."""
    termination = TERMINATIONS.get(state.status, Termination.ENDED_BY_PLAYERS)
    if state.winner is None:
        return Outcome.draw(termination)
    return Outcome.win(termination, 0 if state.winner is Side.SENTE else 1)


def record_of(position: Position[Any]) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """Every move's text and the seat that made it."""
    played = position.played()
    return played.moves, played.movers


class OnlineSeat:
    """The opponent's seat of one lishogi game, beside the session."""

    def __init__(self, link: OnlineLink, account: str, *, join_wait: float = JOIN_WAIT) -> None:
        """``account``: our lishogi id (it says which side we play)."""
        self.link = link
        self.account = account.lower()
        self.wakes = True  # the link wakes the decision loop when news comes
        self._join_wait = join_wait
        self.kiban: Game[Any] | None = None  # the game here, once planned
        self.side = Side.SENTE
        self.full: GameFull | None = None
        self.game_id: int | None = None  # the controller's game this online game is
        self._record: tuple[tuple[str, ...], tuple[int, ...]] = ((), ())
        self._stack_key: tuple[int, object] = (-1, None)
        self._handled = 0  # local plies looked at for the outbox
        self._sent_from = 0  # our moves from this ply on go by the outbox (not before)
        self._refusals = 0  # lishogi's refusals handed over
        self._differed: set[tuple[int, str]] = set()  # lishogi's records told as differing
        self._taken: set[tuple[int, str]] = set()  # moves of the board's lishogi has had
        self._told = 0  # what lishogi did not do, handed over
        self._clocked = -1  # the last ply whose clock was told
        self._offers = 0
        self._offer: Hashable | None = None  # the opponent's draw offer open now
        self._answered: set[Hashable] = set()
        self._proposed: dict[int, bool] = {}  # our draw offers: seen on lishogi yet
        self._settled: set[int] = set()
        self._resigned = False
        self._ended = False
        self._started = False  # the link started (``join``)

    # --- starting ------------------------------------------------------------------

    @property
    def _game(self) -> Game[Any]:
        assert self.kiban is not None, "the seat plays once planned"
        return self.kiban

    @property
    def seat(self) -> int:
        """Our seat (sente is seat 0)."""
        return 0 if self.side is Side.SENTE else 1

    @property
    def opponent(self) -> int:
        return 1 - self.seat

    @property
    def against_person(self) -> bool:
        full = self.full
        if full is None:
            return True
        other = full.gote if self.side is Side.SENTE else full.sente
        return other.ai_level is None

    def on_news(self, wake: Callable[[], None]) -> None:
        """``wake`` is called (on the link's thread) whenever lishogi says something."""
        self.link.wake = wake

    def plan(
        self,
        game: Game[Any],
        journal: Journal,
        *,
        options: Mapping[str, str] | None = None,
        position: str | None = None,
        moves: Sequence[str] = (),
        settings: Mapping[str, str] | None = None,
    ) -> StartPlan:
        """Wait for the game as lishogi has it; resume it if the store has it, else
        start it here with lishogi's moves so far."""
        full = self.join()
        if game_of(full.variant).name != game.name:
            raise OnlineGameError(f"lishogi's game {full.id} is {full.variant}, not {game.name}")
        side = full.side_of(self.account)
        if side is None:
            raise OnlineGameError(f"lishogi's game {full.id} is not {self.account}'s")
        self.side = side
        self.kiban = game
        kind = "person" if self.against_person else "ai"
        online = f"{SERVER}:{full.id}:{kind}"
        stored = journal.unfinished(game.name)
        if stored is not None and stored.settings.get("online") == online:
            return StartPlan(True, None, None, (), {})
        given = {k: v for k, v in (settings or {}).items() if k not in ("clock", "remote")}
        if full.clock is not None:  # lishogi's time control here; lishogi judges the flag
            given["clock"] = full.clock.time_control().text()
        given["opponent"] = f"{game.seats[self.opponent].letter}=remote"
        given["online"] = online
        given["draw"] = "none"  # lishogi chose who plays first
        start = None if full.initial_sfen == "startpos" else full.initial_sfen
        return StartPlan(False, options, start, all_from_server(game, full.state.moves), given)

    def join(self) -> GameFull:
        """Start the link and wait for the game as lishogi has it (blocking: off the
        event loop). Joined already, the game is at hand: a board playing on already
        joins first, so that its ``plan`` does not wait on its decision loop."""
        if self.full is None:
            if not self._started:
                self._started = True
                self.link.start()
            self.full = self._wait_full()
        return self.full

    def _wait_full(self) -> GameFull:
        deadline = time.monotonic() + self._join_wait
        while time.monotonic() < deadline:
            heard = self.link.heard
            if heard.failed is not None:
                raise OnlineGameError(f"lishogi's game {self.link.game_id}: {heard.failed}")
            if heard.full is not None:
                return heard.full
            time.sleep(0.01)
        lost = self.link.heard.lost
        why = "no answer" if lost is None else lost.reason
        raise OnlineGameError(
            f"lishogi's game {self.link.game_id} did not come within "
            f"{self._join_wait:.0f} s ({why})"
        )

    def attach(self, controller: Controller) -> int | None:
        """The controller started this game: our moves lishogi lacks (played while
        Kiban was off) are sent. lishogi keeps no proposal numbers of ours: None."""
        self.game_id = controller.game_id
        self._handled = len(self.server_moves(self.link.heard))
        self._sent_from = self._handled
        return None

    # --- every turn of the decision loop -------------------------------------------

    def server_moves(self, heard: Heard) -> tuple[str, ...]:
        state = heard.state
        if state is None or self.kiban is None:
            return ()
        return all_from_server(self.kiban, state.moves)

    def poll(self, controller: Controller, agreement: Agreement, at: float) -> list[Event]:
        """Send what the board did (its moves; ``agreement``: its draw offers, answers
        and resignation), and return what lishogi said for the controller."""
        if controller.game_id != self.game_id:
            return []  # a new game at this board: the online game is left
        heard = self.link.heard
        server = self.server_moves(heard)
        texts, movers = self._moves(controller.position)
        self._send_ours(texts, movers, server)
        events: list[Event] = self._refused(heard, texts)
        events += self._differs(texts, movers, server)
        events += [ServerFailed(words) for words in heard.said[self._told :]]
        self._told = len(heard.said)
        events += self._clock(controller, heard, texts, server, at)
        events += self._draws(agreement, heard, texts)
        self._words(agreement)
        state = heard.state
        ending = state is not None and state.status.is_over and not self._ended
        # the game ends here once the board has caught up with lishogi: nothing is lost
        if (
            ending
            and state is not None
            and controller.outcome is None
            and len(texts) >= len(server)
        ):
            self._ended = True
            events.append(ServerEnded(outcome_of(state)))
        controller.network_waits(self.trouble(heard))
        return events

    def _moves(self, position: Position[Any]) -> tuple[tuple[str, ...], tuple[int, ...]]:
        stack = position.move_stack
        key = (len(stack), stack[-1] if stack else None)
        if key != self._stack_key:
            self._stack_key = key
            self._record = record_of(position)
        return self._record

    def _send_ours(
        self, texts: tuple[str, ...], movers: tuple[int, ...], server: tuple[str, ...]
    ) -> None:
        """Each move committed here for our side, that lishogi lacks, to the outbox."""
        self._handled = min(self._handled, len(texts))  # taken back (a refused move)
        for ply in range(self._handled, len(texts)):
            # one lishogi already has is not sent again; one that differs is, to be refused
            if movers[ply] == self.seat and (ply >= len(server) or server[ply] != texts[ply]):
                self.link.put_move(to_server(self._game, texts[ply]), ply)
        self._handled = len(texts)

    def _refused(self, heard: Heard, texts: tuple[str, ...]) -> list[Event]:
        events: list[Event] = []
        for refusal in heard.refusals[self._refusals :]:
            move = from_server(self._game, refusal.usi)
            events.append(ServerRefused(SERVER, refusal.ply, move, refusal.reason))
        self._refusals = len(heard.refusals)
        return events

    def _differs(
        self, texts: tuple[str, ...], movers: tuple[int, ...], server: tuple[str, ...]
    ) -> list[Event]:
        """lishogi's record and the board's differ at a move both have (a move played
        on lishogi's site, a board that took its game up from an older record): no
        move of lishogi's would ever be lit here again. lishogi's record is the game
        (it takes nothing back), so the board goes back to before the move that
        differs, as after a refused move, and lights lishogi's moves from there. A move
        of ours that lishogi has not taken waits for its refusal; one it had taken and
        then rewrote (issue 81) is never refused, so it is said here."""
        for ply, (here, there) in enumerate(zip(texts, server, strict=False)):
            if here != there:
                break
            self._taken.add((ply, here))
        try:
            moves_to_play(texts, server)
        except RecordMismatchError as differs:
            if (differs.ply, differs.server) in self._differed:
                return []  # told: the board is being set back
            ours = movers[differs.ply] == self.seat and differs.ply >= self._sent_from
            if ours and (differs.ply, differs.board) not in self._taken:
                return []  # ours, sent, not yet taken: lishogi's refusal says it
            self._differed.add((differs.ply, differs.server))
            reason = said(
                N_(
                    "lishogi's record differs from the board's at move {number}: it has"
                    " {move} there; its moves are lit from there"
                ),
                number=differs.ply + 1,
                move=differs.server,
            )
            return [ServerRefused(SERVER, differs.ply, differs.board, reason)]
        return []

    def _clock(
        self,
        controller: Controller,
        heard: Heard,
        texts: tuple[str, ...],
        server: tuple[str, ...],
        at: float,
    ) -> list[Event]:
        """The opponent's time after its move, as lishogi measured it: lishogi sends
        the main time, or in byoyomi the period's time; the periods used are counted
        by the clock here (lishogi does not send them)."""
        state, ply = heard.state, len(texts)
        if state is None or len(server) != ply + 1 or ply == self._clocked:
            return []
        if server[:ply] != texts or self.side.to_move(ply):
            return []
        self._clocked = ply
        left = state.clocks.left_ms(self.side.other) / 1000
        clock = controller.clock
        if clock is not None:
            left = clock.control.from_shown(left, clock.remaining(at)[self.opponent])
        return [ClockTold(ply, self.opponent, left)]

    def _draws(self, agreement: Agreement, heard: Heard, texts: tuple[str, ...]) -> list[Event]:
        """The opponent's draw offer asked here; our answers and offers sent."""
        events: list[Event] = []
        state = heard.state
        live = state is not None and not state.status.is_over
        offered = live and state is not None and state.offers_draw(self.side.other)
        if offered and self._offer is None:
            self._offers += 1
            self._offer = (SERVER, self._offers)
        elif not offered:
            self._offer = None
        answers = agreement.answers
        ref = self._offer
        if ref is not None and not agreement.heard(ref):
            events.append(ProposalArrived(Proposal.DRAW, 0, len(texts), self.opponent, ref))
        for answered, yes in answers.items():
            ours = isinstance(answered, tuple) and bool(answered) and answered[0] == SERVER
            if ours and answered not in self._answered:
                self._answered.add(answered)
                self.link.command(Asked.DRAW_ANSWER, partial(_draw, yes=yes))
        proposed = agreement.proposed
        if proposed is not None and proposed.id not in self._settled:
            if proposed.kind is Proposal.TAKEBACK:  # lishogi's board API has no takeback
                self._settled.add(proposed.id)
                events.append(ProposalSettled(proposed.id, False))
            elif proposed.id not in self._proposed:
                self._proposed[proposed.id] = False
                self.link.command(Asked.DRAW_OFFER, partial(_draw, yes=True))
            elif live and state is not None:
                ours = state.offers_draw(self.side)
                if ours:
                    self._proposed[proposed.id] = True
                elif self._proposed[proposed.id]:  # seen, and withdrawn: declined
                    self._settled.add(proposed.id)
                    events.append(ProposalSettled(proposed.id, False))
        return events

    def _words(self, agreement: Agreement) -> None:
        """Our resignation, said at the board or on the page, sent."""
        word = agreement.word
        ours = word is not None and word.kind is WordKind.RESIGN and word.seat == self.seat
        if ours and not self._resigned:
            self._resigned = True
            self.link.command(Asked.RESIGN, _resign)

    def move_for(self, ply: int, moves: tuple[str, ...], seat: int) -> str | None:
        """lishogi's move at ``ply`` after ``moves``, once it has come."""
        if seat != self.opponent:
            return None
        server = self.server_moves(self.link.heard)
        if len(server) > ply and server[:ply] == moves:
            return server[ply]
        return None

    # --- what the players see and do -----------------------------------------------

    def trouble(self, heard: Heard) -> Said | None:
        """What the game waits for on the network; None when nothing."""
        if heard.failed is not None:
            return said(N_("lishogi: {why}"), why=verbatim(heard.failed))
        if heard.held is not None:
            return heard.held  # the token refused, lishogi's pause: the moves wait
        if heard.paused is not None:
            return paused(heard.paused)  # a 429 (a stream's, a command's): asked again after
        waiting = self.link.waiting
        if heard.lost is not None and heard.lost.reason == TOKEN_REFUSED:
            return token_refused()  # the game stream cannot be opened with it either
        if heard.lost is not None:
            return heard.lost.words(waiting)
        return None

    def clocks(self) -> Clocks | None:
        """lishogi's clocks as last told (main time, or the byoyomi period's time left)."""
        state = self.link.heard.state
        return None if state is None else state.clocks

    @property
    def chat(self) -> tuple[ChatLine, ...]:
        return self.link.heard.chat

    def abort(self) -> None:
        self.link.command(Asked.ABORT, _abort)

    def resign(self) -> None:
        self.link.command(Asked.RESIGN, _resign)

    def offer_draw(self) -> None:
        self.link.command(Asked.DRAW_OFFER, partial(_draw, yes=True))

    def say(self, text: str) -> None:
        """A chat line to the opponent."""
        self.link.command(Asked.CHAT, partial(_chat, text=text))

    def thinker(self, inner: Thinker) -> Thinker:
        """The computer, with lishogi answering for the opponent's seat."""
        return ElsewhereThinker(self, inner, note=said(N_("played on lishogi")))

    def close(self) -> None:
        self.link.close()


async def _draw(client: LishogiClient, game_id: str, *, yes: bool) -> None:
    await client.draw(game_id, yes=yes)


async def _resign(client: LishogiClient, game_id: str) -> None:
    await client.resign(game_id)


async def _abort(client: LishogiClient, game_id: str) -> None:
    await client.abort(game_id)


async def _chat(client: LishogiClient, game_id: str, *, text: str) -> None:
    await client.chat(game_id, text)
