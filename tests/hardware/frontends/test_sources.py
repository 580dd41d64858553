"""Every front end through the scanner on its simulated board: what a scan costs on the
bus, readings per channel, and no frame at all when a source fails."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from drivers.errors import BusError
from engine.game import Game
from engine.physical import EMPTY, NORTH, PRESENT, SOUTH, Sensing, Stone
from engine.registry import find_game
from hardware.board import Board
from hardware.calibration import Thresholds
from hardware.frontends.polled_adcs import AnalogSource, _Table
from hardware.frontends.serial_scanner import SerialSource
from hardware.frontends.shift_registers import ShiftRegisterSource
from hardware.mock.adc import ADS1115Model
from hardware.mock.board import SimulatedBoard
from hardware.mock.bus import Message
from hardware.mock.frontends.analog import AnalogModels
from hardware.mock.frontends.i2c_muxes import I2CMuxModels
from hardware.mock.frontends.serial_scanner import SerialScannerModel
from hardware.mock.frontends.shift_registers import ShiftRegisterModels
from hardware.mock.world import SimulatedWorld
from hardware.profile import load_profile

DOBUTSU = find_game("dobutsu")
SHOGI = find_game("shogi")


def opened(
    name: str, game: Game[Any], *, pieces: bool = True, host: str | None = None
) -> tuple[SimulatedBoard, Board]:
    profile = load_profile(name, game)
    if host is not None:
        profile = dataclasses.replace(profile, host=host)
    world = SimulatedWorld(game, profile.sensing)
    if pieces:
        world.arrange(game.position().layout())
    hardware = SimulatedBoard(profile, world)
    board = hardware.open(lambda role: None)
    board.scanner.scan()
    for bus in hardware.buses.values():
        bus.reset_counters()
    for spi in hardware.spi.values():
        spi.transfers.clear()
    return hardware, board


def transactions(hardware: SimulatedBoard) -> list[str]:
    return [call.kind for bus in hardware.buses.values() for call in bus.log]


def test_a_multiplexed_bus_costs_a_select_and_a_read_per_segment() -> None:
    hardware, board = opened("sim-shogi-mux", SHOGI)
    for _ in range(10):
        board.scanner.scan()
    # a read a chip (a Raspberry Pi's adapter reads one chip at a time), and a select
    # between the segments: every other scan reads them the other way round, starting on
    # the one selected
    back = [*["i2c_rdwr"] * 4, "write_byte", *["i2c_rdwr"] * 8]
    forth = [*["i2c_rdwr"] * 8, "write_byte", *["i2c_rdwr"] * 4]
    assert transactions(hardware) == (back + forth) * 5
    reads = [call.addresses for call in hardware.buses[1].log[5:13]]
    assert reads == [(address,) for address in range(0x20, 0x28)]  # eight chips on channel 0
    assert hardware.buses[1].refusals == 0


@pytest.mark.parametrize(("host", "per_scan"), [("pi5", 16), ("pi4", 81), ("other", 16)])
def test_the_analog_board_costs_what_its_adapter_allows(host: str, per_scan: int) -> None:
    """One transaction a select setting where the adapter joins one chip's conversions
    (a Pi 5, or any other host); a command and its read per conversion on a Pi 1-4."""
    hardware, board = opened("sim-shogi-ads7830", SHOGI, host=host)
    (source,) = board.scanner.sources
    assert isinstance(source, AnalogSource)
    changes = source.selects[0].changes
    board.scanner.scan()
    log = hardware.buses[1].log
    assert [call.kind for call in log] == ["i2c_rdwr"] * per_scan
    assert len(log[0].messages) == (2 if host == "pi4" else 2 * 6)  # one, or six muxes' I0
    assert sum(len(call.messages) for call in log) == 2 * 81
    assert hardware.buses[1].refusals == 0
    assert source.selects[0].changes - changes == 16  # each setting once per scan
    assert hardware.buses[1].wire_seconds(400_000) < 0.008  # fits a 50 Hz scan


@pytest.mark.parametrize("host", ["pi5", "pi4"])
def test_the_8_bit_levels_joined_at_once_are_each_channels_own(host: str) -> None:
    """An ADS7830 pass joins its runs' results and takes each channel's level from them:
    the same levels, channel by channel, as the walk that places each result."""
    hardware, board = opened("sim-shogi-ads7830", SHOGI, host=host)
    (source,) = board.scanner.sources
    assert isinstance(source, AnalogSource)
    hall = hardware.model(AnalogModels).hall
    for sensor in hall.values():
        sensor.noise = 0.0  # each conversion the same
    joined = source.levels()
    assert joined == source._levels_one_by_one()
    assert len(set(joined)) > 2  # north, south and empty cells, the sensors' spreads
    assert source.sample() == [source._readings[i][level] for i, level in enumerate(joined)]


def test_the_ads1115_board_converts_its_chips_in_parallel_rounds() -> None:
    hardware, board = opened("sim-dobutsu-ads1115", DOBUTSU)
    start = hardware.clock.now()
    board.scanner.scan()
    # Prepared once: the same bytes as write_i2c_block_data and read_i2c_block_data.
    starting = (Message(0x48, False, 3),)
    reading = (Message(0x48, False, 1), Message(0x48, True, 2))
    shapes = [
        tuple(dataclasses.replace(m, address=0x48) for m in call.messages)
        for call in hardware.buses[1].log
    ]
    assert shapes == ([starting] * 3 + [reading] * 3) * 4
    assert [call.addresses for call in hardware.buses[1].log] == [(0x48,), (0x49,), (0x4A,)] * 8
    waited = hardware.clock.now() - start
    # four rounds, one wait each: a conversion at the slowest rate allowed, and the wake-up
    assert waited == pytest.approx(4 * (1 / (0.9 * 860) + 50e-6))
    adcs = hardware.model(AnalogModels).adcs.values()
    assert all(isinstance(adc, ADS1115Model) and adc.early_reads == 0 for adc in adcs)


def test_a_shift_register_chain_costs_one_spi_transfer() -> None:
    hardware, board = opened("sim-dobutsu-165", DOBUTSU)
    for _ in range(7):
        board.scanner.scan()
    (spi,) = hardware.spi.values()
    assert len(spi.transfers) == 7
    assert {len(t.mosi) for t in spi.transfers} == {3}  # two chips and the check byte
    assert transactions(hardware) == []


def test_a_serial_scanner_costs_no_bus_transaction() -> None:
    hardware, board = opened("sim-dobutsu-serial", DOBUTSU)
    (source,) = board.scanner.sources
    assert isinstance(source, SerialSource)
    for _ in range(5):
        board.scanner.scan()
    assert transactions(hardware) == []
    assert source.scanner.stats.frames >= 2  # its hello and full frame


@pytest.mark.parametrize("name", ["sim-dobutsu-165", "sim-dobutsu-serial", "sim-dobutsu-ads1115"])
def test_each_front_end_reads_the_world_through_its_wiring(name: str) -> None:
    hardware, board = opened(name, DOBUTSU, pieces=False)
    polarity = hardware.profile.sensing.value == "polarity"
    hardware.world.place("2b", Stone("C", 0))
    hardware.world.place("1d", Stone("C", 1, flipped=True))
    hardware.sync()
    raw = board.scanner.read_raw()
    assert {spot: r for spot, r in raw.items() if r} == {
        "2b": NORTH if polarity else PRESENT,
        "1d": SOUTH if polarity else PRESENT,
    }
    channels = {channel.label: value for channel, value in board.scanner.sample_channels() if value}
    assert len(channels) == 2


def failing(hardware: SimulatedBoard, name: str) -> None:
    if name == "sim-shogi-mux":
        hardware.model(I2CMuxModels).muxes[(1, 0x70)].segment(1).vanish(0x22)
    elif name in ("sim-shogi-ads7830", "sim-dobutsu-ads1115"):
        hardware.buses[1].vanish(0x49 if name == "sim-dobutsu-ads1115" else 0x48)
    elif name == "sim-dobutsu-165":
        hardware.model(ShiftRegisterModels).chains["spi0.0"].powered = False
    else:
        hardware.model(SerialScannerModel).port.unplugged = True


@pytest.mark.parametrize(
    ("name", "game", "named"),
    [
        ("sim-shogi-mux", SHOGI, "MCP23017 at 0x22 on i2c-1/0x70.1"),
        ("sim-shogi-ads7830", SHOGI, "ADS7830 at 0x48 on i2c-1"),
        ("sim-dobutsu-ads1115", DOBUTSU, "ADS1115 at 0x49 on i2c-1"),
        ("sim-dobutsu-165", DOBUTSU, "74HC165 chain on spi0.0"),
        ("sim-dobutsu-serial", DOBUTSU, "serial scanner on /dev/ttyACM0"),
    ],
)
def test_a_failing_source_names_its_chip_and_changes_no_reading(
    name: str, game: Game[Any], named: str
) -> None:
    hardware, board = opened(name, game)
    before = dict(board.scanner.frame)
    moved = next(spot for spot, stones in game.position().layout().items() if stones)
    hardware.world.lift(moved)
    failing(hardware, name)
    for _ in range(5):
        with pytest.raises(BusError) as caught:
            board.scanner.scan()
        assert str(caught.value).startswith(named)
        assert dict(board.scanner.frame) == before  # no partial frame
    assert not board.scanner.debouncer.settled  # what was read before may be stale


def test_the_chain_reads_the_start_position() -> None:
    _hardware, board = opened("sim-dobutsu-165", DOBUTSU)
    (source,) = board.scanner.sources
    assert isinstance(source, ShiftRegisterSource)
    assert source.chain.check_byte
    assert board.scanner.read_raw()["2c"] == PRESENT
    assert board.scanner.read_raw()["2b"] == PRESENT
    assert board.scanner.read_raw()["3b"] == EMPTY


def test_the_analog_board_walks_its_select_settings_one_line_change_apart() -> None:
    hardware, board = opened("sim-shogi-ads7830", SHOGI)
    pins = [hardware.pin_factory.pin(gpio) for gpio in (17, 27, 22, 23)]
    for _ in range(3):
        for pin in pins:
            pin.clear_states()
        board.scanner.scan()
        # Gray code: one line per setting, back to the first setting included.
        assert sum(len(pin.states) - 1 for pin in pins) == 16


def test_the_analog_sensors_follow_the_world() -> None:
    hardware, _ = opened("sim-shogi-ads7830", SHOGI)
    sensor = hardware.model(AnalogModels).hall["0x48/CH0/I0"]  # under 9a: gote's lance
    assert sensor.field == NORTH
    lance = hardware.world.lift("9a")
    assert sensor.field == EMPTY
    hardware.world.place("9a", lance)
    assert sensor.field == NORTH
    hardware.world.force("9a", SOUTH)
    assert sensor.field == SOUTH
    hardware.world.force("9a", None)
    assert sensor.field == NORTH


@pytest.mark.parametrize(
    "thresholds",
    [Thresholds(160, 96), Thresholds(96, 160), Thresholds(150.5, 101.2), Thresholds(0, 255)],
)
@pytest.mark.parametrize("sensing", [Sensing.POLARITY, Sensing.OCCUPANCY])
def test_an_8_bit_channel_reads_every_level_as_its_thresholds_say(
    thresholds: Thresholds, sensing: Sensing
) -> None:
    """An ADS7830 channel's reading is looked up in a table made once per channel."""
    table = _Table(thresholds, sensing is Sensing.OCCUPANCY)
    expected = [thresholds.classify(level) for level in range(256)]
    if sensing is Sensing.OCCUPANCY:
        expected = [PRESENT if reading != EMPTY else EMPTY for reading in expected]
    assert list(table.table) == expected
    assert [table[level] for level in range(256)] == expected
    assert table[-300] == expected[0] and table[40000] == expected[255]  # 16-bit levels too
