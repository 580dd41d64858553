"""How long a fresh clone takes from ``make run`` to the page's address, step by step.

Clones this checkout (its committed state) into a temporary folder, runs ``make run``
there, and prints when each step's line came and when the address did, then stops the
board. The figures are this machine's under its present load (``uptime`` is printed
beside them): compare runs on the same machine, quiet.

    python tools/cold_start.py [--game dobutsu] [--timeout 300]
"""

from __future__ import annotations

import argparse
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ADDRESS = re.compile(r"https?://\S+")


def fresh_shell() -> dict[str, str]:
    """The environment of a person's shell: no display to open a browser on, and no
    outer make's variables (``make test`` runs this under make)."""
    outer = ("MAKEFLAGS", "MAKELEVEL", "MFLAGS", "MAKEOVERRIDES")
    kept = {name: value for name, value in os.environ.items() if name not in outer}
    return {**kept, "BROWSER": "true", "DISPLAY": ""}


def cold_start(game: str, timeout: float) -> list[tuple[float, str]]:
    """The lines ``make run`` printed in a fresh clone up to the address, each with the
    seconds since it started."""
    seen: list[tuple[float, str]] = []
    with tempfile.TemporaryDirectory(prefix="kiban-cold-") as folder:
        clone = Path(folder) / "kiban"
        subprocess.run(["git", "clone", "--quiet", str(ROOT), str(clone)], check=True)
        start = time.monotonic()
        process = subprocess.Popen(
            ["make", "run", f"GAME={game}"],
            cwd=clone,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env=fresh_shell(),
            start_new_session=True,
        )
        try:
            assert process.stdout is not None
            for line in process.stdout:
                seen.append((time.monotonic() - start, line.rstrip()))
                if ADDRESS.search(line) or time.monotonic() - start > timeout:
                    break
        finally:
            os.killpg(process.pid, signal.SIGTERM)
            process.wait(30)
    return seen


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="dobutsu")
    parser.add_argument("--timeout", type=float, default=300.0)
    args = parser.parse_args(argv)
    load = os.getloadavg()
    lines = cold_start(args.game, args.timeout)
    for at, line in lines:
        if line.startswith("kiban: ") or ADDRESS.search(line):
            print(f"{at:6.1f} s  {line}")
    reached = any(ADDRESS.search(line) for _, line in lines)
    print(
        f"load average before: {load[0]:.2f}; address {'after' if reached else 'not within'} "
        f"{lines[-1][0] if lines else 0:.1f} s"
    )
    return 0 if reached else 1


if __name__ == "__main__":
    sys.exit(main())
