"""An I2C adapter that runs SMBus transfers only (no ``I2C_FUNC_I2C``): the kernel's
i2c-stub, which is make pi-vm's bus 1, and a PC's SMBus controller. Its ``I2C_RDWR``
fails with EOPNOTSUPP, so Kiban's scans (a plain read of GPIOA/GPIOB, combined
transactions) never reached the service there (issue 80: "a sensor change did not
visibly reach the service"). The drivers plan one SMBus transfer a transaction for it,
every read after its register pointer, and ``SmbusOnlyBus`` runs each as the SMBus call
that puts the same bytes on the wire: here over the simulated bus, whose MCP23017 model
speaks the chip's bytes (checked against the datasheet), and in make pi-vm over the
kernel's i2c-stub."""

from __future__ import annotations

import errno
from typing import Any

import pytest
from smbus2 import I2cFunc, i2c_msg

from drivers import i2c
from drivers.i2c import SmbusOnlyBus, open_i2c_bus, prepare_rdwr
from drivers.i2c_adapters import SMBUS, STRICTEST
from drivers.mcp23017 import MCP23017, InterruptCapture, MCP23017Group, Register
from hardware.board import _adapter
from hardware.mock.bus import SimulatedI2CBus
from hardware.mock.mcp23017 import MCP23017Model
from hardware.profile import load_profile

SENSORS = 0x7F7F


def test_an_smbus_adapter_takes_one_smbus_transfer_a_transaction() -> None:
    write, read = (0x20, False), (0x20, True)
    assert SMBUS.refusal([write]) is None
    assert SMBUS.refusal([write, read]) is None
    for shape in ([read], [write, write], [write, read, write, read], [write, (0x21, True)]):
        refused = SMBUS.refusal(shape)
        assert refused is not None and refused.errno == errno.EOPNOTSUPP, shape
    assert not SMBUS.plain_reads and STRICTEST.plain_reads


class Recorder(SimulatedI2CBus):
    """The simulated bus as a real SMBus seen from the wrapper: its SMBus calls only,
    each counted (the mock expresses each as the I2C messages the kernel would send)."""

    def __init__(self) -> None:
        super().__init__("i2c-1")
        self.calls: list[tuple[str, int, int]] = []

    def read_i2c_block_data(
        self, i2c_addr: int, register: int, length: int, force: Any = None
    ) -> list[int]:
        self.calls.append(("read_i2c_block_data", i2c_addr, register))
        return super().read_i2c_block_data(i2c_addr, register, length, force)

    def i2c_rdwr(self, *messages: i2c_msg) -> None:
        raise AssertionError("an SMBus-only adapter was sent an I2C_RDWR")


def smbus_board() -> tuple[SmbusOnlyBus, Recorder, MCP23017Model]:
    recorder = Recorder()
    model = MCP23017Model(seed=1)
    recorder.attach(0x20, model)
    return SmbusOnlyBus(recorder, "i2c-1"), recorder, model  # type: ignore[arg-type]


def test_the_expander_is_configured_and_scanned_through_smbus_calls_alone() -> None:
    bus, recorder, model = smbus_board()
    chip = MCP23017(bus, 0x20, adapter=SMBUS)
    chip.configure(SENSORS, interrupts=True)
    group = MCP23017Group(bus, [chip])
    model.drive_low(3)  # a piece on channel A3
    for _ in range(3):
        assert group.read_all() == {0x20: SENSORS & ~(1 << 3)}
    # every scan sends GPIOA's address before its read: SMBus has no read without it
    scans = [call for call in recorder.calls if call[2] == Register.GPIOA]
    assert scans == [("read_i2c_block_data", 0x20, Register.GPIOA)] * 3
    assert not chip.pointed


def asserted(model: MCP23017Model) -> bool:
    """Whether the chip's INTA is low now."""
    return model.inta


def test_an_interrupt_capture_is_two_smbus_block_reads() -> None:
    bus, recorder, model = smbus_board()
    chip = MCP23017(bus, 0x20, adapter=SMBUS)
    chip.configure(SENSORS, interrupts=True)
    group = MCP23017Group(bus, [chip])
    recorder.calls.clear()
    model.drive_low(1)
    assert asserted(model)
    captures = group.read_interrupt_captures()
    # port B latched nothing: its byte holds its previous capture (none yet)
    assert captures == {0x20: InterruptCapture(flags=0b10, captured=SENSORS & ~0b10 & 0x00FF)}
    assert not asserted(model)  # reading INTCAP cleared it, as on the chip
    assert [call[2] for call in recorder.calls] == [Register.INTFA, Register.INTCAPA]


def test_what_no_smbus_transfer_sends_is_refused_before_anything_is_sent() -> None:
    bus, recorder, _ = smbus_board()
    with pytest.raises(OSError) as caught:
        prepare_rdwr(bus, i2c_msg.read(0x20, 2))
    assert caught.value.errno == errno.EOPNOTSUPP
    assert "i2c-1 runs SMBus transfers only" in str(caught.value)
    with pytest.raises(OSError, match="SMBus transfers only"):
        bus.i2c_rdwr(i2c_msg.write(0x20, [0x12, 0]), i2c_msg.read(0x20, 2))  # two-byte pointer
    assert recorder.transactions == 0


def test_a_write_is_a_send_byte_a_byte_data_or_a_block_write() -> None:
    bus, _, model = smbus_board()
    bus.i2c_rdwr(i2c_msg.write(0x20, [Register.IODIRA, 0x0F, 0xF0]))
    assert model.port_value(Register.IODIRA) == 0xF00F
    bus.i2c_rdwr(i2c_msg.write(0x20, [Register.GPPUA, 0x33]))
    assert model.register(Register.GPPUA) == 0x33
    bus.i2c_rdwr(i2c_msg.write(0x20, [Register.IPOLA]))
    assert model.pointer == Register.IPOLA


class FakeSMBus:
    """smbus2's SMBus as opening a bus leaves it: ``funcs`` from I2C_FUNCS."""

    def __init__(self, funcs: int) -> None:
        self.funcs = funcs

    def close(self) -> None:
        """Nothing to close."""


@pytest.mark.parametrize(
    ("funcs", "wrapped"),
    [(I2cFunc.I2C | I2cFunc.SMBUS_READ_I2C_BLOCK, False), (I2cFunc.SMBUS_READ_I2C_BLOCK, True)],
)
def test_a_bus_is_wrapped_when_its_adapter_says_it_runs_no_plain_i2c(
    monkeypatch: pytest.MonkeyPatch, funcs: int, wrapped: bool
) -> None:
    monkeypatch.setattr("smbus2.SMBus", lambda number: FakeSMBus(funcs))
    bus = open_i2c_bus(1)
    assert isinstance(bus, i2c.SmbusOnlyBus) is wrapped


def test_the_board_plans_for_an_smbus_only_bus_whatever_its_host() -> None:
    profile = load_profile("dobutsu-reference")
    smbus, _, _ = smbus_board()
    assert _adapter(profile, {1: smbus}) is SMBUS
    assert _adapter(profile, {1: SimulatedI2CBus("i2c-1")}) is profile.adapter
