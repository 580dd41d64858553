"""The counted Pi figures: instructions read on a Pi core's rate, and the counts read
from callgrind's own output."""

from pathlib import Path

import pytest

from firmware_host.tools.bench_counted import (
    _CONTEXT_RUN,
    Counted,
    _counted_line,
    _summary,
    counted_lines,
)


def test_a_row_reads_the_decisions_and_the_idle_scan_on_the_core_s_rate() -> None:
    counted = Counted(
        "sim-x",
        "dobutsu",
        decisions=(1_000_000, 3_000_000, 2_000_000),
        scan_service=100_000.0,
        scan_simulation=900_000.0,
        idle_hz=10.0,
    )
    row = _counted_line(counted, rate=1e9)  # a billion instructions a second
    # each path is its decision and one scan: 1.1, 2.1 and 3.1 M instructions
    assert "2.10 /  3.10 /  3.10 M" in row
    assert "2.10 /  3.10 /  3.10 ms" in row
    # idle: 100 k a scan at 10 Hz is 0.1% of the core, 1% with the simulation's work
    assert row.endswith("0.10 % ( 1.00 %)")


def test_the_simulation_s_share_is_read_from_context_run_s_inclusive_line() -> None:
    annotated = (
        " 5,476,000 (100.0%)  PROGRAM TOTALS\n"
        " 2,275,681 (41.55%)  /build/Python-3.11.7/Python/context.c:context_run "
        "[/usr/lib/libpython3.11.so.1.0]\n"
        " 2,256,881 (41.21%)  /build/Python-3.11.7/./Include/internal/pycore_call.h:"
        "context_run\n"
    )
    match = _CONTEXT_RUN.search(annotated)
    assert match is not None
    assert match.group(1) == "2,275,681"


def test_a_dump_s_total_is_its_summary_line(tmp_path: Path) -> None:
    dump = tmp_path / "callgrind.out.3"
    dump.write_text("version: 1\ncreator: callgrind-3.19.0\nevents: Ir\nsummary: 580325\n")
    assert _summary(dump) == 580325
    empty = tmp_path / "callgrind.out.4"
    empty.write_text("events: Ir\n")
    with pytest.raises(RuntimeError, match="no instruction total"):
        _summary(empty)


@pytest.mark.slow
def test_counting_a_board_under_callgrind_gives_its_decisions_and_idle_share() -> None:
    lines = list(counted_lines(["sim-dobutsu:dobutsu"], "zero2w", jobs=1))
    assert lines[0].startswith("counted: a Raspberry Pi Zero 2 W core runs")
    row = lines[2]
    assert row.startswith("sim-dobutsu dobutsu")
    decisions = int(row.split()[2])
    assert decisions >= 20  # the fixed sequence: lifts, put backs and one commit
    on_the_pi_p99 = float(row.split("M")[1].split("/")[1])
    assert 0.1 < on_the_pi_p99 < 20.0
