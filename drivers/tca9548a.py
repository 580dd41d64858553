"""The TCA9548A I2C multiplexer: eight downstream buses (segments) behind one address.

The chip has one control register, written as a single byte with no register
address; bit n connects segment n. The new selection takes effect at the STOP
that ends the write, so selecting cannot share a combined (repeated-start)
transaction with the reads that follow: it is a transaction of its own.

``MuxTree`` hands out one bus-like ``MuxSegment`` per channel. A segment selects
its channel before each call, unless the multiplexer is already known to have
it selected, so scanning the chips of one segment costs one select, and a board
whose chips all sit on one segment selects once, ever. When several
multiplexers share a bus, a segment first closes the others' channels, so that
two chips at one address on different multiplexers never answer together.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from smbus2 import i2c_msg

from drivers.errors import BusError
from drivers.i2c import I2CBus, Transaction, prepare_rdwr

CHIP = "TCA9548A"
FIRST_ADDRESS = 0x70
LAST_ADDRESS = 0x77
CHANNELS = 8


class TCA9548A:
    """One multiplexer; ``selected`` caches the control register (None: unknown)."""

    def __init__(self, bus: I2CBus, address: int = FIRST_ADDRESS, bus_name: str = "i2c-1") -> None:
        if not FIRST_ADDRESS <= address <= LAST_ADDRESS:
            raise ValueError(
                f"TCA9548A address 0x{address:02x} is outside 0x70-0x77 (0x70 plus A2 A1 A0)"
            )
        self.bus = bus
        self.address = address
        self.bus_name = bus_name
        self.selected: int | None = None
        self.selects = 0

    def __repr__(self) -> str:
        return f"TCA9548A(0x{self.address:02x} on {self.bus_name})"

    def select_mask(self, mask: int) -> None:
        """Write the control register (one byte, one transaction); a failure names the mux.

        After a failure the selection is unknown, so the next use selects again.
        """
        if not 0 <= mask <= 0xFF:
            raise ValueError(f"channel mask 0x{mask:x} is not a byte")
        self.selected = None
        try:
            self.bus.write_byte(self.address, mask)
        except OSError as error:
            raise BusError(CHIP, self.bus_name, self.address, error) from error
        self.selects += 1
        self.selected = mask

    def select(self, channel: int) -> None:
        if not 0 <= channel < CHANNELS:
            raise ValueError(f"TCA9548A channel {channel} is not in 0-7")
        self.select_mask(1 << channel)

    def read_selection(self) -> int:
        """The control register as the chip reports it."""
        try:
            return self.bus.read_byte(self.address)
        except OSError as error:
            raise BusError(CHIP, self.bus_name, self.address, error) from error


class MuxTree:
    """The multiplexers of one bus and the segments behind them."""

    def __init__(self, bus: I2CBus, bus_name: str, addresses: Iterable[int]) -> None:
        self.bus = bus
        self.bus_name = bus_name
        self.muxes = {address: TCA9548A(bus, address, bus_name) for address in addresses}
        self._segments: dict[tuple[int, int], MuxSegment] = {}

    def segment(self, address: int, channel: int) -> MuxSegment:
        """The bus behind channel ``channel`` of the multiplexer at ``address``."""
        if address not in self.muxes:
            raise KeyError(f"no TCA9548A at 0x{address:02x} on {self.bus_name}")
        if not 0 <= channel < CHANNELS:
            raise ValueError(f"TCA9548A channel {channel} is not in 0-7")
        key = (address, channel)
        if key not in self._segments:
            self._segments[key] = MuxSegment(self, address, channel)
        return self._segments[key]

    def route(self, address: int, channel: int) -> None:
        """Make segment (address, channel) the only one connected."""
        for other in self.muxes.values():
            if other.address != address and other.selected != 0:
                other.select_mask(0)
        mux = self.muxes[address]
        if mux.selected != 1 << channel:
            mux.select(channel)

    def forget(self) -> None:
        """After a bus fault nobody knows what is selected: select again next time."""
        for mux in self.muxes.values():
            mux.selected = None

    def close_all(self) -> None:
        """Disconnect every segment (the bus scan looks at the bus alone first)."""
        for mux in self.muxes.values():
            mux.select_mask(0)

    @property
    def selects(self) -> int:
        return sum(mux.selects for mux in self.muxes.values())


class MuxSegment:
    """An ``I2CBus`` for the chips behind one channel: it routes, then calls the bus."""

    def __init__(self, tree: MuxTree, address: int, channel: int) -> None:
        self.tree = tree
        self.mux_address = address
        self.channel = channel
        self.name = f"{tree.bus_name}/0x{address:02x}.{channel}"

    def __repr__(self) -> str:
        return f"MuxSegment({self.name})"

    def _call(self, method: str, *args: Any) -> Any:
        self.tree.route(self.mux_address, self.channel)
        try:
            return getattr(self.tree.bus, method)(*args)
        except OSError:
            self.tree.forget()  # a reset mux closes its channels: check again next time
            raise

    def read_byte(self, i2c_addr: int, force: bool | None = None) -> int:
        return int(self._call("read_byte", i2c_addr))

    def write_byte(self, i2c_addr: int, value: int, force: bool | None = None) -> None:
        self._call("write_byte", i2c_addr, value)

    def read_byte_data(self, i2c_addr: int, register: int, force: bool | None = None) -> int:
        return int(self._call("read_byte_data", i2c_addr, register))

    def write_byte_data(
        self, i2c_addr: int, register: int, value: int, force: bool | None = None
    ) -> None:
        self._call("write_byte_data", i2c_addr, register, value)

    def read_i2c_block_data(
        self, i2c_addr: int, register: int, length: int, force: bool | None = None
    ) -> list[int]:
        return list(self._call("read_i2c_block_data", i2c_addr, register, length))

    def write_i2c_block_data(
        self, i2c_addr: int, register: int, data: list[int], force: bool | None = None
    ) -> None:
        self._call("write_i2c_block_data", i2c_addr, register, data)

    def i2c_rdwr(self, *i2c_msgs: i2c_msg) -> None:
        self._call("i2c_rdwr", *i2c_msgs)

    def prepare_rdwr(self, *i2c_msgs: i2c_msg) -> Transaction:
        """The transaction prepared on the bus, run after routing to this segment."""
        transaction = prepare_rdwr(self.tree.bus, *i2c_msgs)

        def routed() -> None:
            self.tree.route(self.mux_address, self.channel)
            try:
                transaction()
            except OSError:
                self.tree.forget()
                raise

        return routed

    def close(self) -> None:
        """The segment is part of its bus: closing the bus closes it."""
