"""Who holds the board's GPIO lines when the doctor cannot claim them.

While the service runs, its process holds the buttons' and INT lines, and the kernel
refuses them to the doctor with errno 16 alone (issue 80: "Device or resource busy",
nothing about the service). The kernel names each line's holder by the label its
request gave (drivers/gpio_lines.py: Kiban's labels carry their process's id); the
process's control group names the systemd unit it runs in (``/proc/PID/cgroup``, one
line ``0::/system.slice/kiban.service`` under the unified hierarchy that systemd 247
and later mount), and its command line what it is.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path

from drivers.errors import GpioChipError, GpioError, LineHolder, describe_holders
from drivers.gpio_lines import GpioChip

PROC = Path("/proc")
__all__ = ["describe_holders", "holder_advice", "refused_holders", "taken_by_kiban"]
_UNIT = re.compile(r"/([^/]+\.service)$")


def taken_by_kiban(chip: GpioChip | None) -> tuple[LineHolder, ...]:
    """The header's lines another Kiban process holds now (its labels name their
    process: a running service, a ``kiban run`` in a terminal), asked before anything of
    the board is opened; none when there is no header chip to ask."""
    if chip is None:
        return ()
    try:
        held = chip.holders(range(chip.lines))
    except GpioError:
        return ()
    return tuple(h for h in held if h.pid is not None and h.pid != os.getpid())


def refused_holders(error: BaseException) -> tuple[LineHolder, ...]:
    """The holders of the lines a failed board open was refused, from the error or the
    errors it was raised from (a button panel wraps the chip's refusal)."""
    for cause in _chain(error):
        if isinstance(cause, GpioChipError) and cause.holders:
            return cause.holders
    return ()


def _chain(error: BaseException) -> Iterator[BaseException]:
    seen: set[int] = set()
    current: BaseException | None = error
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        yield current
        current = current.__cause__ or current.__context__


def unit_of(pid: int, proc: Path | None = None) -> str | None:
    """The systemd service ``pid`` runs in (``kiban.service``), or None."""
    try:
        text = ((proc or PROC) / str(pid) / "cgroup").read_text(encoding="utf-8")
    except OSError:
        return None
    for line in text.splitlines():
        found = _UNIT.search(line.rsplit(":", 1)[-1])
        if found:
            return found.group(1)
    return None


def command_of(pid: int, proc: Path | None = None) -> str | None:
    """The command line of ``pid``, its words joined, or None once it is gone."""
    try:
        words = ((proc or PROC) / str(pid) / "cmdline").read_bytes().split(b"\0")
    except OSError:
        return None
    return " ".join(word.decode(errors="replace") for word in words if word) or None


def holder_advice(holders: tuple[LineHolder, ...], proc: Path | None = None) -> str | None:
    """What to do about the processes that hold the lines, in one sentence: the
    service stopped while the board is checked, another process named; None when no
    holder names its process."""
    told: list[str] = []
    for pid in dict.fromkeys(h.pid for h in holders if h.pid is not None):
        unit = unit_of(pid, proc)
        if unit is not None:
            name = unit.removesuffix(".service")
            told.append(
                f"{unit} holds them (pid {pid}): stop it while the board is checked, "
                f"`sudo systemctl stop {name}`, and start it again after, "
                f"`sudo systemctl start {name}`"
            )
            continue
        command = command_of(pid, proc)
        if command is not None:
            told.append(f"process {pid} holds them ({command}): stop it while the board is checked")
        else:
            told.append(f"process {pid} held them and has gone: try again")
    return "; ".join(told) or None
