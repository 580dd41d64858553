"""``kiban doctor``'s look at the GPIO library: whether gpiozero runs on lgpio here, and
whether the installed service's unit lets lgpio load under it.

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


def pin_factory_findings(state: PinFactoryState) -> list[Finding]:
    """The factory in use; anything but lgpio is a problem on a Pi."""
    if state.lgpio:
        return [Finding(f"GPIO: gpiozero runs on lgpio ({LGPIO})")]
    if state.name is None:
        what = f"no pin factory of gpiozero loaded ({state.error}): the buttons and INT lines"
        effect = "cannot be claimed"
    else:
        what = f"gpiozero fell back to {state.name}: the buttons and INT lines"
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


def gpio_findings(system: PiSystem) -> list[Finding]:
    """Both checks; none off a Pi (gpiozero has no pins to run there)."""
    if read_model(system.model_file) is None:
        return []
    return pin_factory_findings(system.pin_factory()) + unit_findings(system.service_unit)
