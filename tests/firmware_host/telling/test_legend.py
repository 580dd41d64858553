"""The LED legend: one meaning per colour, the most urgent meaning wins, blinking, indicators."""

from __future__ import annotations

import itertools
import math
from typing import Any

import pytest

from drivers.led_strip import Colour
from engine.outcome import Outcome, Termination
from engine.recognition.answers import Correction, Hint
from engine.said import verbatim
from firmware_host.session.state import Phase
from firmware_host.telling.legend import (
    BLINK_PERIOD,
    COLOUR_BLIND_PALETTE,
    DEFAULT_PALETTE,
    PALETTES,
    BoardView,
    Legend,
    Meaning,
    Palette,
    PromptView,
)
from tests.firmware_host.simkit import GAME, indicator, make_sim, track

SEATS = GAME.seats
ON, OFF = 0.1, BLINK_PERIOD + 0.1  # instants in the lit and the dark half of a blink


def view(phase: Phase = Phase.PLAY, **fields: Any) -> BoardView:
    return BoardView(phase, SEATS, 0, **fields)


def perceived_distance(a: Colour, b: Colour) -> float:
    """The "redmean" approximation of how different two colours look."""
    mean = (a.red + b.red) / 2
    dr, dg, db = a.red - b.red, a.green - b.green, a.blue - b.blue
    return math.sqrt((2 + mean / 256) * dr**2 + 4 * dg**2 + (2 + (255 - mean) / 256) * db**2)


@pytest.mark.parametrize("palette", list(PALETTES.values()), ids=list(PALETTES))
def test_each_meaning_has_a_colour_of_its_own(palette: Palette) -> None:
    assert set(palette.colours) == set(Meaning)
    by_colour: dict[Colour, list[Meaning]] = {}
    for meaning, colour in palette.colours.items():
        by_colour.setdefault(colour, []).append(meaning)
    shared = {str(colour): meanings for colour, meanings in by_colour.items() if len(meanings) > 1}
    assert shared == {}
    for (m1, c1), (m2, c2) in itertools.combinations(palette.colours.items(), 2):
        assert perceived_distance(c1, c2) >= 70, f"{m1.name} and {m2.name} look alike"
    assert all(colour != Colour(0, 0, 0) for colour in palette.colours.values())


def test_the_palettes_are_found_by_name() -> None:
    assert PALETTES == {"default": DEFAULT_PALETTE, "colour-blind": COLOUR_BLIND_PALETTE}


@pytest.mark.parametrize("palette", list(PALETTES.values()), ids=list(PALETTES))
def test_the_more_urgent_meaning_wins_a_shared_spot(palette: Palette) -> None:
    legend = Legend(palette)
    colour = legend.colour
    hint = Hint("1d", frozenset({"1c"}), frozenset({"2c"}))
    base: dict[str, Any] = {
        "last_move": frozenset({"1c", "2c", "3c", "1b"}),
        "threatened": frozenset({"2c", "3c", "1b"}),
        "in_check": frozenset({"3c"}),
        "hints": (hint,),
        "guide": frozenset({"1b"}),
    }
    spots = legend.lights(view(**base), ON).spots
    assert spots["1c"] == colour(Meaning.DESTINATION)  # over the last move
    assert spots["2c"] == colour(Meaning.CAPTURE)  # over a threat
    assert spots["3c"] == colour(Meaning.CHECK)  # over a threat and the last move
    assert spots["1b"] == colour(Meaning.GUIDE)  # over a threat
    assert spots["1d"] == colour(Meaning.LIFTED)
    # a correction outranks the hints on a shared spot, in its lit half
    corrected = view(**base, correction=Correction("1c", "2c", 1, 2), phase=Phase.CORRECTION)
    lit = legend.lights(corrected, ON)
    assert lit.spots["1c"] == colour(Meaning.REMOVE)
    assert lit.spots["2c"] == colour(Meaning.FILL)
    dark = legend.lights(corrected, OFF)
    assert dark.spots["1c"] == colour(Meaning.DESTINATION)
    assert dark.spots["2c"] == colour(Meaning.CAPTURE)
    # an illegal move outranks them all but the setup's own marks
    illegal = legend.lights(view(**base, illegal=frozenset({"1c", "1d"})), ON).spots
    assert illegal["1c"] == illegal["1d"] == colour(Meaning.ILLEGAL)
    # dict order is paint order: the most urgent layer is painted last
    order = list(legend.lights(view(**base), ON).spots)
    assert order.index("1b") > order.index("1c")


def test_a_prompt_blinks_its_choices_and_keeps_the_selected_one_lit() -> None:
    legend = Legend()
    prompt = PromptView(("2b2a", "2b2a+"), (frozenset({"2b", "2a"}), frozenset({"2b"})), 1)
    lit = legend.lights(view(Phase.PROMPT, prompt=prompt), ON)
    assert lit.blinking
    assert lit.spots == {
        "2a": legend.colour(Meaning.PROMPT),
        "2b": legend.colour(Meaning.SELECTED),
    }
    assert lit.indicators["status"] == legend.colour(Meaning.PROMPT)
    dark = legend.lights(view(Phase.PROMPT, prompt=prompt), OFF)
    assert dark.blinking
    assert dark.spots == {"2b": legend.colour(Meaning.SELECTED)}
    assert "status" not in dark.indicators


def test_corrections_and_illegal_moves_blink_and_plain_play_does_not() -> None:
    legend = Legend()
    assert not legend.lights(view(last_move=frozenset({"1c"})), ON).blinking
    assert not legend.lights(view(Phase.SETUP, missing=frozenset({"1c"})), ON).blinking
    correction = Correction("1c", "1d", 1, 2)
    assert legend.lights(view(Phase.CORRECTION, correction=correction), ON).blinking
    assert legend.lights(view(illegal=frozenset({"1c"})), OFF).blinking
    dark = legend.lights(view(Phase.CORRECTION, correction=correction), OFF)
    assert "1c" not in dark.spots and "1d" not in dark.spots


def test_a_piece_to_turn_over_alternates_remove_and_fill() -> None:
    legend = Legend()
    turn_over = view(Phase.CORRECTION, correction=Correction("2c", "2c", 1, 1))
    assert legend.lights(turn_over, ON).spots["2c"] == legend.colour(Meaning.REMOVE)
    assert legend.lights(turn_over, OFF).spots["2c"] == legend.colour(Meaning.FILL)


def test_setup_shows_only_what_to_place_and_remove() -> None:
    legend = Legend()
    setup = view(
        Phase.SETUP,
        missing=frozenset({"1d"}),
        extra=frozenset({"1c"}),
        last_move=frozenset({"2c"}),
        threatened=frozenset({"2b"}),
    )
    lights = legend.lights(setup, ON)
    assert lights.spots == {
        "1d": legend.colour(Meaning.FILL),
        "1c": legend.colour(Meaning.REMOVE),
    }
    assert lights.indicators == {"status": legend.colour(Meaning.FILL)}  # no turn in setup


@pytest.mark.parametrize("palette", list(PALETTES.values()), ids=list(PALETTES))
@pytest.mark.parametrize("turn", [0, 1])
def test_the_turn_indicator_lights_the_movers_seat_colour(palette: Palette, turn: int) -> None:
    legend = Legend(palette)
    lights = legend.lights(BoardView(Phase.PLAY, SEATS, turn), ON)
    assert lights.indicators == {f"turn:{turn}": palette.seat(SEATS[turn])}
    assert palette.seat(SEATS[0]) != palette.seat(SEATS[1])
    assert palette.seat(SEATS[turn]) == palette.seats[SEATS[turn].colour]


def test_an_unknown_seat_colour_is_grey() -> None:
    from engine.geometry import Seat

    assert DEFAULT_PALETTE.seat(Seat("X", "x", "ultraviolet")) == Colour(200, 200, 200)


def test_after_the_end_the_winners_seats_are_lit() -> None:
    legend = Legend()
    won = BoardView(Phase.GAME_OVER, SEATS, 0, outcome=Outcome.win(Termination.TRY, 1))
    assert legend.lights(won, ON).indicators == {"turn:1": DEFAULT_PALETTE.seat(SEATS[1])}
    drawn = BoardView(Phase.GAME_OVER, SEATS, 0, outcome=Outcome.draw(Termination.REPETITION))
    assert legend.lights(drawn, ON).indicators == {}


@pytest.mark.parametrize("palette", list(PALETTES.values()), ids=list(PALETTES))
def test_a_fault_lights_the_status_led_over_everything(palette: Palette) -> None:
    legend = Legend(palette)
    prompt = PromptView(("E*2b", "G*2b"), (frozenset({"2b"}), frozenset({"2b"})), 0)
    cases: list[tuple[Phase, dict[str, Any]]] = [
        (Phase.PLAY, {}),
        (Phase.SETUP, {"missing": frozenset({"1d"})}),
        (Phase.PROMPT, {"prompt": prompt}),
    ]
    for phase, fields in cases:
        lit = legend.lights(view(phase, fault=verbatim("0x20 is silent"), **fields), ON)
        assert lit.blinking  # a fault blinks: told from the steady colours by its blinking
        assert lit.indicators["status"] == palette.colours[Meaning.FAULT]
        dark = legend.lights(view(phase, fault=verbatim("0x20 is silent"), **fields), OFF)
        assert dark.blinking
        assert "status" not in dark.indicators  # no other meaning shows through


def test_a_suggested_move_blinks_slowly() -> None:
    legend = Legend()
    hinted = view(hint=frozenset({"1c"}), last_move=frozenset({"1c"}))
    slow = 2 * BLINK_PERIOD
    assert legend.lights(hinted, ON).spots["1c"] == legend.colour(Meaning.HINT)
    assert legend.lights(hinted, OFF).spots["1c"] == legend.colour(Meaning.HINT)  # a slow pace
    assert legend.lights(hinted, slow + ON).spots["1c"] == legend.colour(Meaning.LAST_MOVE)
    assert legend.lights(hinted, slow + ON).blinking


def test_extra_indicators_are_passed_through() -> None:
    dice = {"die:1": Colour(1, 2, 3)}
    lights = Legend().lights(view(extra_indicators=dice), ON)
    assert lights.indicators["die:1"] == Colour(1, 2, 3)


# --- on the simulated strip --------------------------------------------------------------


def test_the_simulated_board_lights_the_turn_and_the_status() -> None:
    sim = make_sim()
    seats = {seat: indicator(sim, f"turn:{seat}") for seat in (0, 1)}
    black = DEFAULT_PALETTE.seat(SEATS[0])
    assert seats == {0: (black.red, black.green, black.blue), 1: None}
    sim.perform("1d1c")
    white = DEFAULT_PALETTE.seat(SEATS[1])
    assert indicator(sim, "turn:1") == (white.red, white.green, white.blue)
    assert indicator(sim, "turn:0") is None
    assert indicator(sim, "status") is None


def test_the_colour_blind_palette_reaches_the_strip() -> None:
    from firmware_host.loops.simulator import Simulation
    from firmware_host.store.storage import GameStore
    from hardware.profile import load_profile

    sim = Simulation(
        GAME,
        load_profile("sim", GAME),
        GameStore(":memory:"),
        resume=False,
        palette=COLOUR_BLIND_PALETTE,
    )
    track(sim)
    sim.settle()
    threat = COLOUR_BLIND_PALETTE.colours[Meaning.THREAT]
    assert sim.spot_colour("2c") == (threat.red, threat.green, threat.blue)
