"""Analog Hall sensors: the ``[[ads7830]]``, ``[[ads1115]]`` and ``[[ads7138]]`` tables
of a profile and the front end that builds their sources. ADS7830s (8-bit), most
through CD74HC4067 analog multiplexers whose select lines are shared GPIOs, and
ADS1115s (16-bit) convert when asked (hardware/frontends/polled_adcs.py); ADS7138s
(12-bit) watch their own inputs and pull an ALERT line when one leaves its window
(hardware/frontends/alerting_adcs.py). Each family's code is imported by a board
that has it. Each sensor reads both poles itself; its level becomes a reading
through thresholds: the ADC's, or those ``kiban calibrate`` learned and wrote
beside the profile.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from hardware.calibration import Thresholds, calibration_path, load_calibration
from hardware.frontends.analog_specs import AdcSpec, AnalogChannelSpec, AnalogMuxSpec, AnalogSpec
from hardware.frontends.base import (
    GPIO_NUMBERS,
    Assembly,
    FrontEnd,
    SectionReader,
)
from hardware.frontends.books import I2CPlace
from hardware.sources import SensorSource
from hardware.toml_lines import KeyPath

ADC_ADDRESSES = {
    "ADS7830": range(0x48, 0x4C),
    "ADS1115": range(0x48, 0x4C),
    "ADS7138": range(0x10, 0x18),
}
CHIP_TABLES = (("ads7830", "ADS7830"), ("ads1115", "ADS1115"), ("ads7138", "ADS7138"))
_MUX_INPUT = re.compile(r"^I(\d{1,2})$")


class _Reader(SectionReader):
    def read(self) -> AnalogSpec | None:
        adcs = []
        for key, chip in CHIP_TABLES:
            for index, table in enumerate(self._table_list(key)):
                adcs.append(self._adc(chip, (key, index), table))
        return AnalogSpec(tuple(adcs)) if adcs else None

    def _adc(self, chip: str, path: KeyPath, table: Mapping[str, Any]) -> AdcSpec:
        eight_bit = chip == "ADS7830"
        alerting = chip == "ADS7138"
        extra = {"ADS7830": ("reference",), "ADS1115": ("full_scale", "data_rate")}.get(
            chip, ("alert_gpio",)
        )
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
                *(() if alerting else ("cd74hc4067",)),
            ),
        )
        place = self._place(table, path)
        address = self._get(table, path, "address", int)
        addresses = ADC_ADDRESSES[chip]
        if address not in addresses:
            raise self.fail(
                (*path, "address"),
                f"an {chip} address is 0x{addresses[0]:02x}..0x{addresses[-1]:02x}, "
                f"not 0x{address:02x}",
            )
        self.books.addresses.claim(place, address, f"{chip} 0x{address:02x}", (*path, "address"))
        inputs = 4 if chip == "ADS1115" else 8
        prefix = "CH" if eight_bit else "AIN"
        options: dict[str, Any] = {}
        if alerting:
            alert = self._gpio(table, path, "alert_gpio", None)
            if alert is not None:  # open-drain: the chips may share a line
                self.books.gpios.claim(
                    alert, "an ADS7138's ALERT line", (*path, "alert_gpio"), "alert"
                )
            options["alert_gpio"] = alert
            # Ratiometric 12 bits: the sensors rest at half of AVDD (2048); a pole moves
            # the reading by about an eighth of the range, as on the 8-bit board.
            default = Thresholds(north=2560, south=1536)
        elif eight_bit:
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
            spot, _ = self._target(where, name, target, digital=False)
            label = base + name
            self.books.wiring.add(where, target, spot, None, label=label)
            used_inputs[int(match.group(1))] = where
            direct.append(AnalogChannelSpec(label, spot, int(match.group(1))))
        analog_muxes = []
        for mux_index, mux_table in enumerate(self._get(table, path, "cd74hc4067", list, [])):
            mux_path: KeyPath = (*path, "cd74hc4067", mux_index)
            if not isinstance(mux_table, dict):
                raise self.fail(mux_path, f"each cd74hc4067 must be a table, not {mux_table!r}")
            analog_muxes.append(
                self._analog_mux(
                    mux_path,
                    mux_table,
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
        *,
        chip: str,
        prefix: str,
        inputs: int,
        base: str,
        used_inputs: dict[int, KeyPath],
    ) -> AnalogMuxSpec:
        gpios = self.books.gpios
        self._only(table, path, ("input", "select", "enable_gpio", "channels"))
        number = self._get(table, path, "input", int)
        if not 0 <= number < inputs:
            raise self.fail(
                (*path, "input"), f"input {number} is not an {chip} input (0..{inputs - 1})"
            )
        if number in used_inputs:
            raise self.fail(
                (*path, "input"), f"{prefix}{number} already has a sensor or a multiplexer on it"
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
            spot, _ = self._target(where, name, target, digital=False)
            label = f"{base}{prefix}{number}/{name}"
            self.books.wiring.add(where, target, spot, None, label=label)
            channels.append(AnalogChannelSpec(label, spot, number, int(match.group(1))))
        return AnalogMuxSpec(
            number, tuple(select), enable, tuple(sorted(channels, key=lambda c: c.mux_channel or 0))
        )


# --- the front end ---------------------------------------------------------------------------


class AnalogFrontEnd(FrontEnd[AnalogSpec]):
    tables = ("ads7830", "ads1115", "ads7138")
    part_type = AnalogSpec

    def read(self, reader: SectionReader) -> AnalogSpec | None:
        return _Reader.over(reader).read()

    def load_beside(self, part: AnalogSpec, profile_path: Path) -> AnalogSpec:
        """With the calibration ``kiban calibrate`` wrote beside the profile, if any."""
        path = calibration_path(profile_path)
        if not path.is_file():
            return part
        calibration = load_calibration(path, part.sensor_channels, str(profile_path))
        return dataclasses.replace(part, calibration=calibration, calibration_source=str(path))

    def build(self, part: AnalogSpec, assembly: Assembly) -> Sequence[SensorSource]:
        """One source for every ADS7830 and ADS1115 (the multiplexers' select lines are
        shared), one for every ADS7138 (they watch their inputs themselves)."""
        sources: list[SensorSource] = []
        polled = tuple(spec for spec in part.adcs if spec.chip != "ADS7138")
        if polled:  # each family's code imported by a board that has it
            from hardware.frontends.polled_adcs import build_polled

            sources.append(build_polled(part, polled, assembly))
        if len(polled) < len(part.adcs):
            from hardware.frontends.alerting_adcs import build_alerting

            sources.append(build_alerting(part, assembly))
        return sources

    def expected_chips(self, part: AnalogSpec) -> Iterable[tuple[I2CPlace, int, str]]:
        return [(adc.place, adc.address, adc.chip) for adc in part.adcs]


ANALOG = AnalogFrontEnd()
