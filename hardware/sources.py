"""Sensor sources: what the scanner reads, whatever the chips behind them.

A ``SensorSource`` knows its channels (a label for people, the spot, the pole
for half of a digital polarity pair) and returns one value per channel per
``sample()``, reading with the fewest bus transactions its chips allow. Each
family of chips has its source in its front end (hardware/frontends/): the
MCP23017s of a bus segment in as few I2C transactions as the host's adapter runs
(one combined transaction, or one a chip on a Raspberry Pi), analog Hall sensors
on ADCs behind CD74HC4067s, a 74HC165 chain in one SPI read, the image a scanner
microcontroller keeps sending.

A value is 1 for an active digital channel (a closed switch, or the pole its
half of a pair answers to), else the reading itself (0 empty, 1 north or
present, 2 south). A source that cannot read raises ``BusError`` naming the
chip, and the scanner builds no frame from the others.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from engine.physical import Reading, Spot


@dataclass(frozen=True, slots=True)
class SourceChannel:
    """A channel as the scanner maps it and the doctor names it."""

    label: str
    spot: Spot
    pole: Reading | None = None


@runtime_checkable
class LossySource(Protocol):
    """A source that knows when readings were lost on their way (a scanner's damaged or
    missing frames): a change may have come and gone unseen."""

    @property
    def gaps(self) -> int: ...


class SensorSource(Protocol):
    """A front end's reader: its channels, and one value per channel per sample."""

    @property
    def name(self) -> str: ...

    @property
    def channels(self) -> tuple[SourceChannel, ...]: ...

    def sample(self) -> Sequence[int]: ...
