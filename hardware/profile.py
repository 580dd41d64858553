"""Board profiles: which sensor channel is which spot, which LED lights it, which pin is
which button. A profile is a TOML file; a mistake in it stops loading with the file,
the line and the reason, before any hardware is touched.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from drivers.buttons import ButtonRole
from engine.errors import UnknownGameError
from engine.game import Game
from engine.physical import Reading, Sensing, Spot
from engine.registry import find_game
from hardware.profile_base import ProfileError
from hardware.profile_frontends import (
    SPI_PINS,
    AdcSpec,
    AnalogChannelSpec,
    Books,
    FrontEndReader,
    Gpios,
    I2CAddresses,
    I2CPlace,
    MuxSpec,
    SerialScannerSpec,
    ShiftRegisterSpec,
    Thresholds,
    Wiring,
)
from hardware.profile_leds import LedReader, LedSpec
from hardware.toml_lines import KeyPath, SourceMap

__all__ = [
    "AdcSpec",
    "AnalogChannelSpec",
    "ChannelSpec",
    "ExpanderSpec",
    "I2CPlace",
    "LedSpec",
    "MuxSpec",
    "Profile",
    "ProfileError",
    "SensorChannel",
    "SerialScannerSpec",
    "ShiftRegisterSpec",
    "Thresholds",
    "bundled_profiles",
    "calibration_path",
    "load_profile",
    "parse_profile",
]

MCP23017_ADDRESSES = range(0x20, 0x28)
ERRATUM_PINS = frozenset({7, 15})  # GPA7 and GPB7 are output-only on current MCP23017s
_PIN = re.compile(r"^([AB])([0-7])$")


@dataclass(frozen=True, slots=True)
class ChannelSpec:
    """One expander input: the pin, the spot it senses and, for a polarity pair of
    digital sensors, which pole it answers to (None: the pin alone means present)."""

    pin: int
    spot: Spot
    pole: Reading | None = None

    @property
    def pin_name(self) -> str:
        return f"{'AB'[self.pin // 8]}{self.pin % 8}"


@dataclass(frozen=True, slots=True)
class ExpanderSpec:
    """An MCP23017 on a bus (perhaps behind a TCA9548A), with the channels wired to it."""

    bus: int
    address: int
    channels: tuple[ChannelSpec, ...]
    interrupt_gpio: int | None = None
    mux: int | None = None
    mux_channel: int | None = None

    @property
    def input_mask(self) -> int:
        mask = 0
        for channel in self.channels:
            mask |= 1 << channel.pin
        return mask

    @property
    def place(self) -> I2CPlace:
        return I2CPlace(self.bus, self.mux, self.mux_channel)

    def label(self, channel: ChannelSpec) -> str:
        """How a channel is named to people: ``0x21/B3`` (bus 1), ``i2c-3:0x20/A0``..."""
        return f"{self.place.prefix}0x{self.address:02x}/{channel.pin_name}"


@dataclass(frozen=True, slots=True)
class SensorChannel:
    """Any front end's channel as people see it: its name, its spot, its pole."""

    label: str
    spot: Spot
    pole: Reading | None


@dataclass(frozen=True, slots=True)
class Profile:
    """A validated board profile (and the calibration found beside its file)."""

    name: str
    source: str
    games: tuple[str, ...]
    sensing: Sensing
    scan_hz: float
    debounce_scans: int
    expanders: tuple[ExpanderSpec, ...]
    leds: LedSpec
    buttons: tuple[tuple[ButtonRole, int], ...]
    muxes: tuple[MuxSpec, ...] = ()
    adcs: tuple[AdcSpec, ...] = ()
    shift_registers: tuple[ShiftRegisterSpec, ...] = ()
    serial_scanner: SerialScannerSpec | None = None
    retries: int = 2
    calibration: tuple[tuple[str, Thresholds], ...] = ()
    calibration_source: str | None = None

    @property
    def channels(self) -> tuple[SensorChannel, ...]:
        """Every sensor channel of every front end, in wiring order."""
        found = [
            SensorChannel(chip.label(ch), ch.spot, ch.pole)
            for chip in self.expanders
            for ch in chip.channels
        ]
        found += [SensorChannel(ch.label, ch.spot, None) for ch in self.analog_channels]
        found += [
            SensorChannel(ch.label, ch.spot, ch.pole)
            for chain in self.shift_registers
            for ch in chain.channels
        ]
        if self.serial_scanner is not None:
            found += [SensorChannel(ch.label, ch.spot, None) for ch in self.serial_scanner.channels]
        return tuple(found)

    @property
    def analog_channels(self) -> tuple[AnalogChannelSpec, ...]:
        return tuple(ch for adc in self.adcs for ch in adc.all_channels)

    @property
    def sensed_spots(self) -> frozenset[Spot]:
        return frozenset(channel.spot for channel in self.channels)

    @property
    def bus_numbers(self) -> tuple[int, ...]:
        buses = {chip.bus for chip in self.expanders}
        buses |= {mux.bus for mux in self.muxes}
        buses |= {adc.place.bus for adc in self.adcs}
        return tuple(sorted(buses))

    def thresholds(self, label: str) -> Thresholds:
        """The thresholds of an analog channel: calibrated, else its ADC's defaults."""
        for name, thresholds in self.calibration:
            if name == label:
                return thresholds
        for adc in self.adcs:
            if any(ch.label == label for ch in adc.all_channels):
                return adc.thresholds
        raise KeyError(f"{label} is not an analog channel of {self.source}")

    def serves(self, game: str) -> bool:
        return game in self.games


def bundled_profiles() -> tuple[str, ...]:
    """The names of the profiles shipped with Kiban."""
    folder = resources.files("hardware") / "profiles"
    return tuple(sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".toml")))


def calibration_path(profile_path: str | Path) -> Path:
    """Where the calibration of a profile file lives: ``board.toml`` has
    ``board.calibration.toml`` beside it."""
    path = Path(profile_path)
    return path.with_name(f"{path.stem}.calibration.toml")


def load_profile(name_or_path: str, game: Game[Any] | None = None) -> Profile:
    """Load a profile by path, or a bundled one by name; ``sim`` means the
    simulated board of ``game``. A profile file's calibration, when there is one
    beside it, is loaded with it."""
    path = Path(name_or_path)
    if path.suffix == ".toml" or path.exists():
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as error:
            raise ProfileError(str(path), None, f"cannot read: {error.strerror}") from None
        profile = parse_profile(text, str(path), game)
        calibration = calibration_path(path)
        if profile.adcs and calibration.is_file():
            from hardware.calibration import load_calibration

            profile = load_calibration(profile, calibration)
        return profile
    name = name_or_path
    if name == "sim":
        if game is None:
            raise ProfileError("sim", None, "the simulated board needs a game")
        name = f"sim-{game.name}"
    resource = resources.files("hardware") / "profiles" / f"{name}.toml"
    if not resource.is_file():
        known = ", ".join(bundled_profiles())
        raise ProfileError(
            name_or_path, None, f"no such file or bundled profile (bundled: {known})"
        )
    return parse_profile(resource.read_text(encoding="utf-8"), f"profiles/{name}.toml", game)


def parse_profile(text: str, source: str, game: Game[Any] | None = None) -> Profile:
    """Parse and validate profile text; ``source`` names it in errors."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        match = re.search(r"at line (\d+)", str(error))
        line = int(match.group(1)) if match else None
        reason = re.sub(r"\s*\(at line \d+, column \d+\)", "", str(error))
        raise ProfileError(source, line, f"not valid TOML: {reason}") from None
    return _Reader(data, source, SourceMap.of(text)).profile(game)


class _Reader(FrontEndReader, LedReader):
    """Walks the parsed TOML, failing with the line of whatever is wrong."""

    # --- the whole profile -------------------------------------------------------

    def profile(self, game: Game[Any] | None) -> Profile:
        data = self.data
        self._only(
            data,
            (),
            (
                "name",
                "games",
                "sensing",
                "scan",
                "mcp23017",
                "leds",
                "buttons",
                "tca9548a",
                "ads7830",
                "ads1115",
                "74hc165",
                "serial_scanner",
            ),
        )
        name = self._get(data, (), "name", str)
        games = self._games(game)
        sensing_text = self._get(data, (), "sensing", str, "occupancy")
        try:
            sensing = Sensing(sensing_text)
        except ValueError:
            raise self.fail(
                ("sensing",), f"sensing must be occupancy or polarity, not {sensing_text!r}"
            ) from None
        scan = self._get(data, (), "scan", dict, {})
        self._only(scan, ("scan",), ("hz", "debounce", "retries"))
        scan_hz = self._get(scan, ("scan",), "hz", float, 100.0)
        if not 1 <= scan_hz <= 1000:
            raise self.fail(("scan", "hz"), f"scan rate {scan_hz} Hz is outside 1..1000")
        debounce = self._get(scan, ("scan",), "debounce", int, 3)
        if not 1 <= debounce <= 50:
            raise self.fail(("scan", "debounce"), f"debounce of {debounce} scans is outside 1..50")
        retries = self._get(scan, ("scan",), "retries", int, 2)
        if not 0 <= retries <= 5:
            raise self.fail(("scan", "retries"), f"{retries} retries is outside 0..5")
        spots = _spots_of(games)
        gpios = Gpios(self)
        buttons = self._buttons()
        for role, pin in buttons:
            gpios.claim(pin, f"button {role.value}", ("buttons", role.value))
        books = Books(spots, sensing, Wiring(self), gpios, I2CAddresses(self))
        muxes = self._muxes(books.addresses)
        books.muxes = muxes
        expanders = self._expanders(books)
        adcs = self._adcs(books)
        chains = self._shift_registers(books)
        serial = self._serial_scanner(books)
        if sensing is Sensing.POLARITY:
            books.wiring.check_poles()
        leds = self._leds(spots)
        self._led_pins(leds, gpios)
        return Profile(
            name=name,
            source=self.source,
            games=tuple(g.name for g in games),
            sensing=sensing,
            scan_hz=scan_hz,
            debounce_scans=debounce,
            expanders=expanders,
            leds=leds,
            buttons=buttons,
            muxes=muxes,
            adcs=adcs,
            shift_registers=chains,
            serial_scanner=serial,
            retries=retries,
        )

    def _led_pins(self, leds: LedSpec, gpios: Gpios) -> None:
        """The strip's pins must be free: its GPIO, or the SPI pins it drives."""
        if leds.backend in ("ws281x", "pio"):
            gpios.claim(leds.gpio, "the LED strip", ("leds", "gpio"))
        elif leds.backend == "spi":
            pins = SPI_PINS.get(leds.spi_bus, {})
            for role in ("MOSI", "SCLK"):
                if role in pins:
                    gpios.claim(
                        pins[role], f"the LED strip (SPI{leds.spi_bus} {role})", ("leds", "spi_bus")
                    )

    def _games(self, wanted: Game[Any] | None) -> list[Game[Any]]:
        names = self._get(self.data, (), "games", list)
        if not names:
            raise self.fail(("games",), "games must name at least one game")
        games = []
        for name in names:
            if not isinstance(name, str):
                raise self.fail(("games",), f"games must be names of games, not {name!r}")
            try:
                games.append(find_game(name))
            except UnknownGameError as error:
                raise self.fail(("games",), str(error)) from None
        if wanted is not None and wanted.name not in {g.name for g in games}:
            served = ", ".join(g.name for g in games)
            raise self.fail(("games",), f"this profile serves {served}, not {wanted.name}")
        return games

    # --- sensors ---------------------------------------------------------------------

    def _expanders(self, books: Books) -> tuple[ExpanderSpec, ...]:
        spots, sensing, muxes = books.spots, books.sensing, books.muxes
        wiring, gpios, addresses = books.wiring, books.gpios, books.addresses
        tables = self._table_list("mcp23017")
        seen_chips: set[I2CPlace | tuple[I2CPlace, int]] = set()
        chips = []
        for index, table in enumerate(tables):
            path: KeyPath = ("mcp23017", index)
            self._only(
                table, path, ("bus", "address", "mux", "mux_channel", "interrupt_gpio", "channels")
            )
            place = self._place(table, path, muxes)
            address = self._get(table, path, "address", int)
            if address not in MCP23017_ADDRESSES:
                raise self.fail(
                    (*path, "address"), f"an MCP23017 address is 0x20..0x27, not 0x{address:02x}"
                )
            if (place, address) in seen_chips:
                located = f"bus {place.bus}" if place.mux is None else place.describe()
                raise self.fail((*path, "address"), f"two MCP23017 at 0x{address:02x} on {located}")
            seen_chips.add((place, address))
            addresses.claim(place, address, f"MCP23017 0x{address:02x}", (*path, "address"))
            interrupt = self._get(table, path, "interrupt_gpio", int, None)
            if interrupt is not None:
                # Open-drain INT outputs of several chips may share one line.
                gpios.claim(
                    interrupt, "interrupt line", (*path, "interrupt_gpio"), share="interrupt"
                )
            channels = []
            channel_table = self._get(table, path, "channels", dict)
            spec = ExpanderSpec(place.bus, address, (), interrupt, place.mux, place.mux_channel)
            for pin_name, target in channel_table.items():
                where = (*path, "channels", pin_name)
                channel = self._channel(where, pin_name, target, spots, sensing)
                wiring.add(where, target, channel.spot, channel.pole, label=spec.label(channel))
                channels.append(channel)
            chips.append(
                ExpanderSpec(
                    place.bus,
                    address,
                    tuple(sorted(channels, key=lambda c: c.pin)),
                    interrupt,
                    place.mux,
                    place.mux_channel,
                )
            )
        return tuple(chips)

    def _channel(
        self, where: KeyPath, pin_name: str, target: Any, spots: frozenset[Spot], sensing: Sensing
    ) -> ChannelSpec:
        match = _PIN.match(pin_name)
        if not match:
            raise self.fail(where, f"{pin_name!r} is not an MCP23017 pin (A0..A6, B0..B6)")
        pin = (8 if match.group(1) == "B" else 0) + int(match.group(2))
        if pin in ERRATUM_PINS:
            raise self.fail(
                where,
                f"{pin_name} cannot be an input: GPA7 and GPB7 are output-only on the MCP23017 "
                "(datasheet erratum); use A0..A6 and B0..B6",
            )
        spot, pole = self._target(where, pin_name, target, spots, sensing=sensing, digital=True)
        return ChannelSpec(pin, spot, pole)

    # --- buttons -----------------------------------------------------------------------

    def _buttons(self) -> tuple[tuple[ButtonRole, int], ...]:
        table = self._get(self.data, (), "buttons", dict, {})
        roles = {role.value: role for role in ButtonRole}
        seen: dict[int, str] = {}
        result = []
        for name, pin in table.items():
            where: KeyPath = ("buttons", name)
            if name not in roles:
                raise self.fail(where, f"unknown button {name!r} (buttons: {', '.join(roles)})")
            if not isinstance(pin, int) or isinstance(pin, bool) or not 0 <= pin <= 27:
                raise self.fail(where, f"button {name} needs a GPIO number 0..27, not {pin!r}")
            if pin in seen:
                raise self.fail(where, f"GPIO {pin} is used by both {seen[pin]} and {name}")
            seen[pin] = name
            result.append((roles[name], pin))
        return tuple(result)


def _spots_of(games: Sequence[Game[Any]]) -> frozenset[Spot]:
    """Spots every listed game has: a profile serving several games may use only those."""
    common = frozenset(games[0].spots)
    for game in games[1:]:
        common &= frozenset(game.spots)
    return common
