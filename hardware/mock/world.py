"""A simulated world of physical pieces standing on spots.

It knows nothing of rules: stones are lifted, placed and flipped as hands would
do it, and every spot reads as its top stone does (the game says how a stone
reads). A replay or a noise model may also force a sensor to read something
for a while, as a bouncing contact or a piece sliding past does.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from engine.errors import KibanError
from engine.game import Game, Layout
from engine.physical import EMPTY, Reading, Sensing, Spot, Stone
from engine.said import N_, SpotWord, Term, said
from hardware.magnetics.vectors import Rotation


class WorldError(KibanError, ValueError):
    """A hand asked for something impossible (lifting from an empty spot)."""


@dataclass(frozen=True, slots=True)
class Rest:
    """How the top stone lies on its spot: ``offset_mm`` from the spot's centre, and its
    magnet's turn (None: upright, the way the build sets its face; a ball: as its last
    roll left it)."""

    offset_mm: tuple[float, float] = (0.0, 0.0)
    rotation: Rotation | None = None


CENTRED = Rest()


class SimulatedWorld:
    """Stones on spots, how each top stone lies (``rests``), stones in the player's
    hand, and sensor readings forced (a bouncing contact) or made by the fields of
    magnets on their way (``sense``)."""

    def __init__(self, game: Game[Any], sensing: Sensing) -> None:
        self.game = game
        self.sensing = sensing
        self.stacks: dict[Spot, list[Stone]] = {}
        self.held: list[Stone] = []
        self.rests: dict[Spot, Rest] = {}
        self._forced: dict[Spot, Reading] = {}
        self._sensed: dict[Spot, Reading] = {}  # what the fields make a sensor read
        self._spots = frozenset(game.spots)
        self.version = 0  # bumped on every change, so a board syncs only when needed
        self._listeners: list[Callable[[], None]] = []

    def subscribe(self, listener: Callable[[], None]) -> None:
        """Call ``listener`` after every change (a simulated board follows the world)."""
        self._listeners.append(listener)

    def _changed(self) -> None:
        self.version += 1
        for listener in self._listeners:
            listener()

    # --- setting up ------------------------------------------------------------------

    def arrange(self, layout: Layout) -> None:
        """Put the stones of a position in place; the hand is emptied."""
        self.stacks = {spot: list(stones) for spot, stones in layout.items() if stones}
        self.rests = dict.fromkeys(self.stacks, CENTRED)
        self.held = []
        self._forced.clear()
        self._sensed.clear()
        self._changed()

    def layout(self) -> dict[Spot, tuple[Stone, ...]]:
        return {spot: tuple(stones) for spot, stones in self.stacks.items() if stones}

    # --- hands -----------------------------------------------------------------------

    def _check(self, spot: Spot) -> None:
        if spot not in self._spots:
            alien = said(
                N_("{spot} is not a spot of {game}"), spot=repr(spot), game=Term(self.game.title)
            )
            raise WorldError(alien)

    def lift(self, spot: Spot) -> Stone:
        """Take the top stone of a spot into the hand."""
        self._check(spot)
        stack = self.stacks.get(spot)
        if not stack:
            raise WorldError(said(N_("there is nothing on {spot} to lift"), spot=SpotWord(spot)))
        stone = stack.pop()
        if not stack:
            del self.stacks[spot]
        self.rests.pop(spot, None)
        self.held.append(stone)
        self._changed()
        return stone

    def place(self, spot: Spot, stone: Stone | None = None) -> Stone:
        """Put a held stone on a spot: the one given, else the last one lifted."""
        self._check(spot)
        if stone is None:
            if not self.held:
                raise WorldError(
                    said(N_("the hand holds nothing to place on {spot}"), spot=SpotWord(spot))
                )
            stone = self.held.pop()
        elif stone in self.held:
            self.held.remove(stone)
        self._settle(spot, stone, CENTRED)
        return stone

    def bring(self, spot: Spot, stone: Stone) -> None:
        """Put a stone from the box on a spot (the hand keeps what it holds)."""
        self._check(spot)
        self._settle(spot, stone, CENTRED)

    def place_as(self, spot: Spot, held: Stone, stone: Stone, rest: Rest = CENTRED) -> None:
        """Put a held stone down as ``stone``: turned over, or now owned by its captor;
        lying as ``rest`` says."""
        self._check(spot)
        if held not in self.held:
            raise WorldError(f"the hand does not hold {held}")
        self.held.remove(held)
        self._settle(spot, stone, rest)

    def _settle(self, spot: Spot, stone: Stone, rest: Rest) -> None:
        self.stacks.setdefault(spot, []).append(stone)
        self.rests[spot] = rest
        self._changed()

    def restack(self, spot: Spot, stones: tuple[Stone, ...]) -> None:
        """Replace what stands on a spot (a hand that tidies without being seen)."""
        self._check(spot)
        if stones:
            self.stacks[spot] = list(stones)
            self.rests[spot] = CENTRED
        else:
            self.stacks.pop(spot, None)
            self.rests.pop(spot, None)
        self._sensed.pop(spot, None)
        self._changed()

    def flip(self, spot: Spot) -> Stone:
        """Turn the top stone of a spot over (a promotion, or undoing one)."""
        self._check(spot)
        stack = self.stacks.get(spot)
        if not stack:
            raise WorldError(said(N_("there is nothing on {spot} to flip"), spot=SpotWord(spot)))
        stack[-1] = replace(stack[-1], flipped=not stack[-1].flipped)
        self.rests[spot] = CENTRED
        self._changed()
        return stack[-1]

    def remove(self, spot: Spot) -> Stone:
        """Take a stone away for good (into the box)."""
        stone = self.lift(spot)
        self.held.remove(stone)
        return stone

    # --- sensors ---------------------------------------------------------------------

    def force(self, spot: Spot, reading: Reading | None) -> None:
        """Make a sensor read ``reading`` whatever stands there; None lets go."""
        self._check(spot)
        if reading is None:
            self._forced.pop(spot, None)
        else:
            self._forced[spot] = reading
        self._changed()

    def sense(self, spot: Spot, reading: Reading | None) -> None:
        """The fields about ``spot`` make its sensors read ``reading`` (None: as its
        stones read again), whatever the hands do there meanwhile: the fields say what
        a sensor reads until they say it reads its stones again."""
        self._check(spot)
        before = self.reading(spot)
        if reading is None:
            self._sensed.pop(spot, None)
        else:
            self._sensed[spot] = reading
        if self.reading(spot) != before:  # a board follows what its sensors read
            self._changed()

    def forced_spots(self) -> frozenset[Spot]:
        """The spots whose sensors are forced to read something (a bounce, a knock)."""
        return frozenset(self._forced)

    def sensed_spots(self) -> frozenset[Spot]:
        """The spots whose sensors read what the fields make them, not their stones."""
        return frozenset(self._sensed)

    def reading(self, spot: Spot) -> Reading:
        forced = self._forced.get(spot)
        if forced is not None:
            return forced
        return self.unforced(spot)

    def unforced(self, spot: Spot) -> Reading:
        """What ``spot``'s sensor reads but for a contact forced to chatter: what the
        fields about it make it read, else what stands there."""
        sensed = self._sensed.get(spot)
        if sensed is not None:
            return sensed
        return self.stones_reading(spot)

    def stones_reading(self, spot: Spot) -> Reading:
        """What the stones on ``spot`` read as the game says (the fields aside)."""
        stack = self.stacks.get(spot)
        return self.game.stack_reading(stack, self.sensing) if stack else EMPTY

    def readings(self) -> dict[Spot, Reading]:
        return {spot: self.reading(spot) for spot in self.game.spots}

    def matches(self, layout: Mapping[Spot, tuple[Stone, ...]]) -> bool:
        """Whether the stones stand exactly as in ``layout`` (owners and faces too)."""
        return self.layout() == {s: tuple(st) for s, st in layout.items() if st}
