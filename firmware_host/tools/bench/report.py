"""``kiban bench --report FILE``: the service and levels benches in one file a Raspberry
Pi's owner can send, so that the Pi figures estimated on other machines (chain.py) are
replaced by measured ones.

The file is JSON (readable as it is): the machine (the board's model as its device tree
names it, the kernel, Python, the CPU's frequency governor and top clock, which move
every timing), the two tables as ``kiban bench --service`` and ``kiban bench --levels``
print them, the lines docs/speed.md and docs/levels.md take from them, and what to do
with the file. On a Pi the levels are timed as they are, with nothing counted (valgrind
is not needed); anywhere else the report says it was not made on a Pi, and its levels are
this machine's, read on the Pi cores through the chain, as the bench prints them.

Which Pi: ``/proc/device-tree/model`` (``Raspberry Pi 4 Model B Rev 1.4``), else the
``Model`` line of ``/proc/cpuinfo``, which Raspberry Pi's kernels add; the first names the
board on every Raspberry Pi OS kernel, the second on older 32-bit ones.
"""

from __future__ import annotations

import json
import platform
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

REPORT_FORMAT = 1
"""The report's layout: raised when its keys change."""

INSTRUCTIONS = (
    "Thank you for running the bench on your board. Please open an issue on the Kiban "
    "project's tracker titled 'bench report: <your board's model>' and attach this file "
    "as it is. Your board's figures will replace the estimates in docs/speed.md and "
    "docs/levels.md. The file holds no personal data: the board's model, the kernel, the "
    "Python version, the CPU's clock settings and the bench's own tables."
)

CORES_BY_MODEL = (("Raspberry Pi 4", "pi4"), ("Raspberry Pi 400", "pi4"), ("Zero 2", "zero2w"))
"""The bench's Pi cores (pi_cores.py) by the words of a model name; another Pi is ``pi``.
A Pi 400 is a Pi 4's BCM2711 (Cortex-A72) in a keyboard."""


@dataclass(frozen=True, slots=True)
class Machine:
    """What the timings were taken on."""

    model: str | None
    """The board as its device tree or cpuinfo names it; None on no Raspberry Pi."""
    core: str | None
    """``pi4``, ``zero2w``, ``pi`` (another Raspberry Pi), None (no Pi)."""
    kernel: str
    python: str
    governor: str | None
    """cpufreq's governor of CPU 0 (``ondemand``, ``performance``), None if not shown."""
    max_khz: int | None
    """CPU 0's top clock allowed now, in kHz (``scaling_max_freq``)."""

    @property
    def is_pi(self) -> bool:
        return self.core is not None


def _read(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None


def _model(root: Path) -> str | None:
    """The board's model, if it is a Raspberry Pi's."""
    found = (_read(root / "proc/device-tree/model") or "").strip("\0 \n")
    if not found:
        for line in (_read(root / "proc/cpuinfo") or "").splitlines():
            key, _, value = line.partition(":")
            if key.strip() == "Model":
                found = value.strip()
                break
    return found if found.startswith("Raspberry Pi") else None


def machine(root: Path = Path("/")) -> Machine:
    """This machine (``root``: where /proc and /sys are, a folder of fakes in tests)."""
    model = _model(root)
    core = None
    if model is not None:
        core = next((name for words, name in CORES_BY_MODEL if words in model), "pi")
    cpufreq = root / "sys/devices/system/cpu/cpu0/cpufreq"
    governor = (_read(cpufreq / "scaling_governor") or "").strip() or None
    top = (_read(cpufreq / "scaling_max_freq") or "").strip()
    return Machine(
        model,
        core,
        platform.release(),
        platform.python_version(),
        governor,
        int(top) if top.isdigit() else None,
    )


@dataclass(frozen=True, slots=True)
class ReportPlan:
    """What a report runs: the service on ``boards`` (names as ``kiban bench --service``
    takes them) for ``seconds`` idle and ``changes`` touches each, the levels 1 to
    ``top`` of ``games`` (every game, every level by default)."""

    boards: tuple[str, ...] = ()
    games: tuple[str, ...] = ()
    seconds: float = 3.0
    changes: int = 80
    top: int | None = None


Lines = Callable[[ReportPlan, Machine], Iterator[str]]
"""A table's lines for a plan on a machine."""


def _service(plan: ReportPlan, _machine: Machine) -> Iterator[str]:
    from firmware_host.tools.bench.service import service_lines

    return service_lines(plan.boards, seconds=plan.seconds, changes=plan.changes)


def _levels(plan: ReportPlan, found: Machine) -> Iterator[str]:
    from firmware_host.tools.bench.levels import level_lines

    return level_lines(plan.games, top=plan.top, measured=found.core)


def report(
    plan: ReportPlan,
    found: Machine,
    *,
    service: Lines = _service,
    levels: Lines = _levels,
    progress: Callable[[str], None] = lambda _line: None,
) -> dict[str, object]:
    """The report's content: the machine, both tables (each line also handed to
    ``progress`` as it comes: the levels take minutes on a Pi)."""
    tables: dict[str, list[str]] = {}
    for name, lines in (("service", service), ("levels", levels)):
        tables[name] = []
        for line in lines(plan, found):
            progress(line)
            tables[name].append(line)
    return {
        "format": REPORT_FORMAT,
        "on_a_pi": found.is_pi,
        "machine": asdict(found),
        "plan": asdict(plan),
        "service": tables["service"],
        "levels": tables["levels"],
        "docs": {
            "docs/speed.md": "the service table: rss / uss against the goal, cpu, frame to LED",
            "docs/levels.md": "the levels table: each level's time per move, against its goal",
        },
        "instructions": INSTRUCTIONS,
    }


def write_report(
    path: Path,
    plan: ReportPlan,
    root: Path = Path("/"),
    *,
    service: Lines = _service,
    levels: Lines = _levels,
    progress: Callable[[str], None] = lambda _line: None,
) -> Machine:
    """Run ``plan`` and write the report to ``path``; the machine it was made on."""
    found = machine(root)
    content = report(plan, found, service=service, levels=levels, progress=progress)
    path.write_text(json.dumps(content, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return found


def plan_from(
    names: Sequence[str], seconds: float | None, top: int | None, changes: int | None
) -> ReportPlan:
    """A plan from the command line's words: names that are games go to the levels, the
    rest (profiles, ``PROFILE:GAME``) to the service as well."""
    from engine.registry import names as game_names

    known = set(game_names())
    games = tuple(name for name in names if name in known)
    return ReportPlan(
        boards=tuple(names),
        games=games,
        seconds=3.0 if seconds is None else seconds,
        changes=80 if changes is None else changes,
        top=top,
    )
