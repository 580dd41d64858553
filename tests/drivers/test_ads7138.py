"""The ADS7138 driver against its register model on the simulated bus: results that
follow the inputs, ALERT on leaving a window (and only then), the transactions each
call costs on every Raspberry Pi's adapter, and bus faults named by chip and address."""

from __future__ import annotations

import math
from collections.abc import Callable

import pytest

from drivers.ads7138 import (
    ADS7138,
    EVENTS_READ,
    LEVELS_READ,
    OPEN_WINDOW,
    Register,
    in_window,
    window_bytes,
)
from drivers.errors import BusError
from drivers.i2c_adapters import BCM2835, DESIGNWARE, PERMISSIVE, STRICTEST, I2CAdapter
from drivers.retry import RetryPolicy
from hardware.mock.ads7138 import ADS7138Model
from hardware.mock.bus import Message, SimulatedI2CBus, wire_bits

ADDRESS = 0x12
REFERENCE = 3.3


def code_of(volts: float) -> int:
    return min(4095, math.floor(volts / REFERENCE * 4096))


class Board:
    """One chip on a bus, its eight inputs set by the test, ALERT recorded."""

    def __init__(self, adapter: I2CAdapter = STRICTEST) -> None:
        self.volts = [1.0 + 0.1 * channel for channel in range(8)]
        self.alerts: list[bool] = []
        self.model = ADS7138Model(
            {channel: self._input(channel) for channel in range(8)},
            reference=REFERENCE,
            on_alert=self.alerts.append,
        )
        self.bus = SimulatedI2CBus(adapter=adapter)
        self.bus.attach(ADDRESS, self.model)
        self.adc = ADS7138(self.bus, ADDRESS, adapter=adapter)

    def _input(self, channel: int) -> Callable[[], float]:
        return lambda: self.volts[channel]

    def around(self, margin: int = 40) -> list[tuple[int, int]]:
        """A window of ``margin`` either side of each input's present result."""
        return [(code_of(v) - margin, code_of(v) + margin) for v in self.volts]

    def settle(self) -> None:
        """What the simulation does after the world changes: the sequencer runs."""
        self.model.convert()


def configured(adapter: I2CAdapter = STRICTEST) -> Board:
    board = Board(adapter)
    board.adc.configure(board.around())
    board.settle()
    return board


def test_configure_then_levels_follow_the_inputs() -> None:
    board = configured()
    assert board.adc.levels() == tuple(code_of(v) for v in board.volts)
    board.volts[2], board.volts[7] = 0.0, 3.5  # grounded, and above AVDD: clipped
    board.settle()
    levels = board.adc.levels()
    assert levels[2] == 0 and levels[7] == 4095
    assert levels[0] == code_of(1.0)
    assert board.model.running and board.adc.alive()


def test_configure_leaves_the_chip_as_the_front_end_needs_it() -> None:
    board = configured()
    model = board.model
    assert model.resets == 1
    assert model.registers[Register.PIN_CFG] == 0  # all analog
    assert model.registers[Register.AUTO_SEQ_CH_SEL] == 0xFF
    assert model.registers[Register.ALERT_CH_SEL] == 0xFF
    assert model.registers[Register.ALERT_PIN_CFG] == 0  # open-drain, active-low
    assert [model.window(channel) for channel in range(8)] == board.around()
    assert board.adc.windows == tuple(board.around())
    assert not model.alert and model.pin_high  # nothing outside its window yet


def test_alert_asserts_when_an_input_leaves_its_window_and_only_then() -> None:
    board = configured()
    board.volts[4] += 0.02  # about 25 codes: still inside its 40-code window
    board.settle()
    assert board.alerts == [] and board.adc.events() == 0
    board.volts[4] += 0.05  # now past the high threshold
    board.settle()
    assert board.alerts == [True] and not board.model.pin_high
    assert board.adc.events() == 1 << 4
    assert board.adc.event_sides() == (1 << 4, 0)
    board.volts[6] -= 0.1  # another channel leaves below: ALERT is already down
    board.settle()
    assert board.alerts == [True]
    assert board.adc.event_sides() == (1 << 4, 1 << 6)


def test_clear_events_reasserts_while_outside_and_stays_clear_once_covered() -> None:
    board = configured()
    board.volts[1] += 0.2
    board.settle()
    assert board.alerts == [True]
    board.adc.clear_events()
    assert board.alerts == [True, False]  # the flags are gone for now...
    board.settle()
    assert board.alerts == [True, False, True]  # ...and the next conversion sets them again
    assert board.adc.events() == 1 << 1
    level = board.adc.levels()[1]
    board.adc.set_windows([None, (level - 40, level + 40)])
    board.adc.clear_events()
    board.settle()
    board.settle()
    assert board.alerts == [True, False, True, False]
    assert board.adc.events() == 0


def test_set_windows_writes_one_block_from_the_first_to_the_last_changed_channel() -> None:
    board = configured()
    before = [board.model.window(channel) for channel in range(8)]
    board.bus.reset_counters()
    board.adc.set_windows([None, (100, 200), None, None, (300, 400)])
    assert board.bus.transactions == 1
    (call,) = board.bus.log
    # [opcode, HYSTERESIS_CH1] and channels 1 to 4: 4 registers each
    assert call.messages == (Message(ADDRESS, False, 2 + 4 * 4),)
    after = [board.model.window(channel) for channel in range(8)]
    assert after[1] == (100, 200) and after[4] == (300, 400)
    assert [after[n] for n in (0, 2, 3, 5, 6, 7)] == [before[n] for n in (0, 2, 3, 5, 6, 7)]
    board.bus.reset_counters()
    board.adc.set_windows([None, (100, 200)])  # nothing new: nothing sent
    board.adc.set_windows([])
    assert board.bus.transactions == 0


def test_windows_are_checked() -> None:
    adc = Board().adc
    with pytest.raises(ValueError, match="8 windows"):
        adc.configure([OPEN_WINDOW] * 7)
    with pytest.raises(ValueError, match="12-bit"):
        adc.set_windows([(0, 4096)])
    with pytest.raises(ValueError, match="low threshold above"):
        adc.set_windows([(300, 200)])
    with pytest.raises(ValueError, match="0x10-0x17"):
        ADS7138(SimulatedI2CBus(), 0x48)


def test_window_bytes_split_the_thresholds_as_linux_reads_them() -> None:
    # ti-ads7138.c reads a threshold as (second byte << 4) | (first byte >> 4).
    hysteresis, high, count, low = window_bytes(0x123, 0xABC, hysteresis=5, count=9)
    assert (high << 4 | hysteresis >> 4, hysteresis & 0xF) == (0xABC, 5)
    assert (low << 4 | count >> 4, count & 0xF) == (0x123, 9)
    assert in_window(0x123, (0x123, 0xABC)) and in_window(0xABC, (0x123, 0xABC))
    assert not in_window(0x122, (0x123, 0xABC)) and not in_window(0xABD, (0x123, 0xABC))


@pytest.mark.parametrize(
    "adapter", [STRICTEST, BCM2835, DESIGNWARE, PERMISSIVE], ids=lambda adapter: adapter.name
)
def test_transactions_per_call(adapter: I2CAdapter) -> None:
    board = Board(adapter)
    board.adc.configure(board.around())
    assert board.bus.transactions == 6 and board.bus.failures == 0
    board.settle()
    board.bus.reset_counters()
    board.adc.levels()
    assert board.bus.transactions == 1
    (call,) = board.bus.log
    write, read = LEVELS_READ
    levels_read = (Message(ADDRESS, False, write), Message(ADDRESS, True, read))
    assert call.messages == levels_read
    assert board.bus.bits == wire_bits(levels_read)
    board.bus.reset_counters()
    board.adc.events()
    board.adc.alive()
    assert board.bus.transactions == 2
    write, read = EVENTS_READ
    assert all(
        c.messages == (Message(ADDRESS, False, write), Message(ADDRESS, True, read))
        for c in board.bus.log
    )
    board.bus.reset_counters()
    board.adc.clear_events()
    assert board.bus.transactions == 2 and board.bus.refusals == 0


def test_a_vanished_chip_is_a_bus_error_naming_it() -> None:
    board = configured()
    board.bus.vanish(ADDRESS)
    calls: list[Callable[[], object]] = [
        board.adc.levels,
        board.adc.events,
        board.adc.alive,
        board.adc.clear_events,
        lambda: board.adc.set_windows([(0, 10)]),
        lambda: board.adc.configure(board.around()),
    ]
    for call in calls:
        with pytest.raises(BusError) as caught:
            call()
        assert caught.value.chip == "ADS7138" and caught.value.address == ADDRESS
        assert "ADS7138 at 0x12 on i2c-1" in str(caught.value)
        assert caught.value.transient


def test_a_glitch_is_retried_as_the_policy_says() -> None:
    board = Board()
    board.adc.configure(board.around())
    board.settle()
    policy = RetryPolicy(delays=(0.001,), sleep=lambda _: board.bus.restore(ADDRESS))
    adc = ADS7138(board.bus, ADDRESS, retry=policy)
    board.bus.vanish(ADDRESS)
    assert adc.levels() == tuple(code_of(v) for v in board.volts)
    assert policy.retries == 1


def test_alive_tells_a_chip_that_lost_its_configuration() -> None:
    board = configured()
    assert board.adc.alive()
    board.model.power_cycle()  # a brown-out: BOR set, the sequence stopped
    assert not board.adc.alive()
    board.adc.configure(board.around())
    assert board.adc.alive()
