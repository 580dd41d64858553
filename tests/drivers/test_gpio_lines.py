"""drivers/gpio_lines.py on a stand-in kernel (tests/drivers/gpio_kernel.py): what a
request says to the kernel, edges handed on with the kernel's timestamp, values, the
watcher's thread ending on close, errors naming the chip and line, finding the header's
chip by its label."""

from __future__ import annotations

import errno
import os

import pytest

from drivers.errors import GpioChipError, GpioError, HardwareError, LineHolder
from drivers.gpio_lines import (
    GPIO_V2_GET_LINE_IOCTL,
    GPIO_V2_LINE_GET_VALUES_IOCTL,
    Bias,
    Edges,
    GpioChip,
    LineSettings,
    chip_paths,
    consumer_label,
    debounce_period_us,
    find_header_chip,
    request_struct,
)
from tests.drivers.gpio_kernel import Attribute, FakeKernel, Request

INPUT, RISING, FALLING, PULL_UP, PULL_DOWN = 1 << 2, 1 << 4, 1 << 5, 1 << 8, 1 << 9
WAIT = 5.0  # seconds: a generous bound on a thread handing an edge on


def chip(kernel: FakeKernel) -> GpioChip:
    return find_header_chip(calls=kernel.calls())


def line_requests(kernel: FakeKernel) -> list[Request]:
    return [
        Request.parse(data) for number, data in kernel.received if number == GPIO_V2_GET_LINE_IOCTL
    ]


def test_a_request_tells_the_kernel_each_line_its_flags_and_debounce() -> None:
    kernel = FakeKernel()
    request = chip(kernel).request(
        [
            LineSettings(17, Edges.FALLING, Bias.PULL_UP),
            LineSettings(27, Edges.BOTH, Bias.PULL_UP, debounce_us=30_000),
            LineSettings(22, Edges.FALLING, Bias.PULL_UP),
        ],
        consumer="kiban-test",
    )
    [sent] = line_requests(kernel)
    assert sent == Request(
        offsets=(17, 27, 22),
        consumer="kiban-test",
        flags=INPUT | FALLING | PULL_UP,  # the first line's, the default
        attributes=(
            Attribute(1, INPUT | RISING | FALLING | PULL_UP, 0b010),  # 27's own flags
            Attribute(3, 30_000, 0b010),  # 27's debounce, in microseconds
        ),
    )
    assert request.offsets == (17, 27, 22)
    assert request.fileno() in kernel.requests
    request.close()


def test_lines_alike_need_no_attribute_and_a_long_consumer_is_cut_to_the_field() -> None:
    kernel = FakeKernel()
    settings = [LineSettings(gpio, Edges.BOTH, Bias.PULL_DOWN, 5_000) for gpio in (5, 6)]
    chip(kernel).request(settings, consumer="k" * 40).close()
    [sent] = line_requests(kernel)
    assert sent.flags == INPUT | RISING | FALLING | PULL_DOWN
    assert sent.attributes == (Attribute(3, 5_000, 0b11),)
    assert sent.consumer == "k" * 31  # 32 bytes with its NUL


def test_a_request_the_kernel_could_not_take_is_refused_before_it_is_sent() -> None:
    with pytest.raises(ValueError, match="asked twice"):
        request_struct([LineSettings(4), LineSettings(4)], "kiban")
    with pytest.raises(ValueError, match="at least one"):
        request_struct([], "kiban")
    every_debounce = [LineSettings(n, debounce_us=n + 1) for n in range(11)]
    with pytest.raises(ValueError, match="11 line attributes; at most 10"):
        request_struct(every_debounce, "kiban")
    with pytest.raises(ValueError, match="outside a u32"):
        LineSettings(4, debounce_us=1 << 32)


def test_bounce_seconds_become_the_kernels_microseconds() -> None:
    assert debounce_period_us(0.03) == 30_000
    assert debounce_period_us(0.0005) == 500
    assert debounce_period_us(None) == 0
    assert debounce_period_us(0) == 0


def test_values_are_asked_in_one_ioctl_by_each_lines_index() -> None:
    kernel = FakeKernel()
    request = chip(kernel).request([LineSettings(17), LineSettings(27), LineSettings(22)])
    kernel.levels[27] = False
    assert request.values() == {17: True, 27: False, 22: True}
    assert not request.value(27)
    number, sent = kernel.received[-1]
    assert number == GPIO_V2_LINE_GET_VALUES_IOCTL
    assert sent == (0).to_bytes(8, "little") + (0b111).to_bytes(8, "little")
    request.close()


# --- errors ---------------------------------------------------------------------------


def test_a_line_another_program_holds_names_the_chip_and_the_line() -> None:
    kernel = FakeKernel()
    kernel.busy.add(17)
    with pytest.raises(GpioChipError) as caught:
        chip(kernel).request([LineSettings(17)])
    error = caught.value
    assert str(error) == (
        "GPIO 17 on /dev/gpiochip0 could not be requested (errno 16, Device or resource busy)"
        ": GPIO 17 held by an unlabelled request"
    )
    assert (error.chip, error.lines, error.errno) == ("/dev/gpiochip0", (17,), errno.EBUSY)
    assert isinstance(error, GpioError) and isinstance(error, HardwareError)
    assert isinstance(error, OSError)  # still what callers of the OS expect
    assert all(fd in kernel.closed for fd in kernel._chip_fds) and not kernel._chip_fds


def test_a_refused_line_names_who_holds_it_as_the_kernel_says() -> None:
    """Errno 16 alone did not say that the service held the lines (issue 80): the
    kernel's line info names the holder's label, and Kiban's labels name its process."""
    kernel = FakeKernel()
    kernel.busy |= {6, 13}
    kernel.held_by[6] = "kiban-buttons[812]"
    held = chip(kernel).request([LineSettings(4)], "x")
    with pytest.raises(GpioChipError) as caught:
        chip(kernel).request([LineSettings(4), LineSettings(5), LineSettings(6), LineSettings(13)])
    error = caught.value
    assert str(error) == (
        "GPIO 4, 5, 6, 13 on /dev/gpiochip0 could not be requested (errno 16, Device or "
        "resource busy): GPIO 4 held by x; GPIO 6 held by kiban-buttons[812]; "
        "GPIO 13 held by an unlabelled request"
    )
    assert [(h.offset, h.pid) for h in error.holders] == [(4, None), (6, 812), (13, None)]
    held.close()
    assert all(fd in kernel.closed for fd in kernel._chip_fds) and not kernel._chip_fds


def test_this_process_labels_its_requests_with_its_pid() -> None:
    assert consumer_label("kiban-int") == f"kiban-int[{os.getpid()}]"
    assert LineHolder(4, consumer_label("kiban-int")).pid == os.getpid()
    assert LineHolder(4, "lg").pid is None


def test_an_offset_the_chip_lacks_and_a_chip_not_ours_to_open() -> None:
    kernel = FakeKernel()
    with pytest.raises(GpioChipError, match=r"GPIO 60 on /dev/gpiochip0 could not be requested"):
        chip(kernel).request([LineSettings(60)])  # the BCM2711 has 58
    gpio_chip = chip(kernel)
    kernel.refuse["/dev/gpiochip0"] = PermissionError(errno.EACCES, "Permission denied")
    with pytest.raises(GpioChipError) as caught:
        gpio_chip.request([LineSettings(5), LineSettings(6)])
    assert str(caught.value) == (
        "GPIO 5, 6 on /dev/gpiochip0 could not be opened (errno 13, Permission denied)"
    )


# --- which chip -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("chips", "found"),
    [
        # A Pi 4 (gpiodetect as WiringPi issue 280 shows it).
        ({"gpiochip0": ("pinctrl-bcm2711", 58), "gpiochip1": ("raspberrypi-exp-gpio", 8)}, 0),
        # A Pi 5 before raspberrypi/linux pull request 6144: the RP1 is gpiochip4.
        (
            {
                "gpiochip0": ("gpio-brcmstb@107d508500", 32),
                "gpiochip1": ("gpio-brcmstb@107d508520", 4),
                "gpiochip2": ("gpio-brcmstb@107d517c00", 17),
                "gpiochip3": ("gpio-brcmstb@107d517c20", 6),
                "gpiochip4": ("pinctrl-rp1", 54),
            },
            4,
        ),
        # A Pi 5 after it: the RP1 is gpiochip0, the SoC's from 10, gpiochip4 a symlink.
        (
            {
                "gpiochip10": ("gpio-brcmstb@107d508500", 32),
                "gpiochip0": ("pinctrl-rp1", 54),
                "gpiochip4": ("pinctrl-rp1", 54),
            },
            0,
        ),
        # A Zero 2 W, and a machine whose header chip is not numbered first.
        ({"gpiochip0": ("pinctrl-bcm2835", 54)}, 0),
        ({"gpiochip12": ("pinctrl-rp1", 54), "gpiochip11": ("gpio-brcmstb", 32)}, 12),
    ],
)
def test_the_header_chip_is_found_by_its_label(
    chips: dict[str, tuple[str, int]], found: int
) -> None:
    kernel = FakeKernel(chips)
    header = find_header_chip(calls=kernel.calls())
    assert header.path == f"/dev/gpiochip{found}"
    assert header.label == chips[f"gpiochip{found}"][0]
    assert header.lines == chips[f"gpiochip{found}"][1]


def test_chips_are_tried_in_the_order_of_their_numbers() -> None:
    kernel = FakeKernel({"gpiochip10": ("a", 1), "gpiochip2": ("b", 1), "gpiochip0": ("c", 1)})
    assert chip_paths("/dev", kernel.calls()) == [
        "/dev/gpiochip0",
        "/dev/gpiochip2",
        "/dev/gpiochip10",
    ]


def test_no_header_chip_says_what_each_chip_was() -> None:
    kernel = FakeKernel({"gpiochip0": ("gpio-mockup-A", 8), "gpiochip1": ("pinctrl-bcm2711", 58)})
    kernel.refuse["/dev/gpiochip1"] = PermissionError(errno.EACCES, "Permission denied")
    with pytest.raises(GpioChipError) as caught:
        find_header_chip(calls=kernel.calls())
    message = str(caught.value)
    assert message.startswith(
        "/dev has no GPIO chip labelled pinctrl-bcm2835 or pinctrl-bcm2711 or pinctrl-rp1"
    )
    assert "/dev/gpiochip0 is gpio-mockup-A" in message
    assert "/dev/gpiochip1 could not be opened (errno 13, Permission denied)" in message
    assert caught.value.errno == errno.EACCES
    with pytest.raises(GpioChipError, match="there is no gpiochip in /dev"):
        find_header_chip(calls=FakeKernel({}).calls())
