"""The simulated I2C bus behaves like smbus2 on a Linux adapter."""

from __future__ import annotations

import errno
from collections.abc import Callable

import pytest
from smbus2 import i2c_msg

from drivers.i2c_adapters import PERMISSIVE
from hardware.mock.bus import BusCall, Message, SimulatedI2CBus


class RegisterFile:
    """A minimal register chip: a write sets the pointer, reads auto-increment."""

    def __init__(self, size: int = 16) -> None:
        self.registers = bytearray(range(0x40, 0x40 + size))
        self.pointer = 0
        self.writes: list[bytes] = []

    def write(self, data: bytes) -> None:
        self.writes.append(data)
        self.pointer = data[0]
        for value in data[1:]:
            self.registers[self.pointer] = value
            self.pointer = (self.pointer + 1) % len(self.registers)

    def read(self, length: int) -> bytes:
        out = bytearray()
        for _ in range(length):
            out.append(self.registers[self.pointer])
            self.pointer = (self.pointer + 1) % len(self.registers)
        return bytes(out)


@pytest.fixture
def bus() -> SimulatedI2CBus:
    """A bus that runs any transaction: the mechanics (the adapters' rules are
    test_adapter_rules.py's)."""
    bus = SimulatedI2CBus("i2c-7", adapter=PERMISSIVE)
    bus.attach(0x20, RegisterFile())
    return bus


CALLS: dict[str, Callable[[SimulatedI2CBus, int], object]] = {
    "read_byte_data": lambda bus, addr: bus.read_byte_data(addr, 0),
    "write_byte_data": lambda bus, addr: bus.write_byte_data(addr, 0, 1),
    "read_i2c_block_data": lambda bus, addr: bus.read_i2c_block_data(addr, 0, 2),
    "write_i2c_block_data": lambda bus, addr: bus.write_i2c_block_data(addr, 0, [1, 2]),
    "i2c_rdwr": lambda bus, addr: bus.i2c_rdwr(i2c_msg.write(addr, [0]), i2c_msg.read(addr, 2)),
}


@pytest.mark.parametrize("call", sorted(CALLS))
def test_absent_address_raises_errno_121_for_every_call(bus: SimulatedI2CBus, call: str) -> None:
    with pytest.raises(OSError) as caught:
        CALLS[call](bus, 0x21)
    assert caught.value.errno == errno.EREMOTEIO == 121
    assert caught.value.strerror == "Remote I/O error"
    assert bus.log[-1].errno == 121
    assert bus.log[-1].kind == call


def test_byte_and_block_calls_go_through_the_register_pointer(bus: SimulatedI2CBus) -> None:
    chip = bus.device(0x20)
    assert isinstance(chip, RegisterFile)
    assert bus.read_byte_data(0x20, 3) == 0x43
    bus.write_byte_data(0x20, 4, 0x99)
    assert chip.registers[4] == 0x99
    bus.write_i2c_block_data(0x20, 5, [1, 2, 3])
    assert bus.read_i2c_block_data(0x20, 4, 5) == [0x99, 1, 2, 3, 0x48]
    assert chip.writes == [bytes([3]), bytes([4, 0x99]), bytes([5, 1, 2, 3]), bytes([4])]


def test_block_transfers_longer_than_smbus_allows_are_refused(bus: SimulatedI2CBus) -> None:
    with pytest.raises(ValueError):
        bus.read_i2c_block_data(0x20, 0, 33)
    with pytest.raises(ValueError):
        bus.write_i2c_block_data(0x20, 0, [0] * 33)
    assert bus.transactions == 0


def test_i2c_rdwr_fills_read_messages_and_delivers_writes(bus: SimulatedI2CBus) -> None:
    other = RegisterFile()
    bus.attach(0x27, other)
    write = i2c_msg.write(0x27, [2, 0xAA, 0xBB])
    first = i2c_msg.read(0x20, 3)
    second = i2c_msg.read(0x27, 2)
    bus.i2c_rdwr(i2c_msg.write(0x20, [1]), first, write, i2c_msg.write(0x27, [2]), second)
    assert bytes(first) == bytes([0x41, 0x42, 0x43])
    assert bytes(second) == bytes([0xAA, 0xBB])
    assert other.registers[2:4] == bytes([0xAA, 0xBB])
    assert bus.transactions == 1
    assert bus.log == [
        BusCall(
            "i2c_rdwr",
            (
                Message(0x20, False, 1),
                Message(0x20, True, 3),
                Message(0x27, False, 3),
                Message(0x27, False, 1),
                Message(0x27, True, 2),
            ),
        )
    ]
    assert bus.log[0].addresses == (0x20, 0x27)


def test_i2c_rdwr_stops_at_the_absent_chip(bus: SimulatedI2CBus) -> None:
    chip = bus.device(0x20)
    assert isinstance(chip, RegisterFile)
    with pytest.raises(OSError) as caught:
        bus.i2c_rdwr(i2c_msg.write(0x20, [0, 7]), i2c_msg.write(0x22, [0]))
    assert caught.value.errno == errno.EREMOTEIO
    assert chip.registers[0] == 7  # the message before the failure went out


def test_i2c_rdwr_refuses_more_than_42_messages(bus: SimulatedI2CBus) -> None:
    with pytest.raises(OSError) as caught:
        bus.i2c_rdwr(*[i2c_msg.read(0x20, 1) for _ in range(43)])
    assert caught.value.errno == errno.EINVAL


def test_each_call_is_one_transaction(bus: SimulatedI2CBus) -> None:
    bus.read_byte_data(0x20, 0)
    bus.i2c_rdwr(*[i2c_msg.read(0x20, 1) for _ in range(10)])
    with pytest.raises(OSError):
        bus.read_byte_data(0x30, 0)
    assert (bus.transactions, bus.failures) == (3, 1)
    assert [call.kind for call in bus.log] == ["read_byte_data", "i2c_rdwr", "read_byte_data"]
    bus.reset_counters()
    assert (bus.transactions, bus.failures, bus.log) == (0, 0, [])


def test_a_bus_that_runs_for_days_keeps_only_its_latest_calls(bus: SimulatedI2CBus) -> None:
    for value in range(3 * bus.log.keep):
        bus.write_byte_data(0x20, 1, value & 0xFF)
    assert bus.transactions == 3 * bus.log.keep
    assert bus.log.keep <= len(bus.log) < 2 * bus.log.keep
    assert bus.log[-1].kind == "write_byte_data"


def test_vanish_and_restore(bus: SimulatedI2CBus) -> None:
    bus.write_byte_data(0x20, 1, 0x55)
    bus.vanish(0x20)
    assert bus.present() == []
    with pytest.raises(OSError) as caught:
        bus.read_byte_data(0x20, 1)
    assert caught.value.errno == errno.EREMOTEIO
    bus.restore(0x20)
    assert bus.present() == [0x20]
    assert bus.read_byte_data(0x20, 1) == 0x55  # the chip kept its registers


def test_attach_refuses_a_taken_or_invalid_address(bus: SimulatedI2CBus) -> None:
    with pytest.raises(ValueError):
        bus.attach(0x20, RegisterFile())
    with pytest.raises(ValueError):
        bus.attach(0x80, RegisterFile())
    bus.detach(0x20)
    with pytest.raises(OSError):
        bus.read_byte_data(0x20, 0)


def _failures(seed: int) -> list[int | None]:
    bus = SimulatedI2CBus(error_rate=0.3, seed=seed)
    bus.attach(0x20, RegisterFile())
    outcomes: list[int | None] = []
    for _ in range(200):
        try:
            bus.read_byte_data(0x20, 0)
        except OSError as exc:
            outcomes.append(exc.errno)
        else:
            outcomes.append(None)
    return outcomes


def test_error_rate_is_reproducible_with_a_seed() -> None:
    first = _failures(seed=4)
    assert first == _failures(seed=4)
    assert first != _failures(seed=5)
    errors = [code for code in first if code is not None]
    assert 30 < len(errors) < 90
    assert set(errors) == {errno.EREMOTEIO, errno.EIO}


def test_closed_bus_refuses_calls(bus: SimulatedI2CBus) -> None:
    bus.close()
    assert bus.closed
    with pytest.raises(OSError) as caught:
        bus.read_byte_data(0x20, 0)
    assert caught.value.errno == errno.EBADF


def test_a_glitch_cuts_a_transaction_at_a_byte_and_what_came_before_happened() -> None:
    glitching = SimulatedI2CBus("i2c-1", error_rate=1.0, seed=3)
    chip = RegisterFile()
    glitching.attach(0x20, chip)
    pointers = set()
    for _ in range(60):
        chip.pointer = 0
        with pytest.raises(OSError):
            glitching.i2c_rdwr(i2c_msg.write(0x20, [4]), i2c_msg.read(0x20, 3))
        pointers.add(chip.pointer)
    # Cut before the write (0), after it (4), or after one, two or three bytes read.
    assert pointers == {0, 4, 5, 6, 7}


def test_a_prepared_read_runs_again_at_each_call_as_i2c_rdwr_would(bus: SimulatedI2CBus) -> None:
    other = RegisterFile()
    bus.attach(0x27, other)
    first, second = i2c_msg.read(0x20, 2), i2c_msg.read(0x27, 3)
    transaction = bus.prepare_rdwr(first, second)
    assert bus.transactions == 0  # preparing sends nothing
    transaction()
    assert (bytes(first), bytes(second)) == (bytes([0x40, 0x41]), bytes([0x40, 0x41, 0x42]))
    transaction()  # the pointers moved on: the chips give their next registers
    assert (bytes(first), bytes(second)) == (bytes([0x42, 0x43]), bytes([0x43, 0x44, 0x45]))
    logged = BusCall("i2c_rdwr", (Message(0x20, True, 2), Message(0x27, True, 3)))
    assert (bus.transactions, bus.log) == (2, [logged, logged])
    assert bus.bits == 2 * (1 + 9 + 18 + 1 + 9 + 27 + 1)
    bus.vanish(0x27)
    with pytest.raises(OSError) as caught:
        transaction()
    assert caught.value.errno == errno.EREMOTEIO
    assert bus.failures == 1 and bus.log[-1].errno == errno.EREMOTEIO


def test_a_prepared_transaction_follows_the_wiring_as_it_changes(bus: SimulatedI2CBus) -> None:
    read = i2c_msg.read(0x20, 1)
    transaction = bus.prepare_rdwr(read)
    transaction()
    assert bytes(read) == bytes([0x40])
    bus.vanish(0x20)
    with pytest.raises(OSError):
        transaction()
    bus.restore(0x20)
    transaction()  # the same chip again, its pointer where the last read left it
    assert bytes(read) == bytes([0x41])
    bus.detach(0x20)
    with pytest.raises(OSError):
        transaction()
    replacement = RegisterFile()
    replacement.registers[0] = 0x99
    bus.attach(0x20, replacement)
    transaction()  # a chip put in its place answers, not the one taken away
    assert bytes(read) == bytes([0x99])
    assert (bus.transactions, bus.failures) == (5, 2)


def test_a_chip_that_gives_too_few_bytes_is_a_broken_model(bus: SimulatedI2CBus) -> None:
    class Short(RegisterFile):
        def read(self, length: int) -> bytes:
            return super().read(length - 1)

    bus.attach(0x21, Short())
    transaction = bus.prepare_rdwr(i2c_msg.read(0x21, 2))
    with pytest.raises(AssertionError, match="1 of 2"):
        transaction()


def test_a_prepared_transaction_with_writes_sends_what_the_buffers_hold(
    bus: SimulatedI2CBus,
) -> None:
    chip = bus.device(0x20)
    assert isinstance(chip, RegisterFile)
    write, read = i2c_msg.write(0x20, [3]), i2c_msg.read(0x20, 1)
    transaction = bus.prepare_rdwr(write, read)
    transaction()
    assert bytes(read) == bytes([0x43])
    write.buf[0] = b"\x05"  # the real ioctl reads the buffer when it runs
    transaction()
    assert bytes(read) == bytes([0x45])
