"""The codes people read out to each other, and the room keys they give.

A code is ten letters of Crockford's base 32 (50 bits, no I, L, O or U to misread),
written ``K7QM2-XRDP9``. There are two: the **play code** lets a board join the game
and introduce its own signing key; the **watch code** (``W...``, derived from the
play code, never the other way) lets a spectator find the room and check what it
reads, never write. Everything secret comes from a code through a slow key
derivation, so a stranger who sees the room's topics on a public broker cannot search
the codes for the ones that open it.

The codes only introduce keys. Every message is signed with its board's own Ed25519
key (``identity.py``), and a seat's moves are taken only under the key its board
joined with, so holding a code is not enough to speak for another board.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass, field

from engine.errors import KibanError

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
LENGTH = 10
WATCH_MARK = "W"  # a watch code's first letter; no play code starts with it
_READ_AS = {"O": "0", "I": "1", "L": "1", "U": "V"}  # what people misread, read as meant
ITERATIONS = 200_000  # about 0.1 s on a laptop, under a second on a Pi Zero 2 W
SALT = b"kiban-remote-v2"
WATCH_SALT = b"kiban-remote-v2-watch"


class GameCodeError(KibanError, ValueError):
    """A game code that cannot be read."""


@dataclass(frozen=True, slots=True)
class GameCode:
    """A game's play or watch code (its ten letters, without the dash)."""

    letters: str

    @classmethod
    def new(cls) -> GameCode:
        """A new play code (never starting with the watch codes' letter)."""
        first = secrets.choice(ALPHABET.replace(WATCH_MARK, ""))
        return cls(first + "".join(secrets.choice(ALPHABET) for _ in range(LENGTH - 1)))

    @classmethod
    def parse(cls, text: str) -> GameCode:
        """``k7qm2-xrdp9`` as well as ``K7QM2XRDP9``; an O read as a zero."""
        letters = "".join(_READ_AS.get(c, c) for c in text.upper() if c not in "- ")
        if len(letters) != LENGTH or any(c not in ALPHABET for c in letters):
            raise GameCodeError(
                f"{text!r} is not a game code: ten letters and digits, like K7QM2-XRDP9"
            )
        return cls(letters)

    def __str__(self) -> str:
        return f"{self.letters[:5]}-{self.letters[5:]}"

    @property
    def watching(self) -> bool:
        """A watch code: it reads the room, it never joins it."""
        return self.letters.startswith(WATCH_MARK)

    def keys(self) -> RoomKeys:
        """The room's keys (slow on purpose: call once). A play code gives the join key
        and the watch code's keys; a watch code gives only the watch code's."""
        if self.watching:
            return _watch_keys(self, join=None)
        master = hashlib.pbkdf2_hmac("sha256", self.letters.encode(), SALT, ITERATIONS)
        digest = hmac.new(master, b"watch", hashlib.sha256).digest()
        number = int.from_bytes(digest[:8], "big")
        rest = "".join(ALPHABET[(number >> (5 * i)) & 31] for i in range(LENGTH - 1))
        watch = GameCode(WATCH_MARK + rest)
        return _watch_keys(watch, join=hmac.new(master, b"join", hashlib.sha256).digest())


def _watch_keys(watch: GameCode, join: bytes | None) -> RoomKeys:
    master = hashlib.pbkdf2_hmac("sha256", watch.letters.encode(), WATCH_SALT, ITERATIONS)
    room = hmac.new(master, b"room", hashlib.sha256).hexdigest()[:20]
    seeing = hmac.new(master, b"intro", hashlib.sha256).digest()
    return RoomKeys(room, watch, seeing, join)


@dataclass(frozen=True, slots=True)
class RoomKeys:
    """What a code opens: the room's topic name, the watch code, and the keys that vouch
    for a board's signing key (``join`` only with the play code)."""

    room: str  # the topic name of the game's room (says nothing about either code)
    watch_code: GameCode
    watch: bytes = field(repr=False)  # vouches for the host's key to spectators
    join: bytes | None = field(default=None, repr=False)  # vouches for a player's key

    @property
    def playing(self) -> bool:
        return self.join is not None

    def introduce(self, board: str, key: str, *, host: bool) -> dict[str, str]:
        """The introduction of ``board``'s public ``key``: the join code's word for it,
        and (the host's, for spectators) the watch code's."""
        assert self.join is not None, "a spectator introduces nobody"
        words = {"join": _mac(self.join, board, key)}
        if host:
            words["watch"] = _mac(self.watch, board, key)
        return words

    def vouched(self, board: str, key: str, intro: dict[str, str]) -> bool:
        """Whether ``intro`` vouches for ``board``'s ``key`` with a code this board holds
        (the play code's word; a spectator can only check the watch code's)."""
        if self.join is not None:
            return hmac.compare_digest(intro.get("join", ""), _mac(self.join, board, key))
        return hmac.compare_digest(intro.get("watch", ""), _mac(self.watch, board, key))


def _mac(secret: bytes, board: str, key: str) -> str:
    return hmac.new(secret, f"kiban-intro|{board}|{key}".encode(), hashlib.sha256).hexdigest()
