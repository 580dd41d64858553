"""What one board knows of a remote game: the host's game, the other boards' latest
states, who is online. Pure: the link feeds it messages and it answers questions.

Every board publishes its whole state (moves, takebacks agreed, offers, answers), so
a message duplicated, delayed or replayed changes nothing: the newest state of each
board wins, an older one is refused, and a board that missed messages, or a broker
that lost them, is caught up by the next state anyone publishes.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field, replace
from enum import Enum

from firmware_host.remote.code import RoomKeys
from firmware_host.remote.messages import (
    BoardState,
    Body,
    Envelope,
    GameSpec,
    Presence,
    RemoteMessageError,
    Topic,
    decode,
    encode,
    topic,
)

log = logging.getLogger(__name__)


class Role(Enum):
    HOST = "host"  # started the game: describes it and seats the boards that join
    JOIN = "join"  # plays the seats it joined for
    WATCH = "watch"  # a spectator: reads, never writes


class Sequencer:
    """Numbers for one sender's messages that only go up, across restarts too: the
    wall clock's milliseconds, or one more than the last (a Pi without a clock chip
    may boot with an early time), or past anything seen of its own earlier life."""

    def __init__(self) -> None:
        self.last = 0

    def next(self) -> int:
        self.last = max(self.last + 1, time.time_ns() // 1_000_000)
        return self.last

    def saw_own(self, seq: int) -> None:
        self.last = max(self.last, seq)


@dataclass(slots=True)
class Refusals:
    """Messages refused, counted and the last reasons kept (for the log and the tests)."""

    count: int = 0
    reasons: list[str] = field(default_factory=list)

    def add(self, reason: str) -> None:
        self.count += 1
        self.reasons = [*self.reasons[-19:], reason]


class Room:
    """One game's room, as one board sees it."""

    def __init__(self, keys: RoomKeys, board: str, role: Role) -> None:
        self.keys = keys
        self.board = board
        self.role = role
        self.spec: GameSpec | None = None
        self.states: dict[str, BoardState] = {}  # the other boards', newest first seen
        self.own: BoardState | None = None  # this board's state as the broker kept it
        self.online: dict[str, bool] = {}
        self.refused = Refusals()
        self.duplicates = 0
        self.sequence = Sequencer()
        self._seen: dict[str, int] = {}  # the highest seq accepted per topic
        self.version = 0  # goes up whenever something read changes what is known
        # something not this board's newest was sent on its topics (a replay, junk, a
        # forgery), retained: the broker would hand it to a board catching up
        self.own_overwritten = False
        self._sent: dict[str, bytes] = {}  # this board's last message per topic

    # --- reading -------------------------------------------------------------------

    def receive(self, topic_name: str, payload: bytes) -> Body | None:
        """Take one message from the broker; None if refused or nothing new."""
        if not payload:
            return None  # a retained message cleared
        try:
            envelope = decode(topic_name, payload, self.keys)
        except RemoteMessageError as error:
            self.refused.add(f"{topic_name}: {error}")
            log.warning("refused a message on %s: %s", topic_name, error)
            self._overwritten(topic_name, payload)
            return None
        return self._accept(envelope, payload)

    def _accept(self, envelope: Envelope, payload: bytes) -> Body | None:
        # A last will is signed before its connection's hello: online and offline each
        # only go up, and between them the newer arrival wins.
        key = envelope.topic
        if isinstance(envelope.body, Presence):
            key += "#online" if envelope.body.online else "#offline"
        seen = self._seen.get(key)
        if seen is not None and envelope.seq <= seen:
            if envelope.seq == seen:
                self.duplicates += 1
                return None
            self.refused.add(f"{envelope.topic}: seq {envelope.seq} replayed or stale")
            log.warning("refused a stale or replayed message on %s", envelope.topic)
            self._overwritten(envelope.topic, payload)
            return None
        body = envelope.body
        if envelope.sender == self.board:
            self.sequence.saw_own(envelope.seq)
            if isinstance(body, BoardState):
                self.own = body  # what this board said before it restarted
            elif isinstance(body, GameSpec) and self.spec is None:
                self.spec = body  # the game this host described before it restarted
            self._seen[key] = envelope.seq
            return None
        other_game = (
            self.spec is not None
            and isinstance(body, GameSpec | BoardState)
            and body.uid != self.spec.uid
        )
        if isinstance(body, GameSpec) and other_game and self.role is not Role.WATCH:
            self.refused.add(f"{envelope.topic}: another game ({body.uid})")
            return None
        if isinstance(body, BoardState) and other_game:
            self.refused.add(f"{envelope.topic}: a state of another game ({body.uid})")
            return None
        self._seen[key] = envelope.seq
        match body:
            case GameSpec():
                self.spec = body
            case BoardState():
                self.states[envelope.sender] = body
            case Presence(online):
                self.online[envelope.sender] = online
        self.version += 1
        return body

    def _overwritten(self, topic_name: str, payload: bytes) -> None:
        """A refused message on this board's own topics, other than its own last one (a
        message of its own that it cannot read itself is not said again and again)."""
        board = topic(self.keys.room, Topic.BOARD, self.board)
        own = (board, topic(self.keys.room, Topic.GAME)) if self.role is Role.HOST else (board,)
        if topic_name in own and payload != self._sent.get(topic_name):
            self.own_overwritten = True

    # --- writing -------------------------------------------------------------------

    def message(self, kind: Topic, body: Body) -> tuple[str, bytes]:
        """The topic and signed payload of one of this board's messages."""
        board = None if kind is Topic.GAME else self.board
        name = topic(self.keys.room, kind, board)
        payload = encode(Envelope(name, self.board, self.sequence.next(), body), self.keys)
        self._sent[name] = payload
        return name, payload

    # --- questions -------------------------------------------------------------------

    def owner(self, seat: int) -> str | None:
        return None if self.spec is None else self.spec.owner(seat)

    def move_at(self, ply: int, moves: tuple[str, ...], line: int, seat: int) -> str | None:
        """The move another board played at ``ply`` after ``moves``, for the seat it
        plays (or, catching up after this board lost its store, the move this board
        itself published before). None while no board has it."""
        owner = self.owner(seat)
        sources: list[BoardState] = []
        if owner == self.board:
            sources = [self.own] if self.own is not None else []
        elif owner is not None:
            first = self.states.get(owner)
            sources = [first] if first is not None else []
            sources += [s for b, s in self.states.items() if b != owner]  # relayed
        for state in sources:
            if state is None or state.line != line or len(state.moves) <= ply:
                continue
            if state.moves[:ply] == moves[:ply]:
                return state.moves[ply]
        return None

    def joined(self, seats: tuple[int, ...]) -> bool:
        """Whether the host has seated this board at all of ``seats``."""
        return self.spec is not None and all(self.spec.owner(s) == self.board for s in seats)

    def seat_host(self, spec: GameSpec) -> GameSpec:
        """The host seats each board that asked for open seats nobody else holds (a
        seat whose board went offline may be taken over); returns the new game."""
        roster = dict(spec.roster)
        for board, state in sorted(self.states.items()):
            if state.uid != spec.uid or board == spec.host:
                continue
            for seat in state.seats:
                owner = roster.get(seat)
                if seat not in spec.open or owner == board:
                    continue
                gone = owner is not None and not self.online.get(owner, False)
                if owner is None or (gone and self.online.get(board, False)):
                    roster[seat] = board
        return replace(spec, roster=tuple(sorted(roster.items())))

    def offline_boards(self, seats: tuple[int, ...]) -> tuple[int, ...]:
        """Of ``seats``, those whose board is not connected (or that nobody has joined)."""
        waiting = []
        for seat in seats:
            owner = self.owner(seat)
            if owner is None or (owner != self.board and not self.online.get(owner, False)):
                waiting.append(seat)
        return tuple(waiting)
