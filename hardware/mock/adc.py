"""Register-level ADS7830 and ADS1115 models, fed with voltages from outside.

Each analog input is a callable giving volts (a Hall sensor, or the common
pin of a CD74HC4067 that passes on whichever sensor its select lines choose),
so the real drivers run against believable chips:

* ADS7830 (TI SBAS302): a write holds the command byte; the read that follows
  converts the input it names (the odd C2 C1 C0 order of single-ended inputs)
  against the internal 2.5 V reference (PD1 = 1) or the external one, as 8
  bits, ``floor(V / Vref * 256)`` clipped to 0..255.
* ADS1115 (TI SBAS444): a pointer register; config (0x8583 at power-on) and
  conversion registers, big-endian. Writing config with OS = 1 starts a
  single-shot conversion that completes 1/DR seconds later on the given
  clock (``slow`` stretches it, as a slow oscillator does); until then OS
  reads 0 and the conversion register still holds the previous result.
  Only single-ended inputs and single-shot mode are modelled.
"""

from __future__ import annotations

from collections.abc import Callable

from drivers.ads1115 import CONFIG, CONVERSION, DATA_RATES, FULL_SCALE
from engine.errors import KibanError

Volts = Callable[[], float]
_INPUT_OF_CODE = {0b000: 0, 0b100: 1, 0b001: 2, 0b101: 3, 0b010: 4, 0b110: 5, 0b011: 6, 0b111: 7}
_INPUT_OF_COMMAND = tuple(_INPUT_OF_CODE[command >> 4 & 0b111] for command in range(256))
_RATE_OF_CODE = {code: rate for rate, code in DATA_RATES.items()}
_SCALE_OF_CODE = {code: scale for scale, code in FULL_SCALE.items()}
_BYTES = tuple(bytes((code,)) for code in range(256))


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
        if not command & 0x80:
            raise UnsupportedAdcModeError("differential inputs (SD = 0) are not modelled")
        source = self.inputs.get(_INPUT_OF_COMMAND[command])
        volts = 0.0 if source is None else source()
        code = int(volts / (2.5 if command & 0b1000 else self.external_reference) * 256)
        self.conversions += 1
        byte = _BYTES[0 if code < 0 else 255 if code > 255 else code]
        return byte if length == 1 else byte * length


class ADS1115Model:
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
        self.config = 0x8583
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

    def _configure(self, value: int) -> None:
        self._finish()
        mux = (value >> 12) & 0b111
        if mux < 0b100:
            raise UnsupportedAdcModeError("differential inputs are not modelled")
        if not value & 0x0100:
            raise UnsupportedAdcModeError("continuous conversion mode is not modelled")
        self.config = value & 0x7FFF
        if value & 0x8000:
            channel = mux - 0b100
            scale = _SCALE_OF_CODE.get((value >> 9) & 0b111, 0.256)
            rate = _RATE_OF_CODE[(value >> 5) & 0b111]
            volts = self.inputs.get(channel, _grounded)()
            code = max(-32768, min(32767, round(volts / scale * 32768)))
            self._pending = (self.clock() + self.slow / rate, code)
            self.conversions += 1

    def read(self, length: int) -> bytes:
        self._finish()
        if self.pointer == CONVERSION:
            if self._pending is not None:
                self.early_reads += 1
            value = self._result & 0xFFFF
        elif self.pointer == CONFIG:
            value = self.config | (0 if self._pending is not None else 0x8000)
        else:
            value = 0
        word = bytes([value >> 8, value & 0xFF])
        return (word * (length // 2 + 1))[:length]
