"""lgpio and gpiozero's lgpio pin factory on the VM's gpio-sim header chip (gpiochip0).

Run as pi with the installed venv's python, from a directory pi can write (lgpio's FIFO).
Each simulated line is pulled through gpio-sim's sysfs (root: through sudo), and the
callbacks must see each edge. Prints one line per finding; exits 1 on a miss.
"""

import glob
import subprocess
import sys
import threading
import time

import lgpio
from checks import Checks

found = glob.glob("/sys/devices/platform/*/gpiochip0/sim_gpio0")
if not found:
    sys.exit("no gpio-sim chip at gpiochip0")
BASE = found[0].rsplit("/", 1)[0]
check = Checks()


def pull(line: int, how: str) -> float:
    """Pulls a simulated line; returns time.monotonic() just before the write."""
    t = time.monotonic()
    subprocess.run(
        ["sudo", "tee", f"{BASE}/sim_gpio{line}/pull"],
        input=how.encode(),
        stdout=subprocess.DEVNULL,
        check=True,
    )
    return t


# --- lgpio itself ------------------------------------------------------------------------
h = lgpio.gpiochip_open(0)
status, lines, name, label = lgpio.gpio_get_chip_info(h)
check("lgpio opens gpiochip0", status == 0, f"{name} [{label}], {lines} lines")
LINE = 17
events: list[tuple[int, int, int, float]] = []
seen = threading.Event()


def alert(chip: int, gpio: int, level: int, tick: int) -> None:
    events.append((gpio, level, tick, time.monotonic()))
    seen.set()


pull(LINE, "pull-down")
rc = lgpio.gpio_claim_alert(h, LINE, lgpio.BOTH_EDGES)
check(f"lgpio claims line {LINE} for edges", rc == 0, f"rc {rc}")
cb = lgpio.callback(h, LINE, lgpio.BOTH_EDGES, alert)
latencies = []
for how, level in (("pull-up", 1), ("pull-down", 0), ("pull-up", 1), ("pull-down", 0)):
    seen.clear()
    before = len(events)
    t0 = pull(LINE, how)
    got = seen.wait(2.0)
    ok = got and len(events) > before and events[before][1] == level
    if ok:
        latencies.append(events[before][3] - t0)
    check(
        f"lgpio sees the {'rising' if level else 'falling'} edge of line {LINE} ({how})",
        ok,
        f"level {events[before][1]}" if len(events) > before else "no callback in 2 s",
    )
    check(f"lgpio reads line {LINE} as {level}", lgpio.gpio_read(h, LINE) == level)
if latencies:
    shown = ", ".join(f"{x * 1000:.1f}" for x in latencies)
    print(f"info lgpio: pull written to callback run: {shown} ms (its sudo tee included)")
cb.cancel()
lgpio.gpio_free(h, LINE)
lgpio.gpiochip_close(h)

# --- gpiozero on lgpio -------------------------------------------------------------------
from gpiozero import Button, Device  # noqa: E402
from gpiozero.pins.lgpio import LGPIOFactory  # noqa: E402

default = Device._default_pin_factory()
check(
    "gpiozero's default pin factory is lgpio",
    isinstance(default, LGPIOFactory),
    type(default).__name__,
)
default.close()
Device.pin_factory = LGPIOFactory()
info = Device.pin_factory.board_info
print(f"info gpiozero: {info.model} rev {info.revision}")
BUTTON = 22
button = Button(BUTTON, pull_up=True, bounce_time=None)
pressed = threading.Event()
released = threading.Event()
button.when_pressed = pressed.set
button.when_released = released.set
time.sleep(0.2)
check(f"gpiozero Button({BUTTON}) rests released (its pull-up)", not button.is_pressed)
pull(BUTTON, "pull-down")
check(f"gpiozero Button({BUTTON}) sees the press", pressed.wait(2.0) and button.is_pressed)
pull(BUTTON, "pull-up")
check(f"gpiozero Button({BUTTON}) sees the release", released.wait(2.0) and not button.is_pressed)
button.close()
Device.pin_factory.close()
sys.exit(check.status)
