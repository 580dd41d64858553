"""GPIO input lines watched through the Linux kernel's GPIO character device (uAPI v2).

Why not gpiozero here: on a Pi its lgpio factory watches an edge with an alert thread
that polls (a 0.5 ms ``ppoll``, about 2,000 wake-ups a second while any edge is watched)
and hands each edge on 0.5-1 ms late (issue 61, docs/speed.md). A line request of the
kernel's character device is a file descriptor that becomes readable when an edge is
queued; a thread asleep on it costs nothing at rest, wakes once per edge, and reads the
kernel's own timestamp of it (CLOCK_MONOTONIC, the clock of ``time.monotonic_ns``).

The structures and ioctl numbers are those of ``<linux/gpio.h>`` (Linux 5.10 and later,
which every Raspberry Pi OS since bullseye runs); tests/drivers/test_gpio_uapi.py
compiles a C program against the system's header and checks each size, offset,
constant and ioctl number against this module. Bias and debounce are the kernel's: where
the pin controller has no hardware debounce (the Pi's have none), the kernel debounces
in software, waiting for the line to stand still for the period before it queues the
edge (Kent Gibson's patch "gpiolib: cdev: support setting debounce", Linux 5.10), so a
debounced edge arrives one period late but once.

Which chip: the 40-pin header's GPIOs are the lines of the chip labelled
``pinctrl-bcm2835`` (Pi 1-3, Zero, Zero 2 W), ``pinctrl-bcm2711`` (Pi 4, 400, CM4) or
``pinctrl-rp1`` (Pi 5), offset = BCM GPIO number. Its number is not fixed: a Pi 4 shows
``gpiochip0 [pinctrl-bcm2711]`` and ``gpiochip1 [raspberrypi-exp-gpio]``; a Pi 5 showed
the RP1 as ``gpiochip4`` (kernel 6.6.20) until Raspberry Pi's kernel aliased it to
``gpiochip0`` (raspberrypi/linux pull request 6144; so by 6.6.47, WiringPi issue 280,
with a ``/dev/gpiochip4`` symlink left for old code), and a Pi 5 on 6.12.96 was reported
with only ``gpiochip11``-``gpiochip15`` (adafruit/Adafruit_Blinka issue 1119). So the
chip is found by what it says it is (GPIO_GET_CHIPINFO_IOCTL's label), not by its
number, as Raspberry Pi's engineers advised where the number moved (raspberrypi/linux
issue 6084: find the chip, there by a line's name).

Everything that touches the system goes through ``GpioCalls``, so tests run the driver
on a pipe and a fake ioctl, without a Pi (the way luma's drivers take their bus).
"""

from __future__ import annotations

import ctypes
import errno
import fcntl
import logging
import os
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from enum import Enum, IntEnum, IntFlag

from drivers.errors import GpioChipError, LineHolder

log = logging.getLogger(__name__)

# --- <linux/gpio.h>, uAPI v2 -------------------------------------------------------------

GPIO_MAX_NAME_SIZE = 32
GPIO_V2_LINES_MAX = 64
GPIO_V2_LINE_NUM_ATTRS_MAX = 10


class LineFlag(IntFlag):
    """``enum gpio_v2_line_flag``."""

    USED = 1 << 0
    ACTIVE_LOW = 1 << 1
    INPUT = 1 << 2
    OUTPUT = 1 << 3
    EDGE_RISING = 1 << 4
    EDGE_FALLING = 1 << 5
    OPEN_DRAIN = 1 << 6
    OPEN_SOURCE = 1 << 7
    BIAS_PULL_UP = 1 << 8
    BIAS_PULL_DOWN = 1 << 9
    BIAS_DISABLED = 1 << 10
    EVENT_CLOCK_REALTIME = 1 << 11
    EVENT_CLOCK_HTE = 1 << 12


class AttrId(IntEnum):
    """``enum gpio_v2_line_attr_id``: which member of an attribute's union is meant."""

    FLAGS = 1
    OUTPUT_VALUES = 2
    DEBOUNCE = 3


class Edge(IntEnum):
    """``enum gpio_v2_line_event_id``: the physical edge (no line is asked active-low)."""

    RISING = 1
    FALLING = 2


class ChipInfo(ctypes.Structure):
    """``struct gpiochip_info``."""

    _fields_ = [
        ("name", ctypes.c_char * GPIO_MAX_NAME_SIZE),
        ("label", ctypes.c_char * GPIO_MAX_NAME_SIZE),
        ("lines", ctypes.c_uint32),
    ]


class _AttrValue(ctypes.Union):
    _fields_ = [
        ("flags", ctypes.c_uint64),
        ("values", ctypes.c_uint64),
        ("debounce_period_us", ctypes.c_uint32),
    ]


class LineAttribute(ctypes.Structure):
    """``struct gpio_v2_line_attribute`` (its union anonymous, as in C)."""

    _anonymous_ = ("value",)
    _fields_ = [
        ("id", ctypes.c_uint32),
        ("padding", ctypes.c_uint32),
        ("value", _AttrValue),
    ]


class LineConfigAttribute(ctypes.Structure):
    """``struct gpio_v2_line_config_attribute``."""

    _fields_ = [("attr", LineAttribute), ("mask", ctypes.c_uint64)]


class LineConfig(ctypes.Structure):
    """``struct gpio_v2_line_config``."""

    _fields_ = [
        ("flags", ctypes.c_uint64),
        ("num_attrs", ctypes.c_uint32),
        ("padding", ctypes.c_uint32 * 5),
        ("attrs", LineConfigAttribute * GPIO_V2_LINE_NUM_ATTRS_MAX),
    ]


class LineRequestStruct(ctypes.Structure):
    """``struct gpio_v2_line_request``."""

    _fields_ = [
        ("offsets", ctypes.c_uint32 * GPIO_V2_LINES_MAX),
        ("consumer", ctypes.c_char * GPIO_MAX_NAME_SIZE),
        ("config", LineConfig),
        ("num_lines", ctypes.c_uint32),
        ("event_buffer_size", ctypes.c_uint32),
        ("padding", ctypes.c_uint32 * 5),
        ("fd", ctypes.c_int32),
    ]


class LineValues(ctypes.Structure):
    """``struct gpio_v2_line_values``: bit i is the line at index i of the request."""

    _fields_ = [("bits", ctypes.c_uint64), ("mask", ctypes.c_uint64)]


class LineEventStruct(ctypes.Structure):
    """``struct gpio_v2_line_event``."""

    _fields_ = [
        ("timestamp_ns", ctypes.c_uint64),
        ("id", ctypes.c_uint32),
        ("offset", ctypes.c_uint32),
        ("seqno", ctypes.c_uint32),
        ("line_seqno", ctypes.c_uint32),
        ("padding", ctypes.c_uint32 * 6),
    ]


class LineInfoStruct(ctypes.Structure):
    """``struct gpio_v2_line_info``: who holds a line (its consumer) and how."""

    _fields_ = [
        ("name", ctypes.c_char * GPIO_MAX_NAME_SIZE),
        ("consumer", ctypes.c_char * GPIO_MAX_NAME_SIZE),
        ("offset", ctypes.c_uint32),
        ("num_attrs", ctypes.c_uint32),
        ("flags", ctypes.c_uint64),
        ("attrs", LineAttribute * GPIO_V2_LINE_NUM_ATTRS_MAX),
        ("padding", ctypes.c_uint32 * 4),
    ]


EVENT_SIZE = ctypes.sizeof(LineEventStruct)

# asm-generic/ioctl.h, as on arm, arm64 and x86: dir(2 bits) size(14) type(8) number(8).
_IOC_WRITE = 1
_IOC_READ = 2
GPIO_IOCTL_TYPE = 0xB4


def _ioc(direction: int, number: int, size: int) -> int:
    return (direction << 30) | (size << 16) | (GPIO_IOCTL_TYPE << 8) | number


GPIO_GET_CHIPINFO_IOCTL = _ioc(_IOC_READ, 0x01, ctypes.sizeof(ChipInfo))
GPIO_V2_GET_LINE_IOCTL = _ioc(_IOC_READ | _IOC_WRITE, 0x07, ctypes.sizeof(LineRequestStruct))
GPIO_V2_LINE_GET_VALUES_IOCTL = _ioc(_IOC_READ | _IOC_WRITE, 0x0E, ctypes.sizeof(LineValues))
GPIO_V2_GET_LINEINFO_IOCTL = _ioc(_IOC_READ | _IOC_WRITE, 0x05, ctypes.sizeof(LineInfoStruct))

# --- what a caller asks for ---------------------------------------------------------------

HEADER_LABELS = ("pinctrl-bcm2835", "pinctrl-bcm2711", "pinctrl-rp1")
"""The labels of the chip that carries the 40-pin header, by Pi generation."""
CHIP_NAME = re.compile(r"gpiochip(\d+)")


def consumer_label(name: str) -> str:
    """The consumer a request of this process gives: ``name[PID]``, so that whoever
    finds a line taken (``gpioinfo``, kiban doctor beside a running service) knows
    which process holds it (``LineHolder.pid``)."""
    return f"{name}[{os.getpid()}]"


class Bias(Enum):
    """The pin's own resistor."""

    AS_IS = 0
    PULL_UP = LineFlag.BIAS_PULL_UP
    PULL_DOWN = LineFlag.BIAS_PULL_DOWN
    DISABLED = LineFlag.BIAS_DISABLED


class Edges(Enum):
    """Which edges the kernel queues as events."""

    NONE = 0
    RISING = LineFlag.EDGE_RISING
    FALLING = LineFlag.EDGE_FALLING
    BOTH = LineFlag.EDGE_RISING | LineFlag.EDGE_FALLING


def debounce_period_us(seconds: float | None) -> int:
    """A debounce time in seconds (gpiozero's ``bounce_time``; None: none) as the kernel's
    microseconds."""
    if seconds is None or seconds <= 0:
        return 0
    return round(seconds * 1_000_000)


@dataclass(frozen=True, slots=True)
class LineSettings:
    """One input line: its offset on the chip (the BCM GPIO number on a Pi's header chip)."""

    offset: int
    edges: Edges = Edges.BOTH
    bias: Bias = Bias.AS_IS
    debounce_us: int = 0
    """The kernel's debounce period; 0 for none."""

    def __post_init__(self) -> None:
        if self.offset < 0:
            raise ValueError(f"GPIO line offset {self.offset} is negative")
        if not 0 <= self.debounce_us < 1 << 32:
            raise ValueError(f"debounce of {self.debounce_us} us is outside a u32")

    @property
    def flags(self) -> int:
        return int(LineFlag.INPUT) | int(self.edges.value) | int(self.bias.value)


@dataclass(frozen=True, slots=True)
class LineEvent:
    """One edge, as the kernel queued it."""

    offset: int
    edge: Edge
    timestamp_ns: int
    """CLOCK_MONOTONIC when the kernel saw it: ``time.monotonic_ns()``'s clock."""
    seqno: int
    """The edge's number among all the request's edges (a gap: the kernel's queue overflowed)."""
    line_seqno: int


def _ioctl(fd: int, request: int, buffer: bytearray) -> None:
    fcntl.ioctl(fd, request, buffer, True)


@dataclass(frozen=True, slots=True)
class GpioCalls:
    """The system calls the driver makes, each replaceable by a test."""

    open: Callable[[str, int], int] = os.open
    ioctl: Callable[[int, int, bytearray], None] = _ioctl
    read: Callable[[int, int], bytes] = os.read
    close: Callable[[int], None] = os.close
    listdir: Callable[[str], list[str]] = os.listdir


def request_struct(settings: Sequence[LineSettings], consumer: str) -> LineRequestStruct:
    """The request for ``settings``: the first line's flags are the default, each other
    set of flags and each debounce period an attribute over the lines that have it."""
    if not settings:
        raise ValueError("a line request needs at least one line")
    if len(settings) > GPIO_V2_LINES_MAX:
        raise ValueError(f"{len(settings)} lines in one request; at most {GPIO_V2_LINES_MAX}")
    offsets = [line.offset for line in settings]
    if len(set(offsets)) != len(offsets):
        raise ValueError(f"a line asked twice in one request: {offsets}")
    request = LineRequestStruct()
    for index, line in enumerate(settings):
        request.offsets[index] = line.offset
    request.consumer = consumer.encode()[: GPIO_MAX_NAME_SIZE - 1]
    request.num_lines = len(settings)
    default = settings[0].flags
    request.config.flags = default
    flag_masks: dict[int, int] = {}  # each set of flags: the lines that have it
    debounce_masks: dict[int, int] = {}
    for index, line in enumerate(settings):
        flag_masks[line.flags] = flag_masks.get(line.flags, 0) | 1 << index
        debounce_masks[line.debounce_us] = debounce_masks.get(line.debounce_us, 0) | 1 << index
    attributes = [
        *((AttrId.FLAGS, flags, mask) for flags, mask in flag_masks.items() if flags != default),
        *((AttrId.DEBOUNCE, us, mask) for us, mask in debounce_masks.items() if us),
    ]
    if len(attributes) > GPIO_V2_LINE_NUM_ATTRS_MAX:
        raise ValueError(f"{len(attributes)} line attributes; at most {GPIO_V2_LINE_NUM_ATTRS_MAX}")
    for index, (attr, value, mask) in enumerate(attributes):
        slot = request.config.attrs[index]
        slot.attr.id = attr
        if attr is AttrId.FLAGS:
            slot.attr.flags = value
        else:
            slot.attr.debounce_period_us = value
        slot.mask = mask
    request.config.num_attrs = len(attributes)
    return request


def parse_events(data: bytes) -> list[LineEvent]:
    """The events of one read (the kernel returns whole events only)."""
    events = []
    for start in range(0, len(data) - EVENT_SIZE + 1, EVENT_SIZE):
        raw = LineEventStruct.from_buffer_copy(data, start)
        events.append(
            LineEvent(
                offset=int(raw.offset),
                edge=Edge(raw.id),
                timestamp_ns=int(raw.timestamp_ns),
                seqno=int(raw.seqno),
                line_seqno=int(raw.line_seqno),
            )
        )
    return events


@dataclass(frozen=True, slots=True)
class GpioChip:
    """A ``/dev/gpiochipN`` and what it says of itself; it is opened for each request and
    closed again (a line request lives on in its own descriptor)."""

    path: str
    label: str
    lines: int
    calls: GpioCalls = field(default_factory=GpioCalls, compare=False)

    def request(self, settings: Sequence[LineSettings], consumer: str = "kiban") -> LineRequest:
        """Claim ``settings``' lines as inputs; a refusal (a line another program holds,
        an offset the chip lacks) is a ``GpioChipError`` naming this chip and the lines."""
        offsets = tuple(line.offset for line in settings)
        wanted = request_struct(settings, consumer)
        buffer = bytearray(bytes(wanted))
        try:
            fd = self.calls.open(self.path, os.O_RDWR | os.O_CLOEXEC)
        except OSError as cause:
            raise GpioChipError(self.path, offsets, cause, "could not be opened") from cause
        try:
            self.calls.ioctl(fd, GPIO_V2_GET_LINE_IOCTL, buffer)
        except OSError as cause:
            holders = self._holders(fd, offsets) if cause.errno == errno.EBUSY else ()
            raise GpioChipError(
                self.path, offsets, cause, "could not be requested", holders
            ) from cause
        finally:
            self.calls.close(fd)
        granted = LineRequestStruct.from_buffer_copy(buffer)
        if granted.fd <= 0:
            empty = OSError(None, f"the kernel gave no descriptor (fd {granted.fd})")
            raise GpioChipError(self.path, offsets, empty, "could not be requested")
        return LineRequest(self, tuple(settings), int(granted.fd), consumer)

    def holders(self, offsets: Sequence[int]) -> tuple[LineHolder, ...]:
        """The lines of ``offsets`` another request holds now, as the kernel names them
        (a ``GpioChipError`` when the chip does not open)."""
        try:
            fd = self.calls.open(self.path, os.O_RDWR | os.O_CLOEXEC)
        except OSError as cause:
            raise GpioChipError(self.path, tuple(offsets), cause, "could not be opened") from cause
        try:
            return self._holders(fd, offsets)
        finally:
            self.calls.close(fd)

    def _holders(self, fd: int, offsets: Sequence[int]) -> tuple[LineHolder, ...]:
        """The lines of ``offsets`` that another request holds (the kernel's line info
        on the open chip ``fd``); none known when the kernel will not say."""
        holders = []
        for offset in offsets:
            info = LineInfoStruct()
            info.offset = offset
            buffer = bytearray(bytes(info))
            try:
                self.calls.ioctl(fd, GPIO_V2_GET_LINEINFO_IOCTL, buffer)
            except OSError as error:
                log.debug("no line info of %s line %d: %s", self.path, offset, error)
                continue
            found = LineInfoStruct.from_buffer_copy(buffer)
            if found.flags & LineFlag.USED:
                consumer = found.consumer.decode(errors="replace")
                holders.append(LineHolder(offset, consumer))
        return tuple(holders)


def chip_info(path: str, calls: GpioCalls | None = None) -> GpioChip:
    """Open ``path`` and ask it its label and line count."""
    calls = calls or GpioCalls()
    try:
        fd = calls.open(path, os.O_RDWR | os.O_CLOEXEC)
    except OSError as cause:
        raise GpioChipError(path, (), cause, "could not be opened") from cause
    buffer = bytearray(ctypes.sizeof(ChipInfo))
    try:
        calls.ioctl(fd, GPIO_GET_CHIPINFO_IOCTL, buffer)
    except OSError as cause:
        raise GpioChipError(path, (), cause, "did not say what it is") from cause
    finally:
        calls.close(fd)
    info = ChipInfo.from_buffer_copy(buffer)
    return GpioChip(path, info.label.decode(errors="replace"), int(info.lines), calls)


def chip_paths(devices: str = "/dev", calls: GpioCalls | None = None) -> list[str]:
    """The ``gpiochipN`` device files of ``devices``, in the order of N."""
    calls = calls or GpioCalls()
    try:
        names = calls.listdir(devices)
    except OSError:
        return []
    numbered = [(int(match[1]), name) for name in names if (match := CHIP_NAME.fullmatch(name))]
    return [f"{devices.rstrip('/')}/{name}" for _, name in sorted(numbered)]


def find_header_chip(
    devices: str = "/dev",
    calls: GpioCalls | None = None,
    labels: Iterable[str] = HEADER_LABELS,
) -> GpioChip:
    """The chip of the 40-pin header, the first (by number) whose label is one of
    ``labels``; a ``GpioChipError`` saying what each chip was when none is."""
    calls = calls or GpioCalls()
    wanted = tuple(labels)
    seen: list[str] = []
    failures: list[GpioChipError] = []
    paths = chip_paths(devices, calls)
    for path in paths:
        try:
            chip = chip_info(path, calls)
        except GpioChipError as error:
            failures.append(error)
            seen.append(str(error))
            continue
        if chip.label in wanted:
            return chip
        seen.append(f"{path} is {chip.label}")
    what = "; ".join(seen) if seen else f"there is no gpiochip in {devices}"
    cause = OSError(failures[0].cause_errno if failures else None, what)
    raise GpioChipError(devices, (), cause, f"has no GPIO chip labelled {' or '.join(wanted)}")


class LineRequest:
    """Claimed lines: their events to read, their values to ask; ``close`` frees them."""

    def __init__(
        self,
        chip: GpioChip,
        settings: tuple[LineSettings, ...],
        fd: int,
        consumer: str = "kiban",
    ) -> None:
        self.chip = chip
        self.settings = settings
        self.consumer = consumer
        self._fd: int | None = fd
        self._index = {line.offset: index for index, line in enumerate(settings)}

    @property
    def offsets(self) -> tuple[int, ...]:
        return tuple(self._index)

    def fileno(self) -> int:
        if self._fd is None:
            raise ValueError(f"the request of GPIO {self._lines()} on {self.chip.path} is closed")
        return self._fd

    def _lines(self) -> str:
        return ", ".join(map(str, self._index))

    def values(self) -> dict[int, bool]:
        """Each line's level now (True: high), in one ioctl."""
        asked = LineValues(bits=0, mask=(1 << len(self._index)) - 1)
        buffer = bytearray(bytes(asked))
        try:
            self.chip.calls.ioctl(self.fileno(), GPIO_V2_LINE_GET_VALUES_IOCTL, buffer)
        except OSError as cause:
            raise GpioChipError(self.chip.path, self.offsets, cause, "could not be read") from cause
        bits = int(LineValues.from_buffer_copy(buffer).bits)
        return {offset: bool(bits >> index & 1) for offset, index in self._index.items()}

    def value(self, offset: int) -> bool:
        return self.values()[offset]

    def read_events(self) -> list[LineEvent]:
        """The events queued now (blocks when none is: wait for the fd to be readable
        first). An empty list: the descriptor is at its end (the chip went away)."""
        try:
            data = self.chip.calls.read(self.fileno(), EVENT_SIZE * 16)
        except OSError as cause:
            raise GpioChipError(self.chip.path, self.offsets, cause, "could not be read") from cause
        return parse_events(data)

    def again(self) -> LineRequest:
        """The same lines claimed anew on the same device file (after the chip went away
        and came back, or another program let them go); refused as ``request`` is."""
        return self.chip.request(self.settings, self.consumer)

    def close(self) -> None:
        """Free the lines; safe to call twice."""
        fd, self._fd = self._fd, None
        if fd is not None:
            self.chip.calls.close(fd)
