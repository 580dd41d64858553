"""Profile sections of the new front ends: each one read, and each mistake named with its
file, line and reason, like the rest of a profile."""

from __future__ import annotations

import re

import pytest

from drivers.buttons import ButtonRole
from engine.physical import NORTH, SOUTH, Sensing
from engine.registry import find_game
from hardware.calibration import Thresholds
from hardware.profile import Profile, ProfileError, load_profile, parse_profile
from tests.hardware.parts import adcs, analog, chains, expanders, muxes, serial_scanner

DOBUTSU = find_game("dobutsu")
SOURCE = "board.toml"
HEAD = 'name = "test board"\ngames = ["dobutsu"]\n'
POLARITY = HEAD + 'sensing = "polarity"\n'
LEDS = '[leds]\nbackend = "simulated"\ncount = 20\n'


def parse(text: str) -> Profile:
    return parse_profile(text, SOURCE, DOBUTSU)


def refused(text: str, needle: str | None, reason: str) -> ProfileError:
    """Parsing fails at the line holding ``needle`` with a reason matching ``reason``."""
    with pytest.raises(ProfileError) as caught:
        parse(text)
    error = caught.value
    if needle is not None:
        lines = [n for n, line in enumerate(text.splitlines(), start=1) if needle in line]
        assert len(lines) == 1, f"{needle!r} on lines {lines}"
        assert error.line == lines[0], (error.line, lines[0], str(error))
    assert str(error).startswith(f"{SOURCE}:{error.line}: ")
    assert re.search(reason, error.reason), error.reason
    return error


MUX = "[[tca9548a]]\naddress = 0x70\n"


def test_chips_behind_a_tca9548a_have_their_own_segment_and_labels() -> None:
    text = (
        HEAD
        + MUX
        + (
            '[[mcp23017]]\nmux = 0x70\nmux_channel = 2\naddress = 0x20\nchannels = { A0 = "3a" }\n'
            '[[mcp23017]]\nmux = 0x70\nmux_channel = 5\naddress = 0x20\nchannels = { A1 = "2a" }\n'
            '[[mcp23017]]\naddress = 0x21\nchannels = { B3 = "1a" }\n'
        )
    )
    profile = parse(text + LEDS)
    assert [(m.bus, m.address) for m in muxes(profile)] == [(1, 0x70)]
    labels = [channel.label for channel in profile.channels]
    assert labels == ["0x70.2:0x20/A0", "0x70.5:0x20/A1", "0x21/B3"]
    assert [chip.place.segment_name for chip in expanders(profile)] == [
        "i2c-1/0x70.2",
        "i2c-1/0x70.5",
        "i2c-1",
    ]
    assert profile.bus_numbers == (1,)


def test_an_analog_board_with_multiplexers_and_direct_inputs() -> None:
    text = POLARITY + (
        "[[ads7830]]\naddress = 0x48\nthresholds = { north = 170, south = 90 }\n"
        '[ads7830.channels]\nCH7 = "1d"\n'
        "[[ads7830.cd74hc4067]]\ninput = 0\nselect = [17, 27, 22, 23]\n"
        '[ads7830.cd74hc4067.channels]\nI0 = "3a"\nI15 = "2a"\n'
        "[[ads7830.cd74hc4067]]\ninput = 1\nselect = [17, 27, 22, 23]\nenable_gpio = 24\n"
        'channels = { I3 = "1a" }\n'
        "[[ads1115]]\nbus = 3\naddress = 0x49\nfull_scale = 2.048\ndata_rate = 475\n"
        'channels = { AIN2 = "3b" }\n'
    )
    profile = parse(text + LEDS)
    eight, sixteen = adcs(profile)
    assert (eight.chip, eight.address, eight.thresholds) == ("ADS7830", 0x48, Thresholds(170, 90))
    assert [c.label for c in eight.all_channels] == [
        "0x48/CH7",
        "0x48/CH0/I0",
        "0x48/CH0/I15",
        "0x48/CH1/I3",
    ]
    assert [(m.input, m.select, m.enable_gpio) for m in eight.muxes] == [
        (0, (17, 27, 22, 23), None),
        (1, (17, 27, 22, 23), 24),
    ]
    assert (sixteen.chip, sixteen.full_scale, sixteen.data_rate) == ("ADS1115", 2.048, 475)
    assert sixteen.channels[0].label == "i2c-3:0x49/AIN2"
    assert profile.bus_numbers == (1, 3)
    assert profile.sensed_spots == {"1d", "3a", "2a", "1a", "3b"}
    # an analog channel reads both poles itself: no pairs are needed
    assert all(channel.pole is None for channel in profile.channels)
    assert analog(profile).thresholds("0x48/CH1/I3") == Thresholds(170, 90)
    default = sixteen.thresholds
    assert default.north > default.south  # north-up pieces read high by default


def test_a_shift_register_chain_and_a_serial_scanner() -> None:
    text = POLARITY + (
        "[[74hc165]]\nload_gpio = 25\nchips = 2\n"
        '[74hc165.channels]\n0A = "3a:north"\n0B = "3a:south"\n1H = "2a:north"\n1G = "2a:south"\n'
        '[serial_scanner]\nurl = "socket://localhost:7000"\n'
        '[serial_scanner.channels]\n0 = "1a"\n7 = "1b"\n'
    )
    profile = parse(text + LEDS)
    (chain,) = chains(profile)
    assert (chain.name, chain.load_gpio, chain.chips, chain.check_byte) == ("spi0.0", 25, 2, True)
    assert [(c.bit, c.label, c.spot, c.pole) for c in chain.channels] == [
        (0, "spi0.0/0A", "3a", NORTH),
        (1, "spi0.0/0B", "3a", SOUTH),
        (14, "spi0.0/1G", "2a", SOUTH),
        (15, "spi0.0/1H", "2a", NORTH),
    ]
    serial = serial_scanner(profile)
    assert serial is not None
    assert (serial.url, serial.baudrate) == ("socket://localhost:7000", 115_200)
    assert [(c.channel, c.label, c.spot) for c in serial.channels] == [
        (0, "serial/0", "1a"),
        (7, "serial/7", "1b"),
    ]


def test_the_pi5_and_spi_led_backends() -> None:
    pio = parse(HEAD + '[leds]\nbackend = "pio"\ncount = 12\ndevice = "/dev/leds1"\nrgbw = true\n')
    assert (pio.leds.backend, pio.leds.device, pio.leds.rgbw, pio.leds.gpio) == (
        "pio",
        "/dev/leds1",
        True,
        18,
    )
    spi = parse(HEAD + '[leds]\nbackend = "spi"\ncount = 12\nspi_bits = 4\norder = "rgb"\n')
    assert (spi.leds.spi_bus, spi.leds.spi_device, spi.leds.spi_bits, spi.leds.order) == (
        0,
        0,
        4,
        "RGB",
    )


def test_every_bundled_profile_keeps_its_meaning() -> None:
    # the old profiles read as before: no new front end appears in them
    for name in ("sim-dobutsu", "dobutsu-reference", "sim-shogi-polarity"):
        profile = load_profile(name)
        assert (muxes(profile), adcs(profile), chains(profile)) == ((), (), ())
        assert serial_scanner(profile) is None and profile.retries == 2


# --- mistakes --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("section", "needle", "reason"),
    [
        ("[[tca9548a]]\naddress = 0x70\nspeed = 1\n", "speed", r"unknown key 'speed'"),
        ("[[tca9548a]]\naddress = 0x68\n", "0x68", r"^a TCA9548A address is 0x70\.\.0x77"),
        (MUX + "[[tca9548a]]\naddress = 0x70 # again\n", "# again", r"already taken by TCA9548A"),
        (
            "[[ads7830]]\naddress = 0x48\ngain = 2\n",
            "gain",
            r"unknown key 'gain' \(expected one of: bus, address, mux, mux_channel, reference",
        ),
        ("[[ads1115]]\naddress = 0x48\nreference = 'internal'\n", "reference", r"unknown key"),
        ("[[ads7830]]\naddress = 0x50\n", "0x50", r"^an ADS7830 address is 0x48\.\.0x4b"),
        ("[[ads7830]]\naddress = 0x48\nreference = 'vdd'\n", "vdd", r"external or internal"),
        ("[[ads1115]]\naddress = 0x48\nfull_scale = 5\n", "full_scale", r"full_scale 5\.0 V"),
        ("[[ads1115]]\naddress = 0x48\ndata_rate = 100\n", "data_rate", r"data_rate 100"),
        (
            "[[ads7830]]\naddress = 0x48\nthresholds = { north = 99, south = 99 }\n",
            "thresholds",
            r"must differ",
        ),
        ("[[ads7830]]\naddress = 0x48\nchannels = { CH8 = '3a' }\n", "CH8", r"CH0\.\.CH7"),
        ("[[ads1115]]\naddress = 0x48\nchannels = { AIN4 = '3a' }\n", "AIN4", r"AIN0\.\.AIN3"),
        (
            "[[ads7830]]\naddress = 0x48\nchannels = { CH0 = '3a:north' }\n",
            "CH0",
            r"reads both poles itself; write '3a'",
        ),
        (
            "[[ads7830]]\naddress = 0x48\nchannels = { CH0 = '3a' }\n"
            "[[ads7830.cd74hc4067]]\ninput = 0 # taken\nselect = [17, 27, 22, 23]\n"
            "channels = { I0 = '2a' }\n",
            "# taken",
            r"CH0 already has a sensor or a multiplexer on it",
        ),
        (
            "[[ads7830]]\naddress = 0x48\n[[ads7830.cd74hc4067]]\ninput = 0\n"
            "select = [17, 27, 22]\nchannels = { I0 = '2a' }\n",
            "select",
            r"four GPIOs on S0, S1, S2, S3",
        ),
        (
            "[[ads7830]]\naddress = 0x48\n[[ads7830.cd74hc4067]]\ninput = 0\n"
            "select = [17, 27, 22, 17]\nchannels = { I0 = '2a' }\n",
            "select",
            r"one GPIO twice",
        ),
        (
            "[[ads7830]]\naddress = 0x48\n[[ads7830.cd74hc4067]]\ninput = 0\n"
            "select = [17, 27, 22, 23]\nchannels = { I16 = '2a' }\n",
            "I16",
            r"I0\.\.I15",
        ),
        (
            "[[ads7830]]\naddress = 0x48\n[[ads7830.cd74hc4067]]\ninput = 0\n"
            "select = [17, 27, 22, 23]\nchannels = { I0 = '2a' }\n"
            "[[ads7830.cd74hc4067]]\ninput = 1\nselect = [17, 27, 24, 23] # other\n"
            "channels = { I0 = '1a' }\n",
            "# other",
            r"GPIO 17 is already used by select line S0 of a CD74HC4067",
        ),
        (
            "[[ads7830]]\naddress = 0x48\n[[ads7830.cd74hc4067]]\ninput = 0\n"
            "select = [17, 27, 22, 23]\nchannels = { I0 = '2a' }\nspeed = 3\n",
            "speed",
            r"unknown key 'speed' \(expected one of: input, select, enable_gpio, channels\)",
        ),
        (
            "[[74hc165]]\nload_gpio = 25\nchips = 0\nchannels = {}\n",
            "chips",
            r"chips 0 is outside 1\.\.64",
        ),
        (
            "[[74hc165]]\nload_gpio = 25\nchips = 1\nchannels = { 1A = '3a' }\n",
            "1A",
            r"not an input of this chain: chip 0\.\.0 then A\.\.H",
        ),
        (
            "[[74hc165]]\nload_gpio = 28\nchips = 1\nchannels = { 0A = '3a' }\n",
            "load_gpio",
            r"GPIO number 0\.\.27",
        ),
        (
            "[[74hc165]]\nload_gpio = 25\nchips = 1\nchannels = { 0A = '3a' }\n"
            "[[74hc165]]\nload_gpio = 26\nchips = 1\nspi_device = 0 # same\nchannels = {}\n",
            "# same",
            r"spi0\.0 already reads another chain",
        ),
        ("[serial_scanner]\nurl = ''\nchannels = {}\n", "url", r"must name a serial port"),
        (
            "[serial_scanner]\nurl = '/dev/ttyACM0'\nchannels = { x = '3a' }\n",
            "x =",
            r"'x' is not a scanner channel number",
        ),
        (
            "[serial_scanner]\nurl = '/dev/ttyACM0'\nbaudrate = 300\nchannels = {}\n",
            "baudrate",
            r"baudrate 300 is outside",
        ),
        ("[scan]\nretries = 6\n", "retries", r"6 retries is outside 0\.\.5"),
    ],
)
def test_mistakes_in_the_new_sections(section: str, needle: str, reason: str) -> None:
    refused(HEAD + section + LEDS, needle, reason)


@pytest.mark.parametrize(
    ("chip", "needle", "reason"),
    [
        ("mux = 0x71\nmux_channel = 0\n", "0x71", r"no TCA9548A at 0x71 on bus 1: declare it"),
        ("mux = 0x70\n", "mux = 0x70", r"needs mux_channel \(0\.\.7\)"),
        ("mux_channel = 2\n", "mux_channel", r"mux_channel needs mux"),
        ("mux = 0x70\nmux_channel = 8\n", "mux_channel", r"mux_channel 8 is outside 0\.\.7"),
    ],
)
def test_a_chip_behind_a_multiplexer_names_it_fully(chip: str, needle: str, reason: str) -> None:
    text = HEAD + MUX + "[[mcp23017]]\naddress = 0x20\n" + chip + 'channels = { A0 = "3a" }\n'
    refused(text + LEDS, needle, reason)


def test_addresses_clash_across_segments_only_where_both_are_heard() -> None:
    same_segment = (
        HEAD
        + MUX
        + (
            '[[mcp23017]]\nmux = 0x70\nmux_channel = 1\naddress = 0x20\nchannels = { A0 = "3a" }\n'
            "[[mcp23017]]\nmux = 0x70\nmux_channel = 1\naddress = 0x20 # twice\nchannels = {}\n"
        )
    )
    refused(
        same_segment + LEDS, "# twice", r"two MCP23017 at 0x20 on bus 1, TCA9548A 0x70 channel 1"
    )
    root_and_segment = (
        HEAD
        + MUX
        + (
            "[[ads7830]]\naddress = 0x48\n"
            "[[ads7830]]\nmux = 0x70\nmux_channel = 0\naddress = 0x48 # behind\n"
        )
    )
    refused(
        root_and_segment + LEDS,
        "# behind",
        r"0x48 on bus 1, TCA9548A 0x70 channel 0 is already taken by ADS7830 0x48",
    )
    elsewhere = same_segment.replace(
        "mux_channel = 1\naddress = 0x20 # twice", "mux_channel = 2\naddress = 0x20"
    )
    assert len(expanders(parse(elsewhere + LEDS))) == 2


def test_a_spot_wired_by_two_front_ends_names_both_channels() -> None:
    text = HEAD + (
        '[[mcp23017]]\naddress = 0x20\nchannels = { A0 = "3a" }\n'
        "[[74hc165]]\nload_gpio = 25\nchips = 1\nchannels = { 0C = '3a' }\n"
    )
    refused(text + LEDS, "0C", r"^'3a' is wired twice: 0x20/A0 and spi0\.0/0C$")
    text = POLARITY + (
        '[[mcp23017]]\naddress = 0x20\nchannels = { A0 = "3a:north", A1 = "3a:south" }\n'
        "[serial_scanner]\nurl = '/dev/ttyACM0'\nchannels = { 4 = '3a' }\n"
    )
    refused(text + LEDS, "4 =", r"^'3a' is wired twice: 0x20/A0 and serial/4$")
    text = POLARITY + (
        "[[ads7830]]\naddress = 0x48\nchannels = { CH1 = '2a' }\n"
        '[[mcp23017]]\naddress = 0x20\nchannels = { A0 = "2a:north" }\n'
    )
    # expanders are read first, whatever the order in the file: the ADC's line is named
    refused(text + LEDS, "CH1", r"^'2a' is wired twice: 0x20/A0 and 0x48/CH1$")


def test_gpios_are_used_once_across_front_ends_buttons_and_leds() -> None:
    select = (
        "[[ads7830]]\naddress = 0x48\n[[ads7830.cd74hc4067]]\ninput = 0\n"
        "select = [5, 27, 22, 23]\nchannels = { I0 = '2a' }\n"
    )
    refused(
        HEAD + select + LEDS + "[buttons]\nok = 5\n",
        "select",
        r"GPIO 5 is already used by button ok",
    )
    chain = "[[74hc165]]\nload_gpio = 6\nchips = 1\nchannels = { 0A = '3a' }\n"
    refused(HEAD + chain + LEDS + "[buttons]\nnext = 6\n", "load_gpio", r"GPIO 6 is already used")
    chain = "[[74hc165]]\nload_gpio = 25\nchips = 1\nchannels = { 0A = '3a' }\n"
    spi_strip = '[leds]\nbackend = "spi"\ncount = 20\nspi_bus = 0\n'
    refused(
        HEAD + chain + spi_strip,
        "spi_bus",
        r"GPIO 11 is already used by SPI0 SCLK",
    )
    on_spi1 = spi_strip.replace("spi_bus = 0", "spi_bus = 1")
    assert parse(HEAD + chain + on_spi1).leds.spi_bus == 1
    pio = '[leds]\nbackend = "pio"\ncount = 20\ngpio = 25 # strip\n'
    refused(HEAD + chain + pio, "# strip", r"GPIO 25 is already used by the SH/LD line")
    shared = select.replace("[5,", "[4,") + (
        "[[ads7830.cd74hc4067]]\ninput = 1\nselect = [4, 27, 22, 23]\nchannels = { I0 = '1a' }\n"
    )
    profile = parse(HEAD + shared + LEDS + "[buttons]\nok = 5\n")
    assert dict(profile.buttons) == {ButtonRole.OK: 5}
    assert len(adcs(profile)[0].muxes) == 2


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ('backend = "dmx"', r"LED backend 'dmx' is not one of ws281x, simulated, pio, spi"),
        ("spi_bits = 5", r"spi_bits must be 3 \(2\.4 MHz\) or 4 \(3\.2 MHz\), not 5"),
        ('order = "RGBX"', r"colour order 'RGBX' is not one of"),
        ('device = "leds0"', r"device 'leds0' is not under /dev/"),
        ("spi_device = 4", r"spi_device 4 is outside 0\.\.3"),
    ],
)
def test_mistakes_in_the_led_backends(line: str, reason: str) -> None:
    refused(HEAD + "[leds]\ncount = 12\n" + line + "\n", line, reason)


def test_polarity_pairs_are_checked_across_every_front_end() -> None:
    text = POLARITY + "[[74hc165]]\nload_gpio = 25\nchips = 1\nchannels = { 0A = '3a:north' }\n"
    refused(text + LEDS, "0A", r"^polarity sensing needs 3a:north and 3a:south$")
    sensing = parse(POLARITY + "[[ads7830]]\naddress = 0x48\nchannels = { CH0 = '3a' }\n" + LEDS)
    assert sensing.sensing is Sensing.POLARITY
