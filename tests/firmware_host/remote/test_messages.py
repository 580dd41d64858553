"""The wire format: every message kind reads back as written, and every way a message
can be wrong is refused with its reason."""

from __future__ import annotations

import json
from functools import cache

import pytest

from firmware_host.remote.code import GameCode, RoomKeys
from firmware_host.remote.messages import (
    MAX_BYTES,
    Answer,
    BoardState,
    Envelope,
    GameSpec,
    Offer,
    Presence,
    RemoteMessageError,
    Topic,
    decode,
    encode,
    topic,
)
from firmware_host.session.consent import Proposal, Word, WordKind


@cache
def keys(letters: str = "K7QM2XRDP9") -> RoomKeys:
    return GameCode(letters).keys()


SPEC = GameSpec(
    "abc123",
    "shogi",
    (("impasse", "27"),),
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    ("7g7f",),
    (("clock", "10m"),),
    "h0571",
    (1,),
    ((1, "j9a2f"),),
)
STATE = BoardState(
    "abc123",
    (1,),
    2,
    ("7g7f", "3c3d"),
    Word(WordKind.RESIGN, 1),
    Offer(3, Proposal.TAKEBACK, 1, 2),
    (Answer("h0571", 2, False),),
)


def envelope(body: GameSpec | BoardState | Presence, sender: str = "h0571") -> Envelope:
    kind = Topic.GAME if isinstance(body, GameSpec) else Topic.BOARD
    if isinstance(body, Presence):
        kind = Topic.ONLINE
    board = None if kind is Topic.GAME else sender
    return Envelope(topic(keys().room, kind, board), sender, 41, body)


@pytest.mark.parametrize("body", [SPEC, STATE, Presence(True)], ids=["game", "board", "online"])
def test_every_kind_reads_back(body: GameSpec | BoardState | Presence) -> None:
    sender = "h0571" if isinstance(body, GameSpec) else "j9a2f"
    sent = envelope(body, sender)
    got = decode(sent.topic, encode(sent, keys()), keys())
    assert (got.topic, got.sender, got.seq, got.body) == (sent.topic, sender, 41, body)


def rewrite(payload: bytes, **changes: object) -> bytes:
    message = json.loads(payload)
    message.update(changes)
    return json.dumps(message).encode()


def test_refused_with_the_reason() -> None:
    sent = envelope(STATE, "j9a2f")
    payload = encode(sent, keys())
    name = sent.topic
    cases = {
        "not JSON": b"{not json",
        "not a JSON object": b"[1, 2]",
        "version": rewrite(payload, v=2),
        "received on": rewrite(payload, topic=topic(keys().room, Topic.BOARD, "zzz")),
        "signature": encode(sent, keys("K7QM2XRDP8")),  # forged: another code's key
        "more than a message may hold": payload + b" " * MAX_BYTES,
        "no sequence number": rewrite(payload, seq=-1),
    }
    for reason, bad in cases.items():
        with pytest.raises(RemoteMessageError, match=reason):
            decode(name, bad, keys())


def test_a_tampered_body_fails_the_signature() -> None:
    sent = envelope(STATE, "j9a2f")
    message = json.loads(encode(sent, keys()))
    message["body"]["moves"].append("2g2f")
    with pytest.raises(RemoteMessageError, match="signature"):
        decode(sent.topic, json.dumps(message).encode(), keys())


def test_a_board_may_write_only_its_own_topic_and_only_the_host_the_game() -> None:
    other = Envelope(topic(keys().room, Topic.BOARD, "h0571"), "j9a2f", 1, STATE)
    with pytest.raises(RemoteMessageError, match="wrote on board"):
        decode(other.topic, encode(other, keys()), keys())
    usurper = Envelope(topic(keys().room, Topic.GAME), "j9a2f", 1, SPEC)
    with pytest.raises(RemoteMessageError, match="only the host"):
        decode(usurper.topic, encode(usurper, keys()), keys())


def test_a_signed_message_of_another_room_is_refused() -> None:
    stranger = Envelope("kiban/v1/otherroom/board/j9a2f", "j9a2f", 1, STATE)
    with pytest.raises(RemoteMessageError, match="not this room's"):
        decode(stranger.topic, encode(stranger, keys()), keys())


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("moves", "7g7f"),
        ("moves", ["x" * 200]),
        ("moves", ["ok"] * 9000),
        ("line", -1),
        ("line", True),
        ("seats", [99]),
        ("offer", {"id": 1, "kind": "surrender", "plies": 1, "ply": 0}),
        ("ending", {"kind": "resign"}),
        ("answers", [{"board": "../x", "offer": 1, "accepted": True}]),
    ],
)
def test_malformed_bodies_are_refused(field: str, value: object) -> None:
    sent = envelope(STATE, "j9a2f")
    body = json.loads(encode(sent, keys()))["body"]
    body[field] = value
    from firmware_host.remote.messages import _signed_part

    signed = _signed_part(sent.topic, "j9a2f", 41, body)
    message = {"v": 1, "topic": sent.topic, "from": "j9a2f", "seq": 41, "body": body}
    message["sig"] = keys().sign(signed)
    with pytest.raises(RemoteMessageError, match="malformed"):
        decode(sent.topic, json.dumps(message).encode(), keys())
