"""Pace as a second dimension (issue 31): where a palette's colours alone cannot tell
two meanings apart, the palette blinks one of them (``Palette.paces``); the strip
blinks it, the difference test counts two meanings at different paces as apart, and
the keys on the page and the terminal say the pace."""

from __future__ import annotations

import pytest

from engine.geometry import Seat
from firmware_host.session.state import Phase
from firmware_host.telling.legend import (
    BLINK_PERIOD,
    DEFAULT_PALETTE,
    MOMENTS,
    PALETTES,
    BoardView,
    Legend,
    Meaning,
    Pace,
    Palette,
)
from tests.firmware_host.telling.test_legend_apart import together

SEATS = (Seat("Sente", "b", "black"), Seat("Gote", "w", "white"))
ON, OFF = 0.1, BLINK_PERIOD + 0.1  # the lit and the dark half of a blink
SLOW_OFF = 2 * BLINK_PERIOD + 0.1  # the dark half of a slow blink

ON_INDICATORS = frozenset(
    {
        Meaning.FILL,
        Meaning.GUIDE,
        Meaning.PROMPT,
        Meaning.FAULT,
        Meaning.GOES_ON,
        Meaning.COUNT,
        Meaning.TOKIN,
        Meaning.PAWN,
    }
)
"""The meanings the legend lights on indicators, which it blinks by the moments only."""

PACED = Palette(
    "paced",
    DEFAULT_PALETTE.colours,
    DEFAULT_PALETTE.seats,
    {Meaning.CHECK: Pace.BLINK, Meaning.THREAT: Pace.SLOW},
)


def checked() -> BoardView:
    return BoardView(
        Phase.PLAY,
        SEATS,
        0,
        last_move=frozenset({"1c", "2c"}),
        threatened=frozenset({"2c"}),
        in_check=frozenset({"1c"}),
    )


def test_a_paced_meaning_blinks_on_the_strip() -> None:
    legend = Legend(PACED)
    lit, dark, slow_dark = (legend.lights(checked(), now) for now in (ON, OFF, SLOW_OFF))
    assert lit.spots["1c"] == legend.colour(Meaning.CHECK)
    assert dark.spots["1c"] == legend.colour(Meaning.LAST_MOVE)  # what is beneath shows
    assert lit.spots["2c"] == dark.spots["2c"] == legend.colour(Meaning.THREAT)  # slow
    assert slow_dark.spots["2c"] == legend.colour(Meaning.LAST_MOVE)
    assert lit.blinking and dark.blinking  # the loops wake to blink it


def test_the_same_view_is_steady_in_a_palette_without_paces() -> None:
    legend = Legend(DEFAULT_PALETTE)
    lights = [legend.lights(checked(), now) for now in (ON, OFF, SLOW_OFF)]
    assert all(light.spots["1c"] == legend.colour(Meaning.CHECK) for light in lights)
    assert not any(light.blinking for light in lights)


def test_meanings_at_different_paces_need_no_colour_between_them() -> None:
    """A blinking check beside a steady threat or last move: apart by pace; beside the
    blinking illegal move, still by colour."""
    assert (Meaning.CHECK, Meaning.THREAT) in together(DEFAULT_PALETTE)
    paced = together(PACED)
    assert (Meaning.CHECK, Meaning.THREAT) not in paced
    assert (Meaning.CHECK, Meaning.LAST_MOVE) not in paced
    assert (Meaning.CHECK, Meaning.ILLEGAL) in paced
    assert (Meaning.HINT, Meaning.THREAT) in paced  # both blink slowly


@pytest.mark.parametrize("palette", list(PALETTES.values()), ids=list(PALETTES))
def test_a_palette_paces_only_meanings_the_moments_show_steady(palette: Palette) -> None:
    """A paced meaning blinks wherever it shows: none the moments already blink (which
    would blink twice over) and none an indicator shows (which blinks by the moments)."""
    blinking = {m for moment in MOMENTS for m in moment.blinking | moment.slow}
    assert not set(palette.paces) & (blinking | ON_INDICATORS)
    assert Pace.STEADY not in palette.paces.values()


def test_the_keys_say_a_paced_meaning_blinks() -> None:
    assert PACED.key_text(Meaning.CHECK) == "king in check (blinks)"
    assert PACED.key_text(Meaning.THREAT) == "threatened piece (blinks slowly)"
    assert DEFAULT_PALETTE.key_text(Meaning.CHECK) == "king in check"
    assert DEFAULT_PALETTE.key_text(Meaning.ILLEGAL) == "illegal move (blinks)"
    assert DEFAULT_PALETTE.key_text(Meaning.REMOVE) == "piece to remove"  # steady in play


def test_the_colour_blind_keys_name_its_paces() -> None:
    """The page's key and the terminal's say the colour-blind palette's paces."""
    from firmware_host.loops.simulator import Simulation
    from firmware_host.store.storage import GameStore
    from firmware_host.telling.language import Language
    from firmware_host.terminal.screen import legend_text
    from firmware_host.web.words.colour_key import colour_key
    from firmware_host.web.words.told_for_page import told_for_page
    from hardware.profile import load_profile
    from tests.firmware_host.simkit import GAME, make_sim, track

    palette = PALETTES["colour-blind"]
    assert palette.paces  # the colour-blind palette needs pace where colour runs short
    key = told_for_page(colour_key(make_sim().controller, palette.name), Language.ENGLISH, GAME)
    page = {e["meaning"]: e["text"] for e in key}
    sim = Simulation(
        GAME, load_profile("sim", GAME), GameStore(":memory:"), resume=False, palette=palette
    )
    track(sim)
    terminal = legend_text(sim, 400)
    for meaning, pace in palette.paces.items():
        words = f"{meaning.value} ({pace.value})"
        assert page.get(meaning.name.lower(), words) == words
        assert words in terminal or meaning not in TERMINAL_KEY


TERMINAL_KEY = frozenset({Meaning.CHECK, Meaning.THREAT, Meaning.LAST_MOVE, Meaning.CAPTURE})
"""Some of the meanings the terminal's key lists."""
