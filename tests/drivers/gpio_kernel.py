"""A stand-in for the kernel's GPIO character device, for drivers/gpio_lines.py.

It answers the four ioctls the driver makes as ``<linux/gpio.h>`` documents them,
reading and writing the bytes with ``struct`` at the header's offsets (written out
here from the header, not taken from the driver's ctypes model), so a request the
driver lays out wrongly is read wrongly here. Each granted request is a pipe: its read
end is the request's descriptor, and ``edge`` writes a 48-byte event into it.
"""

from __future__ import annotations

import errno
import os
import struct
from collections.abc import Mapping
from dataclasses import dataclass

from drivers.gpio_lines import (
    GPIO_GET_CHIPINFO_IOCTL,
    GPIO_V2_GET_LINE_IOCTL,
    GPIO_V2_GET_LINEINFO_IOCTL,
    GPIO_V2_LINE_GET_VALUES_IOCTL,
    Edge,
    GpioCalls,
)

# struct gpio_v2_line_request, from the header: u32 offsets[64] at 0, char consumer[32]
# at 256, the config at 288 (u64 flags, u32 num_attrs, u32 padding[5], then ten
# attributes of 24 bytes at 320: u32 id, u32 padding, the u64/u32 union at +8, u64 mask
# at +16), u32 num_lines at 560, u32 event_buffer_size at 564, u32 padding[5], s32 fd
# at 588; 592 bytes.
REQUEST_SIZE = 592
CONSUMER, CONFIG_FLAGS, NUM_ATTRS, ATTRS, NUM_LINES, FD = 256, 288, 296, 320, 560, 588
ATTR_SIZE = 24
EVENT = struct.Struct("<QIIII24x")  # timestamp_ns, id, offset, seqno, line_seqno
CHIP_INFO = struct.Struct("<32s32sI")
# struct gpio_v2_line_info: char name[32] at 0, char consumer[32] at 32, u32 offset at 64,
# u32 num_attrs at 68, u64 flags at 72, ten 16-byte attributes at 80, u32 padding[4] at
# 240; 256 bytes. GPIO_V2_LINE_FLAG_USED is bit 0.
LINE_INFO_SIZE = 256
LINE_INFO = struct.Struct("<32s32sIIQ")


@dataclass(frozen=True)
class Attribute:
    id: int
    value: int  # flags (u64) for id 1, debounce_period_us (u32) for id 3
    mask: int


@dataclass(frozen=True)
class Request:
    """A line request as the kernel read it."""

    offsets: tuple[int, ...]
    consumer: str
    flags: int
    attributes: tuple[Attribute, ...]

    @classmethod
    def parse(cls, data: bytes) -> Request:
        assert len(data) == REQUEST_SIZE
        (num_lines,) = struct.unpack_from("<I", data, NUM_LINES)
        offsets = struct.unpack_from(f"<{num_lines}I", data, 0)
        consumer = data[CONSUMER : CONSUMER + 32].split(b"\0")[0].decode()
        (flags,) = struct.unpack_from("<Q", data, CONFIG_FLAGS)
        (count,) = struct.unpack_from("<I", data, NUM_ATTRS)
        attributes = []
        for index in range(count):
            at = ATTRS + index * ATTR_SIZE
            (attr_id,) = struct.unpack_from("<I", data, at)
            value_format = "<Q" if attr_id == 1 else "<I"
            (value,) = struct.unpack_from(value_format, data, at + 8)
            (mask,) = struct.unpack_from("<Q", data, at + 16)
            attributes.append(Attribute(attr_id, value, mask))
        assert struct.unpack_from("<i", data, FD) == (0,)  # the kernel's to fill
        return cls(tuple(offsets), consumer, flags, tuple(attributes))


class FakeKernel:
    """Chips by device name (``gpiochip0``) with their label and line count."""

    def __init__(self, chips: Mapping[str, tuple[str, int]] | None = None) -> None:
        self.chips = dict({"gpiochip0": ("pinctrl-bcm2711", 58)} if chips is None else chips)
        self.levels: dict[int, bool] = {}
        """Each line's level; an unset line reads high (pulled up)."""
        self.refuse: dict[str, OSError] = {}
        """Opening these paths fails so."""
        self.busy: set[int] = set()
        """Lines another program holds."""
        self.held_by: dict[int, str] = {}
        """The consumer label of each line of ``busy`` (none: an unlabelled request)."""
        self.received: list[tuple[int, bytes]] = []
        """Every ioctl: its number and the bytes it was given."""
        self.requests: dict[int, Request] = {}
        """The open requests, by their descriptor."""
        self.closed: list[int] = []
        self.opens = 0
        """Every ``open`` asked, granted or not."""
        self.gone: set[str] = set()
        """Chips taken away (``unplug``): their requests' reads fail, they do not open."""
        self._failed: set[int] = set()  # requests whose chip went away
        self._chip_fds: dict[int, str] = {}  # an open chip's descriptor: its name
        self._writers: dict[int, int] = {}
        self._seqno: dict[int, int] = {}
        self._line_seqno: dict[int, int] = {}

    def calls(self) -> GpioCalls:
        return GpioCalls(
            open=self.open,
            ioctl=self.ioctl,
            read=self.read,
            close=self.close,
            listdir=self.listdir,
        )

    def listdir(self, directory: str) -> list[str]:
        return [*self.chips, "gpiomem", "i2c-1"]

    def open(self, path: str, flags: int) -> int:
        self.opens += 1
        if path in self.refuse:
            raise self.refuse[path]
        if os.path.basename(path) not in self.chips or os.path.basename(path) in self.gone:
            raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), path)
        fd = os.open(os.devnull, os.O_RDONLY)
        self._chip_fds[fd] = os.path.basename(path)
        return fd

    def ioctl(self, fd: int, number: int, buffer: bytearray) -> None:
        self.received.append((number, bytes(buffer)))
        if number == GPIO_GET_CHIPINFO_IOCTL:
            assert fd in self._chip_fds and len(buffer) == CHIP_INFO.size
            name = self._chip_fds[fd]
            label, lines = self.chips[name]
            CHIP_INFO.pack_into(buffer, 0, name.encode(), label.encode(), lines)
        elif number == GPIO_V2_GET_LINE_IOCTL:
            assert fd in self._chip_fds
            request = Request.parse(bytes(buffer))
            _, lines = self.chips[self._chip_fds[fd]]
            if any(offset >= lines for offset in request.offsets):
                raise OSError(errno.EINVAL, os.strerror(errno.EINVAL))
            held = self.busy | {o for r in self.requests.values() for o in r.offsets}
            if held & set(request.offsets):
                raise OSError(errno.EBUSY, os.strerror(errno.EBUSY))
            read_end, write_end = os.pipe()
            self.requests[read_end] = request
            self._writers[read_end] = write_end
            struct.pack_into("<i", buffer, FD, read_end)
        elif number == GPIO_V2_GET_LINEINFO_IOCTL:
            assert fd in self._chip_fds and len(buffer) == LINE_INFO_SIZE
            _, _, offset, _, _ = LINE_INFO.unpack_from(buffer)
            _, lines = self.chips[self._chip_fds[fd]]
            if offset >= lines:
                raise OSError(errno.EINVAL, os.strerror(errno.EINVAL))
            holders = {o: r.consumer for r in self.requests.values() for o in r.offsets}
            holders |= {o: self.held_by.get(o, "") for o in self.busy}
            used = 1 if offset in holders else 0
            consumer = holders.get(offset, "").encode()
            LINE_INFO.pack_into(buffer, 0, b"", consumer, offset, 0, used)
        elif number == GPIO_V2_LINE_GET_VALUES_IOCTL:
            request = self.requests[fd]
            bits, mask = struct.unpack_from("<QQ", buffer)
            assert bits == 0
            for index, offset in enumerate(request.offsets):
                if mask >> index & 1 and self.levels.get(offset, True):
                    bits |= 1 << index
            struct.pack_into("<Q", buffer, 0, bits)
        else:
            raise OSError(errno.ENOTTY, os.strerror(errno.ENOTTY))

    def read(self, fd: int, size: int) -> bytes:
        if fd in self._failed:  # as gpiolib-cdev's linereq_read once the chip is gone
            raise OSError(errno.ENODEV, os.strerror(errno.ENODEV))
        return os.read(fd, size)

    def unplug(self, name: str = "gpiochip0") -> None:
        """The chip goes away: every request's read fails with ENODEV and its poll says
        so (here: the pipe's write end closed), and the device file stops opening."""
        self.gone.add(name)
        for fd in list(self.requests):
            self._failed.add(fd)
            writer = self._writers.pop(fd, None)
            if writer is not None:
                os.close(writer)

    def plug(self, name: str = "gpiochip0") -> None:
        """The chip is back: its device file opens again."""
        self.gone.discard(name)

    def close(self, fd: int) -> None:
        self._failed.discard(fd)
        self.closed.append(fd)
        self._chip_fds.pop(fd, None)
        self.requests.pop(fd, None)
        writer = self._writers.pop(fd, None)
        if writer is not None:
            os.close(writer)
        os.close(fd)

    def holder(self, offset: int) -> int:
        """The descriptor of the request that holds ``offset``."""
        return next(fd for fd, request in self.requests.items() if offset in request.offsets)

    def edge(self, offset: int, edge: Edge, timestamp_ns: int = 1_000_000) -> None:
        """The line moves: its level changes and an event is queued on its request."""
        fd = self.holder(offset)
        self.levels[offset] = edge is Edge.RISING
        self._seqno[fd] = self._seqno.get(fd, 0) + 1
        self._line_seqno[offset] = self._line_seqno.get(offset, 0) + 1
        event = EVENT.pack(timestamp_ns, edge, offset, self._seqno[fd], self._line_seqno[offset])
        os.write(self._writers[fd], event)

    def hang_up(self, offset: int) -> None:
        """The request's file reaches its end (as when the chip goes away)."""
        os.close(self._writers.pop(self.holder(offset)))
