"""rpi-ws281x's SPI mode (the ``ws281x`` backend on GPIO 10), the real library built by
pip on aarch64, on a kernel with /dev/spidev0.0 and no /dev/gpiomem (make pi-vm's,
Debian's own): it fails with code -13, and Kiban must say which file failed and the
``spi`` backend, with no SWIG "memory leak" line (issue 80). Run as pi with the venv's
python; exits 1 when it does not."""

import subprocess
import sys

from checks import Checks

PROBE = """
from drivers.errors import LedStripError
from drivers.ws281x import open_ws281x
try:
    open_ws281x(15, gpio=10)
except LedStripError as error:
    print(error)
import gc
gc.collect()
"""

done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, check=False)
told, stderr = done.stdout.strip(), done.stderr
print(f"info   kiban: {told}")
print(f"info   the library's own lines: {stderr.strip()!r}")
checks = [
    ("the strip is refused with code -13", "code -13" in told),
    ("the refusal names /dev/gpiomem, the file that failed", "/dev/gpiomem does not exist" in told),
    ('and the fix: backend = "spi"', 'backend = "spi"' in told),
    ("no SWIG memory leak line", "swig/python detected a memory leak" not in stderr),
]
check = Checks()
for what, ok in checks:
    check(what, ok)
sys.exit(check.status)
