"""``kiban doctor``'s look at the GPIO library: what watches the buttons and INT/ALERT
lines (the header chip's character device, or gpiozero), whether gpiozero runs on lgpio
here, and whether the installed service's unit lets lgpio load under it.

gpiozero never fails where lgpio does: it warns and falls back to another pin factory,
or to none, and the board's buttons and INT/ALERT lines then run on that or not at
all (drivers/pin_factory.py). The doctor is run by hand, from a shell whose working
directory is usually writable, so lgpio loading here does not prove it loads under
systemd: the installed unit is read as well (service_unit.py).
"""

from __future__ import annotations

import sys
from pathlib import Path

from drivers.pin_factory import CHOSEN, LGPIO, PinFactoryState
from firmware_host.tools.desk.boot_config import read_model
from firmware_host.tools.desk.findings import Finding
from firmware_host.tools.desk.pi_setup import PiSystem
from firmware_host.tools.desk.service_unit import ServiceUnit
from hardware.board import EdgeWatching

SHIPPED = Path("/opt/kiban/systemd/kiban.service")
"""Where the README's install puts the unit's current version."""
FIFO = ".lgd-nfy"
"""How lgpio's notification FIFOs are named: an error naming one is the directory's."""


def _lgpio_fix(state: PinFactoryState) -> str:
    """How to make lgpio load, from what made it fail."""
    failure = state.lgpio_failure
    if state.chosen is not None:
        return f"{CHOSEN}={state.chosen} chose it: unset it (the board is measured on lgpio)"
    if failure is None:
        return "lgpio's failure was not seen (gpiozero chose before this check)"
    if FIFO in failure:
        return (
            f"lgpio did not load ({failure}): it makes its notification FIFO in $LG_WD, "
            "else in the working directory, and this process cannot write there; run kiban "
            "from a directory you can write, or set LG_WD to one (the service's unit sets "
            "WorkingDirectory=/run/kiban and LG_WD=/run/kiban, systemd/kiban.service)"
        )
    if "No module named 'lgpio'" in failure:
        return (
            f"lgpio is not installed in {sys.prefix}: install it with "
            f"`sudo {Path(sys.prefix) / 'bin' / 'pip'} install lgpio` "
            "(the README's pip install '.[pi]' does)"
        )
    return f"lgpio did not load ({failure})"


def pin_factory_findings(state: PinFactoryState, *, edges_on_chip: bool = False) -> list[Finding]:
    """The factory in use; anything but lgpio is a problem on a Pi. With the edges watched
    on the header chip (``edges_on_chip``), gpiozero still drives the outputs."""
    lines = (
        "the GPIO outputs (multiplexer selects, a shift register's load)"
        if edges_on_chip
        else "the buttons and INT lines"
    )
    if state.lgpio:
        return [Finding(f"GPIO: gpiozero runs on lgpio ({LGPIO})")]
    if state.name is None:
        what = f"no pin factory of gpiozero loaded ({state.error}): {lines}"
        effect = "cannot be claimed"
    else:
        what = f"gpiozero fell back to {state.name}: {lines}"
        effect = "run on it, not on lgpio"
    fix = _lgpio_fix(state)
    return [Finding(f"GPIO: {what} {effect}; {fix}", problem=True)]


def unit_findings(path: Path) -> list[Finding]:
    """Whether lgpio can make its FIFO where the installed unit runs the service."""
    try:
        unit = ServiceUnit.read(path)
    except FileNotFoundError:
        return [Finding(f"service: {path} is not installed (nothing to check)")]
    except OSError as error:
        return [Finding(f"service: {path} could not be read ({error.strerror})")]
    directory = unit.lgpio_directory()
    setting = unit.lgpio_writable_by()
    if setting is not None:
        return [Finding(f"service: {path} gives lgpio {directory} ({setting})")]
    where = "the user's home" if directory is None else str(directory)
    return [
        Finding(
            f"service: under {path} lgpio would make its notification FIFO in {where}, "
            "which no RuntimeDirectory= or StateDirectory= of the unit makes the service's "
            "to write: the GPIO library would not load and gpiozero would fall back. "
            f"Install the unit again: `sudo install -m 644 {SHIPPED} {path} && "
            "sudo systemctl daemon-reload && sudo systemctl restart kiban`",
            problem=True,
        )
    ]


def edge_findings(watching: EdgeWatching) -> list[Finding]:
    """What watches the buttons and INT/ALERT lines, by the rule ``kiban run`` follows
    (hardware/board.py): the header chip when its device opens, else gpiozero."""
    if watching.chip is not None:
        return [
            Finding(
                f"GPIO edges: the buttons and INT/ALERT lines are watched on {watching}: "
                "its thread sleeps in the kernel until an edge (no wake-ups at rest)"
            )
        ]
    return [
        Finding(
            f"GPIO edges: the buttons and INT/ALERT lines are watched through {watching}: on "
            "lgpio its alert thread wakes about 2,000 times a second while it watches them and "
            "holds each edge 0.5-1 ms; the /dev/gpiochip* of the header must be there and open "
            "to the gpio group, with the user in it (`sudo usermod -aG gpio $USER`; the unit "
            "of the service has SupplementaryGroups=gpio)",
            problem=True,
        )
    ]


def gpio_findings(system: PiSystem) -> list[Finding]:
    """The checks; none off a Pi (neither the header chip nor gpiozero's pins are there)."""
    if read_model(system.model_file) is None:
        return []
    watching = system.edge_watching()
    factory = pin_factory_findings(system.pin_factory(), edges_on_chip=watching.chip is not None)
    return factory + unit_findings(system.service_unit) + edge_findings(watching)
