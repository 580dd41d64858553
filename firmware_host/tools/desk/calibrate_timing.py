"""``kiban calibrate --timing``: measure how the board's sensors blur a moving piece.

The recognizer trusts the order of a piece's landing and its departure only when they
lie further apart than the board's sensors can blur them: a piece slid or rolled from a
cell to the next reads on both for a while when the sensors reach further than the
pitch, and on neither when they fall short of it. A profile's ``[sensors]`` table gives
these times from data sheet figures; this step measures them on the board as built:

1. the cells of a straight line are lit, and the player is asked to put a piece on the
   first one and slide or roll it, slowly and without lifting it, to the last one and
   back, as slowly as anyone plays (the slowest hand blurs longest);
2. every change of the line's cells is timed as the scanner reads it (debounced, as the
   recognizer sees it);
3. ``hardware.sensor_timing.measure_blur`` gives the longest overlap and gap, and they
   are written into the profile's ``[sensors]`` table as ``overlap_ms`` and ``gap_ms``.

A slide the board did not see whole (a step never crossed) measures nothing and writes
nothing; a profile that would not load with the new figures is not written either, and
the profile is replaced in one step (``replace_text``), never rewritten in place.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from importlib import resources
from pathlib import Path

from engine.physical import EMPTY
from firmware_host.store.replacing import replace_text
from firmware_host.telling.legend import DEFAULT_PALETTE, Meaning, Palette
from firmware_host.tools.desk.workbench import Ask, Bench
from hardware.profile import parse_profile
from hardware.profile_base import read_text
from hardware.profile_sensors import with_measured
from hardware.sensor_timing import Blur, TimedReading, line_of_cells, measure_blur

CELLS = 4  # the line a piece is slid along: three steps between neighbours


SCAN_MARGIN_MS = 20.0
"""What a measured overlap may exceed the build's by before it says so: two scans."""


@dataclass(frozen=True, slots=True)
class TimingResult:
    """What the step measured (None when nothing was), why it wrote nothing, and where
    it wrote the profile."""

    path: tuple[str, ...]
    blur: Blur | None
    refused: str | None = None
    written: Path | None = None


def profile_text(source: str) -> str:
    """The text of the profile loaded from ``source`` (a file, or a bundled one)."""
    path = Path(source)
    if path.is_file():
        return read_text(path)
    bundled = resources.files("hardware") / "profiles" / path.name
    return bundled.read_text(encoding="utf-8")


class TimingCalibrator:
    """Asks for a slide along a line of cells, measures it, writes the figures."""

    def __init__(self, bench: Bench, palette: Palette = DEFAULT_PALETTE) -> None:
        self.bench = bench
        self.profile = bench.profile
        self.palette = palette

    def run(self, output: Path | None = None) -> TimingResult:
        """Measure, and write the profile (to ``output``, by default the profile's own
        file: a bundled profile needs ``output``)."""
        profile, game = self.profile, self.bench.game
        target = output or self._default_path()
        text = profile_text(profile.source)
        path = line_of_cells(game.geometry, sorted(profile.sensed_spots), CELLS)
        blur = self._measure(path)
        steps = 2 * (len(path) - 1)
        if blur.crossings < len(path) - 1:
            reason = (
                f"the piece was seen crossing {blur.crossings} of the {steps} steps along "
                f"{', '.join(path)}: slide it from cell to cell without lifting it"
            )
            self.bench.say(f"timing: nothing written: {reason}")
            return TimingResult(path, blur, refused=reason)
        written = datetime.now().strftime("%Y-%m-%d %H:%M")
        note = f"measured by kiban calibrate on {written} ({blur.crossings} crossings)"
        overlap_ms, gap_ms = blur.overlap_s * 1000, blur.gap_s * 1000
        new_text = with_measured(text, str(target), overlap_ms, gap_ms, note)
        # a profile that loads with the figures, or nothing written
        model = parse_profile(new_text, str(target), game).sensor_model
        replace_text(target, new_text)
        self.bench.say(
            f"timing: a piece slid along {', '.join(path)} read on two cells at once for up "
            f"to {overlap_ms:.0f} ms and on none for up to {gap_ms:.0f} ms; the order of "
            f"changes is trusted {model.order_margin * 1000:.0f} ms apart; written to {target}"
        )
        self._compare(blur)
        return TimingResult(path, blur, written=target)

    def _compare(self, blur: Blur) -> None:
        """What the build predicts beside what was measured: at the slowest hand a slide
        reads on both cells at most the build's overlap (a quicker hand, less); more says
        the board is not built as its profile says (kiban build-check)."""
        if self.profile.build is None:
            return
        predicted = self.profile.sensor_model
        overlap_ms = predicted.overlap_mm / predicted.slowest_mm_s * 1000
        gap_ms = predicted.gap_mm / predicted.slowest_mm_s * 1000
        line = (
            f"timing: the build predicts at most {overlap_ms:.0f} ms on two cells and"
            f" {gap_ms:.0f} ms on none at the slowest hand ({predicted.slowest_mm_s:g} mm/s)"
        )
        if blur.overlap_s * 1000 > overlap_ms + SCAN_MARGIN_MS:
            line += (
                f"; measured {blur.overlap_s * 1000:.0f} ms on two cells, more than the build"
                " gives: check the magnets and the sensors against the profile (kiban"
                " build-check)"
            )
        self.bench.say(line)

    def _default_path(self) -> Path:
        source = Path(self.profile.source)
        if not source.is_file():
            raise ValueError(
                f"{self.profile.source} is a bundled profile: copy it to a file of your own "
                "(the measured timing is written into it), or give --output"
            )
        return source

    def _measure(self, path: tuple[str, ...]) -> Blur:
        """Time every change of the ``path`` cells until ok, or until nothing changed for
        the bench's timeout after the slide began."""
        bench = self.bench
        board = bench.open_board(bench.pressed.append)
        lit = self.palette.colours[Meaning.FILL]
        readings: list[TimedReading] = []
        try:
            board.painter.paint(dict.fromkeys(path, lit), {})
            bench.pressed.clear()
            bench.ask(
                Ask("slide", spots=path),
                f"timing: put a piece on {path[0]}, then slide or roll it slowly, without "
                f"lifting it, along the lit cells to {path[-1]} and back to {path[0]}; "
                "press ok when done",
            )
            scanner = board.scanner
            last_change = bench.now()
            seen = False
            while bench.now() - last_change < bench.timeout:
                change = scanner.scan()
                now = bench.now()
                if change is not None:
                    for spot in change.changed & frozenset(path):
                        readings.append(TimedReading(now, spot, change.frame[spot] != EMPTY))
                        last_change, seen = now, True
                if bench.pressed and seen:
                    break
                bench.pressed.clear()
                bench.sleep(1.0 / self.profile.scan_hz)
        finally:
            board.painter.paint({}, {})
            board.close()
        return measure_blur(readings, path)
