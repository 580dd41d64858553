"""What each Raspberry Pi's I2C adapter refuses in one ``I2C_RDWR``, and how a driver
plans its transactions so that nothing it sends is refused.

Linux hands an ``I2C_RDWR`` ioctl's messages to the adapter's driver whole, and
each driver has rules of its own (read from the kernel's sources):

* ``i2c-bcm2835`` (Raspberry Pi 1-4, Zero, Zero 2 W): a read message that is not
  the last one makes the whole transfer fail with ``EOPNOTSUPP`` before anything
  reaches the wire. Write messages may precede the read, to any addresses.
* ``i2c-designware`` (the Raspberry Pi 5's RP1): every message must go to the
  first message's address. The first message to another address ends the
  transfer with ``EINVAL``, after the messages before it have already run.

A transaction that keeps both rules (one address, a read only last) runs on any
adapter; the strictest adapter is both rules at once, which is what a profile
that names no host plans for.

An adapter without plain I2C (no ``I2C_FUNC_I2C``: the kernel's ``i2c-stub``, which
make pi-vm's board is, or a PC's SMBus controller) runs no ``I2C_RDWR`` at all, only
SMBus transfers: a transaction it takes is one of them, a write alone or a register
pointer and the read after it (the I2C block read: the same bytes on the wire), and
never a read without its pointer. drivers/i2c.py runs such transactions as SMBus
calls on a bus that says it is one.

Drivers plan in *atoms*: the messages that must stay together (a register
pointer and the read after it, each of one address with its read last, so valid
everywhere). ``I2CAdapter.plan`` joins consecutive atoms into as few
transactions as the adapter accepts, at most ``MAX_MESSAGES`` messages each.
"""

from __future__ import annotations

import errno
from collections.abc import Sequence
from dataclasses import dataclass

from smbus2 import i2c_msg
from smbus2.smbus2 import I2C_M_RD

MAX_MESSAGES = 42  # I2C_RDWR_IOCTL_MAX_MSGS: Linux refuses more with EINVAL

Shape = Sequence[tuple[int, bool]]
"""A transaction as (address, is a read) per message."""


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why an adapter refuses a transaction: the errno, and how many messages of it
    ran on the wire first (0: refused before anything was sent)."""

    errno: int
    ran: int


@dataclass(frozen=True, slots=True)
class I2CAdapter:
    """One adapter's rules for a combined transaction."""

    name: str
    reads_last_only: bool  # i2c-bcm2835
    one_address: bool  # i2c-designware
    smbus_only: bool = False  # i2c-stub, a PC's SMBus: SMBus transfers alone

    @property
    def plain_reads(self) -> bool:
        """Whether a read may go without a register pointer written before it."""
        return not self.smbus_only

    def refusal(self, shape: Shape) -> Refusal | None:
        """What the adapter does with a transaction of this shape: None, it runs."""
        if not shape or len(shape) > MAX_MESSAGES:
            return Refusal(errno.EINVAL, 0)  # i2c-dev's own check, before any adapter
        if self.smbus_only and not _one_smbus_transfer(shape):
            return Refusal(errno.EOPNOTSUPP, 0)
        if self.reads_last_only and any(read for _, read in shape[:-1]):
            return Refusal(errno.EOPNOTSUPP, 0)
        if self.one_address and shape:
            first = shape[0][0]
            for index, (address, _) in enumerate(shape):
                if address != first:
                    return Refusal(errno.EINVAL, index)
        return None

    def accepts(self, messages: Sequence[i2c_msg]) -> bool:
        return self.refusal(shape_of(messages)) is None

    def plan(self, atoms: Sequence[Sequence[i2c_msg]]) -> list[list[i2c_msg]]:
        """The atoms, in order, joined into as few transactions as this adapter runs."""
        transactions: list[list[i2c_msg]] = []
        for atom in atoms:
            if not self.accepts(atom):
                raise ValueError(f"{self.name} refuses even the messages {shape_of(atom)} alone")
            if transactions and self.accepts([*transactions[-1], *atom]):
                transactions[-1] += atom
            else:
                transactions.append(list(atom))
        return transactions


def _one_smbus_transfer(shape: Shape) -> bool:
    """A write alone, or a write and a read of the same address after it."""
    if len(shape) == 1:
        return not shape[0][1]
    return len(shape) == 2 and not shape[0][1] and shape[1][1] and shape[0][0] == shape[1][0]


def shape_of(messages: Sequence[i2c_msg]) -> list[tuple[int, bool]]:
    return [(int(message.addr), bool(message.flags & I2C_M_RD)) for message in messages]


BCM2835 = I2CAdapter("i2c-bcm2835 (Raspberry Pi 1-4)", reads_last_only=True, one_address=False)
DESIGNWARE = I2CAdapter("i2c-designware (Raspberry Pi 5)", reads_last_only=False, one_address=True)
PERMISSIVE = I2CAdapter("any transaction (another host)", reads_last_only=False, one_address=False)
STRICTEST = I2CAdapter("every Pi's rules at once", reads_last_only=True, one_address=True)
SMBUS = I2CAdapter(
    "an SMBus-only adapter (i2c-stub, a PC's SMBus)",
    reads_last_only=True,
    one_address=True,
    smbus_only=True,
)

ADAPTERS = {"pi1-4": BCM2835, "pi5": DESIGNWARE, "other": PERMISSIVE, "any": STRICTEST}
"""The adapters by the names ``kiban bench --boards`` and the tests use."""

# config.txt's model filters (pi_setup reads /proc/device-tree/model into them)
_BCM2835_MODELS = ("pi0", "pi0w", "pi02", "pi1", "pi2", "pi3", "pi3+", "pi4", "pi400")
_BCM2835_MODULES = ("cm1", "cm3", "cm4", "cm4s")
_RP1_MODELS = ("pi5", "pi500", "cm5")

HOSTS: dict[str, I2CAdapter] = {
    **dict.fromkeys(_BCM2835_MODELS, BCM2835),
    **dict.fromkeys(_BCM2835_MODULES, BCM2835),
    **dict.fromkeys(_RP1_MODELS, DESIGNWARE),
    "other": PERMISSIVE,
    "any": STRICTEST,
}
"""A profile's ``host`` (the board model Kiban runs on) and the I2C adapter it has."""
