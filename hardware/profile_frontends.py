"""Reading the sections of the sensor front ends besides MCP23017 expanders: TCA9548A
multiplexers, ADCs with CD74HC4067 multiplexers for analog Hall sensors, 74HC165
shift-register chains, and a scanner microcontroller on a serial port; every mistake
is named with its file and line (the parts they build: profile_specs.py; the
book-keeping they share with the expanders: profile_books.py).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from engine.physical import NORTH, SOUTH, Reading, Sensing, Spot
from hardware.profile_base import ReaderBase
from hardware.profile_books import Books, Gpios, I2CAddresses, Wiring
from hardware.profile_specs import (
    AdcSpec,
    AnalogChannelSpec,
    AnalogMuxSpec,
    I2CPlace,
    MuxSpec,
    SerialChannelSpec,
    SerialScannerSpec,
    ShiftChannelSpec,
    ShiftRegisterSpec,
    Thresholds,
)
from hardware.toml_lines import KeyPath

__all__ = [
    "SPI_PINS",
    "AdcSpec",
    "AnalogChannelSpec",
    "AnalogMuxSpec",
    "Books",
    "FrontEndReader",
    "Gpios",
    "I2CAddresses",
    "I2CPlace",
    "MuxSpec",
    "SerialChannelSpec",
    "SerialScannerSpec",
    "ShiftChannelSpec",
    "ShiftRegisterSpec",
    "Thresholds",
    "Wiring",
]

MUX_ADDRESSES = range(0x70, 0x78)
ADC_ADDRESSES = range(0x48, 0x4C)
GPIO_NUMBERS = range(28)
SPI_PINS: dict[int, dict[str, int]] = {
    0: {"MISO": 9, "MOSI": 10, "SCLK": 11, "CE0": 8, "CE1": 7},
    1: {"MISO": 19, "MOSI": 20, "SCLK": 21, "CE0": 18, "CE1": 17, "CE2": 16},
}
I2C1_PINS = {2: "SDA", 3: "SCL"}
_SHIFT_INPUT = re.compile(r"^(\d{1,2})([A-H])$")
_MUX_INPUT = re.compile(r"^I(\d{1,2})$")


# --- the sections ---------------------------------------------------------------------------


class FrontEndReader(ReaderBase):
    """Reads the sections of the front ends; ``_Reader`` in profile.py adds the rest."""

    def _target(
        self,
        where: KeyPath,
        name: str,
        target: Any,
        spots: frozenset[Spot],
        *,
        sensing: Sensing,
        digital: bool,
    ) -> tuple[Spot, Reading | None]:
        """The spot (and, for a digital polarity pair, the pole) a channel names."""
        if not isinstance(target, str):
            raise self.fail(where, f"channel {name} must name a spot, not {target!r}")
        # Spot names may hold colons ("hand:b:C"): only a final :north/:south is a pole.
        spot, _, pole_text = target.rpartition(":")
        if pole_text not in ("north", "south"):
            spot, pole_text = target, ""
        pole: Reading | None = None
        if not digital:
            if pole_text:
                raise self.fail(
                    where, f"{target!r}: this channel reads both poles itself; write {spot!r}"
                )
        elif sensing is Sensing.POLARITY:
            poles = {"north": NORTH, "south": SOUTH}
            if pole_text not in poles:
                raise self.fail(where, f"with polarity sensing, write {spot}:north or {spot}:south")
            pole = poles[pole_text]
        elif pole_text:
            raise self.fail(where, f"{target!r}: a pole only makes sense with polarity sensing")
        if spot not in spots:
            raise self.fail(where, f"{spot!r} is not a spot of this game")
        return spot, pole

    def _gpio(self, table: Mapping[str, Any], path: KeyPath, key: str, default: Any = ...) -> Any:
        value = self._get(table, path, key, int, default)
        if key in table and value not in GPIO_NUMBERS:
            raise self.fail((*path, key), f"{key} needs a GPIO number 0..27, not {value}")
        return value

    # --- TCA9548A ---------------------------------------------------------------------

    def _muxes(self, addresses: I2CAddresses) -> tuple[MuxSpec, ...]:
        muxes = []
        for index, table in enumerate(self._table_list("tca9548a")):
            path: KeyPath = ("tca9548a", index)
            self._only(table, path, ("bus", "address"))
            bus = self._in_range(table, path, "bus", range(100), 1)
            address = self._get(table, path, "address", int)
            if address not in MUX_ADDRESSES:
                raise self.fail(
                    (*path, "address"), f"a TCA9548A address is 0x70..0x77, not 0x{address:02x}"
                )
            addresses.claim(I2CPlace(bus), address, f"TCA9548A 0x{address:02x}", (*path, "address"))
            muxes.append(MuxSpec(bus, address))
        return tuple(muxes)

    def _place(
        self, table: Mapping[str, Any], path: KeyPath, muxes: tuple[MuxSpec, ...]
    ) -> I2CPlace:
        """``bus``, and ``mux`` with ``mux_channel`` for a chip behind a TCA9548A."""
        bus = self._in_range(table, path, "bus", range(100), 1)
        mux = self._get(table, path, "mux", int, None)
        channel = self._get(table, path, "mux_channel", int, None)
        if mux is None:
            if channel is not None:
                raise self.fail(
                    (*path, "mux_channel"), "mux_channel needs mux (the TCA9548A address)"
                )
            return I2CPlace(bus)
        if MuxSpec(bus, mux) not in muxes:
            raise self.fail(
                (*path, "mux"),
                f"no TCA9548A at 0x{mux:02x} on bus {bus}: declare it in a [[tca9548a]] table",
            )
        if channel is None:
            raise self.fail((*path, "mux"), "a chip behind a TCA9548A needs mux_channel (0..7)")
        if not 0 <= channel <= 7:
            raise self.fail((*path, "mux_channel"), f"mux_channel {channel} is outside 0..7")
        return I2CPlace(bus, mux, channel)

    # --- ADCs and their analog multiplexers ---------------------------------------------

    def _adcs(self, books: Books) -> tuple[AdcSpec, ...]:
        adcs = []
        for key, chip in (("ads7830", "ADS7830"), ("ads1115", "ADS1115")):
            for index, table in enumerate(self._table_list(key)):
                adcs.append(self._adc(chip, (key, index), table, books))
        return tuple(adcs)

    def _adc(self, chip: str, path: KeyPath, table: Mapping[str, Any], books: Books) -> AdcSpec:
        spots, sensing, wiring = books.spots, books.sensing, books.wiring
        eight_bit = chip == "ADS7830"
        extra = ("reference",) if eight_bit else ("full_scale", "data_rate")
        self._only(
            table,
            path,
            (
                "bus",
                "address",
                "mux",
                "mux_channel",
                *extra,
                "thresholds",
                "channels",
                "cd74hc4067",
            ),
        )
        place = self._place(table, path, books.muxes)
        address = self._get(table, path, "address", int)
        if address not in ADC_ADDRESSES:
            raise self.fail(
                (*path, "address"), f"an {chip} address is 0x48..0x4b, not 0x{address:02x}"
            )
        books.addresses.claim(place, address, f"{chip} 0x{address:02x}", (*path, "address"))
        inputs = 8 if eight_bit else 4
        prefix = "CH" if eight_bit else "AIN"
        options: dict[str, Any] = {}
        if eight_bit:
            reference = self._get(table, path, "reference", str, "external")
            if reference not in ("external", "internal"):
                raise self.fail(
                    (*path, "reference"),
                    f"reference must be external or internal, not {reference!r}",
                )
            options["internal_reference"] = reference == "internal"
            default = Thresholds(north=160, south=96)
        else:
            scales = (6.144, 4.096, 2.048, 1.024, 0.512, 0.256)
            full_scale = self._get(table, path, "full_scale", float, 4.096)
            if full_scale not in scales:
                raise self.fail(
                    (*path, "full_scale"),
                    f"full_scale {full_scale} V is not one of {', '.join(map(str, scales))}",
                )
            rates = (8, 16, 32, 64, 128, 250, 475, 860)
            rate = self._get(table, path, "data_rate", int, 860)
            if rate not in rates:
                raise self.fail(
                    (*path, "data_rate"),
                    f"data_rate {rate} is not one of {', '.join(map(str, rates))}",
                )
            options.update(full_scale=full_scale, data_rate=rate)
            quiet = round(1.65 / full_scale * 32768)
            swing = round(0.4 / full_scale * 32768)
            default = Thresholds(north=quiet + swing, south=quiet - swing)
        thresholds = self._thresholds(table, path, default)
        base = f"{place.prefix}0x{address:02x}/"
        used_inputs: dict[int, KeyPath] = {}
        direct = []
        for name, target in self._get(table, path, "channels", dict, {}).items():
            where = (*path, "channels", name)
            match = re.fullmatch(prefix + r"(\d)", name)
            if not match or int(match.group(1)) >= inputs:
                raise self.fail(
                    where, f"{name!r} is not an {chip} input ({prefix}0..{prefix}{inputs - 1})"
                )
            number = int(match.group(1))
            spot, _ = self._target(where, name, target, spots, sensing=sensing, digital=False)
            label = base + name
            wiring.add(where, target, spot, None, label=label)
            used_inputs[number] = where
            direct.append(AnalogChannelSpec(label, spot, number))
        analog_muxes = []
        for mux_index, mux_table in enumerate(self._get(table, path, "cd74hc4067", list, [])):
            mux_path: KeyPath = (*path, "cd74hc4067", mux_index)
            if not isinstance(mux_table, dict):
                raise self.fail(mux_path, f"each cd74hc4067 must be a table, not {mux_table!r}")
            analog_muxes.append(
                self._analog_mux(
                    mux_path,
                    mux_table,
                    books,
                    chip=chip,
                    prefix=prefix,
                    inputs=inputs,
                    base=base,
                    used_inputs=used_inputs,
                )
            )
        return AdcSpec(
            chip,
            place,
            address,
            thresholds,
            tuple(sorted(direct, key=lambda c: c.input)),
            tuple(analog_muxes),
            **options,
        )

    def _thresholds(
        self, table: Mapping[str, Any], path: KeyPath, default: Thresholds
    ) -> Thresholds:
        values = self._get(table, path, "thresholds", dict, None)
        if values is None:
            return default
        where: KeyPath = (*path, "thresholds")
        self._only(values, where, ("north", "south"))
        north = self._get(values, where, "north", float)
        south = self._get(values, where, "south", float)
        if north == south:
            raise self.fail(
                where, "thresholds north and south must differ: between them reads empty"
            )
        return Thresholds(north, south)

    def _analog_mux(
        self,
        path: KeyPath,
        table: Mapping[str, Any],
        books: Books,
        *,
        chip: str,
        prefix: str,
        inputs: int,
        base: str,
        used_inputs: dict[int, KeyPath],
    ) -> AnalogMuxSpec:
        spots, sensing, wiring, gpios = books.spots, books.sensing, books.wiring, books.gpios
        self._only(table, path, ("input", "select", "enable_gpio", "channels"))
        number = self._get(table, path, "input", int)
        if not 0 <= number < inputs:
            raise self.fail(
                (*path, "input"), f"input {number} is not an {chip} input (0..{inputs - 1})"
            )
        if number in used_inputs:
            raise self.fail(
                (*path, "input"),
                f"{prefix}{number} already has a sensor or a multiplexer on it",
            )
        used_inputs[number] = (*path, "input")
        select = self._get(table, path, "select", list)
        if len(select) != 4 or not all(
            isinstance(g, int) and not isinstance(g, bool) for g in select
        ):
            raise self.fail((*path, "select"), "select must list the four GPIOs on S0, S1, S2, S3")
        for gpio in select:
            if gpio not in GPIO_NUMBERS:
                raise self.fail((*path, "select"), f"select GPIO {gpio} is outside 0..27")
        if len(set(select)) != 4:
            raise self.fail((*path, "select"), "select names one GPIO twice")
        # Multiplexers may share their select lines, all four in the same order.
        share = "select " + ",".join(map(str, select))
        for line, gpio in enumerate(select):
            gpios.claim(gpio, f"select line S{line} of a CD74HC4067", (*path, "select"), share)
        enable = self._gpio(table, path, "enable_gpio", None)
        if enable is not None:
            gpios.claim(enable, "the enable line of a CD74HC4067", (*path, "enable_gpio"))
        channels = []
        for name, target in self._get(table, path, "channels", dict).items():
            where = (*path, "channels", name)
            match = _MUX_INPUT.fullmatch(name)
            if not match or int(match.group(1)) > 15:
                raise self.fail(where, f"{name!r} is not a CD74HC4067 channel (I0..I15)")
            spot, _ = self._target(where, name, target, spots, sensing=sensing, digital=False)
            label = f"{base}{prefix}{number}/{name}"
            wiring.add(where, target, spot, None, label=label)
            channels.append(AnalogChannelSpec(label, spot, number, int(match.group(1))))
        return AnalogMuxSpec(
            number, tuple(select), enable, tuple(sorted(channels, key=lambda c: c.mux_channel or 0))
        )

    # --- 74HC165 chains -------------------------------------------------------------------

    def _shift_registers(self, books: Books) -> tuple[ShiftRegisterSpec, ...]:
        spots, sensing, wiring, gpios = books.spots, books.sensing, books.wiring, books.gpios
        chains = []
        seen: dict[tuple[int, int], int] = {}
        for index, table in enumerate(self._table_list("74hc165")):
            path: KeyPath = ("74hc165", index)
            self._only(
                table,
                path,
                (
                    "spi_bus",
                    "spi_device",
                    "load_gpio",
                    "chips",
                    "speed_hz",
                    "check_byte",
                    "channels",
                ),
            )
            spi_bus = self._in_range(table, path, "spi_bus", range(7), 0)
            spi_device = self._in_range(table, path, "spi_device", range(4), 0)
            if (spi_bus, spi_device) in seen:
                raise self.fail(
                    (*path, "spi_device"), f"spi{spi_bus}.{spi_device} already reads another chain"
                )
            seen[(spi_bus, spi_device)] = index
            chips = self._in_range(table, path, "chips", range(1, 65), ...)
            speed = self._get(table, path, "speed_hz", int, 1_000_000)
            if not 10_000 <= speed <= 25_000_000:
                raise self.fail((*path, "speed_hz"), f"speed_hz {speed} is outside 10000..25000000")
            load = self._gpio(table, path, "load_gpio")
            name = f"spi{spi_bus}.{spi_device}"
            gpios.claim(
                load, f"the SH/LD line of the 74HC165 chain on {name}", (*path, "load_gpio")
            )
            pins = SPI_PINS.get(spi_bus, {})
            for role in ("MISO", "SCLK", f"CE{spi_device}"):
                if role in pins:
                    gpios.claim(
                        pins[role], f"SPI{spi_bus} {role}", path, share=f"spi{spi_bus} {role}"
                    )
            channels = []
            for key, target in self._get(table, path, "channels", dict).items():
                where = (*path, "channels", key)
                match = _SHIFT_INPUT.fullmatch(key)
                if not match or int(match.group(1)) >= chips:
                    raise self.fail(
                        where,
                        f"{key!r} is not an input of this chain: "
                        f"chip 0..{chips - 1} then A..H, e.g. 0A",
                    )
                spot, pole = self._target(where, key, target, spots, sensing=sensing, digital=True)
                label = f"{name}/{key}"
                wiring.add(where, target, spot, pole, label=label)
                bit = int(match.group(1)) * 8 + "ABCDEFGH".index(match.group(2))
                channels.append(ShiftChannelSpec(bit, label, spot, pole))
            chains.append(
                ShiftRegisterSpec(
                    spi_bus,
                    spi_device,
                    load,
                    chips,
                    tuple(sorted(channels, key=lambda c: c.bit)),
                    speed,
                    self._get(table, path, "check_byte", bool, True),
                )
            )
        return tuple(chains)

    # --- the scanner microcontroller --------------------------------------------------------

    def _serial_scanner(self, books: Books) -> SerialScannerSpec | None:
        spots, sensing, wiring = books.spots, books.sensing, books.wiring
        table = self._get(self.data, (), "serial_scanner", dict, None)
        if table is None:
            return None
        path: KeyPath = ("serial_scanner",)
        self._only(table, path, ("url", "baudrate", "channels"))
        url = self._get(table, path, "url", str)
        if not url.strip():
            raise self.fail((*path, "url"), "url must name a serial port or a pyserial URL")
        baudrate = self._get(table, path, "baudrate", int, 115_200)
        if not 1200 <= baudrate <= 12_000_000:
            raise self.fail((*path, "baudrate"), f"baudrate {baudrate} is outside 1200..12000000")
        channels = []
        for key, target in self._get(table, path, "channels", dict).items():
            where = (*path, "channels", key)
            if not key.isdigit() or int(key) >= 1024:
                raise self.fail(where, f"{key!r} is not a scanner channel number (0..1023)")
            spot, _ = self._target(where, key, target, spots, sensing=sensing, digital=False)
            label = f"serial/{int(key)}"
            wiring.add(where, target, spot, None, label=label)
            channels.append(SerialChannelSpec(int(key), label, spot))
        return SerialScannerSpec(url, baudrate, tuple(sorted(channels, key=lambda c: c.channel)))
