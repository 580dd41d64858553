"""open_ws281x against a fake rpi_ws281x that behaves like the real PixelStrip.

The fake registers its cleanup with atexit in the constructor, exactly as
rpi_ws281x's PixelStrip does, and its cleanup kills the process after a failed
begin(), as ws2811_fini does by dereferencing the torn-down device. Its handle is
SWIG's: owned until ``delete_ws2811_t`` frees it, and dropped while owned it prints
SWIG's "memory leak" line (the real library's is run in the slow test below, and by
make pi-vm on an arm64 kernel with no /dev/gpiomem).
"""

from __future__ import annotations

import atexit
import os
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from drivers import ws281x
from drivers.errors import LedStripError
from drivers.led_strip import Colour, LedStrip
from drivers.ws281x import Ws281xStrip, open_ws281x

REPO = Path(__file__).resolve().parents[2]

FAKE_LIBRARY = textwrap.dedent(
    '''
    """A stand-in for rpi_ws281x with the same constructor, atexit hook and failure."""

    import atexit
    import os
    import sys

    if __name__ in sys.modules:  # imported (a child process): its SWIG module too
        sys.modules.setdefault("_rpi_ws281x", sys.modules[__name__])
    WS2811_STRIP_RGB = 0x00100800
    WS2811_STRIP_GRB = 0x00081000
    SK6812_STRIP_GRBW = 0x18081000
    FAIL_CODE = None
    RENDER_FAILS = False
    instances = []


    class Handle:
        """SWIG's owned pointer of new_ws2811_t: its dealloc's line when never freed."""

        own = True

        def __del__(self):
            if self.own:
                sys.stderr.write(
                    "swig/python detected a memory leak of type 'ws2811_t *', "
                    "no destructor found.\\n")


    def delete_ws2811_t(handle):
        handle.own = False  # SWIG_POINTER_DISOWN, then free()


    class PixelStrip:
        def __init__(self, num, pin, freq_hz=800000, dma=10, invert=False,
                     brightness=255, channel=0, strip_type=None, gamma=None):
            self.args = (num, pin, freq_hz, dma, invert, brightness, channel, strip_type)
            self._leds = Handle()
            self._channel = object()
            self.size = num
            self.pixels = [0] * num
            self.brightness = brightness
            self.shown = []
            self.failed = False
            self.fini_calls = 0
            instances.append(self)
            atexit.register(self._cleanup)

        def numPixels(self):
            return self.size

        def begin(self):
            if FAIL_CODE is not None:
                self.failed = True
                raise RuntimeError(
                    "ws2811_init failed with code {0} (mmap() failed)".format(FAIL_CODE))

        def setPixelColor(self, n, color):
            self.pixels[n] = color

        def getPixelColor(self, n):
            return self.pixels[n]

        def setBrightness(self, brightness):
            self.brightness = brightness

        def show(self):
            if RENDER_FAILS:
                raise RuntimeError("ws2811_render failed with code -10 (DMA error)")
            self.shown.append(list(self.pixels))

        def _cleanup(self):
            if self._leds is not None:
                if self.failed:
                    os._exit(139)  # what a segfault in ws2811_fini looks like to the shell
                self.fini_calls += 1
                delete_ws2811_t(self._leds)
                self._leds = None
                self._channel = None
    '''
)


@pytest.fixture
def library(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    path = tmp_path / "rpi_ws281x.py"
    path.write_text(FAKE_LIBRARY)
    module = ModuleType("rpi_ws281x")
    module.__file__ = str(path)
    exec(compile(FAKE_LIBRARY, str(path), "exec"), module.__dict__)
    monkeypatch.setitem(sys.modules, "rpi_ws281x", module)
    monkeypatch.setitem(sys.modules, "_rpi_ws281x", module)
    return module


class AtexitSpy:
    """Which callbacks are registered with atexit right now.

    ``atexit._ncallbacks()`` cannot tell: CPython's ``unregister`` empties the
    slot without lowering that count. The spy still calls the real functions.
    """

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.live: list[Callable[..., object]] = []
        register, unregister = atexit.register, atexit.unregister

        def spy_register(func: Callable[..., object], /, *args: object) -> object:
            self.live.append(func)
            return register(func, *args)

        def spy_unregister(func: Callable[..., object], /) -> None:
            self.live = [live for live in self.live if live != func]
            unregister(func)

        monkeypatch.setattr(atexit, "register", spy_register)
        monkeypatch.setattr(atexit, "unregister", spy_unregister)


@pytest.fixture
def hooks(monkeypatch: pytest.MonkeyPatch) -> AtexitSpy:
    return AtexitSpy(monkeypatch)


def test_started_strip_sets_pixels_shows_and_closes(library: ModuleType, hooks: AtexitSpy) -> None:
    device = open_ws281x(4, gpio=18, brightness=128, strip_type="GRB")
    strip = library.instances[-1]
    assert hooks.live == [strip._cleanup]
    assert strip.args == (4, 18, 800_000, 10, False, 128, 0, library.WS2811_STRIP_GRB)
    assert isinstance(device, Ws281xStrip)
    leds = LedStrip(device)
    assert leds.show([Colour(255, 0, 0), Colour(0, 255, 0), Colour(0, 0, 255), Colour(1, 2, 3)])
    assert strip.shown == [[0xFF0000, 0x00FF00, 0x0000FF, 0x010203]]
    assert device.getPixelColor(3) == 0x010203
    device.setBrightness(40)
    assert strip.brightness == 40

    device.close()
    assert strip.shown[-1] == [0, 0, 0, 0]  # turned off before release
    assert strip.fini_calls == 1
    assert hooks.live == []  # the library's atexit hook will not fini again
    device.close()
    assert strip.fini_calls == 1
    with pytest.raises(LedStripError, match="closed"):
        device.show()


def test_strip_type_names(library: ModuleType) -> None:
    open_ws281x(1, strip_type="grbw").close()
    assert library.instances[-1].args[-1] == library.SK6812_STRIP_GRBW
    open_ws281x(1, strip_type="WS2811_STRIP_RGB").close()
    assert library.instances[-1].args[-1] == library.WS2811_STRIP_RGB
    open_ws281x(1).close()
    assert library.instances[-1].args[-1] is None  # the library's default (GRB)
    with pytest.raises(LedStripError, match="XYZ"):
        open_ws281x(1, strip_type="XYZ")


def test_missing_library_asks_for_the_pi_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "rpi_ws281x", None)
    with pytest.raises(LedStripError, match=r"kiban\[pi\]") as caught:
        open_ws281x(10)
    assert "Raspberry Pi" in str(caught.value)
    assert isinstance(caught.value.__cause__, ImportError)


def test_failed_begin_is_a_led_strip_error_and_disarms_the_atexit_cleanup(
    library: Any, hooks: AtexitSpy
) -> None:
    library.FAIL_CODE = -5  # the stand-in library's own switch (Any: set by the test)
    with pytest.raises(LedStripError) as caught:
        open_ws281x(10, gpio=18)
    message = str(caught.value)
    assert "GPIO 18" in message and "mmap() failed" in message and "root" in message
    assert isinstance(caught.value.__cause__, RuntimeError)
    strip = library.instances[-1]
    assert strip.failed
    assert hooks.live == []
    assert strip._leds is None and strip._channel is None
    strip._cleanup()  # a late cleanup no longer reaches the C library


@pytest.mark.parametrize(
    ("code", "hint"),
    [(-11, "GPIO 18"), (-8, "audio"), (-3, 'backend = "pio"'), (-99, "root")],
)
def test_failure_hints(library: Any, code: int, hint: str) -> None:
    library.FAIL_CODE = code  # the stand-in library's own switch (Any: set by the test)
    with pytest.raises(LedStripError, match=hint):
        open_ws281x(3, gpio=12)


@pytest.mark.parametrize(
    "case",
    [
        (None, None, "/dev/spidev0.0 does not exist: SPI is not enabled: `sudo raspi-config"),
        (0o600, None, "/dev/gpiomem does not exist: rpi-ws281x maps the GPIO registers"),
        (0o000, None, "/dev/spidev0.0 is not open to this user: it needs the spi group"),
        (0o600, 0o000, "/dev/gpiomem is not open to this user: it needs the gpio group"),
        (0o600, 0o600, "refused its mode, word size or speed"),
    ],
)
def test_the_spi_mode_names_the_file_it_could_not_open_and_the_spi_backend(
    library: Any,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    case: tuple[int | None, int | None, str],
) -> None:
    """Code -13 (rpi-ws281x's spi_init) is /dev/spidev0.0 or /dev/gpiomem failing:
    the library says "Can't open /dev/mem" either way, and Kiban's hint was to enable
    SPI, which was on (issue 80, a kernel with no /dev/gpiomem). The error names the
    file that failed and the backend that needs neither the registers nor root."""
    spidev, gpiomem, said = case
    denied = set()
    for name, mode in (("spidev0.0", spidev), ("gpiomem", gpiomem)):
        path = tmp_path / name
        if mode is not None:
            path.write_bytes(b"")
            if mode == 0o000:
                denied.add(path)  # (as root here, os.access would say yes to any mode)
        monkeypatch.setattr(ws281x, "SPIDEV" if name == "spidev0.0" else "GPIOMEM", path)
    monkeypatch.setattr(ws281x, "_usable", lambda path: path not in denied)
    library.FAIL_CODE = -13
    with pytest.raises(LedStripError) as caught:
        open_ws281x(15, gpio=10)
    message = str(caught.value).replace(str(tmp_path), "/dev")
    assert said in message
    assert 'backend = "spi"' in message and "/dev/spidev0.0 only" in message


def test_render_failure_is_a_led_strip_error(library: Any) -> None:
    device = open_ws281x(2)
    library.RENDER_FAILS = True  # the stand-in library's own switch (Any: set by the test)
    with pytest.raises(LedStripError, match="DMA error"):
        device.show()
    device.close()  # still releases the hardware
    assert library.instances[-1].fini_calls == 1


def test_arguments_are_checked_before_the_library_is_touched(library: ModuleType) -> None:
    for kwargs in ({"count": 0}, {"count": 3, "brightness": 256}, {"count": 3, "channel": 2}):
        with pytest.raises(ValueError):
            open_ws281x(**kwargs)  # type: ignore[arg-type]
    assert library.instances == []


def _run(code: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    (tmp_path / "rpi_ws281x.py").write_text(FAKE_LIBRARY)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(tmp_path), str(REPO)]))
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_the_fake_crashes_at_exit_like_the_real_library(tmp_path: Path) -> None:
    result = _run(
        """
        import rpi_ws281x
        rpi_ws281x.FAIL_CODE = -5
        strip = rpi_ws281x.PixelStrip(10, 18)
        try:
            strip.begin()
        except RuntimeError:
            pass
        """,
        tmp_path,
    )
    assert result.returncode == 139


def test_a_process_whose_strip_failed_exits_cleanly(tmp_path: Path) -> None:
    result = _run(
        """
        import rpi_ws281x
        from drivers.errors import LedStripError
        from drivers.ws281x import open_ws281x
        rpi_ws281x.FAIL_CODE = -5
        try:
            open_ws281x(10)
        except LedStripError as exc:
            print("refused:", exc)
        """,
        tmp_path,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("refused: LED strip on GPIO 18 could not be started")
    assert result.stderr == ""  # no SWIG "memory leak" line (issue 80)


def test_the_fake_leaks_like_the_real_library_when_its_handle_is_dropped(tmp_path: Path) -> None:
    result = _run(
        """
        import rpi_ws281x
        rpi_ws281x.FAIL_CODE = -13
        strip = rpi_ws281x.PixelStrip(10, 10)
        strip._leds = None
        """,
        tmp_path,
    )
    assert "swig/python detected a memory leak of type 'ws2811_t *'" in result.stderr
