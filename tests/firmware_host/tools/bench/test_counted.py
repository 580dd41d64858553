"""The counted Pi figures: callgrind's counts read on a Pi core (instructions and cache
misses), the path from a touch to the LEDs built from them, and the counts read from
callgrind's own output."""

from pathlib import Path

import pytest

from firmware_host.tools.bench.counted import (
    _CONTEXT_RUN,
    _NUMBER,
    Counted,
    _summary,
    counted_line,
    counted_lines,
    counts_of,
)
from firmware_host.tools.bench.pi_cores import CORES, Counts
from firmware_host.tools.bench.touch_path import (
    HANDOFFS,
    LED_LATCH,
    PI_BUSES,
    WAKE,
    Board,
    floor,
    idle_share,
    path,
    rest_rate,
    spread_scan,
)

ZERO = CORES["zero2w"]
NBODY = Counts(52_000, 88, 0)  # one step as counted with the Zero 2 W's caches

EXPANDERS = Board(
    wakes_on_change=True,
    serial=False,
    scan_hz=100.0,
    idle_hz=10.0,
    debounce=3,
    bus_time=0.00175,
    bus_calls=6,
    sleeps=0,
    leds=108,
)


def test_a_miss_costs_its_latency_on_top_of_the_instructions() -> None:
    plain = ZERO.seconds(Counts(1_000_000), NBODY)
    # the n-body step's own time, less its misses, over its instructions
    assert plain == pytest.approx(1e6 * (ZERO.nbody_step - 88 * 13e-9) / 52_000)
    missing = ZERO.seconds(Counts(1_000_000, 20_000, 2_000), NBODY)
    assert missing - plain == pytest.approx(20_000 * 13e-9 + 2_000 * 124e-9)


def test_the_path_adds_the_wait_the_confirming_scans_the_hand_offs_and_the_strip() -> None:
    worst = path(
        EXPANDERS, decision=0.005, scan_python=0.0001, interrupt_python=0.0002, core="zero2w"
    )
    assert worst.wait == pytest.approx(2 * WAKE["zero2w"] + 0.0002)  # two threads woken
    scan = 0.00175 + 0.0001 + 6 * 25e-6
    assert worst.first_scan == pytest.approx(scan)
    assert worst.confirm == pytest.approx(2 * 2 * scan)  # two more, the bus kept half the time
    assert worst.handoffs == pytest.approx(HANDOFFS * WAKE["zero2w"])
    assert worst.paint == pytest.approx(108 * 30e-6 + LED_LATCH)  # the strip's 108 LEDs
    assert worst.touch_to_led == pytest.approx(
        worst.wait + worst.first_scan + worst.confirm + worst.frame_to_led
    )


def test_a_polled_board_waits_up_to_an_idle_period_at_rest() -> None:
    polled = Board(False, False, 100.0, 10.0, 3, 0.00002, 1, 0, 12)
    assert (
        path(polled, decision=0.003, scan_python=0.0, interrupt_python=0.0, core="zero2w").wait
        == 0.1
    )
    moving = path(
        polled, decision=0.003, scan_python=0.0, interrupt_python=0.0, core="zero2w", resting=False
    )
    assert moving.wait == 0.01
    assert rest_rate(polled) == 10.0 and rest_rate(EXPANDERS) == 4.0
    # at rest: the scan's Python, its ioctl and the wake-up, ten times a second
    assert idle_share(polled, 0.0001, "zero2w") == pytest.approx(10 * (0.0001 + 25e-6 + 20e-6))


def test_a_row_reads_the_decisions_on_the_core_and_notes_a_polled_board() -> None:
    counted = Counted(
        "sim-x",
        "dobutsu",
        decisions=(Counts(1_000_000), Counts(3_000_000, 50_000, 5_000), Counts(2_000_000)),
        scan_service=Counts(10_000),
        scan_simulation=Counts(90_000),
        board=Board(False, False, 100.0, 10.0, 3, 0.00002, 1, 0, 12),
    )
    row = counted_line(counted, ZERO, NBODY)
    assert row.startswith("sim-x dobutsu")
    assert "no" in row.split()[2]
    assert "polled: 20 ms needs" in row


def _analog_row(board: Board) -> Counted:
    """An analog shogi board's counts: one 6 M-instruction decision, a 250 k scan."""
    return Counted(
        "sim-analog",
        "shogi",
        decisions=(Counts(6_000_000),),
        scan_service=Counts(250_000),
        scan_simulation=Counts(0),
        board=board,
    )


def test_a_board_whose_every_scan_is_too_long_says_its_least_in_any_order() -> None:
    """81 conversions of 39 bits at 400 kHz and an ioctl each: no rate at rest and no
    order of the same scans shows a touch within 20 ms after a 7 ms decision."""
    analog = Board(False, False, 50.0, 8.0, 3, 81 * 39 / 400_000, 81, 0, 81)
    least = floor(analog, decision=0.007, scan_python=0.0003, core="zero2w")
    scan = 81 * 39 / 400_000 + 0.0003 + 81 * 25e-6
    assert least == pytest.approx(scan + 0.007 + HANDOFFS * WAKE["zero2w"] + 81 * 30e-6 + LED_LATCH)
    assert least > 0.020
    row = counted_line(_analog_row(analog), ZERO, NBODY)
    assert "polled: over 20 ms even at full rate;" in row
    assert "ms at least in any order of its scans" in row
    assert "over 2 buses" in row and "% of the core" in row


def test_both_buses_halve_the_wire_and_the_kernel_but_the_core_pays_every_ioctl() -> None:
    """The analog board's 81 conversions as 41 and 40 on i2c-1 and i2c-0 side by side:
    the least touch falls under 20 ms, but only a board re-read every few milliseconds
    at rest shows it, and every scan's 81 ioctls are the core's all the same."""
    analog = Board(False, False, 50.0, 8.0, 3, 81 * 39 / 400_000, 81, 0, 81)
    one = spread_scan(analog, 0.0009, "zero2w")
    two = spread_scan(analog, 0.0009, "zero2w", PI_BUSES)
    assert one == pytest.approx(81 * 39 / 400_000 + 0.0009 + 81 * 25e-6)
    assert two == pytest.approx((81 * 39 / 400_000 + 81 * 25e-6) * 41 / 81)
    assert spread_scan(analog, 0.006, "zero2w", PI_BUSES) == 0.006  # the Python, when longer
    least = floor(analog, decision=0.007, scan_python=0.0009, core="zero2w", buses=PI_BUSES)
    assert least == pytest.approx(two + 0.007 + HANDOFFS * WAKE["zero2w"] + 81 * 30e-6 + LED_LATCH)
    assert least < 0.020 < floor(analog, decision=0.007, scan_python=0.0009, core="zero2w")
    note = counted_line(_analog_row(analog), ZERO, NBODY).split("over 2 buses")[1]
    rate = float(note.split("needing ")[1].split(" scans/s")[0])
    share = float(note.split("rest: ")[1].split(" %")[0])
    assert rate >= 90  # a read of each sensor within the 20 ms less the decision and strip
    assert share > 10 * 2  # against the 2% of the core a board at rest may take


def test_callgrinds_events_are_read_as_instructions_and_misses(tmp_path: Path) -> None:
    dump = tmp_path / "callgrind.out.3"
    dump.write_text(
        "version: 1\nevents: Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw\n"
        "summary: 1000 400 200 30 20 10 3 2 1\n"
    )
    assert _summary(dump) == Counts(1000, 60, 6)
    assert counts_of(["Ir"], [580325]) == Counts(580325)
    empty = tmp_path / "callgrind.out.4"
    empty.write_text("events: Ir\n")
    with pytest.raises(RuntimeError, match="no instruction total"):
        _summary(empty)


def test_the_simulation_s_share_is_read_from_context_run_s_inclusive_line() -> None:
    annotated = (
        "16,561,176 (100.0%) 508,134 (100.0%)  PROGRAM TOTALS\n"
        " 9,106,898 (54.99%)   227,243 (44.72%)  /build/Python-3.11.7/Python/context.c:"
        "context_run [/usr/lib/libpython3.11.so.1.0]\n"
        " 9,041,098 (54.59%)   223,983 (44.08%)  /build/Python-3.11.7/./Include/internal/"
        "pycore_call.h:context_run\n"
    )
    match = _CONTEXT_RUN.search(annotated)
    assert match is not None
    assert _NUMBER.findall(match.group(1)) == ["9,106,898", "227,243"]


@pytest.mark.slow
def test_counting_a_board_under_callgrind_gives_its_path_and_idle_share() -> None:
    lines = list(counted_lines(["sim-dobutsu:dobutsu"], "zero2w", jobs=1))
    assert lines[0].startswith("counted: a Raspberry Pi Zero 2 W core")
    row = lines[2]
    assert row.startswith("sim-dobutsu dobutsu")
    assert row.split()[2] == "yes"  # its chip's INT wakes it
    touch = float(row.split("ms")[1].split("=")[0])
    assert 1.0 < touch < 20.0
