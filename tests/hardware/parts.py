"""A profile's front-end parts as the tests read them: empty when the profile has none."""

from __future__ import annotations

from hardware.frontends.analog_specs import AdcSpec, AnalogSpec
from hardware.frontends.expanders import ExpanderSpec, ExpandersSpec
from hardware.frontends.i2c_muxes import I2CMuxesSpec, MuxSpec
from hardware.frontends.serial_scanner import SerialScannerSpec
from hardware.frontends.shift_registers import ShiftRegisterSpec, ShiftRegistersSpec
from hardware.profile import Profile


def expanders(profile: Profile) -> tuple[ExpanderSpec, ...]:
    part = profile.part(ExpandersSpec)
    return () if part is None else part.chips


def muxes(profile: Profile) -> tuple[MuxSpec, ...]:
    part = profile.part(I2CMuxesSpec)
    return () if part is None else part.muxes


def adcs(profile: Profile) -> tuple[AdcSpec, ...]:
    part = profile.part(AnalogSpec)
    return () if part is None else part.adcs


def analog(profile: Profile) -> AnalogSpec:
    part = profile.part(AnalogSpec)
    assert part is not None, f"{profile.source} has no analog sensors"
    return part


def chains(profile: Profile) -> tuple[ShiftRegisterSpec, ...]:
    part = profile.part(ShiftRegistersSpec)
    return () if part is None else part.chains


def serial_scanner(profile: Profile) -> SerialScannerSpec | None:
    return profile.part(SerialScannerSpec)
