"""``make run`` on a fresh clone says each step as it starts (the environment made, Kiban
installed, the board started) before the page's address, so the first minute never
looks hung. The clone is this checkout's committed state (tools/cold_start.py, which
also times the steps: a benchmark, not this test)."""

from __future__ import annotations

import importlib.util
import shutil
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]


def cold_start_tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("cold_start", ROOT / "tools" / "cold_start.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.xdist_group("install")
def test_make_run_on_a_fresh_clone_says_each_step_before_the_address() -> None:
    assert shutil.which("make") and shutil.which("git")
    tool = cold_start_tool()
    lines = [line for _, line in tool.cold_start("dobutsu", timeout=600.0)]
    steps = [
        "kiban: step 1 of 3: creating the Python environment",
        "kiban: step 2 of 3: installing Kiban",
        "kiban: step 3 of 3: starting the simulated board (dobutsu)",
    ]
    found = [next(i for i, line in enumerate(lines) if line.startswith(step)) for step in steps]
    assert found == sorted(found), lines  # in order
    address = next(i for i, line in enumerate(lines) if tool.ADDRESS.search(line))
    assert found[-1] < address
    assert lines[0].startswith(steps[0])  # the very first thing said: nothing silent before
