"""An RP2040 board for the firmware under MicroPython (this file runs there, not here).

``Board().install()`` puts stand-ins for ``machine`` (pins whose levels the test sets,
an SPI bus that shifts out the bytes of a 74HC165 chain), ``time`` (ticks the test
moves on, wrapping as MicroPython's do, with MicroPython's own ``ticks_diff``),
``select`` and ``sys`` (the USB serial port: what the firmware writes is kept, what
the host sends waits to be read) into ``sys.modules``; ``import main`` after it
loads the firmware on them.
"""

import sys
import time

TYPE_CHECKING = False  # CPython's checker reads this file too; MicroPython has no typing
if TYPE_CHECKING:
    from typing import Any

TICKS_PERIOD = time.ticks_add(0, -1) + 1  # type: ignore[attr-defined]  # MicroPython's own


class Namespace:
    """A module's or an object's stand-in, its names given as keywords."""

    def __init__(self, **names: "Any") -> None:
        for name, value in names.items():
            setattr(self, name, value)


def namespace(**names: "Any") -> "Any":
    """A stand-in for a module, with ``names`` (Any: the firmware reads what it needs)."""
    return Namespace(**names)


class Board:
    def __init__(self) -> None:
        self.now_ms = 0
        self.levels: dict[int, int] = {}  # pin number -> level; an input nobody pulls low reads 1
        self.chain = bytes([0xFF, 0xFF])  # what the 74HC165s shift out, check byte last
        self.sent = bytearray()
        self.pending = bytearray()

    def install(self) -> None:
        board = self

        class Pin:
            IN = 0
            OUT = 1
            PULL_UP = 1

            def __init__(
                self, number: int, mode: int = 0, pull: int | None = None, value: int | None = None
            ) -> None:
                self.number = number

            def value(self, level: int | None = None) -> int | None:
                if level is None:
                    return board.levels.get(self.number, 1)
                board.levels[self.number] = level
                return None

        class SPI:
            def __init__(self, *args: object, **kwargs: object) -> None:
                pass

            def readinto(self, buffer: bytearray) -> None:
                for index in range(len(buffer)):
                    buffer[index] = board.chain[index]

        class Poll:
            def register(self, stream: object, mask: int) -> None:
                pass

            def poll(self, timeout: int) -> list[int]:
                return [1] if board.pending else []

        def read(size: int) -> bytes:
            data = bytes(board.pending[:size])
            board.pending = board.pending[size:]
            return data

        def write(data: bytes) -> int:
            board.sent.extend(data)
            return len(data)

        machine = namespace(Pin=Pin, SPI=SPI)
        ticks = namespace(
            ticks_ms=lambda: board.now_ms % TICKS_PERIOD,
            ticks_diff=time.ticks_diff,  # type: ignore[attr-defined]
            sleep_ms=lambda ms: None,
        )
        select = namespace(poll=Poll, POLLIN=1)
        port = namespace(
            stdin=namespace(buffer=namespace(read=read)),
            stdout=namespace(buffer=namespace(write=write)),
        )
        sys.modules["machine"] = machine
        sys.modules["time"] = ticks
        sys.modules["select"] = select
        sys.modules["sys"] = port

    def take(self) -> str:
        """What the firmware sent since the last call, as hex."""
        sent = "".join(f"{byte:02x}" for byte in self.sent)  # (b"".hex() is b"" here)
        self.sent = bytearray()
        return sent
