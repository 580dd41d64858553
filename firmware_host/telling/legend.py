"""The LED legend: one meaning per colour, for every game.

The controller describes what the board should say (a ``BoardView``); the legend
turns that into colours for spots and indicators, layering the meanings so the
most urgent one wins a shared LED. Two palettes: the default and a
colour-blind-safe one, which blinks a few meanings where colour runs short.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from functools import cache
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from drivers.led_strip import Colour
from engine.game import Position
from engine.geometry import Seat
from engine.opening import FirstPlayerDraw
from engine.outcome import Outcome
from engine.physical import Spot
from engine.recognition.answers import Correction, Hint
from engine.said import Said
from engine.search.types import Quality
from firmware_host.session.state import Phase
from firmware_host.telling.language import N_, Language, translated

if TYPE_CHECKING:
    from firmware_host.session.controller import Controller

BLINK_PERIOD = 0.5  # seconds a blinking LED stays on, then off
SLOW_BLINK_PERIOD = 2 * BLINK_PERIOD  # a slow blink: told from the blink by its pace


class Pace(Enum):
    """How an LED shows its meaning over time: beside its colour, a second way to tell
    two meanings apart (its value is the key's word for it)."""

    STEADY = N_("steady")
    BLINK = N_("blinks")
    SLOW = N_("blinks slowly")


class Meaning(Enum):
    """Each colour of the legend, from the least to the most urgent."""

    LAST_MOVE = N_("last move")
    THREAT = N_("threatened piece")
    CHECK = N_("king in check")
    DESTINATION = N_("legal destination")
    CAPTURE = N_("capture destination")
    LIFTED = N_("lifted piece")
    GUIDE = N_("move to play")
    PROMPT = N_("prompt choice")
    SELECTED = N_("selected choice")
    FILL = N_("square to fill")
    REMOVE = N_("piece to remove")
    ILLEGAL = N_("illegal move")
    FAULT = N_("hardware fault")
    MOVABLE = N_("a piece the dice allow to move")
    COUNT = N_("a count shown as a bar (tokens left)")
    TOKIN = N_("furigoma: tokin up")
    PAWN = N_("furigoma: pawn up")
    HINT = N_("suggested move")
    BEST = N_("coach: best destination")
    GOOD = N_("coach: good destination")
    DOUBTFUL = N_("coach: doubtful destination")
    LOSING = N_("coach: losing destination")
    GOES_ON = N_("a move that may go on (ok ends it)")
    CALLED = N_("the club room's organiser asks which board this is")


@dataclass(frozen=True, slots=True)
class Moment:
    """Meanings the board can show at one moment, steady or blinking: those a player
    must tell apart side by side. Two that show together, steady, blinking or blinking
    slowly, are told apart by the blinking when they differ in it; two alike in it, by
    their colours."""

    name: str
    steady: frozenset[Meaning]
    blinking: frozenset[Meaning] = frozenset()
    slow: frozenset[Meaning] = frozenset()

    def within(self, shown: frozenset[Meaning]) -> Moment:
        """The moment as a game that can show only ``shown`` sees it: two meanings
        its game never shows need no colour between them."""
        return Moment(self.name, self.steady & shown, self.blinking & shown, self.slow & shown)

    def paced(self, paces: Mapping[Meaning, Pace]) -> Moment:
        """The moment in a palette that blinks some of its steady meanings
        (``Palette.paces``): each joins the blinking or the slow ones."""
        moved = {pace: frozenset(m for m in self.steady if paces.get(m) is pace) for pace in Pace}
        return Moment(
            self.name,
            self.steady - moved[Pace.BLINK] - moved[Pace.SLOW],
            self.blinking | moved[Pace.BLINK],
            self.slow | moved[Pace.SLOW],
        )


MOMENTS = (
    # a move in hand over the board's reminders, the rest of a move begun (pieces to
    # take off), the counters, and the status LED (a fault, which blinks); the
    # suggested move blinks slowly. What is missing or extra shows only when setting up.
    Moment(
        "play",
        frozenset(
            {
                Meaning.LAST_MOVE,
                Meaning.THREAT,
                Meaning.CHECK,
                Meaning.MOVABLE,
                Meaning.DESTINATION,
                Meaning.CAPTURE,
                Meaning.LIFTED,
                Meaning.GUIDE,
                Meaning.REMOVE,
                Meaning.COUNT,
            }
        ),
        frozenset({Meaning.ILLEGAL, Meaning.GOES_ON, Meaning.FAULT}),
        frozenset({Meaning.HINT}),
    ),
    # the coach colours a lifted piece's destinations by how good each move is
    Moment(
        "coach",
        frozenset(
            {
                Meaning.LAST_MOVE,
                Meaning.THREAT,
                Meaning.CHECK,
                Meaning.LIFTED,
                Meaning.BEST,
                Meaning.GOOD,
                Meaning.DOUBTFUL,
                Meaning.LOSING,
                Meaning.REMOVE,
            }
        ),
        frozenset({Meaning.ILLEGAL, Meaning.FAULT}),
        frozenset({Meaning.HINT}),
    ),
    # a prompt blinks its choices and keeps the selected one steady
    Moment(
        "prompt",
        frozenset({Meaning.LAST_MOVE, Meaning.SELECTED, Meaning.REMOVE, Meaning.FILL}),
        frozenset({Meaning.PROMPT, Meaning.FAULT}),
    ),
    # the board out of step: the pieces to put right blink
    Moment(
        "correction",
        frozenset({Meaning.LAST_MOVE, Meaning.FILL, Meaning.REMOVE}),
        frozenset({Meaning.REMOVE, Meaning.FILL, Meaning.FAULT}),
    ),
    # setting up: what to place or take off, the furigoma tosses, the counters
    Moment(
        "setup",
        frozenset(
            {
                Meaning.FILL,
                Meaning.REMOVE,
                Meaning.TOKIN,
                Meaning.PAWN,
                Meaning.COUNT,
            }
        ),
        frozenset({Meaning.FAULT}),
    ),
    # the status LED alone, read without a neighbour: each of its meanings on its own
    Moment(
        "status",
        frozenset({Meaning.FILL}),
        frozenset({Meaning.PROMPT, Meaning.GUIDE, Meaning.FAULT}),
    ),
    # the organiser asks which board this is: every cell lit alike, over the rest
    Moment("called", frozenset({Meaning.CALLED})),
)
"""The moments the legend's layers come together in (``Legend.lights``, ``view.py``)."""


BLINKING = frozenset(m for moment in MOMENTS for m in moment.blinking) - frozenset(
    m for moment in MOMENTS for m in moment.steady | moment.slow
)
"""The meanings that always blink: the key says so, as the blinking tells them apart."""

SLOW_BLINKING = frozenset(m for moment in MOMENTS for m in moment.slow) - frozenset(
    m for moment in MOMENTS for m in moment.steady | moment.blinking
)
"""The meanings that always blink slowly: the key says so too."""


COACH_SCALE = (Meaning.BEST, Meaning.GOOD, Meaning.DOUBTFUL, Meaning.LOSING)
"""The coach's scale, best to losing."""


def _overrides(position: Position[Any], method: str) -> bool:
    """Whether the game's position teaches this (the base class answers nothing)."""
    return getattr(type(position), method) is not getattr(Position, method)


def shown_in(
    position: Position[Any], *, dice: bool, furigoma: bool, coach: bool
) -> frozenset[Meaning]:
    """The meanings the LEDs can show in a game, from what the game declares: a check
    only where its position finds checks, threats and captures only where it finds
    threats, the dice's movable pieces only where it rolls dice, a count only where it
    keeps counters, the furigoma tosses only when drawn so, the coach's scale only when
    the coach is on. The page's key lists these, and only these need telling apart."""
    shown = set(Meaning) - {
        Meaning.MOVABLE,
        Meaning.COUNT,
        Meaning.TOKIN,
        Meaning.PAWN,
        Meaning.CALLED,  # a board in a club room only, shown alone
        *COACH_SCALE,
    }
    if not _overrides(position, "check_spots"):
        shown.discard(Meaning.CHECK)
    if not _overrides(position, "threatened_spots"):
        shown -= {Meaning.THREAT, Meaning.CAPTURE}
    if dice:
        shown.add(Meaning.MOVABLE)
    if position.counters():
        shown.add(Meaning.COUNT)
    if furigoma:
        shown |= {Meaning.TOKIN, Meaning.PAWN}
    if coach:
        shown |= set(COACH_SCALE)
    return frozenset(shown)


def shown_by(controller: Controller) -> frozenset[Meaning]:
    """``shown_in`` for the controller's game as it is set: its dice, its opening draw,
    a coached seat. Every key of the colours (the page's, the terminal's) lists these."""
    position = controller.position
    drawn = controller.draw
    return shown_in(
        position,
        dice=controller.game.rolls_dice(position.options),
        furigoma=drawn is not None and drawn.kind is FirstPlayerDraw.FURIGOMA,
        coach=controller.computer.coach,  # any seat coached
    )


COACHED = {
    Quality.BEST: Meaning.BEST,
    Quality.GOOD: Meaning.GOOD,
    Quality.DOUBTFUL: Meaning.DOUBTFUL,
    Quality.LOSING: Meaning.LOSING,
}
"""The colour of each judged destination, in coach mode."""


@dataclass(frozen=True, slots=True)
class Palette:
    """A colour for each meaning and seat; ``paces`` blinks some meanings the moments
    show steady, where this palette's colours alone cannot tell them from their
    neighbours (only meanings no moment blinks, and none an indicator shows)."""

    name: str
    colours: Mapping[Meaning, Colour]
    seats: Mapping[str, Colour]
    paces: Mapping[Meaning, Pace] = field(default_factory=dict)

    def seat(self, seat: Seat) -> Colour:
        return self.seats.get(seat.colour, Colour(200, 200, 200))

    def pace(self, meaning: Meaning) -> Pace:
        """The pace the meaning always shows at in this palette, which the key names:
        steady when it shows steady somewhere, or at more than one pace."""
        return _key_paces(frozenset(self.paces.items())).get(meaning, Pace.STEADY)

    def key_text(self, meaning: Meaning, language: Language = Language.ENGLISH) -> str:
        """A meaning's words in a key, in ``language``; one that always blinks, or
        blinks slowly, says so, as its pace tells it from its neighbours."""
        pace = self.pace(meaning)
        words = translated(meaning.value, language)
        if pace is Pace.STEADY:
            return words
        paced = translated(N_("{meaning} ({pace})"), language)
        return paced.format(meaning=words, pace=translated(pace.value, language))


@cache
def _key_paces(paces: frozenset[tuple[Meaning, Pace]]) -> Mapping[Meaning, Pace]:
    """Each meaning's pace in a key, for a palette that blinks ``paces``: worked out
    once per palette, not for every meaning of every page state."""
    moments = [moment.paced(dict(paces)) for moment in MOMENTS]
    found: dict[Meaning, set[Pace]] = {}
    for moment in moments:
        for pace, group in (
            (Pace.STEADY, moment.steady),
            (Pace.BLINK, moment.blinking),
            (Pace.SLOW, moment.slow),
        ):
            for meaning in group:
                found.setdefault(meaning, set()).add(pace)
    return MappingProxyType(
        {meaning: seen.pop() for meaning, seen in found.items() if len(seen) == 1}
    )


DEFAULT_PALETTE = Palette(
    "default",
    {
        Meaning.LAST_MOVE: Colour(0, 30, 110),
        Meaning.THREAT: Colour(255, 205, 0),
        Meaning.CHECK: Colour(255, 0, 0),
        Meaning.DESTINATION: Colour(0, 210, 0),
        Meaning.CAPTURE: Colour(255, 135, 135),
        # a warm white: the selected choice's pure white stays apart on a dimmed strip
        Meaning.LIFTED: Colour(210, 195, 165),
        Meaning.GUIDE: Colour(0, 200, 220),
        Meaning.PROMPT: Colour(150, 0, 255),
        Meaning.SELECTED: Colour(255, 255, 255),
        Meaning.FILL: Colour(40, 80, 255),
        Meaning.REMOVE: Colour(255, 0, 150),
        Meaning.ILLEGAL: Colour(255, 110, 180),
        Meaning.FAULT: Colour(255, 255, 0),
        Meaning.MOVABLE: Colour(180, 120, 255),
        Meaning.COUNT: Colour(105, 105, 30),
        Meaning.TOKIN: Colour(110, 0, 30),
        Meaning.PAWN: Colour(120, 255, 105),
        Meaning.HINT: Colour(111, 254, 250),
        Meaning.BEST: Colour(0, 164, 111),
        Meaning.GOOD: Colour(105, 210, 45),
        Meaning.DOUBTFUL: Colour(165, 90, 15),
        Meaning.LOSING: Colour(165, 60, 75),
        Meaning.GOES_ON: Colour(0, 255, 135),
        Meaning.CALLED: Colour(255, 90, 0),
    },
    {
        "black": Colour(200, 200, 200),
        "white": Colour(255, 170, 80),
        "green": Colour(0, 200, 0),
        "red": Colour(255, 0, 0),
        "yellow": Colour(255, 200, 0),
    },
)

# Searched (docs/leds.md) so that every two meanings shown at once at one pace stay
# APART in normal vision and under deuteranopia and protanopia, on the page and on a
# dimmed strip, each bright enough for it. Colour alone cannot carry so many meanings
# for a dichromat: a check blinks and a threatened piece blinks slowly.
COLOUR_BLIND_PALETTE = Palette(
    "colour-blind",
    {
        Meaning.LAST_MOVE: Colour(105, 90, 90),
        Meaning.THREAT: Colour(240, 228, 66),
        Meaning.CHECK: Colour(225, 90, 180),
        Meaning.DESTINATION: Colour(255, 255, 105),
        Meaning.CAPTURE: Colour(210, 30, 195),
        Meaning.LIFTED: Colour(240, 255, 255),
        Meaning.GUIDE: Colour(0, 15, 105),
        Meaning.PROMPT: Colour(150, 100, 255),
        Meaning.SELECTED: Colour(240, 210, 135),
        Meaning.FILL: Colour(0, 120, 225),
        Meaning.REMOVE: Colour(105, 0, 0),
        Meaning.ILLEGAL: Colour(240, 165, 150),
        Meaning.FAULT: Colour(255, 255, 0),
        Meaning.MOVABLE: Colour(165, 90, 0),
        Meaning.COUNT: Colour(210, 60, 0),
        Meaning.TOKIN: Colour(105, 0, 75),
        Meaning.PAWN: Colour(135, 255, 120),
        Meaning.HINT: Colour(186, 164, 255),
        Meaning.BEST: Colour(165, 240, 90),
        Meaning.GOOD: Colour(105, 0, 120),
        Meaning.DOUBTFUL: Colour(240, 30, 0),
        Meaning.LOSING: Colour(255, 30, 210),
        Meaning.GOES_ON: Colour(150, 0, 135),
        Meaning.CALLED: Colour(230, 159, 0),
    },
    {
        "black": Colour(200, 200, 200),
        "white": Colour(230, 159, 0),
        "green": Colour(0, 158, 115),
        "red": Colour(213, 94, 0),
        "yellow": Colour(240, 228, 66),
    },
    {Meaning.CHECK: Pace.BLINK, Meaning.THREAT: Pace.SLOW},
)

PALETTES = {palette.name: palette for palette in (DEFAULT_PALETTE, COLOUR_BLIND_PALETTE)}


@dataclass(frozen=True, slots=True)
class PromptView:
    """A prompt: its choices by name, the spots each one involves, the selected one,
    and each choice in words for people (``telling/prompt_words.py``)."""

    choices: tuple[str, ...]
    spots: tuple[frozenset[Spot], ...]
    selected: int
    labels: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class BoardView:
    """Everything the LEDs (and a screen) should show at one moment."""

    phase: Phase
    seats: tuple[Seat, ...]
    turn: int
    last_move: frozenset[Spot] = frozenset()
    threatened: frozenset[Spot] = frozenset()
    in_check: frozenset[Spot] = frozenset()
    movable: frozenset[Spot] = frozenset()
    hints: tuple[Hint, ...] = ()
    lifted: frozenset[Spot] = frozenset()
    guide: frozenset[Spot] = frozenset()
    hint: frozenset[Spot] = frozenset()
    coached: tuple[tuple[Spot, Quality], ...] = ()
    thinking: bool = False
    prompt: PromptView | None = None
    correction: Correction | None = None
    missing: frozenset[Spot] = frozenset()
    extra: frozenset[Spot] = frozenset()
    illegal: frozenset[Spot] = frozenset()
    fault: Said | None = None
    outcome: Outcome | None = None
    remaining: tuple[tuple[Spot, int], ...] = ()
    dice: tuple[int, ...] = ()
    draw: tuple[bool, ...] = ()
    clocks: tuple[float, ...] = ()
    clock_running: int | None = None
    scores: tuple[int, ...] = ()
    counters: tuple[tuple[str, int], ...] = ()
    goes_on: frozenset[Spot] = frozenset()  # where a move that may go on ended (blinks)
    called: frozenset[Spot] = frozenset()  # the club room's organiser asks which board this is
    extra_indicators: Mapping[str, Colour] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Lights:
    spots: dict[Spot, Colour]
    indicators: dict[str, Colour]
    blinking: bool


class Legend:
    """Turns a view into colours."""

    def __init__(self, palette: Palette = DEFAULT_PALETTE) -> None:
        self.palette = palette

    def colour(self, meaning: Meaning) -> Colour:
        return self.palette.colours[meaning]

    def lights(self, view: BoardView, now: float) -> Lights:  # noqa: C901 - a debt to split: each meaning's lights in turn
        on = int(now / BLINK_PERIOD) % 2 == 0
        slow_on = int(now / SLOW_BLINK_PERIOD) % 2 == 0
        layers: list[tuple[Meaning, frozenset[Spot]]] = []
        if view.phase is not Phase.SETUP:
            layers.append((Meaning.LAST_MOVE, view.last_move))
            layers.append((Meaning.THREAT, view.threatened))
            layers.append((Meaning.MOVABLE, view.movable))
            layers.append((Meaning.CHECK, view.in_check))
            for hint in view.hints:
                layers.append((Meaning.DESTINATION, hint.destinations))
                layers.append((Meaning.CAPTURE, hint.captures))
                layers.append((Meaning.LIFTED, frozenset({hint.spot})))
            for spot, quality in view.coached:
                layers.append((COACHED[quality], frozenset({spot})))
            layers.append((Meaning.LIFTED, view.lifted))
            if slow_on:
                layers.append((Meaning.HINT, view.hint))
            layers.append((Meaning.GUIDE, view.guide))
            # the rest of a move already begun: pieces still to take off, cells to fill
            layers.append((Meaning.REMOVE, frozenset(s for s, r in view.remaining if not r)))
            layers.append((Meaning.DESTINATION, frozenset(s for s, r in view.remaining if r)))
        blinking = view.thinking or bool(view.goes_on) or bool(view.hint)
        if view.goes_on and on:
            layers.append((Meaning.GOES_ON, view.goes_on))
        if view.prompt is not None:
            blinking = True
            everything = frozenset().union(*view.prompt.spots) if view.prompt.spots else frozenset()
            if on:
                layers.append((Meaning.PROMPT, everything))
            layers.append((Meaning.SELECTED, view.prompt.spots[view.prompt.selected]))
        if view.correction is not None:
            blinking = True
            take, put = view.correction.take_from, view.correction.put_on
            if on:
                if take is not None:
                    layers.append((Meaning.REMOVE, frozenset({take})))
                if put is not None and put != take:
                    layers.append((Meaning.FILL, frozenset({put})))
            elif take is not None and take == put:
                layers.append((Meaning.FILL, frozenset({put})))
        if view.illegal:
            blinking = True
            if on:
                layers.append((Meaning.ILLEGAL, view.illegal))
        layers.append((Meaning.FILL, view.missing))
        layers.append((Meaning.REMOVE, view.extra))
        layers.append((Meaning.CALLED, view.called))  # over everything, seen across the hall
        layers, paced = self._at_pace(layers, on, slow_on)
        spots: dict[Spot, Colour] = {}
        for meaning, layer in layers:
            colour = self.colour(meaning)
            for spot in sorted(layer):
                spots.pop(spot, None)  # re-insert so that dict order is the paint order
                spots[spot] = colour
        blinking = blinking or paced or view.fault is not None
        return Lights(spots, self._indicators(view, on), blinking)

    def _at_pace(
        self, layers: list[tuple[Meaning, frozenset[Spot]]], on: bool, slow_on: bool
    ) -> tuple[list[tuple[Meaning, frozenset[Spot]]], bool]:
        """The layers lit at this instant: a meaning the palette blinks drops out in
        its dark half; and whether one shows at all (the loops must wake to blink it)."""
        lit = {Pace.STEADY: True, Pace.BLINK: on, Pace.SLOW: slow_on}
        paces = self.palette.paces
        shown = [
            (meaning, layer) for meaning, layer in layers if lit[paces.get(meaning, Pace.STEADY)]
        ]
        return shown, any(layer and meaning in paces for meaning, layer in layers)

    def _indicators(self, view: BoardView, on: bool) -> dict[str, Colour]:
        indicators: dict[str, Colour] = {}
        if view.outcome is not None:
            for seat in view.outcome.winners:
                indicators[f"turn:{seat}"] = self.palette.seat(view.seats[seat])
        elif view.phase is not Phase.SETUP:
            indicators[f"turn:{view.turn}"] = self.palette.seat(view.seats[view.turn])
        if view.fault is not None:
            if on:  # blinking, over everything: dark in its off half, not another meaning
                indicators["status"] = self.colour(Meaning.FAULT)
        elif view.prompt is not None and on:
            indicators["status"] = self.colour(Meaning.PROMPT)
        elif view.thinking and on:
            indicators["status"] = self.colour(Meaning.GUIDE)  # the move to play is coming
        elif view.phase in (Phase.SETUP, Phase.CORRECTION):
            indicators["status"] = self.colour(Meaning.FILL)
        if view.goes_on and on:
            indicators["ok"] = self.colour(Meaning.GOES_ON)  # the button that ends the move
        if view.dice and view.outcome is None:
            # pips on the mover's edge, in the mover's colour
            colour = self.palette.seat(view.seats[view.turn])
            for pip in range(1, max(view.dice) + 1):
                indicators[f"dice:{view.turn}:{pip}"] = colour
        for name, count in view.counters:
            for step in range(1, count + 1):  # the profile has as many LEDs as it shows
                indicators[f"{name}:{step}"] = self.colour(Meaning.COUNT)
        for index, tokin in enumerate(view.draw, start=1):
            indicators[f"furigoma:{index}"] = self.colour(Meaning.TOKIN if tokin else Meaning.PAWN)
        indicators.update(view.extra_indicators)
        return indicators
