"""The scanner link as the microcontroller speaks it (docs/scanner-protocol.md).

Runs unchanged under MicroPython (on the RP2040) and CPython (the host's tests
and the simulated scanner): no f-strings, no dataclasses, no typing at run
time. Written apart from the host's decoder (drivers/link_frames.py), so that
testing one against the other means something: here the CRC comes from a table
built at start, COBS is done in place, and frames are split by hand.

A frame on the wire: COBS(type, sequence, body, CRC high, CRC low) then 0x00.
CRC-16/CCITT-FALSE: polynomial 0x1021, initial 0xFFFF, no reflection.
"""

try:
    from typing import TYPE_CHECKING
except ImportError:  # MicroPython
    TYPE_CHECKING = False  # type: ignore[misc]

if TYPE_CHECKING:
    from collections.abc import Callable

PROTOCOL = 2  # 2: a FULL frame only ever comes from a good scan; a fault is said until it ends
HELLO = 0x01
FULL = 0x02
CHANGES = 0x03
FAULT = 0x04
REQUEST_FULL = 0x10
REQUEST_HELLO = 0x11
MAX_CHANGES = 64  # more changes at once go out as one full frame
MAX_FRAME = 600


def _crc_table() -> list[int]:
    table = []
    for byte in range(256):
        crc = byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) if crc & 0x8000 else (crc << 1)
        table.append(crc & 0xFFFF)
    return table


_TABLE = _crc_table()


def crc16(data: bytes | bytearray) -> int:
    crc = 0xFFFF
    for byte in data:
        crc = ((crc << 8) & 0xFFFF) ^ _TABLE[(crc >> 8) ^ byte]
    return crc


def cobs_encode(data: bytes) -> bytes:
    out = bytearray(len(data) + len(data) // 254 + 2)
    code_at = 0
    write = 1
    code = 1
    for byte in data:
        if byte == 0:
            out[code_at] = code
            code_at = write
            write += 1
            code = 1
            continue
        out[write] = byte
        write += 1
        code += 1
        if code == 0xFF:
            out[code_at] = code
            code_at = write
            write += 1
            code = 1
    out[code_at] = code
    return bytes(out[:write])


def cobs_decode(data: bytes) -> bytes | None:
    """The decoded bytes, or None when the block structure is broken."""
    out = bytearray()
    position = 0
    length = len(data)
    while position < length:
        code = data[position]
        if code == 0 or position + code > length:
            return None
        out.extend(data[position + 1 : position + code])
        position += code
        if code != 0xFF and position < length:
            out.append(0)
    return bytes(out)


def frame(kind: int, sequence: int, body: bytes) -> bytes:
    payload = bytearray([kind & 0xFF, sequence & 0xFF])
    payload.extend(body)
    crc = crc16(payload)
    payload.append(crc >> 8)
    payload.append(crc & 0xFF)
    encoded = bytearray(cobs_encode(bytes(payload)))
    encoded.append(0)
    return bytes(encoded)


def pack_readings(readings: list[int]) -> bytes:
    count = len(readings)
    body = bytearray(2 + (count + 3) // 4)
    body[0] = count >> 8
    body[1] = count & 0xFF
    for index in range(count):
        body[2 + index // 4] |= (readings[index] & 3) << ((index % 4) * 2)
    return bytes(body)


class Splitter:
    """Bytes in, checked (type, sequence, body) triples out; damaged frames counted."""

    def __init__(self) -> None:
        self.buffer = bytearray()
        self.errors = 0

    def feed(self, data: bytes) -> list[tuple[int, int, bytes]]:
        found = []
        for byte in data:
            if byte != 0:
                if len(self.buffer) < MAX_FRAME:
                    self.buffer.append(byte)
                continue
            if not self.buffer:
                continue
            payload = cobs_decode(bytes(self.buffer))
            self.buffer = bytearray()
            if payload is None or len(payload) < 4:
                self.errors += 1
                continue
            if crc16(payload[:-2]) != (payload[-2] << 8 | payload[-1]):
                self.errors += 1
                continue
            found.append((payload[0], payload[1], bytes(payload[2:-2])))
        return found


class Link:
    """The scanner's side: hello, full frames, change frames, heartbeats, requests,
    faults.

    ``write`` sends bytes to the host. Call ``update(readings, now_ms)`` after
    every good scan of the sensors, ``fault(message, now_ms)`` after every failed
    one, and ``receive(data, readings, now_ms)`` with whatever the host sent.
    While the sensors fail, the link says FAULT at once, again every heartbeat
    and in answer to every request: a FULL frame only ever carries a good scan,
    so the host never takes the last good readings for the board as it is.
    """

    def __init__(
        self,
        write: "Callable[[bytes], object]",
        channels: int,
        polarity: bool,
        firmware: str,
        heartbeat_ms: int = 1000,
    ) -> None:
        self.write = write
        self.channels = channels
        self.polarity = polarity
        self.firmware = firmware
        self.heartbeat_ms = heartbeat_ms
        self.sequence = 0
        self.sent = []  # type: list[int]
        self.last_full_ms = None  # type: int | None
        self.fault_message = None  # type: str | None
        self.last_fault_ms = 0
        self.splitter = Splitter()

    def _send(self, kind: int, body: bytes) -> None:
        self.write(frame(kind, self.sequence, body))
        self.sequence = (self.sequence + 1) & 0xFF

    def hello(self) -> None:
        """Say hello, after a lone delimiter: a host that joined in the middle of a
        frame is back in step before the hello starts."""
        self.write(b"\x00")
        body = bytearray(
            [
                PROTOCOL,
                1 if self.polarity else 0,
                self.channels >> 8,
                self.channels & 0xFF,
                self.heartbeat_ms >> 8,
                self.heartbeat_ms & 0xFF,
            ]
        )
        body.extend(self.firmware.encode())
        self._send(HELLO, bytes(body))

    def full(self, readings: list[int], now_ms: int) -> None:
        """A full frame of a good scan (the sensors answer again, if they had failed)."""
        self._send(FULL, pack_readings(readings))
        self.sent = list(readings)
        self.last_full_ms = now_ms
        self.fault_message = None

    def fault(self, message: str, now_ms: int) -> None:
        """The sensors failed this scan: say so when it starts, when the message
        changes, and every heartbeat while it lasts."""
        if self.fault_message != message or now_ms - self.last_fault_ms >= self.heartbeat_ms:
            self._send_fault(message, now_ms)

    def _send_fault(self, message: str, now_ms: int) -> None:
        self._send(FAULT, message.encode())
        self.fault_message = message
        self.last_fault_ms = now_ms

    def update(self, readings: list[int], now_ms: int) -> None:
        """Send what changed since the last frame, or a full frame when one is due (the
        first after a fault)."""
        if (
            self.fault_message is not None
            or self.last_full_ms is None
            or now_ms - self.last_full_ms >= self.heartbeat_ms
        ):
            self.full(readings, now_ms)
            return
        changed = [i for i in range(self.channels) if readings[i] != self.sent[i]]
        if not changed:
            return
        if len(changed) > MAX_CHANGES:
            self.full(readings, now_ms)
            return
        body = bytearray()
        for index in changed:
            body.append(index >> 8)
            body.append(index & 0xFF)
            body.append(readings[index])
            self.sent[index] = readings[index]
        self._send(CHANGES, bytes(body))

    def receive(self, data: bytes, readings: list[int], now_ms: int) -> None:
        """Answer the host's requests: a full frame of ``readings`` (the last good
        scan), or the fault while the sensors fail."""
        for kind, _, _ in self.splitter.feed(data):
            if kind == REQUEST_HELLO:
                self.hello()
                self._answer(readings, now_ms)
            elif kind == REQUEST_FULL:
                self._answer(readings, now_ms)

    def _answer(self, readings: list[int], now_ms: int) -> None:
        if self.fault_message is None:
            self.full(readings, now_ms)
        else:
            self._send_fault(self.fault_message, now_ms)
