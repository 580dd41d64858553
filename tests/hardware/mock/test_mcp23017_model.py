"""The MCP23017 model follows the datasheet, register by register."""

from __future__ import annotations

import pytest

from drivers.mcp23017 import Iocon, Register
from hardware.mock.bus import SimulatedI2CBus
from hardware.mock.mcp23017 import MCP23017Model, SharedInterruptLine, UnsupportedModeError


def test_register_addresses_match_the_datasheet_bank0_table() -> None:
    assert [(r.name, r.value) for r in Register] == [
        ("IODIRA", 0x00),
        ("IODIRB", 0x01),
        ("IPOLA", 0x02),
        ("IPOLB", 0x03),
        ("GPINTENA", 0x04),
        ("GPINTENB", 0x05),
        ("DEFVALA", 0x06),
        ("DEFVALB", 0x07),
        ("INTCONA", 0x08),
        ("INTCONB", 0x09),
        ("IOCON", 0x0A),
        ("IOCON_ALIAS", 0x0B),
        ("GPPUA", 0x0C),
        ("GPPUB", 0x0D),
        ("INTFA", 0x0E),
        ("INTFB", 0x0F),
        ("INTCAPA", 0x10),
        ("INTCAPB", 0x11),
        ("GPIOA", 0x12),
        ("GPIOB", 0x13),
        ("OLATA", 0x14),
        ("OLATB", 0x15),
    ]


def test_power_on_values() -> None:
    chip = MCP23017Model()
    assert chip.port_value(Register.IODIRA) == 0xFFFF
    for register in Register:
        if register not in (Register.IODIRA, Register.IODIRB, Register.GPIOA, Register.GPIOB):
            assert chip.register(register) == 0, register.name
    assert not chip.inta and not chip.intb


def test_sequential_mode_auto_increments_and_rolls_over() -> None:
    chip = MCP23017Model()
    chip.write(bytes([Register.GPPUA, 0x0F, 0xF0]))
    assert chip.port_value(Register.GPPUA) == 0xF00F
    chip.write(bytes([Register.OLATB, 0x11, 0x22]))  # 0x15 then rolls over to 0x00
    assert chip.register(Register.OLATB) == 0x11
    assert chip.register(Register.IODIRA) == 0x22
    chip.write(bytes([Register.IODIRA]))
    assert chip.read(3) == bytes([0x22, 0xFF, 0x00])
    assert chip.pointer == 3


def test_iocon_is_one_register_at_two_addresses() -> None:
    chip = MCP23017Model()
    chip.write(bytes([Register.IOCON_ALIAS, 0x44 | 0x01]))
    chip.write(bytes([Register.IOCON]))
    assert chip.read(2) == bytes([0x44, 0x44])  # bit 0 is unimplemented and reads 0
    assert chip.iocon == Iocon.MIRROR | Iocon.ODR


def test_byte_mode_toggles_within_the_register_pair() -> None:
    chip = MCP23017Model()
    chip.write(bytes([Register.IOCON, Iocon.SEQOP]))
    chip.write(bytes([Register.GPPUB, 1, 2, 3]))  # GPPUB, GPPUA, GPPUB
    assert chip.register(Register.GPPUA) == 2
    assert chip.register(Register.GPPUB) == 3
    chip.write(bytes([Register.IODIRA]))
    assert chip.read(4) == bytes([0xFF] * 4)
    assert chip.pointer == Register.IODIRA


def test_bank1_is_refused_loudly() -> None:
    with pytest.raises(UnsupportedModeError):
        MCP23017Model().write(bytes([Register.IOCON, Iocon.BANK]))


def test_gpio_reads_inputs_xor_ipol_and_outputs_from_olat() -> None:
    chip = MCP23017Model()
    chip.write(bytes([Register.GPPUA, 0xFF, 0xFF]))
    chip.write(bytes([Register.IODIRA, 0x0F, 0xFF]))  # A4-A7 outputs
    chip.write(bytes([Register.GPIOA, 0xA0]))  # a GPIO write lands in OLAT
    assert chip.register(Register.OLATA) == 0xA0
    chip.drive_low(0)
    chip.drive_low(5)  # an output: the chip drives it, the read shows OLAT
    chip.write(bytes([Register.IPOLA, 0x02]))
    chip.write(bytes([Register.GPIOA]))
    assert chip.read(2) == bytes([0b1010_1100, 0xFF])


def test_released_pin_floats_without_its_pull_up() -> None:
    chip = MCP23017Model(seed=1)
    reads = set()
    for _ in range(40):
        chip.write(bytes([Register.GPIOA]))
        reads.add(chip.read(1)[0])
    assert len(reads) > 10  # floating inputs read noise
    chip.write(bytes([Register.GPPUA, 0xFF]))
    chip.write(bytes([Register.GPIOA]))
    assert chip.read(1) == b"\xff"
    chip.drive_low(3)
    chip.write(bytes([Register.GPIOA]))
    assert chip.read(1) == bytes([0xF7])
    chip.release(3)
    chip.write(bytes([Register.GPIOA]))
    assert chip.read(1) == b"\xff"


def test_floating_reads_are_reproducible_with_the_seed() -> None:
    def noise(seed: int) -> bytes:
        chip = MCP23017Model(seed=seed)
        chip.write(bytes([Register.GPIOA]))
        return chip.read(20)

    assert noise(3) == noise(3)
    assert noise(3) != noise(4)


def test_driven_pins_ignore_pull_ups() -> None:
    chip = MCP23017Model()
    chip.set_pin(9, 1)
    chip.set_pin(10, 0)
    assert chip.register(Register.GPIOB) & 0b110 == 0b010
    with pytest.raises(ValueError):
        chip.set_pin(16, 0)
    with pytest.raises(ValueError):
        chip.set_pin(2, 2)


def test_erratum_violation_counts_iodir_bit7_writes() -> None:
    chip = MCP23017Model()
    chip.write(bytes([Register.IODIRA, 0x7F, 0x7F]))
    assert chip.erratum_violations == 0
    chip.write(bytes([Register.IODIRB, 0x80]))
    assert chip.erratum_violations == 1
    assert chip.register(Register.IODIRB) == 0x80  # old silicon accepted it


def _interrupt_chip(
    calls: list[tuple[str, bool]], *, mirror: bool = False, intcon: int = 0, defval: int = 0
) -> MCP23017Model:
    chip = MCP23017Model(on_interrupt=lambda output, asserted: calls.append((output, asserted)))
    chip.write(bytes([Register.IOCON, Iocon.MIRROR | Iocon.ODR if mirror else Iocon.ODR]))
    chip.write(bytes([Register.IODIRA, 0x7F, 0x7F]))
    chip.write(bytes([Register.DEFVALA, defval, defval, intcon, intcon]))
    chip.write(bytes([Register.GPPUA, 0x7F, 0x7F]))
    chip.write(bytes([Register.GPINTENA, 0x7F, 0x7F]))
    return chip


def test_change_latches_intf_and_intcap_and_asserts_its_port_output() -> None:
    calls: list[tuple[str, bool]] = []
    chip = _interrupt_chip(calls)
    assert calls == []
    chip.drive_low(2)
    assert calls == [("INTA", True)]
    assert chip.inta and not chip.intb
    assert chip.register(Register.INTFA) == 0x04
    assert chip.register(Register.INTCAPA) == 0x7B  # GPA7 is an output driven low
    chip.release(2)  # a later change while latched changes nothing latched
    assert chip.register(Register.INTCAPA) == 0x7B
    chip.write(bytes([Register.INTCAPA]))
    assert chip.read(1) == bytes([0x7B])
    assert calls == [("INTA", True), ("INTA", False)]
    assert chip.register(Register.INTFA) == 0


def test_reading_gpio_clears_the_interrupt_too() -> None:
    calls: list[tuple[str, bool]] = []
    chip = _interrupt_chip(calls)
    chip.drive_low(12)
    assert calls == [("INTB", True)]
    assert chip.register(Register.INTFB) == 0x10
    chip.write(bytes([Register.GPIOA]))
    chip.read(1)  # port A only: port B stays latched
    assert chip.intb
    chip.read(1)
    intb: bool = chip.intb  # read afresh after the action
    assert not intb
    assert chip.register(Register.INTCAPB) == 0x6F  # kept until the next interrupt


def test_mirror_ties_inta_and_intb() -> None:
    calls: list[tuple[str, bool]] = []
    chip = _interrupt_chip(calls, mirror=True)
    chip.drive_low(9)
    assert chip.inta and chip.intb
    assert sorted(calls) == [("INTA", True), ("INTB", True)]


def test_writes_to_intf_and_intcap_are_ignored() -> None:
    calls: list[tuple[str, bool]] = []
    chip = _interrupt_chip(calls)
    chip.drive_low(0)
    chip.write(bytes([Register.INTFA, 0, 0, 0, 0]))
    assert chip.register(Register.INTFA) == 0x01
    assert chip.register(Register.INTCAPA) == 0x7E
    assert chip.inta


def test_defval_mismatch_interrupt_persists_while_the_condition_exists() -> None:
    calls: list[tuple[str, bool]] = []
    chip = _interrupt_chip(calls, intcon=0x01, defval=0x01)
    chip.drive_low(0)  # differs from DEFVAL bit 0 = 1
    assert chip.inta
    chip.write(bytes([Register.GPIOA]))
    chip.read(1)
    assert chip.inta  # cleared, then raised again: the pin still differs
    chip.release(0)
    chip.write(bytes([Register.INTCAPA]))
    chip.read(1)
    assert not chip.inta


def test_outputs_never_interrupt() -> None:
    calls: list[tuple[str, bool]] = []
    chip = _interrupt_chip(calls)
    chip.write(bytes([Register.OLATA, 0x80]))
    chip.drive_low(7)
    assert calls == []


def test_shared_line_is_low_while_any_chip_asserts() -> None:
    levels: list[str] = []
    line = SharedInterruptLine(lambda: levels.append("low"), lambda: levels.append("high"))
    first = _interrupt_chip([], mirror=True)
    second = _interrupt_chip([], mirror=True)
    line.connect(first)
    line.connect(second)
    first.drive_low(0)
    second.drive_low(0)
    first.write(bytes([Register.INTCAPA]))
    first.read(1)
    assert line.low and levels == ["low"]
    second.write(bytes([Register.INTCAPA]))
    second.read(1)
    low: bool = line.low  # read afresh after the action
    assert not low and levels == ["low", "high"]


def test_the_model_serves_a_simulated_bus() -> None:
    bus = SimulatedI2CBus()
    chip = MCP23017Model()
    bus.attach(0x20, chip)
    bus.write_i2c_block_data(0x20, Register.GPPUA, [0xFF, 0xFF])
    chip.drive_low(8)
    assert bus.read_i2c_block_data(0x20, Register.GPIOA, 2) == [0xFF, 0xFE]


def test_byte_mode_reads_of_gpio_leave_the_pointer_on_gpioa_and_a_cut_read_on_gpiob() -> None:
    chip = MCP23017Model()
    chip.write(bytes([Register.GPPUA, 0xFF, 0xFF]))
    chip.write(bytes([Register.IOCON, Iocon.SEQOP]))
    chip.drive_low(8)  # GPB0
    chip.write(bytes([Register.GPIOA]))
    for _ in range(3):  # a plain read, no pointer write, again and again
        assert chip.read(2) == bytes([0xFF, 0xFE])
        assert chip.pointer == Register.GPIOA
    chip.read(1)  # a read cut after one byte
    assert chip.pointer == Register.GPIOB
    assert chip.read(2) == bytes([0xFE, 0xFF])  # misaligned: B then A


def test_sequential_mode_reads_run_on_past_the_pair() -> None:
    chip = MCP23017Model()
    chip.write(bytes([Register.GPIOA]))
    chip.read(2)
    assert chip.pointer == Register.OLATA
    chip.write(bytes([Register.OLATB]))
    chip.read(1)
    assert chip.pointer == Register.IODIRA  # rolls over from 0x15 to 0x00


def _scanned_chip(seed: int = 0) -> MCP23017Model:
    """A chip as a scan leaves it: pull-ups on, byte mode, the pointer on GPIOA."""
    chip = MCP23017Model(seed=seed)
    chip.write(bytes([Register.GPPUA, 0xFF, 0xFF]))
    chip.write(bytes([Register.IOCON, Iocon.SEQOP]))
    chip.write(bytes([Register.GPIOA]))
    return chip


def test_a_scan_read_follows_every_change_of_the_chip() -> None:
    """Repeated plain reads of an unchanged chip give the same bytes; whatever changes
    the chip (a pin, a register write, a reset) shows in the very next read."""
    chip = _scanned_chip()
    assert chip.read(2) == chip.read(2) == b"\xff\xff"
    chip.drive_low(9)
    assert chip.read(2) == b"\xff\xfd"
    chip.write(bytes([Register.IPOLA, 0x01]))  # the pointer moves on to IPOLB
    chip.write(bytes([Register.GPIOA]))
    assert chip.read(2) == chip.read(2) == b"\xfe\xfd"
    chip.release(9)
    assert chip.read(2) == b"\xfe\xff"
    chip.reset()  # pull-ups, polarity and byte mode gone; the inputs float
    chip.write(bytes([Register.GPIOA]))
    assert chip.pointer == Register.GPIOA and len(chip.read(2)) == 2
    assert chip.pointer == Register.GPIOA + 2  # sequential mode again


def test_floating_pins_stay_noise_in_byte_mode_reads() -> None:
    chip = _scanned_chip(seed=5)
    chip.write(bytes([Register.GPPUA, 0x00, 0xFF]))  # port A loses its pull-ups
    chip.write(bytes([Register.GPIOA]))
    reads = {chip.read(2) for _ in range(40)}
    assert len(reads) > 10
    assert {data[1] for data in reads} == {0xFF}


def test_a_scan_read_clears_an_interrupt_and_sees_the_next_change() -> None:
    chip = _scanned_chip()
    chip.write(bytes([Register.GPINTENA, 0xFF, 0xFF]))
    chip.write(bytes([Register.GPIOA]))
    assert chip.read(2) == b"\xff\xff"
    chip.drive_low(2)
    assert chip.inta
    assert chip.read(2) == b"\xfb\xff"
    inta: bool = chip.inta  # read afresh after the action
    assert not inta
    assert chip.read(2) == b"\xfb\xff"
    chip.release(2)
    assert chip.inta and chip.read(2) == b"\xff\xff" and not chip.inta
