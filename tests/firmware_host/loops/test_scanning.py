"""ScanWatch: a silent chip said once and its return once; readings lost on their way and
asked for again (a scanner resyncing) make the board decide nothing, said to no one."""

from __future__ import annotations

import errno

from drivers.errors import BusError, StaleReadingsError
from firmware_host.loops.scanning import ScanWatch
from firmware_host.session.events import BusFault, BusRecovered


def silent() -> BusError:
    return BusError("MCP23017", "i2c-1", 0x20, OSError(errno.EREMOTEIO, "Remote I/O error"))


def resyncing() -> StaleReadingsError:
    lost = OSError(None, "lost frames; all its readings asked for again")
    return StaleReadingsError("serial scanner", "/dev/ttyACM0", None, lost)


def test_a_silent_chip_is_said_once_and_its_return_once() -> None:
    watch = ScanWatch()
    [fault] = watch.failed(silent())
    assert isinstance(fault, BusFault) and fault.message is not None
    assert watch.failed(silent()) == []
    assert watch.delay(0.01) > 0.01  # backing off while it is silent
    assert watch.answered() == [BusRecovered()]
    assert watch.answered() == []


def test_readings_being_asked_for_again_hold_decisions_quietly() -> None:
    watch = ScanWatch()
    assert watch.failed(resyncing()) == [BusFault(None)]  # nothing shown, nothing decided
    assert watch.failed(resyncing()) == []
    assert watch.delay(0.01) == 0.01  # the full frame is read as soon as it comes
    assert watch.answered() == []  # no fault was shown, so none is cleared
    assert watch.failed(resyncing()) == [BusFault(None)]  # the next loss, held again


def test_a_fault_while_resyncing_is_said() -> None:
    watch = ScanWatch()
    watch.failed(resyncing())
    [fault] = watch.failed(silent())
    assert isinstance(fault, BusFault) and fault.message is not None
    assert watch.failed(resyncing()) == []  # already not trusted, already said
    assert watch.answered() == [BusRecovered()]
