"""The adapters' rules as the kernel's drivers state them, and the plans drivers make
from them (drivers/i2c_adapters.py)."""

from __future__ import annotations

import errno

import pytest
from smbus2 import i2c_msg

from drivers.errors import TRANSIENT_ERRNOS
from drivers.i2c_adapters import (
    BCM2835,
    DESIGNWARE,
    HOSTS,
    PERMISSIVE,
    STRICTEST,
    I2CAdapter,
    Refusal,
    shape_of,
)


def test_bcm2835_refuses_a_read_that_is_not_last_before_sending_anything() -> None:
    """i2c-bcm2835.c: any message but the last with I2C_M_RD fails the transfer with
    -EOPNOTSUPP before it starts."""
    assert BCM2835.refusal([(0x20, True), (0x21, True)]) == Refusal(errno.EOPNOTSUPP, 0)
    assert BCM2835.refusal([(0x20, False), (0x20, True), (0x20, False)]) == Refusal(
        errno.EOPNOTSUPP, 0
    )
    # Writes may come first, to any addresses; one read, last.
    assert BCM2835.refusal([(0x20, False), (0x21, False), (0x22, True)]) is None
    assert BCM2835.refusal([(0x20, True)]) is None


def test_designware_refuses_a_second_address_after_the_first_messages_ran() -> None:
    """i2c-designware-master.c: a message whose address is not the first message's
    sets -EINVAL while the transfer is under way; the messages before it were sent."""
    assert DESIGNWARE.refusal([(0x20, False), (0x20, True), (0x21, True)]) == Refusal(
        errno.EINVAL, 2
    )
    assert DESIGNWARE.refusal([(0x20, True), (0x20, False), (0x20, True)]) is None


def test_the_strictest_adapter_keeps_both_rules_and_a_permissive_one_none() -> None:
    shapes = [
        [(0x20, True), (0x21, True)],
        [(0x20, False), (0x21, True)],
        [(0x20, True), (0x20, True)],
    ]
    assert [STRICTEST.refusal(shape) is None for shape in shapes] == [False, False, False]
    assert [PERMISSIVE.refusal(shape) is None for shape in shapes] == [True, True, True]


@pytest.mark.parametrize("adapter", [BCM2835, DESIGNWARE, PERMISSIVE, STRICTEST])
def test_i2c_dev_refuses_an_empty_or_too_long_transaction_on_every_adapter(
    adapter: I2CAdapter,
) -> None:
    assert adapter.refusal([]) == Refusal(errno.EINVAL, 0)
    assert adapter.refusal([(0x20, False)] * 43) == Refusal(errno.EINVAL, 0)
    assert adapter.refusal([(0x20, False)] * 42) is None


def test_a_refusal_is_no_glitch_to_retry() -> None:
    assert errno.EOPNOTSUPP not in TRANSIENT_ERRNOS
    assert errno.EINVAL not in TRANSIENT_ERRNOS


def _atoms(*addresses: int) -> list[list[i2c_msg]]:
    """A register pointer and a two-byte read for each address."""
    return [[i2c_msg.write(a, [0x12]), i2c_msg.read(a, 2)] for a in addresses]


@pytest.mark.parametrize(
    ("adapter", "shapes"),
    [
        (PERMISSIVE, [[0x20, 0x20, 0x21, 0x21, 0x20, 0x20]]),
        (DESIGNWARE, [[0x20, 0x20], [0x21, 0x21], [0x20, 0x20]]),
        (BCM2835, [[0x20, 0x20], [0x21, 0x21], [0x20, 0x20]]),
        (STRICTEST, [[0x20, 0x20], [0x21, 0x21], [0x20, 0x20]]),
    ],
    ids=lambda value: getattr(value, "name", ""),
)
def test_a_plan_joins_atoms_in_order_as_far_as_the_adapter_runs_them(
    adapter: I2CAdapter, shapes: list[list[int]]
) -> None:
    plan = adapter.plan(_atoms(0x20, 0x21, 0x20))
    assert [[address for address, _ in shape_of(t)] for t in plan] == shapes
    assert all(adapter.accepts(transaction) for transaction in plan)


def test_a_plan_joins_one_chips_pairs_on_a_pi_5_but_not_on_a_pi_4() -> None:
    atoms = _atoms(0x20, 0x20, 0x20)
    assert [len(t) for t in DESIGNWARE.plan(atoms)] == [6]
    assert [len(t) for t in BCM2835.plan(atoms)] == [2, 2, 2]
    reads = [[i2c_msg.read(0x20, 2)] for _ in range(30)]
    assert [len(t) for t in PERMISSIVE.plan(reads)] == [30]
    assert [len(t) for t in PERMISSIVE.plan(reads + reads)] == [42, 18]


def test_a_plan_refuses_an_atom_no_transaction_could_carry() -> None:
    with pytest.raises(ValueError, match="bcm2835"):
        BCM2835.plan([[i2c_msg.read(0x20, 1), i2c_msg.read(0x20, 1)]])


def test_every_raspberry_pi_model_has_its_adapter() -> None:
    assert HOSTS["pi4"] is HOSTS["pi02"] is HOSTS["pi3"] is HOSTS["cm4"] is BCM2835
    assert HOSTS["pi5"] is HOSTS["pi500"] is HOSTS["cm5"] is DESIGNWARE
    assert HOSTS["other"] is PERMISSIVE
    assert HOSTS["any"] is STRICTEST
