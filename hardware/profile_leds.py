"""The ``[leds]`` table of a profile: the strip's backend, its length, and the LEDs of each
spot (one per cell, on the cell corners, in rows, snaking or not, or listed) and of
each indicator."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.physical import Spot
from hardware.profile_base import ReaderBase
from hardware.toml_lines import KeyPath

COLOUR_ORDERS = ("RGB", "RBG", "GRB", "GBR", "BRG", "BGR")


@dataclass(frozen=True, slots=True)
class LedSpec:
    """The strip: its backend, its length, and the LEDs of each spot and indicator."""

    backend: str
    count: int
    spots: tuple[tuple[Spot, tuple[int, ...]], ...]
    indicators: tuple[tuple[str, tuple[int, ...]], ...] = ()
    gpio: int = 18
    brightness: float = 0.35
    frequency_hz: int = 800_000
    dma: int = 10
    invert: bool = False
    channel: int = 0
    order: str = "GRB"
    device: str = "/dev/leds0"
    rgbw: bool = False
    spi_bus: int = 0
    spi_device: int = 0
    spi_bits: int = 3


class LedReader(ReaderBase):
    def _leds(self, spots: frozenset[Spot], backends: Sequence[str]) -> LedSpec:
        """The ``[leds]`` table; ``backends`` are the names hardware/led_backends.py knows."""
        table = self._get(self.data, (), "leds", dict)
        path: KeyPath = ("leds",)
        self._only(
            table,
            path,
            (
                "backend",
                "count",
                "gpio",
                "brightness",
                "frequency_hz",
                "dma",
                "invert",
                "channel",
                "order",
                "device",
                "rgbw",
                "spi_bus",
                "spi_device",
                "spi_bits",
                "grid",
                "serpentine",
                "first",
                "corners",
                "spots",
                "indicators",
            ),
        )
        backend = self._get(table, path, "backend", str, "ws281x")
        if backend not in backends:
            raise self.fail(
                (*path, "backend"),
                f"LED backend {backend!r} is not one of {', '.join(backends)}",
            )
        count = self._get(table, path, "count", int)
        if not 1 <= count <= 4096:
            raise self.fail((*path, "count"), f"an LED count of {count} is outside 1..4096")
        brightness = self._get(table, path, "brightness", float, 0.35)
        if not 0.0 < brightness <= 1.0:
            raise self.fail((*path, "brightness"), f"brightness {brightness} is outside (0, 1]")
        spot_leds: dict[Spot, tuple[int, ...]] = {}
        written: dict[Spot, KeyPath] = {}  # where the LEDs of each spot were given
        if "grid" in table:
            spot_leds.update(self._grid(table, path, spots))
            written.update(dict.fromkeys(spot_leds, (*path, "grid")))
        for spot, value in self._get(table, path, "spots", dict, {}).items():
            if spot not in spots:
                raise self.fail((*path, "spots", spot), f"{spot!r} is not a spot of this game")
            spot_leds[spot] = self._indices((*path, "spots", spot), value)
            written[spot] = (*path, "spots", spot)
        shared = self._get(table, path, "corners", bool, False)
        indicators = {
            name: self._indices((*path, "indicators", name), value)
            for name, value in self._get(table, path, "indicators", dict, {}).items()
        }
        owner: dict[int, str] = {}
        for label, where, leds, may_share in (
            *((f"spot {s}", written[s], leds, shared) for s, leds in spot_leds.items()),
            *(
                (f"indicator {n}", (*path, "indicators", n), leds, False)
                for n, leds in indicators.items()
            ),
        ):
            for led in leds:
                if led >= count:
                    raise self.fail(where, f"LED {led} of {label} is beyond the strip of {count}")
                if led in owner and not (may_share and owner[led].startswith("spot")):
                    raise self.fail(where, f"LED {led} is used twice: {owner[led]} and {label}")
                owner.setdefault(led, label)
        order = self._get(table, path, "order", str, "GRB").upper()
        if order not in COLOUR_ORDERS:
            raise self.fail(
                (*path, "order"), f"colour order {order!r} is not one of {', '.join(COLOUR_ORDERS)}"
            )
        device = self._get(table, path, "device", str, "/dev/leds0")
        if not device.startswith("/dev/"):
            raise self.fail((*path, "device"), f"device {device!r} is not under /dev/")
        spi_bits = self._get(table, path, "spi_bits", int, 3)
        if spi_bits not in (3, 4):
            raise self.fail(
                (*path, "spi_bits"), f"spi_bits must be 3 (2.4 MHz) or 4 (3.2 MHz), not {spi_bits}"
            )
        return LedSpec(
            backend=backend,
            count=count,
            spots=tuple(spot_leds.items()),
            indicators=tuple(indicators.items()),
            gpio=self._get(table, path, "gpio", int, 18),
            brightness=brightness,
            frequency_hz=self._get(table, path, "frequency_hz", int, 800_000),
            dma=self._get(table, path, "dma", int, 10),
            invert=self._get(table, path, "invert", bool, False),
            channel=self._get(table, path, "channel", int, 0),
            order=order,
            device=device,
            rgbw=self._get(table, path, "rgbw", bool, False),
            spi_bus=self._in_range(table, path, "spi_bus", range(7), 0),
            spi_device=self._in_range(table, path, "spi_device", range(4), 0),
            spi_bits=spi_bits,
        )

    def _indices(self, where: KeyPath, value: Any) -> tuple[int, ...]:
        values = value if isinstance(value, list) else [value]
        if not values or not all(
            isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in values
        ):
            raise self.fail(where, f"LEDs must be an index or a list of indices, not {value!r}")
        return tuple(values)

    def _grid(
        self, table: Mapping[str, Any], path: KeyPath, spots: frozenset[Spot]
    ) -> dict[Spot, tuple[int, ...]]:
        """Spots laid out in rows; one LED per cell, or shared LEDs on the cell corners."""
        rows = self._get(table, path, "grid", list)
        serpentine = self._get(table, path, "serpentine", bool, False)
        first: int = self._get(table, path, "first", int, 0)
        corners = self._get(table, path, "corners", bool, False)
        width = len(rows[0]) if rows and isinstance(rows[0], list) else 0
        for row in rows:
            if (
                not isinstance(row, list)
                or len(row) != width
                or not all(isinstance(s, str) for s in row)
            ):
                raise self.fail(
                    (*path, "grid"), "grid must be rows of spot names, all of one length"
                )
            for spot in row:
                if spot != "-" and spot not in spots:
                    raise self.fail((*path, "grid"), f"{spot!r} is not a spot of this game")
        led_columns = width + 1 if corners else width

        def led(row: int, column: int) -> int:
            if serpentine and row % 2 == 1:
                column = led_columns - 1 - column
            return first + row * led_columns + column

        result: dict[Spot, tuple[int, ...]] = {}
        for r, row in enumerate(rows):
            for c, spot in enumerate(row):
                if spot == "-":
                    continue
                if corners:
                    result[spot] = (led(r, c), led(r, c + 1), led(r + 1, c), led(r + 1, c + 1))
                else:
                    result[spot] = (led(r, c),)
        return result
