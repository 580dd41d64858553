"""The MCP23017 16-bit I/O expander, one per sixteen sensor channels.

Register addresses and bits follow Microchip's datasheet (DS20001952) with
IOCON.BANK = 0, the power-on default: port A and port B registers are paired
(IODIRA 0x00, IODIRB 0x01, ...), so a two-byte sequential read of GPIOA also
returns GPIOB.

Scanning keeps the chip in byte mode (IOCON.SEQOP = 1): with BANK = 0 the
address pointer then toggles between the A and B registers of a pair after
each byte, so once it points at GPIOA a two-byte read leaves it there again and
every later scan is a plain read (address and two data bytes), with no register
write. The driver re-points (writes GPIOA to the pointer) whenever it cannot be
sure where the pointer is: before the first scan, after any failed transaction
(a glitch may have cut a read after an odd number of bytes), after anything
else it reads or writes, and every ``REPOINT_EVERY`` scans besides, which
heals a pointer some other program moved without the driver knowing.
Configuration writes run in sequential mode (SEQOP = 0), and byte mode is set
last. A scan is planned once for the bus's I2C adapter (drivers/i2c_adapters.py):
all chips in one combined transaction where the adapter allows it, else one
transaction per chip (a Raspberry Pi's adapter refuses a combined read of several
chips). Newer revisions of the datasheet declare GPA7 and GPB7 output-only; the
driver keeps both as outputs driven low and refuses them as inputs.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from ctypes import c_char, create_string_buffer, string_at
from dataclasses import dataclass
from enum import IntEnum, IntFlag
from functools import partial
from itertools import pairwise
from operator import attrgetter

from smbus2 import i2c_msg
from smbus2.smbus2 import I2C_M_RD

from drivers.errors import BusError
from drivers.i2c import I2CBus, prepare_rdwr
from drivers.i2c_adapters import STRICTEST, I2CAdapter
from drivers.retry import RetryPolicy, once

CHIP = "MCP23017"
CHANNELS = 16
ALL_CHANNELS = 0xFFFF

# GPA7 (bit 7) and GPB7 (bit 15): output-only since the 2022 datasheet revision.
OUTPUT_ONLY = (1 << 7) | (1 << 15)

# A chip's address is 0b0100 A2 A1 A0.
FIRST_ADDRESS = 0x20
LAST_ADDRESS = 0x27

# A scan re-points a chip even when the pointer should still be on GPIOA once in
# this many scans (about 1 s at 100 Hz): another program on the bus (i2cget)
# may have moved it without any error here. It costs under 1% of the bits.
REPOINT_EVERY = 128

_ON_GPIO = attrgetter("_on_gpio")  # a chip's pointer is known to be on GPIOA


class Register(IntEnum):
    """Register addresses with IOCON.BANK = 0 (A and B registers interleaved)."""

    IODIRA = 0x00
    IODIRB = 0x01
    IPOLA = 0x02
    IPOLB = 0x03
    GPINTENA = 0x04
    GPINTENB = 0x05
    DEFVALA = 0x06
    DEFVALB = 0x07
    INTCONA = 0x08
    INTCONB = 0x09
    IOCON = 0x0A
    IOCON_ALIAS = 0x0B  # the same IOCON register, reachable at both addresses
    GPPUA = 0x0C
    GPPUB = 0x0D
    INTFA = 0x0E
    INTFB = 0x0F
    INTCAPA = 0x10
    INTCAPB = 0x11
    GPIOA = 0x12
    GPIOB = 0x13
    OLATA = 0x14
    OLATB = 0x15


REGISTER_COUNT = 0x16


class Iocon(IntFlag):
    """IOCON bits (bit 0 is unimplemented and reads 0)."""

    BANK = 0x80  # 1: registers grouped by port (never used here)
    MIRROR = 0x40  # 1: INTA and INTB are tied, either port asserts both
    SEQOP = 0x20  # 1: byte mode (BANK = 0: the pointer toggles A/B); 0: auto-increment
    DISSLW = 0x10  # slew-rate control of SDA
    HAEN = 0x08  # hardware address enable (MCP23S17 only)
    ODR = 0x04  # 1: INT pins are open-drain (overrides INTPOL)
    INTPOL = 0x02  # 1: INT pins active-high when not open-drain


def pin_name(channel: int) -> str:
    """The datasheet name of a channel: 0-7 are GPA0-GPA7, 8-15 are GPB0-GPB7."""
    if not 0 <= channel < CHANNELS:
        raise ValueError(f"MCP23017 channel {channel} is not in 0-15")
    return f"GP{'AB'[channel // 8]}{channel % 8}"


def _split(mask: int) -> list[int]:
    """A 16-bit channel mask as the [port A, port B] byte pair."""
    return [mask & 0xFF, (mask >> 8) & 0xFF]


def _join(low: int, high: int) -> int:
    return (low & 0xFF) | ((high & 0xFF) << 8)


@dataclass(frozen=True, slots=True)
class InterruptCapture:
    """What a chip latched when it raised its interrupt.

    ``flags`` has a bit set for each channel that caused the interrupt (INTF);
    ``captured`` is the GPIO value at that instant (INTCAP), A in the low byte.
    Each port latches on its own: the byte of a port without flags still holds
    that port's previous capture. Reading them clears the chip's interrupt.
    """

    flags: int
    captured: int


class MCP23017:
    """One MCP23017 on a bus; every bus fault leaves it as a BusError naming the chip."""

    def __init__(
        self,
        bus: I2CBus,
        address: int,
        bus_name: str = "i2c-1",
        *,
        retry: RetryPolicy | None = None,
        adapter: I2CAdapter = STRICTEST,
    ) -> None:
        if not FIRST_ADDRESS <= address <= LAST_ADDRESS:
            raise ValueError(
                f"MCP23017 address 0x{address:02x} is outside 0x{FIRST_ADDRESS:02x}-"
                f"0x{LAST_ADDRESS:02x} (0x20 plus the A2 A1 A0 pins)"
            )
        self._bus = bus
        self._address = address
        self._bus_name = bus_name
        self.adapter = adapter
        """The I2C adapter of the bus: which combined transactions it runs."""
        self._inputs = 0
        self._interrupts = False
        self._retry = retry or once()
        self._byte_mode = False
        self._on_gpio = False  # the address pointer is known to be on GPIOA

    @property
    def pointed(self) -> bool:
        """Whether the next scan may read GPIOA/GPIOB without writing the pointer."""
        return self._byte_mode and self._on_gpio

    def lose_pointer(self) -> None:
        """Nobody knows where the pointer is now: the next read writes it first."""
        self._on_gpio = False

    def _pointer_at_gpio(self) -> None:
        """A two-byte read from GPIOA succeeded: in byte mode the pointer is back on it
        (an adapter that sends no read without its pointer re-points every scan)."""
        self._on_gpio = self._byte_mode and self.adapter.plain_reads

    @property
    def retry(self) -> RetryPolicy:
        """How bus calls that meet a glitch are repeated (no retries unless given)."""
        return self._retry

    @property
    def address(self) -> int:
        return self._address

    @property
    def bus(self) -> I2CBus:
        return self._bus

    @property
    def bus_name(self) -> str:
        return self._bus_name

    @property
    def inputs(self) -> int:
        """The channel mask last configured as sensor inputs."""
        return self._inputs

    @property
    def interrupts(self) -> bool:
        return self._interrupts

    def __repr__(self) -> str:
        return f"MCP23017(0x{self._address:02x} on {self._bus_name})"

    @contextmanager
    def bus_errors(self) -> Iterator[None]:
        """Translate an OSError raised by the bus into a BusError naming this chip."""
        try:
            yield
        except BusError:
            raise
        except OSError as exc:
            raise BusError(CHIP, self._bus_name, self._address, exc) from exc

    def configure(self, inputs: int, *, pull_ups: bool = True, interrupts: bool = False) -> None:
        """Make ``inputs`` sensor inputs; every other channel an output driven low.

        Outputs are latched low before the direction changes so no pin glitches
        high. With ``interrupts`` the chip raises one open-drain, active-low INT
        (INTA and INTB mirrored) on any change of an input, so several chips can
        share one GPIO line.
        """
        if not 0 <= inputs <= ALL_CHANNELS:
            raise ValueError(f"inputs mask 0x{inputs:x} is not a 16-bit mask")
        refused = [pin_name(bit) for bit in (7, 15) if inputs & (1 << bit)]
        if refused:
            raise ValueError(
                f"{' and '.join(refused)} of MCP23017 at 0x{self._address:02x} cannot be "
                "an input: the datasheet (2022 revision on) makes GPA7 and GPB7 output-only"
            )
        iocon = Iocon.MIRROR | Iocon.ODR if interrupts else Iocon(0)
        pull = inputs if pull_ups else 0
        address = self._address
        bus = self._bus
        run = self._retry.run
        self._byte_mode = False
        self._on_gpio = False
        with self.bus_errors():
            # IOCON first: SEQOP = 0 makes the block writes below auto-increment.
            run(lambda: bus.write_byte_data(address, Register.IOCON, int(iocon)))
            # Interrupts off (GPINTEN, DEFVAL, INTCON) while the pins change role.
            run(lambda: bus.write_i2c_block_data(address, Register.GPINTENA, [0] * 6))
            run(lambda: bus.write_i2c_block_data(address, Register.OLATA, [0, 0]))
            run(lambda: bus.write_i2c_block_data(address, Register.IODIRA, [*_split(inputs), 0, 0]))
            run(lambda: bus.write_i2c_block_data(address, Register.GPPUA, _split(pull)))
            if interrupts:
                # Enabled last, once the pull-ups hold the inputs: no spurious change.
                run(lambda: bus.write_i2c_block_data(address, Register.GPINTENA, _split(inputs)))
                # Reading INTCAP clears an interrupt latched before configuration.
                run(lambda: bus.read_i2c_block_data(address, Register.INTCAPA, 2))
            # Byte mode last: from now on the pointer toggles within a register pair.
            run(lambda: bus.write_byte_data(address, Register.IOCON, int(iocon | Iocon.SEQOP)))
        self._byte_mode = True
        self._inputs = inputs
        self._interrupts = interrupts

    def read_inputs(self) -> int:
        """GPIOA and GPIOB in one block read: A in the low byte, outputs read 0.

        An input reads 0 while its reed switch is closed (it pulls the pin to
        ground against the pull-up).
        """
        return self._read_inputs(self._retry)

    def _read_inputs(self, retry: RetryPolicy) -> int:
        self._on_gpio = False
        with self.bus_errors():
            data = retry.run(
                lambda: self._bus.read_i2c_block_data(self._address, Register.GPIOA, 2)
            )
        self._pointer_at_gpio()
        return _join(data[0], data[1])

    def closed(self, value: int) -> int:
        """The input channels that read low (a closed switch) in a ``read_inputs`` value."""
        return ~value & self._inputs

    def read_interrupt_capture(self) -> InterruptCapture:
        """INTF and INTCAP of both ports in one read; this clears the interrupt."""
        return self._read_capture(self._retry)

    def _read_capture(self, retry: RetryPolicy) -> InterruptCapture:
        # INTF and INTCAP are two register pairs: in byte mode each needs its own
        # pointer write (a four-byte read would give INTFA, INTFB, INTFA, INTFB).
        flags, captured = i2c_msg.read(self._address, 2), i2c_msg.read(self._address, 2)
        transactions = self.adapter.plan(self._capture_atoms(flags, captured))
        self._on_gpio = False
        with self.bus_errors():
            retry.run(lambda: _run_all(self._bus, transactions))
        data = string_at(flags.buf, 2) + string_at(captured.buf, 2)
        return InterruptCapture(_join(data[0], data[1]), _join(data[2], data[3]))

    def _capture_atoms(self, flags: i2c_msg, captured: i2c_msg) -> list[list[i2c_msg]]:
        """INTF, then INTCAP (whose read clears the interrupt): a pointer and a read each."""
        address = self._address
        return [
            [i2c_msg.write(address, [int(Register.INTFA)]), flags],
            [i2c_msg.write(address, [int(Register.INTCAPA)]), captured],
        ]


def _run_all(bus: I2CBus, transactions: list[list[i2c_msg]]) -> None:
    for messages in transactions:
        bus.i2c_rdwr(*messages)


class MCP23017Group:
    """The chips of one bus, scanned with as few I2C transactions as its adapter allows
    (one combined transaction, or one per chip on a Raspberry Pi), planned once.

    A failed transaction is tried again as the ``retry`` policy says (none by
    default); when every try fails, each chip is read once on its own, which
    names the chip that is silent (or finds that the glitch has passed).
    """

    def __init__(
        self, bus: I2CBus, chips: Sequence[MCP23017], *, retry: RetryPolicy | None = None
    ) -> None:
        addresses = [chip.address for chip in chips]
        if not chips:
            raise ValueError("an MCP23017 group needs at least one chip")
        if any(chip.bus is not bus for chip in chips):
            raise ValueError("every MCP23017 of a group must sit on the group's bus")
        if len(set(addresses)) != len(addresses):
            raise ValueError(f"MCP23017 addresses repeat in the group: {addresses}")
        if len({chip.adapter for chip in chips}) != 1:
            raise ValueError("the MCP23017 of a group sit on one bus: one adapter")
        self._bus = bus
        self._adapter = chips[0].adapter
        self._chips = tuple(chips)
        self._retry = retry or once()
        self._scans = 0
        # The messages of a scan, made once: each scan reuses them. Every chip's two
        # bytes land in one buffer, so a scan's reading is one bytes object.
        self._buffer = create_string_buffer(2 * len(self._chips))
        self._reads = tuple(
            i2c_msg(
                addr=chip.address,
                flags=I2C_M_RD,
                len=2,
                buf=(c_char * 2).from_buffer(self._buffer, 2 * index),
            )
            for index, chip in enumerate(self._chips)
        )
        self._pointings = tuple(
            i2c_msg.write(chip.address, [int(Register.GPIOA)]) for chip in self._chips
        )
        # Every pointer on GPIOA: a read a chip, in the fewest transactions the adapter
        # runs. Each transaction reads a group of chips (all, or one on a Raspberry Pi).
        # An SMBus-only adapter reads none without its pointer: a group a chip, re-pointed.
        if self._adapter.plain_reads:
            plan = self._adapter.plan([[read] for read in self._reads])
            self._plain_reads = tuple(prepare_rdwr(bus, *messages) for messages in plan)
        else:
            pairs = zip(self._pointings, self._reads, strict=True)
            plan = self._adapter.plan([[pointing, read] for pointing, read in pairs])
            self._plain_reads = ()
        starts = [0]
        for messages in plan:
            starts.append(starts[-1] + sum(1 for m in messages if m.flags & I2C_M_RD))
        self._groups = tuple(tuple(range(start, stop)) for start, stop in pairwise(starts))

    @property
    def chips(self) -> tuple[MCP23017, ...]:
        return self._chips

    @property
    def adapter(self) -> I2CAdapter:
        return self._adapter

    def read_all(self) -> dict[int, int]:
        """Every chip's GPIOA/GPIOB by address (A in the low byte), in one bus
        transaction (see ``read_raw``)."""
        raw = self.read_raw()
        return {
            chip.address: raw[2 * index] | raw[2 * index + 1] << 8
            for index, chip in enumerate(self._chips)
        }

    def read_raw(self) -> bytes:
        """GPIOA and GPIOB of every chip in turn, as the bus gave them, in the
        transactions planned for the adapter: two equal readings are equal bytes.

        A chip whose pointer is known to be on GPIOA is read with a plain read;
        the others get the pointer written first, in the same transaction. A
        failed transaction is tried again as the retry policy says (the others
        are not); when every try fails, each of its chips is read alone
        (re-pointed) so that the BusError names the chip that did not answer; if
        every chip answers then, the glitch has passed and those readings count.
        """
        self._scans += 1
        if self._scans % REPOINT_EVERY == 0:
            for chip in self._chips:
                chip.lose_pointer()
        # A chip on GPIOA is in byte mode (``_pointer_at_gpio``): a scan of a settled
        # board checks one flag a chip and sends the transactions made once.
        done = 0
        failure: OSError | None = None
        if all(map(_ON_GPIO, self._chips)):
            try:
                for transaction in self._plain_reads:
                    transaction()
                    done += 1
                return self._buffer.raw
            except OSError as error:
                failure = error
                for index in self._groups[done]:
                    self._chips[index].lose_pointer()
        for group in self._groups[done:]:
            try:
                if failure is not None:
                    self._retry.again(failure, partial(self._read_group, group))
                    failure = None
                else:
                    self._retry.run(partial(self._read_group, group))
            except OSError:
                self._read_alone(group)
        return self._buffer.raw

    def _read_group(self, group: tuple[int, ...]) -> None:
        """One try at the chips of one planned transaction: a failure leaves their
        pointers unknown, so a retry re-points them."""
        chips = [self._chips[index] for index in group]
        pointed = all(map(_ON_GPIO, chips))
        try:
            if pointed:
                self._plain_reads[self._groups.index(group)]()
            else:
                atoms = [
                    [self._reads[index]]
                    if self._chips[index].pointed
                    else [self._pointings[index], self._reads[index]]
                    for index in group
                ]
                _run_all(self._bus, self._adapter.plan(atoms))
        except BaseException:
            for chip in chips:
                chip.lose_pointer()
            raise
        for chip in chips:
            chip._pointer_at_gpio()

    def _read_alone(self, group: tuple[int, ...]) -> None:
        """Each chip of a group in a transaction of its own: the BusError names a silent one."""
        for index in group:
            value = self._chips[index]._read_inputs(once())
            self._buffer[2 * index] = bytes((value & 0xFF,))
            self._buffer[2 * index + 1] = bytes((value >> 8,))

    def read_interrupt_captures(self) -> dict[int, InterruptCapture]:
        """Every chip's INTF and INTCAP by address, in as few transactions as the adapter
        runs (one, where it allows a combined transaction of every chip).

        This clears the interrupt of every chip and leaves the pointers off
        GPIOA (the next scan re-points); a failed transaction falls back to
        one read per chip, as ``read_all`` does.
        """
        address_reads = [
            (i2c_msg.read(chip.address, 2), i2c_msg.read(chip.address, 2)) for chip in self._chips
        ]
        atoms: list[list[i2c_msg]] = []
        for chip, (flags, captured) in zip(self._chips, address_reads, strict=True):
            atoms += chip._capture_atoms(flags, captured)
            chip.lose_pointer()
        transactions = self._adapter.plan(atoms)
        try:
            self._retry.run(lambda: _run_all(self._bus, transactions))
        except OSError:
            return {chip.address: chip._read_capture(once()) for chip in self._chips}
        captures = {}
        for chip, (flags, captured) in zip(self._chips, address_reads, strict=True):
            data = string_at(flags.buf, 2) + string_at(captured.buf, 2)
            captures[chip.address] = InterruptCapture(
                _join(data[0], data[1]), _join(data[2], data[3])
            )
        return captures
