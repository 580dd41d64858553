"""What the organiser knows of the room, from the messages alone: which boards are
online, which table each is bound to, and what needs the organiser (issue 64 item 4).

Pure: messages are fed in (as the broker delivers them, bridges' replays and forgeries
included), and the roster and its alerts are read off. Every message's ``seq`` is held
per topic: a repeated one is ignored (bridges replay), an older one refused. A board's
birth and its last will are numbered apart, since a will is signed when its connection
opens, before the birth it outlives: each only goes up, and between them the newer
arrival wins (as ``remote/room.py`` does for a game's presence).

Only the organiser's key changes the room: a room is named by its key's fingerprint
(``messages.room_of``), and a state or a light signed by any other key is refused. A
board speaks with the key it was bound with; an unbound board with the first key it
was heard with.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from firmware_host.club.messages import (
    Birth,
    ClubMessage,
    ClubMessageError,
    Health,
    Light,
    Offline,
    RoomState,
    decode,
    game_key,
    room_of,
)

LOW_BATTERY = 20
"""Per cent left at which a board's battery is low: UPower's default ``PercentageLow``
(its etc/UPower.conf: "Defaults: PercentageLow=20"), the level a Linux desktop warns at."""
MAX_REASONS = 20  # refusals kept for the log and the tests


class AlertKind(Enum):
    """What needs the organiser at a table."""

    OFFLINE = "offline"
    OUT_OF_STEP = "out-of-step"
    UNANSWERED_PROMPT = "unanswered-prompt"
    FLAG_FALLEN = "flag-fallen"
    LOW_BATTERY = "low-battery"
    FAULT = "fault"
    WRONG_GAME = "wrong-game"  # a board bound to a table of another game
    OTHER_TABLE = "other-table"  # a bound board plays another table's game (not recorded)
    SETUP_WRONG = "setup-wrong"  # a game under way waits for its pieces to be set
    STALLED = "stalled"  # no move at a table for longer than its game allows
    UNRECORDED = "unrecorded"  # a table's game taken up more often than its record holds


@dataclass(frozen=True, slots=True)
class Alert:
    """One thing the organiser must see at once, with the table it is at."""

    kind: AlertKind
    board: str
    table: int | None  # None: the board is bound to no table yet
    battery: int | None = None  # a low battery's per cent left
    minutes: int = 0  # a stalled table's minutes without a move


@dataclass(frozen=True, slots=True)
class Entry:
    """One board of the room as the organiser sees it."""

    board: str
    online: bool
    table: int | None
    birth: Birth | None  # its last word about itself (None: only its will was heard)


_HEALTH_ALERTS = {
    Health.OUT_OF_STEP: AlertKind.OUT_OF_STEP,
    Health.PROMPT_OPEN: AlertKind.UNANSWERED_PROMPT,
    Health.FAULT: AlertKind.FAULT,
    Health.SETUP_WRONG: AlertKind.SETUP_WRONG,
}


def organiser_signed(message: ClubMessage, room: str) -> bool:
    """Whether ``message`` is signed by the key ``room`` is named after."""
    return room_of(message.key) == room and message.signed_by(message.key)


@dataclass(slots=True)
class Roster:
    """The room ``room`` as its messages tell it."""

    room: str
    state: RoomState | None = None
    repeats: int = 0  # messages heard again (a bridge's replay, a resubscription)
    forged_states: int = 0  # room states refused as not the organiser's
    refused: list[str] = field(default_factory=list)  # the last reasons
    _seen: dict[str, int] = field(default_factory=dict)  # the highest seq per stream
    _keys: dict[str, str] = field(default_factory=dict)  # an unbound board's first key
    _births: dict[str, Birth] = field(default_factory=dict)
    _online: dict[str, bool] = field(default_factory=dict)

    def receive(self, topic: str, payload: bytes) -> bool:
        """Read one message off the broker; whether it changed anything."""
        try:
            message = decode(topic, payload, self.room)
        except ClubMessageError as error:
            self._refuse(f"{topic}: {error}")
            return False
        return self.feed(message)

    def feed(self, message: ClubMessage) -> bool:
        """Take one message read; whether it changed anything."""
        why = self._forged(message)
        if why is not None:
            self._refuse(f"{message.topic}: {why}")
            return False
        stream = message.topic + ("#offline" if isinstance(message.body, Offline) else "")
        seen = self._seen.get(stream)
        if seen is not None and message.seq <= seen:
            if message.seq == seen:
                self.repeats += 1
            else:
                self._refuse(f"{message.topic}: seq {message.seq} is older than {seen}")
            return False
        self._seen[stream] = message.seq
        board = message.board
        match message.body:
            case RoomState() as state:
                self.state = state
            case Birth() as birth if board is not None:
                self._keys.setdefault(board, message.key)
                self._births[board] = birth
                self._online[board] = True
            case Offline() if board is not None:
                self._keys.setdefault(board, message.key)
                self._online[board] = False
            case _:
                return False  # a light is for its board
        return True

    def _forged(self, message: ClubMessage) -> str | None:
        """Why ``message`` is not to be believed, None when it is."""
        if isinstance(message.body, RoomState | Light):
            if not organiser_signed(message, self.room):
                self.forged_states += isinstance(message.body, RoomState)
                return "not signed by the organiser's key: forged"
            return None
        board = message.board or ""
        bound = None if self.state is None else self.state.key_of(board)
        key = bound or self._keys.get(board, message.key)
        if message.key != key:
            return f"not the key board {board} was {'bound' if bound else 'heard'} with: forged"
        if not message.signed_by(key):
            return "the signature is not its key's: forged"
        return None

    def _refuse(self, reason: str) -> None:
        self.refused = [*self.refused[-(MAX_REASONS - 1) :], reason]

    # --- what the organiser reads -------------------------------------------------------

    def table_of(self, board: str) -> int | None:
        """The table ``board`` is bound to: the organiser's word, else the board's own."""
        if self.state is not None:
            table = self.state.table_of(board)
            if table is not None:
                return table
        birth = self._births.get(board)
        return None if birth is None else birth.table

    def birth_of(self, board: str) -> Birth | None:
        """What ``board`` last said of itself (None: nothing heard, or only its will)."""
        return self._births.get(board)

    def key_of(self, board: str) -> str | None:
        """The key ``board`` speaks with, as far as the room knows."""
        bound = None if self.state is None else self.state.key_of(board)
        return bound or self._keys.get(board)

    def online(self) -> tuple[str, ...]:
        """The boards connected now, sorted."""
        return tuple(sorted(board for board, on in self._online.items() if on))

    def entries(self) -> tuple[Entry, ...]:
        """Every board heard of, by table (unbound last), then by id."""
        entries = [
            Entry(board, on, self.table_of(board), self._births.get(board))
            for board, on in self._online.items()
        ]
        return tuple(sorted(entries, key=_by_table))

    def alerts(self) -> tuple[Alert, ...]:
        """What needs the organiser now, by table."""
        found: list[Alert] = []
        for entry in self.entries():
            birth = entry.birth
            if not entry.online:
                found.append(Alert(AlertKind.OFFLINE, entry.board, entry.table))
                continue
            if birth is None:
                continue
            kind = _HEALTH_ALERTS.get(birth.health)
            if kind is not None:
                found.append(Alert(kind, entry.board, entry.table))
            if birth.flag:
                found.append(Alert(AlertKind.FLAG_FALLEN, entry.board, entry.table))
            if birth.battery is not None and birth.battery <= LOW_BATTERY:
                found.append(Alert(AlertKind.LOW_BATTERY, entry.board, entry.table, birth.battery))
            found += self._misplaced(entry.board, birth)
        return tuple(found)

    def _misplaced(self, board: str, birth: Birth) -> list[Alert]:
        """A board bound to a table of another game, or playing another table's game
        there (its moves are then recorded for no table)."""
        state = self.state
        table = None if state is None else state.table_of(board)
        if state is None or table is None:
            return []
        pairing = next((p for p in state.pairings if p.table == table), None)
        if pairing is not None and pairing.game != birth.game:
            return [Alert(AlertKind.WRONG_GAME, board, table)]
        wanted = game_key(self.room, state.round, table, state.table(table).game)
        if birth.playing is not None and birth.playing != wanted:
            return [Alert(AlertKind.OTHER_TABLE, board, table)]
        return []


def _by_table(entry: Entry) -> tuple[bool, int, str]:
    return (entry.table is None, entry.table or 0, entry.board)
