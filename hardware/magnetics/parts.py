"""The sensors Kiban's builds use, with their figures and where each comes from.

**RRE R5 reed sensor, 12-17 AT.** Reed Relays and Electronics India publish the R5's
operate and release distances with eight standard NdFeB magnets (reed-sensor.com,
"Actuation Distances for R5 Ultra-miniature Reed Sensors": the magnet parallel to the
switch, brought square to it over its middle; tolerances +/-0.5 mm). The first-order
reed model (``sensing``: the field the blades gather, end to end) reproduces all 32
figures of the 12-17 AT band, operate and release, most and least sensitive, with blades
9.6 mm long and the thresholds below, 0.33 mm RMS (the worst the NDC-L rod's most
sensitive operate, 0.96 mm short), taking the magnets as N35 and the distances from the
magnet's face to the switch's axis; ``R5_TABLE`` holds the figures and
tests/hardware/magnetics/test_parts.py fits them again. The band's ends are 12 and 17
ampere-turns; the model's pull-in thresholds lie 1.57 apart where the ampere-turns lie
1.42 apart: the first order is no finer than that.

**Micronas HAL504** unipolar Hall switch (HAL501...HAL508 data sheet): B_ON 9.5-14.5 mT,
B_OFF 5-9 mT at 25 degrees C, the field square to the package's branded face.

**TI DRV5055A2** linear Hall sensor (data sheet SBAS640: 30 mV/mT at 3.3 V, the field
square to the package's face), read by the board's ADC against thresholds: the
profiles' uncalibrated ones lie 13.3 mT from the resting level; ``kiban calibrate`` moves
each channel's. The band is +/-10 % about it (an assumption: the sensitivity and
quiescent errors the data sheet allows, before calibration).
"""

from __future__ import annotations

from hardware.magnetics.sensing import Readout, SensorPart

R5_12_17 = SensorPart(
    "RRE R5 reed sensor, 12-17 AT",
    Readout.REED,
    operate=(3.93, 6.16),
    release=(3.51, 6.16),
    length_mm=9.6,
)

HAL504 = SensorPart(
    "Micronas HAL504 unipolar Hall switch",
    Readout.UNIPOLAR,
    operate=(9.5, 14.5),
    release=(5.0, 9.0),
)

DRV5055A2 = SensorPart(
    "TI DRV5055A2 linear Hall sensor",
    Readout.LINEAR,
    operate=(12.0, 14.6),
    release=(12.0, 14.6),
)

PARTS: dict[str, SensorPart] = {"R5": R5_12_17, "HAL504": HAL504, "DRV5055A2": DRV5055A2}
"""The parts a profile may name (``[sensors.sensor] part``)."""

R5_TABLE: dict[str, tuple[tuple[float, float], tuple[float, float]]] = {
    "NDR-T": ((2.0, 3.0), (2.0, 3.5)),
    "NDR-S": ((5.0, 6.5), (5.0, 7.0)),
    "NDR-M": ((7.0, 9.0), (7.0, 9.5)),
    "NDR-L": ((11.0, 15.0), (11.0, 15.5)),
    "NDC-T": ((2.5, 3.5), (2.5, 4.0)),
    "NDC-S": ((5.5, 7.5), (5.5, 8.0)),
    "NDC-M": ((9.0, 11.0), (9.0, 11.5)),
    "NDC-L": ((17.5, 22.0), (17.5, 22.5)),
}
"""The R5's published distances, 12-17 AT band: each magnet's (operate from, to) and
(release from, to) in mm, the least sensitive switch first."""
