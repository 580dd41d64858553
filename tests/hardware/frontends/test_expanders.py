"""The ``[[mcp23017]]`` tables: addresses, pins (GPA7 and GPB7 refused), and interrupt
lines shared by several chips."""

from __future__ import annotations

import pytest

from tests.hardware.parts import expanders
from tests.hardware.test_profile import HEAD, LEDS, parse, refused


@pytest.mark.parametrize(("address", "shown"), [("0x1f", "0x1f"), ("0x28", "0x28"), ("72", "0x48")])
def test_mcp23017_address_outside_0x20_0x27(address: str, shown: str) -> None:
    text = HEAD + f'[[mcp23017]]\naddress = {address}\nchannels = {{ A0 = "3a" }}\n' + LEDS
    refused(text, "address", rf"^an MCP23017 address is 0x20\.\.0x27, not {shown}$")


def test_two_chips_at_one_address_of_one_bus() -> None:
    text = HEAD + (
        '[[mcp23017]]\naddress = 0x20\nchannels = { A0 = "3a" }\n'
        '[[mcp23017]]\naddress = 0x21\nchannels = { A0 = "2a" }\n'
        '[[mcp23017]]\naddress = 0x20 # again\nchannels = { A0 = "1a" }\n'
    )
    refused(text + LEDS, "0x20 # again", r"^two MCP23017 at 0x20 on bus 1$")
    # The same address on another bus is another chip.
    other_bus = text.replace("0x20 # again", "0x20\nbus = 3")
    profile = parse(other_bus + LEDS)
    assert [(chip.bus, chip.address) for chip in expanders(profile)] == [
        (1, 0x20),
        (1, 0x21),
        (3, 0x20),
    ]
    assert profile.bus_numbers == (1, 3)


@pytest.mark.parametrize("pin", ["C0", "A8", "a0", "GPA0", "B", "A01"])
def test_a_pin_that_is_not_a0_to_b7(pin: str) -> None:
    text = HEAD + f'[[mcp23017]]\naddress = 0x20\n[mcp23017.channels]\nA0 = "3a"\n{pin} = "2a"\n'
    refused(
        text + LEDS, f'{pin} = "2a"', rf"^'{pin}' is not an MCP23017 pin \(A0\.\.A6, B0\.\.B6\)$"
    )


@pytest.mark.parametrize("pin", ["A7", "B7"])
def test_gpa7_and_gpb7_are_refused_with_the_erratum(pin: str) -> None:
    text = HEAD + f'[[mcp23017]]\naddress = 0x20\nchannels = {{ A0 = "3a", {pin} = "2a" }}\n'
    error = refused(text + LEDS, "channels", rf"^{pin} cannot be an input: GPA7 and GPB7")
    assert "output-only" in error.reason
    assert "erratum" in error.reason
    assert "use A0..A6 and B0..B6" in error.reason


def test_channels_are_kept_in_pin_order() -> None:
    text = HEAD + '[[mcp23017]]\naddress = 0x22\nchannels = { B1 = "3b", A3 = "3a", A0 = "2a" }\n'
    (chip,) = expanders(parse(text + LEDS))
    assert [(c.pin, c.pin_name, c.spot) for c in chip.channels] == [
        (0, "A0", "2a"),
        (3, "A3", "3a"),
        (9, "B1", "3b"),
    ]


def test_an_interrupt_line_on_a_button_gpio() -> None:
    chips = (
        '[[mcp23017]]\naddress = 0x20\ninterrupt_gpio = 4\nchannels = { A0 = "3a" }\n'
        '[[mcp23017]]\naddress = 0x21\ninterrupt_gpio = 6 # here\nchannels = { A0 = "2a" }\n'
    )
    text = HEAD + chips + LEDS + "[buttons]\nok = 5\nnext = 6\n"
    refused(text, "# here", r"^GPIO 6 is already used by button next$")
    # several chips may share one open-drain interrupt line
    shared = text.replace("6 # here", "4")
    profile = parse(shared)
    assert [chip.interrupt_gpio for chip in expanders(profile)] == [4, 4]
