"""Retries at the driver boundary: transient errnos are tried again, anything else is not."""

from __future__ import annotations

import errno

import pytest

from drivers.errors import BusError
from drivers.i2c_adapters import PERMISSIVE
from drivers.mcp23017 import MCP23017, MCP23017Group
from drivers.retry import RetryPolicy, once
from hardware.mock.bus import SimulatedI2CBus
from hardware.mock.mcp23017 import MCP23017Model


class Flaky:
    """Fails with ``code`` the first ``failures`` calls, then answers 42."""

    def __init__(self, failures: int, code: int = errno.EREMOTEIO) -> None:
        self.failures = failures
        self.code = code
        self.calls = 0

    def __call__(self) -> int:
        self.calls += 1
        if self.calls <= self.failures:
            raise OSError(self.code, "glitch")
        return 42


@pytest.mark.parametrize("code", [errno.EIO, errno.ENXIO, errno.ETIMEDOUT, errno.EREMOTEIO])
def test_each_transient_errno_is_retried_after_its_pause(code: int) -> None:
    slept: list[float] = []
    policy = RetryPolicy((0.001, 0.004), sleep=slept.append)
    call = Flaky(2, code)
    assert policy.run(call) == 42
    assert call.calls == 3
    assert slept == [0.001, 0.004]
    assert policy.retries == 2
    assert policy.attempts == 3


def test_the_last_failure_is_raised_when_the_tries_run_out() -> None:
    policy = RetryPolicy((0.0, 0.0), sleep=lambda _: None)
    call = Flaky(5)
    with pytest.raises(OSError) as caught:
        policy.run(call)
    assert caught.value.errno == errno.EREMOTEIO
    assert call.calls == 3


@pytest.mark.parametrize("code", [errno.EINVAL, errno.EBADF, errno.ENOENT])
def test_other_errors_are_raised_at_once(code: int) -> None:
    policy = RetryPolicy((0.0, 0.0), sleep=lambda _: None)
    call = Flaky(1, code)
    with pytest.raises(OSError):
        policy.run(call)
    assert call.calls == 1
    assert policy.retries == 0


def test_once_never_retries_and_delays_must_not_be_negative() -> None:
    call = Flaky(1)
    with pytest.raises(OSError):
        once().run(call)
    assert call.calls == 1
    with pytest.raises(ValueError, match="negative"):
        RetryPolicy((-0.1,))


def test_a_glitching_chip_is_healed_inside_one_read() -> None:
    bus = SimulatedI2CBus(seed=3)
    bus.attach(0x20, MCP23017Model())
    policy = RetryPolicy((0.0, 0.0, 0.0, 0.0), sleep=lambda _: None)
    chip = MCP23017(bus, 0x20, retry=policy)
    chip.configure(0x7F7F)
    bus.error_rate = 0.3
    reads = [chip.read_inputs() for _ in range(40)]
    assert set(reads) == {0x7F7F}
    assert policy.retries > 5  # it did glitch, and the retries absorbed it


def test_a_group_retries_its_transaction_then_names_the_silent_chip() -> None:
    bus = SimulatedI2CBus(adapter=PERMISSIVE)  # both chips in one combined read
    for address in (0x20, 0x21):
        bus.attach(address, MCP23017Model())
    policy = RetryPolicy((0.0, 0.0), sleep=lambda _: None)
    chips = [MCP23017(bus, address, retry=policy, adapter=PERMISSIVE) for address in (0x20, 0x21)]
    group = MCP23017Group(bus, chips, retry=policy)
    bus.vanish(0x21)
    bus.reset_counters()
    with pytest.raises(BusError) as caught:
        group.read_all()
    assert caught.value.address == 0x21
    # three tries of the combined read, then one naming read per chip
    assert [call.kind for call in bus.log] == ["i2c_rdwr"] * 3 + ["read_i2c_block_data"] * 2


def test_again_gives_the_tries_left_after_a_first_failure() -> None:
    policy = RetryPolicy((0.001, 0.002), sleep=lambda _: None)
    outcomes: list[OSError | int] = [OSError(errno.EIO, "glitch"), 7]

    def call() -> int:
        outcome = outcomes.pop(0)
        if isinstance(outcome, OSError):
            raise outcome
        return outcome

    assert policy.again(OSError(errno.EREMOTEIO, "first"), call) == 7
    assert policy.retries == 2
    with pytest.raises(OSError) as caught:  # not transient: no retry at all
        policy.again(OSError(errno.EOPNOTSUPP, "refused"), call)
    assert caught.value.errno == errno.EOPNOTSUPP
    with pytest.raises(OSError, match="first"):  # no tries left to give
        once().again(OSError(errno.EIO, "first"), call)
