"""Frames of the scanner link (docs/scanner-protocol.md), as the host reads and writes them.

On the wire a frame is its payload, COBS-encoded, then one 0x00 byte. COBS
(Cheshire and Baker, 1999) removes every zero from the payload at a cost of one
byte per 254, so a zero always and only ends a frame: a receiver that joins
mid-stream, or loses bytes, is back in step at the next zero.

The payload is ``type, sequence, body..., CRC high, CRC low``. The CRC is
CRC-16/CCITT-FALSE (polynomial 0x1021, initial value 0xFFFF, no reflection,
no final XOR; check value 0x29B1 for "123456789") over type, sequence and
body. Sixteen bits suffice: frames are at most a few hundred bytes, where this
CRC detects every error of up to three bits and every burst of up to sixteen.
The host computes it with ``binascii.crc_hqx``; the microcontroller with a
table of its own (hardware/firmware/rp2040/kiban_link.py), and tests check
the two against each other.
"""

from __future__ import annotations

import binascii
from collections.abc import Iterator
from dataclasses import dataclass
from enum import IntEnum

from engine.errors import KibanError

PROTOCOL_VERSION = 2  # 2: a FULL frame only ever carries a good scan (docs/scanner-protocol.md)
MAX_PAYLOAD = 520  # a full frame of 1024 channels, with its header and CRC
MAX_ENCODED = MAX_PAYLOAD + MAX_PAYLOAD // 254 + 2
MAX_CHANNELS = 1024
CRC_INITIAL = 0xFFFF


class MessageType(IntEnum):
    """The first payload byte. Device to host below 0x10, host to device from 0x10."""

    HELLO = 0x01  # protocol, sensing, channel count, heartbeat period, firmware version
    FULL = 0x02  # every channel's reading
    CHANGES = 0x03  # (channel, reading) pairs since the previous frame
    FAULT = 0x04  # the device's own sensors failed: a message
    REQUEST_FULL = 0x10  # the host lost step: send a full frame now
    REQUEST_HELLO = 0x11  # the host (re)started: say hello, then a full frame


class LinkError(KibanError, ValueError):
    """A frame that cannot be decoded (bad COBS, bad CRC, bad body)."""


@dataclass(frozen=True, slots=True)
class Frame:
    kind: int
    sequence: int
    body: bytes


@dataclass(frozen=True, slots=True)
class Hello:
    protocol: int
    polarity: bool
    channels: int
    heartbeat: float  # seconds between full frames when nothing changes
    firmware: str


def crc16(data: bytes) -> int:
    """CRC-16/CCITT-FALSE of ``data``."""
    return binascii.crc_hqx(data, CRC_INITIAL)


def cobs_encode(data: bytes) -> bytes:
    """Consistent overhead byte stuffing: the result holds no zero byte."""
    out = bytearray()
    block = bytearray()
    for byte in data:
        if byte:
            block.append(byte)
            if len(block) == 254:
                out.append(255)
                out += block
                block.clear()
        else:
            out.append(len(block) + 1)
            out += block
            block.clear()
    out.append(len(block) + 1)
    out += block
    return bytes(out)


def cobs_decode(data: bytes) -> bytes:
    """The inverse of ``cobs_encode``; LinkError on a malformed block."""
    out = bytearray()
    index = 0
    while index < len(data):
        code = data[index]
        if code == 0:
            raise LinkError("a zero byte inside a COBS frame")
        end = index + code
        if end > len(data):
            raise LinkError(f"a COBS block runs {end - len(data)} bytes past the frame")
        out += data[index + 1 : end]
        index = end
        if code < 255 and index < len(data):
            out.append(0)
    return bytes(out)


def encode_frame(kind: int, sequence: int, body: bytes = b"") -> bytes:
    """A frame ready for the wire: COBS of the payload and CRC, then the 0x00 delimiter."""
    payload = bytes([kind & 0xFF, sequence & 0xFF]) + body
    if len(payload) + 2 > MAX_PAYLOAD:
        raise ValueError(f"a payload of {len(payload) + 2} bytes exceeds {MAX_PAYLOAD}")
    crc = crc16(payload)
    return cobs_encode(payload + bytes([crc >> 8, crc & 0xFF])) + b"\x00"


def decode_payload(encoded: bytes) -> Frame:
    """One frame from its COBS bytes (without the delimiter); LinkError if damaged."""
    payload = cobs_decode(encoded)
    if len(payload) < 4:
        raise LinkError(f"a frame of {len(payload)} bytes is too short")
    crc = payload[-2] << 8 | payload[-1]
    if crc16(payload[:-2]) != crc:
        raise LinkError("CRC mismatch")
    return Frame(payload[0], payload[1], bytes(payload[2:-2]))


class FrameReader:
    """Splits a byte stream into frames, whatever the size of each read.

    Bytes before the first delimiter are dropped unseen (the reader may join in
    the middle of a frame). Damaged frames are counted, never returned.
    """

    def __init__(self) -> None:
        self._buffer = bytearray()
        self._started = False
        self._overflow = False
        self.crc_errors = 0
        self.framing_errors = 0
        self.frames = 0

    def feed(self, data: bytes) -> list[Frame]:
        """The whole frames ``data`` completes (bytes are consumed at once, not lazily)."""
        return list(self._feed(data))

    def _feed(self, data: bytes) -> Iterator[Frame]:
        for byte in data:
            if byte:
                if not self._started or self._overflow:
                    continue
                self._buffer.append(byte)
                if len(self._buffer) > MAX_ENCODED:
                    self._overflow = True
                    self._buffer.clear()
                continue
            if not self._started:
                self._started = True
                continue
            if self._overflow:
                self._overflow = False
                self.framing_errors += 1
                continue
            encoded = bytes(self._buffer)
            self._buffer.clear()
            if not encoded:
                continue  # an idle delimiter
            try:
                frame = decode_payload(encoded)
            except LinkError as error:
                if str(error) == "CRC mismatch":
                    self.crc_errors += 1
                else:
                    self.framing_errors += 1
                continue
            self.frames += 1
            yield frame


# --- bodies --------------------------------------------------------------------------


def parse_hello(body: bytes) -> Hello:
    if len(body) < 6:
        raise LinkError(f"a hello of {len(body)} bytes is too short")
    channels = body[2] << 8 | body[3]
    if not 1 <= channels <= MAX_CHANNELS:
        raise LinkError(f"a scanner of {channels} channels is outside 1..{MAX_CHANNELS}")
    if body[1] not in (0, 1):
        raise LinkError(f"sensing code {body[1]} is neither 0 (occupancy) nor 1 (polarity)")
    heartbeat = (body[4] << 8 | body[5]) / 1000
    firmware = body[6:].decode("utf-8", errors="replace")
    return Hello(body[0], body[1] == 1, channels, heartbeat, firmware)


def unpack_full(body: bytes) -> list[int]:
    """Readings of a full frame: two bits per channel, four channels a byte, low bits first."""
    if len(body) < 2:
        raise LinkError("a full frame without its channel count")
    channels = body[0] << 8 | body[1]
    packed = body[2:]
    if len(packed) != (channels + 3) // 4:
        raise LinkError(f"a full frame of {channels} channels carries {len(packed)} bytes")
    readings = [packed[i >> 2] >> ((i & 3) * 2) & 3 for i in range(channels)]
    if any(reading == 3 for reading in readings):
        raise LinkError("reading 3 is not a reading")
    return readings


def unpack_changes(body: bytes) -> list[tuple[int, int]]:
    if len(body) % 3:
        raise LinkError(
            f"a change frame of {len(body)} bytes is not whole (channel, reading) pairs"
        )
    changes = []
    for index in range(0, len(body), 3):
        reading = body[index + 2]
        if reading > 2:
            raise LinkError(f"reading {reading} is not a reading")
        changes.append((body[index] << 8 | body[index + 1], reading))
    return changes
