"""A board in a club room, wired into the running board (``kiban run``/``kiban sim``
with ``--room ROOM --broker HOST[:PORT]``): the session's remote side.

Its game is hosted on the broker as a remote game with every seat played here
(``Request.alone``), so that spectators, the live files among them, follow it by its
watch code; the birth it keeps retained in the room carries that code, with the
board's game, table, power and health, said again whenever one of them changes. The
organiser's request to light up lights every cell for ``LIGHT_SECONDS`` (the game is
not touched). When the room's signed state binds this board to a table with a
pairing, the board tells the pairing and starts its game as the pairing sets it up (a
handicap's pieces left off): the session's own set-up step then holds the game until
the pieces stand so, lighting the cells that are wrong.
"""

from __future__ import annotations

import hashlib
import logging
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engine.assessments import OutOfStep
from engine.game import Game
from engine.outcome import Termination
from engine.physical import Spot
from engine.said import N_, said
from firmware_host.club.board import ClubBoard, lights_for
from firmware_host.club.messages import (
    Birth,
    ClubMessageError,
    Health,
    Light,
    RoomState,
    decode,
    room_filter,
)
from firmware_host.club.pairings import Pairing
from firmware_host.club.roster import organiser_signed
from firmware_host.club.words import game_word, pairing_said
from firmware_host.notices.declared import Notice, PairingShown, Refused
from firmware_host.opponents.thinking import Thinker
from firmware_host.remote.address import BrokerAddress
from firmware_host.remote.game import RemoteGame
from firmware_host.remote.identity import BoardKey
from firmware_host.remote.link import Link
from firmware_host.remote.messages import is_board_id
from firmware_host.remote.setting import Connection, LinkFactory, Plan, Request
from firmware_host.session.actions import NewGame
from firmware_host.session.consent import Agreement
from firmware_host.session.controller import Controller
from firmware_host.session.events import Event
from firmware_host.session.state import Phase
from firmware_host.store.journal import Journal

log = logging.getLogger(__name__)

BOARD_ID = 12  # hex digits of the key's SHA-256 a board is named by when its login is not

LIGHT_SECONDS = 30.0
"""How long the board stays lit when the organiser asks which board it is: the walk to
the farthest table of a hall of 200 boards (about 30 m) at the preferred walking speed
of adults, 1.4 m/s (Browning et al., J Appl Physiol 100:390, 2006), is 21 s; the
organiser's ``bind`` puts the lights out sooner."""


UNANSWERED_SECONDS = 15.0
"""How long a question stays open before the organiser is told nobody answered it. A
board asks its players as part of play (shogi's promotion, a move the sensors could
not tell apart), and they answer as they would any move, in seconds; an alert for each
would bury the organiser in questions already answered (a hall of boards asks several a
minute). A question still open after 15 s, several times a move's usual thinking at
blitz, is one the players have not seen or cannot answer: then the organiser goes. A
choice of this project, not a measurement."""


def health_of(controller: Controller, asked_for: float = 0.0) -> Health:
    """How the board is, as its session says: a fault first (the game waits for it);
    ``asked_for``: the seconds its question (if any) has been open."""
    if controller.fault is not None:
        return Health.FAULT
    if controller.phase is Phase.PROMPT and asked_for >= UNANSWERED_SECONDS:
        return Health.PROMPT_OPEN
    if controller.phase is Phase.CORRECTION or isinstance(controller.assessment, OutOfStep):
        return Health.OUT_OF_STEP
    return Health.OK


def flag_fallen(controller: Controller) -> bool:
    outcome = controller.outcome
    return outcome is not None and outcome.termination is Termination.TIME_FORFEIT


class ClubSide:
    """The board's game broadcast, and the board in the club room ``room``."""

    def __init__(
        self,
        room: str,
        address: BrokerAddress,
        *,
        key: BoardKey | None = None,
        board: str | None = None,
        link_factory: LinkFactory = Link,
        battery: Callable[[], int | None] = lambda: None,
        sequence: int | None = None,
        resume: bool = True,
    ) -> None:
        """``key``: the board's own (kept by its store, so a restarted board is the
        board it was bound as); ``battery``: per cent left, None on mains;
        ``sequence``: the last number the board used (by default the clock's
        milliseconds, as a remote game of an older store numbers on)."""
        self.address = address
        key = key or BoardKey.new()
        user = address.username
        # its login's name on a broker that asks for one (an ACL lets it write only its
        # own topics), else its key's fingerprint: the same board after a restart
        own = hashlib.sha256(key.public.encode()).hexdigest()[:BOARD_ID]
        name = board or (user if user is not None and is_board_id(user) else own)
        floor = time.time_ns() // 1_000_000 if sequence is None else sequence
        self.club = ClubBoard(room, name, key, floor)
        self._link_factory = link_factory
        self._battery = battery
        self._wake: Callable[[], None] = lambda: None
        self.game = self._hosting(resume)
        self.link: Connection = link_factory(address, room_filter(room), self.club.will, self._news)
        self.link.start()
        self.state: RoomState | None = None
        self.table: int | None = None
        self.pairing: Pairing | None = None  # the pairing this board's game was set up for
        self._journal: Journal | None = None
        self._next: RemoteGame | None = None  # the game a pairing starts, until it has
        self._said: Birth | None = None
        self._asked_at: float | None = None  # when the open question was asked
        self._connects = 0
        self._state_seq = -1
        self._lit: frozenset[Spot] = frozenset()
        self._lit_until: float | None = None
        self._told: list[Notice] = []
        self.wakes = False  # a decision loop is woken by news (``on_news``), not polling

    def _hosting(self, resume: bool) -> RemoteGame:
        request = Request(self.address, True, resume=resume, alone=True)
        return RemoteGame(request, link_factory=self._link_factory, wake=self._news)

    def _news(self) -> None:
        self._wake()

    # --- the remote side -----------------------------------------------------------

    def plan(
        self,
        game: Game[Any],
        journal: Journal,
        *,
        options: Mapping[str, str] | None = None,
        position: str | None = None,
        moves: Sequence[str] = (),
        settings: Mapping[str, str] | None = None,
    ) -> Plan:
        self._journal = journal
        return self.game.plan(
            game, journal, options=options, position=position, moves=moves, settings=settings
        )

    def attach(self, controller: Controller) -> int | None:
        return self.game.attach(controller)

    def poll(self, controller: Controller, agreement: Agreement, at: float) -> list[Event]:
        """The hosted game's turn, then the room's: what the organiser said read, the
        birth said again if it changed, a pairing's game asked for."""
        events: list[Event] = []
        if self._next is not None and controller.game_id != self.game.game_id:
            self.game.close()  # the pairing's game started: it is the one broadcast now
            self.game, self._next = self._next, None
            self.game.attach(controller)
        events += self.game.poll(controller, agreement, at)
        for topic, payload in self.link.received():
            events += self._receive(topic, payload, controller, at)
        if controller.phase is not Phase.PROMPT:
            self._asked_at = None
        elif self._asked_at is None:
            self._asked_at = at  # timed while the broker is away too
        if self.link.connected:
            if self.link.connects != self._connects:
                self._connects, self._said = self.link.connects, None  # a broker restarted
            birth = self._birth(controller, at)
            if birth != self._said:
                self._said = birth
                self.link.publish(*self.club.birth(birth), retain=True)
        return events

    def _birth(self, controller: Controller, at: float) -> Birth:
        asked_for = 0.0 if self._asked_at is None else at - self._asked_at
        watch = None
        if self.game.room is not None and not self.game.detached:
            watch = str(self.game.watch_code)
        return Birth(
            controller.game.name,
            self.table,
            self._battery(),
            health_of(controller, asked_for),
            flag_fallen(controller),
            watch,
        )

    def _receive(
        self, topic: str, payload: bytes, controller: Controller, at: float
    ) -> list[Event]:
        try:
            message = decode(topic, payload, self.club.room)
        except ClubMessageError as error:
            log.warning("club room %s: %s", self.club.room, error)
            return []
        light = self.club.light_asked(message)
        if light is not None:
            self._light(controller, light, at)
            return []
        body = message.body
        if not isinstance(body, RoomState) or message.seq <= self._state_seq:
            return []  # another board's word, or a state heard before (a bridge's replay)
        if not organiser_signed(message, self.club.room):
            return []
        self._state_seq = message.seq
        return self._bound(controller, body, at)

    def _light(self, controller: Controller, light: Light, at: float) -> None:
        self._lit = lights_for(controller.game, light)
        self._lit_until = at + LIGHT_SECONDS if self._lit else None

    def _bound(self, controller: Controller, state: RoomState, at: float) -> list[Event]:
        """The room's state: this board's table, and its pairing's game when it is new."""
        self.state = state
        mine = state.key_of(self.club.board)
        self.table = state.table_of(self.club.board) if mine == self.club.key.public else None
        pairing = next((p for p in state.pairings if p.table == self.table), None)
        if pairing is None or pairing == self.pairing:
            return []
        self.pairing = pairing
        if pairing.game != controller.game.name:
            wrong = said(
                N_("table {table} plays {game}, this board {game2}: tell the organiser"),
                table=pairing.table,
                game=game_word(pairing.game),
                game2=game_word(controller.game.name),
            )
            self._told.append(Refused(wrong, at))
            return []
        self._told.append(PairingShown(pairing_said(pairing), at))
        return [self._start(controller, pairing)]

    def _start(self, controller: Controller, pairing: Pairing) -> Event:
        """The pairing's game, hosted anew (its own codes), asked of the session: it
        waits in its set-up until the pieces stand as the pairing has them."""
        assert self._journal is not None
        options = dict(pairing.options)
        kept = {
            k: v for k, v in controller.settings.stored().items() if k not in ("opponent", "remote")
        }
        if self._next is not None:
            self._next.close()
        self._next = self._hosting(resume=False)
        plan = self._next.plan(controller.game, self._journal, options=options, settings=kept)
        return NewGame(None, dict(plan.options or {}), None, dict(plan.settings))

    def on_news(self, wake: Callable[[], None]) -> None:
        self._wake = wake
        self.wakes = True
        self.game.on_news(wake)

    def thinker(self, inner: Thinker) -> Thinker:
        return inner  # every seat is played here (or by the computer here)

    def close(self) -> None:
        for game in (self.game, self._next):
            if game is not None:
                game.close()
        self.link.close(self.club.will())

    # --- what the players see --------------------------------------------------------

    def told(self) -> list[Notice]:
        told, self._told = self._told, []
        return told

    def called(self, now: float) -> frozenset[Spot]:
        if self._lit_until is not None and now >= self._lit_until:
            self._lit, self._lit_until = frozenset(), None
        return self._lit

    def lit_until(self) -> float | None:
        return self._lit_until
