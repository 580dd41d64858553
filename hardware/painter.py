"""Spot colours to pixels: the only place that knows which LED lights which spot."""

from __future__ import annotations

from collections.abc import Mapping

from drivers.led_strip import OFF, Colour, LedStrip
from engine.physical import Spot
from hardware.orientation import SpotTurn
from hardware.profile import LedSpec


class LedPainter:
    """Paints spot and indicator colours onto the strip, writing only when they change.

    Spots are painted in the mapping's order, so where several spots share an LED
    (corner layouts) the later, more important colour wins; the legend orders
    them by importance. When the board is turned (``orientation``, turned only by
    the session loop, on the thread that paints), a spot's colour goes to the LEDs
    of the spot across the half turn.
    """

    def __init__(
        self,
        strip: LedStrip,
        spec: LedSpec,
        brightness: float | None = None,
        orientation: SpotTurn | None = None,
    ) -> None:
        if strip.count != spec.count:
            raise ValueError(f"strip has {strip.count} LEDs, profile says {spec.count}")
        self.strip = strip
        self.brightness = spec.brightness if brightness is None else brightness
        self._spot_leds = dict(spec.spots)
        self._indicator_leds = dict(spec.indicators)
        self.orientation = orientation
        self.pixels: tuple[Colour, ...] = (OFF,) * spec.count
        self._painted = False  # the strip shows ``pixels`` (dimmed)
        self._dimmed: dict[Colour, Colour] = {}  # the few colours a legend uses, dimmed
        self._dimmed_at = self.brightness

    @property
    def indicators(self) -> frozenset[str]:
        return frozenset(self._indicator_leds)

    def leds_of(self, spot: Spot) -> tuple[int, ...]:
        """The LEDs that show the game's ``spot`` (across the half turn when turned)."""
        turn = self.orientation
        return self._spot_leds.get(spot if turn is None else turn.spot(spot), ())

    def leds_at(self, spot: Spot) -> tuple[int, ...]:
        """The LEDs under the board's own ``spot``, whatever the orientation."""
        return self._spot_leds.get(spot, ())

    def indicator_leds(self, name: str) -> tuple[int, ...]:
        turn = self.orientation
        return self._indicator_leds.get(name if turn is None else turn.indicator(name), ())

    def compose(
        self, spots: Mapping[Spot, Colour], indicators: Mapping[str, Colour]
    ) -> tuple[Colour, ...]:
        """The pixels a view would show, at full brightness."""
        pixels = [OFF] * self.strip.count
        turn = self.orientation  # leds_of and indicator_leds, inlined: every paint runs this
        spot_leds, indicator_leds = self._spot_leds, self._indicator_leds
        for spot, colour in spots.items():
            for led in spot_leds.get(spot if turn is None else turn.spot(spot), ()):
                pixels[led] = colour
        for name, colour in indicators.items():
            for led in indicator_leds.get(name if turn is None else turn.indicator(name), ()):
                pixels[led] = colour
        return tuple(pixels)

    def show_pixels(self, pixels: tuple[Colour, ...]) -> bool:
        """Show raw pixels (the doctor's LED test), dimmed like any frame."""
        self.pixels = pixels
        self._painted = True
        return self.strip.show(self._dim(pixels))

    def paint(self, spots: Mapping[Spot, Colour], indicators: Mapping[str, Colour]) -> bool:
        """Show a view; returns whether the strip was written."""
        pixels = self.compose(spots, indicators)
        if self._painted and pixels == self.pixels:
            return False  # most events change no LED: nothing to dim, nothing to write
        self.pixels = pixels
        self._painted = True
        return self.strip.show(self._dim(pixels))

    def _dim(self, pixels: tuple[Colour, ...]) -> list[Colour]:
        if self._dimmed_at != self.brightness:
            self._dimmed, self._dimmed_at = {}, self.brightness
        dimmed = self._dimmed
        try:
            return list(map(dimmed.__getitem__, pixels))  # in C: a frame is ~100 LEDs
        except KeyError:  # a colour not dimmed yet (a legend uses a few)
            for colour in set(pixels) - dimmed.keys():
                dimmed[colour] = colour.scaled(self.brightness)
            return list(map(dimmed.__getitem__, pixels))

    def off(self) -> None:
        self.pixels = (OFF,) * self.strip.count
        self._painted = True
        self.strip.off()
