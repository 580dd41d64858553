"""``kiban bench --service --budget``: the calibration, the CPU quota and the frame to
LED pairing, without running the service."""

from __future__ import annotations

from pathlib import Path

import pytest

from firmware_host.tools.bench.budget import (
    BUDGETS,
    QuotaUnavailableError,
    core_share,
    cpu_quota,
    nbody,
)
from firmware_host.tools.bench.service import paint_latencies, wake_floor


def test_the_budgets_follow_the_published_figures() -> None:
    assert BUDGETS["pi4"].nbody_step == pytest.approx(31.65e-6, rel=1e-3)  # 158.26 s / 5 M
    ratio = BUDGETS["zero2w"].nbody_step / BUDGETS["pi4"].nbody_step
    assert ratio == pytest.approx(3.01, abs=0.01)  # sysbench, A72 1.5 GHz / A53 1 GHz


def test_nbody_takes_time_in_proportion_to_its_steps_and_a_share_is_a_fraction() -> None:
    assert 0 < nbody(1_000) < nbody(20_000)
    assert 0 < core_share(BUDGETS["zero2w"], steps=2_000) <= 1


def test_a_quota_in_cgroup_v1_slices_of_one_millisecond(tmp_path: Path) -> None:
    controller = tmp_path / "cpu"
    controller.mkdir()
    (controller / "cpu.cfs_quota_us").write_text("-1")
    with cpu_quota(0.08, root=tmp_path) as join:
        group = join.parent
        assert group.parent == controller
        assert (group / "cpu.cfs_period_us").read_text() == "12500"
        assert (group / "cpu.cfs_quota_us").read_text() == "1000"
        for name in ("cpu.cfs_period_us", "cpu.cfs_quota_us"):
            (group / name).unlink()  # what the kernel's files do not need
    assert not group.exists()


def test_a_quota_in_cgroup_v2(tmp_path: Path) -> None:
    (tmp_path / "cgroup.controllers").write_text("cpuset cpu io memory pids\n")
    with cpu_quota(0.5, root=tmp_path) as join:
        assert (join.parent / "cpu.max").read_text() == "1000 2000"
        (join.parent / "cpu.max").unlink()


def test_no_cpu_controller_is_said(tmp_path: Path) -> None:
    (tmp_path / "cgroup.controllers").write_text("memory pids\n")
    with (
        pytest.raises(QuotaUnavailableError, match="no cgroup CPU controller"),
        cpu_quota(0.5, root=tmp_path),
    ):
        pass


def test_a_paint_is_timed_from_the_last_frame_change_before_it() -> None:
    seen = [1.0, 1.12, 1.24, 1.36]  # lift A, put back (no paint), lift B, put back
    shown = [0.5, 1.003, 1.245, 1.246]  # a blink before, the two lifts' paints, a blink
    assert paint_latencies(seen, shown) == pytest.approx([0.003, 0.005])


def test_a_paint_is_also_timed_on_the_cpu_clock_read_at_the_same_moments() -> None:
    seen, shown = [1.0, 1.12, 1.24], [1.003, 1.245]
    seen_cpu, shown_cpu = [10.0, 10.1, 10.2], [10.0004, 10.2007]
    assert paint_latencies(seen, shown, seen_cpu, shown_cpu) == pytest.approx([0.0004, 0.0007])


def test_the_wake_floor_is_a_small_share_of_a_core() -> None:
    assert 0 < wake_floor(50, 0.2) < 0.5
