"""kiban doctor on simulated boards, some of them miswired on purpose: found and missing
chips, the sensor walk naming a crossed or dead channel, the LED and button tests."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

import pytest

from drivers.buttons import LONG_PRESS, ButtonRole
from engine.game import Game
from engine.registry import find_game
from firmware_host.cli import main
from firmware_host.telling.legend import DEFAULT_PALETTE, Meaning
from firmware_host.tools.desk.doctor import Doctor, Report
from firmware_host.tools.desk.sim_bench import SimulatedBench, simulated_bench
from hardware.frontends.expanders import ExpandersSpec
from hardware.mock.bus import SimulatedI2CBus
from hardware.mock.frontends.analog import AnalogModels
from hardware.mock.frontends.i2c_muxes import I2CMuxModels
from hardware.mock.frontends.serial_scanner import SerialScannerModel
from hardware.mock.mcp23017 import MCP23017Model
from hardware.mock.wiring import cut, swapped
from hardware.profile import Profile, load_profile
from tests.hardware.parts import expanders

DOBUTSU = find_game("dobutsu")
SHOGI = find_game("shogi")


def visit(
    name: str,
    game: Game[Any] = DOBUTSU,
    *,
    parts: tuple[str, ...] = ("bus", "walk"),
    spots: list[str] | None = None,
    physical: Any = None,
    expect: str | None = None,
    **hand: Any,
) -> tuple[Report, SimulatedBench]:
    profile = load_profile(name, game)
    wiring = physical(profile) if physical is not None else None
    sim = simulated_bench(profile, game, physical=wiring, **hand)
    report = Doctor(sim.bench, sim.hardware.buses).run(parts, spots, expect=expect)
    return report, sim


def test_a_board_wired_as_its_profile_has_no_problems() -> None:
    report, sim = visit("sim")
    assert "i2c-1 0x20: MCP23017 found" in report.lines
    assert "walk test: 12 of 12 spots answered as wired" in report.lines
    assert report.lines[-1] == "doctor: no problems found"
    assert report.problems == 0
    placed = [ask.spot for ask in sim.hand.asks if ask.kind == "place"]
    assert placed == list(DOBUTSU.cells)  # every cell, in the game's order


def test_crossed_wires_are_named_channel_by_channel() -> None:
    report, _ = visit("sim", physical=lambda p: swapped(p, "2b", "2c"))
    assert "channel 0x20/B1 answered for cell 2b, expected 2c" in report.lines
    assert "channel 0x20/A4 answered for cell 2c, expected 2b" in report.lines
    assert "cell 2b: its own channel 0x20/A4 did not answer" in report.lines
    assert "walk test: 10 of 12 spots answered as wired; wrong: 2b, 2c" in report.lines
    assert report.problems == 4


def test_the_briefs_example_behind_a_multiplexer() -> None:
    report, _ = visit(
        "sim-shogi-mux",
        SHOGI,
        physical=lambda p: swapped(p, "4e", "4f"),
        spots=["4e", "4f", "3f"],
    )
    assert "channel 0x70.0:0x27/A2 answered for cell 4e, expected 4f" in report.lines
    assert "channel 0x70.0:0x27/A3 answered for cell 4e, expected 4f" in report.lines
    assert "walk test: 1 of 3 spots answered as wired; wrong: 4e, 4f" in report.lines
    assert "i2c-1/0x70.1 0x23: MCP23017 found" in report.lines


def test_a_dead_channel_is_named_and_never_heard() -> None:
    report, _ = visit("sim-dobutsu-polarity", physical=lambda p: cut(p, "2b"))
    assert "cell 2b: nothing answered (channel 0x20/B1 dead?)" in report.lines
    assert "cell 2b: nothing answered (channel 0x20/B2 dead?)" in report.lines
    assert "channel 0x20/B1 (2b) never answered" in report.lines
    assert report.lines[-2].endswith("; dead: 2b")


def test_a_polarity_pair_soldered_the_wrong_way_round() -> None:
    def crossed_pair(profile: Profile) -> Profile:
        import dataclasses

        chip = expanders(profile)[0]
        channels = tuple(
            dataclasses.replace(ch, pole=3 - ch.pole) if ch.spot == "3a" and ch.pole else ch
            for ch in chip.channels
        )
        chips = (dataclasses.replace(chip, channels=channels), *expanders(profile)[1:])
        return profile.with_part(ExpandersSpec(chips))

    report, _ = visit("sim-dobutsu-polarity", physical=crossed_pair, spots=["3a", "2a"])
    assert (
        "channel 0x20/A1 (south sensor of 3a) answered a north-up piece on cell 3a: "
        "the pair is swapped"
    ) in report.lines
    assert "cell 2a: 0x20/A2 answered (north up)" in report.lines


@pytest.mark.parametrize(
    ("name", "crossed", "answer"),
    [
        ("sim-dobutsu-165", ("3a", "2a"), "channel spi0.0/0B answered for cell 3a, expected 2a"),
        ("sim-dobutsu-serial", ("3a", "2a"), "channel serial/1 answered for cell 3a, expected 2a"),
        (
            "sim-dobutsu-ads1115",
            ("3a", "2b"),
            "channel 0x49/AIN0 answered for cell 3a, expected 2b",
        ),
    ],
)
def test_every_front_end_names_its_crossed_channels(
    name: str, crossed: tuple[str, str], answer: str
) -> None:
    report, _ = visit(name, physical=lambda p: swapped(p, *crossed))
    assert answer in report.lines
    assert f"walk test: 10 of 12 spots answered as wired; wrong: {', '.join(crossed)}" in (
        report.lines
    )


def test_analog_channels_name_a_sensor_mounted_upside_down() -> None:
    profile = load_profile("sim-dobutsu-ads1115", DOBUTSU)
    sim = simulated_bench(profile, DOBUTSU)
    sim.hardware.model(AnalogModels).hall[
        "0x48/AIN1"
    ].sensitivity *= -1  # 2a's sensor, flipped over
    report = Doctor(sim.bench, sim.hardware.buses).run(("walk",), ["2a"])
    assert (
        "channel 0x48/AIN1 read south for a north-up piece on cell 2a: "
        "the sensor is mounted the other way up"
    ) in report.lines


def test_missing_and_unexpected_chips_are_named_by_address() -> None:
    profile = load_profile("sim-shogi", SHOGI)
    sim = simulated_bench(profile, SHOGI)
    bus: SimulatedI2CBus = sim.hardware.buses[1]
    bus.vanish(0x23)
    bus.attach(0x3C, MCP23017Model())  # a display someone left on the bus
    report = Doctor(sim.bench, sim.hardware.buses).run(("bus",))
    assert "i2c-1 0x22: MCP23017 found" in report.lines
    assert "i2c-1 0x23: MCP23017 missing (the profile expects it)" in report.lines
    assert "i2c-1 0x3c: an unexpected chip answers (not in the profile)" in report.lines
    assert report.problems == 2


def test_a_chip_missing_behind_a_multiplexer() -> None:
    profile = load_profile("sim-shogi-mux", SHOGI)
    sim = simulated_bench(profile, SHOGI)
    sim.hardware.model(I2CMuxModels).muxes[(1, 0x70)].segment(1).vanish(0x22)
    report = Doctor(sim.bench, sim.hardware.buses).run(("bus",))
    assert "i2c-1 0x70: TCA9548A found" in report.lines
    assert "i2c-1/0x70.1 0x22: MCP23017 missing (the profile expects it)" in report.lines
    assert "i2c-1/0x70.0 0x22: MCP23017 found" in report.lines
    assert not any("unexpected" in line for line in report.lines)


def test_a_board_that_cannot_open_is_reported_not_crashed() -> None:
    profile = load_profile("sim-dobutsu-serial", DOBUTSU)
    sim = simulated_bench(profile, DOBUTSU)
    sim.hardware.model(SerialScannerModel).device.silent = True
    report = Doctor(sim.bench, sim.hardware.buses).run()
    assert re.match(
        r"the board could not be opened: serial scanner on /dev/ttyACM0 sent no hello",
        report.lines[-2],
    )
    assert report.problems == 1


def test_the_led_test_lights_every_led_in_order_then_the_legend() -> None:
    report, sim = visit("sim", parts=("leds",))
    frames = sim.hardware.strip.frames
    count = sim.bench.profile.leds.count
    singles = [frame for frame in frames if sum(1 for v in frame if v) == 1]
    assert [frame.index(next(v for v in frame if v)) for frame in singles] == list(range(count))
    shown = [line for line in report.lines if line.startswith("legend colour:")]
    assert len(shown) == len(DEFAULT_PALETTE.colours)
    fill = DEFAULT_PALETTE.colours[Meaning.FILL]
    assert f"legend colour: square to fill {fill.hex()}" in shown
    brightness = sim.bench.profile.leds.brightness
    packed = fill.scaled(brightness).packed()
    assert any(set(frame) == {packed} for frame in frames)
    assert frames[-1] == (0,) * count


def test_the_button_test_names_a_silent_button_and_swapped_wires() -> None:
    report, _ = visit(
        "sim",
        parts=("buttons",),
        presses={ButtonRole.NEXT: ButtonRole.BACK, ButtonRole.BACK: None},
    )
    assert "button ok (GPIO 5): pressed" in report.lines
    assert (
        "button back (GPIO 13) pressed while waiting for next (GPIO 6): are their wires swapped?"
    ) in report.lines
    assert "button back (GPIO 13): no press within 10 s" in report.lines
    assert report.problems == 2


def test_the_walk_lights_the_cell_it_asks_for() -> None:
    seen: list[tuple[str, set[int]]] = []
    profile = load_profile("sim", DOBUTSU)
    sim = simulated_bench(profile, DOBUTSU)
    original = sim.hand.asked
    fill = DEFAULT_PALETTE.colours[Meaning.FILL]

    def asked(ask: Any, now: float) -> None:
        if ask.kind == "place":
            strip = sim.hardware.strip.frames[-1]
            lit = {
                i for i, v in enumerate(strip) if v == fill.scaled(profile.leds.brightness).packed()
            }
            seen.append((ask.spot, lit))
        original(ask, now)

    sim.hand.asked = asked  # type: ignore[method-assign]
    Doctor(sim.bench, sim.hardware.buses).run(("walk",), ["3a", "2d"])
    leds = dict(profile.leds.spots)
    assert seen == [("3a", set(leds["3a"])), ("2d", set(leds["2d"]))]


def test_kiban_doctor_simulated_from_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        [
            "doctor",
            "--profile",
            "sim-dobutsu",
            "--simulate",
            "--swap",
            "3a,1d",
            "--only",
            "bus,walk",
        ]
    )
    out = capsys.readouterr().out.splitlines()
    assert code == 1
    assert "channel 0x20/B5 answered for cell 3a, expected 1d" in out
    assert out[-1] == "doctor: 4 problems found"
    assert main(["doctor", "--profile", "sim-dobutsu", "--simulate", "--only", "walk"]) == 0
    assert main(["doctor", "--profile", "sim-dobutsu", "--only", "x-rays"]) == 2
    assert "unknown part 'x-rays'" in capsys.readouterr().err


def test_ok_skips_a_cell_without_calling_it_dead() -> None:
    profile = load_profile("sim", DOBUTSU)
    sim = simulated_bench(profile, DOBUTSU, ignore=["2b"])
    hand = sim.hand
    original = hand.asked

    def asked(ask: Any, now: float) -> None:
        original(ask, now)
        if ask.kind == "place" and ask.spot == "2b":  # no piece to hand: press ok instead
            hand.desk.at(now + 0.5, lambda: sim.hardware.press(ButtonRole.OK))

    hand.asked = asked  # type: ignore[method-assign]
    report = Doctor(sim.bench, sim.hardware.buses).run(("walk",), ["3a", "2b", "1b"])
    assert "cell 2b: skipped" in report.lines
    assert "walk test: 2 of 2 spots answered as wired; skipped: 2b" in report.lines
    assert report.problems == 0


def test_hint_held_long_in_the_button_test_is_still_the_hint_buttons_press(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    profile = load_profile("sim", DOBUTSU)
    wired = replace(profile, buttons=(*profile.buttons, (ButtonRole.HINT, 19)))
    sim = simulated_bench(wired, DOBUTSU)
    hardware = sim.hardware

    def held(role: ButtonRole) -> None:  # every button held well past the long press
        hardware.hold(role)
        hardware.clock.advance_to(hardware.clock.now() + LONG_PRESS + 0.1)
        hardware.release(role)

    monkeypatch.setattr(hardware, "press", held)
    report = Doctor(sim.bench, sim.hardware.buses).run(("buttons",))
    assert "button hint (GPIO 19): pressed" in report.lines  # told as puzzle, held
    assert report.problems == 0


# --- unattended: kiban doctor --expect (issue 80) ------------------------------------------


def test_the_unattended_walk_reads_the_board_as_it_stands_and_asks_nobody() -> None:
    """Nobody is at the board: it holds the start position, the walk reads it once it
    has settled and the buttons at rest. The interactive walk waited a time-out at each
    of its 12 cells and 3 buttons (minutes) when nobody answered."""
    report, sim = visit("dobutsu-reference", parts=("walk", "buttons"), expect="start")
    assert "walk test, unattended: 12 of 12 spots read as the start position puts them" in (
        report.lines
    )
    assert "button ok (GPIO 5): released at rest (not pressed)" in report.lines
    assert report.lines[-1] == "doctor: no problems found"
    assert [ask.kind for ask in sim.hand.asks] == ["arrange"]
    assert sim.bench.now() < 2.0  # the board settled: no time-out waited


def test_the_unattended_walk_names_a_crossed_pair_where_their_spots_differ() -> None:
    report, _ = visit(
        "dobutsu-reference", expect="start", physical=lambda p: swapped(p, "2b", "1c")
    )
    assert report.lines[-3:] == [
        "cell 1c: channel 0x20/B2 reads a piece, the start position leaves it empty",
        "walk test, unattended: 10 of 12 spots read as the start position puts them; not: 1c, 2b",
        "doctor: 2 problems found",
    ]
    assert "cell 2b: channel 0x20/A4 reads empty, the start position puts a piece there" in (
        report.lines
    )


def test_the_unattended_walk_takes_a_position_and_polarity() -> None:
    """A position of the game's own (after 2c2b, the captured chick in sente's hand) on
    a polarity board, each sensor of a pair active for its own pole only: the chick on
    2b is unpromoted, north face up, and its north sensor cut."""
    report, _ = visit(
        "sim-dobutsu-polarity", expect="g1e/1C1/3/ELG w C 2", physical=lambda p: cut(p, "2b")
    )
    assert report.problems == 1
    (dead,) = [line for line in report.lines if line.startswith("cell 2b")]
    assert dead.endswith("reads empty, the position given puts its north pole there")


def test_a_button_pressed_at_rest_is_found_unattended() -> None:
    dobutsu = DOBUTSU
    profile = load_profile("dobutsu-reference", dobutsu)  # its buttons: ok 5, next 6, back 13
    sim = simulated_bench(profile, dobutsu)
    opened = sim.bench.open_board

    def open_with_next_held(on_button: Any) -> Any:
        board = opened(on_button)
        sim.hardware.hold(ButtonRole.NEXT)  # once claimed, with its pull-up
        return board

    sim.bench.open_board = open_with_next_held
    report = Doctor(sim.bench, sim.hardware.buses).run(("buttons",), expect="start")
    assert report.lines[:2] == [
        "button ok (GPIO 5): released at rest (not pressed)",
        "button next (GPIO 6) reads pressed with nobody at the board: shorted to ground, or stuck",
    ]
    assert report.problems == 1


def test_kiban_doctor_expect_exits_by_what_it_found(capsys: pytest.CaptureFixture[str]) -> None:
    common = ["doctor", "--profile", "dobutsu-reference", "--simulate", "--only", "walk"]
    assert main([*common, "--expect"]) == 0
    assert "12 of 12 spots read as the start position" in capsys.readouterr().out
    assert main([*common, "--expect", "--swap", "2b,1c"]) == 1
    assert "not: 1c, 2b" in capsys.readouterr().out
