"""A simulated I2C bus offering the smbus2 calls the drivers make.

Devices attach at an address and speak plain I2C bytes: a write message hands
them bytes (the first is a register address for register-based chips), a read
message asks them for bytes. Every SMBus call is expressed as those messages,
as the Linux I2C core does, so a chip model only implements ``write`` and
``read``. An address nobody answers raises ``OSError(EREMOTEIO)`` (errno 121),
which is what a Raspberry Pi's I2C adapter reports for a missing ACK.

A device may route further devices (a TCA9548A multiplexer: ``routed(address)``
lists the devices its open channels connect for that address) and may act on
the STOP that ends every transaction (``stop()``), as the TCA9548A does when it
takes on a new channel selection. The bus also counts the bits a transaction
puts on the wire, so that a scan's cost can be told in time at a clock rate.

The bus keeps the rules of the I2C adapter it stands for (``adapter``: by default
the strictest, every Raspberry Pi's rules at once; drivers/i2c_adapters.py): a
transaction the Pi 1-4's ``i2c-bcm2835`` refuses fails with ``EOPNOTSUPP`` before
anything reaches the chips, one the Pi 5's ``i2c-designware`` refuses fails with
``EINVAL`` after the messages before the offending one ran.
"""

from __future__ import annotations

import ctypes
import errno
import os
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from smbus2 import i2c_msg
from smbus2.smbus2 import I2C_M_RD, i2c_rdwr_ioctl_data

from drivers.i2c_adapters import STRICTEST, I2CAdapter, Refusal
from hardware.mock.history import History

# Limits of the Linux i2c-dev interface smbus2 uses.
SMBUS_BLOCK_MAX = 32  # I2C_SMBUS_BLOCK_MAX: smbus2 refuses longer block transfers
RDWR_MAX_MESSAGES = 42  # I2C_RDWR_IOCTL_MAX_MSGS: more messages fail with EINVAL


class I2CDevice(Protocol):
    """A chip on the simulated bus, seen byte by byte."""

    def write(self, data: bytes) -> None: ...

    def read(self, length: int) -> bytes: ...


class I2CRouter(Protocol):
    """A device that connects others behind it (a multiplexer)."""

    def routed(self, address: int) -> list[I2CDevice]: ...

    def stop(self) -> None: ...


def wire_bits(messages: Sequence[Message]) -> int:
    """Bit times a transaction takes: START or repeated START, the address byte and
    each data byte with its ACK bit (9 bits each), and the final STOP."""
    return sum(1 + 9 + 9 * message.length for message in messages) + 1


@dataclass(frozen=True, slots=True)
class Message:
    """One I2C message of a logged call: who, which direction, how many bytes."""

    address: int
    read: bool
    length: int


@dataclass(frozen=True, slots=True)
class BusCall:
    """One call on the bus (one transaction), as tests inspect it afterwards.

    ``errno`` is None for a call that succeeded.
    """

    kind: str
    messages: tuple[Message, ...]
    errno: int | None = None

    @property
    def addresses(self) -> tuple[int, ...]:
        return tuple(dict.fromkeys(message.address for message in self.messages))


_Known = tuple[tuple[Message, ...], int, BusCall, Refusal | None]
"""What a transaction of one shape is: its messages, wire bits, log entry, and the
adapter's refusal of it (None: the adapter runs it)."""


def _os_error(code: int) -> OSError:
    return OSError(code, os.strerror(code))


class SimulatedI2CBus:
    """An ``I2CBus`` whose chips are Python objects; counts and logs every call.

    ``error_rate`` makes a share of calls fail at random (errno 121 or 5, like a
    glitching cable), reproducibly for a given ``seed``. A glitch strikes at a
    random byte of the transaction: the messages before it happened, the one it
    cuts happened up to that byte (a chip's address pointer moved on by the bytes
    it did send or take), the rest never did.
    """

    def __init__(
        self,
        name: str = "i2c-1",
        *,
        error_rate: float = 0.0,
        seed: int = 0,
        adapter: I2CAdapter = STRICTEST,
    ) -> None:
        if not 0.0 <= error_rate <= 1.0:
            raise ValueError(f"error rate {error_rate} is not in 0-1")
        self.name = name
        self.adapter = adapter
        self.error_rate = error_rate
        self._random = random.Random(seed)
        self._devices: dict[int, I2CDevice] = {}
        self._routers: list[I2CRouter] = []
        self._vanished: set[int] = set()
        self._closed = False
        self.wiring = 0
        """Bumped whenever a chip is attached, detached, vanishes or is restored, so that a
        prepared transaction knows when the chips it found at its addresses may differ."""
        self.transactions = 0  # calls that put something on the wire
        self.ioctls = 0  # calls into the adapter, refused ones included
        self.refusals = 0  # calls the adapter refused by its rules
        self.bits = 0
        self.failures = 0  # calls that failed, since the last reset_counters()
        self._shapes: dict[tuple[str, tuple[tuple[int, bool, int], ...]], _Known] = {}
        self.log: History[BusCall] = History()
        """The latest calls (hundreds), for tests to inspect."""

    # -- wiring and faults -------------------------------------------------

    def attach(self, address: int, device: I2CDevice) -> None:
        if not 0x03 <= address <= 0x77:
            raise ValueError(f"0x{address:02x} is not a 7-bit device address")
        if address in self._devices:
            raise ValueError(f"0x{address:02x} is already taken on {self.name}")
        self._devices[address] = device
        self.wiring += 1
        if hasattr(device, "routed") and hasattr(device, "stop"):
            self._routers.append(device)  # type: ignore[arg-type]

    def detach(self, address: int) -> None:
        device = self._devices.pop(address)
        self._vanished.discard(address)
        self.wiring += 1
        self._routers = [router for router in self._routers if id(router) != id(device)]

    def device(self, address: int) -> I2CDevice:
        return self._devices[address]

    def vanish(self, address: int) -> None:
        """The chip stops answering (a loose cable), keeping its state."""
        if address not in self._devices:
            raise KeyError(f"no device at 0x{address:02x} on {self.name}")
        self._vanished.add(address)
        self.wiring += 1

    def restore(self, address: int) -> None:
        self._vanished.discard(address)
        self.wiring += 1

    def present(self) -> list[int]:
        """The addresses that answer, as ``i2cdetect`` would list them."""
        return sorted(set(self._devices) - self._vanished)

    def reset_counters(self) -> None:
        self.transactions = 0
        self.ioctls = 0
        self.refusals = 0
        self.bits = 0
        self.failures = 0
        self.log.clear()

    def wire_seconds(self, clock_hz: float = 400_000) -> float:
        """The time the counted transactions keep the wire busy at ``clock_hz``."""
        return self.bits / clock_hz

    @property
    def closed(self) -> bool:
        return self._closed

    # -- the smbus2 subset -------------------------------------------------

    def read_byte(self, i2c_addr: int, force: bool | None = None) -> int:
        return self._transfer("read_byte", [(i2c_addr, None, 1)])[0][0]

    def write_byte(self, i2c_addr: int, value: int, force: bool | None = None) -> None:
        if not 0 <= value <= 0xFF:
            raise ValueError(f"byte value {value} is not 0-255")
        self._transfer("write_byte", [(i2c_addr, bytes([value]), 0)])

    def read_byte_data(self, i2c_addr: int, register: int, force: bool | None = None) -> int:
        data = self._transfer(
            "read_byte_data", [(i2c_addr, bytes([register]), 0), (i2c_addr, None, 1)]
        )
        return data[0][0]

    def write_byte_data(
        self, i2c_addr: int, register: int, value: int, force: bool | None = None
    ) -> None:
        self._transfer("write_byte_data", [(i2c_addr, bytes([register, value]), 0)])

    def read_i2c_block_data(
        self, i2c_addr: int, register: int, length: int, force: bool | None = None
    ) -> list[int]:
        if length > SMBUS_BLOCK_MAX:
            raise ValueError(f"Desired block length over {SMBUS_BLOCK_MAX} bytes")
        data = self._transfer(
            "read_i2c_block_data",
            [(i2c_addr, bytes([register]), 0), (i2c_addr, None, length)],
        )
        return list(data[0])

    def write_i2c_block_data(
        self, i2c_addr: int, register: int, data: list[int], force: bool | None = None
    ) -> None:
        if len(data) > SMBUS_BLOCK_MAX:
            raise ValueError(f"Data length cannot exceed {SMBUS_BLOCK_MAX} bytes")
        self._transfer("write_i2c_block_data", [(i2c_addr, bytes([register, *data]), 0)])

    def i2c_rdwr(self, *i2c_msgs: i2c_msg) -> None:
        """Run the messages in order with repeated starts; fill the read buffers.

        The messages go into the ioctl's structure first, as smbus2 does before its
        ``ioctl(I2C_RDWR)``: a simulated scan does the Python work a real one does."""
        i2c_rdwr_ioctl_data.create(*i2c_msgs)  # type: ignore[arg-type]
        steps = [
            (msg.addr, None, msg.len)
            if msg.flags & I2C_M_RD
            else (msg.addr, ctypes.string_at(msg.buf, msg.len), 0)
            for msg in i2c_msgs
        ]
        replies = iter(self._transfer("i2c_rdwr", steps))
        for msg in i2c_msgs:
            if msg.flags & I2C_M_RD:
                reply = next(replies)
                ctypes.memmove(msg.buf, reply, len(reply))

    def close(self) -> None:
        self._closed = True

    # -- one transaction ---------------------------------------------------

    def prepare_rdwr(self, *i2c_msgs: i2c_msg) -> Callable[[], None]:
        """``i2c_rdwr`` of these messages as a call to repeat, as ``drivers.i2c`` prepares
        a real bus's ioctl: the structure built once, the buffers filled at each call
        (and a write message's bytes read at each call, as the kernel copies them)."""
        i2c_rdwr_ioctl_data.create(*i2c_msgs)  # type: ignore[arg-type]
        return _Prepared(self, i2c_msgs)

    def _transfer(self, kind: str, steps: Sequence[tuple[int, bytes | None, int]]) -> list[bytes]:
        """Run write steps (bytes) and read steps (None, length); return what was read."""
        return self._perform(self._known(kind, steps), steps)

    def _known(self, kind: str, steps: Sequence[tuple[int, bytes | None, int]]) -> _Known:
        """The messages, bit count, log entry and the adapter's refusal (if any) of a
        transaction of this shape."""
        shape = (
            kind,
            tuple(
                (address, data is None, length if data is None else len(data))
                for address, data, length in steps
            ),
        )
        known = self._shapes.get(shape)
        if known is None:  # a scan repeats the same few transactions: log them shared
            messages = tuple(Message(*message) for message in shape[1])
            refusal = self.adapter.refusal([(m.address, m.read) for m in messages])
            known = self._shapes[shape] = (
                messages,
                wire_bits(messages),
                BusCall(kind, messages),
                refusal,
            )
        return known

    def _perform(
        self, known: _Known, steps: Sequence[tuple[int, bytes | None, int]]
    ) -> list[bytes]:
        messages, bits, call, refusal = known
        self.ioctls += 1
        if refusal is not None:
            self._refuse(known, steps)
        self.transactions += 1
        self.bits += bits
        try:
            replies = self._run(steps)
        except OSError as exc:
            self.failures += 1
            self.log.append(BusCall(call.kind, messages, exc.errno))
            raise
        finally:
            for router in self._routers:
                router.stop()  # every transaction ends with a STOP, even a failed one
        self.log.append(call)
        return replies

    def _refuse(self, known: _Known, steps: Sequence[tuple[int, bytes | None, int]]) -> None:
        """The adapter refuses the transaction: at once (nothing on the wire), or after
        running the messages before the one it cannot send."""
        messages, _, call, refusal = known
        assert refusal is not None
        self.refusals += 1
        self.failures += 1
        code = refusal.errno
        if refusal.ran:
            self.transactions += 1
            self.bits += wire_bits(messages[: refusal.ran])
            try:
                self._run(steps[: refusal.ran])
            except OSError as exc:  # a chip before the offending message did not answer
                code = exc.errno or code
            finally:
                for router in self._routers:
                    router.stop()
        self.log.append(BusCall(call.kind, messages, code))
        raise _os_error(code)

    def _device_at(self, address: int) -> I2CDevice | None:
        """The device that acknowledges ``address`` now (directly or behind a multiplexer)."""
        found: list[I2CDevice] = []
        device = self._devices.get(address)
        if device is not None and address not in self._vanished:
            found.append(device)
        for router in self._routers:
            found += router.routed(address)
        if len(found) > 1:
            # Two chips answer the same address: they fight over SDA.
            raise _os_error(errno.EIO)
        return found[0] if found else None

    def _run(self, steps: Sequence[tuple[int, bytes | None, int]]) -> list[bytes]:
        if self._closed:
            raise _os_error(errno.EBADF)
        if not steps or len(steps) > RDWR_MAX_MESSAGES:
            raise _os_error(errno.EINVAL)
        cut: int | None = None
        if self.error_rate and self._random.random() < self.error_rate:
            code = self._random.choice((errno.EREMOTEIO, errno.EIO))
            total = sum(length if data is None else len(data) for _, data, length in steps)
            cut = self._random.randint(0, total)
            steps = self._cut(steps, cut)
        replies: list[bytes] = []
        devices, vanished, routed = self._devices, self._vanished, bool(self._routers)
        for address, data, length in steps:
            if routed:
                device = self._device_at(address)
            else:
                device = None if address in vanished else devices.get(address)
            if device is None:
                # No ACK: the adapter aborts here; earlier messages already happened.
                raise _os_error(errno.EREMOTEIO)
            if data is not None:
                device.write(data)
            else:
                reply = bytes(device.read(length))
                if len(reply) != length:
                    raise AssertionError(f"device 0x{address:02x} gave {len(reply)} of {length}")
                replies.append(reply)
        if cut is not None:
            raise _os_error(code)
        return replies

    @staticmethod
    def _cut(
        steps: Sequence[tuple[int, bytes | None, int]], cut: int
    ) -> list[tuple[int, bytes | None, int]]:
        """The part of a transaction that happened before a glitch at byte ``cut``."""
        done: list[tuple[int, bytes | None, int]] = []
        for address, data, length in steps:
            size = length if data is None else len(data)
            if cut <= 0:
                break
            taken = min(size, cut)
            cut -= taken
            done.append((address, None, taken) if data is None else (address, data[:taken], 0))
        return [(address, data, length) for address, data, length in done if data or length]


def _memory(msg: i2c_msg) -> memoryview:
    """The bytes a message's buffer points to, as a view to read or fill."""
    array = (ctypes.c_ubyte * msg.len).from_address(ctypes.addressof(msg.buf.contents))
    return memoryview(array).cast("B")


_Step = tuple[
    Callable[[bytes], None] | None,
    memoryview | None,
    Callable[[int], bytes] | None,
    int,
    memoryview,
]
"""A prepared step bound to its chip: (write, the bytes to send) or (read, length, where
the reply lands)."""


class _Prepared:
    """A transaction run again at each call: the reads fill their buffers, the writes
    send what their buffers hold at that call.

    On a plain bus (no multiplexer, no glitches) each step is bound to the chip at its
    address once, and bound again only when the wiring changes, so that a call goes
    straight to the chips; otherwise it runs as any transaction does."""

    __slots__ = (
        "_bits",
        "_bound",
        "_bus",
        "_call",
        "_known",
        "_messages",
        "_plan",
        "_refused",
        "_steps",
        "_targets",
        "_wiring",
    )

    def __init__(self, bus: SimulatedI2CBus, messages: Sequence[i2c_msg]) -> None:
        self._bus = bus
        self._messages = tuple(messages)  # they own the memory the views read and write
        self._plan = [
            (int(msg.addr), None if msg.flags & I2C_M_RD else _memory(msg), int(msg.len))
            for msg in messages
        ]
        self._targets = [_memory(msg) for msg in messages if msg.flags & I2C_M_RD]
        steps = self._sent()
        # A transaction of reads only sends nothing: its steps are the same every time.
        self._steps = steps if all(data is None for _, data, _ in steps) else None
        self._known = known = bus._known("i2c_rdwr", steps)
        _, self._bits, self._call, refusal = known
        self._refused = refusal is not None
        self._wiring = -1
        self._bound: tuple[_Step, ...] | None = None

    def _sent(self) -> list[tuple[int, bytes | None, int]]:
        return [
            (address, None, length) if view is None else (address, bytes(view), 0)
            for address, view, length in self._plan
        ]

    def _bind(self) -> tuple[_Step, ...] | None:
        """Each step bound to the chip that answers its address now (None where one
        does not: the transaction then fails as any does)."""
        bus = self._bus
        bound: list[_Step] = []
        targets = iter(self._targets)
        for address, view, length in self._plan:
            device = None if address in bus._vanished else bus._devices.get(address)
            if device is None:
                return None
            if view is None:
                bound.append((None, None, device.read, length, next(targets)))
            else:
                bound.append((device.write, view, None, 0, view))
        return tuple(bound)

    def __call__(self) -> None:
        bus = self._bus
        if bus._routers or bus.error_rate or bus._closed or self._refused:
            self._run_generic()
            return
        if self._wiring != bus.wiring:
            self._bound, self._wiring = self._bind(), bus.wiring
        bound = self._bound
        if bound is None:
            self._run_generic()
            return
        bus.ioctls += 1
        bus.transactions += 1
        bus.bits += self._bits
        for write, view, read, length, target in bound:
            if write is not None:
                write(bytes(view))  # type: ignore[arg-type]
            else:
                reply = read(length)  # type: ignore[misc]
                if len(reply) != length:
                    raise AssertionError(f"a chip gave {len(reply)} of {length} bytes")
                target[:] = reply
        bus.log.append(self._call)

    def _run_generic(self) -> None:
        steps = self._steps
        if steps is None:
            steps = self._sent()
        replies = self._bus._perform(self._known, steps)
        for target, reply in zip(self._targets, replies, strict=True):
            target[:] = reply
