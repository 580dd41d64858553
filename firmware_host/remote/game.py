"""A board's part in a remote game, once started (starting.py: hosting it, joining
it, or taking it up again after a restart): it publishes what happens on this board,
and hands the controller what the other boards did.

The controller stays the only writer of the game: the other boards' moves reach it
as a remote seat's answers (``ElsewhereThinker``), their proposals, answers and
resignations as events from ``poll``. What this board publishes is what it is told
after each event (the game, and an ``Agreement`` of its proposals and words), so
nothing here can disagree with the game store.
"""

from __future__ import annotations

import logging
import time
from dataclasses import replace
from typing import Any

from engine.game import Position
from engine.said import N_, Said, Seats, said, verbatim
from firmware_host.notices.declared import Proposal
from firmware_host.opponents.elsewhere import ElsewhereThinker
from firmware_host.opponents.thinking import Thinker
from firmware_host.remote.messages import (
    Answer,
    Ask,
    BoardState,
    GameSpec,
    Offer,
    Presence,
    Topic,
)
from firmware_host.remote.room import Role, Room, SeatRequest
from firmware_host.remote.starting import RemoteStart
from firmware_host.remote.terms import (
    SPEC_GRACE,
)
from firmware_host.session.consent import (
    Agreement,
    ClockTold,
    PeerEnded,
    ProposalArrived,
    ProposalDecided,
    ProposalSettled,
    ProposalWithdrawn,
)
from firmware_host.session.controller import Controller
from firmware_host.session.events import Event
from firmware_host.store.records import move_times
from firmware_host.store.storage import StorageError, StoredGame

log = logging.getLogger(__name__)

RESERVE = 1000
"""Message numbers reserved in the game store at a time: a board restarted numbers on
past them, so nothing it says can be taken for an old message, whatever its clock."""
RESERVE_AHEAD = 500
"""Reserved anew once fewer than this are left (far more than a turn of the loop uses)."""


class RemoteGame(RemoteStart):
    """One board's side of one remote game: started (``RemoteStart``), then after every
    event what arrived read, what changed here published, and the other boards' words
    handed to the controller."""

    def attach(self, controller: Controller) -> int | None:
        """The controller started this game: publish it (the host describes it). The
        number of the last proposal this board published, as the broker kept it."""
        self.game_id = controller.game_id
        self._seat_count = len(controller.game.seats)
        self.detached = False
        self._reserve()
        self._moves = _move_texts(controller.position)
        setting = self.setting
        assert setting is not None
        if setting.role is Role.HOST:
            self._announce(setting.code, self.watch_code)
            played = controller.position.played()
            start, texts = played.start, played.moves
            options = controller.position.options.non_default(controller.game.option_specs)
            stored = controller.settings.stored()
            shared = {k: v for k, v in stored.items() if k not in ("opponent", "remote", "seed")}
            open_seats = tuple(sorted(controller.computer.remote))
            kept = self._kept(controller)
            self._host_spec = GameSpec(
                setting.uid,
                controller.game.name,
                tuple(sorted(options.items())),
                start,
                texts,
                tuple(sorted(shared.items())),
                setting.board,
                open_seats,
                keys=((setting.board, self.room.host_key or ""),) if self.room else (),
                started=time.time() if kept is None else kept.created_wall,
            )
        own = None if self.room is None else self.room.own
        return None if own is None or own.offer is None else own.offer.id

    # --- every turn of the decision loop ------------------------------------------------

    def poll(self, controller: Controller, agreement: Agreement, at: float) -> list[Event]:
        """Read what arrived, publish what changed here, and return what the controller
        must hear of the other boards (``agreement``: this board's proposals, answers
        and ending word as they stand; ``at``: the controller's time now)."""
        room, link = self.room, self.link
        if room is None or link is None or self.detached:
            return []
        if controller.game_id != self.game_id:
            self.detached = True  # a new game at this board: the remote game is left
            log.info("game %s was left for a new game at this board", self.code)
            return []
        for topic_name, payload in link.received():
            room.receive(topic_name, payload)
        report = room.refused.report(time.monotonic())
        if report is not None:
            log.warning("game %s: %s", self.code, report)
        again = set(room.overwritten)
        room.overwritten.clear()
        if room.asked:  # another board (re)connected and asks for every state again
            room.asked = False
            again |= {Topic.BOARD, Topic.GAME}
        for kind in again:  # say it anew, for the broker to keep
            self._published.pop(kind.value, None)
        fresh = link.connects != self._connects
        if self.watching:
            self._connects = link.connects
            self._catch_up(room, time.monotonic())
            controller.network_waits(self._trouble(controller))
            return self._events(controller, agreement, room, asked=False)
        if fresh:
            self._connects = link.connects
            self._connected_at = time.monotonic()
            self._published.clear()  # a new connection: say everything again
            again.add(Topic.ONLINE)
            uid = self.setting.uid if self.setting is not None else ""
            link.publish(*room.message(Topic.ASK, Ask(uid)), retain=False)
        if Topic.ONLINE in again and link.connected:
            link.publish(*room.message(Topic.ONLINE, Presence(True, room.stated)))
        if self._host_spec is not None and link.connected:
            self._publish_spec(room, _granted(agreement), _queued(room, agreement))
        events = self._events(controller, agreement, room)
        self._publish_state(self._state(controller, agreement, at))
        self._catch_up(room, time.monotonic())
        self._reserve()
        controller.network_waits(self._trouble(controller))
        return events

    def _catch_up(self, room: Room, now: float) -> None:
        """Say the number of this board's latest state (a heartbeat), and ask again for
        a state of another board that the broker dropped on its way here, or for
        everything from a board gone silent (``catchup.py``): first what the broker
        retained (a new subscription), then also the other boards' answer to ``Ask``."""
        link, catch = self.link, self.catch_up
        if link is None or not link.connected:
            return
        if not self.watching and catch.beat(now):  # a spectator says nothing
            link.publish(*room.message(Topic.ONLINE, Presence(True, room.stated)))
        missing = room.missing()
        again = catch.ask(bool(missing), now)
        if catch.silent(room.heard, room.beating(), now) or again:
            gone = ", ".join(missing) or "a board gone silent"
            log.info("game %s: asking again for what %s said", self.code, gone)
            link.resubscribe()
            if again and catch.asks > 1 and not self.watching:  # the retained was not enough
                uid = self.setting.uid if self.setting is not None else ""
                link.publish(*room.message(Topic.ASK, Ask(uid)), retain=False)

    def _reserve(self) -> None:
        """Keep the game store ahead of the message numbers used: ``RESERVE`` more
        once fewer than ``RESERVE_AHEAD`` are left."""
        setting, room, journal = self.setting, self.room, self._journal
        if setting is None or room is None or journal is None or self.game_id is None:
            return
        if setting.role is Role.WATCH:
            return  # says nothing
        used = room.sequence.last
        if setting.sequence is not None and used + RESERVE_AHEAD <= setting.sequence:
            return
        self.setting = replace(setting, sequence=used + RESERVE)
        journal.save_setting(self.game_id, "remote", self.setting.text())

    def _publish_spec(
        self, room: Room, granted: frozenset[SeatRequest], queued: tuple[str, ...]
    ) -> None:
        spec = self._host_spec
        assert spec is not None
        known = room.spec  # as published, or (after a restart) as the broker kept it
        if known is not None and known.uid == spec.uid:  # the seats given stay given
            spec = replace(spec, roster=known.roster, keys=known.keys, held=known.held)
        elif self._resumed and time.monotonic() - (self._connected_at or 0.0) < SPEC_GRACE:
            return  # a restarted host first hears the seats it gave before
        seated = replace(room.seat_host(spec, granted), queued=queued)
        self._host_spec = seated
        room.spec = seated
        if self._published.get(Topic.GAME.value) != seated:
            self._published[Topic.GAME.value] = seated
            self._send(Topic.GAME, seated)

    def _state(self, controller: Controller, agreement: Agreement, at: float) -> BoardState:
        stack = controller.position.move_stack
        key = (len(stack), stack[-1] if stack else None)
        if key != self._stack_key:  # the texts are read again only when the game moved
            self._stack_key = key
            moves = _move_texts(controller.position, self._moves)
            self._times = self._move_times(controller, len(moves))
        else:
            moves = self._moves
        if moves[: len(self._moves)] != self._moves:
            self.line += 1  # moves taken back (always agreed in a remote game)
        self._moves = moves
        proposed = agreement.proposed
        offer = None
        if proposed is not None:
            offer = Offer(proposed.id, proposed.kind, proposed.plies, proposed.ply)
        answers = tuple(
            Answer(str(ref[0]), int(ref[1]), accepted)
            for ref, accepted in agreement.answers.items()
            if isinstance(ref, tuple)
        )
        uid = self.setting.uid if self.setting is not None else ""
        clock = controller.clock
        if clock is not None and (len(moves) != len(self._clocked) or not self._clock):
            self._clock = tuple(round(t, 3) for t in clock.remaining(at))
            self._clocked = moves
        decided = agreement.decided
        return BoardState(
            uid,
            self.seats,
            self.line,
            moves,
            agreement.word,
            offer,
            answers,
            self._clock,
            None if decided is None else Answer("", decided[0], decided[1]),
            self._times,
        )

    def _kept(self, controller: Controller) -> StoredGame | None:
        """The game as this board's store keeps it (None: it cannot be read now)."""
        journal = self._journal
        if journal is None or controller.game_id is None:
            return None
        try:
            return journal.store.load(journal.resolve(controller.game_id))
        except StorageError:
            return None

    def _move_times(self, controller: Controller, plies: int) -> tuple[float | None, ...]:
        """Each move's time as the store has it (``store.records.move_times``: by the
        session's clock, by the calendar across a restart), so that whoever follows the
        game from any moment has every move's time, clocked or not; those it cannot
        read now are not known (None), never made up."""
        kept = self._kept(controller)
        times = () if kept is None else move_times(kept)
        known = tuple(None if t is None else round(t, 3) for t in times[:plies])
        return known + (None,) * (plies - len(known))

    def _events(
        self, controller: Controller, agreement: Agreement, room: Room, *, asked: bool = True
    ) -> list[Event]:
        """The other boards' words: a resignation or claim, a proposal, an answer."""
        events: list[Event] = []
        uid = self.setting.uid if self.setting is not None else ""
        proposed = agreement.proposed
        for board, state in sorted(room.states.items()):
            if state.uid != uid:
                continue
            word = state.ending
            if word is not None and room.owner(word.seat) == board and word not in self._told:
                if controller.outcome is None:
                    events.append(PeerEnded(word))
                self._told.add(word)
            offer = state.offer
            seats = room.seats_of(board, self._seat_count)  # as seated: not as it says
            if asked and offer is not None and state.line == self.line and seats:
                ref = (board, offer.id)
                if not agreement.heard(ref):
                    seat = seats[0]
                    events.append(ProposalArrived(offer.kind, offer.plies, offer.ply, seat, ref))
            turn = controller.position.turn
            played = len(controller.position.move_stack)
            if (
                asked
                and state.clock
                and room.owner(turn) == board
                and len(state.moves) == played + 1
                and (self.line, played, board) not in self._told
                and state.moves[:played] == self._moves[:played]
                and turn < len(state.clock)
            ):
                self._told.add((self.line, played, board))
                events.append(ClockTold(played, turn, state.clock[turn]))
            decided = state.decided
            if decided is not None and (board, decided.offer) in agreement.accepted:
                events.append(ProposalDecided((board, decided.offer), decided.accepted))
        if proposed is not None:
            verdict = self._verdict(proposed.id, room)
            if verdict is not None:
                events.append(ProposalSettled(proposed.id, verdict))
        if asked and self._host_spec is not None and room.spec is not None:
            events += self._seat_requests(controller, agreement, room, room.spec)
        return events

    def _seat_requests(
        self, controller: Controller, agreement: Agreement, room: Room, spec: GameSpec
    ) -> list[ProposalArrived | ProposalWithdrawn]:
        """A board asking for a seat another board holds is asked of the person here,
        the host (once each: a request declined stays declined); a request asked that
        no longer stands (the seat's board back, or the asking board gone) is withdrawn,
        its prompt closed unanswered."""
        if controller.outcome is not None:
            return []
        standing = room.seat_requests(spec)
        events: list[ProposalArrived | ProposalWithdrawn] = []
        for ref in agreement.asking - set(standing):
            if isinstance(ref, SeatRequest) and ref not in agreement.answers:
                events.append(ProposalWithdrawn(ref, _withdrawn(controller, room, ref)))
        ply = len(controller.position.move_stack)
        events += [
            ProposalArrived(Proposal.SEAT, 0, ply, request.seat, request)
            for request in standing
            if not agreement.heard(request)
        ]
        return events

    def _verdict(self, offer: int, room: Room) -> bool | None:
        """This board's proposal: declined once any board declines it, accepted once
        every other board playing a seat accepts it, else None (still open)."""
        boards = {room.owner(seat) for seat in range(self._seat_count)} - {None, self.setting_board}
        said: dict[str, bool] = {}
        for board in boards:
            state = room.states.get(board or "")
            if state is None:
                return None
            for answer in state.answers:
                if answer.board == self.setting_board and answer.offer == offer:
                    said[board or ""] = answer.accepted
        if not all(said.values()):
            return False
        return True if len(said) == len(boards) else None

    @property
    def setting_board(self) -> str:
        return "" if self.setting is None else self.setting.board

    # --- what the players see -------------------------------------------------------

    def _trouble(self, controller: Controller) -> Said | None:
        """What the game waits for on the network, or (first) that the boards' records
        disagree: never silent, on every board."""
        diverged = self.divergence()
        if diverged is not None and diverged != self._said_divergence:
            log.error("game %s: %s", self.code, diverged)
        self._said_divergence = diverged
        return diverged or self.waiting(controller)

    def divergence(self) -> Said | None:
        """Where this board's moves and a seated board's differ, in words; None when every
        board's record agrees with this one as far as both go (on the same line of play)."""
        room = self.room
        if room is None or room.spec is None or self.setting is None or self.detached:
            return None
        mine = self._moves
        for board, state in sorted(room.states.items()):
            if state.uid != self.setting.uid or state.line != self.line:
                continue
            if room.spec.key_of(board) is None:
                continue  # not seated: its record is nobody's
            theirs = state.moves
            common = min(len(mine), len(theirs))
            if mine[:common] == theirs[:common]:
                continue
            ply = next(i for i in range(common) if mine[i] != theirs[i])
            return said(
                N_(
                    "the boards' records differ from move {number}: {move} here, {move2} on"
                    " board {board}; nothing more is taken from it (take both back to before"
                    " that move, or start a new game)"
                ),
                number=ply + 1,
                move=mine[ply],
                move2=theirs[ply],
                board=board,
            )
        return None

    def waiting(self, controller: Controller) -> Said | None:
        """Why the game waits on the network; None when it does not."""
        link, room = self.link, self.room
        if link is None or room is None or self.detached or controller.outcome is not None:
            return None
        if not link.connected:
            broker = link.trouble or (
                verbatim(link.error) if link.error else said(N_("connecting"))
            )
            return said(N_("waiting for the broker ({detail}): the game is kept"), detail=broker)
        turn = controller.position.turn
        game = controller.game
        away = [
            s for s in room.offline_boards(tuple(range(len(game.seats)))) if s not in self.seats
        ]
        if turn in away:
            seat = game.seat_word(turn)
            if room.owner(turn) is None:
                joins = N_("waiting for a board to join as {seat} (game code {code})")
                return said(joins, seat=seat, code=str(self.code))
            return said(N_("waiting for the opponent's board ({seat}): it is offline"), seat=seat)
        unseated = Seats(tuple(game.seat_word(s) for s in away if room.owner(s) is None), ", ")
        if unseated.seats:
            nobody = N_("no board has joined as {seats} yet (game code {code})")
            return said(nobody, seats=unseated, code=str(self.code))
        if away:
            offline = N_(
                "the opponent's board is offline ({seats}): moves reach it when it is back"
            )
            return said(offline, seats=Seats(tuple(game.seat_word(s) for s in away), ", "))
        owner = room.owner(turn)
        if owner in room.missing() and self.catch_up.waiting(time.monotonic()):
            return said(N_("waiting for the other board's move"))
        return None

    def move_for(self, ply: int, moves: tuple[str, ...], seat: int) -> str | None:
        """The other board's move at ``ply`` after ``moves``, once it has arrived."""
        if self.room is None or self.detached:
            return None
        return self.room.move_at(ply, moves, self.line, seat)

    def thinker(self, inner: Thinker) -> Thinker:
        """The computer, with this game's room answering for the other boards' seats."""
        return ElsewhereThinker(self, inner, note=said(N_("played at the other board")))

    def close(self) -> None:
        if self.link is not None and self.room is not None:
            goodbye = None if self.watching else self.room.message(Topic.ONLINE, Presence(False))
            self.link.close(goodbye)
            self.link = None


def _granted(agreement: Agreement) -> frozenset[SeatRequest]:
    """The seat requests the person at this board (the host) accepted."""
    answers = agreement.answers
    return frozenset(ref for ref, yes in answers.items() if yes and isinstance(ref, SeatRequest))


def _queued(room: Room, agreement: Agreement) -> tuple[str, ...]:
    """The boards whose request for a seat waits while the person here is asked
    another's (one such prompt at a time): the game tells them they wait."""
    spec = room.spec
    if spec is None or not any(isinstance(ref, SeatRequest) for ref in agreement.asking):
        return ()
    waiting = (r.board for r in room.seat_requests(spec) if not agreement.heard(r))
    return tuple(sorted(set(waiting)))


def _withdrawn(controller: Controller, room: Room, request: SeatRequest) -> Said:
    """Why a request for a seat no longer stands, for the person it was asked of."""
    seat = controller.game.seat_word(request.seat)
    if room.online.get(request.holder, False):
        back = N_("the request for {seat} is withdrawn: its own board is back")
        return said(back, seat=seat)
    gone = N_("the request for {seat} is withdrawn: the board that asked has left")
    return said(gone, seat=seat)


def _move_texts(position: Position[Any], known: tuple[str, ...] = ()) -> tuple[str, ...]:
    """Every move's text; the ``known`` texts are kept while they are still the game's
    (the game went on by one move, or did not move at all)."""
    played = len(position.move_stack)
    if played in (len(known), len(known) + 1) and played > 0:
        earlier = position.copy()
        move = earlier.pop()
        text = earlier.move_text(move)
        if played == len(known) + 1:
            return (*known, text)
        if known[-1] == text:
            return known
    elif played == 0 == len(known):
        return known
    return position.played().moves
