"""The legend's colours told apart (issue 31): every two meanings that can show at
once at one pace (both steady, both blinking or both blinking slowly) differ by at
least ``APART`` in CIEDE2000, on the page (sRGB) and on the strip (the painter's
dimmed values, lit linearly by the LEDs), in both palettes; the colour-blind palette
also under simulated deuteranopia and protanopia (Machado 2009, full severity); and
every meaning stays visible on a dimmed strip. docs/leds.md."""

from __future__ import annotations

import itertools
from collections.abc import Callable

import pytest
from coloraide import Color

from drivers.led_strip import Colour
from engine.errors import VariantError
from engine.registry import games
from firmware_host.telling.legend import (
    DEFAULT_PALETTE,
    MOMENTS,
    PALETTES,
    Meaning,
    Palette,
    shown_in,
)

APART = 20.0
"""The least CIEDE2000 difference between two meanings shown at once: some twenty
just-noticeable differences, so that two LEDs read as two colours at a glance."""

BRIGHTNESS = (0.35, 0.2)
"""The reference profiles' brightness, and a strip turned down for a dark room."""

SIMULATED = ("deutan", "protan")

DIMMEST = 0.2
"""The dimmest strip the legend is drawn for (a dark room)."""

LEAST_LEVEL = 20
"""The least drive of a lit LED's brightest channel on that strip (of 255): below it
an LED is a faint glow, not a colour (a searched last move of 15,0,60 drove 12)."""


def shown_by_games() -> tuple[frozenset[Meaning], ...]:
    """What each game can show, under each choice of each of its options (one at a
    time, where valid alone), with the coach on and the furigoma drawn (a session may
    choose either in any game): the most it can show."""
    shown: list[frozenset[Meaning]] = []
    for game in games():
        choices: list[dict[str, str]] = [{}] + [
            {spec.name: choice} for spec in game.option_specs for choice in spec.choices
        ]
        for given in choices:
            try:
                position = game.position(None, given)
            except VariantError:  # a choice that needs another option changed too
                continue
            dice = game.rolls_dice(position.options)
            shown.append(shown_in(position, dice=dice, furigoma=True, coach=True))
    return tuple(shown)


def together(palette: Palette = DEFAULT_PALETTE) -> frozenset[tuple[Meaning, Meaning]]:
    """The pairs colour must separate: at one moment, in a game that can show both,
    two at the same pace (both steady, both blinking or both blinking slowly, after
    the palette's own ``paces``). Two at different paces are apart whatever their
    colours: a blink and a slow blink differ in pace too."""
    pairs: set[tuple[Meaning, Meaning]] = set()
    for shown in set(shown_by_games()):
        for moment in (moment.within(shown).paced(palette.paces) for moment in MOMENTS):
            for group in (moment.steady, moment.blinking, moment.slow):
                ordered = sorted(group, key=lambda meaning: meaning.name)
                pairs.update(itertools.combinations(ordered, 2))
    return frozenset(pairs)


def on_page(colour: Colour) -> Color:
    return Color("srgb", [colour.red / 255, colour.green / 255, colour.blue / 255])


def on_strip(brightness: float) -> Callable[[Colour], Color]:
    """What the strip shows: the painter's rounded, dimmed values drive the LEDs'
    light linearly (no gamma), seen by an eye adapted to the strip's own white."""

    def shown(colour: Colour) -> Color:
        dimmed, white = colour.scaled(brightness), 255 * brightness
        linear = [dimmed.red / white, dimmed.green / white, dimmed.blue / white]
        return Color("srgb-linear", linear).convert("srgb")

    return shown


def simulated(colour: Color, deficiency: str | None) -> Color:
    if deficiency is None:
        return colour
    return colour.filter(deficiency, 1.0, method="machado").fit("srgb", method="clip")


def difference(
    palette: Palette,
    pair: tuple[Meaning, Meaning],
    show: Callable[[Colour], Color],
    cvd: str | None,
) -> float:
    first, second = (simulated(show(palette.colours[meaning]), cvd) for meaning in pair)
    return float(first.delta_e(second, method="2000"))


SHOWS = {"page": on_page} | {f"strip@{b}": on_strip(b) for b in BRIGHTNESS}


def too_close(palette: Palette, cvd: str | None) -> dict[str, float]:
    close: dict[str, float] = {}
    for pair in sorted(together(palette), key=lambda pair: (pair[0].name, pair[1].name)):
        for where, show in SHOWS.items():
            delta = difference(palette, pair, show, cvd)
            if delta < APART:
                close[f"{pair[0].name}-{pair[1].name} {where}"] = round(delta, 1)
    return close


@pytest.mark.parametrize("palette", list(PALETTES.values()), ids=list(PALETTES))
def test_meanings_shown_at_once_differ_clearly(palette: Palette) -> None:
    assert too_close(palette, None) == {}


@pytest.mark.parametrize("cvd", SIMULATED)
def test_the_colour_blind_palette_differs_clearly_under_colour_blindness(cvd: str) -> None:
    assert too_close(PALETTES["colour-blind"], cvd) == {}


def test_a_pair_shown_steady_beside_blinking_needs_no_colour() -> None:
    """The prompt's blinking choices beside its steady selected one: told apart by the
    blinking, so not a pair colour must carry."""
    assert (Meaning.PROMPT, Meaning.SELECTED) not in together()
    assert (Meaning.PROMPT, Meaning.SELECTED)[::-1] not in together()
    assert (Meaning.ILLEGAL, Meaning.REMOVE) not in together()


def test_the_measure_tells_near_twins_from_clear_pairs() -> None:
    """The old default's threatened piece and hardware fault (255,205,0 and 255,255,0)
    were near twins; red and green are not."""
    old = Palette(
        "old",
        {Meaning.THREAT: Colour(255, 205, 0), Meaning.FAULT: Colour(255, 255, 0)},
        {},
    )
    assert difference(old, (Meaning.THREAT, Meaning.FAULT), on_page, None) < APART
    clear = Palette(
        "clear", {Meaning.CHECK: Colour(255, 0, 0), Meaning.DESTINATION: Colour(0, 200, 0)}, {}
    )
    assert difference(clear, (Meaning.CHECK, Meaning.DESTINATION), on_page, None) >= APART


def test_the_key_says_which_meanings_blink() -> None:
    """A pair told apart by blinking rather than colour: the key names the blinking."""
    from firmware_host.telling.language import Language
    from firmware_host.web.words.colour_key import colour_key
    from firmware_host.web.words.told_for_page import told_for_page
    from tests.firmware_host.simkit import make_sim

    sim = make_sim()
    key = told_for_page(colour_key(sim.controller, "default"), Language.ENGLISH, sim.game)
    texts = {entry["meaning"]: entry["text"] for entry in key}
    assert texts["illegal"] == "illegal move (blinks)"
    assert texts["prompt"] == "prompt choice (blinks)"
    assert texts["remove"] == "piece to remove"
    assert texts["fault"] == "hardware fault (blinks)"
    assert texts["hint"] == "suggested move (blinks slowly)"


def test_a_slow_blink_separates_like_a_blink() -> None:
    """The suggested move blinks slowly beside the steady move to play and the
    blinking illegal move: colour need not tell it from either."""
    assert (Meaning.GUIDE, Meaning.HINT) not in together()
    assert (Meaning.HINT, Meaning.ILLEGAL) not in together()


def test_only_pairs_some_game_shows_at_once_need_colour() -> None:
    """No game both finds checks and rolls dice, or finds checks and keeps counters:
    those pairs need no colour between them; each game's own pairs still do."""
    assert (Meaning.CHECK, Meaning.MOVABLE) not in together()
    assert (Meaning.CHECK, Meaning.COUNT) not in together()
    assert (Meaning.CAPTURE, Meaning.CHECK) in together()
    assert (Meaning.DESTINATION, Meaning.MOVABLE) in together()
    assert (Meaning.COUNT, Meaning.LAST_MOVE) in together()


def too_faint(palette: Palette) -> dict[str, str]:
    """The meanings an LED on the dimmest strip barely lights: its brightest channel
    driven below ``LEAST_LEVEL``, or the lit LED less than ``APART`` from an unlit one
    (in normal vision, and for the colour-blind palette under each simulation)."""
    visions = (None, *SIMULATED) if palette.name == "colour-blind" else (None,)
    show, dark = on_strip(DIMMEST), Colour(0, 0, 0)
    faint: dict[str, str] = {}
    for meaning, colour in sorted(palette.colours.items(), key=lambda item: item[0].name):
        dimmed = colour.scaled(DIMMEST)
        level = max(dimmed.red, dimmed.green, dimmed.blue)
        delta = min(
            float(simulated(show(colour), cvd).delta_e(simulated(show(dark), cvd), method="2000"))
            for cvd in visions
        )
        if level < LEAST_LEVEL or delta < APART:
            faint[meaning.name] = f"level {level}, {delta:.1f} from dark"
    return faint


@pytest.mark.parametrize("palette", list(PALETTES.values()), ids=list(PALETTES))
def test_every_meaning_stays_visible_on_a_dimmed_strip(palette: Palette) -> None:
    """A floor under every colour, so that no search for distances can buy them with
    a meaning the dimmed strip hardly shows."""
    assert too_faint(palette) == {}


def test_the_floor_rejects_a_faint_last_move() -> None:
    """The searched palette's last move (15,0,60) and check (75,60,75), rejected by eye
    for a strip at 0.2, fall below the floor; the default's last move does not."""
    faint = Palette(
        "searched",
        {
            Meaning.LAST_MOVE: Colour(15, 0, 60),
            Meaning.CHECK: Colour(75, 60, 75),
            Meaning.FILL: Colour(0, 30, 110),
        },
        {},
    )
    assert set(too_faint(faint)) == {"LAST_MOVE", "CHECK"}
