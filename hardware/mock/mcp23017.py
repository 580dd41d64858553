"""A register-level MCP23017, so the real driver runs against a believable chip.

Modelled from the datasheet (DS20001952), IOCON.BANK = 0 only:

* 22 registers with their power-on values (IODIR 0xFF, everything else 0);
  IOCON answers at 0x0A and 0x0B; INTF and INTCAP are read-only.
* The address pointer: a write's first byte sets it; each byte read or written
  then moves it on, to the next address (SEQOP = 0, rolling over from 0x15 to
  0x00) or to the other register of the A/B pair (SEQOP = 1, byte mode).
* GPIO reads the pins: an input gives its level XOR IPOL, an output its OLAT
  bit. Writing GPIO writes OLAT.
* Pin levels come from outside (a reed switch pulls a pin to ground). An
  undriven input reads 1 only with its pull-up (GPPU) on; without it the pin
  floats and reads a seeded random bit, so a driver that forgets the
  pull-ups fails its tests, reproducibly.
* Interrupt-on-change (GPINTEN) against the previous value (INTCON = 0) or
  DEFVAL (INTCON = 1) sets INTF, latches INTCAP and asserts INTA/INTB
  (tied together with IOCON.MIRROR). Reading GPIO or INTCAP of the port clears
  it; a DEFVAL mismatch that persists raises it again at once.
* GPA7/GPB7 are output-only in current datasheets: writing IODIR with bit 7
  set is accepted (old silicon did) but counted in ``erratum_violations``.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from drivers.mcp23017 import REGISTER_COUNT, Iocon, Register
from engine.errors import KibanError

PORTS = ("A", "B")
READ_ONLY = frozenset({Register.INTFA, Register.INTFB, Register.INTCAPA, Register.INTCAPB})
# Registers with an A and a B copy, by the A address; IOCON is one register.
_PAIRED = frozenset(range(REGISTER_COUNT)) - {Register.IOCON, Register.IOCON_ALIAS}
# Plain ints for what every read byte consults (IntFlag arithmetic is slow).
_IOCON = int(Register.IOCON)
_SEQOP = int(Iocon.SEQOP)
_GPIOA = int(Register.GPIOA)
_GPIOB = int(Register.GPIOB)
_INTCAPA = int(Register.INTCAPA)
_INTCAPB = int(Register.INTCAPB)
_IODIRA = int(Register.IODIRA)
_IPOLA = int(Register.IPOLA)
_GPPUA = int(Register.GPPUA)
_OLATA = int(Register.OLATA)

InterruptCallback = Callable[[str, bool], None]


class UnsupportedModeError(KibanError, RuntimeError):
    """The driver asked for something this model does not imitate (IOCON.BANK = 1)."""


class MCP23017Model:
    """One chip; attach it to a ``SimulatedI2CBus`` at its address.

    ``on_interrupt(output, asserted)`` is called whenever INTA or INTB changes
    (``output`` is ``"INTA"`` or ``"INTB"``), which is how tests wire the chip
    to a GPIO pin.
    """

    def __init__(self, *, seed: int = 0, on_interrupt: InterruptCallback | None = None) -> None:
        self._random = random.Random(seed)
        self.on_interrupt = on_interrupt
        self._driven: list[int | None] = [None] * 16
        # The same, by port: the pins something drives, and those it drives high.
        self._driven_mask = [0, 0]
        self._driven_high = [0, 0]
        self._asserted = {"INTA": False, "INTB": False}
        self.erratum_violations = 0
        self.reset()

    # -- power-on reset ----------------------------------------------------

    def reset(self) -> None:
        """The state after power-on or a pulse on RESET (pins stay as driven)."""
        self._settled_read: bytes | None = None  # see ``read``
        self._registers = bytearray(REGISTER_COUNT)
        self._registers[Register.IODIRA] = 0xFF
        self._registers[Register.IODIRB] = 0xFF
        self._pointer = 0
        self._pending = [False, False]
        self._reference = [self._port_levels(0), self._port_levels(1)]
        self._update_outputs()

    # -- inspection, without side effects ----------------------------------

    def register(self, address: int) -> int:
        """A register's stored value, as a test peeks at it (GPIO: what a read returns)."""
        if address in (Register.GPIOA, Register.GPIOB):
            return self._gpio(address - Register.GPIOA, self._port_levels(address - Register.GPIOA))
        return self._registers[address]

    @property
    def pointer(self) -> int:
        return self._pointer

    @property
    def iocon(self) -> Iocon:
        return Iocon(self._registers[Register.IOCON])

    def port_value(self, register_a: Register) -> int:
        """A register pair as a 16-bit value, port A in the low byte."""
        return self._registers[register_a] | (self._registers[register_a + 1] << 8)

    @property
    def inta(self) -> bool:
        """Whether INTA is asserted (electrically low when ODR or INTPOL = 0)."""
        return self._asserted["INTA"]

    @property
    def intb(self) -> bool:
        return self._asserted["INTB"]

    # -- the outside world -------------------------------------------------

    def drive_low(self, pin: int) -> None:
        """A reed switch closes: the pin is pulled to ground."""
        self.set_pin(pin, 0)

    def release(self, pin: int) -> None:
        """Nothing drives the pin: it reads its pull-up, or floats without one."""
        self._check_pin(pin)
        self._drive(pin, None)

    def set_pin(self, pin: int, level: int) -> None:
        """Something drives the pin to ``level`` (0 or 1), e.g. a Hall sensor's output."""
        self._check_pin(pin)
        if level not in (0, 1):
            raise ValueError(f"pin level {level} is not 0 or 1")
        self._drive(pin, level)

    def _drive(self, pin: int, level: int | None) -> None:
        self._settled_read = None
        self._driven[pin] = level
        port, mask = pin // 8, 1 << (pin % 8)
        self._driven_mask[port] &= ~mask
        self._driven_high[port] &= ~mask
        if level is not None:
            self._driven_mask[port] |= mask
            if level:
                self._driven_high[port] |= mask
        self._evaluate(port)

    def driven(self, pin: int) -> int | None:
        self._check_pin(pin)
        return self._driven[pin]

    # -- I2C device protocol -----------------------------------------------

    def write(self, data: bytes) -> None:
        """An I2C write: the register address, then data bytes from there on."""
        self._settled_read = None
        if not data:
            return
        if data[0] >= REGISTER_COUNT:
            raise ValueError(f"MCP23017 has no register 0x{data[0]:02x}")
        self._pointer = data[0]
        for value in data[1:]:
            self._write_register(self._pointer, value)
            self._advance()

    def read(self, length: int) -> bytes:
        """An I2C read: bytes from the address pointer on (reading moves the pointer as
        ``_advance`` does, and changes no IOCON)."""
        if length == 2 and self._pointer == _GPIOA and self._settled_read is not None:
            return self._settled_read
        registers = self._registers
        byte_mode = registers[_IOCON] & _SEQOP
        start = pointer = self._pointer
        out = bytearray(length)
        for index in range(length):
            out[index] = self._read_register(pointer)
            pointer = pointer ^ 1 if byte_mode else (pointer + 1) % REGISTER_COUNT
        self._pointer = pointer
        data = bytes(out)
        if length == 2 and start == _GPIOA and byte_mode and not any(self._pending):
            # The scan's read in byte mode: it left no interrupt to clear and the pointer
            # where it was, so until something changes the chip (a write, a pin, a
            # reset) the same read gives the same bytes, unless a pin floats.
            floating = any(
                registers[_IODIRA + port] & ~self._driven_mask[port] & ~registers[_GPPUA + port]
                for port in (0, 1)
            )
            if not floating:
                self._settled_read = data
        return data

    # -- registers ---------------------------------------------------------

    def _advance(self) -> None:
        if self._registers[_IOCON] & _SEQOP:
            self._pointer ^= 1  # byte mode with BANK = 0: toggle within the A/B pair
        else:
            self._pointer = (self._pointer + 1) % REGISTER_COUNT

    def _write_register(self, address: int, value: int) -> None:
        if address in READ_ONLY:
            return
        if address in (Register.IOCON, Register.IOCON_ALIAS):
            if value & Iocon.BANK:
                raise UnsupportedModeError(
                    "IOCON.BANK = 1 (registers grouped by port) is not modelled"
                )
            self._registers[Register.IOCON] = self._registers[Register.IOCON_ALIAS] = value & 0xFE
            self._update_outputs()
            return
        if address in (Register.GPIOA, Register.GPIOB):
            address += Register.OLATA - Register.GPIOA
        if address in (Register.IODIRA, Register.IODIRB) and value & 0x80:
            self.erratum_violations += 1
        self._registers[address] = value
        if address in _PAIRED:
            self._evaluate(address & 1)

    def _read_register(self, address: int) -> int:
        port = address & 1
        if address in (_GPIOA, _GPIOB):
            # ``_gpio`` of ``_port_levels``, written out: every scan reads this.
            registers = self._registers
            iodir = registers[_IODIRA + port]
            pull = registers[_GPPUA + port]
            olat = registers[_OLATA + port]
            driven = self._driven_mask[port]
            levels = self._driven_high[port] & iodir | pull & iodir & ~driven
            floating = iodir & ~driven & ~pull & 0xFF
            if floating:
                levels = self._port_levels(port)
            value = (levels ^ registers[_IPOLA + port]) & iodir | olat & ~iodir & 0xFF
            if self._pending[port]:
                self._clear_interrupt(port)
            return value
        value = self._registers[address]
        if address in (_INTCAPA, _INTCAPB):
            self._clear_interrupt(port)
        return value

    # -- pins --------------------------------------------------------------

    def _check_pin(self, pin: int) -> None:
        if not 0 <= pin < 16:
            raise ValueError(f"MCP23017 pin {pin} is not in 0-15")

    def _port_levels(self, port: int) -> int:
        """The electrical level of the port's eight pins: an output its latch, an input
        what drives it, else its pull-up, else (floating) a random bit, drawn pin by pin."""
        registers = self._registers
        iodir = registers[_IODIRA + port]
        pull = registers[_GPPUA + port]
        driven = self._driven_mask[port]
        levels = (
            registers[_OLATA + port] & ~iodir
            | self._driven_high[port] & iodir
            | pull & iodir & ~driven
        ) & 0xFF
        floating = iodir & ~driven & ~pull & 0xFF
        if floating:
            for bit in range(8):
                if floating >> bit & 1:
                    levels |= self._random.getrandbits(1) << bit
        return levels

    def _gpio(self, port: int, levels: int) -> int:
        registers = self._registers
        iodir = registers[_IODIRA + port]
        ipol = registers[_IPOLA + port]
        olat = registers[_OLATA + port]
        return ((levels ^ ipol) & iodir) | (olat & ~iodir & 0xFF)

    # -- interrupts --------------------------------------------------------

    def _evaluate(self, port: int) -> None:
        """Raise the port's interrupt if an enabled input differs from its reference."""
        if self._pending[port]:
            return  # later changes do not interrupt until this one is cleared
        levels = self._port_levels(port)
        iodir = self._registers[Register.IODIRA + port]
        enabled = self._registers[Register.GPINTENA + port] & iodir
        intcon = self._registers[Register.INTCONA + port]
        defval = self._registers[Register.DEFVALA + port]
        changed = enabled & (
            (levels ^ self._reference[port]) & ~intcon | (levels ^ defval) & intcon
        )
        # The previous value a pin is compared with is the level it had at the last
        # evaluation, reset when an interrupt is latched and when it is cleared.
        self._reference[port] = levels
        if not changed:
            return
        self._registers[Register.INTFA + port] = changed
        self._registers[Register.INTCAPA + port] = self._gpio(port, levels)
        self._pending[port] = True
        self._update_outputs()

    def _clear_interrupt(self, port: int) -> None:
        if not self._pending[port]:
            return
        self._pending[port] = False
        self._registers[Register.INTFA + port] = 0
        self._reference[port] = self._port_levels(port)
        self._update_outputs()
        # Only a DEFVAL mismatch that still exists raises the interrupt again.
        self._evaluate(port)

    def _update_outputs(self) -> None:
        mirror = bool(self._registers[Register.IOCON] & Iocon.MIRROR)
        either = self._pending[0] or self._pending[1]
        state = {
            "INTA": either if mirror else self._pending[0],
            "INTB": either if mirror else self._pending[1],
        }
        for output, asserted in state.items():
            if self._asserted[output] != asserted:
                self._asserted[output] = asserted
                if self.on_interrupt is not None:
                    self.on_interrupt(output, asserted)


class SharedInterruptLine:
    """The INT outputs of several chips wired to one GPIO with a pull-up.

    Open-drain outputs (IOCON.ODR) pull the line low while any chip asserts;
    ``drive_low``/``drive_high`` move the GPIO, e.g. a gpiozero ``MockPin``'s.
    """

    def __init__(self, drive_low: Callable[[], None], drive_high: Callable[[], None]) -> None:
        self._drive_low = drive_low
        self._drive_high = drive_high
        self._holding: set[tuple[int, str]] = set()

    @property
    def low(self) -> bool:
        return bool(self._holding)

    def connect(self, model: MCP23017Model, output: str = "INTA") -> None:
        """Wire ``output`` of ``model`` to the line (replacing its ``on_interrupt``)."""

        def changed(name: str, asserted: bool) -> None:
            if name != output:
                return
            was_low = self.low
            key = (id(model), name)
            if asserted and not model.iocon & Iocon.ODR:
                raise AssertionError("a push-pull INT output would fight the other chips")
            if asserted:
                self._holding.add(key)
            else:
                self._holding.discard(key)
            if self.low and not was_low:
                self._drive_low()
            elif was_low and not self.low:
                self._drive_high()

        model.on_interrupt = changed
