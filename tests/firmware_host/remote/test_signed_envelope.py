"""The signed envelope of the remote game's and the room's messages: read back as
written, byte for byte the layout both wrote before they shared it, and every way an
envelope can be wrong refused with its kind's error and the reason."""

from __future__ import annotations

import base64
import json

import pytest

from engine.errors import KibanError
from firmware_host.remote.identity import BoardKey
from firmware_host.remote.signed_envelope import (
    EnvelopeForm,
    Opened,
    SignedMessageError,
    open_envelope,
    seal,
)


class SampleError(SignedMessageError):
    """The refusal of the sample kind of message."""


def short_name(name: str) -> bool:
    return 0 < len(name) <= 8


FORM = EnvelopeForm(2, 1024, 4, SampleError, short_name)
BESIDE = EnvelopeForm(2, 1024, 4, SampleError, short_name, ("note",))
TOPIC = "sample/room/board/b1"
KEY = BoardKey.from_text(base64.b64encode(bytes(range(32))).decode())
OTHER = BoardKey.from_text(base64.b64encode(bytes(32)).decode())
BODY = {"moves": ["7g7f"], "n": 1}


def sent(form: EnvelopeForm = FORM, **unsigned: object) -> bytes:
    return seal(form, KEY, BODY, topic=TOPIC, sender="b1", seq=41, unsigned=unsigned or None)


def rewrite(payload: bytes, **changes: object) -> bytes:
    message = json.loads(payload)
    message.update(changes)
    return json.dumps(message).encode()


def without(payload: bytes, field: str) -> bytes:
    message = json.loads(payload)
    del message[field]
    return json.dumps(message).encode()


def test_an_envelope_reads_back_as_written_and_signed_by_its_key_only() -> None:
    got = open_envelope(FORM, TOPIC, sent())
    assert (got.topic, got.sender, got.seq, got.key, got.body) == (
        TOPIC,
        "b1",
        41,
        KEY.public,
        BODY,
    )
    assert got.unsigned == {}
    assert got.signed_by(KEY.public)
    assert not got.signed_by(OTHER.public)


def test_the_layout_is_the_one_both_kinds_wrote_before_they_shared_it() -> None:
    """The fields in their order, compact; the signature over the same fields but the
    unsigned ones, with sorted keys (an Ed25519 signature is the same each time)."""
    payload = sent(BESIDE, note={"word": "x"})
    assert payload == (
        b'{"v":2,"topic":"sample/room/board/b1","from":"b1","seq":41,'
        b'"key":"A6EHv/POEL4dcN0Y50vAmWfk1jCbpQ1fHdyGZBJVMbg=","note":{"word":"x"},'
        b'"body":{"moves":["7g7f"],"n":1},"sig":"' + sig_of(payload) + b'"}'
    )
    signed = (
        b'{"body":{"moves":["7g7f"],"n":1},"from":"b1",'
        b'"key":"A6EHv/POEL4dcN0Y50vAmWfk1jCbpQ1fHdyGZBJVMbg=","seq":41,'
        b'"topic":"sample/room/board/b1","v":2}'
    )
    assert sig_of(payload) == KEY.sign(signed).encode()
    got = open_envelope(BESIDE, TOPIC, payload)
    assert got.signed == signed and got.unsigned == {"note": {"word": "x"}}


def sig_of(payload: bytes) -> bytes:
    signature = json.loads(payload)["sig"]
    assert isinstance(signature, str)
    return signature.encode()


def test_the_unsigned_fields_are_outside_the_signature_and_the_body_inside() -> None:
    payload = sent(BESIDE, note="a")
    changed = open_envelope(BESIDE, TOPIC, rewrite(payload, note="b"))
    assert changed.unsigned == {"note": "b"} and changed.signed_by(KEY.public)
    missing = open_envelope(BESIDE, TOPIC, without(payload, "note"))
    assert missing.unsigned == {"note": None}  # the kind's to refuse
    tampered = json.loads(payload)
    tampered["body"]["n"] = 2
    assert not open_envelope(BESIDE, TOPIC, json.dumps(tampered).encode()).signed_by(KEY.public)
    for field, value in (("seq", 42), ("from", "b2"), ("topic", "sample/room/board/b2")):
        topic = value if field == "topic" else TOPIC
        assert isinstance(topic, str)
        forged = open_envelope(FORM, topic, rewrite(sent(), **{field: value}))
        assert not forged.signed_by(KEY.public), field


def nested(depth: int) -> bytes:
    return b"[" * depth + b"]" * depth


REFUSALS = {
    "too big": (b" " * 1025 + b"{}", "1027 bytes is more than a message may hold"),
    "not JSON": (b"{not json", "not JSON"),
    "not text": (b"\xff\xfe\x00[", "not JSON"),
    "NaN": (b'{"v": NaN}', "not JSON"),
    "too deep": (b'{"v": 2, "body": ' + nested(10) + b"}", "not JSON"),
    "not an object": (b"[1, 2]", "not a JSON object"),
    "no version": (without(sent(), "v"), "version 'None', not 2"),
    "another version": (rewrite(sent(), v=1), "version '1', not 2"),
    "another topic": (rewrite(sent(), topic="sample/room/board/b2"), "but received on"),
    "no topic": (without(sent(), "topic"), "sent to 'None' but received on"),
    "no sender": (without(sent(), "from"), "no sender"),
    "a sender not text": (rewrite(sent(), **{"from": 7}), "no sender"),
    "a sender the form refuses": (rewrite(sent(), **{"from": "a" * 9}), "no sender"),
    "no seq": (without(sent(), "seq"), "no sequence number"),
    "a negative seq": (rewrite(sent(), seq=-1), "no sequence number"),
    "a true seq": (rewrite(sent(), seq=True), "no sequence number"),
    "a seq of 2**62": (rewrite(sent(), seq=1 << 62), "no sequence number"),
    "a fraction of a seq": (rewrite(sent(), seq=1.5), "no sequence number"),
    "a seq in text": (rewrite(sent(), seq="41"), "no sequence number"),
    "no body": (without(sent(), "body"), "no body or no signature"),
    "a body not an object": (rewrite(sent(), body=[1]), "no body or no signature"),
    "no signature": (without(sent(), "sig"), "no body or no signature"),
    "a signature not text": (rewrite(sent(), sig=1), "no body or no signature"),
    "no key": (without(sent(), "key"), "no signing key"),
    "a key not a key": (rewrite(sent(), key="not a key"), "no signing key"),
    "a key not text": (rewrite(sent(), key=["x"]), "no signing key"),
}


@pytest.mark.parametrize(("payload", "reason"), REFUSALS.values(), ids=REFUSALS.keys())
def test_every_fault_of_form_is_refused_with_the_kinds_error_and_its_reason(
    payload: bytes, reason: str
) -> None:
    with pytest.raises(SampleError, match=reason) as refused:
        open_envelope(FORM, TOPIC, payload)
    assert isinstance(refused.value, KibanError) and isinstance(refused.value, ValueError)


def test_a_seq_at_the_top_of_its_range_is_read() -> None:
    got = open_envelope(
        FORM, TOPIC, seal(FORM, KEY, BODY, topic=TOPIC, sender="b1", seq=(1 << 62) - 1)
    )
    assert isinstance(got, Opened) and got.seq == (1 << 62) - 1
    assert got.signed_by(KEY.public)
