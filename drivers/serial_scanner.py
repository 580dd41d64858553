"""The host side of the scanner link: a microcontroller that reads the sensors and
sends their readings over a serial port (docs/scanner-protocol.md).

The microcontroller says hello (its channel count, its sensing mode, its
firmware), then sends a full frame, then a change frame whenever a reading
changes, and a full frame again at least every heartbeat period. This side
keeps the last consistent image of every channel:

* a frame that fails its CRC or its COBS framing is counted and dropped, and a
  full frame is asked for at once (something was lost);
* a frame whose sequence number is not the one after the last is a gap: the
  frames in between were lost, so change frames no longer apply. The image is
  held as it was before the gap (a true earlier state of the board, never a
  mixture) and a full frame is requested; the next full frame resumes;
* an image older than ``VOUCH_AGE`` is vouched for before it is read: a full
  frame is asked for and waited for, and a device that does not answer within
  ``ANSWER_TIMEOUT`` is silent. A quiet link cannot pass for a quiet board, so a
  frame from before a silence never decides a move;
* no resync within half a second, or a fault reported by the device, is a
  ``BusError`` naming the port too. A device of protocol 2 says FAULT for as
  long as its sensors fail (in answer to every request, and every heartbeat),
  and sends a FULL frame only from a good scan: so the fault ends only with a
  FULL frame, and a device of protocol 1, which answered requests with its last
  good readings while faulty, is refused at its hello.

The port is anything with pyserial's ``read``/``write``/``in_waiting``:
``serial.serial_for_url`` opens device paths and ``loop://``, ``socket://``
and ``rfc2217://`` URLs alike.

The device speaks when something changed, so the host need not poll a board at rest:
an ``ArrivalWatch`` wakes the scanning thread when bytes arrive that the scanner has
not read yet, as an interrupt line does for expander chips; the slow poll behind it
still asks the device to vouch for a quiet link.
"""

from __future__ import annotations

import logging
import select
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from drivers.device_files import serial_unavailable
from drivers.errors import BusError, HardwareError, StaleReadingsError
from drivers.link_frames import (
    PROTOCOL_VERSION,
    Frame,
    FrameReader,
    Hello,
    LinkError,
    MessageType,
    encode_frame,
    parse_hello,
    unpack_changes,
    unpack_full,
)

log = logging.getLogger(__name__)

CHIP = "serial scanner"
HELLO_TIMEOUT = 2.0
HELLO_REPEAT = 0.5
RESYNC_TIMEOUT = 0.5
REQUEST_INTERVAL = 0.05
VOUCH_AGE = 0.1  # seconds: an image older than this is asked for again
ANSWER_TIMEOUT = 0.15  # seconds a request may go unanswered before the device is silent


class SerialPort(Protocol):
    """The part of pyserial's ``Serial`` the link uses."""

    @property
    def in_waiting(self) -> int: ...

    def read(self, size: int = 1) -> bytes: ...

    def write(self, data: bytes) -> int | None: ...

    def close(self) -> None: ...


def open_serial(url: str, baudrate: int = 115_200) -> SerialPort:
    """Open a port by device path or pyserial URL, never blocking on reads."""
    import serial

    try:
        port: SerialPort = serial.serial_for_url(url, baudrate=baudrate, timeout=0)
    except (OSError, ValueError) as error:
        unavailable = serial_unavailable(url, error) if isinstance(error, OSError) else None
        if unavailable is not None:
            raise unavailable from error
        raise HardwareError(
            f"serial scanner port {url} could not be opened ({error}): check the USB cable, "
            "the device name (ls /dev/ttyACM* /dev/serial/by-id/) and membership of the "
            "dialout group"
        ) from error
    return port


@dataclass
class LinkStats:
    """What the link met, for the doctor and the logs."""

    frames: int = 0
    crc_errors: int = 0
    framing_errors: int = 0
    lost_frames: int = 0
    requests: int = 0
    resyncs: int = 0


class SerialScanner:
    """The readings of a scanner microcontroller on ``port`` (``url`` names it in errors)."""

    def __init__(
        self,
        port: SerialPort,
        url: str,
        *,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.port = port
        self.url = url
        self.clock = clock
        self.sleep = sleep
        self.reader = FrameReader()
        self.stats = LinkStats()
        self.hello: Hello | None = None
        self.image: list[int] | None = None
        self.fault: str | None = None
        self._expected: int | None = None
        self._synced = False
        self._stale_since: float | None = None
        self._last_frame: float | None = None
        self._last_request = -1e9
        self._full_frames = 0
        self.gaps = 0  # times readings were lost on their way: changes nobody saw
        self._sequence = 0
        self.watch: ArrivalWatch | None = None
        """Told when the scanner has read what waited (it may wake for more)."""

    # --- talking to the device ----------------------------------------------------

    def _send(self, kind: MessageType) -> None:
        try:
            self.port.write(encode_frame(kind, self._sequence))
        except OSError as error:
            raise self._error(f"could not be written ({error})") from error
        self._sequence = (self._sequence + 1) & 0xFF

    def request_full(self) -> None:
        self._last_request = self.clock()
        self.stats.requests += 1
        self._send(MessageType.REQUEST_FULL)

    def start(self, timeout: float = HELLO_TIMEOUT) -> Hello:
        """Ask for hello and a full frame, and wait for both; HardwareError if they do not come.

        The request is repeated every half second: a device still booting misses the first.
        """
        deadline = self.clock() + timeout
        asked = -1e9
        while self.hello is None or self.image is None:
            if self.hello is None and self.clock() - asked >= HELLO_REPEAT:
                asked = self.clock()
                self._send(MessageType.REQUEST_HELLO)
            self.poll()
            if self.clock() >= deadline:
                missing = "hello" if self.hello is None else "a full frame"
                raise HardwareError(
                    f"serial scanner on {self.url} sent no {missing} within {timeout:g} s: "
                    "check the cable and the port, and that the board runs the Kiban scanner "
                    "firmware (hardware/firmware/rp2040)"
                )
            self.sleep(0.01)
        if self.hello.protocol != PROTOCOL_VERSION:
            raise HardwareError(
                f"serial scanner on {self.url} speaks protocol {self.hello.protocol}, "
                f"this Kiban speaks {PROTOCOL_VERSION}: update the firmware"
            )
        return self.hello

    # --- reading ------------------------------------------------------------------

    def poll(self) -> None:
        """Ask for a full frame when one is due, then read whatever has arrived."""
        now = self.clock()
        due = now - self._last_request >= REQUEST_INTERVAL
        quiet = self._last_frame is not None and now - self._last_frame > self._heartbeat() * 1.5
        if due and (quiet or (not self._synced and self.hello is not None)):
            self.request_full()  # out of step, or too quiet: a full frame settles it
        try:
            waiting = self.port.in_waiting
            data = self.port.read(waiting) if waiting else b""
        except OSError as error:
            raise self._error(f"could not be read ({error})") from error
        if self.watch is not None:
            self.watch.rearm()
        crc, framing = self.reader.crc_errors, self.reader.framing_errors
        for frame in self.reader.feed(data):
            self._apply(frame)
        # Added, not copied: the stats also count the frames refused for what they say
        # (``_apply``), which the reader never saw as damaged.
        damaged = self.reader.crc_errors - crc, self.reader.framing_errors - framing
        self.stats.crc_errors += damaged[0]
        self.stats.framing_errors += damaged[1]
        if any(damaged):
            self._lost()  # a damaged frame is a lost frame: do not wait for the next one

    def _heartbeat(self) -> float:
        return self.hello.heartbeat if self.hello is not None else 1.0

    def _apply(self, frame: Frame) -> None:
        if frame.kind >= MessageType.REQUEST_FULL:
            return  # the host's own requests, echoed by a loopback port
        self.stats.frames += 1
        self._last_frame = self.clock()
        expected = self._expected
        self._expected = (frame.sequence + 1) & 0xFF
        try:
            match frame.kind:
                case MessageType.HELLO:
                    self.hello = parse_hello(frame.body)
                case MessageType.FULL:
                    image = unpack_full(frame.body)
                    if self.hello is not None and len(image) != self.hello.channels:
                        raise LinkError(
                            f"a full frame of {len(image)} channels from a scanner of "
                            f"{self.hello.channels}"
                        )
                    self.image = image
                    self._full_frames += 1
                    if not self._synced and self._stale_since is not None:
                        self.stats.resyncs += 1
                    self._synced = True
                    self._stale_since = None
                    self.fault = None
                case MessageType.CHANGES:
                    if expected is not None and frame.sequence != expected:
                        self.stats.lost_frames += (frame.sequence - expected) & 0xFF
                        self._lost()
                    if self._synced and self.image is not None:
                        changes = unpack_changes(frame.body)
                        for channel, _ in changes:
                            if channel >= len(self.image):
                                raise LinkError(f"channel {channel} is beyond the scanner")
                        for channel, reading in changes:
                            self.image[channel] = reading
                case MessageType.FAULT:
                    self.fault = frame.body.decode("utf-8", errors="replace")
                case _:
                    pass  # a type of a newer protocol: ignored
        except LinkError:
            self.stats.framing_errors += 1
            self._lost()

    def _lost(self) -> None:
        self.gaps += 1
        if self._synced or self._stale_since is None:
            self._stale_since = self.clock()
        self._synced = False
        if self.clock() - self._last_request >= REQUEST_INTERVAL:
            self.request_full()

    @property
    def synced(self) -> bool:
        return self._synced

    def readings(self) -> list[int]:
        """The current image of every channel; BusError when the link cannot vouch for it."""
        self.poll()
        now = self.clock()
        if self.fault is not None:
            raise self._error(f"reports a fault of its own sensors: {self.fault}")
        if self.image is None or self._last_frame is None:
            raise self._error("has sent no full frame yet")
        if now - self._last_frame > VOUCH_AGE:
            self._vouch(now - self._last_frame)  # a silent device raises here
        if self._stale_since is not None:
            if now - self._stale_since > RESYNC_TIMEOUT:
                raise self._error(
                    f"lost frames and sent no full frame within {RESYNC_TIMEOUT:g} s of the request"
                )
            # the image before the gap is a true earlier board, not the board now: a hand
            # may have put back what the lost frames took off (a knock held past a rest)
            lost = OSError(None, "lost frames; all its readings asked for again")
            raise StaleReadingsError(CHIP, self.url, None, lost)
        return list(self.image)

    def _vouch(self, quiet: float) -> None:
        """Ask for a full frame and wait for it: the device is alive and the image is
        the board as it stands."""
        fulls = self._full_frames
        self.request_full()
        waited = 0.0
        while True:
            self.poll()
            if self._full_frames > fulls:
                return
            if self.fault is not None:  # the answer was the fault: the device is alive
                raise self._error(f"reports a fault of its own sensors: {self.fault}")
            if waited >= ANSWER_TIMEOUT:
                raise self._error(
                    f"sent nothing for {quiet + waited:.2f} s, "
                    f"nor answered a request within {ANSWER_TIMEOUT:g} s"
                )
            self.sleep(0.005)
            waited += 0.005

    def _error(self, what: str) -> BusError:
        return BusError(CHIP, self.url, None, OSError(None, what))

    def close(self) -> None:
        self.port.close()


class ArrivalWatch:
    """Calls ``on_arrival`` when bytes arrive on ``port`` that the scanner has not read
    since the last call (the scanner re-arms it after each read), from a thread of its
    own that waits in ``select`` on the port's file; a port that tells of arrivals
    itself (``listen``: the simulated one) calls back directly. A port with neither is
    not watched (``over`` gives None) and the board is polled.

    The thread never dies silently: an error other than the port closing is logged,
    and ``active`` then stays true, so the runtime goes back to polling the board.
    """

    def __init__(self, port: SerialPort, on_arrival: Callable[[], None], name: str) -> None:
        self._port = port
        self._on_arrival = on_arrival
        self._armed = threading.Event()
        self._armed.set()
        self._closing = threading.Event()
        self.failed = False
        self._thread: threading.Thread | None = None
        listen = getattr(port, "listen", None)
        if callable(listen):
            listen(self._arrived)
            return
        self._fd = port.fileno()  # type: ignore[attr-defined]
        self._thread = threading.Thread(target=self._run, name=f"kiban-watch {name}", daemon=True)
        self._thread.start()

    @classmethod
    def over(
        cls, port: SerialPort, on_arrival: Callable[[], None], name: str
    ) -> ArrivalWatch | None:
        """A watch of ``port``, or None when it can say nothing of arrivals (``loop://``)."""
        if callable(getattr(port, "listen", None)):
            return cls(port, on_arrival, name)
        fileno = getattr(port, "fileno", None)
        try:
            if not callable(fileno) or fileno() < 0:
                return None
        except (OSError, ValueError, AttributeError, NotImplementedError):
            # pyserial's ports without a descriptor raise these (closed: ValueError; a
            # URL port: AttributeError or NotImplementedError): polled, as loop:// is
            return None
        return cls(port, on_arrival, name)

    @property
    def active(self) -> bool:
        """Bytes wait unread, or the watch cannot tell (it failed, the port errs)."""
        if self.failed:
            return True
        try:
            return bool(self._port.in_waiting)
        except OSError:
            return True  # the scan will meet the error and report it

    def rearm(self) -> None:
        """The scanner read what waited: the next arrival wakes it again."""
        self._armed.set()

    def _arrived(self) -> None:
        if self._armed.is_set() and not self._closing.is_set():
            self._armed.clear()
            self._on_arrival()

    def _run(self) -> None:
        try:
            self._watch()
        except Exception:  # whatever stops the watch, the board goes back to polling
            log.exception("the serial scanner's port watch stopped: polling it")
            self.failed = True
            self._on_arrival()

    def _watch(self) -> None:
        while not self._closing.is_set():
            self._armed.wait()
            if self._closing.is_set():
                return
            try:
                ready, _, _ = select.select([self._fd], [], [], 1.0)
            except (OSError, ValueError) as error:
                if self._closing.is_set():
                    return
                log.error(
                    "the serial scanner's port can no longer be watched (%s): polling it", error
                )
                self.failed = True
                self._on_arrival()
                return
            if ready:
                self._arrived()

    def close(self) -> None:
        self._closing.set()
        self._armed.set()
        if self._thread is not None:
            self._thread.join(2.0)
