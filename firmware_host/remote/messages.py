"""What boards say to each other: the room's topics and its versioned messages.

Every message is JSON in an envelope signed with its sender's own Ed25519 key, which
it carries with the code's word for it (``docs/remote.md``; the envelope is
``signed_envelope.py``'s, shared with the club room's messages). A message is read here
and nowhere else: one that is oversized, nested too deep, malformed, from another
version, or sent to another topic than the one it names is refused with the reason,
and changes nothing. Whether its key is one to believe is the room's question
(``room.py``): ``decode`` returns the envelope with what it takes to check it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from firmware_host.notices.declared import Proposal
from firmware_host.remote.identity import BoardKey, is_public_key
from firmware_host.remote.signed_envelope import (
    EnvelopeForm,
    SignedMessageError,
    open_envelope,
    seal,
    signed_by,
)
from firmware_host.session.consent import (
    Word,
    WordKind,
)

VERSION = 3  # 3: the game's topic names its host, so a broker's ACL can keep it the host's
MAX_BYTES = 256 * 1024  # a Chaturaji record of 8000 moves is under 100 KiB
MAX_MOVES = 8000
MAX_TEXT = 64
MAX_BOARDS = 32  # boards ever seated in one game (a seat passed on when a board is lost)
MAX_DEPTH = 8  # the deepest message of ours nests four levels
PREFIX = f"kiban/v{VERSION}"
OFFERS = (Proposal.DRAW, Proposal.TAKEBACK)  # what a board's offer may be


class RemoteMessageError(SignedMessageError):
    """A message from the broker that is refused (the reason says why)."""


def is_board_id(text: str) -> bool:
    """A board id (also a topic level, and a broker user's name): letters, digits, -."""
    return 0 < len(text) <= 32 and text.isascii() and text.replace("-", "").isalnum()


# The envelope of a remote game's message: its sender is a board, and it carries the
# code's word for its key (``intro``, unsigned: the code vouches for the key).
FORM = EnvelopeForm(VERSION, MAX_BYTES, MAX_DEPTH, RemoteMessageError, is_board_id, ("intro",))


class Topic(Enum):
    GAME = "game"  # the host's game: rules, start, seats and their keys (retained)
    BOARD = "board"  # one board's whole state (retained, one topic per board)
    ONLINE = "online"  # whether a board is connected (retained; the broker's last will)
    ASK = "ask"  # a board (re)connected asks the others to say their states again

    @property
    def retained(self) -> bool:
        return self is not Topic.ASK


def topic(room: str, kind: Topic, board: str) -> str:
    """A topic of the room: each board writes only its own (the game's is its host's),
    so a broker's ACL can hold every board to them (``kiban broker``)."""
    return f"{PREFIX}/{room}/{kind.value}/{board}"


def room_filter(room: str) -> str:
    """Everything said in one room."""
    return f"{PREFIX}/{room}/#"


@dataclass(frozen=True, slots=True)
class Offer:
    """A draw or a takeback a board's player offers; the other boards' players answer."""

    id: int
    kind: Proposal
    plies: int  # a takeback's moves
    ply: int  # the moves played when it was made (an offer for another position is stale)


@dataclass(frozen=True, slots=True)
class Answer:
    """A board's answer to another board's offer."""

    board: str
    offer: int
    accepted: bool


@dataclass(frozen=True, slots=True)
class GameSpec:
    """The game the host started: everything a joining board needs to set up the same,
    and who may speak for each seat."""

    uid: str
    game: str
    options: tuple[tuple[str, str], ...]
    start: str
    moves: tuple[str, ...]
    settings: tuple[tuple[str, str], ...]
    host: str  # the host board's id
    open: tuple[int, ...]  # seats other boards may take
    roster: tuple[tuple[int, str], ...] = ()  # seats taken, by board id
    keys: tuple[tuple[str, str], ...] = ()  # every board ever seated (and the host): its key
    held: tuple[tuple[int, str], ...] = ()  # every seat ever given, and to which board
    queued: tuple[str, ...] = ()  # boards whose seat request waits behind the one asked
    started: float | None = None  # when the game began, by the host's calendar (epoch s)

    def owner(self, seat: int) -> str | None:
        """The board that plays ``seat``: a joined board, the host, or None (open, nobody yet)."""
        for taken, board in self.roster:
            if taken == seat:
                return board
        return None if seat in self.open else self.host

    def key_of(self, board: str) -> str | None:
        """The key ``board`` was seated with (the host's own, for the host)."""
        for known, key in self.keys:
            if known == board:
                return key
        return None

    def holders(self, seat: int) -> tuple[str, ...]:
        """The boards that played ``seat``: its owner first, then the earlier ones."""
        owner = self.owner(seat)
        earlier = tuple(board for taken, board in reversed(self.held) if taken == seat)
        boards = () if owner is None else (owner,)
        return boards + tuple(dict.fromkeys(b for b in earlier if b != owner))


@dataclass(frozen=True, slots=True)
class BoardState:
    """One board's whole view of the game: published after every change, retained, so
    a board that missed anything catches up from the last one."""

    uid: str
    seats: tuple[int, ...]  # the seats this board plays (or asks for, while joining)
    line: int  # the takebacks agreed so far: moves of an earlier line are stale
    moves: tuple[str, ...]
    ending: Word | None = None  # a resignation or a claim made at this board
    offer: Offer | None = None
    answers: tuple[Answer, ...] = ()
    clock: tuple[float, ...] = ()  # every seat's time left just after its last move here
    decided: Answer | None = None  # how this board's last proposal ended (board: its own)
    times: tuple[float | None, ...] = ()  # each move's time as this board's store has it


@dataclass(frozen=True, slots=True)
class Presence:
    """Whether a board is connected; while it is, also the number (``seq``) of its
    latest state, said again every few seconds (``catchup.py``): a board that holds an
    older one missed it. None from a board that does not say it (an older one, or
    the broker's last will)."""

    online: bool
    state: int | None = None


@dataclass(frozen=True, slots=True)
class Ask:
    """A board that (re)connected asks every other board to say its state again: what
    the broker retained may have been wiped."""

    uid: str


Body = GameSpec | BoardState | Presence | Ask


@dataclass(frozen=True, slots=True)
class Envelope:
    """A message as it travels: who sent it, its place in the sender's sequence."""

    topic: str
    sender: str
    seq: int
    body: Body = field(compare=False)


@dataclass(frozen=True, slots=True)
class Signed:
    """A message read, with what it takes to believe it: the key it was signed with and
    the code's word for that key (checked by the room, which knows whom to believe)."""

    envelope: Envelope
    key: str  # the sender's public key
    intro: dict[str, str]  # the code's word for the key: ``join`` (and the host's ``watch``)
    signed: bytes = field(repr=False)
    signature: str = field(repr=False)

    def signed_by(self, key: str) -> bool:
        """Whether the message is signed by ``key`` (and says so)."""
        return signed_by(key, self.key, self.signed, self.signature)


# --- writing -------------------------------------------------------------------------


def _body_json(body: Body) -> dict[str, Any]:
    match body:
        case GameSpec():
            return {
                "uid": body.uid,
                "game": body.game,
                "options": dict(body.options),
                "start": body.start,
                "moves": list(body.moves),
                "settings": dict(body.settings),
                "host": body.host,
                "open": list(body.open),
                "roster": {str(seat): board for seat, board in body.roster},
                "keys": dict(body.keys),
                "held": [[seat, board] for seat, board in body.held],
                **({"queued": list(body.queued)} if body.queued else {}),
                **({"started": body.started} if body.started is not None else {}),
            }
        case BoardState():
            return {
                "uid": body.uid,
                "seats": list(body.seats),
                "line": body.line,
                "moves": list(body.moves),
                "ending": None
                if body.ending is None
                else {
                    "kind": body.ending.kind.value,
                    "seat": body.ending.seat,
                    "claim": body.ending.claim,
                },
                "offer": None
                if body.offer is None
                else {
                    "id": body.offer.id,
                    "kind": body.offer.kind.value,
                    "plies": body.offer.plies,
                    "ply": body.offer.ply,
                },
                "answers": [
                    {"board": a.board, "offer": a.offer, "accepted": a.accepted}
                    for a in body.answers
                ],
                "clock": list(body.clock),
                "decided": None
                if body.decided is None
                else {"offer": body.decided.offer, "accepted": body.decided.accepted},
                **({"times": list(body.times)} if body.times else {}),
            }
        case Presence():
            said = {} if body.state is None else {"state": body.state}
            return {"online": body.online, **said}
        case Ask():
            return {"uid": body.uid}
    raise AssertionError(body)  # pragma: no cover


def encode(envelope: Envelope, key: BoardKey, intro: Mapping[str, str]) -> bytes:
    """The envelope as sent: signed with the sender's ``key``, which it carries with the
    code's ``intro`` for it."""
    return seal(
        FORM,
        key,
        _body_json(envelope.body),
        topic=envelope.topic,
        sender=envelope.sender,
        seq=envelope.seq,
        unsigned={"intro": dict(intro)},
    )


# --- reading -------------------------------------------------------------------------


def decode(topic_name: str, payload: bytes, room: str) -> Signed:
    """The message received on ``topic_name`` in ``room``, read and checked for form;
    ``RemoteMessageError`` says why not. Anything that cannot be read is refused."""
    opened = open_envelope(FORM, topic_name, payload)
    intro = opened.unsigned["intro"]
    if not isinstance(intro, dict):
        raise RemoteMessageError("no signing key")
    if not _is_intro(intro):
        raise RemoteMessageError("no introduction of its key")
    parts = topic_name.split("/")
    if len(parts) < 4 or "/".join(parts[:2]) != PREFIX or parts[2] != room:
        raise RemoteMessageError(f"{topic_name!r} is not this room's")
    kind, board = parts[3], parts[4] if len(parts) == 5 else None
    sender, seq = opened.sender, opened.seq
    try:
        envelope = Envelope(topic_name, sender, seq, _body(kind, board, sender, opened.body))
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise RemoteMessageError(f"a malformed {kind} message: {error}") from None
    return Signed(envelope, opened.key, dict(intro), opened.signed, opened.signature)


def _is_intro(value: object) -> bool:
    return (
        isinstance(value, dict)
        and 0 < len(value) <= 2
        and all(
            k in ("join", "watch") and isinstance(v, str) and len(v) == 64 for k, v in value.items()
        )
    )


def _body(kind: str, board: str | None, sender: str, body: Mapping[str, Any]) -> Body:
    if board != sender:
        raise ValueError(f"board {sender!r} wrote on board {board!r}'s topic")
    if kind == Topic.GAME.value:
        return _spec(body, sender)
    if kind == Topic.BOARD.value:
        return _state(body)
    if kind == Topic.ONLINE.value:
        state = body.get("state")
        return Presence(_bool(body["online"]), None if state is None else _seq(state))
    if kind == Topic.ASK.value:
        return Ask(_text(body["uid"]))
    raise ValueError(f"no topic {kind!r}")


def _spec(body: Mapping[str, Any], sender: str) -> GameSpec:
    host = _text(body["host"])
    if host != sender:
        raise ValueError("only the host describes the game")
    roster = _mapping(body["roster"])
    return GameSpec(
        _text(body["uid"]),
        _text(body["game"]),
        tuple(sorted((_text(k), _text(v)) for k, v in _mapping(body["options"]).items())),
        _text(body["start"], limit=MAX_BYTES // 4),
        _texts(body["moves"]),
        tuple(sorted((_text(k), _text(v)) for k, v in _mapping(body["settings"]).items())),
        host,
        tuple(_seat(seat) for seat in _list(body["open"])),
        tuple(sorted((_seat(int(_text(k))), _board(v)) for k, v in roster.items())),
        tuple(sorted((_board(k), _key(v)) for k, v in _mapping(body["keys"]).items())),
        tuple((_seat(pair[0]), _board(pair[1])) for pair in _pairs(body["held"])),
        _queued(body.get("queued", [])),
        None if body.get("started") is None else _calendar(body["started"]),
    )


def _queued(value: object) -> tuple[str, ...]:
    boards = _list(value)
    if len(boards) > MAX_BOARDS:
        raise ValueError("more boards queued than a game can seat")
    return tuple(_board(board) for board in boards)


def _state(body: Mapping[str, Any]) -> BoardState:
    ending = body["ending"]
    offer = body["offer"]
    return BoardState(
        _text(body["uid"]),
        tuple(_seat(seat) for seat in _list(body["seats"])),
        _count(body["line"]),
        _texts(body["moves"]),
        None
        if ending is None
        else Word(WordKind(_text(ending["kind"])), _seat(ending["seat"]), _text(ending["claim"])),
        None
        if offer is None
        else Offer(
            _count(offer["id"]),
            _offered(offer["kind"]),
            _count(offer["plies"]),
            _count(offer["ply"]),
        ),
        tuple(
            Answer(_board(a["board"]), _count(a["offer"]), _bool(a["accepted"]))
            for a in _list(body["answers"])
        ),
        tuple(_seconds(t) for t in _list(body["clock"])[:16]),
        _decided(body["decided"]),
        tuple(None if t is None else _seconds(t) for t in _list(body.get("times", []))),
    )


def _decided(value: object) -> Answer | None:
    if value is None:
        return None
    decided = _mapping(value)
    return Answer("", _count(decided["offer"]), _bool(decided["accepted"]))


def _board(value: object) -> str:
    if not isinstance(value, str) or not is_board_id(value):
        raise ValueError(f"{value!r} is not a board id")
    return value


def _key(value: object) -> str:
    if not is_public_key(value):
        raise ValueError(f"{str(value)[:50]!r} is not a public key")
    assert isinstance(value, str)
    return value


def _offered(value: object) -> Proposal:
    """What a board may offer the others: a draw or a takeback (a seat is asked of the
    host's player by the host's own board, never offered on the wire)."""
    kind = Proposal(_text(value))
    if kind not in OFFERS:
        raise ValueError(f"a board cannot offer a {kind.value}")
    return kind


def _pairs(value: object) -> list[list[Any]]:
    items = _list(value)
    if len(items) > 4 * MAX_BOARDS or not all(isinstance(i, list) and len(i) == 2 for i in items):
        raise ValueError("not a list of pairs")
    return items


def _text(value: object, limit: int = MAX_TEXT) -> str:
    if not isinstance(value, str) or len(value) > limit or not value.isprintable():
        raise ValueError(f"{str(value)[:40]!r} is not a short text")
    return value


def _texts(value: object) -> tuple[str, ...]:
    items = _list(value)
    if len(items) > MAX_MOVES:
        raise ValueError(f"{len(items)} moves is more than a game has")
    return tuple(_text(item) for item in items)


def _list(value: object) -> list[Any]:
    if not isinstance(value, list):
        raise ValueError("not a list")
    if len(value) > MAX_MOVES:
        raise ValueError(f"a list of {len(value)}, more than {MAX_MOVES}")
    return value


def _mapping(value: object) -> Mapping[str, Any]:
    if not isinstance(value, dict) or len(value) > 64:
        raise ValueError("not a mapping")
    return value


def _count(value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < 1 << 31:
        raise ValueError(f"{value!r} is not a count")
    return value


def _seq(value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < 1 << 62:
        raise ValueError(f"{value!r} is not a sequence number")
    return value


def _seat(value: object) -> int:
    seat = _count(value)
    if seat >= 16:
        raise ValueError(f"{seat} is not a seat")
    return seat


def _seconds(value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value < 1e7:
        raise ValueError(f"{value!r} is not a clock time")
    return float(value)


def _calendar(value: object) -> float:
    """A moment by the calendar (seconds since the epoch, up to the year 2286)."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value < 1e10:
        raise ValueError(f"{value!r} is not a moment")
    return float(value)


def _bool(value: object) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"{value!r} is not true or false")
    return value
