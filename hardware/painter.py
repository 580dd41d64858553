"""Spot colours to pixels: the only place that knows which LED lights which spot."""

from __future__ import annotations

from collections.abc import Mapping

from drivers.led_strip import OFF, Colour, LedStrip
from engine.physical import Spot
from hardware.profile import LedSpec


class LedPainter:
    """Paints spot and indicator colours onto the strip, writing only when they change.

    Spots are painted in the mapping's order, so where several spots share an LED
    (corner layouts) the later, more important colour wins; the legend orders
    them by importance.
    """

    def __init__(self, strip: LedStrip, spec: LedSpec, brightness: float | None = None) -> None:
        if strip.count != spec.count:
            raise ValueError(f"strip has {strip.count} LEDs, profile says {spec.count}")
        self.strip = strip
        self.brightness = spec.brightness if brightness is None else brightness
        self._spot_leds = dict(spec.spots)
        self._indicator_leds = dict(spec.indicators)
        self.pixels: tuple[Colour, ...] = (OFF,) * spec.count

    @property
    def indicators(self) -> frozenset[str]:
        return frozenset(self._indicator_leds)

    def leds_of(self, spot: Spot) -> tuple[int, ...]:
        return self._spot_leds.get(spot, ())

    def compose(
        self, spots: Mapping[Spot, Colour], indicators: Mapping[str, Colour]
    ) -> tuple[Colour, ...]:
        """The pixels a view would show, at full brightness."""
        pixels = [OFF] * self.strip.count
        for spot, colour in spots.items():
            for led in self._spot_leds.get(spot, ()):
                pixels[led] = colour
        for name, colour in indicators.items():
            for led in self._indicator_leds.get(name, ()):
                pixels[led] = colour
        return tuple(pixels)

    def paint(self, spots: Mapping[Spot, Colour], indicators: Mapping[str, Colour]) -> bool:
        """Show a view; returns whether the strip was written."""
        pixels = self.compose(spots, indicators)
        self.pixels = pixels
        return self.strip.show([colour.scaled(self.brightness) for colour in pixels])

    def off(self) -> None:
        self.pixels = (OFF,) * self.strip.count
        self.strip.off()
