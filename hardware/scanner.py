"""From sensor sources to a debounced frame of spot readings.

One pass samples every source (each with the fewest bus transactions its chips
allow), turns channel values into spot readings through the profile's wiring,
and lets a reading count only after it has been the same for ``debounce``
scans in a row. A scan that fails on any source raises and changes nothing, so
no move is ever judged from a partial frame; after it, every reading counts
again only once it has been read afresh ``debounce`` scans in a row, and the
first frame that is whole again is reported in full (the board may have
changed while a chip was silent).

When the board is turned (``SpotTurn``), readings are reported for the spots
the game has on the other end of the half turn; the first scan after a turn
reports the whole frame again, so whoever listens hears the new mapping.

On a board whose every source signals its changes, the scans that only confirm a
reading on its way may read the sources that hold it alone (``scan(partial=True)``):
a change anywhere else keeps its chip's line low until that chip is read, so the
runtime reads everything again before it rests.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from engine.physical import EMPTY, NORTH, PRESENT, SOUTH, Reading, Sensing, Spot
from hardware.orientation import SpotTurn
from hardware.profile import Profile
from hardware.sources import LossySource, SensorSource, SourceChannel

__all__ = ["Debouncer", "FrameChange", "Scanner"]


@dataclass(frozen=True, slots=True)
class FrameChange:
    """A new debounced frame and the spots whose reading changed to make it."""

    frame: Mapping[Spot, Reading]
    changed: frozenset[Spot]
    unseen: bool = False  # readings were lost since the last frame: changes went unseen


class Debouncer:
    """A reading counts once it has been seen ``scans`` times in a row."""

    def __init__(self, scans: int) -> None:
        self.scans = scans
        self._stable: dict[Spot, Reading] = {}
        self._candidate: dict[Spot, Reading] = {}
        self._count: dict[Spot, int] = {}
        self._stale = False  # a scan failed: no reading counts until read afresh
        self._settled = True  # worked out when the state changes, not each time asked

    @property
    def frame(self) -> Mapping[Spot, Reading]:
        return MappingProxyType(self._stable)

    @property
    def settled(self) -> bool:
        """No reading is on its way to changing: more identical scans change nothing."""
        return self._settled

    @property
    def stale(self) -> bool:
        """A scan failed and not every reading has been read afresh since."""
        return self._stale

    def on_their_way(self) -> list[Spot]:
        """The spots whose last reading is not their counted one yet."""
        stable = self._stable
        return [spot for spot, seen in self._candidate.items() if seen != stable.get(spot)]

    def _settle(self) -> None:
        self._settled = not self._stale and self._candidate == self._stable

    def forget(self) -> None:
        """A scan failed: what was read before may no longer stand on the board."""
        self._stale = True
        self._settled = False
        self._count = dict.fromkeys(self._count, 0)

    def update(self, raw: Mapping[Spot, Reading]) -> frozenset[Spot]:
        """Feed one scan; returns the spots whose debounced reading changed (every spot
        on the first whole frame after a failed scan)."""
        changed = self._update(raw)
        self._settle()
        return changed

    def _update(self, raw: Mapping[Spot, Reading]) -> frozenset[Spot]:
        if self._stale:
            return self._refresh(raw)
        if not self._stable:
            self._stable = dict(raw)
            self._candidate = dict(raw)
            self._count = dict.fromkeys(raw, self.scans)
            return frozenset(raw)
        changed = []
        for spot, reading in raw.items():
            if reading == self._stable.get(spot):
                self._candidate[spot] = reading
                self._count[spot] = self.scans
                continue
            if reading == self._candidate.get(spot):
                self._count[spot] += 1
            else:
                self._candidate[spot] = reading
                self._count[spot] = 1
            if self._count[spot] >= self.scans:
                self._stable[spot] = reading
                changed.append(spot)
        return frozenset(changed)

    def _refresh(self, raw: Mapping[Spot, Reading]) -> frozenset[Spot]:
        """After a failed scan: a reading that stands as it stood before counts at once;
        one that changed meanwhile must be read ``scans`` times afresh."""
        for spot, reading in raw.items():
            same = reading == self._candidate.get(spot)
            self._candidate[spot] = reading
            if reading == self._stable.get(spot):
                self._count[spot] = self.scans
            else:
                self._count[spot] = self._count.get(spot, 0) + 1 if same else 1
        if any(self._count[spot] < self.scans for spot in raw):
            return frozenset()
        self._stale = False
        self._stable = dict(self._candidate)
        return frozenset(raw)

    def remap(self, turn: SpotTurn) -> None:
        """Key the state by the spots across the half turn (the board was turned)."""
        self._stable = turn.remap(self._stable)
        self._candidate = turn.remap(self._candidate)
        self._count = turn.remap(self._count)
        self._settle()


class Scanner:
    """Reads the sensor sources and yields a debounced frame when it changes."""

    def __init__(
        self,
        sources: Sequence[SensorSource],
        profile: Profile,
        orientation: SpotTurn | None = None,
    ) -> None:
        self.sources = tuple(sources)
        self.banks = self.sources  # the name of old, when every source was an expander bank
        self.sensing = profile.sensing
        self.debouncer = Debouncer(profile.debounce_scans)
        self.orientation = orientation
        self._turned = False
        self._report_all = False
        self._wiring = tuple(
            (source_index, channel_index, channel.spot, channel.pole)
            for source_index, source in enumerate(self.sources)
            for channel_index, channel in enumerate(source.channels)
        )
        self._spots = tuple(dict.fromkeys(w[2] for w in self._wiring))
        self._sources_of: dict[Spot, tuple[int, ...]] = {}  # the sources sensing a spot
        for source_index, _, spot, _ in self._wiring:
            known = self._sources_of.get(spot, ())
            if source_index not in known:
                self._sources_of[spot] = (*known, source_index)
        self._values: list[Sequence[int]] | None = None  # what the last scan sampled
        # Every other scan reads the sources last to first: a multiplexer stays on the
        # segment read last, so a board of two segments selects once a scan, not twice.
        order = tuple(range(len(self.sources)))
        self._orders = (order, order[::-1])
        self._backwards = False
        self._gaps = 0  # the sources' lost readings so far
        self._lossy = tuple(s for s in self.sources if isinstance(s, LossySource))

    @property
    def frame(self) -> Mapping[Spot, Reading]:
        return self.debouncer.frame

    @property
    def channels(self) -> tuple[SourceChannel, ...]:
        return tuple(channel for source in self.sources for channel in source.channels)

    def sample_channels(self) -> list[tuple[SourceChannel, int]]:
        """Every channel's undebounced value, as wired (the doctor's view: no turning)."""
        values = [source.sample() for source in self.sources]
        return [
            (channel, values[s][c])
            for s, source in enumerate(self.sources)
            for c, channel in enumerate(source.channels)
        ]

    def read_raw(self) -> dict[Spot, Reading]:
        """One undebounced reading of every sensed spot (each source read once)."""
        turn = self.orientation
        return self._raw(turn is not None and turn.turned)

    def _raw(self, turned: bool) -> dict[Spot, Reading]:
        return self._decode([source.sample() for source in self.sources], turned)

    def _decode(self, values: Sequence[Sequence[int]], turned: bool) -> dict[Spot, Reading]:
        """Channel values into a reading of every sensed spot (turned, if the board is)."""
        raw = dict.fromkeys(self._spots, EMPTY)
        occupancy = self.sensing is Sensing.OCCUPANCY
        for source_index, channel_index, spot, pole in self._wiring:
            value = values[source_index][channel_index]
            if not value:
                continue
            if pole is None:
                raw[spot] = PRESENT if occupancy else value
            elif pole == NORTH or raw[spot] == EMPTY:
                raw[spot] = NORTH if pole == NORTH else SOUTH
        if turned and self.orientation is not None:
            return self.orientation.remap(raw)
        return raw

    def _sample_all(self) -> list[Sequence[int]]:
        sources = self.sources
        if len(sources) == 1:
            return [sources[0].sample()]
        backwards = self._backwards
        self._backwards = not backwards
        values: list[Sequence[int]] = [()] * len(sources)
        for index in self._orders[backwards]:
            values[index] = sources[index].sample()
        return values

    def _sample_partly(self) -> list[Sequence[int]] | None:
        """The last values, with the sources holding a reading on its way read again;
        None when every source must be read."""
        last, debouncer = self._values, self.debouncer
        if last is None or self._report_all or debouncer.stale or debouncer.settled:
            return None
        turn = self.orientation if self._turned else None
        due: set[int] = set()
        for spot in debouncer.on_their_way():
            due.update(self._sources_of.get(spot if turn is None else turn.spot(spot), ()))
        if not due or len(due) == len(self.sources):
            return None
        values = list(last)
        for index in sorted(due):
            values[index] = self.sources[index].sample()
        return values

    def _follow_turn(self) -> None:
        turn = self.orientation
        if turn is None:
            return
        turned = turn.turned  # the session loop turns it between scans (``turn_board``)
        if turned == self._turned:
            return
        self._turned = turned
        self.debouncer.remap(turn)
        self._report_all = True

    def scan(self, *, partial: bool = False) -> FrameChange | None:
        """Read once; a FrameChange when the debounced frame changed, else None.

        ``partial``: read only the sources that sense a reading on its way, the others
        standing as last read; for a board whose every source signals its changes, and
        whose lines are all up (any other change is then still held by its chip), so
        that confirming a touch does not read every chip of the board again and again.
        A scan with nothing on its way, or after a failed one or a turn, reads all."""
        self._follow_turn()
        try:
            values = self._sample_partly() if partial else None
            if values is None:
                values = self._sample_all()
        except BaseException:
            self.debouncer.forget()
            self._values = None
            raise
        unseen = False
        if self._lossy:  # a serial scanner: did frames go missing since the last scan?
            gaps = sum(source.gaps for source in self._lossy)
            unseen, self._gaps = gaps != self._gaps, gaps
        if unseen and self.debouncer.frame:
            self._values = values
            changed = self.debouncer.update(self._decode(values, self._turned))
            return FrameChange(dict(self.debouncer.frame), changed, unseen=True)
        if values == self._values and not self._report_all and self.debouncer.settled:
            # What the last scan read, which left nothing on its way: nothing changes.
            return None
        self._values = values
        changed = self.debouncer.update(self._decode(values, self._turned))
        if self._report_all and self.debouncer.frame:
            self._report_all = False
            return FrameChange(dict(self.debouncer.frame), changed | frozenset(self.frame))
        if not changed:
            return None
        return FrameChange(dict(self.debouncer.frame), changed)
