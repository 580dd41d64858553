"""The game code people read out to each other, and the keys it gives.

A code is ten letters of Crockford's base 32 (50 bits, no I, L, O or U to misread),
written ``K7QM2-XRDP9``. Everything secret comes from it through a slow key
derivation, so a stranger who sees the room's topics on a public broker cannot
search the codes for the one that signs its messages.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass

from engine.errors import KibanError

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
LENGTH = 10
_READ_AS = {"O": "0", "I": "1", "L": "1", "U": "V"}  # what people misread, read as meant
ITERATIONS = 200_000  # about 0.1 s on a laptop, under a second on a Pi Zero 2 W
SALT = b"kiban-remote-v1"


class GameCodeError(KibanError, ValueError):
    """A game code that cannot be read."""


@dataclass(frozen=True, slots=True)
class GameCode:
    """A game's code (its ten letters, without the dash)."""

    letters: str

    @classmethod
    def new(cls) -> GameCode:
        return cls("".join(secrets.choice(ALPHABET) for _ in range(LENGTH)))

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

    def keys(self) -> RoomKeys:
        """The room's topic name and signing key (slow on purpose: call once)."""
        master = hashlib.pbkdf2_hmac("sha256", self.letters.encode(), SALT, ITERATIONS)
        room = hmac.new(master, b"room", hashlib.sha256).hexdigest()[:20]
        signing = hmac.new(master, b"sign", hashlib.sha256).digest()
        return RoomKeys(room, signing)


@dataclass(frozen=True, slots=True)
class RoomKeys:
    room: str  # the topic name of the game's room (says nothing about the code)
    signing: bytes = b""

    def sign(self, data: bytes) -> str:
        return hmac.new(self.signing, data, hashlib.sha256).hexdigest()

    def verify(self, data: bytes, signature: str) -> bool:
        return hmac.compare_digest(self.sign(data), signature)
