"""``kiban doctor``'s look at the Pi's I2C bus 1 for a board: the clock it really runs
against the rate the board's scan needs.

The advice is worked out, not looked up: each fix the doctor names is applied to the
``config.txt`` it read and the bus worked out again, so a line it prints is one that
clears the board, and a board that already keeps up at the slowest clock the Pi may
fall to is not refused. The rates follow i2c_clock.py (the kernel's divider) and
pi_models.py (each model's core clock and buses).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from firmware_host.tools.bench.i2c_clock import (
    BUS_SHARE,
    CONFIRM_BUS,
    DEFAULT_RATE,
    STANDARD_RATES,
    BusPlan,
    adapter_node,
    bcm2835_rate,
    device_tree_rate,
)
from firmware_host.tools.desk.boot_config import BootConfig, config_int
from firmware_host.tools.desk.findings import Finding
from firmware_host.tools.desk.pi_models import (
    MHZ,
    PiModel,
    clock_fixed,
    core_range,
    pi_model,
)
from hardware.profile import Profile


@dataclass(frozen=True, slots=True)
class BusClock:
    """Bus 1's clock: the rate asked of the kernel (``asked``: the device tree it
    started with, else ``config.txt``'s), the rate ``config.txt`` asks (``written``:
    what a reboot sets), and the core clock's top and floor it is divided from (None:
    a clock of its own)."""

    asked: int
    written: int
    span: tuple[int, int] | None

    def real(self, asked: int | None = None, span: tuple[int, int] | None = None) -> int:
        """The rate the bus runs at worst: the divider set at the core clock's top, the
        core at its floor (``asked`` and ``span`` in place of this clock's, if given)."""
        rate = self.asked if asked is None else asked
        core = self.span if span is None else span
        return rate if core is None else bcm2835_rate(rate, *core)

    def describe(self) -> str:
        source = (
            "asked"
            if self.asked == self.written
            else f"the kernel's until a reboot sets {self.written // 1000} kHz"
        )
        text = f"{self.asked // 1000} kHz {source}"
        if self.span is not None and self.span[1] < self.span[0]:
            text += (
                f", {self.real() / 1000:g} kHz when the core clock idles at "
                f"{self.span[1] // MHZ} MHz"
            )
        return text


def bus_clock(config: BootConfig, model: str, adapters: Path) -> BusClock:
    """Bus 1's clock on ``model``: the device tree's ``clock-frequency`` as the running
    kernel has it (else ``config.txt``'s ``i2c_arm_baudrate``), divided as i2c-bcm2835
    divides the core clock. A Pi 5 runs what it is asked; a model the doctor does not
    know is taken at a fixed 250 MHz core clock, as a Pi 1's."""
    live = device_tree_rate(adapter_node(adapters, 1))
    written = config_int(config.dtparams.get("i2c_arm_baudrate"), DEFAULT_RATE)
    asked = written if live is None else live
    family = pi_model(model)
    if family is None:
        return BusClock(asked, written, (250 * MHZ, 250 * MHZ))
    span = core_range(config, family)
    return BusClock(asked, written, span)


def _real(clock: BusClock, rate: int, config: BootConfig, family: PiModel | None) -> int:
    """The rate bus 1 would run at worst once ``config`` asks ``rate`` and a reboot sets it."""
    if clock.span is None or family is None:
        return clock.real(rate)
    return clock.real(rate, core_range(config, family))


def _advice(
    plan: BusPlan, clock: BusClock, config: BootConfig, family: PiModel | None
) -> tuple[list[str], int]:
    """The ``config.txt`` lines that make bus 1 keep up with ``plan``, and the rate it then
    runs at worst: the rate the plan needs asked, then, where the core clock still
    scales it below that, the model's lines that pin the core clock."""
    needed = plan.needed_rate() or STANDARD_RATES[-1]
    rate = max(needed, clock.written)
    lines = [f"dtparam=i2c_arm_baudrate={needed}"] if needed > clock.written else []
    real = _real(clock, rate, config, family)
    if (
        not plan.keeps_up(real)
        and family is not None
        and family.clock is not None
        and not clock_fixed(config, family)
    ):
        lines += family.clock.fix
        real = _real(clock, rate, config.with_lines(*family.clock.fix), family)
    return lines, real


def bus_rate_findings(
    profile: Profile, config: BootConfig, model: str, adapters: Path, plan: BusPlan | None
) -> list[Finding]:
    """Whether one scan of the board keeps up at the rate bus 1 really runs at worst,
    and if not, the lines that make it."""
    if 1 not in profile.bus_numbers or plan is None:
        return []
    clock = bus_clock(config, model, adapters)
    family = pi_model(model)
    real = clock.real()
    head = f"{config.path}: I2C bus 1 at {clock.describe()}: "
    busy = (
        f"a scan of this board keeps it {plan.seconds(real) * 1e3:.1f} ms busy of its "
        f"{1e3 / plan.scan_hz:.0f} ms period"
    )
    if plan.keeps_up(real):
        return [Finding(head + busy)]
    if plan.needed_rate() is None:
        fastest = STANDARD_RATES[-1]
        return [
            Finding(
                f"{head}{busy}, and still {plan.seconds(fastest) * 1e3:.1f} ms at "
                f"{fastest // 1000} kHz: scan this board more slowly ([scan] hz at most "
                f"{BUS_SHARE / plan.seconds(fastest):.0f})",
                problem=True,
            )
        ]
    why = "more than half" if not plan.fits(real) else "too long to confirm a change in 4 ms"
    lines, after = _advice(plan, clock, config, family)
    if not plan.keeps_up(after):  # the divider's rounding, at the very edge of a fit
        return [Finding(f"{head}{busy}, {why}: {_beyond(plan, after)}", problem=True)]
    fix = _fix(lines, after, config, family) if lines else _reboot(config, clock)
    return [Finding(f"{head}{busy}, {why}: {fix}", problem=True)]


def _reboot(config: BootConfig, clock: BusClock) -> str:
    """config.txt asks enough already: the running kernel started before it did."""
    return f"reboot: {config.path.name} already asks {clock.written // 1000} kHz"


def _fix(lines: list[str], after: int, config: BootConfig, family: PiModel | None) -> str:
    """The advice in words: the lines to add, and what the core clock and bus then run."""
    fix = "add " + " and ".join(f"`{line}`" for line in lines)
    span = core_range(config.with_lines(*lines), family) if family is not None else None
    if span is not None and any(not line.startswith("dtparam") for line in lines):
        fix += (
            f" (the core clock pinned at {span[0] // MHZ} MHz: the bus runs "
            f"{after / 1000:.0f} kHz at any load)"
        )
    return fix + ", then reboot"


def _beyond(plan: BusPlan, rate: int) -> str:
    """What is left where no line of ``config.txt`` makes bus 1 keep up."""
    if plan.seconds(rate) > CONFIRM_BUS and plan.fits(rate):
        return "spread its chips over more buses"
    return f"scan this board more slowly ([scan] hz at most {BUS_SHARE / plan.seconds(rate):.0f})"
