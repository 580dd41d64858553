"""Scans in byte mode: the pointer stays on GPIOA, so a scan is a plain read, and
a glitch, an interrupt read or another program never leaves a reading misaligned."""

from __future__ import annotations

import contextlib

import pytest

from drivers.i2c_adapters import BCM2835, DESIGNWARE, PERMISSIVE, I2CAdapter
from drivers.mcp23017 import MCP23017, REPOINT_EVERY, MCP23017Group, Register
from drivers.retry import RetryPolicy
from hardware.mock.bus import SimulatedI2CBus, wire_bits
from hardware.mock.mcp23017 import MCP23017Model

SENSORS = 0x7F7F
ADDRESSES = (0x20, 0x21, 0x22)


def _group(
    error_rate: float = 0.0,
    seed: int = 0,
    retry: RetryPolicy | None = None,
    adapter: I2CAdapter = PERMISSIVE,
) -> tuple[SimulatedI2CBus, dict[int, MCP23017Model], MCP23017Group]:
    """Three chips; on a permissive adapter by default, so that one transaction shows
    every chip's pointer at once."""
    bus = SimulatedI2CBus("i2c-1", error_rate=error_rate, seed=seed, adapter=adapter)
    models = {address: MCP23017Model(seed=address) for address in ADDRESSES}
    for address, model in models.items():
        bus.attach(address, model)
    chips = [MCP23017(bus, address, retry=retry, adapter=adapter) for address in ADDRESSES]
    saved, bus.error_rate = bus.error_rate, 0.0
    for chip in chips:
        chip.configure(SENSORS)
    bus.error_rate = saved
    # Port A and port B of each chip read differently, so a swap would show.
    for index, model in enumerate(models.values()):
        model.drive_low(index)  # A0, A1, A2
        model.drive_low(8 + 2 * index + 1)  # B1, B3, B5
    return bus, models, MCP23017Group(bus, chips, retry=retry)


def _expected(models: dict[int, MCP23017Model]) -> dict[int, int]:
    return {
        address: model.register(Register.GPIOA) | model.register(Register.GPIOB) << 8
        for address, model in models.items()
    }


@pytest.mark.parametrize("adapter", [PERMISSIVE, BCM2835, DESIGNWARE], ids=lambda a: a.name)
def test_after_the_first_scan_a_scan_is_one_plain_read_per_chip(adapter: I2CAdapter) -> None:
    bus, models, group = _group(adapter=adapter)
    group.read_all()
    first = [m.read for call in bus.log for m in call.messages][-2 * len(ADDRESSES) :]
    assert first == [False, True] * len(ADDRESSES)
    bus.reset_counters()
    for _ in range(50):
        assert group.read_all() == _expected(models)
    per_scan = 1 if adapter is PERMISSIVE else len(ADDRESSES)
    assert bus.transactions == 50 * per_scan
    assert bus.refusals == 0
    assert all(all(m.read for m in call.messages) for call in bus.log)
    # START, the address and two bytes a chip; a STOP a transaction
    minimum = sum(1 + 9 + 2 * 9 for _ in ADDRESSES) + per_scan
    assert bus.bits == 50 * minimum
    assert all(model.pointer == Register.GPIOA for model in models.values())


def test_a_failed_scan_repoints_every_chip_on_the_next_try() -> None:
    bus, models, group = _group()
    group.read_all()
    models[0x21].read(1)  # as a read cut after one byte would: the pointer is on GPIOB
    bus.vanish(0x22)
    bus.reset_counters()
    with contextlib.suppress(OSError):
        group.read_all()
    bus.restore(0x22)
    # The chips read one by one to name the silent one were re-pointed then.
    assert [chip.pointed for chip in group.chips] == [True, True, False]
    assert group.read_all() == _expected(models)
    assert [m.read for m in bus.log[-1].messages] == [True, True, False, True]


@pytest.mark.parametrize("adapter", [PERMISSIVE, BCM2835], ids=lambda a: a.name)
def test_glitches_never_misalign_a_reading(adapter: I2CAdapter) -> None:
    retry = RetryPolicy(delays=(0.0, 0.0), sleep=lambda _: None)
    bus, models, group = _group(error_rate=0.3, seed=5, retry=retry, adapter=adapter)
    expected = _expected(models)
    good = 0
    for _ in range(600):
        try:
            readings = group.read_all()
        except OSError:
            continue
        assert readings == expected
        good += 1
    failures = sum(1 for call in bus.log if call.errno is not None)
    assert failures > 100  # it did glitch, often mid-transaction
    assert good > 400
    # Some glitch left a pointer on GPIOB, and the re-pointing caught it.
    assert retry.retries > 0


def test_an_interrupt_read_moves_the_pointer_and_the_next_scan_repoints() -> None:
    bus, models, group = _group()
    group.read_all()
    captures = group.read_interrupt_captures()
    assert set(captures) == set(ADDRESSES)
    assert models[0x20].pointer != Register.GPIOA
    assert group.read_all() == _expected(models)
    assert [m.read for m in bus.log[-1].messages] == [False, True] * len(ADDRESSES)


def test_interrupt_capture_reads_each_register_pair_in_byte_mode() -> None:
    bus = SimulatedI2CBus("i2c-1")
    model = MCP23017Model()
    bus.attach(0x20, model)
    chip = MCP23017(bus, 0x20)
    chip.configure(SENSORS, interrupts=True)
    model.drive_low(9)  # B1
    capture = chip.read_interrupt_capture()
    assert capture.flags == 1 << 9
    assert capture.captured >> 8 == (SENSORS >> 8) & ~(1 << 1)  # INTCAPB, not INTFA again


def test_a_pointer_moved_behind_the_drivers_back_is_healed_within_repoint_every_scans() -> None:
    _, models, group = _group()
    for _ in range(3):
        group.read_all()
    models[0x20].write(bytes([Register.IODIRA]))  # another program's i2cget, say
    readings = [group.read_all()[0x20] for _ in range(REPOINT_EVERY)]
    assert readings[-1] == _expected(models)[0x20]
    assert [group.read_all()[0x20] for _ in range(5)] == [_expected(models)[0x20]] * 5


def test_the_minimum_is_what_the_bench_calls_it() -> None:
    from hardware.mock.bus import Message

    assert wire_bits([Message(0x20, True, 2)]) == 1 + 9 + 18 + 1
