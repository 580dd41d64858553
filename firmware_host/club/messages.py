"""What a club room says on the broker: its topics and its signed messages.

A room lives under one prefix, ``kiban/club/v1/<room>/``; a room's name is the
fingerprint of its organiser's public key (``room_of``), so whoever knows the room
knows the one key that may change it, and nobody needs to be told it apart. Each
board writes only its own ``board/<id>`` topic: its birth (game, table, power,
health: retained, said again whenever one changes) and, through the broker, its
last will (offline). The organiser writes the room's ``state`` (retained) and asks a
board to show itself on ``light/<id>``.

Every message is JSON signed with its sender's Ed25519 key (``remote/identity.py``)
in the envelope a remote game's messages travel in too (``remote/signed_envelope.py``),
with a ``seq`` of the sender's that only goes up: a consumer ignores a repeated or
older one, since a bridge replays what it carried. A message is read here and
nowhere else; one oversized, malformed, of another version, or sent to another topic
than it names is refused with the reason (``ClubMessageError``).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from engine.registry import names
from firmware_host.club.pairings import MAX_NAME, MAX_TABLES, Pairing
from firmware_host.remote.code import GameCode
from firmware_host.remote.identity import BoardKey, is_public_key
from firmware_host.remote.messages import is_board_id
from firmware_host.remote.signed_envelope import (
    EnvelopeForm,
    SignedMessageError,
    open_envelope,
    seal,
    signed_by,
)

VERSION = 1
PREFIX = f"kiban/club/v{VERSION}"
MAX_BYTES = 256 * 1024  # a round of MAX_TABLES tables, four names each, is under 100 KiB
MAX_DEPTH = 6  # the room state nests four levels
ORGANISER = "organiser"  # the sender name of the organiser's messages
ROOM_ID = 24  # hex digits of the key's SHA-256 a room is named by (96 bits)


class ClubMessageError(SignedMessageError):
    """A message of the room that is refused (the reason says why)."""


# The envelope of a room's message: its sender is a board or the organiser, as its
# topic's kind says (read with the body), and it carries nothing beside its key.
FORM = EnvelopeForm(VERSION, MAX_BYTES, MAX_DEPTH, ClubMessageError)


class ClubTopic(Enum):
    STATE = "state"  # the organiser's room state (retained)
    BOARD = "board"  # one board's birth, or its last will (retained, one per board)
    LIGHT = "light"  # the organiser asks one board to light up (not retained)


def room_of(public_key: str) -> str:
    """The room an organiser's key opens: its fingerprint (SHA-256, the first
    ``ROOM_ID`` hex digits), so that the room's name says whose key changes it."""
    return hashlib.sha256(public_key.encode()).hexdigest()[:ROOM_ID]


def club_topic(room: str, kind: ClubTopic, board: str | None = None) -> str:
    """A topic of the room: the state's has no board, a board's and a light's name it."""
    tail = kind.value if board is None else f"{kind.value}/{board}"
    return f"{PREFIX}/{room}/{tail}"


def room_filter(room: str) -> str:
    """Everything said in one room."""
    return f"{PREFIX}/{room}/#"


class Health(Enum):
    """How a board says it is (docs/club.md)."""

    OK = "ok"
    OUT_OF_STEP = "out-of-step"  # the board and the game disagree (recognition.md)
    PROMPT_OPEN = "prompt-open"  # the board asks its players a question
    FAULT = "fault"  # a sensor, a bus or the store failed
    SETUP_WRONG = "setup-wrong"  # a game under way waits for its pieces to be set as recorded


@dataclass(frozen=True, slots=True)
class Birth:
    """A board's word about itself, said when it connects and again whenever any of it
    changes (the broker keeps the last one)."""

    game: str
    table: int | None  # the table the board believes it is at (None: not bound)
    battery: int | None  # per cent left; None: on mains
    health: Health = Health.OK
    flag: bool = False  # a player's flag has fallen on its clock
    watch: str | None = None  # the watch code its game is followed by (None: no game hosted)
    playing: str | None = None  # the table's game it plays (``game_key``), None: no pairing's
    resumed: int | None = None  # its game was taken up after a restart, at this many moves


@dataclass(frozen=True, slots=True)
class Offline:
    """A board's last will: the broker says it when the board's connection dies."""


MAX_RECORDS = 16  # games recorded for one table's game (a board taking it up each time)


@dataclass(frozen=True, slots=True)
class TableState:
    """One table as the organiser says it, in one record so that nothing can move a
    game from one table to another: the board bound there (with the key it was bound
    with: that board's and no other's), the number of the table's game (the organiser
    starts another with ``new``), the boards' games recorded for it (watch codes, each
    going on from where the one before stopped: a board that lost its store, or a spare
    board, takes the game up from the room's record), and whether the organiser
    abandoned it."""

    table: int
    board: str | None = None
    key: str | None = None
    game: int = 1
    records: tuple[str, ...] = ()
    abandoned: bool = False
    earlier: tuple[tuple[str, ...], ...] = ()  # the games the organiser's ``new`` ended

    @property
    def bound(self) -> bool:
        return self.board is not None


def game_key(room: str, round: int, table: int, game: int) -> str:
    """The name of a table's game as a board keeps it with the game it plays for it (its
    ``club`` setting) and publishes it in its game's settings: the room, the round, the
    table and the organiser's number of the game there. The room records a board's game
    for a table only when it names that table's game (never another table's)."""
    return f"{room}:{round}:{table}:{game}"


@dataclass(frozen=True, slots=True)
class RoomState:
    """The room as its organiser says it: the round, its pairings, and each table's
    record (its board, its game and the games recorded for it), in table order."""

    round: int
    pairings: tuple[Pairing, ...]
    tables: tuple[TableState, ...] = ()

    @property
    def bound(self) -> tuple[tuple[int, str, str], ...]:
        """(table, board, its key) of every table with a board, in table order."""
        return tuple(
            (t.table, t.board, t.key) for t in self.tables if t.board is not None and t.key
        )

    def table(self, number: int) -> TableState:
        """The record of table ``number`` (a table never touched: its first game)."""
        for entry in self.tables:
            if entry.table == number:
                return entry
        return TableState(number)

    def board_at(self, table: int) -> str | None:
        return self.table(table).board

    def table_of(self, board: str) -> int | None:
        for entry in self.tables:
            if entry.board == board:
                return entry.table
        return None

    def key_of(self, board: str) -> str | None:
        for entry in self.tables:
            if entry.board == board:
                return entry.key
        return None


@dataclass(frozen=True, slots=True)
class Light:
    """The organiser asks a board to light up, so that whoever binds it sees which it is
    (``table``: the table it is being bound to, None to put the lights out)."""

    table: int | None


Body = Birth | Offline | RoomState | Light


@dataclass(frozen=True, slots=True)
class ClubMessage:
    """A message read, with what it takes to believe it."""

    topic: str
    sender: str  # a board's id, or ORGANISER
    seq: int
    key: str  # the sender's public key
    body: Body = field(compare=False)
    signed: bytes = field(repr=False, compare=False, default=b"")
    signature: str = field(repr=False, compare=False, default="")

    @property
    def board(self) -> str | None:
        """The board a board's or a light's topic names (None: the room's state)."""
        parts = self.topic.split("/")
        return parts[5] if len(parts) == 6 else None

    def signed_by(self, key: str) -> bool:
        """Whether the message is signed by ``key`` (and says so)."""
        return signed_by(key, self.key, self.signed, self.signature)


# --- writing -------------------------------------------------------------------------


def _body_json(body: Body) -> dict[str, Any]:
    match body:
        case Birth():
            return {
                "game": body.game,
                "table": body.table,
                "battery": body.battery,
                "health": body.health.value,
                "flag": body.flag,
                "watch": body.watch,
                "playing": body.playing,
                "resumed": body.resumed,
            }
        case Offline():
            return {"online": False}
        case RoomState():
            return {
                "round": body.round,
                "pairings": [
                    {
                        "table": p.table,
                        "players": list(p.players),
                        "game": p.game,
                        "options": dict(p.options),
                    }
                    for p in body.pairings
                ],
                "tables": [_table_json(entry) for entry in body.tables],
            }
        case Light():
            return {"table": body.table}
    raise AssertionError(body)  # pragma: no cover


def _table_json(entry: TableState) -> dict[str, Any]:
    return {
        "table": entry.table,
        "board": entry.board,
        "key": entry.key,
        "game": entry.game,
        "records": list(entry.records),
        "abandoned": entry.abandoned,
        "earlier": [list(codes) for codes in entry.earlier],
    }


def encode(topic: str, sender: str, seq: int, body: Body, key: BoardKey) -> bytes:
    """The message as sent, signed with the sender's ``key`` (which it carries)."""
    return seal(FORM, key, _body_json(body), topic=topic, sender=sender, seq=seq)


# --- reading -------------------------------------------------------------------------


def decode(topic: str, payload: bytes, room: str) -> ClubMessage:
    """The message received on ``topic`` in ``room``, read and checked for form (whether
    its key is one to believe is the roster's question)."""
    opened = open_envelope(FORM, topic, payload)
    parts = topic.split("/")
    if len(parts) < 5 or "/".join(parts[:3]) != PREFIX or parts[3] != room:
        raise ClubMessageError(f"{topic!r} is not this room's")
    try:
        parsed = _body(parts[4:], opened.sender, opened.body)
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise ClubMessageError(f"a malformed {parts[4]} message: {error}") from None
    sender, seq, key = opened.sender, opened.seq, opened.key
    return ClubMessage(topic, sender, seq, key, parsed, opened.signed, opened.signature)


def _body(levels: list[str], sender: str, body: dict[str, Any]) -> Body:
    kind = levels[0]
    if kind == ClubTopic.STATE.value and len(levels) == 1:
        if sender != ORGANISER:
            raise ValueError(f"{sender[:40]!r} wrote the room's state")
        return _room_state(body)
    if len(levels) != 2:
        raise ValueError(f"no topic {'/'.join(levels)[:80]!r}")
    if kind == ClubTopic.LIGHT.value:
        if sender != ORGANISER:
            raise ValueError(f"{sender[:40]!r} asked a board to light")
        return Light(_table_or_none(body["table"]))
    if kind == ClubTopic.BOARD.value:
        if sender != levels[1] or not is_board_id(sender):
            raise ValueError(f"{sender[:40]!r} wrote on board {levels[1][:40]!r}'s topic")
        if body.get("online") is False and len(body) == 1:
            return Offline()
        return Birth(
            _game(body["game"]),
            _table_or_none(body["table"]),
            _battery(body["battery"]),
            Health(_text(body["health"])),
            _bool(body["flag"]),
            _watch(body.get("watch")),
            _playing(body.get("playing")),
            None if body.get("resumed") is None else _count(body["resumed"]),
        )
    raise ValueError(f"no topic {kind[:40]!r}")


def _room_state(body: dict[str, Any]) -> RoomState:
    pairings = tuple(_pairing(entry) for entry in _list(body["pairings"]))
    if "tables" in body:
        tables = [_table_state(entry) for entry in _list(body["tables"])]
    else:  # a state said by a room of before the tables' records: its bindings
        tables = []
        for entry in _list(body["bound"]):
            if not isinstance(entry, list) or len(entry) != 3:
                raise ValueError("a binding is not [table, board, key]")
            tables.append(_table_state({"table": entry[0], "board": entry[1], "key": entry[2]}))
    numbers = [entry.table for entry in tables]
    if len(set(numbers)) != len(numbers):
        raise ValueError("a table said twice")
    boards = [entry.board for entry in tables if entry.board is not None]
    if len(set(boards)) != len(boards):
        raise ValueError("a board bound to two tables")
    return RoomState(_count(body["round"]), pairings, tuple(sorted(tables, key=_number)))


def _number(entry: TableState) -> int:
    return entry.table


def _table_state(value: object) -> TableState:
    if not isinstance(value, dict):
        raise ValueError("a table is not an object")
    board, key = value.get("board"), value.get("key")
    if (board is None) != (key is None):
        raise ValueError("a binding's board or key is missing")
    if board is not None and (not is_board_id(_text(board)) or not is_public_key(key)):
        raise ValueError("a binding's board or key cannot be read")
    records = _list(value.get("records", []))
    if len(records) > MAX_RECORDS:
        raise ValueError(f"more than {MAX_RECORDS} games recorded at a table")
    earlier = _list(value.get("earlier", []))
    if len(earlier) > MAX_RECORDS:
        raise ValueError(f"more than {MAX_RECORDS} earlier games at a table")
    game = _count(value.get("game", 1))
    if game < 1:
        raise ValueError("a table's game is numbered from 1")
    return TableState(
        _table(value["table"]),
        board,
        key,
        game,
        tuple(_code(code) for code in records),
        _bool(value.get("abandoned", False)),
        tuple(_codes(codes) for codes in earlier),
    )


def _codes(value: object) -> tuple[str, ...]:
    """An earlier game's watch codes."""
    codes = _list(value)
    if not codes or len(codes) > MAX_RECORDS:
        raise ValueError(f"an earlier game's codes are not 1 to {MAX_RECORDS} codes")
    return tuple(_code(code) for code in codes)


def _pairing(value: object) -> Pairing:
    if not isinstance(value, dict):
        raise ValueError("a pairing is not an object")
    players = tuple(_text(name) for name in _list(value["players"]))
    if not 2 <= len(players) <= 4:
        raise ValueError("a pairing of neither two nor four players")
    options = value["options"]
    if not isinstance(options, dict) or len(options) > 16:
        raise ValueError("a pairing's options are not a mapping")
    return Pairing(
        _table(value["table"]),
        players,
        _game(value["game"]),
        tuple(sorted((_text(k), _text(v)) for k, v in options.items())),
    )


def _game(value: object) -> str:
    game = _text(value)
    if game not in names():
        raise ValueError(f"no game {game!r}")
    return game


def _text(value: object) -> str:
    if not isinstance(value, str) or len(value) > MAX_NAME or not value.isprintable():
        raise ValueError(f"{str(value)[:40]!r} is not a short text")
    return value


def _list(value: object) -> list[Any]:
    if not isinstance(value, list) or len(value) > MAX_TABLES:
        raise ValueError("not a list of at most a round's tables")
    return value


def _count(value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < 1 << 31:
        raise ValueError(f"{value!r} is not a count")
    return value


def _table(value: object) -> int:
    table = _count(value)
    if not 0 < table <= MAX_TABLES:
        raise ValueError(f"{table} is not a table")
    return table


def _table_or_none(value: object) -> int | None:
    return None if value is None else _table(value)


def _battery(value: object) -> int | None:
    if value is None:
        return None
    battery = _count(value)
    if battery > 100:
        raise ValueError(f"{battery} is not a per cent")
    return battery


def _watch(value: object) -> str | None:
    """A watch code, as its letters say it (a play code would let its readers play)."""
    if value is None:
        return None
    return _code(value)


def _code(value: object) -> str:
    code = GameCode.parse(_text(value))
    if not code.watching:
        raise ValueError("a play code where a watch code belongs")
    return str(code)


def _playing(value: object) -> str | None:
    """A table's game as ``game_key`` names it."""
    if value is None:
        return None
    text = _text(value)
    parts = text.split(":")
    if len(parts) != 4 or not all(part.isalnum() for part in parts):
        raise ValueError(f"{text[:40]!r} is not a table's game")
    return text


def _bool(value: object) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"{value!r} is not true or false")
    return value
