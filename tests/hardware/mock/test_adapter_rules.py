"""The simulated bus refuses what the Raspberry Pi's own I2C adapters refuse, as their
kernel drivers do it: the Pi 1-4's before anything reaches the chips, the Pi 5's
after the messages before the offending one ran."""

from __future__ import annotations

import errno

import pytest
from smbus2 import i2c_msg

from drivers.i2c_adapters import BCM2835, DESIGNWARE, PERMISSIVE, STRICTEST, I2CAdapter
from hardware.mock.bus import SimulatedI2CBus


class Chip:
    """Keeps every byte written to it; reads answer its address's low byte."""

    def __init__(self, address: int) -> None:
        self.address = address
        self.written: list[bytes] = []
        self.reads = 0

    def write(self, data: bytes) -> None:
        self.written.append(data)

    def read(self, length: int) -> bytes:
        self.reads += 1
        return bytes([self.address]) * length


def _bus(adapter: I2CAdapter) -> tuple[SimulatedI2CBus, Chip, Chip]:
    bus = SimulatedI2CBus("i2c-1", adapter=adapter)
    first, second = Chip(0x20), Chip(0x21)
    bus.attach(0x20, first)
    bus.attach(0x21, second)
    return bus, first, second


def test_the_default_is_the_strictest_adapter() -> None:
    assert SimulatedI2CBus().adapter is STRICTEST


def test_a_pi_4_refuses_a_read_before_the_last_message_and_sends_nothing() -> None:
    bus, first, second = _bus(BCM2835)
    with pytest.raises(OSError) as caught:
        bus.i2c_rdwr(i2c_msg.write(0x20, [0x12]), i2c_msg.read(0x20, 2), i2c_msg.read(0x21, 2))
    assert caught.value.errno == errno.EOPNOTSUPP
    assert (first.written, first.reads, second.reads) == ([], 0, 0)
    assert (bus.ioctls, bus.transactions, bus.bits, bus.refusals) == (1, 0, 0, 1)
    assert bus.log[-1].errno == errno.EOPNOTSUPP


def test_a_pi_4_runs_writes_to_several_chips_before_one_last_read() -> None:
    bus, first, second = _bus(BCM2835)
    read = i2c_msg.read(0x21, 1)
    bus.i2c_rdwr(i2c_msg.write(0x20, [1]), i2c_msg.write(0x21, [2]), read)
    assert (first.written, second.written, bytes(read)) == ([b"\x01"], [b"\x02"], b"\x21")
    assert bus.refusals == 0


def test_a_pi_5_refuses_a_second_address_after_sending_what_came_before() -> None:
    bus, first, second = _bus(DESIGNWARE)
    with pytest.raises(OSError) as caught:
        bus.i2c_rdwr(i2c_msg.write(0x20, [0x12]), i2c_msg.read(0x20, 2), i2c_msg.write(0x21, [3]))
    assert caught.value.errno == errno.EINVAL
    assert (first.written, first.reads) == ([b"\x12"], 1)  # the first chip's part ran
    assert second.written == []
    assert (bus.ioctls, bus.transactions, bus.refusals) == (1, 1, 1)
    assert bus.bits == (1 + 9 + 9) + (1 + 9 + 18) + 1  # the two messages that ran, a STOP


def test_a_pi_5_runs_reads_anywhere_in_a_transaction_to_one_address() -> None:
    bus, first, _ = _bus(DESIGNWARE)
    one, two = i2c_msg.read(0x20, 1), i2c_msg.read(0x20, 1)
    bus.i2c_rdwr(i2c_msg.write(0x20, [4]), one, i2c_msg.write(0x20, [5]), two)
    assert first.written == [b"\x04", b"\x05"]
    assert first.reads == 2


@pytest.mark.parametrize("adapter", [BCM2835, DESIGNWARE, STRICTEST], ids=lambda a: a.name)
def test_a_prepared_transaction_is_refused_at_every_call(adapter: I2CAdapter) -> None:
    bus, _, _ = _bus(adapter)
    transaction = bus.prepare_rdwr(i2c_msg.read(0x20, 2), i2c_msg.read(0x21, 2))
    for _ in range(3):
        with pytest.raises(OSError):
            transaction()
    assert bus.refusals == bus.ioctls == 3


def test_another_host_runs_what_the_pis_refuse() -> None:
    bus, _, _ = _bus(PERMISSIVE)
    one, two = i2c_msg.read(0x20, 1), i2c_msg.read(0x21, 1)
    bus.prepare_rdwr(one, two)()
    assert (bytes(one), bytes(two)) == (b"\x20", b"\x21")
    assert (bus.ioctls, bus.transactions, bus.refusals) == (1, 1, 0)


def test_smbus_calls_are_transactions_every_adapter_runs() -> None:
    """An SMBus call is a pointer write and a read of one chip (i2c-core emulates it with
    I2C_RDWR messages of that shape): nothing any Pi refuses."""
    bus, first, _ = _bus(STRICTEST)
    assert bus.read_i2c_block_data(0x20, 0x12, 2) == [0x20, 0x20]
    bus.write_i2c_block_data(0x20, 0x00, [1, 2])
    assert bus.read_byte_data(0x20, 0) == 0x20
    assert bus.refusals == 0
    assert first.written[1] == b"\x00\x01\x02"
