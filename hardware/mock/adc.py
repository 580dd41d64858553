"""Register-level ADS7830 and ADS1115 models, fed with voltages from outside.

Each analog input is a callable giving volts (a Hall sensor, or the common
pin of a CD74HC4067 that passes on whichever sensor its select lines choose),
so the real drivers run against believable chips:

* ADS7830 (TI SBAS302): a write holds the command byte; the read that follows
  converts the input it names (the odd C2 C1 C0 order of single-ended inputs;
  with SD = 0 the differential pair, CH0-CH1 ... CH7-CH6, negative differences
  reading 0) against the internal 2.5 V reference (PD1 = 1) or the external
  one, as 8 bits, ``floor(V / Vref * 256)`` clipped to 0..255.
* ADS1115 (TI SBAS444): a pointer register selecting the conversion register,
  config (0x8583 at power-on), Lo_thresh (0x8000) and Hi_thresh (0x7FFF), all
  16 bits big-endian. Any config write is stored (the power-on word's
  differential AIN0-AIN1 too). Writing OS = 1 while powered down starts a
  single-shot conversion of the inputs MUX names (single-ended or differential)
  that completes 1/DR seconds later on the given clock (``slow`` stretches it, as
  a slow oscillator does: at the datasheet's -10 % limit, 1/0.9); until then OS
  reads 0 and the conversion register still holds the previous result. OS = 1
  written during a conversion has no effect: the running one finishes. Only
  single-shot mode is modelled; the comparator's settings are kept, not acted on.
"""

from __future__ import annotations

from collections.abc import Callable

from drivers.ads1115 import CONFIG, CONVERSION, DATA_RATES, FULL_SCALE, HI_THRESH, LO_THRESH
from engine.errors import KibanError

Volts = Callable[[], float]
_INPUT_OF_CODE = {0b000: 0, 0b100: 1, 0b001: 2, 0b101: 3, 0b010: 4, 0b110: 5, 0b011: 6, 0b111: 7}
_INPUT_OF_COMMAND = tuple(_INPUT_OF_CODE[command >> 4 & 0b111] for command in range(256))
# SD = 0: C2 C1 C0 name (+IN, -IN), CH0-CH1, CH2-CH3 ..., then the same pairs reversed.
_PAIR_OF_CODE = tuple(
    (2 * (code & 3) + (code >> 2), 2 * (code & 3) + 1 - (code >> 2)) for code in range(8)
)
_RATE_OF_CODE = {code: rate for rate, code in DATA_RATES.items()}
_SCALE_OF_CODE = {code: scale for scale, code in FULL_SCALE.items()}
_BYTES = tuple(bytes((code,)) for code in range(256))
# MUX codes 000-011: differential (positive input, negative input); 100-111 single-ended.
_DIFFERENTIAL = {0b000: (0, 1), 0b001: (0, 3), 0b010: (1, 3), 0b011: (2, 3)}


class UnsupportedAdcModeError(KibanError, RuntimeError):
    """The driver asked for something these models do not imitate."""


def _grounded() -> float:
    return 0.0


class ADS7830Model:
    __slots__ = ("command", "conversions", "external_reference", "inputs")

    def __init__(
        self, inputs: dict[int, Volts] | None = None, *, external_reference: float = 3.3
    ) -> None:
        self.inputs: dict[int, Volts] = dict(inputs or {})
        self.external_reference = external_reference
        self.command: int | None = None
        self.conversions = 0

    def write(self, data: bytes) -> None:
        if data:
            self.command = data[-1]

    def read(self, length: int) -> bytes:
        command = self.command
        if command is None:
            return bytes(length)  # no conversion asked for yet (a bus scan's probe)
        if command & 0x80:
            source = self.inputs.get(_INPUT_OF_COMMAND[command])
            volts = 0.0 if source is None else source()
        else:
            positive, negative = _PAIR_OF_CODE[command >> 4 & 0b111]
            volts = self.inputs.get(positive, _grounded)() - self.inputs.get(negative, _grounded)()
        code = int(volts / (2.5 if command & 0b1000 else self.external_reference) * 256)
        self.conversions += 1
        byte = _BYTES[0 if code < 0 else 255 if code > 255 else code]
        return byte if length == 1 else byte * length


class ADS1115Model:
    __slots__ = (
        "__dict__",
        "_pending",
        "_result",
        "clock",
        "config",
        "conversions",
        "early_reads",
        "inputs",
        "pointer",
        "slow",
        "thresholds",
    )

    def __init__(
        self,
        clock: Callable[[], float],
        inputs: dict[int, Volts] | None = None,
        *,
        slow: float = 1.0,
    ) -> None:
        self.clock = clock
        self.inputs: dict[int, Volts] = dict(inputs or {})
        self.slow = slow
        self.config = 0x0583  # bits 14-0 as written; OS is read from the converter's state
        self.thresholds = {LO_THRESH: 0x8000, HI_THRESH: 0x7FFF}
        self.pointer = 0
        self._result = 0
        self._pending: tuple[float, int] | None = None  # (done at, result)
        self.conversions = 0
        self.early_reads = 0

    def _finish(self) -> None:
        if self._pending is not None and self.clock() >= self._pending[0]:
            self._result = self._pending[1]
            self._pending = None

    def write(self, data: bytes) -> None:
        if not data:
            return
        if data[0] > 3:
            raise UnsupportedAdcModeError(f"ADS1115 has no register {data[0]}")
        self.pointer = data[0]
        if len(data) < 3:
            return
        value = data[1] << 8 | data[2]
        if self.pointer == CONFIG:
            self._configure(value)
        elif self.pointer in self.thresholds:
            self.thresholds[self.pointer] = value

    def _configure(self, value: int) -> None:
        self._finish()
        if not value & 0x0100:
            raise UnsupportedAdcModeError("continuous conversion mode is not modelled")
        self.config = value & 0x7FFF
        if value & 0x8000 and self._pending is None:  # no effect while converting
            rate = _RATE_OF_CODE[(value >> 5) & 0b111]
            self._pending = (self.clock() + self.slow / rate, self._convert(value))
            self.conversions += 1

    def _convert(self, config: int) -> int:
        """The code for the inputs MUX names, at the full scale PGA names."""
        mux = (config >> 12) & 0b111
        if mux >= 0b100:
            volts = self.inputs.get(mux - 0b100, _grounded)()
        else:
            positive, negative = _DIFFERENTIAL[mux]
            volts = self.inputs.get(positive, _grounded)() - self.inputs.get(negative, _grounded)()
        scale = _SCALE_OF_CODE.get((config >> 9) & 0b111, 0.256)
        return max(-32768, min(32767, round(volts / scale * 32768)))

    def read(self, length: int) -> bytes:
        self._finish()
        if self.pointer == CONVERSION:
            if self._pending is not None:
                self.early_reads += 1
            value = self._result & 0xFFFF
        elif self.pointer == CONFIG:
            value = self.config | (0 if self._pending is not None else 0x8000)
        else:
            value = self.thresholds[self.pointer]
        word = value.to_bytes(2, "big")
        return word if length == 2 else (word * (length // 2 + 1))[:length]
