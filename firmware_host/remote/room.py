"""What one board knows of a remote game: the host's game, the other boards' latest
states, who is online, and whose key speaks for which board. Pure: the link feeds it
messages and it answers questions.

Every board publishes its whole state (moves, takebacks agreed, offers, answers), so
a message duplicated, delayed or replayed changes nothing: the newest state of each
board wins, an older one is refused, and a board that missed messages, or a broker
that lost them, is caught up by the next state anyone publishes.

Whom to believe: every message is signed by its board's own key. The play code's word
introduces a key (once per board); the host seats boards with the key they joined
with, and from then on a board's messages are taken only under that key. The host's
key is the first one seen for the game (kept with the game across restarts); another
board claiming to host is refused and said. A spectator checks the host by the watch
code's word and every other board by the key the host seated it with.
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass, field, replace
from enum import Enum

from firmware_host.remote.code import RoomKeys
from firmware_host.remote.identity import BoardKey
from firmware_host.remote.messages import (
    MAX_BOARDS,
    Ask,
    BoardState,
    Body,
    Envelope,
    GameSpec,
    Presence,
    RemoteMessageError,
    Signed,
    Topic,
    decode,
    encode,
    topic,
)

log = logging.getLogger(__name__)

REPORT_EVERY = 60.0  # seconds between two reports of refused messages
PENDING = 64  # messages a spectator keeps from boards it cannot check yet


class Role(Enum):
    HOST = "host"  # started the game: describes it and seats the boards that join
    JOIN = "join"  # plays the seats it joined for
    WATCH = "watch"  # a spectator: reads, never writes


@dataclass(frozen=True, slots=True)
class SeatRequest:
    """``board`` asks for ``seat``, which ``holder`` holds (and is offline): given only
    when the person at the host agrees (the ``ref`` of its prompt)."""

    board: str
    seat: int
    holder: str


class Later(Enum):
    """A message a spectator cannot check yet: its board's key comes with the host's
    seating (kept, and read again when the game names more keys)."""

    LATER = "later"


_LATER = Later.LATER


class Sequencer:
    """Numbers for one sender's messages that only go up, across restarts too: one more
    than the last, from ``floor`` (what the game store reserved before a restart,
    ``remote/game.py``), or past anything seen of its own earlier life. Never the
    clock: a Pi without a clock chip boots with an early time, and a board that
    numbered by it was refused as stale once the broker forgot its last message.
    (The last will is made on the connection's thread: hence the lock.)"""

    def __init__(self, floor: int = 0) -> None:
        self.last = floor
        self._lock = threading.Lock()

    def next(self) -> int:
        with self._lock:
            self.last += 1
            return self.last

    def saw_own(self, seq: int) -> None:
        with self._lock:
            self.last = max(self.last, seq)


@dataclass(slots=True)
class Refusals:
    """Messages refused: counted, the last reasons kept (for the log and the tests), and
    said to the people at the board at most once a minute, however many arrive."""

    count: int = 0
    reasons: list[str] = field(default_factory=list)
    unsaid: int = 0  # refused since the last report
    said_at: float | None = None  # when the last report was made

    def add(self, reason: str) -> None:
        self.count += 1
        self.unsaid += 1
        self.reasons = [*self.reasons[-19:], reason]

    def report(self, now: float) -> str | None:
        """What to tell about the refusals since the last report (the first at once,
        then at most one report every ``REPORT_EVERY`` seconds); None when nothing."""
        if not self.unsaid or (self.said_at is not None and now - self.said_at < REPORT_EVERY):
            return None
        many = self.unsaid > 1
        what = f"{self.unsaid} messages" if many else "a message"
        since = " in the last minute" if self.said_at is not None else ""
        self.unsaid, self.said_at = 0, now
        return f"refused {what} from the broker{since} (the last: {self.reasons[-1]})"


class Room:
    """One game's room, as one board sees it."""

    def __init__(
        self,
        keys: RoomKeys,
        board: str,
        role: Role,
        identity: BoardKey | None = None,
        host_key: str | None = None,
        *,
        sequence: int = 0,
    ) -> None:
        """``identity``: this board's key pair (None for a spectator); ``host_key``: the
        host's key as this board knew it before a restart; ``sequence``: every number
        this board sent before a restart is below it."""
        self.keys = keys
        self.board = board
        self.role = role
        self.identity = identity
        self.host_key = identity.public if role is Role.HOST and identity else host_key
        self.spec: GameSpec | None = None
        self.states: dict[str, BoardState] = {}  # the other boards', newest first seen
        self.own: BoardState | None = None  # this board's state as the broker kept it
        self.online: dict[str, bool] = {}
        self.introduced: dict[str, str] = {}  # boards the play code introduced: their key
        self.refused = Refusals()
        self.duplicates = 0
        self.sequence = Sequencer(sequence)
        self._seen: dict[str, int] = {}  # the highest seq accepted per topic
        self._read: dict[str, int] = {}  # the highest seq read (even if refused) per topic
        self.heard: dict[str, int] = {}  # messages read from each other board, ever
        self.announced: dict[str, int] = {}  # each board's latest state, as it says
        self.stated = 0  # the number of this board's latest state, as it says it
        self.version = 0  # goes up whenever something read changes what is known
        # this board's topics to say again: something not its newest was sent there (a
        # replay, junk, a forgery, an empty message wiping what the broker retained)
        self.overwritten: set[Topic] = set()
        self.asked = False  # another board asked for every state again
        self.conflict: str | None = None  # why the game's host cannot be told for sure
        self.twin = False  # another key the code introduced speaks in this board's name
        self._sent: dict[str, bytes] = {}  # this board's last message per topic
        self._pending: dict[str, bytes] = {}  # a spectator's messages from unknown keys

    @property
    def own_overwritten(self) -> bool:
        return bool(self.overwritten)

    # --- reading -------------------------------------------------------------------

    def receive(self, topic_name: str, payload: bytes) -> Body | None:
        """Take one message from the broker; None if refused or nothing new."""
        if not payload:
            self._overwritten(topic_name, payload)  # what the broker kept was wiped
            return None
        try:
            signed = decode(topic_name, payload, self.keys.room)
        except RemoteMessageError as error:
            self._refuse(topic_name, str(error), payload)
            return None
        doubt = self._doubt(signed)
        if doubt is _LATER:
            self._pending.pop(topic_name, None)
            self._pending[topic_name] = payload
            while len(self._pending) > PENDING:
                del self._pending[next(iter(self._pending))]
            return None
        if doubt is not None:
            self._refuse(topic_name, doubt, payload)
            return None
        keys_before = self.spec.keys if self.spec is not None else ()
        body = self._accept(signed.envelope, payload)
        if self._pending and self.spec is not None and self.spec.keys != keys_before:
            pending, self._pending = self._pending, {}
            for name, waiting in pending.items():
                self.receive(name, waiting)  # boards the host has now seated
        return body

    def seq_of(self, topic_name: str) -> int | None:
        """The number of the newest message accepted on ``topic_name`` (None: none yet):
        what a live record keeps beside the state ``receive`` returned (club/live.py)."""
        return self._seen.get(topic_name)

    def _refuse(self, topic_name: str, reason: str, payload: bytes) -> None:
        self.refused.add(f"{topic_name}: {reason}")
        log.debug("refused a message on %s: %s", topic_name, reason)
        self._overwritten(topic_name, payload)

    def _doubt(self, signed: Signed) -> str | Later | None:
        """Why the message's key is not to be believed (None: it is; ``_LATER``: a
        spectator cannot tell yet)."""
        envelope, key = signed.envelope, signed.key
        sender = envelope.sender
        if sender == self.board:
            if self.identity is None or key != self.identity.public:
                if self.keys.vouched(sender, key, signed.intro):
                    self.twin = True  # one broker login on two boards, or a forger
                return "signed in this board's name with another key: forged"
        elif isinstance(envelope.body, GameSpec):
            if not self.keys.vouched(sender, key, signed.intro):
                return "a game not introduced with this game's code: forged, or another code"
            if envelope.body.key_of(sender) != key:
                return "a game that names another key for its host than the one it is signed with"
            if self.host_key is not None and key != self.host_key:
                if self.spec is None or envelope.body.uid == self.spec.uid:
                    self.conflict = (
                        f"board {sender} claims to host this game with a key that is not "
                        "the host's: someone who holds the code is forging"
                    )
                return "the game described under another key than its host's"
        else:
            known = self._key_of(sender)
            if known is None:
                if not self.keys.playing:
                    return _LATER  # the host has not seated it yet, as far as seen here
                if not self.keys.vouched(sender, key, signed.intro):
                    return "a board not introduced with this game's code: forged, or another code"
                if len(self.introduced) >= MAX_BOARDS:
                    return "more boards than a game can seat"
                self.introduced[sender] = key  # introduced once: its key from now on
            elif key != known:
                return f"not the key board {sender} joined with: forged"
        if not signed.signed_by(key):
            return "the signature is not its key's: forged"
        return None

    def _key_of(self, board: str) -> str | None:
        """The key ``board`` speaks with, as far as this board knows."""
        if self.spec is not None:
            seated = self.spec.key_of(board)
            if seated is not None:
                return seated
            if board == self.spec.host:
                return self.host_key
        return self.introduced.get(board)

    def _accept(self, envelope: Envelope, payload: bytes) -> Body | None:
        # A last will is signed before its connection's hello: online and offline each
        # only go up, and between them the newer arrival wins.
        key = envelope.topic
        self._heard_from(envelope)
        if isinstance(envelope.body, Presence):
            key += "#online" if envelope.body.online else "#offline"
        seen = self._seen.get(key)
        if seen is not None and envelope.seq <= seen:
            if envelope.seq == seen:
                self.duplicates += 1
                return None
            self._refuse(envelope.topic, f"seq {envelope.seq} replayed or stale", payload)
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
            and isinstance(body, GameSpec | BoardState | Ask)
            and body.uid != self.spec.uid
        )
        if isinstance(body, GameSpec) and other_game and self.role is not Role.WATCH:
            self.refused.add(f"{envelope.topic}: another game ({body.uid})")
            return None
        if isinstance(body, BoardState | Ask) and other_game:
            self.refused.add(f"{envelope.topic}: a message of another game ({body.uid})")
            return None
        self._seen[key] = envelope.seq
        match body:
            case GameSpec():
                self.spec = body
                self.host_key = body.key_of(body.host) or self.host_key
                self.states = {b: s for b, s in self.states.items() if s.uid == body.uid}
            case BoardState():
                self.states[envelope.sender] = body
            case Presence(online, state):
                self.online[envelope.sender] = online
                if online and state is not None:
                    self.announced[envelope.sender] = state
            case Ask():
                self.asked = True
        self.version += 1
        return body

    def _heard_from(self, envelope: Envelope) -> None:
        """A trusted message of another board: one more heard from it (its silence ends),
        and its topic's highest number read (a state of another game counts too: it is
        not missing, only not this game's)."""
        if envelope.sender == self.board:
            return
        self.heard[envelope.sender] = self.heard.get(envelope.sender, 0) + 1
        read = self._read.get(envelope.topic, 0)
        self._read[envelope.topic] = max(read, envelope.seq)

    def _overwritten(self, topic_name: str, payload: bytes) -> None:
        """A refused or empty message on this board's own topics, other than its own last
        one (a message of its own that it cannot read itself is not said again and again)."""
        if self.role is Role.WATCH:
            return
        own = {
            topic(self.keys.room, Topic.BOARD, self.board): Topic.BOARD,
            topic(self.keys.room, Topic.ONLINE, self.board): Topic.ONLINE,
        }
        if self.role is Role.HOST:
            own[topic(self.keys.room, Topic.GAME, self.board)] = Topic.GAME
        kind = own.get(topic_name)
        if kind is not None and payload != self._sent.get(topic_name):
            self.overwritten.add(kind)

    # --- writing -------------------------------------------------------------------

    def message(self, kind: Topic, body: Body) -> tuple[str, bytes]:
        """The topic and signed payload of one of this board's messages."""
        assert self.identity is not None, "a spectator says nothing"
        name = topic(self.keys.room, kind, self.board)
        envelope = Envelope(name, self.board, self.sequence.next(), body)
        intro = self.keys.introduce(self.board, self.identity.public, host=self.role is Role.HOST)
        payload = encode(envelope, self.identity, intro)
        if kind.retained:
            self._sent[name] = payload
        if kind is Topic.BOARD:
            self.stated = envelope.seq
        return name, payload

    # --- questions -------------------------------------------------------------------

    def owner(self, seat: int) -> str | None:
        return None if self.spec is None else self.spec.owner(seat)

    def seats_of(self, board: str, count: int) -> tuple[int, ...]:
        """The seats ``board`` plays now, of ``count``."""
        return tuple(seat for seat in range(count) if self.owner(seat) == board)

    def move_at(self, ply: int, moves: tuple[str, ...], line: int, seat: int) -> str | None:
        """The move the board of ``seat`` played at ``ply`` after ``moves``: its own
        board's, or (a seat passed on from a board that was lost) the board that held it
        then. This board's own seat: the move it published itself before it lost its
        store. Never another seat's board's word. None while no such board has it."""
        if self.spec is None:
            return None
        for board in self.spec.holders(seat):
            state = self.own if board == self.board else self.states.get(board)
            if state is None or state.line != line or len(state.moves) <= ply:
                continue
            if state.moves[:ply] == moves[:ply]:
                return state.moves[ply]
        return None

    def joined(self, seats: tuple[int, ...]) -> bool:
        """Whether the host has seated this board at all of ``seats``."""
        return self.spec is not None and all(self.spec.owner(s) == self.board for s in seats)

    def seat_host(self, spec: GameSpec, granted: frozenset[SeatRequest] = frozenset()) -> GameSpec:
        """The host seats each board that asked for an open seat nobody holds; returns
        the new game. A seat once given stays its board's for the whole game (a board
        that lost its key asks again under a new one, ``seat_requests``): it passes to
        another board only by a request the person at the host ``granted``."""
        roster = dict(spec.roster)
        keys = dict(spec.keys)
        held = list(spec.held)
        for board, state in sorted(self.states.items()):
            if state.uid != spec.uid or board == spec.host:
                continue
            for seat in state.seats:
                owner = roster.get(seat)
                if seat not in spec.open or owner == board:
                    continue
                key = keys.get(board, self.introduced.get(board))
                if key is None or (len(keys) >= MAX_BOARDS and board not in keys):
                    continue
                if owner is None or SeatRequest(board, seat, owner) in granted:
                    roster[seat] = board
                    keys[board] = key  # the key it joined with: its seat's only voice
                    held.append((seat, board))
        return replace(
            spec,
            roster=tuple(sorted(roster.items())),
            keys=tuple(sorted(keys.items())),
            held=tuple(held),
        )

    def seat_requests(self, spec: GameSpec) -> tuple[SeatRequest, ...]:
        """Boards (online, introduced by the play code) asking for a seat another board
        holds while that board is offline: a board that lost its store and its key, or
        someone who holds the code. Only the person at the host can tell which, so the
        host asks them (a seat whose board is online is never asked for)."""
        requests = []
        for board, state in sorted(self.states.items()):
            if state.uid != spec.uid or board == spec.host or not self.online.get(board, False):
                continue
            if spec.key_of(board) is None and board not in self.introduced:
                continue
            for seat in state.seats:
                owner = spec.owner(seat)
                if seat not in spec.open or owner in (None, board):
                    continue
                if not self.online.get(owner, False):
                    requests.append(SeatRequest(board, seat, owner))
        return tuple(requests)

    def missing(self) -> tuple[str, ...]:
        """The online boards whose latest state, by their own heartbeat, has not been
        read here: the broker dropped it on its way to this board (``catchup.py``)."""
        return tuple(
            board
            for board, state in sorted(self.announced.items())
            if self.online.get(board, False)
            and state > self._read.get(topic(self.keys.room, Topic.BOARD, board), 0)
        )

    def beating(self) -> frozenset[str]:
        """The online boards that say their state's number every few seconds."""
        return frozenset(b for b in self.announced if self.online.get(b, False))

    def offline_boards(self, seats: tuple[int, ...]) -> tuple[int, ...]:
        """Of ``seats``, those whose board is not connected (or that nobody has joined)."""
        waiting = []
        for seat in seats:
            owner = self.owner(seat)
            if owner is None or (owner != self.board and not self.online.get(owner, False)):
                waiting.append(seat)
        return tuple(waiting)
