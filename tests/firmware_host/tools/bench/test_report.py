"""kiban bench --report: the machine found from /proc and /sys, and one file with both
tables and what to do with it."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

from firmware_host.tools.bench.report import (
    INSTRUCTIONS,
    Machine,
    ReportPlan,
    machine,
    plan_from,
    write_report,
)


def _fake_root(tmp_path: Path, model: str | None = None, cpuinfo: str | None = None) -> Path:
    """A folder standing for /: a device tree's model (NUL-ended, as the kernel writes
    it), a cpuinfo, CPU 0's governor and top clock."""
    root = tmp_path / "root"
    if model is not None:
        (root / "proc/device-tree").mkdir(parents=True)
        (root / "proc/device-tree/model").write_text(model + "\0")
    if cpuinfo is not None:
        (root / "proc").mkdir(parents=True, exist_ok=True)
        (root / "proc/cpuinfo").write_text(cpuinfo)
    cpufreq = root / "sys/devices/system/cpu/cpu0/cpufreq"
    cpufreq.mkdir(parents=True)
    (cpufreq / "scaling_governor").write_text("ondemand\n")
    (cpufreq / "scaling_max_freq").write_text("1800000\n")
    return root


def test_a_pi_is_known_by_its_device_tree_model(tmp_path: Path) -> None:
    found = machine(_fake_root(tmp_path, "Raspberry Pi 4 Model B Rev 1.4"))
    assert found.model == "Raspberry Pi 4 Model B Rev 1.4"
    assert found.core == "pi4" and found.is_pi
    assert found.governor == "ondemand" and found.max_khz == 1_800_000


def test_a_zero_2w_by_cpuinfo_and_another_machine_as_none(tmp_path: Path) -> None:
    zero = "processor\t: 0\nModel\t\t: Raspberry Pi Zero 2 W Rev 1.0\n"
    assert machine(_fake_root(tmp_path / "zero", cpuinfo=zero)).core == "zero2w"
    pi5 = machine(_fake_root(tmp_path / "pi5", "Raspberry Pi 5 Model B Rev 1.0"))
    assert pi5.core == "pi"
    other = machine(_fake_root(tmp_path / "pc", cpuinfo="model name\t: AMD EPYC\n"))
    assert other.model is None and other.core is None and not other.is_pi


def test_the_report_holds_the_machine_both_tables_and_the_instructions(tmp_path: Path) -> None:
    seen: list[str] = []

    def service(plan: ReportPlan, found: Machine) -> Iterator[str]:
        yield f"service {','.join(plan.boards)} {plan.seconds}"

    def levels(plan: ReportPlan, found: Machine) -> Iterator[str]:
        yield f"levels on {found.core} up to {plan.top}"

    path = tmp_path / "report.json"
    root = _fake_root(tmp_path, "Raspberry Pi 4 Model B Rev 1.4")
    plan = ReportPlan(boards=("sim:dobutsu",), games=("dobutsu",), seconds=0.5, top=2)
    write_report(path, plan, root, service=service, levels=levels, progress=seen.append)
    content = json.loads(path.read_text())
    assert content["on_a_pi"] is True
    assert content["machine"]["model"] == "Raspberry Pi 4 Model B Rev 1.4"
    assert content["service"] == ["service sim:dobutsu 0.5"]
    assert content["levels"] == ["levels on pi4 up to 2"]
    assert content["instructions"] == INSTRUCTIONS
    assert seen == ["service sim:dobutsu 0.5", "levels on pi4 up to 2"]


def test_a_tiny_report_runs_both_benches_on_a_faked_pi(tmp_path: Path) -> None:
    """The real benches, shortened: one board idle for a fifth of a second with no touch,
    level 1 of Robotory timed as a Pi 4's own (nothing counted)."""
    path = tmp_path / "report.json"
    root = _fake_root(tmp_path, "Raspberry Pi 4 Model B Rev 1.4")
    plan = plan_from(["sim:robotory"], 0.2, 1, 0)
    plan = ReportPlan(plan.boards, ("robotory",), plan.seconds, plan.changes, plan.top)
    write_report(path, plan, root)
    content = json.loads(path.read_text())
    service, levels = content["service"], content["levels"]
    assert service[0].startswith("service") and "rss against 38.1 MiB" in service[0]
    assert service[1].startswith("sim robotory") and " MiB " in service[1]
    assert "measured on pi4" in levels[0]
    assert levels[1].startswith("robotory") and levels[1].endswith("(1 s)")


def test_the_words_given_split_into_boards_and_games() -> None:
    plan = plan_from(["shogi", "sim-dobutsu"], None, None, None)
    assert plan.boards == ("shogi", "sim-dobutsu") and plan.games == ("shogi",)
    assert plan.seconds == 3.0 and plan.changes == 80 and plan.top is None
