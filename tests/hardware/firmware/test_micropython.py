"""The RP2040 firmware under real MicroPython (its WebAssembly port): main.py and
kiban_link.py import and run there, and every byte they send is what the host's
own encoder (drivers/link_frames.py, written apart) makes of the same messages;
the fault and uptime cases run there too."""

from __future__ import annotations

from drivers.link_frames import (
    PROTOCOL_VERSION,
    FrameReader,
    MessageType,
    encode_frame,
    parse_hello,
    unpack_full,
)
from tests.hardware.firmware.micropython import run_micropython

FIRMWARE = "kiban-rp2040 1.1"


def hello(sequence: int, channels: int, polarity: bool = False) -> bytes:
    body = bytes([PROTOCOL_VERSION, int(polarity)]) + channels.to_bytes(2, "big")
    body += (1000).to_bytes(2, "big") + FIRMWARE.encode()
    return b"\x00" + encode_frame(MessageType.HELLO, sequence, body)


def full(sequence: int, readings: list[int]) -> bytes:
    """docs/scanner-protocol.md: the count, then two bits a channel, channel 0 lowest."""
    packed = bytearray((len(readings) + 3) // 4)
    for channel, reading in enumerate(readings):
        packed[channel // 4] |= reading << (channel % 4 * 2)
    body = len(readings).to_bytes(2, "big") + bytes(packed)
    return encode_frame(MessageType.FULL, sequence, body)


def changes(sequence: int, *pairs: tuple[int, int]) -> bytes:
    body = b"".join(channel.to_bytes(2, "big") + bytes([reading]) for channel, reading in pairs)
    return encode_frame(MessageType.CHANGES, sequence, body)


def fault(sequence: int, message: str) -> bytes:
    return encode_frame(MessageType.FAULT, sequence, message.encode())


def request(kind: MessageType, sequence: int = 0) -> str:
    """A host's request as a MicroPython bytes literal."""
    return repr(encode_frame(kind, sequence))


START = """
from mpy_board import Board
board = Board()
board.install()
import main
"""


def test_the_firmware_imports_under_micropython_and_not_as_the_board_would_run_it() -> None:
    lines = run_micropython(
        START + "import mpy_board\n"
        "print(mpy_board.sys.implementation.name, main.FIRMWARE, main.__name__)"
    )
    assert lines == [f"micropython {FIRMWARE} main"]  # imported: main() did not start


def test_the_frames_of_a_scan_are_the_hosts_own_bytes() -> None:
    lines = run_micropython(
        START
        + f"""
firmware = main.Firmware(main.GpioSensors([2, 3, 4, 5]))
firmware.start()
print(board.take())
board.now_ms = 5
board.levels[3] = 0  # a piece on channel 1
firmware.step()
print(board.take())
board.now_ms = 10
firmware.step()  # nothing changed: nothing sent
print(board.take())
board.now_ms = 1005
firmware.step()  # a second since the last full frame: the heartbeat
print(board.take())
board.now_ms = 1010
board.pending.extend({request(MessageType.REQUEST_FULL)})
firmware.step()
print(board.take())
board.now_ms = 1020
board.pending.extend({request(MessageType.REQUEST_HELLO, 1)})
firmware.step()
print(board.take())
"""
    )
    expected = [
        hello(0, 4) + full(1, [0, 0, 0, 0]),
        changes(2, (1, 1)),
        b"",
        full(3, [0, 1, 0, 0]),
        full(4, [0, 1, 0, 0]),
        hello(5, 4) + full(6, [0, 1, 0, 0]),
    ]
    assert [bytes.fromhex(line) for line in lines] == expected
    frames = FrameReader().feed(b"".join(expected))
    assert parse_hello(frames[0].body).firmware == FIRMWARE
    assert unpack_full(frames[1].body) == [0, 0, 0, 0]


def test_pairs_of_pins_read_the_poles_and_the_hello_says_polarity() -> None:
    lines = run_micropython(
        START
        + """
board.levels[2] = 0  # channel 0's north sensor
board.levels[5] = 0  # channel 1's south sensor
firmware = main.Firmware(main.GpioSensors([2, 3, 4, 5, 6, 7], True))
firmware.start()
print(board.take())
"""
    )
    assert bytes.fromhex(lines[0]) == hello(0, 3, polarity=True) + full(1, [1, 2, 0])


def test_a_failing_chain_says_fault_every_heartbeat_and_to_every_request() -> None:
    message = "74HC165 check byte read 0x0"
    lines = run_micropython(
        START
        + f"""
board.chain = bytes([0b00000101, 0xFF])  # channels 1, 3 and 4..7 read a piece
firmware = main.Firmware(main.ShiftSensors(1, 17))
firmware.start()
print(board.take())
board.now_ms = 10
board.chain = bytes([0b00000101, 0x00])  # the check byte: the chain is broken
firmware.step()
print(board.take())
board.now_ms = 20
firmware.step()  # said already
print(board.take())
board.now_ms = 30
board.pending.extend({request(MessageType.REQUEST_FULL)})
firmware.step()  # asked: the fault again, never the last good readings
print(board.take())
board.now_ms = 1030
firmware.step()  # a heartbeat later: the fault again
print(board.take())
board.now_ms = 1040
board.chain = bytes([0b00000111, 0xFF])
firmware.step()  # good again: a full frame
print(board.take())
"""
    )
    good = [0, 1, 0, 1, 1, 1, 1, 1]
    expected = [
        hello(0, 8) + full(1, good),
        fault(2, message),
        b"",
        fault(3, message),
        fault(4, message),
        full(5, [0, 0, 0, 1, 1, 1, 1, 1]),
    ]
    assert [bytes.fromhex(line) for line in lines] == expected


def test_heartbeats_go_on_past_2_to_the_29_ms_of_uptime() -> None:
    """MicroPython's own ticks_diff, over ticks that wrap at 2**30: counted from the
    start, the uptime turns negative after 2**29 ms (6.2 days) and the heartbeat
    stopped; grown pass by pass, it does not."""
    lines = run_micropython(
        START
        + """
firmware = main.Firmware(main.GpioSensors([2, 3]))
firmware.start()
print(main.time.ticks_diff((1 << 29) + 10, 0) < 0)  # what counting from the start met
hour = 3600 * 1000
while board.now_ms < (1 << 29) + hour:  # a pass an hour, the board at rest
    board.now_ms += hour
    firmware.step()
board.take()
for _ in range(300):  # three seconds more, a pass every 10 ms
    board.now_ms += 10
    firmware.step()
print(firmware.uptime_ms > 1 << 29)
print(board.take())
"""
    )
    assert lines[:2] == ["True", "True"]
    kinds = [frame.kind for frame in FrameReader().feed(b"\x00" + bytes.fromhex(lines[2]))]
    assert kinds == [MessageType.FULL] * 3
