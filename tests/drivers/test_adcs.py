"""ADS7830 and ADS1115 against their register models: the bytes written, one combined
transaction per multiplexer setting, waiting exactly as long as a conversion takes."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from drivers.ads1115 import ADS1115, CONFIG
from drivers.ads7830 import ADS7830, Conversions, convert_together
from drivers.errors import BusError
from drivers.i2c_adapters import BCM2835, DESIGNWARE, PERMISSIVE, STRICTEST, I2CAdapter
from hardware.mock.adc import ADS1115Model, ADS7830Model
from hardware.mock.bus import Message, SimulatedI2CBus
from hardware.mock.clock import SimClock

# Single-ended command bytes from the ADS7830 datasheet (SD=1, PD=01: external reference).
DATASHEET_COMMANDS = [0x84, 0xC4, 0x94, 0xD4, 0xA4, 0xE4, 0xB4, 0xF4]


def volts(value: float) -> Callable[[], float]:
    return lambda: value


def test_ads7830_command_bytes_follow_the_datasheet_order() -> None:
    adc = ADS7830(SimulatedI2CBus(), 0x48)
    assert [adc.command(n) for n in range(8)] == DATASHEET_COMMANDS
    internal = ADS7830(SimulatedI2CBus(), 0x48, internal_reference=True)
    assert internal.command(0) == 0x8C
    with pytest.raises(ValueError):
        adc.command(8)
    with pytest.raises(ValueError, match="0x48-0x4b"):
        ADS7830(SimulatedI2CBus(), 0x50)


def test_ads7830_converts_each_input_against_its_reference() -> None:
    bus = SimulatedI2CBus()
    model = ADS7830Model({n: volts(0.4 * n) for n in range(8)}, external_reference=3.3)
    bus.attach(0x48, model)
    adc = ADS7830(bus, 0x48)
    assert [adc.read(n) for n in range(8)] == [int(0.4 * n / 3.3 * 256) for n in range(8)]
    assert [call.kind for call in bus.log] == ["read_byte_data"] * 8


@pytest.mark.parametrize(
    ("adapter", "messages"),
    [(PERMISSIVE, [8]), (DESIGNWARE, [4, 4]), (BCM2835, [2, 2, 2, 2]), (STRICTEST, [2, 2, 2, 2])],
    ids=lambda value: getattr(value, "name", str(value)),
)
def test_conversions_share_the_transactions_the_adapter_runs(
    adapter: I2CAdapter, messages: list[int]
) -> None:
    """Every conversion in one transaction where the adapter allows it; a chip's together
    on a Pi 5 (one address); a command and its read each on a Pi 1-4 (a read only last)."""
    bus = SimulatedI2CBus(adapter=adapter)
    for address, level in ((0x48, 1.0), (0x49, 2.0)):
        bus.attach(address, ADS7830Model({n: volts(level + 0.1 * n) for n in range(8)}))
    first, second = ADS7830(bus, 0x48, adapter=adapter), ADS7830(bus, 0x49, adapter=adapter)
    requests = [(first, 0), (second, 0), (first, 5), (second, 7)]
    values = convert_together(bus, requests)
    assert values == [int(v / 3.3 * 256) for v in (1.0, 2.0, 1.5, 2.7)]
    assert [len(call.messages) for call in bus.log] == messages
    assert bus.refusals == 0


def test_more_conversions_than_the_kernel_allows_are_split() -> None:
    bus = SimulatedI2CBus(adapter=PERMISSIVE)
    chips = []
    for address in (0x48, 0x49, 0x4A):
        bus.attach(address, ADS7830Model({n: volts(1.2) for n in range(8)}))
        chips.append(ADS7830(bus, address, adapter=PERMISSIVE))
    requests = [(chip, n) for chip in chips for n in range(8)]  # 24 conversions
    assert convert_together(bus, requests) == [int(1.2 / 3.3 * 256)] * 24
    assert bus.transactions == 2  # 21 + 3: I2C_RDWR takes 42 messages at most


def test_a_silent_ads7830_is_named() -> None:
    bus = SimulatedI2CBus("i2c-3")
    for address in (0x48, 0x49):
        bus.attach(address, ADS7830Model())
    first, second = ADS7830(bus, 0x48, "i2c-3"), ADS7830(bus, 0x49, "i2c-3")
    bus.vanish(0x49)
    with pytest.raises(BusError) as caught:
        convert_together(bus, [(first, 0), (second, 1)])
    assert (caught.value.chip, caught.value.address) == ("ADS7830", 0x49)
    assert "ADS7830 at 0x49 on i2c-3 did not answer" in str(caught.value)


def test_ads1115_config_word_bits() -> None:
    adc = ADS1115(SimulatedI2CBus(), 0x48, full_scale=4.096, data_rate=860)
    word = adc.config(2)
    assert word >> 15 == 1  # OS: start
    assert (word >> 12) & 0b111 == 0b110  # AIN2 against GND
    assert (word >> 9) & 0b111 == 0b001  # +-4.096 V
    assert (word >> 8) & 1 == 1  # single shot
    assert (word >> 5) & 0b111 == 0b111  # 860 samples per second
    assert word & 0b11111 == 0b00011  # comparator off
    assert ADS1115(SimulatedI2CBus(), 0x48).config(0) == 0xC3E3  # AIN0, 4.096 V, 860 SPS


def test_ads1115_waits_out_a_slow_oscillator_and_reads_signed_results() -> None:
    clock = SimClock()
    bus = SimulatedI2CBus()
    model = ADS1115Model(clock.now, {0: volts(1.65), 1: volts(-0.5)}, slow=1.09)
    bus.attach(0x48, model)
    adc = ADS1115(bus, 0x48, sleep=clock.sleep)
    assert adc.read(0) == round(1.65 / 4.096 * 32768)
    assert adc.read(1) == round(-0.5 / 4.096 * 32768) < 0
    assert model.early_reads == 0
    assert model.conversions == 2
    kinds = [call.kind for call in bus.log]
    assert kinds == ["write_i2c_block_data", "read_i2c_block_data"] * 2
    assert bus.log[0].messages[0].length == 3  # pointer to config, then the word


def test_reading_before_the_conversion_ends_gets_the_old_result() -> None:
    clock = SimClock()
    bus = SimulatedI2CBus()
    model = ADS1115Model(clock.now, {0: volts(1.0), 1: volts(2.0)})
    bus.attach(0x48, model)
    adc = ADS1115(bus, 0x48, sleep=clock.sleep)
    first = adc.read(0)
    adc.start(1)
    assert adc.result() == first  # what a driver that does not wait would see
    assert model.early_reads == 1
    assert bus.read_i2c_block_data(0x48, CONFIG, 2)[0] >> 7 == 0  # OS reads 0: busy
    clock.sleep(adc.conversion_time)
    assert adc.result() == round(2.0 / 4.096 * 32768)


def test_a_silent_ads1115_is_named() -> None:
    bus = SimulatedI2CBus()
    bus.attach(0x4B, ADS1115Model(SimClock().now))
    bus.vanish(0x4B)
    with pytest.raises(BusError, match="ADS1115 at 0x4b on i2c-1 did not answer"):
        ADS1115(bus, 0x4B, sleep=lambda _: None).read(0)
    with pytest.raises(ValueError, match="full scale"):
        ADS1115(bus, 0x48, full_scale=5.0)
    with pytest.raises(ValueError, match="data rate"):
        ADS1115(bus, 0x48, data_rate=100)


def test_prepared_conversions_convert_afresh_at_every_run() -> None:
    """The transaction is built once; each run sends the command bytes again and the
    chips convert what their inputs hold then."""
    bus = SimulatedI2CBus(adapter=PERMISSIVE)
    level = [1.0]
    models = {}

    def channel(n: int) -> Callable[[], float]:
        return lambda: level[0] + 0.1 * n

    for address in (0x48, 0x49):
        models[address] = ADS7830Model({n: channel(n) for n in range(8)})
        bus.attach(address, models[address])
    first, second = ADS7830(bus, 0x48, adapter=PERMISSIVE), ADS7830(bus, 0x49, adapter=PERMISSIVE)
    conversions = Conversions(bus, [(first, 0), (second, 3), (first, 7)])
    assert bus.transactions == 0  # preparing sends nothing
    assert conversions.run() == bytes(int(v / 3.3 * 256) for v in (1.0, 1.3, 1.7))
    level[0] = 2.0
    assert conversions.run() == bytes(int(v / 3.3 * 256) for v in (2.0, 2.3, 2.7))
    assert bus.transactions == 2
    assert [len(call.messages) for call in bus.log] == [6, 6]
    assert (models[0x48].conversions, models[0x49].conversions) == (4, 2)
    assert models[0x48].command == DATASHEET_COMMANDS[7]  # the last command it was sent


def test_a_prepared_conversion_of_a_silent_ads7830_is_named_and_one_that_returns_reads() -> None:
    bus = SimulatedI2CBus("i2c-3")
    for address in (0x48, 0x49):
        bus.attach(address, ADS7830Model({0: volts(1.0), 1: volts(2.0)}))
    first, second = ADS7830(bus, 0x48, "i2c-3"), ADS7830(bus, 0x49, "i2c-3")
    conversions = Conversions(bus, [(first, 0), (second, 1)])
    bus.vanish(0x49)
    with pytest.raises(BusError) as caught:
        conversions.run()
    assert (caught.value.chip, caught.value.address) == ("ADS7830", 0x49)
    bus.restore(0x49)
    assert conversions.run() == bytes([int(1.0 / 3.3 * 256), int(2.0 / 3.3 * 256)])


@pytest.mark.parametrize(
    ("adapter", "messages"),
    [(PERMISSIVE, [42, 6]), (DESIGNWARE, [16, 16, 16]), (BCM2835, [2] * 24)],
    ids=lambda value: getattr(value, "name", str(value)),
)
def test_prepared_conversions_split_as_the_kernel_requires(
    adapter: I2CAdapter, messages: list[int]
) -> None:
    bus = SimulatedI2CBus(adapter=adapter)
    chips = []
    for address in (0x48, 0x49, 0x4A):
        bus.attach(address, ADS7830Model({n: volts(0.1 * n + address - 0x48) for n in range(8)}))
        chips.append(ADS7830(bus, address, adapter=adapter))
    requests = [(chip, n) for chip in reversed(chips) for n in range(8)]
    expected = bytes(int((0.1 * n + i) / 3.3 * 256) for i in (2, 1, 0) for n in range(8))
    conversions = Conversions(bus, requests)
    assert conversions.run() == expected
    assert [len(call.messages) for call in bus.log] == messages
    assert conversions.transactions == len(messages)
    assert bus.refusals == 0


def test_ads1115_prepared_starts_and_reads_send_what_start_and_result_send() -> None:
    clock = SimClock()
    bus = SimulatedI2CBus("i2c-3")
    level = [1.65]
    model = ADS1115Model(clock.now, {0: volts(-0.5), 2: lambda: level[0]})
    bus.attach(0x48, model)
    adc = ADS1115(bus, 0x48, "i2c-3", sleep=clock.sleep)
    start, result = adc.starter(2), adc.reader()
    assert bus.transactions == 0  # preparing sends nothing
    start()
    assert bus.log[-1].messages == (Message(0x48, False, 3),)  # config pointer and word
    assert model.config | 0x8000 == adc.config(2)
    assert result() == 0  # not converted yet: the old result
    assert model.early_reads == 1
    clock.sleep(adc.conversion_time)
    assert result() == round(1.65 / 4.096 * 32768)
    last_messages: tuple[Message, ...] = bus.log[-1].messages  # read afresh after the action
    assert last_messages == (Message(0x48, False, 1), Message(0x48, True, 2))
    level[0] = 0.7
    start()
    clock.sleep(adc.conversion_time)
    assert result() == round(0.7 / 4.096 * 32768)  # converted afresh at every start
    adc.starter(0)()
    clock.sleep(adc.conversion_time)
    assert result() == round(-0.5 / 4.096 * 32768) < 0  # signed
    bus.vanish(0x48)
    for call in (start, result):
        with pytest.raises(BusError) as caught:
            call()
        assert (caught.value.chip, caught.value.address) == ("ADS1115", 0x48)
        assert "ADS1115 at 0x48 on i2c-3 did not answer" in str(caught.value)


def test_ads1115_prepared_calls_go_through_and_retry_only_a_glitch() -> None:
    import errno

    from drivers.retry import RetryPolicy

    class Glitching(ADS1115Model):
        """Fails the next write or read once (a missing acknowledge), then answers."""

        glitches = 0

        def write(self, data: bytes) -> None:
            if self.glitches:
                self.glitches -= 1
                raise OSError(errno.EREMOTEIO, "glitch")
            super().write(data)

        def read(self, length: int) -> bytes:
            if self.glitches:
                self.glitches -= 1
                raise OSError(errno.EREMOTEIO, "glitch")
            return super().read(length)

    clock = SimClock()
    bus = SimulatedI2CBus()
    model = Glitching(clock.now, {1: volts(1.0)})
    bus.attach(0x48, model)
    retry = RetryPolicy(delays=(0.001,), sleep=clock.sleep)
    adc = ADS1115(bus, 0x48, retry=retry, sleep=clock.sleep)
    start, result = adc.starter(1), adc.reader()
    start()
    clock.sleep(adc.conversion_time)
    assert result() == round(1.0 / 4.096 * 32768)
    assert retry.retries == 0
    model.glitches = 1
    start()
    clock.sleep(adc.conversion_time)
    model.glitches = 1
    assert result() == round(1.0 / 4.096 * 32768)
    assert retry.retries == 2  # each healed by its one retry
    model.glitches = 2
    with pytest.raises(BusError):
        start()
    assert retry.retries == 3
