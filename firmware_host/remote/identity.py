"""A board's own signing key: Ed25519 from the ``cryptography`` library.

Each board of a remote game makes one key pair when it hosts or joins, keeps the
private half with the game in its store (so a board that restarts is still itself),
and signs every message with it. Public keys travel as base64 text.
"""

from __future__ import annotations

import base64
import binascii

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from cryptography.hazmat.primitives.serialization import (
    Encoding,
    NoEncryption,
    PrivateFormat,
    PublicFormat,
)

from engine.errors import KibanError

KEY_TEXT = 44  # the base64 text of a 32-byte key
SIGNATURE_TEXT = 88  # of a 64-byte signature


class BoardKeyError(KibanError, ValueError):
    """A stored private key that cannot be read."""


class BoardKey:
    """One board's key pair."""

    __slots__ = ("_private", "public")

    def __init__(self, private: Ed25519PrivateKey) -> None:
        self._private = private
        raw = private.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)
        self.public = base64.b64encode(raw).decode()

    @classmethod
    def new(cls) -> BoardKey:
        return cls(Ed25519PrivateKey.generate())

    @classmethod
    def from_text(cls, text: str) -> BoardKey:
        """The key ``text()`` wrote."""
        try:
            seed = base64.b64decode(text, validate=True)
            return cls(Ed25519PrivateKey.from_private_bytes(seed))
        except (binascii.Error, ValueError) as error:
            raise BoardKeyError(f"a board key that cannot be read: {error}") from None

    def text(self) -> str:
        """The private key, for the game store only (never sent, never shown)."""
        raw = self._private.private_bytes(Encoding.Raw, PrivateFormat.Raw, NoEncryption())
        return base64.b64encode(raw).decode()

    def sign(self, data: bytes) -> str:
        return base64.b64encode(self._private.sign(data)).decode()

    def __repr__(self) -> str:
        return f"BoardKey(public={self.public!r})"


def verify(public: str, data: bytes, signature: str) -> bool:
    """Whether ``signature`` is ``public``'s over ``data`` (False for any malformed part)."""
    if len(public) != KEY_TEXT or len(signature) != SIGNATURE_TEXT:
        return False
    try:
        key = Ed25519PublicKey.from_public_bytes(base64.b64decode(public, validate=True))
        key.verify(base64.b64decode(signature, validate=True), data)
    except (binascii.Error, ValueError, InvalidSignature):
        return False
    return True


def is_public_key(text: object) -> bool:
    """Whether ``text`` looks like a public key's text (checked again when used)."""
    if not isinstance(text, str) or len(text) != KEY_TEXT:
        return False
    try:
        return len(base64.b64decode(text, validate=True)) == 32
    except binascii.Error:
        return False
