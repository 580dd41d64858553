"""The host side of the scanner link over pyserial URLs (loop://, socket://) and over the
simulated device running the firmware's own link code."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator

import pytest
import serial

from drivers.errors import BusError, DeviceMissingError, HardwareError, StaleReadingsError
from drivers.link_frames import FrameReader, MessageType
from drivers.serial_scanner import (
    ANSWER_TIMEOUT,
    VOUCH_AGE,
    ArrivalWatch,
    SerialScanner,
    open_serial,
)
from engine.recognition.answers import Timing
from hardware.firmware.rp2040.kiban_link import Link
from hardware.mock.clock import SimClock
from hardware.mock.serial_device import ScannerDevice, SimulatedSerialPort


class Recording:
    """A pyserial port that also keeps what the host wrote."""

    def __init__(self, port: serial.SerialBase, *, echo: bool = True) -> None:
        self.port = port
        self.echo = echo
        self.sent = bytearray()

    @property
    def in_waiting(self) -> int:
        return int(self.port.in_waiting)

    def read(self, size: int = 1) -> bytes:
        return bytes(self.port.read(size))

    def write(self, data: bytes) -> int:
        self.sent += data
        return int(self.port.write(data)) if self.echo else len(data)

    def close(self) -> None:
        self.port.close()

    def requests(self) -> list[int]:
        reader = FrameReader()
        return [frame.kind for frame in reader.feed(b"\x00" + bytes(self.sent))]


@pytest.fixture
def loop() -> Iterator[Recording]:
    port = Recording(serial.serial_for_url("loop://", timeout=0))
    yield port
    port.close()


def test_hello_full_and_changes_over_a_loopback_url(loop: Recording) -> None:
    clock = SimClock()
    device = Link(loop.port.write, 8, True, "test fw", heartbeat_ms=500)
    device.hello()
    device.full([0, 1, 2, 0, 0, 0, 0, 1], 0)
    host = SerialScanner(loop, "loop://", clock=clock.now, sleep=clock.sleep)
    hello = host.start()
    assert (hello.channels, hello.polarity, hello.firmware, hello.heartbeat) == (
        8,
        True,
        "test fw",
        0.5,
    )
    assert host.readings() == [0, 1, 2, 0, 0, 0, 0, 1]
    device.update([0, 0, 2, 0, 0, 0, 2, 1], 10)
    assert host.readings() == [0, 0, 2, 0, 0, 0, 2, 1]
    assert loop.requests() == [MessageType.REQUEST_HELLO]  # its own echo is ignored
    assert host.stats.frames == 3 and host.stats.lost_frames == 0


def test_frames_split_into_single_bytes_still_arrive_whole(loop: Recording) -> None:
    loop.echo = False  # the host's requests must not land inside the device's frames
    clock = SimClock()
    wire = bytearray()
    device = Link(wire.extend, 4, False, "fw")
    device.hello()
    device.full([0, 0, 0, 0], 0)
    device.update([1, 0, 0, 1], 5)
    host = SerialScanner(loop, "loop://", clock=clock.now, sleep=clock.sleep)
    seen = []
    for byte in wire:
        loop.port.write(bytes([byte]))
        host.poll()
        seen.append(None if host.image is None else tuple(host.image))
    assert seen[-1] == (1, 0, 0, 1)
    assert (0, 0, 0, 0) in seen  # the full frame came first, whole
    assert host.stats.crc_errors == host.stats.framing_errors == 0


def test_a_lost_frame_is_seen_by_its_sequence_and_a_full_frame_asked_for(loop: Recording) -> None:
    clock = SimClock()
    frames: list[bytes] = []
    device = Link(frames.append, 4, False, "fw")
    device.hello()
    device.full([0, 0, 0, 0], 0)
    host = SerialScanner(loop, "loop://", clock=clock.now, sleep=clock.sleep)
    loop.port.write(b"".join(frames))
    host.start()
    frames.clear()
    device.update([1, 0, 0, 0], 10)  # lost on the way
    device.update([1, 1, 0, 0], 20)
    loop.port.write(frames[1])
    with pytest.raises(StaleReadingsError, match="lost frames; all its readings asked for"):
        host.readings()  # the board before the gap is not the board now: nothing decided
    assert host.image == [0, 0, 0, 0]  # held before the gap: never a mixture
    assert not host.synced
    assert host.stats.lost_frames == 1
    assert loop.requests()[-1] == MessageType.REQUEST_FULL
    device.full([1, 1, 0, 0], 30)  # the device answers the request
    loop.port.write(frames[-1])
    assert host.readings() == [1, 1, 0, 0]
    synced: bool = host.synced  # read afresh after the action
    assert synced and host.stats.resyncs == 1


def test_a_link_that_never_resyncs_is_a_fault(loop: Recording) -> None:
    clock = SimClock()
    frames: list[bytes] = []
    device = Link(frames.append, 2, False, "fw")
    device.hello()
    device.full([0, 0], 0)
    loop.port.write(b"".join(frames))
    host = SerialScanner(loop, "loop://", clock=clock.now, sleep=clock.sleep)
    host.start()
    device.update([1, 0], 10)
    device.update([1, 1], 20)
    loop.port.write(frames[-1])  # the one before it was lost
    with pytest.raises(StaleReadingsError):
        host.readings()  # resyncing: not a fault yet
    clock.sleep(0.3)
    loop.port.write(frames[-1])  # a repeat keeps the link talking, but no full frame
    with pytest.raises(StaleReadingsError):
        host.readings()
    clock.sleep(0.3)
    loop.port.write(frames[-1])
    with pytest.raises(
        BusError, match=r"serial scanner on loop:// .*no full frame within"
    ) as caught:
        host.readings()
    assert not isinstance(caught.value, StaleReadingsError)  # a fault, said as one
    assert loop.requests().count(MessageType.REQUEST_FULL) >= 2  # asked again and again


def sim_link(
    readings: list[int], clock: SimClock, **faults: float
) -> tuple[SerialScanner, ScannerDevice, SimulatedSerialPort]:
    port = SimulatedSerialPort()
    device = ScannerDevice(port, lambda: list(readings), len(readings), True, clock.now)
    for name, value in faults.items():
        setattr(device, name, value)
    host = SerialScanner(port, "/dev/ttyACM0", clock=clock.now, sleep=clock.sleep)
    host.start()
    return host, device, port


def test_corrupted_frames_are_counted_and_healed_by_full_frames() -> None:
    clock = SimClock()
    readings = [0] * 16
    host, device, _ = sim_link(readings, clock)
    device.corrupt_rate = 0.3
    for step in range(200):
        readings[step % 16] = (readings[step % 16] + 1) % 3
        clock.sleep(0.01)
        try:
            image = host.readings()
        except BusError:
            continue
        if host.synced:
            assert image == readings  # whatever the link delivers is the board as it is
    assert device.frames_corrupted > 20
    assert host.stats.crc_errors + host.stats.framing_errors >= device.frames_corrupted - 1
    assert host.stats.resyncs > 5


def test_a_silent_scanner_is_named_at_the_next_read_and_resumes() -> None:
    clock = SimClock()
    host, device, _ = sim_link([1, 0, 2], clock)
    device.silent = True
    clock.sleep(VOUCH_AGE / 2)
    assert host.readings() == [1, 0, 2]  # a fresh image needs no answer
    clock.sleep(VOUCH_AGE)
    with pytest.raises(BusError) as caught:
        host.readings()  # an older one is vouched for by a full frame, which never comes
    assert str(caught.value).startswith(
        "serial scanner on /dev/ttyACM0 did not answer (sent nothing"
    )
    device.silent = False
    clock.sleep(0.1)
    assert host.readings() == [1, 0, 2]  # the host asks for a full frame, and gets it


def test_a_fault_reported_by_the_device_and_an_unplugged_port_are_bus_errors() -> None:
    clock = SimClock()
    host, device, port = sim_link([0, 0], clock)
    device.sensor_fault = "74HC165 check byte read 0x0"
    clock.sleep(0.01)
    with pytest.raises(BusError, match="reports a fault of its own sensors: 74HC165 check byte"):
        host.readings()
    device.sensor_fault = None
    clock.sleep(0.01)
    assert host.readings() == [0, 0]
    port.unplugged = True
    with pytest.raises(BusError, match=r"/dev/ttyACM0 .*could not be read"):
        host.readings()


def test_no_hello_names_the_port_and_the_firmware() -> None:
    clock = SimClock()
    port = SimulatedSerialPort()  # nothing on the other end
    host = SerialScanner(port, "/dev/ttyACM3", clock=clock.now, sleep=clock.sleep)
    with pytest.raises(HardwareError, match=r"/dev/ttyACM3 sent no hello within 2 s.*firmware"):
        host.start()
    with pytest.raises(DeviceMissingError, match=r"^/dev/ttyNOPE does not exist: is the scanner"):
        open_serial("/dev/ttyNOPE")  # a missing port is a missing device file


def serve_scanner(listener: socket.socket, readings: list[int], stop: threading.Event) -> None:
    """The firmware's loop on a TCP socket: what an RP2040 does on USB."""
    listener.settimeout(5)
    connection, _ = listener.accept()
    connection.settimeout(0.005)
    link = Link(connection.sendall, len(readings), False, "socket fw", heartbeat_ms=200)
    start = time.monotonic()
    while not stop.is_set():
        now = int((time.monotonic() - start) * 1000)
        try:
            try:
                data = connection.recv(256)
            except TimeoutError:
                data = b""
            if data:
                link.receive(data, list(readings), now)
            elif link.last_full_ms is not None:
                link.update(list(readings), now)
        except OSError:
            break  # the host hung up
    connection.close()


def test_a_scanner_on_a_socket_url() -> None:
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(1)
    readings = [0, 0, 0, 0, 0, 0]
    stop = threading.Event()
    server = threading.Thread(target=serve_scanner, args=(listener, readings, stop))
    server.start()
    try:
        url = f"socket://127.0.0.1:{listener.getsockname()[1]}"
        host = SerialScanner(open_serial(url), url)
        assert host.start().firmware == "socket fw"
        assert host.readings() == [0] * 6
        readings[4] = 1
        deadline = time.monotonic() + 3
        while host.readings()[4] != 1:
            assert time.monotonic() < deadline, "the change never arrived"
            time.sleep(0.01)
        host.request_full()
        time.sleep(0.05)
        assert host.readings() == [0, 0, 0, 0, 1, 0]
        host.close()
    finally:
        stop.set()
        server.join(5)
        listener.close()


def test_a_device_falling_silent_is_named_before_a_move_could_rest() -> None:
    """Read steadily (as the scanner does), a device that stops sending is found once a
    request for a full frame goes unanswered: sooner than a move must rest to count, so
    a frame from before the silence never decides a move."""
    clock = SimClock()
    host, device, _ = sim_link([1, 0, 2], clock)
    device.silent = True
    silent_at = clock.now()
    with pytest.raises(BusError, match="nor answered a request"):
        for _ in range(100):
            host.readings()
            clock.sleep(0.02)
    assert clock.now() - silent_at <= VOUCH_AGE + ANSWER_TIMEOUT + 0.05 < Timing().settle


def test_a_sensor_fault_is_never_taken_for_a_frozen_board() -> None:
    """While its sensors fail the device answers every request with FAULT and repeats it
    every heartbeat; a FULL frame of its last good readings (what firmware 1.0 sent when
    asked) would have cleared the fault and served a frozen board without an error."""
    clock = SimClock()
    readings = [1, 0, 2]
    host, device, _ = sim_link(readings, clock)
    device.sensor_fault = "74HC165 check byte read 0x7f"
    for step in range(300):  # three seconds, read as the scanner reads
        clock.sleep(0.01)
        if step % 10 == 0:
            host.request_full()  # as after a lost frame: the answer is the fault again
        with pytest.raises(BusError, match="reports a fault of its own sensors"):
            host.readings()
    assert host.stats.requests == 30
    assert device.frames_sent >= 2 + 30  # hello and full, then a FAULT for each request
    readings[1] = 1  # a piece put down while the sensors failed
    device.sensor_fault = None
    clock.sleep(0.01)
    assert host.readings() == [1, 1, 2]


def test_a_faulty_device_says_so_every_heartbeat_unasked() -> None:
    clock = SimClock()
    port = SimulatedSerialPort()
    device = ScannerDevice(port, lambda: [0, 1], 2, False, clock.now, heartbeat_ms=500)
    device.sensor_fault = "ADC at 0x48 silent"
    reader = FrameReader()
    kinds = []
    for _ in range(200):  # two seconds, a pass every 10 ms
        clock.sleep(0.01)
        _ = port.in_waiting
        kinds += [frame.kind for frame in reader.feed(b"\x00" + port.read(len(port.to_host)))]
    assert kinds[0] == MessageType.HELLO
    assert kinds[1:] == [MessageType.FAULT] * 4  # at once, then every 500 ms


@pytest.mark.parametrize("ticks_at_boot", [0, (1 << 30) - 5_000])
def test_heartbeats_go_on_after_six_days_of_uptime(ticks_at_boot: int) -> None:
    """MicroPython's ticks wrap at 2**30 ms and ``ticks_diff`` from the start turns
    negative after 2**29 ms (6.2 days): the firmware keeps its uptime as an int grown
    between passes, so the heartbeat never stops."""
    clock = SimClock()
    port = SimulatedSerialPort()
    device = ScannerDevice(port, lambda: [0, 1], 2, False, clock.now, ticks_at_boot=ticks_at_boot)
    hour = 3600.0
    while clock.now() < (1 << 29) / 1000 + hour:  # a pass an hour (the board at rest)
        _ = port.in_waiting
        clock.sleep(hour)
    port.to_host.clear()
    reader = FrameReader()
    kinds = []
    for _ in range(300):  # three seconds more, a pass every 10 ms
        clock.sleep(0.01)
        _ = port.in_waiting
        kinds += [frame.kind for frame in reader.feed(b"\x00" + port.read(len(port.to_host)))]
    assert device.firmware.uptime_ms > 1 << 29
    assert kinds == [MessageType.FULL] * 3


def test_a_frame_refused_for_what_it_says_stays_counted(loop: Recording) -> None:
    # A frame with a good CRC whose body cannot be (a full frame of another channel
    # count) is a framing error of the link's own counting: the reader's count, read
    # again at each poll, must not wipe it out.
    clock = SimClock()
    device = Link(loop.port.write, 4, False, "fw")
    device.hello()
    device.full([0, 0, 0, 0], 0)
    host = SerialScanner(loop, "loop://", clock=clock.now, sleep=clock.sleep)
    host.start()
    wrong = Link(loop.port.write, 6, False, "fw")
    wrong.sequence = device.sequence
    wrong.full([0, 0, 0, 0, 0, 0], 0)
    host.poll()
    assert host.stats.framing_errors == 1
    device.full([0, 0, 0, 0], 0)
    host.poll()
    host.poll()
    assert host.stats.framing_errors == 1


class SocketPort:
    """A port on one end of a socket pair: a file ``select`` can wait on, as a tty is."""

    def __init__(self, end: socket.socket) -> None:
        self.end = end
        end.setblocking(False)

    @property
    def in_waiting(self) -> int:
        try:
            return len(self.end.recv(4096, socket.MSG_PEEK))
        except BlockingIOError:
            return 0

    def read(self, size: int = 1) -> bytes:
        try:
            return self.end.recv(size)
        except BlockingIOError:
            return b""

    def write(self, data: bytes) -> int:
        return self.end.send(data)

    def fileno(self) -> int:
        return self.end.fileno()

    def close(self) -> None:
        self.end.close()


def test_an_arrival_wakes_the_board_once_until_the_scanner_has_read_it() -> None:
    near, far = socket.socketpair()
    port = SocketPort(near)
    woken = threading.Semaphore(0)
    watch = ArrivalWatch.over(port, woken.release, "socketpair")
    assert watch is not None and not watch.active
    try:
        far.send(b"\x00\x01")
        assert woken.acquire(timeout=2.0)
        active_waiting: bool = watch.active  # read afresh after each action
        assert active_waiting  # the bytes wait: the board scans rather than rests
        far.send(b"\x02")
        assert not woken.acquire(timeout=0.3)  # not re-armed: no second wake
        port.read(16)
        watch.rearm()  # the scanner read what waited
        active_after_read: bool = watch.active
        assert not active_after_read
        far.send(b"\x03")
        assert woken.acquire(timeout=2.0)
    finally:
        watch.close()
        far.close()
        port.close()


def test_a_watch_that_fails_says_so_and_leaves_the_board_polled(
    caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: object) -> None:
        raise OSError(9, "Bad file descriptor")

    monkeypatch.setattr("drivers.serial_scanner.select.select", broken)
    near, far = socket.socketpair()
    port = SocketPort(near)
    woken = threading.Semaphore(0)
    watch = ArrivalWatch.over(port, woken.release, "socketpair")
    assert watch is not None
    assert woken.acquire(timeout=3.0)  # told, so that the board scans and meets it
    assert watch.failed and watch.active  # the runtime goes back to polling
    assert "can no longer be watched" in caplog.text
    watch.close()
    far.close()
    port.close()


def test_a_watch_whose_wake_fails_still_leaves_the_board_polled(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A fault in the wake itself (not the port's) must not end the watch unseen: the
    board would rest on a link that speaks."""
    woken = threading.Semaphore(0)
    calls: list[int] = []

    def wake() -> None:
        calls.append(1)
        if len(calls) == 1:
            raise RuntimeError("the loop is gone")
        woken.release()

    near, far = socket.socketpair()
    port = SocketPort(near)
    watch = ArrivalWatch.over(port, wake, "socketpair")
    assert watch is not None
    try:
        far.send(b"\x00")
        assert woken.acquire(timeout=3.0)  # woken again once the watch stopped
        assert watch.failed and watch.active
        assert "port watch stopped" in caplog.text
    finally:
        watch.close()
        far.close()
        port.close()


def test_a_port_that_cannot_be_watched_gets_no_watch(loop: Recording) -> None:
    assert ArrivalWatch.over(loop, lambda: None, "loop://") is None
