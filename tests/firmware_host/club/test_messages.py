"""The room's wire format: every message kind reads back as written, a message written
before the shared envelope is read and written the same, and every way a message can
be wrong is refused with its reason."""

from __future__ import annotations

import json

import pytest

from firmware_host.club.messages import (
    ORGANISER,
    Birth,
    Body,
    ClubMessageError,
    ClubTopic,
    Health,
    Light,
    Offline,
    RoomState,
    club_topic,
    decode,
    encode,
    room_of,
)
from firmware_host.club.pairings import Pairing
from firmware_host.remote.identity import BoardKey
from firmware_host.remote.signed_envelope import SignedMessageError

# A board's birth as the code before the shared envelope wrote it (its key from a fixed
# seed: an Ed25519 signature is the same each time).
KEY = BoardKey.from_text("AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=")
ROOM = room_of(KEY.public)
TOPIC = "kiban/club/v1/ff73a0647bbc29aa418634db/board/b1"
FIXED = (
    b'{"v":1,"topic":"kiban/club/v1/ff73a0647bbc29aa418634db/board/b1","from":"b1","seq":7,'
    b'"key":"A6EHv/POEL4dcN0Y50vAmWfk1jCbpQ1fHdyGZBJVMbg=","body":{"game":"shogi","table":3,'
    b'"battery":80,"health":"ok","flag":false,"watch":null,"playing":null,"resumed":null},'
    b'"sig":"ENtKS5QNHDLV41T7k9aXJLscS2dNkILjGFyuPuiBxAT1uX8S+gVz31xNcpXU5jJjxanWacdOKhkZShMQ'
    b'V5AwCA=="}'
)


def test_a_message_written_before_the_shared_envelope_is_read_and_written_the_same() -> None:
    got = decode(TOPIC, FIXED, ROOM)
    assert (got.topic, got.sender, got.seq, got.key) == (TOPIC, "b1", 7, KEY.public)
    assert got.body == Birth("shogi", 3, 80) and got.board == "b1"
    assert got.signed_by(KEY.public)
    assert not got.signed_by(BoardKey.new().public)
    assert encode(TOPIC, "b1", 7, Birth("shogi", 3, 80), KEY) == FIXED


KINDS: dict[str, tuple[str, str | None, str, Body]] = {
    "birth": ("board", "b1", "b1", Birth("dobutsu", None, None, Health.FAULT, flag=True)),
    "will": ("board", "b1", "b1", Offline()),
    "state": ("state", None, ORGANISER, RoomState(2, (Pairing(1, ("Ann", "Bob"), "shogi"),))),
    "light": ("light", "b1", ORGANISER, Light(3)),
}


@pytest.mark.parametrize(("kind", "board", "sender", "body"), KINDS.values(), ids=KINDS.keys())
def test_every_kind_reads_back(kind: str, board: str | None, sender: str, body: Body) -> None:
    topic = club_topic(ROOM, ClubTopic(kind), board)
    got = decode(topic, encode(topic, sender, 3, body, KEY), ROOM)
    assert got.body == body and got.sender == sender and got.seq == 3
    assert got.board == board and got.signed_by(KEY.public)


def rewrite(payload: bytes, **changes: object) -> bytes:
    message = json.loads(payload)
    message.update(changes)
    return json.dumps(message).encode()


def test_refused_with_the_reason() -> None:
    """Each fault the room's reader refused before the envelope was shared, still
    refused by it with the reason, as the room's error (a signed message's)."""
    other = club_topic(ROOM, ClubTopic.BOARD, "b2")
    cases = {
        "more than a message may hold": FIXED + b" " * 256 * 1024,
        "not JSON": b'{"v": 1, "body": ' + b"[" * 10 + b"]" * 10 + b"}",
        "not a JSON object": b"[1]",
        "version '2', not 1": rewrite(FIXED, v=2),
        "but received on": rewrite(FIXED, topic=other),
        "no sequence number": rewrite(FIXED, seq=False),
        "no body or no signature": rewrite(FIXED, sig=None),
        "no signing key": rewrite(FIXED, key="A6EH"),
        "no sender": rewrite(FIXED, **{"from": None}),
        "'b2' wrote on board 'b1'": rewrite(FIXED, **{"from": "b2"}),
        "a malformed board message": rewrite(FIXED, body={"game": "chess"}),
    }
    for reason, bad in cases.items():
        with pytest.raises(ClubMessageError, match=reason) as refused:
            decode(TOPIC, bad, ROOM)
        assert isinstance(refused.value, SignedMessageError)
    with pytest.raises(ClubMessageError, match="is not this room's"):
        decode(TOPIC, FIXED, "another")
    light = club_topic(ROOM, ClubTopic.LIGHT, "b1")
    with pytest.raises(ClubMessageError, match="asked a board to light"):
        decode(light, encode(light, "b1", 1, Light(3), KEY), ROOM)
