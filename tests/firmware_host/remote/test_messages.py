"""The wire format: every message kind reads back as written, and every way a message
can be wrong is refused with its reason."""

from __future__ import annotations

import contextlib
import json
from dataclasses import replace
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from firmware_host.notices.declared import Proposal
from firmware_host.remote.code import GameCode, RoomKeys
from firmware_host.remote.identity import BoardKey
from firmware_host.remote.messages import (
    MAX_BYTES,
    Answer,
    Ask,
    BoardState,
    Body,
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
from firmware_host.session.consent import (
    Word,
    WordKind,
)


@cache
def keys(letters: str = "K7QM2XRDP9") -> RoomKeys:
    return GameCode(letters).keys()


@cache
def board_key(name: str) -> BoardKey:
    return BoardKey.new()


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
    (("h0571", board_key("h0571").public), ("j9a2f", board_key("j9a2f").public)),
    ((1, "j0000"), (1, "j9a2f")),
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


def envelope(body: Body, sender: str = "h0571") -> Envelope:
    kind = {GameSpec: Topic.GAME, BoardState: Topic.BOARD, Presence: Topic.ONLINE, Ask: Topic.ASK}
    chosen = kind[type(body)]
    return Envelope(topic(keys().room, chosen, sender), sender, 41, body)


def sent(body: Body, sender: str = "h0571") -> tuple[Envelope, bytes]:
    message = envelope(body, sender)
    intro = keys().introduce(sender, board_key(sender).public, host=sender == "h0571")
    return message, encode(message, board_key(sender), intro)


@pytest.mark.parametrize(
    "body",
    [SPEC, replace(SPEC, queued=("j1234",)), STATE, Presence(True), Ask("abc123")],
    ids=["game", "game-queued", "board", "online", "ask"],
)
def test_every_kind_reads_back(body: Body) -> None:
    sender = "h0571" if isinstance(body, GameSpec) else "j9a2f"
    message, payload = sent(body, sender)
    got = decode(message.topic, payload, keys().room)
    assert got.envelope == message and got.envelope.body == body
    assert got.key == board_key(sender).public
    assert got.signed_by(board_key(sender).public)
    assert not got.signed_by(board_key("someone else").public)
    assert keys().vouched(sender, got.key, got.intro)


def test_the_game_says_who_held_each_seat() -> None:
    assert SPEC.owner(1) == "j9a2f" and SPEC.owner(0) == "h0571"
    assert SPEC.holders(1) == ("j9a2f", "j0000")  # its board, then the one before it
    assert SPEC.holders(0) == ("h0571",)
    assert SPEC.key_of("j9a2f") == board_key("j9a2f").public and SPEC.key_of("zz") is None


def rewrite(payload: bytes, **changes: object) -> bytes:
    message = json.loads(payload)
    message.update(changes)
    return json.dumps(message).encode()


def nested(depth: int) -> bytes:
    return b"[" * depth + b"]" * depth


def test_refused_with_the_reason() -> None:
    message, payload = sent(STATE, "j9a2f")
    name = message.topic
    cases = {
        "not JSON": b"{not json",
        "not a JSON object": b"[1, 2]",
        "version": rewrite(payload, v=1),
        "received on": rewrite(payload, topic=topic(keys().room, Topic.BOARD, "zzz")),
        "more than a message may hold": payload + b" " * MAX_BYTES,
        "no sequence number": rewrite(payload, seq=-1),
        "no signing key": rewrite(payload, key="not a key"),
        "no introduction": rewrite(payload, intro={"join": "x"}),
    }
    for reason, bad in cases.items():
        with pytest.raises(RemoteMessageError, match=reason):
            decode(name, bad, keys().room)


@pytest.mark.parametrize(
    "payload",
    [
        nested(1000),  # the 2 KB message that ended every board with a RecursionError
        b'{"v": 3, "body": ' + nested(100_000) + b"}",
        b'{"v": 3, "topic": "x", "from": "a", "seq": 1, "body": {"moves": ' + nested(50) + b"}}",
        b'{"v": NaN}',
        b"\xff\xfe\x00[",
    ],
    ids=["lists", "deep-body", "deep-field", "nan", "not-text"],
)
def test_what_cannot_be_read_is_refused_never_raised(payload: bytes) -> None:
    with pytest.raises(RemoteMessageError, match="not JSON"):
        decode(topic(keys().room, Topic.GAME, "h0571"), payload, keys().room)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=30,
)


@settings(max_examples=300, deadline=None)
@given(
    field=st.sampled_from(["v", "topic", "from", "seq", "key", "intro", "body", "sig"]),
    value=JSON,
    inner=st.sampled_from(["", "moves", "seats", "offer", "answers", "clock", "ending", "uid"]),
)
def test_any_message_is_read_or_refused_with_a_reason(
    field: str, value: object, inner: str
) -> None:
    """Whatever a field holds, reading gives a message or a refusal, nothing else."""
    message, payload = sent(STATE, "j9a2f")
    whole = json.loads(payload)
    if inner and field == "body":
        whole["body"][inner] = value
    else:
        whole[field] = value
    with contextlib.suppress(RemoteMessageError):
        decode(message.topic, json.dumps(whole).encode(), keys().room)


def test_a_tampered_body_fails_the_signature() -> None:
    message, payload = sent(STATE, "j9a2f")
    whole = json.loads(payload)
    whole["body"]["moves"].append("2g2f")
    got = decode(message.topic, json.dumps(whole).encode(), keys().room)
    assert not got.signed_by(board_key("j9a2f").public)


def test_a_board_may_write_only_its_own_topic_and_only_the_host_the_game() -> None:
    other = Envelope(topic(keys().room, Topic.BOARD, "h0571"), "j9a2f", 1, STATE)
    intro = keys().introduce("j9a2f", board_key("j9a2f").public, host=False)
    with pytest.raises(RemoteMessageError, match="wrote on board"):
        decode(other.topic, encode(other, board_key("j9a2f"), intro), keys().room)
    usurper = Envelope(topic(keys().room, Topic.GAME, "j9a2f"), "j9a2f", 1, SPEC)
    with pytest.raises(RemoteMessageError, match="only the host"):
        decode(usurper.topic, encode(usurper, board_key("j9a2f"), intro), keys().room)
    on_the_hosts = Envelope(topic(keys().room, Topic.GAME, "h0571"), "j9a2f", 1, SPEC)
    with pytest.raises(RemoteMessageError, match="wrote on board"):
        decode(on_the_hosts.topic, encode(on_the_hosts, board_key("j9a2f"), intro), keys().room)


def test_a_message_of_another_room_is_refused() -> None:
    stranger = Envelope("kiban/v3/otherroom/board/j9a2f", "j9a2f", 1, STATE)
    intro = keys().introduce("j9a2f", board_key("j9a2f").public, host=False)
    with pytest.raises(RemoteMessageError, match="not this room's"):
        decode(stranger.topic, encode(stranger, board_key("j9a2f"), intro), keys().room)


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
        ("offer", {"id": 1, "kind": "seat", "plies": 0, "ply": 0}),  # asked of the host only
        ("ending", {"kind": "resign"}),
        ("ending", "resign"),
        ("answers", [{"board": "../x", "offer": 1, "accepted": True}]),
    ],
)
def test_malformed_bodies_are_refused(field: str, value: object) -> None:
    message, payload = sent(STATE, "j9a2f")
    whole = json.loads(payload)
    whole["body"][field] = value
    with pytest.raises(RemoteMessageError, match="malformed"):
        decode(message.topic, json.dumps(whole).encode(), keys().room)


@pytest.mark.parametrize(
    ("field", "value"),
    [("keys", {"j9a2f": "not a key"}), ("held", [[1]]), ("held", [[99, "j9a2f"]]), ("keys", [])],
)
def test_malformed_games_are_refused(field: str, value: object) -> None:
    message, payload = sent(SPEC, "h0571")
    whole = json.loads(payload)
    whole["body"][field] = value
    with pytest.raises(RemoteMessageError, match="malformed"):
        decode(message.topic, json.dumps(whole).encode(), keys().room)


# A board's presence as the code before the shared envelope wrote it (its key from a
# fixed seed: an Ed25519 signature is the same each time).
FIXED_KEY = BoardKey.from_text("AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=")
FIXED_TOPIC = "kiban/v3/39dc00a73b28a61fb75b/online/j9a2f"
FIXED = (
    b'{"v":3,"topic":"kiban/v3/39dc00a73b28a61fb75b/online/j9a2f","from":"j9a2f","seq":41,'
    b'"key":"A6EHv/POEL4dcN0Y50vAmWfk1jCbpQ1fHdyGZBJVMbg=","intro":{"join":'
    b'"b7fca162c167f74f1f91b4dd0ad932e632aa27aa516c8bd83fd12420716d382a"},'
    b'"body":{"online":true,"state":40},"sig":"hgfalK4Ro2mDAoG+OpedMBS9sSs0eolORxKg5cxGK/2k'
    b'Y2byVaj1KAErIX45GrhHCckSrd/ONVS62B0hmQCGDw=="}'
)


def test_a_message_written_before_the_shared_envelope_is_read_and_written_the_same() -> None:
    got = decode(FIXED_TOPIC, FIXED, keys().room)
    assert got.envelope == Envelope(FIXED_TOPIC, "j9a2f", 41, Presence(True, 40))
    assert got.envelope.body == Presence(True, 40)
    assert got.signed_by(FIXED_KEY.public) and keys().vouched("j9a2f", got.key, got.intro)
    assert encode(got.envelope, FIXED_KEY, got.intro) == FIXED


def test_an_envelope_fault_is_refused_as_a_remote_message() -> None:
    message, payload = sent(STATE, "j9a2f")
    cases = {
        "no sender": rewrite(payload, **{"from": "../x"}),
        "no sequence number": rewrite(payload, seq=True),
        "no body or no signature": rewrite(payload, body=None),
        "no signing key": rewrite(payload, intro="join"),
    }
    for reason, bad in cases.items():
        with pytest.raises(RemoteMessageError, match=reason):
            decode(message.topic, bad, keys().room)
