"""open_ws281x against the real rpi-ws281x, built from PyPI into a fresh virtual
environment on this machine (slow: pip compiles its C). Not a Raspberry Pi, it fails
to begin (code -3, the hardware not supported): what is checked is what every failed
begin does, the library's own SWIG handle freed (issue 80: its "memory leak" line was
in the journal at every failed start). make pi-vm runs the same on arm64, where the
failure is code -13: a kernel with no /dev/gpiomem."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
from drivers.errors import LedStripError
from drivers.ws281x import open_ws281x
try:
    open_ws281x(15, gpio=10)
except LedStripError as error:
    print("refused:", error)
import gc
gc.collect()
"""


@pytest.mark.slow
def test_a_failed_begin_of_the_real_library_says_why_and_leaks_no_swig_handle(
    tmp_path: Path,
) -> None:
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", venv], check=True)
    environment = {name: value for name, value in os.environ.items() if name != "PYTHONPATH"}
    subprocess.run(
        [venv / "bin" / "pip", "install", "--quiet", "rpi-ws281x>=5.0"],
        check=True,
        env=environment,
    )
    done = subprocess.run(
        [venv / "bin" / "python", "-c", PROBE],
        capture_output=True,
        text=True,
        check=False,
        env={**environment, "PYTHONPATH": str(ROOT)},
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("refused: LED strip on GPIO 10 could not be started")
    assert "swig/python detected a memory leak" not in done.stderr, done.stderr
