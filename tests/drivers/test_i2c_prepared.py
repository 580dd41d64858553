"""A transaction repeated every scan is prepared once: on a real bus, the ioctl's
structure is built once and handed to the kernel at each call."""

from __future__ import annotations

import ctypes
from typing import Any

import pytest
from smbus2 import SMBus, i2c_msg
from smbus2.smbus2 import I2C_RDWR, i2c_rdwr_ioctl_data

import drivers.i2c
from drivers.i2c import prepare_rdwr
from drivers.i2c_adapters import PERMISSIVE
from drivers.mcp23017 import MCP23017, MCP23017Group
from hardware.mock.bus import SimulatedI2CBus
from hardware.mock.mcp23017 import MCP23017Model


def test_a_real_bus_gets_one_ioctl_structure_for_every_call(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls: list[tuple[Any, int, Any]] = []

    def ioctl(fd: Any, request: int, data: Any) -> None:
        calls.append((fd, request, data))
        message = data.msgs[1]  # the kernel fills the read message's buffer
        ctypes.memmove(message.buf, b"\x12\x34", message.len)

    monkeypatch.setattr(drivers.i2c, "ioctl", ioctl)
    bus = SMBus()  # not opened: the test stands in for the kernel
    bus.fd = 7
    read = i2c_msg.read(0x20, 2)
    transaction = prepare_rdwr(bus, i2c_msg.write(0x20, [0x12]), read)
    transaction()
    bus.fd = 8  # a bus opened again: the call uses its descriptor of now
    transaction()
    assert [(fd, request) for fd, request, _ in calls] == [(7, I2C_RDWR), (8, I2C_RDWR)]
    first, second = calls[0][2], calls[1][2]
    assert first is second and isinstance(first, i2c_rdwr_ioctl_data)
    assert first.nmsgs == 2 and [first.msgs[i].addr for i in range(2)] == [0x20, 0x20]
    assert bytes(read) == b"\x12\x34"


def test_any_other_bus_runs_the_messages_through_i2c_rdwr() -> None:
    class Recording:
        def __init__(self) -> None:
            self.calls: list[tuple[i2c_msg, ...]] = []

        def i2c_rdwr(self, *messages: i2c_msg) -> None:
            self.calls.append(messages)

    bus = Recording()
    read = i2c_msg.read(0x21, 2)
    transaction = prepare_rdwr(bus, read)  # type: ignore[arg-type]
    transaction()
    transaction()
    assert bus.calls == [(read,), (read,)]


def test_a_group_scans_with_one_prepared_transaction_and_reads_every_change() -> None:
    bus = SimulatedI2CBus("i2c-1", adapter=PERMISSIVE)  # one transaction for both chips
    models = {address: MCP23017Model(seed=address) for address in (0x20, 0x21)}
    for address, model in models.items():
        bus.attach(address, model)
    chips = [MCP23017(bus, address, adapter=PERMISSIVE) for address in models]
    for chip in chips:
        chip.configure(0x7F7F)
    group = MCP23017Group(bus, chips)
    assert group.read_raw() == b"\x7f\x7f\x7f\x7f"  # re-points: a write per chip
    bus.reset_counters()
    models[0x21].drive_low(8)
    assert group.read_raw() == b"\x7f\x7f\x7f\x7e"
    assert group.read_all() == {0x20: 0x7F7F, 0x21: 0x7E7F}
    assert all(message.read for call in bus.log for message in call.messages)
    assert bus.transactions == 2
