"""Board profiles: the bundled ones load, and every mistake names its file, line and reason."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from drivers.buttons import ButtonRole
from drivers.i2c_adapters import BCM2835, DESIGNWARE, PERMISSIVE, STRICTEST
from engine.game import Game
from engine.physical import NORTH, SOUTH, Sensing
from engine.registry import find_game
from hardware.frontends.expanders import ChannelSpec
from hardware.profile import (
    Profile,
    ProfileError,
    bundled_profiles,
    load_profile,
    parse_profile,
)
from hardware.profile_features import FeatureSection
from tests.hardware.parts import expanders
from tests.registered import product_games

DOBUTSU = find_game("dobutsu")
CELLS = frozenset(DOBUTSU.cells)
SOURCE = "board.toml"

HEAD = 'name = "test board"\ngames = ["dobutsu"]\n'
LEDS = '[leds]\nbackend = "simulated"\ncount = 20\n'


def parse(
    text: str, game: Game[Any] = DOBUTSU, features: Sequence[FeatureSection[Any]] = ()
) -> Profile:
    return parse_profile(text, SOURCE, game, features)


def line_of(text: str, needle: str) -> int:
    """The line number of the one line of ``text`` that holds ``needle``."""
    found = [n for n, line in enumerate(text.splitlines(), start=1) if needle in line]
    assert len(found) == 1, f"{needle!r} is on lines {found}"
    return found[0]


def refused(
    text: str,
    needle: str | None,
    reason: str,
    game: Game[Any] = DOBUTSU,
    features: Sequence[FeatureSection[Any]] = (),
) -> ProfileError:
    """Parsing fails at the line holding ``needle`` (None: no line) with ``reason``."""
    with pytest.raises(ProfileError) as caught:
        parse(text, game, features)
    error = caught.value
    line = None if needle is None else line_of(text, needle)
    assert error.source == SOURCE
    assert error.line == line
    where = SOURCE if line is None else f"{SOURCE}:{line}"
    assert str(error).startswith(f"{where}: ")
    assert re.search(reason, error.reason), error.reason
    return error


# --- bundled profiles ------------------------------------------------------------------


def test_the_bundled_profiles_are_listed() -> None:
    # each game's own profiles are checked with the game (e.g. test_shogi_profiles.py)
    assert {
        "dobutsu-reference",
        "sim-dobutsu",
        "sim-dobutsu-polarity",
        "sim-dobutsu-stands",
    } <= set(bundled_profiles())
    assert list(bundled_profiles()) == sorted(bundled_profiles())


@pytest.mark.parametrize("name", bundled_profiles())
def test_every_bundled_profile_loads_for_each_game_it_serves(name: str) -> None:
    served = load_profile(name).games
    assert served
    for game_name in served:
        assert load_profile(name, find_game(game_name)).serves(game_name)


@pytest.mark.parametrize("game", product_games(), ids=lambda game: game.name)
def test_every_game_has_its_simulated_board(game: Game[Any]) -> None:
    profile = load_profile("sim", game)
    assert profile.source == f"profiles/sim-{game.name}.toml"
    assert profile.leds.backend == "simulated"
    assert frozenset(game.cells) <= profile.sensed_spots


@pytest.mark.parametrize("name", [name for name in bundled_profiles() if "dobutsu" in name])
def test_every_bundled_profile_loads_for_robot_duel(name: str) -> None:
    profile = load_profile(name, DOBUTSU)
    assert profile.source == f"profiles/{name}.toml"
    assert profile.serves("dobutsu")
    assert profile.games == ("dobutsu",)
    assert profile.sensed_spots >= CELLS
    # every cell and every sensed spot has its LED, and no LED is past the strip
    lit = dict(profile.leds.spots)
    assert profile.sensed_spots <= lit.keys()
    used = [led for leds in lit.values() for led in leds]
    used += [led for _, leds in profile.leds.indicators for led in leds]
    assert len(used) == len(set(used))
    assert max(used) < profile.leds.count
    assert {name for name, _ in profile.leds.indicators} == {"turn:0", "turn:1", "status"}
    assert dict(profile.buttons) == {ButtonRole.OK: 5, ButtonRole.NEXT: 6, ButtonRole.BACK: 13}
    for chip in expanders(profile):
        assert chip.input_mask & 0x8080 == 0  # never GPA7 or GPB7


def test_sim_means_the_simulated_board_of_the_game() -> None:
    profile = load_profile("sim", DOBUTSU)
    assert profile.name == "Robot Duel simulated board"
    assert profile.source == "profiles/sim-dobutsu.toml"
    assert profile.sensing is Sensing.OCCUPANCY
    assert profile.sensed_spots == CELLS
    assert profile.leds.backend == "simulated"
    assert (profile.scan_hz, profile.debounce_scans) == (100.0, 3)
    assert profile.bus_numbers == (1,)
    (chip,) = expanders(profile)
    assert (chip.bus, chip.address, chip.interrupt_gpio) == (1, 0x20, 4)
    assert chip.input_mask == 0x3F3F
    assert [(c.pin_name, c.spot) for c in chip.channels][:4] == [
        ("A0", "3a"),
        ("A1", "2a"),
        ("A2", "1a"),
        ("A3", "3b"),
    ]


def test_the_reference_board_drives_a_real_strip_through_spidev_alone() -> None:
    """SPI0's MOSI (GPIO 10) by Kiban's own SPI driver: /dev/spidev0.0 and nothing
    else. rpi-ws281x's SPI mode also maps the GPIO registers through /dev/gpiomem,
    which a kernel without it refused at every start (issue 80)."""
    profile = load_profile("dobutsu-reference", DOBUTSU)
    assert (profile.leds.backend, profile.leds.spi_bus, profile.leds.spi_device) == ("spi", 0, 0)
    assert profile.leds.order == "GRB"
    assert profile.leds.brightness == 0.35


def test_the_better_sensing_profiles() -> None:
    polarity = load_profile("sim-dobutsu-polarity", DOBUTSU)
    assert polarity.sensing is Sensing.POLARITY
    assert polarity.sensed_spots == CELLS
    poles: dict[str, set[int | None]] = {}
    for chip in expanders(polarity):
        for channel in chip.channels:
            poles.setdefault(channel.spot, set()).add(channel.pole)
    assert poles == {cell: {NORTH, SOUTH} for cell in CELLS}
    stands = load_profile("sim-dobutsu-stands", DOBUTSU)
    hands = {"hand:b:C", "hand:b:E", "hand:b:G", "hand:w:C", "hand:w:E", "hand:w:G"}
    assert stands.sensed_spots == CELLS | hands
    assert dict(stands.leds.spots)["hand:w:G"] == (20,)


def test_sim_needs_a_game_and_unknown_names_list_the_bundled_ones() -> None:
    with pytest.raises(ProfileError, match=r"^sim: the simulated board needs a game$"):
        load_profile("sim")
    with pytest.raises(ProfileError) as caught:
        load_profile("no-such-board", DOBUTSU)
    assert str(caught.value).startswith("no-such-board: no such file or bundled profile")
    assert "sim-dobutsu-stands" in str(caught.value)


def test_a_profile_file_is_read_and_named_in_errors(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(HEAD + LEDS, encoding="utf-8")
    profile = load_profile(str(path), DOBUTSU)
    assert (profile.name, profile.source) == ("test board", str(path))
    path.write_text(HEAD + LEDS + "colour = 1\n", encoding="utf-8")
    with pytest.raises(ProfileError, match=rf"^{re.escape(str(path))}:6: unknown key 'colour'"):
        load_profile(str(path), DOBUTSU)
    missing = tmp_path / "missing.toml"
    with pytest.raises(ProfileError, match=r"missing\.toml: cannot read"):
        load_profile(str(missing), DOBUTSU)


def test_defaults_of_a_minimal_profile() -> None:
    profile = parse(HEAD + '[leds]\ncount = 4\n"spots" = { "3a" = 0 }\n')
    assert profile.sensing is Sensing.OCCUPANCY
    assert (profile.scan_hz, profile.debounce_scans) == (100.0, 3)
    assert expanders(profile) == ()
    assert profile.buttons == ()
    leds = profile.leds
    assert (leds.backend, leds.gpio, leds.brightness, leds.frequency_hz) == (
        "ws281x",
        18,
        0.35,
        800_000,
    )
    assert leds.spots == (("3a", (0,)),)


# --- validation errors -----------------------------------------------------------------


def test_invalid_toml_names_the_line_tomllib_found() -> None:
    text = HEAD + "[leds]\ncount = = 3\n"
    refused(text, "count = = 3", r"^not valid TOML: Invalid value$")


@pytest.mark.parametrize(
    "value",
    ["[" * 1000 + "]" * 1000, "{ b = " * 1000 + "1" + " }" * 1000],
    ids=["arrays", "inline tables"],
)
def test_toml_nested_too_deeply_is_refused_not_a_recursion_error(value: str) -> None:
    refused(HEAD + f"a = {value}\n" + LEDS, None, r"^not valid TOML: .*nested too deeply$")


def test_a_number_too_long_to_read_is_refused() -> None:
    refused(HEAD + "a = 1" + "0" * 5000 + "\n" + LEDS, None, r"^not valid TOML: Exceeds the limit")


def test_a_file_that_is_not_toml_text_names_its_file_and_line(tmp_path: Path) -> None:
    path = tmp_path / "board.toml"
    path.write_bytes((HEAD + "# caf\xe9\n").encode("latin-1") + LEDS.encode())
    with pytest.raises(ProfileError, match=rf"^{re.escape(str(path))}:3: not UTF-8 text"):
        load_profile(str(path), DOBUTSU)
    path.write_text(HEAD + "a = " + "[" * 1000 + "]" * 1000 + "\n", encoding="utf-8")
    with pytest.raises(ProfileError, match=rf"^{re.escape(str(path))}: not valid TOML"):
        load_profile(str(path), DOBUTSU)


def test_unknown_top_level_key() -> None:
    text = HEAD + 'colour = "red"\n' + LEDS
    refused(text, "colour", r"unknown key 'colour' \(expected one of: name, games, sensing,")


def test_unknown_key_in_leds() -> None:
    text = HEAD + LEDS + "colour = 3\n"
    refused(text, "colour", r"unknown key 'colour' \(expected one of: backend, count,")


def test_unknown_key_in_an_inline_table_of_an_array_of_tables() -> None:
    text = (
        HEAD
        + '[[mcp23017]]\naddress = 0x20\nchannels = { A0 = "3a" }\n'
        + '[[mcp23017]]\naddress = 0x21\nchannels = { A0 = "3b" }\nirq = 4\n'
        + LEDS
    )
    refused(text, "irq", r"unknown key 'irq'")


@pytest.mark.parametrize("key", ["name", "games"])
def test_a_missing_top_level_key_names_the_file(key: str) -> None:
    lines = {"name": 'name = "x"\n', "games": 'games = ["dobutsu"]\n'}
    text = "".join(line for k, line in lines.items() if k != key) + LEDS
    refused(text, None, rf"^missing key '{key}' in the top level$")


def test_missing_leds() -> None:
    refused(HEAD, None, r"^missing key 'leds' in the top level$")


def test_missing_led_count_names_the_leds_table() -> None:
    text = HEAD + '\n[leds]\nbackend = "simulated"\n'
    refused(text, "[leds]", r"^missing key 'count' in leds$")


def test_missing_address_names_its_chip() -> None:
    text = HEAD + '[[mcp23017]]\naddress = 0x20\nchannels = { A0 = "3a" }\n'
    text += '[[mcp23017]] # the second\nbus = 1\nchannels = { A0 = "3b" }\n' + LEDS
    refused(text, "# the second", r"^missing key 'address' in mcp23017\.1$")


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ('count = "ten"', r"^count must be a whole number, not 'ten'$"),
        ("count = true", r"^count must be a whole number, not True$"),
        ("count = 2.5", r"^count must be a whole number, not 2\.5$"),
        ("count = 0", r"^an LED count of 0 is outside 1\.\.4096$"),
        ('backend = "neopixel"', r"LED backend 'neopixel' is not one of ws281x, simulated"),
        ("brightness = 0", r"brightness 0\.0 is outside \(0, 1\]"),
        ("brightness = 1.5", r"brightness 1\.5 is outside \(0, 1\]"),
    ],
)
def test_wrong_values_in_leds(line: str, reason: str) -> None:
    text = HEAD + "[leds]\n" + ("count = 12\n" if not line.startswith("count") else "")
    text += line + "\n"
    refused(text, line, reason)


def test_wrong_types_elsewhere() -> None:
    refused('name = 3\ngames = ["dobutsu"]\n' + LEDS, "name = 3", r"^name must be text, not 3$")
    refused(
        'name = "x"\ngames = "dobutsu"\n' + LEDS,
        "games =",
        r"^games must be a list, not 'dobutsu'$",
    )
    refused(HEAD + "[scan]\nhz = 'fast'\n" + LEDS, "hz =", r"^hz must be a number, not 'fast'$")
    refused(HEAD + "scan = 100\n" + LEDS, "scan = 100", r"^scan must be a table, not 100$")


def test_games_must_name_known_games() -> None:
    refused('name = "x"\ngames = []\n' + LEDS, "games", r"^games must name at least one game$")
    refused('name = "x"\ngames = [3]\n' + LEDS, "games", r"^games must be names of games, not 3$")
    refused(
        'name = "x"\n\ngames = ["dobutsu", "chess"]\n' + LEDS,
        "games",
        r"^no game called 'chess'; known games: dobutsu",
    )


def test_a_profile_that_does_not_serve_the_game_asked_for() -> None:
    shogi = find_game("shogi")
    refused(HEAD + LEDS, "games", r"^this profile serves dobutsu, not shogi$", game=shogi)
    # Without a game to serve, any profile of known games loads.
    assert parse_profile(HEAD + LEDS, SOURCE).games == ("dobutsu",)


def test_the_host_names_the_board_model_and_so_its_i2c_adapter() -> None:
    assert parse(HEAD + LEDS).adapter is STRICTEST  # unsaid: plan for every Pi at once
    assert parse(HEAD + 'host = "pi4"\n' + LEDS).adapter is BCM2835
    assert parse(HEAD + 'host = "pi02"\n' + LEDS).adapter is BCM2835
    assert parse(HEAD + 'host = "pi5"\n' + LEDS).adapter is DESIGNWARE
    assert parse(HEAD + 'host = "other"\n' + LEDS).adapter is PERMISSIVE
    refused(HEAD + 'host = "pi6"\n' + LEDS, "host", r"^host 'pi6' is not a board model .*pi5")


def test_unknown_sensing() -> None:
    text = HEAD + 'sensing = "magnetic"\n' + LEDS
    refused(text, "sensing", r"^sensing must be occupancy or polarity, not 'magnetic'$")


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("hz = 0", r"^scan rate 0\.0 Hz is outside 1\.\.1000$"),
        ("hz = 0.5", r"^scan rate 0\.5 Hz is outside 1\.\.1000$"),
        ("hz = 1001", r"^scan rate 1001\.0 Hz is outside 1\.\.1000$"),
        ("debounce = 0", r"^debounce of 0 scans is outside 1\.\.50$"),
        ("debounce = 51", r"^debounce of 51 scans is outside 1\.\.50$"),
        ("debounce = 2.0", r"^debounce must be a whole number, not 2\.0$"),
    ],
)
def test_scan_rate_and_debounce_out_of_range(line: str, reason: str) -> None:
    text = HEAD + "[scan]\n" + line + "\n" + LEDS
    refused(text, line, reason)


@pytest.mark.parametrize(("hz", "debounce"), [(1, 1), (1000, 50), (62.5, 7)])
def test_scan_rate_and_debounce_at_their_limits(hz: float, debounce: int) -> None:
    profile = parse(HEAD + f"[scan]\nhz = {hz}\ndebounce = {debounce}\n" + LEDS)
    assert (profile.scan_hz, profile.debounce_scans) == (hz, debounce)
    assert isinstance(profile.scan_hz, float)


@pytest.mark.parametrize(
    ("scan", "idle"), [("", 10.0), ("hz = 50\n", 5.0), ("hz = 2\n", 1.0), ("hz = 1\n", 1.0)]
)
def test_a_board_at_rest_is_scanned_at_a_tenth_of_its_rate(scan: str, idle: float) -> None:
    assert parse(HEAD + "[scan]\n" + scan + LEDS).idle_hz == idle


def test_the_idle_scan_rate_is_set_within_the_scan_rate() -> None:
    assert parse(HEAD + "[scan]\nidle_hz = 100\n" + LEDS).idle_hz == 100.0
    text = HEAD + "[scan]\nhz = 50\nidle_hz = 60\n" + LEDS
    refused(text, "idle_hz = 60", r"^idle scan rate 60\.0 Hz is outside 1\.\.50$")
    refused(HEAD + "[scan]\nidle_hz = 0.5\n" + LEDS, "idle_hz = 0.5", r"outside 1\.\.100$")


def test_a_channel_must_name_a_spot_of_the_game() -> None:
    text = HEAD + '[[mcp23017]]\naddress = 0x20\n[mcp23017.channels]\nA0 = "3a"\nA1 = "4a"\n'
    refused(text + LEDS, 'A1 = "4a"', r"^'4a' is not a spot of this game$")
    text = HEAD + "[[mcp23017]]\naddress = 0x20\n[mcp23017.channels]\nA0 = 5\n"
    refused(text + LEDS, "A0 = 5", r"^channel A0 must name a spot, not 5$")


def test_one_spot_wired_twice_names_both_chips_and_pins() -> None:
    text = HEAD + (
        '[[mcp23017]]\naddress = 0x20\n[mcp23017.channels]\nA0 = "3a"\nA1 = "2a"\n'
        '[[mcp23017]]\naddress = 0x23\n[mcp23017.channels]\nB0 = "1a"\nB4 = "2a"\n'
    )
    refused(text + LEDS, 'B4 = "2a"', r"^'2a' is wired twice: 0x20/A1 and 0x23/B4$")


POLARITY = HEAD + 'sensing = "polarity"\n'


def test_polarity_sensing_needs_a_pole_on_every_channel() -> None:
    text = POLARITY + (
        '[[mcp23017]]\naddress = 0x20\n[mcp23017.channels]\nA0 = "3a:north"\nA1 = "3a"\n'
    )
    refused(text + LEDS, 'A1 = "3a"', r"^with polarity sensing, write 3a:north or 3a:south$")
    text = text.replace('A1 = "3a"', 'A1 = "3a:east"')
    refused(
        text + LEDS, "3a:east", r"^with polarity sensing, write 3a:east:north or 3a:east:south$"
    )


def test_polarity_sensing_needs_both_poles_of_a_spot() -> None:
    text = POLARITY + (
        "[[mcp23017]]\naddress = 0x20\n[mcp23017.channels]\n"
        'A0 = "3a:north"\nA1 = "3a:south"\nA2 = "2a:south"\nA3 = "1a:north"\nA4 = "1a:south"\n'
    )
    refused(text + LEDS, "2a:south", r"^polarity sensing needs 2a:north and 2a:south$")


def test_a_pole_needs_polarity_sensing() -> None:
    text = HEAD + '[[mcp23017]]\naddress = 0x20\nchannels = { A0 = "3a", A1 = "2a:north" }\n'
    refused(text + LEDS, "channels", r"^'2a:north': a pole only makes sense with polarity sensing$")


def test_a_pole_is_wired_once() -> None:
    text = POLARITY + (
        "[[mcp23017]]\naddress = 0x20\n[mcp23017.channels]\n"
        'A0 = "3a:north"\nA1 = "3a:south"\nA2 = "3a:north"\n'
    )
    refused(text + LEDS, 'A2 = "3a:north"', r"^'3a:north' is wired twice: 0x20/A0 and 0x20/A2$")


def test_stand_spots_with_colons_are_spots_not_poles() -> None:
    text = HEAD + (
        '[[mcp23017]]\naddress = 0x20\nchannels = { A0 = "hand:b:C", B6 = "hand:w:G" }\n'
    )
    (chip,) = expanders(parse(text + LEDS))
    assert chip.channels == (ChannelSpec(0, "hand:b:C"), ChannelSpec(14, "hand:w:G"))
    assert chip.input_mask == 0x4001
    text = POLARITY + (
        "[[mcp23017]]\naddress = 0x20\n"
        'channels = { A0 = "hand:b:C:north", A1 = "hand:b:C:south" }\n'
    )
    (chip,) = expanders(parse(text + LEDS))
    assert chip.channels == (ChannelSpec(0, "hand:b:C", NORTH), ChannelSpec(1, "hand:b:C", SOUTH))
    text = HEAD + '[[mcp23017]]\naddress = 0x20\nchannels = { A0 = "hand:x:C" }\n'
    refused(text + LEDS, "channels", r"^'hand:x:C' is not a spot of this game$")


# --- LEDs ------------------------------------------------------------------------------


def test_an_led_beyond_the_strip() -> None:
    text = HEAD + '[leds]\ncount = 12\n[leds.spots]\n"3a" = 0\n"2a" = [1, 12]\n'
    refused(text, '"2a" = [1, 12]', r"^LED 12 of spot 2a is beyond the strip of 12$")
    text = HEAD + '[leds]\ncount = 12\n[leds.indicators]\nstatus = 11\n"turn:0" = 12\n'
    refused(text, '"turn:0" = 12', r"^LED 12 of indicator turn:0 is beyond the strip of 12$")


def test_grid_leds_beyond_the_strip_name_the_grid() -> None:
    text = HEAD + '[leds]\ncount = 5\ngrid = [["3a", "2a", "1a"], ["3b", "2b", "1b"]]\n'
    refused(text, "grid", r"^LED 5 of spot 1b is beyond the strip of 5$")


def test_an_led_used_twice() -> None:
    text = HEAD + (
        '[leds]\ncount = 12\n[leds.spots]\n"3a" = 0\n"2a" = 1\n[leds.indicators]\nstatus = 1\n'
    )
    refused(text, "status = 1", r"^LED 1 is used twice: spot 2a and indicator status$")
    text = HEAD + '[leds]\ncount = 12\n[leds.spots]\n"3a" = [0, 1]\n"2a" = [2, 0]\n'
    refused(text, '"2a" = [2, 0]', r"^LED 0 is used twice: spot 3a and spot 2a$")


def test_shared_leds_need_corners() -> None:
    text = HEAD + '[leds]\ncount = 12\ncorners = true\n[leds.spots]\n"3a" = [0, 1]\n"2a" = [1, 2]\n'
    assert dict(parse(text).leds.spots) == {"3a": (0, 1), "2a": (1, 2)}
    # corners share LEDs between spots only, never with an indicator
    text += "[leds.indicators]\nstatus = 2\n"
    refused(text, "status = 2", r"^LED 2 is used twice: spot 2a and indicator status$")


@pytest.mark.parametrize(
    "value", ['"0"', "-1", "[]", "[0, true]", "{ a = 1 }", "1.0"], ids=lambda v: v
)
def test_led_indices_are_whole_numbers(value: str) -> None:
    text = HEAD + f'[leds]\ncount = 12\n[leds.spots]\n"3a" = {value}\n'
    refused(text, '"3a" =', r"^LEDs must be an index or a list of indices, not ")


def test_led_spots_must_be_spots_of_the_game() -> None:
    text = HEAD + '[leds]\ncount = 12\n[leds.spots]\n"3a" = 0\n"hand:b:L" = 1\n'
    refused(text, "hand:b:L", r"^'hand:b:L' is not a spot of this game$")


def grid_profile(rows: str, **options: str) -> Profile:
    extra = "".join(f"{key} = {value}\n" for key, value in options.items())
    return parse(HEAD + f"[leds]\ncount = 40\ngrid = {rows}\n{extra}")


ROWS = '[["3a", "2a", "1a"], ["3b", "2b", "1b"], ["3c", "2c", "1c"]]'


def test_a_grid_row_by_row() -> None:
    spots = dict(grid_profile(ROWS).leds.spots)
    assert spots == {
        "3a": (0,),
        "2a": (1,),
        "1a": (2,),
        "3b": (3,),
        "2b": (4,),
        "1b": (5,),
        "3c": (6,),
        "2c": (7,),
        "1c": (8,),
    }


def test_a_serpentine_grid_reverses_every_other_row() -> None:
    spots = dict(grid_profile(ROWS, serpentine="true").leds.spots)
    assert [spots[s] for s in ("3a", "2a", "1a")] == [(0,), (1,), (2,)]
    assert [spots[s] for s in ("3b", "2b", "1b")] == [(5,), (4,), (3,)]
    assert [spots[s] for s in ("3c", "2c", "1c")] == [(6,), (7,), (8,)]


def test_a_grid_starts_at_first() -> None:
    spots = dict(grid_profile(ROWS, serpentine="true", first="3").leds.spots)
    assert [spots[s] for s in ("3a", "1a", "3b", "1b", "3c")] == [(3,), (5,), (8,), (6,), (9,)]


def test_holes_in_a_grid_keep_their_leds() -> None:
    spots = dict(grid_profile('[["3a", "-", "1a"], ["-", "2b", "-"]]').leds.spots)
    assert spots == {"3a": (0,), "1a": (2,), "2b": (4,)}


def test_corner_leds_of_a_grid() -> None:
    # 3 x 3 cells have 4 x 4 corners: LED row r, column c is 4r + c.
    spots = dict(grid_profile(ROWS, corners="true").leds.spots)
    assert spots["3a"] == (0, 1, 4, 5)
    assert spots["2a"] == (1, 2, 5, 6)
    assert spots["1a"] == (2, 3, 6, 7)
    assert spots["3b"] == (4, 5, 8, 9)
    assert spots["2b"] == (5, 6, 9, 10)
    assert spots["1c"] == (10, 11, 14, 15)
    # neighbours share exactly the corners of the side (or the corner) between them
    assert set(spots["3a"]) & set(spots["2a"]) == {1, 5}
    assert set(spots["3a"]) & set(spots["3b"]) == {4, 5}
    assert set(spots["3a"]) & set(spots["2b"]) == {5}
    assert set(spots["3a"]) & set(spots["1c"]) == set()


def test_serpentine_corner_leds_with_an_offset() -> None:
    # the corner rows of LEDs run 2..5, 9..6, 10..13, 17..14
    spots = dict(grid_profile(ROWS, corners="true", serpentine="true", first="2").leds.spots)
    assert spots["3a"] == (2, 3, 9, 8)
    assert spots["1a"] == (4, 5, 7, 6)
    assert spots["2b"] == (8, 7, 11, 12)
    assert spots["1c"] == (12, 13, 15, 14)


def test_a_corner_grid_needs_one_more_row_and_column_of_leds() -> None:
    text = HEAD + f"[leds]\ncount = 15\ngrid = {ROWS}\ncorners = true\n"
    refused(text, "grid", r"^LED 15 of spot 1c is beyond the strip of 15$")


@pytest.mark.parametrize(
    "rows",
    [
        '[["3a", "2a", "1a"], ["3b", "2b"]]',
        '[["3a", "2a"], ["3b", "2b", "1b"]]',
        '["3a", "2a"]',
        '[["3a", 2]]',
    ],
)
def test_grid_rows_of_one_length_of_spot_names(rows: str) -> None:
    text = HEAD + f"[leds]\ncount = 12\n\ngrid = {rows}\n"
    refused(text, "grid", r"^grid must be rows of spot names, all of one length$")


def test_a_multi_line_grid_names_its_own_mistakes_and_the_keys_after_it() -> None:
    text = HEAD + (
        "[leds]\n"
        "count = 12\n"
        "grid = [\n"
        '    ["3a", "2a", "1a"],\n'
        '    ["3b", "2x", "1b"]\n'
        "]\n"
        'serpentine = "yes"\n'
    )
    refused(text, 'serpentine = "yes"', r"^serpentine must be true or false")
    refused(text.replace('"yes"', "true"), "grid = [", r"^'2x' is not a spot of this game$")


# --- buttons and GPIOs -----------------------------------------------------------------


def test_buttons_by_role() -> None:
    profile = parse(HEAD + LEDS + "[buttons]\nok = 0\nroll = 27\nclock = 4\n")
    assert profile.buttons == ((ButtonRole.OK, 0), (ButtonRole.ROLL, 27), (ButtonRole.CLOCK, 4))


def test_a_puzzle_button_by_role() -> None:
    profile = parse(HEAD + LEDS + "[buttons]\nok = 5\nhint = 19\npuzzle = 26\n")
    assert profile.buttons == ((ButtonRole.OK, 5), (ButtonRole.HINT, 19), (ButtonRole.PUZZLE, 26))


def test_an_unknown_button_role() -> None:
    text = HEAD + LEDS + "[buttons]\nok = 5\nfire = 6\n"
    buttons = "ok, next, back, roll, refill, clock, hint, puzzle"
    refused(text, "fire", rf"^unknown button 'fire' \(buttons: {buttons}\)$")


@pytest.mark.parametrize("gpio", ["28", "-1", '"5"', "true"])
def test_a_button_gpio_out_of_range(gpio: str) -> None:
    text = HEAD + LEDS + f"[buttons]\nok = 5\nnext = {gpio}\n"
    refused(text, "next", r"^button next needs a GPIO number 0\.\.27, not ")


def test_a_button_gpio_used_twice() -> None:
    text = HEAD + LEDS + "[buttons]\nok = 5\nnext = 6\nback = 5\n"
    refused(text, "back = 5", r"^GPIO 5 is used by both ok and back$")


def test_the_led_gpio_must_be_free() -> None:
    text = HEAD + "[leds]\ncount = 12\ngpio = 6\n[buttons]\nok = 5\nnext = 6\n"
    refused(text, "gpio = 6", r"^GPIO 6 is already used by button next$")
    chip = '[[mcp23017]]\naddress = 0x20\ninterrupt_gpio = 12\nchannels = { A0 = "3a" }\n'
    text = HEAD + chip + "[leds]\ncount = 12\ngpio = 12 # strip\n"
    refused(text, "# strip", r"^GPIO 12 is already used by interrupt line$")
    # the default GPIO 18 counts too, named at the [leds] table
    text = HEAD + "[leds]\ncount = 12\n[buttons]\nok = 18\n"
    refused(text, "[leds]", r"^GPIO 18 is already used by button ok$")
    # a simulated strip has no GPIO
    text = HEAD + '[leds]\nbackend = "simulated"\ncount = 12\n[buttons]\nok = 18\n'
    assert parse(text).buttons == ((ButtonRole.OK, 18),)
