"""The MCP23017 driver against the register model on the simulated bus."""

from __future__ import annotations

import errno

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from smbus2 import i2c_msg

from drivers.errors import BusError
from drivers.i2c_adapters import BCM2835, DESIGNWARE, PERMISSIVE, STRICTEST, I2CAdapter
from drivers.mcp23017 import (
    MCP23017,
    InterruptCapture,
    Iocon,
    MCP23017Group,
    Register,
    pin_name,
)
from drivers.retry import RetryPolicy
from hardware.mock.bus import SimulatedI2CBus
from hardware.mock.mcp23017 import MCP23017Model

SENSORS = 0x7F7F  # every channel but the output-only GPA7 and GPB7


ADAPTERS = (PERMISSIVE, BCM2835, DESIGNWARE, STRICTEST)


def _board(
    *addresses: int, adapter: I2CAdapter = STRICTEST
) -> tuple[SimulatedI2CBus, dict[int, MCP23017Model]]:
    bus = SimulatedI2CBus("i2c-1", adapter=adapter)
    models = {address: MCP23017Model(seed=address) for address in addresses}
    for address, model in models.items():
        bus.attach(address, model)
    return bus, models


def test_configure_writes_directions_pull_ups_and_keeps_bit7_outputs_low() -> None:
    bus, models = _board(0x20)
    chip = MCP23017(bus, 0x20)
    chip.configure(0x0F0F)
    model = models[0x20]
    assert model.port_value(Register.IODIRA) == 0x0F0F
    assert model.port_value(Register.GPPUA) == 0x0F0F
    assert model.port_value(Register.OLATA) == 0
    assert model.port_value(Register.IPOLA) == 0
    assert model.port_value(Register.GPINTENA) == 0
    assert model.iocon == Iocon.SEQOP  # byte mode, set last, for pointer-free scans
    assert model.erratum_violations == 0
    assert chip.inputs == 0x0F0F


def test_configure_without_pull_ups_leaves_gppu_clear() -> None:
    bus, models = _board(0x20)
    MCP23017(bus, 0x20).configure(SENSORS, pull_ups=False)
    assert models[0x20].port_value(Register.GPPUA) == 0


def test_configure_with_interrupts_sets_mirror_open_drain_and_gpinten() -> None:
    bus, models = _board(0x20)
    chip = MCP23017(bus, 0x20)
    chip.configure(SENSORS, interrupts=True)
    model = models[0x20]
    assert model.iocon == Iocon.MIRROR | Iocon.ODR | Iocon.SEQOP
    assert model.port_value(Register.GPINTENA) == SENSORS
    assert model.port_value(Register.INTCONA) == 0  # against the previous value
    assert model.port_value(Register.DEFVALA) == 0
    assert chip.interrupts
    assert not model.inta


@pytest.mark.parametrize(("mask", "named"), [(0x0080, "GPA7"), (0x8000, "GPB7")])
def test_output_only_pins_are_refused_as_inputs(mask: int, named: str) -> None:
    bus, models = _board(0x20)
    with pytest.raises(ValueError, match=named):
        MCP23017(bus, 0x20).configure(mask | 0x0001)
    assert bus.transactions == 0
    assert models[0x20].erratum_violations == 0


def test_configure_refuses_a_mask_wider_than_16_bits() -> None:
    bus, _ = _board(0x20)
    with pytest.raises(ValueError):
        MCP23017(bus, 0x20).configure(0x1_0000)


def test_address_outside_the_chip_range_is_refused() -> None:
    with pytest.raises(ValueError, match="0x40"):
        MCP23017(SimulatedI2CBus(), 0x40)


def test_read_inputs_reflects_closed_switches_active_low() -> None:
    bus, models = _board(0x20)
    chip = MCP23017(bus, 0x20)
    chip.configure(SENSORS)
    assert chip.read_inputs() == SENSORS  # pull-ups: open switches read 1
    models[0x20].drive_low(3)
    models[0x20].drive_low(14)
    value = chip.read_inputs()
    assert value == SENSORS & ~(1 << 3) & ~(1 << 14)
    assert chip.closed(value) == (1 << 3) | (1 << 14)
    bus.reset_counters()
    chip.read_inputs()
    assert bus.transactions == 1  # GPIOA and GPIOB in one block read


def test_a_driver_without_pull_ups_reads_noise() -> None:
    bus, _ = _board(0x20)
    chip = MCP23017(bus, 0x20)
    chip.configure(SENSORS, pull_ups=False)
    readings = {chip.read_inputs() for _ in range(20)}
    assert len(readings) > 1  # the model's floating pins make the mistake visible


def test_absent_chip_becomes_a_bus_error_naming_it() -> None:
    bus, _ = _board(0x20)
    chip = MCP23017(bus, 0x21)
    with pytest.raises(BusError) as caught:
        chip.read_inputs()
    error = caught.value
    assert "MCP23017 at 0x21 on i2c-1" in str(error)
    assert (error.chip, error.bus, error.address) == ("MCP23017", "i2c-1", 0x21)
    assert error.errno == errno.EREMOTEIO
    assert error.transient
    assert isinstance(error.__cause__, OSError)
    with pytest.raises(BusError, match="0x21"):
        chip.configure(SENSORS)


@pytest.mark.parametrize("adapter", ADAPTERS, ids=lambda adapter: adapter.name)
def test_group_scan_takes_the_fewest_transactions_its_adapter_runs(adapter: I2CAdapter) -> None:
    """One combined read where the adapter allows it; a read a chip on a Raspberry Pi,
    planned for its adapter, never refused."""
    addresses = (0x20, 0x21, 0x24, 0x27)
    bus, models = _board(*addresses, adapter=adapter)
    chips = [MCP23017(bus, address, adapter=adapter) for address in addresses]
    for chip in chips:
        chip.configure(SENSORS)
    group = MCP23017Group(bus, chips)
    models[0x21].drive_low(0)
    models[0x27].drive_low(13)
    bus.reset_counters()
    readings = group.read_all()
    combined = adapter is PERMISSIVE
    assert bus.transactions == bus.ioctls == (1 if combined else 4)
    assert bus.refusals == 0
    assert {call.kind for call in bus.log} == {"i2c_rdwr"}
    assert [a for call in bus.log for a in call.addresses] == list(addresses)
    assert readings == {
        0x20: SENSORS,
        0x21: SENSORS & ~1,
        0x24: SENSORS,
        0x27: SENSORS & ~(1 << 13),
    }
    group.read_all()
    assert bus.transactions == (2 if combined else 8)


def test_group_names_the_chip_that_vanished() -> None:
    bus, _ = _board(0x20, 0x21, 0x22)
    chips = [MCP23017(bus, address, "i2c-3") for address in (0x20, 0x21, 0x22)]
    for chip in chips:
        chip.configure(SENSORS)
    group = MCP23017Group(bus, chips)
    bus.vanish(0x21)
    with pytest.raises(BusError) as caught:
        group.read_all()
    assert caught.value.address == 0x21
    assert "MCP23017 at 0x21 on i2c-3" in str(caught.value)
    bus.restore(0x21)
    assert set(group.read_all()) == {0x20, 0x21, 0x22}


def test_group_recovers_from_a_glitch_with_per_chip_reads() -> None:
    bus, models = _board(0x20, 0x21, adapter=PERMISSIVE)  # both chips in one transaction
    chips = [MCP23017(bus, address, adapter=PERMISSIVE) for address in (0x20, 0x21)]
    for chip in chips:
        chip.configure(SENSORS)
    models[0x21].drive_low(2)
    group = MCP23017Group(bus, chips)
    combined = bus.i2c_rdwr
    failures = [OSError(errno.EIO, "Input/output error")]

    def glitch_once(*messages: i2c_msg) -> None:
        """The combined transaction fails once; the per-chip reads after it succeed."""
        if failures:
            raise failures.pop()
        combined(*messages)

    bus.i2c_rdwr = glitch_once  # type: ignore[method-assign]
    bus.reset_counters()
    assert group.read_all() == {0x20: SENSORS, 0x21: SENSORS & ~4}
    assert [call.kind for call in bus.log] == ["read_i2c_block_data"] * 2


def test_on_a_pi_a_glitch_retries_the_transaction_of_its_chip_alone() -> None:
    """A read a chip on a Raspberry Pi: the chip whose read failed is tried again as the
    policy says (re-pointed, since a cut read may have moved its pointer); the chips
    read before it are not read again, and a silent one is named."""
    bus, models = _board(0x20, 0x21, 0x22, adapter=BCM2835)
    policy = RetryPolicy((0.0, 0.0), sleep=lambda _: None)
    chips = [MCP23017(bus, a, retry=policy, adapter=BCM2835) for a in (0x20, 0x21, 0x22)]
    for chip in chips:
        chip.configure(SENSORS)
    group = MCP23017Group(bus, chips, retry=policy)
    group.read_all()  # every pointer on GPIOA now
    bus.vanish(0x21)
    bus.reset_counters()
    with pytest.raises(BusError) as caught:
        group.read_all()
    assert caught.value.address == 0x21
    tried = [(call.addresses, [m.read for m in call.messages]) for call in bus.log]
    assert tried == [
        ((0x20,), [True]),  # the plain read of 0x20: done, not repeated
        ((0x21,), [True]),  # 0x21's plain read fails...
        ((0x21,), [False, True]),  # ...and is tried twice more, re-pointed
        ((0x21,), [False, True]),
        ((0x21,), [False, True]),  # then read alone to name it
    ]
    assert policy.retries == 2
    bus.restore(0x21)
    models[0x22].drive_low(3)
    assert group.read_all()[0x22] == SENSORS & ~8


def test_group_raises_when_every_read_fails() -> None:
    bus, _ = _board(0x20, 0x21)
    chips = [MCP23017(bus, address) for address in (0x20, 0x21)]
    group = MCP23017Group(bus, chips)
    bus.error_rate = 1.0
    with pytest.raises(BusError) as caught:
        group.read_all()
    assert caught.value.address == 0x20
    assert caught.value.cause_errno in (errno.EIO, errno.EREMOTEIO)


def test_group_refuses_repeated_addresses_and_emptiness() -> None:
    bus, _ = _board(0x20)
    with pytest.raises(ValueError):
        MCP23017Group(bus, [MCP23017(bus, 0x20), MCP23017(bus, 0x20)])
    with pytest.raises(ValueError):
        MCP23017Group(bus, [])
    with pytest.raises(ValueError, match="bus"):
        MCP23017Group(bus, [MCP23017(SimulatedI2CBus("i2c-0"), 0x20)])


@pytest.mark.parametrize(
    ("adapter", "transactions"),
    [(PERMISSIVE, 1), (DESIGNWARE, 2), (BCM2835, 4), (STRICTEST, 4)],
    ids=lambda value: getattr(value, "name", str(value)),
)
def test_interrupt_captures_are_read_and_clear_the_chips(
    adapter: I2CAdapter, transactions: int
) -> None:
    """INTF and INTCAP of every chip: one transaction, one a chip (Pi 5), or a pointer
    and a read each (Pi 1-4, whose adapter takes a read only last)."""
    bus, models = _board(0x20, 0x23, adapter=adapter)
    chips = [MCP23017(bus, address, adapter=adapter) for address in (0x20, 0x23)]
    for chip in chips:
        chip.configure(SENSORS, interrupts=True)
    group = MCP23017Group(bus, chips)
    models[0x23].drive_low(9)
    assert models[0x23].inta and models[0x23].intb
    bus.reset_counters()
    captures = group.read_interrupt_captures()
    assert bus.transactions == bus.ioctls == transactions
    assert captures == {
        0x20: InterruptCapture(flags=0, captured=0),
        # Port A never latched: its INTCAP byte keeps the power-on 0.
        0x23: InterruptCapture(flags=1 << 9, captured=SENSORS & ~(1 << 9) & 0xFF00),
    }
    inta: bool = models[0x23].inta  # read afresh after the action
    assert not inta
    models[0x20].drive_low(1)
    assert chips[0].read_interrupt_capture() == InterruptCapture(2, SENSORS & ~2 & 0x00FF)
    assert not models[0x20].inta


def test_pin_names() -> None:
    assert [pin_name(channel) for channel in (0, 7, 8, 15)] == ["GPA0", "GPA7", "GPB0", "GPB7"]
    with pytest.raises(ValueError):
        pin_name(16)


@settings(max_examples=60, deadline=None)
@given(
    closed=st.dictionaries(
        st.integers(0x20, 0x27),
        st.integers(0, 0xFFFF).map(lambda mask: mask & SENSORS),
        min_size=1,
    )
)
def test_any_board_state_reads_back_in_one_scan(closed: dict[int, int]) -> None:
    bus, models = _board(*closed, adapter=PERMISSIVE)
    chips = [MCP23017(bus, address, adapter=PERMISSIVE) for address in closed]
    for chip in chips:
        chip.configure(SENSORS)
    for address, mask in closed.items():
        for pin in range(16):
            if mask & (1 << pin):
                models[address].drive_low(pin)
    group = MCP23017Group(bus, chips)
    bus.reset_counters()
    readings = group.read_all()
    assert bus.transactions == 1
    assert {chip.address: chip.closed(readings[chip.address]) for chip in chips} == closed
    assert all(model.erratum_violations == 0 for model in models.values())
