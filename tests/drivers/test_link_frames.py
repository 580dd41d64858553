"""The scanner link's framing: COBS, CRC-16/CCITT-FALSE, frames split across reads,
damage counted; the host's codec against the firmware's, written apart."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from drivers import link_frames as host
from drivers.link_frames import FrameReader, LinkError, MessageType
from hardware.firmware.rp2040 import kiban_link as firmware

# Examples from the COBS article (Cheshire and Baker) as Wikipedia lists them.
VECTORS = [
    (b"\x00", b"\x01\x01"),
    (b"\x00\x00", b"\x01\x01\x01"),
    (b"\x00\x11\x00", b"\x01\x02\x11\x01"),
    (b"\x11\x22\x00\x33", b"\x03\x11\x22\x02\x33"),
    (b"\x11\x22\x33\x44", b"\x05\x11\x22\x33\x44"),
    (b"\x11\x00\x00\x00", b"\x02\x11\x01\x01\x01"),
    (bytes(range(1, 256)), b"\xff" + bytes(range(1, 255)) + b"\x02\xff"),
]


@pytest.mark.parametrize(("data", "encoded"), VECTORS)
def test_cobs_vectors_on_both_sides(data: bytes, encoded: bytes) -> None:
    assert host.cobs_encode(data) == encoded
    assert firmware.cobs_encode(data) == encoded
    assert host.cobs_decode(encoded) == data
    assert firmware.cobs_decode(encoded) == data


def test_a_block_of_exactly_254_bytes_decodes_with_or_without_a_closing_code() -> None:
    data = bytes(range(1, 255))
    for encoded in (b"\xff" + data, b"\xff" + data + b"\x01"):
        assert host.cobs_decode(encoded) == data
        assert firmware.cobs_decode(encoded) == data


def test_crc_check_value_on_both_sides() -> None:
    # CRC-16/CCITT-FALSE of "123456789" is 0x29B1 (the catalogue's check value)
    assert host.crc16(b"123456789") == firmware.crc16(b"123456789") == 0x29B1


@settings(max_examples=200, deadline=None)
@given(data=st.binary(max_size=700))
def test_each_side_decodes_what_the_other_encodes(data: bytes) -> None:
    assert 0 not in host.cobs_encode(data)
    assert firmware.cobs_decode(host.cobs_encode(data)) == data
    assert host.cobs_decode(firmware.cobs_encode(data)) == data
    assert firmware.crc16(data) == host.crc16(data)


@settings(max_examples=100, deadline=None)
@given(kind=st.integers(0, 255), sequence=st.integers(0, 255), body=st.binary(max_size=300))
def test_frames_are_byte_for_byte_the_same_from_either_encoder(
    kind: int, sequence: int, body: bytes
) -> None:
    wire = firmware.frame(kind, sequence, body)
    assert wire == host.encode_frame(kind, sequence, body)
    assert wire.endswith(b"\x00") and 0 not in wire[:-1]
    (frame,) = FrameReader().feed(b"\x00" + wire)
    assert (frame.kind, frame.sequence, frame.body) == (kind, sequence, body)
    assert firmware.Splitter().feed(wire) == [(kind, sequence, body)]


@settings(max_examples=100, deadline=None)
@given(readings=st.lists(st.integers(0, 2), min_size=1, max_size=1024))
def test_full_frames_carry_every_reading(readings: list[int]) -> None:
    assert host.unpack_full(firmware.pack_readings(readings)) == readings


def test_frames_survive_reads_split_anywhere() -> None:
    frames = [firmware.frame(MessageType.CHANGES, n, bytes([0, n, 1])) for n in range(40)]
    stream = b"".join(frames)
    rng = random.Random(7)
    for _ in range(20):
        reader = FrameReader()
        reader.feed(b"\x00")  # in step from the start
        got = []
        position = 0
        while position < len(stream):
            step = rng.randint(1, 9)
            got += reader.feed(stream[position : position + step])
            position += step
        assert [frame.sequence for frame in got] == list(range(40))
    reader = FrameReader()
    got = [frame for byte in b"\x00" + stream for frame in reader.feed(bytes([byte]))]
    assert len(got) == 40 and reader.crc_errors == 0


def test_a_corrupted_byte_is_rejected_by_the_crc_and_counted() -> None:
    wire = bytearray(firmware.frame(MessageType.CHANGES, 5, b"\x00\x07\x01"))
    wire[2] ^= 0x10  # the sequence number: a data byte, not a COBS code
    reader = FrameReader()
    assert list(reader.feed(b"\x00" + bytes(wire))) == []
    assert reader.crc_errors == 1
    good = firmware.frame(MessageType.CHANGES, 6, b"\x00\x07\x00")
    assert [f.sequence for f in reader.feed(good)] == [6]  # back in step at once


def test_a_reader_joining_mid_frame_waits_for_the_next_delimiter() -> None:
    first = firmware.frame(MessageType.FULL, 1, firmware.pack_readings([1, 0, 2]))
    second = firmware.frame(MessageType.FULL, 2, firmware.pack_readings([0, 0, 2]))
    reader = FrameReader()
    frames = list(reader.feed(first[4:] + second))
    assert [frame.sequence for frame in frames] == [2]
    assert (reader.crc_errors, reader.framing_errors) == (0, 0)


def test_broken_framing_is_counted_and_overlong_noise_skipped() -> None:
    reader = FrameReader()
    assert list(reader.feed(b"\x00\x05\x01\x00")) == []  # a block running past its frame
    assert reader.framing_errors == 1
    assert list(reader.feed(b"\x01" * (host.MAX_ENCODED + 10) + b"\x00")) == []
    assert reader.framing_errors == 2


def test_bodies_are_checked() -> None:
    hello = host.parse_hello(bytes([1, 1, 0, 64, 0x03, 0xE8]) + b"fw 2")
    assert (hello.polarity, hello.channels, hello.heartbeat, hello.firmware) == (
        True,
        64,
        1.0,
        "fw 2",
    )
    with pytest.raises(LinkError, match="too short"):
        host.parse_hello(b"\x01\x00")
    with pytest.raises(LinkError, match="whole"):
        host.unpack_changes(b"\x00\x01")
    with pytest.raises(LinkError, match="carries"):
        host.unpack_full(b"\x00\x09\x00")
    with pytest.raises(ValueError, match="exceeds"):
        host.encode_frame(MessageType.FULL, 0, bytes(600))
