"""``kiban doctor``'s look at the Pi's I2C buses for a board: the clock bus 1 really
runs against the rate the board's scan needs, and whether each other bus the profile
uses exists on this model.

The advice is worked out, not looked up: each fix the doctor names is applied to the
``config.txt`` it read and the bus worked out again, so a line it prints is one that
clears the board, and a board that already keeps up at the slowest clock the Pi may
fall to is not refused. The rates follow i2c_clock.py (the kernel's divider) and
pi_models.py (each model's core clock and buses).
"""

from __future__ import annotations

from collections.abc import Callable
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
    I2C_GPIO,
    MHZ,
    PiModel,
    clock_fixed,
    core_range,
    pi_model,
)
from hardware.profile import Profile

SOFTWARE_BUS = f"dtoverlay={I2C_GPIO},bus={{bus}},i2c_gpio_sda=23,i2c_gpio_scl=24"
"""The line that makes bus N in software on any model, on the overlay's default pins
(about 100 kHz at its default delay, the overlays' README)."""


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


def _made(config: BootConfig, bus: int, family: PiModel) -> str | None:
    """What in ``config.txt`` makes I2C bus ``bus`` on this model, None if nothing does."""
    for params in config.overlay_uses(I2C_GPIO):
        if config_int(params.get("bus"), 0) == bus:
            sda, scl = params.get("i2c_gpio_sda", "23"), params.get("i2c_gpio_scl", "24")
            pace = "" if "i2c_gpio_delay_us" in params else ", about 100 kHz"
            return f"dtoverlay={I2C_GPIO},bus={bus} (in software, on GPIO {sda} and {scl}{pace})"
    overlay = family.i2c_overlays.get(bus)
    if overlay is not None and config.overlay_uses(overlay.name):
        return f"dtoverlay={overlay.name} (the {family.chip}'s own i2c{bus})"
    if bus == 0 and overlay is None and (config.enabled("i2c_vc") or config.overlay_uses("i2c0")):
        return "i2c0 (GPIO 0 and 1)"
    return None


def other_bus_findings(
    profile: Profile,
    config: BootConfig,
    model: str,
    adapter_exists: Callable[[int], bool],
) -> list[Finding]:
    """Each I2C bus but 1 the board uses: made by ``config.txt`` on this model (or there
    already, as the running kernel shows), else a problem naming the bus, the model and
    the line that makes it."""
    family = pi_model(model)
    if family is None:
        return []
    found: list[Finding] = []
    for bus in (number for number in profile.bus_numbers if number != 1):
        made = _made(config, bus, family)
        if made is not None:
            found.append(Finding(f"{config.path}: I2C bus {bus}: {made}"))
        elif adapter_exists(bus):
            found.append(Finding(f"{config.path}: I2C bus {bus}: the running kernel has it"))
        else:
            found.append(Finding(_missing(config, bus, family), problem=True))
    return found


def _missing(config: BootConfig, bus: int, family: PiModel) -> str:
    """A bus the profile uses that nothing makes: the lines that would, on this model."""
    software = f"`{SOFTWARE_BUS.format(bus=bus)}`"
    where = f"{config.path}: I2C bus {bus}"
    overlay = family.i2c_overlays.get(bus)
    if bus == 0 and overlay is None:
        return (
            f"{where} is not set up (the profile puts chips on it): add `dtparam=i2c_vc=on` "
            "(GPIO 0 and 1), then reboot"
        )
    if overlay is not None:
        first, second = overlay.pins
        return (
            f"{where} is not set up (the profile puts chips on it): add {software} (in "
            f"software), or `dtoverlay={overlay.name},baudrate=400000` (the {family.chip}'s "
            f"own i2c{bus}, on GPIO {first} and {second}) where those are free, then reboot"
        )
    *others, last = [f"i2c{number}" for number in family.own_buses]
    own = f"{', '.join(others)} and {last}"
    wrong = [name for name in (f"i2c{bus}", f"i2c{bus}-pi5") if config.overlay_uses(name)]
    said = f"; `dtoverlay={wrong[0]}` makes none on it" if wrong else ""
    return (
        f"{where}: a {family.name} has no I2C bus {bus} of its own (its {family.chip} gives "
        f"a board {own}{said}), and the profile puts chips on it: make it in software with "
        f"{software}, then reboot"
    )
