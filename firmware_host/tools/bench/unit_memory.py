"""``kiban bench --unit``: the service's resident memory as its unit starts it.

The bench's own child (service.py) builds a ``Runtime`` itself, so it never runs the
command line: what ``kiban run`` imports before its board opens (the parser of every
command, once) never counted there (issue 80: 38.0 MB in the bench's child, 53.5 MB
for the unit's process). Here the real command runs: ``firmware_host.cli.main`` as the
``kiban`` console script calls it, with the unit's command line (``kiban run
--profile ...``), in a process of its own with ``NOTIFY_SOCKET`` set as systemd sets
it. Only its board is swapped, for the profile's simulated one (the mock chips on real
time, the start position in place: ``hardware.mock``, which the real board does not
load, and which stands in for smbus2, gpiozero and lgpio, which it does). Once the
process says READY and has rested, its memory is read from outside, from
``/proc/PID/status`` (VmRSS) and ``/proc/PID/smaps_rollup``, as one would read the
unit's (``systemctl show -p MainPID kiban``); make pi-vm reads the unit's own on the
emulated Pi's kernel (docs/pi-vm.md).
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

READY_WITHIN = 180.0
"""Seconds the command may take to say READY (a cold bytecode cache on a slow machine)."""


CHILD = """\
import sys
from firmware_host.tls import import_asyncio_lean
import_asyncio_lean()  # as main() does first: the board module must not undo it
import hardware.board
from firmware_host.tools.bench.unit_board import simulated_open
hardware.board.open_board = simulated_open
from firmware_host.cli import main  # what the kiban console script calls
sys.exit(main(sys.argv[1:]))
"""
"""The child: the ``kiban`` console script's own call, its board simulated."""


def _status_kib(pid: int) -> dict[str, int]:
    """VmRSS and VmHWM from /proc/PID/status, and the private pages (USS) from
    smaps_rollup, in KiB."""
    found: dict[str, int] = {}
    for name in ("status", "smaps_rollup"):
        for line in Path(f"/proc/{pid}/{name}").read_text(encoding="ascii").splitlines():
            key, _, value = line.partition(":")
            if value.strip().endswith(" kB"):
                found[key] = int(value.split()[0])
    return {
        "rss": found["VmRSS"],
        "hwm": found["VmHWM"],
        "uss": found.get("Private_Clean", 0) + found.get("Private_Dirty", 0),
    }


def _environment(notify: str) -> dict[str, str]:
    """The unit's environment as far as memory goes: bytecode cached as a pip install
    leaves it (in a cache of the bench's own: the source tree is left alone)."""
    environment = dict(os.environ)
    environment.pop("PYTHONDONTWRITEBYTECODE", None)
    environment["PYTHONPYCACHEPREFIX"] = str(Path(tempfile.gettempdir()) / "kiban-bench-pycache")
    environment["PYTHONUNBUFFERED"] = "1"  # as the unit sets it
    environment["NOTIFY_SOCKET"] = notify
    return environment


def measure_unit(profile: str, rest: float = 3.0, *, warm: bool = True) -> dict[str, Any]:
    """The resident memory of ``kiban run --profile PROFILE`` (on its simulated board),
    ``rest`` seconds after it said READY, in MiB; ``warm``: after a first run that fills
    the bytecode cache, as an installed service finds it."""
    if warm:
        _run_once(profile, 0.0)
    return _run_once(profile, rest)


def _run_once(profile: str, rest: float) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        notify = str(Path(folder) / "notify")
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as listener:
            listener.bind(notify)
            command = [sys.executable, "-c", CHILD, "run", "--profile", profile]
            command += ["--state-dir", str(Path(folder) / "state")]
            started = time.monotonic()
            child = subprocess.Popen(
                command,
                env=_environment(notify),
                stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE,
                text=True,
            )
            try:
                ready = _wait_ready(listener, child, started)
                time.sleep(rest)
                if child.poll() is not None:
                    raise RuntimeError(f"kiban run stopped at rest: {_stderr(child)}")
                memory = _status_kib(child.pid)
            finally:
                if child.poll() is None:
                    child.send_signal(signal.SIGTERM)
                try:
                    child.wait(timeout=30)
                except subprocess.TimeoutExpired:
                    child.kill()
                    child.wait()
    return {
        "profile": profile,
        "ready_s": ready,
        "rss_mib": memory["rss"] / 1024,
        "peak_mib": memory["hwm"] / 1024,
        "uss_mib": memory["uss"] / 1024,
    }


def _wait_ready(listener: socket.socket, child: subprocess.Popen[str], started: float) -> float:
    """Seconds until the child says READY=1 on the notify socket."""
    listener.settimeout(0.5)
    while time.monotonic() - started < READY_WITHIN:
        try:
            message = listener.recv(4096).decode(errors="replace")
        except TimeoutError:
            if child.poll() is not None:
                raise RuntimeError(f"kiban run stopped before READY: {_stderr(child)}") from None
            continue
        if "READY=1" in message.split("\n"):
            return time.monotonic() - started
    raise RuntimeError(f"kiban run did not say READY within {READY_WITHIN:.0f} s")


def _stderr(child: subprocess.Popen[str]) -> str:
    if child.poll() is None:
        child.kill()
    _, err = child.communicate(timeout=30)
    return err.strip().splitlines()[-1] if err.strip() else f"exit status {child.returncode}"


def unit_lines(profiles: Sequence[str] = (), rest: float = 3.0) -> Iterator[str]:
    """A line per profile (every bundled reference board when none is named)."""
    from firmware_host.tools.bench.service import rss_against_goal

    if not profiles:
        from hardware.profile import bundled_profiles

        profiles = [name for name in bundled_profiles() if name.endswith("-reference")]
    yield "kiban run as its unit starts it (its board simulated), at rest; MiB (2^20 bytes)"
    yield f"{'profile':<28} {'ready s':>8} {'rss':>6} {'uss':>6} {'peak':>6}  goal 38.1"
    for profile in profiles:
        found = measure_unit(profile, rest)
        yield (
            f"{profile:<28} {found['ready_s']:>8.2f} {found['rss_mib']:>6.1f} "
            f"{found['uss_mib']:>6.1f} {found['peak_mib']:>6.1f}  "
            f"{rss_against_goal(found['rss_mib'])}"
        )


if __name__ == "__main__":
    print(json.dumps(measure_unit(sys.argv[1], float(sys.argv[2]) if len(sys.argv) > 2 else 3.0)))
