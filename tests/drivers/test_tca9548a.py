"""The TCA9548A driver against its register model: one select per segment, chips behind
a channel answer only while it is open, faults name the multiplexer."""

from __future__ import annotations

import errno

import pytest

from drivers.errors import BusError
from drivers.mcp23017 import MCP23017, MCP23017Group
from drivers.tca9548a import TCA9548A, MuxTree
from hardware.mock.bus import SimulatedI2CBus
from hardware.mock.mcp23017 import MCP23017Model
from hardware.mock.tca9548a import TCA9548AModel

SENSORS = 0x7F7F


def rig() -> tuple[SimulatedI2CBus, TCA9548AModel, dict[tuple[int, int], MCP23017Model]]:
    """A mux at 0x70 with MCP23017s at 0x20 on channels 0 and 1, and 0x21 on channel 1."""
    bus = SimulatedI2CBus("i2c-1")
    mux = TCA9548AModel()
    bus.attach(0x70, mux)
    chips = {}
    for channel, address in ((0, 0x20), (1, 0x20), (1, 0x21)):
        chips[(channel, address)] = MCP23017Model(seed=channel)
        mux.segment(channel).attach(address, chips[(channel, address)])
    return bus, mux, chips


def test_select_writes_the_channel_mask_in_one_transaction_effective_at_stop() -> None:
    bus, model, _ = rig()
    mux = TCA9548A(bus, 0x70)
    assert mux.selected is None
    mux.select(3)
    assert model.control == 0b1000
    assert [(call.kind, call.messages[0].length) for call in bus.log] == [("write_byte", 1)]
    assert mux.read_selection() == 0b1000
    mux.select_mask(0)
    assert model.control == 0 and mux.selected == 0


def test_chips_behind_a_channel_answer_only_while_it_is_open() -> None:
    bus, _, _ = rig()
    with pytest.raises(OSError) as caught:
        bus.read_byte_data(0x20, 0x12)
    assert caught.value.errno == errno.EREMOTEIO  # every channel closed at power-on
    tree = MuxTree(bus, "i2c-1", [0x70])
    zero, one = tree.segment(0x70, 0), tree.segment(0x70, 1)
    MCP23017(zero, 0x20).configure(SENSORS)
    with pytest.raises(BusError, match=r"MCP23017 at 0x21 on i2c-1/0x70.0"):
        MCP23017(zero, 0x21, zero.name).read_inputs()
    MCP23017(one, 0x21, one.name).configure(SENSORS)
    assert MCP23017(one, 0x21).read_inputs() == SENSORS


def test_a_scan_costs_one_select_per_segment_and_one_read_each() -> None:
    bus, _, models = rig()
    tree = MuxTree(bus, "i2c-1", [0x70])
    groups = []
    for channel, addresses in ((0, (0x20,)), (1, (0x20, 0x21))):
        segment = tree.segment(0x70, channel)
        chips = [MCP23017(segment, address, segment.name) for address in addresses]
        for chip in chips:
            chip.configure(SENSORS)
        groups.append(MCP23017Group(segment, chips))
    models[(1, 0x21)].drive_low(3)
    bus.reset_counters()
    for _ in range(5):
        readings = [group.read_all() for group in groups]
    assert readings == [{0x20: SENSORS}, {0x20: SENSORS, 0x21: SENSORS & ~8}]
    kinds = [call.kind for call in bus.log]
    # a read a chip: a Raspberry Pi's adapter takes no combined read of two chips
    assert kinds == ["write_byte", "i2c_rdwr", "write_byte", "i2c_rdwr", "i2c_rdwr"] * 5
    assert bus.refusals == 0
    # one segment alone: selected once, then never again
    bus.reset_counters()
    for _ in range(5):
        groups[1].read_all()
    assert [call.kind for call in bus.log] == ["i2c_rdwr"] * 10


def test_two_multiplexers_never_have_channels_open_together() -> None:
    bus = SimulatedI2CBus()
    first, second = TCA9548AModel(), TCA9548AModel()
    bus.attach(0x70, first)
    bus.attach(0x71, second)
    first.segment(2).attach(0x20, MCP23017Model())
    second.segment(5).attach(0x20, MCP23017Model())
    tree = MuxTree(bus, "i2c-1", [0x70, 0x71])
    a, b = tree.segment(0x70, 2), tree.segment(0x71, 5)
    MCP23017(a, 0x20).configure(SENSORS)
    MCP23017(b, 0x20).configure(SENSORS)  # closes 0x70's channel first
    assert (first.control, second.control) == (0, 1 << 5)
    MCP23017(a, 0x20).read_inputs()
    assert (first.control, second.control) == (1 << 2, 0)


def test_a_silent_multiplexer_is_named_and_selected_again_after_it_answers() -> None:
    bus, model, _ = rig()
    tree = MuxTree(bus, "i2c-1", [0x70])
    segment = tree.segment(0x70, 0)
    chip = MCP23017(segment, 0x20, segment.name)
    chip.configure(SENSORS)
    bus.vanish(0x70)
    tree.forget()
    with pytest.raises(BusError) as caught:
        chip.read_inputs()
    assert (caught.value.chip, caught.value.address) == ("TCA9548A", 0x70)
    assert "TCA9548A at 0x70 on i2c-1 did not answer" in str(caught.value)
    bus.restore(0x70)
    model.reset()  # it lost power: every channel closed
    assert chip.read_inputs() == SENSORS  # selected again, since nothing is cached


def test_a_chip_failing_behind_the_mux_makes_the_next_call_select_again() -> None:
    bus, model, _ = rig()
    tree = MuxTree(bus, "i2c-1", [0x70])
    segment = tree.segment(0x70, 0)
    chip = MCP23017(segment, 0x20, segment.name)
    chip.configure(SENSORS)
    model.reset()  # a brown-out closed the channels behind the driver's back
    with pytest.raises(BusError, match=r"MCP23017 at 0x20 on i2c-1/0x70\.0"):
        chip.read_inputs()
    assert chip.read_inputs() == SENSORS


def test_addresses_and_channels_are_checked() -> None:
    bus = SimulatedI2CBus()
    with pytest.raises(ValueError, match="0x70-0x77"):
        TCA9548A(bus, 0x68)
    with pytest.raises(ValueError, match="0-7"):
        TCA9548A(bus, 0x70).select(8)
    with pytest.raises(KeyError, match="no TCA9548A at 0x71"):
        MuxTree(bus, "i2c-1", [0x70]).segment(0x71, 0)
