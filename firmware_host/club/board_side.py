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

A table's game survives its board. The game a board starts for a table keeps the
table's game's name (``messages.game_key``: room, round, table, the organiser's number
of the game) in its ``club`` setting, so a board restarted (a power cut, ``quit``) that
took its stored game up again knows it is the table's and goes on with it; a board
with no such game (its store lost, a spare board) takes the table's game up from the
room's record (the watch code the room recorded last), from the position recorded. A
new game for the table starts only when the room says the table has none yet: the
first bind, or the organiser's ``new``.
"""

from __future__ import annotations

import hashlib
import logging
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.errors import KibanError
from engine.game import Game
from engine.outcome import Termination
from engine.physical import Spot
from engine.recognition.answers import OutOfStep
from engine.registry import find_game
from engine.said import N_, said
from firmware_host.club.board import ClubBoard, lights_for
from firmware_host.club.live import LiveGame, Table
from firmware_host.club.live_watch import LiveWatch
from firmware_host.club.messages import (
    Birth,
    ClubMessageError,
    Health,
    Light,
    RoomState,
    decode,
    game_key,
    room_filter,
)
from firmware_host.club.pairings import Pairing
from firmware_host.club.roster import organiser_signed
from firmware_host.club.words import game_word, pairing_said
from firmware_host.notices.declared import Notice, PairingShown, Refused, RoomTold
from firmware_host.opponents.thinking import Thinker
from firmware_host.remote.address import BrokerAddress
from firmware_host.remote.code import GameCode, GameCodeError
from firmware_host.remote.game import RemoteGame
from firmware_host.remote.identity import BoardKey
from firmware_host.remote.link import Link
from firmware_host.remote.messages import is_board_id
from firmware_host.remote.terms import Connection, LinkFactory, Plan, Request
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


SETUP_SECONDS = 30.0
"""How long a game under way (taken up after a restart, or from the room's record) may
wait for its pieces to be set as it has them before the organiser is told. Setting a
shogi position of forty pieces from a record takes a player a minute or so; thirty
seconds is when the board has had time to light the first wrong cells and nobody is
at them. A new game's set-up before the round is not told: the players are not yet
seated. A choice of this project, not a measurement."""

TAKE_UP_WAIT = 10.0
"""How long a board taking a table's game up from the room's record listens for the
recorded game's last state before it takes the game as the broker has kept it (its
moves are retained: a second is plenty on a hall's broker; ten for a bridged one)."""


@dataclass(slots=True)
class _TakingUp:
    """A table's game being read off the room's record, to be taken up here."""

    key: str  # the table's game (``game_key``)
    code: str  # the watch code the room recorded it under, last
    pairing: Pairing
    watch: LiveWatch
    since: float  # the board's time when it began listening


def health_of(
    controller: Controller,
    asked_for: float = 0.0,
    setting_up_for: float = 0.0,
    under_way: bool = False,
) -> Health:
    """How the board is, as its session says: a fault first (the game waits for it);
    ``asked_for``: the seconds its question (if any) has been open; ``setting_up_for``:
    the seconds its set-up has waited for the pieces; ``under_way``: its game was taken
    up (a restart, the room's record) or has moves, so a set-up that lasts is wrong."""
    if controller.fault is not None:
        return Health.FAULT
    if controller.phase is Phase.PROMPT and asked_for >= UNANSWERED_SECONDS:
        return Health.PROMPT_OPEN
    if controller.phase is Phase.SETUP and under_way and setting_up_for >= SETUP_SECONDS:
        return Health.SETUP_WRONG
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
        self._setup_at: float | None = None  # when the set-up began waiting
        self._wanted: str | None = None  # the table's game last started or taken up here
        self._next_key: str | None = None  # the table's game ``_next`` is
        self._taking: _TakingUp | None = None
        self._continues: frozenset[str] = frozenset()  # codes the game goes on from
        self._resumed_at: int | None = None  # moves of the game taken up on a restart
        self._told_over: str | None = None  # the table's game told over or abandoned
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
        if self.game.resumed:
            self._resumed_at = len(controller.position.move_stack)
        return self.game.attach(controller)

    def poll(self, controller: Controller, agreement: Agreement, at: float) -> list[Event]:
        """The hosted game's turn, then the room's: what the organiser said read, the
        birth said again if it changed, a pairing's game asked for."""
        events: list[Event] = []
        if self._next is not None and controller.game_id != self.game.game_id:
            self.game.close()  # the pairing's game started: it is the one broadcast now
            self.game, self._next, self._next_key = self._next, None, None
            self._resumed_at = None
            self.game.attach(controller)
        events += self.game.poll(controller, agreement, at)
        for topic, payload in self.link.received():
            events += self._receive(topic, payload, controller, at)
        if self._taking is not None:
            events += self._taken_up(controller, self._taking, at)
        if controller.phase is not Phase.PROMPT:
            self._asked_at = None
        elif self._asked_at is None:
            self._asked_at = at  # timed while the broker is away too
        if controller.phase is not Phase.SETUP:
            self._setup_at = None
        elif self._setup_at is None:
            self._setup_at = at
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
        setting_up = 0.0 if self._setup_at is None else at - self._setup_at
        under_way = (
            self._resumed_at is not None
            or bool(controller.position.move_stack)
            or (bool(self._continues) and self._next is None)
        )
        watch = None
        hosted = self.game.room is not None and not self.game.detached
        if hosted:
            watch = str(self.game.watch_code)
        return Birth(
            controller.game.name,
            self.table,
            self._battery(),
            health_of(controller, asked_for, setting_up, under_way),
            flag_fallen(controller),
            watch,
            (controller.settings.club or None) if hosted else None,
            self._resumed_at,
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
        """The room's state: this board's table, and what to do for its game. The board
        goes on with its own game when it is the table's (the one the room recorded
        last, or none recorded yet); takes the table's game up from the room's record
        when another game was recorded for it (this board's store lost, a spare board);
        and starts the table's game only when the room has none for it yet."""
        self.state = state
        mine = state.key_of(self.club.board)
        self.table = state.table_of(self.club.board) if mine == self.club.key.public else None
        pairing = next((p for p in state.pairings if p.table == self.table), None)
        if self.table is None or pairing is None:
            self._stop_taking_up()
            return []
        if pairing.game != controller.game.name:
            if pairing != self.pairing:
                self.pairing = pairing
                wrong = said(
                    N_("table {table} plays {game}, this board {game2}: tell the organiser"),
                    table=pairing.table,
                    game=game_word(pairing.game),
                    game2=game_word(controller.game.name),
                )
                self._told.append(Refused(wrong, at))
            return []
        entry = state.table(self.table)
        key = game_key(self.club.room, state.round, self.table, entry.game)
        last = entry.records[-1] if entry.records else None
        if entry.abandoned:
            self._stop_taking_up()
            if self._told_over != key:
                self._told_over = key
                gone = N_("table {table}'s game was abandoned by the organiser")
                self._told.append(RoomTold(said(gone, table=self.table), at))
            return []
        playing = self._next_key if self._next is not None else controller.settings.club
        own = self._own_code()
        if playing == key and (last is None or last == own or last in self._continues):
            self._stop_taking_up()  # this board's game is the table's: it goes on
            if pairing != self.pairing:
                self.pairing = pairing
                if self._resumed_at is not None and self._wanted is None:
                    self._wanted = key
                    again = N_(
                        "table {table}'s game is taken up again at move {number}:"
                        " the pieces stand as it has them before play goes on"
                    )
                    what = said(again, table=self.table, number=self._resumed_at + 1)
                    self._told.append(RoomTold(what, at))
            return []
        if last is not None:
            self._take_up(key, last, pairing, at)
            return []
        if self._wanted == key:
            return []  # asked already
        self._stop_taking_up()
        self._wanted, self.pairing, self._continues = key, pairing, frozenset()
        self._told.append(PairingShown(pairing_said(pairing), at))
        return [self._start(controller, pairing, key)]

    def _own_code(self) -> str | None:
        """The watch code of the game this board plays or is starting."""
        game = self._next if self._next is not None else self.game
        if game.room is None or (game is self.game and game.detached):
            return None
        return str(game.watch_code)

    def _start(
        self,
        controller: Controller,
        pairing: Pairing,
        key: str,
        taken: LiveGame | None = None,
    ) -> Event:
        """The table's game, hosted anew (its own codes), asked of the session: it waits
        in its set-up until the pieces stand as the pairing has them. Nobody is drawn to
        move first: the pairing names who plays which seat. ``taken``: the table's game
        as the room recorded it, taken up here: from where it stands, on its clocks."""
        assert self._journal is not None
        options = dict(pairing.options)
        kept = {
            k: v
            for k, v in controller.settings.stored().items()
            if k not in ("opponent", "remote", "draw", "club", "clocks")
        }
        kept["draw"] = "none"
        kept["club"] = key
        position = None
        if taken is not None:
            position = _position_of(taken)
            kept.pop("clock", None)  # the record's time control, not this board's
            if taken.control is not None:  # its clocks as the record left them
                kept["clock"] = taken.control.text()
                kept["clocks"] = ",".join(f"{left:.3f}" for left in taken.clocks)
        if self._next is not None:
            self._next.close()
        self._next, self._next_key = self._hosting(resume=False), key
        plan = self._next.plan(
            controller.game, self._journal, options=options, position=position, settings=kept
        )
        return NewGame(None, dict(plan.options or {}), position, dict(plan.settings))

    def _take_up(self, key: str, code: str, pairing: Pairing, at: float) -> None:
        """Listen for the table's game as the room recorded it last, to take it up."""
        taking = self._taking
        if taking is not None and (taking.key, taking.code) == (key, code):
            return
        if self._wanted == key and code in self._continues:
            return
        self._stop_taking_up()
        try:
            parsed = GameCode.parse(code)
        except GameCodeError:
            return  # the room's state was read and checked: not reached
        watch = LiveWatch(
            Table(pairing.table, pairing.players),
            parsed,
            self.address,
            link_factory=self._link_factory,
            wake=self._news,
        )
        self._taking = _TakingUp(key, code, pairing, watch, at)
        under_way = N_(
            "table {table}'s game is under way: this board takes it up as the room recorded it"
        )
        self._told.append(RoomTold(said(under_way, table=pairing.table), at))

    def _taken_up(self, controller: Controller, taking: _TakingUp, at: float) -> list[Event]:
        """The recorded game once heard (or the broker's keeping after ``TAKE_UP_WAIT``):
        a new game here from where it stands, under the table's game's name."""
        taking.watch.poll()
        view = taking.watch.record.view()
        heard = taking.watch.record.heard
        if view is None or (not heard and at - taking.since < TAKE_UP_WAIT):
            if view is None and at - taking.since >= TAKE_UP_WAIT * 6:
                self._stop_taking_up()  # nothing kept of it: the room's record is gone
                self._wanted = None
            return []
        self._stop_taking_up()
        self._wanted, self.pairing = taking.key, taking.pairing
        self._continues = frozenset({taking.code})
        if view.ending is not None:
            over = N_("table {table}'s game is over: {result}")
            result = find_game(view.game).describe_outcome(view.ending.outcome)
            self._told.append(RoomTold(said(over, table=taking.pairing.table, result=result), at))
            return []
        try:
            return [self._start(controller, taking.pairing, taking.key, view)]
        except KibanError as error:  # a record the rules refuse: logged, nothing started
            log.error("table %s's record cannot be taken up: %s", taking.pairing.table, error)
            return []

    def _stop_taking_up(self) -> None:
        if self._taking is not None:
            self._taking.watch.close()
            self._taking = None

    def on_news(self, wake: Callable[[], None]) -> None:
        self._wake = wake
        self.wakes = True
        self.game.on_news(wake)

    def thinker(self, inner: Thinker) -> Thinker:
        return inner  # every seat is played here (or by the computer here)

    def close(self) -> None:
        self._stop_taking_up()
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


def _position_of(view: LiveGame) -> str:
    """Where a recorded game stands: its start with its moves played through the rules."""
    position = find_game(view.game).position(view.start or None, dict(view.options))
    for move in view.moves:
        position.push_text(move.text)
    text: str = position.text()
    return text
