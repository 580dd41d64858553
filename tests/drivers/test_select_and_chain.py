"""CD74HC4067 select lines through gpiozero's MockFactory, and the 74HC165 chain over a
mock SpiDev: one latch pulse and one SPI transfer per scan, wiring errors named."""

from __future__ import annotations

import errno
from collections.abc import Iterator

import pytest
from gpiozero.pins.mock import MockFactory

from drivers.cd74hc4067 import EnableLine, SelectLines
from drivers.errors import BusError, GpioError
from drivers.hc165 import ShiftRegisterChain, input_index
from drivers.retry import RetryPolicy
from hardware.mock.analog import AnalogMuxModel
from hardware.mock.pins import simulated_pin_factory
from hardware.mock.spi import ShiftRegisterChainModel, SimulatedSpiDev

SELECT = (17, 27, 22, 23)


@pytest.fixture
def factory() -> Iterator[MockFactory]:
    factory = MockFactory()
    yield factory
    factory.reset()


def test_select_lines_drive_the_binary_channel_number(factory: MockFactory) -> None:
    lines = SelectLines(SELECT, pin_factory=factory)
    mux = AnalogMuxModel([factory.pin(g) for g in SELECT])
    for channel in (5, 10, 15, 0, 9):
        lines.select(channel)
        assert [factory.pin(g).state for g in SELECT] == [bool(channel >> b & 1) for b in range(4)]
        assert mux.channel == channel


def test_only_the_lines_that_change_are_written(factory: MockFactory) -> None:
    lines = SelectLines(SELECT, pin_factory=factory)
    lines.select(1)
    for gpio in SELECT:
        factory.pin(gpio).clear_states()
    lines.select(3)  # 0001 -> 0011: only S1 changes
    # each history keeps the level it was cleared at, and S1 gained one change
    assert [len(factory.pin(g).states) for g in SELECT] == [1, 2, 1, 1]
    lines.select(3)
    assert lines.changes == 2


def test_a_settle_pause_follows_each_change(factory: MockFactory) -> None:
    slept: list[float] = []
    lines = SelectLines(SELECT, pin_factory=factory, settle=20e-6, sleep=slept.append)
    lines.select(4)
    lines.select(4)
    lines.select(5)
    assert slept == [20e-6, 20e-6]


def test_a_claimed_select_line_is_named(factory: MockFactory) -> None:
    enable = EnableLine(22, pin_factory=factory)
    assert factory.pin(22).state is False  # E is active low: enabled
    with pytest.raises(GpioError, match="GPIO 22"):
        SelectLines(SELECT, pin_factory=factory)
    with pytest.raises(ValueError, match="four"):
        SelectLines((1, 2, 3), pin_factory=factory)
    with pytest.raises(ValueError):
        SelectLines((4, 5, 6, 7), pin_factory=factory).select(16)
    enable.close()


def chain_rig(
    factory: MockFactory, chips: int = 2, **options: object
) -> tuple[ShiftRegisterChain, ShiftRegisterChainModel, SimulatedSpiDev]:
    model = ShiftRegisterChainModel(chips, factory.pin(25))
    spi = SimulatedSpiDev(model)
    chain = ShiftRegisterChain(spi, chips, 25, pin_factory=factory, **options)  # type: ignore[arg-type]
    chain.configure()
    return chain, model, spi


def test_the_chain_is_configured_for_mode_0(factory: MockFactory) -> None:
    _, _, spi = chain_rig(factory, speed_hz=2_000_000)
    assert (spi.mode, spi.bits_per_word, spi.max_speed_hz) == (0, 8, 2_000_000)


def test_one_pulse_and_one_transfer_read_every_input(factory: MockFactory) -> None:
    chain, model, spi = chain_rig(factory, chips=3)
    assert chain.read() == (1 << 24) - 1  # pulled up: all high
    for chip, name in ((0, "A"), (1, "H"), (2, "C")):
        model.drive_low(input_index(chip, name))
    value = chain.read()
    low = {bit for bit in range(24) if not value >> bit & 1}
    assert low == {0, 15, 18}
    assert len(spi.transfers) == 2
    assert len(spi.transfers[-1].miso) == 4  # three chips and the check byte
    assert model.latches == 2


def test_without_the_latch_pulse_the_chain_shows_old_inputs(factory: MockFactory) -> None:
    chain, model, spi = chain_rig(factory)
    assert chain.read() == 0xFFFF
    model.drive_low(3)
    stale = spi.readbytes(3)  # a transfer with no pulse on SH/LD first
    assert stale == [0xFF, 0xFF, 0xFF]
    assert chain.read() == 0xFFFF & ~(1 << 3)


def test_a_missing_or_miswired_chain_fails_its_check_byte(factory: MockFactory) -> None:
    chain, model, _ = chain_rig(factory)
    model.powered = False
    with pytest.raises(BusError) as caught:
        chain.read()
    assert "74HC165 chain on spi0.0 did not answer" in str(caught.value)
    assert "check byte read 0x00" in str(caught.value)
    model.powered = True
    assert chain.read() == 0xFFFF


def test_the_chain_latches_its_inputs_on_every_read_however_long_it_runs() -> None:
    """The simulated board's pins keep their latest levels only: a read after hundreds of
    pulses (here: across a silent spell) still shows the inputs of its own pulse, never a
    latch left from before (a stale frame after a fault read as the position)."""
    factory = simulated_pin_factory()
    chain, model, _ = chain_rig(factory)
    for read in range(600):  # 1,200 level changes: the pin's record let the oldest go
        if read % 2:
            model.drive_low(5)
        else:
            model.release(5)
        assert chain.read() == 0xFFFF & ~(read % 2 << 5), read
    model.powered = False
    for _ in range(200):  # silent: the pulses go on, the record moves on past them
        with pytest.raises(BusError):
            chain.read()
    model.drive_low(9)
    model.powered = True
    assert chain.read() == 0xFFFF & ~(1 << 9) & ~(1 << 5)
    factory.reset()


def test_sampling_on_the_wrong_edge_is_caught_by_the_check_byte(factory: MockFactory) -> None:
    model = ShiftRegisterChainModel(2, factory.pin(25), ser_high=False)
    chain = ShiftRegisterChain(SimulatedSpiDev(model), 2, 25, pin_factory=factory)
    with pytest.raises(BusError, match="SER of the last chip"):
        chain.read()


def test_spi_glitches_are_retried_then_named(factory: MockFactory) -> None:
    policy = RetryPolicy((0.0, 0.0, 0.0, 0.0), sleep=lambda _: None)
    chain, _, spi = chain_rig(factory, retry=policy)
    spi.error_rate = 0.2
    spi._random.seed(1)
    assert all(chain.read() == 0xFFFF for _ in range(30))
    assert policy.retries > 0
    spi.error_rate = 1.0
    with pytest.raises(BusError) as caught:
        chain.read()
    assert caught.value.cause_errno == errno.EIO


def test_the_load_line_and_chain_length_are_checked(factory: MockFactory) -> None:
    chain, _, _ = chain_rig(factory)
    with pytest.raises(GpioError, match="GPIO 25"):
        ShiftRegisterChain(SimulatedSpiDev(), 1, 25, pin_factory=factory)
    with pytest.raises(ValueError, match=r"1\.\.64"):
        ShiftRegisterChain(SimulatedSpiDev(), 0, 26, pin_factory=factory)
    chain.close()
