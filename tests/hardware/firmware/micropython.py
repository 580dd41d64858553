"""Python code run by MicroPython itself: its WebAssembly port, from npm, under node.

``make test`` installs the port into the project's node_modules (package.json); the
firmware's files and a board of stand-ins (mpy_board.py) are copied into MicroPython's
file system, and what the code prints comes back as lines.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
PORT = ROOT / "node_modules/@micropython/micropython-webassembly-pyscript/micropython.mjs"
RUNNER = Path(__file__).with_name("run_micropython.mjs")
FIRMWARE = ROOT / "hardware/firmware/rp2040"
BOARD = Path(__file__).with_name("mpy_board.py")


class MicroPythonError(AssertionError):
    """The code raised under MicroPython (its traceback is the message)."""


def run_micropython(code: str, timeout: float = 60) -> list[str]:
    """The lines ``code`` prints under MicroPython, with the firmware (main.py,
    kiban_link.py) and mpy_board.py importable."""
    node = shutil.which("node")
    if node is None or not PORT.is_file():
        raise AssertionError(
            "MicroPython's WebAssembly port is not installed: `make test` installs node "
            "and the npm package (package.json)"
        )
    files = {path.name: path.read_text() for path in (*FIRMWARE.glob("*.py"), BOARD)}
    files.pop("__init__.py", None)
    job = json.dumps({"module": str(PORT), "files": files, "code": code})
    done = subprocess.run(
        [node, str(RUNNER)], input=job, capture_output=True, text=True, timeout=timeout, check=False
    )
    if done.returncode != 0:
        raise MicroPythonError(done.stderr + done.stdout)
    return done.stdout.splitlines()
