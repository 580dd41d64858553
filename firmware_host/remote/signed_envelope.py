"""The signed envelope every message between boards travels in, of a remote game
(``messages.py``) and of a club room (``club/messages.py``) alike.

An envelope is one JSON object: the version, the topic it is meant for, its sender,
the sender's sequence number, the sender's public key, a body, and the signature of
all that (``_signed_part``: the same fields with sorted keys, so that any JSON writer
can say them again). A kind of message may carry fields beside the key that are not
signed (the remote game's ``intro``, the code's word for the key). Reading checks the
envelope's form and nothing of its body, which is its kind's to read; whether the key
is one to believe is the reader's question (``Opened.signed_by`` says whether the key
signed it). Written once, so that a fix to what is refused is made once.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.errors import KibanError
from firmware_host.remote.identity import BoardKey, is_public_key, verify
from firmware_host.wire.json_reader import MalformedJsonError, read_json

MAX_SEQ = 1 << 62  # a sequence number is below this (and not negative)


class SignedMessageError(KibanError, ValueError):
    """A signed message that is refused (the reason says why); each kind of message
    refuses with its own subclass."""


def any_sender(name: str) -> bool:
    """A kind of message whose body says which senders it takes (the club's)."""
    return True


@dataclass(frozen=True, slots=True)
class EnvelopeForm:
    """What one kind of message holds its envelopes to."""

    version: int
    max_bytes: int  # a payload longer than this is refused before it is read
    max_depth: int  # JSON nested deeper than this is refused while it is read
    error: type[SignedMessageError]  # what a refusal raises
    sender: Callable[[str], bool] = any_sender  # whether a sender's name can be one
    unsigned: tuple[str, ...] = ()  # fields carried after the key and not signed


@dataclass(frozen=True, slots=True)
class Opened:
    """An envelope read and checked for form, its body still the JSON it came as."""

    topic: str
    sender: str
    seq: int
    key: str  # the public key it says it is signed with
    body: dict[str, Any]
    unsigned: dict[str, object]  # the form's unsigned fields, as they came (absent: None)
    signed: bytes = field(repr=False)
    signature: str = field(repr=False)

    def signed_by(self, key: str) -> bool:
        """Whether the message is signed by ``key`` (and says so)."""
        return signed_by(key, self.key, self.signed, self.signature)


def signed_by(key: str, claimed: str, signed: bytes, signature: str) -> bool:
    """Whether a message that says it is signed with ``claimed`` is signed by ``key``."""
    return key == claimed and verify(key, signed, signature)


def _signed_part(head: Mapping[str, object], body: object) -> bytes:
    return json.dumps({**head, "body": body}, sort_keys=True, separators=(",", ":")).encode()


def seal(
    form: EnvelopeForm,
    key: BoardKey,
    body: Mapping[str, Any],
    *,
    topic: str,
    sender: str,
    seq: int,
    unsigned: Mapping[str, object] | None = None,
) -> bytes:
    """The message as sent: ``body`` (JSON already) signed with the sender's ``key``,
    which it carries, with the ``unsigned`` fields the form names after the key."""
    beside = {} if unsigned is None else dict(unsigned)
    assert sorted(beside) == sorted(form.unsigned), f"{sorted(beside)}, not {form.unsigned}"
    head = {"v": form.version, "topic": topic, "from": sender, "seq": seq, "key": key.public}
    content = dict(body)
    message = {
        **head,
        **{name: beside[name] for name in form.unsigned},
        "body": content,
        "sig": key.sign(_signed_part(head, content)),
    }
    return json.dumps(message, separators=(",", ":")).encode()


def open_envelope(form: EnvelopeForm, topic: str, payload: bytes) -> Opened:
    """The envelope received on ``topic``, checked for form; ``form.error`` says why
    not. Anything that cannot be read is refused, never raised otherwise."""
    refuse = form.error
    if len(payload) > form.max_bytes:
        raise refuse(f"{len(payload)} bytes is more than a message may hold")
    try:
        message = read_json(payload, max_depth=form.max_depth)
    except MalformedJsonError as error:
        raise refuse(f"not JSON: {error}") from None
    if not isinstance(message, dict):
        raise refuse("not a JSON object")
    if message.get("v") != form.version:
        raise refuse(f"version {str(message.get('v'))[:20]!r}, not {form.version}")
    named, sender, seq = message.get("topic"), message.get("from"), message.get("seq")
    key, body, signature = message.get("key"), message.get("body"), message.get("sig")
    if named != topic:
        raise refuse(f"sent to {str(named)[:80]!r} but received on {topic!r}")
    if not isinstance(sender, str) or not form.sender(sender):
        raise refuse("no sender")
    if not isinstance(seq, int) or isinstance(seq, bool) or not 0 <= seq < MAX_SEQ:
        raise refuse("no sequence number")
    if not isinstance(body, dict) or not isinstance(signature, str):
        raise refuse("no body or no signature")
    if not isinstance(key, str) or not is_public_key(key):
        raise refuse("no signing key")
    head = {"v": form.version, "topic": topic, "from": sender, "seq": seq, "key": key}
    signed = _signed_part(head, body)
    unsigned = {name: message.get(name) for name in form.unsigned}
    return Opened(topic, sender, seq, key, body, unsigned, signed, signature)
